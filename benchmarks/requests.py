"""Discord's request budget at scale: ``python -m benchmarks.requests``.

The real bot (discord.py) against the emulated Discord with Discord's limits on (50 requests a
second per bot token, interaction endpoints exempt; 5 posts and 5 edits per 5 s per channel; 5
requests per 2 s per interaction token): numbers, not assertions.

1. **Tables at once.** ``--tables`` tables (two people each, in their threads, the default place)
   play concurrently through the menus for ``--seconds``: human moves a second, requests on the
   bot's token and on interactions per human move, the busiest second of bot-token requests,
   429s by scope. Run once as the bot runs (posts carried by the movers' interactions) and once
   with the carriers off (every post on the bot's token, as before issue 42).
2. **A burst.** ``--burst`` table posts due in the same instant on the bot's token (1,000 tables'
   clocks running out together, or their resumption after a restart): how long they take and
   how many 429s Discord gave, with the bot's global pace and without it.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from tests.e2e.budget import INTERACTION_ROUTES, human_moves
from tests.e2e.emulator.fixtures import running_emulator
from tests.e2e.emulator.sim import DiscordSim
from tests.e2e.test_play_helpers import (
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    to_move,
)

GAMES = ("master-islands", "isis-osiris", "maitre-des-mers", "ile-des-contrebandiers")


def _live_moves(db: Path) -> int:
    """Moves people made at the tables still playing (their move log)."""
    with sqlite3.connect(db) as conn:
        [(count,)] = conn.execute("SELECT count(*) FROM move_log WHERE user_id IS NOT NULL")
    return int(count)


def _kind(record: Any) -> str:
    return "interaction" if record.route.startswith(INTERACTION_ROUTES) else "bot"


async def tables_at_once(tables: int, seconds: float, carried: bool) -> dict[str, Any]:
    async with running_emulator() as emulator:
        sim = DiscordSim(emulator)
        sim.api.limits.person_pace = 0  # the windows at the real speed: people act at once here
        with tempfile.TemporaryDirectory() as folder:
            async with running_tablee(sim, Path(folder), tables_place="threads") as app:
                if not carried:
                    app.bot.poster.carriers.offer = lambda *_args: None  # type: ignore[method-assign]
                rng = random.Random(1)
                players = []
                for i in range(tables):
                    alice, bob = sim.user(f"alice{i}"), sim.user(f"bob{i}")
                    lobby, _seats = await lobby_of(sim, alice, [bob], game=GAMES[i % len(GAMES)])
                    players.append(({alice.id: alice, bob.id: bob}, sim.thread_of(lobby)))
                since = len(sim.requests)
                start = time.monotonic()

                async def play(users: dict[int, Any], thread: Any) -> None:
                    while time.monotonic() - start < seconds:
                        user = to_move(sim, users, thread)
                        if user is None:
                            return
                        await play_turn_by_menu(sim, user, rng, thread)

                await asyncio.gather(*(play(users, thread) for users, thread in players))
                elapsed = time.monotonic() - start
                moves = human_moves(app.db) + _live_moves(app.db)
                records = sim.requests[since:]
                kinds = Counter(_kind(r) for r in records)
                per_second = Counter(int(r.at - records[0].at) for r in records
                                     if _kind(r) == "bot") if records else Counter()
                hits = Counter(h.scope for h in sim.rate_limited)
                return {"carried": carried, "tables": tables, "seconds": elapsed,
                        "moves": moves,
                        "bot": kinds["bot"], "interaction": kinds["interaction"],
                        "busiest": max(per_second.values(), default=0), "429": dict(hits),
                        "waited": app.bot.pace.waited}


async def burst(posts: int, paced: bool) -> dict[str, Any]:
    async with running_emulator() as emulator:
        sim = DiscordSim(emulator)
        sim.api.limits.person_pace = 0  # the windows at the real speed
        with tempfile.TemporaryDirectory() as folder:
            async with running_tablee(sim, Path(folder)) as app:
                bot = app.bot
                if not paced:
                    bot.pace.per_second = 1e9
                    bot.pace.capacity = 1e9
                channels = [sim.channel(f"table-{i}") for i in range(posts)]
                await sim.wait_idle()
                since = len(sim.requests)
                start = time.monotonic()
                sent = await asyncio.gather(
                    *(bot.get_partial_messageable(c.id).send("Your turn.") for c in channels),
                    return_exceptions=True)
                elapsed = time.monotonic() - start
                records = [r for r in sim.requests[since:] if _kind(r) == "bot"]
                hits = Counter(h.scope for h in sim.rate_limited)
                return {"paced": paced, "posts": posts, "seconds": elapsed,
                        "requests": len(records), "429": dict(hits),
                        "lost": sum(1 for s in sent if isinstance(s, BaseException))}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.requests",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--burst", type=int, default=300)
    parser.add_argument("--only", choices=("tables", "burst"))
    args = parser.parse_args(argv)
    if args.only in (None, "tables"):
        for carried in (True, False):
            found = asyncio.run(tables_at_once(args.tables, args.seconds, carried))
            moves = max(1, found["moves"])
            print(f"{'carried' if carried else 'bot token only'}: {found['tables']} tables, "
                  f"{moves} human moves in {found['seconds']:.0f} s ({moves / found['seconds']:.1f}"
                  f" a second); bot-token requests {found['bot']} "
                  f"({found['bot'] / moves:.2f} a move, busiest second {found['busiest']}), "
                  f"interaction requests {found['interaction']} "
                  f"({found['interaction'] / moves:.2f} a move); 429s {found['429'] or 0}; "
                  f"paced {found['waited']:.1f} s")
    if args.only in (None, "burst"):
        for paced in (True, False):
            found = asyncio.run(burst(args.burst, paced))
            print(f"burst of {found['posts']} posts on the bot's token, "
                  f"{'paced' if paced else 'unpaced'}: {found['seconds']:.1f} s, "
                  f"{found['requests']} requests, 429s {found['429'] or 0}, posts that never "
                  f"went out (discord.py gave up) {found['lost']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
