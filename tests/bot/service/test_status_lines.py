"""What the table post says in words (bot/service/rules/posts.py and the games' texts): no line
of a whole game, its status or its result, nests parentheses ("wins (carol (seat 3) collected 10
cards (target 10))" is hard to read)."""

from __future__ import annotations

import random

import pytest

from bot.service import Outcome, Services
from games import get_game
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD

GAMES = ("master-islands", "isis-osiris", "maitre-des-mers", "ile-des-contrebandiers")


def nested(text: str) -> bool:
    """Whether a parenthesis opens inside another."""
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
            if depth > 1:
                return True
        elif char == ")":
            depth = max(depth - 1, 0)
    return False


def test_nested_finds_a_parenthesis_inside_another() -> None:
    assert nested("wins (carol (seat 3) collected 10 cards)")
    assert not nested("Carol (seat 3) wins: she collected 10 cards (target 10)")


async def play_at_random(host: Services, game_id: str, rng: random.Random) -> list[Outcome]:
    """Alice and Bob play the game's own computer moves drawn with ``rng`` (a random game that
    ends), a computer plays the third seat: every outcome to the end."""
    game = get_game(game_id)
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    outcomes = [outcome]
    for _ in range(1000):
        while outcome.computers_next:
            outcome = await host.moves.computers_move(CHANNEL)
            assert outcome is not None
            outcomes.append(outcome)
        if outcome.post is not None and outcome.post.finished:
            return outcomes
        row = await host.store.tables.get_table(CHANNEL)
        assert row is not None and row.state is not None
        [seat] = [s for s in game.to_move(row.state) if row.seats[s - 1].get("user_id")][:1]
        move = game.bots["medium"](game, row.state, seat, rng)
        outcome = await host.moves.play(CHANNEL, row.seats[seat - 1]["user_id"], move)
        outcomes.append(outcome)
    raise AssertionError("the game did not end")


@pytest.mark.sqlite_only  # words, not storage: one store is enough
@pytest.mark.parametrize("game", GAMES)
async def test_no_line_of_a_random_game_nests_parentheses(host: Services, game: str) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, game, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    outcomes = await play_at_random(host, game, random.Random(3))
    texts = [text for o in outcomes if o.post is not None
             for text in (o.post.status, *o.post.lines, *o.post.transient_lines)]
    assert len(texts) > 20
    assert [t for t in texts if nested(t)] == []
