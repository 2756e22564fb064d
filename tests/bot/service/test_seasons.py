"""Seasons (bot.service.seasons) through the real service on SQLite and PostgreSQL, with a clock
the test drives: start and its refusals, fresh season ratings from the games played inside the
season only, the end on the scheduler naming the champion, an early end, past seasons read
back, and a season that ends while the bot is down (its first try failing loses no other
event of the scheduler)."""

from __future__ import annotations

import time

import pytest

from bot.service import Services
from bot.service.errors import HostError, UnknownGameError
from bot.service.scheduler import HeldDue
from bot.service.seasons import RETRY, WEEK, SeasonOver
from bot.storage.rows import HeldTurn
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD
from tests.bot.drive import FakeTime, play_to_end
from tests.bot.toy import TOY_ID

HERE = 555  # the channel where /season start runs


@pytest.fixture
def clock() -> FakeTime:
    """The service's clock, starting now: a finished game's end is stored at the real time."""
    clock = FakeTime()
    clock.t = time.time()
    return clock


async def play_game(host: Services, channel: int, *people: int) -> None:
    """A whole toy game between ``people`` (the first hosts), rated as it ends."""
    await host.lobbies.create_lobby(channel, GUILD, TOY_ID, {}, people[0], "P", seed=channel)
    for person in people[1:]:
        await host.lobbies.join(channel, person, f"P{person}")
    await host.lobbies.start(channel, people[0])
    await play_to_end(host, channel)


async def test_a_seasons_ratings_start_fresh_and_count_its_games_only(
        db_path: str, clock: FakeTime) -> None:
    host = await Services.open(db_path, clock=clock)
    try:
        await play_game(host, 1, ALICE, BOB)  # before the season: the server's ratings only
        season = await host.seasons.start(GUILD, HERE, TOY_ID, 2)
        assert (season.number, season.ends_at - season.started_at) == (1, 2 * WEEK)
        await play_game(host, 2, ALICE, CAROL)
        await play_game(host, 3, BOB, CAROL)
        current = await host.seasons.board(GUILD, TOY_ID, ALICE)
        assert current.season == season and current.board.game_name == "Toy Cards"
        assert sorted((s.player, s.rating.games) for s in current.board.top) == [
            ("u:1", 1), ("u:2", 1), ("u:3", 2)]
        assert (await host.ratings.standings(GUILD, ALICE, TOY_ID))[0].rating.games == 2
        assert current.board.names == {ALICE: "P", BOB: "P", CAROL: "P3"}  # as last seated
        outsider = await host.seasons.board(GUILD, TOY_ID, 99)
        assert outsider.board.caller is None
    finally:
        await host.close()


async def test_start_and_end_refuse_with_a_sentence_and_an_admin_ends_early(db_path: str, clock: FakeTime) -> None:
    host = await Services.open(db_path, clock=clock)
    try:
        for weeks in (0, 53):
            with pytest.raises(HostError) as refused:
                await host.seasons.start(GUILD, HERE, TOY_ID, weeks)
            assert refused.value.message == "A season lasts from 1 to 52 weeks."
        with pytest.raises(UnknownGameError):
            await host.seasons.start(GUILD, HERE, "chess", 4)
        season = await host.seasons.start(GUILD, HERE, TOY_ID, 4)
        with pytest.raises(HostError) as refused:
            await host.seasons.start(GUILD, HERE, TOY_ID, 1)
        assert refused.value.message == (
            f"Season 1 of Toy Cards is already running on this server: it ends "
            f"<t:{int(season.ends_at)}:f>. An admin can end it early with /season end.")
        with pytest.raises(HostError) as refused:
            await host.seasons.board(GUILD, TOY_ID, ALICE, 2)
        assert refused.value.message == ("There is no season 2 of Toy Cards on this server: "
                                         "/season list shows them.")
        # An admin ends it early; nobody played: no champion.
        clock.t += 3600
        over = await host.seasons.end(GUILD, TOY_ID)
        assert over.ended.season.ended_at == clock.t and over.ended.board.top == []
        assert over.ended.season.champion is None
        assert await host.clock_next_due() is None
        with pytest.raises(HostError) as refused:
            await host.seasons.end(GUILD, TOY_ID)
        assert refused.value.message == "No season of Toy Cards is running on this server."
    finally:
        await host.close()


async def test_the_scheduler_ends_a_season_and_names_its_champion(
        db_path: str, clock: FakeTime) -> None:
    host = await Services.open(db_path, clock=clock)
    try:
        assert await host.clock_next_due() is None
        season = await host.seasons.start(GUILD, HERE, TOY_ID, 1)
        assert await host.clock_next_due() == season.ends_at
        await play_game(host, 2, ALICE, BOB)
        assert await host.clock_due(season.ends_at - 1) == []
        [over] = await host.clock_due(season.ends_at + 5)
        assert isinstance(over, SeasonOver)
        ended = over.ended
        assert ended.season.ended_at == season.ends_at and ended.season.channel_id == HERE
        winner = ended.board.top[0]
        assert ended.season.champion == winner.player and winner.rating.wins == 1
        assert await host.clock_due(season.ends_at + 6) == []  # announced once
        assert await host.clock_next_due() is None
        # The past season stays readable; the next one starts fresh.
        with pytest.raises(HostError) as refused:
            await host.seasons.board(GUILD, TOY_ID, ALICE)
        assert refused.value.message == ("No season of Toy Cards is running on this server: "
                                         "/season list shows the past ones.")
        clock.t = season.ends_at + 10
        second = await host.seasons.start(GUILD, HERE, TOY_ID, 3)
        assert second.number == 2
        assert (await host.seasons.board(GUILD, TOY_ID, ALICE)).board.top == []
        past = await host.seasons.board(GUILD, TOY_ID, ALICE, 1)
        assert past.board.top == ended.board.top
        assert [s.number for s in await host.seasons.seasons(GUILD, TOY_ID)] == [2, 1]
    finally:
        await host.close()


async def test_a_season_ending_while_the_bot_is_down_ends_at_the_next_start(
        db_path: str, clock: FakeTime, monkeypatch: pytest.MonkeyPatch) -> None:
    host = await Services.open(db_path, clock=clock)
    try:
        season = await host.seasons.start(GUILD, HERE, TOY_ID, 1)
        await play_game(host, 2, ALICE, BOB)
    finally:
        await host.close()
    clock.t = now = season.ends_at + 3 * 86400  # three days later
    host = await Services.open(db_path, clock=clock)
    try:
        assert await host.clock_next_due() == season.ends_at  # due at once
        # The first try fails: no other event of that moment is lost, and not tried at once.
        held = HeldTurn(ALICE, 1, GUILD, TOY_ID, None, now - 60, now)
        await host.store.notices.hold(held)  # a turn held for Alice's waiting list, due now

        async def broken(*_args: object) -> None:
            raise RuntimeError("the disk hiccups")

        monkeypatch.setattr(host.store.seasons, "end", broken)
        assert await host.clock_due(now) == [HeldDue(ALICE)]
        assert await host.seasons.next_due() == now + RETRY
        monkeypatch.undo()
        assert await host.clock_due(now + 1) == [HeldDue(ALICE)]  # too soon: not retried
        held_again, over = await host.clock_due(now + RETRY)
        assert held_again == HeldDue(ALICE) and isinstance(over, SeasonOver)
        assert over.ended.season.ended_at == season.ends_at  # its own end, not now
        assert over.ended.season.champion is not None
        assert len(over.ended.board.top) == 2
    finally:
        await host.close()
