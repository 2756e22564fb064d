"""The games offered to a challenger (bot.adapter.lobby.challenge): 25 a select, up to five
selects in the message, each saying which games it holds once there are several; the select's
id keeps the person and the name the lobby shows until they join."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.adapter.lobby import challenge


@dataclass(frozen=True)
class Named:
    id: str
    name: str


GAMES = [Named(f"g{n}", f"Game {n:03}") for n in range(130)]


def test_games_come_25_a_select_in_five_selects_at_most() -> None:
    assert [len(p) for p in challenge.parts(GAMES[:4])] == [4]
    assert [len(p) for p in challenge.parts(GAMES[:60])] == [25, 25, 10]
    assert [len(p) for p in challenge.parts(GAMES)] == [25] * 5  # a message has five rows


def test_several_selects_say_which_games_each_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(challenge, "challenge_games", lambda: GAMES[:30])
    view = challenge.challenge_view(7, "Bob")
    first, second = (item.item for item in view.children)
    assert first.placeholder == "Choose a game (Game 000–Game 024)…"
    assert second.placeholder == "Choose a game (Game 025–Game 029)…"
    assert [o.value for o in second.options] == [f"g{n}" for n in range(25, 30)]
    assert second.custom_id == "tx:7:1:Bob"
    monkeypatch.setattr(challenge, "challenge_games", lambda: GAMES[:4])
    [only] = (item.item for item in challenge.challenge_view(7, "Bob").children)
    assert only.placeholder == "Choose a game…" and len(only.options) == 4
