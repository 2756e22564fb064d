"""The kit's colours: a colour-blind-safe palette, each seat's colour and shape, and the fixed
256-colour palette every image is mapped to before it is encoded (:mod:`render.canvas`).

Part of the drawing kit (:mod:`render.kit` re-exports every name here: renderers write
``kit.INK``, ``kit.seat_colour``)."""

from __future__ import annotations

from PIL import Image

RGB = tuple[int, int, int]

# Okabe-Ito palette (safe for the common colour-vision deficiencies); each colour still carries a
# letter or a shape wherever it is used.
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)

BG: RGB = (250, 247, 240)  # paper
INK: RGB = (30, 30, 30)
MUTED: RGB = (110, 110, 110)
GRID: RGB = (215, 210, 200)
HIGHLIGHT: RGB = (20, 20, 20)  # last move frame: thick and double, so it is a shape cue too
TURN_BG: RGB = (255, 236, 180)  # the row of the seat to move (also marked with ">")
UNKNOWN: RGB = (160, 160, 160)
SAND: RGB = (236, 222, 190)  # board squares
TILE: RGB = (120, 92, 60)  # face-down tile

# Seats 1-6: a colour AND a shape (and the seat number is written on the mark), all different.
SEAT_COLOURS: dict[int, RGB] = {1: ORANGE, 2: SKY, 3: PURPLE, 4: WHITE, 5: YELLOW, 6: GREEN}
SEAT_SHAPES: dict[int, str] = {
    1: "circle", 2: "square", 3: "triangle", 4: "diamond", 5: "cross", 6: "star",
}
SEAT_COLOUR_NAMES: dict[int, str] = {
    1: "orange", 2: "sky", 3: "purple", 4: "white", 5: "yellow", 6: "bluish green",
}


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat`` (grey past the sixth seat: the number still tells it)."""
    return SEAT_COLOURS.get(seat, UNKNOWN)


def seat_shape(seat: int) -> str:
    """The shape of ``seat`` (a circle past the sixth seat: the number still tells it)."""
    return SEAT_SHAPES.get(seat, "circle")


def _palette_image() -> Image.Image:
    """A fixed 256-entry palette: every named kit colour exactly, then the 6x6x6 web cube.

    Mapping to a fixed palette is a look-up per pixel, where an adaptive one (FASTOCTREE,
    MEDIANCUT) first analyses the image; the flat fills keep their exact colour and only
    anti-aliased edge pixels move to the nearest cube colour (invisible at 100 %).
    """
    named = [v for k, v in globals().items() if k.isupper() and isinstance(v, tuple) and len(v) == 3]
    named += list(SEAT_COLOURS.values())
    cube = [(r, g, b) for r in range(0, 256, 51) for g in range(0, 256, 51) for b in range(0, 256, 51)]
    colours = list(dict.fromkeys(named + cube))[:256]
    flat = [c for rgb in colours for c in rgb]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + flat[:3] * (256 - len(colours)))
    return pal


PALETTE = _palette_image()
UNUSED_INDEX = 255
"""A palette index no image mapped to the palette uses: the palette has fewer than 256 colours
and pads with copies of its first one, which a look-up never picks (the first copy wins). An
animation marks unchanged pixels with it (render.gif)."""
BG_INDEX = Image.new("RGB", (1, 1), BG).quantize(palette=PALETTE, dither=Image.Dither.NONE
                                                  ).getpixel((0, 0))
"""The background's palette index (under a replay's shorter frames)."""
