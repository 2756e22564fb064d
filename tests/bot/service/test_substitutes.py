"""Substitutes through the host, on a SQLite file and on PostgreSQL (issue 26 item 5): someone
not playing asks for a seat a computer plays since its person left, a player accepts, and the
substitute plays the seat to the end; refusals, stale answers, the record, /history and the
rating rule (the substitute rated only with at least half of the seat's moves; the replaced
person never), rebuild-ratings agreeing with the live ratings.

The toy game of two players deals 8 cards: seat 1 plays moves 1, 3, 5, 7 and seat 2 moves 2,
4, 6, 8 of the record."""

from __future__ import annotations

import json

import pytest

import i18n
from bot.app.forget import forget
from bot.service import Outcome, Services, errors
from bot.storage.skill import played_enough
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD
from tests.bot.drive import play_first_legal, play_to_end
from tests.bot.toy import TOY_ID

ERIN = 5


async def _start(host: Services, people: dict[int, str], computers: int = 0) -> None:
    (first, first_name), *rest = people.items()
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, first, first_name, seed=3)
    for user, name in rest:
        await host.lobbies.join(CHANNEL, user, name)
    for _ in range(computers):
        await host.lobbies.add_computer(CHANNEL, first)
    await host.lobbies.start(CHANNEL, first)


async def _human_move(host: Services) -> Outcome:
    """The person to move plays, then the computers do what they have to."""
    outcome = await play_first_legal(host, CHANNEL)
    assert outcome is not None
    while outcome.computers_next:
        nxt = await host.moves.computers_move(CHANNEL)
        assert nxt is not None
        outcome = nxt
    return outcome


async def _bob_leaves_after(host: Services, record_moves: int) -> None:
    """Alice and Bob play until ``record_moves`` moves are made (Bob's turn next), then Bob
    leaves; a computer plays his seat from then on (at once: his move comes next)."""
    await _start(host, {ALICE: "Alice", BOB: "Bob"})
    for _ in range(record_moves):
        await _human_move(host)
    left = await host.absence.leave_game(CHANNEL, BOB)
    assert isinstance(left, Outcome) and left.applied  # the computer moved for Bob
    assert left.post is not None and left.post.clock is not None
    assert left.post.clock.takeable == [(2, "Bob")]  # the table post offers Take seat 2 (Bob)


async def _rated(host: Services, user: int) -> bool:
    return bool(await host.ratings.standings(GUILD, user, TOY_ID))


async def test_a_substitute_takes_the_seat_plays_it_to_the_end_and_is_rated(
    host: Services,
) -> None:
    await _bob_leaves_after(host, 1)  # move 1 Alice, move 2 the computer for Bob
    await _human_move(host)  # move 3 Alice, move 4 the computer for Bob
    with pytest.raises(errors.HostError, match="already have a seat"):
        await host.absence.ask_seat(CHANNEL, ALICE, 2)
    with pytest.raises(errors.HostError, match="your own seat"):
        await host.absence.ask_seat(CHANNEL, BOB, 2)
    with pytest.raises(errors.HostError, match="not bots"):
        await host.absence.ask_seat(CHANNEL, ERIN, 2, is_bot=True)
    with pytest.raises(errors.HostError, match="A person plays that seat now"):
        await host.absence.ask_seat(CHANNEL, DAVE, 1)
    asked = await host.absence.ask_seat(CHANNEL, DAVE, 2)
    assert (asked.seat, asked.user_id, asked.players) == (2, DAVE, [ALICE])
    assert i18n.translate(asked.seat_label, "en") == "Bob (seat 2)"
    answer = {"table": asked.table, "seat": 2, "candidate": DAVE, "since": asked.since}
    before = await host.store.tables.get_table(CHANNEL)
    with pytest.raises(errors.NotSeated, match="Only the people playing"):
        await host.absence.answer_seat(CHANNEL, CAROL, name="Dave", **answer)  # not playing
    with pytest.raises(errors.NotSeated, match="Only the people playing"):
        await host.absence.answer_seat(CHANNEL, BOB, name="Dave", **answer)  # replaced: not playing
    assert await host.absence.answer_seat(CHANNEL, ALICE, name=None, **answer) is None  # Decline
    assert (await host.store.tables.get_table(CHANNEL)).version == before.version  # nothing changed
    outcome = await host.absence.answer_seat(CHANNEL, ALICE, name="Dave", **answer)
    assert outcome is not None and outcome.post is not None
    assert outcome.post.lines == ["Alice (seat 1) accepted: Dave now plays seat 2 in Bob's place."]
    assert outcome.post.clock is None or outcome.post.clock.takeable == []
    seat = (await host.store.tables.get_table(CHANNEL)).seats[1]
    assert (seat["user_id"], seat["name"], seat.get("replaced")) == (DAVE, "Dave", None)
    assert [(b["user_id"], b["name"]) for b in seat["before"]] == [(BOB, "Bob")]
    with pytest.raises(errors.StaleVersion, match="That seat has changed"):
        await host.absence.answer_seat(CHANNEL, ALICE, name="Dave", **answer)  # answered already
    with pytest.raises(errors.NotSeated, match="Dave took your seat"):
        await host.absence.come_back(CHANNEL, BOB)  # Bob does not get it back
    note = await host.views.private_note(CHANNEL, DAVE)  # Dave's hand is seat 2's
    assert note.seat == 2
    await _human_move(host)  # move 5 Alice
    assert (await host.views.private_note(CHANNEL, DAVE)).your_turn  # move 6 is Dave's
    outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished"
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    assert stored is not None
    assert stored["record"]["substitutes"] == [
        {"seat": 2, "before": "Bob", "after": "Dave", "move": 4, "turn": 5}]
    assert [m["seat"] for m in stored["record"]["moves"]] == [1, 2, 1, 2, 1, 2, 1, 2]
    assert stored["seats"][1]["before"][0]["move"] == 4
    [entry] = (await host.game_history.history(GUILD)).entries
    assert [i18n.translate(p.name, "en") for p in entry.players] == [
        "Alice", "Bob → Dave (from turn 5)"]
    assert i18n.translate(entry.players[1].name, "fr") == "Bob → Dave (dès le tour 5)"
    # Dave played moves 6 and 8: half of seat 2's four, so he is rated; Bob is not
    assert await _rated(host, DAVE) and await _rated(host, ALICE)
    assert not await _rated(host, BOB)
    live = await host.store.ratings.ratings_of(GUILD, TOY_ID)
    assert await host.ratings.rebuild_ratings() == 1
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == live
    # forget-user forgets the replaced person where the seat and the record name them
    assert (await forget(host.store, BOB))["games"] == 1
    stored = await host.store.history.game(game_row)
    assert stored is not None and "Bob" not in json.dumps([stored["seats"], stored["record"]])
    assert stored["record"]["substitutes"][0]["before"] == "a former player"
    [entry] = (await host.game_history.history(GUILD)).entries
    assert i18n.translate(entry.players[1].name, "fr") == "un ancien joueur → Dave (dès le tour 5)"
    assert await host.ratings.rebuild_ratings() == 1
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == live


async def test_a_substitute_with_less_than_half_of_the_seats_moves_is_not_rated(
    host: Services,
) -> None:
    await _bob_leaves_after(host, 1)
    await _human_move(host)
    await _human_move(host)  # moves 5 and 6 made: Dave would play move 8 only, 1 of 4
    asked = await host.absence.ask_seat(CHANNEL, DAVE, 2)
    outcome = await host.absence.answer_seat(CHANNEL, ALICE, table=asked.table, seat=2, candidate=DAVE,
                                     since=asked.since, name="Dave")
    assert outcome is not None
    await play_to_end(host, CHANNEL)
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    assert stored is not None and stored["record"]["substitutes"][0]["move"] == 6
    assert not await _rated(host, DAVE) and not await _rated(host, BOB)
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == {}  # Alice alone: nothing to compare
    await host.ratings.rebuild_ratings()
    assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == {}


async def test_stale_requests_say_so(host: Services) -> None:
    await _bob_leaves_after(host, 1)
    asked = await host.absence.ask_seat(CHANNEL, DAVE, 2)
    answer = {"table": asked.table, "seat": 2, "candidate": DAVE, "name": "Dave"}
    await host.absence.come_back(CHANNEL, BOB)  # Bob plays again: the request is moot
    with pytest.raises(errors.HostError, match="A person plays that seat now"):
        await host.absence.ask_seat(CHANNEL, DAVE, 2)
    with pytest.raises(errors.StaleVersion, match="That seat has changed"):
        await host.absence.answer_seat(CHANNEL, ALICE, since=asked.since, **answer)
    left = await host.absence.leave_game(CHANNEL, BOB)  # he leaves again: a new replacement
    assert isinstance(left, Outcome)
    with pytest.raises(errors.StaleVersion, match="That seat has changed"):
        await host.absence.answer_seat(CHANNEL, ALICE, since=asked.since, **answer)  # the old request
    again = await host.absence.ask_seat(CHANNEL, DAVE, 2)
    assert again.since > asked.since
    # another person takes the seat first: Dave's request is stale
    other = await host.absence.ask_seat(CHANNEL, ERIN, 2)
    assert await host.absence.answer_seat(CHANNEL, ALICE, table=other.table, seat=2, candidate=ERIN,
                                  since=other.since, name="Erin") is not None
    with pytest.raises(errors.StaleVersion, match="That seat has changed"):
        await host.absence.answer_seat(CHANNEL, ALICE, since=again.since, **answer)
    await play_to_end(host, CHANNEL)
    with pytest.raises(errors.StaleVersion, match="That game is over"):
        await host.absence.answer_seat(CHANNEL, ALICE, since=again.since, **answer)


async def test_a_computer_players_seat_and_an_empty_table_are_refused(host: Services) -> None:
    await _start(host, {ALICE: "Alice", BOB: "Bob"}, computers=1)
    with pytest.raises(errors.HostError, match="belongs to a computer player"):
        await host.absence.ask_seat(CHANNEL, DAVE, 3)
    left = await host.absence.leave_game(CHANNEL, BOB)
    assert isinstance(left, Outcome)
    await host.absence.leave_game(CHANNEL, ALICE)  # nobody left playing themselves: it ends
    with pytest.raises(errors.HostError):
        await host.absence.ask_seat(CHANNEL, DAVE, 2)


def test_the_half_rule() -> None:
    seat = {"seat": 2, "user_id": DAVE, "before": [{"user_id": BOB, "name": "Bob", "move": 4}]}
    moves = [1, 2, 1, 2, 1, 2, 1, 2]
    assert played_enough(seat, moves)  # moves 6 and 8: 2 of 4
    assert not played_enough({**seat, "before": [{**seat["before"][0], "move": 6}]}, moves)
    assert not played_enough({**seat, "before": [{**seat["before"][0], "move": 8}]}, moves)
    assert played_enough({"seat": 2, "user_id": BOB}, moves)  # never changed hands
