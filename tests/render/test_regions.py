"""Board regions (render.regions): which part of a board image is which menu token.

For every game whose renderer names regions, over states of seeded random games: the board is
the same pixels with regions collected or not; every region lies inside the image and has ink;
every token a move's menu offers for a drawn thing (a cell's column and row, a ship, a stack, a
place for a card) has a region, and the regions of tokens offered at one step never overlap
(a click is never ambiguous); a region is where the renderer draws its thing (framing that thing
as the last move changes pixels only around the region); and the regions of the public board
never depend on hidden information (re-dealt hands, piles and tiles give the same ones).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot import catalog
from games import Game, get_game
from render import kit, regions
from render.canvas import stack, stack_trimmed, trim
from render.regions import Region

Steps = list[tuple[str, str]]  # (token, first token) of a menu entry


def _clickable(game_id: str, tokens: list[str]) -> list[int]:
    """Which steps of a move (its tokens) pick a drawn thing, hence must have a region."""
    verb = tokens[0]
    if game_id == "isis-osiris":
        return [1, 2] if verb in ("pawn", "tile") else []
    if game_id == "maitre-des-mers":
        if verb.split()[0] in ("stow", "loot", "discard") or (
                verb.startswith("place ") and len(verb.split()) == 2):
            return [0]  # one choice naming one ship or one die
        return {"arm": [1], "attack": [1, 2], "hunt": [0], "buy": [0]}.get(verb, [])
    if game_id == "ile-des-contrebandiers":  # sail <space> <space>: a place per step
        if verb == "sail":  # the last step: its end's place (``3c H1``: at H1)
            return [1, 2][:len(tokens) - 1]
        return [0] if verb.split()[0] in ("start", "drop", "push") else []
    return [2] if verb == "place" else []  # master-islands: place <card> <x>,<y>


def _marked(game_id: str, key: str, pair: str | None = None) -> Any:
    """What a view's ``last_move.cells`` holds to frame the thing ``key`` stands for."""
    if game_id == "isis-osiris":
        return key + (pair or "")
    if game_id == "maitre-des-mers":
        return {"buy": "goods", "hunt": "treasures"}.get(key, key.split(":")[-1])
    if game_id == "ile-des-contrebandiers":
        return key.split()[-1]
    x, y = key.split(",")
    return [int(x), int(y)]


GAMES = {"isis-osiris": 2, "maitre-des-mers": 3, "master-islands": 3, "ile-des-contrebandiers": 3}


def _states(game_id: str, seed: int, every: int, limit: int) -> list[dict[str, Any]]:
    """States of one seeded random game: the first where each kind of move (its verbs) is
    offered, every ``every``-th, ``limit`` at most in all, and the last."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(GAMES[game_id], {}, seed)
    kinds: set[frozenset[str]] = set()
    firsts, periodic = [], []
    for k in range(2000):
        if game.result(state).finished:
            break
        seat = rng.choice(game.to_move(state))
        legal = game.legal(state, seat)
        kind = frozenset(m.split()[0] for m in legal)
        if kind not in kinds:
            kinds.add(kind)
            firsts.append(state)
        elif k % every == 0:
            periodic.append(state)
        state, _ = game.apply(state, seat, rng.choice(legal))
    return [*(firsts + periodic)[:limit], state]


def _board(game_id: str) -> Callable[[dict[str, Any]], Image.Image]:
    return catalog.board_drawer(game_id)  # type: ignore[no-any-return]


def _overlap(a: Region, b: Region) -> bool:
    ax, ay, aw, ah = a.box
    bx, by, bw, bh = b.box
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def _has_ink(image: Image.Image, box: tuple[int, int, int, int]) -> bool:
    x, y, w, h = box
    part = image.crop((x, y, x + w, y + h))
    return ImageChops.difference(part, Image.new("RGB", part.size, kit.BG)).getbbox() is not None


def _offered(game: Game, state: dict[str, Any]) -> list[tuple[list[str], int]]:
    """(tokens, step) for each step of each legal move of each seat to move."""
    out = []
    for seat in game.to_move(state):
        view = game.view(state, seat)
        for item in game.menu(view, game.legal(state, seat)):
            tokens = [s.token for s in item.steps]
            out += [(tokens, k) for k in range(len(tokens))]
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_regions_cover_the_offered_tokens_inside_the_image(game_id: str) -> None:
    game = get_game(game_id)
    assert catalog.region_finder(game_id) is not None
    board = _board(game_id)
    covered: set[str] = set()
    for seed in (3, 24):  # 24: a fight won, loot offered
        for state in _states(game_id, seed, every=9, limit=8):
            view = game.view(state, None)
            plain = board(view)
            image, found = regions.drawn(board, view)
            assert image.size == plain.size and image.tobytes() == plain.tobytes()
            assert catalog.region_finder(game_id)(view) == found  # type: ignore[misc]
            by_key: dict[str, list[Region]] = {}
            for r in found:
                x, y, w, h = r.box
                assert w > 0 and h > 0 and x >= 0 and y >= 0, r
                assert x + w <= image.width and y + h <= image.height, (r, image.size)
                assert _has_ink(image, r.box), r
                by_key.setdefault(r.key, []).append(r)
            offered: dict[tuple[str, ...], set[str]] = {}
            for tokens, k in _offered(game, state):
                offered.setdefault(tuple(tokens[:k]), set()).add(tokens[k])
                if k in _clickable(game_id, tokens):
                    assert tokens[k] in by_key, (tokens, k, sorted(by_key))
                    covered.add(tokens[k])
            for keys in offered.values():  # one step's choices: one region each, apart
                mine = [r for key in sorted(keys) for r in by_key.get(key, [])]
                for i, a in enumerate(mine):
                    assert not any(_overlap(a, b) for b in mine[i + 1:]), a
    assert covered, "no state offered a token drawn on the board"


def _diff_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int]:
    assert a.size == b.size
    box = ImageChops.difference(a, b).getbbox()
    assert box is not None, "framing the thing changed nothing"
    return box


def _near(box: tuple[int, int, int, int], region: tuple[int, int, int, int], slack: int) -> bool:
    """Whether the pixel box (x0, y0, x1, y1) and the region (x, y, w, h) agree within slack."""
    x, y, w, h = region
    return all(abs(p - q) <= slack for p, q in zip(box, (x, y, x + w, y + h), strict=True))


def _inside(region: tuple[int, int, int, int], box: tuple[int, int, int, int]) -> bool:
    """Whether the region (x, y, w, h) lies in the pixel box (x0, y0, x1, y1)."""
    x, y, w, h = region
    return box[0] <= x and box[1] <= y and x + w <= box[2] and y + h <= box[3]


def _intersection(a: Region, b: Region) -> tuple[int, int, int, int]:
    ax, ay, aw, ah = a.box
    bx, by, bw, bh = b.box
    x0, y0 = max(ax, bx), max(ay, by)
    return x0, y0, min(ax + aw, bx + bw) - x0, min(ay + ah, by + bh) - y0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_region_is_where_its_thing_is_drawn(game_id: str) -> None:
    """The last-move frame hugs the thing it marks: framing one more thing changes only the
    pixels around that thing's region (give or take the frame's half thickness; a sea space of
    L'île is a ring's sector, its region a square inside it)."""
    game = get_game(game_id)
    board = _board(game_id)
    state = _states(game_id, 5, every=1, limit=14)[13]
    view = game.view(state, None)
    _, found = regions.drawn(board, view)
    if game_id == "isis-osiris":
        by_key = {r.key: r for r in found}
        things = [(_marked(game_id, c, r), _intersection(by_key[c], by_key[r]))
                  for c, r in (("A", "1"), ("C", "4"), ("F", "6"), ("E", "2"))]
    else:
        whole = [r for r in found if game_id != "master-islands" or r.box[2] == r.box[3]]
        things = [(_marked(game_id, r.key), r.box) for r in whole if " " not in r.key]
    assert len(things) >= 3, things
    anchor = things[0][0]
    framed = board({**view, "last_move": {**(view.get("last_move") or {}), "cells": [anchor]}})
    for cell, box in things[1:]:
        more = board({**view, "last_move": {**(view.get("last_move") or {}),
                                            "cells": [anchor, cell]}})
        changed = _diff_box(framed, more)
        if game_id == "ile-des-contrebandiers" and not cell.startswith("H"):
            assert _inside(box, changed), (cell, box, changed)
        else:
            assert _near(changed, box, 8), (cell, box, changed)


HAND_STEPS = {"master-islands": ("place", 1), "isis-osiris": ("", 0)}
"""Where a hand's regions are offered: the card of ``place <card> <x>,<y>``; the verb (pawn or
tile) of Isis & Osiris."""


@pytest.mark.parametrize("game_id", sorted(HAND_STEPS))
def test_hand_regions_cover_the_cards_and_reserves_offered(game_id: str) -> None:
    game = get_game(game_id)
    hand = catalog.renderer(game_id).hand
    finder = catalog.hand_region_finder(game_id)
    assert finder is not None and catalog.hand_region_finder("maitre-des-mers") is None
    verb, step = HAND_STEPS[game_id]
    checked = 0
    for state in _states(game_id, 3, every=5, limit=8)[:-1]:
        for seat in game.to_move(state):
            view = game.view(state, seat)
            plain = hand(view)
            image, found = regions.drawn(hand, view)
            assert image.tobytes() == plain.tobytes() and finder(view) == found
            keys = {r.key for r in found}
            for r in found:
                assert _has_ink(image, r.box) and r.box[0] + r.box[2] <= image.width
            for item in game.menu(view, game.legal(state, seat)):
                tokens = [s.token for s in item.steps]
                if tokens[0].startswith(verb) and len(tokens) > step and tokens[0] != "reveal":
                    assert tokens[step] in keys, (tokens, sorted(keys))
                    checked += 1
    assert checked


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_public_regions_never_depend_on_hidden_information(game_id: str) -> None:
    game = get_game(game_id)
    finder = catalog.region_finder(game_id)
    assert finder is not None
    for state in _states(game_id, 7, every=11, limit=3):
        seen = finder(game.view(state, None))
        for k in range(2):
            other = game.determinize(state, 1, random.Random(k))
            assert finder(game.view(other, None)) == seen


def test_stacking_and_trimming_move_regions_with_their_parts() -> None:
    """Parts' regions follow them through stack (centred), trim (cropped) and stack_trimmed
    (both); what a crop cuts off is cut or dropped; nothing is attached without collecting."""

    def part(width: int, height: int, ink: tuple[int, int, int, int], key: str) -> Image.Image:
        image, draw = kit.new_canvas(width, height)
        draw.rectangle(ink, fill=kit.INK)
        regions.note(image, key, ink)
        return image

    with regions.collecting():
        a = part(100, 60, (40, 30, 59, 49), "a")
        b = part(60, 40, (0, 0, 9, 9), "b")
        stacked = stack([a, b], min_width=120)
        assert regions.of(stacked) == [Region("a", (50, 30, 20, 20)), Region("b", (30, 60, 10, 10))]
        trimmed = trim(stacked, margin=5)
        assert regions.of(trimmed) == [Region("a", (25, 5, 20, 20)), Region("b", (5, 35, 10, 10))]
        both = stack_trimmed([a, b], 120, margin=5)
        assert both.tobytes() == trimmed.tobytes()
        assert regions.of(both) == regions.of(trimmed)
        cut = trim(part(80, 80, (10, 10, 69, 69), "c"), margin=0)
        regions.note(cut, "off", (-30, -30, -1, -1))
        regions.note(cut, "half", (50, 50, 89, 89))
        assert regions.of(cut) == [Region("c", (0, 0, 60, 60)), Region("half", (50, 50, 10, 10))]
    plain = stack([part(100, 60, (40, 30, 59, 49), "a")])
    assert regions.of(plain) == []
