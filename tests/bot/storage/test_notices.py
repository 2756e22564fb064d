"""Held turns and waiting-list DMs through the store, on SQLite and PostgreSQL: a turn held twice
keeps the earlier moment, the due people and the next moment (of the served shards only), a
turn's end removes the others' held turns there, a waiting list is found by the tables it lists
(not by a number that only starts like one) and told turns go with it, across a reopening; a
turn's end reads held turns and waiting lists through an index, never every row (SQLite's plan)."""

from __future__ import annotations

from pathlib import Path

from bot.shards import Shards
from bot.storage import Store
from bot.storage.database import Statement
from bot.storage.rows import HeldTurn, Waiting, WaitingDm

GUILD_A = 1 << 22  # shard 1 of 2
GUILD_B = 2 << 22  # shard 0 of 2


async def test_held_turns_keep_the_earliest_moment_and_go_with_the_turn(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        notices = store.notices
        assert await notices.next_due() is None and await notices.due_people(1e12) == []
        await notices.hold(HeldTurn(7, 100, GUILD_A, "toy", 11, 5.0, 500.0))
        await notices.hold(HeldTurn(7, 100, GUILD_A, "toy", 12, 6.0, 900.0))  # later: kept 500
        await notices.hold(HeldTurn(8, 100, GUILD_A, "toy", 12, 6.0, 300.0))
        await notices.hold(HeldTurn(7, 200, GUILD_B, "toy", 21, 6.0, 700.0))
        assert await notices.held(7) == [HeldTurn(7, 100, GUILD_A, "toy", 12, 5.0, 500.0),
                                         HeldTurn(7, 200, GUILD_B, "toy", 21, 6.0, 700.0)]
        assert await notices.next_due() == 300.0
        assert await notices.due_people(499.0) == [8]
        assert await notices.due_people(500.0) == [7, 8]
        # A process serving shard 0 only sees guild B's held turn.
        assert await notices.next_due(Shards(2, (0,))) == 700.0
        assert await notices.due_people(800.0, Shards(2, (0,))) == [7]
        # Table 100 moved on to person 8: person 7's turn there is over, 8's is kept.
        await notices.turn_over(100, [8])
        assert [h.channel_id for h in await notices.held(7)] == [200]
        assert [h.channel_id for h in await notices.held(8)] == [100]
        await notices.turn_over(100, [])  # the table ended
        assert await notices.held(8) == []
        await notices.set_dues(7, {200: 50.0})
        assert await notices.next_due() == 50.0
        await notices.set_dues(7, {200: None})
        assert await notices.held(7) == [] and await notices.next_due() is None
    finally:
        await store.close()


async def test_a_waiting_list_is_found_by_its_tables_and_told_turns_go(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        notices = store.notices
        await notices.hold(HeldTurn(7, 100, GUILD_A, "toy", 11, 5.0, 500.0))
        await notices.hold(HeldTurn(7, 1000, None, "toy", None, 5.0, 800.0))
        listed = (Waiting(100, GUILD_A, "toy", 11), Waiting(300, None, "master-islands", 31, True))
        await notices.told(WaitingDm(7, 55, 66, listed), [100])
        assert [h.channel_id for h in await notices.held(7)] == [1000]  # told: 100 went
        assert await notices.waiting_dm(7) == WaitingDm(7, 55, 66, listed)
        assert await notices.waiting_dm(8) is None
        assert [dm.user_id for dm in await notices.listing(100)] == [7]
        assert [dm.user_id for dm in await notices.listing(300)] == [7]
        assert await notices.listing(10) == [] and await notices.listing(1000) == []
        await notices.told(WaitingDm(7, 55, 67, listed[:1]), ())  # a newer DM replaces it
        assert [dm.user_id for dm in await notices.listing(100)] == [7]
        assert await notices.listing(300) == []  # no longer listed
        await notices.drop_held(7, [1000])
        assert await notices.held(7) == []
    finally:
        await store.close()
    again = await Store.open(db_path)
    try:
        assert await again.notices.waiting_dm(7) == WaitingDm(7, 55, 67, listed[:1])
    finally:
        await again.close()


async def test_a_turn_over_reads_its_table_s_rows_by_an_index(tmp_path: Path) -> None:
    """What a turn's end runs at each post (the held turns there go, the waiting lists listing
    the table are read, then written) searches an index, on a database of many rows."""
    store = await Store.open(str(tmp_path / "plan.db"))
    try:
        for user in range(50):
            await store.notices.hold(HeldTurn(user, 1000 + user, None, "toy", None, 1.0, 9.0))
            await store.notices.told(WaitingDm(user, 5, 6, (Waiting(1000 + user, None, "toy", 1),)),
                                     ())
        ran: list[Statement] = []
        write, fetchall = store.db.write, store.db.fetchall

        async def seen_write(statements: list[Statement]) -> list[int]:
            ran.extend(statements)
            return await write(statements)

        async def seen_fetchall(sql: str, params: tuple[object, ...] = ()) -> list[object]:
            ran.append(Statement(sql, params))
            return await fetchall(sql, params)

        store.db.write, store.db.fetchall = seen_write, seen_fetchall  # type: ignore[method-assign]
        await store.notices.turn_over(1003, [])
        assert [dm.user_id for dm in await store.notices.listing(1004)] == [4]
        await store.notices.told(WaitingDm(4, 5, 7, (Waiting(1004, None, "toy", 1, True),)),
                                 [1004])  # a waiting list edited
        assert len(ran) == 6
        searched = [s for s in ran if not s.sql.startswith("INSERT")]
        assert len(searched) == 4
        for statement in searched:
            plan = " ".join(str(row[-1]) for row in await fetchall(
                "EXPLAIN QUERY PLAN " + statement.sql, statement.params))
            assert "USING" in plan and "SCAN" not in plan, (statement.sql, plan)
    finally:
        await store.close()
