"""The live table's web server (bot/web/server.py) with aiohttp's client against a real
WebServer on a free port, over a real Services on a real SQLite file: spectators never get
a hidden card (state and board checked against re-dealt hidden cards), a player gets only their
own hand and menu, moves commit through the service (refusals are sentences), origins, tokens
and rate limits hold, and a move made elsewhere reaches the sockets within a second."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiohttp
import pytest

import i18n
from bot.config import WebConfig
from bot.service import Outcome, Services
from bot.service.errors import STALE
from bot.web.links import FORGED, NOT_WATCHING
from bot.web.server import BAD_ORIGIN, BAD_REQUEST, NO_TOKEN, TOO_FAST, RateLimit, WebServer
from bot.web.state import STOPPED
from games import get_game
from tests.bot.drive import play_to_end
from tests.bot.toy import toy_game

TABLE, GUILD = 4242, 7
ALICE, BOB = 11, 12
PUBLIC = "https://tables.example.org"
SECONDS = 30.0  # generous: a loaded machine


@dataclass
class Served:
    service: Services
    server: WebServer
    base: str
    published: list[Outcome]
    http: aiohttp.ClientSession

    def url(self, path: str) -> str:
        return f"{self.base}{path}"

    async def socket(self, token: str | None = None, stamp: str | None = None, lang: str = "en",
                     origin: str = PUBLIC, table: int = TABLE, watch: bool = True
                     ) -> aiohttp.ClientWebSocketResponse:
        """A page's socket that said hello (``watch``: with the table's watch token, as the
        Watch live link gives it)."""
        ws = await self.http.ws_connect(self.url(f"/t/{table}/ws"), origin=origin)
        await ws.send_json({"type": "hello", "stamp": stamp, "token": token, "lang": lang,
                            "watch": self.server.links.watch(table) if watch else None})
        return ws

    def watching(self, table: int = TABLE) -> dict[str, str]:
        """The header the page fetches the board with."""
        return {"Authorization": f"Bearer {self.server.links.watch(table)}"}

    async def move(self, token: str | None, move: str, version: int,
                   origin: str | None = PUBLIC) -> tuple[int, dict[str, Any]]:
        headers = {} if origin is None else {"Origin": origin}
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        async with self.http.post(self.url(f"/t/{TABLE}/move"), headers=headers,
                                  json={"move": move, "version": version}) as response:
            return response.status, await response.json()


async def frame(ws: aiohttp.ClientWebSocketResponse, kind: str = "state") -> dict[str, Any]:
    while True:
        message = await asyncio.wait_for(ws.receive_json(), SECONDS)
        if message["type"] == kind:
            return message


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    service = await Services.open(str(tmp_path / "tablee.db"))
    await service.lobbies.create_lobby(TABLE, GUILD, "master-islands", {}, ALICE, "Alice", seed=8)
    await service.lobbies.join(TABLE, BOB, "Bob")
    await service.lobbies.start(TABLE, ALICE)
    published: list[Outcome] = []

    async def publish(outcome: Outcome) -> None:
        published.append(outcome)

    server = WebServer(WebConfig("127.0.0.1:0", PUBLIC, 12.0), service, publish=publish,
                       activity=None, bot_token=None)
    port = await server.start()
    async with aiohttp.ClientSession() as http:
        yield Served(service, server, f"http://127.0.0.1:{port}", published, http)
    await server.close()
    await service.close()


async def mover(served: Served) -> tuple[int, int, list[str]]:
    """(user to move, the other, the mover's legal moves)."""
    for user, other in ((ALICE, BOB), (BOB, ALICE)):
        version, entries = await served.service.views.menu(TABLE, user)
        if entries:
            return user, other, [e.move for e in entries]
    raise AssertionError("nobody to move")


async def redeal(service: Services) -> None:
    """Store the table again with its hidden cards (hands and pile) dealt anew: the public
    view stays the same, nothing else changes."""
    row = await service.store.tables.get_table(TABLE)
    assert row is not None and row.state is not None
    state = json.loads(json.dumps(row.state))
    cards = [c for hand in state["hands"] for c in hand] + state["pile"]
    before = json.dumps([state["hands"], state["pile"]])
    rng = random.Random(3)
    while json.dumps([state["hands"], state["pile"]]) == before:
        rng.shuffle(cards)
        sizes = [len(h) for h in state["hands"]]
        state["hands"] = [cards[sum(sizes[:i]):sum(sizes[:i + 1])] for i in range(len(sizes))]
        state["pile"] = cards[sum(sizes):]
    game = get_game(row.game_id)
    assert game.view(state, None) == game.view(row.state, None)
    await service.store.tables.update_table(replace(row, state=state, version=row.version + 1),
                                     row.version)


def public_part(state: dict[str, Any]) -> dict[str, Any]:
    board = {k: v for k, v in state["board"].items() if k != "url"}
    return {**{k: v for k, v in state.items() if k not in ("version", "stamp", "board", "type")},
            "board": board}


async def test_a_spectator_never_gets_hidden_cards(served: Served) -> None:
    ws = await served.socket()
    first = await frame(ws)
    assert first["you"] is None and first["status"] == "playing" and first["board"]["width"] > 0
    async with served.http.get(served.url(first["board"]["url"]), headers=served.watching()) as got:
        assert got.status == 200 and "immutable" in got.headers["Cache-Control"]
        board_before = await got.read()
    await redeal(served.service)  # a commit: the hub sends the new version at once
    second = await frame(ws)
    assert second["version"] == first["version"] + 1
    assert public_part(second) == public_part(first)
    async with served.http.get(served.url(second["board"]["url"]),
                               headers=served.watching()) as got:
        assert await got.read() == board_before
    # The page itself holds nothing of the table but its id.
    async with served.http.get(served.url(f"/t/{TABLE}")) as got:
        html = await got.text()
    row = await served.service.store.tables.get_table(TABLE)
    assert row is not None and row.state is not None
    for card in {c for hand in row.state["hands"] for c in hand}:
        assert card not in html
    await ws.close()


async def test_a_player_gets_their_own_hand_and_menu_only(served: Served) -> None:
    user, other, legal = await mover(served)
    token = await served.server.links.issue(TABLE, user)
    ws = await served.socket(token)
    state = await frame(ws)
    you = state["you"]
    seat = (await served.service.views.require_table(TABLE)).seat_of(user)
    assert you["seat"] == seat and you["to_move"] is True
    assert sorted(m["move"] for m in you["menu"]) == sorted(legal)
    assert all(m["steps"] and m["label"] for m in you["menu"])
    headers = {"Authorization": f"Bearer {token}"}
    async with served.http.get(served.url(you["hand_url"]), headers=headers) as got:
        assert got.status == 200 and got.headers["Cache-Control"] == "private, no-store"
        mine = await got.read()
    assert mine == (await served.service.views.private_note(TABLE, user, language="en")).image_png
    assert mine != (await served.service.views.private_note(TABLE, other, language="en")).image_png
    async with served.http.get(served.url(you["hand_url"])) as got:  # no token: no hand
        assert got.status == 403 and (await got.json())["error"] == str(NO_TOKEN)
    # The other player's socket gets their own seat and an empty menu.
    theirs = await frame(await served.socket(await served.server.links.issue(TABLE, other)))
    assert theirs["you"]["seat"] != seat and theirs["you"]["menu"] == []
    assert theirs["you"]["to_move"] is False
    # A refused token says so, then the page gets the public state.
    bad = await served.socket("1.2.3.4.5")
    assert (await frame(bad, "error"))["text"] == str(FORGED)
    assert (await frame(bad))["you"] is None


async def test_moves_commit_through_the_service_and_refusals_are_sentences(
        served: Served) -> None:
    user, other, legal = await mover(served)
    version = (await served.service.views.require_table(TABLE)).version
    token, others = (await served.server.links.issue(TABLE, user),
                     await served.server.links.issue(TABLE, other))
    status, said = await served.move(others, legal[0], version)  # not their turn
    assert status == 409 and said["error"].endswith(".") and "Traceback" not in said["error"]
    status, said = await served.move(token, "fly to the moon", version)
    assert status == 409 and said["error"]
    status, said = await served.move(token, legal[0], version - 1)
    assert (status, said) == (409, {"error": STALE})
    async with served.http.post(served.url(f"/t/{TABLE}/move"), headers={
            "Origin": PUBLIC, "Authorization": f"Bearer {token}"},
            json={"move": legal[0], "version": version - 1, "lang": "fr"}) as got:
        assert (await got.json())["error"] == i18n.translate(STALE, "fr") != STALE
    status, said = await served.move(token, legal[0], version, origin="https://evil.example")
    assert (status, said) == (403, {"error": str(BAD_ORIGIN)})
    status, said = await served.move(token, legal[0], version, origin=None)
    assert status == 403
    status, said = await served.move(None, legal[0], version)
    assert (status, said) == (403, {"error": str(NO_TOKEN)})
    forged = token[:-3] + ("BBB" if token.endswith("AAA") else "AAA")
    status, said = await served.move(forged, legal[0], version)
    assert (status, said) == (403, {"error": str(FORGED)})
    assert (await served.service.views.require_table(TABLE)).version == version  # nothing moved
    async with served.http.post(served.url(f"/t/{TABLE}/move"), data="move=x",
                                headers={"Origin": PUBLIC,
                                         "Authorization": f"Bearer {token}"}) as got:
        assert got.status == 415
    async with served.http.post(served.url(f"/t/{TABLE}/move"), data=b"x" * 20000,
                                headers={"Origin": PUBLIC, "Content-Type": "application/json",
                                         "Authorization": f"Bearer {token}"}) as got:
        assert got.status == 413
    status, said = await served.move(token, legal[0], version)
    assert (status, said) == (200, {"ok": True, "version": version + 1})
    assert (await served.service.views.require_table(TABLE)).version == version + 1
    for _ in range(100):  # publish runs beside the answer
        if served.published:
            break
        await asyncio.sleep(0.05)
    assert served.published[0].table.channel_id == TABLE
    assert served.published[0].applied[0] == legal[0]
    assert served.published[0].actor == user  # the poster treats it as their click


async def test_moves_are_rate_limited_per_person(served: Served) -> None:
    user, other, legal = await mover(served)
    served.server._moves = RateLimit(3, 60.0)
    token = await served.server.links.issue(TABLE, other)
    version = (await served.service.views.require_table(TABLE)).version
    for _ in range(3):
        assert (await served.move(token, legal[0], version))[0] == 409  # not their turn
    assert await served.move(token, legal[0], version) == (429, {"error": str(TOO_FAST)})
    mine = await served.server.links.issue(TABLE, user)  # another person is not held up
    assert (await served.move(mine, legal[0], version))[0] == 200


async def test_a_move_made_elsewhere_reaches_the_sockets_within_a_second(
        served: Served) -> None:
    user, _, legal = await mover(served)
    spectator = await served.socket()
    player = await served.socket(await served.server.links.issue(TABLE, user))
    first = await frame(spectator)
    now = first["version"]
    assert (await frame(player))["you"]["to_move"]
    # Resuming with the state it has: nothing is sent again.
    resumed = await served.socket(stamp=first["stamp"])
    start = time.monotonic()
    await served.service.moves.play(TABLE, user, legal[0], version=now)  # as a Discord click does
    for ws in (spectator, player, resumed):
        state = await frame(ws)
        assert state["version"] == now + 1
        assert state["lines"], "the move's line is listed"
    assert time.monotonic() - start < 1.0


async def test_a_socket_that_never_says_hello_is_closed(
        served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.web.server.HELLO_SECONDS", 0.2)
    ws = await served.http.ws_connect(served.url(f"/t/{TABLE}/ws"), origin=PUBLIC)
    message = await asyncio.wait_for(ws.receive(), SECONDS)
    assert message.type == aiohttp.WSMsgType.CLOSE and ws.close_code == 1008


async def test_wrong_origins_and_the_page(served: Served) -> None:
    for origin in ("https://evil.example", None):
        with pytest.raises(aiohttp.WSServerHandshakeError) as info:
            await served.http.ws_connect(served.url(f"/t/{TABLE}/ws"), origin=origin)
        assert info.value.status == 403
    # The listen address is an origin too (the page opened without a proxy).
    ws = await served.socket(origin=served.base)
    assert (await frame(ws))["version"] > 0
    for path in (f"/t/{2 ** 63}", f"/t/{10 ** 25}", f"/t/{2 ** 64}/board/1.png"):
        async with served.http.get(served.url(path)) as got:
            assert got.status == 404, path  # no table can have that id
    async with served.http.get(served.url(f"/t/{TABLE}?lang=fr")) as got:
        html = await got.text()
    assert '<html lang="fr">' in html and f'data-table="{TABLE}"' in html
    async with served.http.get(served.url(f"/t/{TABLE}"),
                               headers={"Accept-Language": "de-DE,fr;q=0.8,en;q=0.5"}) as got:
        assert 'data-lang="fr"' in await got.text()


async def test_no_token_reaches_the_log(served: Served, caplog: pytest.LogCaptureFixture) -> None:
    user, _, legal = await mover(served)
    token = await served.server.links.issue(TABLE, user)
    version = (await served.service.views.require_table(TABLE)).version
    with caplog.at_level(logging.DEBUG):
        await served.move(token, "not a move", version)
        await served.move(token, legal[0], version)
        ws = await served.socket(token)
        await frame(ws)
        await ws.close()
    assert caplog.records and token not in caplog.text
    assert token.split(".")[-1] not in caplog.text


async def test_the_page_shows_the_end_of_a_game_and_a_stopped_one(served: Served) -> None:
    toy = toy_game().id
    service = served.service
    for table in (TABLE + 1, TABLE + 2):
        await service.lobbies.create_lobby(table, GUILD, toy, {}, ALICE, "Alice", seed=table)
        await service.lobbies.join(table, BOB, "Bob")
        await service.lobbies.start(table, ALICE)
    finished, stopped = (await served.socket(table=TABLE + 1, lang="fr"),
                         await served.socket(table=TABLE + 2))
    playing = await frame(finished)
    assert playing["status"] == "playing" and (await frame(stopped))["status"] == "playing"
    await play_to_end(service, TABLE + 1)
    assert await service.views.table(TABLE + 1) is None  # the table left the channel
    state = await frame(finished)
    while state["status"] != "finished":
        state = await frame(finished)
    assert state["version"] > playing["version"] and state["board"] is not None
    # The game keeps the version its end made: after a restart the end is still the newest.
    [game_row] = await service.store.history.games_in_channel(TABLE + 1)
    assert (await service.store.history.game(game_row) or {})["version"] == state["version"]
    assert state["status_text"].startswith("Partie terminée") and state["lines"]
    assert not any(s["to_move"] for s in state["seats"])
    async with served.http.get(served.url(state["board"]["url"]),
                               headers=served.watching(TABLE + 1)) as got:
        assert got.status == 200 and got.content_type == "image/png"
    # The same version of another game at this table is another image (cached for good).
    other = state["board"]["url"].replace("&g=", "&g=9")
    async with served.http.get(served.url(other), headers=served.watching(TABLE + 1)) as got:
        assert got.status == 404
    await service.lobbies.abandon(TABLE + 2, ALICE)
    state = await frame(stopped)
    assert (state["status"], state["status_text"]) == ("abandoned", str(STOPPED))
    # A page opened later (after a restart too) gets the last game as it ended.
    late = await frame(await served.socket(table=TABLE + 1))
    assert late["status"] == "finished" and "lang=en" in late["board"]["url"]


async def test_a_new_game_at_the_table_reaches_a_page_though_its_versions_start_again(
        served: Served) -> None:
    """A rematch (or a new /play) at the same table counts its versions from 1 again, below
    the finished game's: the page still gets it (states are told apart by stamp, not order)."""
    toy, table = toy_game().id, TABLE + 3
    service = served.service
    await service.lobbies.create_lobby(table, GUILD, toy, {}, ALICE, "Alice", seed=4)
    await service.lobbies.join(table, BOB, "Bob")
    await service.lobbies.start(table, ALICE)
    ws = await served.socket(table=table)
    await play_to_end(service, table)
    ended = await frame(ws)
    while ended["status"] != "finished":
        ended = await frame(ws)
    await service.lobbies.create_lobby(table, GUILD, toy, {}, BOB, "Bob", seed=5)
    lobby = await frame(ws)
    assert lobby["status"] == "lobby" and lobby["version"] < ended["version"]
    assert lobby["stamp"] != ended["stamp"]
    assert [s["name"] for s in lobby["seats"]] == ["Bob"]
    # A page coming back with the finished game's stamp gets the lobby too.
    back = await frame(await served.socket(table=table, stamp=ended["stamp"]))
    assert back["stamp"] == lobby["stamp"]


async def raw_post(served: Served, path: str, authorization: str, body: bytes) -> tuple[int, str]:
    """A POST whose Authorization header is sent as UTF-8 bytes (a browser's fetch would refuse
    to send them; a script need not)."""
    port = int(served.base.rpartition(":")[2])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nOrigin: {PUBLIC}\r\nConnection: close\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            f"Authorization: Bearer {authorization}\r\n\r\n").encode()
    writer.write(head + body)
    answer = await asyncio.wait_for(reader.read(), SECONDS)
    writer.close()
    status_line, _, rest = answer.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2].decode()


async def test_tokens_in_other_scripts_and_deep_hellos_are_refused_quietly(
        served: Served, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 38, item 7: non-ASCII digits or signature: 403 with the invalid-link sentence (not
    a 500 and a traceback); a hello of 4 KB of nested brackets is ignored, the socket works."""
    version = (await served.service.views.require_table(TABLE)).version
    real = await served.server.links.issue(TABLE, ALICE)
    body = json.dumps({"move": "x", "version": version}).encode()
    forged = ("٣.٣.٣.a.b", real[:-2] + "é€", "4242.11.٩٩٩٩٩٩٩٩٩٩.n.s")
    with caplog.at_level(logging.WARNING):
        for token in forged:
            status, said = await raw_post(served, f"/t/{TABLE}/move", token, body)
            assert (status, json.loads(said)) == (403, {"error": str(FORGED)}), token
        status, said = await raw_post(served, f"/t/{TABLE}/move", real, b"[" * 4000)
        assert (status, json.loads(said)) == (400, {"error": str(BAD_REQUEST)})
        ws = await served.socket(forged[1])
        assert (await frame(ws, "error"))["text"] == str(FORGED)
        assert (await frame(ws))["you"] is None  # the watch token still lets it watch
        await ws.send_str("[" * 4000)  # 4 KB: under the frame limit
        await ws.send_str('{"a":[' * 600)
        await ws.send_json({"type": "hello", "stamp": None, "token": real, "lang": "en",
                            "watch": None})
        assert (await frame(ws))["you"]["seat"] is not None  # it still answers
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"


async def test_two_thousand_hellos_read_the_table_a_handful_of_times(
        served: Served, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 38, item 8: hellos are limited per socket (more are ignored) and answered from
    the hub's last read: 2,000 hellos on one socket read the table at most a few times, and
    the socket still follows the table."""
    reads = 0
    live_table = served.service.live.live

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal reads
        reads += 1
        return await live_table(*args, **kwargs)

    monkeypatch.setattr(served.service.live, "live", counted)
    ws = await served.socket()
    first = await frame(ws)
    hello = json.dumps({"type": "hello", "stamp": None, "token": None, "lang": "en",
                        "watch": served.server.links.watch(TABLE)})
    for _ in range(2000):
        await ws.send_str(hello)
    other = await served.socket()  # a second page: its hello is answered from the hub's read
    assert (await frame(other))["stamp"] == first["stamp"]
    await redeal(served.service)
    for socket in (ws, other):
        state = await frame(socket)
        while state["version"] == first["version"]:  # the hellos' answers, then the new one
            state = await frame(socket)
        assert state["version"] == first["version"] + 1
    await ws.close()  # answered once the server went through every hello before it
    assert reads <= 5, reads


async def test_watching_needs_the_watch_token_or_a_personal_link(served: Served) -> None:
    """Issue 38, item 9: knowing a table's id is not enough to watch it: its socket and board
    need its watch token (Watch live's) or a personal link at it; the page holds nothing."""
    watch = served.server.links.watch(TABLE)
    assert served.server.watch_url(TABLE) == f"{PUBLIC}/t/{TABLE}#w={watch}"
    other = served.server.links.watch(TABLE + 1)
    damaged = watch[:-1] + ("B" if watch.endswith("A") else "A")  # one in 64 keys end in A
    for hello in ({}, {"watch": other}, {"watch": damaged}, {"token": "garbage"}):
        ws = await served.http.ws_connect(served.url(f"/t/{TABLE}/ws"), origin=PUBLIC)
        await ws.send_json({"type": "hello", "stamp": None, "lang": "en", **hello})
        texts = []
        while (message := await ws.receive(timeout=SECONDS)).type == aiohttp.WSMsgType.TEXT:
            texts.append(json.loads(message.data))
            assert texts[-1]["type"] == "error", (hello, texts[-1])  # never a state
        assert texts and ws.close_code == 4403, hello
    ws = await served.socket()  # with the watch token
    state = await frame(ws)
    user, _, _ = await mover(served)
    player = await frame(await served.socket(await served.server.links.issue(TABLE, user),
                                             watch=False))
    assert player["you"] is not None
    board = served.url(state["board"]["url"])
    for headers in ({}, {"Authorization": f"Bearer {other}"}, {"Authorization": "Bearer x"}):
        async with served.http.get(board, headers=headers) as got:
            assert got.status == 403, headers
            assert (await got.json())["error"] == str(NOT_WATCHING)
    personal = await served.server.links.issue(TABLE, user)
    for token in (watch, personal):
        async with served.http.get(board, headers={"Authorization": f"Bearer {token}"}) as got:
            assert got.status == 200 and got.headers["Cache-Control"].startswith("private")
    async with served.http.get(served.url(f"/t/{TABLE}")) as got:
        html = await got.text()
    assert "Master" not in html and "Islands" not in html  # not even the game's name
