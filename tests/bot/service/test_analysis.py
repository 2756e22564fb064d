"""Post-game analysis through the table host (issue 28 part 1), on both stores: computed part
by part off the event loop with progress, stored (migration 11), returned again without being
computed, this server's finished games only."""

from __future__ import annotations

import io
import os
from typing import Any

import pytest
from PIL import Image

from bot.service import Services
from bot.service.history import NoSuchGame
from bot.service.workers import ComputerPool
from bot.storage import TableRow
from bot.storage.rows import Ending
from games.analysis import VERSION, analyse_part
from games.records import simulate, start
from render.replay import shown as shown_frames
from tests.bot.conftest import ALICE, BOB, GUILD

OTHER = GUILD + 1


async def finished(host: Services, guild: int, channel: int) -> tuple[int, dict[str, Any]]:
    """A real two-player Master Islands game (13 turns), stored as a finished game."""
    record = simulate("master-islands", 2, 3)
    game, state = start(record)
    for entry in record["moves"]:
        state, _ = game.apply(state, entry["seat"], entry["move"])
    result = game.result(state)
    seats = [{"seat": 1, "user_id": ALICE, "name": "Alice", "bot_level": None},
             {"seat": 2, "user_id": BOB, "name": "Bob", "bot_level": None}]
    row = await host.store.tables.create_table(TableRow(
        channel_id=channel, guild_id=guild, game_id="master-islands", options={},
        status="playing", host_id=ALICE, seats=seats, seed=3, state={}, version=2))
    outcomes = [(s, u, "win" if s in result.winners else "loss", 0.0) for s, u in ((1, ALICE), (2, BOB))]
    await host.store.tables.close_table(row, row.version, [], Ending(
        "finished", record, result.to_json(), outcomes))
    return row.id, record


async def test_an_analysis_is_computed_with_progress_stored_and_then_instant(
    host: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_row, record = await finished(host, GUILD, 500)
    seen: list[tuple[int, int]] = []

    async def progress(done: int, total: int) -> None:
        seen.append((done, total))

    made = await host.analyses.analysis(GUILD, game_row, progress=progress)
    turns = len(made.data["turns"]) - 1
    assert made.computed and made.turns == turns == seen[-1][0] == seen[-1][1]
    assert len(seen) >= 2 and [d for d, _ in seen] == sorted({d for d, _ in seen})
    assert [t["chances"] for t in made.data["turns"][:3]] == analyse_part(record, 3, 0, 3)
    assert Image.open(io.BytesIO(made.chart)).width >= 900
    assert len(made.swings) == 3
    for sentence in made.swings:
        assert sentence.startswith("Turn ") and ("Alice" in sentence or "Bob" in sentence)
        assert "chance to win went from" in sentence and "Seat" not in sentence
    assert await host.store.analyses.get(game_row, VERSION) == made.data

    async def never(*_args: Any) -> Any:
        raise AssertionError("a stored analysis was computed again")

    monkeypatch.setattr(host.context.pool, "compute", never)
    again = await host.analyses.analysis(GUILD, game_row, progress=progress, language="fr")
    assert not again.computed and again.data == made.data
    assert all(s.startswith("Tour ") for s in again.swings)


async def test_only_this_servers_finished_games_are_analysed(host: Services) -> None:
    game_row, _record = await finished(host, OTHER, 501)
    with pytest.raises(NoSuchGame, match="no finished game #"):
        await host.analyses.analysis(GUILD, game_row)
    with pytest.raises(NoSuchGame):
        await host.analyses.analysis(GUILD, 98765)
    assert await host.store.analyses.get(game_row, VERSION) is None


@pytest.mark.sqlite_only
async def test_an_analysis_part_is_computed_in_a_worker_process() -> None:
    """The bot's pool (worker processes, as the bot runs) computes a part of an analysis: the
    function pickles by name and gives what this process computes."""
    record = simulate("master-islands", 2, 3)
    pool = ComputerPool(workers=1)
    try:
        assert await pool.compute(os.getpid) != os.getpid()
        assert await pool.compute(analyse_part, record, 3, 0, 2) == analyse_part(record, 3, 0, 2)
    finally:
        await pool.close()


async def test_once_analysed_the_replay_ends_with_the_chart(host: Services) -> None:
    """The analysis chart, once one exists, is the replay's last frame (issue 28 part 3)."""
    game_row, _record = await finished(host, GUILD, 502)
    before = await host.game_history.replay(GUILD, game_row)
    await host.analyses.analysis(GUILD, game_row)
    after = await host.game_history.replay(GUILD, game_row)
    assert after.frames == before.frames + 1 and after.turns == before.turns
    frames = shown_frames(after.image)
    assert len(frames) == after.frames
    assert frames[-1].tobytes() != frames[-2].tobytes()  # a frame of its own, not a board
