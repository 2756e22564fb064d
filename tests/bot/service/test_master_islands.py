"""Master Islands through the host: whole games in every mode, images, hidden hands."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import catalog
from bot.service import Services
from bot.service.rules.posts import private_note, public_post
from bot.storage import TableRow
from games import get_game
from games.records import replay
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_to_end

GAME = "master-islands"
MAX_PNG = 300_000


def _decodes(png: bytes) -> tuple[int, int]:
    assert len(png) <= MAX_PNG
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.size


@pytest.mark.parametrize(("mode", "players"), [("standard", 3), ("coop", 4), ("corsair", 3)])
async def test_whole_game_in_every_mode(host: Services, mode: str, players: int) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, GAME, {"mode": mode}, ALICE, "Alice", seed=21)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    for _ in range(players - 2):
        await host.lobbies.add_computer(CHANNEL, ALICE, "medium")
    start = await host.lobbies.start(CHANNEL, ALICE)
    assert {n.user_id for n in start.notes} == {ALICE, BOB}
    for note in start.notes:
        _decodes(note.image_png)
    outcomes = [start, *await play_to_end(host, CHANNEL)]
    for outcome in outcomes[::7]:
        _decodes(outcome.post.image_png)
    last = outcomes[-1]
    assert last.table.status == "finished" and last.post.status.startswith("Game over: ")
    assert await host.views.table(CHANNEL) is None
    [game_row] = await host.store.history.games_in_channel(CHANNEL)
    stored = await host.store.history.game(game_row)
    summary = replay(stored["record"])
    assert summary["ok"] and summary["finished"]
    assert summary["winners"] == stored["result"]["winners"]
    assert summary["scores"] == stored["result"]["scores"]


def _row(players: int) -> TableRow:
    seats = [{"seat": i, "user_id": i, "name": f"P{i}", "bot_level": None}
             for i in range(1, players + 1)]
    return TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=GAME, options={}, status="playing",
                    host_id=1, seats=seats, seed=1)


def test_public_png_does_not_depend_on_the_hands() -> None:
    game = get_game(GAME)
    rest = ["B1", "G1", "R1", "Y1", "B2", "G2", "R2", "Y2", "B3", "G3", "R3", "Y3"]
    hand_1, hand_2 = ["B4", "G5", "Y5"], ["R4", "R5", "G4"]
    posts = []
    for deck in ([*hand_1, *hand_2, *rest], [*hand_2, *hand_1, *rest]):
        state = game.new(2, {"first": 1}, seed=4, setup={"deck": deck})
        posts.append(public_post(game, _row(2), state))
    assert posts[0].image_png == posts[1].image_png
    assert posts[0].status == posts[1].status
    _decodes(posts[0].image_png)


class _Spy:
    """A renderer module that records the views it is asked to draw."""

    def __init__(self) -> None:
        self.views: list[dict] = []

    def board(self, view: dict) -> Image.Image:
        self.views.append(view)
        return Image.new("RGB", (4, 4))

    hand = board


def test_images_are_drawn_with_the_seat_names_and_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game(GAME)
    row = _row(3)
    row.seats[2].update(user_id=None, name="Computer 1", bot_level="greedy")
    state = game.new(3, {"first": 1}, seed=4)
    spy = _Spy()
    monkeypatch.setattr(catalog, "renderer", lambda _id: spy)
    public_post(game, row, state)
    private_note(game, row, state, 1)
    (board, hand) = spy.views
    names = ["P1", "P2", "Computer 1 (medium)"]  # one naming scheme: the old "greedy" is medium
    for drawn, seat in ((board, None), (hand, 1)):
        assert [s["name"] for s in drawn["seats"]] == names
        plain = game.view(state, seat)
        assert {**drawn, "seats": [{k: v for k, v in s.items() if k != "name"}
                                   for s in drawn["seats"]]} == plain
    assert board["hand"] is None
