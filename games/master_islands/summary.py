"""The ``/rules`` text (Discord markdown, under 1800 characters)."""

SUMMARY = """\
**Master Islands** — 2–4 players. Build a map of island cards and collect lines worth 10.
**Set-up:** 3 cards each (hidden), the start card at 0,0 with everyone's two galleons on it.
**Your turn:**
1. **Discovery** — do both, in either order: `place` a card from your hand next to a card \
holding one of your galleons, and `sail` one galleon one step N/E/S/W onto a card. Play so that \
both stay possible. If the card you placed matches the colour of an adjacent card with your \
galleon, you may play another Discovery (`again`) or `stop`.
2. **Conquest** — you may `take` one alignment: cards on one row, column or diagonal (gaps \
allowed), none holding a galleon, summing to exactly 10. Or `pass`.
3. **Supply** — draw back to 3 cards (automatic).
Removed cards leave holes: cards may be placed there, galleons never enter them.
**Win:** 12 cards (2 players), 10 (3) or 8 (4). If someone draws the last card, most cards \
wins, then highest sum; still tied, the win is shared.
**Coop** (4 players): seats 1 & 3 vs 2 & 4, one galleon each; a team needs 12 cards.
**Corsair** (3–4): the corsair (two galleons, no cards) blocks the crew (one galleon each). \
Each round: the crew plays its Discoveries, the corsair makes up to 4 moves (`sail`, `done`), \
then each crew player may take an alignment and draws. The crew needs 12 cards together within \
10/7/4 rounds (easy/medium/hard).
**Moves:** `place B4 1,0` · `sail 2 W` · `again` / `stop` · `take 1,0 2,1 3,2` · `pass` · `done`
"""
