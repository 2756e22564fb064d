"""Does a French player read only French? A checker for the French end-to-end tests.

Give it the texts the bot sent (or the emulator's messages, or the words drawn in the images) and
the names that may stay as they are (players, games); it fails on any line that still has
English words in it::

    from tests.e2e.french import assert_french, texts_seen, drawing_words

    with drawing_words() as drawn:               # words drawn in images from now on
        ... play a game with a French guild and French users ...
    assert_french(texts_seen(sim) + drawn, names=["Alice", "Bob", "Master Islands"])

How English is recognised: after removing what is not a sentence (mentions, timestamps, links,
`code` such as move notation, emoji, numbers, the allowed names), a line is English when it has
a word from :data:`ENGLISH`: words common in English sentences and in the bot's wording that are
not French words ("the", "your", "turn", "press", "seat"…; French words that look the same,
"on", "a", "table", "options", "page", "score", are left out). An English sentence cannot avoid them all;
a French sentence never needs them.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable, Iterator
from typing import Any

ENGLISH = frozenset("""
the you your yours you're you've you'll is are was were be been being am and with to of for from
by at into onto this that these those it its it's there their they them he she his her him who
what which when where why how if then than now here yet again only all any some every each
more most many much no yes not can can't cannot could would should will won't must may might do
does did don't doesn't didn't isn't aren't wasn't has have had hasn't haven't i'm i'll i've my
mine our we us out up down off over under after before while until since also just still
press pressed click choose chosen join joined leave left start started starts cancel cancelled
settings setting rules rule host hosted computer computers easy medium hard ended end ends
game games play plays played playing player players seat seats hand hands move moves moved
board turn turns card cards tile tiles ship ships dice die roll rolls rolled won win wins winner
round rounds nobody somebody someone everyone anyone nothing something everything
back next previous undo skip rematch whisper whispered gestures says said aloud sorry please try
wrong went logged missing need needed needs give gives given know known shows show see seen
here's let lets keep keeps kept takes take took taken draw draws drew
gold treasure treasures island islands harbour harbor discovery discoveries frigate galleon
lighthouse smuggler smugglers goods pyramid alignment reveal reveals revealed
""".split())
"""Words that mark a line as English (lowercase; apostrophes as typed in English)."""

_STRIP = [
    re.compile(r"```.*?```", re.S),  # code blocks
    re.compile(r"`[^`]*`"),  # inline code: move notation people type
    re.compile(r"<(?:@[!&]?|#)\d+>"),  # mentions of people, roles, channels
    re.compile(r"<t:\d+(?::\w)?>"),  # Discord timestamps
    re.compile(r"<a?:\w+:\d+>"),  # custom emoji
    re.compile(r"https?://\S+"),  # links
    re.compile(r"(?<![\w/])/[a-z][\w-]*"),  # slash commands named in a sentence (/play)
    re.compile(r"\]\([^)]*\)"),  # the target of a markdown link (its text stays)
]
WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒæÆ]+(?:['’][A-Za-zÀ-ÖØ-öø-ÿ]+)*")


def without_names(text: str, names: Iterable[str]) -> str:
    """``text`` without what is not a sentence (mentions, links, `code`…) nor the ``names``."""
    for pattern in _STRIP:
        text = pattern.sub(" ", text)
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = re.sub(re.escape(name), " ", text, flags=re.I)
    return text


def english_words(text: str, names: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` once the names and non-sentences are taken out."""
    found = []
    for word in WORD.findall(without_names(text, names)):
        low = word.lower().replace("’", "'")
        if low in ENGLISH or (low.endswith("'s") and low[:-2] not in ("quelqu", "aujourd")):
            found.append(word)
    return found


def english_lines(texts: Iterable[str], names: Iterable[str] = ()) -> list[str]:
    """``"<line>"  ← [english words]`` for every line that reads as English (each line once)."""
    names = list(names)
    out: dict[str, None] = {}
    for text in texts:
        for line in str(text).splitlines():
            words = english_words(line, names)
            if words:
                out[f"{line.strip()!r}  ← {words}"] = None
    return list(out)


def assert_french(texts: Iterable[str], names: Iterable[str] = ()) -> None:
    """Fail, listing them, when some of ``texts`` still have English lines."""
    bad = english_lines(texts, names)
    assert not bad, f"{len(bad)} English lines a French player reads:\n" + "\n".join(bad[:60])


def message_texts(message: Any) -> list[str]:
    """Everything a person reads on an emulator message: its content (every version, edits
    included), embeds, and its components' labels, placeholders and option texts."""
    texts = [old.get("content") or "" for old in getattr(message, "history", [])]
    texts.append(message.content or "")
    for embed in getattr(message, "embeds", None) or []:
        texts += [embed.get("title") or "", embed.get("description") or ""]
        texts += [f"{f.get('name', '')}\n{f.get('value', '')}" for f in embed.get("fields") or []]
    texts += _component_texts(getattr(message, "components", None) or [])
    for old in getattr(message, "history", []):
        texts += _component_texts(old.get("components") or [])
    return [t for t in texts if t]


def _component_texts(components: list[dict[str, Any]]) -> list[str]:
    texts = []
    for comp in components:
        texts += [comp.get("label") or "", comp.get("placeholder") or "", comp.get("content") or ""]
        for option in comp.get("options") or []:
            texts += [option.get("label") or "", option.get("description") or ""]
        texts += _component_texts(comp.get("components") or [])
    return texts


def texts_seen(sim: Any) -> list[str]:
    """The texts of every message the bot sent on the emulator (public, private and DMs)."""
    return [t for m in sorted(sim.world.messages.values(), key=lambda m: m.id)
            for t in message_texts(m)]


@contextlib.contextmanager
def drawing_words() -> Iterator[list[str]]:
    """The strings drawn into images while the block runs (every image's text goes through
    ``render.kit._glyphs``, whose cache sits behind this wrapper: repeated strings count too)."""
    from render import kit

    drawn: list[str] = []
    original = kit._glyphs

    def recording(s: str, *args: Any) -> Any:
        drawn.append(s)
        return original(s, *args)

    kit._glyphs = recording  # type: ignore[assignment]
    try:
        yield drawn
    finally:
        kit._glyphs = original
