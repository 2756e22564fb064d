"""MI-11..13: find every alignment (cards on one line, galleon-free, summing to exactly 10).

Exact and fast: cards are grouped per line (rows, columns, both diagonals), then a subset-sum
search with pruning runs per line. Values are at most 5, so subsets stay small. The search is
bounded whatever the map holds (``SEARCH_STEPS``, ``MAX_ALIGNMENTS``): a line of 20 cards already
has thousands of alignments, so a listing stops at the bound (``alignment_error`` still checks any
alignment a player names, listed or not).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..text import Text, say
from .cards import ALIGNMENT_SUM, MIN_ALIGNMENT, value

Pos = tuple[int, int]

# Line families: a key function giving the line a position lies on, and a label.
ROW, COLUMN, DIAG_DOWN, DIAG_UP = 0, 1, 2, 3

MAX_ALIGNMENTS = 2_000
"""At most this many alignments are listed (a real game rarely has ten at once)."""

SEARCH_STEPS = 200_000
"""At most this many search steps per listing, so ``legal`` stays fast on any position."""


def _line_keys(x: int, y: int) -> tuple[tuple[int, int], ...]:
    return ((ROW, y), (COLUMN, x), (DIAG_DOWN, x - y), (DIAG_UP, x + y))


def line_of(positions: Iterable[Pos]) -> tuple[int, int] | None:
    """The line all ``positions`` share (family, constant), or None if they are not collinear.

    Two or more distinct positions lie on at most one line; with one position the row is given.
    """
    common: set[tuple[int, int]] | None = None
    for x, y in positions:
        keys = set(_line_keys(x, y))
        common = keys if common is None else common & keys
        if not common:
            return None
    if not common:
        return None
    return min(common)


def line_label(line: tuple[int, int]) -> Text:
    family, const = line
    if family == ROW:
        return say("row {n}", n=const)
    if family == COLUMN:
        return say("column {n}", n=const)
    # A diagonal is named by the cell where it crosses row 0 (x - y or x + y there is x).
    return say("diagonal {arrow} through {x},0", arrow="↘" if family == DIAG_DOWN else "↗", x=const)


def _subsets(
    items: list[tuple[int, Pos]], target: int, out: list[tuple[Pos, ...]], limit: int,
    budget: list[int],
) -> None:
    """Append to ``out`` the subsets of ``items`` (value, pos) summing to ``target`` with at
    least MIN_ALIGNMENT items, until ``out`` holds ``limit`` or ``budget[0]`` steps are spent."""
    items = sorted(items, reverse=True)
    suffix = [0] * (len(items) + 1)
    for i in range(len(items) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + items[i][0]
    chosen: list[Pos] = []

    def walk(i: int, left: int) -> None:
        budget[0] -= 1
        if len(out) >= limit or budget[0] < 0:
            return
        if left == 0:
            if len(chosen) >= MIN_ALIGNMENT:
                out.append(tuple(sorted(chosen)))
            return
        if i == len(items) or suffix[i] < left:
            return
        v, pos = items[i]
        if v <= left:
            chosen.append(pos)
            walk(i + 1, left - v)
            chosen.pop()
        walk(i + 1, left)

    walk(0, target)


def find_alignments(
    cells: Mapping[Pos, str], blocked: Iterable[Pos], first_only: bool = False
) -> list[tuple[Pos, ...]]:
    """Every alignment on the map (at most MAX_ALIGNMENTS, within SEARCH_STEPS): tuples of
    positions in ascending (x, y), in no set order. With ``first_only``, stop at the first one
    (enough to know whether to ask, MI-17)."""
    blocked = set(blocked)
    lines: dict[tuple[int, int], list[tuple[int, Pos]]] = {}
    for pos, card in cells.items():
        if pos in blocked:
            continue
        item = (value(card), pos)
        for key in _line_keys(*pos):
            lines.setdefault(key, []).append(item)
    out: list[tuple[Pos, ...]] = []
    limit = 1 if first_only else MAX_ALIGNMENTS
    budget = [SEARCH_STEPS]
    for items in lines.values():
        if len(items) >= MIN_ALIGNMENT and sum(v for v, _ in items) >= ALIGNMENT_SUM:
            _subsets(items, ALIGNMENT_SUM, out, limit, budget)
            if len(out) >= limit or budget[0] < 0:
                break
    return out


def has_alignment(cells: Mapping[Pos, str], blocked: Iterable[Pos]) -> bool:
    """Whether at least one alignment exists (MI-17: no conquest prompt otherwise).

    A bitset subset-sum per line: bit s of ``reach`` says some subset sums to s. Every value is
    below 10, so a subset reaching 10 always has at least MIN_ALIGNMENT (2) cards.
    """
    blocked = set(blocked)
    reach: dict[tuple[int, int], int] = {}
    mask = (1 << (ALIGNMENT_SUM + 1)) - 1
    goal = 1 << ALIGNMENT_SUM
    for (x, y), card in cells.items():
        if (x, y) in blocked:
            continue
        v = int(card[1])
        for key in ((ROW, y), (COLUMN, x), (DIAG_DOWN, x - y), (DIAG_UP, x + y)):
            r = reach.get(key, 1)
            r = (r | (r << v)) & mask
            if r & goal:
                return True
            reach[key] = r
    return False


def alignment_error(
    positions: list[Pos], cells: Mapping[Pos, str], blocked: Iterable[Pos]
) -> Text | None:
    """Why ``positions`` is not an alignment (a sentence), or None when it is one."""
    for pos in positions:
        if pos not in cells:
            return say("There is no card at {x},{y}.", x=pos[0], y=pos[1])
    blocked = set(blocked)
    for pos in positions:
        if pos in blocked:
            return say("The card at {x},{y} holds a galleon.", x=pos[0], y=pos[1])
    if len(positions) < MIN_ALIGNMENT:
        return say("An alignment needs at least {n} cards.", n=MIN_ALIGNMENT)
    if line_of(positions) is None:
        return say("Those cards are not on one row, column or diagonal.")
    total = sum(value(cells[p]) for p in positions)
    if total != ALIGNMENT_SUM:
        return say("Those cards sum to {total}, not {target}.", total=total, target=ALIGNMENT_SUM)
    return None
