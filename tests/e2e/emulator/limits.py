"""Discord's rate limits, as the emulator applies them (topics/rate-limits.mdx).

- Global: at most ``global_limit.count`` requests per ``global_limit.per`` seconds per bot token
  (a sliding window: ``retry_after`` is the time until the oldest counted request leaves it).
  The interaction endpoints are exempt (receiving-and-responding.mdx "Endpoints": the callback
  and every ``/webhooks/{application_id}/{interaction_token}…`` route).
- Per route, fixed windows as Discord's buckets: ``POST /channels/{channel_id}/messages`` 5 per
  5 s per channel; ``PATCH`` and ``DELETE /channels/{channel_id}/messages/{message_id}`` share a
  bucket of their own, 5 per 5 s per channel; the interaction webhook 5 per 2 s per token
  ("Interactions webhooks share the same rate limit properties as normal webhooks"). Other
  routes answer the generous headers they always did (50 a second, never exhausted).

Every answer carries the bucket's headers; a 429 is recorded in ``Limits.rate_limited``.

People do not act at a test's speed: each action of the helpers (a command, a click, a
moderator locking a thread) first lets ``person_pace`` seconds (5 by default, one per-channel
window) pass for the windows, without waiting them out. What the bot does in answer to one
action is limited exactly as on Discord (six posts in a channel: the sixth waits for the
window), and a test playing a whole game in a second does not pile up waits no table meets.
``person_pace = 0`` judges the requests at the test's own speed.

Edits of messages older than an hour (:class:`OldEdits`, opcodes-and-status-codes.mdx 30046:
"Maximum number of edits to messages older than 1 hour reached. Try again later"): Discord gives
no figure, so the emulator's allowance is a choice: 3 such edits per channel in a rolling hour
of the world's clock. Small, so that a bot that edits old messages as a habit meets the error in
tests, as it would on Discord; enough for what a careful bot does, one last edit of its previous
post (its buttons off) when a table's next move posts anew, moves of a slow table being hours
apart. An edit past the allowance answers HTTP 400, code 30046, and changes nothing.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from dataclasses import dataclass, field

from aiohttp import web

from .wire import RequestRecord, is_interaction_endpoint, json_response, rate_headers

MESSAGES = "/channels/{channel_id}/messages"
MESSAGE = "/channels/{channel_id}/messages/{message_id}"


@dataclass
class Limit:
    """``count`` requests per ``per`` seconds."""

    count: int
    per: float


@dataclass
class RateLimitHit:
    """One 429 the emulator gave: ``scope`` is ``global`` or ``user`` (a route's bucket)."""

    method: str
    route: str
    scope: str
    retry_after: float
    at: float

    def __repr__(self) -> str:
        return f"<429 {self.scope} {self.method} {self.route} retry_after={self.retry_after:.3f}>"


HOUR = 3600.0


@dataclass
class OldEdits:
    """Discord's limit on edits of messages older than an hour, judged on the world's clock:
    ``allowance.count`` such edits per channel in any ``allowance.per`` seconds (see the module
    doc). ``allowed`` and ``refused`` count the edits of old messages let through and answered
    30046 (a benchmark reads them); ``refuse`` holds ids of messages whose next edit answers
    30046 whatever their age, once each (a test's knob: Discord's limit met anyway)."""

    allowance: Limit = field(default_factory=lambda: Limit(3, HOUR))
    allowed: int = 0
    refused: int = 0
    refuse: set[int] = field(default_factory=set)
    _done: dict[int, deque[float]] = field(default_factory=dict)  # channel -> when, by the clock

    def allows(self, channel_id: int, message_id: int, created: float, now: float, *,
               enforced: bool) -> bool:
        """Whether an edit at ``now`` of message ``message_id`` of ``channel_id``, sent at
        ``created``, goes through (and counts it); ``enforced`` False (limits off) only counts."""
        if message_id in self.refuse:
            self.refuse.discard(message_id)
            return False
        if now - created <= HOUR:
            return True
        done = self._done.setdefault(channel_id, deque())
        while done and done[0] <= now - self.allowance.per:
            done.popleft()
        if enforced and len(done) >= self.allowance.count:
            self.refused += 1
            return False
        done.append(now)
        self.allowed += 1
        return True


@dataclass
class _Window:
    reset_at: float = 0.0
    used: int = 0


@dataclass
class Limits:
    """Discord's limits, on by default; a test changes a figure (``limits.messages =
    Limit(2, 1.0)``) or turns them all off (``limits.off()``)."""

    enabled: bool = True
    global_limit: Limit = field(default_factory=lambda: Limit(50, 1.0))
    messages: Limit = field(default_factory=lambda: Limit(5, 5.0))
    message_edits: Limit = field(default_factory=lambda: Limit(5, 5.0))
    interaction_webhook: Limit = field(default_factory=lambda: Limit(5, 2.0))
    old_edits: OldEdits = field(default_factory=OldEdits)
    rate_limited: list[RateLimitHit] = field(default_factory=list)
    # how often each bucket was answered with Remaining 0 (discord.py then waits for its reset)
    exhausted: Counter[str] = field(default_factory=Counter)
    _global: dict[str, deque[float]] = field(default_factory=dict)
    _windows: dict[tuple[str, str], _Window] = field(default_factory=dict)
    person_pace: float = 5.0  # seconds that pass between two actions of people (0: none)
    _offset: float = 0.0  # the windows' clock runs ahead of the loop's by the paces so far
    _pacing_until: float = 0.0  # when the last exhausted bucket or 429 frees up (loop time)

    def off(self) -> None:
        """No limits at all (the headers stay, never exhausted; old edits are still counted)."""
        self.enabled = False

    def on(self) -> None:
        self.enabled = True

    @property
    def pacing_until(self) -> float:
        """Loop time until which discord.py may still be waiting on a bucket or a 429: the bot
        is not idle, it is being paced."""
        return self._pacing_until

    def record(self, method: str, route: str, scope: str, retry_after: float, now: float) -> None:
        self.rate_limited.append(RateLimitHit(method, route, scope, retry_after, now))
        self._pacing_until = max(self._pacing_until, now + retry_after)

    # -- the checks -------------------------------------------------------------------------
    def person_acts(self) -> None:
        """A person clicks, types or moderates: ``person_pace`` seconds have passed for the
        windows (see the module doc)."""
        self._offset += self.person_pace

    def check(self, record: RequestRecord, token: str | None,
              real_now: float) -> web.Response | None:
        """A 429 for ``record`` if it is over a limit (and records it), else None; a request
        that passes takes its slot."""
        if not self.enabled:
            return None
        now = real_now + self._offset
        if token is not None and not is_interaction_endpoint(record.route):
            window = self._global.setdefault(token, deque())
            limit = self.global_limit
            while window and window[0] <= now - limit.per:
                window.popleft()
            if len(window) >= limit.count:
                retry_after = window[0] + limit.per - now
                self.record(record.method, record.route, "global", retry_after, real_now)
                return _global_429(retry_after)
            window.append(now)
        bucket = self._bucket(record)
        if bucket is None:
            return None
        name, key, limit = bucket
        state = self._windows.setdefault((name, key), _Window())
        if now >= state.reset_at:
            state.reset_at, state.used = now + limit.per, 0
        if state.used >= limit.count:
            retry_after = state.reset_at - now
            self.record(record.method, record.route, "user", retry_after, real_now)
            response = too_many(retry_after, is_global=False)
            rate_headers(response, name, limit=limit.count, remaining=0, reset_after=retry_after)
            return response
        state.used += 1
        return None

    def headers(self, response: web.StreamResponse, record: RequestRecord,
                real_now: float) -> None:
        """The bucket's X-RateLimit-* headers on an answer (after :meth:`check` let it in)."""
        bucket = self._bucket(record) if self.enabled else None
        if bucket is None:
            rate_headers(response, record.route)
            return
        name, key, limit = bucket
        now = real_now + self._offset
        state = self._windows.get((name, key)) or _Window(now + limit.per, 0)
        remaining = max(limit.count - state.used, 0)
        reset_after = max(state.reset_at - now, 0.0)
        if remaining == 0:
            self.exhausted[name] += 1
            self._pacing_until = max(self._pacing_until, real_now + reset_after)
        rate_headers(response, name, limit=limit.count, remaining=remaining,
                     reset_after=reset_after)

    def _bucket(self, record: RequestRecord) -> tuple[str, str, Limit] | None:
        """(bucket name, its top-level resource, limit) of a rate-limited route."""
        parts = record.path.split("/")  # /api/v10/channels/ID/...
        if record.route == MESSAGES and record.method == "POST":
            return "POST " + MESSAGES, parts[4], self.messages
        if record.route == MESSAGE and record.method in ("PATCH", "DELETE"):
            return "PATCH/DELETE " + MESSAGE, parts[4], self.message_edits
        if record.route.startswith("/webhooks/{webhook_id}/{webhook_token}"):
            return "interaction webhook", parts[5], self.interaction_webhook
        return None


def too_many(retry_after: float, *, is_global: bool) -> web.Response:
    """Discord's 429: the JSON body, ``Retry-After`` (whole seconds), the scope, and the ``Via``
    header without which discord.py takes the 429 for a Cloudflare ban."""
    body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
            "global": is_global}
    response = json_response(body, 429)
    response.headers["Retry-After"] = str(math.ceil(retry_after))
    response.headers["X-RateLimit-Scope"] = "global" if is_global else "user"
    if is_global:
        response.headers["X-RateLimit-Global"] = "true"
    response.headers["Via"] = "1.1 google"
    return response


def _global_429(retry_after: float) -> web.Response:
    return too_many(retry_after, is_global=True)  # the docs' example: no bucket headers
