"""Every interaction is acknowledged before the bot waits on its database (issue 38, item 5).

The database hangs (SQLite: the disk under the file stops answering, :class:`tests.outage.
SQLiteStall`; PostgreSQL: the server stops answering behind :mod:`tests.pg_proxy`, when
``TABLEE_TEST_DATABASE_URL`` names one) while people type /move, /hand, /board, /undo, /leave and
/abandon in channels and pick a level in a lobby's Add a computer player menu, all at once. The
emulator fails any interaction not acknowledged within Discord's 3 s ("The application did not
respond"); once the database answers, each one has its proper answer or the storage's own
sentence, never the apology and never a "thinking…" left, and the lobby can still start."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service.errors import MOVE_MAYBE_SAVED
from bot.storage import postgres
from bot.storage.errors import BUSY, UNREACHABLE, Unavailable
from tests.e2e.test_play_helpers import (
    Tablee,
    add_computer,
    assert_all_requests_valid,
    lobby_of,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, register_toy
from tests.outage import SQLiteStall
from tests.pg import fresh_schema
from tests.pg_proxy import proxied

ACK_DEADLINE = 1.0
"""Discord's 3 s for an acknowledgement, shrunk to keep the suite fast."""
HANG = 2.0
"""Seconds the database stays silent: longer than the deadline."""
ANSWER_WAIT = 1.5
"""PostgreSQL's wait for an answer (``COMMAND_TIMEOUT``, 3 s), shrunk likewise: still longer
than the deadline, as Discord's 3 s against the bot's 3 s."""
APOLOGY = "Sorry, something went wrong"
SENTENCES = (UNREACHABLE, BUSY)


class Hung:
    """The bot on a database that :meth:`hang` silences until :meth:`resume`."""

    def __init__(self, app: Tablee, hang: Callable[[], Awaitable[None]],
                 resume: Callable[[], None]) -> None:
        self.app, self.hang, self.resume = app, hang, resume


@pytest.fixture(params=["sqlite", "postgresql"])
async def hung(request: pytest.FixtureRequest, discord_sim: Any, tmp_path: Path,
               monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Hung]:
    register_toy()
    monkeypatch.setattr(postgres, "COMMAND_TIMEOUT", ANSWER_WAIT)
    monkeypatch.setattr(postgres, "PROBE_EVERY", 0.2)  # found answering again sooner
    async with contextlib.AsyncExitStack() as stack:
        if request.param == "sqlite":
            app = Tablee(discord_sim, tmp_path / "tablee.db")
            await app.start()
            stack.push_async_callback(app.close)
            stall = SQLiteStall(app.bot.service.store.db)  # type: ignore[union-attr]
            stack.push_async_callback(stall.close)
            yield Hung(app, stall.hang, stall.resume)
        else:
            url = await stack.enter_async_context(fresh_schema())
            proxy, target = await stack.enter_async_context(proxied(url))
            app = Tablee(discord_sim, target)  # type: ignore[arg-type]
            await app.start()
            stack.push_async_callback(app.close)
            stack.callback(proxy.resume)

            async def hang() -> None:
                proxy.hang()

            yield Hung(app, hang, proxy.resume)
    assert_all_requests_valid(discord_sim)


def command(sim: Any, user: Any, name: str, channel: Any, **options: Any) -> Any:
    """The interaction of ``user`` typing ``/name`` in ``channel`` (run by :func:`at_once`)."""
    data = sim.payloads.command_data(name, options, focused=None)
    return sim.payloads.interaction(2, user, channel, data, f"/{name}")


async def at_once(sim: Any, interactions: list[Any]) -> None:
    """Dispatch every interaction at the same moment and wait until each is answered; the
    emulator fails the test if one is acknowledged later than Discord allows."""
    await asyncio.gather(*(sim._run(i) for i in interactions))


async def answering(app: Tablee, user_id: int) -> None:
    """Until the database answers again (PostgreSQL: the store's probe found it)."""
    loop = asyncio.get_running_loop()
    limit = loop.time() + 15
    while True:
        try:
            await app.bot.service.ledger.dm_enabled(user_id, True)  # type: ignore[union-attr]
            return
        except Unavailable as exc:
            assert loop.time() < limit, f"the database never answered again: {exc!r}"
            await asyncio.sleep(0.1)


async def test_every_interaction_is_acknowledged_in_time_while_the_database_hangs(
        discord_sim: Any, hung: Hung) -> None:
    sim, app = discord_sim, hung.app
    sim.ack_deadline = ACK_DEADLINE
    alice, bob, carol, dave, erin, frank, gina = (
        sim.user(n) for n in ("alice", "bob", "carol", "dave", "erin", "frank", "gina"))
    users = {u.id: u for u in (alice, bob)}
    second, third, fourth = sim.channel("second"), sim.channel("third"), sim.channel("fourth")
    await lobby_of(sim, alice, [bob], game=TOY_ID)
    mover = to_move(sim, users)
    other = bob if mover is alice else alice
    [entry, *_] = await app.bot.service.views.legal_moves(sim.general.id, mover.id)  # type: ignore[union-attr]
    abandoned = await sim.slash(carol, f"play {TOY_ID}", channel=second)
    await sim.click(dave, abandoned, label="Join")
    await sim.click(carol, abandoned, label="Start")
    left = await sim.slash(erin, f"play {TOY_ID}", channel=third)
    await sim.click(frank, left, label="Join")
    lobby = await sim.slash(gina, f"play {TOY_ID}", channel=fourth)
    [menu] = [m for m in lobby.selects() if m["custom_id"].startswith("tl:level:")]

    post = table_post(sim)
    [describe] = [b["custom_id"] for b in post.buttons() if b.get("label") == "Describe"]

    # From now on the store's probe of a silent server runs on: not the answer. (Set only now:
    # on a loaded machine a Start above may take longer than this, and is awaited in full.)
    sim.background_after = 0.3
    await hung.hang()
    asyncio.get_running_loop().call_later(HANG, hung.resume)
    asked = {
        "move": command(sim, mover, "move", sim.general, move=entry.move),
        "hand": command(sim, other, "hand", sim.general),
        "board": command(sim, alice, "board", sim.general),
        "board text": command(sim, bob, "board", sim.general, text=True),
        "describe": sim._component(carol, post, describe, 2, None, "button 'Describe'"),
        "undo": command(sim, other, "undo", sim.general),
        "abandon": command(sim, carol, "abandon", second),
        "leave": command(sim, frank, "leave", third),
        "add computer": sim._component(gina, lobby, menu["custom_id"], 3, ["easy"],
                                       "select 'Add a computer player'"),
    }
    await at_once(sim, list(asked.values()))
    for name, interaction in asked.items():
        assert interaction.acked_at - interaction.dispatched_at < sim.ack_deadline, name
    await answering(app, alice.id)
    await sim.wait_idle()

    # Each answer is there: its proper one, or the storage's sentence, privately; nothing left
    # thinking. (A public "thinking…" is deleted when the answer is private.)
    said = {}
    for name, interaction in asked.items():
        if name == "add computer":
            continue
        answer = interaction.reply  # a public "thinking…" deleted: the private answer
        assert answer is not None and not answer.loading, name
        assert answer.ephemeral or name == "abandon", (name, answer.content)
        assert APOLOGY not in answer.content, (name, answer.content)
        assert answer.ephemeral or answer.content not in SENTENCES, (name, answer.content)
        said[name] = answer.content
    assert said["move"] in SENTENCES or said["move"] == f"You played `{entry.move}`.", said
    assert said["abandon"] in SENTENCES or "abandoned by Carol" in said["abandon"], said
    assert said["leave"] in SENTENCES or said["leave"] == "You left the lobby.", said
    gina_said = [m.content for m in sim.visible_to(gina, fourth) if m.visible_only_to is gina]
    assert not any(APOLOGY in text for text in gina_said), gina_said
    assert "Computer" in lobby.content or any(t in SENTENCES for t in gina_said), (
        lobby.content, gina_said)

    # Nothing is stuck: what the hang refused works now, and the lobby starts.
    if "Computer" not in lobby.content:
        await add_computer(sim, gina, lobby, "easy")
    assert "Computer" in lobby.content
    await sim.click(gina, lobby, label="Start")
    assert "started with Gina" in lobby.content
    if said["move"] in SENTENCES:
        again = await sim.slash(mover, "move", move=entry.move)
        assert again.content == f"You played `{entry.move}`."
    if said["leave"] in SENTENCES:
        assert (await sim.slash(frank, "leave", channel=third)).content == "You left the lobby."
    if said["abandon"] in SENTENCES:
        assert "abandoned by Carol" in (await sim.slash(carol, "abandon", channel=second)).content


async def test_a_move_typed_beside_a_threaded_table_points_to_its_thread(
        discord_sim: Any, tmp_path: Path) -> None:
    """Issue 38, item 12: someone not seated types /move in the channel whose table plays in a
    thread: they are told where the table is (its thread's mention), not "No game here"."""
    register_toy()
    sim = discord_sim
    alice, bob, carol = (sim.user(n) for n in ("alice", "bob", "carol"))
    app = Tablee(sim, tmp_path / "tablee.db", tables_place="threads")
    await app.start()
    try:
        lobby = await sim.slash(alice, f"play {TOY_ID}")
        await sim.click(bob, lobby, label="Join")
        await sim.click(alice, lobby, label="Start")
        thread = sim.thread_of(lobby)
        told = await sim.slash(carol, "move", move="play 1")
        assert told.ephemeral and told.content == (
            f"This channel's table plays in its own thread: <#{thread.id}>. Use the command "
            "there."), told.content
        board = await sim.slash(carol, "board")
        assert f"<#{thread.id}>" in board.content
    finally:
        await app.close()
    assert_all_requests_valid(sim)


async def test_a_move_whose_answer_the_database_lost_is_never_said_to_have_failed(
        discord_sim: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38, item 6: PostgreSQL stops answering just as Alice's move is sent, so the bot
    cannot know whether it was stored. She is told it may have been played (never "nothing
    changed", never the apology), and once the database answers the table's post shows what
    is stored: the move's post when it was stored, the same post when it was not."""
    register_toy()
    monkeypatch.setattr(postgres, "COMMAND_TIMEOUT", ANSWER_WAIT)
    monkeypatch.setattr(postgres, "PROBE_EVERY", 0.2)  # found answering again sooner
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {u.id: u for u in (alice, bob)}
    async with fresh_schema() as url, proxied(url) as (proxy, target):
        app = Tablee(sim, target)  # type: ignore[arg-type]
        await app.start()
        try:
            await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=5)
            for _ in range(6):  # a move's statement is prepared: the next one goes out whole
                mover = to_move(sim, users)
                [entry, *_] = await app.bot.service.views.legal_moves(  # type: ignore[union-attr]
                    sim.general.id, mover.id)
                await sim.slash(mover, "move", move=entry.move)
            mover = to_move(sim, users)
            store = app.bot.service.store  # type: ignore[union-attr]
            [entry, *_] = await app.bot.service.views.legal_moves(  # type: ignore[union-attr]
                sim.general.id, mover.id)
            before = (await store.tables.get_table(sim.general.id)).version
            sent = store.tables.update_table

            async def silent_once(*args: Any, **kwargs: Any) -> Any:
                store.tables.update_table = sent
                proxy.hang()  # the move goes out to a server that answers nothing
                asyncio.get_running_loop().call_later(HANG, proxy.resume)
                return await sent(*args, **kwargs)

            store.tables.update_table = silent_once
            # From now on the store's probe of a silent server runs on: not the answer (set
            # only now: the moves above are awaited in full, however slow the machine).
            sim.background_after = 0.3
            old_post = table_post(sim)
            reply = await sim.slash(mover, "move", move=entry.move)
            assert reply.ephemeral and reply.content == MOVE_MAYBE_SAVED, reply.content
            await answering(app, alice.id)
            stored = (await store.tables.get_table(sim.general.id)).version > before
            loop = asyncio.get_running_loop()
            limit = loop.time() + 30
            while stored and table_post(sim).id == old_post.id:  # the scheduler's catch-up
                assert loop.time() < limit, "the stored move was never posted"
                await asyncio.sleep(0.1)
            await sim.wait_idle()
            if stored:
                assert mover.name.title() in table_post(sim).content
            else:  # nothing stored: nothing posted, and the move can be played now
                assert table_post(sim).id == old_post.id
                again = await sim.slash(mover, "move", move=entry.move)
                assert again.content == f"You played `{entry.move}`."
            said = [m.content for m in sim.visible_to(mover) if m.visible_only_to is mover]
            assert not any(APOLOGY in t or UNREACHABLE in t for t in said), said
        finally:
            proxy.resume()
            await app.close()
    assert_all_requests_valid(sim)
