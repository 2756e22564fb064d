"""The lobby room: opening a table (/play <game>, /rules), its lobby post and settings panel,
/tables listing the server's open tables, and Rematch on a finished game's post."""
