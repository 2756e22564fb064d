"""Message flags on create (SUPPRESS_NOTIFICATIONS kept, others refused) and who a message
pinged: the users its text mentions that allowed_mentions lets through."""

import aiohttp
import pytest

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot

MESSAGES = "/channels/{channel_id}/messages"
FOLLOWUP = "/webhooks/{webhook_id}/{webhook_token}"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
SILENT = 1 << 12
EPHEMERAL = 1 << 6
V2 = 1 << 15


async def _send(env, method, path, body):
    headers = {"Authorization": f"Bot {env.world.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.request(method, f"{env.base_url}/api/v10{path}", json=body,
                                   headers=headers) as response:
            return response.status, await response.json()


def test_the_flags_a_new_message_may_carry():
    assert validate.validate_body("POST", MESSAGES, {"content": "x", "flags": SILENT | 4}) == []
    assert validate.validate_body("POST", MESSAGES, {"components": [], "flags": V2}) == []
    (problem,) = validate.validate_body("POST", MESSAGES, {"content": "x", "flags": EPHEMERAL})
    assert problem.startswith("$.flags: 64 sets 64, a flag a new message cannot carry")
    assert validate.validate_body("POST", FOLLOWUP, {"content": "x", "flags": EPHEMERAL | SILENT}
                                  ) == []
    assert validate.validate_body("POST", FOLLOWUP, {"content": "x", "flags": 1 << 8}) != []
    reply = {"type": 4, "data": {"content": "x", "flags": EPHEMERAL | SILENT}}
    assert validate.validate_body("POST", CALLBACK, reply) == []
    reply["data"]["flags"] = 1 << 1  # IS_CROSSPOST: Discord's to set
    assert validate.validate_body("POST", CALLBACK, reply) != []
    edit = {"type": 7, "data": {"content": "x", "flags": 1 << 1}}  # an edit's: ignored
    assert validate.validate_body("POST", CALLBACK, edit) == []
    edit_body = {"content": "x", "flags": 1 << 1}
    assert validate.validate_body("PATCH", MESSAGES + "/{message_id}", edit_body) == []


def test_parse_users_and_a_users_list_are_mutually_exclusive():
    body = {"content": "x", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
    (problem,) = validate.validate_body("POST", MESSAGES, body)
    assert "mutually exclusive" in problem
    body["allowed_mentions"]["users"] = []  # an empty list is no error (message.mdx)
    assert validate.validate_body("POST", MESSAGES, body) == []


async def test_a_silent_message_keeps_its_flag(discord_sim, discord_env):
    path = f"/channels/{discord_sim.general.id}/messages"
    status, data = await _send(discord_env, "POST", path, {"content": "shh", "flags": SILENT})
    assert status == 200 and data["flags"] == SILENT
    assert discord_sim.world.messages[int(data["id"])].flags == SILENT


async def test_a_forbidden_flag_on_a_create_is_a_violation(discord_sim, discord_env):
    path = f"/channels/{discord_sim.general.id}/messages"
    status, data = await _send(discord_env, "POST", path, {"content": "x", "flags": 1 << 4})
    assert (status, data["code"]) == (400, 50035)
    (violation,) = discord_sim.take_violations()
    assert "a flag a new message cannot carry" in violation
    assert discord_sim.public() == []


@pytest.mark.parametrize("allowed, pinged", [
    (None, ["alice", "bob"]),  # no allowed_mentions: every mentioned user
    ({"parse": ["users"]}, ["alice", "bob"]),
    ({"parse": []}, []),
    ({"users": ["alice"]}, ["alice"]),
    ({"parse": ["roles"], "users": ["alice", "carol"]}, ["alice"]),  # carol is not mentioned
])
async def test_who_a_message_pinged(discord_sim, discord_env, allowed, pinged):
    people = {name: discord_sim.user(name) for name in ("alice", "bob", "carol")}
    body = {"content": f"{people['alice'].mention}, your turn; <@!{people['bob'].id}> waits"}
    if allowed is not None:
        body["allowed_mentions"] = {k: [str(people[n].id) for n in v] if k == "users" else v
                                    for k, v in allowed.items()}
    status, data = await _send(discord_env, "POST", f"/channels/{discord_sim.general.id}/messages",
                               body)
    assert status == 200
    message = discord_sim.world.messages[int(data["id"])]
    assert [u.name for u in message.pinged] == pinged
    assert [u["username"] for u in data["mentions"]] == pinged


async def test_a_v2_message_pings_from_its_text_displays_and_an_edit_pings_nobody(discord_sim,
                                                                                 discord_env):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    path = f"/channels/{discord_sim.general.id}/messages"
    body = {"flags": V2, "components": [{"type": 10, "content": f"{alice.mention} to play"}],
            "allowed_mentions": {"users": [str(alice.id), str(bob.id)]}}
    _, data = await _send(discord_env, "POST", path, body)
    message = discord_sim.world.messages[int(data["id"])]
    assert message.pinged == [alice]
    text = f"{alice.mention} played; {bob.mention} to play"
    edit = {"flags": V2, "components": [{"type": 10, "content": text}]}
    status, data = await _send(discord_env, "PATCH", f"{path}/{message.id}", edit)
    assert status == 200 and [u["username"] for u in data["mentions"]] == ["alice", "bob"]
    assert message.mentions == [alice, bob] and message.pinged == [alice]


async def test_an_interaction_reply_pings_through_discord_py(discord_sim):
    await discord_sim.start_bot(TinyBot())
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    reply = await discord_sim.slash(alice, "hello", who=bob)
    assert reply.pinged == [bob]
