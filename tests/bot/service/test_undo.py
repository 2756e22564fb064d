"""Undo through the host on a real SQLite file (BGA's rule, bot/service/undo.py): every game, the
limits (turn, rolls, reveals, computers, other people), the log, records and restarts."""

from __future__ import annotations

import json
import random
import sqlite3
from typing import Any

import pytest

from bot.config import ClockConfig
from bot.service import Services, errors
from bot.service.undo import NOT_YOUR_TURN, NOTHING, REFUSALS, UNDO_MOVE
from bot.storage import MoveEntry, Store
from bot.storage.schema import MIGRATIONS, _statements
from games import Game, get_game
from games.records import replay, start
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import FakeTime, play_to_end

NAMES = {ALICE: "Alice", BOB: "Bob"}
UNDO_ENTRY = MoveEntry(0, 1, "", ALICE, [])  # stands for "no move yet" in a loop
UNDO_GAMES = ["master-islands", "maitre-des-mers", "ile-des-contrebandiers"]
"""Games with moves that keep the turn without a roll or a reveal (in Isis & Osiris every
turn is one placement, IO-6: nothing there can be taken back)."""


async def _start(host: Services, game_id: str, *, seed: int = 4, computer: bool = False) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, game_id, {}, ALICE, "Alice", seed=seed)
    if computer:
        await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    else:
        await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)


async def _now(host: Services) -> tuple[Game, dict[str, Any], int, int]:
    """(game, state, seat to move, its user id)."""
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.state is not None
    game = get_game(row.game_id)
    seat = game.to_move(row.state)[0]
    return game, row.state, seat, row.seats[seat - 1]["user_id"]


def _barrier(game: Game, state: dict[str, Any], seat: int, move: str) -> str | None:
    after, events = game.apply(state, seat, move)
    return game.undo_barrier(state, after, seat, move, events)


async def _drive(host: Services, wanted, seed: int = 0, limit: int = 3000) -> str:
    """Play random legal moves until ``wanted(game, state, seat, move)`` holds for a legal move
    of the human to move; that move (not played)."""
    rng = random.Random(seed)
    for _ in range(limit):
        game, state, seat, user = await _now(host)
        moves = game.legal(state, seat)
        found = [m for m in moves if wanted(game, state, seat, m)]
        if found:
            return found[0]
        await host.moves.play(CHANNEL, user, rng.choice(moves))
    raise AssertionError("no such move came up")


def undoable(game: Game, state: dict[str, Any], seat: int, move: str) -> bool:
    return _barrier(game, state, seat, move) is None


async def _snapshot(host: Services) -> tuple:
    """What everyone sees: the state, every seat's and the public view, menus, the status."""
    game, state, _, _ = await _now(host)
    views = [game.view(state, s) for s in (None, 1, 2)]
    menus = [(await host.views.menu(CHANNEL, u))[1] for u in (ALICE, BOB)]
    return state, views, menus, (await host.views.board(CHANNEL)).status


@pytest.mark.parametrize("game_id", UNDO_GAMES)
async def test_undo_gives_back_the_state_and_every_view(host: Services, game_id: str) -> None:
    await _start(host, game_id)
    move = await _drive(host, undoable)
    _, _, seat, user = await _now(host)
    before = await _snapshot(host)
    played = await host.moves.play(CHANNEL, user, move)
    mover = next(n for n in played.notes if n.user_id == user)
    assert mover.your_turn and mover.can_undo  # the menu offers Undo
    outcome = await host.moves.undo(CHANNEL, user, version=played.table.version)
    assert outcome.table.version == played.table.version + 1
    assert outcome.post.lines == [f"{NAMES[user]} (seat {seat}) took back their last move."]
    assert await _snapshot(host) == before
    note = next(n for n in outcome.notes if n.user_id == user)
    assert note.your_turn and note.menu == before[2][[ALICE, BOB].index(user)]
    log = await host.store.log.moves((await host.store.tables.get_table(CHANNEL)).id)
    assert (log[-1].move, log[-1].undoes, log[-2].move) == (UNDO_MOVE, log[-2].version, move)


CHANCE = {  # a move that rolls or reveals, and the refusal an undo right after it gets
    "isis-osiris": (lambda m: m == "reveal", REFUSALS["tile"]),  # IO-7
    "maitre-des-mers": (lambda m: m.startswith("arm"), REFUSALS["die"]),  # MM-10
    "master-islands": (lambda m: m == "pass", REFUSALS["turn"]),  # MI-15: the draw ends it
    "ile-des-contrebandiers": (lambda m: m == "stay", REFUSALS["turn"]),  # IC-8: next roll
}


@pytest.mark.parametrize("game_id", sorted(CHANCE))
async def test_no_undo_across_a_roll_or_a_reveal(host: Services, game_id: str) -> None:
    is_chance, refusal = CHANCE[game_id]
    await _start(host, game_id)
    move = await _drive(host, lambda g, s, seat, m: is_chance(m)
                        and _barrier(g, s, seat, m) in ("die", "card", "tile"))
    _, state, _, user = await _now(host)
    await host.moves.play(CHANNEL, user, move)
    with pytest.raises(errors.UndoRefused) as refused:
        await host.moves.undo(CHANNEL, user)
    assert refused.value.message == refusal
    row = await host.store.tables.get_table(CHANNEL)
    [entry] = [e for e in await host.store.log.moves(row.id) if e.version == row.version]
    assert entry.barrier in ("die", "card", "tile") and entry.undoes is None


def chain(game: Game, state: dict[str, Any], seat: int, move: str) -> bool:
    """At the start of a Master Islands turn, two moves in a row that may both be taken back."""
    if state["placed"] or state["sailed"] or not undoable(game, state, seat, move):
        return False
    after = game.apply(state, seat, move)[0]
    return any(undoable(game, after, seat, m) for m in game.legal(after, seat))


async def test_undo_twice_then_nothing_is_left(host: Services) -> None:
    await _start(host, "master-islands")
    first = await _drive(host, chain)
    game, start, seat, user = await _now(host)
    await host.moves.play(CHANNEL, user, first)
    _, state, _, _ = await _now(host)
    second = next(m for m in game.legal(state, seat) if undoable(game, state, seat, m))
    await host.moves.play(CHANNEL, user, second)
    await host.moves.undo(CHANNEL, user)
    assert (await _now(host))[1] == state
    last = await host.moves.undo(CHANNEL, user)
    assert (await _now(host))[1] == start
    assert not next(n for n in last.notes if n.user_id == user).can_undo
    with pytest.raises(errors.UndoRefused, match=NOTHING):
        await host.moves.undo(CHANNEL, user)


async def test_only_the_mover_may_undo_and_only_with_a_current_menu(host: Services) -> None:
    await _start(host, "master-islands")
    move = await _drive(host, undoable)
    _, _, _, user = await _now(host)
    other = BOB if user == ALICE else ALICE
    with pytest.raises(errors.UndoRefused, match=NOTHING):  # the turn has just begun
        await host.moves.undo(CHANNEL, user)
    played = await host.moves.play(CHANNEL, user, move)
    with pytest.raises(errors.NotYourTurn, match=NOT_YOUR_TURN):
        await host.moves.undo(CHANNEL, other)
    with pytest.raises(errors.NotSeated):
        await host.moves.undo(CHANNEL, CAROL)
    with pytest.raises(errors.StaleVersion):
        await host.moves.undo(CHANNEL, user, version=played.table.version - 1)
    assert (await host.moves.undo(CHANNEL, user, version=played.table.version)).post is not None


async def test_a_computers_move_is_not_taken_back(host: Services) -> None:
    await _start(host, "master-islands", computer=True)
    rng = random.Random(1)
    row = await host.store.tables.get_table(CHANNEL)
    while (await host.store.log.last_in_force(row.id) or UNDO_ENTRY).user_id is not None:
        game, state, seat, user = await _now(host)  # Alice plays until the computer has moved
        assert user == ALICE
        await host.moves.play(CHANNEL, ALICE, rng.choice(game.legal(state, seat)))
    with pytest.raises(errors.UndoRefused, match=NOTHING):
        await host.moves.undo(CHANNEL, ALICE)


@pytest.mark.parametrize("game_id", UNDO_GAMES)
async def test_a_record_after_an_undo_replays_the_game_played(host: Services, game_id: str) -> None:
    await _start(host, game_id)
    move = await _drive(host, undoable)
    _, _, _, user = await _now(host)
    await host.moves.play(CHANNEL, user, move)
    await host.moves.undo(CHANNEL, user)
    rng = random.Random(2)
    for _ in range(4):  # the game goes on after the undo
        game, state, seat, mover = await _now(host)
        await host.moves.play(CHANNEL, mover, rng.choice(game.legal(state, seat)))
    _, final, _, _ = await _now(host)
    await host.lobbies.abandon(CHANNEL, ALICE)
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    record = (await host.store.history.game(game_row))["record"]
    assert UNDO_MOVE not in [m["move"] for m in record["moves"]]
    game, state = start(record)
    for entry in record["moves"]:
        state = game.apply(state, entry["seat"], entry["move"])[0]
    replayed = json.loads(json.dumps(state))
    assert replayed.pop("options") == {**final.pop("options"), "first": final["first"]}
    assert replayed == final  # the record names the seat that went first; all else is the same
    assert replay(record)["ok"]


async def test_a_finished_record_after_an_undo_replays_to_the_same_result(host: Services) -> None:
    await _start(host, "master-islands", computer=True)
    move = await _drive(host, undoable)
    _, _, _, user = await _now(host)
    await host.moves.play(CHANNEL, user, move)
    await host.moves.undo(CHANNEL, user)
    assert (await play_to_end(host, CHANNEL))[-1].post.finished
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    summary = replay(stored["record"])
    assert summary["ok"] and summary["finished"]
    assert (summary["scores"], summary["winners"]) == (
        stored["result"]["scores"], stored["result"]["winners"])


async def test_a_restart_after_an_undo_continues_exactly(db_path: str) -> None:
    first = await Services.open(db_path)
    await _start(first, "master-islands")
    move = await _drive(first, chain)
    game, _, seat, user = await _now(first)
    await first.moves.play(CHANNEL, user, move)
    _, state, _, _ = await _now(first)
    await first.moves.play(CHANNEL, user, next(m for m in game.legal(state, seat)
                                         if undoable(game, state, seat, m)))
    await first.moves.undo(CHANNEL, user)
    before = await _snapshot(first)
    second = await Services.open(db_path)  # "kill": the first is never closed
    try:
        assert await _snapshot(second) == before
        assert (await second.views.private_note(CHANNEL, user)).can_undo
        other = BOB if user == ALICE else ALICE
        assert await second.moves.can_undo(CHANNEL, user) and not await second.moves.can_undo(CHANNEL, other)
        await second.moves.undo(CHANNEL, user)
        assert not (await second.views.private_note(CHANNEL, user)).can_undo
        assert not await second.moves.can_undo(CHANNEL, user)  # back at the start of the turn
    finally:
        await second.close()
        await first.close()


@pytest.mark.sqlite_only
@pytest.mark.new_file
async def test_a_version_2_move_log_upgrades_and_its_moves_stay_in_force(db_path: str) -> None:
    with sqlite3.connect(db_path) as db:
        for migration in MIGRATIONS[:2]:
            for statement in _statements(migration):
                db.execute(statement)
        db.execute("INSERT INTO tables (id, channel_id, game_id, options, status, host_id, seats,"
                   " seed, state, version, created_at, updated_at) VALUES (1, 10,"
                   " 'master-islands', '{}', 'playing', 9, '[]', 0, '{}', 2, 0, 0)")  # in play
        db.execute("INSERT INTO move_log (table_id, version, seat, move, user_id, lines, at)"
                   " VALUES (1, 2, 1, 'pawn A1', 9, '[]', 0)")
        db.execute("PRAGMA user_version = 2")
    store = await Store.open(db_path)
    try:
        [entry] = await store.log.moves(1)
        assert (entry.move, entry.undoes, entry.barrier) == ("pawn A1", None, None)
        last = await store.log.last_in_force(1)
        assert last is not None and last.before is None  # no state kept: never taken back
    finally:
        await store.close()


async def test_an_undo_gives_no_time_back_on_the_turn_clock(db_path: str) -> None:
    clock = FakeTime()
    host = await Services.open(db_path, clock=clock, clock_config=ClockConfig())  # live
    try:
        await _start(host, "master-islands")
        move = await _drive(host, undoable)
        _, _, _, user = await _now(host)
        row = await host.store.tables.get_table(CHANNEL)
        deadline = (await host.store.clocks.get_clock(row.id)).deadline
        clock.t += 60
        await host.moves.play(CHANNEL, user, move)
        clock.t += 30
        outcome = await host.moves.undo(CHANNEL, user)
        assert outcome.post.clock.deadline == deadline  # the same turn goes on
        row = await host.store.tables.get_table(CHANNEL)
        assert (await host.store.clocks.get_clock(row.id)).version == row.version
    finally:
        await host.close()
