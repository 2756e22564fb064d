"""``python -m bot health``: the container image's HEALTHCHECK, without contacting Discord.

Healthy (exit 0, one line on stdout): the config loads, the database opens, and the bot this
container (this machine: its /tmp) last started still holds its shard lease, renewed within the
time after which another process may take it over (``discord.lease_seconds`` times
:data:`~bot.app.lease.RENEWALS`). So its event loop runs and it reaches its database. Otherwise
exit 1 and one sentence on stderr (a bad config: exit 2, as ``check``).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from ..config import Config
from ..storage import Store
from ..storage.leases import Lease, Leases
from ..storage.url import shown
from .environment import CONFIG, epilog, paragraphs
from .lease import RENEWALS, memo_path, previous_token
from .runner import offline


async def _leases(config: Config) -> tuple[str, list[Lease]] | None:
    """The token the bot started here left, and the database's leases; None when no bot took
    its lease here yet (then the database is not opened: a health check every minute must not
    create, or migrate, a database)."""
    token = previous_token(memo_path(config.database))
    if token is None:
        return None
    store = await Store.open(config.database)
    try:
        return token, await Leases(store.db).held()
    finally:
        await store.close()


def main(config_path: str | None) -> int:
    done = offline(config_path, _leases)
    if isinstance(done, int):
        return done
    config, found = done
    if found is None:
        print("unhealthy: no bot has taken its lease here yet (starting, or it stopped: see its "
              "log)", file=sys.stderr)
        return 1
    token, leases = found
    renewed = [lease.renewed_at for lease in leases if lease.holder.token == token]
    if not renewed:
        print("unhealthy: the bot started here holds no lease on database "
              f"{shown(config.database)} (it stopped, or another process took over)",
              file=sys.stderr)
        return 1
    age = max(0.0, time.time() - max(renewed))
    expiry = config.lease_seconds * RENEWALS
    if age >= expiry:
        print(f"unhealthy: the bot started here last renewed its lease {age:.0f} s ago "
              f"(every {config.lease_seconds:g} s expected): it is stuck or cannot write to "
              "its database", file=sys.stderr)
        return 1
    print(f"ok: the bot holds its lease, renewed {age:.0f} s ago")
    return 0


def add_parser(sub: Any) -> None:
    """``health``, added to ``python -m bot``'s parser."""
    p_health = sub.add_parser(
        "health", help="exit 0 while the bot started here runs (the image's HEALTHCHECK)",
        description=paragraphs(
            "Exit code 0 when the bot started on this machine (in this container) holds its "
            "lease on the database, renewed in time: its event loop runs and it reaches its "
            "database. Otherwise exit code 1 and one sentence saying why (2: the config). Opens "
            "the database as check does (once a bot started here); Discord is not contacted."),
        epilog=epilog(*CONFIG),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_health.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_health.set_defaults(main=lambda args: main(args.config))
