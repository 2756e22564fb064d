"""L'île des contrebandiers images: the round sea (board) and a player's own tile (hand).

Drawn only from a View (docs/views/ile-des-contrebandiers.md), phone first: 800 px wide
and no text under 20 px (10 px at the ~400 px a phone shows).

The board shows, top to bottom: the title with the turn's prompt ("Alice sails up to 3", "Alice
drops Bob's tile"), or the winner by name, the reason and the final scores once the game is over;
the sea: the lighthouse at the centre, 3 rings x 10 sectors with every space named (``1a`` ..
``3j``), the lit sector (``beam``) as a bright wedge striped with rays from the lighthouse through
the three rings, reefs (dark, hatched, with rocks), the anchor space ``3f`` (an anchor), the five
islands outside with their harbour ``Hk`` (a round basin joined by a quay to the outer space of
sector 2k), name and goods left; boats as seat marks on their spaces (side by side in a harbour),
each loaded boat with a small tile chip ("?" while hidden, island letter + points once shown to
all), floating tiles (crates: "?" or letter + points), the path just sailed (a cased line with
arrowheads), the last move's spaces framed; the dice of the turn (the yellow lighthouse die with
its arrows or the sleeping keeper, the white die with pips, both said in words too); a legend;
a panel with each seat's mark, full name, score, boat, tile and delivered tiles.

Never colour alone: the lit sector has rays, reefs have hatching and rocks, tile chips carry "?"
or text, the yellow die's arrows point their way (and are counted), and words say every die.
A boat's tile is drawn face up on the public board only when ``shown`` is true, so the board
never depends on who looks (the owner's view carries its own tile's face).

Words are drawn in the current language (:func:`i18n._`; the host sets it around the call); the
island names are translated from the view's code words, so the chips' letters follow the
language (French: gemmes G, pièces P, bijoux B, vases V, tonneaux T).
"""

from __future__ import annotations

from .drawings import _die_image
from .geometry import GAME_NAME, SEA_H, SECTORS, WIDTH, YELLOW_DIE
from .paint import draw_fan
from .sea import _fan
from .table import board, hand, regions
from .words import named_text, path_points, public_face

__all__ = ["GAME_NAME", "SEA_H", "SECTORS", "WIDTH", "YELLOW_DIE", "_die_image", "_fan", "board",
           "draw_fan", "hand", "named_text", "path_points", "public_face",
           "regions"]
