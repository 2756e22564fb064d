"""Animated replays of finished games: a record in, an animated GIF (or WebP) out.

One frame per *turn*, where a turn is a run of consecutive moves by the same seat (the moves of a
Master Islands turn, a Maître des Mers arming with all its rolls, a smuggler's whole voyage),
plus a first frame showing the table as dealt. Each frame is a caption band (turn number, who
moved, that turn's public log lines) over the board drawn from ``view(state, None)``: the
spectator view, so no hand or hidden tile can appear. Transient lines (a value shown once) and
private lines are left out, as in the table's own log.

Boards are drawn in turn order in one steady series (:func:`render.kit.steady`): a part of the
board that shrinks keeps its height, so what lies under it stays in place. That, not the
encoder, is what made replays big: a board part a line shorter (the action of Le Maître des
Mers, the dice above L'île's sea) moved everything under it, and the next frame differed almost
everywhere (the 208-turn Le Maître des Mers game: 9.8 MB as GIF at a frame a turn, 6.4 MB
steady). Frames are built in the kit's fixed palette from the same pieces (caption band, board,
background), so an unchanged pixel keeps its exact index and the encoder stores only the bands
of rows that changed (:mod:`render.gif`: a turn's caption and the seat to move, not the whole
frame between them). In the series the seat to move is framed, not filled (a filled row that
moves every turn repainted two rows of text a frame). Replays are GIF unless asked otherwise:
every Discord client animates a GIF, and a short game's lossless WebP, a third smaller (a few
hundred KB either way), costs three times the CPU (python -m benchmarks.replays); asked for
WebP among other formats, it is tried while the frames are few (short games).

Each frame is as tall as its caption and board (the GIF encoder pads it to the tallest with the
background). A replay of more than :data:`KEEP_FRAMES` frames (a GIF) is drawn a board at a
time as the encoder asks for its frames, none kept; a shorter one draws its boards first, which
gives the replay's size before its frames are made and lets lossless WebP be tried. A 337-turn
game's build grew the process by 450 MB when every board was kept; now by about 50 MB.

Every turn has its own frame up to :data:`MAX_FRAMES` turns. Over the size limit the boards are
drawn at half size, then turns are merged into frames (the caption says so) until the file
fits: a replay never fails for being too big. An optional last image (the game's analysis
chart) follows the final board.

Pure: no discord, no bot; the host runs :func:`build` in a worker thread.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw, ImageSequence

from games import Game, View
from games.records import Turn, turns
from games.text import say, seat
from i18n import _, _n, translate

from . import accents, gif, kit

MAX_BYTES = 8_000_000  # under Discord's upload limit for any server (10 MiB without boosts), JSON aside
MAX_FRAMES = 400  # turns with a frame each; a longer game shows several turns per frame
WEBP_MAX_PIXELS = 60_000_000
"""frames x width x height above which only a GIF is made: lossless WebP, even at its cheapest
settings (effort 0, method 1, whose files stay close to the smallest), costs more than twice a
GIF's CPU per megapixel."""
FORMATS = ("webp", "gif")
"""The formats known (``formats`` of :func:`build` lists the allowed ones: the smaller wins)."""
DEFAULT_FORMATS = ("gif",)
KEEP_FRAMES = 60
"""Frames up to which a replay's boards are all drawn first and kept (their sizes give the
frame's, and lossless WebP may be tried); a longer replay (GIF) is drawn a board at a time as
the encoder asks, none kept: a 337-turn game's boards, kept, were 450 MB."""

CAPTION_LINES = 5  # log lines at most under a frame's title (the middle ones give way)
FIRST_MS, TURN_MS, LINE_MS, LAST_MS = 2000, 1200, 300, 5000

LineDresser = Callable[[Any], Any]
ViewDresser = Callable[[View], View]
BoardDrawer = Callable[[View], Image.Image]


@dataclass(frozen=True)
class Replay:
    """An encoded replay and how it was made (tests and the adapter read these)."""

    data: bytes
    format: str  # "webp" | "gif"
    frames: int
    turns: int  # turns of the game (the deal not counted)
    turns_per_frame: int
    scale: int  # boards drawn at 1/scale of their size
    caption_height: int  # the board of each frame starts this far down
    size: tuple[int, int]
    final: bool = False  # a last frame shows the image given as ``final_frame`` (after the boards)
    captions: tuple[tuple[str, ...], ...] = ()  # each frame's caption lines, as drawn

    @property
    def filename(self) -> str:
        return f"replay.{self.format}"


def build(
    record: Mapping[str, Any],
    drawer_of: Callable[[str], BoardDrawer],
    *,
    dress_view: ViewDresser | None = None,
    dress_line: LineDresser | None = None,
    max_bytes: int = MAX_BYTES,
    max_frames: int = MAX_FRAMES,
    formats: Sequence[str] = DEFAULT_FORMATS,
    final_frame: Image.Image | None = None,
    keep_frames: int = KEEP_FRAMES,
) -> Replay:
    """The animated replay of ``record``, at most ``max_bytes``, its captions in the current
    language (:func:`i18n.language`). ``dress_view`` adds display names to a view (the host's
    names, never anything hidden); ``dress_line`` puts names in place of the ``seat(n)`` fields
    of log lines (before they are translated). ``drawer_of(game_id)`` gives what draws that game's board
    from a view (its renderer's ``board``, :func:`bot.catalog.board_drawer`: render holds no
    registry). ``formats``: the encodings allowed, the smaller
    wins. ``final_frame``: an image shown last, after the final board (the game's analysis
    chart), centred on a frame of the replay's size and shrunk to fit it if bigger.
    ``keep_frames``: see :data:`KEEP_FRAMES` (the same replay either way)."""
    boards: Boards | None = None
    game, played = turns(record)
    per_frame = max(1, math.ceil((len(played) - 1) / max_frames))
    scale = 1
    while True:
        stream = "gif" in formats and len(groups(played, per_frame)) > keep_frames
        if stream:  # drawn anew at each attempt, none kept
            drawn = Boards(game, played, drawer_of(game.id), dress_view, keep=False)
        else:  # kept from one attempt to the next
            drawn = boards = boards or Boards(game, played, drawer_of(game.id), dress_view)
        try:
            frames = compose(played, drawn, per_frame, scale, dress_line, final_frame,
                             stream=stream)
            data, fmt = encode(frames, ("gif",) if stream else formats)
        except Wider:  # a board wider than the first: sizes from every board first
            keep_frames = len(played)
            continue
        size = gif.screen(data) if fmt == "gif" else frames.size
        if len(data) <= max_bytes or len(frames) <= 2:
            return Replay(data, fmt, len(frames), len(played) - 1, per_frame, scale,
                          frames.band, size, final_frame is not None, frames.captions)
        if scale == 1:
            scale = 2
        else:
            per_frame *= 2


class Boards:
    """The board after each turn, drawn from the spectator view when first needed (a frame
    showing several turns needs only the last one's) and mapped to the kit palette; kept, or
    with ``keep=False`` drawn anew each time (a streamed replay asks for each once, in order).

    Boards are drawn in turn order in one :func:`render.kit.steady` series: a part of the board
    that shrinks (an action with a line fewer) keeps its height, so what lies under it does not
    move and the animation stores only what the turn changed."""

    def __init__(self, game: Game, played: list[Turn], board: BoardDrawer,
                 dress_view: ViewDresser | None, *, keep: bool = True) -> None:
        self._keep = keep  # False: a board is drawn each time it is asked for, in turn order
        self._draw = board
        self._played = played
        self._dress = dress_view or (lambda view: view)
        self._game = game
        self._drawn: dict[int, Image.Image] = {}
        self._heights: kit.Heights = {}

    def __getitem__(self, number: int) -> Image.Image:
        if number in self._drawn:
            return self._drawn[number]
        view = self._game.view(self._played[number].state, None)
        with kit.steady(self._heights):
            board = kit.paletted(self._draw(self._dress(view)))
        if self._keep:
            self._drawn[number] = board
        return board


def groups(played: list[Turn], per_frame: int) -> list[list[Turn]]:
    """The turns each frame shows: the deal alone, then ``per_frame`` turns a frame."""
    rest = played[1:]
    return [played[:1]] + [rest[i:i + per_frame] for i in range(0, len(rest), per_frame)]


def fit(board: Image.Image, scale: int) -> Image.Image:
    """A board (paletted) at 1/``scale`` of its size (a box filter: fast, and text stays
    legible), paletted."""
    return board if scale == 1 else kit.paletted(board.convert("RGB").reduce(scale))


@dataclass(frozen=True)
class Frames:
    """A replay's frames, made one at a time as the encoder asks (a long game's frames, all
    kept, were most of a build's memory: 209 frames of 800 x 2,241 px), each as tall as its
    caption and board (shown over the background, :func:`render.gif.padded`), with what is
    known of them beforehand: their size (the screen's; a streamed replay's, its first frame's:
    its boards are not drawn yet), durations in ms, caption band height and caption lines."""

    size: tuple[int, int]
    durations: tuple[int, ...]
    band: int
    captions: tuple[tuple[str, ...], ...]
    make: Callable[[], Iterator[Image.Image]]

    def __len__(self) -> int:
        return len(self.durations)

    def __iter__(self) -> Iterator[Image.Image]:
        return self.make()


class Wider(Exception):
    """A streamed replay met a board wider than its first (whose width its frames have)."""


def compose(
    played: list[Turn],
    boards: Boards | Sequence[Image.Image],
    per_frame: int,
    scale: int,
    dress_line: LineDresser | None = None,
    final_frame: Image.Image | None = None,
    *,
    stream: bool = False,
) -> Frames:
    """The frames (paletted, one width, each as tall as its caption and board) of the turns
    ``played`` shows ``per_frame`` at a time.

    Every frame is built in the kit palette from the same pieces (its caption band, its board
    as :class:`Boards` mapped it, the background around them), so a pixel the turn did not
    change keeps its palette index exactly and the encoder stores only the changed ones.

    ``stream``: the boards are drawn as the frames are made, in turn order, and not kept; the
    frames are as wide as the first board (a wider board raises :class:`Wider`) and are read
    once."""
    total = len(played) - 1
    frame_groups = groups(played, per_frame)
    if stream:
        shown: list[Image.Image] = [fit(boards[frame_groups[0][-1].number], scale)]
    else:
        shown = [fit(boards[group[-1].number], scale) for group in frame_groups]
    width = max(b.width for b in shown)
    size = max(16, kit.min_font_for(width))
    line_height = round(size * 1.3)
    captions = [caption(group, total, per_frame, dress_line, size, width - 2 * kit.MARGIN)
                for group in frame_groups]
    band = kit.MARGIN + line_height * max(len(c) for c in captions)
    height = band + max(b.height for b in shown)
    durations = [FIRST_MS] + [min(3000, TURN_MS + LINE_MS * (len(lines) - 1))
                              for lines in captions[1:]]
    if final_frame is None and len(durations) > 1:
        durations[-1] = LAST_MS
    else:
        durations.append(LAST_MS)

    def streamed() -> Iterator[Image.Image]:
        yield shown.pop()  # the first board, drawn to learn the width: not kept either
        for group in frame_groups[1:]:
            board = fit(boards[group[-1].number], scale)
            if board.width > width:
                raise Wider(f"board {group[-1].number}: {board.width} px, frames {width} px")
            yield board

    def make() -> Iterator[Image.Image]:
        tallest = height
        for board, lines in zip(streamed() if stream else shown, captions, strict=True):
            top, draw = kit.new_canvas(width, band)
            draw_caption(draw, lines, size, line_height)
            image = _blank(width, band + board.height)
            image.paste(kit.paletted(top), (0, 0))
            image.paste(board, ((width - board.width) // 2, band))
            tallest = max(tallest, image.height)
            yield image
        if final_frame is not None:
            last = _blank(width, tallest)
            fitted = fitted_final(final_frame, (width, tallest))
            last.paste(fitted, final_box((width, tallest), fitted))
            yield last

    texts = tuple(tuple(text for text, _bold in lines) for lines in captions)
    return Frames((width, height), tuple(durations), band,
                  texts + (((),) if final_frame is not None else ()), make)


def _blank(width: int, height: int) -> Image.Image:
    """A background frame in the kit palette."""
    image = Image.new("P", (width, height), kit.BG_INDEX)
    image.putpalette(kit.PALETTE.getpalette() or [])
    return image


def fitted_final(image: Image.Image, size: tuple[int, int]) -> Image.Image:
    """The last frame's image (the analysis chart) paletted, shrunk to ``size`` if bigger."""
    image = image.convert("RGB")
    if image.width > size[0] or image.height > size[1]:
        image = image.copy()
        image.thumbnail(size, Image.Resampling.LANCZOS)
    return kit.paletted(image)


def final_box(size: tuple[int, int], image: Image.Image) -> tuple[int, int]:
    """Where the (fitted) final image sits in a frame of ``size``: centred, (left, top)."""
    return (size[0] - image.width) // 2, (size[1] - image.height) // 2


def board_box(replay: Replay, board: Image.Image) -> tuple[int, int]:
    """Where a board (already fitted to the replay's scale) sits in a frame: (left, top)."""
    return (replay.size[0] - board.width) // 2, replay.caption_height


def caption(
    group: list[Turn], total: int, per_frame: int, dress_line: LineDresser | None, size: int,
    width: int,
) -> list[tuple[str, bool]]:
    """The caption of one frame as (text, bold) lines: a title, then the log lines wrapped;
    when they are too many, the first and the last ones stay and "..." marks the gap."""
    dress = dress_line or (lambda text: text)
    first, last = group[0], group[-1]
    if first.seat is None:
        title = _n("The table as dealt · {n} turn follows", "The table as dealt · {n} turns follow",
                   total)
    elif per_frame == 1:
        title = _("Turn {n} of {total} · {player}", n=first.number, total=total,
                  player=dress(seat(first.seat)))
    else:
        title = _("Turns {first}-{last} of {total} (up to {n} turns a frame, to keep the file "
                  "small)", first=first.number, last=last.number, total=total, n=per_frame)
    body = [line for turn in group for line in turn.lines]
    if first.seat is not None and not body:
        body = [say("{player} moved.", player=seat(first.seat))]
    wrapped = [piece for line in body
               for piece in kit.word_wrap(printable(translate(dress(line))), size, width)]
    if len(wrapped) > CAPTION_LINES:
        wrapped = wrapped[:1] + ["..."] + wrapped[-(CAPTION_LINES - 2):]
    titles = kit.word_wrap(printable(title), size, width)
    return [(t, True) for t in titles] + [(w, False) for w in wrapped]


def printable(text: str) -> str:
    """The text as the kit draws it: accents kept, arrows and dashes spelt out, what the font
    cannot draw (emoji) dropped. (Engines write no rule references in player text:
    tests/games/test_player_text.py.)"""
    return accents.drawable(text)


def draw_caption(
    draw: ImageDraw.ImageDraw, lines: list[tuple[str, bool]], size: int, line_height: int
) -> None:
    """The caption's lines a word at a time (:func:`render.kit.word_text`: a caption is new
    every turn, its words are not)."""
    y = kit.MARGIN // 2
    for text, bold in lines:
        kit.word_text(draw, (kit.MARGIN, y + line_height / 2), text, size, kit.INK, bold)
        y += line_height


def encode(frames: Frames, formats: Sequence[str] = FORMATS) -> tuple[bytes, str]:
    """The smallest of the allowed encodings; lossless WebP only while it stays quick."""
    pixels = len(frames) * frames.size[0] * frames.size[1]
    webp = "webp" in formats and (pixels <= WEBP_MAX_PIXELS or "gif" not in formats)
    made: list[Image.Image] = []
    if webp:  # made once for both formats, all of one height (a WebP's frames share one)
        made = list(frames)
        tallest = max(frame.height for frame in made)
        made = [gif.padded(frame, tallest, kit.BG_INDEX) for frame in made]
    images: Iterable[Image.Image] = made or frames
    candidates = []
    if "gif" in formats:
        candidates.append((gif.encode(images, frames.durations, kit.UNUSED_INDEX,
                                      background=kit.BG_INDEX), "gif"))
    if webp:
        candidates.append((_webp(made, frames.durations), "webp"))
    if not candidates:
        raise ValueError(f"no known format in {list(formats)} (known: {', '.join(FORMATS)})")
    return min(candidates, key=lambda c: len(c[0]))


def shown(data: bytes) -> list[Image.Image]:
    """The frames a viewer sees in an encoded replay (RGB), in order: a GIF frame may be
    written as several images (:mod:`render.gif`), shown as one."""
    if data[:3] == b"GIF":
        return [frame for frame, _ms in gif.shown(data)]
    with Image.open(io.BytesIO(data)) as image:
        return [frame.convert("RGB") for frame in ImageSequence.Iterator(image)]


def _webp(frames: list[Image.Image], durations: Sequence[int]) -> bytes:
    """Lossless animated WebP. The frames go in paletted: Pillow makes each RGB as it encodes
    it (all of them made RGB first were three times the frames' memory)."""
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=frames[1:],
                   duration=list(durations), loop=0, lossless=True, quality=0, method=1)
    return out.getvalue()
