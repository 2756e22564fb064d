"""What the tests that hold for every game run over: the registered games, never a list of ids,
so a game added is checked (and a game that breaks the contract fails) without editing a test.

:func:`every_game` is every game a game package registers (:func:`games.discover`), not the toy
games some host tests register on the fly; :data:`SAMPLES` pairs each with the tables it
declares (:meth:`games.Game.samples`)."""

from __future__ import annotations

from typing import Any

from games import Game, Sample, discover


def every_game() -> list[Game]:
    """Each game of a game package, sorted by id."""
    return [g for g in discover() if type(g).__module__.startswith("games.")]


GAMES = every_game()
SAMPLES: list[tuple[Game, Sample]] = [(g, s) for g in GAMES for s in g.samples()]


def game_id(game: Game) -> str:
    return game.id


def sample_id(case: tuple[Game, Sample]) -> str:
    """``master-islands-4p-mode=coop``: a readable test id."""
    game, sample = case
    return setup_id((game.id, sample.players, dict(sample.options)))


def setup_id(setup: tuple[str, int, dict[str, Any]]) -> str:
    """The test id of a ``(game id, players, options)`` setup."""
    game_id, players, options = setup
    return f"{game_id}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())


def setups() -> list[tuple[str, int, dict[str, Any]]]:
    """``(game id, players, options)`` of every sample, as the older helpers take them."""
    return [(g.id, s.players, dict(s.options)) for g, s in SAMPLES]
