"""/history and /replay end to end: a game finished against a computer player is listed
privately with a jump link to its final table post; /replay (autocompleted from the history)
posts an animated image and the JSON record, which replays; pages turn with buttons only the
person who asked can press; refusals are private sentences."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from PIL import Image

from games.records import replay as replay_record
from render.replay import shown as shown_frames
from tests.bot.finished import store_finished
from tests.e2e.test_play_helpers import add_computer, last_public
from tests.e2e.toy_game import TOY_ID


async def finish_a_game(sim: Any, alice: Any) -> Any:
    """Alice against a computer player, two cards each; the final table post."""
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=2)
    await add_computer(sim, alice, lobby)
    await sim.click(alice, lobby, label="Start")
    for _ in range(4):
        if "The game is over" in last_public(sim).content:
            break
        choices = await sim.autocomplete(alice, "move", text="")
        await sim.slash(alice, "move", move=choices[0]["value"])
    final = last_public(sim)
    assert "The game is over" in final.content
    return final


async def test_a_finished_game_is_listed_and_replayed(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    final = await finish_a_game(sim, alice)

    listed = await sim.slash(bob, "history")
    assert listed.ephemeral and listed.visible_only_to is bob and not listed.buttons()
    link = f"https://discord.com/channels/{sim.world.guild_id}/{sim.general.id}/{final.id}"
    assert f"[final table]({link})" in listed.content
    [number] = re.findall(r"\*\*#(\d+)\*\* · <t:\d+:f> · \*\*Toy Rounds\*\* · ", listed.content)
    assert "Alice" in listed.content and "Computer 1 (medium)" in listed.content

    choices = await sim.autocomplete(bob, "replay", text="toy")
    assert choices[0]["value"] == int(number)
    assert choices[0]["name"].startswith(f"#{number} · Toy Rounds · Alice, Computer 1 (medium) · ")

    posted = await sim.slash(bob, "replay", game=int(number))
    assert not posted.ephemeral and posted is last_public(sim)
    image, record = posted.attachments
    assert image.filename.startswith(f"tablee-{number}-{TOY_ID}.")
    assert record.filename == f"tablee-{number}-{TOY_ID}.json"
    with Image.open(io.BytesIO(image.data)) as animation:
        assert animation.format == "GIF"
    assert len(shown_frames(image.data)) == 5  # deal + 4 turns
    assert f"Replay of game #{number}, Toy Rounds (Alice, Computer 1 (medium)): 5 frames" \
        in posted.content
    again = replay_record(json.loads(record.data))
    assert again["ok"] and again["finished"]

    refused = await sim.slash(bob, "replay", game=int(number) + 100)
    assert refused.ephemeral and refused.content == (
        f"There is no finished game #{int(number) + 100} in this server: /history lists them.")
    unknown = await sim.slash(bob, "history", game="chess")
    assert unknown.ephemeral and unknown.content.startswith("I don't know the game 'chess'.")
    none = await sim.slash(bob, "history", user=bob)
    assert none.ephemeral and none.content == (
        f"No finished games with <@{bob.id}> in this server yet.")


async def test_history_pages_turn_for_the_person_who_asked(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    made = await store_finished(toy_tablee.bot.service, 40, sim.world.guild_id,
                                players=(alice.id, bob.id, 77))
    with_bob = [g["id"] for g in reversed(made)
                if g["guild"] == sim.world.guild_id and bob.id in g["players"]]

    page = await sim.slash(alice, "history", user=bob)
    assert page.content.startswith(f"**Finished games with <@{bob.id}>** · page 1 of 2 · ")
    assert [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", page.content)] == with_bob[:10]
    assert [(b["label"], b.get("disabled", False)) for b in page.buttons()] == [
        ("Previous", True), ("Next", False)]

    page = await sim.click(alice, page, label="Next")
    assert "page 2 of 2" in page.content
    assert [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", page.content)] == with_bob[10:20]
    assert [b.get("disabled", False) for b in page.buttons()] == [False, True]

    # Someone else pressing these buttons (a stale client) is told so, privately.
    next_id = page.buttons()[0]["custom_id"]
    other = await sim.press(bob, page, next_id)
    assert other.ephemeral and other.visible_only_to is bob
    assert other.content == "These buttons page someone else's /history: type /history to get " \
                            "your own."
    assert "page 2 of 2" in page.content

    page = await sim.click(alice, page, label="Previous")
    assert "page 1 of 2" in page.content
