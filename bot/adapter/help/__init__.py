"""The help room: /help, naming the games offered and where their rules are read."""
