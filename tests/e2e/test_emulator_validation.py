"""Spec validation: what the bot sends is checked against Discord's OpenAPI spec plus the limits
the spec lacks, and a violation fails the test that caused it with the path and the reason."""

import discord
import pytest

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot, png

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def row(n, **extra):
    buttons = [{"type": 2, "style": 1, "label": str(i), "custom_id": f"b{i}"} for i in range(n)]
    return {"type": 1, "components": buttons, **extra}


def test_a_valid_message_passes():
    body = {"content": "hi", "components": [row(5)] * 5, "tts": False, "sticker_ids": [123]}
    assert validate.validate_body("POST", MESSAGES, body) == []


def test_snowflakes_may_be_integers_or_strings():
    assert validate.validate_body("POST", "/users/@me/channels", {"recipient_id": 123}) == []
    assert validate.validate_body("POST", "/users/@me/channels", {"recipient_id": "123"}) == []
    problems = validate.validate_body("POST", "/users/@me/channels", {"recipient_id": "abc"})
    assert problems and problems[0].startswith("$.recipient_id")


def test_six_buttons_in_a_row():
    problems = validate.validate_body("POST", MESSAGES, {"components": [row(6)]})
    assert problems == ["$.components[0].components: size 6 breaks maxItems=5"]


def test_a_component_deep_in_a_v2_message_is_checked_against_its_own_kind():
    """Each nested component is checked as the kind its ``type`` names (the validator skips the
    other kinds of an ``anyOf``): a wrong field deep inside is still found, an unknown kind too."""
    def body(inner: dict) -> dict:
        return {"flags": 1 << 15, "components": [{"type": 17, "components": [inner]}]}

    good = body({"type": 1, "components": [{"type": 2, "style": 1, "label": "a",
                                            "custom_id": "a"}]})
    assert validate.validate_body("POST", MESSAGES, good) == []
    wrong = validate.validate_body("POST", MESSAGES, body({"type": 10, "content": 5}))
    assert wrong and all(p.startswith("$.components[0]") for p in wrong), wrong
    assert any("content" in p for p in wrong), wrong
    unknown = validate.validate_body("POST", MESSAGES, body({"type": 99, "content": "x"}))
    assert unknown, "a component of no known kind passed"


def test_content_over_2000_characters_even_where_the_spec_allows_4000():
    problems = validate.validate_body("POST", MESSAGES, {"content": "x" * 2001})
    assert problems == ["$.content: 2001 characters > 2000"]


def test_custom_id_over_100():
    button = {"type": 2, "style": 1, "label": "a", "custom_id": "c" * 101}
    body = {"type": 4, "data": {"components": [{"type": 1, "components": [button]}]}}
    assert "$.data.components[0].components[0].custom_id: 101 characters > 100" in (
        validate.validate_body("POST", CALLBACK, body)
    )


def test_more_than_five_action_rows():
    problems = validate.validate_body("POST", MESSAGES, {"components": [row(1)] * 6})
    assert problems == ["$.components: 6 action rows > 5"]


def test_more_than_25_select_options():
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    problems = validate.validate_body(
        "POST", MESSAGES, {"components": [{"type": 1, "components": [select]}]}
    )
    assert "$.components[0].components[0].options: 26 select options > 25" in problems


def test_unknown_top_level_keys_and_callback_data_keys():
    assert validate.validate_body("POST", MESSAGES, {"content": "a", "ephemeral": True}) == [
        "$.ephemeral: unknown key"
    ]
    body = {"type": 4, "data": {"content": "a", "ephemral": True}, "extra": 1}
    assert validate.validate_body("POST", CALLBACK, body) == [
        "$.extra: unknown key",
        "$.data.ephemral: unknown key",
    ]


def test_wrong_type_names_the_field():
    problems = validate.validate_body("POST", CALLBACK, {"type": 4, "data": {"flags": "64"}})
    assert problems == ["$.data.flags: '64' is not of type 'integer', 'null'"]


def test_vendored_spec_is_unmodified_on_disk_and_documented():
    spec_dir = validate.SPEC_PATH.parent
    assert (spec_dir / "LICENSE").read_text().startswith("MIT License")
    assert "github.com/discord/discord-api-spec" in (spec_dir / "SOURCE.txt").read_text()
    assert '"format": "snowflake"' in validate.SPEC_PATH.read_text()


async def test_bot_sending_six_buttons_fails_its_test(discord_sim):
    await discord_sim.start_bot(TinyBot())
    with pytest.raises(
        AssertionError, match=r"callback: \$\.data\.components\[0\]\.components: size 6"
    ):
        await discord_sim.slash(discord_sim.user("alice"), "six")
    (violation,) = discord_sim.take_violations()
    assert violation.startswith("POST /interactions/{interaction_id}/{interaction_token}/callback")
    bad = discord_sim.requests[-1]
    assert bad.status == 400 and bad.problems  # and Discord's 50035 went back to the bot
    assert discord_sim.public() == []


async def test_bot_sending_2001_characters_fails_its_test(discord_sim):
    await discord_sim.start_bot(TinyBot())
    with pytest.raises(AssertionError, match=r"\$\.data\.content: 2001 characters > 2000"):
        await discord_sim.slash(discord_sim.user("alice"), "chatter")
    assert len(discord_sim.take_violations()) == 2  # the spec's maxLength and our own check


async def test_multipart_payload_json_is_validated_too(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    channel = bot.get_channel(discord_sim.general.id)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("x" * 2001, file=png(2, 2))
    assert caught.value.code == 50035
    bad = discord_sim.requests[-1]
    assert bad.content_type.startswith("multipart/form-data") and bad.files[0].filename
    assert discord_sim.take_violations() == [
        "POST /channels/{channel_id}/messages: $.content: 2001 characters > 2000"
    ]
