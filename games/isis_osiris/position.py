"""The position in words (:meth:`games.base.Game.board_words`), from a view only
(docs/views/isis-osiris.md): the turn, a revealed tile waiting, the pile, each seat's pawns and
tiles left (and score when shown), then the board row by row. A face-down tile is only "a
face-down tile": its value is said when the view shows it (the `open` option, or the end)."""

from __future__ import annotations

from typing import Any

from ..base import View, turn_words
from ..text import Text, say, say_n, series
from ..text import seat as seat_text
from .tiles import COLUMNS, ROWS, format_value


def position_words(view: View) -> list[Text]:
    """Every public fact of an Isis & Osiris view, most important first."""
    lines = [turn_words(view)]
    pending = view.get("pending")
    if pending:
        lines.append(say("{player} revealed a {value} tile and must place it now.",
                         player=seat_text(pending["seat"]), value=format_value(pending["value"])))
    if view.get("pile") is not None:
        lines.append(say_n("{n} tile left in the common pile.",
                           "{n} tiles left in the common pile.", view["pile"]))
    lines += [_seat(s) for s in view["seats"]]
    lines += _board(view)
    return lines


def _seat(s: dict[str, Any]) -> Text:
    pawns = say_n("{n} pawn", "{n} pawns", s["pawns_left"])
    tiles = say_n("{n} tile", "{n} tiles", s["tiles_left"])
    if s.get("score") is None:
        return say("{player}: {pawns} and {tiles} left to place.", player=seat_text(s["seat"]),
                   pawns=pawns, tiles=tiles)
    return say("{player}: {score}; {pawns} and {tiles} left to place.",
               player=seat_text(s["seat"]), score=say_n("{n} point", "{n} points", s["score"]),
               pawns=pawns, tiles=tiles)


def _board(view: View) -> list[Text]:
    """Each row of the board (1 north to 6 south), its occupied cells west to east."""
    board = view["board"]
    final = view.get("final") or {}
    worth = final.get("pawn_values") or {}
    lines = [say_n("The board has {n} empty cell of 36; occupied cells row by row:",
                   "The board has {n} empty cells of 36; occupied cells row by row:",
                   36 - len(board))]
    for row in ROWS:
        items = []
        for column in COLUMNS:
            cell = column + row
            item = board.get(cell)
            if item is None:
                continue
            if item["kind"] == "pawn":
                what = say("pawn of {player}", player=seat_text(item["seat"]))
                if cell in worth:
                    what = say("{pawn}, worth {points}", pawn=what, points=worth[cell])
            elif item.get("value") is None:
                what = say("face-down tile")
            else:
                what = say("tile {value}", value=format_value(item["value"]))
            items.append(say("{cell} {what}", cell=cell, what=what))
        if items:
            lines.append(say("Row {row}: {cells}.", row=row, cells=series(items)))
        else:
            lines.append(say("Row {row}: empty.", row=row))
    return lines
