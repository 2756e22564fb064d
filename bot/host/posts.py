"""Building what people see from Views: the public table post, private notes, move menus.

Synchronous (Pillow work); the host calls these in a thread. Public things are built from
``view(state, None)`` only, so a hidden card cannot reach the channel by mistake.
"""

from __future__ import annotations

from typing import Any

import render
from games import Game, State, View

from ..storage import TableRow
from .play import Lines, named
from .results import MenuEntry, PrivateNote, PublicPost
from .tables import is_bot, label, names


def png(image: Any) -> bytes:
    from render.kit import png_bytes

    return png_bytes(image)


def _names(row: TableRow, seats: list[int]) -> str:
    return ", ".join(label(row, s) for s in seats)


def status_text(game: Game, row: TableRow, view: View) -> str:
    """"Bob (seat 2) to move · pile 21 · scores: Alice 3, Bob 2": who moves or who won (the
    view keys every game has), then the game's own facts (:meth:`Game.status`)."""
    parts: list[str] = []
    result = view.get("result")
    if result:
        winners = result.get("winners") or []
        who = _names(row, winners) if winners else "nobody"
        verb = "wins" if len(winners) == 1 else "win"
        reason = (f" ({named(result['reason'], names(row)).rstrip('.')})"
                  if result.get("reason") else "")
        parts.append(f"Game over: {who} {verb}{reason}")
    elif view.get("to_move"):
        parts.append(f"{_names(row, view['to_move'])} to move")
    by_seat = names(row)
    parts += [named(fact, by_seat, short=True) for fact in game.status(view)]
    return " · ".join(parts)


def drawn(row: TableRow, view: View) -> View:
    """The view to draw: a copy whose ``seats[i]`` carry the table's display names
    (unique, "Computer 2" for a computer), which renderers show instead of "Seat n". Only
    names are added: what the view hides stays hidden."""
    return with_names(names(row), view)  # unique names


def with_names(by_seat: dict[int, str], view: View) -> View:
    """:func:`drawn` with the names given (seat -> name)."""
    seats = view.get("seats")
    if not isinstance(seats, list):
        return view
    return {**view, "seats": [
        {**s, "name": by_seat[s["seat"]]} if s.get("seat") in by_seat else s for s in seats
    ]}


def public_post(
    game: Game, row: TableRow, state: State, lines: Lines | None = None,
    *, image: bytes | None = None,
) -> PublicPost:
    """The table post; ``image`` is the board PNG when the caller already has it (cache)."""
    view = game.view(state, None)
    to_move = [s for s in view.get("to_move", []) if not is_bot(row, s)]
    result = view.get("result")
    return PublicPost(
        channel_id=row.channel_id,
        version=row.version,
        ordered_lines=list(lines.ordered) if lines else [],
        status=status_text(game, row, view),
        image_png=image if image is not None else png(render.renderer(game.id).board(drawn(row, view))),
        to_move_user_ids=[row.seats[s - 1]["user_id"] for s in to_move],
        finished=bool(result),
        result=result,
    )


def menu(game: Game, state: State, seat: int) -> list[MenuEntry]:
    """The seat's legal moves with the steps a menu takes to reach each, in the order the game's
    menu gives (:meth:`Game.menu`); empty if not to move."""
    if seat not in game.to_move(state):
        return []
    items = game.menu(game.view(state, seat), game.legal(state, seat))
    return [MenuEntry(i.move, [(s.token, s.label) for s in i.steps], i.label) for i in items]


def note_text(row: TableRow, view: View, seat: int, private: list[str]) -> str:
    """"Your hand: B4, G2, Y1 · it's your turn", then what only this seat learned."""
    parts: list[str] = []
    hand = view.get("hand")
    if isinstance(hand, list):
        parts.append("Your hand: " + ", ".join(map(str, hand)) if hand else "Your hand is empty")
    movers = view.get("to_move") or []
    if view.get("result"):
        parts.append("the game is over")
    elif seat in movers:
        parts.append("it's your turn")
    elif movers:
        parts.append(f"waiting for {_names(row, movers)}")
    head = f"Seat {seat} · " + " · ".join(parts)
    return "\n".join([head, *private])


def private_note(
    game: Game, row: TableRow, state: State, seat: int, private: list[str] | None = None,
) -> PrivateNote:
    view = game.view(state, seat)
    your_turn = seat in (view.get("to_move") or [])
    return PrivateNote(
        seat=seat,
        user_id=row.seats[seat - 1]["user_id"],
        text=note_text(row, view, seat, private or []),
        image_png=png(render.renderer(game.id).hand(drawn(row, view))),
        your_turn=your_turn,
        menu=menu(game, state, seat) if your_turn else [],
        version=row.version,
        replaced=bool(row.seats[seat - 1].get("replaced")),
    )


def notes_for(
    game: Game, row: TableRow, state: State, lines: Lines, *, everyone: bool = False,
) -> list[PrivateNote]:
    """Notes for the humans to move and those who learned something private (all if
    ``everyone``); nobody else is disturbed."""
    movers = set(game.to_move(state))
    out = []
    for seat_entry in row.seats:
        seat = seat_entry["seat"]
        if seat_entry["user_id"] is None:
            continue
        if everyone or seat in movers or lines.private.get(seat):
            out.append(private_note(game, row, state, seat, lines.private.get(seat)))
    return out
