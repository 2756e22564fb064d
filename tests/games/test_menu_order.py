"""Menu order: choices within a step read in a natural order (QA: Master Islands alignments of
one line were scattered across pages because ``legal()`` is sorted as strings)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from games.base import MenuItem, MenuStep
from games.menu_order import group_of, natural, ordered


def entry(*steps: tuple[str, str]) -> MenuItem:
    return MenuItem(" ".join(t for t, _ in steps), [MenuStep(t, lbl) for t, lbl in steps],
                    steps[-1][1])


def take(positions: str, label: str) -> MenuItem:
    return entry(("take", "Take an alignment"), (positions, label))


def labels(entries: list[MenuItem], verb: str) -> list[str]:
    return [e.steps[-1].label for e in entries if e.steps[0].token == verb]


def test_takes_are_grouped_by_line_then_ordered_by_positions() -> None:
    legal_order = [  # as legal() gives them: string order of the positions
        take("-1,0 1,0", "B4 (-1,0) + G1 (1,0) · row 0"),
        take("-1,2 -1,3", "Y2 (-1,2) + Y3 (-1,3) · column -1"),
        take("-3,0 -1,0", "R5 (-3,0) + B4 (-1,0) · row 0"),
        take("0,-2 0,1", "R1 (0,-2) + G3 (0,1) · column 0"),
        take("10,1 2,1", "B2 (2,1) + R2 (10,1) · row 1"),
        take("2,1 3,1", "B2 (2,1) + Y1 (3,1) · row 1"),
        take("-3,0 1,0", "R5 (-3,0) + G1 (1,0) · row 0"),
    ]
    assert labels(ordered(legal_order), "take") == [
        "Y2 (-1,2) + Y3 (-1,3) · column -1",
        "R1 (0,-2) + G3 (0,1) · column 0",
        "R5 (-3,0) + B4 (-1,0) · row 0",
        "R5 (-3,0) + G1 (1,0) · row 0",
        "B4 (-1,0) + G1 (1,0) · row 0",
        "B2 (2,1) + Y1 (3,1) · row 1",
        "B2 (2,1) + R2 (10,1) · row 1",
    ]


def test_a_compact_label_joins_its_line() -> None:
    assert group_of("row -33 · x: Y1 -40, Y1 -37, Y1 -35, Y1 -30, Y1 -29") == "row -33"
    assert group_of("R5 (-3,-33) + B4 (-1,-33) · row -33") == "row -33"
    assert group_of("Place a card") == ""


def test_numbers_compare_as_numbers() -> None:
    assert natural("-3,0") < natural("-1,0") < natural("2,0") < natural("10,0")
    assert natural("row -1") < natural("row 0") < natural("row 10")


def test_verbs_keep_the_engine_order_and_positions_read_numerically() -> None:
    legal_order = [
        entry(("again", "Play another Discovery")),
        *(entry(("place", "Place a card"), ("B4", "B4 (blue 4)"), (p, p))
          for p in ("-1,0", "-3,0", "10,2", "2,0")),
        entry(("stop", "End Discovery")),
    ]
    out = ordered(legal_order)
    assert [e.move for e in out] == [
        "again", "place B4 -3,0", "place B4 -1,0", "place B4 2,0", "place B4 10,2", "stop",
    ]


STEP = st.sampled_from(["a", "b", "c"])


@given(st.lists(st.lists(STEP, min_size=1, max_size=3), max_size=20, unique_by=tuple))
def test_order_is_a_permutation_keeping_each_prefix_together(paths: list[list[str]]) -> None:
    """Siblings move as blocks: every prefix's entries stay contiguous (the menu tree is
    unchanged, only read in another order)."""
    entries = [entry(*((t, f"label {t} {9 - i}") for i, t in enumerate(p))) for p in sorted(paths)]
    out = ordered(entries)
    assert sorted(e.move for e in out) == sorted(e.move for e in entries)
    for depth in (1, 2):
        seen: list[tuple[str, ...]] = []
        for e in out:
            prefix = tuple(step.token for step in e.steps[:depth])
            if len(prefix) == depth and (not seen or seen[-1] != prefix):
                assert prefix not in seen, prefix
                seen.append(prefix)
