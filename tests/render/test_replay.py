"""Animated replays (render/replay.py): one frame per turn (a run of moves by one seat, plus the
deal), each frame's board exactly the board drawn from the spectator view of that moment, no
hidden card in any caption, under the size limit, and long games merged with a caption saying
so. Frames are decoded by Pillow from the real WebP/GIF bytes."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageSequence

import i18n
from bot import catalog
from bot.catalog import board_drawer
from games import get_game
from games.records import BadRecord, sentence, simulate, start
from render import kit, replay
from tests.games.every_game import GAMES

CARD = re.compile(r"\b[BGRY][1-5]\b")


def frames_of(data: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(data))
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(image)]


def states_per_turn(record: dict[str, Any]) -> tuple[Any, list[dict], list[list[dict]]]:
    """Worked out here, apart from the module: the state after each run of one seat's moves
    (the deal first), and each turn's events."""
    game, state = start(record)
    states, events, previous = [state], [[]], None
    for entry in record["moves"]:
        state, new = game.apply(state, entry["seat"], entry["move"])
        if entry["seat"] == previous:
            states[-1] = state
            events[-1] += new
        else:
            states.append(state)
            events.append(list(new))
        previous = entry["seat"]
    return game, states, events


@pytest.fixture(scope="module")
def mi_record() -> dict[str, Any]:
    return simulate("master-islands", 2, 5)


@pytest.mark.parametrize("fmt", ["webp", "gif"])
def test_each_frame_is_the_public_board_of_its_turn(mi_record: dict, fmt: str) -> None:
    made = replay.build(mi_record, board_drawer, formats=(fmt,))
    assert made.format == fmt and len(made.data) <= replay.MAX_BYTES
    game, states, _ = states_per_turn(mi_record)
    frames = frames_of(made.data)
    assert len(frames) == made.frames == len(states) == made.turns + 1
    assert made.turns_per_frame == 1 and made.scale == 1
    draw = catalog.renderer(game.id).board
    for k, (frame, state) in enumerate(zip(frames, states, strict=True)):
        board = kit.paletted(draw(game.view(state, None))).convert("RGB")
        left, top = replay.board_box(made, board)
        shown = frame.crop((left, top, left + board.width, top + board.height))
        assert ImageChops.difference(shown, board).getbbox() is None, f"frame {k}"


def test_captions_name_the_turn_and_show_only_public_lines(mi_record: dict) -> None:
    game, played = replay.turns(mi_record)
    _, states, events = states_per_turn(mi_record)
    assert [t.state for t in played] == states
    for turn, state, turn_events in zip(played, states, events, strict=True):
        public = [e["text"] for e in turn_events if e.get("text") and not e.get("transient")]
        assert turn.lines == public
        held = {card for hand in state["hands"] for card in hand}
        on_table = {cell[2] for cell in state["map"]} | {
            card for cards in state["collected"] for card in cards}
        hidden = held - on_table
        lines = replay.caption([turn], len(played) - 1, 1, None, 20, 760)
        text = " ".join(line for line, _bold in lines)
        assert not set(CARD.findall(text)) & hidden, text
    names = {"Seat 1": "Ann (seat 1)", "Seat 2": "Bob (seat 2)"}
    lines = replay.caption([played[3]], len(played) - 1, 1,
                           lambda s: re.sub(r"Seat \d", lambda m: names[m[0]], s), 20, 760)
    who = names[f"Seat {played[3].seat}"]
    assert lines[0] == (f"Turn 3 of {len(played) - 1} · {who}", True)
    assert all(line.startswith(who) for line, bold in lines[1:] if line != "..."), lines


def test_unusual_characters_are_made_readable() -> None:
    assert replay.printable("x → Zoé · 3 🙂") == "x -> Zoé · 3"


def test_too_big_halves_the_boards_then_merges_turns_and_says_so(mi_record: dict) -> None:
    full = replay.build(mi_record, board_drawer, formats=("gif",))
    half = replay.build(mi_record, board_drawer, formats=("gif",), max_bytes=len(full.data) - 1)
    assert half.scale == 2 and half.turns_per_frame == 1 and len(half.data) < len(full.data)
    assert half.size[0] < full.size[0]
    tiny = replay.build(mi_record, board_drawer, formats=("gif",), max_bytes=len(half.data) // 3)
    assert tiny.turns_per_frame > 1 and len(tiny.data) <= len(half.data) // 3
    frames = frames_of(tiny.data)
    assert len(frames) == tiny.frames == 1 + -(-tiny.turns // tiny.turns_per_frame)


def test_a_long_game_shows_several_turns_a_frame_with_the_reason(mi_record: dict) -> None:
    made = replay.build(mi_record, board_drawer, max_frames=4)
    assert made.frames == 5 and made.turns_per_frame == -(-made.turns // 4)
    game, played = replay.turns(mi_record)
    group = replay.groups(played, made.turns_per_frame)[1]
    title = replay.caption(group, made.turns, made.turns_per_frame, None, 20, 760)[0][0]
    assert title.startswith(f"Turns 1-{made.turns_per_frame} of {made.turns}")
    assert "to keep the file small" in title


@pytest.mark.parametrize("game_id, players", [(g.id, g.min_players) for g in GAMES])
def test_every_game_replays_within_the_limit(game_id: str, players: int) -> None:
    record = simulate(game_id, players, 3)
    made = replay.build(record, board_drawer, max_frames=8)  # few frames: a quick test
    assert len(made.data) <= replay.MAX_BYTES
    frames = frames_of(made.data)
    assert len(frames) == made.frames == 1 + -(-made.turns // made.turns_per_frame)
    assert get_game(game_id).result(replay.turns(record)[1][-1].state).finished


def test_a_record_with_a_refused_move_says_which() -> None:
    record = {"game": "isis-osiris", "players": 2, "seed": 1, "moves": [{"seat": 1, "move": "fly"}]}
    with pytest.raises(BadRecord, match=r"^move 1 \(fly\) cannot be played: ") as refused:
        replay.build(record, board_drawer)
    french = i18n.translate(sentence(refused.value), "fr")  # what /replay tells a French server
    assert french.startswith("le coup 1 (fly) ne peut pas être joué : "), french
    with pytest.raises(BadRecord, match="'players' must be a whole number"):
        replay.build({"game": "isis-osiris", "players": "two"}, board_drawer)
