"""A real WebServer in a process of its own with a file-descriptor limit, for the crowd tests of
tests/bot/web/test_limits.py: ``python -m tests.bot.web.crowd_server LIMIT FOLDER [CONNECTIONS]``.

It sets RLIMIT_NOFILE to LIMIT (as systemd's default 1,024 does to the bot), opens a real
Services on a SQLite file in FOLDER with one table in play (the toy game, two people), serves
it on a free loopback port (CONNECTIONS: a cap of connections other than the server's own, to
see what happens when the descriptors run out all the same), logs to FOLDER/server.log as the bot does (INFO, with asyncio's and
aiohttp's loggers), and plays a move every 0.1 s as Discord players would (each a commit, and
a file opened and closed: the descriptors the rest of the bot needs). It prints one JSON line
``{"port", "table", "watch"}`` once serving; when its stdin closes it stops and prints
``{"moves", "failures"}`` (moves played, and tries that failed) and exits.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import sys
from pathlib import Path

from bot.config import WebConfig
from bot.service import Outcome, Services
from bot.web.server import WebServer
from tests.bot.drive import play_first_legal
from tests.e2e.toy_game import TOY_ID, register_toy

TABLE, GUILD, ALICE, BOB = 4242, 7, 11, 12


async def new_game(service: Services) -> None:
    await service.lobbies.create_lobby(TABLE, GUILD, TOY_ID, {"rounds": 5}, ALICE, "Alice", seed=1)
    await service.lobbies.join(TABLE, BOB, "Bob")
    await service.lobbies.start(TABLE, ALICE)


async def play(service: Services, counts: dict[str, int], folder: Path) -> None:
    while True:
        await asyncio.sleep(0.1)
        try:
            with open(folder / "heartbeat", "w") as beat:  # a descriptor of its own
                beat.write(str(counts["moves"]))
            if await play_first_legal(service, TABLE) is None:
                await new_game(service)
            counts["moves"] += 1
        except Exception:
            counts["failures"] += 1
            logging.getLogger("crowd").exception("a move failed")


async def main(folder: Path, connections: int | None) -> None:
    register_toy()
    service = await Services.open(str(folder / "tablee.db"))
    await new_game(service)

    async def publish(outcome: Outcome) -> None:
        return None

    server = WebServer(WebConfig("127.0.0.1:0", None, 12.0), service, publish=publish,
                       activity=None, bot_token=None, connections=connections)
    port = await server.start()
    await server.links.load()
    watch = server.links.watch(TABLE)
    print(json.dumps({"port": port, "table": TABLE, "watch": watch}), flush=True)
    counts = {"moves": 0, "failures": 0}
    player = asyncio.get_running_loop().create_task(play(service, counts, folder))
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    player.cancel()
    await server.close()
    await service.close()
    print(json.dumps(counts), flush=True)


if __name__ == "__main__":
    LIMIT, FOLDER = int(sys.argv[1]), Path(sys.argv[2])
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, hard))
    logging.basicConfig(filename=FOLDER / "server.log", level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    CONNECTIONS = int(sys.argv[3]) if len(sys.argv) > 3 else None  # None: the server's own cap
    asyncio.run(main(FOLDER, CONNECTIONS))
    os._exit(0)  # the executor's thread still reads stdin
