"""Discord's request budget, counted on the e2e games (issue 42).

A bot may make 50 requests a second with its own token, for the whole bot; requests on an
interaction's token (acknowledgements, responses, followups and their edits) are not counted.
The whole-game tests of every game count what a game cost, print it, and hold the table's
requests on the bot's token to :data:`BUDGET` per human move. Turn DMs are counted apart: at a
live table (the default) they wait a minute of idleness, so a quick game sends none; at a table
whose DMs go at once (``turn_dm_after=0``, as at a daily table), each turn costs its DM.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BUDGET = 0.3
"""Requests on the bot's token for the table (its posts, its summary, its thread) per human
move over a whole game, at most."""

INTERACTION_ROUTES = ("/webhooks/", "/interactions/")
CHANNEL = re.compile(r"^/api/v\d+/channels/(\d+)")


def human_moves(db: Path) -> int:
    """Moves people made in the finished games of the database (their records' moves by a seat a
    person held)."""
    with sqlite3.connect(db) as conn:
        games = conn.execute("SELECT seats, record FROM games").fetchall()
    moves = 0
    for seats, record in games:
        people = {i for i, seat in enumerate(json.loads(seats), start=1)
                  if seat.get("user_id") is not None}
        moves += sum(1 for move in json.loads(record)["moves"]
                     if isinstance(move, dict) and move.get("seat") in people)
    return moves


@dataclass
class Count:
    game: str
    moves: int
    table: Counter[str]  # bot-token requests for the table
    dms: Counter[str]  # bot-token requests for turn DMs
    start: Counter[str]  # bot-token requests of a process start (a restart in the game)
    interaction: Counter[str]
    posts: int = 0  # table posts (public messages showing the board) where the game played

    def per_move(self, counter: Counter[str]) -> float:
        return sum(counter.values()) / max(1, self.moves)

    def line(self) -> str:
        return (f"{self.game}: {self.moves} human moves, {self.posts} table posts "
                f"({self.posts / max(1, self.moves):.2f} a move); bot token: table "
                f"{sum(self.table.values())} ({self.per_move(self.table):.2f} a move), turn DMs "
                f"{sum(self.dms.values())} ({self.per_move(self.dms):.2f} a move), process "
                f"start {sum(self.start.values())}; interaction "
                f"{sum(self.interaction.values())} ({self.per_move(self.interaction):.2f} a move)")


def _is_dm(sim: Any, record: Any) -> bool:
    if record.route == "/users/@me/channels":
        return True
    found = CHANNEL.match(record.path)
    channel = sim.world.channels.get(int(found[1])) if found else None
    return channel is not None and channel.type == 1


def _posts(sim: Any) -> int:
    """Public messages that showed a board, in any channel or thread (a retired post that
    showed a value has lost its board since: it is counted by its history)."""
    return sum(1 for m in sim.world.messages.values()
               if m.visible_only_to is None and m.channel.type != 1
               and (any(a.filename == "board.png" for a in m.attachments)
                    or any("board.png" in str(old.get("attachments")) for old in m.history)))


def count(sim: Any, db: Path, game: str, since: int = 0) -> Count:
    """What the game played since request ``since`` cost, printed (``pytest -s`` shows it)."""
    found = Count(game, human_moves(db), Counter(), Counter(), Counter(), Counter(),
                  posts=_posts(sim))
    for record in sim.requests[since:]:
        key = f"{record.method} {record.route}"
        if record.route.startswith(INTERACTION_ROUTES):
            found.interaction[key] += 1
        elif _is_dm(sim, record):
            found.dms[key] += 1
        elif not record.route.startswith("/channels/"):
            found.start[key] += 1  # who am I, the commands, the emojis
        else:
            found.table[key] += 1
    print("\n" + found.line())
    return found


def assert_within_budget(sim: Any, db: Path, game: str, since: int = 0, *,
                         dms_at_once: bool = False) -> Count:
    """The game since request ``since`` cost at most :data:`BUDGET` bot-token requests per
    human move for its table, and, at a live table (``dms_at_once`` False), none for turn DMs."""
    found = count(sim, db, game, since)
    assert found.moves > 0
    assert found.per_move(found.table) <= BUDGET, found.line() + f" {dict(found.table)}"
    if not dms_at_once:
        assert not found.dms, found.line()
    return found
