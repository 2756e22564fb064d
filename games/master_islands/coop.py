"""MI-C3, the box's communication rule, as data the host can enforce (a partner channel).

It reads views only, and only their public facts (galleon positions are in ``view(state,
None)``), so whatever the host decides from here reveals nothing hidden.
"""

from __future__ import annotations

from typing import Any, Literal

TalkRange = Literal["secret", "aloud", "gestures"]
RANGES: tuple[TalkRange, ...] = ("secret", "aloud", "gestures")


def partner_seat(view: dict[str, Any], seat: int) -> int | None:
    """The other seat of ``seat``'s team (MI-C1: 1 & 3, 2 & 4); None outside coop mode."""
    if view.get("mode") != "coop":
        return None
    seats = {s["seat"]: s for s in view["seats"]}
    if seat not in seats:
        raise ValueError(f"no seat {seat} at this table")
    team = seats[seat]["team"]
    return next(s for s, info in seats.items() if s != seat and info["team"] == team)


def talk_range(view: dict[str, Any], seat: int) -> TalkRange | None:
    """How ``seat`` may talk to its partner now (MI-C3), read from a view: "secret" when both
    galleons share a card, "aloud" when they are on orthogonally adjacent cards, else
    "gestures". None outside coop mode or once the game is over (nothing left to plan)."""
    if view.get("mode") != "coop" or view.get("result") is not None or view["phase"] == "over":
        return None
    partner = partner_seat(view, seat)
    assert partner is not None
    galleons = {s["seat"]: s["galleons"][0] for s in view["seats"]}
    (x1, y1), (x2, y2) = galleons[seat], galleons[partner]
    distance = abs(x1 - x2) + abs(y1 - y2)
    if distance == 0:
        return "secret"
    return "aloud" if distance == 1 else "gestures"


__all__ = ["RANGES", "TalkRange", "partner_seat", "talk_range"]
