"""Game records: replay a record, simulate a game with computer players.

A record is ``{"game", "players", "options", "seed", "setup", "moves"}``; each move is
``{"seat": n, "move": "text"}`` (a bare string is accepted when exactly one seat is to move).
Whatever a record file holds, reading and replaying it ends in a result or in one short
:class:`BadRecord` sentence, never a traceback (tests/games/test_fuzz_records.py).
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .base import Game, IllegalMove, State
from .echo import echo
from .options import BadOptions
from .registry import UnknownGame, get_game
from .text import say


class BadRecord(ValueError):
    """A record that cannot be read (shape, unknown game, bad options). Message is for people:
    what a replay of a stored game can meet (a game, an option or a move refused since) is a
    Text, translated for players; the record format's own checks stay English (people who
    write record files read them)."""


def sentence(exc: BaseException) -> Any:
    """The sentence an exception carries: its Text when it has one (translatable), else its
    str."""
    first = exc.args[0] if exc.args else None
    return first if isinstance(first, str) else str(exc)


MAX_DEPTH = 8
"""Records nest four levels at most (record, setup, a list of lists, a value); deeper is junk."""

MAX_WHOLE = 2**63
"""Whole numbers in a record stay below this (seeds, seats, counts): no 4,000-digit seat."""


def read_record(text: str) -> Any:
    """The JSON in ``text`` as a record's raw value; :class:`BadRecord` with a sentence for text
    that is not JSON, JSON nested too deeply to read, or a number too long to convert."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadRecord(f"not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise BadRecord("not a record: its JSON is nested too deeply to read.") from None
    except ValueError:  # int() refuses numbers over sys.get_int_max_str_digits() digits
        raise BadRecord(f"not a record: it holds a number over {sys.get_int_max_str_digits():,} "
                        "digits long.") from None
    check_plain(value)
    return value


def check_plain(value: Any) -> None:
    """BadRecord unless ``value`` nests at most MAX_DEPTH levels and its whole numbers stay below
    MAX_WHOLE (walked without recursion, so any depth is safe to check)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) >= MAX_WHOLE:
            raise BadRecord(f"the record holds a number too large for a game: {echo(item)}.")
        if isinstance(item, (list, dict)):
            if depth > MAX_DEPTH:
                raise BadRecord(f"the record is nested more than {MAX_DEPTH} levels deep; "
                                "records never need more than 4.")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)


def _kind(value: Any) -> str:
    """A JSON value's kind in words, for "must be a list, not text"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (int, float)):
        return "a number"
    return "a list" if isinstance(value, list) else "an object"


def _field(record: Mapping[str, Any], key: str, kind: type, words: str) -> Any:
    """``record[key]``, None when absent or null; BadRecord when of another JSON kind
    (``false``, ``[]`` and ``""`` are refused, not taken as absent)."""
    value = record.get(key)
    if value is not None and not isinstance(value, kind):
        raise BadRecord(f"'{key}' must be {words}, not {_kind(value)}.")
    return value


def seat_and_text(game: Game, state: State, entry: Any, index: int) -> tuple[int, str]:
    """The seat and move text of record entry ``index``; :class:`IllegalMove` if unreadable."""
    if isinstance(entry, str):
        movers = game.to_move(state)
        if len(movers) != 1:
            raise IllegalMove(f"move {index} has no seat and {len(movers)} seats may move")
        return movers[0], entry
    if isinstance(entry, Mapping) and isinstance(entry.get("move"), str):
        seat = entry.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise IllegalMove("each move needs an integer 'seat'")
        return seat, entry["move"]
    raise IllegalMove("a move must be a string or an object with 'seat' and 'move'")


def start(record: Mapping[str, Any]) -> tuple[Game, State]:
    """The game and its initial state from a record's header; :class:`BadRecord` if unusable."""
    if not isinstance(record, Mapping):
        raise BadRecord("a record must be a JSON object")
    check_plain(record)
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise BadRecord("'game' must be a game id in quotes, e.g. \"master-islands\"")
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise BadRecord(sentence(exc)) from None
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadRecord("'players' must be a whole number")
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadRecord("'seed' must be a whole number")
    options = _field(record, "options", Mapping, "a JSON object like {\"first\": 1}") or {}
    setup = _field(record, "setup", Mapping, "a JSON object (see the game's setup keys)")
    try:
        return game, game.new(players, options, seed, setup)
    except BadOptions as exc:
        raise BadRecord(sentence(exc)) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise BadRecord(say("bad setup: {reason}", reason=str(exc))) from None


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record; the summary object of ``python -m games replay``."""
    game, state = start(record)
    moves = _field(record, "moves", list, "a list of moves") or []
    error = None
    for index, entry in enumerate(moves):
        try:
            seat, text = seat_and_text(game, state, entry, index)
            state, _events = game.apply(state, seat, text)
        except IllegalMove as exc:
            shown = entry.get("move") if isinstance(entry, Mapping) else entry
            error = {"index": index, "move": echo(shown), "message": str(exc)}
            break
    return summary(game, state, ok=error is None, error=error)


@dataclass(frozen=True)
class Turn:
    """A run of consecutive moves by one seat (a Master Islands turn, a Maître des Mers arming
    with all its rolls, a smuggler's whole voyage; ``seat`` None, ``number`` 0: the deal), the
    index of its first move in the record, its public, lasting log lines (Texts naming seats)
    and the state after it. What replays show a frame of and analyses estimate."""

    number: int
    seat: int | None
    first_move: int
    lines: list[Any]
    state: State


def turns(record: Mapping[str, Any]) -> tuple[Game, list[Turn]]:
    """Replay ``record`` turn by turn: the game and its turns, the deal first;
    :class:`BadRecord` (a sentence) if it cannot be read or a move is refused."""
    game, state = start(record)
    moves = record.get("moves") or []
    if not isinstance(moves, list):
        raise BadRecord("'moves' must be a list")
    out = [Turn(0, None, 0, [], state)]
    for index, entry in enumerate(moves):
        try:
            seat, text = seat_and_text(game, state, entry, index)
            state, events = game.apply(state, seat, text)
        except IllegalMove as exc:
            move = entry.get("move") if isinstance(entry, Mapping) else entry
            raise BadRecord(say("move {n} ({move}) cannot be played: {reason}", n=index + 1,
                                move=echo(move), reason=sentence(exc))) from None
        lines = [e["text"] for e in events if e.get("text") and not e.get("transient")]
        last = out[-1]
        if last.seat == seat:
            out[-1] = replace(last, lines=last.lines + lines, state=state)
        else:
            out.append(Turn(last.number + 1, seat, index, lines, state))
    return game, out


def summary(game: Game, state: State, *, ok: bool = True, error: Any = None) -> dict[str, Any]:
    res = game.result(state)
    movers = game.to_move(state)
    return {
        "ok": ok,
        "error": error,
        "finished": res.finished,
        "to_move": movers,
        "legal": sorted(game.legal(state, movers[0])) if movers else [],
        "scores": res.scores,
        "winners": res.winners,
        "reason": res.reason,
    }


def simulate(
    game_id: str,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    bots: list[str] | None = None,
    max_moves: int = 100_000,
) -> dict[str, Any]:
    """Play a whole game with computer players (``bots[i]`` for seat i+1, default greedy if the
    game has one, else random) and return its record."""
    game = get_game(game_id)
    state = game.new(players, options or {}, seed)
    default = "greedy" if "greedy" in game.bots else "random"
    levels = bots or [default] * players
    if len(levels) != players:
        raise BadOptions(f"{len(levels)} bot levels given for {players} players")
    for level in levels:
        if level not in game.bots:
            raise BadOptions(f"{game.name} has no computer player '{echo(level)}' ({', '.join(game.bots)})")
    rng = random.Random(seed)
    record_moves: list[dict[str, Any]] = []
    for _ in range(max_moves):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[0]
        move = game.bots[levels[seat - 1]](game, state, seat, rng)
        state, _ = game.apply(state, seat, move)
        record_moves.append({"seat": seat, "move": move})
    else:
        raise RuntimeError(f"{game_id} did not end within {max_moves} moves")
    return {
        "game": game.id,
        "players": players,
        "options": state.get("options", dict(options or {})),
        "seed": seed,
        "setup": {},
        "moves": record_moves,
    }
