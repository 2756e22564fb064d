"""``/vacation``: away from this server's slow tables (speed daily) for some days, privately
answered (the rules: :mod:`bot.service.rules.vacation`).

One command, one option: ``/vacation days:N`` goes away for N days, ``/vacation days:0`` comes
back early, ``/vacation`` alone says whether one is away and what is left of the server's
yearly allowance. Every answer shows what is left. Where it is the person's turn, the table gets
a fresh post saying they are away until when (or that their clock runs again). Away means quiet
(:mod:`bot.service.rules.held`): the turns held for their waiting-list DM move to their return
(going away), or come now (back early), once the fresh posts are out (those do not ping them for
a turn their waiting list tells)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service.results import TableInfo, Vacation
from bot.service.rules.vacation import MOST_DAYS

from ..help.help import command_name
from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.errors import guarded
from ..kit.i18n import _, _n, current
from ..kit.installs import servers_only
from ..kit.translator import OPTIONS, localised_name


def typed(days: str) -> str:
    """``/vacation days:0`` as the reader's Discord shows it (``/vacances jours:0``)."""
    code = current()
    option = localised_name("days", OPTIONS["days"], code) or "days"
    return f"{command_name('vacation', code)} {option}:{days}"


def tables_text(tables: list[TableInfo]) -> str:
    """The tables as links: "Toy Cards in #table"."""
    return ", ".join(_("{game} in <#{channel}>", game=t.game_name, channel=t.channel_id)
                     for t in tables)


def vacation_text(vacation: Vacation, *, came_back: bool = False, went: bool = False) -> str:
    """The private answer: where they stand, what is left, the tables refusing vacation."""
    lines = []
    if went and vacation.away_until is not None:
        lines.append(_("🏖️ You are away until <t:{when}:f>: your clock waits for you at this "
                       "server's daily tables. Live tables and tables without a clock go on as "
                       "usual. You may still play while away.", when=int(vacation.away_until)))
        lines.append(_("Until then, your turns at this server's daily tables and tables "
                       "without a clock neither mention you nor send you a DM: once you are "
                       "back, one DM lists the tables waiting for you (if you chose to be told "
                       "of your turn with /notifications)."))
    elif vacation.away_until is not None:
        lines.append(_("🏖️ You are away until <t:{when}:f>.", when=int(vacation.away_until)))
    elif came_back:
        lines.append(_("Welcome back: your clock runs again at this server's daily tables, with "
                       "the time you did not spend away."))
    else:
        lines.append(_("You are not away."))
    lines.append(_n("This server allows {allowance} day of vacation a calendar year (UTC), a "
                    "day begun counting as a day: {left} left this year.",
                    "This server allows {allowance} days of vacation a calendar year (UTC), a "
                    "day begun counting as a day: {left} left this year.",
                    vacation.allowance, allowance=vacation.allowance, left=vacation.days_left))
    if vacation.refusing:
        lines.append(_n("This table refuses vacation, so your clock runs there: {tables}.",
                        "These tables refuse vacation, so your clock runs there: {tables}.",
                        len(vacation.refusing), tables=tables_text(vacation.refusing)))
    if vacation.away_until is not None:
        lines.append(_("`{command}` brings you back early and gives back the whole days not "
                       "begun.", command=typed("0")))
    else:
        lines.append(_("`{command}` pauses your clock at this server's daily tables for N days.",
                       command=typed("N")))
    return "\n".join(lines)


class VacationCommands(ServiceCog):

    @servers_only(user_install=False)
    @app_commands.command(
        name="vacation",
        description=_("Pause your clock at this server's daily tables for some days, or come back"))
    @app_commands.describe(days=_("Days away (0: back now; leave it out to see your allowance)"))
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, MOST_DAYS] | None = None) -> None:
        async with guarded(interaction, "/vacation"):
            require_guild(interaction)
            await send.defer_private(interaction)  # before any read: Discord waits 3 s
            guild_id = interaction.guild_id
            assert guild_id is not None
            user_id = interaction.user.id
            service = self.service.vacation
            if days is None:
                text = vacation_text(await service.status(guild_id, user_id))
            elif days == 0:
                back = await service.end_early(guild_id, user_id)
                for outcome in back.posts:
                    await self.poster.publish(outcome)
                text = vacation_text(back, came_back=back.back)
            else:
                away = await service.go_away(guild_id, user_id, days)
                for outcome in away.posts:
                    await self.poster.publish(outcome)
                text = vacation_text(away, went=True)
            if days is not None:
                await self.service.notices.rescheduled(user_id)
            await send.followup(interaction, text, ephemeral=True)
