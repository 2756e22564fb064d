"""A challenge's lobby as pure rules (bot.service.rules.challenge, with rematch's held seats):
the challenged person's seat is held and marked, Join confirms it (both marks go), the hold ends
at its time, Start waits for them with its own sentence, and the refusals."""

from __future__ import annotations

import pytest

from bot.service.rules import challenge, lobby, rematch
from bot.service.rules.tables import CHALLENGED, PENDING, seats_of
from games import get_game
from tests.bot.toy import TOY_ID, ToyCards, toy_game

toy_game()
ALICE, BOB = 1, 2
UNTIL = 1_000.0


def _challenge() -> object:
    game = get_game(TOY_ID)
    row = lobby.new_lobby(game, 100, 7, {}, ALICE, "Alice", seed=1)
    return game, challenge.invite(game, row, BOB, "Bob", until=UNTIL)


def test_the_challenged_seat_is_held_and_marked() -> None:
    _game, row = _challenge()
    assert [(s["seat"], s["user_id"], s.get(PENDING), s.get(CHALLENGED)) for s in row.seats] == [
        (1, ALICE, None, None), (2, BOB, UNTIL, True)]
    seats = seats_of(row)
    assert [(s.pending_until, s.challenged) for s in seats] == [(None, False), (UNTIL, True)]


def test_join_confirms_the_seat_and_drops_both_marks() -> None:
    _game, row = _challenge()
    joined = rematch.confirm(row, BOB, "Bobby")
    assert joined is not None and joined.version == row.version + 1
    assert joined.seats[1] == {"seat": 2, "user_id": BOB, "name": "Bobby", "bot_level": None}
    rematch.check_start(joined, UNTIL - 1)  # nobody to wait for


def test_start_waits_for_the_challenged_person_then_the_hold_ends() -> None:
    _game, row = _challenge()
    with pytest.raises(rematch.NotConfirmed) as refused:
        rematch.check_start(row, UNTIL - 130)
    assert str(refused.value.message) == (
        "Waiting for Bob to accept the challenge with Join. The seat is kept for about 2 more "
        "minutes; then Start goes ahead without them.")
    assert rematch.expire(row, UNTIL - 1) is row
    ended = rematch.expire(row, UNTIL)
    assert [s["user_id"] for s in ended.seats] == [ALICE]


def test_no_challenge_to_oneself_nor_to_a_game_for_one() -> None:
    game = get_game(TOY_ID)
    row = lobby.new_lobby(game, 100, 7, {}, ALICE, "Alice", seed=1)
    with pytest.raises(challenge.CannotChallenge, match="can't challenge yourself"):
        challenge.invite(game, row, ALICE, "Alice", until=UNTIL)

    class Patience(ToyCards):  # the toy game for one player
        name = "Patience"
        min_players = max_players = 1

    with pytest.raises(challenge.CannotChallenge) as refused:
        challenge.invite(Patience(), row, BOB, "Bob", until=UNTIL)
    assert str(refused.value.message) == (
        "Patience is played alone, so nobody can be challenged to it.")
