"""Issue 26: a thread per table, with the real discord.py client on the emulator.

Two tables of different games started in one channel at once, played to the end across a
restart, each post in its own thread and the channel holding only their summaries; a live
table's thread archived by Discord reopened and played on; Rematch on the summary opening in
the thread; commands typed in the parent channel finding the caller's table; the channel as the
fallback when the bot can't make threads (a missing permission, the server's cap), with the
sentence for the host."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.posting import threads
from tests.e2e.emulator.state import ALL_PERMISSIONS, CREATE_PUBLIC_THREADS
from tests.e2e.test_play_helpers import (
    OVER,
    Words,
    assert_all_requests_valid,
    last_private,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, register_toy

ADMINISTRATOR = 1 << 3
THREADS = {"tables_place": "threads", "rematch_seconds": 30}


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, **THREADS) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def open_table(sim: Any, host: Any, joiners: list[Any], game: str, **options: Any) -> Any:
    lobby = await sim.slash(host, f"play {game}", **options)
    assert lobby is not None and not lobby.ephemeral and "Start" in lobby.labels, lobby
    for user in joiners:
        await sim.click(user, lobby, label="Join")
    return lobby


async def started(sim: Any, host: Any, joiners: list[Any], game: str) -> tuple[Any, Any]:
    """A table opened, joined and started: its summary post and its thread."""
    lobby = await open_table(sim, host, joiners, game)
    await sim.click(host, lobby, label="Start")
    return lobby, sim.thread_of(lobby)


def over(sim: Any, thread: Any) -> bool:
    return any(OVER in m.content for m in sim.public(thread))


async def test_two_tables_in_one_channel_play_to_the_end_in_their_own_threads(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob, carol, dave = (sim.user(n) for n in ("alice", "bob", "carol", "dave"))
    isis = await open_table(sim, alice, [bob], "isis-osiris")
    toy = await open_table(sim, carol, [dave], TOY_ID, rounds=1)
    assert sim.threads() == []  # a lobby is a post in the channel until Start
    await sim.click(alice, isis, label="Start")
    await sim.click(carol, toy, label="Start")

    threads = {"isis": sim.thread_of(isis), "toy": sim.thread_of(toy)}
    assert threads["isis"].id == isis.id and threads["toy"].id == toy.id  # the post's id
    assert threads["isis"].name == "Isis & Osiris · Alice, Bob"
    assert threads["toy"].name == "Toy Rounds · Carol, Dave"
    assert threads["isis"].auto_archive_duration == 10080  # the longest: daily games idle
    for lobby in (isis, toy):
        assert "in progress" in lobby.content and f"<#{lobby.id}>" in lobby.content
        assert not lobby.labels  # the lobby's buttons are gone from the summary
    users = {u.id: u for u in (alice, bob, carol, dave)}
    rng = random.Random(26)
    turns = 0
    while not all(over(sim, t) for t in threads.values()):
        for thread in threads.values():  # the two games take turns
            user = None if over(sim, thread) else to_move(sim, users, thread)
            if user is not None:
                await play_turn_by_menu(sim, user, rng, thread)
        turns += 1
        assert turns < 80, "the games do not end"
        if turns == 3:
            await tablee.restart()

    # The channel holds the two summaries (now results with Rematch) and nothing else.
    channel = sim.public()
    assert [m.id for m in channel] == [isis.id, toy.id], [m.content for m in channel]
    for lobby in (isis, toy):  # "**Game** · players · <the result> · the game: #thread"
        assert lobby.labels == ["Rematch", "Analysis"] and f" · the game: <#{lobby.id}>" in lobby.content
        result = lobby.content.split(" · the game: ")[0].split(" · ", 2)[2]
        assert result in sim.public(sim.thread_of(lobby))[-1].content, lobby.content
    # Every table post went to its own thread: each thread's posts name its game only.
    assert any("Isis & Osiris" in m.content or m.attachments for m in sim.public(threads["isis"]))
    for thread in threads.values():
        posts = sim.public(thread)
        assert posts and OVER in posts[-1].content
        assert all(m.channel is thread for m in posts)
    # DMs point into the threads (the jump links name the thread as the channel).
    for user in users.values():
        for dm in sim.dms(user):
            if "discord.com/channels/" in dm.content:
                assert any(f"/{t.id}/" in dm.content for t in threads.values()), dm.content


async def test_a_live_tables_thread_archived_by_discord_is_reopened_and_played_on(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby, thread = await started(sim, alice, [bob], "isis-osiris")
    await sim.archive(thread)  # Discord archives an idle thread
    await sim.wait_idle()
    assert not thread.archived  # the bot undid it at once
    assert thread.auto_archive_duration == 10080
    users = {alice.id: alice, bob.id: bob}
    user = to_move(sim, users, thread)
    before = len(sim.public(thread))
    await play_turn_by_menu(sim, user, random.Random(1), thread)
    assert len(sim.public(thread)) > before


async def test_commands_in_the_channel_act_on_the_callers_table_in_its_thread(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    first = await open_table(sim, alice, [bob], "isis-osiris")
    await sim.click(alice, first, label="Start")
    # /hand typed in the channel: Alice's only table is the one in the thread.
    hand = await sim.slash(alice, "hand")
    in_thread = await sim.slash(alice, "hand", channel=sim.thread_of(first))
    assert hand.ephemeral and hand.content == in_thread.content and "Seat 1" in hand.content
    second = await open_table(sim, alice, [carol], "isis-osiris")
    await sim.click(alice, second, label="Start")
    several = await sim.slash(alice, "hand")
    assert several.ephemeral and "2 tables here" in several.content
    assert f"<#{first.id}>" in several.content and f"<#{second.id}>" in several.content
    # The table option: its suggestions are this channel's tables, and a choice picks one.
    offered = await sim.autocomplete(alice, "hand", option="table", text="")
    assert [c["value"] for c in offered] == [str(first.id), str(second.id)]
    assert [c["name"] for c in offered] == ["Isis & Osiris · Alice, Bob",
                                            "Isis & Osiris · Alice, Carol"]
    for lobby in (first, second):  # the hand /hand shows is that table's (its image's bytes)
        picked = await sim.slash(alice, "hand", table=str(lobby.id))
        inside = await sim.slash(alice, "hand", channel=sim.thread_of(lobby))
        assert picked.ephemeral and picked.content == inside.content
        assert [a.data for a in picked.attachments] == [a.data for a in inside.attachments]
    # A move at the first table only: the boards /board shows now differ by the table chosen.
    users = {alice.id: alice, bob.id: bob}
    thread = sim.thread_of(first)
    await play_turn_by_menu(sim, to_move(sim, users, thread), random.Random(2), thread)
    boards = [(await sim.slash(alice, "board", table=str(t.id))).attachments[0].data
              for t in (first, second)]
    inside = await sim.slash(alice, "board", channel=thread)
    assert boards[0] != boards[1] and boards[0] == inside.attachments[0].data
    forged = await sim.slash(alice, "hand", table="123456")
    assert forged.ephemeral and "not one of this channel's tables" in forged.content
    assert await sim.autocomplete(alice, "hand", option="table", text="",
                                  channel=sim.thread_of(first)) == []
    # Inside a thread, the thread's table.
    inside = await sim.slash(carol, "board", channel=sim.thread_of(second))
    assert inside.ephemeral and inside.attachments


async def test_rematch_on_the_summary_opens_in_the_thread(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    carol, dave = sim.user("carol"), sim.user("dave")
    lobby = await open_table(sim, carol, [dave], TOY_ID, rounds=1)
    await sim.click(carol, lobby, label="Start")
    thread = sim.thread_of(lobby)
    users = {carol.id: carol, dave.id: dave}
    rng = random.Random(3)
    for _turn in range(60):
        if over(sim, thread):
            break
        await play_turn_by_menu(sim, to_move(sim, users, thread), rng, thread)
    assert lobby.labels == ["Rematch", "Analysis"]
    answer = await sim.click(dave, lobby, label="Rematch")
    answer = answer if answer is not None and answer.ephemeral else last_private(sim, dave, sim.general)
    assert f"<#{thread.id}>" in answer.content
    invitation = sim.public(thread)[-1]
    assert "wants a rematch" in invitation.content and "Start" in invitation.labels
    assert [m.id for m in sim.public()] == [lobby.id]  # still only the summary in the channel
    # The summary's Analysis answers there, with the chart (the button names the thread's table).
    await sim.click(carol, lobby, label="Analysis")
    await sim.wait_idle()
    answer = sim.public()[-1]
    assert answer.id != lobby.id and answer.attachments and " %" in answer.content, answer.content


async def test_without_the_thread_permission_the_table_plays_in_the_channel(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS
    lobby = await sim.slash(alice, "play isis-osiris")
    note = last_private(sim, alice)
    assert "I'm missing Create Public Threads" in note.content, note.content
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    assert sim.threads() == []
    assert table_post(sim).channel is sim.general  # the table post, in the channel


async def test_at_the_cap_of_active_threads_the_table_plays_in_the_channel(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    sim.max_active_threads = 0
    lobby = await open_table(sim, alice, [bob], "isis-osiris")
    await sim.click(alice, lobby, label="Start")
    note = last_private(sim, alice)
    assert "as many active threads as Discord allows" in note.content, note.content
    assert sim.threads() == []
    post = table_post(sim)
    assert post.channel is sim.general and post.id != lobby.id
    # A second table can't fall back to a channel that already has one: one sentence.
    carol = sim.user("carol")
    other = await open_table(sim, carol, [bob], "isis-osiris")
    refused = await sim.click(carol, other, label="Start")
    refused = refused if refused is not None and refused.ephemeral else last_private(sim, carol)
    assert "can start once that one ends" in refused.content, refused.content
    assert "Start" in other.labels  # still a lobby


async def test_a_game_abandoned_in_its_thread_says_so_in_the_channel_and_is_archived(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby, thread = await started(sim, alice, [bob], "isis-osiris")
    said = await sim.slash(alice, "abandon", channel=thread)
    assert "abandoned" in said.content and said.channel is thread
    await sim.wait_idle()
    assert "ended without a result" in lobby.content and not lobby.labels
    assert thread.archived  # nothing more happens there
    # A lobby closed before Start: its post says so, no thread was ever made.
    other = await open_table(sim, alice, [], "isis-osiris")
    await sim.click(alice, other, label="Cancel")
    assert "cancelled" in other.content and other.thread is None and not other.labels


async def test_in_french_the_thread_and_the_summary_speak_french(
    discord_sim: Any, tmp_path: Path
) -> None:
    sim = discord_sim
    fr = Words("fr")
    async with running_tablee(sim, tmp_path, guild_locale="fr", **THREADS):
        alice, bob = sim.user("alice"), sim.user("bob")
        lobby, _seats = await lobby_of(sim, alice, [bob], game="isis-osiris", words=fr)
        thread = sim.thread_of(lobby)
        assert thread.name == "Isis & Osiris · Alice, Bob"
        assert " · en cours · " in lobby.content and "ouvrir la table" in lobby.content
        assert "in progress" not in lobby.content
        assert fr("My hand / Play") in table_post(sim, thread, fr).labels
    assert_all_requests_valid(sim)


async def test_the_summary_says_the_newest_turn_at_most_once_in_its_interval(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The summary in the channel costs a request on the bot's token each time: within
    SUMMARY_EVERY of its last change a newer turn waits, then shows (the newest one); the first
    change after Start goes through the Start click itself."""
    monkeypatch.setattr(threads, "SUMMARY_EVERY", 0.6)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await open_table(sim, alice, [bob], TOY_ID, rounds=3, first=1)
    since = len(sim.requests)
    await sim.click(alice, lobby, label="Start")
    thread = sim.thread_of(lobby)
    assert "Alice (seat 1) to move" in lobby.content
    summary_route = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
    edits = [r for r in sim.requests[since:] if (r.method, r.route) == summary_route
             and r.path.endswith(f"/messages/{lobby.id}")]
    assert not edits  # Start's own interaction edited it (its original is the lobby post)
    users = {alice.id: alice, bob.id: bob}
    choices = await sim.autocomplete(alice, "move", text="", channel=thread)
    await sim.slash(alice, "move", move=choices[0]["value"], channel=thread)
    assert to_move(sim, users, thread) is bob
    assert "Alice (seat 1) to move" in lobby.content  # not yet: the interval has not passed
    loop = asyncio.get_running_loop()
    limit = loop.time() + 5
    while "Bob (seat 2) to move" not in lobby.content:
        assert loop.time() < limit, lobby.content
        await asyncio.sleep(0.05)
    assert "in progress" in lobby.content
