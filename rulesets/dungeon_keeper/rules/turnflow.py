"""The flow of turns: the start of an archdemon's turn in the documented order, the end of his turn,
the neutral phase after the round and the next round (DK-TURN-01, DK-GAP-09, DK-GAP-10, DK-GAP-13).

Start of player P's turn (DK-GAP-10):
  1. effects P placed that last "until the start of P's next turn" expire; P's battle towers get
     their shots back; the once-per-turn upgrade lists are cleared;
  2. poison ticks on P's units (4, through защита), then Регенерация (+3);
  3. Огненная аура of P's ифриты (1 to each adjacent enemy);
  4. mana: income of P's Sources, then upkeep, with disappearance when it is short (DK-GAP-06);
  5. ОД reset: max ОД minus pending losses (Замедление, Страх, subjugation debt) minus 1 inside an
     enemy slowing aura, never below 0.
"""

from __future__ import annotations

from letopis.engine.text import plural

from ..data import DATA
from ..map import geometry as g
from ..state import Unit
from . import mechanics as m
from .actions import combat
from .chronicle import Chronicle
from .fate import Fate
from .world import World

SOURCE = DATA.buildings["source"]
TOWER = DATA.buildings["battle_tower"]
AURA = DATA.abilities["fire_aura"]
REGEN = DATA.abilities["regeneration"]
S = DATA.spells


# --- step 1 -----------------------------------------------------------------------------------------
def expire_effects(w: World, ch: Chronicle, faction: str | None) -> None:
    """Effects placed by ``faction`` whose time is up end now (DK-TURN-01, DK-GAP-57, DK-GAP-65, DK-GAP-68)."""
    turns = w.player(faction).turns if faction is not None else 0
    ended: list[str] = []
    for u in list(w.iter_units()):
        if not any(e.by == faction and e.until is not None and e.until <= turns for e in u.effects):
            continue
        tm = w.mut_unit(u.id)
        gone = [e for e in tm.effects if e.by == faction and e.until is not None and e.until <= turns]
        tm.effects = [e for e in tm.effects if e not in gone]
        if ch.on:
            names = ", ".join(_effect_name(e.key) for e in gone)
            ended.append(f"{names} — {ch.who(tm, 'gen')}")
    if ended and ch.on:
        ch.add("effects_end", "DK-GAP-68", faction=faction, list="; ".join(ended), data={"count": len(ended)})


def _effect_name(key: str) -> str:
    if key in S:
        return S[key].name
    if key in DATA.abilities:
        return DATA.abilities[key].name
    return key


# --- step 2 -----------------------------------------------------------------------------------------
def poison_tick(w: World, ch: Chronicle, u: Unit) -> bool:
    """One tick: damage through защита; the poisoner's player is credited with a kill. False when
    the unit died (DK-ABIL-11, DK-GAP-59)."""
    p = u.poison
    if p is None:
        return True
    tm = w.mut_unit(u.id)
    tm.hp -= p.damage
    left = p.ticks - 1
    tm.poison = p.model_copy(update={"ticks": left}) if left > 0 else None
    if ch.on:
        rest = (f"остаётся {tm.hp} хп" if tm.hp > 0 else "это смертельно")
        more = f", яд подействует ещё {left} {plural(left, 'раз', 'раза', 'раз')}" if left > 0 and tm.hp > 0 else ""
        ch.add("poison_tick", "DK-ABIL-11", faction=u.owner, who=ch.who(tm), dmg=p.damage, rest=rest + more,
               data={"unit": u.id, "damage": p.damage, "ticks": left})
    if tm.hp <= 0:
        combat.kill(w, ch, u.id, p.by, "DK-GAP-59")
        return False
    return True


def regenerate(w: World, ch: Chronicle, u: Unit) -> None:
    """+3 хп after the poison (DK-ABIL-18)."""
    if u.has_ability("regeneration") and w.unit(u.id) is not None:
        combat.heal(w, ch, u.id, REGEN.heal, "regeneration", "DK-ABIL-18")


# --- step 3 -----------------------------------------------------------------------------------------
def fire_aura(w: World, ch: Chronicle, faction: str | None, units: list[Unit]) -> None:
    """Each ифрит deals 1 damage, through защита, to every enemy unit around it; several add up
    (DK-ABIL-16, DK-GAP-67)."""
    for ifrit in units:
        if not ifrit.has_ability("fire_aura") or w.unit(ifrit.id) is None:
            continue
        for cell in g.neighbours(ifrit.cell, w.size):
            for t in w.units_at(cell):
                if not m.hostile_for_aura(w, faction, t) or t.side == faction:
                    continue
                tm = w.mut_unit(t.id)
                tm.hp -= AURA.damage
                if ch.on:
                    rest = f"остаётся {tm.hp} хп" if tm.hp > 0 else "смертельно"
                    ch.add("fire_aura", "DK-ABIL-16", faction=faction, who=ch.who(ifrit, "gen"),
                           whom=ch.who(tm, "acc"), dmg=AURA.damage, rest=rest,
                           data={"unit": ifrit.id, "target": t.id, "damage": AURA.damage})
                if tm.hp <= 0:
                    combat.kill(w, ch, t.id, faction, "DK-GAP-67")


# --- step 4 -----------------------------------------------------------------------------------------
def income(w: World, faction: str) -> int:
    """Mana from the player's Sources: the level of each (DK-ECON-03, DK-SRC-01, DK-GAP-05)."""
    return sum((b.level or 0) * SOURCE.mana_per_level for b in w.buildings_of(faction, "source"))


def weakness_key(w: World, u: Unit) -> tuple:
    """Disappearance order: imps first, then the weakest military units; the most recently summoned
    first within a group (DK-UPKEEP-03/04, DK-GAP-07)."""
    data = u.data
    if not data.military:
        return (0, 0, -u.seq)
    mode = w.options.vanish_weakness
    weak = data.upkeep if mode == "upkeep" else data.tier if mode == "tier" else u.max_hp()
    return (1, weak, -u.seq)


def upkeep(w: World, ch: Chronicle, faction: str) -> None:
    """Income first, then upkeep; when the mana is short, units disappear in the rulebook's order
    until the rest can be paid; mana never goes negative (DK-UPKEEP-01..05, DK-GAP-06)."""
    p = w.mut_player(faction)
    gained = income(w, faction)
    start = p.mana
    p.mana += gained
    units = [u for u in w.iter_units() if u.owner == faction]
    due = sum(u.data.upkeep for u in units)
    gone: list[Unit] = []
    if p.mana < due:
        for u in sorted(units, key=lambda u: weakness_key(w, u)):
            if due <= p.mana:
                break
            due -= u.data.upkeep
            gone.append(combat.vanish(w, u.id))
    p.mana -= due
    if ch.on:
        ch.add("mana", "DK-ECON-03", faction=faction, who=ch.player(faction), income=gained, upkeep=due,
               before=start, after=p.mana,
               data={"income": gained, "upkeep": due, "mana": p.mana})
        if gone:
            ch.add("vanish", "DK-UPKEEP-02", faction=faction, who=ch.player(faction),
                   units=", ".join(ch.who(u) for u in gone), data={"units": [u.id for u in gone]})


# --- step 5 -----------------------------------------------------------------------------------------
def ap_losses(w: World, u: Unit) -> int:
    """ОД a unit loses at its turn start: Страх, Замедление (or + Скорость while it lasts), the
    subjugation debt (DK-GAP-58)."""
    loss = u.ap_debt
    for e in u.effects:
        if e.key == "fear":
            loss += e.stacks
        elif e.source == "spell" and e.key in S:
            loss -= S[e.key].ap
    return loss


def reset_ap(w: World, ch: Chronicle, u: Unit) -> None:
    tm = w.mut_unit(u.id)
    lost = ap_losses(w, tm)
    aura = m.in_slow_aura(w, tm.cell, tm.owner)
    tm.ap = max(tm.max_ap() - lost - (1 if aura else 0), 0)
    tm.slowed = aura
    tm.ap_debt = 0
    if any(e.key == "fear" for e in tm.effects):
        tm.effects = [e for e in tm.effects if e.key != "fear"]
    if ch.on and (lost or aura):
        parts = []
        if lost > 0:
            parts.append(f"−{lost} (Страх, Замедление, долг подчинения)")
        elif lost < 0:
            parts.append(f"+{-lost} (Скорость)")
        if aura:
            parts.append("−1 (Замедляющая башня)")
        ch.add("ap_loss", "DK-GAP-58", faction=u.owner, who=ch.who(tm), ap=tm.ap, why=", ".join(parts),
               data={"unit": u.id, "ap": tm.ap, "aura": aura, "lost": lost})


# --- the whole start ---------------------------------------------------------------------------------
def begin_turn(w: World, ch: Chronicle, fate: Fate, faction: str) -> None:
    p = w.mut_player(faction)
    p.turns += 1
    p.upgraded_units = []
    p.upgraded_buildings = []
    w.turn_no += 1
    w.active = faction
    w.phase = "turn"
    if ch.on:
        ch.add("turn_start", "DK-GAP-10", faction=faction, who=ch.player(faction), round=w.round,
               data={"faction": faction, "round": w.round})
    expire_effects(w, ch, faction)
    for b in w.buildings_of(faction, "battle_tower"):
        if b.ap != TOWER.ap:
            w.mut_building(b.id).ap = TOWER.ap
    own = [u for u in w.iter_units() if u.owner == faction]
    for u in own:
        if u.poison is not None:
            poison_tick(w, ch, u)
    for u in own:
        cur = w.unit(u.id)
        if cur is not None:
            regenerate(w, ch, cur)
    own = [u for u in (w.unit(u.id) for u in own) if u is not None]
    fire_aura(w, ch, faction, own)
    upkeep(w, ch, faction)
    for u in list(w.iter_units()):
        if u.owner == faction:
            reset_ap(w, ch, u)
    combat.check_victory(w, ch)


def end_turn(w: World, ch: Chronicle, fate: Fate, faction: str) -> None:
    """Unspent ОД are lost; units taken by Подчинение go back to their owners; towers may fire by
    themselves; capture progress is lost when it must be done within one turn (DK-GAP-13/36/40/60)."""
    from .actions.towers import autofire

    if w.options.tower_autofire:
        autofire(w, ch, fate, faction)
    persists = w.options.capture_progress_persists
    for u in list(w.iter_units()):
        if u.controller == faction:
            tm = w.mut_unit(u.id)
            tm.controller = None
            tm.ap = 0
            if ch.on:
                ch.add("control_ends", "DK-GAP-60", faction=u.owner, who=ch.who(tm),
                       data={"unit": u.id, "debt": tm.ap_debt})
        elif u.owner == faction and (u.ap or (u.capture and not persists)):
            tm = w.mut_unit(u.id)
            tm.ap = 0
            if not persists:
                tm.capture = {}
    if ch.on:
        ch.add("turn_end", "DK-GAP-13", faction=faction, who=ch.player(faction), data={"faction": faction})


def round_order(w: World) -> list[str]:
    """This round's order: the seats, shifted by one each round when turns rotate (DK-GAP-09)."""
    seats = list(w.seats)
    if w.options.turn_order == "rotating" and seats:
        k = (w.round - 1) % len(seats)
        seats = seats[k:] + seats[:k]
    return seats


def advance(w: World, ch: Chronicle, fate: Fate, faction: str) -> None:
    """Hand the turn to the next living archdemon; after the last one the neutral phase runs and a
    new round begins (DK-GAP-09, DK-GAP-75)."""
    from .neutral import hero

    if w.phase == "over":
        return
    order = w.order or round_order(w)
    i = order.index(faction) if faction in order else len(order)
    for f in order[i + 1:]:
        if w.player(f).alive:
            begin_turn(w, ch, fate, f)
            return
    w.phase = "neutral"
    w.active = None
    if hero.neutral_phase(w, ch, fate):
        return  # hero_mode = gm_manual: the round goes on once the GM has written the Hero's turn
    new_round(w, ch, fate)


def new_round(w: World, ch: Chronicle, fate: Fate) -> None:
    """After the neutral phase: the next round and its first living archdemon's turn (DK-GAP-09)."""
    if w.phase == "over":
        return
    w.round += 1
    w.order = round_order(w)
    if ch.on:
        ch.add("round", "DK-GAP-09", round=w.round, data={"round": w.round})
    for f in w.order:
        if w.player(f).alive:
            begin_turn(w, ch, fate, f)
            return
    combat.check_victory(w, ch)
