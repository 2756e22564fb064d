"""The move menu as a prefix tree: levels, pagination past 25, custom ids within 100 characters,
stale codes recognised. Pure data: no Discord."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.adapter.play import play_menu as pm
from bot.service.results import MenuEntry, MenuPick
from games import get_game

CHANNEL = 123456789012345678901  # longer than a real snowflake, to leave the least room
VERSION = 99999


def entry(*steps: tuple[str, str]) -> MenuEntry:
    move = " ".join(t for t, _ in steps)
    return MenuEntry(move, list(steps), " → ".join(label for _, label in steps))


def islands_like() -> list[MenuEntry]:
    out = [entry(("again", "Another discovery"))]
    for card in ("B1", "G2"):
        for pos in ("-1,0", "0,1", "1,0"):
            out.append(entry(("place", "Place a card"), (card, f"{card} card"), (pos, pos)))
    out.append(entry(("sail", "Sail"), ("1", "galleon 1"), ("E", "east")))
    out.append(entry(("take", "Take"), ("1,0 2,0 3,0", "5 + 4 + 1 on row 0")))
    return sorted(out, key=lambda e: e.move)


def test_top_level_is_verb_buttons_and_single_step_moves_play_at_once() -> None:
    page = pm.build_page(islands_like())
    assert page.style == "buttons"
    assert [c.label for c in page.choices] == ["Another discovery", "Place a card", "Sail", "Take"]
    again, place, _sail, take = page.choices
    assert again.move == "again" and place.move is None
    assert take.move is None
    (alignment,) = pm.build_page(islands_like(), ("take",)).choices
    assert alignment.move == "take 1,0 2,0 3,0" and alignment.label == "5 + 4 + 1 on row 0"


def test_second_level_is_a_select_of_cards_then_positions() -> None:
    entries = islands_like()
    cards = pm.build_page(entries, ("place",))
    assert cards.style == "select" and cards.trail == ["Place a card"]
    assert [c.label for c in cards.choices] == ["B1 card", "G2 card"]
    positions = pm.build_page(entries, ("place", "G2"))
    assert [c.move for c in positions.choices] == ["place G2 -1,0", "place G2 0,1", "place G2 1,0"]


def test_more_than_25_options_are_paginated_and_page_is_clamped() -> None:
    entries = [entry(("tile", "Place the tile"), (f"{c}{r}", f"{c}{r}")) for c in "ABCDEF" for r in "123456"]
    first = pm.build_page(entries, ("tile",))
    assert first.pages == 2 and len(first.choices) == 25
    last = pm.build_page(entries, ("tile",), page=7)
    assert last.page == 1 and len(last.choices) == 11
    assert {c.move for c in first.choices} | {c.move for c in last.choices} == {e.move for e in entries}


def test_many_verbs_paginate_in_pages_of_20_buttons() -> None:
    entries = [entry((f"v{i:02}", f"verb {i}")) for i in range(23)]
    page = pm.build_page(entries)
    assert page.pages == 2 and len(page.choices) == pm.PAGE_BUTTONS


def test_a_move_that_ends_where_others_go_on_is_offered_first() -> None:
    entries = [entry(("done", "Done")), entry(("done", "Done"), ("x", "extra"))]
    top = pm.build_page(entries)
    assert [(c.label, c.move) for c in top.choices] == [("Done", None)]
    below = pm.build_page(entries, ("done",))
    assert [c.move for c in below.choices] == ["done", "done x"]


def test_long_prefix_falls_back_to_an_index_and_decodes_back() -> None:
    long_token = " ".join(f"{i},{-i}" for i in range(30))
    entries = [entry(("take", "Take"), (long_token, "a long alignment")), entry(("pass", "Pass"))]
    cid = pm.custom_id("p", CHANNEL, VERSION, entries, ("take", long_token))
    assert len(cid) <= pm.MAX_CUSTOM_ID
    code = pm.CUSTOM_ID.fullmatch(cid)["code"]
    assert code.startswith("#")
    assert pm.decode_prefix(entries, code) == ("take", long_token)


def test_codes_that_match_no_legal_move_are_stale() -> None:
    entries = islands_like()
    assert pm.decode_prefix(entries, "place|R5") is None
    assert pm.decode_prefix(entries, "#99.1") is None
    assert pm.decode_prefix(entries, "#x") is None
    assert pm.resolve_option(entries, ("place",), "p999") is None
    assert pm.resolve_option(entries, ("place",), "n0") is None  # entry 0 is "again", not under place


def test_select_values_open_the_next_level_or_play() -> None:
    entries = islands_like()
    cards = pm.build_page(entries, ("place",))
    b1 = cards.choices[0]
    assert pm.resolve_option(entries, ("place",), pm.option_value(b1)) == ("next", ("place", "B1"))
    pos = pm.build_page(entries, ("place", "B1")).choices[1]
    assert pm.resolve_option(entries, ("place", "B1"), pm.option_value(pos)) == ("play", "place B1 0,1")


def test_a_click_decodes_to_a_move_or_a_level_of_the_menu() -> None:
    entries = islands_like()
    assert pm.decode(entries, "n", "place", 1, None) == MenuPick(prefix=("place",), page=1)
    assert pm.decode(entries, "n", "", 0, None) == MenuPick()  # back to the first level
    assert pm.decode(entries, "p", "again", 0, None) == MenuPick(move="again")
    b1 = pm.option_value(pm.build_page(entries, ("place",)).choices[0])
    assert pm.decode(entries, "s", "place", 3, [b1]) == MenuPick(prefix=("place", "B1"))
    pos = pm.option_value(pm.build_page(entries, ("place", "B1")).choices[1])
    assert pm.decode(entries, "s", "place|B1", 0, [pos]) == MenuPick(move="place B1 0,1")
    assert pm.decode(entries, "n", "place|R5", 0, None) is None  # stale: no such move now
    assert pm.decode(entries, "p", "place", 0, None) is None  # no move is "place" alone
    assert pm.decode(entries, "s", "place", 0, ["p999"]) is None
    assert pm.decode(entries, "s", "place", 0, None) is None


def test_labels_are_clipped_to_discord_limits() -> None:
    choice = pm.Choice("x" * 150, ("a",), "a", 0)
    assert len(pm.button_label(choice)) == 80 and len(pm.option_label(choice)) == 100


def walk(entries: list[MenuEntry]) -> set[str]:
    """Every move reachable by pressing through the menu, each id checked on the way."""
    found: set[str] = set()
    todo: list[pm.Prefix] = [()]
    while todo:
        prefix = todo.pop()
        first = pm.build_page(entries, prefix)
        for page_no in range(first.pages):
            page = pm.build_page(entries, prefix, page_no)
            assert len(page.choices) <= (pm.PAGE_BUTTONS if page.style == "buttons" else pm.PAGE_OPTIONS)
            cid = pm.custom_id("s", CHANNEL, VERSION, entries, prefix, page_no)
            assert len(cid) <= 100
            assert pm.decode_prefix(entries, pm.CUSTOM_ID.fullmatch(cid)["code"]) == prefix
            for choice in page.choices:
                if choice.move is not None:
                    assert pm.find_move(entries, choice.prefix) == choice.move
                    found.add(choice.move)
                else:
                    todo.append(choice.prefix)
    return found


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), game_id=st.sampled_from(["master-islands", "isis-osiris"]))
def test_every_legal_move_of_real_games_is_reachable(seed: int, game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(3, {}, seed)
    for _ in range(rng.randrange(0, 25)):
        movers = game.to_move(state)
        if not movers:
            break
        state, _events = game.apply(state, movers[0], rng.choice(game.legal(state, movers[0])))
    movers = game.to_move(state)
    if not movers:
        return
    seat = movers[0]
    view = game.view(state, seat)
    entries = [
        MenuEntry(m, [(s.token, s.label) for s in game.menu_path(view, m)], game.describe(view, m))
        for m in game.legal(state, seat)
    ]
    assert walk(entries) == set(game.legal(state, seat))


def test_a_choice_carries_the_icon_of_its_step_and_a_real_games_menu_names_card_colours() -> None:
    """The icon a game gives a step (a card colour here) reaches the choice the menu shows."""
    game = get_game("master-islands")
    state = game.new(2, {"first": 1}, 5)
    items = game.menu(game.view(state, 1), game.legal(state, 1))
    entries = [MenuEntry(i.move, [(s.token, s.label) for s in i.steps], i.label,
                         tuple(s.icon for s in i.steps)) for i in items]
    cards = pm.build_page(entries, ("place",)).choices
    colours = {"B": "card:blue", "G": "card:green", "R": "card:red", "Y": "card:yellow"}
    assert cards and all(c.icon == colours[c.prefix[-1][0]] for c in cards)
    assert all(c.icon == "" for c in pm.build_page(entries).choices)  # verbs: no picture
    plain = [MenuEntry(e.move, e.steps, e.label) for e in entries]  # an entry without icons
    assert all(c.icon == "" for c in pm.build_page(plain, ("place",)).choices)
