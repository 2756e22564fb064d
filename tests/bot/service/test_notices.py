"""Turn notices through the services on SQLite and PostgreSQL (bot.service.notices): each
person's choices at the service's clock (the owner's default for those who chose nothing), a
held turn handed over by the clock's one scheduler at its moment, even when it was held before
a restart, the waiting list it makes, a turn's end changing it, new choices moving it."""

from __future__ import annotations

import asyncio
import datetime as dt
import zoneinfo
from typing import Any

from bot.service import Services
from bot.service.ledger import default_prefs
from bot.service.rules.held import TurnNotice
from bot.service.scheduler import HeldDue, Scheduler
from bot.storage.rows import HeldTurn, NotifyPrefs, Waiting, WaitingDm
from tests.bot.drive import FakeTime

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
NIGHT = NotifyPrefs(how="mention", zone="Europe/Paris", quiet_from=22 * 60, quiet_to=7 * 60)
TABLE, OTHER = 100, 200


def at(*when: int) -> float:
    return dt.datetime(*when, tzinfo=PARIS).timestamp()


async def test_choices_are_read_at_the_service_clock_with_the_owners_default(db_path: str) -> None:
    clock = FakeTime()
    clock.t = at(2026, 12, 7, 23, 0)
    host = await Services.open(db_path, clock=clock)
    try:
        await host.store.prefs.set_notify_prefs(7, NIGHT)
        await host.store.prefs.set_dm_enabled(9, True)  # the older /dms answer carries over
        found = await host.notices.notices([7, 8, 9], live=False, guild_id=None,
                                            channel_id=TABLE)
        assert found == {7: TurnNotice(False, None, at(2026, 12, 8, 7, 0)), 8: TurnNotice(True),
                         9: TurnNotice(True, clock.t)}
        assert (await host.notices.late_dm(8)) == TurnNotice(False)  # no DM chosen
        assert (await host.notices.late_dm(9)).dm_at == clock.t
        assert (await host.notices.reminder(7)).ping is False
        assert (await host.notices.reminder(8)) == TurnNotice(True)
        # A message asking them something (a substitute's request): not 7, in his quiet hours.
        assert await host.notices.mentioned([7, 8, 9, 8]) == [8, 9]
    finally:
        await host.close()
    owner = await Services.open(db_path, clock=clock, notify_default=default_prefs(True, 120))
    try:  # [dms] default = true: a mention and a DM for whoever chose nothing
        assert (await owner.notices.notices([8], live=True, guild_id=None, channel_id=TABLE))[
            8] == TurnNotice(True, clock.t + 120)
    finally:
        await owner.close()


async def test_a_held_turn_comes_due_on_the_scheduler_across_a_restart(db_path: str) -> None:
    clock = FakeTime()
    clock.t = began = at(2026, 12, 7, 23, 0)
    due = at(2026, 12, 8, 7, 0)
    host = await Services.open(db_path, clock=clock)
    try:
        await host.notices.hold(HeldTurn(7, TABLE, None, "toy", 5, began, due))
        await host.notices.hold(HeldTurn(7, OTHER, None, "toy", 6, began, due + 3600))
    finally:
        await host.close()  # a restart: the held turns are in the database
    host = await Services.open(db_path, clock=clock)
    seen: list[tuple[Any, float]] = []
    lists = []
    told: list[Any] = []  # handled to the end

    async def handle(event: Any) -> None:
        seen.append((event, clock.t))
        assert isinstance(event, HeldDue)
        release = await host.notices.release(event.user_id)
        assert release is not None
        lists.append(release)
        await host.notices.told(release, WaitingDm(7, 1, 10 + len(lists), release.tables))
        told.append(release)

    task = asyncio.create_task(Scheduler(host, handle, now=clock, sleep=clock.sleep).run())
    try:
        for _ in range(2000):
            if len(told) == 2:
                break
            await asyncio.sleep(0.001)
        assert seen == [(HeldDue(7), due), (HeldDue(7), due + 3600)]
        # One list each time: every table still waiting, those told before first.
        assert [r.tables for r in lists] == [
            (Waiting(TABLE, None, "toy", 5),),
            (Waiting(TABLE, None, "toy", 5), Waiting(OTHER, None, "toy", 6))]
        assert await host.store.notices.held(7) == []
        # The table moved on to someone else: the list says that turn is over.
        [changed] = await host.notices.turn_over(TABLE, [8])
        assert changed.tables == (Waiting(TABLE, None, "toy", 5, True),
                                  Waiting(OTHER, None, "toy", 6))
        assert await host.notices.turn_over(TABLE, [8]) == []  # told once
        assert await host.notices.release(7) is None  # nothing due
    finally:
        task.cancel()
        await host.close()


async def test_new_choices_move_or_drop_the_held_turns(db_path: str) -> None:
    clock = FakeTime()
    clock.t = at(2026, 12, 7, 23, 0)
    host = await Services.open(db_path, clock=clock)
    try:
        await host.store.prefs.set_notify_prefs(7, NIGHT)
        await host.notices.hold(HeldTurn(7, TABLE, None, "toy", 5, clock.t, at(2026, 12, 8, 7, 0)))
        await host.store.prefs.set_notify_prefs(7, NotifyPrefs(how="mention"))  # no quiet hours
        await host.notices.rescheduled(7)
        assert [h.due for h in await host.store.notices.held(7)] == [clock.t]
        assert await host.clock_next_due() == clock.t  # the scheduler wakes for it
        await host.store.prefs.set_notify_prefs(7, NotifyPrefs(how="none"))
        await host.notices.rescheduled(7)
        assert await host.store.notices.held(7) == []
    finally:
        await host.close()
