"""Languages on the host side: the server's and each user's language stored (migration 7), posts
and notes written and drawn in the reader's language, seats named inside Text sentences, the move
log keeping lines as Text (old plain rows still read), refusals carrying a Text."""

from __future__ import annotations

import json
import sqlite3

import pytest

import i18n
from bot.service import Services, errors
from bot.service.rules.wording import named, seat_name, tell
from bot.storage import MoveEntry
from games.text import Text, say, seat
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toy import TOY_ID


async def test_a_server_speaks_its_choice_else_its_locale_else_english(host: Services) -> None:
    assert await host.languages.guild_language(GUILD) == "en"  # nothing known
    assert await host.languages.guild_language(GUILD, "fr") == "fr"  # its preferred locale, remembered
    assert await host.languages.guild_language(GUILD) == "fr"  # … for when no interaction is at hand
    await host.languages.set_guild_language(GUILD, "en")  # an admin's choice beats the locale
    assert await host.languages.guild_language(GUILD, "fr") == "en"
    assert await host.languages.guild_language_setting(GUILD) == "en"
    await host.languages.set_guild_language(GUILD, None)  # follow the server again
    assert await host.languages.guild_language(GUILD) == "fr"
    assert await host.languages.guild_language(None, "fr") == "en"  # a DM has no server
    with pytest.raises(ValueError):
        await host.languages.set_guild_language(GUILD, "xx")


async def test_a_user_is_answered_in_their_last_locale(host: Services) -> None:
    await host.languages.guild_language(GUILD, "fr")
    assert await host.languages.user_language(ALICE, GUILD) == "fr"  # never seen: the server's language
    assert await host.languages.user_language(ALICE) == "en"
    await host.languages.remember_locale(ALICE, "en-GB")
    await host.languages.remember_locale(BOB, "fr")
    assert await host.languages.user_languages([ALICE, BOB], GUILD) == {ALICE: "en", BOB: "fr"}
    await host.languages.remember_locale(ALICE, "fr")
    assert await host.languages.user_language(ALICE) == "fr"


@pytest.mark.sqlite_only
async def test_languages_are_stored_in_the_file(host: Services, db_path: str) -> None:
    await host.languages.set_guild_language(GUILD, "fr")
    await host.languages.remember_locale(ALICE, "fr")
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT language FROM guild_languages").fetchall() == [("fr",)]
        assert db.execute("SELECT user_id, locale FROM user_locales").fetchall() == [(ALICE, "fr")]


async def _french_table(host: Services) -> None:
    await host.languages.set_guild_language(GUILD, "fr")
    await host.languages.remember_locale(ALICE, "fr")
    await host.languages.remember_locale(BOB, "en-US")
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")


async def test_posts_speak_the_server_and_notes_their_reader(host: Services) -> None:
    await _french_table(host)
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    assert outcome.post is not None and outcome.post.language == "fr"
    assert "à jouer : Alice (place 1)" in outcome.post.status
    notes = {n.user_id: n for n in outcome.notes}
    assert notes[ALICE].language == "fr" and notes[ALICE].text.startswith("Place 1 · Votre main")
    assert "c’est votre tour" in notes[ALICE].text
    assert notes[BOB].language == "en" and "waiting for Alice (seat 1)" in notes[BOB].text
    # an ephemeral answer may ask for the interaction's language instead
    assert (await host.views.board(CHANNEL, language="en-US")).status.startswith("Alice (seat 1)")
    assert (await host.views.private_note(CHANNEL, BOB, language="fr")).text.startswith("Place 2")


async def test_refusals_carry_a_text_the_adapter_translates(host: Services) -> None:
    await _french_table(host)
    await host.lobbies.start(CHANNEL, ALICE)
    with pytest.raises(errors.NotYourTurn) as refused:
        await host.moves.play(CHANNEL, BOB, "play 1")
    assert str(refused.value) == "It's Alice (seat 1)'s turn, not yours."
    assert i18n.translate(refused.value.text, "fr") == "C’est à Alice (place 1) de jouer, pas à vous."
    with pytest.raises(errors.NoTable) as none:
        await host.views.board(CHANNEL + 1)
    assert i18n.translate(none.value.text, "fr") == "Aucune partie ici. Lancez-en une avec /play."


async def test_computers_are_named_in_the_readers_language(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    info = await host.lobbies.add_computer(CHANNEL, ALICE, "hard")
    computer = info.seats[1].name
    assert computer == "Computer 1 (hard)"
    assert i18n.translate(computer, "fr") == "Ordinateur 1 (difficile)"
    old = seat_name({"seat": 3, "user_id": None, "name": "Computer 2", "bot_level": "greedy"})
    assert i18n.translate(old, "fr") == "Ordinateur 2 (moyen)"  # rows before the levels
    assert tell(say("waiting for {players}", players=seat(2)), {2: computer}, "fr") == (
        "en attente de Ordinateur 1 (difficile, place 2)")


def test_seats_are_named_inside_the_sentence_and_stay_translatable() -> None:
    line = say("waiting for {players}", players=seat(2))
    shown = named(line, {2: "Bob"})
    assert isinstance(shown, Text) and shown == "waiting for Bob (seat 2)"
    assert i18n.translate(shown, "fr") == "en attente de Bob (place 2)"
    assert named(line, {2: "Bob"}, short=True) == "waiting for Bob"
    assert named(line, {3: "Carol"}) == "waiting for Seat 2"  # an unknown seat stays
    # a plain English line (an engine not yet speaking Text) is still named by its letters
    assert named("Seat 2 passes.", {2: "Bob"}) == "Bob (seat 2) passes."


@pytest.mark.sqlite_only
async def test_the_move_log_keeps_lines_as_text_and_reads_old_rows(
        host: Services, db_path: str) -> None:
    await _french_table(host)
    await host.lobbies.start(CHANNEL, ALICE)
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.id is not None and row.state is not None
    line = say("waiting for {players}", players=seat(2))
    new = type(row)(**{**row.__dict__, "version": row.version + 1})
    await host.store.tables.update_table(new, row.version, [MoveEntry(new.version, 1, "play 1", ALICE,
                                                               [line, "Alice played 1."])])
    with sqlite3.connect(db_path) as db:
        stored = db.execute("SELECT lines FROM move_log WHERE version = ?",
                            (new.version,)).fetchone()[0]
        assert json.loads(stored)[0]["say"] == "waiting for {players}"
    back = (await host.store.log.moves(row.id))[-1].lines
    assert isinstance(back[0], Text) and i18n.translate(back[0], "fr") == "en attente de Place 2"
    assert back[1] == "Alice played 1."
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE move_log SET lines = ? WHERE version = ?",
                   (json.dumps(["Bob (seat 2) played 3."]), new.version))
    entries = await host.store.log.moves(row.id)
    assert entries[-1].lines == ["Bob (seat 2) played 3."]  # an old plain row reads as it was
