"""Standings as an image: a tournament's table (place, name, points, tie-breaks, games played),
its final podium, a season's leaderboard (place, name, rating, games, wins) — one drawing for
all three, from plain values (:class:`StandingsView`), so the adapter decides the columns and
this module only lays them out.

Read on a phone like the boards (:data:`render.kit.MIN_READABLE`): the image is
:data:`WIDTH` px wide, its smallest text :data:`TEXT` px. Names never overflow their column:
what the font cannot draw is dropped (:func:`render.accents.drawable`: emoji, scripts other
than Latin, stacked combining marks), and what is still too wide is shortened with an ellipsis
(``…``); a name with nothing drawable left is shown as ``?`` (the text standings beside the
image carry every name as written). Up to :data:`MAX_ROWS` rows are drawn (the image grows
taller, about 35 px a row); past that a line says how many more there are, and the highlighted
rows beyond the cut are still drawn under it. Light paper like the boards: a card that reads
the same in Discord's dark and light themes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from i18n import _n

from . import accents, kit

WIDTH = 720
TEXT = kit.min_font_for(WIDTH)  # 18: headers, the subtitle, the footer (the phone minimum)
BODY = TEXT + 4  # the rows
TITLE = TEXT + 12
PODIUM_NAME = TEXT + 8
PODIUM_PLACE = TEXT + 22
ROW = round(BODY * 1.6)  # a row's height
LINE = round(TEXT * 1.3)  # a line of small text
GAP = 18  # between two columns
INSET = 6  # the table's text from its rows' frames
HEADER_ROOM = 112  # a header wraps only past this width (or its numbers' width if wider)
NAME_MIN = 160  # the name column is never narrower
MAX_ROWS = 64
"""Rows drawn at most (a 64-player tournament whole); past it, a line counts the rest."""

GOLD: kit.RGB = (255, 204, 0)
SILVER: kit.RGB = (204, 204, 204)
BRONZE: kit.RGB = (204, 102, 51)
MEDALS: dict[int, kit.RGB] = {1: GOLD, 2: SILVER, 3: BRONZE}
"""The podium's steps (colours of the kit palette's cube: they stay exact); each also carries
its place's number, never the colour alone."""
STEP_HEIGHTS = {1: 96, 2: 70, 3: 50}
STEP_ORDER = (2, 1, 3)
"""The podium's steps left to right: second, first, third."""
ELLIPSIS = "…"


@dataclass(frozen=True)
class StandingsView:
    """What the image shows, every word already in the reader's language.

    ``columns``: the headers (``name_column`` is the one that takes the room left and is
    shortened with an ellipsis; the others, numbers, are right-aligned). ``rows``: the lines
    in order, one string per column (numbers formatted by the caller: "2.5", "2,5"; the font
    has no "½"). ``highlight``: indices of rows framed and bold (the reader, the players still
    in). ``podium``: the names on the podium, best first (None: no podium); ``podium_places``
    their places when some share one (default 1, 2, 3). ``muted``: indices of rows greyed and
    struck through (withdrawn players). ``footer``: a small line under the table (what the
    tie-breaks are, the round).
    """

    title: str
    subtitle: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    highlight: tuple[int, ...] = ()
    podium: tuple[str, ...] | None = None
    podium_places: tuple[int, ...] = ()
    muted: tuple[int, ...] = ()
    footer: str = ""
    name_column: int = 1


def draw_standings(view: StandingsView) -> bytes:
    """The standings as PNG bytes."""
    return kit.png_bytes(standings_image(view))


def standings_image(view: StandingsView) -> Image.Image:
    """The standings drawn: title and subtitle, the podium when there is one, the table, the
    footer."""
    parts = [_head(view)]
    if view.podium:
        parts.append(_podium(view))
    parts.append(_table(view))
    if view.footer:
        parts.append(_lines(kit.wrap(accents.drawable(view.footer), TEXT, WIDTH - 2 * kit.MARGIN),
                            TEXT, kit.MUTED, bold=False, top=6))
    return kit.stack_trimmed(parts)


def fit(s: str, size: int, width: float, bold: bool = False) -> str:
    """``s`` as it fits in ``width`` px at ``size``: whole, or cut with an ellipsis."""
    room = width - (2 if bold else 0)  # a bold word's stroke
    if kit.text_width(s, size) <= room:
        return s
    lo, hi = 0, len(s)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if kit.text_width(s[:mid].rstrip() + ELLIPSIS, size) <= room:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + ELLIPSIS


def clipped_lines(s: str, size: int, width: float, most: int, bold: bool = False) -> list[str]:
    """``s`` wrapped to ``width`` px on ``most`` lines at most, the last cut with an ellipsis
    when the rest does not fit."""
    s = " ".join(s.split())
    lines = kit.wrap(s, size, round(width) - (2 if bold else 0))
    if len(lines) <= most:
        return lines
    at = 0
    for line in lines[:most - 1]:  # where the last line starts in ``s``
        at += len(line)
        if s[at:at + 1] == " ":
            at += 1
    return [*lines[:most - 1], fit(s[at:], size, width, bold)]


def shown_name(name: str) -> str:
    """A name as the font can draw it, ``?`` when nothing of it can be."""
    drawn = accents.drawable(name)
    return drawn if any(c.isalnum() for c in drawn) else "?"


def _lines(lines: list[str], size: int, fill: kit.RGB, bold: bool, top: int = 0) -> Image.Image:
    height = round(size * 1.3)
    image, draw = kit.new_canvas(WIDTH, top + height * len(lines))
    for k, line in enumerate(lines):
        kit.text(draw, (kit.MARGIN, top + k * height + height / 2), line, size, fill, "lm",
                 bold=bold)
    return image


def _head(view: StandingsView) -> Image.Image:
    room = WIDTH - 2 * kit.MARGIN
    title = _lines(clipped_lines(accents.drawable(view.title), TITLE, room, 2, bold=True),
                   TITLE, kit.INK, bold=True, top=kit.MARGIN)
    if not view.subtitle:
        return title
    sub = _lines(clipped_lines(accents.drawable(view.subtitle), TEXT + 2, room, 3), TEXT + 2,
                 kit.MUTED, bold=False)
    return kit.stack([title, sub])


def _podium(view: StandingsView) -> Image.Image:
    """Three steps, the names on them (shared places: several names on one step)."""
    names = view.podium or ()
    places = view.podium_places or tuple(range(1, len(names) + 1))
    on_step: dict[int, list[str]] = {1: [], 2: [], 3: []}
    for name, place in zip(names, places, strict=False):
        if place in on_step:
            on_step[place].append(shown_name(name))
    step_w = (WIDTH - 2 * kit.MARGIN - 2 * GAP) / 3
    line_h = round(PODIUM_NAME * 1.25)
    written = {p: [line for n in on_step[p]
                   for line in clipped_lines(n, PODIUM_NAME, step_w - 8, 2, bold=True)]
               for p in on_step}
    top = 16
    base = top + max(len(written[p]) * line_h + 8 + STEP_HEIGHTS[p] for p in on_step)
    image, draw = kit.new_canvas(WIDTH, base + 12)
    for slot, place in enumerate(STEP_ORDER):
        if not on_step[place]:
            continue
        x0 = kit.MARGIN + slot * (step_w + GAP)
        x1 = x0 + step_w
        step_top = base - STEP_HEIGHTS[place]
        draw.rectangle((x0, step_top, x1, base), fill=MEDALS[place], outline=kit.INK, width=2)
        kit.text(draw, ((x0 + x1) / 2, (step_top + base) / 2), str(place), PODIUM_PLACE,
                 kit.ink_on(MEDALS[place]), "mm", bold=True)
        y = step_top - 8 - len(written[place]) * line_h
        for k, line in enumerate(written[place]):
            kit.text(draw, ((x0 + x1) / 2, y + k * line_h + line_h / 2), line, PODIUM_NAME,
                     kit.INK, "mm", bold=True)
    draw.line((kit.MARGIN, base, WIDTH - kit.MARGIN, base), fill=kit.INK, width=3)
    return image


def _header_lines(header: str, limit: float) -> list[str]:
    """A column's header on one line, or wrapped to ``limit`` (at spaces and hyphens)."""
    header = accents.drawable(header)
    if kit.text_width(header, TEXT) + 2 <= limit:
        return [header]
    return [line.replace("- ", "-") for line in kit.wrap(header.replace("-", "- "), TEXT,
                                                         round(limit) - 2)]


def _layout(view: StandingsView, shown: list[int]) -> tuple[list[tuple[float, float]],
                                                            list[list[str]]]:
    """Each column's (left, right) x and its header's lines: the number columns as wide as
    their widest cell (bold) or header, the name column the rest."""
    count = len(view.columns)
    widths: list[float] = []
    headers: list[list[str]] = []
    for c in range(count):
        content = max((kit.text_width(accents.drawable(view.rows[r][c]), BODY) + 2
                       for r in shown), default=0)
        lines = _header_lines(view.columns[c], max(content, HEADER_ROOM))
        headers.append(lines)
        widths.append(max([content] + [kit.text_width(h, TEXT) + 2 for h in lines]))
    others = sum(w for c, w in enumerate(widths) if c != view.name_column)
    room = WIDTH - 2 * (kit.MARGIN + INSET) - others - GAP * (count - 1)
    widths[view.name_column] = max(NAME_MIN, room)
    spans: list[tuple[float, float]] = []
    x = float(kit.MARGIN + INSET)
    for w in widths:
        spans.append((x, x + w))
        x += w + GAP
    return spans, headers


def _shown_rows(view: StandingsView) -> tuple[list[int], list[int]]:
    """(rows drawn before the "more" line, rows drawn after it): every row up to
    :data:`MAX_ROWS`; past it the first ones, then the highlighted rows beyond the cut."""
    total = len(view.rows)
    if total <= MAX_ROWS:
        return list(range(total)), []
    marked = sorted({r for r in view.highlight if 0 <= r < total})
    keep, after = MAX_ROWS, []
    while True:  # each highlighted row past the cut takes the place of the last row before it
        after = [r for r in marked if r >= keep][:MAX_ROWS // 2]
        if keep == MAX_ROWS - len(after):
            return list(range(keep)), after
        keep = MAX_ROWS - len(after)


def _table(view: StandingsView) -> Image.Image:
    before, after = _shown_rows(view)
    hidden = len(view.rows) - len(before) - len(after)
    spans, headers = _layout(view, before + after)
    header_h = max(len(h) for h in headers) * LINE + 18  # 8 px from what is above
    height = header_h + ROW * (len(before) + len(after)) + (ROW if hidden else 0) + 8
    image, draw = kit.new_canvas(WIDTH, height)
    for c, lines in enumerate(headers):
        left, right = spans[c]
        for k, line in enumerate(lines):  # headers sit on the rule, the last line lowest
            y = header_h - 8 - (len(lines) - k) * LINE + LINE / 2
            if c == view.name_column:
                kit.text(draw, (left, y), line, TEXT, kit.INK, "lm", bold=True)
            else:
                kit.text(draw, (right, y), line, TEXT, kit.INK, "rm", bold=True)
    draw.line((kit.MARGIN, header_h - 3, WIDTH - kit.MARGIN, header_h - 3), fill=kit.INK, width=2)
    y = header_h
    for r in before:
        _row(draw, view, r, spans, y)
        y += ROW
    if hidden:
        more = _n("… and {n} more", "… and {n} more", hidden, n=hidden)
        kit.text(draw, (spans[view.name_column][0], y + ROW / 2), accents.drawable(more), TEXT,
                 kit.MUTED, "lm")
        y += ROW
    for r in after:
        _row(draw, view, r, spans, y)
        y += ROW
    return image


def _row(draw: ImageDraw.ImageDraw, view: StandingsView, r: int,
         spans: list[tuple[float, float]], y: float) -> None:
    """One line of the table at ``y``: framed and bold when highlighted, grey and struck
    through when muted, a thin rule under it."""
    bold = r in view.highlight
    ink = kit.MUTED if r in view.muted else kit.INK
    if bold:
        draw.rectangle((kit.MARGIN, y + 1, WIDTH - kit.MARGIN, y + ROW - 2),
                       fill=kit.TURN_BG, outline=kit.INK, width=2)
    else:
        draw.line((kit.MARGIN, y + ROW - 1, WIDTH - kit.MARGIN, y + ROW - 1), fill=kit.GRID)
    mid = y + ROW / 2
    for c, cell in enumerate(view.rows[r]):
        left, right = spans[c]
        if c == view.name_column:
            name = fit(shown_name(cell), BODY, right - left, bold)
            kit.text(draw, (left, mid), name, BODY, ink, "lm", bold=bold)
            if r in view.muted:
                draw.line((left, mid, left + kit.text_width(name, BODY), mid), fill=ink, width=2)
        else:
            kit.text(draw, (right, mid), fit(accents.drawable(cell), BODY, right - left, bold),
                     BODY, ink, "rm", bold=bold)
