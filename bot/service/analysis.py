"""Post-game analyses (issue 28): a finished game's chances to win after every turn
(:mod:`games.analysis`), computed part by part in the worker processes (never on the event
loop), kept in the store so that asking again is instant, and shown as a chart and the three
biggest swings in the server's language. No discord.py."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import i18n
from games import analysis as estimates
from games.records import BadRecord
from games.text import say
from render import analysis as charts

from ..storage.rows import FinishedGame
from .context import Context
from .errors import said
from .history import History, ReplayFailed, game_name
from .languages import Languages
from .rules.tables import names_of
from .rules.wording import named, shown

Progress = Callable[[int, int], Awaitable[None]]
"""``progress(turns done, turns)``, awaited after each part the workers computed."""


@dataclass(frozen=True)
class GameAnalysis:
    """A finished game's analysis, ready to show."""

    game_row: int
    game_name: str
    data: dict[str, Any]  # as games.analysis.assemble made it (stored)
    chart: bytes  # PNG
    chart_name: str  # "tablee-42-analysis.png"
    swings: list[str]  # the three biggest swings, in the language asked
    computed: bool  # computed now (False: read back from the store)

    @property
    def turns(self) -> int:
        return len(self.data["turns"]) - 1


def seed_of(record: dict[str, Any]) -> int:
    """The analysis seed of a game: its own seed (the same game, the same analysis)."""
    seed = record.get("seed", 0)
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else 0


def shown_analysis(game: FinishedGame, record: dict[str, Any], data: dict[str, Any], code: str,
                   computed: bool) -> GameAnalysis:
    """The chart and the swing sentences in language ``code`` (blocking: run it in a thread)."""
    by_seat = names_of(game.seats)
    with i18n.language(code):
        names = [shown(by_seat[s]) for s in range(1, data["players"] + 1)]
        chart = charts.png(names, [t["chances"] for t in data["turns"]])
        swings = [i18n.translate(named(estimates.swing_sentence(s), by_seat, short=True))
                  for s in estimates.swings(record, data)]
    return GameAnalysis(game.id, game_name(game.game_id), data, chart,
                        f"tablee-{game.id}-analysis.png", swings, computed)


class Analyses:
    """/analysis and the Analysis button."""

    def __init__(self, ctx: Context, history: History, languages: Languages) -> None:
        self._ctx = ctx
        self._history = history
        self._languages = languages
        self._slot = asyncio.Semaphore(1)  # one analysis computed at a time: workers stay free

    async def analysis(
        self, guild_id: int | None, game_row: int, *, progress: Progress | None = None,
        language: str | None = None,
    ) -> GameAnalysis:
        """The analysis of a game this server finished (NoSuchGame otherwise): the stored one,
        else computed in the workers, ``progress`` awaited after each part, then stored. Its
        words in ``language`` (None: the server's language)."""
        game, record = await self._history.finished_record(guild_id, game_row)
        code = (i18n.language_of(language) if language
                else await self._languages.guild_code(guild_id))
        store = self._ctx.store.analyses
        data = await store.get(game_row, estimates.VERSION)
        computed = data is None
        if data is None:
            async with self._slot:  # a second request for the same game waits, then reads it
                data = await store.get(game_row, estimates.VERSION)
                computed = data is None
                if data is None:
                    data = await self._compute(game_row, record, progress)
                    await store.put(game_row, estimates.VERSION, data)
        try:
            return await asyncio.to_thread(shown_analysis, game, record, data, code, computed)
        except BadRecord as exc:
            raise ReplayFailed(say("Game #{n} can't be analysed any more: {reason}", n=game_row,
                                   reason=said(exc))) from None

    async def _compute(self, game_row: int, record: dict[str, Any],
                       progress: Progress | None) -> dict[str, Any]:
        try:
            _game, played = await asyncio.to_thread(estimates.turns, record)
        except BadRecord as exc:
            raise ReplayFailed(say("Game #{n} can't be analysed any more: {reason}", n=game_row,
                                   reason=said(exc))) from None
        seed, count, chances = seed_of(record), len(played), []
        for first, last in estimates.parts(count):
            chances += await self._ctx.pool.compute(estimates.analyse_part, record, seed, first,
                                                    last)
            if progress is not None:
                await progress(last - 1, count - 1)
        return await asyncio.to_thread(estimates.assemble, record, seed, chances)
