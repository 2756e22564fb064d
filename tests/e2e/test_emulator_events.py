"""Guild scheduled events in the emulator, driven by a real discord.py client: create, list,
get, modify (SCHEDULED -> ACTIVE -> COMPLETED, or CANCELED), delete; Discord's permissions
(CREATE_EVENTS for the bot's own, MANAGE_EVENTS for others'), the field requirements by entity
type and the gateway events; every request and answer valid against the spec."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest
from discord.http import Route

from tests.e2e.emulator import validate
from tests.e2e.emulator.events import (
    ACTIVE,
    CANCELED,
    COMPLETED,
    CREATE_EVENTS,
    MANAGE_EVENTS,
    SCHEDULED,
    add_event,
)
from tests.e2e.emulator.state import ALL_PERMISSIONS
from tests.e2e.emulator.tinybot import TinyBot

ADMINISTRATOR = 1 << 3
EVENTS = "/guilds/{guild_id}/scheduled-events"


class EventBot(TinyBot):
    """The tiny bot, noting the scheduled-event gateway events it receives."""

    def __init__(self, *, intents_off: bool = False) -> None:
        super().__init__()
        if intents_off:
            self._connection._intents.guild_scheduled_events = False
        self.seen: list[tuple[str, int, str]] = []

    async def on_scheduled_event_create(self, event: discord.ScheduledEvent) -> None:
        self.seen.append(("create", event.id, event.status.name))

    async def on_scheduled_event_update(
        self, before: discord.ScheduledEvent, after: discord.ScheduledEvent
    ) -> None:
        self.seen.append(("update", after.id, after.status.name))

    async def on_scheduled_event_delete(self, event: discord.ScheduledEvent) -> None:
        self.seen.append(("delete", event.id, event.status.name))


@pytest.fixture
async def bot(discord_sim) -> EventBot:
    return await discord_sim.start_bot(EventBot())


def soon(hours: float) -> datetime:
    return datetime.now(UTC) + timedelta(hours=hours)


def assert_valid(sim) -> None:
    assert sim.problems() == []
    for r in sim.requests:
        assert not r.problems, r
        if r.response is not None and r.status < 300:
            assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


async def raw(bot: discord.Client, method: str, path: str, body: Any = None, **ids: Any) -> Any:
    """A request exactly as given (discord.py's own checks would stop some of them)."""
    return await bot.http.request(Route(method, path, **ids), json=body)


async def test_an_external_event_from_scheduled_to_completed(discord_sim, bot):
    sim = discord_sim
    guild = bot.guilds[0]
    event = await guild.create_scheduled_event(
        name="Saturday Swiss", start_time=soon(2), end_time=soon(5),
        entity_type=discord.EntityType.external, location="#tournaments",
        privacy_level=discord.PrivacyLevel.guild_only, description="8 players, 3 rounds",
    )
    kept = sim.world.scheduled_events[event.id]
    assert kept.name == "Saturday Swiss" and kept.location == "#tournaments"
    assert kept.creator is sim.world.bot and kept.status == SCHEDULED
    assert event.creator_id == sim.world.bot.id and event.location == "#tournaments"
    await sim.wait_idle()
    assert guild.get_scheduled_event(event.id) is not None  # GUILD_SCHEDULED_EVENT_CREATE

    fetched = await guild.fetch_scheduled_event(event.id, with_counts=True)
    assert fetched.name == "Saturday Swiss" and fetched.user_count == 0
    assert [e.id for e in await guild.fetch_scheduled_events()] == [event.id]

    moved = await event.edit(start_time=soon(3), end_time=soon(6), name="Swiss, round 1")
    assert moved.name == kept.name == "Swiss, round 1"
    started = await moved.start()
    assert started.status is discord.EventStatus.active and kept.status == ACTIVE
    ended = await started.end()
    assert ended.status is discord.EventStatus.completed
    assert kept.history == [SCHEDULED, ACTIVE, COMPLETED]
    with pytest.raises(discord.HTTPException) as finished:
        await ended.edit(name="again")
    assert finished.value.status == 400 and finished.value.code == 180000

    await ended.delete()
    await sim.wait_idle()
    assert event.id not in sim.world.scheduled_events and not guild.scheduled_events
    assert [s[0] for s in bot.seen] == ["create", "update", "update", "update", "delete"]
    assert [s[2] for s in bot.seen[1:4]] == ["scheduled", "active", "completed"]
    with pytest.raises(discord.NotFound) as gone:
        await guild.fetch_scheduled_event(event.id)
    assert gone.value.code == 10070
    routes = [(r.method, r.route) for r in sim.requests if "scheduled" in r.route]
    assert ("POST", EVENTS) in routes and ("DELETE", EVENTS + "/{guild_scheduled_event_id}") in (
        routes)
    assert_valid(sim)


async def test_cancel_a_voice_event_and_the_wrong_transitions(discord_sim, bot):
    sim = discord_sim
    voice = sim.channel("Table talk", kind=2)
    await sim.wait_idle()
    guild = bot.guilds[0]
    channel = guild.get_channel(voice.id)
    assert isinstance(channel, discord.VoiceChannel)
    event = await guild.create_scheduled_event(
        name="Knock-out", start_time=soon(1), channel=channel,
        privacy_level=discord.PrivacyLevel.guild_only)
    assert event.entity_type is discord.EntityType.voice and event.channel_id == voice.id
    with pytest.raises(discord.HTTPException) as skipped:  # SCHEDULED -> COMPLETED
        await event.edit(status=discord.EventStatus.completed)
    assert skipped.value.code == 50035 and "status" in skipped.value.text
    cancelled = await event.cancel()
    assert cancelled.status is discord.EventStatus.cancelled
    assert sim.world.scheduled_events[event.id].status == CANCELED
    with pytest.raises(discord.HTTPException) as after:
        await cancelled.edit(status=discord.EventStatus.active)
    assert after.value.code == 180000
    assert_valid(sim)


async def test_field_requirements_by_entity_type(discord_sim, bot):
    sim = discord_sim
    guild_id = sim.world.guild_id
    base = {"name": "Swiss", "privacy_level": 2, "entity_type": 3,
            "scheduled_start_time": soon(1).isoformat(),
            "scheduled_end_time": soon(2).isoformat(),
            "entity_metadata": {"location": "#tournaments"}}
    wrong = [
        ({**base, "scheduled_end_time": None}, "scheduled_end_time"),  # external: an end
        ({**base, "entity_metadata": {"location": ""}}, "location"),
        ({**base, "channel_id": sim.general.id}, "channel_id"),  # external: no channel
        ({**base, "scheduled_start_time": soon(-1).isoformat()}, "past"),
        ({**base, "scheduled_end_time": soon(0.5).isoformat()}, "before starting"),
        ({**base, "name": " "}, "name"),
        ({**base, "entity_type": 2, "entity_metadata": None,
          "channel_id": sim.general.id}, "channel_id"),  # voice: a voice channel
    ]
    for body, reason in wrong:
        with pytest.raises(discord.HTTPException) as refused:
            await raw(bot, "POST", EVENTS, body, guild_id=guild_id)
        assert refused.value.status == 400 and refused.value.code == 50035, body
        assert reason in refused.value.text, (reason, refused.value.text)
    assert not sim.world.scheduled_events and sim.problems() == []  # Discord's rules, not spec

    without_location = {k: v for k, v in base.items() if k != "entity_metadata"}
    with pytest.raises(discord.HTTPException) as invalid:  # the spec requires entity_metadata
        await raw(bot, "POST", EVENTS, without_location, guild_id=guild_id)
    assert invalid.value.code == 50035
    assert any("entity_metadata" in v for v in sim.take_violations())

    with pytest.raises(discord.NotFound) as unknown:
        await raw(bot, "GET", EVENTS + "/{event_id}", guild_id=guild_id, event_id=123)
    assert unknown.value.code == 10070


async def test_the_event_permissions(discord_sim, bot):
    sim = discord_sim
    guild = bot.guilds[0]
    owner_event = add_event(sim.world, "Owner's league", sim.world.owner, soon(4), end=soon(5))
    await sim.set_permissions(sim.world.bot_role,
                              ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_EVENTS & ~MANAGE_EVENTS)
    assert not guild.me.guild_permissions.create_events  # the bot can tell before trying
    with pytest.raises(discord.Forbidden) as no_create:
        await guild.create_scheduled_event(
            name="nope", start_time=soon(1), end_time=soon(2), location="here",
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only)
    assert no_create.value.code == 50013 and not sim.world.scheduled_events.keys() - {
        owner_event.id}

    await sim.set_permissions(sim.world.bot_role, ALL_PERMISSIONS & ~ADMINISTRATOR & ~MANAGE_EVENTS)
    assert guild.me.guild_permissions.create_events
    mine = await guild.create_scheduled_event(
        name="Mine", start_time=soon(1), end_time=soon(2), location="here",
        entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only)
    theirs = await guild.fetch_scheduled_event(owner_event.id)
    with pytest.raises(discord.Forbidden) as not_mine:  # someone else's: MANAGE_EVENTS
        await theirs.edit(name="taken over")
    assert not_mine.value.code == 50013 and owner_event.name == "Owner's league"
    with pytest.raises(discord.Forbidden):
        await theirs.delete()
    await mine.edit(name="Mine, renamed")  # its own: CREATE_EVENTS is enough

    await sim.set_permissions(sim.world.bot_role,
                              ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_EVENTS)
    with pytest.raises(discord.Forbidden):  # MANAGE_EVENTS does not create
        await guild.create_scheduled_event(
            name="nope", start_time=soon(1), end_time=soon(2), location="here",
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only)
    await theirs.delete()  # but manages everyone's
    assert owner_event.id not in sim.world.scheduled_events
    assert_valid(sim)


async def test_events_reach_only_sessions_with_the_intent_and_survive_a_restart(discord_sim):
    sim = discord_sim
    bot = await sim.start_bot(EventBot(intents_off=True))
    guild = bot.guilds[0]
    event = await guild.create_scheduled_event(
        name="Quiet", start_time=soon(1), end_time=soon(2), location="here",
        entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only)
    await sim.wait_idle()
    assert bot.seen == []  # no GUILD_SCHEDULED_EVENTS intent: no events
    restarted = await sim.restart_bot(EventBot())
    listed = restarted.guilds[0].get_scheduled_event(event.id)  # GUILD_CREATE carries it
    assert listed is not None and listed.name == "Quiet"
    assert_valid(sim)
