"""The Discord adapter: a thin layer turning interactions into table-host calls and host results
into messages. It holds no game state; the host is the only source of truth."""
