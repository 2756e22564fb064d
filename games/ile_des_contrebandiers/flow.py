"""The turn as the rules run it (IC-7 … IC-17): taking a tile, the dice, the beam, catches and
drops, sailing, pushes, loading, harbours, the end. Functions here change a working copy ``st``
of the state in place and append events; legality is checked before (``moves.py``). Events that
roll the dice or show a hidden tile (to anyone) carry ``chance``: no undo past them.

Tiles are strings ``"<destination>:<points>"`` (``"3:2"``). ``st["boats"][i]`` is ``{"space",
"tile", "shown"}`` (seat i + 1; ``shown``: known to all since a wrong harbour, IC-16);
``st["floating"]`` maps a sea space to ``{"tile", "shown"}``. ``st["turn"]`` holds the keys of
the view's ``turn`` (docs/views/ile-des-contrebandiers.md) plus ``white`` (the white die), ``after`` (``"sail"``: the
drops come before the sail; ``"end"``: they end the turn, after a push into the lit sector),
``from`` (the space the mover entered the pushed boat's space from) and ``pushed`` (that seat).
"""

from __future__ import annotations

from typing import Any

from ..base import rng_for
from ..text import Text, dump, say, say_n
from ..text import seat as player
from . import words
from .board import SECTORS, is_harbour, island_of, sector_of

St = dict[str, Any]
Events = list[dict[str, Any]]

YELLOW_FACES = ("cw2", "cw3", "ccw2", "ccw3", "any2", "sleep")
WHITE_FACES = (1, 2, 2, 3, 3, 4)
YELLOW_TEXT = words.YELLOW
TURNS = {"cw2": (1, 2), "cw3": (1, 3), "ccw2": (-1, 2), "ccw3": (-1, 3)}
WIN_POINTS = 7

_TILES: dict[str, tuple[int, int]] = {}


def tile_info(tile: str) -> tuple[int, int]:
    """``"3:2"`` -> ``(3, 2)``: (destination island, points)."""
    info = _TILES.get(tile)
    if info is None:
        d, p = tile.split(":")
        info = _TILES[tile] = (int(d), int(p))
    return info


def tile_text(tile: str) -> Text:
    return words.tile(*tile_info(tile))


def sector_name(sector: int) -> Text:
    return words.sector(sector)


def score(st: St, seat: int) -> int:
    return sum(tile_info(t)[1] for t in st["delivered"][seat - 1])


def tiles_left(st: St) -> int:
    """Tiles still in play: island stacks, boats, sea (IC-16's no-tile end when 0)."""
    return (sum(len(s) for s in st["stacks"]) + len(st["floating"])
            + sum(1 for b in st["boats"] if b["tile"] is not None))


def boat_at(st: St, space: str, but: int = 0) -> int | None:
    """The seat whose boat is on sea space ``space`` (other than seat ``but``), if any."""
    for i, b in enumerate(st["boats"], start=1):
        if i != but and b["space"] == space:
            return i
    return None


# -- chance -------------------------------------------------------------------------------------
def roll(st: St) -> tuple[str, int]:
    """IC-8: the next [yellow, white] pair, from ``script`` then the seeded generator."""
    used = st["dice_used"]
    st["dice_used"] = used + 1
    if used < len(st["script"]):
        yellow, white = st["script"][used]
        return yellow, white
    rnd = rng_for(st, "dice")
    st["rng_counter"] += 1
    return YELLOW_FACES[rnd.randrange(6)], WHITE_FACES[rnd.randrange(6)]


# -- the turn -----------------------------------------------------------------------------------
def take_tile(st: St, seat: int, events: Events) -> None:
    """IC-7: the top tile of the island whose harbour the boat is in, seen by its owner only."""
    boat = st["boats"][seat - 1]
    k = island_of(boat["space"])
    stack = st["stacks"][k]
    if not stack:
        events.append({"text": say("{who} finds no tile left on {island}.", who=player(seat),
                                   island=words.island(k)), "seat": seat})
        return
    tile = stack[0]
    st["stacks"][k] = stack[1:]
    boat["tile"], boat["shown"] = tile, False
    events.append({"text": say("{who} takes a tile from {island}.", who=player(seat),
                               island=words.island(k)), "seat": seat,
                   "private": {seat: your_tile(tile)}, "chance": "tile"})


def your_tile(tile: str) -> Text:
    """The private line telling a boat's owner where its new tile goes."""
    return say("Your tile goes to {tile}.", tile=tile_text(tile))


def begin_turn(st: St, seat: int, events: Events) -> None:
    """IC-7, IC-8, IC-9 without a move (IC-17): take a tile, roll, turn the beam."""
    st["turn"] = {"seat": seat, "stage": "sail", "caught": [], "drops_left": [], "white": 0,
                  "after": "sail", "from": None, "pushed": None}
    boat = st["boats"][seat - 1]
    if boat["tile"] is None and is_harbour(boat["space"]):
        take_tile(st, seat, events)
    yellow, white = roll(st)
    st["dice"] = {"yellow": yellow, "white": white}
    st["turn"]["white"] = white
    events.append({"text": say("{who} rolls: {yellow}, white {white}.", who=player(seat),
                               yellow=YELLOW_TEXT[yellow], white=white),
                   "seat": seat, "chance": "die"})
    if yellow == "any2":
        st["turn"]["stage"] = "turn"
    elif yellow != "sleep":  # IC-16: the sleeping keeper turns nothing, catches nobody
        rotate(st, *TURNS[yellow], events)


def rotate(st: St, direction: int, steps: int, events: Events) -> None:
    """IC-9: step by step; the beam stops on the first sector holding any boat (IC-17)."""
    turn = st["turn"]
    beam = st["beam"]
    sectors: dict[int, list[int]] = {}
    for i, b in enumerate(st["boats"], start=1):
        s = sector_of(b["space"]) if b["space"] else None
        if s is not None:
            sectors.setdefault(s, []).append(i)
    caught: list[int] = []
    done = 0
    while done < steps:
        beam = (beam + direction) % SECTORS
        done += 1
        caught = sectors.get(beam, [])
        if caught:
            break
    st["beam"] = beam
    fields = {"way": words.way(direction), "sector": sector_name(beam)}
    if not caught:
        events.append({"text": say_n("The beam turns {n} step {way} to {sector}.",
                                     "The beam turns {n} steps {way} to {sector}.", done,
                                     **fields), "seat": turn["seat"]})
        return
    roller = turn["seat"]
    players = st["players"]
    caught = sorted(caught, key=lambda s: (s - roller) % players)
    if len(caught) == 1:
        text = say_n("The beam turns {n} step {way} to {sector} and stops: {who} is caught.",
                     "The beam turns {n} steps {way} to {sector} and stops: {who} is caught.",
                     done, who=player(caught[0]), **fields)
    else:
        text = say_n("The beam turns {n} step {way} to {sector} and stops: {who} are caught.",
                     "The beam turns {n} steps {way} to {sector} and stops: {who} are caught.",
                     done, who=words.seats(caught), **fields)
    events.append({"text": text, "seat": roller})
    catch(st, caught)


def catch(st: St, seats: list[int]) -> None:
    """IC-10: caught boats with a tile wait for the roller's drops (seat order from the roller)."""
    turn = st["turn"]
    turn["caught"] = turn["caught"] + seats
    drops = [s for s in seats if st["boats"][s - 1]["tile"] is not None]
    if drops:
        turn["drops_left"] = turn["drops_left"] + drops
        turn["stage"] = "drop"


def drop(st: St, space: str, events: Events) -> None:
    turn = st["turn"]
    owner = turn["drops_left"][0]
    boat = st["boats"][owner - 1]
    st["floating"][space] = {"tile": boat["tile"], "shown": boat["shown"]}
    boat["tile"], boat["shown"] = None, False
    turn["drops_left"] = turn["drops_left"][1:]
    if owner == turn["seat"]:
        text = say("{who} throws their own tile overboard onto {space}.", who=player(owner),
                   space=space)
    else:
        text = say("{who} throws {owner}'s tile overboard onto {space}.", who=player(turn["seat"]),
                   owner=player(owner), space=space)
    events.append({"text": text, "seat": turn["seat"]})
    if not turn["drops_left"]:
        if turn["after"] == "end":
            end_turn(st, events)
        else:
            turn["stage"] = "sail"


def sail(st: St, seat: int, path: list[str], events: Events) -> None:
    """IC-11 … IC-14 (IC-17's steps after a sail)."""
    turn = st["turn"]
    boat = st["boats"][seat - 1]
    start = boat["space"]
    end = path[-1]
    boat["space"] = end
    st["path"] = list(path)
    events.append({"text": say("{who} sails from {start}: {path}.", who=player(seat), start=start,
                               path=" → ".join(path)), "seat": seat})
    if is_harbour(end):
        arrive(st, seat, events)
        end_turn(st, events)
        return
    other = boat_at(st, end, but=seat)
    if other is not None:
        turn["stage"] = "push"
        turn["pushed"] = other
        turn["from"] = path[-2] if len(path) > 1 else start
        events.append({"text": say("{who} runs into {other}'s boat.", who=player(seat),
                                   other=player(other)), "seat": seat})
    elif end in st["floating"]:
        turn["stage"] = "load"
    else:
        end_turn(st, events)


def push(st: St, seat: int, target: str | None, events: Events) -> None:
    """IC-12 / IC-16: ``target`` a free neighbouring sea space, or None for the swap."""
    turn = st["turn"]
    other = turn["pushed"]
    boat = st["boats"][other - 1]
    if target is None:
        target = turn["from"]
        st["boats"][other - 1]["space"] = target
        events.append({"text": say("{who} swaps places with {other}, who goes to {space}.",
                                   who=player(seat), other=player(other), space=target),
                       "seat": seat})
    else:
        boat["space"] = target
        events.append({"text": say("{who} pushes {other} to {space}.", who=player(seat),
                                   other=player(other), space=target), "seat": seat})
    turn["pushed"] = None
    if is_harbour(target):
        arrive(st, other, events)
    elif sector_of(target) == st["beam"]:  # pushed into the light: caught (IC-10)
        events.append({"text": say("{who} is caught in the beam.", who=player(other)),
                       "seat": seat})
        turn["after"] = "end"
        catch(st, [other])
        if turn["stage"] == "drop":
            return
    end_turn(st, events)


def load(st: St, seat: int, events: Events) -> None:
    """IC-13: load the floating tile, or swap one's own tile for it."""
    boat = st["boats"][seat - 1]
    space = boat["space"]
    found = st["floating"].pop(space)
    if boat["tile"] is not None:
        st["floating"][space] = {"tile": boat["tile"], "shown": boat["shown"]}
        text = say("{who} swaps their tile for the one on {space}.", who=player(seat),
                   space=space)
    else:
        text = say("{who} loads the tile on {space}.", who=player(seat), space=space)
    boat["tile"], boat["shown"] = found["tile"], found["shown"]
    events.append({"text": text, "seat": seat, "chance": "tile",
                   "private": {seat: your_tile(found["tile"])}})
    end_turn(st, events)


def arrive(st: St, seat: int, events: Events) -> None:
    """IC-14 / IC-15: a boat entering harbour k shows its tile; delivered if it is for k."""
    boat = st["boats"][seat - 1]
    k = island_of(boat["space"])
    tile = boat["tile"]
    if tile is None:
        return
    dest, points = tile_info(tile)
    if dest != k:
        boat["shown"] = True
        events.append({"text": say("{who} shows their tile at {island}: it goes to {tile}.",
                                   who=player(seat), island=words.island(k), tile=tile_text(tile)),
                       "seat": seat, "chance": "tile"})
        return
    st["delivered"][seat - 1] = st["delivered"][seat - 1] + [tile]
    boat["tile"], boat["shown"] = None, False
    total = score(st, seat)
    events.append({"text": say_n("{who} delivers a tile to {island}: {n} point (total {total}).",
                                 "{who} delivers a tile to {island}: {n} points (total {total}).",
                                 points, who=player(seat), island=words.island(k), total=total),
                   "seat": seat, "chance": "tile"})
    if total >= WIN_POINTS:
        finish(st, [seat], say("{who} reached {total} points.", who=player(seat), total=total))
        events.append({"text": say("{who} wins with {total} points!", who=player(seat),
                                   total=total), "seat": seat})
        return
    take_tile(st, seat, events)


def end_turn(st: St, events: Events) -> None:
    """The turn is over: the no-tile end (IC-16), else the next seat's turn starts (IC-17)."""
    if st["over"]:
        return
    if tiles_left(st) == 0:
        no_tile_end(st, events)
        return
    seat = st["turn"]["seat"]
    begin_turn(st, seat % st["players"] + 1, events)


def no_tile_end(st: St, events: Events) -> None:
    scores = [score(st, s) for s in range(1, st["players"] + 1)]
    best = max(scores)
    winners = [i for i, v in enumerate(scores, start=1) if v == best]
    if len(winners) == 1:
        reason = say("No tile is left: {who} has the most points ({best}).",
                     who=player(winners[0]), best=best)
    else:
        reason = say("No tile is left: {who} have the most points ({best}).",
                     who=words.seats(winners), best=best)
    finish(st, winners, reason)
    events.append({"text": reason, "seat": None})


def finish(st: St, winners: list[int], reason: Text) -> None:
    """The game ends; the state keeps the reason as :func:`games.text.dump` data (plain JSON
    that still knows how to say it in any language)."""
    st["over"] = True
    st["winners"] = winners
    st["reason"] = dump(reason)
    st["turn"] = None
