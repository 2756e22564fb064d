"""/vacation: away from a server's slow tables (:mod:`bot.service.vacation`)."""
