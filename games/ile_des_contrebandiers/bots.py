"""L'île des contrebandiers computer players. They decide from ``game.view(state, seat)`` and
``game.legal(state, seat)`` only (the view shows the seat its own tile; nothing is determinized).

greedy values a position as the points it is worth, discounted by the steps still to sail
(``GAMMA`` per step): a carried tile is worth ``points * GAMMA ** steps to its harbour``; an empty
boat is worth its best opportunity (a floating tile, shown ones at their value, hidden ones at the
average, or an island with goods) discounted by the steps to it. A carried tile is put at risk by
the beam: the chance that the rolls before the bot's next move light its sector (the beam's
step-by-step stop rule IC-9, black arrows chosen against it by rivals and for it by itself) costs
most of the tile's value. It then:

- start: the harbour whose island's tiles (IC-5) are worth most for their trip;
- turn (black arrows): the direction that catches rivals carrying tiles, spares its own tile, and
  leaves it the best sailing this turn;
- drop: a rival's tile far from the rivals, near itself when empty (its own tile: near itself,
  outside the lit sector);
- sail/stay/load: the end space of best value (delivery first, a win above all), pushes included:
  a rival carrying a tile pushed into the lit sector is caught, else pushed (or swapped) to where
  its tile is worth least;
- push: that same rival choice.
Ties are broken with the rng.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..base import Game, State
from ..levels import random_bot
from .board import HARBOURS, SECTORS, SPACES, distances_from, neighbours, sector_of

View = dict[str, Any]
Tile = tuple[int, int] | None
"""A tile as the bot values it: (destination, points) when known, None when hidden."""

GAMMA = 0.7
"""What one more step to sail costs a point (the white die moves 2.5 steps a turn on average)."""
PICKUP = 1
"""Loading a tile or taking one in a harbour ends the move: counted as one step more."""
WAIT = 3
"""Steps a turn spent waiting is worth (the white die's average, 2.5, rounded up)."""
RISK_ROLLS: int | None = None
"""Rolls the beam threat looks at: None, every roll up to (and including) the bot's next."""
LOSS = 0.8
"""Share of a carried tile's value lost when the beam catches the boat (it floats nearby)."""
WIN_POINTS = 7
WIN = 1000.0
FAR = 40
"""Steps counted for an unreachable space."""
ISLANDS = len(HARBOURS)
ISLAND_TILES = tuple(
    tuple(((k + j) % ISLANDS, points) for j, points in zip(range(1, 5), (1, 2, 3, 1), strict=True))
    for k in range(ISLANDS)
)
"""IC-5: the four tiles of island k go to islands k+1..k+4 worth 1, 2, 3, 1."""
MEAN_POINTS = sum(p for _, p in ISLAND_TILES[0]) / len(ISLAND_TILES[0])
YELLOW = ("cw2", "cw3", "ccw2", "ccw3", "any2", "sleep")
TIE = 1e-9


# -- geometry ------------------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _dist_map(origin: str, reefs: frozenset[str]) -> dict[str, int]:
    return distances_from(origin, reefs)


def dist(a: str, b: str, reefs: frozenset[str]) -> int:
    """Steps between two spaces avoiding reefs (the graph is undirected), ``FAR`` if cut off."""
    return _dist_map(b, reefs).get(a, FAR)


def is_harbour(space: str) -> bool:
    return space.startswith("H")


def island_of(harbour: str) -> int:
    return int(harbour[1:])


def lit_spaces(beam: int | None) -> frozenset[str]:
    if beam is None:
        return frozenset()
    return frozenset(s for s in SPACES if sector_of(s) == beam)


def sweep(beam: int, direction: int, steps: int, occupied: set[int]) -> tuple[int, int | None]:
    """Turn the beam step by step (IC-9): the new beam and the sector it stopped on (boats
    caught), None when it turned all its steps without meeting a boat."""
    for i in range(1, steps + 1):
        sector = (beam + direction * i) % SECTORS
        if sector in occupied:
            return sector, sector
    return (beam + direction * steps) % SECTORS, None


def reach(
    start: str, steps: int, lit: frozenset[str], reefs: frozenset[str], boats: set[str]
) -> dict[str, str]:
    """End spaces of a sail of 1..``steps`` steps (IC-11/12/14/17: no lit or reef space,
    entering a boat or a harbour ends it) -> a space the boat may enter it from."""
    out: dict[str, str] = {}
    frontier = [start]
    seen = {start}
    for _ in range(steps):
        nxt = []
        for here in frontier:
            for n in neighbours(here):
                if n in seen or n in lit or n in reefs:
                    continue
                seen.add(n)
                out[n] = here
                if not is_harbour(n) and n not in boats:
                    nxt.append(n)
        frontier = nxt
    return out


@lru_cache(maxsize=16384)
def beam_risk(beam: int, sector: int, others: frozenset[int], rolls: int, players: int) -> float:
    """Chance that the next ``rolls`` rolls light ``sector`` anew (IC-9's stop rule), the beam
    at ``beam``, other boats in the sectors ``others``; the last of ``players`` rolls is the
    bot's own (it picks black arrows' way against it), the others' pick it for it. A pure
    function of the geometry, so it is computed once per situation."""
    occupied = set(others) | {sector}
    beams: dict[int, float] = {beam: 1.0}
    caught = 0.0
    for roll in range(rolls):
        own = roll == players - 1  # the bot's own roll comes after every rival's
        after: dict[int, float] = {}
        for beam, chance in beams.items():
            share = chance / len(YELLOW)
            for face in YELLOW:
                if face == "sleep":
                    after[beam] = after.get(beam, 0.0) + share
                    continue
                if face == "any2":
                    options = [sweep(beam, d, 2, occupied) for d in (1, -1)]
                    hits = [o for o in options if o[1] == sector]
                    misses = [o for o in options if o[1] != sector]
                    if own and misses:
                        options = misses[:1]
                    elif not own and hits:
                        options = hits[:1]
                else:
                    direction = 1 if face.startswith("cw") else -1
                    options = [sweep(beam, direction, int(face[-1]), occupied)]
                for new, stop in options:
                    part = share / len(options)
                    if stop == sector:
                        caught += part
                    else:
                        after[new] = after.get(new, 0.0) + part
        beams = after
    return caught


# -- reading the view ----------------------------------------------------------------------------


def tile_of(raw: dict[str, Any] | None) -> Tile:
    if raw is None or raw.get("hidden", True) or raw.get("destination") is None:
        return None
    return int(raw["destination"]), int(raw["points"])


class Board:
    """The view read once: boats, floating tiles, beam, reefs, scores and the bot's own tile."""

    def __init__(self, view: View, seat: int) -> None:
        self.view = view
        self.seat = seat
        self.reefs = frozenset(view.get("reefs") or ())
        self.beam: int | None = view.get("beam")
        self.lit = lit_spaces(self.beam)
        self.boats: dict[int, str | None] = {b["seat"]: b.get("space") for b in view["boats"]}
        self.boat_tiles: dict[int, dict[str, Any] | None] = {
            b["seat"]: b.get("tile") for b in view["boats"]
        }
        self.floating: dict[str, Tile] = {
            f["space"]: tile_of(f.get("tile")) for f in view.get("floating") or ()
        }
        self.goods = {i["island"]: i.get("goods_left", 0) for i in view.get("islands") or ()}
        self.scores = {s["seat"]: s.get("score", 0) for s in view.get("seats") or ()}
        self.players = len(self.boats)
        self.me = self.boats.get(seat)
        hand = view.get("hand")
        if hand:
            self.mine: Tile = (int(hand["destination"]), int(hand["points"]))
        else:
            self.mine = tile_of(self.boat_tiles.get(seat))
        self.carrying = self.boat_tiles.get(seat) is not None or hand is not None
        self._risk: dict[int, float] = {}
        self._others: frozenset[int] | None = None
        self._mean_risk: float | None = None

    # -- what tiles are worth --------------------------------------------------------------------

    def known_value(self, space: str, tile: tuple[int, int]) -> float:
        destination, points = tile
        return points * GAMMA ** dist(space, HARBOURS[destination], self.reefs)

    def hidden_value(self, space: str) -> float:
        """A hidden tile: any destination, the average points (IC-5)."""
        return sum(MEAN_POINTS * GAMMA ** dist(space, h, self.reefs) for h in HARBOURS) / len(
            HARBOURS
        )

    def tile_value(self, space: str, tile: Tile) -> float:
        return self.hidden_value(space) if tile is None else self.known_value(space, tile)

    def island_value(self, k: int) -> float:
        """Island k's next tile, taken in its harbour (IC-5 prior)."""
        here = HARBOURS[k]
        return sum(self.known_value(here, t) for t in ISLAND_TILES[k]) / len(ISLAND_TILES[k])

    def empty_value(self, space: str, seat: int | None = None) -> float:
        """An empty boat at ``space``: its best opportunity, discounted by the steps to it."""
        seat = self.seat if seat is None else seat
        best = 0.0
        # a tile taken later will face the beam too: the average sector's threat
        later = 1.0 - LOSS * self.mean_risk()
        for f, tile in self.floating.items():
            # standing on it without loading: loading later costs a whole turn
            steps = dist(space, f, self.reefs) + PICKUP if f != space else WAIT
            value = GAMMA**steps * self.tile_value(f, tile)
            if self._beaten_to(f, steps, seat):
                value *= 0.6
            best = max(best, value)
        for k in range(ISLANDS):
            if self.goods.get(k, 0) > 0:
                steps = dist(space, HARBOURS[k], self.reefs) + PICKUP
                best = max(best, GAMMA**steps * self.island_value(k))
        return best * later

    def _beaten_to(self, target: str, steps: int, seat: int) -> bool:
        """An empty rival boat nearer to a floating tile will likely take it first."""
        for other, space in self.boats.items():
            if other == seat or space is None or self.boat_tiles.get(other) is not None:
                continue
            if dist(space, target, self.reefs) + PICKUP < steps:
                return True
        return False

    # -- the beam ----------------------------------------------------------------------------------

    def mean_risk(self) -> float:
        if self._mean_risk is None:
            self._mean_risk = sum(self.risk(s) for s in range(SECTORS)) / SECTORS
        return self._mean_risk

    def risk(self, sector: int) -> float:
        """Chance that the rolls up to (and including) the bot's next one light ``sector`` anew
        with the bot's boat in it, other boats where they are (they stop the beam too)."""
        if sector in self._risk:
            return self._risk[sector]
        if self._others is None:
            self._others = frozenset(
                sector_of(s)
                for seat, s in self.boats.items()
                if seat != self.seat and s is not None and not is_harbour(s)
            )
        beam = self.beam if self.beam is not None else 0
        rolls = max(self.players, 1) if RISK_ROLLS is None else RISK_ROLLS
        self._risk[sector] = caught = beam_risk(beam, sector, self._others, rolls, self.players)
        return caught

    # -- valuing where a boat ends -----------------------------------------------------------------

    def carried_value(self, space: str, tile: Tile) -> float:
        """The bot carrying ``tile`` at ``space``, the beam's threat included."""
        value = self.tile_value(space, tile)
        if is_harbour(space):
            return value
        return value * (1.0 - LOSS * self.risk(sector_of(space)))

    def end_value(self, space: str, load: bool | None) -> float:
        """The bot's boat ending its move at ``space``. ``load``: True loads the floating tile
        there, False does not, None takes the better (a sail may be followed by ``load``)."""
        mine, carrying = self.mine, self.carrying
        if is_harbour(space):
            k = island_of(space)
            if carrying and mine is not None and mine[0] == k:
                points = mine[1]
                if self.scores.get(self.seat, 0) + points >= WIN_POINTS:
                    return WIN
                after = (
                    self.island_value(k) if self.goods.get(k, 0) > 0 else self.empty_value(space)
                )
                return points + after
            if carrying:
                return self.tile_value(space, mine) - 0.02  # shown to all (IC-14), safe
            if self.goods.get(k, 0) > 0:
                return GAMMA**PICKUP * self.island_value(k)
            return self.empty_value(space)
        keep = self.carried_value(space, mine) if carrying else self.empty_value(space)
        if space not in self.floating or load is False:
            return keep
        loaded = self.carried_value(space, self.floating[space])
        return loaded if load else max(keep, loaded)

    # -- rivals ------------------------------------------------------------------------------------

    def rival_weight(self, seat: int) -> float:
        return 1.0 + 0.15 * self.scores.get(seat, 0)

    def rival_value(self, seat: int, space: str, caught: bool = False) -> float:
        """What a rival's boat at ``space`` is worth to it (its tile only when it carries one)."""
        raw = self.boat_tiles.get(seat)
        if raw is None:
            return 0.3 * self.empty_value(space, seat)
        tile = tile_of(raw)
        if caught:
            return 0.2 * self.tile_value(space, tile)
        if is_harbour(space) and tile is not None and tile[0] == island_of(space):
            if self.scores.get(seat, 0) + tile[1] >= WIN_POINTS:
                return WIN / 10
            return float(tile[1]) + 0.5
        return self.tile_value(space, tile)

    def push_gain(self, seat: int, at: str, entered_from: str | None, moves: list[str]) -> float:
        """Best loss the bot can inflict on the rival ``seat`` at ``at`` by ``push``/``swap``."""
        return max((g for g, _ in self.push_options(seat, at, entered_from, moves)), default=0.0)

    def push_options(
        self, seat: int, at: str, entered_from: str | None, moves: list[str] | None
    ) -> list[tuple[float, str]]:
        before = self.rival_value(seat, at)
        weight = self.rival_weight(seat)
        options: list[tuple[float, str]] = []
        if moves is None:  # valuing a sail: the pushes the engine will offer (IC-12, IC-16)
            others = {
                s for k, s in self.boats.items() if k not in (seat, self.seat) and s is not None
            }
            moves = [
                f"push {n}"
                for n in neighbours(at)
                if not is_harbour(n) and n not in self.reefs and n not in others
            ]
            moves.append("swap")
        for move in moves:
            if move == "swap":
                target = entered_from
            elif move.startswith("push "):
                target = move.split()[1]
            else:
                continue
            if target is None:
                # a swap after a one-step sail: the start is not in the view, assume the worst
                # of the spaces next to ``at`` it may have been
                after = max(
                    (self.rival_value(seat, n) for n in neighbours(at) if n not in self.reefs),
                    default=before,
                )
            else:
                after = self.rival_value(seat, target, target in self.lit)
            options.append((weight * (before - after), move))
        return options


# -- the decisions -------------------------------------------------------------------------------


def best(scored: list[tuple[float, str]], rng: random.Random) -> str:
    top = max(v for v, _ in scored)
    return rng.choice(sorted(m for v, m in scored if v >= top - TIE))


def start_move(board: Board, legal: list[str], rng: random.Random) -> str:
    scored = []
    for move in legal:
        harbour = move.split()[1]
        k = island_of(harbour)
        value = board.island_value(k) if board.goods.get(k, 0) > 0 else 0.0
        if board.beam == 2 * k:
            value -= 0.01  # its only way out is lit
        scored.append((value, move))
    return best(scored, rng)


def sail_value(board: Board, move: str, dice_white: int | None) -> float:
    verb, *path = move.split()
    here = board.me
    if verb == "stay" or here is None:
        return board.end_value(here, False) if here else 0.0
    if verb == "load":
        return board.end_value(here, True)
    end = path[-1]
    entered_from = path[-2] if len(path) > 1 else here
    for other, space in board.boats.items():
        if other != board.seat and space == end and not is_harbour(end):
            # the move ends there (no load); the push or swap follows
            value = board.end_value(end, False)
            return value + board.push_gain(other, end, entered_from, None)
    return board.end_value(end, None)


def turn_move(board: Board, legal: list[str], rng: random.Random) -> str:
    dice = board.view.get("dice") or {}
    white = int(dice.get("white") or 0)
    beam = board.beam if board.beam is not None else 0
    at_sector: dict[int, list[int]] = {}
    for seat, space in board.boats.items():
        if space is not None and not is_harbour(space):
            at_sector.setdefault(sector_of(space), []).append(seat)
    scored = []
    for move in legal:
        direction = 1 if move.endswith(" cw") else -1
        new, stop = sweep(beam, direction, 2, set(at_sector))
        value = 0.0
        caught = at_sector.get(stop, []) if stop is not None else []
        for seat in caught:
            if board.boat_tiles.get(seat) is None:
                continue
            space = board.boats[seat]
            if seat == board.seat:
                value -= 1.5 * board.tile_value(space, board.mine)
            else:
                value += board.rival_weight(seat) * board.tile_value(
                    space, tile_of(board.boat_tiles[seat])
                )
        value += 0.5 * best_sail(board, new, white, board.seat in caught)
        scored.append((value, move))
    return best(scored, rng)


def best_sail(board: Board, beam: int, white: int, lose_tile: bool) -> float:
    """The bot's best end value this turn with the beam at ``beam`` (a rough look ahead)."""
    if board.me is None:
        return 0.0
    trial = Board(board.view | {"beam": beam}, board.seat)
    if lose_tile:
        trial.carrying, trial.mine = False, None
    boats = {s for k, s in trial.boats.items() if k != trial.seat and s and not is_harbour(s)}
    ends = reach(trial.me, white, trial.lit, trial.reefs, boats)
    values = [trial.end_value(trial.me, None)] if not is_harbour(trial.me) else [0.0]
    values += [trial.end_value(e, None) for e in ends if e not in boats]
    return max(values)


def drop_move(board: Board, legal: list[str], rng: random.Random) -> str:
    """IC-10: the roller places a caught boat's tile. A rival's tile goes far from the rivals
    (the caught owner is next to every space offered), near the bot's own boat when it sails
    empty this turn (best: within this turn's reach); the bot's own tile goes within its reach."""
    turn = board.view.get("turn") or {}
    owner = (turn.get("drops_left") or [None])[0]
    caught = set(turn.get("caught") or ())
    white = int((board.view.get("dice") or {}).get("white") or 0)
    sea_boats = {s for k, s in board.boats.items() if k != board.seat and s and not is_harbour(s)}
    mine = reach(board.me, white, board.lit, board.reefs, sea_boats) if board.me else {}
    rivals = [s for k, s in board.boats.items() if k not in (board.seat, owner) and s is not None]
    empty = board.boat_tiles.get(board.seat) is None or board.seat in caught
    scored = []
    for move in legal:
        space = move.split()[1]
        far = min((dist(r, space, board.reefs) for r in rivals), default=FAR)
        value = 0.3 * min(far, 8)
        if board.me is not None and empty:
            value -= 0.5 * dist(board.me, space, board.reefs)
            if space in mine and space not in sea_boats:
                value += 3.0
        scored.append((value, move))
    return best(scored, rng)


def push_move(board: Board, legal: list[str], rng: random.Random) -> str:
    path = board.view.get("path") or []
    at = path[-1] if path else board.me
    entered_from = path[-2] if len(path) > 1 else None
    if entered_from is None and board.me is not None and board.me != at:
        entered_from = board.me
    pushed = next(
        (k for k, s in board.boats.items() if k != board.seat and s == at and at is not None),
        None,
    )
    if pushed is None:
        return rng.choice(legal)
    return best(board.push_options(pushed, at, entered_from, legal), rng)


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    legal = game.legal(state, seat)
    if len(legal) <= 1:
        return random_bot(game, state, seat, rng)
    board = Board(game.view(state, seat), seat)
    verbs = {m.split()[0] for m in legal}
    if "start" in verbs:
        return start_move(board, [m for m in legal if m.startswith("start ")], rng)
    if "turn" in verbs:
        return turn_move(board, [m for m in legal if m.startswith("turn ")], rng)
    if "drop" in verbs:
        return drop_move(board, [m for m in legal if m.startswith("drop ")], rng)
    if verbs & {"push", "swap"}:
        return push_move(board, [m for m in legal if m.split()[0] in ("push", "swap")], rng)
    if verbs & {"sail", "stay", "load"}:
        white = (board.view.get("dice") or {}).get("white")
        values: dict[tuple[str, str | None], float] = {}
        scored = []
        for move in legal:
            verb, *path = move.split()
            # paths to the same end from the same space are worth the same
            key = (path[-1], path[-2] if len(path) > 1 else None) if path else (verb, None)
            if key not in values:
                values[key] = sail_value(board, move, white)
            scored.append((values[key], move))
        return best(scored, rng)
    return rng.choice(legal)

