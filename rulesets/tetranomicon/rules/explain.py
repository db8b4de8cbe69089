"""A quote as a forum GM writes the arithmetic: Russian lines for the live check and the chronicle.

Builds: which building supplies each lower level, over which segments, whose routes are charged,
the creature discounts, the total and the coins left; what the server chose is said so. Campaigns:
the monsters' strength with each supporting neighbour, the player's swords, the start and the path
with its cost.
"""

from __future__ import annotations

from pydantic import BaseModel

from ..data import BUILDING_NAMES, ROUTE_NAMES, Material
from ..state import State
from .costs import Discount
from .quotes import BuildQuote, CampaignQuote, CardQuote, PassQuote, RouteQuote

KIND_NAMES = {"build": "строительство", "route": "маршрут", "artifact": "артефакт", "creature": "существо",
              "campaign": "поход"}


def _cuts(cuts: tuple[Discount, ...]) -> str:
    return "".join(f" − {d.amount} («{d.name}»)" for d in cuts)


def _seg(m: Material, seg: str) -> str:
    a, b = (m.castle(c).name for c in m.segments[seg].between)
    return f"{a} — {b}"


def _total(printed_sum: str, cuts: tuple[Discount, ...], total: int, coins: int) -> str:
    return f"Итого: {printed_sum}{_cuts(cuts)} = {total} мон.; останется {coins - total}."


def explain(q: BaseModel | None, state: State, m: Material) -> list[str]:
    if isinstance(q, BuildQuote):
        return _build(q, state, m)
    if isinstance(q, RouteQuote):
        why = "".join(f" − 1 ({m.castle(c).name}: 3+ строения)" for c in q.busy)
        return [(f"Маршрут {ROUTE_NAMES[q.route]}: {q.base}{why}{_cuts(q.discounts)} = {q.total} мон.; "
                f"останется {q.coins - q.total}.")]
    if isinstance(q, CardQuote):
        return [f"Стоимость {q.printed}{_cuts(q.discounts)} = {q.total} мон.; останется {q.coins - q.total}."]
    if isinstance(q, CampaignQuote):
        return _campaign(q, state, m)
    if isinstance(q, PassQuote):
        if q.affordable:
            return ["Пас: до конца эпохи больше не действуете."]
        return ["Пас: ни одно действие вам сейчас не по карману."]
    return []


def _build(q: BuildQuote, state: State, m: Material) -> list[str]:
    lines = []
    if q.tower_chosen:
        lines.append(f"Башня {q.tower} — первая свободная подходящая (выбрал сервер).")
    for leg in q.legs:
        src = f"{BUILDING_NAMES[leg.building]} — {m.castle(leg.castle).name}"
        if not leg.segments:
            how = "в том же замке"
        else:
            parts = []
            for s in reversed(leg.segments):  # from the source to the building, as goods travel
                owner = state.routes[s]
                who = "свой" if s not in leg.foreign else f"чужой, {state.players[owner].name}"
                parts.append(f"{_seg(m, s)} ({who})")
            how = "по " + ", ".join(parts)
        chosen = "" if leg.named else " (выбрал сервер: дешевле всего)"
        lines.append(f"Доставка: {src}, {how}{chosen}.")
    if q.charged:
        paid = ", ".join(f"{_seg(m, s)} ({state.players[o].name})" for s, o in q.charged)
        lines.append(f"Надбавка за чужие маршруты: {paid} — +{q.surcharge}.")
    lines.append(_total(f"{q.base}" + (f" + {q.surcharge}" if q.surcharge else ""), q.discounts, q.total, q.coins))
    return lines


def _campaign(q: CampaignQuote, state: State, m: Material) -> list[str]:
    if q.level is None:
        own = "уровень скрыт (трофей откроется при походе)"
    else:
        own = f"{q.level} (уровень трофея)"
    sup = "".join(f" + {'?' if v is None else v} ({m.castle(n).name})" for n, v in q.support)
    strength = "?" if q.strength is None else str(q.strength)
    lines = [f"Монстры: {own}{sup} = {strength}; сила вашей армии — {q.swords}."]
    path = " → ".join(m.castle(c).name for c in q.path)
    who = []
    if q.start_chosen:
        who.append("замок выступления")
    if q.path_chosen:
        who.append("путь")
    chosen = f" (выбрал сервер: {' и '.join(who)} — дешевле всего)" if who else ""
    lines.append(f"Путь: {path}; участков без вашего маршрута — {len(q.uncovered)}{chosen}.")
    if q.total is None:
        lines.append(f"Стоимость: уровень + {len(q.uncovered)}; станет известна, когда трофей откроется.")
    else:
        lines.append(_total(f"{q.level} + {len(q.uncovered)}", q.discounts, q.total, q.coins))
    return lines
