"""Helpers for the Master Islands tests (no tests here): small records and laid-out positions."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games import get_game
from games.master_islands import flow
from games.master_islands.cards import full_deck

GAME = get_game("master-islands")

FILLER = ["Y1", "Y2", "Y3", "R1", "R2", "R3", "G1", "G2", "G3", "B1", "B2", "B3"] * 4


HANDS = [["B1", "G2", "R3"], ["B1", "G2", "R3"], ["B1", "G2", "Y3"], ["Y1", "Y2", "B3"]]
"""Default hands per card-holding seat (the 48-card deck has only two R3)."""


def deck(*hands: list[str], start: str = "Y5", pile: list[str] | None = None) -> list[str]:
    """A setup deck: the hands in dealing order, the start card, then the pile. Without a pile,
    the rest of the 48 cards: low ones in FILLER order first (few alignments), 4s and 5s last."""
    out = [c for hand in hands for c in hand] + [start]
    if pile is not None:
        return out + list(pile)
    left = Counter(full_deck()) - Counter(out)
    rest = []
    for card in FILLER + full_deck():
        if left[card]:
            left[card] -= 1
            rest.append(card)
    return out + rest


def new(
    players: int = 2,
    hands: list[list[str]] | None = None,
    *,
    start: str = "Y5",
    pile: list[str] | None = None,
    first: int = 1,
    **options: Any,
) -> dict[str, Any]:
    """A fresh game from a fixed deck (default hands: filler cards)."""
    if hands is None:
        holders = players - (1 if options.get("mode") == "corsair" else 0)
        hands = HANDS[:holders]
    setup = {"deck": deck(*hands, start=start, pile=pile)}
    return GAME.new(players, {"first": first, **options}, 0, setup)


def play(state: dict[str, Any], *moves: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Apply moves, each by the seat to move; the last state and all events."""
    events: list[dict[str, Any]] = []
    for move in moves:
        seat = GAME.to_move(state)[0]
        state, ev = GAME.apply(state, seat, move)
        events += ev
    return state, events


def texts(events: list[dict[str, Any]]) -> str:
    return "\n".join(e["text"] for e in events)


def laid_out(
    state: dict[str, Any],
    cards: dict[tuple[int, int], str],
    galleons: dict[int, list[tuple[int, int]]] | None = None,
    hands: dict[int, list[str]] | None = None,
) -> dict[str, Any]:
    """The same game with the map, some galleons and some hands replaced (a position a record
    would need many turns to reach). The Discovery of the seat to move restarts."""
    st = dict(state)
    st["map"] = [[x, y, c] for (x, y), c in cards.items()]
    st["galleons"] = [list(map(list, g)) for g in state["galleons"]]
    for seat, pos in (galleons or {}).items():
        st["galleons"][seat - 1] = [list(p) for p in pos]
    st["hands"] = [list(h) for h in state["hands"]]
    for seat, hand in (hands or {}).items():
        st["hands"][seat - 1] = list(hand)
    flow.begin_discovery(st, [])
    return st


def at_conquest(
    state: dict[str, Any],
    cards: dict[tuple[int, int], str],
    galleons: dict[int, list[tuple[int, int]]] | None = None,
) -> dict[str, Any]:
    """The seat to move, right at its Conquest with this map (MI-17 applies: no alignment,
    no question, so the state may already have moved on)."""
    st = laid_out(state, cards, galleons)
    st["placed"] = st["sailed"] = True
    flow.begin_conquest(st, [])
    return st
