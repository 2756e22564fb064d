"""The application emojis as the adapter shows them: the uploaded one when the application has
it, a Unicode sign otherwise; listed once at start-up (a failure leaves the Unicode signs); in
the move menu beside a card colour, a die face or a seat."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.adapter.kit.emojis import UNICODE, Emojis, emojis_of, load_emojis
from bot.adapter.play.private_play import menu_screen
from bot.service.results import MenuEntry
from render.emojis import names

UPLOADED = Emojis({name: 1000 + i for i, name in enumerate(names())})


def test_uploaded_emojis_are_written_as_discord_markdown() -> None:
    assert UPLOADED.seat(1) == "<:tablee_seat1:1000>"
    assert UPLOADED.die(3) == f"<:tablee_die3:{UPLOADED.uploaded['tablee_die3']}>"
    blue = f"<:tablee_card_blue:{UPLOADED.uploaded['tablee_card_blue']}>"
    assert UPLOADED.card("blue") == UPLOADED.card("B") == blue


def test_without_uploads_each_reads_as_a_unicode_sign() -> None:
    assert [UNICODE.seat(n) for n in range(1, 7)] == ["🟠", "🔵", "🟣", "⚪", "🟡", "🟢"]
    assert "".join(UNICODE.die(n) for n in range(1, 7)) == "⚀⚁⚂⚃⚄⚅"
    assert [UNICODE.card(c) for c in ("blue", "G", "red", "Y")] == ["🟦", "🟩", "🟥", "🟨"]
    assert UNICODE.seat(7) == UNICODE.die(0) == UNICODE.card("purple") == ""


def test_one_missing_emoji_falls_back_alone() -> None:
    some = Emojis({"tablee_seat1": 5})
    assert some.seat(1) == "<:tablee_seat1:5>" and some.seat(2) == "🔵"


def test_as_partial_emojis_for_selects_and_buttons() -> None:
    seat = UPLOADED.seat_emoji(2)
    assert seat is not None and (seat.name, seat.id) == ("tablee_seat2", 1001)
    assert str(seat) == UPLOADED.seat(2)
    unicode_seat = UNICODE.seat_emoji(2)
    assert unicode_seat is not None and unicode_seat.is_unicode_emoji()
    assert str(unicode_seat) == "🔵"
    card = UNICODE.card_emoji("R")
    assert card is not None and str(card) == "🟥"
    die = UPLOADED.die_emoji(6)
    assert die is not None and die.name == "tablee_die6" and die.id
    assert UNICODE.die_emoji(6) is None  # ⚅ is no emoji a select or a button can show
    assert UNICODE.seat_emoji(7) is None


def test_a_menu_icon_names_its_emoji() -> None:
    assert str(UPLOADED.icon("card:green")) == UPLOADED.card("green")
    assert str(UPLOADED.icon("seat:3")) == UPLOADED.seat(3)
    assert str(UPLOADED.icon("die:4")) == UPLOADED.die(4)
    for nothing in ("", "die:x", "seat:", "tile:3", "card:"):
        assert UPLOADED.icon(nothing) is None and UPLOADED.mark(nothing) == "", nothing
    assert UPLOADED.mark("seat:3") == UPLOADED.seat(3) and UNICODE.mark("die:5") == "⚄"
    assert UNICODE.mark("card:yellow") == "🟨"


class Client:
    """What load_emojis needs of discord.py's client: fetch_application_emojis."""

    def __init__(self, found: list[Any] | Exception) -> None:
        self.found = found
        self.calls = 0

    async def fetch_application_emojis(self) -> list[Any]:
        self.calls += 1
        if isinstance(self.found, Exception):
            raise self.found
        return self.found


async def test_loaded_once_keeping_only_tablees_own_emojis(
        caplog: pytest.LogCaptureFixture) -> None:
    client = Client([SimpleNamespace(name="tablee_seat1", id=11),
                     SimpleNamespace(name="tablee_die2", id=12),
                     SimpleNamespace(name="party_parrot", id=13)])
    with caplog.at_level(logging.INFO, logger="tablee.adapter.emojis"):
        loaded = await load_emojis(client)  # type: ignore[arg-type]
    assert client.calls == 1
    assert loaded.uploaded == {"tablee_seat1": 11, "tablee_die2": 12}
    assert loaded.seat(1) == "<:tablee_seat1:11>" and loaded.seat(2) == "🔵"
    assert "2 of 16 application emojis uploaded" in caplog.text


async def test_a_failed_listing_or_none_uploaded_gives_the_unicode_signs_said_once(
        caplog: pytest.LogCaptureFixture) -> None:
    response = SimpleNamespace(status=401, reason="Unauthorized")
    failing = Client(discord.HTTPException(response, "401: Unauthorized"))  # type: ignore[arg-type]
    with caplog.at_level(logging.INFO, logger="tablee.adapter.emojis"):
        assert await load_emojis(failing) is UNICODE  # type: ignore[arg-type]
        assert await load_emojis(Client(OSError("no network"))) is UNICODE  # type: ignore[arg-type]
        assert (await load_emojis(Client([]))).uploaded == {}  # type: ignore[arg-type]
    lines = [r.getMessage() for r in caplog.records]
    assert len(lines) == 3
    assert lines[0].startswith("cannot list the application's emojis (")
    assert "no network" in lines[1]
    assert lines[2].startswith("no application emoji uploaded (python -m bot emojis")


def test_a_client_without_loaded_emojis_reads_unicode() -> None:
    assert emojis_of(SimpleNamespace()) is UNICODE  # type: ignore[arg-type]
    assert emojis_of(SimpleNamespace(app_emojis=UPLOADED)) is UPLOADED  # type: ignore[arg-type]


def _menu() -> list[MenuEntry]:
    place = ("place", "Place a card")
    return [
        MenuEntry("place B1 0,1", [place, ("B1", "B1 (blue 1)"), ("0,1", "0,1")], "Place B1",
                  ("", "card:blue", "")),
        MenuEntry("place R3 0,1", [place, ("R3", "R3 (red 3)"), ("0,1", "0,1")], "Place R3",
                  ("", "card:red", "")),
        MenuEntry("discard 3", [("discard 3", "Set a 3 aside")], "Set a 3 aside", ("die:3",)),
        MenuEntry("stop", [("stop", "End Discovery")], "End Discovery"),
    ]


def _items(view: discord.ui.View) -> list[Any]:
    """The view's buttons and selects (the menu's are DynamicItems around them)."""
    return [getattr(child, "item", child) for child in view.children]


async def test_the_move_menus_select_shows_each_cards_colour() -> None:
    _content, view = menu_screen(1, 2, _menu(), "intro", ("place",), emojis=UPLOADED)
    select = next(i for i in _items(view) if isinstance(i, discord.ui.Select))
    assert [(o.label, str(o.emoji)) for o in select.options] == [
        ("B1 (blue 1)", UPLOADED.card("blue")), ("R3 (red 3)", UPLOADED.card("red"))]
    _content, view = menu_screen(1, 2, _menu(), "intro", ("place",))  # nothing uploaded
    select = next(i for i in _items(view) if isinstance(i, discord.ui.Select))
    assert [str(o.emoji) for o in select.options] == ["🟦", "🟥"]


async def test_the_move_menus_buttons_show_a_die_face_only_where_the_choice_names_one() -> None:
    _content, view = menu_screen(1, 2, _menu(), "intro", emojis=UPLOADED)
    buttons = {b.label: b.emoji for b in _items(view) if isinstance(b, discord.ui.Button)}
    assert str(buttons["Set a 3 aside"]) == UPLOADED.die(3)
    assert buttons["Place a card"] is None and buttons["End Discovery"] is None
    _content, view = menu_screen(1, 2, _menu(), "intro")  # no die emoji: the label alone
    assert all(b.emoji is None for b in _items(view) if isinstance(b, discord.ui.Button))


async def test_the_steps_chosen_so_far_show_their_emoji_in_the_menus_text() -> None:
    content, _view = menu_screen(1, 2, _menu(), "intro", ("place", "B1"), emojis=UPLOADED)
    blue = UPLOADED.card("blue")
    assert content == f"intro\n**Your move:** Place a card → {blue} B1 (blue 1) → …"
    content, _view = menu_screen(1, 2, _menu(), "intro", ("place", "R3"))
    assert content == "intro\n**Your move:** Place a card → 🟥 R3 (red 3) → …"
    content, _view = menu_screen(1, 2, _menu(), "intro", ("place",))
    assert content == "intro\n**Your move:** Place a card → …"
