"""Hints for learners (:mod:`bot.service.rules.hints`): the **Hint** button on the first level of a
mover's private menu, when the table offers hints. Pressing it answers privately, in a message
of its own (the menu stays as it was, to play on): the computer's suggested move and the next
best ones with their estimated chances, as the menu labels them, with the notation /move takes.
"""

from __future__ import annotations

import discord

from bot.service.results import Hint, HintMove, MenuOffers

from ..kit import send
from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import guarded
from ..kit.i18n import _, current, shown

HINT_ROW = 4  # the menu's navigation row, beside Undo (its first level has no Back)


class HintButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tk:hint:",
                 template=r"(?P<channel_id>\d+):(?P<version>\d+)",
                 id_format="{channel_id}:{version}"):
    """Hint in a private menu, for the table version that menu showed (an older one is stale)."""

    def __init__(self, channel_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("Hint"), style=discord.ButtonStyle.secondary, emoji="💡",
            custom_id=self.make_id(channel_id=channel_id, version=version),
        ), row=HINT_ROW)
        self.channel_id = channel_id
        self.version = version

    async def callback(self, interaction: discord.Interaction) -> None:
        await give_hint(interaction, self.channel_id, self.version)


def hint_button(channel_id: int, version: int, offers: MenuOffers) -> list[Item]:
    """Hint on the first level of a mover's menu, at a table with hints on."""
    return [HintButton(channel_id, version)] if offers.hints else []


async def give_hint(interaction: discord.Interaction, channel_id: int, version: int) -> None:
    """The presser's hint, privately (the search takes up to a computer move's time: deferred)."""
    async with guarded(interaction, "hint"):
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await tablee(interaction.client).service.hints.hint(
            channel_id, interaction.user.id, version=version, language=current())
        await send.followup(interaction, hint_text(hint), ephemeral=True)


def percent(chance: float) -> int:
    return round(100 * min(max(chance, 0.0), 1.0))


def move_name(move: HintMove) -> str:
    """"**Attack C9 with F8** (`attack C9 F8`)": the menu's label, and the notation when it
    says something else."""
    label = shown(move.label)
    if label.strip().lower() == move.move.lower():
        return _("**{label}**", label=label)
    return _("**{label}** (`{move}`)", label=label, move=move.move)


def hint_text(hint: Hint) -> str:
    """"Hint: play **…** — about 61% to win. Also good: **…** — 54%; **…** — 40%." and how it
    was made."""
    best, *others = hint.moves
    if best.chance is None:
        lines = [_("**Hint:** play {move}.", move=move_name(best))]
    else:
        lines = [_("**Hint:** play {move} — about {percent}% to win.", move=move_name(best),
                   percent=percent(best.chance))]
    weighed = [m for m in others if m.chance is not None]
    if weighed:
        also = [_("{move} — {percent}%", move=move_name(m), percent=percent(m.chance or 0.0))
                for m in weighed]
        lines.append(_("Also good: {moves}.", moves="; ".join(also)))
    lines.append(_("-# The computer's estimate from what you can see (it does not know what is "
                   "hidden from you). Hints are noted in the game's record, and this game is not "
                   "rated."))
    return "\n".join(lines)
