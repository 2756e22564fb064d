"""Tournaments: /tournament, the tournament post, its rounds run by the bot
(:mod:`bot.service.tournaments`)."""
