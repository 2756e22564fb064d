"""``python -m bot forget-user ID``: what Tablée keeps about one person, removed.

Gone: their language (the Discord locale last seen), their DM choice and their personal links
to the live table's pages; in every finished or
abandoned game, their name and Discord id: the seat is marked forgotten and reads "a former
player" in the reader's language (``/history``, ``/replay``, the leaderboard; the name is not
stored in any language, so a French reader reads "un ancien joueur"). Their own ratings (a
season's too, and a season's title of champion) go to a random token that nothing links to
them, shared by all their games, so the games' results stand and everyone else's ratings stay
what they were, a ``rebuild-ratings`` included.

In tournaments: out of those signing up; in the others a number nothing links to them stands
for them in the standings and pairings, their name read as "a former player" too; an organiser's
name and id go from their tournaments.

It refuses, changing nothing, while the person sits at a live table (a lobby or a game in
play) or plays in a tournament under way: their seat there is still theirs; run it again once
those are over. Everything
is one transaction, safe while the bot runs. One sentence on stdout (or stderr: exit 1, also
for an id nothing is stored about, most likely mistyped; a malformed id: exit 2).
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

from games.cli import counted

from ..config import Config
from ..service.rules.substitutes import record_changes
from ..service.rules.wording import FORGOTTEN, FORMER_PLAYER
from ..storage import Store
from ..storage.columns import dumped
from ..storage.database import Statement, Transaction
from ..storage.skill import BEFORE
from ..storage.url import shown
from .environment import CONFIG, epilog, paragraphs
from .runner import offline


class StillSeated(Exception):
    """The person sits at a live table: the sentence says where."""


def _seated(seats: str, user_id: int) -> bool:
    """Whether the person played one of these seats (before a substitute took it, too)."""
    return any(p.get("user_id") == user_id for s in json.loads(seats)
               for p in [s, *s.get(BEFORE, [])])


def _anonymous(entry: dict[str, Any], user_id: int, token: str) -> dict[str, Any]:
    if entry.get("user_id") != user_id:
        return entry
    return {**entry, "user_id": None, "name": "", "bot_level": None, FORGOTTEN: token}


def _record_name(person: dict[str, Any]) -> str:
    """A person as a record names them (records are English: a forgotten one is "a former
    player", the name :data:`~bot.service.rules.wording.FORMER_PLAYER` gives in English)."""
    return FORMER_PLAYER if person.get(FORGOTTEN) else str(person["name"])


def _forgotten(seats: list[dict[str, Any]], user_id: int, token: str) -> list[dict[str, Any]]:
    """The seats with the person's made anonymous (the rest of each seat kept: a seat a
    computer took over stays left out of the ratings), where they played it before a
    substitute too."""
    out = []
    for seat in seats:
        seat = _anonymous(seat, user_id, token)
        if seat.get(BEFORE):
            seat = {**seat, BEFORE: [_anonymous(b, user_id, token) for b in seat[BEFORE]]}
        out.append(seat)
    return out


async def forget(store: Store, user_id: int) -> dict[str, int]:
    """Forget ``user_id`` (see the module doc); what changed, counted. :class:`StillSeated`
    while they sit at a live table."""
    token = secrets.token_hex(8)
    like = f"%{user_id}%"  # a cheap first filter; the JSON decides
    async with store.db.transaction() as tx:
        live = [channel for channel, seats in await tx.fetchall(
            "SELECT channel_id, seats FROM tables WHERE seats LIKE ?", (like,))
            if _seated(seats, user_id)]
        if live:
            raise StillSeated(
                f"User {user_id} sits at {counted(len(live), 'live table', 'live tables')} "
                f"(channel {', '.join(map(str, sorted(live)))}); nothing was changed: run "
                "forget-user again once those tables are over.")
        playing = [tid for tid, in await tx.fetchall(
            "SELECT p.tournament_id FROM tournament_players p JOIN tournaments t"
            " ON t.id = p.tournament_id WHERE p.user_id = ? AND t.status = 'running'"
            " AND p.withdrawn_after IS NULL ORDER BY p.tournament_id", (user_id,))]
        if playing:
            raise StillSeated(
                f"User {user_id} plays in "
                f"{counted(len(playing), 'tournament under way', 'tournaments under way')} "
                f"(tournament {', '.join(map(str, playing))}); nothing was changed: run "
                "forget-user again once they are over (or once they left them).")
        games = 0
        for row, seats, record in await tx.fetchall(
                "SELECT id, seats, record FROM games WHERE seats LIKE ?", (like,)):
            if _seated(seats, user_id):
                kept = _forgotten(json.loads(seats), user_id, token)
                rec = json.loads(record)
                if rec.get("substitutes"):  # the record names the people of a changed seat
                    rec["substitutes"] = record_changes(kept, _record_name)
                games += await tx.run(Statement(
                    "UPDATE games SET seats = ?, record = ? WHERE id = ?",
                    (dumped(kept), dumped(rec), row)))
        other = await tx.run(Statement(
            "UPDATE player_results SET user_id = NULL WHERE user_id = ?", (user_id,)))
        other += await tx.run(Statement("UPDATE move_log SET user_id = NULL WHERE user_id = ?",
                                        (user_id,)))
        ratings = 0
        for table, column in (("ratings", "player"), ("season_ratings", "player"),
                              ("seasons", "champion")):  # a season's champion: not a rating
            changed = await tx.run(Statement(
                f"UPDATE {table} SET {column} = ? WHERE {column} = ?",
                (f"f:{token}", f"u:{user_id}")))
            ratings += changed if column == "player" else 0
        prefs = await tx.run(Statement("DELETE FROM dm_prefs WHERE user_id = ?", (user_id,)))
        prefs += await tx.run(Statement("DELETE FROM user_locales WHERE user_id = ?",
                                        (user_id,)))
        for kept in ("notify_prefs", "held_turns", "waiting_dms", "waiting_tables",
                     "vacations"):
            prefs += await tx.run(Statement(f"DELETE FROM {kept} WHERE user_id = ?", (user_id,)))
        other += await tx.run(Statement("DELETE FROM web_links WHERE user_id = ?", (user_id,)))
        other += await _forget_in_tournaments(tx, user_id, like)
    return {"games": games, "ratings": ratings, "preferences": prefs, "records": other}


async def _forget_in_tournaments(tx: Transaction, user_id: int, like: str) -> int:
    """Out of the tournaments signing up; in the others (over, or left) a number nothing links
    to them stands for them, their name gone (read as "a former player"), so the standings and
    pairings stay what they were; a tournament they organised keeps no name or id of them (its
    server's admins still manage it). How many rows changed."""
    changed = await tx.run(Statement(
        "DELETE FROM tournament_players WHERE user_id = ? AND tournament_id IN"
        " (SELECT id FROM tournaments WHERE status = 'signup')", (user_id,)))
    stand_in = -1 - secrets.randbelow(2**62)  # no Discord id is negative
    changed += await tx.run(Statement(
        "UPDATE tournament_players SET user_id = ?, name = '' WHERE user_id = ?",
        (stand_in, user_id)))
    for tid, round_no, table, seats, forfeits in await tx.fetchall(
            "SELECT tournament_id, round, table_no, seats, forfeits FROM tournament_tables"
            " WHERE seats LIKE ?", (like,)):
        seated = json.loads(seats)
        if user_id not in seated:
            continue
        lost = json.loads(forfeits) if forfeits else None
        changed += await tx.run(Statement(
            "UPDATE tournament_tables SET seats = ?, forfeits = ? WHERE tournament_id = ?"
            " AND round = ? AND table_no = ?",
            (dumped([stand_in if u == user_id else u for u in seated]),
             None if lost is None else dumped([stand_in if u == user_id else u for u in lost]),
             tid, round_no, table)))
    changed += await tx.run(Statement(
        "UPDATE tournaments SET owner_id = 0, owner_name = '' WHERE owner_id = ?", (user_id,)))
    return changed


def summary(user_id: int, done: dict[str, int], where: str) -> str:
    """The one sentence of a success, with its counts."""
    return (f"Forgot user {user_id} in {where}: "
            f"{counted(done['preferences'], 'preference', 'preferences')} (language, DMs) "
            f"deleted, their name replaced by \"a former player\" in "
            f"{counted(done['games'], 'past game', 'past games')} and "
            f"{counted(done['ratings'], 'rating', 'ratings')} made anonymous; the games' results "
            "and everyone else's ratings are unchanged.")


def main(args: argparse.Namespace) -> int:
    async def job(config: Config) -> dict[str, int] | str:
        store = await Store.open(config.database)
        try:
            return await forget(store, args.user_id)
        except StillSeated as exc:
            return str(exc)
        finally:
            await store.close()

    done = offline(args.config, job)
    if isinstance(done, int):
        return done
    config, result = done
    if isinstance(result, str):
        print(f"error: {result}", file=sys.stderr)
        return 1
    if not any(result.values()):  # a mistyped id, most likely: not a success to report
        print(f"error: nobody with the id {args.user_id} is known in {shown(config.database)} "
              "(no game, rating or preference of theirs): nothing was changed. Check the id "
              "(in Discord: Developer Mode on, right-click the person > Copy User ID).",
              file=sys.stderr)
        return 1
    print(summary(args.user_id, result, shown(config.database)))
    return 0


def _user_id(text: str) -> int:
    if not text.strip().isdigit() or not 0 < int(text) < 2**63:
        raise argparse.ArgumentTypeError(
            f"'{text}' is not a Discord user id (a number like 123456789012345678: in Discord, "
            "turn on Developer Mode, then right-click the person > Copy User ID)")
    return int(text)


def add_parser(sub: Any) -> None:
    """``forget-user``, added to ``python -m bot``'s parser."""
    p_forget = sub.add_parser(
        "forget-user", help="remove what is stored about one person, then exit",
        description=paragraphs(
            "Delete a person's language and DM choice, and replace their name in past games by "
            "\"a former player\" (their results stay, so the others' ratings do not change). "
            "Refused while they sit at a table in play or in a lobby. Safe while the bot runs."),
        epilog=epilog(*CONFIG), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_forget.add_argument("user_id", type=_user_id, metavar="ID", help="the person's Discord "
                          "user id")
    p_forget.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_forget.set_defaults(main=main)
