"""The application: the command line, the runner (config, database, Discord client), the
offline tools (demo, replay, migrate, rebuild-ratings) and the process settings."""
