"""``python -m bot demo GAME``: a whole game through the table host, no Discord token needed.

Seat 1 is a stand-in person ("You") who presses moves through :meth:`TableHost.play` exactly as
the Discord adapter would, choosing them as a medium computer player would; every other seat
is a computer player of the host. Everything goes through a real SQLite file in ``--out``. Writes
one board PNG per table post (``post-NNN.png``), each player's starting hand (``hand-seatN.png``),
the log (``log.txt``) and the finished game's record (``record.json``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from pathlib import Path
from typing import Any

from games import BadOptions, get_game
from games.base import choose
from games.cli import option_pairs
from games.registry import UnknownGame

from .host import HostError, Outcome, TableHost
from .host.lobby import DEFAULT_LEVEL
from .host.posts import private_note

CHANNEL, GUILD, YOU = 1, 1, 1


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


async def _play(host: TableHost, args: argparse.Namespace, out: Path) -> dict[str, Any]:
    game = get_game(args.game)
    await host.create_lobby(CHANNEL, GUILD, args.game, option_pairs(args.option), YOU, "You", seed=args.seed)
    for _ in range(args.players - 1):
        await host.add_computer(CHANNEL, YOU, DEFAULT_LEVEL)
    writer = _Writer(out)
    outcome = await host.start(CHANNEL, YOU)
    await _write_hands(host, out)
    rng = random.Random(args.seed)
    same_turn = False
    while True:
        writer.post(outcome, same_turn=same_turn)
        if outcome.post is not None:
            await host.set_post(CHANNEL, 10_000 + writer.count, outcome.post.version)
        if outcome.table.status == "finished":
            break
        if outcome.computers_next:  # a computer showed a value on its own post: it goes on
            following = await host.computers_move(CHANNEL)
            if following is not None:
                outcome, same_turn = following, False
                continue
        version, menu = await host.menu(CHANNEL, YOU)
        row = await host.store.get_table(CHANNEL)
        assert row is not None and row.state is not None and menu
        move = choose(game, DEFAULT_LEVEL, row.state, 1, rng)  # the stand-in person decides
        outcome = await host.play(CHANNEL, YOU, move, version=version)
        same_turn = (outcome.post is not None and len(outcome.applied) == 1
                     and YOU in outcome.post.to_move_user_ids)
    (out / "log.txt").write_text("\n".join(writer.log) + "\n", encoding="utf-8")
    [game_row] = (await host.store.games_in_channel(CHANNEL))[-1:]
    stored = await host.store.game(game_row)
    assert stored is not None
    (out / "record.json").write_text(json.dumps(stored["record"], indent=1) + "\n", encoding="utf-8")
    return {"posts": writer.count, "moves": len(stored["record"]["moves"]),
            "result": stored["result"], "status": outcome.post.status if outcome.post else ""}


async def _write_hands(host: TableHost, out: Path) -> None:
    """Every seat's starting hand, computer players' included (the demo may show them)."""
    row = await host.store.get_table(CHANNEL)
    assert row is not None and row.state is not None
    game = get_game(row.game_id)
    for seat in range(1, len(row.seats) + 1):
        note = await asyncio.to_thread(private_note, game, row, row.state, seat)
        if note.image_png:
            (out / f"hand-seat{seat}.png").write_bytes(note.image_png)


async def _run(args: argparse.Namespace) -> dict[str, Any]:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    db = out / "demo.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    host = await TableHost.open(str(db))
    try:
        return await _play(host, args, out)
    finally:
        await host.close()


def main(args: argparse.Namespace) -> int:
    try:
        summary = asyncio.run(_run(args))
    except (HostError, BadOptions, UnknownGame) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{args.game}: {summary['moves']} moves, {summary['posts']} table posts -> {args.out}/")
    print(summary["status"])
    return 0
