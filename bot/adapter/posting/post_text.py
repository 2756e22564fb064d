"""The table post's text: what happened since the last post, whose turn it is, the clock.

Lines the service marked transient (a hidden value shown once) carry a mark, so the text without
them (``plain``) can replace the post's at the next move. Pure: no Discord, no service.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import replace

from bot.service.results import PublicPost

from ..kit.i18n import _, _n, shown
from ..kit.limits import MAX_CONTENT

TRANSIENT_MARK = "👁️ "


def compose(
    post: PublicPost, closed_dms: Iterable[int] = (), still: Mapping[int, str] | None = None,
    *, status: bool = True, rematch: bool = True,
) -> tuple[str, str]:
    """(content, content once the transient lines are dropped), each within 2000 characters;
    the oldest log lines give way first. ``still``: user id -> name of people to move who just
    acted themselves; they are named, not mentioned (nobody is pinged about their own move).
    Each person to move has one line, their running clock on it (:func:`running_out`).
    ``status`` False: without the status line (a V2 post has it in its header); ``rematch``
    False: a game's end offers no Rematch (a tournament's game)."""
    closed = set(closed_dms)
    still = still or {}
    tail = [shown(post.status)] if post.status and status else []
    timed = running_out(post)
    if post.finished and not rematch:
        tail.append(_("🏁 The game is over: the tournament post shows the standings."))
    elif post.finished:
        tail.append(_("🏁 The game is over. Press **Rematch** to play again with the same "
                      "players, or /play for another game."))
    else:
        for user_id in post.to_move_user_ids:
            if user_id in still:
                line = _("**{name}** moves again.", name=shown(still[user_id]))
            elif user_id in closed:
                line = _("<@{id}>, your turn. I couldn't DM you: your hand is under **My hand / "
                         "Play**.", id=user_id)
            else:
                line = _("<@{id}>, your turn: press **My hand / Play**.", id=user_id)
            if timed is not None and user_id == timed[0]:  # their time, on their one line
                line += " " + _("⏳ Time runs out <t:{when}:R>.", when=timed[1])
            tail.append(line)
    tail += clock_lines(post)
    lines = [TRANSIENT_MARK + shown(text) if transient else shown(text)
             for text, transient in post.in_order()]

    def join(with_transient: bool, log_lines: list[str], dropped: int) -> str:
        head = [_n("… ({n} earlier line)", "… ({n} earlier lines)", dropped)] if dropped else []
        kept = log_lines if with_transient else [x for x in log_lines if not is_transient(x)]
        return "\n".join(head + kept + tail)

    dropped = 0
    while len(join(True, lines, dropped)) > MAX_CONTENT and lines:
        lines.pop(0)
        dropped += 1
    full = join(True, lines, dropped)[:MAX_CONTENT]
    plain = join(False, lines, dropped)[:MAX_CONTENT]
    return full, plain


def pinged(post: PublicPost, still: Mapping[int, str],
           mentioned: Collection[int] | None = None) -> list[int]:
    """The only people a post pings: those whose turn starts with it, of them only the
    ``mentioned`` (who chose a mention and are outside their quiet hours) when given."""
    return [u for u in post.to_move_user_ids
            if u not in still and (mentioned is None or u in mentioned)]


def continued(shown: list[tuple[str, bool]], post: PublicPost) -> PublicPost:
    """The post edited in place during one turn: the lines already shown (minus values shown
    once, which the next move drops) followed by the new ones."""
    lines = [(t, False) for t, transient in shown if not transient] + post.in_order()
    return replace(post, ordered_lines=lines)


def is_transient(line: str) -> bool:
    return line.startswith(TRANSIENT_MARK)


def strip_transient(content: str) -> str:
    return "\n".join(line for line in content.split("\n") if not is_transient(line))


def running_out(post: PublicPost) -> tuple[int, int] | None:
    """(who, when: Unix seconds) of a running clock whose person is to move on the post: their
    time goes on their turn line, said once (None: no such clock)."""
    clock = post.clock
    if (clock is None or post.finished or clock.timed_out or clock.deadline is None
            or clock.user_id not in post.to_move_user_ids):
        return None
    return clock.user_id, int(clock.deadline)


def clock_lines(post: PublicPost) -> list[str]:
    """The post's sentences about the clock and absent players (after whose turn it is); a
    running clock of a person to move is on their turn line instead (:func:`running_out`)."""
    clock = post.clock
    if clock is None or post.finished:
        return []
    lines = []
    name = shown(clock.name)
    if clock.timed_out and name:
        if clock.can_skip:
            lines.append(_("The others may **Skip** {name}'s turn or let a computer play for them.",
                           name=name))
        else:
            lines.append(_("The others may let a computer play for {name}.", name=name))
    elif clock.deadline is not None and name and running_out(post) is None:
        lines.append(_("⏳ {name}'s time runs out <t:{when}:R>.", name=name,
                       when=int(clock.deadline)))
    if clock.away_until is not None and name and not clock.timed_out:
        lines.append(_("🏖️ {name} is away until <t:{when}:f>: their clock waits for them.",
                       name=name, when=int(clock.away_until)))
    if clock.replaced:
        lines.append(_("🤖 A computer plays for {names} until they press **I'm back**.",
                       names=", ".join(shown(n) for n in clock.replaced)))
    if clock.takeable:
        lines.append(_("Not playing? Press **Take seat …** to play such a seat from now on, once "
                       "a player accepts."))
    if clock.end_offer:
        lines.append(_("Fewer than two people are playing now: press **End the game** to stop "
                       "without a result, or play on."))
    return lines
