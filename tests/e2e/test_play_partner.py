"""/partner in a coop Master Islands game on the emulator: a whisper on the start card reaches
only the partner's DMs; once the galleons are apart, words are refused and emoji are public;
what the table hears (aloud, gestures) is silent."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service.rules.partner import APART
from tests.e2e.test_play_helpers import (
    SILENT,
    assert_all_requests_valid,
    lobby_of,
    running_tablee,
)
from tests.games.coop_drive import next_move


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app


async def steer(sim: Any, tablee: Any, user: Any, seat: int, direction: str | None) -> list[str]:
    """The user's whole turn typed with /move, steering their galleon toward ``direction``."""
    played = []
    for _ in range(8):
        row = await tablee.bot.service.store.tables.get_table(sim.general.id)
        if row.state["current"] != seat or row.state["phase"] == "over":
            return played
        move = next_move(row.state, seat, direction)
        reply = await sim.slash(user, "move", move=move)
        assert reply.ephemeral and "You played" in reply.content, reply.content
        played.append(move)
    raise AssertionError("a turn that never ended")


async def test_partner_whisper_then_only_emoji_once_apart(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    people = [sim.user(n) for n in ("alice", "bob", "carol", "dave")]
    _lobby, seats = await lobby_of(sim, people[0], people[1:], game="master-islands", mode="coop",
                                   first=1)
    by_seat = {seat: next(u for u in people if u.id == uid) for uid, seat in seats.items()}
    alice, partner = by_seat[1], by_seat[3]
    others = [by_seat[2], by_seat[4]]

    # Start card: a secret, seen only in the partner's DMs.
    reply = await sim.slash(alice, "partner", message="sail east, I hold a 7")
    assert reply.ephemeral and f"You whispered to {partner.name.title()}" in reply.content
    [dm] = [m for m in sim.dms(partner) if "whispers" in m.content]
    assert "(your partner) whispers: sail east, I hold a 7" in dm.content
    assert not [m for u in others for m in sim.dms(u) if "whispers" in m.content]
    assert not [m for m in sim.public() if "hold a 7" in m.content]

    # Alice sails east, the seat-2 player plays, the partner sails west: two cards apart.
    assert "sail 1 E" in await steer(sim, tablee, alice, 1, "E")
    await sim.slash(partner, "partner", message="wait for me")
    said = sim.public()[-1]
    assert said.content.endswith(f"{partner.name.title()} says to {alice.name.title()}: wait for me")
    assert said.flags & SILENT and said.pinged == []  # table talk buzzes nobody's phone
    await steer(sim, tablee, by_seat[2], 2, None)
    assert "sail 1 W" in await steer(sim, tablee, partner, 3, "W")

    before = len(sim.public())
    refused = await sim.slash(alice, "partner", message="go north")
    assert refused.ephemeral and refused.content == APART
    assert len(sim.public()) == before
    await sim.slash(alice, "partner", message="🙂👍")
    gesture = sim.public()[-1]
    assert gesture.content.endswith(": 🙂👍") and "gestures to" in gesture.content
    assert gesture.flags & SILENT and gesture.pinged == []
    note = sim.last_interaction.original  # the private answer; the gesture is its followup
    assert note.ephemeral and "saw it" in note.content
    assert_all_requests_valid(sim)


async def test_a_whisper_to_closed_dms_tells_the_sender(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    carol, dave = sim.user("carol", dms_open=False), sim.user("dave")
    _lobby, seats = await lobby_of(sim, alice, [bob, carol, dave], game="master-islands",
                                   mode="coop", first=1)
    assert seats[carol.id] == 3
    reply = await sim.slash(alice, "partner", message="psst")
    assert reply.ephemeral and "couldn't DM Carol" in reply.content
    assert not [m for m in sim.world.messages.values() if "psst" in m.content]
