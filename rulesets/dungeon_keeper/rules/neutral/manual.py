"""The Hero's turn written by the GM (``hero_mode`` = gm_manual, DK-GAP-75).

After the last archdemon of a round the neutral phase stops (phase "neutral"): the Hero and the gnome
have begun their turn (poison, regeneration, ОД) and `turns.turn` names the GM's pseudo-faction
``мастер`` (the engine's GM_CORRECTION), since the service seats no "gm" faction. The GM posts through
the correction desk; `resolve_step` hands the text to `DungeonKeeper.correct`, which in this phase
reads it here — with the step's dice, so the Hero's Рвение and his targets' rolls are verifiable:

    Герой: идёт на 20-21, 20-22.      (steps onto adjacent free cells, 1 ОД each)
    Герой: атакует 21-22.             (the unit on that cell, 1 ОД; Рвение as usual)
    Гном: копает 19-20.               (an adjacent undug cell, 1 ОД)
    Герой: стоит.                     (nothing)
    По правилам.                      (the documented behaviour, as in auto_with_review)

Nothing is applied if any line has an error. Then the phase ends as usual: maybe a Hero appears,
a new round begins. A missed deadline (`default_orders` for ``мастер``) is «По правилам».
"""

from __future__ import annotations

import re

from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind

from ...map import geometry as g
from ...orders import cell_text
from ...state import EMPTY, State
from ..actions import combat
from ..chronicle import Chronicle
from ..fate import Fate
from ..turnflow import new_round
from ..world import World
from . import hero as h

GM = "мастер"  # letopis.engine.resolution.GM_CORRECTION
CHECK_SEED = "00" * 32  # dice for a dry check of the GM's text (its state is thrown away)

_LINE = re.compile(r"^(герой|гном)\s*:\s*(.+?)\.?$")
_CELL = re.compile(r"(\d+)\s*-\s*(\d+)")
_MOVE = re.compile(r"^(?:идет|передвигается|шагает|ходит|перемещается)\s+(?:на|в|по)\s+(.+)$")
_ATTACK = re.compile(r"^(?:атакует|бьет|нападает на)\s+(?:юнита\s+)?(?:на\s+)?(\d+)\s*-\s*(\d+)$")
_DIG = re.compile(r"^(?:копает|вскапывает|прокапывает)\s+(?:клетку\s+)?(\d+)\s*-\s*(\d+)$")
_STAND = re.compile(r"^(?:стоит|ждет|отдыхает|ничего не делает)$")
_AUTO = re.compile(r"^(?:по правилам|авто|сам)\.?$")
HINT = "«Герой: идёт на 20-21.», «Герой: атакует 21-22.», «Гном: копает 19-20.», «Герой: стоит.», «По правилам.»"


def waiting(state: State) -> bool:
    """The neutral phase waits for the GM's Hero turn."""
    return state.phase == "neutral" and state.options.hero_mode == "gm_manual"


def _fold(text: str) -> str:
    return re.sub(r"[−–—]", "-", text.strip().lower().replace("ё", "е"))


def _err(n: int, raw: str, message: str) -> Problem:
    return Problem(line=n, col_end=len(raw), kind=ProblemKind.ILLEGAL, code="hero_manual", message=message,
                   hint=HINT, clause="DK-GAP-75")


def _line(w: World, ch: Chronicle, fate: Fate, who: str, act: str) -> str | None:
    """Carry out one GM line for the Hero or the gnome; the reason when it cannot be done."""
    uid = h.HERO if who == "герой" else h.GNOME
    name = "Герой" if uid == h.HERO else "Гном"
    u = w.unit(uid)
    if u is None:
        return f"{name}а нет на карте."
    if _STAND.match(act):
        return None
    if m := _MOVE.match(act):
        cells = [(int(r), int(c)) for r, c in _CELL.findall(m[1])]
        if not cells:
            return "Не указано, на какие клетки идти."
        for cell in cells:
            u = w.unit(uid)
            assert u is not None
            if u.ap <= 0:
                return f"У {name.lower()}а не осталось ОД для шага на {cell_text(cell)}."
            if not g.adjacent(u.cell, cell) or not h._can_step(w, u.cell, cell):
                return f"{name} не может шагнуть с {cell_text(u.cell)} на {cell_text(cell)}: клетка не рядом, " \
                       "не вскопана, занята или за углом."
            h._step(w, ch, uid, cell)
        return None
    if m := _ATTACK.match(act):
        cell = (int(m[1]), int(m[2]))
        targets = [t for t in w.units_at(cell) if t.owner is not None]
        if not targets:
            return f"На {cell_text(cell)} нет юнита архидемона."
        if u.ap <= 0:
            return f"У {name.lower()}а не осталось ОД."
        if not g.adjacent(u.cell, cell) or not combat.can_strike(w, u, targets[0].id):
            return f"{name} не достаёт до {cell_text(cell)}: бьёт только соседнюю клетку, не через угол."
        h._spend(w, uid)
        combat.attack_unit(w, ch, fate, uid, targets[0].id)
        return None
    if m := _DIG.match(act):
        cell = (int(m[1]), int(m[2]))
        if uid != h.GNOME:
            return "Копает только гном (DK-HERO-02)."
        if u.ap <= 0:
            return "У гнома не осталось ОД."
        if not w.inside(cell) or not w.undug(*cell) or not g.adjacent(u.cell, cell):
            return f"Гном не может вскопать {cell_text(cell)}: клетка не рядом или уже вскопана."
        h._spend(w, uid)
        w.set_terrain(cell, EMPTY)
        if ch.on:
            ch.add("gnome_digs", "DK-HERO-02", cell=cell_text(cell), data={"cell": list(cell)})
        return None
    return "Не понимаю приказ Герою или гному."


def finish(w: World, ch: Chronicle, fate: Fate) -> None:
    """The end of the neutral phase: maybe a Hero appears, then a new round (DK-GAP-74, DK-GAP-09)."""
    h.maybe_spawn(w, ch, fate)
    new_round(w, ch, fate)


def auto(w: World, ch: Chronicle, fate: Fate) -> None:
    """«По правилам» / a missed deadline: the documented behaviour, then the end of the phase."""
    h.auto_turns(w, ch, fate, started=True)
    finish(w, ch, fate)


def correct(state: State, text: str, dice: Dice | None = None) -> tuple[State, list[Event], list[Problem]]:
    """The GM's Hero turn (see the module docstring); nothing applied on any error."""
    w = World(state)
    w.arrows = []
    ch = Chronicle(w)
    fate = Fate(dice if dice is not None else Dice(CHECK_SEED))
    problems: list[Problem] = []
    lines = [(n, raw, _fold(raw)) for n, raw in enumerate(text.splitlines(), start=1)]
    lines = [x for x in lines if x[2] and not x[2].startswith("//")]
    if not lines:
        return state, [], [Problem(line=1, code="empty_correction", message="Напишите ход Героя и гнома.", hint=HINT)]
    if len(lines) == 1 and _AUTO.match(lines[0][2]):
        auto(w, ch, fate)
        return w.commit(), ch.events, []
    for n, raw, line in lines:
        m = _LINE.match(line)
        why = _line(w, ch, fate, m[1], m[2].strip()) if m else "Строка должна начинаться с «Герой:» или «Гном:»."
        if why is not None:
            problems.append(_err(n, raw, why))
    if problems:
        return state, [], problems
    finish(w, ch, fate)
    return w.commit(), ch.events, []
