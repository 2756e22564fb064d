"""The engine contract (games/base.py, docs/views/README.md), checked on every registered game
over random games of each of its samples: nothing here names a game, so a new game is checked
the day its folder appears, and one that breaks the contract fails.

Along each random game, at a few dozen positions: the views' common keys, what a view may show
(a state dealt again from a seat's own view looks the same to that seat and to a spectator, and
is dealt again as the state itself is),
legal moves in canonical text (sorted, parsed back to themselves), the menu (every legal move
once, its steps spelling it), the status facts, no move changing the state it was played on, the board in words;
and at the end: a finished result with a score per seat."""

from __future__ import annotations

import copy
import inspect
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import games
import i18n
from games import Game, IllegalMove, Sample, State, move_text
from games.base import turn_words
from games.text import Text
from i18n.catalogs import po_path

from .every_game import GAMES, SAMPLES, game_id, sample_id

POSITIONS = 30
"""Positions checked in full per random game (evenly spread; every move is still played)."""
MAX_MOVES = 20_000
"""A random game longer than this is taken as one that never ends."""


def random_game(game: Game, sample: Sample, seed: int) -> list[tuple[State, int, str]]:
    """Every (state, seat, move) of a game between random players, and the final state with
    seat 0 and no move."""
    rng = random.Random(seed)
    state = sample.new(game)
    played: list[tuple[State, int, str]] = []
    while movers := game.to_move(state):
        seat = rng.choice(movers)
        move = rng.choice(game.legal(state, seat))
        played.append((state, seat, move))
        state, _ = game.apply(state, seat, move)
        assert len(played) < MAX_MOVES, "a random game did not end"
    return [*played, (state, 0, "")]


def spread(played: list[tuple[State, int, str]]) -> list[tuple[State, int, str]]:
    step = max(1, len(played) // POSITIONS)
    return played[::step] + played[-1:]


def test_every_game_package_registers_its_game() -> None:
    folders = games.game_folders()
    assert folders and sorted(folders) == sorted(type(g).__module__.split(".")[1] for g in GAMES)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_declarations(game: Game) -> None:
    assert game.id and game.name and game.summary and 1 <= game.min_players <= game.max_players
    names = [o.name for o in game.options]
    assert len(names) == len(set(names))
    for option in game.options:
        assert option.label and option.description and option.kind in (
            "choice", "yesno", "seat", "number")
        assert isinstance(option.value_text(option.default), str)
    assert tuple(game.bots) == games.LEVELS
    assert game.samples(), "a game declares the tables its tests play"
    if not game.offers_partner_talk:
        state = game.samples()[0].new(game)
        assert game.partner_talk(game.view(state, None), 1) is None


@pytest.mark.parametrize(("game", "sample"), SAMPLES, ids=[sample_id(c) for c in SAMPLES])
def test_samples_are_tables_the_game_accepts(game: Game, sample: Sample) -> None:
    low, high = game.player_range(sample.options)
    assert game.min_players <= low <= sample.players <= high <= game.max_players
    options = game.normalize_options(sample.players, sample.options)
    assert game.normalize_options(sample.players, options) == options  # stored options read back
    state = sample.new(game)
    assert json.loads(json.dumps(state)) == state  # plain JSON data
    assert sample.new(game) == state  # seed and options make the table


@pytest.mark.parametrize(("game", "sample"), SAMPLES, ids=[sample_id(c) for c in SAMPLES])
def test_random_games_keep_the_contract(game: Game, sample: Sample) -> None:
    played = random_game(game, sample, sample.seed)
    for k, (state, seat, move) in enumerate(spread(played)):
        check_views(game, state, k)
        legal = game.legal(state, seat) if seat else []
        assert legal == sorted(legal)
        assert all(game.parse(m) == m for m in legal)
        if legal:
            view = game.view(state, seat)
            items = game.menu(view, legal)
            assert sorted(i.move for i in items) == legal
            assert all(move_text(i.steps) == i.move and i.label for i in items)
            assert all(isinstance(f, str) for f in game.status(game.view(state, None)))
            before = copy.deepcopy(state)
            game.apply(state, seat, move)
            assert state == before, "apply changed the state it was given"
    final = played[-1][0]
    result = game.result(final)
    assert result.finished and not game.to_move(final)
    assert len(result.scores) == sample.players
    assert set(result.winners) <= set(range(1, sample.players + 1))
    assert game.view(final, None)["result"] == result.to_json()


def check_views(game: Game, state: State, k: int) -> None:
    """The common keys of every seat's view and the spectator's; a state dealt again from a
    seat's view looks the same to it and to a spectator."""
    players = game.view(state, None)["players"]
    result = game.result(state)
    for viewer in (None, *range(1, players + 1)):
        view = game.view(state, viewer)
        assert view["game"] == game.id and view["viewer"] == viewer
        assert view["to_move"] == game.to_move(state)
        assert view["result"] == (result.to_json() if result.finished else None)
        assert {"players", "options", "last_move"} <= set(view)
        assert json.loads(json.dumps(view)) == view
        if viewer is not None:
            other = game.determinize(state, viewer, random.Random(k))
            assert game.view(other, viewer) == view, "determinize changed what the seat sees"
            assert game.view(other, None) == game.view(state, None)
            again = game.determinize(other, viewer, random.Random(k + 1))
            assert again == game.determinize(state, viewer, random.Random(k + 1)), \
                "determinize read something the seat does not see"


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_move_out_of_turn_is_refused_with_a_sentence(game: Game) -> None:
    state = game.samples()[0].new(game)
    seat = game.to_move(state)[0]
    move = game.legal(state, seat)[0]
    others = [s for s in range(1, game.view(state, None)["players"] + 1)
              if s not in game.to_move(state)]
    for other in others:
        with pytest.raises(IllegalMove) as refused:
            game.apply(state, other, move)
        assert str(refused.value) and "\n" not in str(refused.value)


FIELD = re.compile(r"\{\w+\}")


def templates(text: Any) -> Iterator[str]:
    """Every catalog template in ``text`` and its fields; a template with no word besides its
    fields (:func:`games.text.listing`'s, "{seat} {score}") reads the same in every language
    and needs none."""
    if isinstance(text, Text):
        if re.search(r"[^\W\d_]", FIELD.sub("", text.template)):
            yield text.template
        for value in text.fields.values():
            yield from templates(value)


def msgids(code: str) -> set[str]:
    chain: Any = i18n.catalog(code)
    found: set[str] = set()
    while chain is not None:
        found |= {k if isinstance(k, str) else k[0] for k in getattr(chain, "_catalog", {})}
        chain = getattr(chain, "_fallback", None)
    return found


@pytest.mark.parametrize(("game", "sample"), SAMPLES, ids=[sample_id(c) for c in SAMPLES])
def test_the_board_in_words_is_translatable_sentences_from_the_view(game: Game,
                                                                    sample: Sample) -> None:
    """Game.board_words: a line per fact, each a Text whose every template (fields too) is a
    catalog sentence in every language (for a game with its catalogs); the first says who moves or who won; a spectator's
    words are those of the view alone (two states showing a spectator the same view are said
    the same)."""
    domain = Path(inspect.getfile(type(game))).parent.name  # games/<folder>: its catalogs'
    # a game kept outside the project without catalogs (tests/new_game/) has its words checked
    # for their shape only
    known = {code: msgids(code) for code in i18n.LANGUAGES if po_path(code, domain).exists()}
    played = random_game(game, sample, sample.seed)
    for state, _seat, _move in spread(played):
        for viewer in (None, *range(1, sample.players + 1)):
            view = game.view(state, viewer)
            lines = game.board_words(view)
            assert lines and all(isinstance(line, Text) and str(line) for line in lines)
            assert lines[0] == turn_words(view)
            for line in lines:
                for template in templates(line):
                    for code, ids in known.items():
                        assert template in ids, f"{template!r} is not in the {code} catalogs"
        other = game.determinize(state, 1, random.Random(0))
        assert game.board_words(game.view(other, None)) == game.board_words(
            game.view(state, None))
