"""A GM's direct correction of a Kozyablo state (the optional contract method ``correct``): what a
forum ruling changes, written as Russian lines and published as a step of its own (KZ-DEF-GM-01).

One change a line; blank lines and ``//`` chatter are skipped; players by name or race in any
case, cards and sectors as a post names them (`correction.read`):

- production: «Анне +2 золота», «у Бориса −1 кристалл», «Трутням: +1 мана»;
- a card moved between the table, a hand, a deck and a discard pile: «карту Шмель №2 Бориса — в
  сброс», «Анне в руку: Оса», «Пыльца из сброса Бориса — наверх колоды», «Шмель Бориса — в
  Золотую шахту-1»;
- damage on a card or a capital: «Шмель №2 Бориса получает 1 урона», «Дикий гилен Бориса лечится
  на 2», «Позорище: урон 3».

Hidden cards stay hidden in the chronicle (`correction.apply`). Nothing is applied if any line has an
error; the state passed in is never changed.
"""

from __future__ import annotations

from letopis.engine.amounts import owner_index
from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.names import NameIndex
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.text import LineKind, PostLine, split_post

from .correction.apply import move, production_fix, wound
from .correction.read import Move, Production, Refusal, read_line
from .data import book_for
from .messages import msg
from .state import State

PREVIEW_SEED = "6b6f7a7961626c6f" * 4  # shuffles of a correction checked without the step's dice


def owners(state: State) -> NameIndex[str]:
    """Players by name, and by race once their capital is known («Трутням», «у Жлобов»)."""
    book = book_for(state)
    entries = [(p.name, f) for f, p in state.players.items()]
    entries += [(book.race_name(p.race), f) for f, p in state.players.items() if p.race]
    return owner_index(entries)


def correct(state: State, text: str, dice: Dice | None = None) -> tuple[State, list[Event], list[Problem]]:
    new = state.clone()
    index = owners(state)
    dice = dice or Dice(PREVIEW_SEED)
    events: list[Event] = []
    problems: list[Problem] = []
    for pl in split_post(text):
        if pl.kind not in (LineKind.TEXT, LineKind.HEADING) or pl.norm.startswith("//"):
            continue
        try:
            patch = read_line(new, pl, index)
            if isinstance(patch, Production):
                if patch.name_note:
                    problems.append(Problem(line=pl.number, col_end=len(pl.original), severity=Severity.NOTE,
                                            kind=ProblemKind.INFO, code="name_read_as",
                                            message=msg("gm.read_as", what=patch.name_note)))
                events += production_fix(new, patch)
            elif isinstance(patch, Move):
                events += move(new, patch, dice)
            else:
                events += wound(new, patch)
        except Refusal as exc:
            problems.append(_problem(pl, exc))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message=msg("gm.empty")))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems


def _problem(pl: PostLine, exc: Refusal) -> Problem:
    start, end = pl.span(*exc.span) if exc.span else (0, len(pl.original))
    return Problem(line=pl.number, col_start=start, col_end=end, kind=exc.kind, code=f"gm.{exc.code}",
                   message=exc.message, hint=exc.hint or msg("gm.examples"), clause="KZ-DEF-GM-01")
