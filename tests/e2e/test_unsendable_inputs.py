"""Command data Discord's client cannot send gets one sentence each, no traceback (issue 30,
item 13): a non-string /move, options off their choices or of the wrong type, an unknown command
or subcommand, integers of 2^63 and more, a required option missing, an unresolved user, and an
autocomplete whose typed text is not text. ``sim.raw_command`` sends the data exactly as given
(the probe's hostile payloads); numbers in custom ids: tests/e2e/test_forged_components.py."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    lobby_of,
    running_tablee,
    slash_with_user_option,
)

VALUE = "The value given for **{option}** is not one Discord sends, so nothing was done."
UNKNOWN = "I don't offer that command (any more): type / and pick one of Tablée's commands"
MISSING = "The option **{option}** is required and was not given, so nothing was done."
UNRESOLVED = "I couldn't find the person given for **{option}**: pick them from the list"


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


def command(sim: Any, name: str, options: list[dict[str, Any]],
            resolved: dict[str, Any] | None = None) -> dict[str, Any]:
    synced = next(c for c in sim.commands() if c["name"] == name)
    data = {"id": synced["id"], "name": name, "type": 1, "options": options}
    if "guild_id" in synced:
        data["guild_id"] = synced["guild_id"]
    if resolved is not None:
        data["resolved"] = resolved
    return data


def play(sim: Any, game: str, options: list[dict[str, Any]]) -> dict[str, Any]:
    return command(sim, "play", [{"name": game, "type": 1, "options": options}])


def hostile(sim: Any, stranger: Any) -> list[tuple[str, dict[str, Any], str]]:
    """(what, data, the start of the answer) for each kind of input the probe sent."""
    big = 2**63
    return [
        ("a number as the move", command(sim, "move", [{"name": "move", "type": 3, "value": 7}]),
         VALUE.format(option="move")),
        ("a list as the move",
         command(sim, "move", [{"name": "move", "type": 3, "value": ["place", "B4"]}]),
         VALUE.format(option="move")),
        ("the move as an integer option",
         command(sim, "move", [{"name": "move", "type": 4, "value": big}]),
         VALUE.format(option="move")),
        ("a mode off its choices", play(sim, "master-islands",
                                        [{"name": "mode", "type": 3, "value": "chaos"}]),
         VALUE.format(option="mode")),
        ("a game off /rules's choices",
         command(sim, "rules", [{"name": "game", "type": 3, "value": "chess"}]),
         VALUE.format(option="game")),
        ("text for a yes/no", command(sim, "dms", [{"name": "enabled", "type": 5, "value": "yes"}]),
         VALUE.format(option="enabled")),
        ("an unknown subcommand", play(sim, "chess", []), UNKNOWN),
        ("an unknown command", {"id": "1", "name": "chess", "type": 1, "options": []}, UNKNOWN),
        ("2^63 as a seat", play(sim, "master-islands",
                                [{"name": "first", "type": 4, "value": big}]),
         VALUE.format(option="first")),
        ("2^64 as a count", play(sim, "ile-des-contrebandiers",
                                 [{"name": "reefs", "type": 4, "value": big * 2}]),
         VALUE.format(option="reefs")),
        ("a seat past the range", play(sim, "master-islands",
                                       [{"name": "first", "type": 4, "value": 9}]),
         VALUE.format(option="first")),
        ("a required option missing", command(sim, "move", []), MISSING.format(option="move")),
        ("an unresolved user", command(sim, "stats", [
            {"name": "user", "type": 6, "value": str(stranger.id + 1)}]),
         UNRESOLVED.format(option="user")),
        ("2^64 as a user", command(sim, "stats", [
            {"name": "user", "type": 6, "value": str(big * 2)}], resolved={"users": {}}),
         VALUE.format(option="user")),
        ("an option the command lacks",
         command(sim, "move", [{"name": "move", "type": 3, "value": "pass"},
                               {"name": "seat", "type": 4, "value": 1}]),
         VALUE.format(option="seat")),
    ]


async def test_each_unsendable_input_gets_its_sentence_and_no_traceback(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    await lobby_of(sim, alice, [bob], game="master-islands")
    table = await tablee.bot.service.views.table(sim.general.id)
    other = sim.channel("free")  # where a /play would open a lobby if it went through
    posts = len(sim.public())
    caplog.set_level(logging.INFO)
    for what, data, answer in hostile(sim, carol):
        channel = other if data["name"] == "play" else sim.general
        interaction = await sim.raw_command(alice, data, channel=channel)
        reply = interaction.original
        assert reply is not None and reply.ephemeral, what
        assert reply.content.startswith(answer), (what, reply.content)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING
                and "is not what Discord sends" in r.getMessage()]
    assert len(warnings) == len(hostile(sim, carol))
    assert await tablee.bot.service.views.table(sim.general.id) == table  # nothing played
    assert await tablee.bot.service.views.table(other.id) is None  # no lobby opened
    assert len(sim.public()) == posts and not sim.public(other)
    # What Discord does send still works.
    rules = await sim.slash(carol, "rules", game="master-islands")
    assert rules.ephemeral and "Sorry" not in rules.content
    stats = await slash_with_user_option(sim, carol, "stats", user=alice)
    assert stats.ephemeral and "Sorry" not in stats.content


async def test_an_autocomplete_with_no_text_typed_answers_no_choices(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="master-islands")
    caplog.set_level(logging.INFO)
    for focused in (5, None, ["p"]):
        data = command(sim, "move", [{"name": "move", "type": 3, "value": focused,
                                      "focused": True}])
        interaction = await sim.raw_command(alice, data, kind=4)
        assert interaction.response_type == 8 and interaction.choices == []
    unknown = {"id": "1", "name": "chess", "type": 1,
               "options": [{"name": "x", "type": 3, "value": "", "focused": True}]}
    assert (await sim.raw_command(alice, unknown, kind=4)).choices == []
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]
    assert await sim.autocomplete(alice, "move", text="") or await sim.autocomplete(
        bob, "move", text="")  # the mover still gets suggestions
