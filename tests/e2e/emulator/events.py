"""Guild scheduled events: list, create, get, modify, delete under
``/guilds/{guild_id}/scheduled-events``, with Discord's rules (docs:
resources/guild-scheduled-event.mdx, topics/permissions.mdx).

They live in the world (``world.scheduled_events``: id -> :class:`ScheduledEvent`), so they
outlast a bot's restart (GUILD_CREATE lists the guild's). The body's shape is the spec's (the
app's middleware validates it first); here the rules the spec cannot say:

- permissions (the bot's, from its roles): creating needs CREATE_EVENTS ("Allows for creating
  scheduled events, and editing and deleting those created by the current user"); editing or
  deleting an event the bot created needs CREATE_EVENTS or MANAGE_EVENTS, someone else's
  MANAGE_EVENTS ("editing and deleting scheduled events created by all users"); else 403 50013.
  MANAGE_EVENTS alone does not create (the stricter reading of the docs' table);
- "Field Requirements By Entity Type": EXTERNAL (3) needs ``entity_metadata.location`` (1-100
  characters), ``scheduled_end_time`` and no ``channel_id``; VOICE (2) and STAGE_INSTANCE (1)
  need the ``channel_id`` of a voice (type 2) or stage (13) channel of the guild, and no
  location. A start in the past, an end before the start, an empty name: 400 50035;
- status: SCHEDULED -> ACTIVE -> COMPLETED, or SCHEDULED -> CANCELED; another change is 400
  50035; any change to a COMPLETED or CANCELED event is 400 180000 "Cannot update a finished
  event". ``entity_metadata`` is silently dropped for a non-EXTERNAL event (the docs);
- an unknown event (or one of another guild) is 404 10070.

Events: GUILD_SCHEDULED_EVENT_CREATE / UPDATE / DELETE, the event object, only to sessions that
identified with the GUILD_SCHEDULED_EVENTS intent (1 << 16).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from aiohttp import web

from .gateway import Gateway
from .state import User, World
from .wire import RECORD, ApiError, form_error, json_response, path_id, unknown

MANAGE_EVENTS = 1 << 33
CREATE_EVENTS = 1 << 44
GUILD_SCHEDULED_EVENTS_INTENT = 1 << 16
SCHEDULED, ACTIVE, COMPLETED, CANCELED = 1, 2, 3, 4
STAGE_INSTANCE, VOICE, EXTERNAL = 1, 2, 3
VOICE_CHANNEL, STAGE_CHANNEL = 2, 13
CHANNEL_OF = {STAGE_INSTANCE: STAGE_CHANNEL, VOICE: VOICE_CHANNEL}
NEXT_STATUS = {SCHEDULED: {ACTIVE, CANCELED}, ACTIVE: {COMPLETED}}
FINISHED = (COMPLETED, CANCELED)
ROUTE = "/guilds/{guild_id}/scheduled-events"


@dataclass(eq=False)
class ScheduledEvent:
    """One guild scheduled event as Discord keeps it."""

    id: int
    guild_id: int
    name: str
    creator: User
    start: datetime
    entity_type: int
    end: datetime | None = None
    channel_id: int | None = None
    location: str | None = None
    description: str | None = None
    privacy_level: int = 2
    status: int = SCHEDULED
    history: list[int] = field(default_factory=list)  # the statuses it went through, in order

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "guild_id": str(self.guild_id),
            "name": self.name,
            "description": self.description,
            "channel_id": None if self.channel_id is None else str(self.channel_id),
            "creator_id": str(self.creator.id),
            "creator": self.creator.to_json(),
            "image": None,
            "scheduled_start_time": self.start.isoformat(),
            "scheduled_end_time": None if self.end is None else self.end.isoformat(),
            "status": self.status,
            "entity_type": self.entity_type,
            "entity_id": None,
            "recurrence_rule": None,
            "privacy_level": self.privacy_level,
            "guild_scheduled_event_exceptions": [],
            "entity_metadata": (
                {"location": self.location} if self.entity_type == EXTERNAL else None
            ),
        }

    def __repr__(self) -> str:
        return f"<ScheduledEvent {self.id} {self.name!r} status={self.status}>"


def _time(value: Any, key: str) -> datetime | None:
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise form_error(key, "DATE_TIME_TYPE_INVALID", "Invalid ISO8601 timestamp") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class EventRoutes:
    """The routes, on the world's scheduled events."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway

    def routes(self, api: str) -> list[web.RouteDef]:
        one = api + ROUTE + "/{guild_scheduled_event_id}"
        return [
            web.get(api + ROUTE, self.list_events),
            web.post(api + ROUTE, self.create_event),
            web.get(one, self.get_event),
            web.patch(one, self.modify_event),
            web.delete(one, self.delete_event),
        ]

    # -- helpers --------------------------------------------------------------------------
    def _guild(self, request: web.Request) -> int:
        guild_id = path_id(request, "guild_id")
        if guild_id not in self.world.guild_names:
            raise unknown("Guild", 10004)
        return guild_id

    def _event(self, request: web.Request) -> ScheduledEvent:
        guild_id = self._guild(request)
        event = self.world.scheduled_events.get(path_id(request, "guild_scheduled_event_id"))
        if event is None or event.guild_id != guild_id:
            raise unknown("Guild Scheduled Event", 10070)
        return event

    def _may(self, permission: int) -> bool:
        return bool(self.world.permissions(self.world.bot) & permission)

    def _check_manage(self, event: ScheduledEvent) -> None:
        mine = event.creator is self.world.bot and self._may(CREATE_EVENTS)
        if not (mine or self._may(MANAGE_EVENTS)):
            raise ApiError(403, 50013, "Missing Permissions")

    def _check_shape(self, event: ScheduledEvent, *, new_start: bool) -> None:
        """The docs' field requirements by entity type, the times and the name."""
        if not event.name.strip():
            raise form_error("name", "BASE_TYPE_REQUIRED", "This field is required")
        if event.entity_type == EXTERNAL:
            if event.channel_id is not None:
                raise form_error("channel_id", "GUILD_SCHEDULED_EVENT_CHANNEL_NOT_NULL",
                                 "channel_id must be null for an external event")
            if not event.location:
                raise form_error("entity_metadata.location", "BASE_TYPE_REQUIRED",
                                 "This field is required")
            if event.end is None:
                raise form_error("scheduled_end_time", "BASE_TYPE_REQUIRED",
                                 "This field is required")
        else:
            channel = self.world.channels.get(event.channel_id or 0)
            if (channel is None or channel.guild_id != event.guild_id
                    or channel.type != CHANNEL_OF.get(event.entity_type)):
                raise form_error("channel_id", "GUILD_SCHEDULED_EVENT_INVALID_CHANNEL",
                                 "Invalid channel for this entity type")
        now = datetime.fromtimestamp(self.world.clock(), UTC)
        if new_start and event.start < now:
            raise form_error("scheduled_start_time", "GUILD_SCHEDULED_EVENT_SCHEDULE_PAST",
                             "Cannot schedule event in the past.")
        if event.end is not None and event.end <= event.start:
            raise form_error("scheduled_end_time", "GUILD_SCHEDULED_EVENT_END_BEFORE_START",
                             "Cannot schedule event to end before starting.")

    async def _announce(self, name: str, event: ScheduledEvent) -> None:
        await self.gateway.dispatch(f"GUILD_SCHEDULED_EVENT_{name}", event.to_json(),
                                    intent=GUILD_SCHEDULED_EVENTS_INTENT)

    # -- routes ---------------------------------------------------------------------------
    async def list_events(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        counted = request.query.get("with_user_count") in ("true", "True", "1")
        return json_response([
            e.to_json() | ({"user_count": 0} if counted else {})
            for e in self.world.scheduled_events.values() if e.guild_id == guild_id
        ])

    async def get_event(self, request: web.Request) -> web.Response:
        event = self._event(request)
        counted = request.query.get("with_user_count") in ("true", "True", "1")
        return json_response(event.to_json() | ({"user_count": 0} if counted else {}))

    async def create_event(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        body: dict[str, Any] = request[RECORD].body
        if not self._may(CREATE_EVENTS):
            raise ApiError(403, 50013, "Missing Permissions")
        start = _time(body["scheduled_start_time"], "scheduled_start_time")
        assert start is not None
        metadata = body.get("entity_metadata") or {}
        kind = body["entity_type"]
        if kind != EXTERNAL and metadata.get("location") is not None:
            raise form_error("entity_metadata", "GUILD_SCHEDULED_EVENT_METADATA_NOT_NULL",
                             "entity_metadata must be null for this entity type")
        channel_id = body.get("channel_id")
        event = ScheduledEvent(
            self.world.new_id(), guild_id, body["name"], self.world.bot, start, kind,
            end=_time(body.get("scheduled_end_time"), "scheduled_end_time"),
            channel_id=None if channel_id is None else int(channel_id),
            location=metadata.get("location"), description=body.get("description"),
            privacy_level=body["privacy_level"],
        )
        self._check_shape(event, new_start=True)
        event.history.append(SCHEDULED)
        self.world.scheduled_events[event.id] = event
        await self._announce("CREATE", event)
        return json_response(event.to_json())

    async def modify_event(self, request: web.Request) -> web.Response:
        event = self._event(request)
        self._check_manage(event)
        body: dict[str, Any] = request[RECORD].body
        if event.status in FINISHED:
            raise ApiError(400, 180000, "Cannot update a finished event")
        status = body.get("status")
        if status is not None and status != event.status and status not in NEXT_STATUS.get(
                event.status, ()):
            raise form_error("status", "GUILD_SCHEDULED_EVENT_INVALID_STATUS_TRANSITION",
                             f"Cannot change status from {event.status} to {status}")
        changed = ScheduledEvent(**{k: getattr(event, k) for k in event.__dataclass_fields__})
        changed.history = list(event.history)
        for key, attr in (("name", "name"), ("description", "description"),
                          ("privacy_level", "privacy_level"), ("entity_type", "entity_type")):
            if body.get(key) is not None or (key == "description" and key in body):
                setattr(changed, attr, body[key])
        if "channel_id" in body:
            changed.channel_id = None if body["channel_id"] is None else int(body["channel_id"])
        start = _time(body.get("scheduled_start_time"), "scheduled_start_time")
        if start is not None:
            changed.start = start
        if "scheduled_end_time" in body:
            changed.end = _time(body["scheduled_end_time"], "scheduled_end_time")
        metadata = body.get("entity_metadata")
        if changed.entity_type == EXTERNAL and isinstance(metadata, dict):
            changed.location = metadata.get("location")
        elif changed.entity_type != EXTERNAL:
            changed.location = None  # silently discarded (the docs)
        self._check_shape(changed, new_start="scheduled_start_time" in body)
        if status is not None and status != changed.status:
            changed.status = status
            changed.history.append(status)
        for key in event.__dataclass_fields__:
            setattr(event, key, getattr(changed, key))
        await self._announce("UPDATE", event)
        return json_response(event.to_json())

    async def delete_event(self, request: web.Request) -> web.Response:
        event = self._event(request)
        self._check_manage(event)
        del self.world.scheduled_events[event.id]
        await self._announce("DELETE", event)
        return web.Response(status=204)


def add_event(world: World, name: str, creator: User, start: datetime, *,
              end: datetime | None = None, location: str = "Online") -> ScheduledEvent:
    """An external event someone else (``creator``) made before, as if through the client."""
    event = ScheduledEvent(world.new_id(), world.guild_id, name, creator, start, EXTERNAL,
                           end=end, location=location, history=[SCHEDULED])
    world.scheduled_events[event.id] = event
    return event
