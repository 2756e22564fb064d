"""Replay numbers: ``python -m benchmarks.replays [--seeds N] [--runs 3]``, printed, never
asserted.

For each game, the longest of ``--seeds`` seeded games played by computer players (most turns;
Master Islands with 4 players, also at the weakest level, whose games last longest, Isis & Osiris
4, Le Maître des Mers 6, L'île des contrebandiers 4) is replayed ``--runs`` times: the replay's
size, format, frames (and turns per frame), and the build time, wall clock and CPU, as
medians. ``draw_cpu_s`` is the CPU of drawing the boards the replay shows alone (in a steady
series, at full size) and ``lzw_cpu_s`` of Pillow's LZW coding of the bands its frames are
stored as, each coded once: the least any build of these frames with that coder costs (a build
codes some bands twice, keeping the smaller); ``mpx_turn``, those bands' megapixels a turn. The
rest of ``cpu_s`` is palette mapping,
captions, frames and the encoder's other work (and, for a replay that did not fit at full size,
the attempt). ``kb_turn``: bytes per turn (8 MB over 400 turns is 20 KB). ``peak_mb``: the
growth of the process's peak resident memory during the first build (0 once an earlier game's
build peaked higher: read the first game's, or run one game with ``--game``). With ``--loop``,
one more build runs in a thread as the bot runs it (``asyncio.to_thread``) while the event loop
sleeps 10 ms again and again: ``loop_ms`` is how late those sleeps came back, median / p95 / max
(what a build costs the bot's other tables). Targets (issue 28): every turn its own frame up to
400 turns under 8 MB; 1 s of CPU for a 200-turn game.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import time
from collections.abc import Callable
from typing import Any

from bot.catalog import board_drawer
from games import get_game
from games.records import simulate
from render import gif, kit
from render.replay import Boards, build, compose
from render.replay import turns as replay_turns

GAMES = (("master-islands", 4, False), ("master-islands", 4, True), ("isis-osiris", 4, False),
         ("maitre-des-mers", 6, False), ("ile-des-contrebandiers", 4, False))
"""(game, players, weakest): ``weakest`` plays every seat at the game's first (weakest) level,
whose games last longest; otherwise the default level of :func:`games.records.simulate`."""


def turns(record: dict[str, Any]) -> int:
    """Runs of moves by one seat (the replay's turns)."""
    seats = [m["seat"] for m in record["moves"]]
    return sum(1 for i, seat in enumerate(seats) if i == 0 or seat != seats[i - 1])


def longest(game_id: str, players: int, seeds: int, weakest: bool) -> tuple[int, dict[str, Any]]:
    levels = [next(iter(get_game(game_id).bots))] * players if weakest else None
    games = [(seed, simulate(game_id, players, seed, bots=levels)) for seed in range(1, seeds + 1)]
    return max(games, key=lambda pair: (turns(pair[1]), -pair[0]))


def bench(game_id: str, players: int, weakest: bool, seeds: int, runs: int,
          loop: bool = False) -> dict[str, Any]:
    seed, record = longest(game_id, players, seeds, weakest)
    wall, cpu = [], []
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak = 0.0
    for run in range(runs):
        w, c = time.perf_counter(), time.process_time()
        made = build(record, board_drawer)
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
        if run == 0:
            peak = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    return {"game": game_id + (" (weakest level)" if weakest else ""), "players": players, "seed": seed, "moves": len(record["moves"]),
            "turns": made.turns, "frames": made.frames, "per_frame": made.turns_per_frame,
            "scale": made.scale, "format": made.format, "kb": round(len(made.data) / 1024),
            "kb_turn": round(len(made.data) / 1024 / max(1, made.turns), 1),
            "px": f"{made.size[0]}x{made.size[1]}", "peak_mb": round(peak),
            "wall_s": round(statistics.median(wall), 2), "cpu_s": round(statistics.median(cpu), 2),
            **parts_cpu(record, made.turns_per_frame, made.scale, made.turns),
            **({"loop_ms": "/".join(f"{ms:.1f}" for ms in loop_lag(
                lambda: build(record, board_drawer)))} if loop else {})}


def parts_cpu(record: dict[str, Any], per_frame: int, scale: int,
              turns: int) -> dict[str, float]:
    """One more pass over the replay's frames: the CPU seconds of drawing the boards it shows, of coding its changed bands once each with
    Pillow's LZW (:func:`render.gif.changed`, :func:`render.gif.image_data`), and those bands'
    megapixels a turn."""
    game, played = replay_turns(record)
    board = board_drawer(game.id)
    drawing = 0.0

    def timed(view: dict[str, Any]) -> Any:
        nonlocal drawing
        started = time.process_time()
        drawn = board(view)
        drawing += time.process_time() - started
        return drawn

    frames = iter(compose(played, Boards(game, played, timed, None), per_frame, scale))
    previous = next(frames)
    coding, pixels = 0.0, 0
    for frame in frames:
        tallest = max(frame.height, previous.height)
        now, before = (gif.padded(f, tallest, kit.BG_INDEX) for f in (frame, previous))
        for box in gif.changed(now, before)[1]:
            band = now.crop(box)
            started = time.process_time()
            gif.image_data(band, box[:2])
            coding += time.process_time() - started
            pixels += band.width * band.height
        previous = frame
    return {"draw_cpu_s": round(drawing, 2), "lzw_cpu_s": round(coding, 2),
            "mpx_turn": round(pixels / 1e6 / max(1, turns), 2)}


def loop_lag(job: Callable[[], object], tick: float = 0.01) -> tuple[float, float, float]:
    """How late (ms) an event loop's ``tick``-second sleeps come back while ``job`` runs in a
    thread: median, p95, max."""

    async def measure() -> list[float]:
        late: list[float] = []
        running = asyncio.create_task(asyncio.to_thread(job))
        while not running.done():
            started = time.perf_counter()
            await asyncio.sleep(tick)
            late.append((time.perf_counter() - started - tick) * 1000)
        await running
        return sorted(late)

    late = asyncio.run(measure())
    return statistics.median(late), late[int(0.95 * (len(late) - 1))], late[-1]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.replays")
    parser.add_argument("--seeds", type=int, default=20, help="games tried per game (longest kept)")
    parser.add_argument("--runs", type=int, default=3, help="builds per game (median)")
    parser.add_argument("--game", choices=sorted({g for g, _, _ in GAMES}),
                        help="only this game (default: every game)")
    parser.add_argument("--loop", action="store_true",
                        help="one more build, in a thread, timing an event loop meanwhile")
    args = parser.parse_args(argv)
    columns = ("game", "players", "seed", "moves", "turns", "frames", "per_frame", "scale",
               "format", "kb", "kb_turn", "px", "wall_s", "cpu_s", "draw_cpu_s", "lzw_cpu_s",
               "mpx_turn", "peak_mb") + (("loop_ms",) if args.loop else ())
    print(" | ".join(columns))
    for game_id, players, weakest in GAMES:
        if args.game and game_id != args.game:
            continue
        row = bench(game_id, players, weakest, args.seeds, args.runs, args.loop)
        print(" | ".join(str(row[c]) for c in columns), flush=True)


if __name__ == "__main__":
    main()
