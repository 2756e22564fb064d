"""``/rules`` material from the engines (QA item 10): the adapter prints the title, player
count and the options list itself, so a summary must not repeat them and an option's
description must say what it does."""

from __future__ import annotations

import pytest

from games import all_games
from games.base import Game

GAMES = all_games()
BUDGET = 1300
"""Summary characters, leaving room under Discord's 2000 for the title, options and footer."""


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_summary_fits_and_does_not_repeat_the_title(game: Game) -> None:
    assert 300 < len(game.summary) < BUDGET
    head = game.summary.splitlines()[0]
    assert game.name not in head and f"{game.min_players}–{game.max_players}" not in head
    assert "**Options" not in game.summary  # listed by the adapter from Option.description


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_option_says_what_it_does(game: Game) -> None:
    for opt in game.options:
        text = opt.description
        assert text[0].isupper() and text.endswith(".") and len(text.split()) >= 6, opt.name
        assert "a value" not in text


def test_whole_rules_reply_stays_well_under_discord_limit() -> None:
    """The adapter adds a title (~40 chars), one line per option (name, choices, default and
    description plus ~25 chars of markup) and a ~110-char footer."""
    for game in GAMES:
        options = sum(
            len(o.name) + len("/".join(o.choices or ())) + len(o.default or "") + len(o.description) + 25
            for o in game.options
        )
        assert len(game.summary) + options + 150 < 1850, game.id
