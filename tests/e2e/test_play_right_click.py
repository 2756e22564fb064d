"""The right-click commands in a server (issue 41, item 3), on the emulator with the real
discord.py client: Challenge to a game on a person (the games privately, then a public lobby
pinging them, their seat held until they press Join, then an ordinary lobby that starts), Tablée
stats on a person, Replay and Analysis on a finished game's post, and their refusals."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.e2e.test_play_helpers import (
    add_computer,
    last_private,
    last_public,
    play_turn_by_menu,
    to_move,
)
from tests.e2e.toy_game import TOY_ID

CHALLENGE = "Challenge to a game"


def synced(sim: Any, name: str, kind: int) -> dict[str, Any]:
    """The synced right-click command called ``name`` (``kind`` 2: on a user, 3: a message)."""
    [command] = [c for c in sim.commands() if c["name"] == name and c.get("type") == kind]
    return command


async def test_a_challenge_opens_a_lobby_the_person_joins_and_it_starts(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    for name, kind in ((CHALLENGE, 2), ("Tablée stats", 2), ("Replay", 3), ("Analysis", 3)):
        command = synced(sim, name, kind)
        assert command["contexts"] == [0, 1, 2] and command["integration_types"] == [0, 1]
    assert synced(sim, CHALLENGE, 2)["name_localizations"]["fr"] == "Défier à un jeu"

    offer = await sim.user_command(alice, CHALLENGE, target=bob)
    assert offer.ephemeral and offer.visible_only_to is alice
    assert offer.content == "Challenge **Bob** to which game?"
    [menu] = offer.selects()
    assert TOY_ID in [o["value"] for o in menu["options"]]
    await sim.select(alice, offer, values=[TOY_ID])
    assert offer.content == "Your challenge to **Bob** is posted below." and not offer.selects()
    lobby = last_public(sim)
    assert not lobby.ephemeral and lobby.interaction is not None
    assert lobby.content.startswith(
        f"**Alice** challenges <@{bob.id}>: press **Join** to accept.\n**Toy Rounds**")
    assert [u.id for u in lobby.pinged] == [bob.id]
    assert re.findall(r"^\d\. .+$", lobby.content, re.M) == [
        "1. Alice (host)", "2. Bob (not confirmed yet)"]
    assert "Bob's seat is kept until <t:" in lobby.content

    await sim.click(alice, lobby, label="Start")
    assert last_private(sim, alice).content.startswith(
        "Waiting for Bob to accept the challenge with Join.")
    await sim.click(bob, lobby, label="Join")
    assert re.findall(r"^\d\. .+$", lobby.content, re.M) == ["1. Alice (host)", "2. Bob"]
    assert "accept the challenge" not in lobby.content
    await sim.click(alice, lobby, label="Start")
    assert lobby.content.startswith("**Toy Rounds** started with Alice, Bob.")

    # A table here already: the service's sentence, privately, before any game is offered.
    busy = await sim.user_command(bob, CHALLENGE, target=alice)
    assert busy.ephemeral and busy.content.startswith("There is already a game of Toy Rounds in "
                                                      "this channel (in play, hosted by Alice).")


async def test_challenge_refusals(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    mine = await sim.user_command(alice, CHALLENGE, target=alice)
    assert mine.ephemeral and mine.content == "You can't challenge yourself: pick someone else."
    app = await sim.user_command(alice, CHALLENGE, target=sim.world.bot)
    assert app.ephemeral and app.content == (
        "Tablée is an app, not a person: challenge someone who plays.")
    camille = sim.user("camille", locale="fr")  # in her Discord's language
    french = await sim.user_command(camille, CHALLENGE, target=camille)
    assert french.content == "Vous ne pouvez pas vous défier vous-même : choisissez quelqu’un d’autre."
    offer = await sim.user_command(camille, CHALLENGE, target=alice)
    assert offer.content == "À quel jeu défier **Alice** ?"
    assert await toy_tablee.bot.service.views.table(sim.general.id) is None


async def test_stats_replay_and_analysis_by_right_click(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    elsewhere = sim.channel("elsewhere")  # no game was ever played there
    before = await sim.slash(bob, "leaderboard", game=TOY_ID, channel=elsewhere)
    assert before is not None and not before.ephemeral  # the bot's, but no game's
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=2)
    await add_computer(sim, alice, lobby)
    await sim.click(alice, lobby, label="Start")
    playing = await sim.message_command(bob, "Replay", last_public(sim))
    assert playing.ephemeral and playing.content == (
        "That game has not ended yet: its replay and analysis come once it is over, as they "
        "show every hidden card.")
    while "The game is over" not in last_public(sim).content:
        choices = await sim.autocomplete(alice, "move", text="")
        await sim.slash(alice, "move", move=choices[0]["value"])
    final = last_public(sim)

    stats = await sim.user_command(bob, "Tablée stats", target=alice)
    assert stats.ephemeral and stats.visible_only_to is bob
    assert "**Alice** on this server: 1 finished game." in stats.content
    [number] = re.findall(r"^• #(\d+) · Toy Rounds · <t:\d+:d> · (?:won|lost)$", stats.content,
                          re.M)

    replay = await sim.message_command(bob, "Replay", final)
    assert not replay.ephemeral and replay.content.startswith(f"Replay of game #{number}, ")
    assert len(replay.attachments) == 2
    analysis = await sim.message_command(bob, "Analysis", lobby)  # its lobby post, now "started"
    assert not analysis.ephemeral
    assert analysis.content.startswith(f"**Analysis of game #{number}, Toy Rounds**")

    nothing = await sim.message_command(alice, "Replay", before)
    assert nothing.ephemeral and nothing.content == (
        "That message is not a Tablée game: use it on a table post or a game's summary.")


async def test_the_right_click_commands_in_a_group_dm(discord_sim: Any, toy_tablee: Any) -> None:
    """Three friends with Tablée as their own app: a challenge opens the lobby there (a
    followup of the pick, pinging the person), the game is played to its end, then Replay on
    its last post and Tablée stats count the games played outside servers; nothing on the
    bot's token there."""
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    gdm = sim.group_dm(alice, bob, carol)
    offer = await sim.user_command(alice, CHALLENGE, target=bob, channel=gdm)
    assert offer.ephemeral and offer.content == "Challenge **Bob** to which game?"
    await sim.select(alice, offer, values=[TOY_ID])
    assert offer.content == "Your challenge to **Bob** is posted below."
    lobby = last_public(sim, gdm)
    assert lobby.content.startswith(f"**Alice** challenges <@{bob.id}>: press **Join**")
    assert [u.id for u in lobby.pinged] == [bob.id]
    table = await toy_tablee.bot.service.views.table(gdm.id)
    assert table is not None and table.guild_id is None and table.post_message_id == lobby.id
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    users, rng = {alice.id: alice, bob.id: bob}, random.Random(4)
    while "The game is over" not in last_public(sim, gdm).content:
        await play_turn_by_menu(sim, to_move(sim, users, gdm), rng, gdm)
    final = last_public(sim, gdm)

    replay = await sim.message_command(carol, "Replay", final)
    assert not replay.ephemeral and replay.content.startswith("Replay of game #")
    pressed = await sim.click(bob, final, label="Analysis")  # the button, outside servers too
    assert pressed is not None and "Analysis of game #" in pressed.content
    stats = await sim.user_command(carol, "Tablée stats", target=bob, channel=gdm)
    assert stats.ephemeral and "**Bob** in DMs and group DMs: 1 finished game." in stats.content
    assert "DMs and group DMs: 1 finished game in all." in stats.content
    assert [r for r in sim.requests if r.bot_token and f"/channels/{gdm.id}" in r.path] == []
    assert sim.refused_bot_requests() == []


async def test_a_challenge_where_answers_come_out_private_opens_nothing(
    discord_sim: Any, toy_tablee: Any
) -> None:
    """A server that never added the bot and lets apps it did not add answer only privately:
    the lobby would be seen by the challenger alone, so it is taken back and they read why."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    strict = sim.add_guild("Strict", bot_member=False, external_apps=False)
    offer = await sim.user_command(alice, CHALLENGE, target=bob, channel=strict)
    assert offer.ephemeral
    await sim.select(alice, offer, values=[TOY_ID])
    assert offer.content.startswith("This server lets apps it has not added answer only "
                                    "privately, so nobody else could see or join this table.")
    assert await toy_tablee.bot.service.views.table(strict.id) is None
    assert [m for m in sim.visible_to(alice, strict) if not m.deleted and m is not offer] == []
    assert sim.public(strict) == []
