"""Finished games outside servers through the service (issue 41), on SQLite and PostgreSQL: the
game a message shows (:mod:`bot.service.rules.posted`) or the rule's sentence, and a person's
recent games and stats of no server (``guild_id`` None)."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from bot.service.history import NoSuchGame
from bot.service.rules.posted import NotAGamePost
from tests.bot.conftest import ALICE, GUILD
from tests.bot.storage.test_history import DM, FINAL_POST, stored_game


async def test_the_service_finds_the_finished_game_or_says_why_not(host: Services) -> None:
    first = await stored_game(host, DM, None, "finished")
    assert await host.store.history.keep_final_post(DM, FINAL_POST)
    second = await stored_game(host, DM, None, "abandoned")
    shown = await host.game_history.posted_game(None, DM, FINAL_POST, second.created_at + 5)
    assert shown.game_row == first.id and shown.channel_id == DM
    with pytest.raises(errors.WrongPhase, match="abandoned before its end"):
        await host.game_history.posted_game(None, DM, 1, second.created_at + 5)
    with pytest.raises(NotAGamePost, match="not a Tablée game"):
        await host.game_history.posted_game(None, DM + 1, 1, second.created_at + 5)
    await host.lobbies.create_lobby(DM, None, "isis-osiris", {}, ALICE, "Alice")
    with pytest.raises(errors.WrongPhase, match="not ended yet"):  # the lobby's post
        await host.game_history.posted_game(None, DM, 2, second.created_at + 5)


async def test_a_persons_games_outside_servers(host: Services) -> None:
    won = await stored_game(host, DM, None, "finished")
    lost = await stored_game(host, DM, None, "finished", winner=2)
    theirs = await stored_game(host, DM + 1, GUILD, "finished")  # a server's: not outside servers
    recent = await host.game_history.recent_games(None, ALICE)
    assert [(e.game_row, e.guild_id, w) for e, w in recent] == [(lost.id, None, False),
                                                               (won.id, None, True)]
    assert await host.ratings.stats(None, ALICE) == {
        "games": 2, "per_game": {"isis-osiris": {"played": 2, "wins": 1}}}
    assert (await host.ratings.stats(None))["games"] == 2
    assert [(e.game_row, w) for e, w in await host.game_history.recent_games(GUILD, ALICE)] == [
        (theirs.id, True)]


async def test_outside_servers_a_game_number_reaches_only_its_own_conversations_game(
        host: Services) -> None:
    """A number on a button (Analysis) outside servers: the game of that conversation, never
    another DM's; in a server the number alone (the server scopes it)."""
    game = await stored_game(host, DM, None, "finished")
    assert (await host.game_history.finished_entry(None, game.id, here=DM)).game_row == game.id
    with pytest.raises(NoSuchGame, match="not played in this conversation"):
        await host.game_history.finished_entry(None, game.id, here=DM + 1)
    theirs = await stored_game(host, DM + 2, GUILD, "finished")
    assert (await host.game_history.finished_entry(GUILD, theirs.id, here=DM)).game_row == \
        theirs.id
