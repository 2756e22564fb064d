"""Components V2 (IS_COMPONENTS_V2) in the emulator: discord.py's LayoutView round trip, the
helpers that read a V2 message, and the rules a V2 body must keep."""

import json

import aiohttp
import pytest

from tests.e2e.emulator.tinybot import TinyBot

V2 = 1 << 15
TEXT = {"type": 10, "content": "hello"}


@pytest.fixture
async def bot(discord_sim):
    return await discord_sim.start_bot(TinyBot())


async def _send(env, method, path, body, files=()):
    """A raw request with the bot token: JSON, or multipart with ``files`` as (name, bytes)."""
    headers = {"Authorization": f"Bot {env.world.token}"}
    url = f"{env.base_url}/api/v10{path}"
    async with aiohttp.ClientSession() as session:
        if files:
            form = aiohttp.FormData(quote_fields=False)
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for index, (name, data) in enumerate(files):
                form.add_field(f"files[{index}]", data, filename=name,
                               content_type="image/png")
            request = session.request(method, url, data=form, headers=headers)
        else:
            request = session.request(method, url, json=body, headers=headers)
        async with request as response:
            return response.status, await response.json()


def _posts(sim):
    return f"/channels/{sim.general.id}/messages"


async def test_a_layout_view_round_trips_through_discord_py(discord_sim, bot):
    alice = discord_sim.user("alice")
    board = await discord_sim.slash(alice, "layout")
    assert board.is_v2 and board.flags & V2
    assert board.content == "## Turn 3\nAlice to play\nBob waits"  # what a person reads
    assert board.to_json()["content"] == ""  # the raw field
    assert board.labels == ["Details", "Ping"]  # in a section's accessory, in a row
    assert board.accent_color == 0x2E86C1
    assert board.media == [("attachment://board-40x20.png", "the small board"),
                           ("attachment://board-64x32.png", "the big board")]
    read_back = discord_sim.last_interaction.followups[-1].content
    assert read_back == (
        "v2=True Container#" + "#2e86c1" + "[TextDisplay:## Turn 3 "
        "SectionComponent[TextDisplay:Alice to play|ThumbnailComponent:board-40x20.png:the "
        "small board] SectionComponent[TextDisplay:Bob waits|Button:Details] "
        "MediaGalleryComponent:board-64x32.png:the big board ActionRow[Button:Ping]]"
    )
    pong = await discord_sim.click(alice, board, label="Ping")  # nested in container > row
    assert pong.content == "pong" and pong.ephemeral
    updated = await discord_sim.click(alice, board, label="Details")  # a section's accessory
    assert updated is board and board.content == "Bob has 3 cards" and board.is_v2
    assert board.media == [] and board.attachments == []


async def test_a_v2_channel_post_edited_and_fetched(discord_sim, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "layout_post")
    post = discord_sim.public()[0]
    assert post.is_v2 and post.content == "Turn 4" and post.accent_color == 7
    assert len(post.history) == 1 and "Turn 3" in json.dumps(post.history[0]["components"])
    assert reply.content == "v2=True Container#" + "#000007[TextDisplay:Turn 4]"


async def test_content_and_embeds_are_refused_with_the_flag(discord_sim, discord_env):
    for extra in ({"content": "hi"}, {"embeds": [{"title": "t"}]}, {"sticker_ids": ["1"]}):
        body = {"flags": V2, "components": [TEXT]} | extra
        status, answer = await _send(discord_env, "POST", _posts(discord_sim), body)
        assert (status, answer["code"]) == (400, 50035), extra
    broken = discord_sim.take_violations()
    assert len(broken) == 3 and all("not allowed with IS_COMPONENTS_V2" in v for v in broken)
    ok = await _send(discord_env, "POST", _posts(discord_sim),
                     {"flags": V2, "components": [TEXT], "content": None, "embeds": []})
    assert ok[0] == 200


async def test_at_most_40_components_counting_nested_ones(discord_sim, discord_env):
    def body(sections):
        inner = [{"type": 9, "components": [TEXT],
                  "accessory": {"type": 2, "style": 1, "label": "b", "custom_id": f"b{i}"}}
                 for i in range(sections)]
        return {"flags": V2, "components": [{"type": 17, "components": inner}]}

    # 1 container + 13 sections of 3 (section, text, button) = 40
    assert (await _send(discord_env, "POST", _posts(discord_sim), body(13)))[0] == 200
    status, answer = await _send(discord_env, "POST", _posts(discord_sim), body(14))
    assert (status, answer["code"]) == (400, 50035)
    assert discord_sim.take_violations() == [
        "POST /channels/{channel_id}/messages: $.components: 43 components in all > 40 "
        "(nested ones count)"]


async def test_text_displays_hold_4000_characters_in_all(discord_sim, discord_env):
    def body(second):
        return {"flags": V2, "components": [
            {"type": 10, "content": "a" * 2000},
            {"type": 17, "components": [{"type": 10, "content": "b" * second}]}]}

    assert (await _send(discord_env, "POST", _posts(discord_sim), body(2000)))[0] == 200
    assert (await _send(discord_env, "POST", _posts(discord_sim), body(2001)))[0] == 400
    assert discord_sim.take_violations() == [
        "POST /channels/{channel_id}/messages: $.components: 4001 characters of text displays "
        "in all > 4000"]


@pytest.mark.parametrize("component", [
    {"type": 12, "items": []},
    {"type": 12, "items": [{"media": {"url": "https://example.com/a.png"}}] * 11},
    {"type": 12, "items": [{"media": {"url": "https://example.com/a.png"},
                            "description": "d" * 1025}]},
    {"type": 17, "accent_color": 0x1000000, "components": [TEXT]},
    {"type": 17, "accent_color": -1, "components": [TEXT]},
    {"type": 17, "accent_color": "red", "components": [TEXT]},
])
async def test_media_gallery_and_accent_colour_limits(discord_sim, discord_env, component):
    body = {"flags": V2, "components": [component]}
    status, answer = await _send(discord_env, "POST", _posts(discord_sim), body)
    assert (status, answer["code"]) == (400, 50035)
    assert len(discord_sim.take_violations()) >= 1


async def test_gallery_of_10_with_alt_text_of_1024_and_a_null_colour_pass(discord_sim,
                                                                          discord_env):
    item = {"media": {"url": "https://example.com/a.png"}, "description": "d" * 1024}
    body = {"flags": V2, "components": [
        {"type": 17, "accent_color": None, "components": [{"type": 12, "items": [item] * 10}]},
        {"type": 17, "accent_color": 0xFFFFFF, "components": [TEXT]}]}
    status, answer = await _send(discord_env, "POST", _posts(discord_sim), body)
    assert status == 200, answer
    assert answer["components"][0]["components"][0]["items"][0]["media"]["proxy_url"]


async def test_attachment_urls_must_name_a_file_of_the_message(discord_sim, discord_env):
    def gallery(name):
        return {"flags": V2, "components": [
            {"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]}]}

    files = [("board.png", b"png bytes")]
    status, answer = await _send(discord_env, "POST", _posts(discord_sim), gallery("board.png"),
                                 files)
    assert status == 200
    item = answer["components"][0]["items"][0]["media"]
    assert item["url"].endswith("/board.png") and item["attachment_id"]
    message_id = answer["id"]
    assert (await _send(discord_env, "POST", _posts(discord_sim), gallery("other.png"),
                        files))[0] == 400
    assert (await _send(discord_env, "POST", _posts(discord_sim), gallery("board.png")))[0] == 400
    # an edit keeps the file: the reference still holds; an edit dropping it breaks it
    path = f"{_posts(discord_sim)}/{message_id}"
    assert (await _send(discord_env, "PATCH", path, gallery("board.png")))[0] == 200
    status, _ = await _send(discord_env, "PATCH", path, gallery("board.png") | {"attachments": []})
    assert status == 400
    broken = discord_sim.take_violations()
    assert len(broken) == 3 and all("names no file uploaded with the message" in v
                                    for v in broken)
    assert discord_sim.world.messages[int(message_id)].attachments  # the refused edit changed nothing


async def test_the_flag_cannot_be_removed_by_an_edit(discord_sim, discord_env):
    status, answer = await _send(discord_env, "POST", _posts(discord_sim),
                                 {"flags": V2, "components": [TEXT]})
    path = f"{_posts(discord_sim)}/{answer['id']}"
    status, answer = await _send(discord_env, "PATCH", path,
                                 {"flags": 0, "content": "classic again", "components": []})
    assert (status, answer["code"]) == (400, 50035)
    assert discord_sim.take_violations() == [
        "PATCH /channels/{channel_id}/messages/{message_id}: $.flags: IS_COMPONENTS_V2 cannot "
        "be removed from a message once sent with it"]
    message = discord_sim.public()[0]
    assert message.is_v2 and message.content == "hello"
    # an edit without `flags` keeps it, and its content must then stay empty
    assert (await _send(discord_env, "PATCH", path, {"content": "words"}))[0] == 400
    assert len(discord_sim.take_violations()) == 1
    status, _ = await _send(discord_env, "PATCH", path, {"components": [
        {"type": 10, "content": "edited"}]})
    assert status == 200 and message.content == "edited" and message.is_v2


async def test_an_edit_may_set_the_flag_if_content_is_emptied(discord_sim, discord_env):
    status, answer = await _send(discord_env, "POST", _posts(discord_sim), {"content": "old"})
    path = f"{_posts(discord_sim)}/{answer['id']}"
    assert (await _send(discord_env, "PATCH", path,
                        {"flags": V2, "components": [TEXT]}))[0] == 400
    assert len(discord_sim.take_violations()) == 1
    assert (await _send(discord_env, "PATCH", path,
                        {"flags": V2, "components": [TEXT], "content": None}))[0] == 200
    assert discord_sim.public()[0].content == "hello"


async def test_a_deferral_may_carry_only_the_ephemeral_flag(discord_sim, discord_env, bot):
    await discord_sim.slash(discord_sim.user("alice"), "later")
    kept = discord_sim.last_interaction
    kept.response_type = None  # pretend it is fresh
    path = f"/interactions/{kept.id}/{kept.token}/callback"
    status, answer = await _send(discord_env, "POST", path, {"type": 5, "data": {"flags": V2}})
    assert (status, answer["code"]) == (400, 50035)
    assert not kept.acknowledged
    broken = discord_sim.take_violations()
    assert len(broken) == 1 and "only EPHEMERAL (64) is allowed" in broken[0]
    async with aiohttp.ClientSession() as session:
        url = f"{discord_env.base_url}/api/v10{path}"
        async with session.post(url, json={"type": 5, "data": {"flags": 64}}) as response:
            assert response.status == 204
    assert kept.response_type == 5 and kept.original.ephemeral


async def test_a_v2_answer_refused_leaves_the_interaction_unanswered(discord_sim, discord_env,
                                                                     bot):
    await discord_sim.slash(discord_sim.user("alice"), "later")
    kept = discord_sim.last_interaction
    kept.response_type = None
    path = f"/interactions/{kept.id}/{kept.token}/callback"
    body = {"type": 4, "data": {"flags": V2, "components": [
        {"type": 12, "items": [{"media": {"url": "attachment://none.png"}}]}]}}
    assert (await _send(discord_env, "POST", path, body))[0] == 400
    assert not kept.acknowledged and len(discord_sim.take_violations()) == 1
