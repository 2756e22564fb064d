"""Lobby invariants under any sequence of joins, leaves and computer seats (pure functions)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service import errors
from bot.service.rules import lobby
from bot.storage import TableRow
from tests.bot.toy import toy_game

ACTIONS = st.lists(
    st.tuples(st.sampled_from(["join", "leave", "add", "remove"]), st.integers(1, 5)),
    max_size=30,
)


@settings(max_examples=200, deadline=None)
@given(ACTIONS)
def test_seats_stay_numbered_unique_and_hosted(actions: list[tuple[str, int]]) -> None:
    game = toy_game()
    row: TableRow | None = lobby.new_lobby(game, 1, 1, {}, 1, "u1", seed=0)
    for action, user in actions:
        if row is None:
            break
        before = row.version
        try:
            if action == "join":
                row = lobby.join(game, row, user, f"u{user}")
            elif action == "leave":
                row = lobby.leave(row, user)
            elif action == "add":
                row = lobby.add_computer(game, row, user, lobby.LEVELS[user % 3])
            else:
                row = lobby.remove_computer(row, user)
        except errors.HostError:
            continue
        if row is None:
            break
        assert row.version == before + 1
        seats = row.seats
        assert [s["seat"] for s in seats] == list(range(1, len(seats) + 1))
        assert len(seats) <= game.max_players
        humans = [s["user_id"] for s in seats if s["user_id"] is not None]
        assert len(humans) == len(set(humans)) and row.host_id in humans
        names = [s["name"] for s in seats]
        assert len(names) == len(set(names))  # two computers are never confused
