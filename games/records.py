"""Game records: replay a record, simulate a game with computer players.

A record is ``{"game", "players", "options", "seed", "setup", "moves"}``; each move is
``{"seat": n, "move": "text"}`` (a bare string is accepted when exactly one seat is to move).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from .base import BadOptions, Game, IllegalMove, State
from .registry import UnknownGame, get_game


class BadRecord(ValueError):
    """A record that cannot be read (shape, unknown game, bad options). Message is for people."""


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
    game_id = record.get("game")
    if not isinstance(game_id, str):
        raise BadRecord("'game' must be a game id in quotes, e.g. \"master-islands\"")
    try:
        game = get_game(game_id)
    except UnknownGame as exc:
        raise BadRecord(str(exc)) from None
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadRecord("'players' must be a whole number")
    seed = record.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadRecord("'seed' must be a whole number")
    options = record.get("options") or {}
    setup = record.get("setup") or None
    if not isinstance(options, Mapping) or (setup is not None and not isinstance(setup, Mapping)):
        raise BadRecord("'options' and 'setup' must be JSON objects")
    try:
        return game, game.new(players, options, seed, setup)
    except BadOptions as exc:
        raise BadRecord(str(exc)) from None
    except (ValueError, TypeError, KeyError) as exc:
        raise BadRecord(f"bad setup: {exc}") from None


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Replay a record; the summary object of ``python -m games replay``."""
    game, state = start(record)
    moves = record.get("moves") or []
    error = None
    if not isinstance(moves, list):
        raise BadRecord("'moves' must be a list")
    for index, entry in enumerate(moves):
        try:
            seat, text = seat_and_text(game, state, entry, index)
            state, _events = game.apply(state, seat, text)
        except IllegalMove as exc:
            shown = entry.get("move") if isinstance(entry, Mapping) else entry
            error = {"index": index, "move": shown, "message": str(exc)}
            break
    return summary(game, state, ok=error is None, error=error)


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
            raise BadOptions(f"{game.name} has no computer player '{level}' ({', '.join(game.bots)})")
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
