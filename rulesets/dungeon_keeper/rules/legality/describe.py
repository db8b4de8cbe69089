"""Short Russian summaries of orders for the live check beside the post form («что сделает строка»)."""

from __future__ import annotations

from pydantic import BaseModel

from ...data import DATA
from ...map import geometry as g
from ...orders import cell_text
from .. import mechanics as m
from ..actions.units import mining_yield
from ..chronicle import mana_ru
from ..world import World

RES_GEN = {"gold": "золота", "iron": "железа", "taldear": "тальдеара"}


def summary(w: World, faction: str, order: BaseModel) -> str:
    """What the order will do, computed against the world *before* it is applied."""
    kind = order.kind  # type: ignore[attr-defined]
    fn = _SUMMARIES.get(kind)
    if fn is not None:
        try:
            text = fn(w, faction, order)
        except (KeyError, AttributeError, TypeError, ValueError):
            text = None
        if text:
            return text
    return order.to_text().rstrip(".")  # type: ignore[attr-defined]


def _who(o) -> str:  # type: ignore[no-untyped-def]
    return o.who.text()


def _move(w, f, o):
    u = w.unit(o.unit)
    path = o.path
    if u is not None and len(path) == 1:  # one step, the usual line
        a, b = u.cell, path[0]
        return f"{o.who.text()}: {a[0]}-{a[1]} → {b[0]}-{b[1]}"
    route = [f"{c[0]}-{c[1]}" for c in path]  # cell_text, inline
    if u is not None:
        route.insert(0, f"{u.cell[0]}-{u.cell[1]}")
    return f"{o.who.text()}: " + " → ".join(route)


def _mine(w, f, o):
    mine = w.mine_at(o.cell)
    if mine is None:
        return None
    got = min(mining_yield(w, mine.kind) * o.ap, mine.reserve)
    res = DATA.mines[mine.kind].resource
    return f"{_who(o)} добывает на {cell_text(o.cell)}: +{got} {RES_GEN[res]}"


def _attack(w, f, o):
    u, t = w.unit(o.unit), w.unit(o.target)
    if u is None or t is None:
        return None
    att, dfn = u.attack(), t.defence()
    dmg = m.damage(att, dfn)
    half = u.data.ranged and g.adjacent(u.cell, t.cell)
    if half:
        dmg = m.halve(dmg, w.options.half_rounding)
    text = f"{_who(o)} атакует {o.whom.text('acc')}: {dmg} урона за удар ({att} − {dfn}{', пополам' if half else ''})"
    if o.ap > 1:
        text += f", ударов: {o.ap}"
    if not u.data.ranged:
        back = m.damage(t.attack(), u.defence())
        if t.data.ranged:
            mode = w.options.ranged_retaliation
            back = 0 if mode == "none" else m.halve(back, w.options.half_rounding) if mode == "half" else back
        if back and dmg < t.hp:
            text += f"; ответка {back}"
    return text


def _attack_building(w, f, o):
    u, b = w.unit(o.unit), w.building(o.building)
    if u is None or b is None:
        return None
    att = u.attack() + (DATA.abilities["wall_breaker"].building_attack_bonus if u.has_ability("wall_breaker") else 0)
    dmg = m.damage(att, m.building_defence(w, b))
    if u.data.ranged and g.adjacent(u.cell, b.cell):
        dmg = m.halve(dmg, w.options.half_rounding)
    name = DATA.buildings[b.kind].forms.acc
    return f"{_who(o)} бьёт {name} на {cell_text(b.cell)}: {dmg} урона за удар, у здания {b.hp} хп"


def _capture(w, f, o):
    u = w.unit(o.unit)
    if u is None:
        return None
    have = u.capture.get(o.building, 0)
    now = min(have + o.ap, DATA.buildings["source"].capture_ap)
    return f"{_who(o)} захватывает Источник на {cell_text(o.cell)}: {now}/{DATA.buildings['source'].capture_ap}"


def _summon(w, f, o):
    data = DATA.units[o.unit_kind]
    return f"призыв: {data.name} ×{o.count}, {mana_ru(data.summon * o.count)}"


def _upgrade(w, f, o):
    new = DATA.units[o.to]
    return f"{o.who.text()} → {new.name} ({new.upgrade_mana} маны, {new.upgrade_gold} золота)"


_SUMMARIES = {"move": _move, "mine": _mine, "attack": _attack, "attack_building": _attack_building,
              "capture": _capture, "summon": _summon, "upgrade_unit": _upgrade}
