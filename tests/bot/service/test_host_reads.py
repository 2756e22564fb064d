"""What a move asks of the store (one read: the table row with its clock and its server's
language, one write), and that nothing the host keeps beside a row serves a stale value: a clock,
a server language or a locale changed by another host object on the same database, an undo."""

from __future__ import annotations

import collections
import random
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import pytest

from bot.config import ClockConfig
from bot.service import Services, undo
from bot.service.languages import LOCALE_SECONDS
from bot.storage import Store
from games import get_game
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import FakeTime
from tests.bot.toy import TOY_ID

LIVE = ClockConfig()  # live: 5 minutes to start, +30 s a turn, at most 10 minutes


def count_store(store: Store, counts: collections.Counter) -> None:
    """Count the store's reads (each one trip), writes (each one transaction, however the store
    runs it) and which queries were asked."""
    for group, name in ((store.tables, "get_table"), (store.clocks, "get_clock"),
                        (store.languages, "user_locales"), (store.languages, "guild_language"),
                        (store.log, "last_in_force")):
        setattr(group, name, _counted(getattr(group, name), name, counts))
    db = store.db
    real_fetchall, real_fetchone, real_tx = db.fetchall, db.fetchone, db.transaction
    writing = []  # the outermost write counts: a write may run through a transaction

    async def fetchall(*args: Any, **kwargs: Any) -> Any:
        counts["reads"] += 1
        return await real_fetchall(*args, **kwargs)

    async def fetchone(*args: Any, **kwargs: Any) -> Any:
        counts["reads"] += 1
        return await real_fetchone(*args, **kwargs)

    def tx(*args: Any, **kwargs: Any) -> Any:
        counts["writes"] += not writing
        return real_tx(*args, **kwargs)

    def outermost(real: Any) -> Any:
        async def write(*args: Any, **kwargs: Any) -> Any:
            counts["writes"] += not writing
            writing.append(True)
            try:
                return await real(*args, **kwargs)
            finally:
                writing.pop()

        return write

    db.fetchall, db.fetchone, db.transaction = fetchall, fetchone, tx  # type: ignore[method-assign]
    db.write = outermost(db.write)  # type: ignore[method-assign]
    store.tables.update_table = outermost(store.tables.update_table)  # type: ignore[method-assign]


def _counted(real: Any, name: str, counts: collections.Counter) -> Any:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        counts[name] += 1
        return await real(*args, **kwargs)

    return counted


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def hosts(db_path: str, clock: FakeTime) -> AsyncIterator[tuple[Services, Services]]:
    """Two host objects on one database (two processes sharing it)."""
    one = await Services.open(db_path, clock=clock, clock_config=LIVE)
    other = await Services.open(db_path, clock=clock, clock_config=LIVE)
    yield one, other
    await one.close()
    await other.close()


async def _toy_table(host: Services) -> None:
    await host.languages.remember_locale(ALICE, "en-US")
    await host.languages.remember_locale(BOB, "en-GB")
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)


async def _mover(host: Services) -> tuple[int, str]:
    """(user id to move, their first legal move)."""
    for user in (ALICE, BOB):
        _version, menu = await host.views.menu(CHANNEL, user, language="en")
        if menu:
            return user, menu[0].move
    raise AssertionError("nobody to move")


async def test_a_move_reads_the_table_once_and_writes_once(
    hosts: tuple[Services, Services], clock: FakeTime
) -> None:
    host, _ = hosts
    await _toy_table(host)
    for _turn in range(3):
        user, move = await _mover(host)
        counts: collections.Counter = collections.Counter()
        count_store(host.store, counts)
        outcome = await host.moves.play(CHANNEL, user, move)
        # the row (with its clock and its server's language), then the move and its clock
        assert (counts["reads"], counts["writes"]) == (1, 1), counts
        assert counts["get_table"] == 1 and counts["get_clock"] == 0, counts
        row = await host.store.tables.get_table(CHANNEL)
        stored = await host.store.clocks.get_clock(row.id)
        # what the post shows of the clock is what was stored with the move
        assert outcome.post.clock is not None and stored is not None
        assert outcome.post.clock.deadline == stored.deadline
        assert stored.version == row.version
        clock.t += 10


async def test_a_clock_changed_by_another_host_is_the_one_the_next_move_builds_on(
    hosts: tuple[Services, Services], clock: FakeTime
) -> None:
    host, other = hosts
    await _toy_table(host)
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.id is not None
    before = await other.store.clocks.get_clock(row.id)
    assert before is not None and before.seat == 1
    # The other host object changes the clock at the same table version (as a scheduler's
    # reminder does): Bob's bank is down to 7 s.
    await other.store.clocks.put_clock(replace(before, banks={**before.banks, 2: 7.0}))
    outcome = await host.moves.play(CHANNEL, ALICE, (await _mover(host))[1])
    after = await host.store.clocks.get_clock(row.id)
    assert after is not None and after.seat == 2
    assert after.banks[2] == 7.0 + LIVE.speed("live").add  # not the 300 s a stale clock gives
    assert outcome.post.clock.deadline == clock.t + 7.0 + LIVE.speed("live").add


async def test_a_server_language_set_by_another_host_shows_in_the_next_post(
    hosts: tuple[Services, Services],
) -> None:
    host, other = hosts
    await _toy_table(host)
    user, move = await _mover(host)
    assert (await host.moves.play(CHANNEL, user, move)).post.language == "en"
    await other.languages.set_guild_language(GUILD, "fr")
    user, move = await _mover(host)
    assert (await host.moves.play(CHANNEL, user, move)).post.language == "fr"
    assert (await host.views.board(CHANNEL)).language == "fr"
    await host.languages.set_guild_language(GUILD, None)  # and back, from this one
    user, move = await _mover(host)
    assert (await host.moves.play(CHANNEL, user, move)).post.language == "en"


async def test_a_locale_changed_here_counts_at_once_elsewhere_within_its_time(
    hosts: tuple[Services, Services],
) -> None:
    host, other = hosts
    monotonic = [1000.0]
    host.languages.monotonic = lambda: monotonic[0]
    await _toy_table(host)

    async def note_language() -> str:
        """The language of the note to the person whose turn comes."""
        user, move = await _mover(host)
        outcome = await host.moves.play(CHANNEL, user, move)
        return next(n.language for n in outcome.notes if n.user_id != user)

    assert await note_language() == "en"
    await host.languages.remember_locale(ALICE, "fr")  # through this host: the next note at once
    await host.languages.remember_locale(BOB, "fr")
    assert await note_language() == "fr"
    # Through another host object (another process): followed once LOCALE_SECONDS passed
    # since this one last looked; meanwhile its notes keep what it knew, without a read.
    await other.languages.remember_locale(ALICE, "en-US")
    await other.languages.remember_locale(BOB, "en-US")
    counts: collections.Counter = collections.Counter()
    count_store(host.store, counts)
    assert await note_language() == "fr" and counts["user_locales"] == 0
    monotonic[0] += LOCALE_SECONDS
    assert await note_language() == "en" and counts["user_locales"] == 1


async def test_the_undo_offered_after_a_move_is_the_one_the_log_gives(
    hosts: tuple[Services, Services],
) -> None:
    """The move this host just stored stands for the log's last move in force; after another
    host object's undo, the log is read again."""
    host, other = hosts
    await host.lobbies.create_lobby(CHANNEL, GUILD, "master-islands", {}, ALICE, "Alice", seed=4)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    game = get_game("master-islands")
    rng = random.Random(5)
    offered = 0
    counts: collections.Counter = collections.Counter()
    count_store(host.store, counts)
    for _ in range(40):
        user, _move = await _mover(host)
        _version, menu = await host.views.menu(CHANNEL, user, language="en")
        counts.clear()
        outcome = await host.moves.play(CHANNEL, user, rng.choice(menu).move)
        assert counts["last_in_force"] == 0, counts
        row = await host.store.tables.get_table(CHANNEL)
        if row is None:
            break
        from_log = await undo.undoer(host.store, game, row)  # a row without what was kept
        assert {n.user_id for n in outcome.notes if n.can_undo} == (
            {from_log} if from_log is not None else set())
        if from_log is not None:
            offered += 1
            await other.moves.undo(CHANNEL, from_log)
            assert not await host.moves.can_undo(CHANNEL, from_log)
    assert offered  # the comparison met an undoable move
