"""The French checker (tests/e2e/french.py) that the French end-to-end tests rely on: it must
catch English and let French, names and move notation through; and the pseudo-language checker
(tests/e2e/pseudo.py): only ⟦marked⟧ catalog sentences pass."""

from __future__ import annotations

import pytest

from tests.e2e.french import assert_french, drawing_words, english_lines, english_words
from tests.e2e.pseudo import unmarked_lines

NAMES = ["Alice", "Bob", "Master Islands", "Isis & Osiris"]


@pytest.mark.parametrize("line", [
    "<@123>, your turn: press **My hand / Play**.",
    "Join",
    "The game is over.",
    "Alice's turn",
    "Seat 2 plays `place B4 1,0`.",
    "Bienvenue ! Press Start.",  # half translated
])
def test_english_is_caught(line: str) -> None:
    assert english_words(line, NAMES), line


@pytest.mark.parametrize("line", [
    "<@123>, c'est votre tour : appuyez sur **Ma main / Jouer**.",
    "**Master Islands** : une table ouverte par Alice",
    "Vous avez joué `place B4 1,0`.",
    "⏳ Le temps de Bob s'écoule <t:1700000000:R>.",
    "[table finale](https://discord.com/channels/1/2/3) · 🏆 Alice 12 · Bob 9",
    "Options : aucune · Page 2/3 · Isis & Osiris",
    "Il reste 3 cartes ; on joue encore une fois à la table d'Alice.",
])
def test_french_names_and_notation_pass(line: str) -> None:
    assert english_words(line, NAMES) == [], line


def test_the_report_names_each_english_line_once() -> None:
    lines = english_lines(["Bonjour\nPress Join", "Press Join"], NAMES)
    assert lines == ["'Press Join'  ← ['Press', 'Join']"]
    with pytest.raises(AssertionError, match="1 English lines"):
        assert_french(["Bonjour", "Press Join"], NAMES)


def test_words_drawn_in_images_are_recorded() -> None:
    from render import kit

    with drawing_words() as drawn:
        _canvas, draw = kit.new_canvas(50, 20)
        kit.text(draw, (0, 0), "Tour 3", 12)
        kit.text(draw, (0, 0), "Tour 3", 12)  # cached glyphs are still seen
    kit.text(draw, (0, 0), "after", 12)
    assert drawn == ["Tour 3", "Tour 3"]


def test_a_sentence_marked_over_several_lines_is_one_marked_span() -> None:

    assert unmarked_lines(["⟦Ŝéàţ 2\nñéxt lîñé⟧ · Bob"], ["Bob"]) == []
    assert unmarked_lines(["⟦Ŝéàţ⟧\nYour turn"]) == ["'Your turn'  ← ['Your', 'turn']"]


def test_the_checker_sees_a_sentence_that_skipped_the_catalogs() -> None:
    assert unmarked_lines(["⟦Ŝéàţ ⟦Àlîçé⟧ ƿàŝŝéŝ.⟧ · Alice · `take 1 2` · B4"], ["Alice"]) == []
    assert unmarked_lines(["⟦Ŝéàţ⟧ Your turn"]) == ["'Your turn'  ← ['Your', 'turn']"]
