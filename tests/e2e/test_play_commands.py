"""/play <game> is built from a game's declarations alone: option names that are not Python
identifiers (or are keywords) keep their Discord name, and the callback gets the game's names
back (no emulator needed: the command's payload and a direct call).

/board text:True and the Describe button of table posts, on the emulator: the position in
words, privately, from the presser's seat (their hand too) or, for anyone else, from the public
view only; in pages of at most 2,000 characters with Previous / Next when it is long."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.adapter.lobby import game_commands
from games import Option, View, get_game
from games.text import Text, say
from tests.e2e.test_play_helpers import (
    CARD,
    assert_all_requests_valid,
    hidden_cards,
    lobby_of,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, ToyRounds, register_toy

SEATED = "The position in words, as you see it from your seat:"
WATCHING = "The position in words, as everyone sees it:"
PAGE = re.compile(r"\(page (\d+) of (\d+)\)")


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()  # before the bot starts: its commands are built from the registry then
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


class OddNames(ToyRounds):
    id = "odd-names"
    name = "Odd Names"
    options = (
        Option("max-rounds", None, 2, "A dash in the name.", kind="number", minimum=1, maximum=9),
        Option("class", ("a", "b"), "a", "A Python keyword."),
        Option("interaction", None, False, "The callback's own parameter name.", kind="yesno"),
    )


def test_odd_option_names_keep_their_discord_names_and_reach_the_lobby(
    monkeypatch: Any,
) -> None:
    group = game_commands.play_group([OddNames()])
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    payload = group.to_dict(tree)
    (sub,) = payload["options"]
    assert sub["name"] == "odd-names" and sub["description"] == "Odd Names (2–6 players)"
    shown = {o["name"]: o for o in sub["options"]}
    assert list(shown) == ["max-rounds", "class", "interaction"]
    assert (shown["max-rounds"]["min_value"], shown["max-rounds"]["max_value"]) == (1, 9)
    assert [c["value"] for c in shown["class"]["choices"]] == ["a", "b"]
    assert shown["interaction"]["type"] == 5

    received: list[dict[str, Any]] = []

    async def open_lobby(interaction: Any, game: Any, options: dict[str, Any]) -> None:
        received.append(options)

    monkeypatch.setattr(game_commands, "open_lobby", open_lobby)
    command = group.get_command("odd-names")
    params = {p.display_name: p.name for p in command.parameters}

    kwargs = {params["max-rounds"]: 3, params["class"]: "b", params["interaction"]: None}
    asyncio.run(command.callback(object(), **kwargs))
    assert received == [{"max-rounds": 3, "class": "b"}]


def words_of(reply: Any) -> list[str]:
    """The lines of a one-page answer in words (after its first line)."""
    return reply.content.split("\n")[1:]


async def test_board_text_and_describe_answer_privately_from_the_pressers_seat(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    users = {alice.id: alice, bob.id: bob}
    _lobby, seats = await lobby_of(sim, alice, [bob], game="master-islands")
    mover = to_move(sim, users)
    values = [c["value"] for c in await sim.autocomplete(mover, "move", text="")]
    await sim.slash(mover, "move", move=values[0])  # a position past the deal
    row = await tablee.bot.service.store.tables.get_table(sim.general.id)
    assert row is not None and row.state is not None

    mine = await sim.slash(alice, "board", text=True)
    assert mine.ephemeral and mine.visible_only_to is alice and not mine.attachments
    assert mine.content.startswith(SEATED + "\n") and not mine.buttons()
    hand = row.state["hands"][seats[alice.id] - 1]
    [hand_line] = [line for line in words_of(mine) if line.startswith("Your hand: ")]
    assert sorted(CARD.findall(hand_line)) == sorted(hand)
    assert f"Alice (seat {seats[alice.id]})" in mine.content
    assert f"Bob (seat {seats[bob.id]})" in mine.content

    watcher = await sim.slash(carol, "board", text=True)  # not seated: the public view only
    assert watcher.ephemeral and watcher.visible_only_to is carol
    assert watcher.content.startswith(WATCHING + "\n")
    assert words_of(watcher) == [line for line in words_of(mine) if line != hand_line]
    assert not set(CARD.findall(watcher.content)) & hidden_cards(row.state)

    described = await sim.click(bob, table_post(sim), label="Describe")
    assert described.ephemeral and described.visible_only_to is bob
    assert described.content.startswith(SEATED + "\n")
    [bob_hand] = [line for line in words_of(described) if line.startswith("Your hand: ")]
    assert sorted(CARD.findall(bob_hand)) == sorted(row.state["hands"][seats[bob.id] - 1])
    assert words_of(described)[:-1] == words_of(watcher)
    spectator = await sim.click(carol, table_post(sim), label="Describe")
    assert spectator.content == watcher.content

    picture = await sim.slash(carol, "board")  # without text: the picture, as before
    assert picture.ephemeral and picture.attachments[0].image().size[0] > 200
    assert not any(m.content.startswith((SEATED, WATCHING)) for m in sim.public())


LONG = 90
"""Lines of the toy game's position in words in the paging test: well over one page."""


def long_words(view: View) -> list[Text]:
    """The toy game's default words (turn, status, hand), then many lines of public facts."""
    lines = ToyRounds.board_words(get_game(TOY_ID), view)
    facts = [say("Line {n} says the scores again: {scores}.", n=n,
                 scores=" ".join(str(s["score"]) for s in view["seats"]) + " " + "~" * 20)
             for n in range(1, LONG + 1)]
    return [lines[0], *facts, *lines[1:]]


async def test_a_long_position_comes_in_pages_with_previous_and_next(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    monkeypatch.setattr(get_game(TOY_ID), "board_words", long_words)
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=5)
    said = await tablee.bot.service.views.board_words(sim.general.id, alice.id, language="en")
    assert len("\n".join(said.lines)) > 2 * 2000  # three pages at least

    for user, head in ((alice, SEATED), (carol, WATCHING)):
        reply = await (sim.slash(user, "board", text=True) if user is alice
                       else sim.click(user, table_post(sim), label="Describe"))
        assert reply.ephemeral and reply.visible_only_to is user
        first = PAGE.search(reply.content.split("\n")[0])
        assert first and first[1] == "1" and int(first[2]) >= 3
        pages = int(first[2])
        assert reply.labels == ["Next"]
        lines = reply.content.split("\n")[1:]
        for page in range(2, pages + 1):
            reply = await sim.click(user, reply, label="Next")
            top = reply.content.split("\n")[0]
            assert top.startswith(head[:-1]) and f"(page {page} of {pages})" in top
            assert len(reply.content) <= 2000
            assert reply.labels == (["Previous", "Next"] if page < pages else ["Previous"])
            lines += reply.content.split("\n")[1:]
        back = await sim.click(user, reply, label="Previous")
        assert f"(page {pages - 1} of {pages})" in back.content.split("\n")[0]
        expected = await tablee.bot.service.views.board_words(sim.general.id, user.id,
                                                             language="en")
        assert lines == expected.lines  # every line once, whole, in order
        assert any(line.startswith("Your hand: ") for line in lines) == (user is alice)
