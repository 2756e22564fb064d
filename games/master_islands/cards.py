"""Cards and every rule decision that is a number (MI-1, MI-3, MI-14, MI-C2, MI-K2, MI-K3).

Keep the decisions here, in one place, so a later edition of the rules can change them.
"""

from __future__ import annotations

from ..text import Text, say

COLOURS: dict[str, Text] = {
    "B": say("blue"), "G": say("green"), "R": say("red"), "Y": say("yellow"),
}
"""MI-1 decision: four colours, each written by its letter (the letter is notation, the colour
name is read in the player's language)."""

VALUE_COUNTS: dict[int, int] = {1: 3, 2: 3, 3: 2, 4: 2, 5: 2}
"""MI-1 decision: per colour, how many cards of each value (12 per colour, 48 in all)."""

HAND_SIZE = 3
"""MI-3 / MI-15: cards dealt to, and drawn back up to by, each card-holding player."""

ALIGNMENT_SUM = 10
"""MI-12: the exact sum of an alignment."""

MIN_ALIGNMENT = 2
"""MI-11 decision: an alignment has at least two cards (no single card is worth 10)."""

WIN_CARDS: dict[int, int] = {2: 12, 3: 10, 4: 8}
"""MI-14: collected cards a player needs to win, by player count."""

TEAM_TARGET = 12
"""MI-C2 and MI-K2: collected cards a team (coop) or the crew (corsair) needs."""

ROUNDS: dict[str, int] = {"easy": 10, "medium": 7, "hard": 4}
"""MI-K2: rounds the crew has, by difficulty."""

CORSAIR_MOVES = 4
"""MI-K3: single-step moves the corsair may make per round."""


def full_deck() -> list[str]:
    """The 48 cards in a fixed order (shuffled by the engine)."""
    return [
        f"{colour}{value}"
        for colour in COLOURS
        for value, count in VALUE_COUNTS.items()
        for _ in range(count)
    ]


def is_card(text: object) -> bool:
    """True for a card in notation: colour letter + value, e.g. ``B4``."""
    return (
        isinstance(text, str)
        and len(text) == 2
        and text[0] in COLOURS
        and text[1] in "0123456789"
        and int(text[1]) in VALUE_COUNTS
    )


def value(card: str) -> int:
    return int(card[1])


def colour(card: str) -> str:
    return card[0]


def label(card: str) -> Text:
    """``B4`` -> ``B4 (blue 4)``: readable, and never colour alone."""
    return say("{card} ({colour} {value})", card=card, colour=COLOURS[card[0]], value=card[1])
