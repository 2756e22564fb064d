"""The rooms of the Discord adapter, read in one place: the extensions the bot loads, in order,
and where their components appear, in the order people see them.

Each room is a package (``lobby``, ``play``, ``clock``, …) whose ``extension`` module is loaded
as a discord.py extension (``bot.load_extension``): it holds only :func:`setup`, which adds the
room's commands, cogs and components to the bot; the code is in the modules beside it.
discord.py runs an extension's module afresh at each load and forgets its submodules when it is
unloaded (the bot's close), so the extension is a leaf module holding no class and no state. A
button on table posts or an item of the mover's menu is shown only when named in
:data:`LAYOUT`.
"""

from __future__ import annotations

from .clock.clock import clock_buttons
from .clock.substitutes import seat_buttons
from .history.analysis import analysis_button
from .kit.components import Layout
from .live.activity import open_table_button
from .live.live import live_buttons
from .lobby.rematch import rematch_button
from .play.hints import hint_button
from .play.table_buttons import table_buttons
from .play.undo import undo_button

EXTENSIONS = (
    "bot.adapter.lobby.extension",     # /play <game>, /rules, /tables, lobby posts, Rematch
    "bot.adapter.play.extension",      # My hand / Play, Board, Rules, the move menu, /move …
    "bot.adapter.clock.extension",     # the turn clock's buttons, empty seats, /leave
    "bot.adapter.history.extension",   # /history, /replay, /analysis, /stats, /leaderboard
    "bot.adapter.settings.extension",  # /settings
    "bot.adapter.notifications.extension",  # /notifications (its panel), /dms
    "bot.adapter.live.extension",      # Watch live, Play in browser, Open table
    "bot.adapter.partner.extension",   # /partner, when some game has a partner channel
    "bot.adapter.vacation.extension",  # /vacation, away from the slow tables
    "bot.adapter.tournament.extension",  # /tournament, its post, its rounds run by the bot
    "bot.adapter.seasons.extension",   # /season start, end, list; a season's champion
    "bot.adapter.help.extension",      # /help
)
"""The rooms, loaded in this order at start-up (:meth:`.client.TableeBot.setup_hook`)."""

LAYOUT = Layout(
    table_post=(
        table_buttons,      # My hand / Play, Board, Rules (while the game is on)
        live_buttons,       # Watch live, Play in browser (the live table page)
        open_table_button,  # Open table (the Activity)
        clock_buttons,      # Skip, Computer plays for …, I'm back, End the game
        seat_buttons,       # Take seat n (name), where a computer plays for someone
        rematch_button,     # Rematch (the game is over)
        analysis_button,    # Analysis (the game is over)
    ),
    move_menu=(
        undo_button,        # Undo, when the service offers it
        hint_button,        # Hint, at a table with hints on
    ),
)
"""The buttons of every table post and the extra items of a mover's first menu level."""
