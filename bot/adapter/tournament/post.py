"""The tournament post's content: its text (:func:`bot.adapter.tournament.texts
.tournament_text`) and, once a game is played, the standings image
(:func:`render.standings.draw_standings`), in the current language; the same for
``/tournament show``. Its buttons and where it goes: :mod:`bot.adapter.tournament.runner`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.service.results import TournamentInfo
from render.standings import StandingsView, draw_standings

from ..kit.files import png_file
from ..kit.i18n import _, shown
from . import texts

STANDINGS_FILE = "standings.png"


def standings_png(info: TournamentInfo) -> bytes | None:
    """The standings image (None before any game is played): withdrawn players greyed, the
    podium on top once the tournament is over."""
    if not any(line.played for line in info.standings):
        return None
    finished = info.status == "finished"
    podium = tuple(shown(line.name) for line in info.podium) if finished else ()
    return draw_standings(StandingsView(
        title=_("{game} tournament", game=shown(info.game_name)),
        subtitle=_("Final standings") if finished else texts.round_text(info),
        columns=texts.standings_columns(info.tiebreaks), rows=texts.standings_rows(info),
        podium=podium or None, podium_places=tuple(line.place for line in info.podium)
        if podium else (),
        muted=tuple(i for i, line in enumerate(info.standings) if line.withdrawn)))


def post_parts(info: TournamentInfo, missing: Sequence[str] = ()) -> dict[str, Any]:
    """The post's content and image, in the current language (keyword arguments of a send or
    an edit; the buttons are the caller's); ``missing``: the permissions the bot lacks to open
    the round's tables."""
    image = png_file(standings_png(info), STANDINGS_FILE)
    return {"content": texts.tournament_text(info, missing),
            "attachments": [image] if image is not None else []}
