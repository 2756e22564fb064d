"""The standings image (issue 40): a tournament's table, its podium and a season's leaderboard
read on a phone like the boards, long and hostile names are shortened and never reach the next
column, 64 rows stay readable and more are counted, French words are drawn with their accents."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from PIL import Image, ImageChops

from i18n import language
from render import accents, kit
from render.standings import MAX_ROWS, WIDTH, StandingsView, draw_standings, standings_image

from .checks import phone_readable, recorded_texts

HOSTILE = ["W" * 32, "Bartholomew the Magnificent XIV!", "🎲🎲🎲 dice lord 🎲",
           "שלום עליכם", "Z̷̢̛͉a̴l̶͈g̵o̸͚ the destroyer of worlds", "Zoé Côté-Laçroix", "Иван",
           "@everyone <@123> **big**"]
"""Names as Discord allows them (32 characters, emoji, right-to-left, stacked marks, other
scripts, mentions), as in tests/e2e/test_hostile_names.py."""
TOURNAMENT = ("#", "Player", "Points", "Buchholz", "Sonneborn-Berger", "Games")
LEADERBOARD = ("#", "Player", "Rating", "Games", "Wins")
TEN_MIB = 10 * 1024 * 1024


def _tournament(players: int, names: list[str] | None = None, **extra) -> StandingsView:
    names = names or [f"Player {k}" for k in range(1, players + 1)]
    rows = tuple((str(k + 1), names[k % len(names)], f"{(players - k) / 2:.1f}",
                  f"{10 + k * 0.5:.1f}", f"{20 - k * 0.25:.2f}", "6") for k in range(players))
    return StandingsView("Master Islands · Swiss", "Round 6 of 6 · live", TOURNAMENT, rows,
                         **extra)


def _podium() -> StandingsView:
    return _tournament(8, HOSTILE, podium=tuple(HOSTILE[:3]), highlight=(0,), muted=(5,),
                       footer="Tie-breaks: Buchholz, then Sonneborn-Berger.")


def _leaderboard(players: int = 20) -> StandingsView:
    rows = tuple((str(k + 1), HOSTILE[k % len(HOSTILE)], str(1900 - 13 * k), str(40 - k),
                  str(25 - k // 2)) for k in range(players))
    return StandingsView("Leaderboard · Master Islands", "Season 2 · 4 weeks", LEADERBOARD,
                         rows, highlight=(3,))


VIEWS: dict[str, Callable[[], StandingsView]] = {
    "tournament": lambda: _tournament(8, HOSTILE, highlight=(2,)),
    "podium": _podium,
    "shared podium": lambda: _tournament(5, podium=("Ann", "Bob", "Cy", "Dee"),
                                         podium_places=(1, 1, 3, 3)),
    "leaderboard": _leaderboard,
    "64 rows": lambda: _tournament(64, HOSTILE, highlight=(40,)),
    "no game yet": lambda: StandingsView("Swiss", "", TOURNAMENT, ()),
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_every_standings_image_reads_on_a_phone_and_fits_discord(name: str) -> None:
    with kit.recording_text_sizes() as sizes:
        image = standings_image(VIEWS[name]())
    assert image.width == WIDTH
    phone_readable(image, sizes, name)
    data = draw_standings(VIEWS[name]())
    assert len(data) < TEN_MIB
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    assert decoded.size == image.size


def _ink_columns(image: Image.Image, top: int, bottom: int) -> list[int]:
    """The x of every column holding text ink (not the background, the rules or a frame's
    fill) between rows ``top`` and ``bottom``."""
    band = image.crop((0, top, image.width, bottom)).convert("RGB")
    background = {kit.BG, kit.GRID, kit.TURN_BG}
    pixels = list(band.getdata())
    return sorted({k % band.width for k, p in enumerate(pixels) if p not in background})


def _row_band(image: Image.Image, rows: int) -> tuple[int, int]:
    """The rows' part of a table image without title, podium or footer: from under the header's
    rule to its last row (found as the last ink)."""
    box = ImageChops.difference(image, Image.new("RGB", image.size, kit.BG)).getbbox()
    assert box is not None
    height = 35 * rows  # render.standings.ROW
    return box[3] - height, box[3] - 4


def test_long_and_hostile_names_are_shortened_and_never_reach_the_next_column(
        monkeypatch: pytest.MonkeyPatch) -> None:
    long = _tournament(8, HOSTILE)
    short = _tournament(8, ["A"])
    texts = recorded_texts(monkeypatch)
    drawn_long = standings_image(long)
    drawn_short = standings_image(short)
    assert drawn_long.size == drawn_short.size
    top, bottom = _row_band(drawn_short, 8)
    # The numbers start after the widest empty gap of the short names' rows ("1  A      4.0").
    columns = _ink_columns(drawn_short, top, bottom)
    gaps = [(b - a, b) for a, b in zip(columns, columns[1:], strict=False)]
    numbers_left = max(gaps)[1]
    assert numbers_left > WIDTH / 3
    # Where the long names' image differs: only in the name column, ending before the numbers.
    diff = ImageChops.difference(drawn_long.crop((0, top, WIDTH, bottom)),
                                 drawn_short.crop((0, top, WIDTH, bottom))).getbbox()
    assert diff is not None
    assert diff[2] < numbers_left - 8, (diff, numbers_left)
    assert diff[2] > numbers_left - 80  # the 32 W's fill the column to its end
    # Shortened with an ellipsis, nothing the font cannot draw, nothing emptied
    assert "W" * 10 in "".join(texts) and any(t.startswith("WWW") and t.endswith("…")
                                              for t in texts)
    assert any(t.startswith("Zalgo the destroyer") for t in texts)
    assert "dice lord" in texts and "?" in texts  # the emoji dropped; no letter left: "?"
    assert "Zoé Côté-Laçroix" in texts
    assert all(accents.drawable(t) == t for t in texts)


def test_a_name_too_long_for_the_podium_takes_two_lines_then_an_ellipsis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = recorded_texts(monkeypatch)
    standings_image(_tournament(3, podium=("Bartholomew the Magnificent the Fourteenth of his"
                                           " name", "W" * 32, "Ann")))
    podium_lines = texts[2:texts.index("#")]
    assert "Bartholomew the" in podium_lines
    assert any(t.endswith("…") and t.startswith("Magnificent") for t in podium_lines)
    assert sum(t.startswith("W") for t in podium_lines) == 2  # the 32 W's on two lines
    assert {"1", "2", "3", "Ann"} <= set(podium_lines)


def test_the_podium_shows_each_place_by_its_number_and_its_medal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = recorded_texts(monkeypatch)
    image = standings_image(_tournament(5, podium=("Ann", "Bob", "Cy", "Dee"),
                                        podium_places=(1, 1, 3, 3)))
    podium_lines = texts[2:texts.index("#")]
    assert sorted(podium_lines) == ["1", "3", "Ann", "Bob", "Cy", "Dee"]  # no second step
    colours = {c for _n, c in image.getcolors(2**20) or []}
    assert {(255, 204, 0), (204, 102, 51)} <= colours and (204, 204, 204) not in colours


def test_64_rows_are_all_drawn_readable_and_more_are_counted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = recorded_texts(monkeypatch)
    with kit.recording_text_sizes() as sizes:
        image = standings_image(_tournament(64))
    phone_readable(image, sizes, "64 rows")
    assert {"Player 1", "Player 64", "64"} <= set(texts)
    assert image.height < 64 * 40 + 400
    texts.clear()
    image = standings_image(_tournament(100, highlight=(2, 90)))
    assert MAX_ROWS == 64
    assert "Player 63" in texts and "Player 64" not in texts  # one row gives way to the 91st
    assert "… and 36 more" in texts
    assert texts[-6:] == ["91", "Player 91", "5.0", "55.0", "-2.50", "6"]  # after the count
    assert len(draw_standings(_tournament(100))) < TEN_MIB


def test_french_headers_and_the_count_are_drawn_with_their_accents(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = recorded_texts(monkeypatch)
    view = StandingsView("Classement · Master Islands", "Saison 2 · quatre semaines",
                         ("#", "Joueur", "Classement", "Parties", "Victoires", "Départage"),
                         tuple((str(k), f"Joueur {k}", "1500", "12", "7", "3,5")
                               for k in range(1, 71)),
                         footer="Départage : points des adversaires.")
    with language("fr"), kit.recording_text_sizes() as sizes:
        image = standings_image(view)
    phone_readable(image, sizes, "fr")
    assert {"Joueur", "Classement", "Parties", "Victoires", "Départage", "3,5"} <= set(texts)
    assert "… et 6 autres" in texts
    assert "Départage : points des adversaires." in texts
    texts.clear()
    standings_image(_tournament(4))
    assert {"Sonneborn-", "Berger"} <= set(texts)  # a long header wraps at its hyphen


def test_highlighted_rows_are_framed_and_muted_rows_struck_through() -> None:
    plain = standings_image(_tournament(4))
    marked = standings_image(_tournament(4, highlight=(1,), muted=(2,)))
    top, bottom = _row_band(plain, 4)
    rows = [(top + 35 * k, top + 35 * (k + 1)) for k in range(4)]

    def colours(image: Image.Image, band: tuple[int, int]) -> set[tuple[int, int, int]]:
        return {c for _n, c in image.crop((0, band[0], WIDTH, band[1])).getcolors(2**20) or []}

    assert kit.TURN_BG in colours(marked, rows[1]) and kit.TURN_BG not in colours(plain, rows[1])
    assert kit.MUTED in colours(marked, rows[2]) and kit.MUTED not in colours(plain, rows[2])
    # struck through: a straight line of grey across the name's middle
    middle = (rows[2][0] + rows[2][1]) // 2
    line = [marked.getpixel((x, y)) for x in range(60, 120) for y in (middle - 1, middle)]
    assert line.count(kit.MUTED) >= 60
