"""Nim's images, drawn from a view only: the row's length and each seat's points."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render import kit

WIDTH = 800
SIZE = 28


def board(view: dict[str, Any]) -> Image.Image:
    lines = [f"{view['stones']} stones left"]
    lines += [f"{kit.seat_name(view, s['seat'])}: {s['score']}" for s in view["seats"]]
    title = kit.result_title(view)
    if title:
        lines.append(title)
    image, draw = kit.new_canvas(WIDTH, 40 + 44 * len(lines))
    for k, line in enumerate(lines):
        kit.text(draw, (20, 20 + 44 * k), line, SIZE, kit.INK)
    return kit.trim(image)


def hand(view: dict[str, Any]) -> Image.Image:
    image, draw = kit.new_canvas(WIDTH, 80)
    kit.text(draw, (20, 20), "No hand: every stone is face down.", SIZE, kit.INK)
    return kit.trim(image)
