"""The Discord adapter: discord.py on top of the table service. It turns interactions into
service calls and the service's results into messages; it holds no game state (the service and
its store are the only source of truth). Its components are listed in
:mod:`bot.adapter.kit.components`; its table posts go out through
:mod:`bot.adapter.posting.poster`."""
