"""L'île des contrebandiers: what the view says, in words (island names, tile faces, the turn's
prompt, a path's spaces)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from games.text import Text
from i18n import _, _n, current, load, translate

from .. import kit, seats
from .geometry import (
    ISLAND_NAMES,
    SECTORS,
    View,
    neighbours,
    parse_harbour,
    parse_space,
)


# -- data from the view ---------------------------------------------------------------------------
def island_name(view: View, k: Any) -> str:
    """Island ``k``'s name in the current language (from the view's code word ``gems`` …)."""
    code = next((str(isl["name"]) for isl in view.get("islands") or []
                 if isl.get("island") == k and isl.get("name")), None)
    if not isinstance(k, int | str | None):  # a malformed view: nothing to keep
        return _named_island.__wrapped__(current(), code, k)
    return _named_island(current(), code, k)


@lru_cache(maxsize=256)
def _named_island(language: str, code: str | None, k: Any) -> str:
    """:func:`island_name` once per language and code word (a board asks ~60 times)."""
    if code is not None:
        name = kit.ascii_text(code)
        return translate(name) if name else _("island {k}", k=k)
    if isinstance(k, int) and 0 <= k < len(ISLAND_NAMES):
        return translate(ISLAND_NAMES[k])
    return _("island {k}", k=k)


def island_letter(view: View, k: Any) -> str:
    """The island's initial (G C J V B), the short form of a destination on tile chips."""
    name = island_name(view, k)
    letter = name[:1].upper()
    others = [island_name(view, j)[:1].upper() for j in range(5) if j != k]
    return letter if letter.isalpha() and letter not in others else str(k)


def public_face(tile: Any, on_boat: bool) -> tuple[Any, Any] | None:
    """(destination, points) when everyone may see the tile's face, else None.

    A boat's tile is public only once ``shown`` (the owner's view carries its face with
    ``shown: false``: the public board must not show it). A floating tile with its face given is
    public unless it says ``shown: false``."""
    if not isinstance(tile, dict) or tile.get("hidden", True) is not False:
        return None
    shown = tile.get("shown")
    if (shown is not True) if on_boat else (shown is False):
        return None
    return tile.get("destination"), tile.get("points")


def chip_text(view: View, face: tuple[Any, Any] | None) -> str:
    if face is None:
        return "?"
    dest, points = face
    return f"{island_letter(view, dest)}{points if points is not None else '?'}"


def _boat(view: View, seat: Any) -> dict[str, Any]:
    return next((b for b in view.get("boats") or [] if b.get("seat") == seat), {})


def _name(view: View, seat: Any) -> str:
    return kit.seat_name(view, seat) if isinstance(seat, int) else "?"


def _score(view: View, seat: Any) -> Any:
    row = kit.seat_row(view, seat)
    if row.get("score") is not None:
        return row["score"]
    scores = (view.get("result") or {}).get("scores") or []
    index = (seat or 0) - 1 if isinstance(seat, int) else -1
    return scores[index] if 0 <= index < len(scores) else 0


def _cells(view: View) -> list[str]:
    last = view.get("last_move") or {}
    return [c for c in last.get("cells") or [] if isinstance(c, str)]


def _beam(view: View) -> int | None:
    beam = view.get("beam")
    return beam % SECTORS if isinstance(beam, int) else None


def _reefs(view: View) -> list[tuple[int, int]]:
    return [c for c in (parse_space(r) for r in view.get("reefs") or []) if c]


def _finished(view: View) -> bool:
    return bool((view.get("result") or {}).get("finished"))


def _turn_seat(view: View) -> Any:
    turn = view.get("turn") or {}
    if turn.get("seat") is not None:
        return turn["seat"]
    to_move = view.get("to_move") or []
    return to_move[0] if to_move else None


def path_points(view: View) -> list[str]:
    """The path just sailed, with its start when the contract's reading leaves it out.

    ``path`` may list the spaces entered (like the ``sail`` move) or start with the boat's
    space; when the last move was the sail (or a swap after it) and its ``cells`` hold a space
    next to the first step that is not on the path, that space is the start."""
    path = [p for p in view.get("path") or [] if parse_space(p) or parse_harbour(p) is not None]
    if not path:
        return []
    last = view.get("last_move") or {}
    verb = str(last.get("move") or "").split()[:1]
    if verb not in (["sail"], ["swap"]):  # a push's cells name where the pushed boat went
        return path
    near = neighbours(view, path[0])
    start = next((c for c in _cells(view) if c in near and c not in path), None)
    return [start, *path] if start else path


def named_text(view: View, text: Any) -> str:
    """An engine's sentence in the current language, each seat said by its display name: a
    Text (or its JSON dump) through :func:`render.seats.named_sentence`; an old plain English
    sentence has its "Seat n" words replaced."""
    text = load(text)
    if isinstance(text, Text):
        return seats.named_sentence(text, view)
    return re.sub(r"\bSeat (\d+)\b", lambda m: _name(view, int(m[1])), translate(str(text)))


def stage_prompt(view: View) -> str | None:
    """What the seat to move does now, in words ("Alice sails up to 3")."""
    if _finished(view):
        return None
    turn = view.get("turn") or {}
    seat = _turn_seat(view)
    if seat is None:
        return None
    who = _name(view, seat)
    stage = turn.get("stage")
    dice = view.get("dice") or {}
    white = dice.get("white")
    boat = _boat(view, seat)
    if stage == "start" or (not turn and boat and boat.get("space") is None):
        if boat.get("space") is None:
            return _("{who} puts a boat in a harbour (H0-H4)", who=who)
        return _("{who} starts a turn", who=who)
    if stage == "turn":
        return _("{who} turns the lighthouse 2 steps: clockwise or counter-clockwise", who=who)
    if stage == "drop":
        left = turn.get("drops_left") or []
        owner = left[0] if left else None
        if owner is None:
            return _("{who} drops a caught boat's tile next to it", who=who)
        if owner == seat:
            return _("{who} drops the tile of their own boat next to it", who=who)
        return _("{who} drops {other}'s tile next to {other}'s boat", who=who,
                 other=_name(view, owner))
    if stage == "sail":
        return _sail_prompt(who, white, _on_floating(view, boat.get("space")))
    if stage == "load":
        return _("{who} loads the floating tile or stays", who=who)
    if stage == "push":
        others = _pushed(view, seat)
        if others:
            return _("{who} pushes {other}'s boat to a free space next to it, or swaps places",
                     who=who, other=_name(view, others[0]))
        return _("{who} pushes the boat there to a free space next to it, or swaps places",
                 who=who)
    return _("{who} to move", who=who)


def _sail_prompt(who: str, white: Any, floating: bool) -> str:
    if not isinstance(white, int):
        return _("{who} sails on or stays", who=who)
    if floating:
        return _n("{who} sails up to {n}, loads the tile here or stays",
                  "{who} sails up to {n}, loads the tile here or stays", white, who=who)
    return _n("{who} sails up to {n} or stays", "{who} sails up to {n} or stays", white, who=who)


def _on_floating(view: View, space: Any) -> bool:
    return any(f.get("space") == space for f in view.get("floating") or [])


def _pushed(view: View, seat: Any) -> list[int]:
    """The boat(s) the mover ran into: on the mover's space or the path's last space."""
    places = {_boat(view, seat).get("space")}
    path = view.get("path") or []
    if path:
        places.add(path[-1])
    return [b["seat"] for b in view.get("boats") or []
            if b.get("seat") != seat and b.get("space") in places and b.get("space") is not None
            and isinstance(b.get("seat"), int)]


