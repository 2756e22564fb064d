"""This edition's cards (MM-2, MM-3, MM-4, MM-6) as one data table.

The printed cards show their dice combinations as pictures the rules text does not carry, so
this list is a reconstruction (docs/rules/maitre-des-mers.md). Another edition is a change of
``CARDS`` (and ``FAMILIES``) only: every other module reads the cards from here.

Ids used in states: a ship is its code, family letter + cargo target (``"C7"``); a goods card
is ``"g<i>"`` and a treasure ``"t<i>"``, ``i`` its index in the stack, top first, at set-up.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..text import N_, Text, say


@dataclass(frozen=True)
class Family:
    """A ship family's words, as catalog templates of the ship's number ``{n}``: one per use,
    because French articles follow the family's gender (la Caravelle, le Galion)."""

    name: str  # "Caravelle {n}": a label, no article
    the: str  # "the Caravelle {n}": inside a sentence


FAMILIES: dict[str, Family] = {
    "C": Family(N_("Caravelle {n}"), N_("the Caravelle {n}")),
    "F": Family(N_("Frégate {n}"), N_("the Frégate {n}")),
    "G": Family(N_("Galion {n}"), N_("the Galion {n}")),
}
"""Family letter -> its words, as labels and logs write them."""

# kind,      letter, number, combination,        power,    map
CARDS: tuple[tuple[str, str, int, str, str, bool], ...] = (
    ("ship", "C", 7, "ship", "", True),
    ("ship", "C", 8, "ship", "", True),
    ("ship", "C", 9, "ship", "", False),
    ("ship", "C", 10, "ship", "", False),
    ("ship", "F", 8, "ship", "", True),
    ("ship", "F", 9, "ship", "", True),
    ("ship", "F", 10, "ship", "", False),
    ("ship", "F", 11, "ship", "", False),
    ("ship", "G", 9, "ship", "", True),
    ("ship", "G", 10, "ship", "", True),
    ("ship", "G", 11, "ship", "", False),
    ("ship", "G", 12, "ship", "", False),
    # goods, stacked in this order, top first (MM-3); number unused
    ("goods", "A", 0, "three of a kind", "flip", False),
    ("goods", "A", 0, "three of a kind", "+1", False),
    ("goods", "A", 0, "three of a kind", "-1", False),
    ("goods", "B", 0, "two pairs", "reroll", False),
    ("goods", "C", 0, "small straight", "die", False),
    ("goods", "D", 0, "full house", "die", False),
    ("goods", "D", 0, "full house", "die", False),
    # treasures, stacked in this order, top first (MM-4); number = points
    ("treasure", "A", 5, "full house", "", False),
    ("treasure", "A", 5, "full house", "", False),
    ("treasure", "B", 6, "small straight", "", False),
    ("treasure", "C", 7, "four of a kind", "", False),
    ("treasure", "D", 8, "five of a kind", "", False),
)
"""Every card: ships (family letter, cargo target, map icon), goods (letter, combination, power:
``flip`` | ``+1`` | ``-1`` | ``reroll`` | ``die``) and treasures (letter, points, combination)."""

BASE_DICE = 5
"""MM-1: the dice every dice action starts with (extra-die goods add to it, MM-15)."""
FIREPOWER_OFFSET = 6
"""MM-2: firepower = cargo target - 6."""
FAMILY_BONUS = 5
"""MM-18: points for a complete family in one fleet."""

POWER_LABELS = {
    "flip": N_("flip a die to 7 − x"),
    "+1": N_("+1 to a die"),
    "-1": N_("−1 to a die"),
    "reroll": N_("reroll a die"),
    "die": N_("one extra die"),
}
"""What each goods power does (catalog templates: ``power_label`` makes the Text)."""
POWER_NAMES = {"flip": N_("flip"), "+1": "+1", "-1": "−1", "reroll": N_("reroll")}
"""A power's short name in a sentence ("the flip power"); +1 and −1 read the same everywhere."""
COMBINATIONS: dict[str, tuple[str, str]] = {
    "ship": (N_("ship, captain and crew"), N_("a ship, a captain and a crew")),
    "three of a kind": (N_("three of a kind"), N_("a three of a kind")),
    "two pairs": (N_("two pairs"), N_("two pairs")),
    "small straight": (N_("small straight"), N_("a small straight")),
    "full house": (N_("full house"), N_("a full house")),
    "four of a kind": (N_("four of a kind"), N_("a four of a kind")),
    "five of a kind": (N_("five of a kind"), N_("a five of a kind")),
}
"""Combination id (``combos.SLOTS``) -> (its name, with an article as a sentence needs it:
"needs a full house", "needs two pairs")."""
USE_POWERS = ("flip", "+1", "-1", "reroll")
"""Powers played with ``use`` (``die`` needs no move, MM-15)."""


@dataclass(frozen=True)
class Ship:
    code: str
    family: str
    target: int
    map: bool

    @property
    def firepower(self) -> int:
        return self.target - FIREPOWER_OFFSET

    @property
    def name(self) -> Text:
        """``Galion 11``: the ship as a label names it."""
        return say(FAMILIES[self.family].name, n=self.target)

    @property
    def the(self) -> Text:
        """``the Galion 11``: the ship inside a sentence."""
        return say(FAMILIES[self.family].the, n=self.target)


@dataclass(frozen=True)
class Goods:
    id: str
    letter: str
    combination: str
    power: str


@dataclass(frozen=True)
class Treasure:
    id: str
    letter: str
    points: int
    combination: str


SHIPS: dict[str, Ship] = {}
GOODS: dict[str, Goods] = {}
TREASURES: dict[str, Treasure] = {}
for _kind, _letter, _number, _combination, _power, _map in CARDS:
    if _kind == "ship":
        _code = f"{_letter}{_number}"
        SHIPS[_code] = Ship(_code, _letter, _number, _map)
    elif _kind == "goods":
        _id = f"g{len(GOODS)}"
        GOODS[_id] = Goods(_id, _letter, _combination, _power)
    else:
        _id = f"t{len(TREASURES)}"
        TREASURES[_id] = Treasure(_id, _letter, _number, _combination)

SHIP_CODES: tuple[str, ...] = tuple(SHIPS)
GOODS_IDS: tuple[str, ...] = tuple(GOODS)
TREASURE_IDS: tuple[str, ...] = tuple(TREASURES)
FAMILY_SIZE: dict[str, int] = {f: sum(1 for s in SHIPS.values() if s.family == f) for f in FAMILIES}


def cargo_json(card: str | None) -> dict[str, object] | None:
    """A goods or treasure id as views write it (docs/views/maitre-des-mers.md), None for no card."""
    if card is None:
        return None
    if card in GOODS:
        g = GOODS[card]
        return {"kind": "goods", "letter": g.letter, "power": g.power}
    t = TREASURES[card]
    return {"kind": "treasure", "letter": t.letter, "points": t.points}


def power_label(power: str) -> Text:
    """``flip a die to 7 − x``: what a goods power does."""
    return say(POWER_LABELS[power])


def power_name(power: str) -> Text | str:
    """``flip``: a power named in a sentence."""
    name = POWER_NAMES.get(power, power)
    return say(name) if name not in ("+1", "−1") else name


def combination_name(combination: str, article: bool = False) -> Text:
    """``full house`` (``a full house`` with ``article``)."""
    return say(COMBINATIONS[combination][1 if article else 0])


def goods_label(letter: str, power: str) -> Text:
    """``goods A (flip a die to 7 − x)``."""
    return say("goods {letter} ({power})", letter=letter, power=power_label(power))


def treasure_label(letter: str, points: int) -> Text:
    """``treasure B (+6)``."""
    return say("treasure {letter} (+{points})", letter=letter, points=points)


def card_label(card: str) -> Text:
    """``goods A (flip a die to 7 − x)`` / ``treasure B (+6)`` / ``Galion 11``."""
    if card in SHIPS:
        return SHIPS[card].name
    if card in GOODS:
        g = GOODS[card]
        return goods_label(g.letter, g.power)
    t = TREASURES[card]
    return treasure_label(t.letter, t.points)
