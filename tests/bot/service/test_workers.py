"""Computer players in worker processes: legal and deterministic moves, a dead worker survived,
the event loop free while a hard computer thinks, the processes gone after close.

These start real (spawned) processes, about half a second each on the 2-core machine: the other
host tests choose in a thread (``workers=0``)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import random
import time
from pathlib import Path

import pytest

from bot.service import Services
from bot.service.workers import WALL_SLACK, ComputerPool, WorkerLost
from bot.storage import MoveEntry, Store
from games import State, choose, get_game
from games.computer import Played, Turns, play_computers, think
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.stand_ins import CRASH_MARK, HANDSHAKE, dies, dies_once, hangs, waits_for_the_loop
from tests.bot.toy import TOY_ID

PLENTY = 30.0  # seconds: a budget no move reaches, so the safety cap never cuts a search


def position(game_id: str, seed: int) -> tuple[State, int]:
    """A state a few medium moves into a two-player game, and the seat to move."""
    game = get_game(game_id)
    state = game.new(2, {}, seed)
    rng = random.Random(seed)
    for _ in range(3):
        seat = game.to_move(state)[0]
        state, _events = game.apply(state, seat, choose(game, "medium", state, seat, rng))
    return state, game.to_move(state)[0]


async def test_worker_processes_choose_legal_moves_the_same_as_a_thread() -> None:
    pool, thread = ComputerPool(1, PLENTY), ComputerPool(0, PLENTY)
    try:
        for game_id in ("master-islands", "ile-des-contrebandiers"):
            state, seat = position(game_id, 5)
            args = (game_id, state, {seat: "hard"}, 11, 4)
            first = await pool.play(*args)
            assert multiprocessing.active_children(), "the move was not chosen in a process"
            assert await pool.play(*args) == first == await thread.play(*args)
            assert first[0].move in get_game(game_id).legal(state, seat)
            assert first[0].move == think(game_id, state, seat, "hard", 11, 4, None)
    finally:
        await pool.close()
    assert not multiprocessing.active_children()  # close stopped the workers


async def test_a_move_thinks_within_its_cpu_budget_with_a_wall_clock_net() -> None:
    """The budget reaches the bot as CPU time (load does not use it up), with a wall-clock
    safety net ``WALL_SLACK`` budgets away; each later move of a run gets the same net from its
    own start, and no move starts after one budget of the run."""
    seen: list[Turns] = []

    def records(turns: Turns) -> list[Played]:
        seen.append(turns)
        return []

    before = time.monotonic()
    assert await ComputerPool(0, 0.7, worker=records).play(TOY_ID, {}, {1: "hard"}, 1, 1) == []
    (turns,) = seen
    deadline = turns.deadline
    assert deadline is not None and deadline.cpu_seconds == 0.7
    assert deadline.wall is not None
    assert before + 0.7 * WALL_SLACK <= deadline.wall <= time.monotonic() + 0.7 * WALL_SLACK
    assert turns.net == 0.7 * WALL_SLACK and turns.chain == 0.7
    later = deadline.again(turns.net)
    assert later.cpu_seconds == 0.7 and later.wall is not None and later.wall >= deadline.wall


async def test_a_worker_that_died_is_replaced_and_the_move_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = tmp_path / "mark"
    monkeypatch.setenv(CRASH_MARK, str(mark))
    state, seat = position("master-islands", 8)
    pool = ComputerPool(1, PLENTY, worker=dies_once)
    try:
        played = await pool.play("master-islands", state, {seat: "medium"}, 3, 9)
    finally:
        await pool.close()
    assert mark.exists()  # the first worker did die
    assert played == play_computers(Turns("master-islands", state, {seat: "medium"}, 3, 9,
                                          chain=PLENTY))


async def test_a_worker_dying_twice_gives_a_random_legal_move_and_the_table_goes_on(
    db_path: str, caplog: pytest.LogCaptureFixture
) -> None:
    host = Services(await Store.open(db_path), computer_delay=0, pool=ComputerPool(1, 1.0, worker=dies))
    try:
        await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
        await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
        await host.lobbies.start(CHANNEL, ALICE)
        version, menu = await host.views.menu(CHANNEL, ALICE)
        with caplog.at_level(logging.WARNING, logger="bot.service"):
            outcome = await host.moves.play(CHANNEL, ALICE, menu[0].move, version=version)
    finally:
        await host.close()
    assert len(outcome.applied) == 2  # the computer answered (apply_checked refuses illegal moves)
    died = [r for r in caplog.records if "worker process died" in r.getMessage()]
    assert len(died) == 2  # tried twice, then no endless retries
    assert any("died or hung twice; playing a random move" in r.getMessage() for r in caplog.records)


async def test_a_hung_worker_is_killed_and_the_move_given_up(
    caplog: pytest.LogCaptureFixture,
) -> None:
    pool = ComputerPool(1, 0.1, worker=hangs, hang_grace=0.5)
    try:
        with caplog.at_level(logging.ERROR, logger="bot.service"), pytest.raises(WorkerLost):
            await pool.play(TOY_ID, {}, {1: "hard"}, 1, 1)
    finally:
        await pool.close()  # returns: the hung processes were killed, not waited for
    assert not multiprocessing.active_children()
    assert sum("taken for hung" in r.getMessage() for r in caplog.records) == 2


async def test_the_event_loop_runs_while_a_hard_computer_thinks(
    db_path: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """The worker waits for a file only a coroutine on the event loop writes, once the worker
    has started: the computer's move completes only if the loop ran while it was thinking."""
    monkeypatch.setenv(HANDSHAKE, str(tmp_path))
    pool = ComputerPool(1, PLENTY, worker=waits_for_the_loop)
    host = Services(await Store.open(db_path), computer_delay=0, pool=pool)

    async def answer_the_worker() -> None:
        while not (tmp_path / "started").exists():
            await asyncio.sleep(0.005)
        (tmp_path / "go").write_text("the loop is free")

    try:
        await host.lobbies.create_lobby(CHANNEL, GUILD, "master-islands", {"first": 2}, ALICE, "Alice",
                                seed=5)
        await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
        with caplog.at_level(logging.WARNING, logger="bot.service"):
            outcome, _none = await asyncio.gather(host.lobbies.start(CHANNEL, ALICE), answer_the_worker())
    finally:
        await host.close()
    assert outcome.applied, "the computer (seat 2, first to move) made no move"
    assert not [r for r in caplog.records if r.name.startswith("bot.service")]  # no fallback
    entry = await _stored_first_move(db_path)
    state = get_game("master-islands").new(2, {"first": 2}, 5)
    assert entry.move == think("master-islands", state, 2, "hard", 5, entry.version,
                              None)


async def _stored_first_move(db_path: str) -> MoveEntry:
    store = await Store.open(db_path)
    try:
        row = await store.tables.get_table(CHANNEL)
        assert row is not None and row.id is not None
        return (await store.log.moves(row.id))[0]
    finally:
        await store.close()
