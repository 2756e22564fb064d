"""MI-C3, the box's communication rule, as data the host can enforce (a partner channel).

Only public facts are used (galleon positions are in ``view(state, None)``), so whatever the host
decides from here reveals nothing hidden.
"""

from __future__ import annotations

from typing import Any, Literal

TalkRange = Literal["secret", "aloud", "gestures"]
RANGES: tuple[TalkRange, ...] = ("secret", "aloud", "gestures")


def public_view(state_or_view: dict[str, Any]) -> dict[str, Any]:
    """The spectator view: a view is used as it is, a state is viewed by the engine."""
    if "map" in state_or_view and isinstance(state_or_view.get("seats"), list):
        return state_or_view
    from . import GAME  # a state: the engine builds its public view (late import: no cycle)

    return GAME.view(state_or_view, None)


def partner_seat(view: dict[str, Any], seat: int) -> int | None:
    """The other seat of ``seat``'s team (MI-C1: 1 & 3, 2 & 4); None outside coop mode."""
    if view.get("mode") != "coop":
        return None
    seats = {s["seat"]: s for s in view["seats"]}
    if seat not in seats:
        raise ValueError(f"no seat {seat} at this table")
    team = seats[seat]["team"]
    return next(s for s, info in seats.items() if s != seat and info["team"] == team)


def talk_range(state_or_view: dict[str, Any], seat: int) -> TalkRange | None:
    """How ``seat`` may talk to its partner now (MI-C3): "secret" when both galleons share a
    card, "aloud" when they are on orthogonally adjacent cards, else "gestures". None outside
    coop mode or once the game is over (nothing left to plan)."""
    view = public_view(state_or_view)
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


__all__ = ["RANGES", "TalkRange", "partner_seat", "public_view", "talk_range"]
