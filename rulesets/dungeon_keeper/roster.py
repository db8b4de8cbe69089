"""The archdemon's forces for the post page: resources and what they buy, units and buildings.

Units are named as orders name them («Имп №3», «Бес №2»; a subjugated enemy unit with its owner),
with their cell, ОД left this turn (DK-TURN-03; in another's turn the ОД a turn gives), хп, attack
and defence with artifacts, spirits and spells counted (DK-STAT), and what each can do: an imp's
work (DK-IMP-03..07), the active abilities with their ОД price (DK-ABIL), the upgrades of its kind
with their price (DK-UPG-01..03). The archdemon's part lists what mana buys now: summoning
(DK-UNIT-06), the spells known with their casting price and those that may be researched
(DK-SPELL-01). Everything here is the faction's own; the map itself is open (DK-GAP-23 hides only
what lies in the rock, and no unit stands there).
"""

from __future__ import annotations

from letopis.engine.contract import RosterEntry, RosterGroup

from .data import DATA
from .orders import cell_text
from .refs import label
from .rules.chronicle import mana_ru
from .state import Building, State, Unit

WORK = "копает, добывает, строит, чинит — по 1 ОД"  # DK-IMP-03..07
DIG = "копает — 1 ОД"  # the Hero's gnome (DK-HERO-02)
RESOURCES = (("mana", "Мана"), ("gold", "Золото"), ("iron", "Железо"), ("taldear", "Тальдеар"))
GROUPED = frozenset({"wall"})  # buildings shown as one line with a count


def roster(state: State, faction: str) -> list[RosterGroup]:
    if faction not in state.players:
        return []
    return [_archdemon(state, faction), _units(state, faction), _buildings(state, faction)]


# --- the archdemon --------------------------------------------------------------------------------
def _archdemon(state: State, faction: str) -> RosterGroup:
    p = state.players[faction]
    owned = sum(1 for u in state.units.values() if u.owner == faction)
    facts = [(label_, str(p.resource(key))) for key, label_ in RESOURCES]
    facts.append(("Юнитов", f"{owned} из {DATA.limits.units}"))
    entries = [_summon(state, faction), _spells(state, faction)]
    research = _research(state, faction)
    if research is not None:
        entries.append(research)
    extras = []
    if p.runes:
        extras.append("руны: " + ", ".join(DATA.runes[r].name for r in p.runes))
    if p.spirits:
        extras.append(f"духов: {len(p.spirits)}")
    if p.store:
        extras.append("на складе: " + ", ".join(DATA.artifacts[a].name for a in p.store))
    if extras:
        entries.append(RosterEntry(name="Запасы", note="; ".join(extras)))
    return RosterGroup(title=f"Архидемон {p.name}", facts=facts, entries=entries)


def _summon(state: State, faction: str) -> RosterEntry:
    if not state.buildings_of(faction, "circle"):
        return RosterEntry(name="Призыв", note="нужен свой Круг вызова", spent=True)
    mana = state.players[faction].mana
    kinds = [(f"{d.name} — {mana_ru(d.summon)}", d.summon <= mana) for d in DATA.units.values() if d.summon is not None]
    return _priced("Призыв", kinds, "у Круга вызова")


def _spells(state: State, faction: str) -> RosterEntry:
    p = state.players[faction]
    known = [(f"{DATA.spells[s].name} — {mana_ru(DATA.spells[s].cast)}", DATA.spells[s].cast <= p.mana) for s in p.spells]
    if not known:
        return RosterEntry(name="Заклинания", note="ещё ни одного не изучено", spent=True)
    return _priced("Заклинания", known)


def _research(state: State, faction: str) -> RosterEntry | None:
    p = state.players[faction]
    open_ = [(f"{s.name} — {mana_ru(s.research)}", s.research <= p.mana) for key, s in DATA.spells.items()
             if key not in p.spells and all(r in p.runes for r in s.runes)]
    if not open_:
        return None
    return _priced("Изучить", open_)


def _priced(name: str, items: list[tuple[str, bool]], where: str = "") -> RosterEntry:
    """What the mana pays for now as things it can do; the rest in a note, so nothing looks free."""
    can = [text for text, affordable in items if affordable]
    dear = [text for text, affordable in items if not affordable]
    notes = ([where] if where else []) + (["не хватает маны: " + ", ".join(dear)] if dear else [])
    return RosterEntry(name=name, can=can, note="; ".join(notes), spent=not can)


# --- units ------------------------------------------------------------------------------------------
def _units(state: State, faction: str) -> RosterGroup:
    mine = sorted((u for u in state.units.values() if u.side == faction),
                  key=lambda u: (u.owner != faction, u.kind != "imp", u.seq))
    return RosterGroup(title="Юниты", entries=[_unit(state, faction, u) for u in mine],
                       empty="Юнитов нет: призовите импа у Круга вызова.")


def _unit(state: State, faction: str, u: Unit) -> RosterEntry:
    my_turn = state.phase == "turn" and state.active == faction
    ap = f"{u.ap} из {u.max_ap()}" if my_turn else f"{u.max_ap()} за ход"
    facts = [("ОД", ap), ("хп", f"{u.hp}/{u.max_hp()}"), ("атака", str(u.attack())), ("защита", str(u.defence()))]
    data = u.data
    can = [WORK] if data.works else [DIG] if data.digs else []
    for key in data.abilities:
        ability = DATA.abilities[key]
        if ability.active:
            reach = f" (до {ability.range} кл.)" if ability.range > 1 else ""
            can.append(f"{ability.name}{reach} — {ability.ap} ОД")
    notes = []
    if u.owner == faction:
        cheap, dear = _upgrades(state, faction, u.kind)
        if cheap:
            can.append(f"улучшение у Источника: {cheap}")
        if dear:
            notes.append(f"улучшение пока не по карману: {dear}")
    if u.controller == faction and u.owner != faction:
        notes.append("подчинён до конца хода")
    if u.effects:
        notes.append("действуют: " + ", ".join(_effect_name(e.key) for e in u.effects))
    if u.poison is not None and u.poison.ticks:
        notes.append(f"отравлен ещё на {u.poison.ticks} ход.")
    if my_turn and u.ap == 0:
        notes.append("ОД на этот ход кончились")
    return RosterEntry(name=label(state, u, faction).text(capital=True), where=cell_text(u.cell), facts=facts,
                       can=can, note="; ".join(notes), spent=my_turn and u.ap == 0)


def _upgrades(state: State, faction: str, kind: str) -> tuple[str, str]:
    """«до жреца — 10 маны и 20 золота; …»: the upgrades whose runes the archdemon has (DK-UPG-04),
    those he can pay for now and those he cannot (DK-UPG-03)."""
    p = state.players[faction]
    cheap, dear = [], []
    for key in DATA.upgrades_of(kind):
        new = DATA.units[key]
        if all(r in p.runes for r in new.runes):
            mana, gold = new.upgrade_mana or 0, new.upgrade_gold or 0
            price = [mana_ru(mana)] + ([f"{gold} золота"] if gold else [])
            (cheap if mana <= p.mana and gold <= p.gold else dear).append(f"до {new.forms.gen} — {' и '.join(price)}")
    return "; ".join(cheap), "; ".join(dear)


def _effect_name(key: str) -> str:
    if key in DATA.spells:
        return DATA.spells[key].name
    if key in DATA.abilities:
        return DATA.abilities[key].name
    return key


# --- buildings --------------------------------------------------------------------------------------
def _buildings(state: State, faction: str) -> RosterGroup:
    own = sorted((b for b in state.buildings.values() if b.owner == faction), key=lambda b: (b.kind, b.cell))
    entries = [_building(b) for b in own if b.kind not in GROUPED]
    for kind in sorted(GROUPED):
        same = [b for b in own if b.kind == kind]
        if same:
            entries.append(RosterEntry(name=DATA.buildings[kind].name, facts=[("штук", str(len(same)))]))
    return RosterGroup(title="Здания", entries=entries, empty="Своих зданий нет.")


def _building(b: Building) -> RosterEntry:
    data = DATA.buildings[b.kind]
    name = data.name + (f" ур. {b.level}" if b.kind == "source" and b.level else "")
    facts = [("хп", f"{b.hp}/{b.max_hp()}")] if data.hp and not data.indestructible else []
    can = []
    if b.kind == "source":
        price = data.upgrade_price(b.level or 1)
        if price is not None:
            can.append(f"улучшение до ур. {(b.level or 1) + 1} — {price} золота")
    if data.ap:
        facts.append(("ОД", f"{b.ap} из {data.ap}"))
    return RosterEntry(name=name, where=cell_text(b.cell), facts=facts, can=can)
