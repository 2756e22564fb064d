"""Vacations stored (bot.storage.vacations), on SQLite and PostgreSQL: a vacation and the clocks
it pauses in one write, who is away when, coming back early, a server's allowance, and a
server's games in play read with their clocks."""

from __future__ import annotations

from dataclasses import replace

from bot.storage import Store, TableRow
from bot.storage.rows import ClockRow

DAY = 86400.0
T = 1_780_000_000.0  # epoch seconds: precision matters (REAL is double precision everywhere)


def _row(channel: int, guild: int | None = 7, status: str = "playing") -> TableRow:
    return TableRow(channel_id=channel, guild_id=guild, game_id="toy", options={}, status=status,
                    host_id=1, seats=[{"seat": 1, "user_id": 1, "name": "A"}], seed=1,
                    speed="daily")


async def test_a_vacation_and_its_clocks_are_stored_together(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        table = await store.tables.create_table(_row(5))
        clock = ClockRow(table.id, 5, 0, seat=1, started=T, deadline=T + 100, remind_at=T + 50)
        await store.clocks.put_clock(clock)
        held = replace(clock, deadline=T + 100 + 3 * DAY, remind_at=T + 50 + 3 * DAY,
                       held_until=T + 3 * DAY + 0.25)
        await store.vacations.go_away(7, 1, T, T + 3 * DAY + 0.25, [held])
        assert await store.clocks.get_clock(table.id) == held
        assert await store.vacations.taken(7, 1, T - DAY) == [(T, T + 3 * DAY + 0.25)]
        assert await store.vacations.away(7, [1, 2], T + 10) == {1: T + 3 * DAY + 0.25}
        assert await store.vacations.away(8, [1], T + 10) == {}  # another server
        assert await store.vacations.away(7, [1], T + 3 * DAY + 1) == {}  # over
        assert await store.vacations.away(7, [1], T - 1) == {}  # not begun
        assert await store.vacations.away(7, [], T) == {}
        back = replace(held, deadline=T + 100 + 1, remind_at=T + 50 + 1, held_until=None)
        await store.vacations.ended_early(7, 1, T, T + 1, [back])
        assert await store.clocks.get_clock(table.id) == back
        assert await store.vacations.taken(7, 1, T - DAY) == [(T, T + 1)]
        assert await store.vacations.away(7, [1], T + 2) == {}
        assert await store.vacations.taken(7, 1, T + 2) == []  # ended before
    finally:
        await store.close()


async def test_a_servers_allowance_is_its_own(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        assert await store.servers.vacation_days(7) is None
        await store.servers.set_tables_place(7, "channel")
        assert await store.servers.vacation_days(7) is None  # another setting of that server
        await store.servers.set_vacation_days(7, 10)
        await store.servers.set_vacation_days(8, 0)
        assert await store.servers.vacation_days(7) == 10
        assert await store.servers.vacation_days(8) == 0
        assert await store.servers.tables_place(7) == "channel"  # kept
    finally:
        await store.close()


async def test_a_servers_games_come_with_their_clocks(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        a = await store.tables.create_table(_row(5))
        b = await store.tables.create_table(_row(6))
        await store.tables.create_table(_row(7, status="lobby"))
        await store.tables.create_table(_row(8, guild=9))
        clock = ClockRow(a.id, 5, 0, seat=1, started=T, deadline=T + 100)
        await store.clocks.put_clock(clock)
        games = await store.tables.guild_games(7)
        assert [g.channel_id for g in games] == [5, 6]
        assert games[0].clock_at is not None and games[0].clock_at.clock == clock
        assert games[1].clock_at is not None and games[1].clock_at.clock is None
        assert [g.channel_id for g in await store.tables.guild_games(9)] == [8]
        assert b.id is not None
    finally:
        await store.close()
