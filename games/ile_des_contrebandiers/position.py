"""The position in words (:meth:`games.base.Game.board_words`), from a view only
(docs/views/ile-des-contrebandiers.md): the turn (its stage, the dice, the boats caught), the
beam and the reefs, each seat's score and deliveries, each boat and its tile, the tiles
floating, the path just sailed, the islands' stacks (counts), and the viewer's own tile. A tile
is said only as the view shows it: "a hidden tile" unless its side is known to this viewer."""

from __future__ import annotations

from typing import Any

from ..base import View, turn_words
from ..text import Text, listing, say, say_n, series
from ..text import seat as seat_text
from .board import LETTERS
from .words import YELLOW, island, points, seats, sector, tile

STAGES: dict[str, Text] = {
    "start": say("the boats choose their starting harbours"),
    "turn": say("choose which way the beam turns"),
    "drop": say("throw the caught tiles overboard"),
    "sail": say("sail, stay or load"),
    "load": say("load the floating tile or stay"),
    "push": say("push the boat or swap places"),
}


def position_words(view: View) -> list[Text]:
    """Every public fact of a L'île des contrebandiers view, most important first."""
    lines = [turn_words(view)]
    lines += [_score(s) for s in view["seats"]]
    turn = view.get("turn")
    if turn:
        lines.append(say("Turn of {player}: {stage}.", player=seat_text(turn["seat"]),
                         stage=STAGES.get(turn["stage"], turn["stage"])))
        if turn.get("caught"):
            lines.append(say("Caught by the beam this turn: {players}.",
                             players=seats(turn["caught"])))
        if turn.get("drops_left"):
            lines.append(say("Tiles still to throw overboard: those of {players}.",
                             players=seats(turn["drops_left"])))
    dice = view.get("dice")
    if dice:
        lines.append(say("Dice: the lighthouse die shows {yellow}, the white die {white}.",
                         yellow=YELLOW[dice["yellow"]], white=dice["white"]))
    beam = say("The beam lights {sector}.", sector=sector(view["beam"]))
    reefs = view.get("reefs") or []
    if reefs:
        beam = say("{beam} Reefs: {spaces}.", beam=beam, spaces=listing(reefs))
    lines.append(beam)
    lines += [_boat(view, b) for b in view["boats"]]
    lines.append(_floating(view))
    if view.get("path"):
        lines.append(say("Path just sailed: {spaces}.", spaces=listing(view["path"])))
    stacks = []
    for i in view["islands"]:
        stacks.append(say_n("{island} ({harbour}, sector {letter}): {n} tile",
                            "{island} ({harbour}, sector {letter}): {n} tiles",
                            i["goods_left"], island=island(i["island"]), harbour=i["harbour"],
                            letter=LETTERS[i["sector"]]))
    lines.append(say("Goods left on the islands: {islands}.", islands=series(stacks)))
    hand = view.get("hand")
    if hand:
        lines.append(say("Your tile: {tile}.", tile=tile(hand["destination"], hand["points"])))
    elif view.get("viewer") is not None:
        lines.append(say("Your boat carries no tile."))
    return lines


def _score(s: dict[str, Any]) -> Text:
    delivered = [tile(d["destination"], d["points"]) for d in s["delivered"]]
    if not delivered:
        return say("{player}: {points}, nothing delivered.", player=seat_text(s["seat"]),
                   points=points(s["score"]))
    return say("{player}: {points}, delivered {tiles}.", player=seat_text(s["seat"]),
               points=points(s["score"]), tiles=listing(delivered))


def _tile(t: dict[str, Any], own: bool) -> Text:
    if t.get("hidden"):
        return say("a hidden tile")
    known = tile(t["destination"], t["points"])
    if t.get("shown") or not own:
        return say("a tile for {tile}, shown to all", tile=known)
    return say("a tile for {tile}, seen only by you", tile=known)


def _boat(view: View, b: dict[str, Any]) -> Text:
    who = seat_text(b["seat"])
    if b["space"] is None:
        return say("The boat of {player} is not placed yet.", player=who)
    if b.get("tile") is None:
        return say("The boat of {player} is on {space}, empty.", player=who, space=b["space"])
    return say("The boat of {player} is on {space}, carrying {tile}.", player=who,
               space=b["space"], tile=_tile(b["tile"], b["seat"] == view.get("viewer")))


def _floating(view: View) -> Text:
    """``2 tiles float on the sea: 2g, hidden; 3c, for Gem Island (2 points).`` (a floating
    tile is known only once it was shown to all)."""
    floating = view.get("floating") or []
    if not floating:
        return say("No tile floats on the sea.")
    items = [say("{space}, hidden", space=f["space"]) if f["tile"].get("hidden")
             else say("{space}, for {tile}", space=f["space"],
                      tile=tile(f["tile"]["destination"], f["tile"]["points"]))
             for f in floating]
    return say_n("{n} tile floats on the sea: {tiles}.", "{n} tiles float on the sea: {tiles}.",
                 len(items), tiles=series(items))
