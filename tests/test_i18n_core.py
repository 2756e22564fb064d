"""The translation core: Text values, catalogs, languages, the pseudo-language, catalog checks."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import write_po

import games
import i18n
from games.text import Text, dump, load, say, say_n, seat
from i18n import catalogs

PENDING: set[str] = set()
"""Domains whose French is still being written (each translating change empties this set;
the catalog test below holds every other domain complete)."""


def test_a_text_is_its_english_sentence_and_keeps_its_parts() -> None:
    text = say("Seat {seat} plays {card}.", seat=2, card=say("the Frigate"))
    assert text == "Seat 2 plays the Frigate."
    assert text.template == "Seat {seat} plays {card}."
    assert json.dumps(text) == '"Seat 2 plays the Frigate."'  # records and JSON read as before
    again = load(json.loads(json.dumps(dump(text))))
    assert isinstance(again, Text) and again == text and again.fields["card"].template == "the Frigate"
    for copied in (pickle.loads(pickle.dumps(text)), copy.deepcopy(text)):
        assert isinstance(copied, Text) and copied.fields == text.fields


def test_a_seat_is_a_field_the_host_can_find() -> None:
    line = say("{who} passes.", who=seat(2))
    assert line == "Seat 2 passes."
    assert line.fields["who"].template == "Seat {n}" and line.fields["who"].fields == {"n": 2}


def test_say_n_picks_the_english_plural_and_round_trips() -> None:
    assert say_n("{n} card left", "{n} cards left", 1) == "1 card left"
    many = say_n("{n} card left", "{n} cards left", 3)
    assert many == "3 cards left"
    assert load(json.loads(json.dumps(dump(many)))) == "3 cards left"


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cat = catalogs.new_catalog("fr", "test")  # with our plural rule, not the CLDR release's
    cat.add("Seat {seat} plays {card}.", "Le siège {seat} joue {card}.")
    cat.add("the Frigate", "la Frégate")
    cat.add(("{n} card left", "{n} cards left"), ("{n} carte restante", "{n} cartes restantes"))
    cat.add("Hello", "Bonjour")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "test.po").open("wb") as f:
        write_po(f, cat)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalog.cache_clear()
    yield
    i18n.catalog.cache_clear()


def test_translate_puts_a_text_and_its_fields_in_french(french: None) -> None:
    text = say("Seat {seat} plays {card}.", seat=2, card=say("the Frigate"))
    assert i18n.translate(text, "fr") == "Le siège 2 joue la Frégate."
    assert i18n.translate(text, "en") == "Seat 2 plays the Frigate."
    assert i18n.translate(say_n("{n} card left", "{n} cards left", 3), "fr") == "3 cartes restantes"
    assert i18n.translate("Hello", "fr") == "Bonjour"  # a plain msgid
    assert i18n.translate("Alice", "fr") == "Alice"  # a name stays as it is


def test_plural_rules_are_ours_not_the_babel_releases() -> None:
    """Babel's CLDR data changes between releases (2.19 gives French three plural forms): a new
    catalog takes the project's rule, and every shipped catalog states that same rule."""
    for code in i18n.LANGUAGES:
        fresh = catalogs.new_catalog(code, "test")
        assert fresh.plural_forms == catalogs.PLURAL_FORMS[code]
        assert fresh.num_plurals == 2
        shipped = sorted((i18n.LOCALES / code / "LC_MESSAGES").glob("*.po"))
        assert shipped, code
        for path in shipped:
            assert catalogs.read(code, path.stem).plural_forms == catalogs.PLURAL_FORMS[code], path


def test_underscore_follows_the_current_language(french: None) -> None:
    assert i18n._("Hello") == "Hello"
    with i18n.language("fr-FR"):
        assert i18n.current() == "fr"
        assert i18n._("Seat {seat} plays {card}.", seat=1, card=say("the Frigate")) == (
            "Le siège 1 joue la Frégate.")
        assert i18n._n("{n} card left", "{n} cards left", 1) == "1 carte restante"
    assert i18n._("Hello") == "Hello"


@pytest.mark.parametrize(("locale", "code"), [
    ("fr", "fr"), ("fr-CA", "fr"), ("en-US", "en"), ("en-GB", "en"), ("de", "en"), (None, "en"),
    ("", "en"), ("qps", "qps"),
])
def test_language_of_a_discord_locale(locale: str | None, code: str) -> None:
    assert i18n.language_of(locale) == code


def test_the_pseudo_language_marks_every_catalog_sentence_but_keeps_fields(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cat = catalogs.new_catalog("en", "test")
    cat.add("Seat {seat} passes as {name}.", "Seat {seat} passes as {name}.")
    (tmp_path / "en" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "en" / "LC_MESSAGES" / "test.po").open("wb") as f:
        write_po(f, cat)
    monkeypatch.setattr(i18n, "LOCALES", tmp_path)
    i18n.catalog.cache_clear()
    out = i18n.translate(say("Seat {seat} passes as {name}.", seat=3, name="Alice"), "qps")
    stray = i18n.translate(say("Not in any catalog."), "qps")
    i18n.catalog.cache_clear()
    assert stray == "Not in any catalog."  # what skipped the catalogs stays plain: tests see it
    assert out.startswith("⟦") and out.endswith("⟧")
    assert "Alice" in out and "3" in out
    assert "Seat" not in out and "passes" not in out


def test_domains_follow_the_folders() -> None:
    root = catalogs.ROOT
    assert catalogs.domain_of(root / "bot/adapter/lobby/lobby.py") == "adapter"
    assert catalogs.domain_of(root / "bot/service/rules/posts.py") == "host"
    assert catalogs.domain_of(root / "games/master_islands/flow.py") == "master_islands"
    assert catalogs.domain_of(root / "games/base.py") == "games"
    assert catalogs.domain_of(root / "render/kit.py") == "render"
    assert catalogs.domain_of(root / "render/master_islands.py") == "master_islands"


def test_every_game_package_and_its_renderer_have_the_games_own_domain() -> None:
    """Derived from the folders: each package under games/ names a domain, which its renderer
    (render/<name>.py or render/<name>/) shares; both languages have its catalog."""
    folders = games.game_folders()
    assert folders and set(folders) == {type(g).__module__.split(".")[1] for g in games.all_games()
                                        if type(g).__module__.startswith("games.")}
    for name in folders:
        assert i18n.DOMAINS[f"games/{name}"] == name
        assert [k for k in (f"render/{name}", f"render/{name}.py") if k in i18n.DOMAINS] != []
        for code in i18n.LANGUAGES:
            assert catalogs.po_path(code, name).is_file(), (code, name)
    assert {k: v for k, v in i18n.DOMAINS.items() if v not in folders} == i18n.FIXED_DOMAINS


def test_extraction_finds_every_marker(tmp_path: Path) -> None:
    (tmp_path / "render").mkdir()
    (tmp_path / "render" / "x.py").write_text(
        'a = _("One {x}", x=1)\nb = say("Two")\nc = say_n("{n} ship", "{n} ships", 2)\n'
        'd = N_("Three")\ne = f"not {a}"\n', encoding="utf-8")
    found = catalogs.extract(tmp_path)
    msgs = found["render"]
    assert set(msgs) == {"One {x}", "Two", "{n} ship", "Three"}
    assert msgs["{n} ship"].plural == "{n} ships"


def test_every_sentence_in_the_code_is_in_both_catalogs() -> None:
    """A msgid used in the code but missing, fuzzy, untranslated or with other {fields} in the
    English or French catalog fails here (run `python -m i18n update`, then translate)."""
    found = [p for p in catalogs.problems()
             if p.split(":")[0].split("/")[1].removesuffix(".po") not in PENDING]
    assert not found, "\n".join(found[:40]) + f"\n({len(found)} problems)"


def test_a_sentence_shared_by_two_catalogs_reads_the_same_in_both() -> None:
    """The catalogs of a language are one lookup: a msgid translated two ways in two domains
    would show only one of them (e.g. a gendered 'none')."""
    found = catalogs.conflicts()
    assert not found, "\n".join(found)


def test_a_counted_sentence_needs_plural_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Code that says _n/say_n with a msgid the catalog holds as a plain entry would fall back to
    English silently: reported."""
    root = tmp_path / "proj"
    (root / "render").mkdir(parents=True)
    (root / "render" / "x.py").write_text('a = say_n("{n} ship", "{n} ships", 2)\n', encoding="utf-8")
    locales = tmp_path / "locales"
    for code in ("en", "fr"):
        cat = catalogs.new_catalog(code, "render")
        cat.add("{n} ship", "{n} navire")
        (locales / code / "LC_MESSAGES").mkdir(parents=True)
        with (locales / code / "LC_MESSAGES" / "render.po").open("wb") as f:
            write_po(f, cat)
    monkeypatch.setattr(catalogs, "ROOT", root)
    monkeypatch.setattr(catalogs, "LOCALES", locales)
    real_extract = catalogs.extract
    monkeypatch.setattr(catalogs, "extract", lambda r=root: real_extract(r))
    found = catalogs.problems()
    assert any("with a count but its entry has no plural forms" in p for p in found), found


def test_the_flat_lookup_says_what_the_catalog_chain_says() -> None:
    """_lookup reads one merged dict per language: for every msgid of every catalog (and for
    words in none) it must give what gettext's chain of fallbacks gives."""
    for code in i18n.LANGUAGES:
        chain: Any = i18n.catalog(code)
        msgids = {"Alice", "not a sentence of ours", ""}
        layer = chain
        while layer is not None:
            msgids |= {k if isinstance(k, str) else k[0] for k in getattr(layer, "_catalog", {})}
            layer = getattr(layer, "_fallback", None)
        assert len(msgids) > 100
        assert [m for m in msgids if i18n._lookup(code, m) != chain.gettext(m)] == []
