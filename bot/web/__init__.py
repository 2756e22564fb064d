"""The live table in a browser (and inside Discord as an Activity): an aiohttp server in the
bot's own process, off unless ``[web] listen`` is set. It reads tables and plays moves through
the same :class:`~bot.service.Services` as Discord; it imports neither discord nor the
adapter (the app wires the two with plain callables)."""
