"""How much a menu click asks of the table host: one menu read to decode the click, the move,
and the poster's bookkeeping; the player's next menu comes with the move's outcome (the actor's
note), not from more host calls. Guards against the menu being built again per click."""

from __future__ import annotations

import collections
import inspect
import random
from pathlib import Path
from typing import Any

from tests.e2e.test_play_helpers import NAV, lobby_of, running_tablee, table_post, to_move


def counted_call(real: Any, name: str, counts: collections.Counter) -> Any:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return await real(*args, **kwargs)

    return counted


BOOKKEEPING = {"remember_locale"}
"""Host calls every interaction makes that read no table (the user's locale, written only when
it changes): not what these counts are about."""


def count_calls(host: Any, counts: collections.Counter) -> None:
    """Count every public coroutine call of ``host`` and each table-row read of its store."""
    for name, member in inspect.getmembers(type(host)):
        if name.startswith("_") or not inspect.iscoroutinefunction(member) or name in BOOKKEEPING:
            continue

        setattr(host, name, counted_call(getattr(host, name), name, counts))
    real_get = host.store.get_table

    async def get_table(*args: Any, **kwargs: Any) -> Any:
        counts["row reads"] += 1
        return await real_get(*args, **kwargs)

    host.store.get_table = get_table


async def test_a_menu_click_reads_the_table_at_most_twice(
    discord_sim: Any, tmp_path: Path
) -> None:
    sim = discord_sim
    async with running_tablee(sim, tmp_path) as app:
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        counts: collections.Counter = collections.Counter()
        count_calls(app.bot.host, counts)
        rng = random.Random(3)
        plays = again = 0
        for _turn in range(4):
            user = to_move(sim, users)
            counts.clear()
            message = await sim.click(user, table_post(sim), label="My hand / Play")
            assert dict(counts) == {"private_note": 1, "row reads": 1}
            for _ in range(12):
                counts.clear()
                if message.selects():
                    values = [rng.choice(message.selects()[0]["options"])["value"]]
                    message = await sim.select(user, message, values=values)
                else:
                    labels = [x for x in message.labels if x not in NAV]
                    message = await sim.click(user, message, label=rng.choice(labels))
                assert counts["menu"] == 1 and "private_note" not in counts, counts
                assert counts["row reads"] <= 2, counts
                if counts["play"]:
                    plays += 1
                    if "Your move" not in message.content:
                        break
                    again += 1
        assert plays >= 4 and again  # both kinds of final click were measured
