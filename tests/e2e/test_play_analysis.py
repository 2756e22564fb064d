"""Post-game analysis end to end (issue 28 part 1), on the emulator with the real discord.py
client: Analysis on the final table post answers in the channel, showing its progress, then the
chart and the three biggest swings naming the players; /analysis of the same game answers from
the store; a game this server did not finish gets one private sentence."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.adapter.history import analysis as adapter_analysis
from bot.storage import TableRow
from bot.storage.rows import Ending
from tests.e2e.test_play_helpers import last_public
from tests.e2e.test_play_history import finish_a_game


async def test_analysis_button_on_a_finished_game(
    discord_sim: Any, toy_tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    monkeypatch.setattr(adapter_analysis, "PROGRESS_SECONDS", 0.0)  # every part edits
    final = await finish_a_game(sim, alice)
    assert "Analysis" in final.labels

    await sim.click(bob, final, label="Analysis")
    answer = last_public(sim)
    assert not answer.ephemeral and answer is not final
    said = [version["content"] for version in answer.history if version["content"]]
    assert said[0].startswith("Analysing game #") and "Analysing… turn 4 of 4" in said
    [chart] = answer.attachments
    assert chart.filename.endswith("-analysis.png")
    with Image.open(io.BytesIO(chart.data)) as image:
        assert image.format == "PNG" and image.width >= 900
    assert answer.content.startswith("**Analysis of game #")
    lines = answer.content.splitlines()
    swings = [line for line in lines if line.startswith("• Turn ")]
    assert len(swings) == 3 and "The biggest swings:" in lines
    assert all("'s chance to win went from" in s and ("Alice" in s or "Computer 1" in s)
               for s in swings)

    number = int(answer.content.split("#", 1)[1].split(",", 1)[0])
    again = await sim.slash(alice, "analysis", game=number)
    assert again is not None and not again.ephemeral
    assert [v["content"] for v in again.history if v["content"]] == [  # stored: no progress
        f"Analysing game #{number}…"]
    assert again.content == answer.content

    refused = await sim.slash(alice, "analysis", game=number + 100)
    assert refused is not None and refused.ephemeral and refused.content == (
        f"There is no finished game #{number + 100} in this server: /history lists them.")


async def test_a_record_that_no_longer_replays_is_said_privately_and_leaves_no_post(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    store = toy_tablee.bot.service.store
    seats = [{"seat": 1, "user_id": alice.id, "name": "Alice", "bot_level": None},
             {"seat": 2, "user_id": None, "name": "Computer 2", "bot_level": "easy"}]
    row = await store.tables.create_table(TableRow(
        channel_id=4242, guild_id=sim.world.guild_id, game_id="isis-osiris", options={},
        status="playing", host_id=alice.id, seats=seats, seed=1, state={}, version=2))
    record = {"game": "isis-osiris", "players": 2, "seed": 1,
              "moves": [{"seat": 1, "move": "a move the rules refuse"}]}
    await store.tables.close_table(row, row.version, [], Ending(
        "finished", record, {"finished": True, "scores": [1, 0], "winners": [1], "reason": ""},
        [(1, alice.id, "win", 1.0), (2, None, "loss", 0.0)]))
    before = len(sim.public())

    started = await sim.slash(alice, "analysis", game=row.id)
    assert started is not None and started.deleted  # its "Analysing…" went
    answer = max((m for m in sim.world.messages.values() if m.visible_only_to is alice),
                 key=lambda m: m.id)
    assert answer.ephemeral and answer.content.startswith(f"Game #{row.id} can't be analysed any more: move 1 (")
    assert len(sim.public()) == before
