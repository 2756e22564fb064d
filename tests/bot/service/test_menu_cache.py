"""Menus are built once per table version and seat: the mover's note carries the first, the
clicks that follow (menu levels, autocomplete) reuse it, and a new version builds anew."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from bot.service.results import MenuEntry, MenuPick, MoveMenu, Outcome
from bot.service.rules import posts
from bot.service.rules.menus import MenuCache
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toy import TOY_ID


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Seats whose menu the host built from the state (not from what it remembered)."""
    seen: list[int] = []
    real = posts.menu

    def counted(game, state, seat, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(seat)
        return real(game, state, seat, *args, **kwargs)

    monkeypatch.setattr(posts, "menu", counted)
    return seen


async def test_the_movers_menu_comes_from_their_note_then_from_memory(
    host: Services, builds: list[int]
) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    note = next(n for n in outcome.notes if n.your_turn)
    built = list(builds)
    for _ in range(3):  # three clicks through the menu's levels
        version, entries = await host.views.menu(CHANNEL, note.user_id)
        assert (version, entries) == (note.version, note.menu) and entries
    assert builds == built  # none of them rebuilt it

    after = await host.moves.play(CHANNEL, note.user_id, entries[0].move, version=version)
    mover = next(n for n in after.notes if n.your_turn)
    assert (await host.views.menu(CHANNEL, mover.user_id)) == (after.table.version, mover.menu)
    assert await host.views.menu(CHANNEL, note.user_id) != (version, entries)  # the old one is gone


async def test_a_new_host_builds_the_menu_it_never_saw(
    host: Services, db_path: str, builds: list[int]
) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    note = next(n for n in (await host.lobbies.start(CHANNEL, ALICE)).notes if n.your_turn)
    other = await Services.open(db_path)  # another process on the same database
    try:
        builds.clear()
        assert await other.views.menu(CHANNEL, note.user_id) == (note.version, note.menu)
        assert builds == [note.seat]
        await other.views.menu(CHANNEL, note.user_id)
        assert builds == [note.seat]
    finally:
        await other.close()


async def test_a_click_reads_the_table_once_for_its_level_or_its_move(
    host: Services, builds: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """PlayService.choose: one read of the table checks the click's version, gives the level
    picked with the text of the note that carried the menu (never rebuilt), or plays the move
    picked; a click of an older version is stale before anything is decoded."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    note = next(n for n in (await host.lobbies.start(CHANNEL, ALICE)).notes if n.your_turn)
    reads: list[int] = []
    real = host.store.tables.get_table

    async def get_table(channel_id, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(channel_id)
        return await real(channel_id, **kwargs)

    monkeypatch.setattr(host.store.tables, "get_table", get_table)
    built = list(builds)
    level = await host.moves.choose(CHANNEL, note.user_id, note.version, lambda e: MenuPick(),
                                    language=note.language)
    assert isinstance(level, MoveMenu) and reads == [CHANNEL] and builds == built
    assert (level.version, level.entries, level.intro) == (note.version, note.menu, note.text)
    assert level.pick == MenuPick()

    reads.clear()
    played = await host.moves.choose(CHANNEL, note.user_id, note.version,
                                     lambda e: MenuPick(move=e[0].move), language=note.language)
    assert isinstance(played, Outcome) and reads == [CHANNEL]
    assert played.applied[0] == note.menu[0].move and played.actor == note.user_id

    def never(entries: list[MenuEntry]) -> MenuPick:
        raise AssertionError("a stale click was decoded")

    with pytest.raises(errors.StaleVersion):
        await host.moves.choose(CHANNEL, note.user_id, note.version, never)


def test_only_the_newest_menu_of_a_seat_is_kept() -> None:
    """A menu built late for an older version (a slow click) does not push out the newer one,
    and a seat's menus of older versions take no room."""
    cache = MenuCache(size=2)
    newer = [MenuEntry("b", [("b", "B")], "B")]
    cache.put((1, 5, 2, "en"), newer)
    cache.put((1, 4, 2, "en"), [MenuEntry("a", [("a", "A")], "A")])
    assert cache.get((1, 5, 2, "en")) == newer
    assert cache.get((1, 4, 2, "en")) is None
    cache.put((2, 1, 1, "en"), newer)  # a second seat fills the cache: both still there
    assert cache.get((1, 5, 2, "en")) == newer and cache.get((2, 1, 1, "en")) == newer
