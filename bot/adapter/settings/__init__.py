"""The settings room: /settings language and /settings tables, for a server's admins."""
