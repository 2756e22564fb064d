"""Render speed numbers for ``python -m benchmarks``: board render + PNG encode on a big map.

``bench_render(seconds)`` times, on a synthetic 108-card Master Islands view (every card of the
game on the map: the biggest board a game can reach), the whole board (draw + :func:`render.kit.png_bytes`) and the bare encode of the same
image, and returns medians / p95 in milliseconds plus the PNG size. The synthetic view follows
docs/views/master-islands.md exactly, so it needs no engine.
"""

from __future__ import annotations

import random
import statistics
import time
import zlib
from collections.abc import Callable
from typing import Any

from games.cli import percentile
from render import kit, master_islands

LETTERS = "BGRY"


def big_map_view(cards: int = 64, seed: int = 7, seats: int = 4) -> dict[str, Any]:
    """A public standard-mode view with ``cards`` cards (plus 6 holes) around 0,0, galleons."""
    rng = random.Random(seed)
    placed: dict[tuple[int, int], str] = {(0, 0): "B3"}
    while len(placed) < cards + 6:  # 6 become holes
        x, y = rng.choice(list(placed))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        if (x + dx, y + dy) not in placed:
            placed[(x + dx, y + dy)] = f"{rng.choice(LETTERS)}{rng.randint(1, 5)}"
    positions = sorted(set(placed) - {(0, 0)})
    holes = rng.sample(positions, min(6, len(positions)))
    for h in holes:
        del placed[h]
    on_map = sorted(placed)
    seat_rows = []
    for s in range(1, seats + 1):
        galleons = [list(rng.choice(on_map)), list(rng.choice(on_map))]
        collected = [f"{rng.choice(LETTERS)}{rng.randint(1, 5)}" for _ in range(rng.randint(0, 7))]
        seat_rows.append({"seat": s, "role": "player", "team": None, "galleons": galleons,
                          "hand_size": 3, "collected": collected, "score": len(collected)})
    seat_rows[0]["galleons"][1] = [0, 0]  # a crowded card
    last = on_map[len(on_map) // 2]
    return {
        "game": "master-islands", "viewer": None, "players": seats,
        "options": {"mode": "standard"}, "to_move": [2],
        "last_move": {"seat": 1, "move": f"place B4 {last[0]},{last[1]}", "cells": [list(last)]},
        "result": None, "mode": "standard", "phase": "discovery",
        "map": [{"x": x, "y": y, "card": c} for (x, y), c in sorted(placed.items())],
        "holes": [list(h) for h in holes], "seats": seat_rows, "pile": 3, "hand": None,
        "round": None, "rounds_max": None, "target": 8, "team_scores": None,
    }


def _stats(wall: list[float], cpu: list[float]) -> dict[str, float]:
    """Wall-clock median/p95 and the CPU median (steadier when other processes share the box)."""
    return {"median_ms": round(statistics.median(wall) * 1000, 2),
            "p95_ms": round(percentile(wall, 0.95) * 1000, 2),
            "cpu_median_ms": round(statistics.median(cpu) * 1000, 2), "runs": len(wall)}


def _timed(actions: dict[str, Callable[[], object]], seconds: float) -> dict[str, dict[str, float]]:
    """Run each action in turn for about ``seconds`` in all (each at least 5 times) and summarise
    each one's durations. Taking turns keeps the actions comparable when the machine's load
    changes during the run (a ratio of two medians timed one after the other is not)."""
    wall: dict[str, list[float]] = {name: [] for name in actions}
    cpu: dict[str, list[float]] = {name: [] for name in actions}
    deadline = time.perf_counter() + seconds
    while min(map(len, wall.values())) < 5 or time.perf_counter() < deadline:
        for name, action in actions.items():
            t, c = time.perf_counter(), time.process_time()
            action()
            wall[name].append(time.perf_counter() - t)
            cpu[name].append(time.process_time() - c)
    return {name: _stats(wall[name], cpu[name]) for name in actions}


def bench_render(seconds: float = 3.0, cards: int = 108) -> dict[str, Any]:
    """Time board render + encode, and bare encode, taking turns for about ``seconds`` (at
    least 5 runs each); ``ratio``: the whole board's CPU median over the bare encode's (the
    drawing's cost; CPU time, steadier than wall time when other processes share the box)."""
    view = big_map_view(cards)
    image = master_islands.board(view)  # also warms the font and glyph caches
    data = kit.png_bytes(image)
    timed = _timed({"full": lambda: kit.png_bytes(master_islands.board(view)),
                    "encode": lambda: kit.png_bytes(image),
                    "zlib": lambda: kit.png_bytes(image, zlib.compress)}, seconds)
    full, encode, with_zlib = timed["full"], timed["encode"], timed["zlib"]
    return {
        "game": "master-islands", "cards": len(view["map"]), "holes": len(view["holes"]),
        "image_px": list(image.size), "png_bytes": len(data),
        "board_render_and_encode": full, "png_encode": encode,
        "ratio": round(full["cpu_median_ms"] / encode["cpu_median_ms"], 2),
        # The same bare encode with the standard library's deflate (the encoder the bot used
        # before ISA-L's): what the whole board costs against the encode alone as it was.
        "png_encode_zlib": with_zlib,
        "ratio_to_zlib_encode": round(full["cpu_median_ms"] / with_zlib["cpu_median_ms"], 2),
    }


if __name__ == "__main__":
    import json

    print(json.dumps(bench_render(), indent=2))
