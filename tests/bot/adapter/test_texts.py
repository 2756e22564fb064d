"""``/rules`` text: option lines read as the engines describe them."""

from __future__ import annotations

import pytest

from bot.adapter.kit.texts import option_line, rules_messages, rules_text
from games import FIRST_OPTION, Game, Option, all_games
from i18n import language


def test_free_value_option_shows_its_description_not_a_placeholder() -> None:
    assert option_line(FIRST_OPTION) == f"• `first`: {FIRST_OPTION.description}"


def test_option_with_choices_lists_them_and_the_default() -> None:
    opt = Option("open", ("false", "true"), "false", "True: placed values stay visible.")
    assert option_line(opt) == "• `open`: false/true (default false). True: placed values stay visible."


@pytest.mark.parametrize("code", ["en", "fr"])
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_rules_reply_lists_every_option_without_a_value_placeholder(game: Game, code: str) -> None:
    with language(code):
        messages = rules_messages(game)
        lines = [option_line(opt) for opt in game.options]
        whole = rules_text(game)
    assert "a value" not in whole
    assert all(len(m) <= 2000 for m in messages)
    assert "\n\n".join(messages) == whole  # cut between paragraphs, nothing lost
    for line in lines:
        assert line in whole


def test_a_long_rules_text_is_cut_between_paragraphs() -> None:
    game = all_games()[0]
    long = Option("long", ("a", "b"), "a", "word " * 390)  # one 1950-character line
    many = type(game)()
    many.options = [long, long, long]  # type: ignore[misc]
    messages = rules_messages(many)
    assert len(messages) >= 3 and all(len(m) <= 2000 for m in messages)


def test_option_lines_read_yes_no_and_number_options_as_people_say_them() -> None:
    yes_no = Option("open", None, False, "Yes: values stay visible.", kind="yesno")
    assert option_line(yes_no) == "• `open`: yes/no (default no). Yes: values stay visible."
    reefs = Option("reefs", None, 0, "Extra reefs.", kind="number", minimum=0, maximum=3)
    assert option_line(reefs) == "• `reefs`: 0–3 (default 0). Extra reefs."
