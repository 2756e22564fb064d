"""Helpers shared by the command-line tools (``python -m games``, ``python -m bot demo``, the
benches): reading ``--option key=value`` pairs, listing the games and their options for
``--help``, and the percentile every bench quotes."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .echo import echo
from .options import BadOptions, Option
from .registry import all_games


def option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``["mode=coop", "first=2"]`` -> ``{"mode": "coop", "first": "2"}``; BadOptions for a
    pair without ``=`` or without a key."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOptions(f"--option takes key=value, not '{echo(pair)}'")
        out[key.strip()] = value.strip()
    return out


def option_help(opt: Option) -> str:
    """One option as ``--help`` lists it: "mode=standard|coop|corsair (default standard)"."""
    if opt.kind == "choice":
        values = "|".join(opt.choices or ())
    elif opt.kind == "yesno":
        values = "yes|no"
    elif opt.kind == "seat":
        values = "SEAT"
    else:
        values = f"{opt.minimum if opt.minimum is not None else 0}..{opt.maximum if opt.maximum is not None else 'N'}"
    # a choice's default as people type it (its choice_texts are for menus, not the command line)
    default = opt.default if opt.kind == "choice" and opt.default is not None else opt.value_text(opt.default)
    return f"{opt.name}={values} (default: {default})"


def counted(n: int, one: str, many: str) -> str:
    """"1 server", "2,345 servers": a count and its noun for the command-line tools' and the
    log's English sentences (what players read is translated with ``say_n``)."""
    return f"{n:,} {one if n == 1 else many}"


def games_help(*, options: bool = True) -> str:
    """Every game with its player counts and (``options``: for tools that take ``--option``)
    its options, for the ``--help`` of the command-line tools (English: the people who run
    them are server owners and developers)."""
    lines = ["games and their options (--option KEY=VALUE):" if options else "games:"]
    for game in all_games():
        lines.append(f"  {game.id}: {game.name}, {game.min_players}-{game.max_players} players")
        if options:
            lines += [f"      {option_help(opt)}" for opt in game.options]
    return "\n".join(lines)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method: the smallest value with at least
    ``q`` of the values at or below it. Raises ValueError on no values."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]
