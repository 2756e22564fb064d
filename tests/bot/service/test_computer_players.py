"""Computer players at the table: a bot whose code raises never stalls the game."""

from __future__ import annotations

import logging
import random
from dataclasses import replace
from typing import Any

import pytest

from bot.service import Services
from games import Game, State, random_bot
from tests.bot.conftest import ALICE, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID, toy_game


def broken_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    raise ZeroDivisionError("the bot's own bug")


async def start_and_finish(host: Services) -> list[dict[str, Any]]:
    """Start the lobby, play it to the end; the moves of its finished record."""
    await host.lobbies.start(CHANNEL, ALICE)
    outcomes = await play_to_end(host, CHANNEL)
    assert outcomes[-1].table.status == "finished"
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    return list((await host.store.history.game(game_row))["record"]["moves"])


async def test_a_raising_bot_is_logged_and_replaced_by_a_random_move(
    host: Services, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(toy_game(), "bots", {"easy": random_bot, "medium": random_bot,
                                             "hard": broken_bot})
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
    with caplog.at_level(logging.ERROR, logger="bot.service.computers"):
        moves = await start_and_finish(host)
    assert sum(1 for m in moves if m["seat"] == 2) == 4  # the computer played all its cards
    failures = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failures) == 4
    message = failures[0].getMessage()
    assert f"table {CHANNEL} seat 2" in message and "'hard'" in message
    assert failures[0].exc_info and failures[0].exc_info[0] is ZeroDivisionError


async def test_seats_stored_with_the_old_level_names_still_play(
    host: Services, caplog: pytest.LogCaptureFixture
) -> None:
    """Tables stored before the levels have "random" and "greedy" seats named "Computer 1":
    they play on (as easy and medium), and nothing falls back to a random move."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=4)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None
    old = [row.seats[0], {**row.seats[1], "name": "Computer 1", "bot_level": "random"},
           {**row.seats[2], "name": "Computer 2", "bot_level": "greedy"}]
    await host.store.tables.update_table(replace(row, seats=old, version=row.version + 1), row.version)
    with caplog.at_level(logging.WARNING, logger="bot.service"):
        moves = await start_and_finish(host)
    assert {m["seat"] for m in moves} == {1, 2, 3}
    assert not caplog.records
