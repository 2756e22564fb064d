"""The table post in Discord's V2 layout (bot/adapter/posting/layout.py): one container in the
colour of the seat to move, the header, the board with its alt text, the text, the seats, the
buttons; within Discord's caps; retired forms."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.adapter.play.table_buttons import TableButton
from bot.adapter.posting import layout
from bot.service.results import PublicPost, SeatLine
from tests.e2e.emulator.validate import flatten

CHANNEL, VERSION = 1234567890123456789, 42


def seats(n: int, to_move: int = 1) -> list[SeatLine]:
    return [SeatLine(seat=s, name=f"Player {s}", score=str(s * 2), to_move=s == to_move,
                     computer=s == n, winner=False, colour=0x100000 * s) for s in range(1, n + 1)]


def post(n: int = 3, **fields: Any) -> PublicPost:
    lines = seats(n)
    base: dict[str, Any] = dict(channel_id=CHANNEL, version=VERSION, status="Player 1 to move",
                                image_png=b"png", to_move_user_ids=[7], seats=lines,
                                accent=lines[0].colour, alt_text="The board in words.")
    return PublicPost(**{**base, **fields})


def buttons(n: int) -> list[Any]:
    return [TableButton(("hand", "board", "rules")[i % 3], CHANNEL, VERSION + i) for i in range(n)]


def test_one_container_in_the_colour_of_the_seat_to_move_reads_in_order() -> None:
    view = layout.table_post(game="Master Islands", post=post(), body="<@7>, your turn.",
                             items=buttons(3))
    [container] = view.to_components()
    assert container["type"] == 17 and container["accent_color"] == 0x100000
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 12, 10, 10, 1]  # header, board, text, seats, buttons
    header, gallery, text, seats_text, row = container["components"]
    assert header["content"] == "### Master Islands"  # who moves: the text says it, once
    assert gallery["items"] == [{"media": {"url": "attachment://board.png"}, "spoiler": False,
                                 "description": "The board in words."}]
    assert text["content"] == "<@7>, your turn."
    assert seats_text["content"].splitlines() == [
        "🟠 **Player 1** · score 2",  # to move: their turn line says it, once
        "🔵 **Player 2** · score 4",
        "🟣 **Player 3** · score 6 · 🤖 computer",
    ]
    assert [b["custom_id"] for b in row["components"]] == [
        f"tt:hand:{CHANNEL}:{VERSION}", f"tt:board:{CHANNEL}:{VERSION + 1}",
        f"tt:rules:{CHANNEL}:{VERSION + 2}"]  # the ids classic posts carry: unchanged
    assert view.has_components_v2()


def test_the_header_says_the_games_facts_and_leaves_whose_turn_to_the_text() -> None:
    moving = post(status="Player 1 to move · pile 21", facts="pile 21")
    assert layout.header("Toy", moving) == "### Toy\npile 21"
    computers = post(status="Computer 1 to move · pile 21", facts="pile 21", to_move_user_ids=[])
    assert layout.header("Toy", computers) == "### Toy\nComputer 1 to move · pile 21"
    over = post(status="Game over: Player 1 wins", finished=True)
    assert layout.header("Toy", over) == "### Toy\nGame over: Player 1 wins"


def test_the_alt_text_is_cut_to_discords_1024_characters() -> None:
    view = layout.table_post(game="G", post=post(alt_text="x" * 3000), body="")
    gallery = next(c for c in flatten(view.to_components()) if c["type"] == 12)
    assert len(gallery["items"][0]["description"]) == layout.MAX_ALT


def test_buttons_go_five_to_a_row_and_the_post_stays_under_40_components() -> None:
    view = layout.table_post(game="G", post=post(6), body="text", items=buttons(16),
                             thumbnail=lambda seat: f"https://cdn.example/{seat}.png")
    components = flatten(view.to_components())
    rows = [c for c in components if c["type"] == 1]
    assert [len(r["components"]) for r in rows] == [5, 5, 5, 1]
    assert len(components) <= layout.MAX_COMPONENTS
    # Six sections (3 components each) would pass the cap here: the seats are lines instead.
    assert not [c for c in components if c["type"] == 9]
    # With a row less they fit: sections, 40 components exactly.
    view = layout.table_post(game="G", post=post(6), body="text", items=buttons(15),
                             thumbnail=lambda seat: f"https://cdn.example/{seat}.png")
    components = flatten(view.to_components())
    assert len([c for c in components if c["type"] == 9]) == 6
    assert len(components) == layout.MAX_COMPONENTS


def test_seats_are_sections_with_their_picture_when_every_seat_has_one() -> None:
    view = layout.table_post(game="G", post=post(3), body="", items=buttons(3),
                             mark=lambda seat: f"<:tablee_seat{seat}:99>",
                             thumbnail=lambda seat: f"https://cdn.example/{seat}.png")
    sections = [c for c in flatten(view.to_components()) if c["type"] == 9]
    assert [s["accessory"]["media"]["url"] for s in sections] == [
        f"https://cdn.example/{s}.png" for s in (1, 2, 3)]
    assert sections[0]["components"][0]["content"].startswith("<:tablee_seat1:99> **Player 1**")
    # One seat without a picture: lines for all (a mixed list reads badly).
    view = layout.table_post(game="G", post=post(3), body="",
                             thumbnail=lambda seat: None if seat == 2 else "https://x/1.png")
    assert not [c for c in flatten(view.to_components()) if c["type"] == 9]


def test_the_end_is_in_the_winners_colour_and_says_who_won() -> None:
    lines = [SeatLine(1, "Ann", "7", False, False, True, 0xAA0000),
             SeatLine(2, "Bo", "3", False, False, False, 0x00AA00)]
    view = layout.table_post(game="G", post=post(seats=lines, accent=0xAA0000, status="Over"),
                             body="The game is over.")
    [container] = view.to_components()
    assert container["accent_color"] == 0xAA0000
    assert "🏆 wins" in container["components"][-1]["content"].splitlines()[0]


def test_names_cannot_format_the_post() -> None:
    lines = [SeatLine(1, "**bold** `x`", None, True, False, False, 1)]
    view = layout.table_post(game="G_*", post=post(seats=lines), body="")
    texts = [c["content"] for c in flatten(view.to_components()) if c["type"] == 10]
    assert texts[0].startswith("### G\\_\\*")
    assert "**\\*\\*bold\\*\\* \\`x\\`**" in texts[-1]


def test_a_post_without_image_has_no_gallery_and_a_retired_value_is_text_alone() -> None:
    view = layout.table_post(game="G", post=post(image_png=None), body="b", image=False)
    assert not [c for c in flatten(view.to_components()) if c["type"] == 12]
    [container] = layout.plain_post("Bob placed a tile.").to_components()
    assert [c["type"] for c in container["components"]] == [10]


def test_a_retired_post_keeps_everything_but_its_buttons() -> None:
    sent = layout.table_post(game="G", post=post(), body="b", items=buttons(4))
    components = flatten(layout.strip_rows(sent).to_components())
    assert not [c for c in components if c["type"] in (1, 2)]
    assert [c["type"] for c in components] == [17, 10, 12, 10, 10]


def test_a_seat_line_says_to_move_only_for_a_computer() -> None:
    """A person to move has their turn line; a computer to move has none, its seat says it."""
    person = SeatLine(seat=1, name="Ann", score="3", to_move=True, computer=False, winner=False,
                      colour=0)
    machine = replace(person, seat=2, name="Computer 2", computer=True)
    assert layout.seat_text(person) == "🟠 **Ann** · score 3"
    assert layout.seat_text(machine) == "🔵 **Computer 2** · score 3 · to move · 🤖 computer"
