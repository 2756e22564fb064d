"""Tournaments stored (bot.storage.tournaments), on SQLite and PostgreSQL: a tournament, its
players and its tables read back as written; the start, a table opened with its game and a
step of a round each all or nothing, and refused when done already; what is due when."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.storage import Conflict, Store, TableRow
from bot.storage.rows import TournamentPlayer, TournamentRow, TournamentTable
from bot.storage.tournaments import opened

T = 1_780_000_000.0


def _tournament(**changes: object) -> TournamentRow:
    row = TournamentRow(guild_id=7, channel_id=70, owner_id=1, owner_name="Ann", game_id="toy",
                        options={"length": "short"}, format="swiss", seats=2, rounds=3,
                        speed="daily", start_at=T + 3600, round_seconds=86400.0, rated=False,
                        fill="bye", created_at=T)
    return replace(row, **changes)


def _table_row(channel: int) -> TableRow:
    return TableRow(channel_id=channel, guild_id=7, game_id="toy", options={}, status="playing",
                    host_id=1, seats=[{"seat": 1, "user_id": 1, "name": "A"}], seed=1)


async def test_a_tournament_is_read_back_as_written(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        made = await store.tournaments.create(_tournament())
        assert made.id is not None
        assert await store.tournaments.get(made.id) == made
        assert await store.tournaments.get(made.id + 1) is None
        assert [t.id for t in await store.tournaments.in_guild(7)] == [made.id]
        assert await store.tournaments.in_guild(8) == []
        await store.tournaments.set_post(made.id, 71, 72)
        await store.tournaments.set_event(made.id, 2**62)  # Discord ids are 64-bit
        got = await store.tournaments.get(made.id)
        assert got is not None and (got.post_channel_id, got.post_message_id, got.event_id) == (
            71, 72, 2**62)
        for user in (3, 2, 1):
            assert await store.tournaments.join(TournamentPlayer(made.id, user, f"P{user}",
                                                                 joined_at=T + 10 - user))
        assert not await store.tournaments.join(TournamentPlayer(made.id, 1, "again"))
        assert [p.user_id for p in await store.tournaments.players(made.id)] == [3, 2, 1]
        assert await store.tournaments.leave(made.id, 2)
        assert not await store.tournaments.leave(made.id, 2)
        assert [p.name for p in await store.tournaments.players(made.id)] == ["P3", "P1"]
        assert await store.servers.tournament_role(7) is None
        await store.servers.set_tournament_role(7, 2**60)
        assert await store.servers.tournament_role(7) == 2**60
    finally:
        await store.close()


async def test_a_start_a_table_opened_and_a_step_are_each_one_write(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        made = await store.tournaments.create(_tournament())
        tid = made.id
        assert tid is not None
        # What is due: the start time, then (running) the round's deadline.
        assert await store.tournaments.moments() == [(tid, 7, T + 3600)]
        assert await store.tournaments.due(T) == []
        assert [t.id for t in await store.tournaments.due(T + 3600)] == [tid]
        players = [TournamentPlayer(tid, u, f"P{u}", joined_at=T) for u in (1, 2, 3)]
        for p in players:
            await store.tournaments.join(p)
        round1 = [TournamentTable(tid, 1, 1, [1, 2]), TournamentTable(tid, 1, 0, [3])]
        rated = [replace(p, rating=5.5) for p in players]
        await store.tournaments.start(tid, 3, T + 90000, rated, round1)
        with pytest.raises(Conflict):
            await store.tournaments.start(tid, 3, T + 90000, rated, round1)
        got = await store.tournaments.get(tid)
        assert got is not None and (got.status, got.round, got.rounds) == ("running", 1, 3)
        assert await store.tournaments.moments() == [(tid, 7, T + 90000)]
        assert {p.rating for p in await store.tournaments.players(tid)} == {5.5}
        assert await store.tournaments.tables(tid) == sorted(round1, key=lambda t: t.table_no)
        assert [r.id for r in await store.tournaments.running()] == [tid]
        # A table opens with its game, once.
        table = await store.tables.create_table(_table_row(500), [opened(tid, 1, 1, 500)])
        with pytest.raises(Conflict):
            await store.tables.create_table(_table_row(501), [opened(tid, 1, 1, 501)])
        assert await store.tables.get_table(501) is None  # the whole write went back
        found = await store.tournaments.table_in(500)
        assert found is not None and (found.table_id, found.round) == (table.id, 1)
        assert await store.tournaments.table_in(501) is None
        assert await store.tournaments.ended_games([table.id]) == {}
        # A step: places, missed games, round 2 paired; a repeat of it is refused whole.
        ended = [replace(found, places=[2, 1], forfeits=[1])]
        missed = [replace(players[0], missed=1)]
        round2 = [TournamentTable(tid, 2, 1, [3, 1])]
        step = store.tournaments.advance(got, ended, missed, next_round=2,
                                         deadline=T + 200000, paired=round2)
        await step
        with pytest.raises(Conflict):
            await store.tournaments.advance(got, ended, missed, next_round=2, paired=round2)
        assert [t.places for t in await store.tournaments.tables(tid, 1)] == [None, [2, 1]]
        assert (await store.tournaments.tables(tid, 1))[1].forfeits == [1]
        assert await store.tournaments.tables(tid, 2) == round2
        now = await store.tournaments.get(tid)
        assert now is not None and (now.round, now.round_deadline) == (2, T + 200000)
        assert [p.missed for p in await store.tournaments.players(tid)] == [1, 0, 0]
        assert await store.tournaments.withdraw(tid, 2, 2)
        assert not await store.tournaments.withdraw(tid, 2, 2)
        await store.tournaments.advance(now, [], [], finished_at=T + 300000)
        over = await store.tournaments.get(tid)
        assert over is not None and (over.status, over.ended_at) == ("finished", T + 300000)
        assert not await store.tournaments.end(tid, "cancelled", T)
        assert await store.tournaments.moments() == []
        assert await store.tournaments.in_guild(7) == []
        assert [t.id for t in await store.tournaments.in_guild(7, ("finished",))] == [tid]
    finally:
        await store.close()
