"""A week of notifications: ``python -m benchmarks.week``.

The real bot (discord.py) against the emulated Discord, both on one fake clock that the run moves
from moment to moment (a week takes a couple of minutes): 10 slow tables (a daily clock) and 5
live ones, in threads, 12 people in time zones from UTC−8 to UTC+9 with mixed choices. Each person
is awake from 07:30 to 23:00 their time and looks at Discord three times a day at moments drawn
from a seeded generator, and half the time, 10 minutes to 2 hours after a notification that reaches them awake; when they look,
they play every slow table waiting for them. Live tables play one game a day in an evening
session, everyone answering within seconds. One person is away from day 2 to day 5 (with
/vacation in the "chosen" run), one chose nothing at all.

Printed per person: their own turns, notifications received per own turn (a mention that pings
them, or a DM: goal ≤ 1, exactly 0 for the person who chose nothing), notifications inside their
quiet hours (goal 0), clock time-outs while on vacation (goal 0); and for the whole week the edits
of messages older than an hour (goal 0 beyond the one edit that retires a post).

Two runs on the same seed: **today** — everybody as before issue 39 (a mention and a DM each turn,
the live DM after a minute, no quiet hours, no vacation, edits at any age), judged against the
quiet hours they would have chosen — and **chosen**: the same people with their own choices.
Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import heapq
import json
import random
import re
import sqlite3
import sys
import tempfile
import zoneinfo
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord

from bot.adapter.kit import recency
from bot.service.rules.notify import quiet_at
from bot.storage.rows import NotifyPrefs
from tests.e2e.emulator.fixtures import running_emulator
from tests.e2e.emulator.sim import DiscordSim
from tests.e2e.test_play_helpers import play_turn_by_menu, running_tablee
from tests.e2e.toy_game import TOY_ID, register_toy

START = dt.datetime(2027, 3, 22, 0, 0, tzinfo=dt.UTC).timestamp()  # a Monday; DST starts in
# Europe on the 28th and in the US on the 14th: the week crosses Europe's change.
DAY = 86400.0
WEEK = 7 * DAY
HOUR = 3600.0
args_verbose = True  # a line every 50 steps on stderr: the run is long
RECENT = recency.RECENT_SECONDS
REACT = 0.5  # the share of notifications a person answers by looking (10 min to 2 h later)


@dataclass
class Person:
    name: str
    zone: str
    prefs: NotifyPrefs  # what they choose in the "chosen" run (the zone and quiet hours: theirs)
    away: tuple[float, float] | None = None  # days (from the start) they are away
    user: Any = None
    checks: list[float] = field(default_factory=list)  # the moments they look, this run

    def awake(self, when: float) -> bool:
        local = dt.datetime.fromtimestamp(when, dt.UTC).astimezone(_zone(self.zone))
        minute = local.hour * 60 + local.minute
        return 7 * 60 + 30 <= minute < 23 * 60

    def is_away(self, when: float) -> bool:
        return self.away is not None and self.away[0] * DAY <= when - START < self.away[1] * DAY


def _zone(name: str) -> dt.tzinfo:
    return zoneinfo.ZoneInfo(name)


def quiet(zone: str, start: str, end: str, **kw: Any) -> NotifyPrefs:
    h1, m1 = map(int, start.split(":"))
    h2, m2 = map(int, end.split(":"))
    return NotifyPrefs(zone=zone, quiet_from=h1 * 60 + m1, quiet_to=h2 * 60 + m2, **kw)


def people() -> list[Person]:
    return [
        Person("ana", "America/Los_Angeles", quiet("America/Los_Angeles", "22:00", "07:00")),
        Person("ben", "America/New_York",
               quiet("America/New_York", "23:00", "07:00", how="dm", slow="digest",
                     digest_hour=8)),
        Person("chloe", "Europe/Paris", quiet("Europe/Paris", "22:30", "07:30", how="both")),
        Person("dev", "Asia/Kolkata", quiet("Asia/Kolkata", "23:00", "07:30", how="dm")),
        Person("emi", "Asia/Tokyo", quiet("Asia/Tokyo", "23:00", "08:00")),
        Person("finn", "Europe/London",
               quiet("Europe/London", "23:00", "07:00", how="dm", live_after=120)),
        Person("gus", "UTC", NotifyPrefs(zone="UTC", how="none")),
        Person("hana", "Asia/Seoul",
               quiet("Asia/Seoul", "23:30", "07:30", how="dm", slow="digest", digest_hour=19)),
        Person("ivan", "Europe/Moscow", quiet("Europe/Moscow", "22:00", "08:00", how="both")),
        Person("jade", "America/Chicago", NotifyPrefs(zone="America/Chicago")),
        Person("kofi", "Africa/Lagos", quiet("Africa/Lagos", "21:00", "06:00", how="both")),
        Person("lea", "Europe/Berlin", quiet("Europe/Berlin", "22:00", "07:00"),
               away=(2.0, 5.0)),
    ]


SLOW_TABLES = [("ana", "chloe"), ("ben", "emi", "gus"), ("chloe", "dev"), ("dev", "hana"),
               ("emi", "finn", "jade"), ("finn", "ivan"), ("gus", "kofi"), ("hana", "lea"),
               ("ivan", "jade", "lea"), ("kofi", "ana", "ben")]
LIVE_TABLES = [("chloe", "finn"), ("ivan", "kofi"), ("ana", "jade"), ("emi", "hana"),
               ("lea", "gus")]


class WeekClock:
    """The fake clock of the bot and the emulator; the run moves it."""

    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


# -- what the run counts -----------------------------------------------------------------------
@dataclass
class Tally:
    turns: Counter[str] = field(default_factory=Counter)
    notices: Counter[str] = field(default_factory=Counter)
    in_quiet: Counter[str] = field(default_factory=Counter)
    timeouts_away: Counter[str] = field(default_factory=Counter)
    old_edits: int = 0
    old_edits_retiring: int = 0
    refused_30046: int = 0
    old_edits_kind: Counter[str] = field(default_factory=Counter)
    moves: int = 0


# -- the run -----------------------------------------------------------------------------------
async def week(chosen: bool, seed: int, days: float) -> tuple[Tally, list[Person]]:
    register_toy()
    rng = random.Random(seed)
    crowd = people()
    clock = WeekClock()
    tally = Tally()
    async with running_emulator() as emulator:
        sim = DiscordSim(emulator)
        sim.api.limits.person_pace = 0
        sim.world.clock = clock  # the emulator's now: message times and ages
        with tempfile.TemporaryDirectory() as folder:
            # today: messages edited whatever their age, as before issue 39
            recency.RECENT_SECONDS = RECENT if chosen else float("inf")
            async with running_tablee(sim, Path(folder), now=clock, tables_place="threads",
                                      dm_default=True) as app:
                for person in crowd:
                    person.user = sim.user(person.name)
                    prefs = person.prefs if chosen else NotifyPrefs(how="both", live_after=60)
                    await app.bot.service.store.prefs.set_notify_prefs(person.user.id, prefs)
                by_name = {p.name: p for p in crowd}
                # ... tables, people, time: filled in below
                await run_week(sim, app, clock, rng, crowd, by_name, tally, chosen, days)
                tally.refused_30046 = sim.api.limits.old_edits.refused
    return tally, crowd


async def run_week(sim: DiscordSim, app: Any, clock: WeekClock, rng: random.Random,
                   crowd: list[Person], by_name: dict[str, Person], tally: Tally, chosen: bool,
                   days: float) -> None:
    end = START + days * DAY
    slow = [Table(f"slow-{i}", [by_name[n] for n in names], "daily")
            for i, names in enumerate(SLOW_TABLES)]
    live = [Table(f"live-{i}", [by_name[n] for n in names], "live", session=hour)
            for i, (names, hour) in enumerate(zip(LIVE_TABLES, LIVE_HOURS, strict=True))]
    for table in slow + live:
        table.channel = sim.channel(table.name)
    for table in slow:
        await table.open(sim)
    events: list[tuple[float, int, str, Any]] = []
    order = iter(range(10**9))

    def at(when: float, kind: str, what: Any) -> None:
        if when < end:
            heapq.heappush(events, (when, next(order), kind, what))

    for person in crowd:
        for when in daily_checks(person, rng, days):
            at(when, "check", person)
    for table in live:
        for day in range(int(days) + 1):
            at(START + day * DAY + table.session * HOUR, "session", table)
    away = by_name["lea"]
    assert away.away is not None
    if chosen:
        at(START + away.away[0] * DAY, "vacation", away)
    watch = Watch(sim, crowd, clock)
    seen_timeouts: set[tuple[int, int]] = set()
    steps = 0
    while True:
        due = await app.bot.service.clock_next_due()
        when = min(events[0][0] if events else end, due if due is not None else end, end)
        clock.t = max(clock.t + 1e-3, when)
        if clock.t >= end:
            break
        steps += 1
        if args_verbose and steps % 50 == 0:
            print(f"  step {steps}: day {(clock.t - START) / DAY:.2f}, {tally.moves} moves, "
                  f"due {None if due is None else round((due - START) / DAY, 3)}",
                  file=sys.stderr, flush=True)
        app.bot.service.context.clock_bell.ring()
        await asyncio.sleep(0.02)
        await sim.wait_idle()
        while events and events[0][0] <= clock.t:
            _when, _n, kind, what = heapq.heappop(events)
            if kind == "check":
                await check(sim, app, what, slow, rng, clock, tally)
            elif kind == "session":
                await session(sim, app, what, rng, clock, tally)
            elif kind == "vacation":
                await go_away(sim, what, away.away[1] - away.away[0])
        timeouts(app, away, clock, tally, seen_timeouts)
        for person, moment in watch.new_notices(tally):
            if person.awake(moment) and not person.is_away(moment) and rng.random() < REACT:
                at(moment + rng.uniform(10, 120) * 60, "check", person)
    watch.new_notices(tally)
    for table in slow + live:  # turns played, and the turns still waiting at the end
        tally.turns.update(table.turns)
        waiting = await to_move(app, table)
        tally.turns.update(p.name for p in table.seats if p.user.id in waiting)


LIVE_HOURS = (19.0, 17.0, 1.0, 11.0, 18.0)  # UTC hour of each live table's daily session


@dataclass
class Table:
    name: str
    seats: list[Person]
    speed: str
    session: float = 0.0
    channel: Any = None
    thread: Any = None
    turns: Counter[str] = field(default_factory=Counter)  # turns played there, by person

    async def open(self, sim: DiscordSim) -> None:
        """/play the toy game in the table's channel, at its speed; everybody joins; Start."""
        host, *others = self.seats
        lobby = await sim.slash(host.user, f"play {TOY_ID}", channel=self.channel, rounds=5)
        if self.speed != "live":
            panel = await sim.click(host.user, lobby, label="Settings")
            for _page in range(4):
                found = [s for s in panel.selects() if s["placeholder"].startswith("Table speed")]
                if found:
                    panel = await sim.select(host.user, panel, values=[f"={self.speed}"],
                                             custom_id=found[0]["custom_id"])
                    break
                panel = await sim.click(host.user, panel, label="Next")
            else:
                raise AssertionError("no Table speed in the Settings panel")
        for person in others:
            await sim.click(person.user, lobby, label="Join")
        await sim.click(host.user, lobby, label="Start")
        self.thread = sim.thread_of(lobby)


def daily_checks(person: Person, rng: random.Random, days: float) -> Iterator[float]:
    """Three moments a day the person looks at Discord, while awake."""
    t = START
    while t < START + days * DAY:
        if person.awake(t) and rng.random() < 3 / (15.5 * 60):
            yield t
        t += 60.0


async def to_move(app: Any, table: Table) -> list[int]:
    """The people to move at the table (none when no game is in play there)."""
    if table.thread is None:
        return []
    service = app.bot.service
    row = await service.store.tables.get_table(table.thread.id)
    if row is None or row.status != "playing" or row.state is None:
        return []
    game = service.context.game(row.game_id)
    return [row.seats[s - 1]["user_id"] for s in game.to_move(row.state)
            if row.seats[s - 1].get("user_id") is not None]


async def play(sim: DiscordSim, app: Any, person: Person, table: Table,
               rng: random.Random) -> bool:
    """The person plays their turn at the table (the menus); False when it was not theirs."""
    if person.user.id not in await to_move(app, table):
        return False
    await play_turn_by_menu(sim, person.user, rng, table.thread)
    await sim.wait_idle()
    table.turns[person.name] += 1
    if not await to_move(app, table):  # the game is over: a new one with the same people
        await table.open(sim)
    return True


async def check(sim: DiscordSim, app: Any, person: Person, slow: list[Table],
                rng: random.Random, clock: WeekClock, tally: Tally) -> None:
    if person.is_away(clock.t):
        return
    for table in slow:
        if person in table.seats and await play(sim, app, person, table, rng):
            tally.moves += 1


async def session(sim: DiscordSim, app: Any, table: Table, rng: random.Random,
                  clock: WeekClock, tally: Tally) -> None:
    """A live game from /play to its end, everyone answering within seconds."""
    if any(p.is_away(clock.t) for p in table.seats):
        return
    await table.open(sim)
    while people := await to_move(app, table):
        clock.t += rng.uniform(4, 20)
        person = next(p for p in table.seats if p.user.id == people[0])
        await play_turn_by_menu(sim, person.user, rng, table.thread)
        await sim.wait_idle()
        tally.moves += 1
        table.turns[person.name] += 1
    table.thread = None


async def go_away(sim: DiscordSim, person: Person, days: float) -> None:
    """/vacation for ``days`` (the "chosen" run)."""
    reply = await sim.slash(person.user, "vacation", days=int(days))
    assert reply is not None and reply.ephemeral, reply


def timeouts(app: Any, person: Person, clock: WeekClock, tally: Tally,
             seen: set[tuple[int, int]]) -> None:
    """The person's clocks that ran out while they were away (each table version once)."""
    with sqlite3.connect(app.db) as conn:
        rows = conn.execute("SELECT c.table_id, c.version, c.seat, t.seats FROM clocks c"
                            " JOIN tables t ON t.id = c.table_id WHERE c.expired = 1").fetchall()
    for table_id, version, seat, seats in rows:
        if (table_id, version) in seen or seat is None:
            continue
        seen.add((table_id, version))
        if json.loads(seats)[seat - 1].get("user_id") == person.user.id and person.is_away(
                clock.t):
            tally.timeouts_away[person.name] += 1


class Watch:
    """New messages as the run goes: who each one notified, and when (the fake clock)."""

    def __init__(self, sim: DiscordSim, crowd: list[Person], clock: WeekClock) -> None:
        self.sim, self.crowd, self.clock = sim, crowd, clock
        self.seen: set[int] = set()
        self.requests = 0
        self.by_id = {p.user.id: p for p in crowd}
        self.dm_channels = {sim.world.dm_channel(p.user).id: p for p in crowd}

    def new_notices(self, tally: Tally) -> list[tuple[Person, float]]:
        now = self.clock.t
        out = []
        for message in list(self.sim.world.messages.values()):
            if message.id in self.seen or message.visible_only_to is not None:
                continue
            self.seen.add(message.id)
            if message.author.id != self.sim.world.bot.id:
                continue
            dm = self.dm_channels.get(message.channel.id)
            if dm is not None:
                out.append((dm, now))
                continue
            # who Discord notified: the mentions allowed_mentions let through (SUPPRESS_NOTIFICATIONS
            # turns a push into a badge; a mention still counts here)
            ids = {user.id for user in message.pinged}
            out += [(self.by_id[i], now) for i in ids if i in self.by_id]
        for person, moment in out:
            tally.notices[person.name] += 1
            if quiet_at(person.prefs, moment):
                tally.in_quiet[person.name] += 1
        self.old_edits(tally)
        return out

    def old_edits(self, tally: Tally) -> None:
        records = self.sim.requests
        for record in records[self.requests:]:
            found = EDIT.search(record.path)
            if record.method != "PATCH" or found is None:
                continue
            message_id = int(found["message"])
            sent = discord.utils.snowflake_time(message_id).timestamp()
            if self.clock.t - sent > HOUR:
                tally.old_edits += 1
                message = self.sim.world.messages.get(message_id)
                if message is not None and message.channel.id in self.dm_channels:
                    tally.old_edits_kind["a DM"] += 1
                elif message is not None and message.thread is not None:
                    tally.old_edits_kind["a thread table's line in its channel"] += 1
                elif not _has_buttons(record.body):
                    tally.old_edits_retiring += 1
                else:
                    tally.old_edits_kind["a table post in place"] += 1
        self.requests = len(records)


EDIT = re.compile(r"/messages/(?P<message>\d+)$")


def _has_buttons(body: Any) -> bool:
    return '"type": 2' in json.dumps(body) or '"type":2' in json.dumps(body)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--days", type=float, default=7.0)
    args = parser.parse_args(argv)
    for chosen in (False, True):
        tally, crowd = asyncio.run(week(chosen, args.seed, args.days))
        print(report(tally, crowd, "chosen" if chosen else "today"))
    return 0


def report(tally: Tally, crowd: list[Person], label: str) -> str:
    lines = [f"== {label}: {tally.moves} moves by people ==",
             f"{'person':8} {'zone':20} {'choice':22} {'turns':>5} {'notices':>7} "
             f"{'per turn':>8} {'goal':>5} {'in quiet':>8} {'time-outs away':>14}"]
    for p in crowd:
        prefs = p.prefs
        choice = prefs.how + ("" if prefs.slow == "now" else f", digest {prefs.digest_hour}h") + (
            ", quiet" if prefs.quiet else "")
        turns, notices = tally.turns[p.name], tally.notices[p.name]
        per = f"{notices / turns:.2f}" if turns else "-"
        goal = {"none": "0", "both": "≤ 2"}.get(prefs.how, "≤ 1")  # both: two ways asked for
        lines.append(f"{p.name:8} {p.zone:20} {choice:22} {turns:5} {notices:7} {per:>8} "
                     f"{goal:>5} {tally.in_quiet[p.name]:8} {tally.timeouts_away[p.name]:14}")
    kinds = ", ".join(f"{n} of {kind}" for kind, n in sorted(tally.old_edits_kind.items()))
    lines.append(f"edits of messages older than an hour: {tally.old_edits} in all:"
                 f" {tally.old_edits_retiring} retiring an older table post (its buttons off),"
                 f" {kinds or 'no other'}; {tally.refused_30046} refused by Discord (30046)")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
