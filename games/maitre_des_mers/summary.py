"""The ``/rules`` text (Discord markdown). The adapter adds the title, player count and the
options list, so neither is repeated here (budget about 1200 characters). One catalog msgid, so
a translator sees the whole text at once."""

from ..text import say

SUMMARY = say("""\
Shipowners of the 17th century race for treasure with five dice and a port of ships.
**Your turn:** announce one action, then roll.
• `arm <ship>` a ship of the port: a 6, a 5, a 4 and two cargo dice worth at least its number.
• `hunt` the top treasure (needs a ship with the map icon and a free ship).
• `buy` the top goods card (needs a free ship).
• `attack <your ship> <seat>:<ship>`: a ship of another family with equal or more firepower.
**Dice:** after each roll, `place` at least one die on the card so it can still be completed; \
placed dice stay. If nothing fits, `discard` one die for the turn. Roll the rest until the card \
is complete or the dice run out. Won goods and treasures go under a free ship (one card per \
ship, `stow`).
**Goods** help once per turn on your own dice: flip a die (7 − x), +1, −1, reroll, or an \
extra die.
**Fights:** each side rolls one die plus firepower (number − 6); the attacker wins ties. The \
winner may `loot` the loser's card onto a free ship; a losing ship with nothing aboard goes \
under the pile.
**End:** when the port is empty. Score: treasures carried, +5 per complete family of 4 ships. \
Ties: larger fleet, then more firepower.""")
