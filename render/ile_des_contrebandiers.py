"""L'île des contrebandiers images: the round sea (board) and a player's own tile (hand).

Drawn only from a View (docs/views.md, section ile-des-contrebandiers), phone first: 800 px wide
and no text under 20 px (10 px at the ~400 px a phone shows).

The board shows, top to bottom: the title with the turn's prompt ("Alice sails up to 3", "Alice
drops Bob's tile"), or the winner by name, the reason and the final scores once the game is over;
the sea: the lighthouse at the centre, 3 rings x 10 sectors with every space named (``1a`` ..
``3j``), the lit sector (``beam``) as a bright wedge striped with rays from the lighthouse through
the three rings, reefs (dark, hatched, with rocks), the anchor space ``3f`` (an anchor), the five
islands outside with their harbour ``Hk`` (a round basin joined by a quay to the outer space of
sector 2k), name and goods left; boats as seat marks on their spaces (side by side in a harbour),
each loaded boat with a small tile chip ("?" while hidden, island letter + points once shown to
all), floating tiles (crates: "?" or letter + points), the path just sailed (a cased line with
arrowheads), the last move's spaces framed; the dice of the turn (the yellow lighthouse die with
its arrows or the sleeping keeper, the white die with pips, both said in words too); a legend;
a panel with each seat's mark, full name, score, boat, tile and delivered tiles.

Never colour alone: the lit sector has rays, reefs have hatching and rocks, tile chips carry "?"
or text, the yellow die's arrows point their way (and are counted), and words say every die.
A boat's tile is drawn face up on the public board only when ``shown`` is true, so the board
never depends on who looks (the owner's view carries its own tile's face).

Words are drawn in the current language (:func:`i18n._`; the host sets it around the call); the
island names are translated from the view's code words, so the chips' letters follow the
language (French: gemmes G, pièces P, bijoux B, vases V, tonneaux T).
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.text import Text
from i18n import N_, _, _n, load, translate

from . import kit, seats

View = dict[str, Any]
Box = tuple[float, float, float, float]
Point = tuple[float, float]

WIDTH = 800  # phone first: 20 px text reads as 10 px at 400 px wide
FONT = kit.min_font_for(WIDTH)  # 20: the smallest text anywhere
TITLE, BODY, SMALL = 26, 22, FONT
LINE = 32
EDGE = 14

# -- geometry (rules IC-1, IC-2: a reconstruction; the engine's games/ile_des_contrebandiers/board
# holds the rules' side, this the picture's) ----------------------------------------------------
LETTERS = "abcdefghij"
SECTORS = 10
RINGS = (1, 2, 3)
ISLAND_NAMES = (N_("gems"), N_("coins"), N_("jewels"), N_("vases"), N_("barrels"))
ANCHOR = "3f"
R_LIGHT = 60  # the lighthouse disc
RING_EDGES = (60, 140, 220, 300)  # inner edge of ring 1, outer edges of rings 1, 2, 3
DOCK_W, DOCK_H = 124, 84  # a harbour basin: room for four boats with their tiles
ISLAND_W, ISLAND_H = 128, 92
TOP, BOTTOM = 396, 370  # the sea image reaches this far above and below the lighthouse
CX, CY = WIDTH // 2, EDGE + TOP
SEA_H = EDGE + TOP + BOTTOM + EDGE

GAME_NAME = "L'île des contrebandiers"  # a name: the same in every language
BOAT_R = 14  # a seat mark's radius: its number is 20 px
CHIP_H = 26

SEA: kit.RGB = (153, 204, 255)
SEA_LINE: kit.RGB = (51, 102, 153)
NAME_INK: kit.RGB = (0, 51, 102)
LIT: kit.RGB = kit.YELLOW
RAY: kit.RGB = kit.ORANGE
REEF: kit.RGB = (102, 102, 102)
ROCK: kit.RGB = (51, 51, 51)
CRATE: kit.RGB = (204, 153, 102)
SHOWN: kit.RGB = kit.WHITE
LIGHTHOUSE: kit.RGB = (230, 230, 230)
QUAY: kit.RGB = kit.TILE

YELLOW_DIE = {
    "cw2": ("cw", 2, kit.VERMILLION, N_("turn 2 clockwise")),
    "cw3": ("cw", 3, kit.VERMILLION, N_("turn 3 clockwise")),
    "ccw2": ("ccw", 2, kit.GREEN, N_("turn 2 counter-clockwise")),
    "ccw3": ("ccw", 3, kit.GREEN, N_("turn 3 counter-clockwise")),
    "any2": ("any", 2, kit.BLACK, N_("turn 2, either way")),
    "sleep": ("sleep", 0, kit.BLACK, N_("keeper asleep: no turn")),
}


def _angle(sector: float) -> float:
    """The middle of ``sector`` in degrees, PIL style (0 = 3 o'clock, clockwise): sector a is at
    the top, the letters run clockwise."""
    return -90.0 + 36.0 * sector


def _polar(r: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def parse_space(name: Any) -> tuple[int, int] | None:
    """(ring, sector) of a sea space like ``"2c"``; None for anything else."""
    if isinstance(name, str) and len(name) == 2 and name[0] in "123" and name[1] in LETTERS:
        return int(name[0]), LETTERS.index(name[1])
    return None


def parse_harbour(name: Any) -> int | None:
    """k of a harbour ``"Hk"``; None for anything else."""
    if isinstance(name, str) and len(name) == 2 and name[0] == "H" and name[1] in "01234":
        return int(name[1])
    return None


def _cell_points(ring: int, sector: int, inset: float = 0.0) -> list[Point]:
    """The outline of a sea space (an annular sector), ``inset`` px inside its edges."""
    r0, r1 = RING_EDGES[ring - 1] + inset, RING_EDGES[ring] - inset
    half = 18.0 - math.degrees(inset / ((r0 + r1) / 2))
    a0, a1 = _angle(sector) - half, _angle(sector) + half
    steps = 10
    outer = [_polar(r1, a0 + (a1 - a0) * k / steps) for k in range(steps + 1)]
    inner = [_polar(r0, a1 - (a1 - a0) * k / steps) for k in range(steps + 1)]
    return outer + inner


def _boat_spot(ring: int, sector: int) -> Point:
    """Where a boat sits in its space (the space's name is nearer the rim, a floating tile
    nearer the lighthouse)."""
    r0, r1 = RING_EDGES[ring - 1], RING_EDGES[ring]
    return _polar((r0 + r1) / 2 - 3, _angle(sector))


def _tile_spot(ring: int, sector: int) -> Point:
    return _polar(RING_EDGES[ring - 1] + 14, _angle(sector))


def _name_spot(ring: int, sector: int) -> Point:
    return _polar(RING_EDGES[ring] - 15, _angle(sector))


def _island_sector(view: View, k: int) -> int:
    for isl in view.get("islands") or []:
        if isl.get("island") == k and isinstance(isl.get("sector"), int):
            return isl["sector"] % SECTORS
    return (2 * k) % SECTORS


# sector -> (harbour basin, island card), relative to the lighthouse: where the round sea leaves
# room in an 800 px wide image (the upper islands' basins sit above their access space, the lower
# ones beside it, each card beside or above its basin). Sectors 6 and 8 mirror 4 and 2.
_LAYOUT: dict[int, tuple[Box, Box]] = {
    0: ((-62, -392, 62, -308), (70, -392, 198, -300)),
    2: ((262, -239, 386, -155), (258, -333, 386, -241)),
    4: ((262, 186, 386, 270), (258, 276, 386, 368)),
}
_LAYOUT[8] = tuple((-b[2], b[1], -b[0], b[3]) for b in _LAYOUT[2])  # type: ignore[assignment]
_LAYOUT[6] = tuple((-b[2], b[1], -b[0], b[3]) for b in _LAYOUT[4])  # type: ignore[assignment]


def _layout(sector: int) -> tuple[Box, Box]:
    """The harbour basin and island card of an island at ``sector`` (any sector: records could
    move an island; the five islands' own sectors have a hand-made place)."""
    if sector in _LAYOUT:
        dock, card = _LAYOUT[sector]
    else:
        a = _angle(sector)
        hx, hy = _polar(RING_EDGES[-1] + 20 + DOCK_H / 2, a)
        fx, fy = _polar(RING_EDGES[-1] + 40 + DOCK_H + ISLAND_H / 2, a)
        dock = (hx - CX - DOCK_W / 2, hy - CY - DOCK_H / 2, hx - CX + DOCK_W / 2,
                hy - CY + DOCK_H / 2)
        card = (fx - CX - ISLAND_W / 2, fy - CY - ISLAND_H / 2, fx - CX + ISLAND_W / 2,
                fy - CY + ISLAND_H / 2)
    return (tuple(v + (CX if k % 2 == 0 else CY) for k, v in enumerate(dock)),  # type: ignore
            tuple(v + (CX if k % 2 == 0 else CY) for k, v in enumerate(card)))


def _dock_box(sector: int) -> Box:
    return _layout(sector)[0]


def _harbour_centre(sector: int) -> Point:
    x0, y0, x1, y1 = _dock_box(sector)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _island_box(sector: int) -> Box:
    return _layout(sector)[1]


def _anchor(view: View, name: Any) -> Point | None:
    """The centre of a space's boat spot or harbour basin (paths run through them)."""
    cell = parse_space(name)
    if cell:
        return _boat_spot(*cell)
    k = parse_harbour(name)
    if k is not None:
        return _harbour_centre(_island_sector(view, k))
    return None


def neighbours(view: View, name: str) -> set[str]:
    """Sea neighbours and harbour links of ``name`` (IC-1, IC-2)."""
    cell = parse_space(name)
    out: set[str] = set()
    if cell:
        ring, sector = cell
        out |= {f"{ring}{LETTERS[(sector + d) % SECTORS]}" for d in (-1, 1)}
        out |= {f"{r}{LETTERS[sector]}" for r in (ring - 1, ring + 1) if r in RINGS}
        for k in range(5):
            if ring == 3 and _island_sector(view, k) == sector:
                out.add(f"H{k}")
    k = parse_harbour(name)
    if k is not None:
        out.add(f"3{LETTERS[_island_sector(view, k)]}")
    return out


# -- data from the view ---------------------------------------------------------------------------
def island_name(view: View, k: Any) -> str:
    """Island ``k``'s name in the current language (from the view's code word ``gems`` …)."""
    for isl in view.get("islands") or []:
        if isl.get("island") == k and isl.get("name"):
            name = kit.ascii_text(str(isl["name"]))
            return translate(name) if name else _("island {k}", k=k)
    if isinstance(k, int) and 0 <= k < len(ISLAND_NAMES):
        return translate(ISLAND_NAMES[k])
    return _("island {k}", k=k)


def island_letter(view: View, k: Any) -> str:
    """The island's initial (G C J V B), the short form of a destination on tile chips."""
    name = island_name(view, k)
    letter = name[:1].upper()
    others = [island_name(view, j)[:1].upper() for j in range(5) if j != k]
    return letter if letter.isalpha() and letter not in others else str(k)


def public_face(tile: Any, on_boat: bool) -> tuple[Any, Any] | None:
    """(destination, points) when everyone may see the tile's face, else None.

    A boat's tile is public only once ``shown`` (the owner's view carries its face with
    ``shown: false``: the public board must not show it). A floating tile with its face given is
    public unless it says ``shown: false``."""
    if not isinstance(tile, dict) or tile.get("hidden", True) is not False:
        return None
    shown = tile.get("shown")
    if (shown is not True) if on_boat else (shown is False):
        return None
    return tile.get("destination"), tile.get("points")


def chip_text(view: View, face: tuple[Any, Any] | None) -> str:
    if face is None:
        return "?"
    dest, points = face
    return f"{island_letter(view, dest)}{points if points is not None else '?'}"


def _boat(view: View, seat: Any) -> dict[str, Any]:
    return next((b for b in view.get("boats") or [] if b.get("seat") == seat), {})


def _name(view: View, seat: Any) -> str:
    return kit.seat_name(view, seat) if isinstance(seat, int) else "?"


def _score(view: View, seat: Any) -> Any:
    row = kit.seat_row(view, seat)
    if row.get("score") is not None:
        return row["score"]
    scores = (view.get("result") or {}).get("scores") or []
    index = (seat or 0) - 1 if isinstance(seat, int) else -1
    return scores[index] if 0 <= index < len(scores) else 0


def _cells(view: View) -> list[str]:
    last = view.get("last_move") or {}
    return [c for c in last.get("cells") or [] if isinstance(c, str)]


def _beam(view: View) -> int | None:
    beam = view.get("beam")
    return beam % SECTORS if isinstance(beam, int) else None


def _reefs(view: View) -> list[tuple[int, int]]:
    return [c for c in (parse_space(r) for r in view.get("reefs") or []) if c]


def _finished(view: View) -> bool:
    return bool((view.get("result") or {}).get("finished"))


def _turn_seat(view: View) -> Any:
    turn = view.get("turn") or {}
    if turn.get("seat") is not None:
        return turn["seat"]
    to_move = view.get("to_move") or []
    return to_move[0] if to_move else None


def path_points(view: View) -> list[str]:
    """The path just sailed, with its start when the contract's reading leaves it out.

    ``path`` may list the spaces entered (like the ``sail`` move) or start with the boat's
    space; when the last move was the sail (or a swap after it) and its ``cells`` hold a space
    next to the first step that is not on the path, that space is the start."""
    path = [p for p in view.get("path") or [] if parse_space(p) or parse_harbour(p) is not None]
    if not path:
        return []
    last = view.get("last_move") or {}
    verb = str(last.get("move") or "").split()[:1]
    if verb not in (["sail"], ["swap"]):  # a push's cells name where the pushed boat went
        return path
    near = neighbours(view, path[0])
    start = next((c for c in _cells(view) if c in near and c not in path), None)
    return [start, *path] if start else path


def named_text(view: View, text: Any) -> str:
    """An engine's sentence in the current language, each seat said by its display name: a
    Text (or its JSON dump) through :func:`render.seats.named_sentence`; an old plain English
    sentence has its "Seat n" words replaced."""
    text = load(text)
    if isinstance(text, Text):
        return seats.named_sentence(text, view)
    return re.sub(r"\bSeat (\d+)\b", lambda m: _name(view, int(m[1])), translate(str(text)))


def stage_prompt(view: View) -> str | None:
    """What the seat to move does now, in words ("Alice sails up to 3")."""
    if _finished(view):
        return None
    turn = view.get("turn") or {}
    seat = _turn_seat(view)
    if seat is None:
        return None
    who = _name(view, seat)
    stage = turn.get("stage")
    dice = view.get("dice") or {}
    white = dice.get("white")
    boat = _boat(view, seat)
    if stage == "start" or (not turn and boat and boat.get("space") is None):
        if boat.get("space") is None:
            return _("{who} puts a boat in a harbour (H0-H4)", who=who)
        return _("{who} starts a turn", who=who)
    if stage == "turn":
        return _("{who} turns the lighthouse 2 steps: clockwise or counter-clockwise", who=who)
    if stage == "drop":
        left = turn.get("drops_left") or []
        owner = left[0] if left else None
        if owner is None:
            return _("{who} drops a caught boat's tile next to it", who=who)
        if owner == seat:
            return _("{who} drops the tile of their own boat next to it", who=who)
        return _("{who} drops {other}'s tile next to {other}'s boat", who=who,
                 other=_name(view, owner))
    if stage == "sail":
        return _sail_prompt(who, white, _on_floating(view, boat.get("space")))
    if stage == "load":
        return _("{who} loads the floating tile or stays", who=who)
    if stage == "push":
        others = _pushed(view, seat)
        if others:
            return _("{who} pushes {other}'s boat to a free space next to it, or swaps places",
                     who=who, other=_name(view, others[0]))
        return _("{who} pushes the boat there to a free space next to it, or swaps places",
                 who=who)
    return _("{who} to move", who=who)


def _sail_prompt(who: str, white: Any, floating: bool) -> str:
    if not isinstance(white, int):
        return _("{who} sails on or stays", who=who)
    if floating:
        return _n("{who} sails up to {n}, loads the tile here or stays",
                  "{who} sails up to {n}, loads the tile here or stays", white, who=who)
    return _n("{who} sails up to {n} or stays", "{who} sails up to {n} or stays", white, who=who)


def _on_floating(view: View, space: Any) -> bool:
    return any(f.get("space") == space for f in view.get("floating") or [])


def _pushed(view: View, seat: Any) -> list[int]:
    """The boat(s) the mover ran into: on the mover's space or the path's last space."""
    places = {_boat(view, seat).get("space")}
    path = view.get("path") or []
    if path:
        places.add(path[-1])
    return [b["seat"] for b in view.get("boats") or []
            if b.get("seat") != seat and b.get("space") in places and b.get("space") is not None
            and isinstance(b.get("seat"), int)]


# -- small drawings -------------------------------------------------------------------------------
def draw_anchor(draw: ImageDraw.ImageDraw, c: Point, s: float, ink: kit.RGB = kit.INK) -> None:
    """An anchor of height ~2s: ring, shank, stock and curved arms with flukes."""
    x, y = c
    w = max(2, round(s / 5))
    draw.ellipse((x - s * 0.22, y - s, x + s * 0.22, y - s * 0.56), outline=ink, width=w)
    draw.line((x, y - s * 0.56, x, y + s * 0.9), fill=ink, width=w)
    draw.line((x - s * 0.45, y - s * 0.32, x + s * 0.45, y - s * 0.32), fill=ink, width=w)
    draw.arc((x - s * 0.8, y - s * 0.15, x + s * 0.8, y + s * 0.95), 20, 160, fill=ink, width=w)
    for dx in (-1, 1):
        tip = (x + dx * s * 0.76, y + s * 0.52)
        draw.polygon([tip, (tip[0] - dx * s * 0.05, tip[1] - s * 0.42),
                      (tip[0] + dx * s * 0.3, tip[1] - s * 0.2)], fill=ink)


def draw_chip(draw: ImageDraw.ImageDraw, c: Point, label: str, floating: bool) -> Box:
    """A goods tile: "?" while hidden (dark crate), destination letter + points when shown
    (white face). A floating tile is a square crate with planks, a boat's a rounded chip."""
    w = max(CHIP_H, kit.text_width(label, SMALL) + 10)
    x, y = c
    box = (x - w / 2, y - CHIP_H / 2, x + w / 2, y + CHIP_H / 2)
    hidden = label == "?"
    fill = CRATE if hidden else SHOWN
    if floating:
        draw.rectangle(box, fill=fill, outline=kit.INK, width=2)
        draw.line((box[0] + 2, box[1] + 5, box[2] - 2, box[1] + 5), fill=kit.INK, width=1)
        draw.line((box[0] + 2, box[3] - 5, box[2] - 2, box[3] - 5), fill=kit.INK, width=1)
    else:
        draw.rounded_rectangle(box, radius=6, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, (x, y + 1), label, SMALL, kit.INK, "mm", bold=True)
    return box


def draw_boat(draw: ImageDraw.ImageDraw, view: View, c: Point, boat: dict[str, Any],
              side: Point = (1.0, 0.0)) -> None:
    """A boat: its seat mark, and its tile as a chip overlapping the mark's edge on ``side`` (a
    unit vector: at sea, clockwise along the ring, away from a floating tile nearer the
    lighthouse; in a harbour, to the right)."""
    seat = boat.get("seat", 0)
    kit.seat_mark(draw, c, BOAT_R, seat, halo=kit.WHITE)
    tile = boat.get("tile")
    if tile:
        label = chip_text(view, public_face(tile, on_boat=True))
        w = max(CHIP_H, kit.text_width(label, SMALL) + 10)
        reach = BOAT_R - 6 + abs(side[0]) * w / 2 + abs(side[1]) * CHIP_H / 2
        drop = 10 if abs(side[0]) > 0.7 else 0
        draw_chip(draw, (c[0] + side[0] * reach, c[1] + side[1] * reach + drop), label,
                  floating=False)


def boat_width(view: View, boat: dict[str, Any]) -> float:
    tile = boat.get("tile")
    if not tile:
        return 2 * BOAT_R + 4
    label = chip_text(view, public_face(tile, on_boat=True))
    return 2 * BOAT_R + max(CHIP_H, kit.text_width(label, SMALL) + 10) - 4


def hatch_polygon(image: Image.Image, points: list[Point], fill: kit.RGB, step: int = 9) -> None:
    """Diagonal hatching clipped to ``points`` (a reef)."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x0, y0 = math.floor(min(xs)), math.floor(min(ys))
    w, h = math.ceil(max(xs)) - x0 + 1, math.ceil(max(ys)) - y0 + 1
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).polygon([(x - x0, y - y0) for x, y in points], fill=255)
    lines = Image.new("L", (w, h), 0)
    ld = ImageDraw.Draw(lines)
    for k in range(-h, w, step):
        ld.line((k, h, k + h, 0), fill=255, width=2)
    clip = Image.new("L", (w, h), 0)
    clip.paste(lines, (0, 0), mask)
    image.paste(fill, (x0, y0, x0 + w, y0 + h), clip)


def draw_rocks(draw: ImageDraw.ImageDraw, c: Point, s: float) -> None:
    """Three jagged rocks around ``c`` (a reef's shape cue)."""
    for dx, dy, k in ((-0.9, 0.35, 0.7), (0.85, 0.4, 0.6), (0.0, -0.1, 1.0)):
        x, y, r = c[0] + dx * s, c[1] + dy * s, s * k
        pts = [(x - r, y + r * 0.5), (x - r * 0.5, y - r * 0.4), (x - r * 0.1, y - r * 0.8),
               (x + r * 0.5, y - r * 0.3), (x + r, y + r * 0.5)]
        draw.polygon(pts, fill=REEF, outline=kit.WHITE)


def draw_rays(draw: ImageDraw.ImageDraw, sector: int) -> None:
    """Rays from the lighthouse across the lit sector (the beam's pattern, not colour alone)."""
    base = _angle(sector)
    for d in (-12, -4, 4, 12):
        a = base + d
        draw.line((*_polar(R_LIGHT + 4, a), *_polar(RING_EDGES[-1] - 4, a)), fill=RAY, width=3)


def mark_cell(draw: ImageDraw.ImageDraw, points: list[Point]) -> None:
    """The last-move frame on a space: thick black, thin white inside (a shape cue)."""
    draw.line([*points, points[0], points[1]], fill=kit.HIGHLIGHT, width=7, joint="curve")
    draw.line([*points, points[0], points[1]], fill=kit.WHITE, width=2, joint="curve")


def mark_harbour(draw: ImageDraw.ImageDraw, box: Box) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0 - 5, y0 - 5, x1 + 5, y1 + 5), radius=24, outline=kit.HIGHLIGHT,
                           width=7)
    draw.rounded_rectangle((x0 - 1, y0 - 1, x1 + 1, y1 + 1), radius=20, outline=kit.WHITE,
                           width=2)


def draw_path(draw: ImageDraw.ImageDraw, points: list[Point]) -> None:
    """The path just sailed: a white line cased in black, an arrowhead on every step."""
    if len(points) == 1:
        x, y = points[0]
        draw.ellipse((x - 22, y - 22, x + 22, y + 22), outline=kit.INK, width=4)
        return
    draw.line(points, fill=kit.INK, width=9, joint="curve")
    draw.line(points, fill=kit.WHITE, width=3, joint="curve")
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0) or 1
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        mx, my = x0 + (x1 - x0) * 0.5, y0 + (y1 - y0) * 0.5
        tip = (mx + ux * 10, my + uy * 10)
        back = (mx - ux * 8, my - uy * 8)
        draw.polygon([tip, (back[0] - uy * 9, back[1] + ux * 9), (back[0] + uy * 9,
                      back[1] - ux * 9)], fill=kit.INK, outline=kit.WHITE)


def draw_lighthouse(draw: ImageDraw.ImageDraw, c: Point, s: float) -> None:
    """A striped tower with a lamp room (about 2s tall)."""
    x, y = c
    top, bottom = y - s * 0.55, y + s * 0.95
    tower = [(x - s * 0.22, top), (x + s * 0.22, top), (x + s * 0.36, bottom),
             (x - s * 0.36, bottom)]
    draw.polygon(tower, fill=kit.WHITE, outline=kit.INK)
    for k in (0.25, 0.6):
        yy = top + (bottom - top) * k
        half = 0.22 + 0.14 * k
        draw.rectangle((x - s * half + 1, yy, x + s * half - 1, yy + s * 0.2), fill=kit.VERMILLION)
    draw.rectangle((x - s * 0.2, y - s * 0.9, x + s * 0.2, top), fill=LIT, outline=kit.INK)
    draw.polygon([(x - s * 0.3, y - s * 0.9), (x + s * 0.3, y - s * 0.9), (x, y - s * 1.2)],
                 fill=kit.INK)


def paint_white_die(draw: ImageDraw.ImageDraw, box: Box, value: Any) -> None:
    """The white die (1-4) with pips."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    draw.rounded_rectangle(box, radius=side // 6, fill=kit.WHITE, outline=kit.INK, width=3)
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)]}.get(value if isinstance(value, int) else 0, [])
    step, r = side / 4, side / 11
    for col, row in pips:
        cx, cy = x0 + step * (col + 1), y0 + step * (row + 1)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.INK)
    if not pips:
        kit.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", BODY, kit.INK, "mm", bold=True)


def _arrow(draw: ImageDraw.ImageDraw, y: float, x0: float, x1: float, way: str,
           ink: kit.RGB, w: int) -> None:
    """A horizontal arrow: ``cw`` points right, ``ccw`` left, ``any`` both ways."""
    head = w * 2.2
    a, b = x0 + (head if way in ("ccw", "any") else 0), x1 - (head if way in ("cw", "any") else 0)
    draw.line((a, y, b, y), fill=ink, width=w)
    if way in ("cw", "any"):
        draw.polygon([(x1, y), (x1 - head - 1, y - head), (x1 - head - 1, y + head)], fill=ink)
    if way in ("ccw", "any"):
        draw.polygon([(x0, y), (x0 + head + 1, y - head), (x0 + head + 1, y + head)], fill=ink)


def paint_yellow_die(draw: ImageDraw.ImageDraw, box: Box, face: Any) -> None:
    """The lighthouse die: 2 or 3 arrows clockwise (red, pointing right), counter-clockwise
    (green, pointing left) or either way (black, double-headed); or the sleeping keeper (a face
    with closed eyes and "z")."""
    x0, y0, x1, y1 = box
    side = x1 - x0
    draw.rounded_rectangle(box, radius=side // 6, fill=LIT, outline=kit.INK, width=3)
    way, count, ink, _ = YELLOW_DIE.get(face, ("?", 0, kit.INK, ""))
    if way == "sleep":
        cx, cy, r = x0 + side * 0.42, y0 + side * 0.58, side * 0.27
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=kit.WHITE, outline=kit.INK, width=2)
        for dx in (-0.4, 0.4):
            ex = cx + dx * r
            draw.arc((ex - r * 0.28, cy - r * 0.3, ex + r * 0.28, cy + r * 0.1), 20, 160,
                     fill=kit.INK, width=2)
        draw.line((cx - r * 0.25, cy + r * 0.5, cx + r * 0.25, cy + r * 0.5), fill=kit.INK, width=2)
        kit.text(draw, (x0 + side * 0.8, y0 + side * 0.26), "z", SMALL, kit.INK, "mm", bold=True)
        return
    if count == 0:
        kit.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), "?", BODY, kit.INK, "mm", bold=True)
        return
    w = max(3, round(side / 14))
    for k in range(count):
        y = y0 + side * (k + 1) / (count + 1)
        _arrow(draw, y, x0 + side * 0.14, x1 - side * 0.14, way, ink, w)


@lru_cache(maxsize=32)
def _die_image(kind: str, face: Any, side: int) -> tuple[Image.Image, list[int]]:
    with kit.recording_text_sizes(isolated=True) as sizes:
        image = Image.new("RGB", (side + 1, side + 1), kit.BG)
        draw = ImageDraw.Draw(image)
        box = (0, 0, side, side)
        (paint_yellow_die if kind == "yellow" else paint_white_die)(draw, box, face)
    return image, sizes


def paste_die(image: Image.Image, xy: Point, kind: str, face: Any, side: int) -> None:
    """A die face drawn once per face and size, then pasted (its text sizes noted again)."""
    face = face if isinstance(face, str | int) else None
    die, sizes = _die_image(kind, face, side)
    kit.note_text_sizes(sizes)
    image.paste(die, (round(xy[0]), round(xy[1])))


def dice_words(dice: dict[str, Any]) -> tuple[str, str]:
    """Both dice in words, in the current language."""
    yellow = YELLOW_DIE.get(dice.get("yellow"), ("", 0, kit.INK, N_("lighthouse die ?")))[3]
    white = dice.get("white")
    if not isinstance(white, int):
        return translate(yellow), _("sail ?")
    return translate(yellow), _n("sail up to {n}", "sail up to {n}", white)


# -- the sea --------------------------------------------------------------------------------------
def _draw_islands(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Each island: its card (name, harbour, goods left), its round harbour basin and the quay
    that joins the basin to the outer space of sector 2k."""
    islands = {i.get("island"): i for i in view.get("islands") or [] if isinstance(i, dict)}
    for k in range(5):
        sector = _island_sector(view, k)
        dock = _dock_box(sector)
        a = _angle(sector)
        rim = _polar(RING_EDGES[-1] - 4, a)
        near = (min(max(rim[0], dock[0] + 20), dock[2] - 20),
                min(max(rim[1], dock[1] + 20), dock[3] - 20))
        draw.line((*rim, *near), fill=QUAY, width=16)
        x0, y0, x1, y1 = _island_box(sector)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=18, fill=kit.SAND, outline=kit.INK, width=2)
        left = (islands.get(k) or {}).get("goods_left")
        goods = (_("no tiles left") if left == 0 else _n("{n} tile left", "{n} tiles left", left)
                 if isinstance(left, int) else _("tiles ?"))
        name = island_name(view, k)
        label = f"{name} ({island_letter(view, k)})"
        size = BODY if kit.text_width(label, BODY) <= ISLAND_W - 10 else SMALL  # "tonneaux (T)"
        kit.text(draw, ((x0 + x1) / 2, y0 + 20), label, size, kit.INK, "mm", bold=True)
        kit.text(draw, ((x0 + x1) / 2, y0 + 46), _("harbour {harbour}", harbour=f"H{k}"), SMALL,
                 kit.INK, "mm")
        kit.text(draw, ((x0 + x1) / 2, y0 + 71), goods, SMALL, kit.INK, "mm",
                 bold=left == 0)
        draw.rounded_rectangle(dock, radius=20, fill=SEA, outline=kit.INK, width=4)
        draw.rounded_rectangle((dock[0] + 5, dock[1] + 5, dock[2] - 5, dock[3] - 5), radius=16,
                               outline=kit.WHITE, width=2)


def draw_fan(draw: ImageDraw.ImageDraw, beam: int | None, dx: int = 0, dy: int = 0,
             ink: dict[str, Any] | None = None) -> None:
    """The rings' 30 sectors, the one of ``beam`` lit, shifted by (``dx``, ``dy``); ``ink``
    replaces the colours (fill and outline: a mask of the pixels drawn)."""
    for ring in (3, 2, 1):
        r = RING_EDGES[ring]
        for sector in range(SECTORS):
            a = _angle(sector)
            colours = ink or {"fill": LIT if sector == beam else SEA, "outline": SEA_LINE}
            draw.pieslice((CX - r + dx, CY - r + dy, CX + r + dx, CY + r + dy), a - 18, a + 18,
                          width=2, **colours)


@lru_cache(maxsize=SECTORS + 1)  # ~1.5 MB each
def _fan(beam: int | None) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """The sectors drawn once per beam position (30 big pie slices were half a board's draw
    time), with the mask of their pixels and where they go: pasted through the mask, the board
    is the same pixel for pixel (pie slices have no anti-aliasing to blend)."""
    r = RING_EDGES[-1] + 4
    left, top = CX - r, CY - r
    layer = Image.new("RGB", (2 * r + 1, 2 * r + 1), kit.BG)
    mask = Image.new("L", layer.size, 0)
    draw_fan(ImageDraw.Draw(layer), beam, -left, -top)
    draw_fan(ImageDraw.Draw(mask), beam, -left, -top, ink={"fill": 255, "outline": 255})
    return layer, mask, (left, top)


def _draw_rings(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    beam = _beam(view)
    reefs = set(_reefs(view))
    layer, mask, at = _fan(beam)
    image.paste(layer, at, mask)
    if beam is not None:
        draw_rays(draw, beam)
    for ring, sector in sorted(reefs):
        points = _cell_points(ring, sector)
        draw.polygon(points, fill=REEF, outline=SEA_LINE)
        hatch_polygon(image, points, ROCK)
        draw_rocks(draw, _boat_spot(ring, sector), 14)
    r = R_LIGHT
    draw.ellipse((CX - r, CY - r, CX + r, CY + r), fill=LIGHTHOUSE, outline=kit.INK, width=3)
    if beam is not None:
        a = _angle(beam)
        draw.pieslice((CX - r + 2, CY - r + 2, CX + r - 2, CY + r - 2), a - 18, a + 18, fill=LIT)
        for d in (-12, -4, 4, 12):
            draw.line((CX, CY, *_polar(r - 3, a + d)), fill=RAY, width=3)
    draw_lighthouse(draw, (CX, CY + 4), 34)
    _draw_highlights(draw, view)
    for ring in RINGS:
        for sector in range(SECTORS):
            name = f"{ring}{LETTERS[sector]}"
            if (ring, sector) in reefs:
                ink = kit.WHITE
            else:
                ink = NAME_INK
            kit.text(draw, _name_spot(ring, sector), name, SMALL, ink, "mm", bold=True)
    anchor = parse_space(ANCHOR)
    if anchor:
        ring, sector = anchor
        x, y = _polar(RING_EDGES[ring - 1] + 22, _angle(sector) - 10)
        reef = anchor in reefs
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=kit.WHITE, outline=kit.INK, width=2)
        draw_anchor(draw, (x, y + 1), 11, kit.INK if not reef else ROCK)


def _draw_highlights(draw: ImageDraw.ImageDraw, view: View) -> None:
    for cell in _cells(view):
        sea = parse_space(cell)
        if sea:
            mark_cell(draw, _cell_points(*sea, inset=3))
        k = parse_harbour(cell)
        if k is not None:
            mark_harbour(draw, _dock_box(_island_sector(view, k)))


def _harbour_slots(n: int, box: Box, widths: list[float]) -> list[Point]:
    """Boat mark centres in a basin: one or two boats side by side in the middle, three or four
    in two rows of two (more, impossible with 4 seats, in more rows)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if n <= 2:  # under the harbour's name
        total = sum(widths) + 10 * (n - 1)
        left, out = cx - total / 2, []
        for w in widths:
            out.append((left + BOAT_R, cy + 10))
            left += w + 10
        return out
    rows = -(-n // 2)
    pitch = (y1 - y0 - 46) / (rows - 1)
    return [(x0 + 6 + BOAT_R + (k % 2) * (DOCK_W / 2 - 2), y0 + 19 + (k // 2) * pitch)
            for k in range(n)]


def _draw_boats(draw: ImageDraw.ImageDraw, view: View) -> None:
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    by_space: dict[str, list[dict[str, Any]]] = {}
    crowded: set[int] = set()
    for b in sorted(boats, key=lambda b: b.get("seat") or 0):
        if b.get("space") is not None:
            by_space.setdefault(str(b["space"]), []).append(b)
    for space, here in sorted(by_space.items()):
        cell = parse_space(space)
        k = parse_harbour(space)
        if cell:
            x, y = _boat_spot(*cell)
            a = math.radians(_angle(cell[1]))
            side = (-math.sin(a), math.cos(a))  # clockwise along the ring
            if len(here) == 1:  # the usual case: the mark on the spot, its tile clockwise
                draw_boat(draw, view, (x, y), here[0], side)
                continue
            widths = [boat_width(view, b) for b in here]  # a push under way: side by side
            total = sum(widths) + 4 * (len(here) - 1)
            left = x - total / 2
            for b, w in zip(here, widths, strict=True):
                draw_boat(draw, view, (left + BOAT_R, y), b)
                left += w + 4
        elif k is not None:
            box = _dock_box(_island_sector(view, k))
            if len(here) > 2:
                crowded.add(k)
            widths = [boat_width(view, b) for b in here]
            for b, spot in zip(here, _harbour_slots(len(here), box, widths), strict=True):
                draw_boat(draw, view, spot, b)
    # Floating tiles over the boats (a boat may stop on one without loading it): the crate sits
    # nearer the lighthouse than the boat's mark and only overlaps its rim, never its number.
    for f in view.get("floating") or []:
        cell = parse_space(f.get("space")) if isinstance(f, dict) else None
        if cell:
            draw_chip(draw, _tile_spot(*cell), chip_text(view, public_face(f.get("tile"), False)),
                      floating=True)
    for k in range(5):  # the harbour's name in its basin, unless 3 or 4 boats fill it
        if k not in crowded:
            x0, y0, x1, _ = _dock_box(_island_sector(view, k))
            kit.text(draw, ((x0 + x1) / 2, y0 + 20), f"H{k}", BODY, NAME_INK, "mm", bold=True)


DIE = 64


def _draw_dice(view: View) -> Image.Image | None:
    """The roll of the turn (or the last one): both faces, then in words."""
    dice = view.get("dice")
    if not isinstance(dice, dict):
        return None
    image, draw = kit.new_canvas(WIDTH, DIE + 16)
    x, y = EDGE, 6
    label = _("Last roll") if _finished(view) else _("Dice")
    kit.text(draw, (x, y + DIE / 2), label, BODY, kit.INK, "lm", bold=True)
    x += kit.text_width(label, BODY) + 14
    paste_die(image, (x, y), "yellow", dice.get("yellow"), DIE)
    paste_die(image, (x + DIE + 12, y), "white", dice.get("white"), DIE)
    yellow, white = dice_words(dice)
    tx = x + 2 * DIE + 30
    lines = kit.wrap(f"{yellow}, {white}", BODY, WIDTH - tx - EDGE)
    for k, line in enumerate(lines):
        kit.text(draw, (tx, y + DIE / 2 + (k - (len(lines) - 1) / 2) * 28), line, BODY, kit.INK,
                 "lm")
    return image


def _draw_sea(view: View) -> Image.Image:
    image, draw = kit.new_canvas(WIDTH, SEA_H)
    _draw_islands(draw, view)
    _draw_rings(image, draw, view)
    points = [p for p in (_anchor(view, s) for s in path_points(view)) if p]
    if points:
        draw_path(draw, points)
    _draw_boats(draw, view)
    return image


# -- head, legend, panel --------------------------------------------------------------------------
def _head_lines(view: View) -> list[tuple[str, int, bool]]:
    room = WIDTH - 2 * EDGE
    lines = [(GAME_NAME, TITLE, True)]
    title = kit.result_title(view)
    if title:
        lines += [(line, TITLE, True) for line in kit.wrap(title, TITLE, room)]
        reason = named_text(view, (view.get("result") or {}).get("reason") or "")
        lines += [(line, BODY, False)
                  for line in kit.wrap(_("Game over. {reason}", reason=reason), BODY, room)]
        scores = [f"{_name(view, s.get('seat'))} {_score(view, s.get('seat'))}"
                  for s in sorted(view.get("seats") or [], key=lambda s: s.get("seat") or 0)]
        lines += [(line, BODY, False)
                  for line in kit.wrap_items([_("Final scores:"), *scores], BODY, room)]
        return lines
    prompt = stage_prompt(view)
    if prompt:
        lines += [(line, BODY, True) for line in kit.wrap(prompt, BODY, room)]
    caught = (view.get("turn") or {}).get("caught") or []
    if caught:
        names = ", ".join(_name(view, s) for s in caught)
        lines += [(line, BODY, False)
                  for line in kit.wrap(_("Caught by the beam: {names}", names=names), BODY, room)]
    return lines


def _draw_head(view: View) -> Image.Image:
    lines = _head_lines(view)
    image, draw = kit.new_canvas(WIDTH, 12 + LINE * len(lines) + 6)
    kit.text_lines(draw, lines, EDGE, 12, LINE)
    return image


def _legend(view: View) -> Image.Image:
    sample = chip_text(view, (2, 3))
    entries: list[tuple[kit.Painter, str]] = [
        (_legend_beam, _("lit sector")),
        (_legend_reef, _("reef")),
        (lambda d, b: draw_anchor(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), 11), _("anchor")),
        (lambda d, b: draw_chip(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), "?", True),
         _("hidden tile")),
        (lambda d, b: draw_chip(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), sample, True),
         _n("tile for {island}, {n} point", "tile for {island}, {n} points", 3,
            island=island_name(view, 2))),
    ]
    if path_points(view):
        entries.append((lambda d, b: draw_path(d, [(b[0] - 4, (b[1] + b[3]) / 2),
                                                   (b[2] + 4, (b[1] + b[3]) / 2)]),
                        _("path sailed")))
    if _cells(view):
        entries.append((lambda d, b: d.rectangle(b, outline=kit.HIGHLIGHT, width=5),
                        _("last move")))
    return kit.legend(WIDTH, entries)


def _legend_beam(draw: ImageDraw.ImageDraw, b: Box) -> None:
    draw.rectangle(b, fill=LIT, outline=SEA_LINE, width=2)
    for k in (0.3, 0.7):
        draw.line((b[0] + 3, b[3] - 3, b[0] + (b[2] - b[0]) * (k + 0.3), b[1] + 3), fill=RAY,
                  width=3)


def _legend_reef(draw: ImageDraw.ImageDraw, b: Box) -> None:
    draw.rectangle(b, fill=REEF, outline=SEA_LINE, width=2)
    kit.hatch(draw, b, ROCK, step=7)
    draw_rocks(draw, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2 + 2), 7)


def where_words(view: View, space: Any) -> str:
    if space is None:
        return _("boat not placed yet")
    k = parse_harbour(space)
    if k is not None:
        return _("in harbour {harbour} ({island})", harbour=f"H{k}", island=island_name(view, k))
    cell = parse_space(space)
    if cell and cell[1] == _beam(view):
        return _("at sea on {space} (lit)", space=space)
    return _("at sea on {space}", space=space)


def tile_words(view: View, tile: Any, public: bool = True) -> str:
    if not tile:
        return _("no tile")
    face = public_face(tile, on_boat=True) if public else (
        (tile.get("destination"), tile.get("points")) if tile.get("hidden") is False else None)
    if face is None:
        return _("a hidden tile")
    island = island_name(view, face[0])
    if not isinstance(face[1], int):
        return _("tile for {island}", island=island)
    return _n("tile for {island}, {n} pt", "tile for {island}, {n} pts", face[1], island=island)


def delivered_words(view: View, seat: Any) -> str:
    done = kit.seat_row(view, seat).get("delivered") or []
    items = [f"{island_name(view, d.get('destination'))} {d.get('points', '?')}"
             for d in done if isinstance(d, dict)]
    if not items:
        return _("delivered: nothing yet")
    return _("delivered: {items}", items=", ".join(items))


class SeatRow(NamedTuple):
    seat: int
    names: list[str]
    facts: list[str]

    @property
    def height(self) -> int:
        return 16 + LINE * len(self.names) + 28 * len(self.facts)


def _seat_rows(view: View) -> list[SeatRow]:
    rows = []
    caught = (view.get("turn") or {}).get("caught") or []
    for s in view.get("seats") or []:
        seat = s.get("seat", 0)
        score = _("score {score}", score=_score(view, seat))
        room = WIDTH - kit.PANEL_NAME_X - EDGE - 24 - kit.text_width(score, BODY)
        names = kit.wrap(_name(view, seat), BODY, room)
        boat = _boat(view, seat)
        facts = [where_words(view, boat.get("space")) + ", " + tile_words(view, boat.get("tile"))]
        if seat in caught:
            facts[0] += ", " + _("caught by the beam")  # one more item of the list
        facts.append(delivered_words(view, seat))
        room = WIDTH - kit.PANEL_NAME_X - EDGE
        lines = [ln for f in facts for ln in kit.wrap_items(f.split(", "), SMALL, room, ", ")]
        rows.append(SeatRow(seat, names, lines))
    return rows


def _draw_panel(view: View) -> Image.Image:
    rows = _seat_rows(view)
    height = 12 + LINE + 10 + sum(r.height for r in rows) + 6
    image, draw = kit.new_canvas(WIDTH, height)
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), _("Smugglers"), TITLE, kit.INK, "lm", bold=True)
    y = 12 + LINE + 10
    for row in rows:
        mid = kit.seat_row_head(draw, view, row.seat, row.names, (y, row.height, WIDTH, LINE),
                                (BODY, SMALL), lambda at, s=row.seat: kit.seat_mark(draw, at, 17,
                                                                                    s))
        kit.text(draw, (WIDTH - EDGE - 4, mid), _("score {score}", score=_score(view, row.seat)),
                 BODY, kit.INK, "rm", bold=True)
        fy = mid + LINE * (len(row.names) - 1) + LINE / 2 + 14
        for k, line in enumerate(row.facts):
            kit.text(draw, (kit.PANEL_NAME_X, fy + 28 * k), line, SMALL, kit.INK, "lm")
        y += row.height
    return image


def board(view: View) -> Image.Image:
    """The public sea: head (prompt or winner), the round sea with islands, boats, tiles, path and
    dice, a legend, the seats (never depends on who looks: hidden faces never reach it)."""
    parts = [_draw_head(view), _draw_dice(view), _draw_sea(view), _legend(view),
             _draw_panel(view)]
    return kit.stack_trimmed([p for p in parts if p is not None], WIDTH)


# -- the hand -------------------------------------------------------------------------------------
def own_tile(view: View, boat: dict[str, Any]) -> dict[str, Any] | None:
    """The viewer's tile: ``hand``; else the face their own boat's entry carries (a view giving
    the face only there)."""
    tile = view.get("hand")
    if isinstance(tile, dict) and "destination" in tile:
        return tile
    board_tile = boat.get("tile")
    if isinstance(board_tile, dict) and board_tile.get("hidden") is False:
        return {"destination": board_tile.get("destination"), "points": board_tile.get("points")}
    return None


CARD_W, CARD_H = 360, 210


def _draw_tile_card(draw: ImageDraw.ImageDraw, view: View, box: Box, tile: dict[str, Any]) -> None:
    """The viewer's own tile, large: destination island (name, letter, harbour) and points."""
    x0, y0, x1, y1 = box
    dest, points = tile.get("destination"), tile.get("points")
    draw.rounded_rectangle(box, radius=16, fill=kit.WHITE, outline=kit.INK, width=3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 52), radius=16, fill=CRATE, outline=kit.INK, width=3)
    draw.rectangle((x0 + 3, y0 + 36, x1 - 3, y0 + 49), fill=CRATE)
    kit.text(draw, ((x0 + x1) / 2, y0 + 26), _("Your tile"), BODY, kit.INK, "mm", bold=True)
    where = _("to {island} ({letter})", island=island_name(view, dest),
              letter=island_letter(view, dest))
    size = 32 if kit.text_width(where, 32) <= x1 - x0 - 20 else TITLE  # a longer French name
    kit.text(draw, ((x0 + x1) / 2, y0 + 90), where, size, kit.INK, "mm", bold=True)
    worth = _n("{n} point", "{n} points", points) if isinstance(points, int) else _("? points")
    kit.text(draw, ((x0 + x1) / 2, y0 + 134), worth, 32, kit.INK, "mm", bold=True)
    harbour = _("deliver to harbour {harbour}", harbour=f"H{dest}") if isinstance(dest, int) \
        else ""
    kit.text(draw, ((x0 + x1) / 2, y0 + 176), harbour, BODY, kit.INK, "mm")


def hand(view: View) -> Image.Image:
    """The viewer's own tile large (``hand``), their boat's place, score and deliveries; when
    they are to move, what to do now. A spectator or an empty boat: said in words."""
    viewer = view.get("viewer")
    me = kit.seat_row(view, viewer) if viewer is not None else {}
    room = WIDTH - 2 * EDGE
    if viewer is None or not me:
        prompt = stage_prompt(view)
        title = kit.result_title(view)
        extra = [title] if title else [prompt] if prompt else []
        wrapped = [ln for s in [_("You are watching: no boat, no tile on your boat."), *extra]
                   for ln in kit.wrap(s, BODY, room)]
        image, draw = kit.new_canvas(WIDTH, 16 + LINE * (len(wrapped) + 1) + 10)
        kit.text(draw, (EDGE, 16 + LINE / 2), GAME_NAME, TITLE, kit.INK, "lm",
                 bold=True)
        for k, line in enumerate(wrapped):
            kit.text(draw, (EDGE, 16 + LINE * (k + 1.5)), line, BODY, kit.INK, "lm",
                     bold=k == 0)
        return kit.stack_trimmed([image, _draw_panel(view)], WIDTH)
    boat = _boat(view, viewer)
    tile = own_tile(view, boat)
    score = _("score {score}", score=_score(view, viewer))
    names = kit.wrap(_name(view, viewer), BODY, WIDTH - 76 - EDGE - 30
                     - kit.text_width(score, TITLE))
    facts = [(_("Your boat: {where}", where=where_words(view, boat.get("space"))), True),
             (delivered_words(view, viewer), False)]  # (sentence, bold)
    board_tile = boat.get("tile")
    if isinstance(tile, dict):
        shown = isinstance(board_tile, dict) and board_tile.get("shown") is True
        facts.append((_("Everyone has seen this tile.") if shown else _("Only you see this tile."),
                      False))
    elif board_tile:
        facts.append((_("Your boat carries a tile (its face is not in this view)."), False))
    else:
        facts.append((_("No tile on your boat."), True))
    title = kit.result_title(view)
    if title:
        facts.append((title, bool((view.get("result") or {}).get("winners"))))
    elif viewer in (view.get("to_move") or []):
        prompt = stage_prompt(view)
        if prompt:
            facts.append((_("Now: {prompt}", prompt=prompt), True))
    fact_lines = [(ln, bold) for f, bold in facts for ln in kit.wrap(f, BODY, room)]
    top = 70 + LINE * len(names)
    card = CARD_H + 20 if isinstance(tile, dict) else 0
    image, draw = kit.new_canvas(WIDTH, top + card + LINE * len(fact_lines) + 16)
    kit.seat_mark(draw, (40, 42), 22, viewer)
    kit.text(draw, (76, 28), _("Your boat"), 28, kit.INK, bold=True)
    kit.text(draw, (WIDTH - EDGE, 42), score, TITLE, kit.INK, "rm", bold=True)
    for k, line in enumerate(names):
        kit.text(draw, (76, 64 + LINE * k), line, BODY, kit.INK)
    y = top
    if isinstance(tile, dict):
        x0 = (WIDTH - CARD_W) / 2
        _draw_tile_card(draw, view, (x0, y, x0 + CARD_W, y + CARD_H), tile)
        y += card
    for line, bold in fact_lines:
        kit.text(draw, (EDGE, y + LINE / 2), line, BODY, kit.INK, "lm", bold=bold)
        y += LINE
    return kit.trim(image)
