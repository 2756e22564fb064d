"""The board in words, for people: the alt text of the board image and ``/board text``.

The game says the position (:meth:`games.Game.board_words`, from a view only); here each line
gets the players' names and the reader's language, then is fitted: into the 1,024 characters of
an image's alt text (whole lines while they fit, then a note of how many were left out), or
into pages of a private answer (never breaking a line that fits a page).
"""

from __future__ import annotations

import i18n
from games import Game, View
from i18n import _n

from ...storage.rows import TableRow
from .tables import names
from .wording import tell

ALT_TEXT_LIMIT = 1024
"""Discord's limit on a media gallery item's ``description`` (the image's alt text)."""
ELLIPSIS = "…"


def board_lines(game: Game, row: TableRow, view: View, code: str, *,
                short: bool = False) -> list[str]:
    """The position of ``view`` in words, a line each, seats named ("Bob (seat 2)"; with
    ``short`` the name alone, as the status line does) and put in language ``code``. A public
    post passes the public view (``view(state, None)``) only."""
    by_seat = names(row)
    return [tell(text, by_seat, code, short=short) for text in game.board_words(view)]


def more_note(left_out: int, code: str) -> str:
    """"… and 5 more lines: press Describe for the whole position" in language ``code``."""
    with i18n.language(code):
        return _n("… and {n} more line: press Describe for the whole position.",
                  "… and {n} more lines: press Describe for the whole position.", left_out,
                  n=left_out)


def cut(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: as it is when it fits, else cut at a word with
    "…" (in the middle of a word only when the first word alone is too long)."""
    if len(text) <= limit:
        return text
    if limit <= len(ELLIPSIS):
        return ELLIPSIS[:max(limit, 0)]
    head = text[:limit - len(ELLIPSIS) + 1]
    space = head.rfind(" ")
    head = head[:space] if space > 0 else head[:-1]
    return head.rstrip() + ELLIPSIS


def alt_text(lines: list[str], code: str, limit: int = ALT_TEXT_LIMIT) -> str:
    """The lines, one per line, within ``limit`` characters: all of them when they fit, else
    the first ones that fit (whole, in order) and a note saying how many more there are and
    where to read them; a first line too long on its own is cut at a word. Never longer than
    ``limit``."""
    whole = "\n".join(lines)
    if len(whole) <= limit:
        return whole
    for keep in range(len(lines) - 1, 0, -1):
        text = "\n".join([*lines[:keep], more_note(len(lines) - keep, code)])
        if len(text) <= limit:
            return text
    if len(lines) == 1:
        return cut(lines[0], limit)
    note = more_note(len(lines) - 1, code)
    room = limit - len(note) - 1
    if room < len(note):  # a tiny limit: the start of the position matters more than the note
        return cut(lines[0], limit)
    return cut(lines[0], room) + "\n" + note


def pages(lines: list[str], limit: int) -> list[str]:
    """The lines in pages of at most ``limit`` characters, whole lines in order; a line longer
    than a page is broken at words over as many pages as it needs. At least one page."""
    out: list[str] = []
    page = ""
    for line in lines:
        for piece in _pieces(line, limit):
            joined = f"{page}\n{piece}" if page else piece
            if len(joined) <= limit:
                page = joined
            else:
                out.append(page)
                page = piece
    if page or not out:
        out.append(page)
    return out


def _pieces(line: str, limit: int) -> list[str]:
    """A line as parts of at most ``limit`` characters, broken after a space when it can."""
    parts = []
    while len(line) > limit:
        space = line.rfind(" ", 1, limit + 1)
        end = space if space > 0 else limit
        parts.append(line[:end].rstrip())
        line = line[end:].lstrip()
    parts.append(line)
    return parts
