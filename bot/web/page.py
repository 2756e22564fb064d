"""The table page's HTML: a shell the script in ``/static/table.js`` fills from the WebSocket's
state. Nothing of the table is in it but its id and the page's words in its language, so it holds
no hidden information and no token (a personal token travels in the address's fragment, which
never reaches the server).

The words are in a JSON block (``#tablee-page``: ``{"table", "lang", "activity", "words"}``) that
table.js reads; each is a catalog sentence (domain ``host``), its ``{fields}`` filled by the page.
"""

from __future__ import annotations

import json
from html import escape

import i18n
from games.text import Text, say

from .links import NOT_WATCHING

WORDS: dict[str, Text] = {
    "title": say("Live table"),
    "players": say("Players"),
    "moves": say("Last moves"),
    "board": say("The board"),
    "hand": say("Your hand"),
    "loading": say("Loading the table…"),
    "to_move": say("to move"),
    "computer": say("computer"),
    "you": say("you"),
    "clock": say("{time} left"),
    "clock_of": say("{name}: {time} left"),
    "seat_of": say("Seat {seat} · {name}"),
    "waiting": say("Waiting for the other players."),
    "your_move": say("Your move:"),
    "choose": say("Choose…"),
    "back": say("Back"),
    "sending": say("Sending your move…"),
    "refused": say("The move was refused; try again."),
    "network": say("The move could not be sent: check your connection, then try again."),
    "reconnecting": say("Connection lost; reconnecting…"),
    "activity_failed": say("Discord could not sign you in; close the Activity and open it "
                           "again."),
    "not_watching": NOT_WATCHING,
}
"""Every word the page shows by itself (the rest comes translated in the State)."""


def page_words(lang: str) -> dict[str, str]:
    """:data:`WORDS` in language ``lang``, their ``{fields}`` left for the page to fill."""
    return {key: i18n.translate(text.template, lang) for key, text in WORDS.items()}


def _json_block(data: object) -> str:
    """``data`` as JSON safe inside a <script> element (no ``</script>`` can close it)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def page_html(table: int, lang: str, title: str, *, activity: bool = False,
              client_id: int | None = None) -> str:
    """The page of table ``table`` in language ``lang`` ("en" or "fr"), titled ``title``;
    ``activity``: the page waits for the Activity's script (``activity.js``) to start it with
    the person's token, instead of starting by itself (table.js also knows an Activity launch
    by Discord's ``frame_id`` and ``instance_id`` in the address); ``client_id``: the
    Activity's application id (public: it names the discordsays.com host), when configured."""
    words = page_words(lang)
    config = _json_block({"table": str(int(table)), "lang": lang, "activity": activity,
                          "client_id": str(int(client_id)) if client_id else None,
                          "words": words})
    lang = escape(lang, quote=True)
    w = {key: escape(value) for key, value in words.items()}
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/table.css">
<script id="tablee-page" type="application/json">{config}</script>
<script src="/static/table.js" defer></script>
</head>
<body data-table="{int(table)}" data-lang="{lang}">
<header class="top">
<h1 id="game">{escape(title)}</h1>
<p id="status">{w["loading"]}</p>
<p id="clock" hidden></p>
<p id="connection" role="status" hidden></p>
<p id="notice" role="alert" hidden></p>
</header>
<main class="table">
<figure id="board"><img id="board-image" alt="{w["board"]}"><div id="regions"></div></figure>
<div class="side">
<section id="players"><h2>{w["players"]}</h2><ol id="seats"></ol></section>
<section id="moves" hidden><h2>{w["moves"]}</h2><ol id="lines"></ol></section>
</div>
<section id="you" hidden>
<p id="you-name"></p>
<figure id="hand" hidden><div id="hand-frame"><img id="hand-image" alt="{w["hand"]}"><div id="hand-regions"></div></div></figure>
<div id="menu"></div>
</section>
</main>
</body>
</html>
"""
