"""Issue 41, item 1: ``python -m bot check`` asks the emulated Discord which installation types
the application has (GET /applications/@me, ``integration_types_config``) and says what to switch
on when people cannot install it; without a token, or when Discord cannot be asked, one line says
so, and the exit code stays 0."""

from __future__ import annotations

import asyncio

import pytest
from discord.http import Route

from bot.__main__ import main
from bot.app.installs import install_link
from tests.bot.app.emulated_owner import discord, owner
from tests.e2e.emulator.fixtures import Emulator

ASKED = ("GET", "/oauth2/applications/@me")


__all__ = ["discord", "owner"]  # the fixtures these tests use
pytestmark = pytest.mark.usefixtures("owner")


async def check(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """``python -m bot check`` as an owner runs it (its own event loop, in a thread, while the
    emulator answers in this one): its lines, after asserting exit code 0 and no error."""
    code = await asyncio.to_thread(main, ["check"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("ok: config ")
    return lines


def asked(discord: Emulator) -> int:
    return sum((r.method, r.route) == ASKED for r in discord.api.requests)


async def test_both_installation_types_are_named(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    discord.world.install_types = {0, 1}
    assert (await check(capsys))[1] == "installation: servers ✓, people ✓"
    assert asked(discord) == 1


async def test_without_user_install_it_says_what_to_switch_on_and_gives_the_link(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    assert discord.world.install_types == {0}
    link = install_link(discord.world.application_id)
    assert link == (f"https://discord.com/oauth2/authorize?client_id="
                    f"{discord.world.application_id}&integration_type=1"
                    "&scope=applications.commands")
    assert (await check(capsys))[1] == (
        "installation: servers ✓, people ✗: to let people add Tablée to their own account and "
        "play in DMs, group DMs and servers without the bot, switch on User Install in the "
        "Developer Portal (the application's Installation page, Installation Contexts), then "
        f"share {link}")


async def test_without_guild_install_it_says_so_too(
        discord: Emulator, capsys: pytest.CaptureFixture[str]) -> None:
    discord.world.install_types = {1}
    assert (await check(capsys))[1] == (
        "installation: servers ✗, people ✓: to let servers add the bot, switch on Guild Install "
        "in the Developer Portal (the application's Installation page, Installation Contexts)")


async def test_a_refused_token_is_one_line(
        discord: Emulator, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-token")
    assert (await check(capsys))[1] == (
        "installation: not known: Discord refused DISCORD_TOKEN (check it, or reset it in the "
        "developer portal, Bot page)")
    assert asked(discord) == 0


async def test_no_network_is_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Route, "BASE", "http://127.0.0.1:9/api/v10")  # nothing listens there
    line = (await check(capsys))[1]
    assert line.startswith("installation: not known: cannot reach Discord (ClientConnectorError")


async def test_without_a_token_discord_is_not_asked(
        discord: Emulator, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISCORD_TOKEN")
    assert (await check(capsys))[1] == "installation: not asked (DISCORD_TOKEN is not set)"
    assert discord.api.requests == []
