"""Random legal posts, written the way forum players write them (demo games, the conformance
suite, benchmarks).

The order is drawn among the player's legal actions (`rules.legality.legal_orders`), sometimes with
the tower, the supply sources or the campaign's start and path the server would choose written out;
the post is a pass when nothing is affordable, and now and then anyway. The line is the canonical
`to_text()` or a colloquial form from the checklist's order language, sometimes with a line of
chatter; every proposal is read back, and a form that would not read to the same order falls back to
the canonical text. Choices come from the given `Dice` through `Chooser`, so a proposal is
reproducible from its seed.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.dice import Chooser, Dice

from .data import Material, material_for
from .orders import Build, Campaign, CreateArtifact, LayRoute, Pass, Source, Summon
from .rules.legality import check, legal_orders
from .rules.quotes import BuildQuote, CampaignQuote
from .state import State

CHATTER = ("Всем привет!", "Мастер, проверь, пожалуйста, стоимость.", "(офф: пишу с телефона)",
           "Ход непростой, думал долго.", "P.S. Хорошей игры :)")
PASS_TEXTS = ("Пас", "Пас.", "Пасую.", "Пропускаю ход.", "Я пас")
ACCUSATIVE = {"farm": "ферму", "sawmill": "лесопилку", "mine": "рудник", "quarry": "каменоломню"}
PASS_CHANCE = 8  # percent: a player with something affordable passes anyway now and then


def propose(state: State, faction: str, dice: Dice) -> str:
    rng = Chooser(dice, "предложение хода")
    m = material_for(state)
    legal = legal_orders(state, faction) if state.active == faction else []
    if not legal or rng.chance(PASS_CHANCE):
        text = rng.pick(PASS_TEXTS)
        return _with_chatter(text, rng)
    order = _detailed(state, faction, rng.pick(legal), rng)
    text = _phrase(order, m, rng)
    if not _reads_back(text, order, state, faction):
        text = order.to_text(m)  # type: ignore[attr-defined]
    return _with_chatter(text, rng)


def _with_chatter(text: str, rng: Chooser) -> str:
    if rng.chance(15):
        return f"{rng.pick(CHATTER)}\n{text}"
    return text


def _detailed(state: State, faction: str, order: BaseModel, rng: Chooser) -> BaseModel:
    """Sometimes the tower, the sources or the start and path the server would choose, written out
    by the player; kept only when still legal."""
    quote = check(state, faction, order).quote
    variant: BaseModel | None = None
    if isinstance(order, Build) and isinstance(quote, BuildQuote):
        tower = quote.tower if rng.chance(40) else None
        sources = tuple(Source(building=leg.building, castle=leg.castle)  # type: ignore[arg-type]
                        for leg in quote.legs if rng.chance(30))
        variant = order.model_copy(update={"tower": tower, "sources": sources})
    elif isinstance(order, Campaign) and isinstance(quote, CampaignQuote) and rng.chance(50):
        via = tuple(quote.path[1:-1]) if rng.chance(50) else None
        variant = Campaign(castle=order.castle, start=quote.start, via=via)
    elif isinstance(order, (CreateArtifact, Summon)) and rng.chance(40):
        pool = state.artifact_pool if isinstance(order, CreateArtifact) else state.creature_pool
        if order.card in pool:
            slot = pool.index(order.card) + 1
            card = order.card if rng.chance(50) else None
            variant = order.model_copy(update={"card": card, "slot": slot})
    if variant is not None and check(state, faction, variant).ok:
        return variant
    return order


def _phrase(order: BaseModel, m: Material, rng: Chooser) -> str:
    canonical = order.to_text(m)  # type: ignore[attr-defined]
    if rng.chance(40):
        return canonical
    if isinstance(order, Build):
        castle = m.castle(order.castle)
        where = castle.locative or f"в {castle.name}"
        text = f"{rng.pick(('Строю', 'Возвожу', 'Ставлю'))} {ACCUSATIVE[order.building]} {where}"
        if order.tower is not None:
            text += f", башня {order.tower}"
        if order.sources:
            text += "; " + ", ".join(f"{ACCUSATIVE[s.building]} беру из {m.castle(s.castle).of}"
                                     for s in order.sources)
        return text + "."
    if isinstance(order, LayRoute):
        a, b = (m.castle(c) for c in m.segments[order.segment].between)
        return rng.pick((f"Прокладываю маршрут {a.name} — {b.name}.", f"Маршрут {order.segment}",
                         f"Прокладываю маршрут от {a.of} до {b.of}"))
    if isinstance(order, CreateArtifact):
        if order.card is None:
            return f"Артефакт из слота {order.slot}."
        return f"Создаю артефакт «{m.card_name(order.card)}»" + (f" (слот {order.slot})" if order.slot else "") + "."
    if isinstance(order, Summon):
        if order.card is None:
            return f"Беру существо из слота {order.slot}."
        return f"Призываю «{m.card_name(order.card)}»" + (f", слот {order.slot}" if order.slot else "") + "."
    if isinstance(order, Campaign):
        target = m.castle(order.castle).name
        text = f"Поход за трофеем: {target}"
        if order.start is not None:
            text += f", выступаю из {m.castle(order.start).of}"
        if order.via:
            text += " через " + ", ".join(m.castle(c).name for c in order.via)
        elif order.via is not None:
            text += " напрямую"
        return text
    if isinstance(order, Pass):
        return rng.pick(PASS_TEXTS)
    return canonical


def _reads_back(text: str, order: BaseModel, state: State, faction: str) -> bool:
    from .reader import read_post_strict

    reading = read_post_strict(text, state, faction)
    return reading.ok and [o.model_dump() for o in reading.orders] == [order.model_dump()]
