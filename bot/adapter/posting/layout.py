"""The table post in Discord's newer message layout (Components V2, ``IS_COMPONENTS_V2``).

One container per post, its accent bar in the colour of the seat to move (the winner's at the
end), holding, in reading order:

1. a short header: the game, then who moves and the game's public facts (the post's status);
2. the board, in a media gallery whose alt text describes the position in words (the public
   View only: :func:`bot.service.rules.words.alt_text`), so a screen reader reads the board;
3. what happened since the last post, whose turn it is (the mention that pings), the clock
   (:func:`bot.adapter.posting.post_text.compose`, without the status the header has);
4. the seats, a line each: the seat's mark, name, score and state (to move, a computer, won);
   as sections with the mark as their thumbnail when the app's emojis are uploaded (their
   picture is the thumbnail), else as lines of one text;
5. the buttons, five to a row, in :data:`bot.adapter.rooms.LAYOUT` order.

A message with the flag has no ``content`` (Discord refuses it), at most 40 components in all and
4,000 characters of text; the seats fall back to lines when sections would pass 40. Buttons keep
their custom ids: a post sent before this layout (plain content and buttons) still works, and is
retired as it was sent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.service.results import PublicPost, SeatLine

from ..kit.emojis import UNICODE
from ..kit.i18n import _

Item = discord.ui.Item[Any]
BOARD = "board.png"
MAX_COMPONENTS = 40
"""Discord's cap for a V2 message: every component counts, nested ones too."""
PER_ROW = 5
MAX_ALT = 1024


def seat_text(line: SeatLine, mark: Callable[[int], str] = UNICODE.seat) -> str:
    """"🟠 **Alice** · score 3" in the current language; "to move" only for a computer (a
    person to move has their turn line above the seats, which says it once)."""
    parts = [f"{mark(line.seat)} **{discord.utils.escape_markdown(line.name)}**"]
    if line.score is not None:
        parts.append(_("score {score}", score=line.score))
    if line.winner:
        parts.append(_("🏆 wins"))
    elif line.to_move and line.computer:
        parts.append(_("to move"))
    if line.computer:
        parts.append(_("🤖 computer"))
    return " · ".join(parts)


def header(game: str, post: PublicPost) -> str:
    """The game's name and the status line; while people are to move, the status without who
    moves: their turn lines under the board say it (whose turn it is, said once)."""
    title = f"### {discord.utils.escape_markdown(game)}"
    status = post.facts if post.to_move_user_ids and not post.finished else post.status
    return f"{title}\n{status}" if status else title


def _rows(items: Iterable[Item]) -> list[discord.ui.ActionRow[Any]]:
    """The items five to a row in their order; a select takes a row of its own."""
    rows: list[list[Item]] = []
    for item in items:
        if isinstance(item, discord.ui.Select) or not rows or len(rows[-1]) >= PER_ROW or \
                isinstance(rows[-1][0], discord.ui.Select):
            rows.append([])
        rows[-1].append(item)
    return [discord.ui.ActionRow(*row) for row in rows]


def _count(item: Any) -> int:
    """Components in ``item``, nested ones included (Discord's count for the cap)."""
    children = getattr(item, "children", None)
    if isinstance(item, discord.ui.Section):
        return 1 + len(item.children) + 1  # its texts and its accessory
    return 1 + (sum(_count(c) for c in children) if children is not None else 0)


def table_post(
    *, game: str, post: PublicPost, body: str, items: Iterable[Item] = (),
    image: bool = True, mark: Callable[[int], str] = UNICODE.seat,
    thumbnail: Callable[[int], str | None] = lambda _seat: None,
) -> discord.ui.LayoutView:
    """The post as a V2 layout. ``body``: the text under the board (the log and whose turn);
    ``image``: the board is attached as :data:`BOARD`; ``items``: the buttons (none: a post
    retired, or its copy kept to retire it); ``mark``/``thumbnail``: a seat's mark in text, and
    the URL of its picture when there is one (the app's emojis)."""
    container = discord.ui.Container(accent_colour=post.accent)
    container.add_item(discord.ui.TextDisplay(header(game, post)))
    if image:
        container.add_item(discord.ui.MediaGallery(discord.MediaGalleryItem(
            f"attachment://{BOARD}", description=post.alt_text[:MAX_ALT] or None)))
    if body:
        container.add_item(discord.ui.TextDisplay(body))
    rows = _rows(items)
    sections = _sections(post.seats, mark, thumbnail)
    used = _count(container) + sum(_count(r) for r in rows)
    if sections and used + sum(_count(s) for s in sections) <= MAX_COMPONENTS:
        for section in sections:
            container.add_item(section)
    elif post.seats:
        container.add_item(discord.ui.TextDisplay(
            "\n".join(seat_text(line, mark) for line in post.seats)))
    for row in rows:
        container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def _sections(seats: list[SeatLine], mark: Callable[[int], str],
              thumbnail: Callable[[int], str | None]) -> list[discord.ui.Section[Any]]:
    """A section per seat with its picture, when every seat has one; else none."""
    pictures = [thumbnail(line.seat) for line in seats]
    if not seats or any(p is None for p in pictures):
        return []
    return [discord.ui.Section(discord.ui.TextDisplay(seat_text(line, mark)),
                               accessory=discord.ui.Thumbnail(str(picture)))
            for line, picture in zip(seats, pictures, strict=True)]


def plain_post(text: str, accent: int | None = None) -> discord.ui.LayoutView:
    """A retired post that showed a value once, sent before a restart (nothing else is known
    of it): its text without the value alone (its board showed the value too); a text that was
    the value alone says the turn is over."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(
        discord.ui.TextDisplay(text or _("This turn is over: the table goes on below.")),
        accent_colour=accent))
    return view


def without_buttons(message: discord.Message) -> discord.ui.LayoutView:
    """A V2 message as it is, minus its action rows (a post retired after a restart: this
    process never drew it)."""
    return strip_rows(discord.ui.LayoutView.from_message(message, timeout=None))


def strip_rows(view: discord.ui.LayoutView) -> discord.ui.LayoutView:
    """``view`` without its action rows (in its containers too)."""
    def strip(parent: Any) -> None:
        for child in list(parent.children):
            if isinstance(child, discord.ui.ActionRow):
                parent.remove_item(child)
            elif isinstance(child, discord.ui.Container):
                strip(child)
    strip(view)
    return view
