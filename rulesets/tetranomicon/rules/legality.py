"""The action checks: is this order legal for this player now, and what will it cost?

`check(state, faction, order)` returns a `Check`: typed `Violation`s (a message code from
`messages.py`, the clause ID, and the numbers and names for the message) and, when the order can
be priced, its `quote` with the whole arithmetic. It never changes the state and never raises on
an order that names unknown things (that is a violation too).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from ..data import BUILDING_KINDS, STANDARD_LEVEL, TERRAIN_OF, Material, material_for
from ..messages import Violation
from ..orders import Build, Campaign, CreateArtifact, LayRoute, Pass, Summon
from ..state import State
from .conditions import unmet
from .costs import (
    BUILDING_BASE,
    ROUTE_BASE,
    SURCHARGE,
    army_strength,
    busy_castles,
    discounts,
    reduced,
    support,
)
from .network import shortest, supply_tree
from .quotes import BuildQuote, CampaignQuote, CardQuote, PassQuote, RouteQuote, SupplyLeg


@dataclass
class Check:
    violations: list[Violation] = field(default_factory=list)
    quote: BaseModel | None = None

    @property
    def ok(self) -> bool:
        return not self.violations

    def add(self, code: str, clause: str, **params: Any) -> None:
        self.violations.append(Violation(code=code, clause=clause, params=params))


def check_turn(state: State, faction: str) -> list[Violation]:
    """Whether the player may post an action now (TET-ACT-01, TET-ACT-03, TET-ACT-04)."""
    c = Check()
    if state.phase == "over":
        c.add("game_over", "TET-GEN-01")
    elif faction not in state.players:
        c.add("not_a_player", "TET-GEN-04")
    elif state.players[faction].passed:
        c.add("already_passed", "TET-ACT-04")
    elif state.active != faction:
        c.add("not_your_turn", "TET-ACT-01", active=state.players[state.active].name if state.active else "—")
    return c.violations


def check(state: State, faction: str, order: BaseModel) -> Check:
    """The violations of ``order`` and its quote (TET-ACT-06: an action above the coins is illegal)."""
    turn = check_turn(state, faction)
    if turn:
        return Check(turn)
    m = material_for(state)
    if isinstance(order, Pass):
        return Check(quote=PassQuote(affordable=tuple(affordable_kinds(state, faction))))
    if isinstance(order, Build):
        c = check_build(state, faction, order, m)
    elif isinstance(order, LayRoute):
        c = check_route(state, faction, order, m)
    elif isinstance(order, CreateArtifact):
        c = check_card(state, faction, order, m, "artifact")
    elif isinstance(order, Summon):
        c = check_card(state, faction, order, m, "creature")
    elif isinstance(order, Campaign):
        c = check_campaign(state, faction, order, m)
    else:
        c = Check()
        c.add("unknown_order", "TET-ACT-02")
        return c
    total = getattr(c.quote, "total", None)
    if total is not None and total > state.players[faction].coins:
        c.add("too_expensive", "TET-ACT-06", cost=total, coins=state.players[faction].coins)
    return c


# --- building ---------------------------------------------------------------------------------
def _tower(state: State, order: Build, m: Material, c: Check) -> tuple[int | None, bool]:
    castle = m.castle(order.castle)
    terrain = TERRAIN_OF[order.building]
    if order.tower is not None:
        t = order.tower
        if t > len(castle.towers):
            c.add("no_such_tower", "TET-MAP-02", castle=castle.name, tower=t, towers=len(castle.towers))
            return None, False
        if castle.towers[t - 1] != terrain:
            c.add("wrong_terrain", "TET-BLD-03", castle=castle.name, tower=t, building=order.building,
                  terrain=castle.towers[t - 1], needed=terrain)
        if state.building_at(order.castle, t) is not None:
            b = state.building_at(order.castle, t)
            assert b is not None
            c.add("tower_taken", "TET-BLD-02", castle=castle.name, tower=t, owner=state.players[b.owner].name,
                  building=b.kind)
        return t, False
    free = [i + 1 for i, ter in enumerate(castle.towers)
            if ter == terrain and state.building_at(order.castle, i + 1) is None]
    if not free:
        c.add("no_free_tower", "TET-GAP-16", castle=castle.name, building=order.building, terrain=terrain)
        return None, True
    return free[0], True


def _weight(state: State, faction: str):
    return lambda seg: 0 if state.routes.get(seg) == faction else SURCHARGE


def _supply(state: State, faction: str, order: Build, m: Material, c: Check) -> tuple[list[SupplyLeg], int, list[tuple[str, str]]] | None:
    """The supply legs for every lower standard level (TET-BLD-07, -08, TET-GAP-14, TET-GAP-26)."""
    needed = [k for k in BUILDING_KINDS if STANDARD_LEVEL[k] < STANDARD_LEVEL[order.building]]
    named = {s.building: s.castle for s in order.sources}
    for kind in named:
        if kind not in needed:
            c.add("source_not_needed", "TET-BLD-07", building=order.building, source=kind)
    own = {(b.kind, b.castle) for b in state.buildings if b.owner == faction}
    groups: list[list[str]] = []
    for kind in needed:
        where = [cid for cid in m.castles if (kind, cid) in own]
        if kind in named:
            if named[kind] not in where:
                c.add("source_missing", "TET-BLD-07", source=kind, castle=m.castle(named[kind]).name)
                return None
            where = [named[kind]]
        if not where:
            c.add("prerequisite_missing", "TET-BLD-07", building=order.building, source=kind)
            return None
        groups.append(where)
    if c.violations and any(v.code == "source_not_needed" for v in c.violations):
        return None
    weight = _weight(state, faction)
    tree = supply_tree(m, order.castle, groups, state.routes, weight, state.options.surcharge_mode)
    if tree is None:
        # name the first kind that cannot be reached
        reach = shortest(m, order.castle, state.routes, weight).cost
        for kind, group in zip(needed, groups, strict=True):
            if not any(g in reach for g in group):
                c.add("no_access", "TET-BLD-08", building=order.building, source=kind,
                      castle=m.castle(order.castle).name)
                break
        return None
    legs = []
    charged: list[tuple[str, str]] = []
    for kind, src, leg in zip(needed, tree.sources, tree.legs, strict=True):
        foreign = tuple(s for s in leg if weight(s))
        legs.append(SupplyLeg(building=kind, castle=src, segments=leg, foreign=foreign, named=kind in named))
        charged.extend((s, state.routes[s]) for s in foreign)
    if state.options.surcharge_mode == "union":
        charged = list(dict.fromkeys(charged))
    return legs, tree.cost, charged


def check_build(state: State, faction: str, order: Build, m: Material) -> Check:
    c = Check()
    if order.castle not in m.castles:
        c.add("unknown_castle", "TET-MAP-01", castle=order.castle)
        return c
    for s in order.sources:
        if s.castle not in m.castles:
            c.add("unknown_castle", "TET-MAP-01", castle=s.castle)
            return c
    castle = m.castle(order.castle)
    tower, tower_chosen = _tower(state, order, m, c)
    if order.castle in state.trophies:
        c.add("monsters_in_castle", "TET-BLD-04", castle=castle.name)
    if not state.buildings_in(order.castle) and not any(
            s.id in state.routes for s in m.segments_at[order.castle]):
        c.add("castle_not_connected", "TET-BLD-05", castle=castle.name)
    mine_here = sum(1 for b in state.buildings_in(order.castle) if b.owner == faction)
    if mine_here >= state.epoch:
        c.add("castle_limit", "TET-BLD-06", castle=castle.name, have=mine_here, epoch=state.epoch)
    supply = _supply(state, faction, order, m, c)
    if supply is None or tower is None:
        return c
    legs, surcharge, charged = supply
    cuts = discounts(state, faction, "build", order.building)
    printed = BUILDING_BASE + surcharge
    c.quote = BuildQuote(building=order.building, castle=order.castle, tower=tower, tower_chosen=tower_chosen,
                         legs=tuple(legs), charged=tuple(charged), base=BUILDING_BASE, surcharge=surcharge,
                         discounts=tuple(cuts), total=reduced(state, printed, cuts),
                         coins=state.players[faction].coins)
    return c


# --- route ------------------------------------------------------------------------------------
def check_route(state: State, faction: str, order: LayRoute, m: Material) -> Check:
    """Any empty segment, monster castles included, with no adjacency rule (TET-GAP-25)."""
    c = Check()
    seg = m.segments.get(order.segment)
    if seg is None:
        c.add("unknown_segment", "TET-MAP-01", segment=order.segment)
        return c
    a, b = (m.castle(x).name for x in seg.between)
    if order.route is not None and order.route != seg.route_kind:
        c.add("wrong_route_kind", "TET-GAP-32", a=a, b=b, said=order.route, kind=seg.kind)
    if order.segment in state.routes:
        c.add("segment_taken", "TET-RTE-02", a=a, b=b, owner=state.players[state.routes[order.segment]].name)
    busy = busy_castles(state, seg.between)
    cuts = discounts(state, faction, "route", seg.route_kind)
    printed = ROUTE_BASE - len(busy)
    c.quote = RouteQuote(segment=seg.id, route=seg.route_kind, base=ROUTE_BASE, busy=tuple(busy),
                         discounts=tuple(cuts), total=reduced(state, printed, cuts),
                         coins=state.players[faction].coins)
    return c


# --- cards ------------------------------------------------------------------------------------
def check_card(state: State, faction: str, order: CreateArtifact | Summon, m: Material, kind: str) -> Check:
    c = Check()
    pool = state.artifact_pool if kind == "artifact" else state.creature_pool
    clause = "TET-ART-01" if kind == "artifact" else "TET-ARMY-01"
    cards = m.artifacts if kind == "artifact" else m.creatures
    if order.card is not None and order.card not in cards:
        c.add("unknown_card", clause, card=order.card, what=kind)
        return c
    if order.slot is not None:
        if order.slot > len(pool):
            c.add("no_such_slot", clause, slot=order.slot, size=len(pool), what=kind)
            return c
        at = pool[order.slot - 1]
        if at is None:
            c.add("slot_empty", clause, slot=order.slot, what=kind)
            return c
        if order.card is not None and at != order.card:
            c.add("slot_mismatch", clause, slot=order.slot, card=m.card_name(order.card), there=m.card_name(at))
            return c
        card, slot = at, order.slot
    else:
        assert order.card is not None
        if order.card not in pool:
            c.add("card_not_in_pool", clause, card=m.card_name(order.card), what=kind)
            return c
        card, slot = order.card, pool.index(order.card) + 1
    if kind == "artifact":
        for cond, have in unmet(state, faction, card, m):
            c.add("condition_unmet", "TET-ART-02", card=m.card_name(card), condition=cond.model_dump(), have=have)
        printed = m.artifacts[card].cost
        cuts = discounts(state, faction, "artifact")
    else:
        printed = m.creatures[card].cost
        cuts = discounts(state, faction, "summon")
    c.quote = CardQuote(kind=kind, card=card, slot=slot, printed=printed, discounts=tuple(cuts),
                        total=reduced(state, printed, cuts), coins=state.players[faction].coins)
    return c


# --- campaign ---------------------------------------------------------------------------------
def campaign_path(state: State, faction: str, order: Campaign, m: Material,
                  c: Check) -> tuple[str, list[str], list[str]] | None:
    """(start, castles, segments) of the campaign: as named, or the cheapest (TET-TRO-04, TET-GAP-18).
    Every segment counts, laid or not: no route to the trophy is needed (TET-TRO-03)."""
    everything = list(m.segments)
    weight = _weight(state, faction)
    own = {b.castle for b in state.buildings if b.owner == faction}
    starts = [cid for cid in m.castles if cid in own]
    if not starts:
        c.add("no_buildings_for_campaign", "TET-TRO-04")
        return None
    named = order.path()
    if named is not None:
        segs = []
        for a, b in itertools.pairwise(named):
            seg = m.segment_between(a, b)
            if seg is None:
                c.add("path_gap", "TET-MAP-01", a=m.castle(a).name, b=m.castle(b).name)
                return None
            segs.append(seg.id)
        if order.start not in starts:
            c.add("start_without_building", "TET-TRO-04", castle=m.castle(named[0]).name)
            return None
        return named[0], list(named), segs
    paths = shortest(m, order.castle, everything, weight)
    if order.start is not None:
        if order.start not in starts:
            c.add("start_without_building", "TET-TRO-04", castle=m.castle(order.start).name)
            return None
        start = order.start
    else:
        start = min(starts, key=lambda s: (paths.cost[s], paths.hops[s]))
    castles = paths.castles_to(start)[::-1]
    segs = paths.segments_to(start)[::-1]
    return start, castles, segs


def check_campaign(state: State, faction: str, order: Campaign, m: Material) -> Check:
    c = Check()
    for cid in (order.castle, order.start, *(order.via or ())):
        if cid is not None and cid not in m.castles:
            c.add("unknown_castle", "TET-MAP-01", castle=cid)
            return c
    token = state.trophies.get(order.castle)
    if token is None:
        c.add("no_trophy", "TET-MAP-05", castle=m.castle(order.castle).name)
        return c
    found = campaign_path(state, faction, order, m, c)
    if found is None:
        return c
    start, castles, segs = found
    chosen = {"start_chosen": order.start is None, "path_chosen": order.via is None}
    sup = support(state, order.castle, m)
    hidden = not token.face_up or (state.options.monster_support == "neighbour_levels"
                                   and any(not state.trophies[n].face_up for n, _ in sup))
    swords = army_strength(state, faction, m)
    uncovered = tuple(s for s in segs if state.routes.get(s) != faction)
    cuts = discounts(state, faction, "campaign")
    coins = state.players[faction].coins
    if hidden:
        shown_sup = tuple((n, None if (state.options.monster_support == "neighbour_levels"
                                       and not state.trophies[n].face_up) else v) for n, v in sup)
        c.quote = CampaignQuote(castle=order.castle, level=token.level if token.face_up else None,
                                support=shown_sup, strength=None, swords=swords, start=start,
                                path=tuple(castles), segments=tuple(segs), uncovered=uncovered,
                                **chosen, discounts=tuple(cuts), total=None, coins=coins, hidden=True)
        return c
    strength = token.level + sum(v for _, v in sup)
    if strength > swords:
        c.add("monsters_too_strong", "TET-TRO-02", castle=m.castle(order.castle).name, strength=strength,
              swords=swords)
    printed = token.level + SURCHARGE * len(uncovered)
    c.quote = CampaignQuote(castle=order.castle, level=token.level, support=tuple(sup), strength=strength,
                            swords=swords, start=start, path=tuple(castles), segments=tuple(segs),
                            uncovered=uncovered, **chosen, discounts=tuple(cuts),
                            total=reduced(state, printed, cuts), coins=coins)
    return c


# --- what a player can still do ---------------------------------------------------------------
def candidate_orders(state: State, faction: str) -> list[BaseModel]:
    """Every action order worth trying for this player now (tower, sources and start left to the
    server), the legal ones among them found by `legal_orders`."""
    m = material_for(state)
    out: list[BaseModel] = []
    for cid in m.castles:
        for kind in BUILDING_KINDS:
            if TERRAIN_OF[kind] in m.castle(cid).towers:
                out.append(Build(building=kind, castle=cid))
    out.extend(LayRoute(segment=s) for s in m.segments if s not in state.routes)
    out.extend(CreateArtifact(card=a) for a in state.artifact_pool if a is not None)
    out.extend(Summon(card=cr) for cr in state.creature_pool if cr is not None)
    out.extend(Campaign(castle=cid) for cid in state.trophies)
    return out


def _surely_too_expensive(state: State, faction: str, order: BaseModel) -> bool:
    """A build whose price before any surcharge is already above the coins: `check` would say
    too_expensive (a surcharge only adds), so the supply search can be skipped. Speed only."""
    if not isinstance(order, Build):
        return False
    least = reduced(state, BUILDING_BASE, discounts(state, faction, "build", order.building))
    return least > state.players[faction].coins


def legal_orders(state: State, faction: str) -> list[BaseModel]:
    return [o for o in candidate_orders(state, faction)
            if not _surely_too_expensive(state, faction, o) and check(state, faction, o).ok]


def affordable_kinds(state: State, faction: str) -> list[str]:
    """The action kinds the player can still legally pay for (TET-ACT-04, TET-GAP-28)."""
    kinds: list[str] = []
    for o in candidate_orders(state, faction):
        kind = o.kind
        if kind not in kinds and not _surely_too_expensive(state, faction, o) and check(state, faction, o).ok:
            kinds.append(kind)
    return kinds
