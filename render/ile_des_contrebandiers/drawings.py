"""L'île des contrebandiers: the small drawings (anchor, tile chips, boats, reefs' rocks, rays,
the last-move frames, the path, the lighthouse, both dice)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _, _n, translate

from .. import kit
from .geometry import (
    BOAT_R,
    BODY,
    CHIP_H,
    CRATE,
    LIT,
    R_LIGHT,
    RAY,
    REEF,
    RING_EDGES,
    SHOWN,
    SMALL,
    YELLOW_DIE,
    Box,
    Point,
    View,
    _angle,
    _polar,
)
from .words import (
    chip_text,
    public_face,
)


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


