"""Hostile display names and texts never ping anyone (issue 17, item 4): players called
``@everyone``, ``<@victim>``, ``<@&role>`` or with markdown go through every kind of message the
bot sends (lobby post and its edits, refusals, start, table posts and their edits, turn DMs,
/partner whispers and aloud, /move replies, /stats, /abandon, a cancelled lobby), and every
request body carries explicit allowed mentions: no ``parse``, only seated players' ids, never the
victim's. And a 2,100-character /move gets a short private refusal (item 1)."""

from __future__ import annotations

from typing import Any

from tests.e2e.test_play_helpers import (
    last_private,
    last_public,
    lobby_of,
    play_to_the_end,
    slash_with_user_option,
    to_move,
)
from tests.e2e.toy_game import TOY_ID
from tests.games.coop_drive import next_move

MANAGE_CHANNELS = 1 << 4


COMPONENTS_V2 = 1 << 15


def message_bodies(sim: Any) -> list[tuple[Any, dict[str, Any]]]:
    """(request, message body) of every request that sends or edits a message's text: its
    content, or a V2 message's text displays (``flags`` with IS_COMPONENTS_V2)."""
    out = []
    for request in sim.requests:
        body = request.body
        if not isinstance(body, dict):
            continue
        if request.route.endswith("/callback"):
            body = body.get("data") or {}
        if "content" in body or int(body.get("flags") or 0) & COMPONENTS_V2:
            out.append((request, body))
    return out


def assert_pings_only(sim: Any, allowed_ids: set[int], victim: Any) -> int:
    """Every message body names its allowed mentions: nothing parsed from the text, users only
    from ``allowed_ids``; the number of bodies checked."""
    bodies = message_bodies(sim)
    for request, body in bodies:
        mentions = body.get("allowed_mentions")
        assert mentions is not None, f"{request}: no allowed_mentions for {body.get('content')!r}"
        assert mentions.get("parse") == [], f"{request}: parses {mentions} in {body.get('content')!r}"
        users = {int(u) for u in mentions.get("users") or []}
        assert victim.id not in users, f"{request} pings the victim: {body.get('content')!r}"
        assert users <= allowed_ids, f"{request} pings {users - allowed_ids}"
        assert not mentions.get("roles") and not mentions.get("replied_user"), request
    return len(bodies)


async def test_hostile_names_ping_nobody_in_any_message(discord_sim: Any,
                                                       toy_tablee_dms_at_once: Any) -> None:
    sim = discord_sim
    victim = sim.user("victim")
    role = sim.role("mods", 0)
    hostile = f"@everyone <@{victim.id}> <@&{role.id}> **big** `x` @here"
    mallory = sim.user("mallory", display=hostile)
    eve = sim.user("eve", display=f"<@{victim.id}>", permissions=MANAGE_CHANNELS)
    bob, carol = sim.user("bob"), sim.user("carol", dms_open=False)
    players = [mallory, eve, bob, carol]

    # A lobby cancelled by its host, a refusal naming the host, then a coop game of four.
    lobby = await sim.slash(mallory, "play master-islands")
    assert hostile in lobby.content  # names are shown as chosen, just never ping
    await sim.click(eve, lobby, label="Start")
    assert hostile in last_private(sim, eve).content
    await sim.click(mallory, lobby, label="Cancel")
    assert "cancelled" in lobby.content
    _lobby, seats = await lobby_of(sim, mallory, [eve, bob, carol], game="master-islands",
                                   mode="coop", first=1)
    by_seat = {seat: next(u for u in players if u.id == uid) for uid, seat in seats.items()}

    # /partner: a whisper (DM) with a hostile text, then moves typed with /move, then aloud.
    first = by_seat[1]
    said = f"@everyone <@{victim.id}> <@&{role.id}>"
    reply = await sim.slash(first, "partner", message=said)
    assert reply.ephemeral
    for _ in range(6):
        row = await toy_tablee_dms_at_once.bot.service.store.tables.get_table(sim.general.id)
        mover = to_move(sim, {u.id: u for u in players})
        if mover is None or row.state["current"] != 1:
            break
        await sim.slash(mover, "move", move=next_move(row.state, 1, None))
    await sim.slash(by_seat[3], "partner", message=said)
    await slash_with_user_option(sim, bob, "stats", user=mallory)
    await sim.slash(eve, "abandon")
    assert "abandoned" in sim.public()[-1].content

    checked = assert_pings_only(sim, {u.id for u in players}, victim)
    assert checked >= 20
    print(f"hostile names: {checked} message bodies checked, 0 unwanted pings allowed")
    assert any(sim.dms(u) for u in players)  # turn DMs and the whisper went out too


async def test_hostile_names_in_the_end_rematch_and_leaderboard(
    discord_sim: Any, toy_tablee: Any
) -> None:
    """The messages after a game: the final post, the rematch lobby (which pings only the
    players asked back), /leaderboard."""
    sim = discord_sim
    victim = sim.user("victim")
    mallory = sim.user("mallory", display=f"@everyone <@{victim.id}> **x**")
    eve = sim.user("eve", display=f"<@{victim.id}>")
    users = {mallory.id: mallory, eve.id: eve}
    await lobby_of(sim, mallory, [eve], game=TOY_ID, rounds=1, first=1)

    async def turn(user: Any) -> None:
        choices = await sim.autocomplete(user, "move", text="")
        await sim.slash(user, "move", move=choices[0]["value"])

    await play_to_the_end(sim, users, turn, limit=20)
    final = last_public(sim)
    await sim.click(eve, final, label="Rematch")
    rematch = last_public(sim)  # the invitation: a channel message of its own
    assert "wants a rematch" in rematch.content
    await sim.slash(mallory, "leaderboard", game=TOY_ID)
    checked = assert_pings_only(sim, set(users), victim)
    assert checked >= 10


async def test_a_2100_character_move_gets_a_short_refusal(discord_sim: Any, toy_tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands")
    mover = to_move(sim, users)
    posts = [m.content for m in sim.public()]
    reply = await sim.slash(mover, "move", move="x" * 2100)  # echoed whole on main
    assert reply.ephemeral and "too long to be a move" in reply.content
    assert len(reply.content) < 300
    assert [m.content for m in sim.public()] == posts
