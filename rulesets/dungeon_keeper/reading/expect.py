"""What a Dungeon Keeper turn expects, for a post with no order at all (issue 9, kind 8).

A post of chatter only is not a turn: `letopis.engine.reading.require_an_order` refuses it with
what the step expects and an example built from the poster's own units («Имп №1: перемещается на
36-15.» for an imp that can step onto 36-15). A post that says it passes («пропускаю ход», «пас»,
«Имп №2: отдыхает», «Конец хода.») is a turn and is left alone.
"""

from __future__ import annotations

from letopis.engine.answers import Answer, answer_of_post

from ..map.geometry import adjacent
from .view import View

EXPECTED = "приказы своим юнитам («Имп №1: перемещается на 36-15.») или действия архидемона («Призываю беса.»)"
_PASS_WORDS = ("пропускаю ход", "пропуск хода", "пас", "ход пропускаю", "ничего не делаю", "стоим", "отдыхаем")


def explicit_pass(lines: list[str]) -> bool:
    """Whether the post only says that the player does nothing this turn."""
    said = [x.strip().lower().rstrip(".!") for x in lines if x.strip()]
    if any(x in _PASS_WORDS for x in said):
        return True
    return answer_of_post(said) in (Answer.NOTHING, Answer.NO)


def example(view: View) -> str | None:
    """A move of the poster's first unit onto a free cell next to it, or None."""
    for u in view.own_units():
        if u.cell is None:
            continue
        r, c = u.cell
        for cell in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            if view.inside(cell) and not view.solid(*cell) and not view.units_at(cell) and adjacent(u.cell, cell):
                label = view.label(u).text(capital=True)
                return f"{label}: перемещается на {cell[0]}-{cell[1]}."
    return None
