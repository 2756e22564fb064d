"""Vacation through the host on real SQLite and PostgreSQL, with a clock the test drives: the
clock of a daily table waits for the person away and runs again by itself, coming back early, a
turn that begins while away, a table refusing vacation, live tables untouched, the refusals,
everything read back after a restart; and a property: whatever the vacations and moves, the
scheduler never times out a person while they are away."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.config import ClockConfig
from bot.service import Outcome, Services, errors
from bot.service.rules.vacation import DAY
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import FakeTime, play_first_legal
from tests.bot.toy import TOY_ID

T0 = FakeTime.START
BANK = 48 * 3600.0  # a daily table's first turn: a day to start, a day a turn
HOUR = 3600.0
OTHER = CHANNEL + 1


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def host(db_path: str, clock: FakeTime) -> AsyncIterator[Services]:
    h = await Services.open(db_path, clock=clock, clock_config=ClockConfig())
    yield h
    await h.close()


async def _start(host: Services, channel: int = CHANNEL, *, speed: str = "daily",
                 first: int = ALICE, other: int = BOB, refuse: bool = False) -> Outcome:
    await host.lobbies.create_lobby(channel, GUILD, TOY_ID, {}, first, f"P{first}", seed=3,
                                    speed=speed)
    if refuse:
        await host.lobbies.set_option(channel, first, "table:vacation", "refused")
    await host.lobbies.join(channel, other, f"P{other}")
    return await host.lobbies.start(channel, first)


async def _clock(host: Services, channel: int = CHANNEL):
    row = await host.store.tables.get_table(channel)
    assert row is not None and row.id is not None
    return await host.store.clocks.get_clock(row.id)


def _timeouts(events: list) -> list[Outcome]:
    return [e for e in events if isinstance(e, Outcome)]


async def test_the_clock_waits_for_the_time_away_and_runs_again_by_itself(
    host: Services, clock: FakeTime
) -> None:
    await _start(host)
    clock.t = T0 + HOUR
    away = await host.vacation.go_away(GUILD, ALICE, 3)
    until = T0 + HOUR + 3 * DAY
    assert away.away_until == until and (away.allowance, away.days_left) == (21, 18)
    [post] = away.posts  # it is Alice's turn: a fresh post says she is away
    assert post.post is not None and post.post.clock is not None
    assert post.post.clock.away_until == until and post.post.clock.name == "P1 (seat 1)"
    assert post.post.clock.deadline == T0 + BANK + 3 * DAY and post.notes == []
    held = await _clock(host)
    assert held.held_until == until and held.remind_at == T0 + BANK / 2 + 3 * DAY
    # The old reminder and deadline pass: nothing happens.
    assert await host.clock_due(T0 + BANK + HOUR) == []
    # Back by herself: a fresh post without the line, then the clock runs again by itself.
    [back] = await host.clock_due(until)
    assert isinstance(back, Outcome) and back.post is not None and back.notes == []
    assert back.post.clock.away_until is None and not back.post.clock.timed_out
    assert (await _clock(host)).held_until is None
    [reminder] = await host.clock_due(T0 + BANK / 2 + 3 * DAY)
    assert reminder.user_id == ALICE
    [timeout] = _timeouts(await host.clock_due(T0 + BANK + 3 * DAY))
    assert timeout.post is not None and timeout.post.clock.timed_out
    clock.t = T0 + BANK + 3 * DAY
    status = await host.vacation.status(GUILD, ALICE)
    assert status.away_until is None and status.days_left == 18


async def test_coming_back_early_gives_back_the_time_and_the_days(
    host: Services, clock: FakeTime
) -> None:
    await _start(host)
    await host.vacation.go_away(GUILD, ALICE, 5)
    clock.t = T0 + DAY + HOUR  # back on the second day: two days used
    back = await host.vacation.end_early(GUILD, ALICE)
    assert back.back and back.away_until is None and back.days_left == 19
    [post] = back.posts
    assert post.post is not None and post.post.clock.away_until is None
    assert post.post.clock.deadline == T0 + BANK + DAY + HOUR  # the time away, not more
    assert (await _clock(host)).held_until is None
    assert await host.vacation.status(GUILD, ALICE) == back.__class__(21, 19, None)
    again = await host.vacation.end_early(GUILD, ALICE)  # not away: nothing changes
    assert not again.back and again.posts == [] and again.days_left == 19


async def test_a_turn_that_begins_while_away_waits_for_the_return(
    host: Services, clock: FakeTime
) -> None:
    await _start(host)
    clock.t = T0 + HOUR
    outcome = await play_first_legal(host, CHANNEL)  # Alice plays: Bob's turn
    assert outcome is not None and outcome.post.to_move_user_ids == [BOB]
    away = await host.vacation.go_away(GUILD, ALICE, 2)
    assert away.posts == []  # not her turn: no post
    clock.t = T0 + 2 * HOUR
    outcome = await play_first_legal(host, CHANNEL)  # Bob plays: Alice's turn, while away
    assert outcome is not None and outcome.post is not None
    until = T0 + HOUR + 2 * DAY
    assert outcome.post.clock.away_until == until
    waiting = await _clock(host)
    assert waiting.started == until and waiting.held_until == until
    assert waiting.deadline == until + waiting.banks[1]
    assert await host.clock_due(until - 1) == []


async def test_a_table_refusing_vacation_and_a_live_table_keep_their_clocks(
    host: Services, clock: FakeTime
) -> None:
    await _start(host, refuse=True)
    await _start(host, OTHER)
    await _start(host, OTHER + 1, speed="live")
    refusing, live = await _clock(host), await _clock(host, OTHER + 1)
    away = await host.vacation.go_away(GUILD, ALICE, 1)
    assert [t.channel_id for t in away.refusing] == [CHANNEL]
    assert [p.table.channel_id for p in away.posts] == [OTHER]
    assert await _clock(host) == refusing and await _clock(host, OTHER + 1) == live
    assert (await _clock(host, OTHER)).held_until == T0 + DAY
    status = await host.vacation.status(GUILD, ALICE)
    assert [t.channel_id for t in status.refusing] == [CHANNEL]


async def test_the_refusals(host: Services, clock: FakeTime) -> None:
    with pytest.raises(errors.HostError, match="one day at least"):
        await host.vacation.go_away(GUILD, ALICE, 0)
    with pytest.raises(errors.HostError, match="for 21 days at most now"):
        await host.vacation.go_away(GUILD, ALICE, 22)
    await host.store.servers.set_vacation_days(GUILD, 2)
    with pytest.raises(errors.HostError, match="allows 2 days .* for 2 days at most"):
        await host.vacation.go_away(GUILD, ALICE, 3)
    await host.vacation.go_away(GUILD, ALICE, 1)
    with pytest.raises(errors.HostError, match="already away until"):
        await host.vacation.go_away(GUILD, ALICE, 1)
    clock.t = T0 + 2 * DAY
    with pytest.raises(errors.HostError, match="for 1 day at most now"):
        await host.vacation.go_away(GUILD, ALICE, 2)
    assert (await host.vacation.go_away(GUILD + 1, ALICE, 21)).days_left == 0  # per server


async def test_a_restart_finds_the_vacation_and_the_waiting_clock(
    db_path: str, clock: FakeTime
) -> None:
    first = await Services.open(db_path, clock=clock)
    await _start(first)
    await first.vacation.go_away(GUILD, ALICE, 3)
    await first.close()
    clock.t = T0 + BANK + HOUR  # down past the old deadline
    second = await Services.open(db_path, clock=clock)
    try:
        await second.clock_resync()
        assert await second.clock_due(clock.t) == []
        status = await second.vacation.status(GUILD, ALICE)
        assert status.away_until == T0 + 3 * DAY and status.days_left == 18
        table = await second.views.table(CHANNEL)
        assert table is not None
        back = await second.vacation.end_early(GUILD, ALICE)
        [post] = back.posts
        assert post.post.clock.deadline == clock.t + (T0 + BANK - T0)  # the bank, from now
    finally:
        await second.close()


# -- the property: no time out while away -------------------------------------------------------
ACTION = st.one_of(
    st.tuples(st.just("wait"), st.integers(1, 96)),  # hours
    st.tuples(st.just("move"), st.just(0)),
    st.tuples(st.just("away"), st.integers(0, 1), st.integers(1, 6)),  # who, days
    st.tuples(st.just("back"), st.integers(0, 1)),
)


async def _no_timeout_while_away(folder: Path, actions: list[tuple]) -> None:
    clock = FakeTime()
    host = await Services.open(str(folder / "tablee.db"), clock=clock)
    people = (ALICE, CAROL)
    try:
        await _start(host, first=ALICE, other=CAROL)

        async def until(moment: float) -> None:
            """The scheduler's work up to ``moment``: wake at each due moment, in order."""
            while True:
                due = await host.clock_next_due()
                if due is None or due > moment:
                    break
                clock.t = max(clock.t, due)
                for event in _timeouts(await host.clock_due(clock.t)):
                    # A time out, or the post of a return: either while the person is back.
                    timed = await _clock(host)
                    row = await host.store.tables.get_table(CHANNEL)
                    user = row.seats[timed.seat - 1]["user_id"]
                    away = await host.store.vacations.away(GUILD, [user], clock.t)
                    assert user not in away, f"timed out at {clock.t} while away: {away}"
                    assert event.post is not None and event.post.clock.away_until is None
            clock.t = moment

        for action in actions:
            if action[0] == "wait":
                await until(clock.t + action[1] * HOUR)
            elif action[0] == "move":
                outcome = await play_first_legal(host, CHANNEL)
                if outcome is None or outcome.table.status != "playing":
                    return
            elif action[0] == "away":
                try:
                    await host.vacation.go_away(GUILD, people[action[1]], action[2])
                except errors.HostError:
                    pass  # away already, or the allowance is spent
            else:
                await host.vacation.end_early(GUILD, people[action[1]])
        await until(clock.t + 30 * DAY)
    finally:
        await host.close()


@settings(max_examples=40, deadline=None)
@given(st.lists(ACTION, max_size=25))
def test_the_scheduler_never_times_out_a_person_away(
    tmp_path_factory: pytest.TempPathFactory, actions: list[tuple]
) -> None:
    folder = tmp_path_factory.mktemp("vacation")
    asyncio.run(_no_timeout_while_away(folder, actions))
