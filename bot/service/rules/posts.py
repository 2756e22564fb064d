"""Building what people see from Views: the public table post, private notes, move menus.

Synchronous (Pillow work); the service calls these in a thread. Public things are built from
``view(state, None)`` only, so a hidden card cannot reach the channel by mistake.
"""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import Any

import i18n
from games import Game, State, View
from games.base import scores_of
from i18n import _, _n
from render import regions as board_regions
from render.colours import seat_colour
from render.kit import png_bytes

from ... import catalog
from ...storage.rows import TableRow
from ..results import Drawing, MenuEntry, PrivateNote, PublicPost, SeatLine
from . import hints
from .play import Lines
from .tables import is_computer, label, names
from .wording import Name, shown, tell, tell_line
from .words import alt_text, board_lines


def png(image: Any) -> bytes:
    return png_bytes(image)


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) of a PNG, from its header ((0, 0) for what is not one)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return (0, 0)
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _names(row: TableRow, seats: list[int]) -> str:
    """"Alice (seat 1), Bob (seat 2)" in the current language."""
    return ", ".join(i18n.translate(label(row, s)) for s in seats)


def status_parts(game: Game, row: TableRow, view: View,
                 code: str = i18n.DEFAULT) -> tuple[list[str], list[str]]:
    """The status line's parts in language ``code``: (who moves, or who won and how, with their
    seats: the view keys every game has; the game's own facts, :meth:`Game.status`), joined with
    " · " as "Bob (seat 2) to move · pile 21 · scores: Alice 3, Bob 2"."""
    with i18n.language(code):
        parts: list[str] = []
        by_seat = names(row)
        result = view.get("result")
        if result:
            winners = result.get("winners") or []
            if winners:
                line = _n("Game over: {players} wins", "Game over: {players} win", len(winners),
                          players=_names(row, winners))
            else:
                line = _("Game over: nobody wins")
            if result.get("reason"):
                reason = tell(result["reason"], by_seat, code).rstrip(".")
                line = _("{result} — {reason}", result=line, reason=reason)
            parts.append(line)
            if hints.hints_on(row):
                parts.append(_(hints.ending_note(row)))
        elif view.get("to_move"):
            parts.append(_("{players} to move", players=_names(row, view["to_move"])))
        return parts, [tell(fact, by_seat, code, short=True) for fact in game.status(view)]


def drawn(row: TableRow, view: View) -> View:
    """The view to draw: a copy whose ``seats[i]`` carry the table's display names
    (unique, "Computer 2" for a computer), which renderers show instead of "Seat n". Only
    names are added: what the view hides stays hidden."""
    return with_names(names(row), view)  # unique names


def with_names(by_seat: dict[int, str], view: View) -> View:
    """:func:`drawn` with the names given (seat -> name), in the current language (the
    caller sets it around the drawing, ``with i18n.language(code)``)."""
    seats = view.get("seats")
    if not isinstance(seats, list):
        return view
    return {**view, "seats": [
        {**s, "name": shown(by_seat[s["seat"]])} if s.get("seat") in by_seat else s
        for s in seats
    ]}


Regions = list[tuple[str, tuple[int, int, int, int]]]


def public_board(game: Game, row: TableRow, view: View, code: str) -> tuple[bytes, Regions]:
    """The public board PNG of ``view`` (the spectator view) in language ``code``, and its
    regions (:mod:`render.regions`, when the game's renderer names some): one drawing, so the
    regions are those of the very image."""
    return _drawn_png(catalog.board_drawer(game.id), catalog.region_finder(game.id) is not None,
                      row, view, code)


def private_hand(game: Game, row: TableRow, view: View, code: str) -> tuple[bytes, Regions]:
    """:func:`public_board` for the hand image of ``view`` (one seat's view: its own hand)."""
    return _drawn_png(catalog.renderer(game.id).hand,
                      catalog.hand_region_finder(game.id) is not None, row, view, code)


def _drawn_png(drawer: Any, with_regions: bool, row: TableRow, view: View,
               code: str) -> tuple[bytes, Regions]:
    with i18n.language(code):
        if not with_regions:
            return png(drawer(drawn(row, view))), []
        image, found = board_regions.drawn(drawer, drawn(row, view))
    return png(image), [(r.key, r.box) for r in found]


def seat_lines(row: TableRow, view: View, code: str = i18n.DEFAULT) -> list[SeatLine]:
    """Every seat of the public ``view`` as the table post lists it, names in language
    ``code``: its score when the view shows every seat's, whether it is to move, played by a
    computer, a winner; its colour as the images draw it."""
    scores = scores_of(view)
    result = view.get("result")
    movers = set() if result else set(view.get("to_move") or [])
    winners = set((result or {}).get("winners") or [])
    by_seat = names(row)
    with i18n.language(code):
        return [SeatLine(
            seat=seat, name=shown(by_seat[seat]),
            score=None if scores is None else str(scores[seat - 1]),
            to_move=seat in movers, computer=is_computer(row, seat), winner=seat in winners,
            colour=rgb(seat_colour(seat)),
        ) for seat in range(1, len(row.seats) + 1)]


def accent(seats: list[SeatLine]) -> int | None:
    """The colour of the first seat to move, else of the first winner; None: neither."""
    marked = [s for s in seats if s.to_move] or [s for s in seats if s.winner]
    return marked[0].colour if marked else None


def rgb(colour: tuple[int, int, int]) -> int:
    red, green, blue = colour
    return red << 16 | green << 8 | blue


def public_post(
    game: Game, row: TableRow, state: State, lines: Lines | None = None,
    *, image: bytes | None = None, regions: Regions | None = None, code: str = i18n.DEFAULT,
) -> PublicPost:
    """The table post, written and drawn in language ``code``; ``image`` is the board PNG when
    the caller already has it (cache), with its ``regions``; its alt text says the public
    view's position in words (names alone, as the status line: the image's 1,024 characters
    are few)."""
    view = game.view(state, None)
    to_move = [s for s in view.get("to_move", []) if not is_computer(row, s)]
    result = view.get("result")
    by_seat = names(row)
    if image is None:
        image, regions = public_board(game, row, view, code)
    seats = seat_lines(row, view, code)
    lead, facts = status_parts(game, row, view, code)
    return PublicPost(
        channel_id=row.channel_id,
        version=row.version,
        ordered_lines=[(tell_line(text, by_seat, code), transient)
                       for text, transient in (lines.ordered if lines else [])],
        status=" · ".join(lead + facts),
        facts=" · ".join(facts),
        image_png=image,
        to_move_user_ids=[row.seats[s - 1]["user_id"] for s in to_move],
        finished=bool(result),
        result=result,
        language=code,
        regions=list(regions or []),
        seats=seats,
        accent=accent(seats),
        alt_text=alt_text(board_lines(game, row, view, code, short=True), code),
    )


def menu(game: Game, state: State, seat: int, code: str = i18n.DEFAULT,
         by_seat: Mapping[int, Name] | None = None) -> list[MenuEntry]:
    """The seat's legal moves with the steps a menu takes to reach each, in the order the game's
    menu gives (:meth:`Game.menu`), labels in language ``code`` (seats named with ``by_seat``);
    empty if not to move."""
    if seat not in game.to_move(state):
        return []
    items = game.menu(game.view(state, seat), game.legal(state, seat))
    return [MenuEntry(i.move, [(s.token, tell(s.label, by_seat, code)) for s in i.steps],
                      tell(i.label, by_seat, code), tuple(s.icon for s in i.steps))
            for i in items]


def note_text(row: TableRow, view: View, seat: int, private: list[str],
              code: str = i18n.DEFAULT) -> str:
    """"Seat 2 · Your hand: B4, G2, Y1 · it's your turn" in language ``code``, then what only
    this seat learned."""
    with i18n.language(code):
        parts: list[str] = [_("Seat {n}", n=seat)]
        hand = view.get("hand")
        if isinstance(hand, list):
            parts.append(_("Your hand: {cards}", cards=", ".join(i18n.translate(c) for c in hand))
                         if hand else _("Your hand is empty"))
        movers = view.get("to_move") or []
        if view.get("result"):
            parts.append(_("the game is over"))
        elif seat in movers:
            parts.append(_("it's your turn"))
        elif movers:
            parts.append(_("waiting for {players}", players=_names(row, movers)))
        by_seat = names(row)
        return "\n".join([" · ".join(parts), *(tell_line(p, by_seat, code) for p in private)])


def private_note(
    game: Game, row: TableRow, state: State, seat: int, private: list[str] | None = None,
    code: str = i18n.DEFAULT, *, lazy: bool = False,
) -> PrivateNote:
    """What ``seat`` alone sees, written and drawn in language ``code``. ``lazy``: the hand is
    drawn only when someone asks for the note's image (the adapter shows the images of people
    to move only)."""
    view = game.view(state, seat)
    your_turn = seat in (view.get("to_move") or [])

    def draw() -> bytes:
        return _drawn_png(catalog.renderer(game.id).hand, False, row, view, code)[0]

    hand = Drawing(draw)
    if not lazy:
        hand()
    return PrivateNote(
        seat=seat,
        user_id=row.seats[seat - 1]["user_id"],
        text=note_text(row, view, seat, private or [], code),
        hand=hand,
        your_turn=your_turn,
        menu=menu(game, state, seat, code, names(row)) if your_turn else [],
        version=row.version,
        replaced=bool(row.seats[seat - 1].get("replaced")),
        hints=your_turn and hints.hints_on(row),
        language=code,
    )


def notes_for(
    game: Game, row: TableRow, state: State, lines: Lines, *, everyone: bool = False,
    codes: Mapping[int, str] | None = None,
) -> list[PrivateNote]:
    """Notes for the humans to move and those who learned something private (all if
    ``everyone``); nobody else is disturbed. ``codes``: user id -> their language. Only the
    hands of people to move are drawn here: the adapter shows no other (a DM, the mover's next
    menu); the rest are drawn if someone asks (My hand draws its own note anyway)."""
    movers = set(game.to_move(state))
    out = []
    for seat_entry in row.seats:
        seat = seat_entry["seat"]
        if seat_entry["user_id"] is None:
            continue
        if everyone or seat in movers or lines.private.get(seat):
            code = (codes or {}).get(seat_entry["user_id"], i18n.DEFAULT)
            out.append(private_note(game, row, state, seat, lines.private.get(seat), code,
                                    lazy=seat not in movers))
    return out
