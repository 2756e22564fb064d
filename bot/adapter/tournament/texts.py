"""The words of a tournament: its post (the sign-up, the round, the standings as text, the
podium), the names of its formats and fills, a table thread's name, and what ``/tournament
create`` reads from what the organiser typed (the start time, the game's options).

Pure functions of the service's :class:`~bot.service.tournaments.TournamentInfo` and plain
values, in the current language (the caller sets the server's for a public post)."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import Any
from zoneinfo import ZoneInfo

from babel.numbers import format_decimal

from bot.service.results import StandingLine, TournamentInfo
from bot.service.rules.speed import SPEED_TEXTS
from bot.service.rules.tournament import DAY, FORMAT_NAMES, START_WITHIN
from bot.service.rules.tournament_model import BYE, COMPUTER
from games import Game

from ..kit.errors import Refusal
from ..kit.i18n import N_, _, _n, current, shown, translate
from ..kit.limits import MAX_CONTENT, clip

FILL_CHOICES = {BYE: N_("A bye (a win's points)"), COMPUTER: N_("A computer seat")}
"""What fills an incomplete table, as ``/tournament create`` offers it."""
MEDALS = ("🥇", "🥈", "🥉")
KEPT_STANDINGS = 10
"""Standings lines a post too long for Discord keeps before it shortens the round's tables."""
TYPED_ECHO = 40  # characters of a wrong start time or option said back
IN = re.compile(r"^(in|dans)?\s*(\d{1,4})\s*(m|min|mins|minutes?|h|hours?|heures?)$", re.I)
CLOCK = re.compile(r"^(\d{1,2})\s*(?::|h)\s*(\d{2})?$", re.I)
PAIR = re.compile(r"([\w-]+)\s*[=:]\s*([^\s,;]+)")
YES = ("yes", "y", "true", "on", "1", "oui", "vrai")
NO = ("no", "n", "false", "off", "0", "non", "faux")


# -- what the organiser typed ------------------------------------------------------------------
def start_help() -> str:
    """What the ``start`` option accepts."""
    return _("Write the start as “in 30 minutes”, a time of day such as “20:00” (your time "
             "zone from /notifications), or a date and time such as “2026-12-24 20:00”; leave "
             "it out to start when you press **Start**.")


def parse_start(typed: str, now: float, zone: str) -> float:
    """The moment ``typed`` names (epoch seconds): "in 30 minutes" (or "30 min", "2 h",
    "dans 2 heures"), "20:00" (today, or tomorrow once passed, in ``zone``), or an ISO date and
    time ("2026-12-24 20:00", in ``zone`` unless it gives its offset). A refusal, saying what is
    accepted, for anything else or a moment past or further away than the service allows
    (:data:`~bot.service.rules.tournament.START_WITHIN`)."""
    text = typed.strip()
    tz = ZoneInfo(zone)
    when: float | None = None
    relative = IN.match(text)
    if relative and (relative[1] or relative[3].lower() != "h"):  # "20h" is a time of day
        amount = int(relative[2])
        when = now + amount * (3600 if relative[3].lower()[0] in "h" else 60)
    elif match := CLOCK.match(text):
        hour, minute = int(match[1]), int(match[2] or 0)
        if hour < 24 and minute < 60:
            local = dt.datetime.fromtimestamp(now, tz)
            moment = local.replace(hour=hour, minute=minute, second=0, microsecond=0)
            if moment.timestamp() <= now:
                moment = (local + dt.timedelta(days=1)).replace(hour=hour, minute=minute,
                                                                second=0, microsecond=0)
            when = moment.timestamp()
    else:
        try:
            moment = dt.datetime.fromisoformat(text)
        except ValueError:
            moment = None
        if moment is not None:
            when = (moment if moment.tzinfo else moment.replace(tzinfo=tz)).timestamp()
    if when is None:
        raise Refusal(_("I can't read “{typed}” as a start time.",
                        typed=clip(text, TYPED_ECHO)) + " " + start_help())
    if when <= now or when > now + START_WITHIN:
        raise Refusal(_("The start must be in the future, and at most {days} days away: "
                        "<t:{when}:f> is not.", days=int(START_WITHIN // DAY), when=int(when)))
    return when


def _value(game: Game, name: str, raw: str) -> Any:
    option = next(o for o in game.options if o.name == name)
    if option.kind == "yesno":
        if raw.lower() in YES:
            return True
        if raw.lower() in NO:
            return False
        return raw
    if option.kind in ("number", "seat"):
        return int(raw) if re.fullmatch(r"-?\d{1,6}", raw) else raw
    return raw


def parse_options(game: Game, typed: str | None) -> dict[str, Any]:
    """The game's options from ``name=value`` pairs ("rounds=1 deck=high"), each value as its
    option's kind reads it; the game checks the values themselves. A refusal naming the game's
    options for a name it does not have or text that is no pair."""
    if not typed or not typed.strip():
        return {}
    names = [o.name for o in game.options]
    pairs = PAIR.findall(typed)
    leftover = PAIR.sub("", typed).replace(",", " ").replace(";", " ").strip()
    unknown = [name for name, _raw in pairs if name not in names]
    if leftover or unknown or not pairs:
        raise Refusal(_("Write the options as name=value pairs, e.g. “{example}”. {game}'s "
                        "options: {names}.", example=option_example(game), game=game.name,
                        names=", ".join(names) or _("none")))
    return {name: _value(game, name, raw) for name, raw in pairs}


def option_pairs(game: Game) -> list[str]:
    """``name=value`` of each of the game's options, at its default ("rounds=2", "bonus=no";
    an option without a default: its first choice, or none when it has no choices)."""
    pairs = []
    for option in game.options:
        value = option.default
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif value is None and option.choices:
            value = option.choices[0]
        if value is not None:
            pairs.append(f"{option.name}={value}")
    return pairs


def option_example(game: Game) -> str:
    """``name=value`` of the game's first option, at its default ("rounds=2")."""
    return next(iter(option_pairs(game)), "name=value")


def option_suggestions(game: Game, typed: str) -> list[str]:
    """What the ``options`` autocomplete offers: what was typed, then it with one more of the
    game's options at its default (those not typed yet)."""
    typed = typed.strip()
    named = {name for name, _value in PAIR.findall(typed)}
    more = [f"{typed} {pair}".strip() for pair in option_pairs(game)
            if pair.split("=")[0] not in named]
    return ([typed] if typed else []) + more


# -- the post --------------------------------------------------------------------------------
def points_text(points: float) -> str:
    """Points as the reader writes numbers: 2, 2.5 (2,5 in French), 0.25; shared places give
    halves and quarters (plain digits: the standings image draws no "½")."""
    return format_decimal(round(points, 2), locale=current())


def format_line(info: TournamentInfo) -> str:
    """"Swiss · 3 rounds · tables of 2 · live (a few minutes a move) · rated"."""
    parts = [_(FORMAT_NAMES.get(info.format, info.format))]  # the service's (host catalog)
    if info.rounds:
        parts.append(_n("{n} round", "{n} rounds", info.rounds))
    parts.append(_("tables of {n}", n=info.seats))
    parts.append(shown(SPEED_TEXTS.get(info.speed, info.speed)))
    parts.append(_("rated") if info.rated else _("not rated"))
    line = " · ".join(parts)
    return line[:1].upper() + line[1:]  # the format's name is lowercase inside a sentence


def fill_line(info: TournamentInfo) -> str:
    if info.fill == COMPUTER:
        return _("An incomplete table gets a computer seat (it scores nothing).")
    return _("When the players do not fill the last table, who is left over gets a bye: a "
             "win's points.")


def standings_columns(tiebreaks: Sequence[Any]) -> tuple[str, ...]:
    """The standings' header, translated: place, name, points, each tie-break, games."""
    return (_("Place"), _("Player"), _("Points"), *(translate(t) for t in tiebreaks), _("Games"))


def player_name(line: StandingLine) -> str:
    """A standing line's name, marked when the player withdrew."""
    name = shown(line.name)
    return _("{name} (withdrawn)", name=name) if line.withdrawn else name


def standings_rows(info: TournamentInfo) -> tuple[tuple[str, ...], ...]:
    """One row of words per standing line."""
    return tuple((str(line.place), player_name(line), points_text(line.points),
                  *(points_text(t) for t in line.tiebreaks), str(line.played))
                 for line in info.standings)


def standings_lines(info: TournamentInfo) -> list[str]:
    """The standings as text, a line a player: "1. **Alice** · Points 2 · Buchholz 1 · 2 games"
    (each number after its label: no "1 pts", whatever the language's plural)."""
    tiebreaks = [translate(t) for t in info.tiebreaks]
    lines = []
    for line in info.standings:
        breaks = " · ".join(f"{label} {points_text(value)}"
                            for label, value in zip(tiebreaks, line.tiebreaks, strict=False))
        games = _n("{n} game", "{n} games", line.played)
        points = _("Points {points}", points=points_text(line.points))
        lines.append(" · ".join(part for part in (f"{line.place}. **{player_name(line)}**",
                                                  points, breaks, games) if part))
    return lines


def fitted(lines: list[str], tables: list[str], middle: list[str], standings: list[str]) -> str:
    """``lines``, the round's ``tables``, ``middle`` and the ``standings`` as one text within
    Discord's 2,000 characters: the standings give way first down to their top
    :data:`KEPT_STANDINGS` lines (a line says how many more the image shows), then the last
    tables (a line counts them), then the rest of the standings."""
    kept, room = len(standings), len(tables)

    def text() -> str:
        shown_tables = tables[:room]
        if room < len(tables):
            shown_tables.append(_n("… and {n} more table.", "… and {n} more tables.",
                                   len(tables) - room))
        shown_standings = standings[:kept]
        if kept < len(standings):
            shown_standings.append(_n("… and {n} more: the image shows everyone.",
                                      "… and {n} more: the image shows everyone.",
                                      len(standings) - kept))
        return "\n".join([*lines, *shown_tables, *middle, *shown_standings])

    while kept > KEPT_STANDINGS and len(text()) > MAX_CONTENT:
        kept -= 1
    while room and len(text()) > MAX_CONTENT:
        room -= 1
    while kept and len(text()) > MAX_CONTENT:
        kept -= 1
    return clip(text(), MAX_CONTENT)


def podium_text(info: TournamentInfo) -> str:
    """"🥇 Alice · 🥈 Bob · 🥉 Carol" (shared places share a medal)."""
    return " · ".join(f"{MEDALS[min(line.place, 3) - 1]} {shown(line.name)}"
                      for line in info.podium if line.place <= 3)


def thread_name(round_no: int, table_no: int) -> str:
    """A table's thread: "Round 2 · Table 3"."""
    return _("Round {round} · Table {table}", round=round_no, table=table_no)


def table_line(table: Any) -> str:
    """"Table 3: Alice, Bob · <#thread>" (✅ once ended)."""
    names = ", ".join(shown(n) for n in table.names)
    where = f" · <#{table.channel_id}>" if table.channel_id else ""
    mark = " ✅" if table.ended else ""
    return _("Table {table}: {names}", table=table.table, names=names) + where + mark


def round_text(info: TournamentInfo) -> str:
    """"Round 2 of 3"."""
    return _("Round {round} of {rounds}", round=info.round, rounds=info.rounds or info.round)


def tournament_text(info: TournamentInfo, missing: Sequence[str] = ()) -> str:
    """The tournament post: what it is, who plays, and as it runs the round, its tables and the
    standings; at the end the podium. ``missing``: the permissions (Discord's English names) the
    bot lacks to open the round's tables, said to the organiser."""
    head = _("🏆 **{game} tournament** organised by {owner}", game=shown(info.game_name),
             owner=shown(info.owner_name))
    lines = [head, format_line(info)]
    if info.option_texts:
        lines.append(_("Options: {opts}", opts=" · ".join(
            _("{label}: {value}", label=shown(label), value=shown(value))
            for label, value in info.option_texts)))
    status = info.status
    if status == "signup":
        lines.append(fill_line(info))
        if info.start_at:
            lines.append(_("Starts <t:{at}:f> (<t:{at}:R>).", at=int(info.start_at)))
        else:
            lines.append(_("Starts when the organiser presses **Start**."))
        players = [shown(p.name) for p in info.players if not p.withdrawn]
        lines.append(_n("**{n} player**: {names}", "**{n} players**: {names}", len(players),
                        names=", ".join(players) or "—"))
        lines.append(_("Press **Join** to play, **Leave** to change your mind."))
    elif status == "cancelled":
        lines.append(_("This tournament was cancelled."))
    else:
        tables: list[str] = []
        middle: list[str] = []
        played = any(line.played for line in info.standings)
        if status == "finished":
            lines.append(_("**Final standings**"))
            if info.podium:
                lines.append(podium_text(info))
        else:
            lines.append(f"**{round_text(info)}**")
            if info.round_deadline:
                lines.append(_("Unfinished tables are decided at <t:{at}:f> (<t:{at}:R>).",
                               at=int(info.round_deadline)))
            if missing:
                lines.append(_("⚠️ I can't open this round's tables: I'm missing {perms} in "
                               "<#{channel}>. They open as soon as a server admin grants it.",
                               perms=", ".join(_(name) for name in missing),
                               channel=info.channel_id))
            tables = [table_line(t) for t in info.tables]
            if info.byes:
                middle.append(_("Bye: {names}", names=", ".join(
                    shown(info.name_of(user_id)) for user_id in info.byes)))
            if played:
                middle.append(_("**Standings**"))
        return fitted(lines, tables, middle, standings_lines(info) if played else [])
    return clip("\n".join(lines), MAX_CONTENT)
