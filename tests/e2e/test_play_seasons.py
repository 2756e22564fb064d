"""A season on the emulator (issue 40, item 5), through the real discord.py client: an admin
starts it (a member without Manage Server may not), two rated games are played, /leaderboard
with season:current shows them as an image and text, /season list shows it running, and once the
clock passes its end the champion is announced (image and text) in the channel where it began;
the past season stays readable by its number."""

from __future__ import annotations

import io
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.bot.drive import FakeTime
from tests.e2e.test_play_clock import until
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_public,
    lobby_of,
    play_to_the_end,
    running_tablee,
)
from tests.e2e.toy_game import TOY_ID, register_toy

MANAGE_SERVER = 1 << 5
WEEK = 7 * 86400


@pytest.fixture
def clock() -> FakeTime:
    """The bot's clock, from now on (a finished game's end is stored at the real time)."""
    clock = FakeTime()
    clock.t = time.time()
    return clock


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, now=clock) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def play_one(sim: Any, host: Any, guest: Any) -> None:
    """A one-card game between two people, played with /move."""
    async def turn(user: Any) -> None:
        choices = await sim.autocomplete(user, "move", text="")
        await sim.slash(user, "move", move=choices[0]["value"])

    await lobby_of(sim, host, [guest], game=TOY_ID, rounds=1)
    await play_to_the_end(sim, {host.id: host, guest.id: guest}, turn, limit=10)
    assert "The game is over" in last_public(sim).content


def png_of(message: Any) -> Image.Image:
    [image] = message.attachments
    assert image.filename == "tablee-leaderboard.png"
    return Image.open(io.BytesIO(image.data))


async def test_a_season_from_its_start_to_its_champion(
        discord_sim: Any, tablee: Any, clock: FakeTime) -> None:
    sim = discord_sim
    ada = sim.user("ada", permissions=MANAGE_SERVER)
    alice, bob = sim.user("alice"), sim.user("bob")
    refused = await sim.slash(alice, "season start", game=TOY_ID, weeks=2)
    assert refused.ephemeral and refused.content == (
        "Only people with the Manage Server permission can start or end a season.")
    started = await sim.slash(ada, "season start", game=TOY_ID, weeks=2)
    end = int(clock.t + 2 * WEEK)
    assert not started.ephemeral and started.content.startswith(
        f"📅 **Season 1 of Toy Rounds** starts now on this server and ends <t:{end}:f>")
    again = await sim.slash(ada, "season start", game=TOY_ID, weeks=1)
    assert again.ephemeral and again.content.startswith(
        "Season 1 of Toy Rounds is already running on this server")

    await play_one(sim, alice, bob)
    await play_one(sim, bob, alice)
    choices = await sim.autocomplete(bob, "leaderboard", option="season", text="",
                                     game=TOY_ID)
    assert [c["value"] for c in choices] == ["current"]
    board = await sim.slash(bob, "leaderboard", game=TOY_ID, season="current")
    assert not board.ephemeral
    lines = board.content.splitlines()
    assert lines[0] == (f"🏆 **Season 1 of Toy Rounds** on this server, ends <t:{end}:R> "
                        "(rating · finished games):")
    assert sorted(line.split(" · ", 1)[0][3:] for line in lines[1:]) == sorted(
        [f"<@{alice.id}>", f"<@{bob.id}>"])
    assert all(" · 2 played, " in line for line in lines[1:])  # both games, fresh ratings
    assert png_of(board).width == 720
    listed = await sim.slash(alice, "season list", game=TOY_ID)
    assert listed.ephemeral and "• Season 1: since <t:" in listed.content

    # The clock passes the end: the champion is announced in #general, image and text.
    count = len(sim.public())
    clock.t = end + 1
    tablee.bot.service.context.clock_bell.ring()
    await until(lambda: len(sim.public()) > count)
    await sim.wait_idle()
    post = last_public(sim)
    assert post.content.startswith("🎉 **Season 1 of Toy Rounds is over**: the champion is <@")
    assert "The final leaderboard:" in post.content
    with png_of(post) as image:
        assert image.height > 300  # the podium above the table
    past = await sim.autocomplete(alice, "leaderboard", option="season", text="", game=TOY_ID)
    assert [c["value"] for c in past] == ["1"] and past[0]["name"].startswith("Season 1 · ")
    old = await sim.slash(alice, "leaderboard", game=TOY_ID, season="1")
    assert old.content.startswith("🏆 **Season 1 of Toy Rounds** on this server, <t:")
    assert "champion: <@" in (await sim.slash(alice, "season list", game=TOY_ID)).content

    # The next season, ended early by an admin: nobody played, no champion.
    second = await sim.slash(ada, "season start", game=TOY_ID, weeks=1)
    assert "**Season 2 of Toy Rounds** starts now" in second.content
    done = await sim.slash(ada, "season end", game=TOY_ID)
    assert done.ephemeral and done.content == (
        f"Season 2 of Toy Rounds is over: its champion is announced in <#{sim.general.id}>.")
    assert last_public(sim).content == (
        "🏁 **Season 2 of Toy Rounds is over**: nobody finished a rated game in it, so there is "
        "no champion.")
