"""Archdemon spells once legal: research and casting (DK-SPELL-01..15, DK-GAP-68..73).

Spells reach any unit anywhere and need no line of sight (DK-COMBAT-08); buildings are immune
(DK-BLD-02). Durations end at the start of the caster's next turn unless the GM chose otherwise.
"""

from __future__ import annotations

from ...data import DATA
from ...orders import Cast, Research
from ...state import Arrow, Effect
from .. import mechanics as m
from ..chronicle import Chronicle
from ..fate import Fate
from ..world import World
from . import combat

S = DATA.spells


def do_research(w: World, ch: Chronicle, fate: Fate, faction: str, o: Research) -> None:
    """Paid once, in mana; known for good (DK-SPELL-01, DK-GAP-70)."""
    p = w.mut_player(faction)
    p.mana -= S[o.spell].research
    p.spells.append(o.spell)
    if ch.on:
        ch.add("research", "DK-SPELL-01", faction=faction, who=ch.player(faction), spell=S[o.spell].name,
               mana=S[o.spell].research, data={"spell": o.spell})


def do_cast(w: World, ch: Chronicle, fate: Fate, faction: str, o: Cast) -> None:
    spell = S[o.spell]
    w.mut_player(faction).mana -= spell.cast
    t = w.unit(o.target)
    assert t is not None
    w.add_arrow(Arrow(kind="spell", faction=faction, path=(t.cell, t.cell)))
    if ch.on:
        ch.add("cast", "DK-SPELL-01", faction=faction, who=ch.player(faction), spell=spell.forms.acc,
               whom=ch.who(t, "acc"), mana=spell.cast, data={"spell": o.spell, "target": o.target})
    if o.spell == "healing":
        gained = combat.heal(w, ch, o.target, spell.heal, "spell", "DK-SPELL-10", quiet=True)
        if ch.on:
            ch.add("spell_healed", "DK-SPELL-10", faction=faction, whom=ch.who(t), hp=gained,
                   data={"target": o.target, "hp": gained})
        return
    if o.spell == "dispel":
        dispel(w, ch, o.target, "DK-SPELL-11")
        return
    if spell.category == "debuff" and not combat.lands(w, ch, fate, t, spell.forms.acc):
        return
    tm = w.mut_unit(o.target)
    until = m.until_next_turn(w, faction, w.options.spell_duration == "one_round")
    category = "debuff" if spell.category == "debuff" else "buff"  # Призрачность, Удача: buffs (DK-GAP-73)
    tm.effects = tm.effects + [Effect(key=o.spell, source="spell", category=category, by=faction, until=until,
                                      attack=spell.attack, defence=spell.defence)]
    if o.spell == "speed":
        tm.ap += spell.ap  # +1 ОД now, lost at the end of the turn if unused (DK-GAP-58)


def dispel(w: World, ch: Chronicle, uid: str, clause: str) -> None:
    """All debuffs, controls and poison go (DK-SPELL-11)."""
    t = w.mut_unit(uid)
    gone = [e for e in t.effects if e.category in ("debuff", "control")]
    t.effects = [e for e in t.effects if e.category not in ("debuff", "control")]
    poisoned = t.poison is not None
    t.poison = None
    if ch.on:
        names = [S[e.key].name if e.key in S else DATA.abilities[e.key].name if e.key in DATA.abilities else e.key
                 for e in gone] + (["отравление"] if poisoned else [])
        ch.add("dispelled", clause, whom=ch.who(t, "gen"), what=", ".join(names) or "ничего",
               data={"unit": uid})
