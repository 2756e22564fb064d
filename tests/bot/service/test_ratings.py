"""Ratings: direction of moves, teams, left-out seats, idempotence, rebuild stability, and the
leaderboard and standings on a real SQLite file holding a few hundred finished games."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.__main__ import main
from bot.service import Services
from bot.service.ratings import teams
from bot.shards import Shards, shard_of
from bot.storage import Store
from bot.storage.database import Statement
from bot.storage.rows import Finished, Rating, shown
from bot.storage.skill import DEFAULT, rate, sides
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID

ISLANDS = "master-islands"


def human(seat: int, user: int, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "user_id": user, "name": f"U{user}", "bot_level": None, **extra}


def computer(seat: int, level: str) -> dict[str, Any]:
    return {"seat": seat, "user_id": None, "name": f"Computer {seat}", "bot_level": level}


def finished(row: int, seats: list[dict[str, Any]], winners: list[int], scores: list[float],
             game_id: str = TOY_ID, options: dict[str, Any] | None = None) -> Finished:
    return Finished(row, game_id, seats, options or {},
                    {"finished": True, "winners": winners, "scores": scores, "reason": ""})


def test_the_winner_goes_up_and_the_losers_down() -> None:
    table: dict[str, Rating] = {}
    game = finished(1, [human(1, 1), human(2, 2), human(3, 3)], [2], [3, 9, 5])
    changed = rate(table, game, teams)
    fresh = Rating(*DEFAULT)
    assert changed["u:2"].ordinal > fresh.ordinal
    assert changed["u:1"].mu < changed["u:3"].mu < changed["u:2"].mu  # in the order they ended
    assert changed["u:1"].mu < fresh.mu < changed["u:2"].mu
    assert (changed["u:2"].games, changed["u:2"].wins, changed["u:1"].wins) == (1, 1, 0)
    assert shown(*DEFAULT) == 1000 and changed["u:2"].shown > 1000 > changed["u:1"].shown


def test_non_winners_rank_by_score_and_ties_share_a_rank() -> None:
    game = finished(1, [human(1, 1), human(2, 2), human(3, 3), human(4, 4)], [4], [5, 7, 5, 9])
    ranks = {keys[0]: rank for keys, rank, _ in sides(game, teams)}
    assert ranks == {"u:4": 1, "u:2": 2, "u:1": 3, "u:3": 3}


def test_mi_c1_coop_partners_are_rated_as_one_side() -> None:
    """MI-C1: seats 1 & 3 play against 2 & 4; partners move together, the other side opposite."""
    seats = [human(1, 1), human(2, 2), human(3, 3), human(4, 4)]
    game = finished(1, seats, [1, 3], [6, 2, 6, 3], ISLANDS, {"mode": "coop"})
    assert sorted((keys, rank) for keys, rank, _ in sides(game, teams)) == [
        (["u:1", "u:3"], 1), (["u:2", "u:4"], 2)]
    changed = rate({}, game, teams)
    assert changed["u:1"] == changed["u:3"] and changed["u:2"] == changed["u:4"]
    assert changed["u:1"].mu > DEFAULT[0] > changed["u:2"].mu


def test_mi_k5_corsair_against_the_crew() -> None:
    """MI-K5: the crew wins or loses together against the corsair (the last seat by default)."""
    seats = [human(1, 1), human(2, 2), computer(3, "hard")]
    game = finished(1, seats, [3], [4, 5, 0], ISLANDS, {"mode": "corsair"})
    assert sorted((keys, rank) for keys, rank, _ in sides(game, teams)) == [
        (["c:hard"], 1), (["u:1", "u:2"], 2)]


def test_replaced_seats_are_left_out_and_a_lone_side_rates_nothing() -> None:
    seats = [human(1, 1), human(2, 2, replaced=True, was_replaced=True), human(3, 3)]
    changed = rate({}, finished(1, seats, [2], [1, 9, 4]), teams)
    assert set(changed) == {"u:1", "u:3"} and changed["u:3"].mu > changed["u:1"].mu
    alone = [human(1, 1), human(2, 2, was_replaced=True)]
    assert rate({}, finished(2, alone, [1], [5, 1]), teams) == {}


def test_computers_are_rated_per_level_and_old_level_names_map_to_new() -> None:
    seats = [human(1, 1), computer(2, "greedy"), computer(3, "medium"), computer(4, "random")]
    changed = rate({}, finished(1, seats, [1], [9, 1, 2, 3]), teams)
    assert set(changed) == {"u:1", "c:medium", "c:easy"}
    assert changed["c:medium"].games == 1  # two seats, one game for the level


async def _insert_games(store: Store, games: list[tuple[int, list[dict[str, Any]],
                                                    dict[str, Any], str, dict[str, Any]]],
                        guild: int = GUILD) -> None:
    """Finished games written straight into the store (SQLite or PostgreSQL)."""
    await store.db.write([Statement(
        "INSERT INTO games (id, channel_id, guild_id, game_id, status, seats, record, result,"
        " started_at, ended_at) VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?)",
        [(row, CHANNEL, guild, game_id, json.dumps(seats),
          json.dumps({"game": game_id, "players": len(seats), "options": options}),
          json.dumps(result), float(row), float(row))
         for row, seats, result, game_id, options in games],
        many=True)])


async def _insert_into(db: str, games: list[tuple[int, list[dict[str, Any]], dict[str, Any], str,
                                                 dict[str, Any]]]) -> None:
    store = await Store.open(db)
    try:
        await _insert_games(store, games)
    finally:
        await store.close()


def _history(count: int) -> list[tuple[int, list[dict[str, Any]], dict[str, Any], str,
                                       dict[str, Any]]]:
    """``count`` toy games among 15 people of steady strength (user 15 the best) and the three
    computer levels; user 99 only ever plays seats a computer took over; every 7th game is a
    coop game of the islands."""
    rng = random.Random(11)
    strength = {u: 3 * u for u in range(1, 16)} | {"easy": 6, "medium": 24, "hard": 39, 99: 0}
    out = []
    for row in range(1, count + 1):
        if row % 7 == 0:
            who = rng.sample(range(1, 16), 4)
            seats = [human(i, u) for i, u in enumerate(who, 1)]
            side = [1, 3] if strength[who[0]] + strength[who[2]] + rng.random() * 20 > \
                strength[who[1]] + strength[who[3]] + rng.random() * 20 else [2, 4]
            scores = [6 if s in side else 3 for s in range(1, 5)]
            result = {"finished": True, "winners": side, "scores": scores, "reason": ""}
            out.append((row, seats, result, ISLANDS, {"mode": "coop"}))
            continue
        who = rng.sample([*range(1, 16), "easy", "medium", "hard"], rng.choice([2, 3]))
        seats = [computer(i, u) if isinstance(u, str) else human(i, u)
                 for i, u in enumerate(who, 1)]
        if row % 5 == 0:
            seats.append(human(len(seats) + 1, 99, was_replaced=True))
        scores = [strength[s["user_id"] or s["bot_level"]] + rng.random() * 12
                  for s in seats]
        best = max(range(len(seats)), key=lambda i: scores[i])
        result = {"finished": True, "winners": [best + 1], "scores": scores, "reason": ""}
        out.append((row, seats, result, TOY_ID, {}))
    return out


@pytest.fixture
async def rated(db_path: str) -> AsyncIterator[Services]:
    host = await Services.open(db_path)
    await _insert_games(host.store, _history(300))
    assert await host.ratings.rebuild_ratings() == 300
    yield host
    await host.close()


async def test_leaderboard_orders_by_rating_and_gives_the_callers_rank(rated: Services) -> None:
    board = await rated.ratings.leaderboard(GUILD, TOY_ID, 1)
    everyone = await rated.store.ratings.ratings_of(GUILD, TOY_ID)
    assert len(board.top) == 10 and len(everyone) > 10
    ordinals = [s.rating.ordinal for s in board.top]
    assert ordinals == sorted(ordinals, reverse=True)
    assert [s.rank for s in board.top] == list(range(1, 11))  # no exact ties here
    assert board.top[0].player in ("u:15", "u:14")  # the strongest lead
    assert "u:99" not in everyone  # only ever on replaced seats
    assert {"c:easy", "c:medium", "c:hard"} <= set(everyone)
    # user 1 is the weakest person: not in the top 10, but told where they stand
    assert board.caller is not None and board.caller.user_id == 1
    better = sum(r.ordinal > everyone["u:1"].ordinal for r in everyone.values())
    assert board.caller.rank == better + 1 > 10 and board.caller.of == len(everyone)
    leader = board.top[0].user_id
    assert leader is not None
    assert (await rated.ratings.leaderboard(GUILD, TOY_ID, leader)).caller is None  # already shown
    nobody = await rated.ratings.leaderboard(GUILD, TOY_ID, 12345)
    assert nobody.caller is None
    assert (await rated.ratings.leaderboard(GUILD + 1, TOY_ID, 1)).top == []


async def test_standings_and_team_games_on_the_file(rated: Services) -> None:
    mine = await rated.ratings.standings(GUILD, 15)
    assert [s.game_id for s in mine] == sorted([ISLANDS, TOY_ID])
    toy = next(s for s in mine if s.game_id == TOY_ID)
    assert toy.rating.games > 0 and 0 < toy.rating.wins <= toy.rating.games
    only = await rated.ratings.standings(GUILD, 15, ISLANDS)
    assert len(only) == 1 and only[0].game_id == ISLANDS
    islands = await rated.store.ratings.ratings_of(GUILD, ISLANDS)
    assert not any(key.startswith("c:") for key in islands)  # no computer played there
    assert sum(r.games for r in islands.values()) == 4 * (300 // 7)


async def test_rebuild_is_stable_and_equals_the_live_updates(db_path: str) -> None:
    host = await Services.open(db_path)
    try:
        history = _history(120)
        await _insert_games(host.store, history)
        for row, *_ in history:  # as games end, one at a time
            assert await host.store.ratings.rate_game(row, teams)
            assert not await host.store.ratings.rate_game(row, teams)  # idempotent by game row
        live = {g: await host.store.ratings.ratings_of(GUILD, g) for g in (TOY_ID, ISLANDS)}
        assert await host.ratings.rebuild_ratings() == 120
        again = {g: await host.store.ratings.ratings_of(GUILD, g) for g in (TOY_ID, ISLANDS)}
        assert again == live
        assert await host.ratings.rebuild_ratings() == 120
        assert {g: await host.store.ratings.ratings_of(GUILD, g) for g in (TOY_ID, ISLANDS)} == live
        assert await host.ratings.rate_unrated() == 0
    finally:
        await host.close()


async def test_each_shard_rates_only_its_own_guilds_unrated_games(db_path: str) -> None:
    """Two sharded processes starting at once catch up on their own guilds' games only, so they
    never race to rate the same game."""
    history = _history(40)
    other = (GUILD >> 22) + 1 << 22  # the next shard of two
    first = await Services.open(db_path, shards=Shards(2, (shard_of(GUILD, 2),)))
    try:
        await _insert_games(first.store, history[:25])
        await _insert_games(first.store, history[25:], guild=other)
        assert await first.ratings.rate_unrated() == 25
        assert set(await first.store.ratings.ratings_of(other, TOY_ID)) == set()
    finally:
        await first.close()
    second = await Services.open(db_path, shards=Shards(2, (shard_of(other, 2),)))
    try:
        assert await second.ratings.rate_unrated() == 15
        assert await second.ratings.rate_unrated() == 0
        assert await second.store.ratings.ratings_of(other, TOY_ID)
    finally:
        await second.close()


async def test_a_game_played_through_the_host_is_rated_once(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=5)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.join(CHANNEL, CAROL, "Carol")
    await host.lobbies.start(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    result = outcomes[-1].post.result
    assert result is not None
    ratings = await host.store.ratings.ratings_of(GUILD, TOY_ID)
    winners = {[ALICE, BOB, CAROL][s - 1] for s in result["winners"]}
    for user in (ALICE, BOB, CAROL):
        r = ratings[f"u:{user}"]
        assert (r.games, r.wins) == (1, int(user in winners))
        assert (r.mu > DEFAULT[0]) == (user in winners) or len(winners) == 3
    (game_row,) = await host.store.history.games_in_channel(CHANNEL)
    assert not await host.store.ratings.rate_game(game_row, teams)  # already rated with the game


async def test_equal_ratings_share_a_rank(host: Services) -> None:
    duel = [(1, [human(1, 1), human(2, 2)], [1]), (2, [human(1, 3), human(2, 4)], [1])]
    rows = [(row, seats, {"finished": True, "winners": won, "scores": [1, 0], "reason": ""},
             TOY_ID, {}) for row, seats, won in duel]
    await _insert_games(host.store, rows)
    await host.ratings.rebuild_ratings()
    board = await host.ratings.leaderboard(GUILD, TOY_ID, 4)
    assert [(s.player, s.rank) for s in board.top] == [("u:1", 1), ("u:3", 1), ("u:2", 3),
                                                       ("u:4", 3)]


def test_rebuild_ratings_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "t.db"
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{db}"\n', encoding="utf-8")
    assert main(["check", "--config", str(config)]) == 0  # creates the file
    asyncio.run(_insert_into(str(db), _history(50)))
    assert main(["rebuild-ratings", "--config", str(config)]) == 0
    assert "ok: ratings rebuilt from 50 finished games in" in capsys.readouterr().out
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM rated_games").fetchone()[0] == 50
