"""L'île des contrebandiers: the last-move frames drawn on a small canvas around their shape are
the frames drawn on the whole sea's canvas, pixel for pixel, for every space and harbour."""

from __future__ import annotations

from PIL import ImageChops

from render.ile_des_contrebandiers import geometry, layers
from render.ile_des_contrebandiers.drawings import mark_cell, mark_harbour

WHOLE_SEA = (0, 0, geometry.WIDTH, geometry.SEA_H)


def _same(a: layers.Frame, b: layers.Frame) -> bool:
    return (a[2] == b[2] and a[0].size == b[0].size
            and ImageChops.difference(a[0], b[0]).getbbox() is None
            and ImageChops.difference(a[1], b[1]).getbbox() is None)


def test_every_space_frame_is_the_whole_sea_frame() -> None:
    for ring in geometry.RINGS:
        for sector in range(geometry.SECTORS):
            points = geometry._cell_points(ring, sector, inset=3)
            whole = layers._frame_in(
                lambda d, dx, dy, p=points: mark_cell(d, [(x + dx, y + dy) for x, y in p]),
                WHOLE_SEA, edge_ok=True)
            assert whole is not None
            assert _same(layers.cell_frame((ring, sector)), whole), (ring, sector)


def test_every_harbour_frame_is_the_whole_sea_frame() -> None:
    for sector in range(geometry.SECTORS):
        dock = geometry._dock_box(sector)
        whole = layers._frame_in(
            lambda d, dx, dy, b=dock: mark_harbour(d, (b[0] + dx, b[1] + dy, b[2] + dx,
                                                       b[3] + dy)), WHOLE_SEA, edge_ok=True)
        assert whole is not None
        assert _same(layers.harbour_frame(dock), whole), sector


def test_a_frame_reaching_its_small_canvas_edge_is_drawn_on_the_whole_sea() -> None:
    """A shape bigger than the box it was said to be near cannot be cut: the whole sea's canvas
    draws it."""
    points = geometry._cell_points(3, 2, inset=3)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    paint = lambda d, dx, dy: mark_cell(d, [(x + dx, y + dy) for x, y in points])  # noqa: E731
    too_small = (min(xs) + 20, min(ys) + 20, max(xs) - 20, max(ys) - 20)
    cut = (int(too_small[0]), int(too_small[1]), int(too_small[2]), int(too_small[3]))
    assert layers._frame_in(paint, cut) is None
    assert _same(layers._frame(paint, too_small),
                 layers._frame_in(paint, WHOLE_SEA, edge_ok=True))
