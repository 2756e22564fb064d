"""A server's tables as a whole (issue 26 items 3 and 4), on a real SQLite file and a real
PostgreSQL schema: where its new tables play (``/settings tables``), and its open lobbies and
games (``/tables``) newest first with their free seats, whose turn it is, their speed and where
to open them; another server's tables never appear. And the one jump link every caller uses."""

from __future__ import annotations

import pytest

from bot.adapter.kit.limits import MAX_CONTENT
from bot.adapter.lobby.server_tables import LISTED, join_view, list_text
from bot.service import Services
from bot.service.results import Seat, TableInfo
from bot.service.rules.tables import jump_url
from bot.service.server_tables import OpenTable, OpenTables
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD
from tests.bot.toy import TOY_ID

OTHER_GUILD = 8


async def test_an_admin_chooses_where_the_servers_new_tables_play(host: Services) -> None:
    assert await host.store.servers.tables_place(GUILD) is None  # not chosen: the bot's configured default
    await host.server_tables.set_place(GUILD, "channel")
    assert await host.store.servers.tables_place(GUILD) == "channel"
    assert await host.store.servers.tables_place(OTHER_GUILD) is None  # each server its own choice
    await host.server_tables.set_place(GUILD, "threads")
    assert await host.store.servers.tables_place(GUILD) == "threads"
    with pytest.raises(ValueError, match="sideways"):
        await host.server_tables.set_place(GUILD, "sideways")
    assert await host.store.servers.tables_place(GUILD) == "threads"


async def test_the_choice_survives_a_restart(db_path: str) -> None:
    first = await Services.open(db_path)
    try:
        await first.server_tables.set_place(GUILD, "channel")
    finally:
        await first.close()
    again = await Services.open(db_path)
    try:
        assert await again.store.servers.tables_place(GUILD) == "channel"
    finally:
        await again.close()


async def test_open_tables_newest_first_with_free_seats_whose_turn_and_speed(
        host: Services) -> None:
    await host.lobbies.create_lobby(101, GUILD, TOY_ID, {}, ALICE, "Alice", seed=1)
    await host.lobbies.join(101, BOB, "Bob")
    await host.lobbies.start(101, ALICE)
    await host.lobbies.create_lobby(102, GUILD, TOY_ID, {}, CAROL, "Carol", seed=2, speed="daily")
    await host.lobbies.create_lobby(201, OTHER_GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.ledger.set_post(102, 9102, (await host.views.require_table(102)).version)

    found = await host.server_tables.open_tables(GUILD, 25)
    assert found.more == 0
    assert [e.table.channel_id for e in found.tables] == [102, 101]  # newest first, this server
    lobby, game = found.tables
    assert (lobby.table.status, len(lobby.table.seats), lobby.free_seats) == ("lobby", 1, 2)
    assert (lobby.to_move, lobby.speed) == ([], "daily")
    assert lobby.url == f"https://discord.com/channels/{GUILD}/102/9102"  # its lobby post
    assert (game.table.status, game.free_seats, game.speed) == ("playing", 0, "live")
    assert game.url == f"https://discord.com/channels/{GUILD}/101"  # no post yet: the channel
    assert len(game.to_move) == 1 and game.to_move[0] in ("Alice", "Bob")

    mover = ALICE if game.to_move == ["Alice"] else BOB
    entries = await host.views.legal_moves(101, mover)
    await host.moves.play(101, mover, entries[0].move)
    after = (await host.server_tables.open_tables(GUILD, 25)).tables[1]
    assert after.to_move == (["Bob"] if mover == ALICE else ["Alice"])

    assert [e.table.channel_id for e in (await host.server_tables.open_tables(OTHER_GUILD, 25)).tables] == [201]
    assert (await host.server_tables.open_tables(9, 25)).tables == []


async def test_a_full_lobby_has_no_free_seat_and_the_tables_beyond_the_limit_are_counted(
        host: Services) -> None:
    await host.lobbies.create_lobby(101, GUILD, TOY_ID, {}, ALICE, "Alice", seed=1)
    await host.lobbies.join(101, BOB, "Bob")
    await host.lobbies.join(101, CAROL, "Carol")  # the toy game seats three at most
    for channel in range(102, 106):
        await host.lobbies.create_lobby(channel, GUILD, TOY_ID, {}, ALICE, "Alice", seed=channel)
    found = await host.server_tables.open_tables(GUILD, 2)
    assert [e.table.channel_id for e in found.tables] == [105, 104]
    assert found.more == 3
    full = (await host.server_tables.open_tables(GUILD, 25)).tables[-1]
    assert (full.table.channel_id, len(full.table.seats), full.free_seats) == (101, 3, 0)


async def test_only_tables_in_channels_the_asker_sees_are_listed_or_counted(
        host: Services) -> None:
    await host.lobbies.create_lobby(101, GUILD, TOY_ID, {}, ALICE, "Alice", seed=1)  # plays in #101
    await host.lobbies.create_lobby(7001, GUILD, TOY_ID, {}, BOB, "Bob", seed=2, parent_id=300)
    await host.lobbies.create_lobby(102, GUILD, TOY_ID, {}, CAROL, "Carol", seed=3)
    assert [e.table.channel_id for e in (await host.server_tables.open_tables(GUILD, 25)).tables] == [
        102, 7001, 101]
    # The thread lobby lives in its post's channel (300), the others in their own.
    seen = await host.server_tables.open_tables(GUILD, 25, seen={300, 101})
    assert [e.table.channel_id for e in seen.tables] == [7001, 101] and seen.more == 0
    one = await host.server_tables.open_tables(GUILD, 1, seen={300, 101})
    assert [e.table.channel_id for e in one.tables] == [7001] and one.more == 1
    assert (await host.server_tables.open_tables(GUILD, 25, seen=set())).tables == []


def table(status: str, *, parent_id: int | None = None, post: int | None = None,
          guild_id: int | None = GUILD) -> TableInfo:
    return TableInfo(channel_id=500, guild_id=guild_id, game_id=TOY_ID, game_name="Toy Cards",
                     options={}, status=status, host_id=ALICE, seats=[Seat(1, ALICE, "Alice")],
                     version=1, post_message_id=post, max_players=3, parent_id=parent_id)


def test_the_jump_link_of_a_table_wherever_it_plays() -> None:
    base = f"https://discord.com/channels/{GUILD}"
    # In a thread of its own: its lobby post in the parent channel (that post's id keys the
    # table), then the thread (a thread made from a message has its id).
    assert jump_url(table("lobby", parent_id=400, post=500)) == f"{base}/400/500"
    assert jump_url(table("playing", parent_id=400, post=777)) == f"{base}/500"
    # In its channel: its post there, or the channel before it has one.
    assert jump_url(table("lobby", post=600)) == f"{base}/500/600"
    assert jump_url(table("playing", post=601)) == f"{base}/500/601"
    assert jump_url(table("lobby")) == f"{base}/500"
    assert jump_url(table("lobby", guild_id=None)) is None


def test_a_list_holds_25_tables_at_most_with_five_join_buttons_a_row() -> None:
    """Short lines (no link): the 25 tables asked for all fit in the text, one Join each, in
    five full rows; the tables beyond are counted."""
    entries = [OpenTable(table("lobby"), [], "live", None) for _ in range(LISTED)]
    text, count = list_text(OpenTables(entries, 4))
    assert count == LISTED == 25 and len(text) <= MAX_CONTENT
    assert text.endswith("\n…and 4 more tables.")
    view = join_view(OpenTables(entries, 4), count, viewer=BOB)
    assert view is not None and len(view.children) == 25
    rows = view.to_components()
    assert len(rows) == 5 and all(len(row["components"]) == 5 for row in rows)
    assert join_view(OpenTables(entries, 0), count, viewer=ALICE) is None  # she sits at each


def test_the_list_stops_where_discords_2000_characters_end() -> None:
    long = "https://discord.com/channels/" + "9" * 19 + "/" + "8" * 19 + "/" + "7" * 19
    entries = [OpenTable(table("lobby"), [], "daily", long) for _ in range(LISTED)]
    text, count = list_text(OpenTables(entries, 0))
    assert len(text) <= MAX_CONTENT and 0 < count < LISTED
    assert text.count(long) == count
    assert text.endswith(f"\n…and {LISTED - count} more tables.")
