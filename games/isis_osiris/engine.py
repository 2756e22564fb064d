"""The Isis & Osiris rules engine (docs/rules/isis-osiris.md, IO-1..IO-12 and IO-V1).

State (plain JSON): ``board`` (cell -> pawn ``{"kind", "seat"}`` or tile ``{"kind", "value"}``;
every placed tile was revealed to all before it was placed, so its value is public history even
though memory mode hides it), ``pawns`` (left per seat), ``reserves`` (per seat, top first) or
``pile`` (IO-V1), ``pending`` (a revealed tile waiting for its cell), ``turn``, ``over``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import (
    Event,
    Game,
    IllegalMove,
    MenuStep,
    Result,
    Sample,
    State,
    UndoBarrier,
    View,
    rng_for,
)
from ..options import FIRST_OPTION, Option
from ..text import Text, dump, listing, load, say
from ..text import seat as seat_of
from ..views import view_head
from . import deal, scoring
from .levels import BOTS
from .notation import format_move, parse_move
from .position import position_words
from .tiles import CELLS, DEAL, format_value

SUMMARY = say("""\
A 6×6 board, cells A1–F6. Each player has pawns and face-down Isis tiles worth -4 to +4 \
(2 players: 8 pawns, 11 tiles; 3: 6 and 7; 4: 5 and 5). Nobody, not even the owner, knows a \
tile before it is revealed.
**Your turn**, do one of:
• `pawn C4`: place a pawn on an empty cell;
• `reveal`, then `tile D2`: show your next tile to everyone, then place it face down on an empty \
cell. Once revealed it must be placed: no pawn instead.
No tiles left: place a pawn. No pawns left: place a tile. Nothing left: your turn is skipped.
**End**: when the last cell is filled. Every tile is turned up; each pawn is worth the sum of the \
tiles orthogonally next to it (it can be negative). Your score is the sum over your pawns. Best \
score wins (the least negative if all are negative); equal best scores share the win.
**Memory mode** (default): placed tiles are face down again, so their values are hidden on the \
board, and the reveal announcement disappears from the channel after the next move. Remember \
where the good and bad tiles went!""")


class IsisOsiris(Game):
    """Isis & Osiris: place pawns and revealed-then-hidden tiles; pawns score adjacent tiles."""

    id = "isis-osiris"
    name = "Isis & Osiris"
    min_players = 2
    max_players = 4
    options = (
        Option("reserve", ("own", "common"), "own",
               say("Own: each player reveals from their own tiles. Common (variant): everyone "
                   "reveals from one shared pile, and once it is empty only pawns are placed."),
               label=say("Tile reserve"),
               choice_texts={"own": say("own"), "common": say("common")}),
        Option("open", None, False,
               say("Yes: placed tile values stay visible on the board (casual or accessible play, "
                   "no memory needed)."), kind="yesno", label=say("Open board")),
        FIRST_OPTION,
    )
    summary = SUMMARY
    bots = BOTS

    def samples(self) -> tuple[Sample, ...]:
        """Memory and open tiles, own reserves and the common one, two to four players."""
        return (Sample(2), Sample(3, {"reserve": "common"}, 2), Sample(4, {"open": True}, 3))

    # -- set-up -----------------------------------------------------------------------------------
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        opts = self.normalize_options(players, options)
        rng = rng_for({"seed": seed, "rng_counter": 0}, "setup")
        reserves, pile = deal.deal_tiles(players, opts["reserve"] == "common", rng, setup)
        first = opts["first"] if opts["first"] is not None else rng.randint(1, players)
        return {
            "game": self.id,
            "players": players,
            "options": opts,
            "seed": seed,
            "rng_counter": 1,
            "first": first,
            "turn": first,
            "board": {},
            "pawns": [DEAL[players][0]] * players,
            "reserves": reserves,
            "pile": pile,
            "pending": None,
            "last_move": None,
            "over": False,
            "reason": "",  # why it ended, as Text data (games.text.dump) once over
        }

    def record_setup(self, state: State) -> dict[str, Any]:
        """The dealt tiles, top first, as records write them: ``{"tiles": [[...] per seat]}``, or
        ``{"pile": [...]}`` in the common-reserve variant. Valid for a fresh state."""
        if state["pile"] is not None:
            return {"pile": [format_value(v) for v in state["pile"]]}
        return {"tiles": [[format_value(v) for v in r] for r in state["reserves"]]}

    # -- play -------------------------------------------------------------------------------------
    def to_move(self, state: State) -> list[int]:
        return [] if state["over"] else [state["turn"]]

    def _tiles_left(self, state: State, seat: int) -> int:
        pile = state["pile"]
        return len(pile) if pile is not None else len(state["reserves"][seat - 1])

    def _can_move(self, state: State, seat: int) -> bool:
        return state["pawns"][seat - 1] > 0 or self._tiles_left(state, seat) > 0

    def legal(self, state: State, seat: int) -> list[str]:
        if state["over"] or seat != state["turn"]:
            return []
        empty = [c for c in CELLS if c not in state["board"]]
        if state["pending"]:  # IO-7: a revealed tile must be placed now
            return sorted(f"tile {c}" for c in empty)
        moves = [f"pawn {c}" for c in empty] if state["pawns"][seat - 1] else []
        if self._tiles_left(state, seat):
            moves.append("reveal")
        return sorted(moves)

    def parse(self, text: str) -> str:
        return format_move(*parse_move(text))

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        if state["over"]:
            raise IllegalMove(say("The game is over."))
        if seat != state["turn"]:
            raise IllegalMove(say("It is not your turn: {who} is to move.",
                                  who=seat_of(state["turn"])))
        verb, cell = parse_move(move)
        s = dict(state)
        if verb == "reveal":
            return self._reveal(s, seat)
        if state["pending"] is None and verb == "tile":
            raise IllegalMove(say("Reveal a tile first (`reveal`), then place it with `tile <cell>`."))
        if state["pending"] is not None and verb == "pawn":
            raise IllegalMove(say("You revealed a tile: place it now with `tile <cell>` (no pawn "
                                  "instead)."))
        assert cell is not None
        if cell in state["board"]:
            raise IllegalMove(say("{cell} is not empty: pawns and tiles go on empty cells only.",
                                  cell=cell))
        board = dict(state["board"])
        if verb == "pawn":
            if not state["pawns"][seat - 1]:
                raise IllegalMove(say("You have no pawns left: reveal and place a tile."))
            pawns = list(state["pawns"])
            pawns[seat - 1] -= 1
            s["pawns"] = pawns
            board[cell] = {"kind": "pawn", "seat": seat}
            text = say("{who} placed a pawn on {cell}.", who=seat_of(seat), cell=cell)
        else:
            value = state["pending"]["value"]
            board[cell] = {"kind": "tile", "value": value}
            s["pending"] = None
            if state["options"]["open"]:
                text = say("{who} placed the {value} tile on {cell}.", who=seat_of(seat),
                           value=format_value(value), cell=cell)
            else:
                text = say("{who} placed the tile on {cell}.", who=seat_of(seat), cell=cell)
        s["board"] = board
        s["last_move"] = {"seat": seat, "move": format_move(verb, cell), "cells": [cell]}
        events: list[Event] = [{"seat": seat, "text": text}]
        self._advance(s, seat, events)
        return s, events

    def _reveal(self, s: State, seat: int) -> tuple[State, list[Event]]:
        """IO-6/IO-7 (and IO-V1): the next tile is shown to all; the same seat must place it."""
        if s["pending"] is not None:
            raise IllegalMove(say("You already revealed a tile: place it with `tile <cell>`."))
        if s["pile"] is not None:
            if not s["pile"]:
                raise IllegalMove(say("The common pile is empty: place a pawn."))
            value, s["pile"] = s["pile"][0], s["pile"][1:]
        else:
            reserve = s["reserves"][seat - 1]
            if not reserve:
                raise IllegalMove(say("You have no tiles left: place a pawn."))
            reserves = list(s["reserves"])
            value, reserves[seat - 1] = reserve[0], reserve[1:]
            s["reserves"] = reserves
        s["pending"] = {"seat": seat, "value": value}
        s["last_move"] = {"seat": seat, "move": "reveal", "cells": []}
        event: Event = {"seat": seat, "text": say("{who} revealed a {value} tile.", who=seat_of(seat),
                                                  value=format_value(value)),
                        "chance": "tile"}  # a shown tile can't be taken back (undo)
        if not s["options"]["open"]:
            event["transient"] = True  # IO-9: the announcement vanishes after the next move
        return s, [event]

    def _advance(self, s: State, seat: int, events: list[Event]) -> None:
        """Pass the turn to the left (next seat number); skip seats with nothing to place (IO-10)."""
        if len(s["board"]) == len(CELLS):
            self._finish(s, say("The board is full."), events)
            return
        n = s["players"]
        skipped = []
        for k in range(1, n + 1):
            nxt = (seat - 1 + k) % n + 1
            if self._can_move(s, nxt):
                s["turn"] = nxt
                events.extend(
                    {"seat": x, "text": say("{who} has nothing left to place and is skipped.",
                                            who=seat_of(x))}
                    for x in skipped
                )
                return
            skipped.append(nxt)
        self._finish(s, say("Nobody has anything left to place."), events)

    def _finish(self, s: State, reason: Text, events: list[Event]) -> None:
        """The game is over: ``reason`` is kept as Text data so a stored state still says it in
        any language; one closing line gives the reason, every score and who won."""
        s["over"], s["turn"], s["reason"] = True, None, dump(reason)
        res = self.result(s)
        table = listing([say("{who} {score}", who=seat_of(i), score=f"{p:+d}" if p else "0")
                         for i, p in enumerate(res.scores, start=1)])
        winners = [seat_of(w) for w in res.winners]
        who = winners[0] if len(winners) == 1 else say(
            "{first} and {last}", first=listing(winners[:-1]), last=winners[-1])
        if len(res.winners) == 1:
            line = say("Game over. {reason} Scores: {scores}. {who} wins.", reason=reason,
                       scores=table, who=who)
        else:
            line = say("Game over. {reason} Scores: {scores}. {who} share the win.",
                       reason=reason, scores=table, who=who)
        events.append({"text": line})

    def undo_barrier(
        self, before: State, after: State, seat: int, move: str, events: list[Event]
    ) -> UndoBarrier | None:
        """IO-6: a turn is one placement, which ends it (even when every other seat is skipped
        and the turn comes back); the only step inside a turn, the reveal, shows a tile (IO-7).
        So no move of this game can be taken back."""
        return super().undo_barrier(before, after, seat, move, events) or "turn"

    # -- reading ----------------------------------------------------------------------------------
    def result(self, state: State) -> Result:
        """Scores are live in open mode; in memory mode they stay 0 until the end (they would
        reveal placed values)."""
        n = state["players"]
        if not state["over"]:
            live = state["options"]["open"]
            return Result(False, scoring.scores(state["board"], n) if live else [0] * n)
        points = scoring.scores(state["board"], n)
        return Result(True, points, scoring.winners(points), load(state["reason"]))

    def view(self, state: State, seat: int | None) -> View:
        over = state["over"]
        shown = over or state["options"]["open"]
        board = {
            cell: item if item["kind"] == "pawn" or shown else {"kind": "tile", "value": None}
            for cell, item in state["board"].items()
        }
        points = scoring.scores(state["board"], state["players"]) if shown else None
        common = state["pile"] is not None
        seats = [
            {
                "seat": i,
                "pawns_left": state["pawns"][i - 1],
                "tiles_left": 0 if common else len(state["reserves"][i - 1]),
                "score": points[i - 1] if points else None,
            }
            for i in range(1, state["players"] + 1)
        ]
        final = None
        if over:
            final = {
                "tiles": {c: it["value"] for c, it in state["board"].items() if it["kind"] == "tile"},
                "pawn_values": scoring.pawn_values(state["board"]),
                "scores": points,
            }
        return {
            **view_head(self.id, state, seat, self.to_move(state),
                        _copy_last(state["last_move"]), self.result(state) if over else None),
            "board": {c: dict(v) for c, v in board.items()},
            "seats": seats,
            "pile": len(state["pile"]) if common else None,
            "pending": dict(state["pending"]) if state["pending"] else None,
            "final": final,
        }

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Every seat knows the same (IO-5: not even the owner sees their tiles), so ``seat`` does
        not matter: never-revealed tiles are redrawn from the unseen multiset."""
        return deal.resample(state, rng)

    # -- presentation ---------------------------------------------------------------------------
    def status(self, view: View) -> list[str]:
        """The common pile (variant) and the scores when the view shows them (open or over)."""
        pile = [say("pile {n}", n=view["pile"])] if view.get("pile") is not None else []
        return pile + super().status(view)

    def board_words(self, view: View) -> list[Text]:
        """The turn, a revealed tile, the pile, each seat, the board row by row."""
        return position_words(view)

    def menu_path(self, view: View, move: str) -> list[MenuStep]:
        """Verb, then the cell in two short choices: column (A–F), then row, glued (``join=""``)
        so the tokens still spell ``pawn C4``; 6 options a step instead of 36 in one select."""
        verb, cell = parse_move(move)
        if cell is None:
            return [MenuStep("reveal", say("Reveal a tile"))]
        return [MenuStep(verb, _verb_label(view, verb)),
                MenuStep(cell[0], say("Column {column}", column=cell[0])),
                MenuStep(cell[1], cell, join="")]

    def describe(self, view: View, move: str) -> Text:
        """``Place a pawn on C4``: one phrase (the column step adds nothing to read)."""
        verb, cell = parse_move(move)
        if cell is None:
            return say("Reveal a tile")
        if verb == "pawn":
            return say("Place a pawn on {cell}", cell=cell)
        pending = view.get("pending")
        if pending:
            return say("Place the {value} tile on {cell}", value=format_value(pending["value"]),
                       cell=cell)
        return say("Place the tile on {cell}", cell=cell)


def _verb_label(view: View, verb: str) -> Text:
    if verb == "pawn":
        return say("Place a pawn")
    pending = view.get("pending")
    if pending:
        return say("Place the {value} tile", value=format_value(pending["value"]))
    return say("Place the tile")


def _copy_last(last: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if last is None else {**last, "cells": list(last["cells"])}
