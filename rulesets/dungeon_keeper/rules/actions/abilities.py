"""Active abilities of units once legal (DK-ABIL-03..13): healing, sacrifice, cleansing, fire,
subjugation, exhaustion, fear, poison, removing blessings, the cloud of death.
"""

from __future__ import annotations

from ...data import DATA
from ...map import geometry as g
from ...orders import Ability, cell_text
from ...state import Arrow, Cell, Effect, Poison, Unit
from .. import mechanics as m
from ..chronicle import Chronicle, roll_text
from ..fate import Fate
from ..world import World
from . import combat
from .units import spend

A = DATA.abilities
SPIRIT_KINDS = tuple(DATA.spirits)


def breath_targets(w: World, u: Unit, faction: str) -> list[Unit]:
    """Units on the 8 cells around the user, not across a closed corner (DK-ABIL-06, DK-GAP-55)."""
    out = []
    for cell in g.neighbours(u.cell, w.size):
        if not m.corner_open(w, u.cell, cell):
            continue
        for t in w.units_at(cell):
            if w.options.area_friendly_fire or m.is_enemy(t, faction):
                out.append(t)
    return out


def stream_cells(w: World, start: Cell, direction: str) -> list[Cell]:
    """The first 2 cells in the direction, stopping at the first undug cell, mine or building and at a
    closed diagonal corner (DK-ABIL-07, DK-GAP-55)."""
    out = []
    here = start
    for cell in g.ray(start, direction, A["fire_stream"].range, w.size):
        if w.solid(*cell) or not m.corner_open(w, here, cell):
            break
        out.append(cell)
        here = cell
    return out


def stream_targets(w: World, u: Unit, direction: str, faction: str) -> list[Unit]:
    out = []
    for cell in stream_cells(w, u.cell, direction):
        for t in w.units_at(cell):
            if w.options.area_friendly_fire or m.is_enemy(t, faction):
                out.append(t)
    return out


def do_ability(w: World, ch: Chronicle, fate: Fate, faction: str, o: Ability) -> None:
    u = spend(w, o.unit, o.ap)
    _DO[o.ability](w, ch, fate, faction, o, u)


def _arrow(w: World, faction: str, a: Cell, b: Cell) -> None:
    w.add_arrow(Arrow(kind="ability", faction=faction, path=(a, b)))


def _heal(w, ch, fate, faction, o, u):
    t = w.unit(o.target)
    gained = combat.heal(w, ch, o.target, A["heal"].heal, "ability", "DK-ABIL-03", quiet=True)
    _arrow(w, faction, u.cell, t.cell)
    if ch.on:
        t = w.unit(o.target)
        ch.add("ability_heal", "DK-ABIL-03", faction=faction, who=ch.who(u), whom=ch.who(t, "acc"),
               hp=gained, now=t.hp, data={"unit": o.unit, "target": o.target, "hp": gained})


def _sacrifice(w, ch, fate, faction, o, u):
    """The victim dies without reward; the archdemon gains a spirit and 1 mana (DK-ABIL-04, DK-GAP-53,
    DK-SPIRIT-01); the spirit's kind is chosen when it is sent, or rolled (DK-GAP-50)."""
    t = w.unit(o.target)
    victim = ch.who(t, "acc") if ch.on else ""
    combat.kill(w, ch, o.target, None, "DK-ABIL-04", reward=False)
    p = w.mut_player(faction)
    roll = None
    if w.options.spirit_kind == "random_on_sacrifice":
        kind, roll = fate.pick(SPIRIT_KINDS, "вид духа (1d3)", about=("res:" + faction,))
        spirit = DATA.spirits[kind].forms.acc
    else:
        kind = "any"
        spirit = "духа"
    p.spirits.append(kind)
    p.mana += A["sacrifice"].mana
    if ch.on:
        ch.add("sacrifice", "DK-ABIL-04", faction=faction, rolls=[roll], who=ch.who(u), whom=victim,
               lord=ch.player(faction), spirit=spirit, mana=A["sacrifice"].mana,
               data={"unit": o.unit, "target": o.target, "spirit": kind})


def _cleanse(w, ch, fate, faction, o, u):
    """All debuffs (curses) and poison go; control is not a curse (DK-ABIL-05, DK-GAP-54)."""
    t = w.mut_unit(o.target)
    gone = [e.key for e in t.effects if e.category == "debuff"]
    t.effects = [e for e in t.effects if e.category != "debuff"]
    poisoned = t.poison is not None
    t.poison = None
    if ch.on:
        what = _effects_ru(gone) + (["отравление"] if poisoned else [])
        ch.add("cleanse", "DK-ABIL-05", faction=faction, who=ch.who(u), whom=ch.who(t, "acc"),
               what=", ".join(what) or "ничего (снимать было нечего)", data={"unit": o.unit, "target": o.target})


def _effects_ru(keys: list[str]) -> list[str]:
    out = []
    for k in keys:
        if k in DATA.spells:
            out.append(DATA.spells[k].name)
        elif k in A:
            out.append(A[k].name)
        else:
            out.append(k)
    return out


def _area(w, ch, fate, faction, u, targets, *, half, how, clause):
    for t in targets:
        if w.unit(t.id) is None or w.unit(u.id) is None:
            continue
        combat.hit(w, ch, fate, u.id, t.id, half=half, how=how, clause=clause, credit=faction, on_hit=False)


def _breath(w, ch, fate, faction, o, u):
    targets = breath_targets(w, u, faction)
    if ch.on:
        ch.add("breath", "DK-ABIL-06", faction=faction, who=ch.who(u), n=len(targets),
               data={"unit": o.unit, "targets": [t.id for t in targets]})
    for t in targets:
        _arrow(w, faction, u.cell, t.cell)
    _area(w, ch, fate, faction, u, targets, half=True, how="опаляет", clause="DK-ABIL-06")


def _stream(w, ch, fate, faction, o, u):
    cells = stream_cells(w, u.cell, o.direction)
    targets = stream_targets(w, u, o.direction, faction)
    if cells:
        w.add_arrow(Arrow(kind="ability", faction=faction, path=(u.cell, cells[-1])))
    if ch.on:
        ch.add("stream", "DK-ABIL-07", faction=faction, who=ch.who(u), way=g.DIRECTION_RU[o.direction],
               n=len(targets), data={"unit": o.unit, "direction": o.direction, "targets": [t.id for t in targets]})
    _area(w, ch, fate, faction, u, targets, half=False, how="сжигает потоком", clause="DK-ABIL-07")


def _subjugate(w, ch, fate, faction, o, u):
    """50% to hit → Сопротивление контролю 75% → absorption; on success the caster's player commands
    the target until the end of his turn, with its full ОД (DK-ABIL-08, DK-ABIL-21, DK-GAP-60/61)."""
    t = w.unit(o.target)
    _arrow(w, faction, u.cell, t.cell)
    need = m.chance_of(w, u, A["subjugate"].chance or 0)
    ok, roll = fate.chance(need, f"Подчинение: {o.target}", hopeful=True, about=(o.target,))
    if ch.on:
        ch.add("subjugate_try", "DK-ABIL-08", faction=faction, rolls=[roll], who=ch.who(u),
               whom=ch.who(t, "acc"), roll=roll_text(roll, need), result="попадает" if ok else "не удаётся",
               data={"unit": o.unit, "target": o.target, "hit": ok})
    if not ok:
        return
    if t.has_ability("control_resist"):
        need = m.chance_of(w, t, A["control_resist"].chance or 0)
        resisted, roll = fate.chance(need, f"Сопротивление контролю: {o.target}", hopeful=False, about=(o.target,))
        if ch.on:
            ch.add("resist" if resisted else "no_resist", "DK-ABIL-21", faction=t.owner, rolls=[roll],
                   who=ch.who(t), roll=roll_text(roll, need), data={"unit": o.target, "resisted": resisted})
        if resisted:
            return
    if not combat.lands(w, ch, fate, w.unit(o.target), A["subjugate"].forms.acc):
        return
    tm = w.mut_unit(o.target)
    tm.controller = faction
    tm.ap = tm.max_ap()
    tm.capture = {}
    if ch.on:
        ch.add("subjugated", "DK-ABIL-08", faction=faction, whom=ch.who(tm, "ins"), lord=ch.player(faction),
               ap=tm.ap, data={"unit": o.target, "controller": faction})


def _exhaust(w, ch, fate, faction, o, u):
    """−1 атака, −1 защита until the start of the caster's next turn (DK-ABIL-09, DK-GAP-57)."""
    t = w.unit(o.target)
    _arrow(w, faction, u.cell, t.cell)
    if not combat.lands(w, ch, fate, t, A["exhaust"].forms.acc):
        return
    tm = w.mut_unit(o.target)
    old = tm.effect("exhaust")
    stacks = old.stacks + 1 if old is not None else 1
    until = m.until_next_turn(w, faction, w.options.exhaustion_duration == "one_round")
    eff = Effect(key="exhaust", source="ability", category="debuff", by=faction, until=until, stacks=stacks,
                 attack=A["exhaust"].attack * stacks, defence=A["exhaust"].defence * stacks)
    tm.effects = [e for e in tm.effects if e.key != "exhaust"] + [eff]
    if ch.on:
        ch.add("exhaust", "DK-ABIL-09", faction=faction, who=ch.who(u), whom=ch.who(tm, "acc"),
               data={"unit": o.unit, "target": o.target, "stacks": stacks})


def _fear(w, ch, fate, faction, o, u):
    """Each use: 50% to take 1 ОД from the target's next turn (DK-ABIL-10, DK-GAP-58)."""
    t = w.unit(o.target)
    _arrow(w, faction, u.cell, t.cell)
    need = m.chance_of(w, u, A["fear"].chance or 0)
    for i in range(o.uses):
        t = w.unit(o.target)
        ok, roll = fate.chance(need, f"Страх: {o.target}", hopeful=True, about=(o.target,))
        if ch.on:
            ch.add("fear_try", "DK-ABIL-10", faction=faction, rolls=[roll], who=ch.who(u),
                   whom=ch.who(t, "acc"), roll=roll_text(roll, need), result="удаётся" if ok else "не удаётся",
                   data={"unit": o.unit, "target": o.target, "hit": ok})
        if not ok or not combat.lands(w, ch, fate, t, A["fear"].forms.acc):
            continue
        tm = w.mut_unit(o.target)
        old = tm.effect("fear")
        stacks = old.stacks + 1 if old is not None else 1
        eff = Effect(key="fear", source="ability", category="debuff", by=faction, until=None, stacks=stacks)
        tm.effects = [e for e in tm.effects if e.key != "fear"] + [eff]
        if ch.on:
            ch.add("feared", "DK-ABIL-10", faction=faction, whom=ch.who(tm), stacks=stacks,
                   data={"unit": o.target, "loss": stacks})


def _poison(w, ch, fate, faction, o, u):
    """4 damage through защита before each of its next 3 turns; a second dose adds 3 turns
    (DK-ABIL-11, DK-GAP-59)."""
    t = w.mut_unit(o.target)
    _arrow(w, faction, u.cell, t.cell)
    spec = A["poison"]
    if t.poison is not None and w.options.poison_reapply == "add_three":
        ticks = t.poison.ticks + spec.ticks
    else:
        ticks = spec.ticks
    t.poison = Poison(ticks=ticks, damage=spec.damage, by=faction)
    if ch.on:
        ch.add("poison", "DK-ABIL-11", faction=faction, who=ch.who(u), whom=ch.who(t, "acc"), ticks=ticks,
               dmg=spec.damage, data={"unit": o.unit, "target": o.target, "ticks": ticks})


def spell_buffs(t: Unit) -> list[Effect]:
    """Buffs Отмена благословлений can take: active spell buffs only (DK-GAP-62)."""
    return [e for e in t.effects if e.category == "buff" and e.source == "spell"]


def _unbless(w, ch, fate, faction, o, u):
    """50%: one buff goes — the one named, else one at random (DK-ABIL-12, DK-GAP-62)."""
    t = w.unit(o.target)
    _arrow(w, faction, u.cell, t.cell)
    need = m.chance_of(w, u, A["unbless"].chance or 0)
    ok, roll = fate.chance(need, f"Отмена благословлений: {o.target}", hopeful=True, about=(o.target,))
    rolls = [roll]
    gone = None
    buffs = spell_buffs(t)
    if ok and buffs:
        if o.buff is not None:
            gone = o.buff if t.effect(o.buff) is not None else None
        else:
            pick, r2 = fate.pick([e.key for e in buffs], "какой баф снять", about=(o.target,))
            rolls.append(r2)
            gone = pick
        if gone is not None:
            tm = w.mut_unit(o.target)
            tm.effects = [e for e in tm.effects if e.key != gone]
    if ch.on:
        if gone is not None:
            result = f"снимает {DATA.spells[gone].forms.acc}"
        elif ok:
            result = "но снимать нечего"
        else:
            result = "не удаётся"
        ch.add("unbless", "DK-ABIL-12", faction=faction, rolls=rolls, who=ch.who(u), whom=ch.who(t, "gen"),
               roll=roll_text(roll, need), result=result, data={"unit": o.unit, "target": o.target, "removed": gone})


def _cloud(w, ch, fate, faction, o, u):
    """Every enemy on the chosen cell takes the user's normal damage (DK-ABIL-13, DK-GAP-56)."""
    targets = [t for t in w.units_at(o.cell) if m.is_enemy(t, faction)]
    _arrow(w, faction, u.cell, o.cell)
    if ch.on:
        ch.add("cloud", "DK-ABIL-13", faction=faction, who=ch.who(u), cell=cell_text(o.cell),
               data={"unit": o.unit, "cell": list(o.cell)})
    _area(w, ch, fate, faction, u, targets, half=False, how="накрывает облаком смерти", clause="DK-ABIL-13")


_DO = {
    "heal": _heal, "sacrifice": _sacrifice, "cleanse": _cleanse, "fire_breath": _breath, "fire_stream": _stream,
    "subjugate": _subjugate, "exhaust": _exhaust, "fear": _fear, "poison": _poison, "unbless": _unbless,
    "death_cloud": _cloud,
}
