"""The live table in a real browser (headless Chromium), against the real bot process on the
Discord emulator: a spectator's page (opened from the post's Watch live link) follows moves made
in Discord and never holds hidden information, and a page opened by the table's id alone is
refused with a sentence; two players in their pages and one in Discord play a whole game, across
a bot restart; a revoked, forged or expired personal link is refused with a sentence on the
page."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser

from benchmarks.web import DESKTOP
from bot.service.rules.posts import public_post
from bot.storage.rows import TableRow
from bot.storage.store import Store
from bot.web.links import EXPIRED, FORGED, NOT_WATCHING, REVOKED, Links
from games import get_game
from tests.bot.web.conftest import LiveTable
from tests.bot.web.pages import TIMEOUT_MS, TablePage, open_page, personal_link, watch_link
from tests.e2e.test_play_helpers import (
    CARD,
    EN,
    OVER,
    add_computer,
    hidden_cards,
    last_private,
    last_public,
    play_turn_by_menu,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID

pytestmark = pytest.mark.asyncio(loop_scope="session")


async def start_table(live: LiveTable, host: Any, joiners: list[Any], channel: Any, game: str,
                      computers: tuple[str, ...] = (), **options: Any) -> None:
    """/play in ``channel``, everybody joins, computers at ``computers`` levels, Start."""
    sim = live.sim
    lobby = await sim.slash(host, f"play {game}", channel=channel, **options)
    assert lobby is not None and not lobby.ephemeral, lobby
    for user in joiners:
        await sim.click(user, lobby, label=EN("Join"))
    for level in computers:
        await add_computer(sim, host, lobby, level)
    await sim.click(host, lobby, label=EN("Start"))
    await sim.wait_idle()
    assert "My hand / Play" in last_public(sim, channel).labels


async def one_move_in_discord(live: LiveTable, user: Any, channel: Any) -> None:
    """``user`` presses My hand / Play and picks the first choice of each menu step until one
    move is played (a turn may hold more)."""
    sim = live.sim
    message = await sim.click(user, table_post(sim, channel), label=EN("My hand / Play"))
    if message is None or not message.ephemeral:
        message = last_private(sim, user, channel)
    played = EN.pattern("You played `{move}`.")
    for _ in range(12):
        if message.selects():
            first = message.selects()[0]["options"][0]["value"]
            message = await sim.select(user, message, values=[first])
        else:
            labels = [label for label in message.labels if label not in EN.nav]
            message = await sim.click(user, message, label=labels[0])
        if played.search(message.content):
            return
    raise AssertionError(f"no move played: {message.content!r}")


async def stored(live: LiveTable, channel: Any) -> TableRow | None:
    """The table in play as the bot process stored it (its database file, read beside it);
    None once its game is over (it left the channel)."""
    store = await Store.open(str(live.folder / "tablee.db"))
    try:
        row = await store.tables.get_table(channel.id)
    finally:
        await store.close()
    assert row is None or row.state is not None
    return row


async def in_play(live: LiveTable, channel: Any) -> TableRow:
    row = await stored(live, channel)
    assert row is not None and row.state is not None, "the game is over"
    return row


async def islands_with_a_computer(live: LiveTable, place: str, person: str
                                  ) -> tuple[Any, Any, TableRow]:
    """A Master Islands table in channel ``place``: ``person`` against an easy computer, in
    play; (channel, person, its stored row)."""
    channel, user = live.sim.channel(place), live.sim.user(person)
    await start_table(live, user, [], channel, "master-islands", computers=("easy",))
    return channel, user, await in_play(live, channel)


async def test_a_spectator_page_follows_discord_and_holds_no_hidden_card(
        browser: Browser, live: LiveTable) -> None:
    sim = live.sim
    channel, alice, row = await islands_with_a_computer(live, "watch", "alice")
    watch = watch_link(sim, channel)
    assert watch.startswith(live.url(channel.id) + "#w=")
    spectator = await open_page(browser, watch, viewport=DESKTOP)
    await spectator.reaches(row.version)
    first = await spectator.version()

    await one_move_in_discord(live, alice, channel)
    await sim.wait_idle()
    row = await in_play(live, channel)
    assert row.version > first
    await spectator.reaches(row.version)  # live: the page was never reloaded
    assert [r for r in spectator.requests if r == live.url(channel.id)] == [live.url(channel.id)]
    # The watch token never travels in an address (the server's log shows none): it went in
    # the hello and the board's Authorization header.
    token = watch.split("#w=", 1)[1]
    assert not [r for r in spectator.requests if token in r]
    assert any(token in sent for sent in spectator.sent)

    # Nothing of anyone's hand: no player part in any frame, no hand image asked for, no card
    # held in a hand (with no public copy) in the HTML or a frame.
    states = spectator.states()
    assert states and all(s["you"] is None for s in states)
    assert not [r for r in spectator.requests if "/hand/" in r]
    hidden = hidden_cards(row.state)
    assert hidden, "the test needs cards in hands"
    for text in [*spectator.received, await spectator.page.content()]:
        assert not set(CARD.findall(text)) & hidden, text[:300]

    # The board it shows is the public one: the same pixels whatever the hidden cards are
    # (two re-deals of everything alice cannot see).
    # (the page fetched it with the watch token and shows it from a blob: address)
    shown = await spectator.page.evaluate("document.getElementById('board-image').src")
    body = spectator.images[shown]
    game = get_game(row.game_id)
    seat = next(s["seat"] for s in row.seats if s.get("user_id") == alice.id)
    redeals = [game.determinize(row.state, seat, random.Random(k)) for k in (1, 2)]
    assert any(r["hands"] != row.state["hands"] for r in redeals), "the re-deals changed nothing"
    pixels = Image.open(io.BytesIO(body)).convert("RGB").tobytes()
    for redeal in redeals:
        drawn = public_post(game, row, redeal, code="en").image_png
        assert Image.open(io.BytesIO(drawn)).convert("RGB").tobytes() == pixels
    await spectator.close()

    # Knowing the table's id is not enough: without the post's link the page says where to find
    # it, and gets nothing of the table.
    stranger = await open_page(browser, live.url(channel.id), viewport=DESKTOP)
    assert await stranger.notice() == EN(NOT_WATCHING)
    assert not stranger.received and not [r for r in stranger.requests if "/board/" in r]
    await stranger.close()


async def test_a_player_page_plays_by_clicking_a_card_of_the_hand_and_a_board_region(
        browser: Browser, live: LiveTable) -> None:
    sim = live.sim
    channel, fay, row = await islands_with_a_computer(live, "click", "fay")
    seat = next(s["seat"] for s in row.seats if s.get("user_id") == fay.id)
    page = await open_page(browser, await personal_link(sim, fay, channel))
    choices, regions = page.page.locator("#menu .choice"), page.page.locator("#regions .region")
    cards = page.page.locator("#hand-regions .region")
    await choices.first.wait_for(timeout=TIMEOUT_MS)
    picked_card = None
    for _ in range(4):  # the first choices until a step offers places on the board
        if await regions.count():
            break
        if await cards.count() and picked_card is None:
            # The step asks for a card: the cards of the hand's picture are buttons, each over
            # its card (inside the picture); clicking one picks it.
            hand = await page.page.locator("#hand-image").bounding_box()
            assert hand is not None
            for k in range(await cards.count()):
                box = await cards.nth(k).bounding_box()
                assert box is not None and box["width"] > 4 and box["height"] > 4
                assert hand["x"] - 1 <= box["x"] and box["x"] + box["width"] <= (
                    hand["x"] + hand["width"] + 1), (box, hand)
                assert hand["y"] - 1 <= box["y"] and box["y"] + box["height"] <= (
                    hand["y"] + hand["height"] + 1), (box, hand)
            picked_card = await cards.first.get_attribute("data-key")
            card_label = await cards.first.get_attribute("title")
            await cards.first.click()
            await page.page.wait_for_function(
                """label => (document.querySelector("#menu .path")?.textContent || "")
                     .endsWith(label)""", arg=card_label, timeout=TIMEOUT_MS)
            continue
        await choices.first.click()
    assert picked_card, "no step of the menu offered a card of the hand"
    assert await regions.count(), "no step of the menu offered a board region"
    key = await regions.first.get_attribute("data-key")
    assert key and await choices.filter(has_text=key).count() <= 1
    label = await regions.first.get_attribute("title")
    before = await page.version()
    await regions.first.click()
    # The click picked it: the move went, or the menu's path now names that choice.
    await page.page.wait_for_function(
        """([v, label]) => Number(document.body.dataset.version) > v
             || (document.querySelector("#menu .path")?.textContent || "").endsWith(label)""",
        arg=[before, label], timeout=TIMEOUT_MS)
    version = await page.version()
    if version == before:  # the rest of the move (the move may have gone meanwhile)
        version = await page.play_first_choices(since=before)

    row = await in_play(live, channel)
    store = await Store.open(str(live.folder / "tablee.db"))
    try:
        played = [m for m in await store.log.moves(row.id) if m.user_id == fay.id]
    finally:
        await store.close()
    assert played and key in played[-1].move.split(), (key, played[-1].move)
    assert picked_card in played[-1].move.split(), (picked_card, played[-1].move)
    assert version >= played[-1].version
    # Only fay's own part ever came to her page.
    assert all(s["you"]["seat"] == seat for s in page.states() if s["you"])
    await page.close()


@pytest.mark.parametrize("rounds", [1, pytest.param(3, marks=pytest.mark.slow)])
async def test_two_pages_and_a_discord_player_finish_a_game_across_a_restart(
        browser: Browser, live: LiveTable, rounds: int) -> None:
    """Three seats, each playing once a round (the toy game); the bot restarts mid-game. The
    default run plays one round (two moves, the restart, the last move); --runslow three."""
    sim = live.sim
    channel = sim.channel(f"play-{rounds}")
    ann, bob, cat = (sim.user(f"{name}{rounds}") for name in ("ann", "bob", "cat"))
    users = {u.id: u for u in (ann, bob, cat)}
    await start_table(live, ann, [bob, cat], channel, TOY_ID, rounds=rounds)
    pages: dict[int, TablePage] = {}
    for user in (bob, cat):
        link = await personal_link(sim, user, channel)
        assert link.startswith(live.url(channel.id) + "#k=")
        page = pages[user.id] = await open_page(browser, link)
        await page.page.locator("#you").wait_for(state="visible", timeout=TIMEOUT_MS)
        assert "#k=" not in page.page.url  # the token left the address bar (kept in the tab)
    rng = random.Random(5)

    async def turn() -> bool:
        """Whoever Discord's table post calls plays: ann in Discord, bob and cat in pages."""
        user = to_move(sim, users, channel)
        if user is None:
            return False
        if user is ann:
            await play_turn_by_menu(sim, ann, rng, channel)
        else:
            await pages[user.id].play_first_choices()
        await sim.wait_idle()
        row = await stored(live, channel)
        for page in pages.values():
            if row is not None:
                await page.reaches(row.version)
            else:  # the game is over: the pages say so
                await page.page.wait_for_function(
                    "document.body.dataset.status === 'finished'", timeout=TIMEOUT_MS)
        return True

    moves = 3 * rounds
    for _ in range(moves // 2 + 1):  # more than half the game, then the restart
        assert await turn()
    before = (await in_play(live, channel)).version
    hellos = {uid: len(page.sent) for uid, page in pages.items()}

    await live.restart()
    turns = 0
    while await turn():  # the rest, the pages reconnecting by themselves
        turns += 1
        assert turns <= moves, "the game does not end"
    assert turns == moves - (moves // 2 + 1)
    for uid, page in pages.items():
        again = [f for f in page.sent[hellos[uid]:] if '"hello"' in f]
        assert again, "the page never said hello again after the restart"
        assert re.search(rf'"stamp":"\d+\.{before}"', again[0].replace(" ", "")), again[0]
        assert await page.page.evaluate("document.body.dataset.status") == "finished"
        assert await page.page.locator("#menu .choice").count() == 0
    final = last_public(sim, channel)
    assert EN(OVER) in final.content
    # A rematch at this table counts its versions from 1 again: the pages follow it all the same.
    assert await sim.click(ann, final, label="Rematch") is not None
    await sim.wait_idle()
    for page in pages.values():
        await page.page.wait_for_function("document.body.dataset.status === 'lobby'",
                                          timeout=TIMEOUT_MS)
        await page.close()


async def test_a_revoked_forged_or_expired_link_is_refused_with_a_sentence(
        browser: Browser, live: LiveTable) -> None:
    sim = live.sim
    channel = sim.channel("links")
    dana, eve = sim.user("dana"), sim.user("eve")
    await start_table(live, dana, [eve], channel, TOY_ID, rounds=1)
    stolen = await personal_link(sim, dana, channel)
    fresh = await personal_link(sim, dana, channel)  # pressing again revokes the first link
    assert fresh != stolen
    token = fresh.split("#k=", 1)[1].split("&", 1)[0]
    forged = fresh.replace(token, token[:-1] + ("A" if not token.endswith("A") else "B"))

    for link, said in ((stolen, REVOKED), (forged, FORGED)):
        page = await open_page(browser, link)
        sentence = await page.notice()
        assert sentence == EN(said), sentence
        assert "Traceback" not in sentence and token not in sentence
        assert await page.page.locator("#you").is_hidden()  # it goes on as a spectator's page
        await page.page.wait_for_function(  # (the link's watch token lets it watch)
            "Number(document.body.dataset.version || 0) > 0", timeout=TIMEOUT_MS)
        if link == stolen:  # a move sent with the revoked token is refused with a sentence
            await refused_move(page, channel, stolen.split("#k=", 1)[1].split("&", 1)[0])
            # while the new link works: its holder's hand is theirs to see
            status = await page.page.evaluate(
                """async ([table, token]) => (await fetch(
                     `/t/${table}/hand/${document.body.dataset.version}.png?lang=en`,
                     {headers: {Authorization: `Bearer ${token}`}})).status""",
                [str(channel.id), token])
            assert status == 200
        await page.close()

    # A link past its time: signed with the bot's own key (kept in its database), made to have
    # expired an hour ago. Last: making it replaces dana's newest link.
    store = await Store.open(str(live.folder / "tablee.db"))
    try:
        late = await Links(store, -1.0).issue(channel.id, dana.id)
    finally:
        await store.close()
    page = await open_page(browser, fresh.split("#k=", 1)[0] + "#k=" + late)  # no watch token
    assert await page.notice() == EN(EXPIRED)
    assert await page.page.locator("#you").is_hidden()
    await refused_move(page, channel, late)
    await page.close()


async def refused_move(page: TablePage, channel: Any, token: str) -> None:
    answer = await page.page.evaluate(
        """async ([table, token]) => {
             const r = await fetch(`/t/${table}/move`, {method: "POST",
               headers: {"Content-Type": "application/json", Authorization: `Bearer ${token}`},
               body: JSON.stringify({move: "play 1", version: 1})});
             return [r.status, await r.json()];
           }""", [str(channel.id), token])
    assert 400 <= answer[0] < 500 and answer[1]["error"].endswith("."), answer
