"""Le Maître des Mers: the action part of the board (the seat to move's action, or the previous
one with its outcome): target card, dice, goods powers, fights."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.maitre_des_mers.cards import combination_name
from i18n import N_, _, _n, translate

from .. import kit, regions
from .cards import (
    ASIDE_FILL,
    BODY,
    CARD_W,
    COMBINATION_HELP,
    EDGE,
    GOODS_FILL,
    LINE,
    SHIP_H,
    SMALL,
    TITLE,
    WIDTH,
    Box,
    View,
    _draw_slot,
    _name,
    cargo_label,
    draw_die,
    goods_label,
    paste_ship_card,
    paste_target_card,
    power_text,
    ship_info,
    treasure_label,
)

# -- the action -----------------------------------------------------------------------------------
DIE = 50  # die faces in the action (8, the largest pool, fit on one row)
DIE_GAP = 8
LABEL_W = 96  # "placed", "rolled" ... column
DICE_X = EDGE + CARD_W + 20  # the dice column, right of the target card
HEAD_X = EDGE + 50  # action lines, right of the seat mark

Painter = Callable[[Image.Image, ImageDraw.ImageDraw, float], None]


class Piece(NamedTuple):
    """One horizontal piece of the action part: its height and how to draw it at a given y."""

    height: float
    paint: Painter


def _line(text: str, x: float = EDGE, size: int = BODY, bold: bool = False,
          seat: int | None = None, fill: kit.RGB = kit.INK) -> Piece:
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        if seat is not None:
            kit.seat_mark(draw, (EDGE + 18, y + LINE / 2), 16, seat)
        kit.text(draw, (x, y + LINE / 2), text, size, fill, "lm", bold=bold)
    return Piece(LINE, paint)


def _lines(text: str, x: float = EDGE, bold: bool = False, seat: Any = None) -> list[Piece]:
    """``text`` wrapped from ``x`` to the right edge; ``seat``'s mark left of the first line."""
    out = []
    for k, line in enumerate(kit.wrap(text, BODY, WIDTH - EDGE - x)):
        mark = seat if k == 0 and isinstance(seat, int) else None
        out.append(_line(line, x, bold=bold, seat=mark))
    return out


def _gap(height: float) -> Piece:
    return Piece(height, lambda image, draw, y: None)


HEADS: dict[tuple[str, bool], tuple[str, str]] = {
    ("arm", True): (N_("{name} arms {ship}"), N_("Previous action: {name} tried to arm {ship}")),
    ("arm", False): (N_("{name} arms a ship"), N_("Previous action: {name} tried to arm a ship")),
    ("hunt", True): (N_("{name} hunts treasure {card}"),
                     N_("Previous action: {name} hunted treasure {card}")),
    ("hunt", False): (N_("{name} hunts the top treasure"),
                      N_("Previous action: {name} hunted the top treasure")),
    ("buy", True): (N_("{name} buys goods {card}"),
                    N_("Previous action: {name} tried to buy goods {card}")),
    ("buy", False): (N_("{name} buys the top goods card"),
                     N_("Previous action: {name} tried to buy the top goods card")),
    ("attack", True): (N_("{name} attacks {target} of {owner} with {ship}"),
                       N_("Previous action: {name} attacked {target} of {owner} with {ship}")),
    ("attack", False): (N_("{name} attacks {target}"),
                        N_("Previous action: {name} attacked {target}")),
}
"""(action, every part known) -> the action's line (now, once it is over)."""


def _action_head(view: View, action: dict[str, Any], past: bool) -> str:
    """``Alice arms G11`` / ``Previous action: Bob attacked F9 of Alice with C7``."""
    kind = action.get("action")
    target = action.get("target") or {}
    name = _name(view, action.get("seat"))
    if kind == "arm":
        full, fields = bool(target.get("ship")), {"ship": target.get("ship")}
    elif kind in ("hunt", "buy"):
        label = treasure_label(target) if kind == "hunt" else goods_label(target)
        full, fields = bool(target.get("letter")), {"card": label}
    elif kind == "attack":
        fight = action.get("fight") or {}
        a, d = fight.get("attacker") or {}, fight.get("defender") or {}
        theirs = d.get("ship") or target.get("ship") or "?"
        full = bool(d.get("seat") and a.get("ship"))
        fields = {"target": theirs, "owner": _name(view, d.get("seat")), "ship": a.get("ship")}
    else:
        return f"{name}: {kind}"
    return _(HEADS[kind, full][past], name=name, **fields)


def _dice_left(action: dict[str, Any]) -> int | None:
    pool = action.get("pool")
    if not isinstance(pool, int):
        return None
    used = len(action.get("placed") or []) + len(action.get("aside") or [])
    return max(0, pool - used)


def _stage_text(view: View, action: dict[str, Any], past: bool) -> str:
    """What happens now (or how the previous action ended)."""
    if past:
        return _(OUTCOMES.get(action.get("outcome"), OUTCOMES[None]))
    stage = action.get("stage")
    if stage == "stow":
        seat = action.get("seat")
        free = [ship_info(x)["ship"] for x in kit.seat_row(view, seat).get("fleet") or []
                if not ship_info(x)["cargo"]]
        if free:
            return _("{name} chooses a free ship to carry the card: {ships}",
                     name=_name(view, seat), ships=", ".join(free))
        return _("{name} chooses a free ship to carry the card", name=_name(view, seat))
    if stage == "loot":
        return _loot_text(view, action)
    if stage == "dice":
        left = _dice_left(action)
        extra = [str(p) for p in action.get("powers") or []].count("die")
        text = (_("Rolling dice: {left} of {pool} dice left", left=left, pool=action["pool"])
                if left is not None else _("Rolling dice"))
        if extra:  # MM-15: extra-die goods join the pool by themselves
            text = _n("{text} ({n} extra die from goods)", "{text} ({n} extra dice from goods)",
                      extra, text=text)
        return text
    return ""


OUTCOMES = {"success": N_("Outcome: success"), "failure": N_("Outcome: failure"),
            None: N_("Outcome: ended")}
"""How the previous action ended (``last_action.outcome``)."""


def _fleet_ship(view: View, seat: Any, code: Any) -> dict[str, Any]:
    """``code`` as its owner's fleet shows it (cargo, map), else from the code alone."""
    for ship in kit.seat_row(view, seat).get("fleet") or []:
        info = ship_info(ship)
        if info["ship"] == code:
            return info
    return ship_info(code if code is not None else "?")


def _loot_text(view: View, action: dict[str, Any]) -> str:
    fight = action.get("fight") or {}
    winner = fight.get("winner")
    sides = [fight.get(side) or {} for side in ("attacker", "defender")]
    loser = next((f for f in sides if f.get("seat") != winner), {})
    cargo = _fleet_ship(view, loser.get("seat"), loser.get("ship")).get("cargo")
    what = cargo_label(cargo) if cargo else _("the card")
    return _("{name} may loot {card} from {ship} onto a free ship", name=_name(view, winner),
             card=what, ship=loser.get("ship", "?"))


def _dice_pieces(action: dict[str, Any], past: bool) -> list[Piece]:
    """Right of the target card: combination, slots with placed dice, rolled, aside, powers."""
    room = WIDTH - EDGE - DICE_X
    out: list[Piece] = []
    combo = action.get("combination")
    if combo:
        words = (_("{combination}: {help}", combination=translate(combination_name(combo)),
                   help=_(COMBINATION_HELP[combo])) if combo in COMBINATION_HELP else str(combo))
        out += _lines(words, DICE_X, bold=True)
    target = action.get("target") or {}
    if combo == "ship" and target.get("kind") == "ship":
        need = ship_info(target.get("ship", "?")).get("target")
        if need is not None:
            out.append(_line(_("cargo dice total >= {n}", n=need), DICE_X))
    per_line = max(1, (room - LABEL_W + DIE_GAP) // (DIE + DIE_GAP))
    placed = list(action.get("placed") or [])
    slots = action.get("slots")
    slots = max(slots if isinstance(slots, int) else 0, len(placed))
    for start in range(0, slots, per_line):
        out.append(_dice_row(_("placed") if start == 0 else "", placed[start:start + per_line],
                             min(per_line, slots - start), False))
    for key, aside in (("rolled", False), ("aside", True)):
        dice = list(action.get(key) or [])
        if not dice and key == "rolled" and not past and action.get("stage") == "dice":
            out.append(_line(_("rolled"), DICE_X, SMALL, fill=kit.MUTED))
        pickable = key == "rolled" and not past and action.get("stage") == "dice"
        for start in range(0, len(dice), per_line):
            chunk = dice[start:start + per_line]
            out.append(_dice_row(_(ROW_LABELS[key]) if start == 0 else "", chunk, len(chunk),
                                 aside, pickable))
    powers = [str(p) for p in action.get("powers") or []]
    if powers:
        remaining = list(action.get("powers_used") or [])
        chips = []
        for p in powers:  # the same power on two cards: mark as many used as were used
            used = p in remaining
            if used:
                remaining.remove(p)
            chips.append((power_text(p), used))
        for k, line in enumerate(_chip_lines(chips, room - LABEL_W)):
            out.append(_power_row(_("powers") if k == 0 else "", line))
    return out


ROW_LABELS = {"rolled": N_("rolled"), "aside": N_("aside")}


def _dice_row(label: str, dice: list[Any], count: int, aside: bool,
              pickable: bool = False) -> Piece:
    """A labelled row of die faces; past the dice, free slots (dashed) up to ``count``.
    ``pickable``: the dice just rolled, each a region for the one-die choices it names
    (``place 5``, ``discard 5``: never offered at once)."""
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        kit.text(draw, (DICE_X, y + 6 + DIE / 2), label, SMALL, kit.MUTED, "lm")
        for k in range(count):
            at = (DICE_X + LABEL_W + k * (DIE + DIE_GAP), y + 6)
            if k < len(dice):
                draw_die(image, at, dice[k], DIE, aside)
                if pickable and isinstance(dice[k], int):
                    x, top = round(at[0]), round(at[1])  # where draw_die pastes it
                    box = (x, top, x + DIE - 1, top + DIE - 1)
                    for verb in ("place", "discard"):
                        regions.note(image, f"{verb} {dice[k]}", box)
            else:
                _draw_slot(draw, at, DIE)
    return Piece(DIE + 12, paint)


POWER_CHIP_H, POWER_PAD = 38, 12


def _chip_words(label: str, used: bool) -> str:
    return _("{power} used", power=label) if used else label


def _chip_w(label: str, used: bool) -> int:
    return kit.text_width(_chip_words(label, used), SMALL + 2) + 2 * POWER_PAD


def _chip_lines(chips: list[tuple[str, bool]], room: int) -> list[list[tuple[str, bool]]]:
    lines: list[list[tuple[str, bool]]] = [[]]
    x = 0
    for label, used in chips:
        w = _chip_w(label, used) + 8
        if lines[-1] and x + w > room:
            lines.append([])
            x = 0
        lines[-1].append((label, used))
        x += w
    return lines


def _power_row(label: str, chips: list[tuple[str, bool]]) -> Piece:
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        kit.text(draw, (DICE_X, y + 6 + POWER_CHIP_H / 2), label, SMALL, kit.MUTED, "lm")
        x = DICE_X + LABEL_W
        for text, used in chips:
            w = _chip_w(text, used)
            draw_power_chip(draw, (x, y + 6, x + w, y + 6 + POWER_CHIP_H), text, used)
            x += w + 8
    return Piece(POWER_CHIP_H + 12, paint)


def draw_power_chip(draw: ImageDraw.ImageDraw, box: Box, label: str, used: bool) -> None:
    """A goods power: a crate-coloured chip; once used this turn, grey, dashed, "used"."""
    if used:
        draw.rectangle(box, fill=ASIDE_FILL)
        kit.dashed_rect(draw, box, kit.INK, width=2, dash=6)
    else:
        draw.rounded_rectangle(box, radius=6, fill=GOODS_FILL, outline=kit.INK, width=2)
    kit.text(draw, (box[0] + POWER_PAD, (box[1] + box[3]) / 2), _chip_words(label, used), SMALL,
             kit.INK, "lm",
             bold=not used)


def _dice_stage(action: dict[str, Any], past: bool) -> Piece:
    """The target card on the left, the dice column on its right."""
    pieces = _dice_pieces(action, past)
    card_h = SHIP_H - 12

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        paste_target_card(image, (EDGE, y, EDGE + CARD_W, y + card_h), action.get("target"))
        yy = y
        for piece in pieces:
            piece.paint(image, draw, yy)
            yy += piece.height
    return Piece(max(sum(p.height for p in pieces), card_h) + 10, paint)


FIGHT_CARD_W = 170
FIGHT_H = 52 + SHIP_H - 12 + 12


def _fight(view: View, action: dict[str, Any]) -> Piece:
    """Both ships (with their owner's mark), both dice as faces, both totals; the winner's side
    framed thick on the turn colour and marked "WINS"."""
    fight = action.get("fight") or {}
    winner = fight.get("winner")
    half = (WIDTH - 2 * EDGE) / 2

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        for k, side in enumerate(("attacker", "defender")):
            f = fight.get(side) or {}
            x = EDGE + k * half
            seat = f.get("seat")
            won = winner is not None and winner == seat
            draw.rounded_rectangle((x + 2, y, x + half - 6, y + FIGHT_H - 6), radius=10,
                                   fill=kit.TURN_BG if won else kit.BG, outline=kit.INK,
                                   width=4 if won else 1)
            if isinstance(seat, int):
                kit.seat_mark(draw, (x + 30, y + 28), 16, seat)
            kit.text(draw, (x + 60, y + 28), _(SIDES[side][won]), BODY, kit.INK, "lm", bold=won)
            info = _fleet_ship(view, seat, f.get("ship"))
            card = (x + 12, y + 52, x + 12 + FIGHT_CARD_W, y + 52 + SHIP_H - 12)
            paste_ship_card(image, card, info, fill=kit.TURN_BG if won else kit.BG)
            dx = card[2] + 14
            draw_die(image, (dx, y + 56), f.get("die"), 56)
            fire = f.get("firepower", info.get("firepower"))
            kit.text(draw, (dx, y + 136), _("fire {fire} + {die}", fire=fire, die=f.get("die", "?")),
                     SMALL, kit.INK, "lm")
            kit.text(draw, (dx, y + 174), f"= {f.get('total', '?')}", 30, kit.INK, "lm",
                     bold=True)
    return Piece(FIGHT_H + 6, paint)


SIDES = {"attacker": (N_("attacker"), N_("attacker - WINS")),
         "defender": (N_("defender"), N_("defender - WINS"))}
"""A fight's side, as its box titles it (lost, won)."""


def _back_under_pile(view: View, fight: dict[str, Any]) -> str | None:
    """MM-16: the losing ship, when it is in no fleet and not in the port any more."""
    winner = fight.get("winner")
    if winner is None or not view.get("seats"):
        return None
    loser = next((f for f in (fight.get("attacker") or {}, fight.get("defender") or {})
                  if f.get("seat") != winner), {})
    code = loser.get("ship")
    if not code:
        return None
    where = {ship_info(p)["ship"] for p in view.get("port") or []}
    for s in view["seats"]:
        where |= {ship_info(x)["ship"] for x in s.get("fleet") or []}
    return None if code in where else str(code)


def _action_pieces(view: View, action: dict[str, Any], past: bool) -> list[Piece]:
    out = _lines(_action_head(view, action, past), HEAD_X, bold=True, seat=action.get("seat"))
    out.append(_gap(6))
    kind = action.get("action")
    fight = action.get("fight")
    if kind == "attack" and fight:
        winner = fight.get("winner")
        if winner is not None:
            line = (N_("The attacker, {name}, wins the fight")
                    if winner == (fight.get("attacker") or {}).get("seat")
                    else N_("The defender, {name}, wins the fight"))
            out += _lines(_(line, name=_name(view, winner)))
        out.append(_fight(view, action))
        gone = _back_under_pile(view, fight)
        if gone:
            out += _lines(_("{ship} carried nothing: it went back under the ship pile", ship=gone))
    elif kind == "attack" and (action.get("target") or {}).get("kind") == "ship":
        target = ship_info(action["target"].get("ship", "?"))
        out.append(Piece(SHIP_H, lambda image, draw, y: paste_ship_card(
            image, (EDGE, y, EDGE + CARD_W, y + SHIP_H - 12), target)))
    elif kind in ("arm", "hunt", "buy"):
        out.append(_dice_stage(action, past))
    stage = _stage_text(view, action, past)
    if stage:
        out += _lines(stage, bold=True)
    return out


def _draw_action(view: View) -> Image.Image | None:
    """The seat to move's action; while the next action is being announced (or once the game
    is over), the previous one with its outcome."""
    turn = view.get("turn") or None
    last = view.get("last_action") or None
    pieces: list[Piece] = []
    if turn and turn.get("action"):
        title = _("Action")
        pieces += _action_pieces(view, turn, past=False)
    else:
        title = _("Action") if turn else _("Last action")
        if turn:
            seat = turn.get("seat")
            pieces += _lines(_("{name} announces an action: arm, hunt, buy or attack",
                               name=_name(view, seat)), HEAD_X, bold=True, seat=seat)
            pieces.append(_gap(10))
        if last:
            pieces += _action_pieces(view, last, past=True)
    if not pieces:
        return None
    height = 12 + LINE + 8 + sum(p.height for p in pieces) + 10
    image, draw = kit.new_canvas(WIDTH, round(height))
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), title, TITLE, kit.INK, "lm", bold=True)
    y: float = 12 + LINE + 8
    for piece in pieces:
        piece.paint(image, draw, y)
        y += piece.height
    return image

