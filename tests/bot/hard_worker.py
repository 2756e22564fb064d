"""A table host process for the crash and race tests (not a test module): on a real file it opens
(``start``) or continues a Master Islands table of two people and plays the first legal move of
whoever is to move, printing ``stored VERSION MOVE`` once each move is committed.

    python -m tests.bot.hard_worker DB start|continue MOVES
"""

from __future__ import annotations

import asyncio
import sys

from bot.service import Services, errors

CHANNEL, GUILD = 900, 9
PEOPLE = ((1, "Ann"), (2, "Ben"))
GAME = "master-islands"


async def play(db: str, role: str, moves: int) -> None:
    host = await Services.open(db)
    try:
        if role == "start":
            await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, {}, *PEOPLE[0], seed=17)
            await host.lobbies.join(CHANNEL, *PEOPLE[1])
            await host.lobbies.start(CHANNEL, PEOPLE[0][0])
            print("started", flush=True)
        done = 0
        while done < moves:
            table = await host.views.table(CHANNEL)
            if table is None or table.status != "playing":
                print("over", flush=True)
                return
            for user, _name in PEOPLE:
                try:
                    version, entries = await host.views.menu(CHANNEL, user)
                    if not entries:
                        continue
                    await host.moves.play(CHANNEL, user, entries[0].move, version=version)
                except errors.StaleVersion:
                    print("lost a race", flush=True)  # the other process stored this version
                    continue
                except (errors.NotYourTurn, errors.WrongPhase, errors.NoTable, errors.Busy):
                    continue  # another process moved first (or holds the lock): look again
                print(f"stored {version + 1} {entries[0].move}", flush=True)
                done += 1
                break
    finally:
        await host.close()


if __name__ == "__main__":
    asyncio.run(play(sys.argv[1], sys.argv[2], int(sys.argv[3])))
