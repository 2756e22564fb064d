"""Print how fast the emulator is: spec validation per body, and a helper round trip.

    python -m tests.e2e.emulator.bench

Numbers, not assertions: the e2e suite's speed depends on them (every request is validated,
every action waits for the bot to go idle).
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from games.cli import percentile

from . import validate
from .fixtures import running_emulator
from .sim import DiscordSim
from .tinybot import TinyBot

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def _row(n: int) -> dict[str, Any]:
    buttons = [{"type": 2, "style": 1, "label": str(i), "custom_id": f"b{i}"} for i in range(n)]
    return {"type": 1, "components": buttons}


BODIES: dict[str, tuple[str, Any]] = {
    "content only": (MESSAGES, {"content": "hello", "tts": False}),
    "5 rows x 5 buttons": (MESSAGES, {"content": "menu", "components": [_row(5)] * 5}),
    "select, 25 options": (
        CALLBACK,
        {
            "type": 4,
            "data": {
                "flags": 64,
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": str(i), "value": str(i)} for i in range(25)],
                            }
                        ],
                    }
                ],
            },
        },
    ),
    "invalid: 6 buttons": (MESSAGES, {"components": [_row(6)]}),
}


def _stats(samples: list[float]) -> str:
    p95 = percentile(samples, 0.95)
    return f"median {statistics.median(samples) * 1000:6.2f} ms   p95 {p95 * 1000:6.2f} ms"


def _time(fn: Callable[[], Any], runs: int) -> list[float]:
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return samples


async def _round_trips(runs: int) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {"slash /hello": [], "click Join (type 7)": []}
    async with running_emulator() as emulator:
        sim = DiscordSim(emulator)
        await sim.start_bot(TinyBot())
        alice = sim.user("alice")
        lobby = await sim.slash(alice, "play", game="x")
        assert lobby is not None
        for _ in range(runs):
            start = time.perf_counter()
            await sim.slash(alice, "hello", who=alice)
            found["slash /hello"].append(time.perf_counter() - start)
            start = time.perf_counter()
            await sim.click(alice, lobby, label="Join")
            found["click Join (type 7)"].append(time.perf_counter() - start)
        await sim.stop_bot()
    return found


def main() -> None:
    start = time.perf_counter()
    validate.validate_body("POST", MESSAGES, {"content": "warm-up"})
    print(f"spec load + first validation: {(time.perf_counter() - start) * 1000:.0f} ms")
    for name, (route, body) in BODIES.items():
        samples = _time(partial(validate.validate_body, "POST", route, body), 200)
        print(f"validate {name:22} {_stats(samples)}")
    for name, samples in asyncio.run(_round_trips(40)).items():
        print(f"round trip {name:20} {_stats(samples)}  (includes the 20 ms quiet window)")


if __name__ == "__main__":
    main()
