"""The Discord adapter: discord.py on top of the table service. It turns interactions into
service calls and the service's results into messages; it holds no game state (the service and
its store are the only source of truth). Its rooms, the extensions the bot loads and where their
components appear, are listed in :mod:`bot.adapter.rooms`; its table posts go out through
:mod:`bot.adapter.posting.poster`."""
