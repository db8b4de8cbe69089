"""Carrying out one checked action: pay, place or take, refill the pool (TET-BLD, TET-RTE, TET-ART,
TET-ARMY, TET-TRO). The caller (`flow.apply`) has checked the order; the quote says what to pay.
"""

from __future__ import annotations

from letopis.engine.events import Event

from ..data import BUILDING_NAMES, ROUTE_NAMES, Material, material_for
from ..messages import Violation, render
from ..orders import Build, Campaign, CreateArtifact, LayRoute, Summon
from ..state import Building, State
from .explain import explain
from .legality import check
from .quotes import BuildQuote, CampaignQuote, CardQuote, RouteQuote


def pay(state: State, faction: str, amount: int) -> None:
    """Move the wealth marker down (TET-ACT-06); coins never go below 0 (TET-GAP-30)."""
    p = state.players[faction]
    if amount > p.coins:
        raise ValueError("action costs more than the player has")
    p.coins -= amount


def refill(state: State, kind: str, slot: int, m: Material) -> Event:
    """The emptied place gets the top card of the current epoch's deck, or stays empty
    (TET-ART-03, -04, TET-ARMY-02, -03)."""
    decks = state.artifact_decks if kind == "artifact" else state.creature_decks
    pool = state.artifact_pool if kind == "artifact" else state.creature_pool
    deck = decks[state.epoch - 1]
    what = "артефактов" if kind == "artifact" else "существ"
    if deck:
        card = deck.pop(0)
        pool[slot - 1] = card
        return Event(kind="pool_refilled", clause="TET-ART-03" if kind == "artifact" else "TET-ARMY-02",
                     text=f"На место {slot} в пуле {what} выложена «{m.card_name(card)}».",
                     data={"pool": kind, "slot": slot, "card": card})
    pool[slot - 1] = None
    return Event(kind="pool_empty", clause="TET-ART-04" if kind == "artifact" else "TET-ARMY-03",
                 text=f"Колода {what} эпохи {state.epoch} кончилась: место {slot} остаётся пустым.",
                 data={"pool": kind, "slot": slot})


def perform(state: State, faction: str, order: object) -> list[Event]:
    """Apply a legal action to ``state`` (changed in place); the events of the chronicle."""
    m = material_for(state)
    result = check(state, faction, order)  # type: ignore[arg-type]
    if not result.ok:
        raise ValueError("; ".join(v.message for v in result.violations))
    q = result.quote
    name = state.players[faction].name
    lines = explain(q, state, m)  # type: ignore[arg-type]
    if isinstance(order, Build):
        assert isinstance(q, BuildQuote)
        pay(state, faction, q.total)
        state.buildings.append(Building(owner=faction, kind=order.building, castle=q.castle, tower=q.tower))
        text = (f"{name} строит: {BUILDING_NAMES[q.building]}, {m.castle(q.castle).name}, башня {q.tower}. "
                + " ".join(lines))
        return [Event(kind="built", faction=faction, clause="TET-BLD-02", text=text,
                      data={"order": order.model_dump(mode="json"), "quote": q.model_dump(mode="json")})]
    if isinstance(order, LayRoute):
        assert isinstance(q, RouteQuote)
        pay(state, faction, q.total)
        state.routes[q.segment] = faction
        seg = m.segments[q.segment]
        a, b = (m.castle(c).name for c in seg.between)
        text = f"{name} прокладывает {ROUTE_NAMES[q.route]} маршрут {a} — {b}. " + " ".join(lines)
        return [Event(kind="route_laid", faction=faction, clause="TET-RTE-01", text=text,
                      data={"order": order.model_dump(mode="json"), "quote": q.model_dump(mode="json")})]
    if isinstance(order, (CreateArtifact, Summon)):
        assert isinstance(q, CardQuote)
        pay(state, faction, q.total)
        p = state.players[faction]
        if q.kind == "artifact":
            p.artifacts.append(q.card)
            verb, clause = "создаёт артефакт", "TET-ART-01"
        else:
            p.creatures.append(q.card)
            verb, clause = "призывает существо", "TET-ARMY-01"
        text = f"{name} {verb} «{m.card_name(q.card)}» (место {q.slot}). " + " ".join(lines)
        events = [Event(kind="artifact_created" if q.kind == "artifact" else "creature_summoned", faction=faction,
                        clause=clause, text=text,
                        data={"order": order.model_dump(mode="json"), "quote": q.model_dump(mode="json")})]
        events.append(refill(state, q.kind, q.slot, m))
        return events
    if isinstance(order, Campaign):
        assert isinstance(q, CampaignQuote)
        return _campaign(state, faction, order, q, m, lines)
    raise ValueError(f"not an action: {order!r}")


def _campaign(state: State, faction: str, order: Campaign, q: CampaignQuote, m: Material,
              lines: list[str]) -> list[Event]:
    name = state.players[faction].name
    castle = m.castle(q.castle)
    events: list[Event] = []
    if q.hidden:
        # TET-GAP-22: a hidden token is revealed first; too strong or too dear → refused, no cost
        neighbours = [n for n, _ in q.support] if state.options.monster_support == "neighbour_levels" else []
        for cid in [q.castle, *neighbours]:
            t = state.trophies[cid]
            if not t.face_up:
                state.trophies[cid] = t.model_copy(update={"face_up": True})
                events.append(Event(kind="trophy_revealed", clause="TET-GAP-22", data={"castle": cid, "level": t.level},
                                    text=f"{m.castle(cid).name}: трофей открыт — уровень {t.level}."))
        again = check(state, faction, order)
        if not again.ok:
            v = again.violations[0]
            if v.code == "monsters_too_strong":
                v = Violation(code="hidden_too_strong", clause="TET-GAP-22", params=v.params)
            events.append(Event(kind="campaign_refused", faction=faction, clause=v.clause,
                                text=f"{name}: {render(v)[0]}", data={"violation": v.model_dump(mode="json")}))
            return events
        assert isinstance(again.quote, CampaignQuote)
        q = again.quote
        lines = explain(q, state, m)
    assert q.total is not None and q.level is not None
    pay(state, faction, q.total)  # the army loses nothing (TET-GAP-19)
    token = state.trophies.pop(q.castle)  # the castle is free (TET-TRO-06) and may be refilled later
    state.players[faction].trophies.append(token)
    if q.castle not in state.freed:
        state.freed.append(q.castle)
    text = (f"{name} идёт в поход на {castle.name} и берёт трофей уровня {q.level}; замок свободен от монстров. "
            + " ".join(lines))
    events.append(Event(kind="trophy_taken", faction=faction, clause="TET-TRO-01", text=text,
                        data={"order": order.model_dump(mode="json"), "quote": q.model_dump(mode="json")}))
    return events
