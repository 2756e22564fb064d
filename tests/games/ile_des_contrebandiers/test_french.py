"""L'île des contrebandiers in French: every sentence a player reads in whole seeded games (log
lines, private lines, refusals, menus, status, the game-over reason, option texts, the /rules
summary) is a Text whose templates the French catalog holds, and reads with no English left
(the images: tests/render/test_ile_des_contrebandiers_french.py).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest

import i18n
from games import IllegalMove, get_game
from games.ile_des_contrebandiers.engine import REEFS_OPTION
from games.text import SEAT, Text, with_seats
from i18n import catalogs
from tests.games.shown import play_showing

GAME = get_game("ile-des-contrebandiers")
CASES = [(2, 3, {}), (3, 4, {"reefs": 2}), (4, 5, {})]
BAD_MOVES = ["", "fly away", "sail 9z", "start 2c", "drop", "drop H1", "turn up", "stay now",
             "sail", "sail " + "3a " * 13]
SAME_IN_FRENCH = {"{island} ({points})", "{n} point"}
"""Templates with nothing to translate (punctuation, or a word French spells the same)."""
ENGLISH = re.compile(r"\b(the|an|tiles?|boats?|beam|harbour|sails|stays|rolls|white|caught|"
                     r"Seat|Island|your|You|and|is|are|to|from|of|lighthouse|keeper|steps?|"
                     r"clockwise|left|delivered|no|none|Sail|Push|Drop|Swap|Load|Stay|Via)\b")
"""English words that must not survive in French (move notation such as ``sail 3b`` aside)."""
NOTATION = re.compile(r"\b(start|turn|drop|sail|push|swap|load|stay)\b( (H\d|\d[a-j]|cw|ccw|<\w+>)"
                      r"|(?= ou|\)|\.|,| \w+ ))")


@cache
def french_catalog() -> dict[str, tuple[str, ...]]:
    out = {}
    for m in catalogs.read("fr", "ile_des_contrebandiers"):
        if m.id:
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            out[key] = m.string if isinstance(m.string, tuple) else (m.string,)
    return out


def game_texts(players: int, seed: int, options: dict[str, Any]) -> Iterator[Any]:
    """Everything a seeded game shows its players (mostly the medium computer player's moves,
    so that tiles get delivered and the game ends)."""
    rng = random.Random(seed)
    yield from (GAME.summary, REEFS_OPTION.label, REEFS_OPTION.description, REEFS_OPTION.unset)
    state = GAME.new(players, options, seed)
    medium = GAME.bots["medium"]
    shown, state = play_showing(
        GAME, state, rng, players=players, keep=30, limit=3000,
        facts=lambda public: GAME.status(public)[:1],  # the beam; the scores line is games.base's
        bad_moves=lambda state, rng, tried: (rng.sample(tried, min(2, len(tried)))
                                             + [rng.choice(BAD_MOVES)]),
        choose=lambda state, seat, legal, rng: (medium(GAME, state, seat, rng)
                                                if rng.random() < 0.8 else rng.choice(legal)))
    yield from shown
    assert not GAME.to_move(state), "the game did not end"
    yield GAME.result(state).reason


def templates(text: Text) -> Iterator[Text]:
    """``text`` and every Text inside its fields, except seats (the host names them)."""
    if text.template != SEAT:
        yield text
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from templates(value)


def named(text: Text, names: tuple[str, ...] = ("Zoé",) * 4) -> Text:
    """``text`` with its seats replaced by names, as the host shows it."""
    return with_seats(text, lambda n: names[n - 1])  # type: ignore[no-any-return]


@pytest.mark.parametrize(("players", "seed", "options"), CASES)
def test_whole_games_read_in_french_with_no_english_left(players: int, seed: int,
                                                         options: dict[str, Any]) -> None:
    texts = list(game_texts(players, seed, options))
    assert len(texts) > 300
    plain = sorted({repr(t) for t in texts if not isinstance(t, Text)})
    assert plain == []  # a plain str would reach players in English
    catalog = french_catalog()
    seen: set[str] = set()
    for text in texts:
        for part in templates(text):
            seen.add(part.template)
            french = catalog.get(part.template)
            assert french and all(french), f"no French for {part.template!r}"
            if part.template not in SAME_IN_FRENCH:
                assert part.template not in french, f"French = English for {part.template!r}"
        shown = i18n.translate(named(text), "fr")
        leftover = ENGLISH.findall(NOTATION.sub("", shown))
        assert not leftover, f"English {leftover} in {shown!r}"
    assert len(seen) > 60  # the games went through most of the catalog


def test_refusals_and_menus_have_their_french_wording() -> None:
    """Spot checks of the official vocabulary (rayon de lumière, marchandise, case-mer…)."""
    state = GAME.new(2, {"first": 1}, 1, {"beam": 0, "dice": [["cw2", 3]]})
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(state, 2, "start H1")
    # a msgid several games share: the first catalog holding it answers (' or ’ alike)
    assert i18n.translate(named(exc.value.reason), "fr").replace("'", "’") == (
        "Ce n’est pas votre tour : c’est à Zoé de jouer.")
    view = GAME.view(state, 1)
    assert i18n.translate(GAME.describe(view, "start H2"), "fr") == (
        "Partir de H2 (l’île aux bijoux)")
    state, _ = GAME.apply(state, 1, "start H2")
    state, events = GAME.apply(state, 2, "start H4")
    lines = [i18n.translate(named(e["text"]), "fr") for e in events]
    assert "Zoé prend une marchandise sur l’île aux bijoux." in lines
    assert "Zoé lance les dés : phare 2 pas à droite, dé blanc 3." in lines
    private = i18n.translate(events[1]["private"][1], "fr")
    assert private.startswith("Votre marchandise va à l’île aux ")
    with pytest.raises(IllegalMove) as exc:
        GAME.apply(state, 1, "sail 3e 3f 3g 3h")
    assert i18n.translate(exc.value.reason, "fr") == (
        "Le dé blanc indique 3 : un trajet de 4 cases est trop long.")


def test_the_game_over_reason_survives_the_stored_state() -> None:
    """The host keeps states as JSON: the reason read back still says itself in French."""
    record = {"beam": 6, "goods": [["1:2"], [], [], [], []],
              "dice": [["sleep", 2], ["sleep", 1], ["cw2", 2]]}
    state = GAME.new(2, {"first": 1}, 0, record)
    for seat, move in ((1, "start H0"), (2, "start H4"), (1, "sail 3a 3b"), (2, "stay"),
                       (1, "sail 3c H1")):
        state, _ = GAME.apply(state, seat, move)
    stored = json.loads(json.dumps(state))
    reason = GAME.result(stored).reason
    assert reason == "No tile is left: Seat 1 has the most points (2)."
    assert i18n.translate(named(reason), "fr") == (
        "Il ne reste plus aucune marchandise : Zoé a le plus de points (2).")


def test_french_menu_choices_fit_discord() -> None:
    """Each French menu choice stays within Discord's 100 characters beside names as the host
    writes them ("Dominique (place 2)"), a catch of two boats included."""
    names = ("Zoé (place 1)", "Dominique (place 2)", "Anaïs (place 3)", "Bartholomew (place 4)")
    longest = ""
    for players, seed, options in CASES:
        rng = random.Random(seed)
        state = GAME.new(players, options, seed)
        while GAME.to_move(state):
            seat = GAME.to_move(state)[0]
            legal = GAME.legal(state, seat)
            for item in GAME.menu(GAME.view(state, seat), legal):
                for label in (item.label, *(step.label for step in item.steps)):
                    longest = max(longest, i18n.translate(named(label, names), "fr"), key=len)
            state, _ = GAME.apply(state, seat, GAME.bots["medium"](GAME, state, seat, rng))
    assert 60 < len(longest) <= 100, longest
