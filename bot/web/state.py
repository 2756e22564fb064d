"""The State the page shows, as the WebSocket sends it (JSON): everything public comes from
:meth:`~bot.service.live.LiveViews.live` (the spectator view only); ``you`` is built for a
holder of a valid personal link alone, from their own seat's menu (their hand is an image the
page fetches with their token)."""

from __future__ import annotations

from typing import Any

import i18n
from games.text import say

from ..service import Services
from ..service.live import LiveTable
from ..service.rules import posts

LANGS = ("en", "fr")
"""The page's languages."""
LOBBY = say("The game has not started yet; the host presses Start.")
OVER = say("This game is over; its result is on the table post in Discord.")
GONE = say("There is no game at this table.")
STOPPED = say("This game was stopped before its end.")


def page_lang(asked: str | None, accept: str | None) -> str:
    """The page's language: ``?lang=`` when it is one of :data:`LANGS`, else the first of them
    the browser's Accept-Language lists (by preference), else English."""
    if asked in LANGS:
        return asked
    ranked: list[tuple[float, int, str]] = []
    for index, item in enumerate((accept or "").split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary in LANGS and q > 0:
            ranked.append((-q, index, primary))
    return min(ranked)[2] if ranked else "en"


def board_url(table: int, game: int | None, version: int, lang: str) -> str:
    """The board image's address. ``g`` names the game (a rematch at the same table counts its
    versions again, and the image is cached for good by version)."""
    return f"/t/{table}/board/{version}.png?lang={lang}&g={game or 0}"


def public_state(table: int, live: LiveTable) -> dict[str, Any]:
    """The State (without ``you``) of ``live``: built from the public view only."""
    lang = live.language
    info, post = live.table, live.post
    board = None
    if post is not None and post.image_png is not None:
        width, height = posts.png_size(post.image_png)
        regions = post.regions  # drawn by renderers that name them
        board = {"url": board_url(table, info.game_row, post.version, lang),
                 "width": width, "height": height,
                 "regions": [{"key": str(key), "box": [int(v) for v in box]}
                             for key, box in regions]}
    clock = None
    if post is not None and post.clock is not None and post.clock.name is not None:
        clock = {"name": i18n.translate(post.clock.name, lang), "deadline": post.clock.deadline}
    status = "finished" if post is not None and post.finished else info.status
    if status == "abandoned":
        status_text = i18n.translate(STOPPED, lang)
    else:
        status_text = post.status if post is not None else i18n.translate(LOBBY, lang)
    return {
        "version": info.version,
        "stamp": stamp(info.game_row, info.version),
        "game": i18n.translate(info.game_name, lang),
        "status": status,
        "status_text": status_text,
        "seats": [{"seat": s.seat, "name": i18n.translate(s.name, lang),
                   "computer": s.is_computer, "to_move": s.seat in live.to_move}
                  for s in info.seats],
        "clock": clock,
        "lines": list(live.lines),
        "board": board,
    }


def stamp(game_row: int | None, version: int) -> str:
    """What tells one state of a table from any other: its version within the game (or lobby)
    and which one that is. A rematch at the same table starts again from version 1, so a page
    compares stamps (equal or not), never versions (older or newer)."""
    return f"{game_row or 0}.{version}"


def closed_state(last: dict[str, Any] | None, version: int, lang: str) -> dict[str, Any]:
    """The State of a table that left the channel (its game ended or was stopped): the last
    one shown, marked over (no one is to move any more), else an empty table."""
    if last is None:
        return {"version": version, "stamp": stamp(None, version), "game": "",
                "status": "finished",
                "status_text": i18n.translate(GONE, lang), "seats": [], "clock": None,
                "lines": [], "board": None}
    game_row = int(str(last.get("stamp", "0.")).split(".")[0])
    return {**last, "version": version, "stamp": stamp(game_row, version), "status": "finished",
            "status_text": i18n.translate(OVER, lang), "clock": None,
            "seats": [{**s, "to_move": False} for s in last["seats"]]}


async def you_state(service: Services, table: int, live: LiveTable,
                    user_id: int) -> dict[str, Any] | None:
    """``you`` for the holder of ``user_id``'s valid link: their seat, their hand's address,
    size and regions (its cards are buttons on the page) and their menu (only their own:
    :meth:`~bot.service.reading.TableViews.menu` is their seat's legal moves); None when they do not sit at the table."""
    seat = live.table.seat_of(user_id)
    if seat is None:
        return None
    name = i18n.translate(next(s.name for s in live.table.seats if s.seat == seat),
                          live.language)
    if live.post is None or live.post.finished:
        return {"seat": seat, "name": name, "hand_url": None, "hand": None, "to_move": False,
                "menu": []}
    panel = await service.views.player_panel(table, user_id, language=live.language)
    hand, entries = panel.hand, panel.menu
    return {
        "seat": seat, "name": name,
        "hand_url": f"/t/{table}/hand/{hand.version}.png?lang={live.language}",
        "hand": {"width": hand.width, "height": hand.height,
                 "regions": [{"key": str(key), "box": [int(v) for v in box]}
                             for key, box in hand.regions]},
        "to_move": bool(entries),
        "menu": [{"move": e.move, "label": e.label, "steps": [[t, label] for t, label in e.steps]}
                 for e in entries],
    }
