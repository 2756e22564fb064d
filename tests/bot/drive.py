"""Helpers that drive a table the way the adapter would: read the menu, press a move."""

from __future__ import annotations

import asyncio

from bot.service import Outcome, Services


async def play_first_legal(host: Services, channel: int) -> Outcome | None:
    """The human to move plays their first legal move, with the menu's version; None if no
    human is to move (game over)."""
    table = await host.views.table(channel)
    if table is None:
        return None
    for seat in table.seats:
        if seat.user_id is None:
            continue
        version, entries = await host.views.menu(channel, seat.user_id)
        if entries:
            return await host.moves.play(channel, seat.user_id, entries[0].move, version=version)
    raise AssertionError("a table in play where no human can move")


async def play_to_end(host: Services, channel: int, limit: int = 2000) -> list[Outcome]:
    outcomes = []
    for _ in range(limit):
        outcome = await play_first_legal(host, channel)
        if outcome is None:
            return outcomes
        outcomes.append(outcome)
        while outcome.computers_next:  # as the poster does after a computer's reveal
            outcome = await host.moves.computers_move(channel)
            assert outcome is not None
            outcomes.append(outcome)
        if outcome.table.status == "finished":
            return outcomes
    raise AssertionError(f"game did not end in {limit} human moves")


class FakeTime:
    """The host's epoch clock driven by a test: ``t`` moves when the test says, and ``sleep``
    lets the time pass at once (hours in microseconds) for the clock's scheduler."""

    START = 1_000_000.0

    def __init__(self) -> None:
        self.t = self.START
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.t += seconds
        await asyncio.sleep(0)
