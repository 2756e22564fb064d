"""``/rules`` text: option lines read as the engines describe them."""

from __future__ import annotations

import pytest

from bot.adapter.texts import option_line, rules_text
from games import all_games
from games.base import FIRST_OPTION, Game, Option


def test_free_value_option_shows_its_description_not_a_placeholder() -> None:
    assert option_line(FIRST_OPTION) == f"• `first`: {FIRST_OPTION.description}"


def test_option_with_choices_lists_them_and_the_default() -> None:
    opt = Option("open", ("false", "true"), "false", "True: placed values stay visible.")
    assert option_line(opt) == "• `open`: false/true (default false). True: placed values stay visible."


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_rules_reply_lists_every_option_without_a_value_placeholder(game: Game) -> None:
    text = rules_text(game)
    assert "a value" not in text and len(text) <= 2000
    for opt in game.options:
        assert option_line(opt) in text


def test_option_lines_read_yes_no_and_number_options_as_people_say_them() -> None:
    yes_no = Option("open", None, False, "Yes: values stay visible.", kind="yesno")
    assert option_line(yes_no) == "• `open`: yes/no (default no). Yes: values stay visible."
    reefs = Option("reefs", None, 0, "Extra reefs.", kind="number", minimum=0, maximum=3)
    assert option_line(reefs) == "• `reefs`: 0–3 (default 0). Extra reefs."
