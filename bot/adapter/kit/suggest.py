"""Answering an autocomplete in time: Discord drops an answer after 3 s, so the service is asked
for at most :data:`SUGGESTION_SECONDS` and a late answer is given up (none is the honest one)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any, TypeVar

SUGGESTION_SECONDS = 1.5
"""How long /move's suggestions may wait for the service: Discord drops an autocomplete answer
after 3 s, and sending it takes a request of its own (a slow or hung database gets none)."""

T = TypeVar("T")
_LATE: set[asyncio.Future[Any]] = set()  # late work cancelled but still unwinding


async def within(seconds: float, work: Awaitable[T]) -> tuple[bool, T | None]:
    """(True, ``work``'s result) when it ends within ``seconds``, else (False, None) at once: the
    late work is cancelled and left to unwind by itself (a hung database connection may take long
    to give its cancellation back), its outcome read so nothing is reported as lost."""
    task = asyncio.ensure_future(work)
    try:
        done, _pending = await asyncio.wait({task}, timeout=seconds)
    except asyncio.CancelledError:
        task.cancel()
        raise
    if done:
        return True, task.result()
    task.cancel()
    _LATE.add(task)
    task.add_done_callback(_forget)
    return False, None


def _forget(task: asyncio.Future[Any]) -> None:
    _LATE.discard(task)
    if not task.cancelled():
        task.exception()  # retrieved: the person already had their (empty) answer


