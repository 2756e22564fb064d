"""The shared kit: PNG encoding round-trips, palette keeps kit colours exact, marks differ by shape."""

from __future__ import annotations

import io
import zlib

from PIL import Image, ImageChops, ImageDraw

import i18n
from games.text import listing, say
from games.text import seat as seat_text
from render import kit, seats


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_png_bytes_round_trips_and_keeps_kit_colours_exact() -> None:
    image, draw = kit.new_canvas(120, 40)
    for i, colour in enumerate([kit.BLUE, kit.GREEN, kit.VERMILLION, kit.YELLOW, kit.ORANGE, kit.SKY]):
        draw.rectangle((i * 20, 0, i * 20 + 19, 39), fill=colour)
    data = kit.png_bytes(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = _decode(data).convert("RGB")
    assert decoded.size == (120, 40)
    assert decoded.getpixel((10, 10)) == kit.BLUE
    assert decoded.getpixel((70, 10)) == kit.YELLOW
    assert decoded.getpixel((110, 10)) == kit.SKY


def test_png_bytes_same_pixels_with_either_deflate(monkeypatch) -> None:
    """The PNG deflate is ISA-L's when installed (a dependency: the bot's cheapest path) and the
    standard library's otherwise; the decoded pixels are the same either way."""
    from isal import isal_zlib

    from benchmarks.render import big_map_view
    from render import canvas, master_islands

    assert canvas._deflate is isal_zlib.compress
    board = master_islands.board(big_map_view(32))
    fast = kit.png_bytes(board)
    monkeypatch.setattr(canvas, "_deflate", zlib.compress)
    slow = kit.png_bytes(board)
    assert fast != slow  # two encoders really ran
    assert _decode(fast).tobytes() == _decode(slow).tobytes()
    assert _decode(fast).convert("RGB").tobytes() == kit.paletted(board).convert("RGB").tobytes()


def test_png_bytes_is_palette_mode() -> None:
    image, draw = kit.new_canvas(50, 50)
    kit.text(draw, (5, 5), "B4", 20, kit.INK)
    assert _decode(kit.png_bytes(image)).mode == "P"


def test_seat_marks_differ_by_shape_not_only_colour() -> None:
    """Colour-blind players tell seats apart by shape: same fill, different seats -> different."""
    drawings = set()
    for seat in (1, 2, 3, 4):
        image = Image.new("RGB", (60, 60), kit.BG)
        kit.mark(ImageDraw.Draw(image), (30, 30), 20, kit.SEAT_SHAPES[seat], kit.UNKNOWN, "1")
        drawings.add(image.tobytes())
    assert len(drawings) == 4


def test_text_cache_draws_like_pillow() -> None:
    """The cached-mask text path paints the same pixels as ImageDraw.text at integer positions."""
    ours, draw = kit.new_canvas(200, 60)
    kit.text(draw, (10, 10), "Seat 3", 24, kit.INK)
    ref, ref_draw = kit.new_canvas(200, 60)
    ref_draw.text((10, 10), "Seat 3", font=kit.font(24), fill=kit.INK)
    assert ours.tobytes() == ref.tobytes()


def test_ink_on_picks_readable_text_colour() -> None:
    assert kit.ink_on(kit.YELLOW) == kit.BLACK
    assert kit.ink_on(kit.BLUE) == kit.WHITE
    assert kit.ink_on(kit.BLACK) == kit.WHITE


def test_ascii_text_folds_accents_and_drops_what_the_font_cannot_draw() -> None:
    assert kit.ascii_text("Zoé  Ünal") == "Zoe Unal"
    assert kit.ascii_text("李明 🙂") == ""
    assert kit.ascii_text("ann\x00\n bob") == "ann bob"


def test_wrap_never_cuts_a_name() -> None:
    """Names are wrapped onto more lines, never cut with "..." (even a 32-letter word)."""
    name = "Bartholomew_the_Magnificent_XIV!"
    assert len(name) == 32
    lines = kit.wrap(name, 22, 150)
    assert "".join(lines) == name and len(lines) > 1
    assert all(kit.text_width(line, 22) <= 150 for line in lines)
    assert kit.wrap("Computer 1 (greedy)", 22, 500) == ["Computer 1 (greedy)"]
    assert " ".join(kit.wrap("Computer 1 (greedy)", 22, 110)) == "Computer 1 (greedy)"
    assert not hasattr(kit, "fit")


def ink_box(draw_line: object, s: str, size: int, bold: bool) -> tuple[int, int, int, int]:
    image = Image.new("RGB", (1600, 60), kit.BG)
    draw_line(ImageDraw.Draw(image), s, size, bold)  # type: ignore[operator]
    box = ImageChops.difference(image, Image.new("RGB", image.size, kit.BG)).getbbox()
    assert box is not None
    return box


def test_text_drawn_a_word_at_a_time_looks_like_the_line_and_wraps_to_fit() -> None:
    """Replay captions are drawn a word at a time (each word rendered once, kept): the line looks
    as kit.text draws it (same ink box within a pixel), and word_wrap's lines, drawn so, fit
    their width, each as full as it can be."""
    line = "Zoé sails from 2c: 3c and pushes Seat 2 (Bob) to 2c, «la fin» · 12 points"
    for bold in (False, True):
        whole = ink_box(lambda d, s, n, b: kit.text(d, (20, 30), s, n, kit.INK, "lm", bold=b),
                        line, 20, bold)
        words = ink_box(lambda d, s, n, b: kit.word_text(d, (20, 30), s, n, kit.INK, b),
                        line, 20, bold)
        assert all(abs(a - b) <= 1 for a, b in zip(whole, words, strict=True)), (whole, words)
    text = " ".join([line] * 6)
    for width in (300, 500, 760):
        lines = kit.word_wrap(text, 20, width)
        assert " ".join(lines) == text and len(lines) > 1
        for k, piece in enumerate(lines):
            box = ink_box(lambda d, s, n, b: kit.word_text(d, (0, 30), s, n, kit.INK, b),
                          piece, 20, False)
            assert box[2] <= width
            if k + 1 < len(lines):
                fuller = f"{piece} {lines[k + 1].split()[0]}"
                assert ink_box(lambda d, s, n, b: kit.word_text(d, (0, 30), s, n, kit.INK, b),
                               fuller, 20, False)[2] > width - 2
    long = "Bartholomew_the_Magnificent_XIV!"
    assert "".join(kit.word_wrap(long, 22, 150)) == long and len(kit.word_wrap(long, 22, 150)) > 1


def test_wrap_items_breaks_between_items() -> None:
    lines = kit.wrap_items(["phase: bonus", "pile: 15 cards", "round 4/7"], 22, 330)
    assert lines == ["phase: bonus   pile: 15 cards", "round 4/7"]


def test_result_title_names_the_winners() -> None:
    seats = [{"seat": 1, "name": "Alice"}, {"seat": 2, "name": "Bob"}, {"seat": 3}]
    over = {"finished": True, "winners": [1], "scores": [], "reason": ""}
    assert kit.result_title({"seats": seats, "result": None}) is None
    assert kit.result_title({"seats": seats, "result": over}) == "Winner: Alice"
    both = dict(over, winners=[1, 3])
    assert kit.result_title({"seats": seats, "result": both}) == "Winners: Alice, Seat 3"
    assert kit.result_title({"seats": seats, "result": dict(over, winners=[])}) == "No winner"


def test_recording_text_sizes_is_per_thread_and_nests() -> None:
    import threading

    image, draw = kit.new_canvas(100, 40)
    seen_elsewhere: list[list[int]] = []

    def other() -> None:
        with kit.recording_text_sizes() as mine:
            kit.text(draw, (0, 0), "x", 31)
        seen_elsewhere.append(mine)

    with kit.recording_text_sizes() as outer:
        kit.text(draw, (0, 0), "a", 21)
        with kit.recording_text_sizes(isolated=True) as inner:
            kit.text(draw, (0, 0), "b", 22)
        kit.note_text_sizes(inner)
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
    kit.text(draw, (0, 0), "c", 23)  # not recording: nothing kept
    assert outer == [21, 22] and inner == [22] and seen_elsewhere == [[31]]


def test_trim_leaves_a_uniform_margin() -> None:
    image, draw = kit.new_canvas(300, 200)
    draw.rectangle((100, 50, 150, 90), fill=kit.INK)
    trimmed = kit.trim(image, 10)
    assert trimmed.size == (71, 61)


def test_seat_name_uses_the_view_name_else_seat_n() -> None:
    view = {"seats": [{"seat": 1, "name": "Zoé"}, {"seat": 2, "name": "李明"}, {"seat": 3},
                      {"seat": 4, "name": None}, {"seat": 5, "name": "Ørjan 🎲 Cœur"}]}
    assert [kit.seat_name(view, s) for s in (1, 2, 3, 4, 5, 6)] == [
        "Zoé", "Seat 2", "Seat 3", "Seat 4", "Orjan Coeur", "Seat 6"]
    with i18n.language("fr"):
        assert kit.seat_name(view, 3) == "Place 3"


def _ink(image: Image.Image) -> int:
    """How much ink ``image`` holds: its difference from a blank canvas, summed."""
    blank, _draw = kit.new_canvas(*image.size)
    return sum(ImageChops.difference(image, blank).convert("L").tobytes())


def test_accented_letters_are_drawn_with_their_accent_in_the_room_of_the_letter() -> None:
    """Pillow's font has no "é": the kit draws "e" and an accent over it, as wide as "e"."""
    assert kit.text_width("Élève à l’île, ça, Noël", 20) == kit.text_width(
        "Eleve a l’ile, ca, Noel", 20)
    drawn = {}
    for word in ("e", "é", "è", "ê", "ë", "c", "ç", "\ue000"):
        image, draw = kit.new_canvas(60, 60)
        kit.text(draw, (20, 20), word, 24)
        drawn[word] = image
    plain = _ink(drawn["e"])
    for accented in ("é", "è", "ê", "ë"):
        assert plain * 1.04 < _ink(drawn[accented]), accented  # the letter and an accent
        assert ImageChops.difference(drawn[accented], drawn["\ue000"]).getbbox()  # not a box
    assert len({drawn[a].tobytes() for a in ("é", "è", "ê", "ë")}) == 4  # four accents
    assert _ink(drawn["ç"]) > _ink(drawn["c"]) * 1.1


def test_a_game_sentence_is_drawn_with_the_names_of_its_seats() -> None:
    view = {"seats": [{"seat": 1, "name": "Zoé"}, {"seat": 2, "name": "Bob"}]}
    line = say("{winner} wins: {winners}", winner=seat_text(2),
               winners=listing([seat_text(1), seat_text(2), seat_text(3)]))
    assert seats.named_sentence(line, view) == "Bob wins: Zoé, Bob, Seat 3"
    with i18n.language("fr"):
        assert seats.named_sentence(say("waiting for {players}", players=seat_text(1)),
                                    view) == "en attente de Zoé"


def test_png_bytes_holds_the_paletted_pixels_as_pillow_would_write_them() -> None:
    """kit writes the PNG itself (one deflate of the whole image): a valid file (chunk CRCs
    checked) whose palette indices and colours are those of kit.paletted, as Pillow's own
    writer gives them, at every width (odd ones, one pixel) and with anti-aliased text."""
    import random

    rng = random.Random(4)
    for width, height in [(1, 1), (1, 7), (9, 1), (37, 11), (400, 300)]:
        image, draw = kit.new_canvas(width, height)
        for _ in range(6):
            x, y = rng.randrange(width), rng.randrange(height)
            draw.rectangle((x, y, x + rng.randrange(40), y + rng.randrange(30)),
                           fill=tuple(rng.randrange(256) for _ in range(3)))
        kit.text(draw, (1, 1), "Zoé B4", 18, kit.INK)
        data = kit.png_bytes(image)
        Image.open(io.BytesIO(data)).verify()
        ours, mapped = _decode(data), kit.paletted(image)
        pillows = io.BytesIO()
        mapped.save(pillows, format="PNG")
        theirs = _decode(pillows.getvalue())
        assert ours.mode == "P" and ours.size == (width, height)
        assert ours.tobytes() == mapped.tobytes() == theirs.tobytes()
        assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()
