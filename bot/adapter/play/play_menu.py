"""The move menu as a prefix tree over ``legal()``: pure data, no Discord.

Each legal move arrives as a :class:`MenuEntry` whose ``steps`` are (token, label) pairs. A menu
level shows the distinct next steps under the chosen prefix: verbs as buttons at the top level,
then selects (cards, positions, pieces, combinations), 25 options a page. A choice that completes
a move plays it.

Custom ids carry channel, version and the prefix so a menu survives a restart and a stale one is
recognised. A prefix is written as its tokens joined by ``|``; when that would make the id longer
than Discord's 100 characters it is written ``#<i>.<d>``: the first ``d`` steps of the ``i``-th
legal move (the service orders the list deterministically, so the index is stable for a given
table version).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.results import MenuEntry, MenuPick

from ..kit.i18n import _, shown
from ..kit.limits import MAX_BUTTON_LABEL, MAX_CHOICES, MAX_CUSTOM_ID, MAX_OPTION_LABEL, clip

PAGE_BUTTONS = 20  # four rows of five; the fifth row holds Back / Previous / Next
PAGE_OPTIONS = MAX_CHOICES  # Discord's limit per select

Prefix = tuple[str, ...]

# kind: n = show the level under the prefix, p = play the move the prefix completes,
#       s = a select whose values say what to do (n<i> / p<i>)
NAMESPACE = "tm:"  # then the kind (Rematch's ``tm:rematch:`` is no kind: never a menu id)
FIELDS = r"(?P<channel>\d+):(?P<version>\d+):(?P<page>\d+):(?P<code>.*)"
CUSTOM_ID = re.compile(re.escape(NAMESPACE) + r"(?P<kind>[nps]):" + FIELDS)


@dataclass(frozen=True)
class Choice:
    label: str
    prefix: Prefix  # the prefix after taking this choice
    move: str | None  # the move this choice plays at once, or None to open the next level
    index: int  # index in the entries of the first move under this choice
    icon: str = ""  # what the step picks, as a picture beside the label (MenuStep.icon)


@dataclass(frozen=True)
class MenuPage:
    prefix: Prefix
    trail: list[str]  # labels of the steps chosen so far
    choices: list[Choice]  # this page's choices only
    style: str  # "buttons" (top level) or "select"
    page: int
    pages: int
    trail_icons: list[str] = field(default_factory=list)  # their icons ("" for none)


def tokens(entry: MenuEntry) -> Prefix:
    return tuple(token for token, _label in entry.steps)


def children(entries: Sequence[MenuEntry], prefix: Prefix) -> list[Choice]:
    """The distinct next steps under ``prefix`` in the entries' order; a move that ends exactly at
    ``prefix`` while others go on is offered first as "Play <label>"."""
    depth = len(prefix)
    out: list[Choice] = []
    ends_here: list[Choice] = []
    groups: dict[str, list[int]] = {}
    for i, entry in enumerate(entries):
        toks = tokens(entry)
        if toks[:depth] != prefix:
            continue
        if len(toks) == depth:
            ends_here.append(Choice(_("Play {label}", label=shown(entry.label)), prefix, entry.move,
                                    i))
            continue
        groups.setdefault(toks[depth], []).append(i)
    for token, members in groups.items():
        lead = entries[members[0]]
        label = shown(lead.steps[depth][1])
        leaf = len(members) == 1 and len(lead.steps) == depth + 1
        icon = lead.icons[depth] if depth < len(lead.icons) else ""
        out.append(Choice(label, prefix + (token,), lead.move if leaf else None, members[0],
                          icon))
    return ends_here + out


def build_page(entries: Sequence[MenuEntry], prefix: Prefix = (), page: int = 0) -> MenuPage:
    """One screen of the menu: the choices under ``prefix`` on ``page`` (clamped to the range)."""
    every = children(entries, prefix)
    style = "buttons" if not prefix else "select"
    size = PAGE_BUTTONS if style == "buttons" else PAGE_OPTIONS
    pages = max(1, math.ceil(len(every) / size))
    page = min(max(page, 0), pages - 1)
    return MenuPage(
        prefix=prefix,
        trail=trail(entries, prefix),
        choices=every[page * size : (page + 1) * size],
        style=style,
        page=page,
        pages=pages,
        trail_icons=trail_icons(entries, prefix),
    )


def trail(entries: Sequence[MenuEntry], prefix: Prefix) -> list[str]:
    for entry in entries:
        if tokens(entry)[: len(prefix)] == prefix:
            return [label for _token, label in entry.steps[: len(prefix)]]
    return []


def trail_icons(entries: Sequence[MenuEntry], prefix: Prefix) -> list[str]:
    """The icons (:attr:`Choice.icon`) of the steps chosen so far, "" where a step has none."""
    for entry in entries:
        if tokens(entry)[: len(prefix)] == prefix:
            return [entry.icons[i] if i < len(entry.icons) else "" for i in range(len(prefix))]
    return []


# -- custom ids -----------------------------------------------------------------------------------
def encode_prefix(entries: Sequence[MenuEntry], prefix: Prefix, room: int) -> str:
    """``prefix`` as text if it fits in ``room`` characters, else as an index into the entries."""
    text = "|".join(prefix)
    if len(text) <= room and not text.startswith("#"):
        return text
    for i, entry in enumerate(entries):
        if tokens(entry)[: len(prefix)] == prefix:
            return f"#{i}.{len(prefix)}"
    raise ValueError(f"prefix {prefix!r} matches no legal move")


def decode_prefix(entries: Sequence[MenuEntry], code: str) -> Prefix | None:
    """The prefix a code stands for, or None when it matches no current legal move (stale)."""
    if code.startswith("#"):
        match = re.fullmatch(r"#(\d+)\.(\d+)", code)
        if not match:
            return None
        i, depth = int(match[1]), int(match[2])
        if i >= len(entries) or depth > len(entries[i].steps):
            return None
        return tokens(entries[i])[:depth]
    prefix: Prefix = tuple(code.split("|")) if code else ()
    if any(tokens(e)[: len(prefix)] == prefix for e in entries):
        return prefix
    return None


def custom_id(
    kind: str,
    channel: int,
    version: int,
    entries: Sequence[MenuEntry],
    prefix: Prefix,
    page: int = 0,
) -> str:
    head = f"{NAMESPACE}{kind}:{channel}:{version}:{page}:"
    out = head + encode_prefix(entries, prefix, MAX_CUSTOM_ID - len(head))
    assert len(out) <= MAX_CUSTOM_ID, out
    return out


def option_value(choice: Choice) -> str:
    """A select option's value: play the move (``p<i>``) or open the level under it (``n<i>``)."""
    return f"p{choice.index}" if choice.move is not None else f"n{choice.index}"


def resolve_option(
    entries: Sequence[MenuEntry], prefix: Prefix, value: str
) -> tuple[str, Prefix | str] | None:
    """("play", move) or ("next", prefix: the level to show) for a select value chosen at
    ``prefix``; None if stale."""
    match = re.fullmatch(r"([np])(\d+)", value)
    if not match or int(match[2]) >= len(entries):
        return None
    entry = entries[int(match[2])]
    toks = tokens(entry)
    if toks[: len(prefix)] != prefix:
        return None
    if match[1] == "p":
        return ("play", entry.move)
    if len(toks) <= len(prefix):
        return None
    return ("next", toks[: len(prefix) + 1])


def find_move(entries: Sequence[MenuEntry], prefix: Prefix) -> str | None:
    """The legal move whose steps are exactly ``prefix``."""
    for entry in entries:
        if tokens(entry) == prefix:
            return entry.move
    return None


def decode(entries: Sequence[MenuEntry], kind: str, code: str, page: int,
           values: Sequence[str] | None) -> MenuPick | None:
    """What a click in the menu asks for, from its custom id's ``kind``, prefix ``code`` and
    ``page`` and a select's ``values``: a move to play or a level to show; None when the
    menu's moves no longer have it (stale)."""
    prefix = decode_prefix(entries, code)
    if prefix is None:
        return None
    if kind == "s":
        resolved = resolve_option(entries, prefix, values[0]) if values else None
        if resolved is None:
            return None
        action, arg = resolved
        if action == "play":
            return MenuPick(move=str(arg))
        return MenuPick(prefix=tuple(arg))
    if kind == "p":
        move = find_move(entries, prefix)
        return None if move is None else MenuPick(move=move)
    return MenuPick(prefix=prefix, page=page)


def button_label(choice: Choice) -> str:
    return clip(choice.label, MAX_BUTTON_LABEL)


def option_label(choice: Choice) -> str:
    return clip(choice.label, MAX_OPTION_LABEL)
