"""The table page's HTML: a shell the script in ``/static/table.js`` fills from the WebSocket's
state. Nothing of the table is in it but its id, so it holds no hidden information and no
token (a personal token travels in the address's fragment, which never reaches the server)."""

from __future__ import annotations

from html import escape


def page_html(table: int, lang: str, title: str) -> str:
    """The page of table ``table`` in language ``lang`` ("en" or "fr"), titled ``title``."""
    lang = escape(lang, quote=True)
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/table.css">
<script src="/static/table.js" defer></script>
</head>
<body>
<div id="app" data-table="{int(table)}" data-lang="{lang}"></div>
</body>
</html>
"""
