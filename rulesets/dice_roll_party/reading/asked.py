"""The answer to the question a step asks, whatever other verb the sentence also has.

A decision step asks one player one thing (checklist §4): the builds (D1), a bid or a pass (D3),
the time the handicap takes from which characters (D4), the defence's boosts (D5), how much damage to pay with time (D6, D7). It is a dialogue state with few intents
(STYLE.md), so a sentence that carries that answer is read as it even when another order's verb
stands beside it: «Ведьма выставляет костяной щит: повышаю класс защиты…» is a defence, not an add;
«Отдаю одно время, остальное пусть снимает с формы» a soak, not a handicap; «Даю четыре» and
«Готова отдать три времени за право первого хода» bids; «Не, перебивать не буду» a pass.
"""

from __future__ import annotations

from collections.abc import Callable

from ..orders import Colour, Zone
from ..reader_combat import soak_start
from ..reader_parts import concepts_of
from ..reader_setup import sheet_like
from ..reader_words import ORDER_VERBS, Context, Item

_BUILD = frozenset({"build"})
_DEFENCE = frozenset({"defence"})
_SOAK = frozenset({"soak"})
_AUCTION = frozenset({"bid", "pass"})
_HANDICAP = frozenset({"handicap"})
# Verbs of paying with time: «гашу», «отдаю», «плачу».
_PAYING = frozenset({"v_soak", "v_give"})
# The verbs of a defence post itself.
_DEFENDING = frozenset({"v_defend", "v_soak", "v_give", "v_accept"})
# Verbs a bid is said with besides «ставлю»/«перебиваю»: «даю», «отдам», «кладу», «поднимаю», «предлагаю» (with an
# amount, in the auction only).
_OFFERING = frozenset({"v_add", "v_give", "v_put", "v_transfer", "v_bid", "v_raise", "first_move"})
# «не буду», «не стану», «не хочу»: a refusal said after the verb («перебивать не буду»).
_REFUSING = frozenset({"буду", "стану", "хочу", "собираюсь", "планирую"})


def asked_family(items: list[Item], ctx: Context | None, boost_like: Callable[[list[Item]], bool]) -> str | None:
    """The family a sentence has as the answer to the step's question, or None (the verbs decide).
    ``boost_like`` tells whether items name boosts."""
    expected = ctx.expected if ctx is not None else frozenset()
    cs = concepts_of(items)
    if expected == _BUILD and sheet_like(items):
        return "build"  # «Во второй слот ставлю Лучницу — 1/2/2/7»
    if expected == _DEFENCE:
        if _another_order(items):
            return None  # «П2 атакует П1, класс+» in the defender's step is an attack, out of its step
        cut = soak_start(items) if cs & _PAYING and cs & {"if", "hit"} else None
        if cut is not None:  # «пробьют — отдаст оба времени», after the boosts or alone
            return "defence" if boost_like(items[:cut]) else "presoak"
        return "defence" if boost_like(items) else None
    if expected == _HANDICAP and any(it.kind in ("ref", "ordinal") for it in items) \
            and any(it.kind == "num" for it in items) \
            and not _another_order(items):
        return "handicap"  # «Фору плачу так: два времени отдаёт Рыцарь, одно — Лучница»
    if expected == _SOAK:
        return "soak" if cs & (_PAYING | {"v_accept"}) and not _another_order(items) else None
    if expected == _AUCTION and cs & _OFFERING:
        if refused(items):
            return "pass"
        if any(it.kind == "num" for it in items) and not any(it.kind == "ref" for it in items) \
                and not any(_not_time(it) for it in items):
            return "bid"  # «Даю четыре», «Готова отдать три времени…» (time only: «Даю 2 красных» is no bid)
    return None


def _not_time(it: Item) -> bool:
    return it.kind == "colour" and it.colour is not Colour.BLUE or it.kind == "zone" and it.zone is not Zone.TIME


def _another_order(items: list[Item]) -> bool:
    """Whether a sentence holds an order of another kind than the step asks for: an order verb
    with a character after the one it opens with, or with tokens («атакует П1», «бьёт Рыцаря»,
    «переношу синий с П1 на П2»); «Ведьма … выставляет костяной щит: …» acts on nothing."""
    if not any(it.kind == "word" and it.concept in ORDER_VERBS - _DEFENDING for it in items):
        return False
    first = next((k for k, it in enumerate(items) if it.kind != "sym"), None)
    return any(it.kind in ("ref", "ordinal") and k != first or it.kind == "colour" for k, it in enumerate(items))


def refused(items: list[Item]) -> bool:
    """«не перебиваю», «перебивать не буду», «не стану ставить»: the sentence's verb is negated."""
    for k, it in enumerate(items):
        if not (it.kind == "word" and it.text == "не") or k + 1 >= len(items):
            continue
        nxt = items[k + 1]
        if nxt.kind == "word" and (nxt.concept in _OFFERING or nxt.text in _REFUSING):
            return True
    return False
