"""Tournaments through the service on real SQLite and PostgreSQL, with a clock the test drives:
the refusals of create, join, leave and start; an 8-player two-seat Swiss of 3 rounds and a
9-player three-seat Swiss of 2 rounds from sign-up to podium, their standings recounted from
the games' history; the forfeit on time (two and three seats) and by leaving; two missed games
withdraw a player; a restart mid-round resumes; a slow round's deadline; the start time; an
unrated tournament leaves ratings alone.

Most tables end the way every finished game closes (``MoveCommitter.finish``, the path of a
game's last move and of a forfeit) with a chosen result, so the standings are known; one table
of each tournament is played move by move through ``services.moves``."""

from __future__ import annotations

import itertools
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest

import i18n
from bot.config import ClockConfig
from bot.service import Outcome, Services, errors
from bot.service.results import TournamentInfo
from bot.service.scheduler import CANCELLED, NEXT_ROUND, STARTED, TournamentDue
from bot.service.tournaments import Tournaments
from tests.bot.conftest import GUILD
from tests.bot.drive import FakeTime, play_to_end
from tests.bot.toy import TOY_ID
from tests.e2e.tournament_reference import by_player, read_tournament, standings

T0 = FakeTime.START
HOUR = 3600.0
DAY = 24 * HOUR
LIVE_BANK = 5 * 60.0  # a live table's first turn (ClockConfig().live.start)
CREATED_IN = 500


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def host(db_path: str, clock: FakeTime) -> AsyncIterator[Services]:
    h = await Services.open(db_path, clock=clock, clock_config=ClockConfig())
    yield h
    await h.close()


async def _create(host: Services, players: int, *, seats: int = 2, rounds: int | None = 3,
                  speed: str = "live", start_at: float | None = None, rated: bool = True,
                  fill: str = "bye", round_days: int | None = None) -> int:
    info = await host.tournaments.create(
        guild_id=GUILD, channel_id=CREATED_IN, owner_id=99, owner_name="Org", game_id=TOY_ID,
        options={}, fmt="swiss", rounds=rounds, seats=seats, speed=speed, start_at=start_at,
        rated=rated, fill=fill, round_days=round_days)
    for user in range(1, players + 1):
        await host.tournaments.join(info.id, user, f"P{user}")
    return info.id


_threads = itertools.count(10_000)


async def _open_all(host: Services, tid: int) -> dict[int, list[int | None]]:
    """Open every table waiting (as the adapter does, a new thread each): thread -> seats."""
    out = {}
    for table in await host.tournaments.unopened(tid):
        thread = next(_threads)
        outcome = await host.tournaments.open_table(tid, table.round, table.table, thread)
        assert outcome.table.status == "playing" and outcome.post is not None
        assert [s.user_id for s in outcome.table.seats] == list(table.seats)
        out[thread] = list(table.seats)
    return out


async def _decide(host: Services, thread: int, ranking: list[int]) -> None:
    """The game at ``thread`` ends as every finished game closes, the seats placed in
    ``ranking`` order (the first wins; scores descending)."""
    async with host.context.lock(thread):
        row = await host.store.tables.get_table(thread)
        assert row is not None and row.status == "playing"
        scores = [0.0] * len(row.seats)
        for points, seat in enumerate(reversed(ranking), 1):
            scores[seat - 1] = float(points)
        await host.committer.finish(row, [], {"finished": True, "scores": scores,
                                              "winners": [ranking[0]], "reason": ""})


def _by_strength(seats: list[int | None]) -> list[int]:
    """Seat numbers, the lowest user id first (the test's strength order)."""
    return sorted(range(1, len(seats) + 1), key=lambda s: seats[s - 1] or 0)


async def _recount(host: Services, tid: int, scale: tuple[float, ...]) -> dict[int, float]:
    """Points recounted from the games' history alone (their results), byes a win's points:
    the check the standings must pass."""
    points: dict[int, float] = {}
    for table in await host.store.tournaments.tables(tid):
        if table.table_no == 0:
            for user in table.seats:
                points[user] = points.get(user, 0.0) + scale[0]
            continue
        game = await host.store.history.game(table.table_id)
        assert game is not None and game["record"]["tournament"]["id"] == tid
        result = game["result"]
        seats = len(table.seats)
        key = [(s not in result["winners"], s in result.get("forfeits", []),
                -result["scores"][s - 1]) for s in range(1, seats + 1)]
        for seat, user in enumerate(table.seats, 1):
            below = sum(other < key[seat - 1] for other in key)
            tied = sum(other == key[seat - 1] for other in key)
            share = sum(scale[p] for p in range(below, below + tied)) / tied
            if user is not None:
                points[user] = points.get(user, 0.0) + share
    return points


async def _same_as_the_reference(host: Services, info: TournamentInfo) -> None:
    """The standings equal the ones the independent reference (tests/e2e) computes from the
    database's rows."""
    players, withdrawn, tables = await read_tournament(host.store.db, info.id)
    reference = by_player(standings(info.format, info.seats, players, tables, withdrawn))
    assert {line.player: (line.place, line.points, line.tiebreaks, line.played)
            for line in info.standings} == reference


async def test_the_refusals_say_what_is_wrong(host: Services, clock: FakeTime) -> None:
    make = host.tournaments.create
    base: dict[str, Any] = dict(guild_id=GUILD, channel_id=CREATED_IN, owner_id=99,
                                owner_name="Org", game_id=TOY_ID, options={}, fmt="swiss",
                                rounds=3, seats=2, speed="live", start_at=None, rated=True,
                                fill="bye")
    refusals = [
        ({"seats": 4}, "Toy Cards tournament tables seat 2 to 3 players, not 4."),
        ({"speed": "off"}, "A tournament plays live or slow (daily), with a clock: not 'off'."),
        ({"rounds": 0}, "A Swiss tournament has 1 to 20 rounds, not 0."),
        ({"start_at": T0 - 1}, "The start time has passed: choose a time to come."),
        ({"fmt": "ladder"}, "There is no tournament format 'ladder': choose Swiss, round robin "
                            "or knock-out."),
        ({"speed": "daily", "round_days": 40}, "A slow round lasts 1 to 30 days, not 40."),
        ({"fill": "nobody"}, "An incomplete table is filled with a bye or a computer seat, not "
                             "'nobody'."),
    ]
    for change, said in refusals:
        with pytest.raises(errors.HostError) as refused:
            await make(**{**base, **change})
        assert str(refused.value) == said
    tid = (await make(**base)).id
    await host.tournaments.join(tid, 1, "P1")
    with pytest.raises(errors.AlreadySeated):
        await host.tournaments.join(tid, 1, "P1")
    with pytest.raises(errors.NotSeated, match="You are not signed up"):
        await host.tournaments.leave(tid, 2)
    with pytest.raises(errors.NotOwner, match=r"Only the organiser \(Org\) or a server admin"):
        await host.tournaments.start(tid, 1, False)
    with pytest.raises(errors.BadTableOptions,
                       match="The tournament needs at least 2 players; 1 signed up."):
        await host.tournaments.start(tid, 99, False)
    await host.tournaments.join(tid, 2, "P2")
    await host.tournaments.join(tid, 3, "P3")
    info = await host.tournaments.leave(tid, 3)  # before the start: out
    assert [p.user_id for p in info.players] == [1, 2]
    info = await host.tournaments.start(tid, 7, True)  # an admin may
    assert (info.status, info.round, info.rounds) == ("running", 1, 3)
    with pytest.raises(errors.WrongPhase, match="no longer taking players"):
        await host.tournaments.join(tid, 3, "P3")
    with pytest.raises(errors.WrongPhase, match="already started"):
        await host.tournaments.start(tid, 99, False)
    info = await host.tournaments.leave(tid, 2)  # under way: withdrawn
    assert [p.withdrawn for p in info.players] == [False, True]
    info = await host.tournaments.cancel(tid, 99, False)
    assert info.status == "cancelled"
    with pytest.raises(errors.WrongPhase, match="This tournament is over."):
        await host.tournaments.cancel(tid, 99, False)
    for signed_up in (1, 2, 3):  # playing, withdrawn, left: all told it takes nobody now
        with pytest.raises(errors.WrongPhase, match="no longer taking players"):
            await host.tournaments.join(tid, signed_up, f"P{signed_up}")
    with pytest.raises(errors.HostError, match="There is no such tournament."):
        await host.tournaments.show(tid + 1)


async def test_an_eight_player_two_seat_swiss_of_three_rounds(host: Services) -> None:
    tid = await _create(host, 8)
    info = await host.tournaments.start(tid, 99, False)
    met: set[frozenset[int]] = set()
    for round_no in (1, 2, 3):
        assert info.round == round_no and len(info.tables) == 4 and info.byes == ()
        threads = await _open_all(host, tid)
        assert await host.tournaments.unopened(tid) == []
        first, *rest = sorted(threads)
        assert await host.tournaments.table_of(first) == (tid, round_no, 1)
        await play_to_end(host, first)  # one table move by move
        for thread in rest:
            await _decide(host, thread, _by_strength(threads[thread]))
        for seats in threads.values():
            pair = frozenset(u for u in seats if u is not None)
            assert pair not in met  # no pair meets twice
            met.add(pair)
        again = await host.tournaments.advance(tid)
        assert await host.tournaments.advance(tid) == again  # idempotent
        info = again
    assert info.status == "finished" and info.round == 3
    assert all(line.played == 3 for line in info.standings)
    recount = await _recount(host, tid, (1.0, 0.0))
    assert {line.player: line.points for line in info.standings} == recount
    assert sum(recount.values()) == 12  # one point a game
    points = [line.points for line in info.standings]
    assert points == sorted(points, reverse=True) and points[0] >= 2
    assert [line.place for line in info.podium][:1] == [1] and len(info.podium) >= 3
    assert info.tiebreaks == ("Buchholz", "Sonneborn-Berger")
    await _same_as_the_reference(host, info)


async def test_a_nine_player_three_seat_swiss_of_two_rounds(host: Services) -> None:
    tid = await _create(host, 9, seats=3, rounds=2)
    info = await host.tournaments.start(tid, 99, False)
    for round_no in (1, 2):
        assert info.round == round_no and len(info.tables) == 3 and info.byes == ()
        threads = await _open_all(host, tid)
        first, *rest = sorted(threads)
        await play_to_end(host, first)
        for thread in rest:
            await _decide(host, thread, _by_strength(threads[thread]))
        info = await host.tournaments.advance(tid)
    assert info.status == "finished"
    recount = await _recount(host, tid, (3.0, 1.0, 0.0))
    assert {line.player: line.points for line in info.standings} == recount
    assert sum(recount.values()) == 6 * 4  # 4 points a table (3 / 1 / 0), 6 tables
    assert [line.place for line in info.standings] == sorted(
        line.place for line in info.standings)
    assert info.tiebreaks == ("Opponents' points",)
    await _same_as_the_reference(host, info)


async def test_time_running_out_forfeits_and_two_missed_games_withdraw(
    host: Services, clock: FakeTime
) -> None:
    tid = await _create(host, 4)
    await host.tournaments.start(tid, 99, False)
    for round_no in (1, 2):
        threads = await _open_all(host, tid)
        for thread, seats in threads.items():
            if 4 not in seats:
                await _decide(host, thread, _by_strength(seats))
                continue
            # Player 4 never moves: whoever is to move first, the other plays until it is 4's
            # turn, then 4's time runs out and 4 loses on time.
            late = thread
        row = await host.store.tables.get_table(late)
        assert row is not None and row.state is not None
        to_move = row.seats[row.state["turn"] - 1]["user_id"]
        if to_move != 4:
            version, entries = await host.views.menu(late, to_move)
            await host.moves.play(late, to_move, entries[0].move, version=version)
        clock.t += LIVE_BANK + HOUR
        events = await host.clock_due(clock.t)
        [ended] = [e for e in events if isinstance(e, Outcome)]
        assert ended.table.status == "finished" and ended.post is not None
        assert ended.post.finished and ended.post.result["forfeits"] == [
            threads[late].index(4) + 1]
        assert "time is up: they lose the game on time" in " ".join(ended.post.lines)
        assert await host.store.tables.get_table(late) is None
        info = await host.tournaments.advance(tid)
        line = next(t for t in (await host.store.tournaments.tables(tid, round_no))
                    if t.table_no and 4 in t.seats)
        assert line.forfeits == [4] and line.places is not None
        assert line.places[line.seats.index(4)] == 2
    players = {p.user_id: p for p in await host.store.tournaments.players(tid)}
    assert (players[4].missed, players[4].withdrawn_after) == (2, 2)
    assert info.round == 3 and [p.withdrawn for p in info.players] == [False, False, False, True]
    assert all(4 not in t.seats for t in info.tables) and len(info.byes) == 1
    await _same_as_the_reference(host, info)


async def test_leaving_a_three_seat_table_forfeits_it_the_others_placed_by_score(
    host: Services,
) -> None:
    tid = await _create(host, 3, seats=3, rounds=1)
    await host.tournaments.start(tid, 99, False)
    [(thread, seats)] = (await _open_all(host, tid)).items()
    for _ in range(2):  # two moves: two seats have scored
        row = await host.store.tables.get_table(thread)
        mover = row.seats[row.state["turn"] - 1]["user_id"]
        version, entries = await host.views.menu(thread, mover)
        await host.moves.play(thread, mover, entries[-1].move, version=version)
    row = await host.store.tables.get_table(thread)
    scores = row.state["scores"]
    leaver = seats[scores.index(max(scores))]  # the best score leaves: still last
    with pytest.raises(errors.HostError, match="never plays for a person"):
        await host.absence.take_over(thread, seats[0] if leaver != seats[0] else seats[1])
    left = await host.absence.leave_game(thread, leaver)
    assert isinstance(left, Outcome) and left.table.status == "finished"
    info = await host.tournaments.advance(tid)
    assert info.status == "finished"
    [table] = await host.store.tournaments.tables(tid, 1)
    assert table.forfeits == [leaver] and table.places[seats.index(leaver)] == 3
    others = [s for s in seats if s != leaver]
    best = max(others, key=lambda u: scores[seats.index(u)])
    assert table.places[seats.index(best)] == 1
    game = await host.store.history.game(table.table_id)
    assert game["result"]["forfeits"] == [seats.index(leaver) + 1]
    results = await host.store.db.fetchall(
        "SELECT user_id, outcome FROM player_results WHERE game_row = ? ORDER BY seat",
        (table.table_id,))
    assert dict(results)[best] == "win" and dict(results)[leaver] == "loss"
    with pytest.raises(errors.WrongPhase, match="A tournament game has no rematch"):
        await host.lobbies.rematch(thread, best, "P", game_row=table.table_id)


async def test_a_restart_mid_round_resumes_every_table_and_the_pairing(
    db_path: str, clock: FakeTime
) -> None:
    first = await Services.open(db_path, clock=clock, clock_config=ClockConfig())
    try:
        tid = await _create(first, 4, rounds=2)
        await first.tournaments.start(tid, 99, False)
        threads = await _open_all(first, tid)
        done, playing = sorted(threads)
        await _decide(first, done, _by_strength(threads[done]))
        await first.tournaments.advance(tid)
    finally:
        await first.close()
    again = await Services.open(db_path, clock=clock, clock_config=ClockConfig())
    try:
        assert await again.tournaments.running() == [tid]
        assert await again.tournaments.unopened(tid) == []
        info = await again.tournaments.advance(tid)
        assert info.round == 1 and [t.ended for t in info.tables] == [True, False]
        await play_to_end(again, playing)
        info = await again.tournaments.advance(tid)
        assert info.round == 2 and len(await again.tournaments.unopened(tid)) == 2
    finally:
        await again.close()


async def test_a_slow_rounds_deadline_ends_its_tables_by_score(
    host: Services, clock: FakeTime
) -> None:
    tid = await _create(host, 4, rounds=2, speed="daily", round_days=1)
    info = await host.tournaments.start(tid, 99, False)
    assert info.round_deadline == T0 + DAY  # before any turn's time is up (two days at first)
    assert await host.clock_next_due() == T0 + DAY  # no table opened yet: the deadline
    threads = await _open_all(host, tid)
    played, unplayed = sorted(threads)
    await _decide(host, played, _by_strength(threads[played]))
    row = await host.store.tables.get_table(unplayed)
    mover = row.seats[row.state["turn"] - 1]["user_id"]
    version, entries = await host.views.menu(unplayed, mover)
    await host.moves.play(unplayed, mover, entries[-1].move, version=version)  # one move, ahead
    clock.t = T0 + DAY
    events = await host.clock_due(clock.t)
    [due] = [e for e in events if isinstance(e, TournamentDue)]
    assert due.what == NEXT_ROUND and due.info.round == 2
    [ended] = due.outcomes
    assert ended.post is not None and ended.post.finished
    assert ended.post.result["forfeits"] == [] and ended.post.result["winners"] == [
        threads[unplayed].index(mover) + 1]
    [table] = [t for t in await host.store.tournaments.tables(tid, 1)
               if t.channel_id == unplayed]
    assert table.places[table.seats.index(mover)] == 1 and table.forfeits == []
    assert due.info.round_deadline == T0 + 2 * DAY
    assert {p.missed for p in await host.store.tournaments.players(tid)} == {0}


async def test_the_start_time_starts_it_or_cancels_it(host: Services, clock: FakeTime) -> None:
    full = await _create(host, 2, start_at=T0 + HOUR)
    empty = await _create(host, 1, start_at=T0 + 2 * HOUR)
    assert await host.clock_next_due() == T0 + HOUR
    clock.t = T0 + HOUR
    [started] = [e for e in await host.clock_due(clock.t) if isinstance(e, TournamentDue)]
    assert (started.what, started.info.id, started.info.status) == (STARTED, full, "running")
    assert len(await host.tournaments.unopened(full)) == 1
    clock.t = T0 + 2 * HOUR
    [cancelled] = [e for e in await host.clock_due(clock.t) if isinstance(e, TournamentDue)]
    assert (cancelled.what, cancelled.info.id, cancelled.info.status) == (
        CANCELLED, empty, "cancelled")
    assert cancelled.reason == "The tournament needs at least 2 players; 1 signed up."
    assert await host.clock_next_due() is None
    assert [t.id for t in await host.tournaments.in_guild(GUILD)] == [full]


async def test_an_unrated_tournament_leaves_ratings_alone(host: Services) -> None:
    for rated in (False, True):
        tid = await _create(host, 2, rounds=1, rated=rated)
        await host.tournaments.start(tid, 99, False)
        [(thread, seats)] = (await _open_all(host, tid)).items()
        await _decide(host, thread, _by_strength(seats))
        [table] = await host.store.tournaments.tables(tid, 1)
        game = await host.store.history.game(table.table_id)
        assert game["record"].get("unrated", False) is (not rated)
        ratings = await host.store.ratings.ratings_of(GUILD, TOY_ID)
        assert bool(ratings) is rated
    assert isinstance(host.tournaments, Tournaments)
    assert json.dumps(game["result"])  # a plain JSON result


async def _run_out(host: Services, tid: int) -> TournamentInfo:
    """Every round to the end, each table decided by strength (computers last)."""
    info = await host.tournaments.show(tid)
    while info.status == "running":
        for thread, seats in (await _open_all(host, tid)).items():
            if await host.store.tables.get_table(thread) is not None:
                await _decide(host, thread, _by_strength([u or 1000 for u in seats]))
        info = await host.tournaments.advance(tid)
    return info


async def test_round_robin_knock_out_and_computer_seats_run_to_their_end(
    host: Services,
) -> None:
    robin = await host.tournaments.create(
        guild_id=GUILD, channel_id=CREATED_IN, owner_id=99, owner_name="Org", game_id=TOY_ID,
        options={}, fmt="round_robin", rounds=9, seats=2, speed="live", start_at=None,
        rated=True, fill="bye")
    assert robin.rounds is None  # fixed by the players at the start
    for user in (1, 2, 3, 4):
        await host.tournaments.join(robin.id, user, f"P{user}")
    assert (await host.tournaments.start(robin.id, 99, False)).rounds == 3
    info = await _run_out(host, robin.id)
    assert [(line.player, line.points) for line in info.standings] == [
        (1, 3.0), (2, 2.0), (3, 1.0), (4, 0.0)]  # everyone met everyone once
    await _same_as_the_reference(host, info)
    knockout = await host.tournaments.create(
        guild_id=GUILD, channel_id=CREATED_IN, owner_id=99, owner_name="Org", game_id=TOY_ID,
        options={}, fmt="knockout", rounds=None, seats=2, speed="live", start_at=None,
        rated=True, fill="bye")
    for user in (1, 2, 3, 4):
        await host.tournaments.join(knockout.id, user, f"P{user}")
    await host.tournaments.start(knockout.id, 99, False)
    info = await _run_out(host, knockout.id)
    assert info.round == 2 and info.standings[0].player == 1
    assert [t.seats for t in info.tables] in ([(1, 2)], [(2, 1)])  # the final
    await _same_as_the_reference(host, info)
    computers = await _create(host, 3, rounds=1, fill="computer")
    await host.tournaments.start(computers, 99, False)
    [with_computer] = [t for t in (await host.tournaments.show(computers)).tables
                       if None in t.seats]
    assert "Computer 1 (medium)" in with_computer.names
    with i18n.language("fr"):
        assert "Ordinateur 1 (moyen)" in [i18n.translate(n) for n in with_computer.names]
    info = await _run_out(host, computers)
    assert info.status == "finished" and {line.player for line in info.standings} == {1, 2, 3}
    await _same_as_the_reference(host, info)


async def test_a_moment_that_fails_is_tried_again_later_not_at_once(
    host: Services, clock: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid = await _create(host, 2, start_at=T0 + HOUR)

    async def broken(*_args: object) -> None:
        raise RuntimeError("the database is away")

    monkeypatch.setattr(host.tournaments, "start", broken)
    clock.t = T0 + HOUR
    assert [e for e in await host.clock_due(clock.t) if isinstance(e, TournamentDue)] == []
    assert await host.clock_next_due() == T0 + HOUR + 60  # not at once: no busy loop
    monkeypatch.undo()
    clock.t = T0 + HOUR + 60
    [started] = [e for e in await host.clock_due(clock.t) if isinstance(e, TournamentDue)]
    assert started.what == STARTED and started.info.id == tid
