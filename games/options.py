"""Table options as a game declares them (:class:`Option`), and how each kind of value is read
from what people type and records hold."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .echo import echo
from .text import say


class BadOptions(ValueError):
    """Options or player count a game cannot be set up with; the message names the option."""



OptionKind = Literal["choice", "yesno", "seat", "number"]


@dataclass(frozen=True)
class Option:
    """A table option as a game declares it; the Discord command, the lobby settings, ``/rules``
    and the records are all built from these declarations (the bot names no option itself).

    ``kind`` (derived when empty): ``choice`` (one of ``choices``), ``yesno`` (a bool),
    ``seat`` (a seat number, 1 to the player count) or ``number`` (``minimum``..``maximum``).
    ``label`` is the short name people read ("First player"); ``unset`` says what no value
    means for an option whose default is None ("drawn at random"); ``choice_texts`` how people
    read each of ``choices`` (``{"coop": say("cooperative")}``; a value without one reads as
    itself).
    """

    name: str
    choices: tuple[str, ...] | None
    default: Any
    description: str
    kind: OptionKind | Literal[""] = ""
    label: str = ""
    minimum: int | None = None
    maximum: int | None = None
    unset: str = ""
    choice_texts: Mapping[str, str] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.kind:
            object.__setattr__(self, "kind", "choice" if self.choices else "seat")
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())

    def normalize(self, value: Any, players: int) -> Any:
        """``value`` as stored (str, bool or int), or :class:`BadOptions` naming the option."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if self.kind == "choice":
            text = str(value).strip().lower()
            if text not in (self.choices or ()):
                raise BadOptions(say(
                    "Option '{name}' must be one of {choices}, not '{value}'.", name=self.name,
                    choices=", ".join(self.choices or ()), value=echo(text)))
            return text
        if self.kind == "yesno":
            return yes_no(self.name, value)
        if self.kind == "seat":
            return seat_option(self.name, value, players)
        return number_option(self.name, value, self.minimum, self.maximum)

    def value_text(self, value: Any) -> str:
        """How people read a stored value: "yes", "3", "drawn at random"."""
        if value is None:
            return self.unset or say("default")
        if self.kind == "yesno":
            return say("yes") if value else say("no")
        if self.choice_texts and value in self.choice_texts:
            return self.choice_texts[value]
        return str(value)


FIRST_OPTION = Option(
    "first", None, None,
    say("The seat number that plays first (default: drawn at random)."),
    kind="seat", label=say("First player"), unset=say("drawn at random"),
)
"""The ``first`` option every game offers (a record fixes the first seat with it)."""


def seat_option(name: str, value: Any, players: int) -> int:
    """An option that names a seat (``first``, ``corsair``): a number from 1 to ``players``."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadOptions(say("Option '{name}' must be a seat number, not '{value}'.", name=name,
                             value=echo(value))) from None
    if not 1 <= number <= players:
        raise BadOptions(say("Option '{name}' must be a seat from 1 to {players}, not {value}.",
                             name=name, players=players, value=echo(number)))
    return number


def yes_no(name: str, value: Any) -> bool:
    """A yes/no option from a bool or the words people and records use."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise BadOptions(say("Option '{name}' must be yes or no, not '{value}'.", name=name,
                         value=echo(value)))


def number_option(name: str, value: Any, low: int | None, high: int | None) -> int:
    """A whole-number option within its declared bounds."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadOptions(say("Option '{name}' must be a whole number, not '{value}'.", name=name,
                             value=echo(value))) from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise BadOptions(say("Option '{name}' must be from {low} to {high}, not {value}.",
                             name=name, low=low, high=high, value=echo(number)))
    return number
