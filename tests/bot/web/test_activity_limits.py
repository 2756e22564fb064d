"""The Activity's limits (bot/web/limits.py): sign-in tickets lapse after their time and are
bounded in number (the oldest dropped); a rate limit can take back an attempt counted up front."""

from __future__ import annotations

from bot.web.activity import MAX_SIGN_INS, SIGN_IN_SECONDS
from bot.web.limits import RateLimit, Tickets


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_ticket_lapses_after_its_time() -> None:
    clock = Clock()
    tickets: Tickets[int] = Tickets(SIGN_IN_SECONDS, MAX_SIGN_INS, clock)
    ticket = tickets.add(42)
    assert len(ticket) >= 40 and tickets.get(ticket) == 42
    assert tickets.get("made-up") is None and tickets.get(None) is None
    assert tickets.get(["not", "a", "string"]) is None and tickets.get(ticket * 3) is None
    clock.now += SIGN_IN_SECONDS - 1
    assert tickets.get(ticket) == 42
    clock.now += 1
    assert tickets.get(ticket) is None
    tickets.add(7)  # lapsed ones are dropped as new ones come
    assert len(tickets) == 1
    tickets.discard(ticket)


def test_tickets_are_bounded_the_oldest_dropped() -> None:
    clock = Clock()
    tickets: Tickets[int] = Tickets(600.0, 10_000, clock)
    first = tickets.add(0)
    made = [tickets.add(n) for n in range(1, 10_001)]
    assert len(tickets) == 10_000 and len(set(made)) == 10_000
    assert tickets.get(first) is None and tickets.get(made[0]) == 1
    assert tickets.get(made[-1]) == 10_000
    tickets.discard(made[-1])
    assert tickets.get(made[-1]) is None and len(tickets) == 9_999


def test_a_refunded_attempt_does_not_count() -> None:
    clock = Clock()
    failures = RateLimit(3, 60.0, clock)
    for _ in range(10):  # each counted, then taken back: never full
        assert failures.allow("a")
        failures.refund("a")
    assert [failures.allow("a") for _ in range(4)] == [True, True, True, False]
    assert failures.allow("b")  # another key is not held up
    failures.refund("nobody")  # nothing to take back: nothing happens
    clock.now += 60.0
    assert failures.allow("a")
