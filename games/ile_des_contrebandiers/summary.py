"""The ``/rules`` text (Discord markdown). The adapter adds the title, player count and the
options list, so neither is repeated here (budget about 1200 characters). One catalog entry,
so a translator sees the whole text at once."""

from ..text import say

SUMMARY = say("""\
Smugglers sail goods from island to island while the lighthouse beam sweeps the sea.
**Goal:** first to deliver 7 points of goods wins.
**Set-up:** each player puts a boat in an island's harbour (`start H3`).
**Your turn:** in a harbour with an empty boat you take that island's top tile (only you see \
where it goes and its points). Then both dice roll. The yellow die turns the beam 2 or 3 \
sectors (red clockwise, green counter-clockwise, black: `turn cw` or `turn ccw`) or not at all \
(the keeper sleeps). The beam stops on the first sector holding a boat: boats there are caught \
and you throw their tiles overboard next to them (`drop 2c`).
**Sail** up to the white die (`sail 3b 3c H1`), never into the lit sector or a reef. Entering \
another boat's space pushes it (`push 2d` or `swap`) and ends the move. Stop on a floating tile \
to `load` it (or swap yours for it), or `stay`.
**Harbours:** entering one ends the move and shows your tile to all. At its destination you \
score it and take the next tile there.
**End:** 7 points at once, or no tile left (most points wins).""")
