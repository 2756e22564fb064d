"""The order of a seat's menu: siblings sorted by their labels as a person reads them.

``legal()`` is sorted as strings, so in a menu ``-1,0`` comes before ``-3,0`` and ``10,2``
before ``2,0``, and the alignments of one line (Master Islands ``… · row 0``) are scattered
across pages. Within each step below the verbs, choices are ordered by their label: first by
the group a label names after `` · `` (the line), then by the ``(x,y)`` positions it names,
then naturally (numbers as numbers). The verbs keep the engine's order, and so does every
tie, so the order stays deterministic for a given table version (menu custom ids index it).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar


class _Step(Protocol):
    token: str
    label: str


class _Item(Protocol):
    """What is ordered: a menu item with its steps (``games.base.MenuItem``)."""

    @property
    def steps(self) -> Sequence[_Step]: ...


Item = TypeVar("Item", bound=_Item)

GROUP_SEP = " · "
NUMBER = re.compile(r"(-?\d+)")
POSITION = re.compile(r"\((-?\d+),(-?\d+)\)")

NaturalKey = tuple[tuple[int, int, str], ...]
LabelKey = tuple[NaturalKey, tuple[tuple[int, int], ...], NaturalKey]


def natural(text: str) -> NaturalKey:
    """``row -3`` < ``row 0`` < ``row 10``: numbers compare as numbers, the rest as text."""
    parts = NUMBER.split(text)
    return tuple(
        (0, int(part), "") if i % 2 else (1, 0, part.casefold())
        for i, part in enumerate(parts)
        if part
    )


def group_of(label: str) -> str:
    """The group a label names: its shortest `` · `` part (``R5 (-3,0) + B4 (-1,0) · row 0``
    and the compact ``row 0 · x: Y1 -40, …`` both give ``row 0``); none without a separator."""
    parts = label.split(GROUP_SEP)
    return min(parts, key=len) if len(parts) > 1 else ""


def label_key(label: str) -> LabelKey:
    positions = tuple((int(x), int(y)) for x, y in POSITION.findall(label))
    return natural(group_of(label)), positions, natural(label)


def ordered(entries: Sequence[Item]) -> list[Item]:
    """The entries with siblings below the first step sorted by :func:`label_key`.

    Sorting whole entries by their steps' keys keeps the prefix tree intact: a step's token
    and label are the same for every entry under one prefix, so siblings stay together.
    """
    first_seen: dict[str, int] = {}
    for entry in entries:
        if entry.steps:
            first_seen.setdefault(entry.steps[0].token, len(first_seen))

    def key(pair: tuple[int, Item]) -> tuple[object, ...]:
        index, entry = pair
        if not entry.steps:
            return (-1, (), index)
        head = first_seen[entry.steps[0].token]
        rest = tuple((label_key(step.label), step.token) for step in entry.steps[1:])
        return (head, rest, index)

    return [entry for _i, entry in sorted(enumerate(entries), key=key)]
