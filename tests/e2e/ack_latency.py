"""How soon the bot acknowledges ``/move`` under load (issue 38, item 5): numbers, not a test.

    python -m tests.e2e.ack_latency [--database-url postgresql://…] [--tables 20] [--moves 400]

The real bot on the local Discord emulator: ``--tables`` channels, each with a two-player table
of the toy game, all playing at once by ``/move`` typed in the channel (the mover's first legal
move; a finished table is opened again). For every ``/move``: the time from the interaction's
dispatch to its acknowledgement (what Discord holds to 3 s) and to the answer. Prints the
median and the 99th percentile of each, on a SQLite file or, with ``--database-url``, on
PostgreSQL (a fresh schema of that database).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import statistics
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import asyncpg

from games.cli import percentile
from tests.e2e.emulator import DiscordSim
from tests.e2e.emulator.fixtures import running_emulator
from tests.e2e.test_play_helpers import Tablee
from tests.e2e.toy_game import TOY_ID, register_toy
from tests.pg import URL_ENV, with_schema


@contextlib.asynccontextmanager
async def database(url: str | None) -> AsyncIterator[str]:
    """A SQLite file, or a fresh schema of the PostgreSQL database ``url``."""
    if not url:
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "tablee.db")
        return
    schema = "ack_latency"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")
        yield with_schema(url, schema)
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await admin.close()


async def typed(sim: DiscordSim, user: Any, channel: Any, name: str,
                **options: Any) -> tuple[float, float, Any]:
    """Dispatch ``/name`` and wait for its answer: (ack seconds, answer seconds, interaction)."""
    loop = asyncio.get_running_loop()
    data = sim.payloads.command_data(name, options, focused=None)
    interaction = sim.payloads.interaction(2, user, channel, data, f"/{name}")
    interaction.dispatched_at = loop.time()
    await sim.emulator.gateway.dispatch("INTERACTION_CREATE", interaction.payload)
    while not interaction.acknowledged:
        await asyncio.sleep(0.001)
    while interaction.original is None or interaction.original.loading:
        await asyncio.sleep(0.002)
    return (interaction.acked_at - interaction.dispatched_at,
            loop.time() - interaction.dispatched_at, interaction)


async def table(sim: DiscordSim, channel: Any, host: Any, guest: Any) -> None:
    """A started two-player toy table in ``channel``."""
    await sim.slash(host, f"play {TOY_ID}", channel=channel, rounds=5)
    lobby = sim.public(channel)[-1]
    await sim.click(guest, lobby, label="Join")
    await sim.click(host, lobby, label="Start")


async def stream(sim: DiscordSim, app: Tablee, channel: Any, people: list[Any], moves: int,
                 acks: list[float], answers: list[float], played: list[int]) -> None:
    service = app.bot.service  # type: ignore[union-attr]
    for _ in range(moves):
        entries, mover = [], None
        for person in people:
            try:
                entries = await service.views.legal_moves(channel.id, person.id)
            except Exception:  # no game any more (finished): a new one
                entries = []
            if entries:
                mover = person
                break
        if mover is None:
            await table(sim, channel, *people)
            continue
        ack, answer, interaction = await typed(sim, mover, channel, "move",
                                               move=entries[0].move)
        acks.append(ack)
        answers.append(answer)
        played.append(interaction.original.content.startswith("You played"))


def line(what: str, samples: list[float]) -> str:
    return (f"{what}: median {statistics.median(samples) * 1000:.0f} ms, "
            f"p99 {percentile(samples, 0.99) * 1000:.0f} ms, max {max(samples) * 1000:.0f} ms "
            f"({len(samples)} /move)")


async def main(url: str | None, tables: int, moves: int) -> None:
    register_toy()
    async with running_emulator() as emulator, database(url) as target:
        sim = DiscordSim(emulator)
        sim.ack_deadline = 60.0  # measured here, not enforced
        sim.quiet = 0.05
        app = Tablee(sim, target)  # type: ignore[arg-type]
        await app.start()
        try:
            channels = [sim.channel(f"t{i}") for i in range(tables)]
            pairs = [[sim.user(f"a{i}"), sim.user(f"b{i}")] for i in range(tables)]
            for channel, (host, guest) in zip(channels, pairs, strict=True):
                await table(sim, channel, host, guest)
            acks: list[float] = []
            answers: list[float] = []
            played: list[int] = []
            per = max(1, moves // tables)
            await asyncio.gather(*(stream(sim, app, c, p, per, acks, answers, played)
                                   for c, p in zip(channels, pairs, strict=True)))
        finally:
            await app.close()
            await sim.stop_bot()
    print(f"{'PostgreSQL' if url else 'SQLite'}, {tables} tables playing at once")
    print(line("/move acknowledged", acks))
    print(line("/move answered", answers) + f", {sum(played)} of them \"You played\"")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m tests.e2e.ack_latency")
    parser.add_argument("--database-url", default=None,
                        help=f"PostgreSQL (default: a SQLite file; {URL_ENV} is not read)")
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--moves", type=int, default=400)
    args = parser.parse_args()
    asyncio.run(main(args.database_url, args.tables, args.moves))
