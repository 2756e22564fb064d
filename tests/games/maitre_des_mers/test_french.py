"""Le Maître des Mers in French: every sentence and word the engine gives a player over seeded
random games (log lines, refusals of stale, misplaced and mistyped moves, menu labels, move
descriptions, status facts, the game-over reason, the /rules summary) is a catalog Text whose
template has a French translation, and the French read has no English left in it.

Seats are replaced by names first, as the host does (``seat(n)`` belongs to the host's catalog).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import i18n
from games import IllegalMove, get_game
from games.text import SEAT, Text, with_seats
from i18n import catalogs
from tests.games.shown import play_showing

GAME = get_game("maitre-des-mers")
NAMES = ["Alice", "Bruno", "Chloé", "Dominique", "Émile", "Bartholomew le Magnifique XIV"]

SAME_IN_FRENCH = {"Caravelle {n}", "Frégate {n}", "Galion {n}", "port {n}", "{who} {points}"}
"""Templates whose French is the English: ship names, a number's label, a name and its score."""
LISTING = re.compile(r"\{p0\}(, \{p\d+\})+")
"""``games.text.listing``'s comma templates: the same in every language, not catalog sentences."""
VERBATIM = {"verb", "bad", "letter"}
"""Plain-str fields that may hold letters: move notation, what a person typed, a card letter.
Any other word in a plain field would be English glued into the sentence."""

JUNK = ["", "sail away", "arm Z9", "arm", "place", "place 7", "place 1 1 1 1 1 1 1 1 1",
        "use foo 3", "use +1", "discard", "discard 1 2", "hunt now", "attack", "attack C7",
        "attack C7 9:F9", "attack C7 2:X1", "stow", "loot C7 C8"]
"""Moves that cannot be read: each gets its own refusal."""

ENGLISH = frozenset("""
the an you your is are was with of and to from onto into under not no cannot can could
ship ships dice die goods treasure treasures roll rolls rolled win wins won seat fleet card
cards pile left needs sets aside fits free fight game over move moves turn write e.g.
only there has have stays leaves loots arms hunts buys attacks flips rerolls takes adds
""".split())
"""Words that mark a sentence as English (none of them is needed in French)."""


def _tries(st: dict[str, Any], rng: random.Random) -> list[str]:
    """Moves that read well but are mostly illegal now: every verb, on random ships and dice."""
    ships = ["C7", "C10", "F8", "F11", "G9", "G12"]
    verbs = ([f"arm {rng.choice(ships)}", "hunt", "buy", "noloot", f"stow {rng.choice(ships)}",
              f"loot {rng.choice(ships)}", f"place {rng.randint(1, 6)}",
              f"place {rng.randint(1, 6)} {rng.randint(1, 6)}", f"discard {rng.randint(1, 6)}",
              f"use {rng.choice(['flip', '+1', '-1', 'reroll'])} {rng.randint(1, 6)}",
              f"attack {rng.choice(ships)} {rng.randint(1, st['players'] + 1)}:"
              f"{rng.choice(ships)}"])
    return rng.sample(verbs, 4) + [rng.choice(JUNK)]


def texts_of_games(seeds: range) -> list[Any]:
    """Everything a player reads in random games (the values as the engine returns them)."""
    out: list[Any] = [GAME.summary]
    for seed in seeds:
        players = 2 + seed % 3
        rng = random.Random(seed)
        state = GAME.new(players, {}, seed)
        def choose(state: Any, seat: int, legal: list[str], rng: random.Random) -> str:
            arms = [m for m in legal if m.startswith("arm")]
            return rng.choice(arms if arms and rng.random() < 0.3 else legal)  # towards the end

        shown, state = play_showing(
            GAME, state, rng, players=players, keep=30, limit=3000, choose=choose,
            facts=lambda public: GAME.status(public)[:2],  # the rest is the host's scores
            bad_moves=lambda state, rng, tried: rng.sample(tried, min(2, len(tried))) + _tries(
                state, rng))
        out += shown
        assert not GAME.to_move(state), f"seed {seed} did not finish"
        out.append(GAME.result(state).reason)
    return out


@pytest.fixture(scope="module")
def texts() -> list[Any]:
    return texts_of_games(range(4))


def parts(text: Text) -> Iterator[Text]:
    """``text`` and every Text inside its fields."""
    yield text
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from parts(value)


def named(text: Text) -> Text:
    """``text`` with each ``seat(n)`` replaced by a player's name, as the host does."""
    return with_seats(text, lambda n: NAMES[n - 1])  # type: ignore[no-any-return]


def test_everything_a_player_reads_is_a_text(texts: list[Any]) -> None:
    plain = sorted({repr(t) for t in texts if not isinstance(t, Text)})
    assert plain == []
    assert len(texts) > 3000  # four whole games: enough to judge


def test_every_text_is_translated_in_the_french_catalog(texts: list[Any]) -> None:
    french = catalogs.read("fr", "maitre_des_mers")
    seen: set[str] = set()
    missing, same, glued = set(), set(), set()
    for text in texts:
        for part in parts(text):
            if part.template == SEAT or LISTING.fullmatch(part.template):
                continue
            seen.add(part.template)
            entry = french.get(part.template)
            strings = (entry.string if isinstance(entry.string, tuple) else (entry.string,)) \
                if entry is not None else ("",)
            if entry is None or entry.fuzzy or not all(strings):
                missing.add(part.template)
            elif strings[0] == part.template and part.template not in SAME_IN_FRENCH:
                same.add(part.template)
            for key, value in part.fields.items():
                if (not isinstance(value, Text) and isinstance(value, str)
                        and re.search("[A-Za-z]", value) and key not in VERBATIM):
                    glued.add(f"{part.template!r}: {key}={value!r}")
    assert sorted(missing) == []
    assert sorted(same) == []  # a French msgstr left as the English
    assert sorted(glued) == []
    assert len(seen) > 100  # the games went through most of the catalog


def test_french_sentences_have_no_english_left(texts: list[Any]) -> None:
    english = {}
    for text in {repr(t): t for t in texts}.values():  # each distinct Text once
        french = i18n.translate(named(text), "fr")
        prose = re.sub(r"`[^`]*`", " ", french)  # move notation people type
        for name in NAMES:
            prose = prose.replace(name, " ")
        words = [w for w in re.findall(r"[A-Za-zÀ-ÿ.]+", prose) if w.lower() in ENGLISH]
        if words:
            english[french] = words
    assert english == {}


def test_a_french_line_reads_as_french() -> None:
    """One line of each kind, word for word (the articles follow the ship's family)."""
    from games.maitre_des_mers.cards import SHIPS
    from games.text import say, seat

    line = say("{who} loots the {card} from {loser} and stows it under {ship}.", who=seat(2),
               card=say("treasure {letter} (+{points})", letter="A", points=5), loser=seat(1),
               ship=SHIPS["C7"].the)
    assert line == "Seat 2 loots the treasure A (+5) from Seat 1 and stows it under the Caravelle 7."
    assert i18n.translate(named(line), "fr") == (
        "Bruno pille la carte Trésor A (+5) à Alice et la place sous la Caravelle 7.")
    assert i18n.translate(SHIPS["G11"].the, "fr") == "le Galion 11"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(GAME.new(2, {"first": 1}, 1), 2, "hunt")
    said = i18n.translate(named(refused.value.reason), "fr")  # Master Islands' msgid too
    assert said.replace("'", "’") == "Ce n’est pas votre tour : c’est à Alice de jouer."
    assert str(refused.value) == "It is not your turn: Seat 1 is to move."


def test_french_menu_choices_fit_discord() -> None:
    """Each French menu choice stays within Discord's 100 characters, even beside a long name."""
    rng = random.Random(3)
    state = GAME.new(6, {}, 3)
    longest = ""
    for _ in range(1500):
        movers = GAME.to_move(state)
        if not movers:
            break
        legal = GAME.legal(state, movers[0])
        for item in GAME.menu(GAME.view(state, movers[0]), legal):
            for step in item.steps:
                longest = max(longest, i18n.translate(named(step.label), "fr"), key=len)
        state, _ = GAME.apply(state, movers[0], rng.choice(legal))
    assert 60 < len(longest) <= 100, longest


def test_a_stored_game_still_says_why_it_ended_in_french() -> None:
    """The state keeps the reason as its msgid (plain JSON): after a round trip through the
    store it still reads in French."""
    rng = random.Random(4)
    state = GAME.new(2, {}, 4)
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
    stored = json.loads(json.dumps(state))
    reason = GAME.result(stored).reason
    assert reason == "No ship is left in the port."
    assert i18n.translate(reason, "fr").replace("'", "’") == "Il n’y a plus de navire au port."
    view_reason = json.loads(json.dumps(GAME.view(stored, None)))["result"]["reason"]
    assert i18n.translate(view_reason, "fr") == i18n.translate(reason, "fr")
