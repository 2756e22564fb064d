"""The bot process's shard leases (:mod:`bot.storage.leases`): taken before it connects to
Discord, renewed every ``discord.lease_seconds`` while it runs, given back when it stops.

A process whose shards another live process holds does not start: one sentence names that
process's host, pid and start time and says what to do. A lease is free once it went
:data:`RENEWALS` renewals without one (the process was killed or its host lost). A process that
finds its own lease taken over (it could not renew for that long, e.g. the database was out of
reach) stops: two processes must never answer the same clicks.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import socket
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from ..shards import Shards
from ..storage.database import Database
from ..storage.errors import Unavailable
from ..storage.leases import Holder, Lease, LeaseHeld, Leases

log = logging.getLogger("tablee")

RENEWALS = 3
"""A lease not renewed for this many renewal periods is free."""


class LeaseRefused(RuntimeError):
    """This process may not start: its sentence for the owner is the message."""


def when(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def held_sentence(lease: Lease, shards: Shards, expiry: float) -> str:
    """Why this process does not start, and what to do, in one sentence."""
    other = lease.holder
    if shards.count == 1 and lease.shard_count == 1:
        what = "this bot's interactions"
        instead = "stop that process first (two would both answer every click)"
    elif lease.shard_count != shards.count:
        what = f"this bot's shards as {lease.shard_count} shards (this process: {shards.count})"
        instead = "stop it first, or give every process the same shard_count"
    else:
        what = f"shard {lease.shard} of {lease.shard_count}"
        instead = "stop that process first, or give this one other shard_ids"
    return (f"another Tablée process already serves {what} with this database: host "
            f"{other.host}, pid {other.pid}, started {when(other.started_at)}; {instead}; if that "
            f"process is gone (killed), its claim lapses at {when(lease.renewed_at + expiry)} "
            "and this one can start then")


def ended(holder: Holder, me: Holder, before: str | None = None) -> bool:
    """Whether ``holder`` (another lease's) is known to have ended: a process of this host that
    is no longer running (killed, out of memory), or this process's own previous life (the same
    container started again: its main process has the same pid every time, and ``before``, the
    token its previous life left in :func:`memo_path`, is the holder's). A supervisor's restart
    after a crash then starts at once instead of waiting for the old lease to lapse.

    The same host and pid with another token is NOT taken for ended: containers run with
    ``--network host`` all carry the host's name and run the bot as pid 1, so that is a live bot
    in another container (two of them used to evict each other at every restart); only its
    lease's age tells."""
    if holder.host != me.host:
        return False  # another machine's: only its lease's age tells
    if holder.pid == me.pid:
        return before is not None and holder.token == before
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False  # running, as another user
    return False


def memo_path(database: str) -> Path:
    """Where this machine (this container: its own /tmp, kept across ``docker restart`` and
    never shared through the data volume) keeps the token of the last bot it ran on
    ``database``, for :func:`ended`."""
    key = hashlib.sha256(database.encode()).hexdigest()[:16]
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"tablee-{uid}-{key}.lease"


def previous_token(memo: Path | None) -> str | None:
    """The token :meth:`ShardLease.take` left in ``memo`` (None: none, or unreadable)."""
    if memo is None:
        return None
    try:
        text = memo.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if text.isalnum() and len(text) <= 64 else None


class ShardLease:
    """This process's leases on ``shards``: :meth:`take`, then :meth:`keep` runs alongside the
    bot, :meth:`release` at a clean stop. ``memo``: the file of :func:`memo_path` (None: this
    process leaves no token, so it never takes a lease of its own pid for its previous life)."""

    def __init__(self, db: Database, shards: Shards, every: float,
                 clock: Callable[[], float] = time.time,
                 gone: Callable[[Holder, Holder, str | None], bool] | None = None,
                 memo: Path | None = None) -> None:
        self.leases = Leases(db)
        self.shards = shards
        self.every = every
        self.expiry = every * RENEWALS
        self.clock = clock
        self.me = Holder(secrets.token_hex(8), socket.gethostname(), os.getpid(), clock())
        self._gone = ended if gone is None else gone
        self.memo = memo
        self.before = previous_token(memo)

    def gone(self, holder: Holder) -> bool:
        return self._gone(holder, self.me, self.before)

    async def take(self) -> None:
        """LeaseRefused (with its sentence) when another live process holds one of the shards."""
        try:
            await self.leases.take(self.shards, self.me, self.clock(), self.expiry, self.gone)
        except LeaseHeld as exc:
            raise LeaseRefused(held_sentence(exc.lease, self.shards, self.expiry)) from None
        if self.memo is not None:  # this container's next start knows its previous life
            try:
                self.memo.write_text(self.me.token, encoding="ascii")
            except OSError as exc:
                log.warning("could not note this process's lease token in %s (%s): a restart "
                            "of the same container waits for the old lease to lapse",
                            self.memo, exc.strerror or exc)
        log.info("shard lease taken (%s), renewed every %g s", self.shards_text(), self.every)

    def shards_text(self) -> str:
        return (f"shards {', '.join(map(str, self.shards.served))} of {self.shards.count}"
                if self.shards.count > 1 else "every shard")

    async def keep(self) -> None:
        """Renew every ``every`` seconds; returns only when the lease was lost (taken over
        by another process after this one could not renew in time)."""
        while True:
            await asyncio.sleep(self.every)
            try:
                held = await self.leases.renew(self.me, self.clock())
            except Unavailable as exc:  # the database is out of reach: try again next time
                log.warning("could not renew the shard lease: %s", exc.message)
                continue
            except Exception:  # noqa: BLE001 - renewing must go on whatever one try met
                log.warning("could not renew the shard lease", exc_info=True)
                continue
            if held == 0:
                log.error("the shard lease was taken over by another process (this one could not "
                          "renew it for %g s): stopping, so that only one answers", self.expiry)
                return

    async def release(self) -> None:
        try:
            await self.leases.release(self.me)
        except Exception:  # noqa: BLE001 - the lease lapses by itself anyway
            log.warning("could not give the shard lease back; it lapses in %g s", self.expiry,
                        exc_info=True)
