"""Rematch through the host: seats rotated with computer levels, options kept, a new seed, the
others confirm or are dropped after the wait (an injected clock, no sleeping), and refusals."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.service import Services, errors
from bot.service.rules.rematch import NotConfirmed
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID

WAIT = 300.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def host(db_path: str, clock: Clock) -> AsyncIterator[Services]:
    h = await Services.open(db_path, rematch_seconds=WAIT, clock=clock)
    yield h
    await h.close()


async def _finished_game(host: Services) -> int:
    """Alice, Bob and a hard computer play a long, chatty toy game to its end."""
    options = {"length": "long", "chatty": "yes"}
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, options, ALICE, "Alice", seed=8)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
    await host.lobbies.start(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished" and await host.views.table(CHANNEL) is None
    game_row = outcomes[-1].table.game_row
    assert game_row is not None
    return game_row


async def test_rematch_rotates_seats_keeps_levels_and_options_with_a_new_seed(
    host: Services,
) -> None:
    game_row = await _finished_game(host)
    old = await host.store.history.game(game_row)
    assert old is not None
    pressed = await host.lobbies.rematch(CHANNEL, BOB, "Bobby", game_row=game_row)
    info = pressed.table
    assert pressed.opened and info.status == "lobby" and info.host_id == BOB and info.post_message_id is None
    assert [(s.seat, s.user_id, s.name, s.bot_level) for s in info.seats] == [
        (1, BOB, "Bobby", None), (2, None, "Computer 1 (hard)", "hard"), (3, ALICE, "Alice", None)]
    assert [s.pending_until for s in info.seats] == [None, None, 1_000_000.0 + WAIT]
    assert info.options == {"length": "long", "chatty": "yes"}
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.seed != old["record"]["seed"]


async def test_the_others_confirm_with_rematch_or_join(host: Services) -> None:
    game_row = await _finished_game(host)
    await host.lobbies.rematch(CHANNEL, ALICE, "Alice", game_row=game_row)
    with pytest.raises(NotConfirmed, match="Bob"):
        await host.lobbies.start(CHANNEL, ALICE)
    pressed = await host.lobbies.rematch(CHANNEL, BOB, "Bob B.", game_row=game_row)  # his press confirms
    info = pressed.table
    assert not pressed.opened  # nothing new to post
    assert [(s.user_id, s.name, s.pending_until) for s in info.seats] == [
        (BOB, "Bob B.", None), (None, "Computer 1 (hard)", None), (ALICE, "Alice", None)]
    with pytest.raises(errors.TableExists):  # confirmed already: the lobby is simply there
        await host.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert [s.user_id for s in outcome.table.seats] == [BOB, None, ALICE]


async def test_join_confirms_and_absent_players_are_dropped_after_the_wait(
    host: Services, clock: Clock
) -> None:
    game_row = await _finished_game(host)
    await host.lobbies.rematch(CHANNEL, ALICE, "Alice", game_row=game_row)
    clock.now += WAIT - 1
    with pytest.raises(NotConfirmed, match="about one more minute"):
        await host.lobbies.start(CHANNEL, ALICE)
    clock.now += 1  # Bob never came back
    info = await host.lobbies.join(CHANNEL, CAROL, "Carol")  # any change of the lobby drops him
    assert [(s.seat, s.user_id) for s in info.seats] == [(1, None), (2, ALICE), (3, CAROL)]
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.table.status == "playing"


async def test_start_drops_the_late_and_a_late_join_is_a_plain_join(
    host: Services, clock: Clock
) -> None:
    game_row = await _finished_game(host)
    await host.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)
    info = await host.lobbies.join(CHANNEL, ALICE, "Alice")  # in time: confirmed, same seat
    assert [(s.user_id, s.pending_until) for s in info.seats][2] == (ALICE, None)
    await host.lobbies.leave(CHANNEL, ALICE)
    await host.lobbies.abandon(CHANNEL, BOB)
    await host.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)
    clock.now += WAIT + 60
    outcome = await host.lobbies.start(CHANNEL, BOB)  # Alice's seat had run out
    assert [s.user_id for s in outcome.table.seats] == [BOB, None]


async def test_refusals(host: Services) -> None:
    game_row = await _finished_game(host)
    with pytest.raises(errors.NotSeated, match="Only the players"):
        await host.lobbies.rematch(CHANNEL, DAVE, "Dave", game_row=game_row)
    with pytest.raises(errors.NoTable):
        await host.lobbies.rematch(CHANNEL + 1, ALICE, "Alice", game_row=game_row)
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, DAVE, "Dave")
    with pytest.raises(errors.TableExists, match="already a game of Toy Cards"):
        await host.lobbies.rematch(CHANNEL, ALICE, "Alice", game_row=game_row)


async def test_the_host_leaving_with_only_unconfirmed_players_closes_the_lobby(
    host: Services,
) -> None:
    game_row = await _finished_game(host)
    await host.lobbies.rematch(CHANNEL, ALICE, "Alice", game_row=game_row)
    info = await host.lobbies.leave(CHANNEL, ALICE)
    assert info.status == "abandoned" and await host.views.table(CHANNEL) is None


async def test_a_press_that_loses_the_database_race_keeps_its_seat_without_a_second_lobby(
    host: Services, db_path: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes on one database: Bob's process read "no table here" just before Alice's
    press stored the lobby, so its insert meets the channel's uniqueness; his press then keeps
    his seat in her lobby (issue 30, item 7) instead of a refusal or a second lobby post."""
    game_row = await _finished_game(host)
    other = await Services.open(db_path, rematch_seconds=WAIT, clock=clock)
    try:
        opened = await host.lobbies.rematch(CHANNEL, ALICE, "Alice", game_row=game_row)
        assert opened.opened
        reads = 0
        real = other.store.tables.get_table

        async def read_before_alice_stored(channel_id: int) -> object:
            nonlocal reads
            reads += 1
            return None if reads == 1 else await real(channel_id)

        monkeypatch.setattr(other.store.tables, "get_table", read_before_alice_stored)
        joined = await other.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)
        assert reads >= 2 and not joined.opened
        assert joined.table.version > opened.table.version
        stored = await host.views.table(CHANNEL)
        assert stored is not None and stored.host_id == ALICE
        assert [(s.user_id, s.pending_until) for s in stored.seats if s.user_id] == [
            (BOB, None), (ALICE, None)]
    finally:
        await other.close()
