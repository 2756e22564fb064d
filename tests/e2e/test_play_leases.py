"""Two real bot processes for the same interactions on one database (issue 30, item 6), on
PostgreSQL (when ``TABLEE_TEST_DATABASE_URL`` is set) and on one SQLite file: the second
``python -m bot`` exits non-zero with one sentence naming the first one's host, pid and start
time; once the first stops cleanly it starts; after a process of this host was killed with
SIGKILL the next one starts at once (its process is gone), while the lease of a process on
another host holds until it lapses (three missed renewals of ``discord.lease_seconds``); and a
process whose lease was taken over stops by itself. The
processes are tests/e2e/test_play_shards.py's ``BotProcess`` (the real runner against the
emulator); the lease rules themselves: tests/bot/app/test_leases.py."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.lease import RENEWALS
from bot.shards import ALL
from bot.storage.database import Statement
from bot.storage.leases import Holder, Leases
from bot.storage.store import Store
from tests.e2e.emulator import Emulator
from tests.e2e.test_play_shards import BotProcess

from ..pg import fresh_schema

EVERY = 0.5  # discord.lease_seconds here: a killed process's lease lapses after 1.5 s
REFUSED = "another Tablée process already serves this bot's interactions with this database"


@pytest.fixture(params=["sqlite", "postgresql"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    if request.param == "sqlite":
        yield str(tmp_path / "shared.db")
        return
    async with fresh_schema() as url:  # skips without a reachable PostgreSQL
        yield url


async def leases(database: str) -> list[tuple[int, float]]:
    """(pid, renewed_at) of every lease in the database."""
    store = await Store.open(database)
    try:
        return [(held.holder.pid, held.renewed_at) for held in await Leases(store.db).held()]
    finally:
        await store.close()


async def steal(database: str) -> None:
    """Another process's takeover of every lease, as it does once a lease lapsed."""
    store = await Store.open(database)
    try:
        await store.db.write([Statement("UPDATE shard_leases SET holder = 'another process'")])
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def stopped_at_the_end(*bots: BotProcess) -> AsyncIterator[None]:
    try:
        yield
    finally:
        for bot in bots:
            await bot.stop()


async def test_a_second_process_for_the_same_interactions_is_refused(
    discord_env: Emulator, database: str, tmp_path: Path
) -> None:
    def process() -> BotProcess:
        return BotProcess(discord_env, None, database, tmp_path, lease_seconds=EVERY)

    first, second, after_stop, after_kill = process(), process(), process(), process()
    async with stopped_at_the_end(first, second, after_stop, after_kill):
        await first.start()
        code = await second.exit_code()
        told = "".join(second.lines)
        assert code != 0, told
        assert REFUSED in told, told
        assert f"host {socket.gethostname()}, pid {first.pid}, started " in told
        errors = [line for line in told.splitlines() if line.startswith("error:")]
        assert "Traceback" not in told and len(errors) == 1 and REFUSED in errors[0], told
        assert [pid for pid, _at in await leases(database)] == [first.pid]  # still the first's

        await first.stop()  # SIGTERM: a clean stop gives the lease back
        assert await leases(database) == []
        await after_stop.start()

        await after_stop.kill()  # SIGKILL: its lease stays, but its process is gone
        assert [pid for pid, _at in await leases(database)] == [after_stop.pid]
        await after_kill.start()  # this host's process is gone: no wait for the lapse
        assert [pid for pid, _at in await leases(database)] == [after_kill.pid]

        # Its lease taken over (as after a renewal gap past the expiry): it stops by itself.
        await steal(database)
        assert await after_kill.ended() != 0
        told = "".join(after_kill.lines)
        assert "error: another process took over this one's shards" in told, told
        assert "Traceback" not in told, told


async def test_a_lease_of_another_host_holds_until_it_lapses(
    discord_env: Emulator, database: str, tmp_path: Path
) -> None:
    store = await Store.open(database)
    remote = Holder("remote", "another-host", 4242, time.time())
    leases_db = Leases(store.db)

    async def renewing() -> None:  # that process runs on, renewing its lease
        while True:
            await leases_db.renew(remote, time.time())
            await asyncio.sleep(EVERY / 2)

    await leases_db.take(ALL, remote, time.time(), EVERY * RENEWALS)
    keeper = asyncio.create_task(renewing())
    refused = BotProcess(discord_env, None, database, tmp_path, lease_seconds=EVERY)
    later = BotProcess(discord_env, None, database, tmp_path, lease_seconds=EVERY)
    try:
        async with stopped_at_the_end(refused, later):
            assert await refused.exit_code() != 0
            told = "".join(refused.lines)
            assert REFUSED in told and "host another-host, pid 4242, started " in told, told
            keeper.cancel()  # that machine is lost: its lease lapses
            with contextlib.suppress(asyncio.CancelledError):
                await keeper
            [(_pid, renewed)] = await leases(database)
            await asyncio.sleep(max(0.0, renewed + EVERY * RENEWALS - time.time()) + 0.1)
            await later.start()
            assert [pid for pid, _at in await leases(database)] == [later.pid]
    finally:
        keeper.cancel()
        await store.close()
