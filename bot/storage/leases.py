"""Which running process answers each shard's interactions (migration 8).

Two bot processes answering the same interactions (the same shard ids, or none, on one database)
both answer every click: one's answer reaches Discord, the other's fails, and a lobby can vanish.
So a process takes a lease on each shard it serves before it connects, renews it while it runs
and gives it back when it stops. A lease not renewed for ``expiry`` seconds belongs to a process
that is gone (killed, or its host lost): it is free. A process is refused while another live one
holds one of its shards, or serves under another shard count (two shard layouts on one database
cannot be told apart shard by shard).

Taking is one read-modify-write transaction; two processes taking the same free shard at once
meet the shard's primary key, and the one that lost reads the winner's lease.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..shards import Shards
from .database import Database, Insert, Statement
from .errors import IntegrityError

COLUMNS = ("shard", "shard_count", "holder", "host", "pid", "started_at", "renewed_at")


@dataclass(frozen=True)
class Holder:
    """A running process: its random ``token`` (host and pid may repeat, the token does not)."""

    token: str
    host: str
    pid: int
    started_at: float


@dataclass(frozen=True)
class Lease:
    shard: int
    shard_count: int
    holder: Holder
    renewed_at: float

    def alive(self, now: float, expiry: float) -> bool:
        """Renewed within ``expiry`` seconds of ``now``."""
        return now - self.renewed_at < expiry


class LeaseHeld(Exception):
    """Another live process holds a shard this one would serve; ``lease`` is one of its."""

    def __init__(self, lease: Lease) -> None:
        super().__init__(f"shard {lease.shard} of {lease.shard_count} is held by "
                         f"{lease.holder.host} (pid {lease.holder.pid})")
        self.lease = lease


class Leases:
    """Shard-lease SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def take(self, shards: Shards, me: Holder, now: float, expiry: float,
                   gone: Callable[[Holder], bool] = lambda holder: False) -> None:
        """Lease every shard ``shards`` serves to ``me``; LeaseHeld when another live process
        (renewed within ``expiry`` seconds, and not ``gone``: known to have ended, which the
        caller can tell for a process of its own host) holds one of them or serves another shard
        count. Stale leases are removed on the way."""
        for attempt in (1, 2):
            try:
                await self._take(shards, me, now, expiry, gone)
                return
            except IntegrityError:  # another process took a free shard at the same moment
                if attempt == 2:
                    raise

    async def _take(self, shards: Shards, me: Holder, now: float, expiry: float,
                    gone: Callable[[Holder], bool]) -> None:
        async with self._db.transaction() as tx:
            rows = await tx.fetchall(f"SELECT {', '.join(COLUMNS)} FROM shard_leases")
            ended = {me.token}
            for lease in map(lease_of, rows):
                if lease.holder.token in ended or gone(lease.holder):
                    ended.add(lease.holder.token)
                elif lease.alive(now, expiry) and (lease.shard_count != shards.count
                                                          or lease.shard in shards.served):
                    raise LeaseHeld(lease)
            marks = ", ".join("?" for _ in ended)
            await tx.run(Statement(
                f"DELETE FROM shard_leases WHERE renewed_at <= ? OR holder IN ({marks})",
                (now - expiry, *sorted(ended))))
            await tx.run(Insert("shard_leases", COLUMNS, [
                (shard, shards.count, me.token, me.host, me.pid, me.started_at, now)
                for shard in shards.served]))

    async def renew(self, me: Holder, now: float) -> int:
        """Mark ``me``'s leases alive; how many it still holds (0: taken over as stale)."""
        [renewed] = await self._db.write([Statement(
            "UPDATE shard_leases SET renewed_at = ? WHERE holder = ?", (now, me.token))])
        return renewed

    async def release(self, me: Holder) -> None:
        """Give ``me``'s leases back (a clean stop): the next process may start at once."""
        await self._db.write([Statement("DELETE FROM shard_leases WHERE holder = ?",
                                        (me.token,))])

    async def held(self) -> list[Lease]:
        """Every lease, live or stale, by shard."""
        rows = await self._db.fetchall(
            f"SELECT {', '.join(COLUMNS)} FROM shard_leases ORDER BY shard")
        return [lease_of(row) for row in rows]


def lease_of(row: Sequence[object]) -> Lease:
    """A lease from a row of :data:`COLUMNS`."""
    shard, count, token, host, pid, started, renewed = row
    return Lease(int(shard), int(count),  # type: ignore[call-overload]
                 Holder(str(token), str(host), int(pid), float(started)),  # type: ignore[arg-type]
                 float(renewed))  # type: ignore[arg-type]
