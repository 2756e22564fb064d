"""How much a menu click asks of the table host: one call, which reads the table once to decode
the click, check its version and play the move, then the poster's bookkeeping; the player's
next menu comes with the move's outcome (the actor's note), not from more host calls. Guards
against the menu being built again per click."""

from __future__ import annotations

import asyncio
import collections
import contextvars
import inspect
import random
from pathlib import Path
from typing import Any

from bot.service import Services
from tests.e2e.test_play_helpers import (
    NAV,
    last_private,
    lobby_of,
    running_tablee,
    table_post,
    to_move,
    turn_ending,
)

BOOKKEEPING = {"remember_locale"}
"""Service calls every interaction makes that read no table (the user's locale, written only when
it changes): not what these counts are about."""

SCHEDULER = {"clock_due", "clock_next_due", "clock_resync"}
"""The turn scheduler's calls (the clocks and the tables left behind), not the adapter's."""

_DEPTH: contextvars.ContextVar[int] = contextvars.ContextVar("depth", default=0)


def count_calls(services: Services, counts: collections.Counter, *,
                groups: tuple[str, ...] = ()) -> None:
    """Count the adapter's calls of every public coroutine of ``services``' services (and of
    the store's query ``groups`` named), by method name: only the outermost call of a task
    counts (one service calling another is the first one's business); and every table-row read
    of the store, nested or not."""
    stored = vars(services.store)
    targets = [services, *(v for k, v in vars(services).items()
                           if k not in ("store", "context", "changes", "shards"))]
    for obj in [*targets, *(stored[g] for g in groups)]:
        for name, member in inspect.getmembers(type(obj)):
            if name.startswith("_") or not inspect.iscoroutinefunction(member):
                continue
            setattr(obj, name, _outermost(getattr(obj, name), name, counts))
    real_get = services.store.tables.get_table

    async def get_table(*args: Any, **kwargs: Any) -> Any:
        counts["row reads"] += 1
        return await real_get(*args, **kwargs)

    services.store.tables.get_table = get_table  # type: ignore[method-assign]


def _outermost(real: Any, name: str, counts: collections.Counter) -> Any:
    async def call(*args: Any, **kwargs: Any) -> Any:
        token = _DEPTH.set(_DEPTH.get() + 1)
        try:
            if _DEPTH.get() == 1 and name not in BOOKKEEPING:
                counts[name] += 1
            return await real(*args, **kwargs)
        finally:
            _DEPTH.reset(token)

    return call


async def click_at_random(sim: Any, user: Any, message: Any, rng: random.Random) -> Any:
    """One step in the mover's menu, at random: an option of its select, else one of its buttons
    (not the navigation); the message as it reads after the step."""
    if message.selects():
        values = [rng.choice(message.selects()[0]["options"])["value"]]
        return await sim.select(user, message, values=values)
    labels = [x for x in message.labels if x not in NAV]
    return await sim.click(user, message, label=rng.choice(labels))


async def test_a_menu_click_reads_the_table_once(
    discord_sim: Any, tmp_path: Path
) -> None:
    """One service call per click (the click decoded from the menu's moves, its version checked
    once, the move played or the next level given) and one read of the table row, for a step
    of the menu and for a move alike."""
    sim = discord_sim
    async with running_tablee(sim, tmp_path) as app:
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        counts: collections.Counter = collections.Counter()
        count_calls(app.bot.service, counts)
        rng = random.Random(3)
        plays = again = steps = 0
        for _turn in range(4):
            user = to_move(sim, users)
            counts.clear()
            message = await sim.click(user, table_post(sim), label="My hand / Play")
            assert dict(counts) == {"private_note": 1, "row reads": 1}
            for _ in range(12):
                counts.clear()
                message = await click_at_random(sim, user, message, rng)
                calls = {k: v for k, v in counts.items()
                         if k != "row reads" and k not in SCHEDULER}
                if "You played" not in message.content:
                    steps += 1
                    assert calls == {"choose": 1}, counts
                else:
                    plays += 1
                    assert calls.pop("choose") == 1 and set(calls) <= AFTER_A_POST, counts
                assert counts["row reads"] == 1, counts
                if "You played" in message.content:
                    if "Your move" not in message.content:
                        break
                    again += 1
        assert plays >= 4 and again and steps  # every kind of click was measured


async def test_a_stale_click_reads_the_table_once_and_says_so(
    discord_sim: Any, tmp_path: Path
) -> None:
    """A click in a menu of an older version: one service call, one read of the row, the same
    clear sentence, and nothing played."""
    sim = discord_sim
    async with running_tablee(sim, tmp_path) as app:
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        mover = to_move(sim, users)
        menu = await sim.click(mover, table_post(sim), label="My hand / Play")
        choices = await sim.autocomplete(mover, "move", text="")
        await sim.slash(mover, "move", move=turn_ending([c["value"] for c in choices]))
        posts = len(sim.public())
        counts: collections.Counter = collections.Counter()
        count_calls(app.bot.service, counts)
        await sim.click(mover, menu, label=[x for x in menu.labels if x not in NAV][0])
        stale = last_private(sim, mover)
        assert stale.ephemeral and "out of date" in stale.content
        assert dict(counts) == {"choose": 1, "row reads": 1}
        assert len(sim.public()) == posts


async def test_the_text_above_a_menu_is_the_notes_not_the_messages(
    discord_sim: Any, tmp_path: Path
) -> None:
    """A step of the menu shows the note's text above it, as the service wrote it: not what
    the message it was clicked in says (which the bot does not read back)."""
    sim = discord_sim
    async with running_tablee(sim, tmp_path):
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        mover = to_move(sim, users)
        menu = await sim.click(mover, table_post(sim), label="My hand / Play")
        intro = menu.content.split("\n**Your move:**")[0]
        assert intro.startswith("Seat ") and "it's your turn" in intro, menu.content
        menu.content = "Somebody else's words\n**Your move:** choose an action"
        step = await sim.click(mover, menu, label=[x for x in menu.labels if x not in NAV][0])
        assert step is menu and "Somebody else's words" not in step.content
        assert step.content.startswith(f"{intro}\n**Your move:** "), step.content


AFTER_A_POST = {"posted", "notices", "turn_over", "drop_transient_post"}
"""What the adapter may ask of the service once a move is stored: one ``posted`` per post (a
second when the closed-DM note changes a post showing a value), how the turn reaches each person
whose turn starts (``notices``: their choices, read once for all of them; the note does not
say), that the table moved on (``turn_over``: held turns of the others go, their waiting lists
change), and forgetting each older post whose value it edited away. Not the server's or a reader's language (the post and the notes carry them), nor the
transient bookkeeping one call at a time."""


async def test_a_move_asks_the_service_once_after_its_post(
    discord_sim: Any, tmp_path: Path
) -> None:
    sim = discord_sim
    async with running_tablee(sim, tmp_path) as app:
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        counts: collections.Counter = collections.Counter()
        count_calls(app.bot.service, counts, groups=("sent_posts",))
        posts = 0
        for _turn in range(6):
            user = to_move(sim, users)
            choices = await sim.autocomplete(user, "move", text="")
            before = table_post(sim).id
            counts.clear()
            # A turn-ending move when offered: six first-listed ones can all be "again".
            await sim.slash(user, "move", move=turn_ending([c["value"] for c in choices]))
            # The bookkeeping after a post may come a moment after Discord's last answer (on a
            # loaded machine, past the emulator's idle wait): give it a bounded while.
            for _ in range(100):
                if counts["posted"]:
                    break
                await asyncio.sleep(0.02)
            await sim.wait_idle()
            calls = {k: v for k, v in counts.items() if k != "row reads" and k not in SCHEDULER}
            assert calls.pop("play") == 1, counts
            # Which table a command typed in a channel is for (its own, or one in a thread made
            # from a post there): one read; none for a command typed inside a thread.
            assert calls.pop("tables_here") == 1, counts
            assert set(calls) <= AFTER_A_POST and 1 <= calls["posted"] <= 2, counts
            assert calls.get("notices", 0) <= 1 and calls.get("turn_over", 0) <= 1, counts
            posts += table_post(sim).id != before
        assert posts  # new posts were measured, not only posts edited in place


async def test_after_a_move_a_step_of_the_menu_keeps_what_the_move_said(
    discord_sim: Any, tmp_path: Path
) -> None:
    """A player who moves again sees what they played and their note above the next menu; a
    step of that menu keeps that text (the service kept it with the menu), whatever the
    message it was clicked in came to say."""
    sim = discord_sim
    async with running_tablee(sim, tmp_path):
        alice, bob = sim.user("alice"), sim.user("bob")
        users = {alice.id: alice, bob.id: bob}
        await lobby_of(sim, alice, [bob], game="master-islands")
        rng = random.Random(5)
        for _click in range(200):
            user = to_move(sim, users)
            message = await sim.click(user, table_post(sim), label="My hand / Play")
            for _ in range(12):
                message = await click_at_random(sim, user, message, rng)
                if "You played" in message.content:
                    break
            steps = [b for b in message.buttons()
                     if b["custom_id"].startswith("tm:n:") and b.get("label") not in NAV]
            if "Your move" in message.content and steps:
                break
        else:
            raise AssertionError("nobody moved again with a menu step to take")
        intro = message.content.split("\n**Your move:**")[0]
        assert intro.startswith("You played `") and "\nSeat " in intro, message.content
        message.content = "Somebody else's words"
        step = await sim.click(user, message, custom_id=steps[0]["custom_id"])
        assert step is message and step.content.startswith(f"{intro}\n**Your move:** "), \
            step.content
