"""Longer texts built from games and host results: rules summaries, table options."""

from __future__ import annotations

from games import Game
from games.base import Option

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


def rules_text(game: Game) -> str:
    """The game's concise summary, its options and how to play in Discord, within 2000 chars."""
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
    text = "\n\n".join(parts)
    return clip(text, MAX_CONTENT)
