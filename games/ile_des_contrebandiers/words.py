"""The game's words as translatable Texts (games.text): islands, tiles, sectors, directions,
dice faces and lists of seats. Sentences elsewhere take these as fields, never glued strings,
so French can put them where its grammar wants them.
"""

from __future__ import annotations

from ..text import Text, say, say_n
from ..text import seat as player
from .board import LETTERS

ISLANDS: tuple[Text, ...] = (
    say("Gem Island"), say("Coin Island"), say("Jewel Island"), say("Vase Island"),
    say("Barrel Island"),
)
"""Island k as a sentence names it (the view keeps the code words ``gems`` … ``barrels``)."""

CLOCKWISE = say("clockwise")
COUNTER_CLOCKWISE = say("counter-clockwise")

YELLOW: dict[str, Text] = {
    "cw2": say("lighthouse 2 clockwise"), "cw3": say("lighthouse 3 clockwise"),
    "ccw2": say("lighthouse 2 counter-clockwise"), "ccw3": say("lighthouse 3 counter-clockwise"),
    "any2": say("lighthouse 2 either way"), "sleep": say("the keeper sleeps"),
}
"""The yellow lighthouse die's faces in words (IC-8)."""


def island(k: int) -> Text:
    return ISLANDS[k]


def way(direction: int) -> Text:
    """``clockwise`` for +1, ``counter-clockwise`` for -1."""
    return CLOCKWISE if direction > 0 else COUNTER_CLOCKWISE


def sector(number: int) -> Text:
    """``sector c``: the lit sector as a sentence names it."""
    return say("sector {letter}", letter=LETTERS[number])


def points(n: int) -> Text:
    return say_n("{n} point", "{n} points", n)


def tile(destination: int, worth: int) -> Text:
    """A tile's hidden side in words: ``Jewel Island (2 points)``."""
    return say("{island} ({points})", island=island(destination), points=points(worth))


def seats(numbers: list[int]) -> Text:
    """``Seat 1``, ``Seat 1 and Seat 3``, ``Seat 1, Seat 2 and Seat 3`` (1 to 4 seats): each a
    ``seat(n)`` field the host can name."""
    who = [player(n) for n in numbers]
    if len(who) == 1:
        return who[0]
    if len(who) == 2:
        return say("{a} and {b}", a=who[0], b=who[1])
    if len(who) == 3:
        return say("{a}, {b} and {c}", a=who[0], b=who[1], c=who[2])
    return say("{a}, {b}, {c} and {d}", a=who[0], b=who[1], c=who[2], d=who[3])
