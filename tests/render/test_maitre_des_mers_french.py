"""Le Maître des Mers images in French: every word drawn goes through the catalog (the pseudo
language marks each catalog sentence, so a word drawn outside ⟦…⟧ skipped it), a French board
and hand draw French words and no English ones, and the PNG decodes."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image

import i18n
from render import kit, maitre_des_mers

from . import checks, mm_views
from .mm_views import VIEWS, named

NAMES = ["Alice", "Bruno", "Chloé", "Dominique", "Étienne", "Fanny"]
ENGLISH = frozenset("""
the of with and to from onto under no not ship ships dice die goods treasure treasures pile
left free placed rolled aside powers used attacker defender wins fire firepower cargo outcome
previous last move map fleet fleets your arms hunts buys attacks chooses may loot more below
worth down empty target announces rolling extra game over final
""".split())
"""Words that mark a drawn text as English ("score", "port", "action", "face" read as French
too)."""


def _views() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in sorted(VIEWS):
        for viewer in (None, 2):
            view = named(VIEWS[name](), NAMES)
            view["viewer"] = viewer
            out.append((f"{name} viewer={viewer}", view))
    return out


def _drawn(monkeypatch: pytest.MonkeyPatch, language: str) -> list[str]:
    """Every string drawn into the boards and hands of all hand-made views, in ``language``."""
    texts = checks.recorded_texts(monkeypatch)
    with i18n.language(language):
        for _where, view in _views():
            maitre_des_mers.board(view)
            maitre_des_mers.hand(view)
    return texts


def _outside_names(text: str) -> str:
    for name in [*NAMES, *map(kit.ascii_text, NAMES), maitre_des_mers.GAME_NAME]:
        text = text.replace(name, " ")
    return re.sub(r"\b[CFG]\d{1,2}\b", " ", text)  # ship codes


def test_every_drawn_word_goes_through_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = " ".join(_drawn(monkeypatch, i18n.PSEUDO))  # wrapped lines stay in order
    assert "⟦" in drawn
    bare = _outside_names(drawn)
    while re.search(r"⟦[^⟦⟧]*⟧", bare):  # innermost first: sentences hold sentences
        bare = re.sub(r"⟦[^⟦⟧]*⟧", " ", bare)
    words = set(re.findall(r"[A-Za-z]{2,}", bare))  # the kit's own words (winner…) too
    assert words == set()


def test_french_boards_and_hands_draw_french(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = _drawn(monkeypatch, "fr")
    words = {w for t in drawn for w in re.findall(r"[A-Za-zÀ-ÿ]+", _outside_names(t))}
    assert {"Flottes", "Pioche", "Marchandises", "Votre", "flotte", "libre", "cargaison",
            "lancés", "écartés", "pouvoirs", "attaquant", "défenseur"} <= words
    assert sorted(w for w in words if w.lower() in ENGLISH) == []


def test_a_french_board_decodes_and_reads_on_a_phone(tmp_path: Any) -> None:
    view = named(mm_views.loot_view(), NAMES)
    with i18n.language("fr"):
        data = kit.png_bytes(maitre_des_mers.board(view))
        checks.check_board_and_hand(maitre_des_mers, view, "loot in French")
    (tmp_path / "board-fr.png").write_bytes(data)
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.width == maitre_des_mers.WIDTH and image.height > 1000
    with i18n.language("en"):
        english = kit.png_bytes(maitre_des_mers.board(view))
    assert english != data  # the words differ, so do the pixels
