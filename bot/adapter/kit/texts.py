"""Longer texts built from games and host results: rules summaries, table options."""

from __future__ import annotations

from games import Game, Option

from .i18n import _, shown, translate
from .limits import MAX_CONTENT, clip


def option_line(opt: Option) -> str:
    """One ``/rules`` line: the values and default when the option has them (as people read
    them: "yes/no", "1–3"); a seat number is explained by its description alone."""
    about = shown(opt.description)
    values = {
        "choice": "/".join(shown(opt.value_text(c)) for c in opt.choices or ()),
        "yesno": _("yes/no"),
        "number": f"{opt.minimum}–{opt.maximum}"
        if opt.minimum is not None and opt.maximum is not None else "",
    }.get(opt.kind, "")
    if opt.default is None:
        line = (_("• `{name}`: {values}. {about}", name=opt.name, values=values, about=about)
                if values else _("• `{name}`: {about}", name=opt.name, about=about))
        return line.rstrip()
    d = shown(opt.value_text(opt.default))
    if values:
        return _("• `{name}`: {values} (default {d}). {about}", name=opt.name, values=values, d=d,
                 about=about).rstrip()
    return _("• `{name}` (default {d}): {about}", name=opt.name, d=d, about=about).rstrip()


def rules_messages(game: Game) -> list[str]:
    """:func:`rules_text` as messages: the French summary of a game with many options is longer
    than one message."""
    return in_messages(rules_text(game))


def in_messages(text: str) -> list[str]:
    """``text`` as messages of at most 2000 characters, cut between paragraphs (then lines)."""
    messages: list[str] = []
    for paragraph in text.split("\n\n"):
        for piece in _fit(paragraph, "\n"):
            if messages and len(messages[-1]) + 2 + len(piece) <= MAX_CONTENT:
                messages[-1] += "\n\n" + piece
            else:
                messages.append(piece)
    return messages


def _fit(text: str, sep: str) -> list[str]:
    """``text`` in pieces within the limit, cut at ``sep`` (a single longer line is clipped)."""
    pieces: list[str] = []
    for line in text.split(sep):
        line = clip(line, MAX_CONTENT)
        if pieces and len(pieces[-1]) + len(sep) + len(line) <= MAX_CONTENT:
            pieces[-1] += sep + line
        else:
            pieces.append(line)
    return pieces


def rules_text(game: Game) -> str:
    """The game's concise summary, its options and how to play in Discord (any length: see
    :func:`rules_messages`)."""
    parts = [
        _(
            "**{name}** ({lo}–{hi} players)",
            name=game.name,
            lo=game.min_players,
            hi=game.max_players,
        )
    ]
    parts.append(translate(game.summary).strip() or _("No summary yet."))
    if game.options:
        opts = []
        for opt in game.options:
            opts.append(option_line(opt))
        parts.append(_("Options:") + "\n" + "\n".join(opts))
    parts.append(
        _(
            "Play with **My hand / Play** on the table post, or type `/move` (it suggests your legal moves)."
        )
    )
    return "\n\n".join(parts)
