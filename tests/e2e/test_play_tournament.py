"""Issue 40: tournaments from ``/tournament create`` to the podium, played by simulated people
through the real discord.py client on the emulator.

The game is the test-only toy game with one card a player (``options: rounds=1``): a table is
over after one move per seat, the fastest whole game there is, so a round costs a few requests
a table.

- An 8-player two-seat Swiss of 3 rounds played by a real ``python -m bot`` process, killed
  with SIGKILL between rounds 2 and 3 (every table of round 2 over but the no-show's); one
  player never moves: their clock (live, 6 s a game in this test's config) runs out, in round
  2 while the bot is down, they lose on time, and after two missed games they are withdrawn:
  the restarted bot reads the round as over, pairs round 3 without them and opens it.
- A 9-player three-seat Swiss of 2 rounds on a French server, in a forum (the tournament and
  each table a post of it), started by its start time (a Discord scheduled event, under way
  then over): every word of the tournament reads French; one edit of its post a table's end.
- A daily tournament: a round's deadline decides its unfinished table and opens the next; a
  player withdraws while it runs. Round robin and knock-out to their podium. Who may organise,
  and the sign-up's buttons and refusals.

In each, the standings the tournament post shows at the end equal those computed from the
finished games' records alone (:mod:`tests.e2e.tournament_reference`).
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.tournament import runner
from bot.config import ClockConfig, Speed
from bot.storage.store import Store
from tests.bot.drive import FakeTime
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.emulator.events import ACTIVE, COMPLETED, SCHEDULED
from tests.e2e.emulator.state import ALL_PERMISSIONS, CREATE_PUBLIC_THREADS
from tests.e2e.french import assert_french, drawing_words, message_texts
from tests.e2e.test_play_clock import pass_time
from tests.e2e.test_play_helpers import (
    EN,
    Words,
    assert_all_requests_valid,
    last_private,
    last_public,
    running_tablee,
)
from tests.e2e.test_play_shards import QUIET, BotProcess, shared_database, until
from tests.e2e.tournament_reference import (
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    read_tournament,
    standings,
)
from tests.e2e.toy_game import TOY_ID, register_toy

__all__ = ["shared_database"]  # the fixture, for the SIGKILL test

MANAGE_SERVER = 1 << 5
DAY = 86400
ADMINISTRATOR = 1 << 3
FORUM = 15  # a forum channel's type
FAST_CLOCK = ("[clock]\nlive_start_minutes = 0.1\nlive_add_seconds = 0\n"
              "live_max_minutes = 0.1\n")
"""A live game's clock of 6 s a player (the toy game's one move takes well under it, on a
loaded machine too): a player who never moves loses on time quickly."""
SIGN_UP_QUIET = 0.05
"""The sim's quiet spell while people sign up: a press is answered by one edit, nothing drawn
(the other process's renders need :data:`QUIET`)."""
FR = Words("fr")
DEADLINE = re.compile(r"Unfinished tables are decided at <t:(\d+):f>")
LINK = re.compile(r"/channels/\d+/(\d+)/(\d+)")
STANDING = re.compile(r"^(?P<place>\d+)\. \*\*(?P<name>.+?)\*\* · Points (?P<points>\S+)"
                      r"(?: · (?P<breaks>.+?))? · (?P<games>\d+) \w+$")


@pytest.fixture
def clock() -> FakeTime:
    """The bot's clock, from now (Discord's events must start in the future), moved by hand."""
    fake = FakeTime()
    fake.t = float(int(time.time()))
    return fake


@pytest.fixture
async def french(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, guild_locale="fr", now=clock) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def create(sim: Any, organiser: Any, channel: Any = None, **options: Any) -> Any:
    """``/tournament create`` of the toy game; the tournament post (from the private answer's
    link)."""
    reply = await sim.slash(organiser, "tournament create", channel=channel, game=TOY_ID,
                            **options)
    assert reply is not None and reply.ephemeral, reply
    found = LINK.search(reply.content)
    assert found, reply.content
    return sim.world.messages[int(found[2])]


def round_threads(sim: Any, channel: Any, round_no: int, words: Words = EN) -> list[Any]:
    """The threads of round ``round_no``'s tables under ``channel``, by table."""
    head = words("Round {round} · Table {table}").split("{table}")[0].format(round=round_no)
    return sorted((t for t in sim.threads(channel, active=False) if t.name.startswith(head)),
                  key=lambda t: int(t.name[len(head):]))


def opened(sim: Any, channel: Any, round_no: int, words: Words = EN) -> int:
    """How many tables of round ``round_no`` have their first post out."""
    hand = words("My hand / Play")
    return sum(1 for t in round_threads(sim, channel, round_no, words)
               if any(hand in m.labels for m in sim.public(t)))


def turn_of(sim: Any, thread: Any, users: dict[int, Any], words: Words) -> Any | None:
    """Who the table's latest post calls (None: nobody, the game is over)."""
    post = last_public(sim, thread)
    for pattern in ("<@{id}>, your turn: press **My hand / Play**.",
                    "<@{id}>, your turn. I couldn't DM you: your hand is under **My hand / "
                    "Play**."):
        found = words.pattern(pattern).search(post.content)
        if found:
            return users[int(found["id"])]
    return None


async def play_table(sim: Any, thread: Any, users: dict[int, Any], words: Words = EN,
                     absent: frozenset[int] = frozenset()) -> None:
    """Whoever the table calls plays the first move offered, until the game is over or it
    calls someone ``absent``."""
    for _move in range(12):
        user = turn_of(sim, thread, users, words)
        if user is None or user.id in absent:
            return
        choices = await sim.autocomplete(user, "move", text="", channel=thread)
        assert choices, f"{user.name} is called but offered no move in {thread.name}"
        await sim.slash(user, "move", move=choices[0]["value"], channel=thread)
    raise AssertionError(f"the game in {thread.name} does not end")


async def play_round(sim: Any, threads: list[Any], users: dict[int, Any],
                     absent: frozenset[int] | set[int] = frozenset(), words: Words = EN) -> None:
    """Every table of ``threads`` played at once (as people do), each until it is over or
    calls someone ``absent``."""
    await asyncio.gather(*(play_table(sim, thread, users, words, frozenset(absent))
                           for thread in threads))


def post_standings(post: Any) -> dict[str, tuple[int, float, tuple[float, ...], int]]:
    """The standings the post shows as text: {name: (place, points, tie-breaks, games)}."""
    found = {}
    for line in post.content.split("\n"):
        match = STANDING.match(line)
        if match:
            breaks = tuple(number(part.rsplit(" ", 1)[1])
                           for part in (match["breaks"] or "").split(" · ") if part)
            found[match["name"]] = (int(match["place"]), number(match["points"]), breaks,
                                    int(match["games"]))
    return found


def number(text: str) -> float:
    return float(text.replace(",", "."))


async def reference(db: Any, seats: int, users: dict[int, Any], words: Words = EN,
                    fmt: str = SWISS) -> dict[str, tuple[int, float, tuple[float, ...], int]]:
    """The standings recomputed from the finished games' records alone
    (:mod:`tests.e2e.tournament_reference`), keyed by the name the post shows."""
    [(tid,)] = await db.fetchall("SELECT id FROM tournaments")
    players, withdrawn, tables = await read_tournament(db, tid)
    out = {}
    for line in standings(fmt, seats, players, tables, withdrawn):
        name = users[line["player"]].name.title()
        if line["withdrawn"]:
            name = words("{name} (withdrawn)").format(name=name)
        out[name] = (line["place"], round(line["points"], 2),
                     tuple(round(t, 2) for t in line["tiebreaks"]), line["played"])
    return out


async def test_nine_players_at_tables_of_three_play_two_rounds_in_a_french_forum(
    discord_sim: Any, french: Any, clock: FakeTime
) -> None:
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER, locale="fr")
    people = [admin, *(sim.user(name, locale="fr") for name in (
        "bea", "cyr", "dan", "eve", "fay", "gus", "hal", "ivy"))]
    users = {u.id: u for u in people}
    forum = sim.channel("tournois", kind=FORUM)
    here = await sim.thread(admin, "Samedi", channel=forum)  # a post of the forum
    with drawing_words() as drawn:
        post = await create(sim, admin, here, seats=3, rounds=2, start="dans 30 minutes",
                            options="rounds=1 first=1")
        # In a forum the tournament is a post of its own: its first message.
        home = post.channel
        assert home.parent is forum and home.id == post.id and home.name == "Tournoi de Toy Rounds"
        start_at = int(clock.t) + 1800
        assert f"Début le <t:{start_at}:f> (<t:{start_at}:R>)." in post.content
        # The start is a Discord scheduled event of the server (the bot may create events).
        [event] = sim.world.scheduled_events.values()
        assert event.name == "Tournoi de Toy Rounds" and event.status == SCHEDULED
        assert int(event.start.timestamp()) == start_at
        for user in people:
            await sim.click(user, post, label=FR("Join"))
        assert "**9 joueurs** : Ada, Bea, Cyr, Dan, Eve, Fay, Gus, Hal, Ivy" in post.content
        # Nobody presses Start: the start time does.
        await pass_time(sim, french, clock, start_at, lambda: "**Ronde 1 sur 2**" in post.content)
        assert event.status == ACTIVE and opened(sim, forum, 1, FR) == 3
        edits = len(post.history)
        for round_no in (1, 2):
            if round_no == 2:  # Discord archives the idle tournament post: it is reopened
                await sim.archive(home)
            # Each table a post of the forum, its first message saying who plays there.
            threads = round_threads(sim, forum, round_no, FR)
            assert [t.name for t in threads] == [f"Ronde {round_no} · Table {n}" for n in (1, 2, 3)]
            assert sim.public(threads[0])[0].content.startswith(
                f"**Ronde {round_no} · Table 1** du tournoi de **Toy Rounds** : ")
            for thread in threads:
                await play_table(sim, thread, users, FR)
            # A tournament's game offers no rematch: the tournament pairs the next round.
            last = sim.public(threads[0])[-1]
            assert FR("Rematch") not in last.labels and FR(
                "🏁 The game is over: the tournament post shows the standings.") in last.content
        # One edit of the post a table's end (the next round opens in the same edit).
        assert len(post.history) - edits == 6 and not home.archived
        assert [r.body for r in sim.requests if r.method == "PATCH"
                and r.path.endswith(f"/channels/{home.id}")] == [{"archived": False}]
        assert "**Classement final**" in post.content
        assert event.status == COMPLETED
        shown = await sim.slash(bea := people[1], "tournament show", channel=home)
    shown_lines = post_standings(post)
    assert len(shown_lines) == 9 and " · Points des adversaires " in post.content
    assert shown_lines == await reference(french.bot.service.store.db, 3, users, FR)
    [image] = post.attachments
    assert image.filename == "standings.png" and image.image().width == 720
    assert shown.ephemeral and shown.visible_only_to is bea
    assert "**Classement final**" in shown.content and shown.attachments
    over = last_public(sim, home)
    assert over.content.startswith("🏁 Le tournoi de **Toy Rounds** est terminé : 🥇 ")
    names = [u.name.title() for u in people] + ["Toy Rounds", "Rounds", "Deck", "Bonus point",
                                                 "Pace", "Chatty", "low", "calm"]
    assert_french([*message_texts(post), over.content, shown.content, *drawn,
                   *(t.name for t in sim.threads(forum, active=False))], names=names)


async def test_eight_players_play_three_swiss_rounds_across_a_sigkill_and_a_no_show_withdrawn(
    discord_sim: DiscordSim, discord_env: Emulator, shared_database: str, tmp_path: Path
) -> None:
    sim = discord_sim
    sim.quiet = QUIET
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    people = [admin, *(sim.user(n) for n in ("bea", "cyr", "dan", "eve", "fay", "gus", "hal"))]
    users = {u.id: u for u in people}
    ghost = people[-1]  # signs up, then never moves
    first = BotProcess(discord_env, None, shared_database, tmp_path, extra=FAST_CLOCK)
    second = BotProcess(discord_env, None, shared_database, tmp_path, extra=FAST_CLOCK)
    try:
        await first.start()
        post = await create(sim, admin, seats=2, rounds=3, options="rounds=1 first=1")
        sim.quiet = SIGN_UP_QUIET
        for user in people:
            await sim.click(user, post, label="Join")
        await until(lambda: "**8 players**" in post.content)
        sim.quiet = QUIET
        await sim.click(admin, post, label="Start")
        await until(lambda: opened(sim, sim.general, 1) == 4)
        await play_round(sim, round_threads(sim, sim.general, 1), users, {ghost.id})
        # The ghost's table ends once their clock runs out: round 2 is paired and opened.
        await until(lambda: opened(sim, sim.general, 2) == 4)
        await play_round(sim, round_threads(sim, sim.general, 2), users, {ghost.id})
        # SIGKILL between rounds: every table of round 2 ended but the ghost's, whose clock
        # runs out while the bot is down.
        await first.kill()

        await second.start()
        # The restart times the ghost out, reads the round as over, pairs round 3 and opens
        # it: two games lost on time in a row withdraw the ghost, so seven play (one bye).
        await until(lambda: "**Round 3 of 3**" in post.content)
        tables = [line for line in post.content.split("\n") if line.startswith("Table ")]
        assert len(tables) == 3 and not any("Hal" in line for line in tables), tables
        assert "Bye: " in post.content and opened(sim, sim.general, 3) == 3
        await play_round(sim, round_threads(sim, sim.general, 3), users)
        await until(lambda: "**Final standings**" in post.content)
        lines = post_standings(post)
        assert len(lines) == 8 and lines["Hal (withdrawn)"][3] == 2  # two games, both lost
        store = await Store.open(shared_database)
        try:
            assert lines == await reference(store.db, 2, users)
        finally:
            await store.close()
    finally:
        await first.stop()
        await second.stop()


@pytest.fixture
async def english(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_who_may_organise_and_the_sign_up_buttons(discord_sim: Any, english: Any) -> None:
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    organisers = sim.role("organisers", 0)  # the bot hears of it (GUILD_ROLE_CREATE)
    olga, bob, cy = sim.user("olga", roles=[organisers]), sim.user("bob"), sim.user("cy")
    refusal = ("Only server admins (Manage Server) or the tournament organisers' role chosen "
               "with /settings tournaments can create a tournament.")
    refused = await sim.slash(olga, "tournament create", game=TOY_ID)
    assert refused.ephemeral and refused.content == refusal
    # An admin names the organisers' role (/settings tournaments role:@organisers): its
    # members may, the others still may not.
    named = await sim.slash(admin, "settings tournaments", role=organisers)
    assert named.ephemeral and named.content == (
        f"Server admins and the members of <@&{organisers.id}> may now create tournaments "
        "(/tournament create).")
    assert await english.bot.service.store.servers.tournament_role(
        sim.world.guild_id) == organisers.id
    not_bob = await sim.slash(bob, "tournament create", game=TOY_ID)
    assert not_bob.ephemeral and not_bob.content == refusal
    offered = await sim.autocomplete(olga, "tournament create", option="options",
                                     text="rounds=1", game=TOY_ID)
    assert [c["value"] for c in offered][:3] == ["rounds=1", "rounds=1 deck=low",
                                                 "rounds=1 bonus=no"]
    typo = await sim.slash(olga, "tournament create", game=TOY_ID, options="colour=red")
    assert typo.content.startswith("Write the options as name=value pairs, e.g. “rounds=2”.")
    late = await sim.slash(olga, "tournament create", game=TOY_ID, start="yesterday")
    assert late.content.startswith("I can't read “yesterday” as a start time.")
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS
    no_threads = await sim.slash(olga, "tournament create", game=TOY_ID)
    assert no_threads.content == (
        "Each table of a tournament plays in a thread of its own here, and I'm missing Create "
        "Public Threads in this channel. A server admin can grant them in the channel settings.")
    sim.world.bot_role.permissions = ALL_PERMISSIONS
    post = await create(sim, olga, fill="computer", rated=False)
    assert post.labels == ["Join", "Leave", "Start", "Cancel"]
    assert "Swiss · tables of 2 · live (a few minutes a move) · not rated" in post.content
    assert "Starts when the organiser presses **Start**." in post.content
    # A forged press naming this tournament on another message of the bot does nothing.
    elsewhere = await sim.slash(cy, "tournament show")
    [join] = [b["custom_id"] for b in post.buttons() if b.get("label") == "Join"]
    await sim.forged_press(cy, elsewhere, join)
    assert last_private(sim, cy).content == (
        "That button belongs to another tournament's post, so it does nothing here.")
    assert "**0 players**" in post.content
    await sim.click(bob, post, label="Join")
    await sim.click(bob, post, label="Join")
    assert last_private(sim, bob).content == "You are already signed up for this tournament."
    joined = await sim.slash(cy, "tournament join")
    assert joined.ephemeral and joined.content.startswith("You are signed up. https://")
    assert "**2 players**: Bob, Cy" in post.content
    await sim.click(cy, post, label="Leave")
    assert "**1 player**: Bob" in post.content
    await sim.click(bob, post, label="Start")
    assert "Only the organiser (Olga)" in last_private(sim, bob).content
    await sim.click(admin, post, label="Cancel")  # a server admin may
    assert "This tournament was cancelled." in post.content and post.labels == []
    none_here = await sim.slash(cy, "tournament join")
    assert none_here.content == "This tournament is no longer taking players."
    signed_up = await sim.slash(bob, "tournament join")  # not "already signed up"
    assert signed_up.content == "This tournament is no longer taking players."
    settings = await sim.slash(admin, "settings tournaments")
    assert settings.content == ("Only server admins (Manage Server) may now create "
                                "tournaments (/tournament create).")
    assert await english.bot.service.store.servers.tournament_role(sim.world.guild_id) is None
    again = await sim.slash(olga, "tournament create", game=TOY_ID)  # admins only again
    assert again.ephemeral and again.content == refusal


async def test_a_slow_rounds_deadline_decides_its_unfinished_tables_and_opens_the_next(
    discord_sim: Any, tmp_path: Path, clock: FakeTime
) -> None:
    sim = discord_sim
    register_toy()
    slow = ClockConfig(daily=Speed(start=9 * DAY, add=DAY, cap=9 * DAY))  # outlasts a round
    async with running_tablee(sim, tmp_path, now=clock, clock=slow) as app:
        admin = sim.user("ada", permissions=MANAGE_SERVER)
        people = [admin, *(sim.user(n) for n in ("bea", "cyr", "dan"))]
        users = {u.id: u for u in people}
        post = await create(sim, admin, seats=2, rounds=2, speed="daily", days=2,
                            options="rounds=1 first=1")
        assert "Swiss · 2 rounds · tables of 2 · daily (about a day a move) · rated" in post.content
        for user in people:
            await sim.click(user, post, label="Join")
        await sim.click(admin, post, label="Start")
        deadline = DEADLINE.search(post.content)
        assert deadline and int(deadline[1]) == int(clock.t) + 2 * DAY, post.content
        # A slow round is a scheduled event of its own, until its deadline.
        [round_1] = [e for e in sim.world.scheduled_events.values() if "round 1" in e.name]
        assert int(round_1.end.timestamp()) == int(deadline[1]) and round_1.status == ACTIVE
        first, second = round_threads(sim, sim.general, 1)
        await play_table(sim, first, users)
        # The other table never plays: at the deadline it is decided by the scores (a draw
        # here, nobody moved), and round 2 opens.
        await pass_time(sim, app, clock, int(deadline[1]),
                        lambda: "**Round 2 of 2**" in post.content)
        assert "The round's time is up" in last_public(sim, second).content
        assert opened(sim, sim.general, 2) == 2
        # Round 1's event is over (Discord completes only an event under way); round 2 has
        # its own, under way.
        assert round_1.history == [SCHEDULED, ACTIVE, COMPLETED]
        [round_2] = [e for e in sim.world.scheduled_events.values() if "round 2" in e.name]
        assert round_2.status == ACTIVE
        # Withdrawing while it runs: paired no more, the game in play goes on.
        await sim.click(people[3], post, label="Withdraw")
        assert "**Dan (withdrawn)**" in post.content
        for thread in round_threads(sim, sim.general, 2):
            await play_table(sim, thread, users)
        assert "**Final standings**" in post.content and round_2.status == COMPLETED
        assert len(sim.world.scheduled_events) == 2  # a round's event each, no twin
        assert post_standings(post) == await reference(app.bot.service.store.db, 2, users)
    assert_all_requests_valid(sim)


@pytest.mark.parametrize(("fmt", "rounds"), [(ROUND_ROBIN, 3), (KNOCKOUT, 2)])
async def test_round_robin_and_knock_out_run_to_their_podium(
    discord_sim: Any, english: Any, fmt: str, rounds: int
) -> None:
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    people = [admin, *(sim.user(n) for n in ("bea", "cyr", "dan"))]
    users = {u.id: u for u in people}
    post = await create(sim, admin, seats=2, opts={"format": fmt}, options="rounds=1 first=1")
    for user in people:
        await sim.click(user, post, label="Join")
    await sim.click(admin, post, label="Start")
    for round_no in range(1, rounds + 1):
        assert f"**Round {round_no} of {rounds}**" in post.content, post.content
        for thread in round_threads(sim, sim.general, round_no):
            await play_table(sim, thread, users)
    assert "**Final standings**" in post.content and "🥇 " in post.content
    assert post_standings(post) == await reference(english.bot.service.store.db, 2, users,
                                                   fmt=fmt)


async def test_a_restart_after_a_tables_forum_post_opens_the_table_in_that_post(
    discord_sim: Any, english: Any
) -> None:
    """A SIGKILL between a table's forum post and its table (``open_table``): the next advance
    (the restart's) starts the table in that post, no twin."""
    sim = discord_sim
    admin, bea = sim.user("ada", permissions=MANAGE_SERVER), sim.user("bea")
    forum = sim.channel("tournaments", kind=FORUM)
    here = await sim.thread(admin, "Saturday", channel=forum)
    post = await create(sim, admin, here, seats=2, options="rounds=1 first=1")
    for user in (admin, bea):
        await sim.click(user, post, label="Join")
    bot = english.bot
    tournaments = bot.service.tournaments
    [(tid,)] = await bot.service.store.db.fetchall("SELECT id FROM tournaments")
    info = await tournaments.start(tid, admin.id, True)  # paired, no table opened yet
    [table] = await tournaments.unopened(tid)
    made = await runner.table_thread(bot, info, table)  # the post, then the crash
    await until(lambda: bot.get_channel(made) is not None)
    await runner.advance(bot, tid)  # the restart's
    [thread] = round_threads(sim, forum, 1)
    assert thread.id == made and opened(sim, forum, 1) == 1
    assert "**Round 1 of 1**" in post.content


async def test_tables_that_cannot_open_are_said_on_the_post_and_open_once_granted(
    discord_sim: Any, english: Any
) -> None:
    """The bot loses Create Public Threads mid-tournament: the post tells the organiser what to
    grant; granted back, the round's tables open."""
    sim = discord_sim
    admin = sim.user("ada", permissions=MANAGE_SERVER)
    people = [admin, *(sim.user(n) for n in ("bea", "cyr", "dan"))]
    users = {u.id: u for u in people}
    post = await create(sim, admin, seats=2, rounds=2, options="rounds=1 first=1")
    for user in people:
        await sim.click(user, post, label="Join")
    await sim.click(admin, post, label="Start")
    first, second = round_threads(sim, sim.general, 1)
    await play_table(sim, first, users)
    await sim.set_permissions(sim.world.bot_role,
                              ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS)
    await play_table(sim, second, users)
    missing = (f"⚠️ I can't open this round's tables: I'm missing Create Public Threads in "
               f"<#{sim.general.id}>. They open as soon as a server admin grants it.")
    assert "**Round 2 of 2**" in post.content and missing in post.content
    assert round_threads(sim, sim.general, 2) == []
    await sim.set_permissions(sim.world.bot_role, ALL_PERMISSIONS)
    assert opened(sim, sim.general, 2) == 2 and missing not in post.content
