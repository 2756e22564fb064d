"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatch.

Frames are sent as uncompressed JSON text; discord.py only inflates binary frames. A session
that identified with ``shard: [id, count]`` gets only that shard's guilds and events
(:mod:`.guilds`); one without gets everything.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from .guilds import event_guild, receives

if TYPE_CHECKING:
    from .state import World

HEARTBEAT_INTERVAL_MS = 41250
CLOSE_AUTH_FAILED = 4004
CLOSE_INVALID_SHARD = 4010


@dataclass
class Session:
    """One gateway session: survives a dropped socket so RESUME can replay what was missed."""

    id: str
    intents: int
    seq: int = 0
    sent: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    shard: tuple[int, int] | None = None  # [id, count] from IDENTIFY; None: unsharded
    base_url: str = ""  # ws://host:port the session connected to (READY's resume URL)


@dataclass
class Connection:
    """A log entry per websocket, so tests can see how discord.py (re)connected."""

    path: str
    opcodes: list[int] = field(default_factory=list)


class Gateway:
    """Serves `/gateway` and `/resume-gateway` (READY points discord.py at the latter)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.sessions: dict[str, Session] = {}
        self.connections: list[Connection] = []
        self.base_url = ""
        self._identified = asyncio.Event()
        self.refusing = False
        """While set, every websocket is refused (503), as during a Discord outage."""
        self.refused = 0

    def routes(self) -> list[web.RouteDef]:
        return [web.get("/gateway", self.handle), web.get("/resume-gateway", self.handle)]

    @property
    def live(self) -> list[Session]:
        return [s for s in self.sessions.values() if s.ws is not None and not s.ws.closed]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        if self.refusing:
            self.refused += 1
            raise web.HTTPServiceUnavailable(text="emulator: gateway refusing connections")
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        conn = Connection(request.path)
        self.connections.append(conn)
        await self._send_raw(ws, {"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        session: Session | None = None
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                conn.opcodes.append(frame.get("op"))
                session = await self._on_frame(ws, frame, session, f"ws://{request.host}")
        finally:
            if session is not None and session.ws is ws:
                session.ws = None
        return ws

    async def _on_frame(
        self, ws: web.WebSocketResponse, frame: dict[str, Any], session: Session | None,
        base_url: str,
    ) -> Session | None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            await self._send_raw(ws, {"op": 11})
        elif op == 2:
            return await self._identify(ws, data, base_url)
        elif op == 6:
            return await self._resume(ws, data)
        elif op == 8 and session is not None:
            await self._members_chunk(session, data)
        return session

    async def _identify(
        self, ws: web.WebSocketResponse, data: dict[str, Any], base_url: str
    ) -> Session | None:
        if data.get("token") != self.world.token:
            await ws.close(code=CLOSE_AUTH_FAILED, message=b"Authentication failed.")
            return None
        shard = _shard(data.get("shard"))
        if data.get("shard") is not None and shard is None:
            await ws.close(code=CLOSE_INVALID_SHARD, message=b"Invalid shard.")
            return None
        session = Session(secrets.token_hex(16), int(data.get("intents") or 0), ws=ws,
                          shard=shard, base_url=base_url)
        self.sessions[session.id] = session
        world = self.world
        guilds = world.guilds_of_shard(shard)
        ready = {
            "v": 10,
            "user": world.bot_private_json(),
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": f"{base_url}/resume-gateway",
            "application": {"id": str(world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "user_settings": {},
            "session_type": "normal",
        }
        if shard is not None:
            ready["shard"] = list(shard)
        await self._dispatch_to(session, "READY", ready)
        for guild_id in guilds:
            await self._dispatch_to(session, "GUILD_CREATE", world.guild_json(guild_id))
        self._identified.set()
        return session

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or data.get("token") != self.world.token:
            await self._send_raw(ws, {"op": 9, "d": False})
            return None
        session.ws = ws
        for frame in session.sent:
            if frame["s"] > int(data.get("seq") or 0):
                await self._send_raw(ws, frame)
        await self._dispatch_to(session, "RESUMED", {})
        return session

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        members = [self.world.member_json(u) for u in self.world.users.values()]
        chunk = {
            "guild_id": str(data.get("guild_id") or self.world.guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        if session.ws is not None and not session.ws.closed:
            await self._send_raw(session.ws, frame)

    async def _send_raw(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        try:
            await ws.send_str(json.dumps(frame))
        except ConnectionResetError:
            pass

    # -- used by the emulator and tests ---------------------------------------------------
    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> None:
        """Send an event to every session whose shard gets its guild (a disconnected one gets
        it on RESUME); with ``intent`` (a bit), only to sessions that identified with it."""
        guild_id = event_guild(data)
        for session in list(self.sessions.values()):
            if intent and not session.intents & intent:
                continue
            if receives(session.shard, guild_id):
                await self._dispatch_to(session, event, data)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every socket with a resumable code, as Discord does when it cycles nodes."""
        for session in self.live:
            assert session.ws is not None
            await session.ws.close(code=code, message=b"emulator: connection dropped")

    async def close(self) -> None:
        for session in self.live:
            assert session.ws is not None
            await session.ws.close(code=1001, message=b"emulator shutting down")
        self.sessions.clear()

    def forget_sessions(self) -> None:
        """Stopped bots never come back: their sessions must not receive new dispatches."""
        self.sessions = {
            k: s for k, s in self.sessions.items() if s.ws is not None and not s.ws.closed
        }


def _shard(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as (id, count) when it is a valid pair, else None."""
    if not isinstance(value, list) or len(value) != 2:
        return None
    shard_id, count = value
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return None
    return (shard_id, count) if 0 <= shard_id < count else None
