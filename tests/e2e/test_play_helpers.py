"""Shared helpers for the play e2e tests: start (and restart) the real Tablée bot on the
emulator with a fresh SQLite file, read the table post like a person, and play turns through
buttons and selects only. Imported by the ``test_play_*`` modules (no tests here).

The drivers read the screen in one language: ``words=Words("fr")`` makes them press
"Rejoindre" and read "à vous de jouer" (the words come from the catalogs); English by default."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
import time
import types
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

import i18n
from bot.adapter.client import TableeBot
from bot.config import Config
from bot.service import Services
from bot.service import lobby as lobby_service
from bot.service.ledger import default_prefs

NAV = ("Back", "Previous", "Next", "Undo", "Hint")  # not moves: random play skips them
TURN = re.compile(r"<@(\d+)>, your turn")  # English posts (see Words for any language)
OVER = "🏁 The game is over. Press **Rematch** to play again with the same players, or /play for " \
    "another game."
TURNS = ("<@{id}>, your turn: press **My hand / Play**.",
         "<@{id}>, your turn. I couldn't DM you: your hand is under **My hand / Play**.")


class Words:
    """What the drivers look for on screen, in the language ``code``: catalog sentences (by
    their English msgid) and patterns made from them (``{field}`` becomes a group)."""

    def __init__(self, code: str = "en") -> None:
        self.code = code

    def __call__(self, msgid: str) -> str:
        """``msgid`` as the bot writes it in this language (fields left as ``{name}``)."""
        return i18n.translate(msgid, self.code)

    def pattern(self, msgid: str) -> re.Pattern[str]:
        """A regex finding the sentence ``msgid`` in this language; its fields are groups
        (``{id}``: digits)."""
        out, seen = [], set()
        for part in re.split(r"(\{\w+\})", self(msgid)):
            name = part[1:-1] if re.fullmatch(r"\{\w+\}", part) else None
            if name is None:
                out.append(re.escape(part))
            elif name in seen:
                out.append(".+?")
            else:
                seen.add(name)
                out.append(f"(?P<{name}>\\d+)" if name == "id" else f"(?P<{name}>.+?)")
        return re.compile("".join(out))

    @property
    def nav(self) -> tuple[str, ...]:
        return tuple(self(label) for label in NAV)


EN = Words()


class Tablee:
    """The bot under test plus its database; ``restart()`` is a process restart."""

    def __init__(self, sim: Any, db: Path, now: Callable[[], float] = time.time,
                 **settings: Any) -> None:
        self.sim = sim
        self.db = db
        self.now = now  # the turn clock's time (a test may drive it)
        # Config fields beyond the database and a zero delay; tables play in the channel unless
        # a test asks for threads (tables_place="threads": test_play_threads.py)
        self.settings = {"tables_place": "channel", **settings}
        self.hosts: list[Services] = []
        self.bot: TableeBot | None = None

    async def _make(self) -> TableeBot:
        config = Config(database_path=str(self.db), computer_delay=0, **self.settings)
        host = await Services.open(str(self.db), computer_delay=0, clock=self.now,
                                    clock_config=config.clock, notify_default=default_prefs(
                                        config.dm_default, config.clock.turn_dm_after))
        self.hosts.append(host)
        return TableeBot(config, host)

    async def start(self) -> TableeBot:
        self.bot = await self.sim.start_bot(await self._make())
        await self._resumed()
        return self.bot

    async def _resumed(self) -> None:
        """Until the new bot has resumed its tables (on_ready's work, which ``start_bot`` does
        not wait for) and then gone quiet: a loaded machine may pause longer than the quiet
        spell between the resume's database work and its posts."""
        assert self.bot is not None
        await asyncio.wait_for(self.bot.resumed.wait(), timeout=30)
        await self.sim.wait_idle()

    async def restart(self) -> TableeBot:
        """Stop the bot and its host (as a process exit would), start new ones on the same file."""
        old_host = self.bot.service if self.bot else None
        await self.sim.stop_bot()
        if old_host is not None:
            await old_host.close()
            self.hosts.remove(old_host)
        self.bot = await self.sim.start_bot(await self._make())
        await self._resumed()
        return self.bot

    async def close(self) -> None:
        await self.sim.stop_bot()
        for host in self.hosts:
            await host.close()


@contextlib.asynccontextmanager
async def running_tablee(sim: Any, tmp_path: Path, *, guild_locale: str | None = None,
                         **settings: Any) -> AsyncIterator[Tablee]:
    """The bot on the emulator for the block (each test module wraps it in a fixture);
    ``guild_locale`` is the server's language, ``now=`` drives the turn clock, the other
    settings are Config fields."""
    if guild_locale is not None:
        sim.set_guild_locale(guild_locale)
    app = Tablee(sim, tmp_path / "tablee.db", **settings)
    await app.start()
    try:
        yield app
    finally:
        await app.close()


def deal_with_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Tables opened from now on in this test are dealt from ``seed``, not a random one: a whole
    game played with a seeded chooser then lasts the same every run (a random deal made some of
    the longest tests take from 20 to 55 s)."""
    monkeypatch.setattr(lobby_service, "secrets",
                        types.SimpleNamespace(randbelow=lambda _bound: seed))


PLACES = ("channel", "threads")
"""Where a table plays (``tables_place``): the game e2e tests run in both (their ``tablee``
fixture is parametrized with these), a game's longest ones in one each (:func:`only_in`)."""


def only_in(place: str) -> pytest.MarkDecorator:
    """Run a test of a file whose ``tablee`` fixture takes :data:`PLACES` in ``place`` only (a
    long whole game: the file plays another in the other place)."""
    return pytest.mark.parametrize("tablee", [place], indirect=True)


def playing(sim: Any, channel: Any = None) -> Any:
    """Where the table plays: ``channel`` when given, else the newest thread made under
    #general (the table of a test in thread mode), else #general."""
    if channel is not None:
        return channel
    threads = sim.threads(active=False)
    return threads[-1] if threads else sim.general


def table_post(sim: Any, channel: Any = None, words: Words = EN) -> Any:
    """The current table post: the last public message with a My hand / Play button."""
    posts = [m for m in sim.public(playing(sim, channel)) if words("My hand / Play") in m.labels]
    assert posts, "no table post with buttons"
    return posts[-1]


def last_public(sim: Any, channel: Any = None) -> Any:
    return sim.public(playing(sim, channel))[-1]


def to_move(sim: Any, users: dict[int, Any], channel: Any = None,
            words: Words = EN) -> Any | None:
    """Who the latest public post says is to move (None once the game is over)."""
    post = last_public(sim, channel)
    if words(OVER) in post.content:
        return None
    ids = [int(m["id"]) for turn in TURNS for m in words.pattern(turn).finditer(post.content)]
    if ids:
        return users[ids[0]]
    # The player who just moved and moves again is named, not mentioned.
    again = words.pattern("**{name}** moves again.").search(post.content)
    assert again, f"no turn mention in the latest post: {post.content!r}"
    return next(u for u in users.values() if again["name"] in (shown_name(u), u.name))


def last_private(sim: Any, user: Any, channel: Any = None) -> Any:
    """The newest message only `user` sees (an ephemeral reply)."""
    mine = [m for m in sim.visible_to(user, playing(sim, channel)) if m.visible_only_to is user]
    assert mine, f"{user.name} got no private message"
    return mine[-1]


async def add_computer(sim: Any, user: Any, lobby: Any, level: str = "medium") -> Any:
    """Pick ``level`` in the lobby's Add a computer player menu."""
    [menu] = [m for m in lobby.selects() if m["custom_id"].startswith("tl:level:")]
    return await sim.select(user, lobby, values=[level], custom_id=menu["custom_id"])


async def lobby_of(
    sim: Any, host_user: Any, joiners: list[Any], computers: int = 0, *, game: str,
    words: Words = EN, **options: Any,
) -> tuple[Any, dict[int, int]]:
    """/play <game> with ``options``, everybody joins, computers are added, the host starts. Returns the lobby message
    and the seats (user id -> seat) as the lobby showed them just before Start."""
    lobby = await sim.slash(host_user, f"play {game}", **options)
    assert lobby is not None and not lobby.ephemeral, lobby
    for user in joiners:
        await sim.click(user, lobby, label=words("Join"))
    for _ in range(computers):
        await add_computer(sim, host_user, lobby)
    seats = seats_from_lobby(lobby.content, [host_user, *joiners])
    await sim.click(host_user, lobby, label=words("Start"))
    started = words.pattern("**{game}** started with {names}. The table post follows.")
    if lobby.thread is not None:  # it plays in a thread made from the lobby post: its summary
        started = words.pattern("{head} · in progress · {status} · open the table: {thread}")
    assert started.search(lobby.content) and not lobby.labels, lobby.content
    return lobby, seats


ENDS_A_TURN = ("stop", "pass", "done")
"""Master Islands moves that end a turn when offered (declining the extra Discovery, skipping the
conquest, a corsair's early end): the first listed move may be "again", which can keep one
player moving for many steps."""


def turn_ending(values: list[str]) -> str:
    """Of a /move autocomplete's values, one that ends the turn when there is one, else the
    first."""
    return next((v for v in values if v in ENDS_A_TURN), values[0])


PREFERRED = ("Take an alignment", "Play another Discovery", "Reveal a tile")


async def play_turn_by_menu(
    sim: Any, user: Any, rng: random.Random, channel: Any = None,
    prefer: tuple[str, ...] = PREFERRED, words: Words = EN,
) -> str:
    """Press My hand / Play on the table post and walk the menu to a move; returns the private
    message's final text. Prefers the ``prefer`` buttons (conquests; English msgids) so games
    end sooner."""
    hand = words("My hand / Play")
    message = await sim.click(user, table_post(sim, channel, words), label=hand)
    message = (
        last_private(sim, user, channel) if message is None or not message.ephemeral else message
    )
    your_move, played = words("**Your move:**"), words.pattern("You played `{move}`.")
    preferred = [words(p) for p in prefer]
    assert message.ephemeral and your_move in message.content, message.content
    for _step in range(24):
        if message.selects():
            options = message.selects()[0]["options"]
            message = await sim.select(user, message, values=[rng.choice(options)["value"]])
        else:
            labels = [label for label in message.labels if label not in words.nav]
            assert labels, f"a menu step without choices: {message.content!r}"
            pick = next((p for p in preferred if p in labels), rng.choice(labels))
            message = await sim.click(user, message, label=pick)
        if played.search(message.content):
            if your_move not in message.content:
                return message.content
            # Still this player's turn (a bonus, a revealed tile): the same message shows the
            # next menu; go on in it.
    raise AssertionError(f"the menu did not end in a move: {message.content!r}")


async def play_to_the_end(
    sim: Any, users: dict[int, Any], turn: Callable[[Any], Awaitable[Any]], limit: int,
    words: Words = EN,
) -> int:
    """Whoever the table post calls plays a turn with ``turn(user)`` until the game is over;
    the number of human turns started (more than ``limit`` fails: the game does not end)."""
    turns = 0
    while (user := to_move(sim, users, words=words)) is not None:
        turns += 1
        assert turns < limit, "the game does not end"
        await turn(user)
    return turns


def shown_name(user: Any) -> str:
    """The name the bot shows for an emulator user (their display name)."""
    return user.display or user.name.title()


def seats_from_lobby(lobby_text: str, users: list[Any]) -> dict[int, int]:
    """user id -> seat number, read from the lobby post ("2. Bob")."""
    out = {}
    for user in users:
        match = re.search(rf"^(\d+)\. {re.escape(shown_name(user))}", lobby_text, re.M)
        assert match, f"{user.name} not seated in {lobby_text!r}"
        out[user.id] = int(match[1])
    return out


def assert_hands_private(sim: Any, seats: dict[int, int]) -> None:
    """No hand in a public message; DMs and ephemeral hands only ever show their owner's seat.
    Card codes in public text are checked move by move by :func:`assert_no_hidden_card_in_public`
    (it needs the state of that moment)."""
    for message in sim.world.messages.values():
        names = [a.filename for a in message.attachments]
        if message.channel.type == 1:  # a DM
            owner = message.channel.recipient
            for seat in re.findall(r"Seat (\d+) · Your hand", message.content):
                assert int(seat) == seats[owner.id], f"{owner.name} got seat {seat}'s hand by DM"
        elif message.visible_only_to is None:
            assert "hand.png" not in names, f"a public message carries a hand: {message!r}"
            assert "Your hand" not in message.content, f"a public message shows a hand: {message!r}"
        else:
            owner = message.visible_only_to
            for seat in re.findall(r"Seat (\d+) · Your hand", message.content):
                assert int(seat) == seats.get(owner.id), f"{owner.name} saw seat {seat}'s hand"


CARD = re.compile(r"\b[BGRY][1-5]\b")


def hidden_cards(state: dict[str, Any]) -> set[str]:
    """Master Islands card codes held in a hand now with no public copy (map, collected): the
    deck has duplicates, so a code also on the map may be named in public."""
    held = {card for hand in state.get("hands") or [] for card in hand or []}
    public = {cell[2] for cell in state.get("map") or []}
    public |= {card for cards in state.get("collected") or [] for card in cards}
    return held - public


async def assert_no_hidden_card_in_public(sim: Any, tablee: Tablee, channel: Any = None) -> None:
    """At this moment, no card in anyone's hand (unless a copy is public) appears in any public
    text, old versions of edited posts included. Reads the truth from the host's stored state."""
    channel = playing(sim, channel)
    assert tablee.bot is not None
    row = await tablee.bot.service.store.tables.get_table(channel.id)
    if row is None or row.state is None or "hands" not in row.state:
        return
    hidden = hidden_cards(row.state)
    for message in sim.world.messages.values():
        if message.visible_only_to is not None or message.channel.type == 1:
            continue
        texts = [message.content, *(old.get("content") or "" for old in message.history)]
        leaked = {code for text in texts for code in CARD.findall(text)} & hidden
        assert not leaked, f"hand cards {sorted(leaked)} in public: {message.content!r}"


def assert_all_requests_valid(sim: Any) -> None:
    bad = [f"{r}: {r.problems}" for r in sim.requests if getattr(r, "problems", None)]
    assert not bad, "\n".join(bad)
    assert not sim.violations


async def slash_with_user_option(sim: Any, by: Any, name: str, **options: Any) -> Any:
    """``sim.slash`` for a command whose option is itself called ``user`` (as /stats's is): the
    helper's own ``user`` parameter would swallow it, so build the same interaction by hand."""
    data = sim._command_data(name, options, focused=None)
    interaction = sim._interaction(2, by, sim.general, data, f"/{name}")
    await sim._run(interaction)
    return interaction.original


SILENT = 1 << 12  # SUPPRESS_NOTIFICATIONS (message.mdx)
EPHEMERAL_FLAG = 1 << 6


def public_sends(sim: Any, since: int = 0, words: Words = EN) -> list[tuple[Any, Any]]:
    """(request body, message) of every message the bot created that everyone in a server
    channel or thread sees, from request ``since`` on, in order; lobby posts (sent saying or
    showing **Join**) left out: a lobby is not a table."""
    join = words("Join")
    found = []
    for record in sim.requests[since:]:
        if record.method != "POST" or not isinstance(record.response, dict):
            continue
        if not (record.route == "/channels/{channel_id}/messages"
                or record.route.startswith("/webhooks/")):
            continue
        message = sim.world.messages.get(int(record.response.get("id", 0)))
        body = record.body if isinstance(record.body, dict) else {}
        if (message is None or message.channel.type == 1 or message.visible_only_to is not None
                or (body.get("flags") or 0) & EPHEMERAL_FLAG
                or join in json.dumps(body, ensure_ascii=False)):
            continue
        found.append((body, message))
    return found


def assert_pings_only_who_asked(sim: Any, mentioned: set[int], since: int = 0) -> int:
    """Every public message at a table since request ``since`` either pings nobody and is
    silent (SUPPRESS_NOTIFICATIONS), or pings (as the emulator counts it: mentioned in its text
    and let through by ``allowed_mentions``) only people who chose a mention (``mentioned``),
    and is not silent; the number of messages."""
    sends = public_sends(sim, since)
    for body, message in sends:
        allowed = body.get("allowed_mentions")
        assert isinstance(allowed, dict) and not allowed.get("parse"), (allowed, message.content)
        pinged = [u.id for u in message.pinged]  # the emulator's: mentioned and allowed
        assert {int(u) for u in allowed.get("users") or []} >= set(pinged)
        silent = bool((body.get("flags") or 0) & SILENT)
        if silent:
            assert pinged == [], (pinged, message.content)
        else:
            assert pinged, f"a post pinging nobody is not silent: {message.content!r}"
            for user_id in pinged:
                assert user_id in mentioned, f"{user_id} chose no mention: {message.content!r}"
    return len(sends)
