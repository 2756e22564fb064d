"""Every word a player reads, in their language: gettext catalogs and the one translation helper.

Catalogs live in ``i18n/locales/<language>/LC_MESSAGES/<domain>.po`` (one domain per area so
that the files stay small: ``adapter``, ``host``, ``render``, ``games`` and one per game, see
:data:`DOMAINS`). English is the source language and has a catalog too, so English wording can be
polished without touching code. ``.mo`` files are compiled at build time (``python -m i18n
compile``, run by the Dockerfile and the package build); when they are missing or older than
their ``.po`` (an editable install, a fresh checkout) the ``.po`` is compiled in memory at first
use with Babel.

Three ways to get a sentence:
- ``_("Hello {name}", name=x)``: translated now, into the current language (a context variable
  set with :func:`language`; English when none is set). ``_n(singular, plural, n, ...)`` for counts.
- ``say(...)`` / ``say_n(...)`` (from :mod:`games.text`): a lazy :class:`~games.text.Text`, for
  code that does not know who will read it (engines, host results); :func:`translate` turns it
  into a sentence later.
- ``N_("…")``: only marks a constant for the catalogs.

The pseudo-language :data:`PSEUDO` ("qps") turns every catalog sentence into ``⟦Ŝéàţ …⟧``:
a test run in it shows any English text that bypassed the catalogs.
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from games import game_folders
from games.text import N_, Text, dump, load, say, say_n, seat

__all__ = [
    "DEFAULT", "LANGUAGES", "PSEUDO", "N_", "Text", "_", "_n", "current", "dump", "language",
    "language_of", "load", "locale_text", "say", "say_n", "seat", "translate",
]

LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
"""The languages players can choose (code -> its own name)."""
DEFAULT = "en"
PSEUDO = "qps"
"""Pseudo-language for tests: every catalog sentence comes out marked ⟦…⟧ and accented."""

ROOT = Path(__file__).resolve().parent.parent
"""The project root (the folder holding bot/, games/, render/)."""

FIXED_DOMAINS: dict[str, str] = {"bot/adapter": "adapter", "bot": "host", "render": "render",
                                 "games": "games"}
"""The areas' own catalogs: source folder -> domain."""


def game_domains() -> dict[str, str]:
    """Each game's catalog: its package under games/ and its renderer, the module or package of
    the same name in the render/ folder next to that games/ folder, give the domain of that
    name (``games/master_islands``, ``render/master_islands.py`` -> ``master_islands``). Found
    from the folders (:func:`games.game_folders`), so a new game needs no line here."""
    out: dict[str, str] = {}
    for name, folder in game_folders().items():
        render = folder.parent.parent / "render"
        for place in (folder, render / name, render / f"{name}.py"):
            if place.exists():
                out[_source_key(place)] = name
    return out


def _source_key(place: Path) -> str:
    """A source folder or file as :data:`DOMAINS` names it: relative to the project root (an
    absolute path outside it)."""
    place = place.resolve()
    return place.relative_to(ROOT).as_posix() if place.is_relative_to(ROOT) else place.as_posix()


class _Domains(Mapping[str, str]):
    """:data:`FIXED_DOMAINS` and :func:`game_domains`, read afresh from the folders each time."""

    def _all(self) -> dict[str, str]:
        return {**FIXED_DOMAINS, **game_domains()}

    def __getitem__(self, key: str) -> str:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


DOMAINS: Mapping[str, str] = _Domains()
"""Source folder or file -> catalog domain (the longest match wins): :data:`FIXED_DOMAINS`, and
each game's engine and renderer sharing one catalog (:func:`game_domains`), so one person can
translate a game alone."""

_CODES = frozenset([*LANGUAGES, PSEUDO])

_current: contextvars.ContextVar[str] = contextvars.ContextVar("tablee_language", default=DEFAULT)


def locale_text(locale: Any) -> str:
    """A Discord locale as text ("fr", "en-US"; ``discord.Locale.french`` -> "fr"; None -> "")."""
    return str(getattr(locale, "value", locale) or "")


def language_of(locale: Any, default: str = DEFAULT) -> str:
    """Our language for a Discord locale ("fr", "en-US", ``discord.Locale.french``…): its
    first part when we have it, else ``default``."""
    if type(locale) is str and locale in _CODES:  # one of ours already (most calls)
        return locale
    code = locale_text(locale).strip().lower().replace("_", "-")
    if code == PSEUDO or code.startswith(PSEUDO + "-"):
        return PSEUDO
    base = code.split("-")[0]
    return base if base in LANGUAGES else default


def current() -> str:
    """The language ``_`` translates into here (task- and thread-local)."""
    return _current.get()


@contextmanager
def language(code: str) -> Iterator[str]:
    """``with language("fr"):`` every ``_`` inside (and threads started with asyncio.to_thread)
    speaks French; restored afterwards."""
    token = _current.set(language_of(code))
    try:
        yield _current.get()
    finally:
        _current.reset(token)


# -- catalogs ---------------------------------------------------------------------------------


def _compiled(po: Path) -> _gettext.GNUTranslations:
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


@cache
def catalog(code: str) -> _gettext.NullTranslations:
    """All domains of one language chained into one lookup (English: the source texts)."""
    chain: _gettext.NullTranslations = _gettext.NullTranslations()
    folder = LOCALES / code / "LC_MESSAGES"
    for po in sorted(folder.glob("*.po")) if folder.is_dir() else ():
        found = _compiled(po)
        found.add_fallback(chain)
        chain = found
    return chain


def _singulars(chain: _gettext.NullTranslations) -> dict[str, str]:
    """``chain.gettext`` as one dict: every msgid of the chained catalogs -> its translation,
    the first catalog of the chain that has it winning, as gettext's fallbacks do (a str key,
    else its plural entry for 1). Why: a miss walked the dozen catalogs of the chain one by
    one, and menus, posts and images look up hundreds of sentences per move."""
    layers: list[Any] = []
    layer: Any = chain
    while layer is not None:
        layers.append(layer)
        layer = getattr(layer, "_fallback", None)
    merged: dict[str, str] = {}
    for layer in reversed(layers):  # the chain's head last: it wins
        entries = getattr(layer, "_catalog", None) or {}
        own = {k: v for k, v in entries.items() if isinstance(k, str)}
        one = layer.plural(1) if entries else 0
        for key, value in entries.items():
            if isinstance(key, tuple) and key[1] == one and key[0] not in own:
                own[key[0]] = value
        merged.update(own)
    return merged


def _lookup(code: str, msgid: str, plural: str | None = None, n: int | None = None) -> str:
    if code == PSEUDO:
        english = _lookup(DEFAULT, msgid, plural, n)
        return pseudo(english) if _known(msgid) else english
    chain: Any = catalog(code)
    if plural is None:
        flat = getattr(chain, "_tablee_flat", None)
        if flat is None:  # built once per catalog object (tests clear catalog's cache)
            flat = chain._tablee_flat = _singulars(chain)
        return flat.get(msgid, msgid)
    return chain.ngettext(msgid, plural, n if n is not None else 0)


def _known(msgid: str) -> bool:
    """Whether the English catalogs hold ``msgid`` (the pseudo-language marks only those, so a
    sentence that never went through a catalog stays visibly plain)."""
    chain: Any = catalog(DEFAULT)
    while chain is not None:
        if msgid in getattr(chain, "_catalog", {}) or (msgid, 0) in getattr(chain, "_catalog", {}):
            return True
        chain = getattr(chain, "_fallback", None)
    return False


# -- translating --------------------------------------------------------------------------------


def _fill(template: str, fields: dict[str, Any], code: str) -> str:
    if not fields:
        return template
    return template.format(**{k: translate(v, code) if isinstance(v, Text) else v
                              for k, v in fields.items()})


def translate(text: Any, code: str | None = None) -> str:
    """``text`` in language ``code`` (default: the current one). A Text is looked up by its
    template and its Text fields translated too (plain fields are shown as they are: names,
    notation, numbers); a plain str that is a catalog msgid is translated, another is kept."""
    code = language_of(code) if code is not None else current()
    if isinstance(text, Text):
        return _fill(_lookup(code, text.template, text.plural, text.n), text.fields, code)
    if isinstance(text, str):
        return _lookup(code, text) if text else text
    return str(text)


def _(msgid: str, /, **fields: Any) -> str:
    """``msgid`` translated into the current language, its ``{fields}`` filled (a Text field is
    translated too)."""
    return _fill(_lookup(current(), msgid), fields, current())


def _n(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """A count-dependent sentence in the current language (``{n}`` is the count)."""
    fields.setdefault("n", n)
    return _fill(_lookup(current(), singular, plural, n), fields, current())


_PSEUDO_LETTERS = str.maketrans(
    "AaCcEeIiNnOoSsUuYyZz", "ÀàÇçÉéÎîÑñÖöŜŝÛûÝýŽž",
)
_FIELD = re.compile(r"(\{[^{}]*\})")


def pseudo(english: str) -> str:
    """``⟦Ŝéàţ {seat} ƿàŝŝéŝ.⟧``: letters changed outside ``{fields}``, markdown kept, so a
    sentence that skipped the catalogs stands out as plain ASCII."""
    parts = _FIELD.split(english)
    return "⟦" + "".join(p if _FIELD.fullmatch(p) else p.translate(_PSEUDO_LETTERS)
                         for p in parts) + "⟧"
