"""The /notifications panel: a person's choices (:class:`bot.storage.rows.NotifyPrefs`, the
rules: :mod:`bot.service.rules.notify`) in plain words, and five selects that change them.

The selects, one a row: how "your turn" reaches them (a mention in the table post, a DM, both,
nothing), when a live table's DM comes (after 1, 2 or 5 minutes idle, or never), a slow table's
DM (at once, or a digest at one of the 24 hours: 25 options, a select's most), and the quiet
hours' start ("no quiet hours" and the 24 hours) and end, in the person's local 24-hour time. The
time zone has no select (some 600 zones): it is the command's ``zone`` option, with
autocomplete; ``quiet_from`` and ``quiet_to`` take any minute (``22:30``), the selects whole
hours.

A select's custom id is ``tn:<field>:<user id>``: a :class:`~discord.ui.DynamicItem`, so a panel
opened before a restart keeps working, and only the person it names may use it. Its values are
absolute (a DM after 2 minutes, quiet from 22:00), so an older panel still sets what it says.
"""

from __future__ import annotations

import re
from dataclasses import replace

import discord

from bot.service.rules.notify import (
    HOWS,
    LIVE_AFTERS,
    NEVER,
    NotifyPrefs,
    clock_text,
    local,
    parse_clock,
    zone_names,
)

from ..kit.errors import Refusal
from ..kit.i18n import N_, _, _n
from ..kit.limits import MAX_CHOICES, MAX_CONTENT, MAX_OPTION_LABEL, MAX_PLACEHOLDER, clip

FIELDS = ("how", "live", "slow", "from", "to")
"""What each select of the panel sets, in display order (the field in its custom id)."""
DAY_MINUTES = 24 * 60
QUIET_SPAN = 9 * 60
"""Quiet hours set from one end only get the other end nine hours away (22:00 to 07:00)."""
OFF = "off"
DIGEST = "digest:"
TYPED_ECHO = 40  # characters of a wrong zone or time said back
CITY_AREAS = frozenset({"Africa", "America", "Antarctica", "Arctic", "Asia", "Atlantic",
                        "Australia", "Europe", "Indian", "Pacific"})
"""The IANA areas whose zones are named after a city (``Europe/Paris``): suggested first."""
NOT_PLACES = frozenset({"Factory", "localtime"})
"""Zone names that are no place anyone lives in: never suggested."""
EXAMPLE_ZONE = "Europe/Paris"
WORLD = ("UTC", "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Madrid", "Europe/Rome",
         "Europe/Moscow", "Africa/Lagos", "Africa/Cairo", "Africa/Johannesburg", "Asia/Dubai",
         "Asia/Kolkata", "Asia/Singapore", "Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo",
         "Australia/Sydney", "Pacific/Auckland", "America/Sao_Paulo", "America/Toronto",
         "America/New_York", "America/Chicago", "America/Mexico_City", "America/Denver",
         "America/Los_Angeles")
"""What the zone's autocomplete offers before anything is typed: a zone of a big city in each
part of the world."""

HOW_CHOICES = {
    "mention": N_("Mention me in the table post"),
    "dm": N_("DM me"),
    "both": N_("Both: a mention and a DM"),
    "none": N_("Nothing: I check my tables myself"),
}
HOW_TEXTS = {
    "mention": N_("a mention in the table post"),
    "dm": N_("a DM"),
    "both": N_("a mention in the table post and a DM"),
    "none": N_("no notification (you check your tables yourself)"),
}


# -- the choices as words ----------------------------------------------------------------------
def live_text(seconds: int) -> str:
    """When a live table's DM comes, as the panel says it."""
    if seconds == NEVER:
        return _("no DM")
    if seconds <= 0:
        return _("a DM at once")
    if seconds % 60 == 0:
        return _n("a DM after {n} minute without playing",
                  "a DM after {n} minutes without playing", seconds // 60)
    return _n("a DM after {n} second without playing",
              "a DM after {n} seconds without playing", seconds)


def slow_text(prefs: NotifyPrefs) -> str:
    if prefs.slow == "digest":
        return _("one DM a day at {time}, listing every table waiting for you",
                 time=clock_text(prefs.digest_hour * 60))
    return _("a DM at once")


def quiet_text(prefs: NotifyPrefs) -> str:
    if not prefs.quiet:
        return _("none")
    assert prefs.quiet_from is not None and prefs.quiet_to is not None
    return _("from {start} to {end}", start=clock_text(prefs.quiet_from),
             end=clock_text(prefs.quiet_to))


def panel_text(prefs: NotifyPrefs, now: float, note: str = "") -> str:
    """The panel's words: every choice in a line, ``note`` on top."""
    lines = [note] if note else []
    lines.append(_("**Your notifications** (in every server; only you see this panel)"))
    lines.append(_("• **Your turn**: {how}.", how=_(HOW_TEXTS[prefs.how])))
    lines.append(_("• **Live tables** (a few minutes a move): {live}.",
                   live=live_text(prefs.live_after)))
    lines.append(_("• **Slow tables** (about a day a move, or no clock): {slow}.",
                   slow=slow_text(prefs)))
    if not prefs.dms:
        lines.append(_("-# You chose no DM: these two apply once you choose one."))
    lines.append(_("• **Quiet hours** (your time): {quiet}.", quiet=quiet_text(prefs)))
    if prefs.quiet:
        lines.append(_("-# No mention and no DM then: what was held back comes in one message "
                       "when they end."))
    lines.append(_("-# Quiet hours hold notifications, never the clock: your time at a table "
                   "keeps running."))
    lines.append(_("• **Time zone**: {zone} (it is {time} there now). To change it, type "
                   "`/notifications zone:` and the name of your city.", zone=prefs.zone,
                   time=local(prefs, now).strftime("%H:%M")))
    return clip("\n".join(lines), MAX_CONTENT)


# -- the selects -------------------------------------------------------------------------------
def hours(label: str) -> list[tuple[str, str]]:
    """(label, value) for each whole hour of the day, ``label`` with ``{time}`` in it."""
    return [(_(label, time=clock_text(hour * 60)), str(hour * 60)) for hour in range(24)]


def select_options(prefs: NotifyPrefs, field: str) -> list[tuple[str, str, bool]]:
    """(label, value, is the current choice) of the select setting ``field``."""
    if field == "how":
        choices = [(_(HOW_CHOICES[how]), how) for how in HOWS]
        current = prefs.how
    elif field == "live":
        choices = [(_("Never DM me at live tables") if seconds == NEVER else
                    _n("DM me after {n} minute idle", "DM me after {n} minutes idle",
                       seconds // 60), str(seconds)) for seconds in LIVE_AFTERS]
        current = str(prefs.live_after)
    elif field == "slow":
        choices = [(_("DM me at once"), "now")] + [
            (_("One digest DM a day at {time}", time=clock_text(hour * 60)), f"{DIGEST}{hour}")
            for hour in range(24)]
        current = "now" if prefs.slow != "digest" else f"{DIGEST}{prefs.digest_hour}"
    elif field == "from":
        choices = [(_("No quiet hours"), OFF), *hours(N_("Quiet hours from {time}"))]
        current = str(prefs.quiet_from) if prefs.quiet else OFF
    else:
        choices = hours(N_("Quiet hours until {time}"))
        current = str(prefs.quiet_to) if prefs.quiet else ""
    return [(clip(label, MAX_OPTION_LABEL), value, value == current)
            for label, value in choices[:MAX_CHOICES]]


def placeholder(prefs: NotifyPrefs, field: str) -> str:
    """What a select shows while none of its options is the current choice (a live DM after 90
    seconds set by the owner, quiet hours at 22:30 typed in the command)."""
    if field == "how":
        text = _("How “your turn” reaches you")
    elif field == "live":
        text = _("Live tables: {live}", live=live_text(prefs.live_after))
    elif field == "slow":
        text = _("Slow tables: {slow}", slow=slow_text(prefs))
    elif field == "from":
        text = (_("Quiet hours from {time}", time=clock_text(prefs.quiet_from))
                if prefs.quiet and prefs.quiet_from is not None else _("Quiet hours start…"))
    else:
        text = (_("Quiet hours until {time}", time=clock_text(prefs.quiet_to))
                if prefs.quiet and prefs.quiet_to is not None else _("Quiet hours end…"))
    return clip(text, MAX_PLACEHOLDER)


def options_of(prefs: NotifyPrefs, field: str) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=label, value=value, default=current)
            for label, value, current in select_options(prefs, field)]


# -- changing the choices ------------------------------------------------------------------------
def with_quiet(prefs: NotifyPrefs, start: int | None, end: int | None) -> NotifyPrefs:
    """Quiet hours from ``start`` to ``end`` (minutes after local midnight; None keeps that end
    as it is, or puts it nine hours from the other when there were none); refused with a
    sentence when both ends come out the same."""
    if start is None:
        start = prefs.quiet_from if prefs.quiet else None
    if end is None:
        end = prefs.quiet_to if prefs.quiet else None
    if start is None and end is not None:
        start = (end - QUIET_SPAN) % DAY_MINUTES
    if end is None and start is not None:
        end = (start + QUIET_SPAN) % DAY_MINUTES
    if start == end:
        raise Refusal(_("Quiet hours cannot start and end at the same time: pick another time, "
                        "or “No quiet hours”."))
    return replace(prefs, quiet_from=start, quiet_to=end)


def _minute(value: str) -> int | None:
    return int(value) if value.isdigit() and int(value) < DAY_MINUTES else None


def chosen(prefs: NotifyPrefs, field: str, value: str) -> NotifyPrefs | None:
    """The choices once ``value`` is picked in the select setting ``field`` (None: no option of
    that select has this value; a refusal: quiet hours ending as they start)."""
    if field == "how":
        return replace(prefs, how=value) if value in HOWS else None
    if field == "live":
        seconds = next((s for s in LIVE_AFTERS if str(s) == value), None)
        return None if seconds is None else replace(prefs, live_after=seconds)
    if field == "slow":
        if value == "now":
            return replace(prefs, slow="now")
        digest = re.fullmatch(rf"{DIGEST}(\d{{1,2}})", value)
        if digest is None or int(digest[1]) >= 24:
            return None
        return replace(prefs, slow="digest", digest_hour=int(digest[1]))
    if field == "from" and value == OFF:
        return replace(prefs, quiet_from=None, quiet_to=None)
    minute = _minute(value)
    if minute is None or field not in ("from", "to"):
        return None
    return with_quiet(prefs, minute, None) if field == "from" else with_quiet(prefs, None, minute)


def with_dms(prefs: NotifyPrefs, enabled: bool) -> NotifyPrefs:
    """/dms ``enabled``: the choices with a DM added to how "your turn" reaches them (a mention
    becomes both, nothing a DM), or taken away (both becomes a mention, a DM nothing)."""
    if enabled:
        how = {"mention": "both", "none": "dm"}.get(prefs.how, prefs.how)
    else:
        how = {"both": "mention", "dm": "none"}.get(prefs.how, prefs.how)
    return replace(prefs, how=how)


def _key(text: str) -> str:
    return text.strip().lower().replace(" ", "_")


def zone_named(typed: str) -> str | None:
    """The IANA zone ``typed`` names (in any case, spaces for underscores), else None."""
    key = _key(typed)
    return next((zone for zone in zone_names() if zone.lower() == key), None)


def zone_suggestions(typed: str) -> list[str]:
    """Up to 25 zones whose name holds what was typed (any case, any part): those whose city
    begins with it first, then those whose city holds it, then the rest; in each, the city
    zones (``Asia/Tokyo``) before the other names (``Japan``). Nothing typed: :data:`WORLD`."""
    needle = _key(typed)
    if not needle:
        return [zone for zone in WORLD if zone in zone_names()]
    ranked = []
    for zone in zone_names():
        name = zone.lower()
        if zone in NOT_PLACES or needle not in name:
            continue
        city = name.rsplit("/", 1)[-1]
        closeness = 0 if city.startswith(needle) else 1 if needle in city else 2
        is_city = "/" in zone and zone.split("/", 1)[0] in CITY_AREAS
        ranked.append((closeness, not is_city, zone))
    return [zone for *_rank, zone in sorted(ranked)][:MAX_CHOICES]


def zone_choice(zone: str, now: float) -> str:
    """An autocomplete choice's name: the zone and its local time now."""
    time = local(NotifyPrefs(zone=zone), now).strftime("%H:%M")
    return clip(_("{zone} (it is {time} there)", zone=zone.replace("_", " "), time=time),
                MAX_OPTION_LABEL)


def required_zone(typed: str) -> str:
    """The zone ``typed`` names; a refusal naming an example when it names none."""
    zone = zone_named(typed)
    if zone is not None:
        return zone
    close = zone_suggestions(typed)
    raise Refusal(_("I don't know the time zone “{typed}”. Pick one of the names suggested as "
                    "you type, e.g. {example}.", typed=clip(typed.strip(), TYPED_ECHO),
                    example=close[0] if close else EXAMPLE_ZONE))


def required_time(typed: str) -> int:
    """Minutes after midnight of a typed time; a refusal when it is none."""
    minutes = parse_clock(typed)
    if minutes is None:
        raise Refusal(_("“{typed}” is not a time: write it on the 24-hour clock, e.g. 22:00 or "
                        "7:30.", typed=clip(typed.strip(), TYPED_ECHO)))
    return minutes


def with_options(prefs: NotifyPrefs, zone: str | None, quiet_from: str | None,
                 quiet_to: str | None) -> NotifyPrefs:
    """The choices with the command's options applied (each refused with a sentence when it is
    not a zone or a time; then nothing changes)."""
    if zone is not None:
        prefs = replace(prefs, zone=required_zone(zone))
    start = required_time(quiet_from) if quiet_from is not None else None
    end = required_time(quiet_to) if quiet_to is not None else None
    if start is not None or end is not None:
        prefs = with_quiet(prefs, start, end)
    return prefs
