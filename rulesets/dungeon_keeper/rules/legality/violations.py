"""The `Violation` value and the small checks every order family shares (who acts, ОД, costs)."""

from __future__ import annotations

from dataclasses import dataclass

from ...messages import msg
from ...orders import Label
from ...state import Unit

ERROR, WARNING, NOTE = "error", "warning", "note"
RESOURCE_GEN = {"gold": "золота", "iron": "железа", "taldear": "тальдеара", "mana": "маны"}


@dataclass(frozen=True)
class Violation:
    """Why an order is illegal here (``severity`` error), or something worth saying about a legal
    one (warning, note). ``about`` lists the unit ids (and ``res:<faction>``) the problem depends
    on: when one of them hangs on a roll not made yet, the error becomes a note (DK-GAP-11)."""

    code: str  # stable code from messages.py
    message: str  # Russian
    hint: str | None  # Russian
    clause: str  # e.g. "DK-TURN-03"
    severity: str = ERROR
    about: tuple[str, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


def v(code: str, clause: str, hint: str | None = None, *, severity: str = ERROR, about: tuple[str, ...] = (),
      **kw: object) -> Violation:
    """A violation whose message is the catalogue entry ``code`` (and hint ``hint.<…>`` if given); a
    message that opens with a unit's name («бес №1 уже …») starts with a capital letter all the same."""
    text = msg(code, **kw)
    return Violation(code=code, message=text[:1].upper() + text[1:], hint=hint, clause=clause, severity=severity,
                     about=about)


def name(label: Label | None, case: str = "nom") -> str:
    return label.text(case) if label is not None else "юнит"  # type: ignore[arg-type]


def actor(w, faction: str, unit_id: str, label: Label | None, out: list[Violation]) -> Unit | None:
    """The unit giving the order: alive, and commanded by the poster (DK-GEN-06, DK-GAP-60)."""
    u = w.unit(unit_id)
    if u is None:
        if unit_id in w.base.units:
            out.append(v("unit.dead", "DK-GAP-28", about=(unit_id,), who=name(label)))
        else:
            out.append(v("unit.unknown", "DK-UNIT-07", msg("hint.unit_names"), who=name(label)))
        return None
    if u.side != faction:
        if u.owner is None:
            out.append(v("unit.neutral", "DK-GEN-07", who=name(label)))
        else:
            out.append(v("unit.not_yours", "DK-GEN-06", who=name(label), owner=w.name(u.side)))
        return None
    return u


def target(w, unit_id: str, label: Label | None, out: list[Violation], actor_id: str | None = None) -> Unit | None:
    """A unit an order aims at: it must still be alive (DK-GAP-28)."""
    t = w.unit(unit_id)
    if t is None:
        about = (unit_id,) + ((actor_id,) if actor_id else ())
        if unit_id in w.base.units:
            out.append(v("target.dead", "DK-GAP-28", about=about, whom=name(label)))
        else:
            out.append(v("target.unknown", "DK-UNIT-07", about=about, whom=name(label)))
    return t


def ap(u: Unit, need: int, label: Label | None, out: list[Violation]) -> None:
    """A unit cannot spend more ОД than it has (DK-TURN-03)."""
    if need > u.ap:
        out.append(v("ap.short", "DK-TURN-03", who=name(label, "gen"), need=need, have=u.ap))


def pay(w, faction: str, out: list[Violation], clause: str = "DK-ECON-04", **costs: int) -> None:
    """Every price must be paid in full (DK-ECON-04)."""
    p = w.player(faction)
    for res, amount in costs.items():
        if amount and getattr(p, res) < amount:
            out.append(v("cost.short", clause, about=("res:" + faction,), what=RESOURCE_GEN[res], need=amount,
                         have=getattr(p, res)))
