"""A game registered by a test before the bot starts is offered like the real ones, with no
file of bot/ naming it: /play toy-rounds with its options typed and bounded (a number option
the real games lack, seats up to six), /rules, the lobby's options and Settings panel (six
options: two pages), and a whole game with computer players."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    add_computer,
    assert_all_requests_valid,
    assert_pings_only_who_asked,
    last_public,
    running_tablee,
)
from tests.e2e.toy_game import TOY_ID, register_toy


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()  # before the bot starts: its commands are built from the registry then
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


def command(sim: Any, name: str) -> dict[str, Any]:
    return next(c for c in sim.world.global_commands if c["name"] == name)


async def test_the_toy_game_is_offered_typed_and_played_to_the_end(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")

    # The synced command tree: /play toy-rounds with its options, typed and bounded.
    sub = next(o for o in command(sim, "play")["options"] if o["name"] == TOY_ID)
    assert sub["description"] == "Toy Rounds (2–6 players)"
    options = {o["name"]: o for o in sub["options"]}
    assert list(options) == ["rounds", "deck", "bonus", "pace", "chatty", "first"]
    assert (options["rounds"]["type"], options["rounds"]["min_value"],
            options["rounds"]["max_value"]) == (4, 1, 5)
    assert (options["first"]["type"], options["first"]["max_value"]) == (4, 6)
    assert options["bonus"]["type"] == 5
    assert [c["value"] for c in options["deck"]["choices"]] == ["low", "high"]
    assert [c["name"] for c in options["deck"]["choices"]] == ["low (default)", "high"]
    assert len(options["bonus"]["description"]) == 100  # the game's long one, clipped
    assert options["bonus"]["description"].endswith("…")
    assert not any(o.get("required") for o in options.values())
    rules_choices = {o["name"]: o for o in command(sim, "rules")["options"]}["game"]["choices"]
    assert TOY_ID in [c["value"] for c in rules_choices]

    rules = await sim.slash(bob, "rules", game=TOY_ID)
    assert rules.ephemeral and "**Toy Rounds** (2–6 players)" in rules.content
    assert "`rounds`" in rules.content

    # The lobby shows the options in force, by label.
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=3, bonus=True)
    assert "Options: Rounds: 3 · Deck: low · Bonus point: yes · Pace: calm · Chatty: no · " \
           "First player: drawn at random" in lobby.content
    assert "Seats (1/6, 2 needed to start)" in lobby.content

    # Settings: six options, so two pages of selects (four, then two).
    refused = await sim.click(bob, lobby, label="Settings")
    assert refused.ephemeral and refused.content == "Only the host (Alice) can change the settings."
    panel = await sim.click(alice, lobby, label="Settings")
    assert panel.ephemeral and panel.visible_only_to is alice
    assert [s["placeholder"] for s in panel.selects()] == [
        "Rounds: 3", "Deck: low", "Bonus point: yes", "Pace: calm"]
    assert "Page 1/2" in panel.content and panel.labels == ["Next"]
    rounds = panel.selects()[0]
    assert [o["label"] for o in rounds["options"]] == ["1", "2", "3", "4", "5"]
    assert [o.get("default", False) for o in rounds["options"]] == [False, False, True, False,
                                                                   False]
    panel = await sim.select(alice, panel, values=["=1"], custom_id=rounds["custom_id"])
    assert "✅ Rounds: 1." in panel.content
    assert "Rounds: 1 ·" in lobby.content  # everybody's lobby post, edited in place
    panel = await sim.click(alice, panel, label="Next")
    assert [s["placeholder"] for s in panel.selects()] == [
        "Chatty: no", "First player: drawn at random", "Table speed: live (a few minutes a move)",
        "Hints: off"]
    assert panel.labels == ["Previous"]
    first = panel.selects()[1]
    assert [o["label"] for o in first["options"]] == [
        "drawn at random", "seat 1", "seat 2", "seat 3", "seat 4", "seat 5", "seat 6"]
    panel = await sim.select(alice, panel, values=["=2"], custom_id=first["custom_id"])
    chatty = panel.selects()[0]
    await sim.select(alice, panel, values=["=true"], custom_id=chatty["custom_id"])
    assert "Chatty: yes · First player: 2" in lobby.content
    chatty = panel.selects()[0]  # redrawn for the new lobby version

    await sim.click(bob, lobby, label="Join")
    for _ in range(4):
        await add_computer(sim, alice, lobby)
    assert "Seats (6/6" in lobby.content and "6. Computer 4 (medium)" in lobby.content
    # A panel drawn before the lobby changed changes nothing and says so.
    stale = await sim.select(alice, panel, values=["=false"], custom_id=chatty["custom_id"])
    assert "The lobby changed since this panel was drawn" in stale.content
    assert "Chatty: yes" in lobby.content
    await sim.click(alice, lobby, label="Start")
    assert "started" in lobby.content

    # Bob is seat 2 and moves first; one round each, computers answer in the same post.
    reply = await sim.slash(bob, "move", move=(await sim.autocomplete(bob, "move", text=""))[0][
        "value"])
    assert reply.ephemeral and "You played `play" in reply.content
    assert "Bob (seat 2) says hello." in last_public(sim).content  # chatty: yes reached it
    choices = await sim.autocomplete(alice, "move", text="")
    await sim.slash(alice, "move", move=choices[0]["value"])
    final = last_public(sim)
    assert "The game is over" in final.content, final.content
    # Every post was silent but the ones starting a person's turn, which pinged only them.
    assert assert_pings_only_who_asked(sim, {alice.id, bob.id}) >= 2
    settings = await sim.click(alice, lobby, label="Settings") if lobby.labels else None
    assert settings is None  # the lobby post lost its buttons at Start
