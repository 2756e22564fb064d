"""Two real bot processes, shard 0 and shard 1 of two, on one emulated Discord and ONE shared
database (PostgreSQL when ``TABLEE_TEST_DATABASE_URL`` is set, as in CI; else a shared SQLite
file). Each is ``python -m bot`` in its own process (tests/e2e/shard_process.py), on its own
emulator port, so the emulator's request log says which process sent what.

A game is played in a server on each shard: each process gets only its shard's interactions
and makes every request about its own server's tables (posts, answers, turn DMs). Then the
process of shard 0 stops, the database is left as a crash would leave it (both tables' last
move stored but not posted), and its restart posts only its own table; shard 1's waits for its
own process. Both games are then played to the end.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage.database import Statement
from bot.storage.store import Store
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_public,
    play_turn_by_menu,
    seats_from_lobby,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID

from ..pg import URL_ENV, fresh_schema

ROOT = Path(__file__).resolve().parents[2]
READY_LINE = "logged in as"  # the runner logs it once on_ready has resumed the tables
START_TIMEOUT = 60.0
QUIET = 0.25  # another process: allow for a render between two of its requests
CLEARED_ENV = ("DATABASE_URL", "TABLEE_CONFIG", "TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS")


class BotProcess:
    """``python -m bot`` serving shard ``shard`` of two (None: one ordinary connection), on its
    own emulator port; ``env``: more environment for the process; ``computer``: the lines of its
    config's ``[computer]`` table (no worker process by default); ``extra``: more of its config
    (TOML tables)."""

    def __init__(self, emulator: Emulator, shard: int | None, database: str, folder: Path,
                 env: dict[str, str] | None = None, lease_seconds: float | None = None,
                 computer: str = "workers = 0", place: str = "channel",
                 extra: str = "") -> None:
        self.emulator = emulator
        self.shard = shard
        self.database = database
        self.folder = folder
        self.lease_seconds = lease_seconds
        self.port = 0
        self.lines: list[str] = []
        self.env = env or {}
        self.computer = computer  # the config's [computer] table
        self.place = place  # where tables play (the e2e games read the channel)
        self.extra = extra  # more config tables, as TOML (tests/bot/web: the [web] table)
        self._proc: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def pid(self) -> int:
        assert self._proc is not None
        return self._proc.pid

    async def launch(self) -> None:
        """Start the process without waiting for it (:meth:`start` waits until it is ready)."""
        base = await self.emulator.listen()
        self.port = int(base.rsplit(":", 1)[1])
        key = "url" if "://" in self.database else "path"
        config = self.folder / f"shard{self.shard}-{self.port}.toml"
        discord = (f"shard_count = 2\nshard_ids = [{self.shard}]\n"
                   if self.shard is not None else "")
        if self.lease_seconds is not None:
            discord += f"lease_seconds = {self.lease_seconds}\n"
        config.write_text(
            f'[database]\n{key} = "{self.database}"\n'
            + (f"[discord]\n{discord}" if discord else "")
            + f"[computer]\n{self.computer}\n"
            + f'[tables]\nplace = "{self.place}"\n' + self.extra, encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k not in CLEARED_ENV}
        env |= {"DISCORD_TOKEN": self.emulator.world.token, "TABLEE_EMULATOR_URL": base,
                "PYTHONUNBUFFERED": "1"} | self.env
        self._proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.e2e.shard_process", "--config", str(config),
            cwd=ROOT, env=env, stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        self._reader = asyncio.create_task(self._read())

    async def start(self) -> BotProcess:
        await self.launch()
        assert self._proc is not None
        loop = asyncio.get_running_loop()
        limit = loop.time() + START_TIMEOUT
        while not any(READY_LINE in line for line in self.lines):
            if self._proc.returncode is not None or loop.time() > limit:
                raise AssertionError(f"shard {self.shard}'s process did not get ready:\n"
                                     + "".join(self.lines))
            await asyncio.sleep(0.02)
        return self

    async def exit_code(self, timeout: float = START_TIMEOUT) -> int:
        """Launch, then wait for the process to end by itself; its exit code (its stderr in
        ``lines``). Fails if it gets ready instead."""
        await self.launch()
        code = await self.ended(timeout)
        assert not any(READY_LINE in line for line in self.lines), "".join(self.lines)
        return code

    async def ended(self, timeout: float = START_TIMEOUT) -> int:
        """Wait for the running process to end by itself; its exit code."""
        assert self._proc is not None
        code = await asyncio.wait_for(self._proc.wait(), timeout)
        if self._reader is not None:
            await self._reader
        self.emulator.gateway.forget_sessions()
        return code

    async def kill(self) -> None:
        """SIGKILL, as an OOM kill or a supervisor's hard stop: nothing is cleaned up."""
        assert self._proc is not None
        self._proc.kill()
        await self._proc.wait()
        await self._gone()

    async def _gone(self) -> None:
        """After the process ended: its last lines read, its gateway session forgotten."""
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        self.emulator.gateway.forget_sessions()

    async def _read(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        async for line in self._proc.stderr:
            self.lines.append(line.decode(errors="replace"))

    async def stop(self) -> None:
        """SIGTERM, as ``docker stop`` sends: the bot closes cleanly."""
        if self._proc is None or self._proc.returncode is not None:
            return
        self._proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(self._proc.wait(), 15)
        except TimeoutError:
            self._proc.kill()
            await self._proc.wait()
        await self._gone()


@pytest.fixture
async def shared_database(tmp_path: Path) -> AsyncIterator[str]:
    """PostgreSQL (a fresh schema) when the test URL is set, as in CI; else one SQLite file."""
    if os.environ.get(URL_ENV, "").strip():
        async with fresh_schema() as url:
            yield url
    else:
        yield str(tmp_path / "shared.db")


@contextlib.asynccontextmanager
async def processes(*bots: BotProcess) -> AsyncIterator[None]:
    try:
        await asyncio.gather(*(bot.start() for bot in bots))
        yield
    finally:
        for bot in bots:
            await bot.stop()


def request_guild(sim: DiscordSim, record: Any, players: dict[int, int]) -> int | None:
    """The server a request is about: its channel's, its interaction's, or for a DM the
    server its recipient plays in (``players``: user id -> guild id); None for the rest
    (command sync, the bot's own user)."""
    world = sim.world
    parts = record.path.split("/")  # "", "api", "v10", resource, id, ...
    if record.route.startswith("/channels/{channel_id}"):
        channel = world.channels[int(parts[4])]
        if channel.type == 1:
            return players[channel.recipient.id]
        return channel.guild_id
    if record.route.startswith("/interactions/"):
        return world.interactions[int(parts[4])].channel.guild_id
    if record.route.startswith("/webhooks/"):
        interaction = world.interaction_by_token(parts[5])
        return interaction.channel.guild_id if interaction else None
    if record.route == "/users/@me/channels":
        return players[int(record.body["recipient_id"])]
    return None


def senders(sim: DiscordSim, players: dict[int, int], since: int = 0) -> dict[int, set[int]]:
    """guild id -> the emulator ports (processes) that made requests about it."""
    out: dict[int, set[int]] = {}
    for record in sim.requests[since:]:
        guild = request_guild(sim, record, players)
        if guild is not None:
            out.setdefault(guild, set()).add(record.port)
    return out


async def open_table(sim: DiscordSim, host: Any, guest: Any, channel: Any) -> None:
    lobby = await sim.slash(host, f"play {TOY_ID}", channel=channel, rounds=2)
    assert lobby is not None and not lobby.ephemeral, lobby
    await sim.click(guest, lobby, label="Join")
    seats_from_lobby(lobby.content, [host, guest])
    await sim.click(host, lobby, label="Start")
    await until(lambda: "started" in lobby.content)  # past a quiet spell on a loaded machine


async def until(check: Callable[[], bool], timeout: float = START_TIMEOUT) -> None:
    """Wait for what another process posts: its quiet spell may outlast the sim's."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "the other process never posted"
        await asyncio.sleep(0.02)


async def one_turn(sim: DiscordSim, users: dict[int, Any], channel: Any,
                   rng: random.Random) -> bool:
    """Whoever the table post calls plays a turn; False once the game is over."""
    user = to_move(sim, users, channel)
    if user is None:
        return False
    await play_turn_by_menu(sim, user, rng, channel)
    return True


async def unposted(database: str) -> dict[int, tuple[int, int]]:
    """Leave every table as a crash right after its last move would: stored, never posted.
    Returns channel -> (version, post_version) after."""
    store = await Store.open(database)
    try:
        await store.db.write([Statement("UPDATE tables SET post_version = version - 1")])
        return {row.channel_id: (row.version, row.post_version or 0)
                for row in await store.tables.active_tables()}
    finally:
        await store.close()


async def posted(database: str) -> dict[int, tuple[int, int]]:
    store = await Store.open(database)
    try:
        return {row.channel_id: (row.version, row.post_version or 0)
                for row in await store.tables.active_tables()}
    finally:
        await store.close()


async def test_two_shard_processes_share_one_database(
    discord_sim: DiscordSim, discord_env: Emulator, shared_database: str, tmp_path: Path
) -> None:
    sim, world = discord_sim, discord_env.world
    sim.quiet = QUIET
    guild_a = world.add_guild("Shard zero server", shard=(0, 2))
    guild_b = world.add_guild("Shard one server", shard=(1, 2))
    in_a, in_b = world.general_of(guild_a), world.general_of(guild_b)
    alice, bob, carol, dave = (sim.user(n) for n in ("alice", "bob", "carol", "dave"))
    players = {alice.id: guild_a, bob.id: guild_a, carol.id: guild_b, dave.id: guild_b}
    users_a, users_b = {u.id: u for u in (alice, bob)}, {u.id: u for u in (carol, dave)}
    rng = random.Random(16)
    first = BotProcess(discord_env, 0, shared_database, tmp_path)
    second = BotProcess(discord_env, 1, shared_database, tmp_path)
    restarted = BotProcess(discord_env, 0, shared_database, tmp_path)
    async with processes(first, second):
        # Each process identified as its shard and got only that shard's servers.
        by_shard = {s.shard: s for s in discord_env.gateway.live}
        assert set(by_shard) == {(0, 2), (1, 2)}
        assert by_shard[(0, 2)].base_url.endswith(f":{first.port}")
        assert by_shard[(1, 2)].base_url.endswith(f":{second.port}")

        await open_table(sim, alice, bob, in_a)
        await open_table(sim, carol, dave, in_b)
        assert await one_turn(sim, users_a, in_a, rng) and await one_turn(sim, users_b, in_b, rng)
        assert "My hand / Play" in table_post(sim, in_a).labels
        assert senders(sim, players) == {guild_a: {first.port}, guild_b: {second.port}}
        syncs = {r.port for r in sim.requests if r.method == "PUT" and "/commands" in r.route}
        assert syncs == {first.port}  # global commands: registered by shard 0's process only
        for shard, session in by_shard.items():
            got = {f["d"]["guild_id"] for f in session.sent if f["t"] == "INTERACTION_CREATE"}
            assert got == {str(guild_a if shard == (0, 2) else guild_b)}

        # Shard 0's process stops; both tables' last move is left stored but never posted.
        await first.stop()
        stuck = await unposted(shared_database)
        assert all(post < version for version, post in stuck.values())
        since, posts_b = len(sim.requests), len(sim.public(in_b))
        async with processes(restarted):
            await sim.wait_idle()
            now = await posted(shared_database)
            assert now[in_a.id][1] == now[in_a.id][0]  # shard 0's table: posted again
            assert now[in_b.id] == stuck[in_b.id]  # shard 1's: left to its own process
            assert len(sim.public(in_b)) == posts_b
            assert senders(sim, players, since) == {guild_a: {restarted.port}}
            assert "My hand / Play" in table_post(sim, in_a).labels

            # Both games go on to the end, each served by its own process.
            while await one_turn(sim, users_a, in_a, rng):
                pass
            while await one_turn(sim, users_b, in_b, rng):
                pass
    for channel in (in_a, in_b):
        assert "The game is over" in last_public(sim, channel).content
    assert senders(sim, players, since) == {guild_a: {restarted.port}, guild_b: {second.port}}
    assert_all_requests_valid(sim)
