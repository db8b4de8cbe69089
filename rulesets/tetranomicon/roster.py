"""The player's coins, cards and buildings for the post page, and what the pools cost *him*.

Coins, influence, army strength and glory head the list (TET-ACT-06: no action above the coins).
His artifacts (influence = the printed cost, TET-ART-03), his army with the discounts each creature
gives (TET-ARMY-05), his trophies, buildings by castle and tower, and routes by segment as orders
name them («У5»). Then the pools as priced for him: each creature's and artifact's price after his
discounts (TET-ACT-07, TET-GAP-17), an artifact's unmet conditions (TET-ART-02), and the least a
building or a route costs him before surcharges (TET-BLD-09, TET-RTE-03).

Everything here is public but the order of the decks and the trophy supply, which it never reads.
"""

from __future__ import annotations

from letopis.engine.contract import RosterEntry, RosterGroup
from letopis.engine.text import plural

from .data import BUILDING_KINDS, BUILDING_NAMES, DISCOUNT_NAMES, ROUTE_NAMES, Material, material_for
from .rules.conditions import describe, unmet
from .rules.costs import BUILDING_BASE, ROUTE_BASE, army_strength, discounts, glory, influence, reduced
from .state import State


def coins(n: int) -> str:
    """«1 монета», «3 монеты», «5 монет»."""
    return f"{n} {plural(n, 'монета', 'монеты', 'монет')}"


def coins_from(n: int) -> str:
    """«от 1 монеты», «от 4 монет»: after «от» the noun is genitive."""
    return f"от {n} {plural(n, 'монеты', 'монет', 'монет')}"


def roster(state: State, faction: str) -> list[RosterGroup]:
    if faction not in state.players:
        return []
    m = material_for(state)
    return [_treasury(state, faction, m), _cards(state, faction, m), _holdings(state, faction, m),
            _prices(state, faction, m)]


def _treasury(state: State, faction: str, m: Material) -> RosterGroup:
    p = state.players[faction]
    facts = [("Монеты", str(p.coins)), ("Влияние", str(influence(state, faction, m))),
             ("Сила армии", str(army_strength(state, faction, m))), ("Слава", str(glory(state, faction)))]
    if p.passed and state.phase == "actions":
        facts.append(("В этой эпохе", "пас"))
    return RosterGroup(title="Казна", facts=facts)


def _cards(state: State, faction: str, m: Material) -> RosterGroup:
    p = state.players[faction]
    entries = [RosterEntry(name=f"«{m.artifacts[a].name}»", facts=[("", "артефакт"), ("влияние", str(m.artifacts[a].cost))])
               for a in p.artifacts]
    for c in p.creatures:
        card = m.creatures[c]
        entries.append(RosterEntry(name=f"«{card.name}»", facts=[("", "существо"), ("⚔", str(card.swords))],
                                   text=_discounts_text(card.discounts)))
    entries += [RosterEntry(name=f"Трофей {t.level}", where=m.castle(t.castle).name if t.castle else "из запаса", facts=[("слава", str(t.level))])
                for t in p.trophies]
    return RosterGroup(title="Ваши карты", entries=entries, empty="Ни артефактов, ни существ, ни трофеев.")


def _holdings(state: State, faction: str, m: Material) -> RosterGroup:
    entries = [RosterEntry(name=BUILDING_NAMES[b.kind].capitalize(), where=f"{m.castle(b.castle).name}, башня {b.tower}")
               for b in sorted(state.buildings_of(faction), key=lambda b: (list(m.castles).index(b.castle), b.tower))]
    for sid in state.routes_of(faction):
        seg = m.segments[sid]
        a, b = (m.castle(x).name for x in seg.between)
        entries.append(RosterEntry(name=f"Маршрут {seg.id}", where=f"{a} — {b}", facts=[("", ROUTE_NAMES[seg.route_kind])]))
    return RosterGroup(title="Ваши строения и маршруты", entries=entries, empty="Ни строений, ни маршрутов.")


def _prices(state: State, faction: str, m: Material) -> RosterGroup:
    """What each action would cost this player now (his discounts applied)."""
    have = state.players[faction].coins
    entries = []
    for kind in BUILDING_KINDS:
        least = reduced(state, BUILDING_BASE, discounts(state, faction, "build", kind))
        entries.append(RosterEntry(name=f"Строить: {BUILDING_NAMES[kind]}", facts=[("цена", coins_from(least))],
                                   spent=least > have))
    for route in sorted({s.route_kind for s in m.segments.values()}):
        least = reduced(state, ROUTE_BASE - 2, discounts(state, faction, "route", route))
        full = reduced(state, ROUTE_BASE, discounts(state, faction, "route", route))
        price = coins(full) if least == full else f"{least}–{coins(full)}"
        entries.append(RosterEntry(name=f"Маршрут ({ROUTE_NAMES[route]})", facts=[("цена", price)],
                                   note="на 1 дешевле за каждый замок участка с 3–4 строениями", spent=least > have))
    for slot, cid in enumerate(state.creature_pool, 1):
        if cid is not None:
            card = m.creatures[cid]
            price = reduced(state, card.cost, discounts(state, faction, "summon"))
            entries.append(RosterEntry(name=f"Существо «{card.name}»", where=f"слот {slot}",
                                       facts=[("цена", _price(card.cost, price)), ("⚔", str(card.swords))],
                                       text=_discounts_text(card.discounts),
                                       spent=price > have))
    for slot, aid in enumerate(state.artifact_pool, 1):
        if aid is not None:
            card = m.artifacts[aid]
            price = reduced(state, card.cost, discounts(state, faction, "artifact"))
            missing = [f"{describe(cond)} (у вас {n})" for cond, n in unmet(state, faction, aid, m)]
            entries.append(RosterEntry(name=f"Артефакт «{card.name}»", where=f"слот {slot}",
                                       facts=[("цена", _price(card.cost, price))],
                                       note=("не выполнено: " + "; ".join(missing)) if missing else "",
                                       spent=price > have or bool(missing)))
    return RosterGroup(title="Цены для вас", entries=entries)


def _price(printed: int, yours: int) -> str:
    return coins(yours) if yours == printed else f"{coins(yours)} (вместо {printed})"


def _discounts_text(codes) -> str:  # type: ignore[no-untyped-def]
    """«Скидка: −1 к водному маршруту.» — what a creature in the army takes off prices."""
    return ("Скидка: " + "; ".join(DISCOUNT_NAMES[d] for d in codes) + ".") if codes else ""
