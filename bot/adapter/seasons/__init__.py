"""/season start, end and list: a game's seasons on a server, and their champions announced
(:mod:`bot.service.seasons`)."""
