"""Keeping the catalogs in step with the code: extract, update, check, compile (with Babel).

``python -m i18n update`` reads every msgid in the code (``_``, ``_n``, ``say``, ``say_n``,
``N_``), adds the new ones to each language's ``.po`` of that folder's domain (English: the
msgid itself; other languages: empty, so :func:`problems` reports it until someone translates it)
and drops the ones no longer used. ``python -m i18n check`` lists what is missing, fuzzy or has
other ``{fields}`` than its msgid; ``python -m i18n compile`` writes the ``.mo`` files.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAINS, LANGUAGES, LOCALES

ROOT = LOCALES.parent.parent
"""The project root (the folder holding bot/, games/, render/)."""

PLURAL_FORMS = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}
"""Each language's plural rule, stated here rather than taken from Babel's CLDR data: that data
changes between releases (Babel 2.19 gives French three forms), and a catalog's rule decides how
many forms each counted sentence has. The shipped ``.po`` files carry the same rule."""

KEYWORDS = {"_": None, "N_": None, "say": None, "_n": (1, 2), "say_n": (1, 2)}
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


@dataclass(frozen=True)
class Msg:
    msgid: str
    plural: str | None
    where: str  # "path:line" of one use


def domain_of(path: Path, root: Path = ROOT) -> str | None:
    """The catalog domain of a source file (longest matching folder of :data:`DOMAINS`)."""
    rel = path.resolve().relative_to(root.resolve()).as_posix()
    best = None
    for folder, domain in DOMAINS.items():
        if (rel == folder or rel.startswith(folder + "/")) and (best is None or len(folder) > len(best[0])):
            best = (folder, domain)
    return best[1] if best else None


def extract(root: Path = ROOT) -> dict[str, dict[str, Msg]]:
    """Every msgid used in the code, by domain (files outside :data:`DOMAINS` are skipped)."""
    found: dict[str, dict[str, Msg]] = {}
    for top in ("bot", "games", "render"):
        for path in sorted((root / top).rglob("*.py")):
            domain = domain_of(path, root)
            if domain is None:
                continue
            for lineno, message, _comments, _context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=(),
                options={"encoding": "utf-8"}, strip_comment_tags=True,
            ):
                msgid, plural = (message if isinstance(message, tuple) else (message, None))[:2]
                if not msgid:
                    continue
                where = f"{path.relative_to(root).as_posix()}:{lineno}"
                found.setdefault(domain, {}).setdefault(msgid, Msg(msgid, plural, where))
    return found


def po_path(code: str, domain: str) -> Path:
    return LOCALES / code / "LC_MESSAGES" / f"{domain}.po"


def read(code: str, domain: str) -> Catalog:
    path = po_path(code, domain)
    if not path.exists():
        return new_catalog(code, domain)
    with path.open("rb") as f:
        return read_po(f, locale=code, domain=domain)


def new_catalog(code: str, domain: str) -> Catalog:
    """An empty catalog of ``code`` with the project's plural rule for it (see PLURAL_FORMS)."""
    catalog = Catalog(locale=code, domain=domain, project="Tablée", fuzzy=False)
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[code])]
    return catalog


def write(catalog: Catalog, code: str, domain: str) -> None:
    path = po_path(code, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, sort_output=True,
                 include_previous=False, ignore_obsolete=True, include_lineno=False)


def update(codes: Iterable[str] = LANGUAGES, domains: Iterable[str] = ()) -> dict[str, int]:
    """Add new msgids to every language's catalogs (of ``domains`` only, when given) and drop
    unused ones; returns how many entries each language still lacks a translation for."""
    used = extract()
    if domains:
        used = {d: m for d, m in used.items() if d in set(domains)}
    missing: dict[str, int] = {}
    for code in codes:
        for domain, msgs in used.items():
            cat = read(code, domain)
            for msg in msgs.values():
                key = (msg.msgid, msg.plural) if msg.plural else msg.msgid
                if cat.get(msg.msgid) is None:
                    if code == DEFAULT:
                        string = (msg.msgid, msg.plural) if msg.plural else msg.msgid
                    else:
                        string = ("", "") if msg.plural else ""
                    cat.add(key, string, locations=[])
            for old in [m.id for m in cat if m.id and (m.id[0] if isinstance(m.id, tuple)
                                                       else m.id) not in msgs]:
                cat.delete(old)
            write(cat, code, domain)
        missing[code] = sum(1 for p in problems() if p.startswith(f"{code}/"))
    return missing


def _fields(text: str) -> set[str]:
    return set(_FIELD.findall(text))


def problems() -> list[str]:
    """One line per msgid used in the code that a language lacks, has fuzzy, or translates with
    other ``{fields}`` than the English (a French sentence must not lose the player's name)."""
    out: list[str] = []
    for domain, msgs in sorted(extract().items()):
        for code in LANGUAGES:
            cat = read(code, domain)
            for msg in msgs.values():
                entry = cat.get(msg.msgid)
                label = f"{code}/{domain}.po: {msg.msgid!r} ({msg.where})"
                if entry is None:
                    out.append(f"{label} is missing")
                    continue
                if entry.fuzzy:
                    out.append(f"{label} is fuzzy")
                if bool(msg.plural) != entry.pluralizable:
                    out.append(f"{label} is used {'with' if msg.plural else 'without'} a count "
                               f"but its entry {'has no' if msg.plural else 'has'} plural forms")
                    continue
                strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
                if not all(strings):
                    out.append(f"{label} has no translation")
                    continue
                wanted = _fields(msg.msgid) | _fields(msg.plural or "")
                for s in strings:
                    extra = _fields(s) - wanted - {"n"}
                    lost = _fields(msg.msgid) - _fields(s) - {"n"}
                    if extra or (lost and not msg.plural):
                        out.append(f"{label} has fields {sorted(_fields(s))}, the English "
                                   f"{sorted(wanted)}")
    return out


def conflicts() -> list[str]:
    """msgids that two catalogs of one language translate differently: the catalogs are chained
    into one lookup, so only one of the two would ever be shown (give one of them its own
    msgid, e.g. when a word's gender differs)."""
    out: list[str] = []
    for code in LANGUAGES:
        seen: dict[str, tuple[str, object]] = {}
        for po in sorted((LOCALES / code / "LC_MESSAGES").glob("*.po")):
            with po.open("rb") as f:
                for m in read_po(f):
                    if not m.id:
                        continue
                    key = m.id if isinstance(m.id, str) else m.id[0]
                    if key in seen and seen[key][1] != m.string:
                        out.append(f"{code}: {key!r} is {seen[key][1]!r} in {seen[key][0]}.po "
                                   f"but {m.string!r} in {po.name}")
                    seen.setdefault(key, (po.stem, m.string))
    return out


def compile_all() -> list[Path]:
    """Write every ``.po`` as ``.mo`` next to it (fuzzy entries left out)."""
    written = []
    for po in sorted(LOCALES.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            cat = read_po(f)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, cat, use_fuzzy=False)
        written.append(mo)
    return written
