"""A forged component never acts on another channel's table (issue 30, item 12), and a number no
snowflake has in a custom id gets a sentence, not a traceback (item 13).

Discord's client only presses components that are on the message, so these presses come from a
forger's client: ``sim.forged_press`` sends the id on a copy of a message the presser sees in
channel A while the id names channel B's table (or a DM, where no component naming a table is
ever sent). Each is refused privately with one sentence, logged as a WARNING without a
traceback, and B's table is exactly as it was."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    lobby_of,
    running_tablee,
    table_post,
)

MANAGE_CHANNELS = 1 << 4
ELSEWHERE = "That button belongs to another channel's table, so it does nothing here."
UNSENDABLE = "That request carries values Discord does not send, so nothing was done."
TOO_BIG = 2**63  # one more than the largest snowflake


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    # Turn DMs at once, as at a daily table (a live one waits a minute): these tests read them.
    async with running_tablee(discord_sim, tmp_path, clock=ClockConfig(turn_dm_after=0),
                              dm_default=True) as app:
        yield app
    assert_all_requests_valid(discord_sim)


def privates(sim: Any, user: Any) -> list[Any]:
    return [m for m in sim.visible_to(user) if m.visible_only_to is user]


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> None:
    noisy = [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert not noisy, [r.getMessage() for r in noisy]


async def test_a_forged_press_in_channel_a_does_not_touch_channel_b(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    mallory = sim.user("mallory", roles=[sim.role("mods", MANAGE_CHANNELS)])
    b = sim.channel("table-b")
    lobby_b = await sim.slash(bob, "play master-islands", channel=b)
    before_b = (lobby_b.content, list(lobby_b.labels))
    lobby_a = await sim.slash(mallory, "play master-islands")
    stored = await tablee.bot.service.views.table(b.id)
    caplog.set_level(logging.INFO)
    for action in ("join", "cancel", "start", "settings"):
        forged = f"tl:{action}:{b.id}:{stored.version}"
        reply = await sim.forged_press(mallory, lobby_a, forged)
        refusal = last_private(sim, mallory)
        assert refusal.ephemeral and refusal.content == ELSEWHERE, (action, refusal.content)
        assert reply is refusal or reply is None or reply is lobby_a
    for forged in (f"tl:level:{b.id}:{stored.version}",):  # the computer-level select
        await sim.forged_press(mallory, lobby_a, forged, component_type=3, values=["hard"])
        assert last_private(sim, mallory).content == ELSEWHERE
    after = await tablee.bot.service.views.table(b.id)
    assert after == stored  # same seats, same version, still open
    assert (lobby_b.content, list(lobby_b.labels)) == before_b
    assert len(sim.public(b)) == 1  # nothing posted in B
    no_tracebacks(caplog)
    assert any("refused component" in r.getMessage() and r.levelno == logging.WARNING
               for r in caplog.records)
    await sim.click(alice, lobby_a, label="Join")  # real presses in A still act
    assert "Alice" in lobby_a.content


async def test_forged_table_and_menu_ids_show_nothing_of_b(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    b = sim.channel("table-b")
    await lobby_of(sim, alice, [bob], game="master-islands", channel=b)
    post_b = table_post(sim, b)
    table_b = await tablee.bot.service.views.table(b.id)
    mine = await sim.slash(carol, "play master-islands")
    caplog.set_level(logging.INFO)
    for forged in (f"tt:board:{b.id}:{table_b.version}", f"tt:hand:{b.id}:{table_b.version}",
                   f"tm:n:{b.id}:{table_b.version}:0:", f"tm:rematch:{b.id}:1",
                   f"tc:skip:{b.id}:{table_b.version}", f"tu:undo:{b.id}:{table_b.version}"):
        await sim.forged_press(carol, mine, forged)
        refusal = last_private(sim, carol)
        assert refusal.content == ELSEWHERE, (forged, refusal.content)
        assert not refusal.attachments  # no board of B
    assert await tablee.bot.service.views.table(b.id) == table_b
    assert table_post(sim, b) is post_b
    no_tracebacks(caplog)


async def test_a_table_id_pressed_in_a_dm_is_refused(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Turn DMs carry text and an image, never a component: an id naming a table pressed in a
    DM is a forger's, even one naming a table the presser sits at."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="master-islands")
    table = await tablee.bot.service.views.table(sim.general.id)
    dms = sim.dms(alice) or sim.dms(bob)
    assert dms, "the first mover got a turn DM"
    dm = dms[-1]
    reader = alice if dm in sim.dms(alice) else bob
    caplog.set_level(logging.INFO)
    await sim.forged_press(reader, dm, f"tt:hand:{sim.general.id}:{table.version}")
    refusal = [m for m in sim.dms(reader) if m.visible_only_to is reader or m.ephemeral]
    assert refusal and refusal[-1].content == ELSEWHERE
    assert await tablee.bot.service.views.table(sim.general.id) == table
    no_tracebacks(caplog)


async def test_numbers_no_snowflake_has_get_a_sentence(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="master-islands")
    post = table_post(sim)
    here = sim.general.id
    caplog.set_level(logging.INFO)
    for forged in (f"tt:board:{here}:{TOO_BIG}", f"tt:board:{TOO_BIG}:1",
                   f"tm:n:{here}:{TOO_BIG}:0:", f"tm:rematch:{here}:{TOO_BIG * 10**5}",
                   f"th:{alice.id}:{TOO_BIG}:*:0", f"tl:join:{here}:{'9' * 60}"):
        await sim.forged_press(alice, post, forged)
        reply = last_private(sim, alice)
        assert reply.content.startswith(UNSENDABLE), (forged, reply.content)
    no_tracebacks(caplog)


async def test_select_values_off_the_options_get_a_sentence_and_change_nothing(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """A select's values as Discord's client never sends them (off its options, more than it
    takes, none where it needs one, not text): refused before the callback."""
    sim = discord_sim
    alice = sim.user("alice")
    lobby = await sim.slash(alice, "play master-islands")
    level = next(s["custom_id"] for s in lobby.selects() if s["custom_id"].startswith("tl:level:"))
    before = await tablee.bot.service.views.table(sim.general.id)
    caplog.set_level(logging.INFO)
    for values in (["godlike"], [5], ["hard", "easy"], []):
        answered = len(privates(sim, alice))
        await sim.forged_press(alice, lobby, level, component_type=3, values=values)
        assert len(privates(sim, alice)) == answered + 1  # a new answer for each
        reply = last_private(sim, alice)
        assert reply.content.startswith(UNSENDABLE), (values, reply.content)
    assert await tablee.bot.service.views.table(sim.general.id) == before  # no computer sat down
    no_tracebacks(caplog)
    await sim.select(alice, lobby, values=["hard"], custom_id=level)  # the real choice works
    assert "Computer 1 (hard)" in lobby.content


async def test_the_refusal_speaks_the_presser_s_language(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    bob, camille = sim.user("bob"), sim.user("camille", locale="fr")
    b = sim.channel("table-b")
    await sim.slash(bob, "play master-islands", channel=b)
    mine = await sim.slash(camille, "play master-islands")
    version = (await tablee.bot.service.views.table(b.id)).version
    await sim.forged_press(camille, mine, f"tl:join:{b.id}:{version}")
    assert last_private(sim, camille).content == (
        "Ce bouton appartient à la table d’un autre salon : ici, il ne fait rien.")
    await sim.forged_press(camille, mine, f"tl:join:{sim.general.id}:{TOO_BIG}")
    assert last_private(sim, camille).content.startswith(
        "Cette demande contient des valeurs que Discord n’envoie pas")
