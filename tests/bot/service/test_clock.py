"""The turn clock through the host on a real SQLite file, with a clock the test drives: time
banks, one reminder a turn, time out, Skip, Computer plays for, I'm back, /leave, End the game,
the scheduler sleeping to the next deadline, and a restart while a deadline passed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

import pytest

from bot import catalog
from bot.config import ClockConfig
from bot.service import Outcome, Services, errors
from bot.service.rules.absence import NO_PASS
from bot.service.rules.speed import table_settings
from bot.service.scheduler import Reminder, Scheduler
from games import IllegalMove, State, get_game
from games.registry import UnknownGame
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import FakeTime, play_first_legal, play_to_end
from tests.bot.toy import TOY_ID, ToyCards

PASS_ID = "toy-pass"
T0 = FakeTime.START
LIVE = ClockConfig()  # live: 5 minutes to start, +30 s a turn, at most 10 minutes
FIRST_BANK = 330.0


class ToyWithPass(ToyCards):
    """The toy game where the player to move may also pass."""

    id = PASS_ID
    name = "Toy Pass"

    def legal(self, state: State, seat: int) -> list[str]:
        moves = super().legal(state, seat)
        return [*moves, "pass"] if moves else []

    def parse(self, text: str) -> str:
        return "pass" if text.strip().lower() == "pass" else super().parse(text)

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        if self.parse(move) != "pass":
            return super().apply(state, seat, move)
        if seat not in self.to_move(state):
            raise IllegalMove(f"It is not seat {seat}'s turn.")
        nxt = seat % state["players"] + 1
        return {**state, "turn": nxt}, [{"text": f"Seat {seat} passed."}]


def _pass_game() -> None:
    try:
        get_game(PASS_ID)
    except UnknownGame:
        from tests.bot.toy import ToyRenderer

        catalog.register(ToyWithPass(), ToyRenderer())


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


async def _host(db_path: str, clock: FakeTime, config: ClockConfig = LIVE) -> Services:
    return await Services.open(db_path, clock=clock, clock_config=config)


@pytest.fixture
async def host(db_path: str, clock: FakeTime) -> AsyncIterator[Services]:
    h = await _host(db_path, clock)
    yield h
    await h.close()


async def _start(host: Services, game: str = TOY_ID, *, people: Mapping[int, str] | None = None,
                 speed: str | None = None) -> Outcome:
    people = people or {ALICE: "Alice", BOB: "Bob"}
    (first, first_name), *rest = people.items()
    await host.lobbies.create_lobby(CHANNEL, GUILD, game, {}, first, first_name, seed=3, speed=speed)
    for user, name in rest:
        await host.lobbies.join(CHANNEL, user, name)
    return await host.lobbies.start(CHANNEL, ALICE)


async def _events(host: Services, at: float) -> list[Any]:
    return await host.clock_due(at)


async def test_the_post_shows_the_movers_deadline_and_one_reminder_a_turn(
    host: Services, clock: FakeTime
) -> None:
    outcome = await _start(host)
    assert outcome.post is not None and outcome.post.clock is not None
    assert outcome.post.clock.name == "Alice (seat 1)"
    assert outcome.post.clock.deadline == T0 + FIRST_BANK and not outcome.post.clock.timed_out
    assert await _events(host, T0 + 100) == []
    [reminder] = await _events(host, T0 + FIRST_BANK / 2)
    assert isinstance(reminder, Reminder)
    assert (reminder.user_id, reminder.name, reminder.deadline) == (ALICE, "Alice", T0 + 330)
    assert await _events(host, T0 + 200) == []  # once a turn
    clock.t = T0 + 200
    outcome = await play_first_legal(host, CHANNEL)  # Alice moves after 200 s: 130 s left
    assert outcome is not None and outcome.post and outcome.post.clock
    assert outcome.post.clock.name == "Bob (seat 2)"
    [reminder] = await _events(host, T0 + 200 + FIRST_BANK / 2)
    assert reminder.user_id == BOB  # Bob's own turn gets its own reminder
    clock.t = T0 + 210
    outcome = await play_first_legal(host, CHANNEL)  # back to Alice: 130 + 30 s
    assert outcome is not None and outcome.post and outcome.post.clock
    assert outcome.post.clock.deadline == T0 + 210 + 160


async def test_time_out_then_computer_plays_until_i_am_back(
    host: Services, clock: FakeTime
) -> None:
    await _start(host)
    events = await _events(host, T0 + 400)
    [timeout] = events  # the reminder is moot once the time is spent
    assert isinstance(timeout, Outcome) and timeout.post and timeout.post.clock
    view = timeout.post.clock
    assert view.timed_out and view.name == "Alice (seat 1)" and not view.can_skip
    assert timeout.post.lines == ["⌛ Alice (seat 1)'s time is up."]
    assert await _events(host, T0 + 500) == []  # announced once
    with pytest.raises(errors.HostError, match="That's your own turn"):
        await host.absence.take_over(CHANNEL, ALICE)
    with pytest.raises(errors.HostError, match=NO_PASS):  # the toy game has no pass
        await host.absence.skip(CHANNEL, BOB)
    with pytest.raises(errors.NotSeated):
        await host.absence.take_over(CHANNEL, CAROL)
    clock.t = T0 + 500
    outcome = await host.absence.take_over(CHANNEL, BOB, version=timeout.table.version)
    assert outcome.applied  # the computer moved for Alice at once
    assert outcome.post and outcome.post.lines[0] == (
        "Bob (seat 2) let a computer play for Alice (seat 1) until they press **I'm back**.")
    assert outcome.post.to_move_user_ids == [BOB]
    assert outcome.post.clock and outcome.post.clock.replaced == ["Alice"]
    note = await host.views.private_note(CHANNEL, ALICE)
    assert note.replaced
    with pytest.raises(errors.StaleVersion):  # answered already
        await host.absence.take_over(CHANNEL, BOB)
    outcome = await play_first_legal(host, CHANNEL)  # Bob, then the computer for Alice
    assert outcome is not None and len(outcome.applied) == 2
    back = await host.absence.come_back(CHANNEL, ALICE)
    assert back.post and back.post.lines == ["Alice (seat 1) is back and plays again."]
    with pytest.raises(errors.HostError, match="No computer is playing for you"):
        await host.absence.come_back(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished"
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    seats = (await host.store.history.game(game_row))["seats"]
    assert [s.get("was_replaced", False) for s in seats] == [True, False]
    assert await host.store.clocks.next_due() is None  # the clock went with the table


async def test_skip_plays_the_games_pass_for_the_absent_seat(
    host: Services, clock: FakeTime
) -> None:
    _pass_game()
    await _start(host, PASS_ID)
    [timeout] = await _events(host, T0 + 400)
    assert timeout.post.clock.can_skip
    outcome = await host.absence.skip(CHANNEL, BOB)
    assert outcome.applied == ["pass"]
    assert outcome.post and outcome.post.lines[:2] == [
        "Bob (seat 2) skipped Alice (seat 1)'s turn.", "Alice (seat 1) passed."]
    assert outcome.post.to_move_user_ids == [BOB]
    table = await host.views.require_table(CHANNEL)
    assert not any(s.is_computer for s in table.seats)  # skipping replaces nobody


async def test_automatic_takeover_from_config(db_path: str, clock: FakeTime) -> None:
    host = await _host(db_path, clock, ClockConfig(auto_takeover=True, computer_level="easy"))
    try:
        await _start(host)
        [outcome] = await _events(host, T0 + 400)
        assert outcome.applied and outcome.post.to_move_user_ids == [BOB]
        assert "a computer plays for them" in outcome.post.lines[0]
        row = await host.store.tables.get_table(CHANNEL)
        assert row.seats[0]["replaced"] and row.seats[0]["bot_level"] is None
        assert host.computers.level_of(row, 1) == "easy"  # played at the configured level
    finally:
        await host.close()


async def test_leave_hands_the_seat_over_and_the_last_player_may_end(host: Services) -> None:
    await _start(host, people={ALICE: "Alice", BOB: "Bob", CAROL: "Carol"})
    outcome = await host.absence.leave_game(CHANNEL, CAROL)
    assert isinstance(outcome, Outcome) and outcome.post and outcome.post.clock
    assert outcome.post.lines[0] == "Carol (seat 3) left the game: a computer plays for them."
    assert not outcome.post.clock.end_offer  # Alice and Bob still play
    with pytest.raises(errors.HostError, match="Others are still playing"):
        await host.absence.end_game(CHANNEL, ALICE)
    outcome = await host.absence.leave_game(CHANNEL, ALICE)  # the host leaves: Bob hosts now
    assert outcome.post.clock.end_offer and outcome.table.host_id == BOB
    with pytest.raises(errors.NotSeated):
        await host.absence.end_game(CHANNEL, ALICE)  # only someone still playing may end it
    ended = await host.absence.end_game(CHANNEL, BOB)
    assert ended.status == "abandoned" and await host.views.table(CHANNEL) is None
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    assert (await host.store.history.game(game_row))["status"] == "abandoned"


async def test_leave_when_nobody_else_plays_ends_the_table_and_lobbies_keep_leave(
    host: Services,
) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    lobby = await host.absence.leave_game(CHANNEL, BOB)
    assert lobby.status == "lobby" and [s.name for s in lobby.seats] == ["Alice"]
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    ended = await host.absence.leave_game(CHANNEL, ALICE)
    assert ended.status == "abandoned" and await host.views.table(CHANNEL) is None


async def test_speed_is_a_lobby_setting_copied_by_table_settings(
    host: Services, clock: FakeTime
) -> None:
    table = await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    speed = next(s for s in table.settings if s.name == "table:speed")
    assert speed.value == "live" and [v for v, _t in speed.choices] == ["live", "daily", "off"]
    with pytest.raises(errors.BadTableOptions, match="live, daily or off, not 'fast'"):
        await host.lobbies.set_option(CHANNEL, ALICE, "table:speed", "fast")
    table = await host.lobbies.set_option(CHANNEL, ALICE, "table:speed", "daily")
    assert ("Table speed", "daily (about a day a move)") in table.option_texts
    assert table.options == {}  # not a game option
    row = await host.store.tables.get_table(CHANNEL)
    assert table_settings(row) == {"speed": "daily", "hints": False, "vacation": True}
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.post.clock.deadline == T0 + 48 * 3600  # a day to start, a day a turn
    await play_to_end(host, CHANNEL)
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    rematch = (await host.lobbies.rematch(CHANNEL, BOB, "Bob", game_row=game_row)).table
    assert ("Table speed", "daily (about a day a move)") in rematch.option_texts
    await host.lobbies.cancel(CHANNEL, BOB)
    table = await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", **table_settings(row))
    assert ("Table speed", "daily (about a day a move)") in table.option_texts


async def test_speed_off_has_no_clock(host: Services) -> None:
    outcome = await _start(host, speed="off")
    assert outcome.post.clock is None
    assert await host.store.clocks.next_due() is None and await _events(host, T0 + 10**9) == []


async def test_scheduler_sleeps_to_each_moment_and_rearms_on_a_move(
    host: Services, clock: FakeTime
) -> None:
    seen: list[Any] = []
    at: list[float] = []  # the clock's time as each event was handled

    async def handle(event: Any) -> None:
        seen.append(event)
        at.append(clock.t)

    scheduler = Scheduler(host, handle, now=clock, sleep=clock.sleep)
    task = asyncio.create_task(scheduler.run())
    try:
        await _start(host)
        for _ in range(1000):
            if len(seen) == 2:
                break
            await asyncio.sleep(0.001)
        assert [type(e).__name__ for e in seen] == ["Reminder", "Outcome"]
        # it slept exactly to the deadline, in two sleeps (it may be asleep again by now, for
        # Bob's turn, when the database answers faster than this loop looks)
        assert at[1] == T0 + FIRST_BANK, (at, clock.slept, [type(e).__name__ for e in seen])
        assert clock.slept[:2] == [FIRST_BANK / 2, FIRST_BANK / 2]
        await host.absence.take_over(CHANNEL, BOB)  # Bob's turn starts: a new deadline re-arms it
        for _ in range(1000):
            if len(seen) == 4:
                break
            await asyncio.sleep(0.001)
        assert [e.user_id for e in seen[2:3]] == [BOB] and seen[3].post.clock.timed_out
    finally:
        task.cancel()


async def test_a_deadline_passed_while_down_is_handled_at_start(db_path: str, clock: FakeTime) -> None:
    first = await _host(db_path, clock)
    await _start(first)
    await first.close()
    clock.t = T0 + 3 * 3600  # the bot was down for three hours
    second = await _host(db_path, clock, ClockConfig(auto_takeover=True))
    seen: list[Any] = []

    async def handle(event: Any) -> None:
        seen.append(event)

    slept: list[float] = []

    async def stay_asleep(seconds: float) -> None:  # the time stands still from here
        slept.append(seconds)
        await asyncio.Event().wait()

    task = asyncio.create_task(Scheduler(second, handle, now=clock, sleep=stay_asleep).run())
    try:
        for _ in range(1000):
            if slept:
                break
            await asyncio.sleep(0.001)
        [outcome] = seen  # no stale reminder: the time out, at once, before any sleep
        assert outcome.applied and outcome.post.to_move_user_ids == [BOB]
        # then it sleeps until Bob's reminder (once more if the takeover's re-arm came late)
        assert slept and set(slept) == {FIRST_BANK / 2}
    finally:
        task.cancel()
        await second.close()
