"""Longer texts built from games and host results: rules summaries, table options."""

from __future__ import annotations

from games import Game
from games.base import Option

from .i18n import _
from .limits import MAX_CONTENT, clip


def option_line(opt: Option) -> str:
    """One ``/rules`` line: the values and default when the option has them (as people read
    them: "yes/no", "1–3"); a seat number is explained by its description alone."""
    default = (_(" (default {d})", d=opt.value_text(opt.default))
               if opt.default is not None else "")
    values = {
        "choice": "/".join(opt.choices or ()),
        "yesno": _("yes/no"),
        "number": f"{opt.minimum}–{opt.maximum}"
        if opt.minimum is not None and opt.maximum is not None else "",
    }.get(opt.kind, "")
    if values:
        return f"• `{opt.name}`: {values}{default}. {opt.description}".rstrip()
    return f"• `{opt.name}`{default}: {opt.description}".rstrip()


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
    parts.append(game.summary.strip() or _("No summary yet."))
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
