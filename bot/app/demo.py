"""``python -m bot demo GAME``: a whole game through the table host, no Discord token needed.

Seat 1 is a stand-in person ("Alex", a name that reads in every language: "You" would need
"You plays" / "Vous pose") who presses moves through
:meth:`~bot.service.play.PlayService.play` exactly as the Discord adapter would, choosing them as a medium computer player would; every other seat
is a computer player of the host. Everything goes through a real SQLite file in ``--out``. Writes
one board PNG per table post (``post-NNN.png``), each player's starting hand (``hand-seatN.png``),
the log (``log.txt``) and the finished game's record (``record.json``), in ``--language`` (the
server's language of the demo table, and seat 1's).

The output folder: a new or empty one is used; one holding only a previous demo's files is
cleared first (so no post of a longer earlier game is left behind); one holding anything else is
refused, as is a folder that cannot be written. Each failure is one sentence on stderr and exit
code 2 (the command's own words stay English: server owners run it).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
from pathlib import Path
from typing import Any

from games import BadOptions, choose, echo, get_game
from games.cli import games_help, option_pairs
from games.registry import UnknownGame
from i18n import DEFAULT, LANGUAGES

from ..service import HostError, Outcome, Services
from ..service.rules.lobby import DEFAULT_LEVEL
from ..service.rules.posts import private_note
from .environment import epilog, paragraphs

CHANNEL, GUILD, YOU = 1, 1, 1
OWN_FILES = re.compile(r"post-\d+\.png|hand-seat\d+\.png|log\.txt|record\.json|demo\.db(-wal|-shm)?")
"""What a demo writes in its folder (and so may clear there)."""


class DemoError(Exception):
    """A sentence for the person running the command."""


class _Writer:
    """Numbers the posts and keeps the text log."""

    def __init__(self, out: Path) -> None:
        self.out = out
        self.count = 0
        self.log: list[str] = []

    def post(self, outcome: Outcome, *, same_turn: bool = False) -> None:
        """A new post, or (``same_turn``: the person moves on) the current one edited in place,
        as the Discord adapter does: its image is replaced, its lines go on."""
        post = outcome.post
        assert post is not None
        if same_turn and self.count:
            self.count -= 1
            self.log.append("(edited in place)")
        name = f"post-{self.count:03d}.png"
        if post.image_png:
            (self.out / name).write_bytes(post.image_png)
        self.log += [f"[{name} v{post.version}]",
                     *(f"(shown once) {text}" if once else text for text, once in post.in_order()),
                     f"» {post.status}"]
        self.count += 1


STAND_IN = "Alex"
"""The stand-in person's display name (a name, so every sentence about them agrees)."""


async def _play(host: Services, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    game = get_game(args.game)
    await host.languages.set_guild_language(GUILD, args.language)
    await host.languages.remember_locale(YOU, args.language)
    you = STAND_IN
    await host.lobbies.create_lobby(CHANNEL, GUILD, args.game, option_pairs(args.option), YOU, you,
                            seed=args.seed)
    for _ in range(args.players - 1):
        await host.lobbies.add_computer(CHANNEL, YOU, DEFAULT_LEVEL)
    writer = _Writer(out)
    outcome = await host.lobbies.start(CHANNEL, YOU)
    await _write_hands(host, out, args.language)
    rng = random.Random(args.seed)
    same_turn = False
    while True:
        writer.post(outcome, same_turn=same_turn)
        if outcome.post is not None:
            await host.ledger.set_post(CHANNEL, 10_000 + writer.count, outcome.post.version)
        if outcome.table.status == "finished":
            break
        if outcome.computers_next:  # a computer showed a value on its own post: it goes on
            following = await host.moves.computers_move(CHANNEL)
            if following is not None:
                outcome, same_turn = following, False
                continue
        version, menu = await host.views.menu(CHANNEL, YOU)
        row = await host.store.tables.get_table(CHANNEL)
        assert row is not None and row.state is not None and menu
        move = choose(game, DEFAULT_LEVEL, row.state, 1, rng)  # the stand-in person decides
        outcome = await host.moves.play(CHANNEL, YOU, move, version=version)
        same_turn = (outcome.post is not None and len(outcome.applied) == 1
                     and YOU in outcome.post.to_move_user_ids)
    (out / "log.txt").write_text("\n".join(writer.log) + "\n", encoding="utf-8")
    [game_row] = (await host.store.history.games_in_channel(CHANNEL))[-1:]
    stored = await host.store.history.game(game_row)
    assert stored is not None
    (out / "record.json").write_text(json.dumps(stored["record"], indent=1) + "\n", encoding="utf-8")
    return {"posts": writer.count, "moves": len(stored["record"]["moves"]),
            "result": stored["result"], "status": outcome.post.status if outcome.post else ""}


async def _write_hands(host: Services, out: Path, code: str) -> None:
    """Every seat's starting hand, computer players' included (the demo may show them)."""
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.state is not None
    game = get_game(row.game_id)
    for seat in range(1, len(row.seats) + 1):
        note = await asyncio.to_thread(private_note, game, row, row.state, seat, None, code)
        if note.image_png:
            (out / f"hand-seat{seat}.png").write_bytes(note.image_png)


def prepare(out: Path) -> None:
    """The output folder, made or cleared of a previous demo's files; DemoError (a sentence)
    for a folder holding other files or one that cannot be written."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        others = sorted(p.name for p in out.iterdir() if not OWN_FILES.fullmatch(p.name))
        if others:
            raise DemoError(f"{out} already holds other files ({echo(', '.join(others[:3]))}); "
                            "choose a new or empty folder with --out.")
        for old in out.iterdir():
            old.unlink()
        probe = out / "log.txt"
        probe.write_text("", encoding="utf-8")
    except OSError as exc:
        raise DemoError(f"cannot write to {out}: {exc.strerror or exc}.") from None


def check(args: argparse.Namespace) -> None:
    """Refuse an unknown game, a bad option or player count (a sentence) before the output
    folder is touched: a failed demo leaves the previous one's files as they were."""
    get_game(args.game).normalize_options(args.players, option_pairs(args.option))


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    out = Path(args.out)
    check(args)
    prepare(out)
    host = await Services.open(str(out / "demo.db"))
    try:
        return await _play(host, args, out)
    finally:
        await host.close()


def main(args: argparse.Namespace) -> int:
    try:
        summary = asyncio.run(_run(args))
    except (HostError, BadOptions, UnknownGame, DemoError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the folder went away or filled up while the game was written
        print(f"error: cannot write to {args.out}: {exc.strerror or exc}.", file=sys.stderr)
        return 2
    print(f"{args.game}: {summary['moves']} moves, {summary['posts']} table posts -> {args.out}/")
    print(summary["status"])
    return 0


def add_parser(sub: Any) -> None:
    """This subcommand's parser, added to ``python -m bot``'s."""
    p_demo = sub.add_parser(
        "demo", help="play a game with computer players, write the images",
        description=paragraphs(
            f"Play a whole game through the table host (seat 1 is {STAND_IN}, a person whose "
            "moves a medium computer chooses; the others are computer players) and write each "
            "table post's image, the starting hands, the log and the record into --out. A "
            "folder holding a previous demo is cleared first; a folder holding anything else is "
            "refused. Needs no Discord and no config (the game's database is written into --out "
            "too)."),
        epilog=f"{games_help()}\n\n{epilog()}",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_demo.add_argument("game", help="a game id (listed below)")
    p_demo.add_argument("--players", type=int, default=3,
                        help="how many seats, seat 1 included (default: 3)")
    p_demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a table option, e.g. --option first=2 (see /rules for each game)")
    p_demo.add_argument("--seed", type=int, default=1,
                        help="the deal and every roll; the same seed plays the same game "
                        "(default: 1)")
    p_demo.add_argument("--out", default="demo-out",
                        help="folder for the files (default: demo-out)")
    p_demo.add_argument("--language", choices=sorted(LANGUAGES), default=DEFAULT,
                        help="the language of the posts, images and log (default: en)")
    p_demo.set_defaults(main=main)
