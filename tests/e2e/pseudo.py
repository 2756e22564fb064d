"""The pseudo-language run's checker. With the server and every user in ``"qps"`` each catalog
sentence comes out marked and accented (``⟦Ŝéàţ 2 ƿàŝŝéŝ.⟧``, :func:`i18n.pseudo`); a sentence
that reached a player without going through the catalogs stays plain English. So once the
marked spans (fields nest, innermost first), names, notation and non-sentences (mentions,
links, `code`) are taken out, no Latin word may remain.

Single letters and letter-digit codes ("B", "B4", "x2") count as notation (board coordinates);
a word with the pseudo-language's accents counts as marked (images drop the ⟦⟧ marks);
file names of attachments are not read (they are identifiers, not sentences)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from tests.e2e.french import WORD, without_names

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
LATIN = re.compile(r"[A-Za-z]")
ACCENTED = re.compile("[ÀàÇçÉéÎîÑñÖöŜŝÛûÝýŽž]")
"""The letters the pseudo-language puts in: a word with one came through a catalog even where
the ⟦⟧ marks were dropped (the images' font draws no ⟦⟧)."""


def plain_words(text: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` that no catalog marked."""
    rest = without_names(text, names)
    while MARKED.search(rest):
        rest = MARKED.sub(" ", rest)
    return [w for w in WORD.findall(rest)
            if len(w) > 1 and LATIN.search(w) and not ACCENTED.search(w)]


def unmarked_lines(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """``"<line>"  ← [words]`` for each line with words that bypassed the catalogs (the line as
    left once the marked spans, which may cover several lines, are taken out)."""
    names = list(names)
    out: dict[str, None] = {}
    for text in texts:
        rest = without_names(str(text), names)
        while MARKED.search(rest):
            rest = MARKED.sub(" ", rest)
        for line in rest.splitlines():
            words = plain_words(line)
            if words:
                out[f"{line.strip()!r}  ← {words}"] = None
    return list(out)


def assert_all_marked(texts: Iterable[str], names: Iterable[str] = ()) -> None:
    bad = unmarked_lines(texts, names)
    assert not bad, (f"{len(bad)} lines bypassed the catalogs (not ⟦marked⟧ in the "
                     "pseudo-language):\n" + "\n".join(bad[:60]))
