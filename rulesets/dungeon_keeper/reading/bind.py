"""From what a clause says to an order: names resolved against the state at that line.

Stage two of reading. A `Clause` (`syntax`) names units, buildings, cells; the `Binder`
finds them in the `View` (the state plus the post's earlier orders), decides what the text leaves
open («копает» digs or mines, DK-IMP-03/05; a path for «перелетает на 14-15»; which imp when only
one can), and builds the order models of `orders.py`. What it cannot decide is an `Issue`:
unreadable (with an example), ambiguous (with the candidates, DK-GAP-15) or not possible (a unit
that does not exist). Legality proper — ОД, adjacency, mana — is the checker's job afterwards.

The order kinds themselves are built in `unit_orders` and `archdemon_orders`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel, ValidationError

from letopis.engine.problems import ProblemKind, Severity

from .messages import msg
from .syntax import Clause, Part, Ref
from .view import UnitView, View

CASES = ("nom", "gen", "dat", "acc", "ins")


@dataclass(slots=True)
class Issue:
    """A problem found while reading a clause, located in the normalised line."""

    code: str
    message: str
    hint: str | None = None
    clause: str | None = None
    severity: Severity = Severity.ERROR
    kind: ProblemKind = ProblemKind.UNREADABLE
    start: int = 0
    end: int = 0


class Fail(Exception):
    """Raised inside a builder: the clause is an order of this kind but cannot become one."""

    def __init__(self, issue: Issue) -> None:
        super().__init__(issue.message)
        self.issue = issue


def fail(code: str, span: tuple[int, int], *, hint: str | None = None, clause: str | None = None,
         kind: ProblemKind = ProblemKind.UNREADABLE, **kw: object) -> Fail:
    return Fail(Issue(code, msg(code, **kw), hint, clause, Severity.ERROR, kind, span[0], span[1]))


def note(code: str, span: tuple[int, int], clause: str | None = None, *, warning: bool = False,
         **kw: object) -> Issue:
    sev = Severity.WARNING if warning else Severity.NOTE
    return Issue(code, msg(code, **kw), None, clause, sev, ProblemKind.INFO, span[0], span[1])


@dataclass(slots=True)
class Bound:
    """One order read from a clause (or why not), with the unit that acts and the span."""

    order: BaseModel | None
    start: int
    end: int
    actor: UnitView | None = None
    issues: list[Issue] = field(default_factory=list)
    clause: Clause | None = None
    ap_index: tuple[int, int] | None = None

    @property
    def failed(self) -> bool:
        return any(i.severity is Severity.ERROR for i in self.issues)


def make(cls: type[BaseModel], span: tuple[int, int], **fields: object) -> BaseModel:
    """Build an order; a value the model refuses becomes an unreadable-line issue, not a crash."""
    try:
        return cls(**fields)
    except ValidationError as e:
        first = e.errors()[0]
        text = str(first.get("ctx", {}).get("error") or first.get("msg") or "")
        text = text.removeprefix("Value error, ")
        raise Fail(Issue("read.unreadable", msg("read.unreadable"), text or None, None, Severity.ERROR,
                         ProblemKind.UNREADABLE, span[0], span[1])) from None


# --- naming units -----------------------------------------------------------------------------------
def cap(text: str) -> str:
    """The first letter upper-case, the rest as it is («имп №1 (Ваал)» → «Имп №1 (Ваал)»)."""
    return text[:1].upper() + text[1:]



def unit_words(u: UnitView, view: View, case: str = "nom") -> str:
    return view.label(u).text(case)  # type: ignore[arg-type]


def ref_words(ref: Ref, case: str = "nom") -> str:
    """A reference as the player meant it, for messages: «имп №7», «беса Ваала»."""
    from ..data import DATA

    if ref.kind and ref.kind in DATA.units:
        word = getattr(DATA.units[ref.kind].forms, case)
    elif ref.kind == "unit" or ref.kind is None:
        word = {"nom": "юнит", "gen": "юнита", "dat": "юниту", "acc": "юнита", "ins": "юнитом"}[case]
    else:
        word = ref.kind
    out = f"{word} №{ref.number}" if ref.number is not None else word
    if ref.owner_words:
        out += " " + " ".join(w.capitalize() for w in ref.owner_words)
    if ref.cell is not None:
        out += f" на {ref.cell[0]}-{ref.cell[1]}"
    return out


def owner_of_ref(ref: Ref | Part, view: View) -> str | None:
    """The faction the words after a reference name («беса Ваала», «(Лилит)»), if any."""
    for w in ref.owner_words:
        got = view.owner_of(w)
        if got is not None:
            return got
    if isinstance(ref, Ref) and ref.own:
        return view.faction
    return None


def resolve(ref: Ref, view: View, scope: str, issues: list[Issue]) -> UnitView:
    """The one unit a reference names (DK-UNIT-07, DK-GAP-15); raises Fail when none or several.

    ``scope``: "own" (a unit of the poster), "enemy" (a target: others' units first, then any), or
    "any". A former kind («бес №3» that is now a грасдир) is accepted with a warning.

    The answer for a reference without a cell depends only on what the reference says and on the
    view's look-ups, so it is kept (in ``view.resolved``, by those words) until the look-ups are
    forgotten; a block of lines under one header resolves its unit once."""
    key = (ref.kind, ref.number, ref.owner_words, ref.enemy, ref.own, scope) if ref.cell is None else None
    if key is not None:
        got = view.resolved.get(key)
        if got is not None:
            if got[1]:
                issues.append(note("read.unit_former", (ref.start, ref.end), "DK-GAP-15", warning=True,
                                   what=cap(ref_words(ref)), now=unit_words(got[0], view)))
            return got[0]
    span = (ref.start, ref.end)
    if ref.kind is None and ref.named is not None and view.owner_of(ref.named) is None and not _kind_like(ref.named):
        # «Гоблин №2»: no such kind in the game — never silently the poster's unit that has number 2
        numbered = [unit_words(m[0], view) for m in view.find(None, ref.number, None, None, "own")]
        hint = msg("read.hint_maybe", word=numbered[0]) if len(numbered) == 1 else \
            msg("read.hint_units", who=", ".join(numbered[:8])) if numbered else None
        raise fail("read.unit_kind_unknown", span, kind=ProblemKind.UNREADABLE, clause="DK-GAP-15",
                   what=ref.named, number=ref.number, hint=hint)
    owner = owner_of_ref(ref, view)
    if ref.enemy and scope == "own":
        scope = "enemy"
    kind = None if ref.kind == "unit" else ref.kind
    # «имп №3 на 25-25»: a numbered unit is looked up by its number; the cell is then checked
    by_cell = ref.cell if ref.number is None else None
    found = view.find(kind, ref.number, owner, by_cell, scope)
    if not found and scope == "enemy" and not ref.enemy:
        found = view.find(kind, ref.number, owner, by_cell, "any")
    if not found and scope == "own" and owner is None:
        others = view.find(kind, ref.number, None, by_cell, "enemy")
        if len(others) == 1:
            raise fail("read.unit_not_yours", span, kind=ProblemKind.ILLEGAL, clause="DK-GAP-15",
                       what=cap(unit_words(others[0][0], view)))
    if not found:
        hint = _candidates_hint(view, kind, scope, owner)
        raise fail("read.unit_unknown", span, kind=ProblemKind.ILLEGAL, clause="DK-GAP-15", hint=hint,
                   what=ref_words(ref))
    exact = [m for m in found if not m[1]]
    pool = exact or found
    if len(pool) > 1 and ref.cell is not None:
        pool = [m for m in pool if m[0].cell == ref.cell] or pool
    if len(pool) > 1:
        # «имп 3» when only «имп №3» is meant: a reference with a number is never ambiguous by owner
        # if one candidate is the poster's.
        mine = [m for m in pool if m[0].side == view.faction]
        if scope == "own" and len(mine) == 1:
            pool = mine
    if len(pool) > 1:
        who = ", ".join(unit_words(m[0], view) + _at(m[0]) for m in pool[:6])
        hint_code = "read.hint_kind" if ref.number is not None else "read.hint_number"
        raise fail("read.unit_ambiguous", span, kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-15",
                   hint=msg(hint_code, who=who, example=unit_words(pool[0][0], view)), what=ref_words(ref))
    unit, former = pool[0]
    if former:
        issues.append(note("read.unit_former", span, "DK-GAP-15", warning=True, what=cap(ref_words(ref)),
                           now=unit_words(unit, view)))
    if ref.cell is not None and unit.cell is not None and unit.cell != ref.cell:
        raise fail("read.unit_cell_mismatch", span, kind=ProblemKind.ILLEGAL,
                   what=cap(unit_words(unit, view)), where=_cell(unit.cell), said=_cell(ref.cell))
    if key is not None:
        view.resolved[key] = (unit, former)
    return unit


def _kind_like(word: str) -> bool:
    """A word that is part of a unit kind's name («зверь» of «осадный зверь») or a slip of one
    («гразлир»): the unit is then found by its number, with a warning about the word."""
    from .notes import typo_of_unit, unit_name_words

    return word in unit_name_words() or typo_of_unit((word,)) is not None


def _at(u: UnitView) -> str:
    return f" на {_cell(u.cell)}" if u.cell is not None else ""


def _cell(cell: tuple[int, int] | None) -> str:
    return f"{cell[0]}-{cell[1]}" if cell is not None else "?"


def _candidates_hint(view: View, kind: str | None, scope: str, owner: str | None) -> str | None:
    pool = view.find(kind, None, owner, None, "own" if scope == "own" else "any") if kind else []
    if not pool:
        return None
    return msg("read.hint_units", who=", ".join(unit_words(m[0], view) for m in pool[:8]))


def check_cell(cell: tuple[int, int], view: View, span: tuple[int, int]) -> tuple[int, int]:
    """A cell written in the post must be on the map (DK-MAP-01, DK-GAP-16)."""
    if not view.inside(cell):
        raise fail("read.cell_outside", span, kind=ProblemKind.ILLEGAL, clause="DK-GAP-16",
                   hint=msg("read.hint_cell"), cell=_cell(cell), size=view.size)
    return cell
