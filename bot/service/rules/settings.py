"""Table options as the lobby shows and changes them, built from the game's declarations only
(the bot knows no option by name): what is in force, what the lobby's owner may pick, and the
change."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import BadOptions, Game, Option, echo
from games.text import say

from ...storage.rows import TableRow
from .. import errors
from ..results import Setting
from . import hints, speed, vacation

UNBOUNDED_SPAN = 25  # values offered for a number option declared without a maximum


def current(opt: Option, options: Mapping[str, Any]) -> Any:
    """The value in force: the one chosen, else the declared default."""
    value = options.get(opt.name)
    return opt.default if value is None else value


def select_value(value: Any) -> str:
    """A stored value as a select value ("" for none, "true"/"false" for yes/no)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).lower() if isinstance(value, str) else str(value)


def choices(opt: Option, seats: int) -> list[tuple[str, str]]:
    """(select value, text) of every value the option may take with ``seats`` seats at most."""
    if opt.kind == "choice":
        return [(c, opt.value_text(c)) for c in opt.choices or ()]
    if opt.kind == "yesno":
        return [("true", say("yes")), ("false", say("no"))]
    if opt.kind == "seat":
        none = [("", opt.unset or say("default"))] if opt.default is None else []
        return none + [(str(s), say("seat {n}", n=s)) for s in range(1, seats + 1)]
    low = opt.minimum if opt.minimum is not None else 0
    high = opt.maximum if opt.maximum is not None else low + UNBOUNDED_SPAN - 1
    # every value: how many one select shows is the adapter's business (Discord's limit)
    return [(str(n), str(n)) for n in range(low, high + 1)]


def settings(game: Game, options: Mapping[str, Any]) -> list[Setting]:
    """The options that apply with these values, as the lobby's Settings panel offers them."""
    seats = game.player_range(options)[1]
    out = []
    for opt in game.active_options(options):
        value = current(opt, options)
        out.append(Setting(
            name=opt.name, label=opt.label, description=opt.description,
            value=select_value(value), value_text=opt.value_text(value),
            choices=choices(opt, seats),
        ))
    return out


def option_texts(game: Game, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(label, value text) of the options in force, for the lobby post."""
    return [(opt.label, opt.value_text(current(opt, options)))
            for opt in game.active_options(options)]


def check_options(game: Game, options: Mapping[str, Any]) -> None:
    """Refuse options no player count could use (the count itself is checked at start).

    The refusal is the game's sentence for a full table: at the largest count every seat
    exists, so it names the option at fault ("a seat from 1 to 4, not 5") rather than the
    lobby's size, which is still growing."""
    largest_error: BadOptions | None = None
    low, high = game.player_range(options)
    for players in range(max(high, low), low - 1, -1):
        try:
            game.normalize_options(players, options)
            return
        except BadOptions as exc:
            largest_error = largest_error or exc
    raise errors.BadTableOptions(errors.said(largest_error) if largest_error else say(
        "{game} cannot be set up like that.", game=game.name))


def changed(game: Game, row: TableRow, name: str, value: str) -> TableRow:
    """The lobby row with option ``name`` set to ``value`` ("" = back to the default). Options
    that stop applying (a mode's own options when the mode changes) are dropped; a value the
    seated players do not fit is refused with the reason. The table speed, hints and vacation
    (not game options) are set here too."""
    if name == speed.SPEED_SETTING:
        return speed.with_speed(row, value)
    if name == hints.HINTS_SETTING:
        return hints.with_hints(row, value)
    if name == vacation.VACATION_SETTING:
        return vacation.with_vacation(row, value)
    active = {o.name: o for o in game.active_options(row.options)}
    opt = active.get(name)
    if opt is None:
        raise errors.BadTableOptions(say("{game} has no setting '{name}' at this table now.",
                                         game=game.name, name=echo(name)))
    options = dict(row.options)
    try:
        stored = opt.normalize(value, game.max_players)
    except BadOptions as exc:
        raise errors.BadTableOptions(errors.said(exc)) from None
    if stored is None:
        options.pop(name, None)
    else:
        options[name] = stored
    still = {o.name for o in game.active_options(options)}
    options = {k: v for k, v in options.items() if k in still}
    check_options(game, options)
    low, high = game.player_range(options)
    if len(row.seats) > high:
        raise errors.TableFull(say(
            "{seated} players are seated, but with {option} {value} the table has room for "
            "{high}. Someone has to leave first.", seated=len(row.seats), option=opt.label,
            value=opt.value_text(stored), high=high))
    return replace(row, options=options, version=row.version + 1)
