"""``/settings tables`` and ``/tables`` in Discord (issue 26 items 3 and 4), with the real
discord.py client on the emulator: an admin chooses where new tables play (anyone else is
refused in one sentence); ``/tables`` lists the server's open lobbies and games newest first,
privately, each with a link to open it, and its Join button seats the presser at a lobby of
another channel and updates that lobby's post; a forged Join naming another server's table is
refused and changes nothing.

In the channel mode (the helpers' default) the tables are in different channels; with the
server's choice of threads, two lobbies share #general and a started one is linked by its
thread."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    running_tablee,
)
from tests.e2e.toy_game import TOY_ID, register_toy

MANAGE_SERVER = 1 << 5
EMPTY = "No tables are open on this server. Start one with /play."
ELSEWHERE = "That table belongs to another server, so this button does nothing here."
UNSEEN = "That table is in a channel you can't see, so you can't join it from here."
LINK = re.compile(r"\[open\]\((https://discord\.com/channels/[0-9/]+)\)")


def links(message: Any) -> list[str]:
    return LINK.findall(message.content)


def table_lines(message: Any) -> list[str]:
    return [line for line in message.content.split("\n") if re.match(r"\d+\. ", line)]


async def test_an_admin_chooses_where_new_tables_play_and_others_are_refused(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    bob, zoe = sim.user("bob"), sim.user("zoe", locale="fr", permissions=MANAGE_SERVER)
    service = toy_tablee.bot.service
    guild = sim.world.guild_id
    assert await service.store.servers.tables_place(guild) is None  # the bot's configured default

    said = await sim.slash(admin, "settings tables", where="channel")
    assert said.ephemeral and said.content == (
        "New tables on this server will play in the channel where /play is typed, one at a time; "
        "tables already open stay where they are.")
    assert await service.store.servers.tables_place(guild) == "channel"

    refused = await sim.slash(bob, "settings tables", where="threads")
    assert refused.ephemeral and refused.content == (
        "Only people with the Manage Server permission can choose where the server's tables "
        "play.")
    assert await service.store.servers.tables_place(guild) == "channel"

    said = await sim.slash(zoe, "settings tables", where="threads")  # in her own language
    assert said.ephemeral and said.content.startswith(
        "Les nouvelles tables de ce serveur se joueront chacune dans un fil")
    assert await service.store.servers.tables_place(guild) == "threads"

    settings = next(c for c in sim.world.global_commands if c["name"] == "settings")
    tables = next(o for o in settings["options"] if o["name"] == "tables")
    assert [c["value"] for c in tables["options"][0]["choices"]] == ["threads", "channel"]


async def test_tables_lists_the_servers_tables_newest_first_and_join_seats_the_presser(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    guild = sim.world.guild_id
    empty = await sim.slash(carol, "tables")
    assert empty.ephemeral and empty.content == EMPTY and not empty.buttons()

    cards, dice = sim.channel("cards"), sim.channel("dice")
    game = await sim.slash(alice, f"play {TOY_ID}", channel=cards)
    await sim.click(bob, game, label="Join")
    await sim.click(alice, game, label="Start")
    first = await sim.slash(alice, f"play {TOY_ID}")  # in #general
    second = await sim.slash(bob, f"play {TOY_ID}", channel=dice)
    panel = await sim.click(bob, second, label="Settings")
    panel = await sim.click(bob, panel, label="Next")  # the table speed is on the second page
    speed = next(s for s in panel.selects() if s["placeholder"].startswith("Table speed:"))
    await sim.select(bob, panel, values=["=daily"], custom_id=speed["custom_id"])

    listed = await sim.slash(carol, "tables")
    assert listed.ephemeral, "the list is private: the channel stays quiet"
    assert sim.public() == [first]  # nothing new in #general
    lines = table_lines(listed)
    assert len(lines) == 3, listed.content
    assert lines[0].startswith("1. **Toy Rounds** · lobby, 1 of 6 seats taken · daily · ")
    assert lines[1].startswith("2. **Toy Rounds** · lobby, 1 of 6 seats taken · live · ")
    assert re.match(r"3\. \*\*Toy Rounds\*\* · Alice, Bob · (Alice|Bob) to move · live · ",
                    lines[2]), lines[2]
    post = next(m for m in sim.public(cards) if "My hand / Play" in m.labels)
    assert links(listed) == [
        f"https://discord.com/channels/{guild}/{dice.id}/{second.id}",
        f"https://discord.com/channels/{guild}/{sim.general.id}/{first.id}",
        f"https://discord.com/channels/{guild}/{cards.id}/{post.id}",
    ]
    # A Join button for each lobby with a free seat, none for the game under way.
    assert listed.labels == ["Join 1 · Toy Rounds", "Join 2 · Toy Rounds"]

    joined = await sim.click(carol, listed, label="Join 2 · Toy Rounds")  # Alice's, in #general
    assert joined.ephemeral and joined.visible_only_to is carol
    assert joined.content == (
        f"You sit at the Toy Rounds table (seat 2): "
        f"https://discord.com/channels/{guild}/{sim.general.id}/{first.id}")
    assert "2. Carol" in first.content  # the lobby post, updated for everybody
    table = await toy_tablee.bot.service.views.table(sim.general.id)
    assert [s.user_id for s in table.seats] == [alice.id, carol.id]

    again = await sim.click(carol, listed, label="Join 2 · Toy Rounds")  # a second press
    assert again.content == "You already sit at this table (seat 2)."
    mine = await sim.slash(carol, "tables")  # no Join where she already sits
    assert mine.labels == ["Join 1 · Toy Rounds"]
    assert "2. **Toy Rounds** · lobby, 2 of 6 seats taken" in mine.content


@pytest.fixture
async def two_servers(discord_sim: DiscordSim, discord_env: Emulator,
                      tmp_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    """The bot on two servers (the second added before it starts); yields (app, #general of
    the second server)."""
    register_toy()
    world = discord_env.world
    other = world.general_of(world.add_guild("Other server"))
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app, other
    assert_all_requests_valid(discord_sim)


async def test_a_forged_join_for_another_servers_table_is_refused(
        discord_sim: Any, two_servers: tuple[Any, Any]) -> None:
    sim = discord_sim
    app, elsewhere = two_servers
    alice, mallory = sim.user("alice"), sim.user("mallory")
    theirs = await sim.slash(alice, f"play {TOY_ID}", channel=elsewhere)
    before = theirs.content
    await sim.slash(alice, f"play {TOY_ID}")  # a lobby on Mallory's server too
    listed = await sim.slash(mallory, "tables")
    assert listed.labels == ["Join 1 · Toy Rounds"]
    assert len(table_lines(listed)) == 1  # the other server's table is not listed

    refused = await sim.forged_press(mallory, listed, f"tj:{elsewhere.id}")
    assert refused is not None and refused.ephemeral and refused.content == ELSEWHERE
    assert last_private(sim, mallory).content == ELSEWHERE
    table = await app.bot.service.views.table(elsewhere.id)
    assert [s.user_id for s in table.seats] == [alice.id]
    assert theirs.content == before


async def test_a_long_list_shows_what_one_message_holds_and_counts_the_rest(
        discord_sim: Any, toy_tablee: Any) -> None:
    """27 lobbies: the list stops where Discord's 2,000 characters end, each listed lobby has its
    Join button (five a row at most), and the rest are counted; the emulator checks the
    message against Discord's limits."""
    sim = discord_sim
    alice, carol = sim.user("alice"), sim.user("carol")
    service = toy_tablee.bot.service
    channels = [sim.channel(f"table-{n}") for n in range(27)]
    for channel in channels:
        await service.lobbies.create_lobby(channel.id, sim.world.guild_id, TOY_ID, {}, alice.id, "Alice")
    listed = await sim.slash(carol, "tables")
    lines = table_lines(listed)
    assert 10 <= len(lines) < 27 and len(listed.content) <= 2000
    assert listed.content.endswith(f"\n…and {27 - len(lines)} more tables.")
    assert links(listed)[0].endswith(f"/{channels[-1].id}")  # the newest first
    assert listed.labels == [f"Join {n} · Toy Rounds" for n in range(1, len(lines) + 1)]
    assert all(len(row["components"]) <= 5 for row in listed.components)


async def test_tables_in_threads_two_in_one_channel_listed_and_joined(
        discord_sim: Any, toy_tablee: Any) -> None:
    """The server chooses threads (the bot's default here is the channel): two lobbies in one
    channel, one started in its thread; /tables links the waiting lobby's post and the game's
    thread, and its Join seats a person at the lobby whose post is in #general."""
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    bob, carol = sim.user("bob"), sim.user("carol")
    guild = sim.world.guild_id
    await sim.slash(admin, "settings tables", where="threads")
    first = await sim.slash(admin, f"play {TOY_ID}")
    second = await sim.slash(bob, f"play {TOY_ID}")  # the same channel: threads allow it
    assert second is not None and "Start" in second.labels, second
    await sim.click(bob, first, label="Join")
    await sim.click(admin, first, label="Start")
    thread = sim.thread_of(first)

    listed = await sim.slash(carol, "tables")
    lines = table_lines(listed)
    assert len(lines) == 2, listed.content
    assert lines[0].startswith("1. **Toy Rounds** · lobby, 1 of 6 seats taken · ")
    assert re.match(r"2\. \*\*Toy Rounds\*\* · Ada, Bob · (Ada|Bob) to move · ", lines[1])
    assert links(listed) == [
        f"https://discord.com/channels/{guild}/{sim.general.id}/{second.id}",  # its lobby post
        f"https://discord.com/channels/{guild}/{thread.id}",  # the game's thread
    ]
    joined = await sim.click(carol, listed, label="Join 1 · Toy Rounds")
    assert joined.content == ("You sit at the Toy Rounds table (seat 2): "
                              f"https://discord.com/channels/{guild}/{sim.general.id}/{second.id}")
    assert "2. Carol" in second.content  # the lobby post in #general, updated


async def test_a_staff_channels_tables_are_listed_only_to_those_who_see_it(
        discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    staff = sim.role("staff", 0)
    ada, bob = sim.user("ada", roles=[staff]), sim.user("bob")
    private = sim.channel("staff-room", hidden_from=sim.world.guild_id, shown_to=staff)
    hidden = await sim.slash(ada, f"play {TOY_ID}", channel=private)
    await sim.slash(ada, f"play {TOY_ID}")  # in #general, for everybody

    theirs = await sim.slash(bob, "tables")
    assert len(table_lines(theirs)) == 1 and "more" not in theirs.content
    assert links(theirs) == [
        f"https://discord.com/channels/{sim.world.guild_id}/{sim.general.id}/"
        f"{sim.public()[-1].id}"]
    staffs = await sim.slash(sim.user("carl", roles=[staff]), "tables")
    assert len(table_lines(staffs)) == 2
    assert links(staffs)[1].endswith(f"/{private.id}/{hidden.id}")

    refused = await sim.forged_press(bob, theirs, f"tj:{private.id}")
    assert refused is not None and refused.content == UNSEEN
    table = await toy_tablee.bot.service.views.table(private.id)
    assert [s.user_id for s in table.seats] == [ada.id]
