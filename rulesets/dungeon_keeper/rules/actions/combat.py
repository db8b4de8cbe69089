"""Fighting: hits, retaliation, Рвение and Берсерк, dodges, on-hit passives, deaths, kill rewards,
attacks on buildings, the fall of an Altar and the end of the game.

Everything changes the `World` it is given and writes the chronicle; chance goes through `Fate`.
"""

from __future__ import annotations

from ...data import DATA
from ...map import geometry as g
from ...state import Arrow, Effect, MapObject, Unit
from .. import mechanics as m
from ..chronicle import Chronicle, mana_ru, roll_text
from ..fate import Fate
from ..world import World

GHOST = DATA.spells["ghost"]
BERSERK = DATA.spells["berserk"]
ZEAL = DATA.abilities["zeal"]
BLADE = DATA.abilities["cursed_blade"]
VAMP = DATA.abilities["vampirism"]
CURSE_ABSORB = DATA.abilities["curse_absorb"]
MAGIC_ABSORB = DATA.spells["magic_absorb"]
WALL_BREAKER = DATA.abilities["wall_breaker"]


# --- hits on units -------------------------------------------------------------------------------
def dodges(w: World, ch: Chronicle, fate: Fate, target: Unit, attacker_id: str | None) -> bool:
    """Призрачность: the target may avoid the hit (DK-SPELL-14, DK-GAP-72)."""
    if target.effect("ghost") is None:
        return False
    need = m.chance_of(w, target, GHOST.chance or 0)
    ok, roll = fate.chance(need, f"Призрачность: {ch.who(target, 'gen') if ch.on else target.id}",
                           hopeful=True, about=(target.id,) + ((attacker_id,) if attacker_id else ()))
    if ok and ch.on:
        ch.add("dodge", "DK-SPELL-14", rolls=[roll], faction=target.owner, who=ch.who(target),
               roll=roll_text(roll, need), data={"unit": target.id})
    elif roll is not None and ch.on:
        ch.add("no_dodge", "DK-GAP-72", rolls=[roll], faction=target.owner, who=ch.who(target, "acc"),
               roll=roll_text(roll, need), data={"unit": target.id})
    return ok


def hit(w: World, ch: Chronicle, fate: Fate, attacker_id: str, target_id: str, *, half: bool,
        how: str, clause: str, credit: str | None, dodge: bool = True, on_hit: bool = True,
        power: int | None = None, case: str = "acc") -> int | None:
    """One blow of ``attacker`` on ``target``: dodge, damage (DK-COMBAT-06, halved where the rules say,
    DK-GAP-25), death or on-hit passives. Returns the хп taken, or None when it was dodged."""
    a = w.unit(attacker_id)
    t = w.unit(target_id)
    if a is None or t is None:
        return 0
    if dodge and dodges(w, ch, fate, t, attacker_id):
        return None
    att = a.attack() if power is None else power
    dfn = t.defence()
    dmg = m.damage(att, dfn)
    if half:
        dmg = m.halve(dmg, w.options.half_rounding)
    tm = w.mut_unit(target_id)
    taken = min(dmg, tm.hp)
    tm.hp -= dmg
    if ch.on:
        note = " (половина)" if half else ""
        ch.add("hit", clause, faction=a.side, who=ch.who(a), how=how, whom=ch.who(t, case),  # type: ignore[arg-type]
               dmg=dmg, att=att, dfn=dfn, note=note,
               rest=(f"у {ch.who(t, 'gen')} остаётся {tm.hp} хп" if tm.hp > 0 else "смертельный удар"),
               data={"attacker": attacker_id, "target": target_id, "damage": dmg, "hp": max(tm.hp, 0),
                     "from": list(a.cell), "to": list(t.cell)})
    if tm.hp <= 0:
        kill(w, ch, target_id, credit, "DK-COMBAT-11")
    elif on_hit and a.has_ability("cursed_blade") and m.is_enemy(tm, a.side):
        cursed_blade(w, ch, fate, a, target_id)
    if on_hit and a.has_ability("vampirism"):
        basis = taken if w.options.vampirism_basis == "hp_removed" else dmg
        heal(w, ch, attacker_id, min(VAMP.heal, basis), "vampirism", "DK-ABIL-20")
    return taken


def heal(w: World, ch: Chronicle, uid: str, amount: int, source: str, clause: str, quiet: bool = False) -> int:
    """Restore up to ``amount`` хп, never above the current max хп (DK-GAP-30)."""
    u = w.unit(uid)
    if u is None or amount <= 0:
        return 0
    gained = max(0, min(amount, u.max_hp() - u.hp))
    if gained:
        u = w.mut_unit(uid)
        u.hp += gained
    if ch.on and gained and not quiet:
        ch.add("heal_" + source, clause, faction=u.owner, who=ch.who(u), amount=gained, hp=u.hp,
               data={"unit": uid, "amount": gained})
    return gained


def cursed_blade(w: World, ch: Chronicle, fate: Fate, attacker: Unit, target_id: str) -> None:
    """A stack of −1 защита; each stack lengthens the debuff by one owner-turn (DK-ABIL-19, DK-GAP-65)."""
    t = w.unit(target_id)
    if t is None or not lands(w, ch, fate, t, BLADE.forms.acc):
        return
    tm = w.mut_unit(target_id)
    old = tm.effect("cursed_blade")
    stacks = (old.stacks + 1) if old else 1
    until = m.until_next_turn(w, attacker.side, turns=stacks)
    eff = Effect(key="cursed_blade", source="ability", category="debuff", by=attacker.side, until=until,
                 stacks=stacks, defence=BLADE.defence * stacks)
    tm.effects = [e for e in tm.effects if e.key != "cursed_blade"] + [eff]
    if ch.on:
        ch.add("cursed_blade", "DK-ABIL-19", faction=attacker.side, whom=ch.who(tm, "gen"), stacks=stacks,
               data={"unit": target_id, "stacks": stacks})


def lands(w: World, ch: Chronicle, fate: Fate, target: Unit, what: str) -> bool:
    """Does an enemy debuff or control land? Поглощение проклятий, then Поглощение магии, may absorb
    it and heal 2 хп (DK-ABIL-17, DK-SPELL-13, DK-GAP-64). ``what`` is its name in the accusative
    («поглощает Порчу»)."""
    for source, base, heal_amount, clause in (
            ("curse_absorb", CURSE_ABSORB.chance, CURSE_ABSORB.heal, "DK-ABIL-17"),
            ("magic_absorb", MAGIC_ABSORB.chance, MAGIC_ABSORB.heal, "DK-SPELL-13")):
        has = target.has_ability(source) if source == "curse_absorb" else target.effect(source) is not None
        if not has:
            continue
        need = m.chance_of(w, target, base or 0)
        name = CURSE_ABSORB.name if source == "curse_absorb" else MAGIC_ABSORB.name
        ok, roll = fate.chance(need, f"{name}: {target.id}", hopeful=False, about=(target.id,))
        if ch.on:
            ch.add("absorb" if ok else "no_absorb", clause, rolls=[roll], faction=target.owner,
                   who=ch.who(target), ability=name, what=what, roll=roll_text(roll, need),
                   data={"unit": target.id, "absorbed": ok})
        if ok:
            heal(w, ch, target.id, heal_amount, "absorb", "DK-GAP-64")
            return False
    return True


def melee_retaliation(w: World, ch: Chronicle, fate: Fate, defender_id: str, attacker_id: str) -> None:
    """The survivor of a melee attack strikes back at once, free of ОД; a ranged defender at half
    damage by default (DK-COMBAT-03, DK-GAP-24)."""
    d = w.unit(defender_id)
    a = w.unit(attacker_id)
    if d is None or a is None:
        return
    half = False
    if d.data.ranged:
        mode = w.options.ranged_retaliation
        if mode == "none":
            return
        half = mode == "half"
    hit(w, ch, fate, defender_id, attacker_id, half=half, how="отвечает", clause="DK-COMBAT-03",
        credit=d.side, case="dat")


def attack_unit(w: World, ch: Chronicle, fate: Fate, attacker_id: str, target_id: str,
                then: str | None = None) -> None:
    """One normal attack (its ОД already paid): the hit, melee retaliation, then Рвение and Берсерк
    for extra attacks on the same target (DK-COMBAT-01..06, DK-ABIL-01/02/15, DK-SPELL-12, DK-GAP-63).
    With ``zeal_retarget`` an extra attack whose target is dead goes to ``then``, the second target
    named in the order, if it can be struck from where the attacker stands."""
    a = w.unit(attacker_id)
    t = w.unit(target_id)
    assert a is not None and t is not None
    ranged = a.data.ranged
    w.add_arrow(Arrow(kind="attack", faction=a.side, path=(a.cell, t.cell)))
    _one(w, ch, fate, attacker_id, target_id, ranged)
    if not w.options.zeal_retarget:
        then = None
    for source in ("zeal", "berserk"):
        a = w.unit(attacker_id)
        if a is None:
            return
        if source == "zeal":
            if not a.has_ability("zeal"):
                continue
            base, name, clause = ZEAL.chance or 0, ZEAL.name, "DK-ABIL-15"
        else:
            if a.effect("berserk") is None or ranged:
                continue
            base, name, clause = BERSERK.chance or 0, BERSERK.name, "DK-SPELL-12"
        if w.unit(target_id) is None:  # no roll for a dead target unless a second one was named
            if then is None or not can_strike(w, a, then):
                return
            target_id, then = then, None
            if ch.on:
                ch.add("retarget", "DK-GAP-63", faction=a.side, who=ch.who(a), whom=ch.who(w.unit(target_id), "acc"),
                       data={"unit": attacker_id, "target": target_id})
        need = m.chance_of(w, a, base)
        ok, roll = fate.chance(need, f"{name}: {attacker_id}", hopeful=False, about=(attacker_id, target_id))
        if ch.on:
            ch.add("extra" if ok else "no_extra", clause, rolls=[roll], faction=a.side, who=ch.who(a),
                   ability=name, roll=roll_text(roll, need), data={"unit": attacker_id, "extra": ok})
        if ok:
            _one(w, ch, fate, attacker_id, target_id, ranged)


def can_strike(w: World, a: Unit, target_id: str) -> bool:
    """Could ``a`` attack ``target_id`` right now: an enemy unit in melee reach (not across a closed
    corner) or, for a shooter, within reach and in sight (DK-COMBAT-02/04/07, DK-MOVE-02)."""
    t = w.unit(target_id)
    if t is None or t.id == a.id or not m.is_enemy(t, a.side):
        return False
    if a.data.ranged:
        return m.dist(w, a.cell, t.cell) <= a.data.reach and m.sees(w, a.cell, t.cell)
    return g.adjacent(a.cell, t.cell) and m.corner_open(w, a.cell, t.cell)


def _one(w: World, ch: Chronicle, fate: Fate, attacker_id: str, target_id: str, ranged: bool) -> None:
    a = w.unit(attacker_id)
    t = w.unit(target_id)
    assert a is not None and t is not None
    near = g.adjacent(a.cell, t.cell)
    how = "стреляет в" if ranged else "бьёт"
    hit(w, ch, fate, attacker_id, target_id, half=ranged and near, how=how,
        clause="DK-COMBAT-04" if ranged else "DK-COMBAT-02", credit=a.side)
    if not ranged and w.unit(target_id) is not None and w.unit(attacker_id) is not None:
        melee_retaliation(w, ch, fate, target_id, attacker_id)


# --- deaths ------------------------------------------------------------------------------------
def reward_for(w: World, victim: Unit, credit: str | None) -> int:
    """Mana for a kill (DK-COMBAT-09, DK-GAP-27): a military unit of another player 2, an imp 0,
    the Hero and the gnome as the GM set; nothing for one's own units."""
    if credit is None or credit not in w.players or victim.owner == credit:
        return 0
    if victim.kind == "hero":
        return w.options.hero_kill_mana
    if victim.kind == "gnome":
        return w.options.gnome_kill_mana
    return m.KILL_MANA if victim.data.military else 0


def kill(w: World, ch: Chronicle, uid: str, credit: str | None, clause: str, reward: bool = True) -> None:
    """A unit at 0 хп dies: removed, its artifacts and runes drop on its cell, its spirits and effects
    vanish; the killer's player gets the reward (DK-COMBAT-11, DK-GAP-28, DK-ART-07)."""
    u = w.unit(uid)
    if u is None:
        return
    mana = reward_for(w, u, credit) if reward else 0
    drop_belongings(w, u)
    w.remove_unit(uid)
    if mana:
        w.mut_player(credit).mana += mana  # type: ignore[arg-type]
    if uid == "hero":
        w.hero_direction = None
    if ch.on:
        tail = f" {ch.player(credit)} получает {mana_ru(mana, 'acc')}." if mana else ""
        ch.add("death", clause, faction=u.owner, who=ch.who(u), tail=tail,
               data={"unit": uid, "cell": list(u.cell), "credit": credit, "mana": mana})


def drop_belongings(w: World, u: Unit) -> None:
    """Artifacts worn (and, for the Hero, carried) and runes carried fall on the unit's cell."""
    for a in u.artifacts:
        w.add_object(MapObject(id=w.new_id("o"), kind="artifact", cell=u.cell, item=a))
    for r in u.runes:
        kind = "artifact" if r in DATA.artifacts else "rune"
        w.add_object(MapObject(id=w.new_id("o"), kind=kind, cell=u.cell, item=r))


def vanish(w: World, uid: str) -> Unit:
    """A unit disappears (upkeep, elimination): belongings drop, no reward (DK-GAP-08)."""
    u = w.unit(uid)
    assert u is not None
    drop_belongings(w, u)
    w.remove_unit(uid)
    return u


# --- buildings ---------------------------------------------------------------------------------
def attack_building(w: World, ch: Chronicle, attacker_id: str, building_id: str) -> None:
    """A blow on a building: атака (+10 for Разрушитель стен) − защита, at least 1; ranged from the
    next cell at half; no retaliation, no reward; at 0 хп it falls (DK-COMBAT-10, DK-ABIL-14, DK-GAP-26)."""
    a = w.unit(attacker_id)
    b = w.building(building_id)
    if a is None or b is None:
        return
    w.add_arrow(Arrow(kind="attack", faction=a.side, path=(a.cell, b.cell)))
    att = a.attack() + (WALL_BREAKER.building_attack_bonus if a.has_ability("wall_breaker") else 0)
    dfn = m.building_defence(w, b)
    dmg = m.damage(att, dfn)
    half = a.data.ranged and g.adjacent(a.cell, b.cell)
    if half:
        dmg = m.halve(dmg, w.options.half_rounding)
    bm = w.mut_building(building_id)
    bm.hp -= dmg
    if ch.on:
        ch.add("hit_building", "DK-GAP-26", faction=a.side, who=ch.who(a), what=ch.bld(b, "acc"),
               dmg=dmg, att=att, dfn=dfn, note=" (половина)" if half else "",
               rest=f"остаётся {bm.hp} хп" if bm.hp > 0 else "здание разрушено",
               data={"attacker": attacker_id, "building": building_id, "damage": dmg, "hp": max(bm.hp, 0),
                     "from": list(a.cell), "to": list(b.cell)})
    if bm.hp <= 0:
        destroy_building(w, ch, building_id)


def destroy_building(w: World, ch: Chronicle, building_id: str) -> None:
    """The cell becomes empty; an Altar's fall ends its archdemon (DK-GAP-26, DK-GAP-29, DK-BLD-04)."""
    b = w.remove_building(building_id)
    for u in list(w.iter_units()):
        if building_id in u.capture:
            del w.mut_unit(u.id).capture[building_id]
    if ch.on:
        ch.add("building_destroyed", "DK-GAP-26", what=ch.bld(b), data={"building": building_id,
                                                                              "cell": list(b.cell)})
    if b.kind == "altar" and b.owner is not None and b.owner in w.players:
        eliminate(w, ch, b.owner)


def eliminate(w: World, ch: Chronicle, faction: str) -> None:
    """An archdemon without an Altar leaves the game: his units vanish (no rewards, belongings drop),
    his Sources turn neutral, his other buildings stay neutral or go (DK-GEN-02, DK-GAP-29)."""
    p = w.mut_player(faction)
    if not p.alive:
        return
    p.alive = False
    p.altar = None
    p.eliminated_round = w.round
    for u in list(w.iter_units()):
        if u.owner == faction:
            vanish(w, u.id)
        elif u.controller == faction:
            w.mut_unit(u.id).controller = None
    removed = w.options.eliminated_buildings == "removed"
    for b in list(w.buildings.values()):
        if b.owner != faction:
            continue
        if b.kind == "source":
            w.mut_building(b.id).owner = None
            for u in list(w.iter_units()):
                if b.id in u.capture:
                    del w.mut_unit(u.id).capture[b.id]
        elif removed:
            w.remove_building(b.id)
        else:
            w.mut_building(b.id).owner = None
    if ch.on:
        ch.add("eliminated", "DK-GEN-02", faction=faction, who=ch.player(faction), data={"faction": faction})
    check_victory(w, ch)


def one_alliance(w: World, factions: list[str]) -> bool:
    """Every two of ``factions`` are registered allies (DK-GEN-04): one alliance, no outsider."""
    return all(m.allied(w, a, b) for i, a in enumerate(factions) for b in factions[i + 1:])


def check_victory(w: World, ch: Chronicle) -> None:
    """The last archdemon with an Altar wins (DK-GEN-01, DK-GAP-29); with ``allied_victory`` the
    game also ends when every archdemon still in it belongs to one registered alliance — all of
    them win together."""
    if w.phase == "over":
        return
    alive = w.alive_players()
    allied = len(alive) > 1 and w.options.allied_victory and one_alliance(w, alive)
    if len(alive) > 1 and not allied:
        return
    w.phase = "over"
    w.active = None
    w.winners = list(alive)
    if ch.on:
        if allied:
            names = ", ".join(ch.player(f) for f in alive)
            ch.add("allied_victory", "DK-GAP-29", who=names, data={"winners": alive})
        elif alive:
            ch.add("victory", "DK-GEN-01", faction=alive[0], who=ch.player(alive[0]), data={"winners": alive})
        else:
            ch.add("no_winner", "DK-GEN-01", data={"winners": []})
