"""The Master Islands ``Game``: set-up, turn checks, views, results, determinization.

Decisions taken here where the rules file is silent (numbers live in ``cards.py``):
- ``setup.deck`` must hold at least the dealt cards plus the start card, and no card more often
  than the 48-card deck has it; an empty pile at a Supply that needs cards ends the game like
  drawing the last card (MI-16 / MI-K5).
- Corsair mode: ``first`` names the first crew seat; if it is the corsair's seat, the crew order
  starts at the next crew seat. Without ``first``, a crew seat is drawn.
- ``corsair`` and ``difficulty`` given outside corsair mode are refused (BadOptions), and are
  stored as None there.
- MI-C3 (table talk) is not an engine rule: the host may offer it; the engine does not police it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..base import (
    Event,
    Game,
    IllegalMove,
    MenuStep,
    PartnerTalk,
    Result,
    Sample,
    State,
    UndoBarrier,
    View,
    rng_for,
    setup_of,
)
from ..echo import echo
from ..options import FIRST_OPTION, BadOptions, Option, seat_option
from ..text import Text, say
from ..text import seat as seat_of
from . import flow, moves
from .cards import HAND_SIZE, ROUNDS, full_deck, is_card
from .coop import partner_seat, talk_range
from .levels import BOTS
from .menu import describe, menu_path
from .notation import parse
from .position import position_words
from .summary import SUMMARY
from .view import build_view

MODES = ("standard", "coop", "corsair")
PLAYERS_BY_MODE = {"standard": (2, 4), "coop": (4, 4), "corsair": (3, 4)}
CORSAIR_ONLY = ("corsair", "difficulty")


class MasterIslands(Game):
    id = "master-islands"
    name = "Master Islands"
    min_players = 2
    max_players = 4
    options = (
        Option("mode", MODES, "standard",
               say("Coop: 4 players in two teams. Corsair: 3–4 players, one corsair against the "
                   "crew."),
               label=say("Mode"),
               choice_texts={"standard": say("standard"), "coop": say("cooperative"),
                             "corsair": say("corsair")}),
        Option("corsair", None, None,
               say("Corsair mode: the corsair's seat number (default: the last)."),
               kind="seat", label=say("Corsair seat"), unset=say("the last seat")),
        Option("difficulty", tuple(ROUNDS), "medium",
               say("Corsair mode: the crew's rounds, easy 10, medium 7, hard 4."),
               label=say("Difficulty"),
               choice_texts={"easy": say("easy"), "medium": say("medium"), "hard": say("hard")}),
        FIRST_OPTION,
    )
    summary = SUMMARY
    bots = BOTS

    def samples(self) -> tuple[Sample, ...]:
        """Each mode; the corsair at another seat than the default, at the easy difficulty."""
        return (Sample(2), Sample(4, {"mode": "coop"}, 2), Sample(3, {"mode": "corsair"}, 3),
                Sample(4, {"mode": "corsair", "corsair": 2, "difficulty": "easy"}, 4))
    offers_partner_talk = True  # MI-C3, in coop mode

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        mode = str(options.get("mode") or "standard").strip().lower()
        # Raw options may name no mode (normalize_options then says which values exist).
        return PLAYERS_BY_MODE.get(mode, (self.min_players, self.max_players))

    def active_options(self, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """``corsair`` and ``difficulty`` only matter in corsair mode."""
        if options.get("mode") == "corsair":
            return self.options
        return tuple(o for o in self.options if o.name not in CORSAIR_ONLY)

    def teams(self, players: int, options: Mapping[str, Any]) -> list[list[int]]:
        """Coop: seats 1 & 3 against 2 & 4 (MI-C1). Corsair: the crew against the corsair (MI-K5)."""
        opts = self.normalize_options(players, options)
        if opts["mode"] == "coop":
            return [[1, 3], [2, 4]]
        if opts["mode"] == "corsair":
            crew = [s for s in range(1, players + 1) if s != opts["corsair"]]
            return [crew, [opts["corsair"]]]
        return super().teams(players, options)

    # -- set-up -----------------------------------------------------------------------------
    def normalize_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        raw = dict(options or {})
        out = super().normalize_options(players, raw)
        mode = out["mode"]
        if mode == "coop" and players != 4:
            raise BadOptions(say("Cooperative mode needs exactly 4 players (two teams of two), "
                                 "not {n}.", n=echo(players)))
        if mode != "corsair":
            for key in CORSAIR_ONLY:
                if raw.get(key) not in (None, ""):
                    raise BadOptions(say("Option '{option}' only applies to corsair mode "
                                         "(mode=corsair).", option=key))
            out["corsair"] = out["difficulty"] = None
            return out
        if not 3 <= players <= 4:
            raise BadOptions(say("Corsair mode needs 3 or 4 players (one corsair against 2 or 3), "
                                 "not {n}.", n=echo(players)))
        corsair = out.get("corsair")
        out["corsair"] = players if corsair in (None, "") else seat_option("corsair", corsair, players)
        return out

    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        opts = self.normalize_options(players, options)
        mode = opts["mode"]
        corsair = opts["corsair"]
        holders = [s for s in range(1, players + 1) if s != corsair]
        st: dict[str, Any] = {"seed": seed, "rng_counter": 0}
        rng = rng_for(st, "setup")
        deck = _setup_deck(setup, len(holders))
        if deck is None:
            deck = full_deck()
            rng.shuffle(deck)
        hands: list[list[str]] = [[] for _ in range(players)]
        for s in holders:  # setup.deck order (docs/rules/master-islands.md): 3 cards a seat, then the start
            hands[s - 1], deck = deck[:HAND_SIZE], deck[HAND_SIZE:]
        start, pile = deck[0], deck[1:]
        one = mode != "standard"  # MI-C1 / MI-K1: one galleon each (the corsair keeps two)
        galleons = [[[0, 0]] if one and s != corsair else [[0, 0], [0, 0]]
                    for s in range(1, players + 1)]
        first = opts["first"]
        if first is None:
            first = rng.choice(holders)
        order = _crew_order(first, holders, players) if mode == "corsair" else []
        st.update(
            rng_counter=1, players=players, options=opts, pile=pile, hands=hands,
            map=[[0, 0, start]], holes=[], galleons=galleons,
            collected=[[] for _ in range(players)], phase="discovery",
            current=order[0] if order else first, first=first,
            placed=False, sailed=False, bonus=False, order=order, index=0,
            round=1 if mode == "corsair" else None,
            rounds_max=ROUNDS[opts["difficulty"]] if mode == "corsair" else None,
            moves_left=0, last_move=None, result=None,
        )
        flow.begin_discovery(st, [])
        return st

    def record_setup(self, state: State) -> dict[str, Any]:
        """``{"deck": [...]}`` in the dealing order of docs/rules/master-islands.md: 3 cards per card-holding seat in seat
        order (the corsair holds none), the start card, then the pile. Valid for a fresh state."""
        corsair = state["options"]["corsair"]
        dealt = [c for s, hand in enumerate(state["hands"], 1) if s != corsair for c in hand]
        return {"deck": dealt + [state["map"][0][2]] + list(state["pile"])}

    # -- play ---------------------------------------------------------------------------------
    def to_move(self, state: State) -> list[int]:
        return [] if state["phase"] == "over" else [state["current"]]

    def legal(self, state: State, seat: int) -> list[str]:
        if state["phase"] == "over" or seat != state["current"]:
            return []
        return sorted(moves.legal(state))

    def parse(self, text: str) -> str:
        return parse(text)

    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[dict[str, Any]]]:
        text = parse(move)
        if state["phase"] == "over":
            raise IllegalMove(say("The game is over."))
        if seat != state["current"]:
            raise IllegalMove(say("It is not your turn: {who} is to move.",
                                  who=seat_of(state["current"])))
        reason = moves.refusal(state, text)
        if reason:
            raise IllegalMove(reason)
        st = _working_copy(state)
        events = moves.play(st, seat, text)
        return st, events

    def undo_barrier(
        self, before: State, after: State, seat: int, move: str, events: list[Event]
    ) -> UndoBarrier | None:
        """Besides a drawn card and a changed seat: a move that left ``seat`` at the start of a
        fresh turn (nothing placed or sailed, not after ``again``) went round the table, every
        other seat skipped (MI-9, MI-17), so the turn it belonged to is over."""
        barrier = super().undo_barrier(before, after, seat, move, events)
        fresh = (after["phase"] in ("discovery", "conquest") and not after["placed"]
                 and not after["sailed"])
        if barrier is None and fresh and move.split()[0] != "again":
            return "turn"
        return barrier

    def view(self, state: State, seat: int | None) -> View:
        return build_view(self.id, state, seat, self.result(state))

    def result(self, state: State) -> Result:
        scores = [len(c) for c in state["collected"]]
        res = state.get("result")
        if not res:
            return Result(False, scores)
        return Result(True, scores, list(res["winners"]), flow.reason_of(state))

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Reshuffle every card ``seat`` cannot see (other hands + pile), keeping sizes. The
        unseen cards are sorted before the shuffle, so the result depends on ``seat``'s view
        and ``rng`` only, never on where the hidden cards really are."""
        st = _working_copy(state)
        others = [s for s in range(1, st["players"] + 1) if s != seat]
        unseen = sorted(list(st["pile"]) + [c for s in others for c in st["hands"][s - 1]])
        rng.shuffle(unseen)
        for s in others:
            k = len(st["hands"][s - 1])
            st["hands"][s - 1], unseen = unseen[:k], unseen[k:]
        st["pile"] = unseen
        return st

    def menu_path(self, view: View, move: str) -> list[MenuStep]:
        return menu_path(view, move)

    def describe(self, view: View, move: str) -> Text:
        return describe(view, move)

    def status(self, view: View) -> list[str]:
        """Round (corsair mode), pile, each seat's collected cards, team totals (one fact per
        team: coop "team 1: 3", corsair "crew: 5")."""
        parts: list[str] = []
        if view.get("round") is not None and view.get("rounds_max") is not None:
            parts.append(say("round {round} of {rounds}", round=view["round"],
                             rounds=view["rounds_max"]))
        parts.append(say("pile {n}", n=view["pile"]))
        parts += super().status(view)
        for name, score in (view.get("team_scores") or {}).items():
            parts.append(say("team {team}: {score}", team=name, score=score) if str(name).isdigit()
                         else say("crew: {score}", score=score))
        return parts

    def board_words(self, view: View) -> list[Text]:
        """The turn, phase, goal and pile, each seat, the map row by row, the holes, the hand."""
        return position_words(view)

    def partner_talk(self, view: View, seat: int) -> PartnerTalk | None:
        """MI-C3: partners on one card talk secretly, on adjacent cards aloud, else by gestures."""
        reach = talk_range(view, seat)
        partner = partner_seat(view, seat) if reach is not None else None
        return None if reach is None or partner is None else PartnerTalk(partner, reach)


def _working_copy(state: State) -> dict[str, Any]:
    """A copy deep enough that ``moves.play`` never touches ``state`` (inner cells are shared
    but never mutated: map entries and holes are replaced, not edited)."""
    st = dict(state)
    st["pile"] = list(state["pile"])
    st["hands"] = [list(h) for h in state["hands"]]
    st["map"] = list(state["map"])
    st["holes"] = list(state["holes"])
    st["galleons"] = [[list(g) for g in seat] for seat in state["galleons"]]
    st["collected"] = [list(c) for c in state["collected"]]
    return st


def _crew_order(first: int, holders: list[int], players: int) -> list[int]:
    """MI-K3: crew seats in seat order from ``first`` (the corsair, if first, is skipped)."""
    cycle = [(first - 1 + i) % players + 1 for i in range(players)]
    return [s for s in cycle if s in holders]


def _setup_deck(setup: Mapping[str, Any] | None, holders: int) -> list[str] | None:
    """The record's deck (top first), or None to shuffle; a misspelt key is refused, not ignored."""
    setup = setup_of(setup, ("deck",))
    if setup.get("deck") is None:
        return None
    deck = setup["deck"]
    if not isinstance(deck, list) or not all(is_card(c) for c in deck):
        raise ValueError("setup 'deck' must be a list of cards like \"B4\"")
    need = holders * HAND_SIZE + 1
    if len(deck) < need:
        raise ValueError(f"setup 'deck' has {len(deck)} cards; dealing needs at least {need}")
    extra = Counter(deck) - Counter(full_deck())
    if extra:  # the game has 48 cards: 48 copies of one would make positions no game can reach
        shown = ", ".join(f"{card}×{n}" for card, n in sorted(extra.items()))
        raise ValueError(f"setup 'deck' has more cards than the game has: {echo(shown)} too many")
    return list(deck)
