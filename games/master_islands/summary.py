"""The ``/rules`` text (Discord markdown). The adapter adds the title, player count and the
options list (from ``Option.description``), so neither is repeated here; the whole reply must
stay under Discord's 2000 characters, hence this budget of about 1200 (in every language)."""

from ..text import say

SUMMARY = say("""\
Build a map of island cards and collect lines worth exactly 10.
**Set-up:** 3 hidden cards each; the start card at 0,0 holds everyone's two galleons.
**Your turn:**
1. **Discovery**: in either order, `place` a card from your hand next to a card holding your \
galleon, and `sail` a galleon one step N/E/S/W onto a card. If the placed card matches the \
colour of an adjacent card with your galleon: `again` (one more Discovery) or `stop`.
2. **Conquest**: `take` one alignment (cards on a row, column or diagonal, gaps allowed, no \
galleon on them, summing to 10) or `pass`.
3. **Supply**: draw back to 3 cards.
Taken cards leave holes: cards may fill them, galleons never enter them.
**Win:** 12 cards (2 players), 10 (3) or 8 (4). Drawing the last card ends the game: most \
cards wins, then highest sum; still tied, the win is shared.
**Coop:** seats 1 & 3 against 2 & 4, one galleon each; a team needs 12 cards.
**Corsair:** the corsair (two galleons, no cards) hunts the crew (one galleon each). Each \
round: the crew's Discoveries, up to 4 corsair moves (`sail`, `done`), then each crew player's \
Conquest and Supply. The crew needs 12 cards together in time.
**Moves:** `place B4 1,0` · `sail 2 W` · `again` / `stop` · `take 1,0 2,1 3,2` · `pass` · `done`
""")
