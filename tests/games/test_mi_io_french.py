"""Master Islands and Isis & Osiris in French: every Text the engines produce over whole random
games (events, private lines, refusals, menus, descriptions, status facts, options, results,
the /rules summary; the shared ``first`` option of games/options.py and score line of
games/base.py aside) comes from the game's catalog and translates with no English left; the
images draw French words.

"No English left" is checked per sentence: the words of the English template (outside its
``{fields}``) must not survive in the French, unless the French translation itself uses them
("Master Islands", "standard", "score"). Seats (``seat(n)``) are the host's: it puts names there.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import i18n
from games import BadOptions, IllegalMove, State, get_game
from games.base import Game
from games.options import FIRST_OPTION
from games.text import SEAT, Text
from i18n import catalogs
from render import isis_osiris, kit
from render import master_islands as mi_render
from tests.e2e.french import english_lines
from tests.games.shown import play_showing

DOMAINS = ("master_islands", "isis_osiris")
LISTING = re.compile(r"\{p\d+\}(, \{p\d+\})*")
NAMES = ["Master Islands", "Isis & Osiris", *(f"Seat {n}" for n in range(1, 5))]
"""What may stay as it is: game names, and seats until the host names them."""
CASES = [
    ("master-islands", 2, {}), ("master-islands", 4, {"mode": "coop"}),
    ("master-islands", 3, {"mode": "corsair", "difficulty": "hard"}),
    ("isis-osiris", 3, {}), ("isis-osiris", 2, {"reserve": "common", "open": "yes"}),
]
BAD_MOVES = {
    "master-islands": ["", "fly", "place Z9 1,0", "place B4 x", "sail 3 N", "sail 1 up",
                       "take", "take 1,0 1,0", "again now", "place B4 99999,0"],
    "isis-osiris": ["", "jump", "pawn", "pawn Z9", "reveal C4", "tile"],
}


def french_catalog() -> dict[Any, Any]:
    """msgid (or (singular, plural)) -> French, for both games' domains."""
    out: dict[Any, Any] = {}
    for domain in DOMAINS:
        for message in catalogs.read("fr", domain):
            if message.id:
                out[message.id if isinstance(message.id, str) else message.id[0]] = message.string
    return out


FRENCH = french_catalog()


def parts(text: Text) -> Iterator[Text]:
    """``text`` and every Text inside its fields, seats aside (the host's)."""
    if text.template == SEAT:
        return
    if not LISTING.fullmatch(text.template):  # games.text.listing's commas: no sentence
        yield text
    for value in text.fields.values():
        if isinstance(value, Text):
            yield from parts(value)


def english_words(template: str) -> set[str]:
    """The words of a template outside its fields and quotes ("'{verb}'", notation examples)."""
    plain = re.sub(r"\{[^{}]*\}|`[^`]*`|'[^']*'|<[^<>]*>", " ", template)
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", plain)}


def leftovers(text: Text) -> list[str]:
    """English words of ``text``'s own templates still in its French translation."""
    french = i18n.translate(text, "fr")
    found = set(re.findall(r"[A-Za-zÀ-ÿ]+", french.lower()))
    left = []
    for part in parts(text):
        wanted = FRENCH[part.template]
        wanted = " ".join(wanted) if isinstance(wanted, (list, tuple)) else wanted
        allowed = set(re.findall(r"[A-Za-zÀ-ÿ]+", wanted.lower()))
        left += sorted((english_words(part.template) & found) - allowed)
    return left


def texts_of_a_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Everything a random game shows people, as the engine returns it."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(players, options, seed)
    shown: list[Any] = [game.summary]
    for option in game.options:  # the shared "first" option and score line are the host's
        if option is not FIRST_OPTION:
            shown += [option.label, option.description, option.unset]
            shown += [option.value_text(value) for value in option.choices or ()]
    offered: list[list[str]] = []  # the moves offered at each turn (the last is tried after the end)

    def choose(state: State, seat: int, legal: list[str], rng: random.Random) -> str:
        offered.append(legal)
        return rng.choice(legal)

    played, state = play_showing(
        game, state, rng, players=players, keep=40, limit=700, choose=choose,
        facts=lambda public: [f for f in game.status(public) if f not in Game.status(game, public)],
        bad_moves=lambda state, rng, tried: (rng.sample(tried, min(3, len(tried)))
                                             + [rng.choice(BAD_MOVES[game_id])]))
    shown += played
    shown.append(game.result(state).reason)
    try:
        game.apply(state, 1, offered[-1][0])
    except IllegalMove as exc:  # the game is over
        shown.append(exc.reason)
    return [t for t in shown if t]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_every_text_of_a_random_game_is_a_catalog_sentence_and_french(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    shown = [t for seed in (3, 4) for t in texts_of_a_game(game_id, players, options, seed)]
    assert len(shown) > 200
    plain = sorted({t for t in shown if not isinstance(t, Text) and re.search("[A-Za-z]{2}", t)})
    assert plain == []  # a plain str with words would reach a French player in English
    # (plain notation is fine: "1,0", "C4", a row's "4")
    shown = [t for t in shown if isinstance(t, Text)]
    templates = {p.template for t in shown for p in parts(t)}
    assert templates - set(FRENCH) == set()
    english = {t: leftovers(t) for t in set(shown) if leftovers(t)}
    assert english == {}
    assert english_lines({i18n.translate(t, "fr") for t in shown}, NAMES) == []  # the e2e checker
    sample = next(t for t in shown if "{who}" in t.template)
    assert i18n.translate(sample, "fr") != sample  # the check above saw real French


def test_bad_options_are_french_sentences() -> None:
    game = get_game("master-islands")
    for players, options in ((3, {"mode": "coop"}), (2, {"mode": "corsair"}),
                             (2, {"difficulty": "hard"})):
        with pytest.raises(BadOptions) as caught:
            game.normalize_options(players, options)
        reason = caught.value.args[0]
        assert isinstance(reason, Text) and leftovers(reason) == []
        assert i18n.translate(reason, "fr") != str(reason)


def test_a_game_over_line_names_every_score_and_the_winners_in_french() -> None:
    game = get_game("isis-osiris")
    state, rng, events = game.new(2, {"open": "yes"}, 5), random.Random(5), []
    while game.to_move(state):
        seat = game.to_move(state)[0]
        state, events = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    line = events[-1]["text"]
    french = i18n.translate(line, "fr")
    assert french.startswith("Partie terminée. Le plateau est plein. Scores : ")
    assert french.endswith(("l’emporte.", "se partagent la victoire."))
    assert str(line).startswith("Game over. The board is full. Scores: Seat 1 ")


def _drawn_words(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    drawn: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text", lambda d, xy, s, *a, **k: (drawn.append(s), real(d, xy, s, *a, **k)))
    return drawn


def _finished(game_id: str, players: int, options: dict[str, Any], seed: int) -> dict[str, Any]:
    game = get_game(game_id)
    state, rng = game.new(players, options, seed), random.Random(seed)
    while game.to_move(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return state


@pytest.mark.parametrize(("game_id", "players", "options", "module", "words", "english"), [
    ("master-islands", 3, {"mode": "corsair"}, mi_render,
     ("Master Islands - Corsaire", "phase : partie terminée", "Partie terminée.", "Votre main"),
     ("hand", "pile", "collected", "Game over", "last move", "galleon", "Your hand")),
    ("isis-osiris", 2, {"reserve": "common"}, isis_osiris,
     ("Isis & Osiris - mémoire, réserve commune", "pioche : ", "Partie terminée. ", "score "),
     ("pile", "pawns", "tiles", "Game over", "last move", "memory", "Your reserve")),
])
def test_french_images_draw_french_words(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Any, game_id: str, players: int,
        options: dict[str, Any], module: Any, words: tuple[str, ...],
        english: tuple[str, ...]) -> None:
    game = get_game(game_id)
    over = _finished(game_id, players, options, seed=7)
    start = game.new(players, options, 7)
    drawn = _drawn_words(monkeypatch)
    with i18n.language("fr"):
        images = [module.board(game.view(over, None)), module.board(game.view(start, None)),
                  module.hand(game.view(start, game.to_move(start)[0]))]
    for k, image in enumerate(images):  # real PNGs that decode
        path = tmp_path / f"{game_id}-{k}.png"
        path.write_bytes(kit.png_bytes(image))
        assert Image.open(io.BytesIO(path.read_bytes())).size == image.size
    text = "\n".join(drawn)
    for word in words:
        assert word in text
    assert not [w for w in english if re.search(rf"\b{w}\b", text)]


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("master-islands", 4, {"mode": "coop"}), ("master-islands", 3, {"mode": "corsair"}),
    ("isis-osiris", 2, {}),
])
def test_a_stored_game_still_says_why_it_ended_in_french(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """The host stores states as JSON: the reason is Text data there, not frozen English."""
    game = get_game(game_id)
    over = _finished(game_id, players, options, seed=11)
    stored = json.loads(json.dumps(over))
    reason = game.result(stored).reason
    assert isinstance(reason, Text) and reason == game.result(over).reason
    assert i18n.translate(reason, "fr") != reason and leftovers(reason) == []
