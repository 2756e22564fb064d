"""A run of computer moves comes back from the worker in one piece (chosen and applied there) and
is stored one transaction per move: the same moves, log and states as one move per request, in a
thread or a worker process; another host object moving first mid-run leaves the store exact; a
later move's failure falls back to a random move, logged, as a first move's does."""

from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.service import Outcome, Services
from bot.service.workers import ComputerPool
from bot.storage import Store
from games import get_game, random_bot
from games.computer import Played, Turns, bot_rng, plain, play_computers, think
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.drive import play_first_legal, play_to_end
from tests.bot.service.test_computer_players import broken_bot
from tests.bot.toy import TOY_ID, toy_game

MI = "master-islands"
SEED = 21
HUMAN_MOVES = 12


def one_at_a_time(turns: Turns) -> list[Played]:
    """The worker as it was: one computer move per request."""
    return play_computers(replace(turns, chain=0.0))


class CountingPool(ComputerPool):
    """The pool, noting how many moves each request brought back."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.runs: list[int] = []

    async def play(self, *args: Any) -> list[Played]:
        played = await super().play(*args)
        self.runs.append(len(played))
        return played


async def _open_mi(path: Path | str, pool: ComputerPool) -> Services:
    """Alice and two medium computers at Master Islands, Alice first (a SQLite file or a
    PostgreSQL URL)."""
    host = Services(await Store.open(str(path)), computer_delay=0, pool=pool)
    await host.lobbies.create_lobby(CHANNEL, GUILD, MI, {"first": 1}, ALICE, "Alice", seed=SEED)
    await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    await host.lobbies.start(CHANNEL, ALICE)
    return host


async def _log(host: Services) -> tuple[list[tuple[Any, ...]], Any]:
    """The stored move log (everything but the time) and the table's state."""
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.id is not None
    return [(m.version, m.seat, m.user_id, m.move, m.lines, m.barrier, m.before)
            for m in await host.store.log.moves(row.id)], row.state


def _replays_as_think_chooses(log: list[tuple[Any, ...]], final: Any) -> None:
    """Versions follow each other, each computer move is the one :func:`think` chooses for its
    version from the state before it, and replaying the log gives the stored state."""
    game = get_game(MI)
    state = plain(game.new(3, {"first": 1}, SEED))
    versions = [entry[0] for entry in log]
    assert versions == list(range(versions[0], versions[0] + len(log)))
    for version, seat, user_id, move, *_ in log:
        if user_id is None:
            assert move == think(MI, state, seat, "medium", SEED, version, None)
        state = plain(game.apply(state, seat, move)[0])
    assert state == final


async def test_a_run_of_computer_moves_stores_what_one_move_per_request_would(
    tmp_path: Path,
) -> None:
    chained, single = CountingPool(0), CountingPool(0, worker=one_at_a_time)
    in_process = CountingPool(1)
    hosts = [await _open_mi(tmp_path / f"{i}.db", pool)
             for i, pool in enumerate((chained, single, in_process))]
    try:
        applied: list[list[list[str]]] = [[], [], []]
        for _ in range(HUMAN_MOVES):
            for host, plays in zip(hosts, applied, strict=True):
                outcome = await play_first_legal(host, CHANNEL)
                assert outcome is not None
                plays.append(outcome.applied)
        logs = [await _log(host) for host in hosts]
    finally:
        for host in hosts:
            await host.close()
    assert applied[0] == applied[1] == applied[2]
    assert logs[0] == logs[1] == logs[2]
    _replays_as_think_chooses(*logs[0])
    assert max(len(moves) for moves in applied[0]) >= 4  # the person's move and 3+ computers'
    assert set(single.runs) == {1} and max(chained.runs) >= 3
    assert in_process.runs == chained.runs  # a worker process brings back the same runs


async def test_another_host_moving_first_mid_run_leaves_the_store_exact(
    db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    """Host A's run is interrupted after its second computer move: host B (another object on
    the same database) plays the rest of the computers' moves first. A stops at its first
    refused move and reports what it stored; nothing is doubled or lost."""
    host = await _open_mi(db_path, ComputerPool(0))
    other = Services(await Store.open(db_path), computer_delay=0, pool=ComputerPool(0))
    stored, raced = 0, []
    commit = host.committer.commit

    async def commit_then_let_the_other_host_in(*args: Any) -> Any:
        nonlocal stored
        row = await commit(*args)
        stored += args[-1] is None  # a computer's move
        if stored == 2:
            raced.extend(await other.moves.resume())
        return row

    host.committer.commit = commit_then_let_the_other_host_in  # type: ignore[method-assign]
    try:
        outcomes: list[Outcome] = []
        with caplog.at_level(logging.INFO, logger="bot.service"):
            while not raced and len(outcomes) < 3 * HUMAN_MOVES:
                stored = 0
                outcome = await play_first_legal(host, CHANNEL)
                assert outcome is not None
                outcomes.append(outcome)
        log, state = await _log(host)
    finally:
        await host.close()
        await other.close()
    assert raced, "no run of three computer moves in the game"
    [resumed] = raced
    assert len(outcomes[-1].applied) == 3  # Alice's move and the two computer moves A stored
    assert resumed.applied and outcomes[-1].table.version + len(resumed.applied) == log[-1][0]
    assert [entry[3] for entry in log[-len(resumed.applied) - 3:]] == [
        *outcomes[-1].applied, *resumed.applied]
    assert any("lost a race" in r.getMessage() for r in caplog.records)
    _replays_as_think_chooses(log, state)


async def test_a_later_move_that_fails_ends_the_run_and_falls_back_as_a_first_move(
    host: Services, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Seat 2 (easy) plays, seat 3's bot raises: the run brings back seat 2's move, and seat 3's
    move, met first in the next request, is a random legal one, logged once."""
    monkeypatch.setattr(toy_game(), "bots", {"easy": random_bot, "medium": random_bot,
                                             "hard": broken_bot})
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=5)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
    await host.lobbies.start(CHANNEL, ALICE)
    started = await host.store.tables.get_table(CHANNEL)
    assert started is not None
    with caplog.at_level(logging.ERROR, logger="bot.service.computers"):
        outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished"
    assert all(len(o.applied) == 3 for o in outcomes[:-1])  # Alice, then both computers
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    record = (await host.store.history.game(game_row))["record"]
    failures = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failures) == sum(m["seat"] == 3 for m in record["moves"]) > 0
    assert all(f"table {CHANNEL} seat 3" in r.getMessage() for r in failures)
    game = toy_game()
    state = plain(game.new(3, record["options"], record["seed"]))
    for version, move in enumerate(record["moves"], start=started.version + 1):
        if move["seat"] == 3:  # the fallback: random_bot with the move's own generator
            assert move["move"] == random_bot(game, state, 3, bot_rng(record["seed"], version))
        state = plain(game.apply(state, move["seat"], move["move"])[0])
