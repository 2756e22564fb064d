"""``python -m bot emojis`` against the emulated Discord: the first run uploads every emoji, a
second uploads none; a refused token, no network and Discord's cap are each one sentence and
exit code 1 (no traceback)."""

from __future__ import annotations

import asyncio

import pytest
from discord.http import Route

from bot.__main__ import main
from render.emojis import images, names
from tests.bot.app.emulated_owner import discord, owner
from tests.e2e.emulator import validate
from tests.e2e.emulator.emojis import MAX_EMOJIS, add_emoji
from tests.e2e.emulator.fixtures import Emulator

LIST = ("GET", "/applications/{application_id}/emojis")
CREATE = ("POST", "/applications/{application_id}/emojis")


__all__ = ["discord", "owner"]  # the fixtures these tests use
pytestmark = pytest.mark.usefixtures("owner")


async def run(capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The command run as an owner runs it (its own event loop: in a thread, while the
    emulator answers in this one); exit code, stdout, stderr."""
    code = await asyncio.to_thread(main, ["emojis"])
    out, err = capsys.readouterr()
    return code, out, err


def calls(discord: Emulator, method: str, route: str) -> list[int]:
    return [r.status for r in discord.api.requests if (r.method, r.route) == (method, route)]


async def test_the_first_run_uploads_every_emoji_and_the_second_none(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = await run(capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 17 and lines[0].startswith("tablee_seat1: uploaded (id ")
    assert [line.split(":")[0] for line in lines[:16]] == names()
    assert lines[-1] == ("16 application emojis: 16 uploaded, 0 already there. The bot shows "
                         "them from its next start (restart it if it runs).")
    kept = {e.name: e.image for e in discord.world.app_emojis.values()}
    assert kept == images()  # the very PNGs, under their names
    assert calls(discord, *CREATE) == [201] * 16
    for r in discord.api.requests:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r

    code, out, err = await run(capsys)
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == ["tablee_seat1: already uploaded",
                                    "tablee_seat2: already uploaded"]
    assert out.splitlines()[-1] == "16 application emojis: all already uploaded, nothing to do."
    assert calls(discord, *CREATE) == [201] * 16  # nothing more
    assert calls(discord, *LIST) == [200, 200]
    assert len(discord.world.app_emojis) == 16


async def test_only_the_missing_ones_are_uploaded_beside_the_applications_others(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    add_emoji(discord.world, "tablee_die3")
    add_emoji(discord.world, "party_parrot")
    code, out, _err = await run(capsys)
    assert code == 0 and "tablee_die3: already uploaded" in out.splitlines()
    assert out.splitlines()[-1].startswith("16 application emojis: 15 uploaded, 1 already there.")
    assert len(discord.world.app_emojis) == 17


async def test_a_refused_token_is_one_sentence_and_exit_1(
        discord: Emulator, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    code, out, err = await run(capsys)
    assert (code, out) == (1, "")
    assert err == ("error: Discord refused DISCORD_TOKEN: nothing was uploaded; check it, or "
                   "reset it in the developer portal (Bot page).\n")
    assert discord.world.app_emojis == {}


async def test_discords_cap_of_2000_emojis_is_said_before_uploading_any(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    for i in range(MAX_EMOJIS - 10):
        add_emoji(discord.world, f"other_{i}")
    code, out, err = await run(capsys)
    assert (code, out) == (1, "")
    assert err == ("error: the application has 1,990 emojis and Discord allows 2,000: 16 more "
                   "do not fit; delete some on its Emojis page in the developer portal, then "
                   "run this again.\n")
    assert calls(discord, *CREATE) == []


async def test_discords_own_refusal_at_its_cap_is_one_sentence_too(
        discord: Emulator, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord's own refusal (30008), should the application fill up while the command runs
    (here: an emulated Discord whose cap is 5, the command's check counting on 2,000)."""
    add_emoji(discord.world, "other_1")
    add_emoji(discord.world, "other_2")
    monkeypatch.setattr("tests.e2e.emulator.emojis.MAX_EMOJIS", 5)
    code, out, err = await run(capsys)
    assert code == 1 and out.count(": uploaded (id ") == 3
    assert err == ("error: the application holds Discord's maximum of 2,000 emojis: 3 emojis "
                   "were uploaded before that; delete some on its Emojis page in the developer "
                   "portal, then run this again.\n")
    assert calls(discord, *CREATE) == [201, 201, 201, 400]
    assert len(discord.world.app_emojis) == 5


async def test_no_network_is_one_sentence_and_exit_1(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens there
    code, out, err = await run(capsys)
    assert (code, out) == (1, "")
    assert err.startswith("error: cannot reach Discord (ClientConnectorError: ")
    assert err.endswith("): nothing was uploaded; check the network and run this again.\n")
    assert "Traceback" not in err and len(err.splitlines()) == 1


async def test_no_token_says_so_without_contacting_discord(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN")
    code, out, err = await run(capsys)
    assert (code, out) == (2, "")
    assert err.startswith("error: DISCORD_TOKEN is not set")
