"""The public post carries its board's regions (render.regions): those of the very image sent
(names dressed as the board draws them), kept with the image in the board cache, from the
public view only; a game whose renderer names none gives none."""

from __future__ import annotations

from bot import catalog
from bot.service import Services
from bot.service.rules.posts import drawn, private_hand, private_note, public_post
from bot.storage import TableRow
from games import get_game
from render import regions
from render.kit import png_bytes
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import toy_game


async def test_the_post_gives_the_regions_of_its_image(host: Services) -> None:
    game_id = "maitre-des-mers"
    await host.lobbies.create_lobby(CHANNEL, GUILD, game_id, {}, ALICE, "Alice Longname-Of-The-Sea", seed=4)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    start = await host.lobbies.start(CHANNEL, ALICE)
    post = start.post
    assert post.regions and post.image_png
    game, row = await host.tables.playing(CHANNEL)  # the row the post was drawn from
    image, found = regions.drawn(catalog.board_drawer(game_id), drawn(row, game.view(row.state,
                                                                                      None)))
    assert png_bytes(image) == post.image_png
    assert post.regions == [(r.key, r.box) for r in found]
    tokens = {t for entry in start.notes for m in entry.menu for t, _ in m.steps}
    assert tokens & {key for key, _ in post.regions}  # the port's ships: arm <ship>
    again = await host.views.board(CHANNEL)  # from the board cache: the same image, the same regions
    assert again.image_png == post.image_png and again.regions == post.regions


async def test_a_whole_game_posts_regions_inside_every_board(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, "isis-osiris", {}, ALICE, "Alice", seed=2)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    outcomes = [await host.lobbies.start(CHANNEL, ALICE), *await play_to_end(host, CHANNEL)]
    for outcome in outcomes:
        keys = [key for key, _ in outcome.post.regions]
        assert sorted(keys)[:12] == sorted("ABCDEF123456")


def test_a_renderer_without_regions_posts_none() -> None:
    game = toy_game()  # its renderer draws a board and names no region
    assert catalog.region_finder(game.id) is None
    seats = [{"seat": i, "user_id": i, "name": f"P{i}", "bot_level": None} for i in (1, 2)]
    row = TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=game.id, options={},
                   status="playing", host_id=1, seats=seats, seed=1)
    post = public_post(game, row, game.new(2, {}, 1))
    assert post.image_png and post.regions == []


def test_a_hand_comes_with_its_regions_from_its_seat_view_only() -> None:
    game = get_game("master-islands")
    seats = [{"seat": i, "user_id": i, "name": f"P{i}", "bot_level": None} for i in (1, 2)]
    row = TableRow(channel_id=CHANNEL, guild_id=GUILD, game_id=game.id, options={},
                   status="playing", host_id=1, seats=seats, seed=1)
    state = game.new(2, {}, 5)
    for seat in (1, 2):
        view = game.view(state, seat)
        image, found = private_hand(game, row, view, "fr")
        assert image == private_note(game, row, state, seat, code="fr").hand()
        assert sorted(key for key, _ in found) == sorted(view["hand"])
