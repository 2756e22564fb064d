"""Le Maitre des Mers images: the table (board) and a player's fleet (hand).

Drawn only from a View (docs/views/maitre-des-mers.md), phone first: 800 px wide and no
text under 20 px (10 px at the ~400 px a phone shows). Everything in this game is public, so the
board never depends on who looks.

The board shows, top to bottom: the title (and the winner by name at the end); the port (its face
-up ships) and the stacks (ship pile count, the goods and treasure stacks with their top card
readable and how many cards lie below); the action of the seat to move (``turn``), or the previous
one (``last_action``, with its outcome) while the next is being announced: the target card, its
combination and slots with the dice placed on it, the dice just rolled and the dice set aside, as
die faces, the goods powers (used ones struck through) and, for an attack, both ships, both dice
and totals and the fight's winner; a legend; each seat's fleet (ships with their cargo), score and
full name, the seat to move flagged.

Never colour alone: a ship family has a colour, a letter (C, F, G) and a hull with 1, 2 or 3
masts; a treasure map is a drawn scroll; a set-aside die is grey and crossed out; a treasure card
says "pts", a goods card its power. Every word is drawn through ``_`` (i18n): the host sets the
language around the call (the game's catalog, ``maitre_des_mers``, holds them with the engine's).
"""

from __future__ import annotations

from .cards import GAME_NAME, WIDTH, _die_image, draw_ship_icon
from .table import board, hand, regions

__all__ = ["GAME_NAME", "WIDTH", "_die_image", "board", "draw_ship_icon", "hand", "regions"]
