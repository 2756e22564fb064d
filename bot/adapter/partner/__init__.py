"""The partner room: /partner, offered only when some game has a partner channel."""
