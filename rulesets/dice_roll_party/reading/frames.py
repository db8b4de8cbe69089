"""The verbless Dice Roll Party orders as frames (core `letopis.engine.frames`): in a turn a line
with no order verb is still an order when its mentions fill a frame — «Лучницей по Вихрю» (an
attack: an own character and an enemy one), «У П2 один красный из защиты в атаку» (a shift: an own
character and two red zones), «П2 +1 форма» (an add: an own character and a token). The frame that
explains the line best names its kind; two that fit equally are left to the grammar's error.
"""

from __future__ import annotations

from letopis.engine.frames import (
    AMOUNT,
    ENEMY,
    OWN,
    RESTATING,
    ROLE_FROM,
    ROLE_TARGET,
    ROLE_TO,
    Evidence,
    Frame,
    Mention,
    Slot,
    choose,
)

from ..orders import Zone
from ..reader_parts import prep_before
from ..reader_words import Context, Item
from .drops import mentions

TOKEN = "token"
ZONE_FROM = "zone_from"
ZONE_TO = "zone_to"
_REDS = (Zone.ATTACK, Zone.DEFENCE)

FRAMES = (
    Frame("attack", (Slot("actor", frozenset({OWN}), title="атакующего"),
                     Slot("target", frozenset({ENEMY}), role=ROLE_TARGET, title="цели")),
          triggers=frozenset({"v_attack"}), implied=frozenset({"turn"}), title="атака"),
    Frame("shift", (Slot("actor", frozenset({OWN}), title="персонажа"),
                    Slot("source", frozenset({ZONE_FROM}), title="зоны, откуда"),
                    Slot("dest", frozenset({ZONE_TO}), title="зоны, куда"),
                    Slot("count", frozenset({AMOUNT}), required=False)),
          triggers=frozenset({"v_shift"}), implied=frozenset({"turn"}), title="перекладывание"),
    Frame("add", (Slot("actor", frozenset({OWN}), role=ROLE_TO, title="персонажа"),
                  Slot("token", frozenset({TOKEN}), many=True, title="токена"),
                  Slot("count", frozenset({AMOUNT}), required=False, many=True)),
          triggers=frozenset({"v_add", "storage"}), implied=frozenset({"turn"}), title="добавление из хранилища"),
)


def _evidence(items: list[Item], ctx: Context | None) -> Evidence:
    found: list[Mention] = []
    for m in mentions(items, ctx):
        if m.kind != AMOUNT:
            role = ROLE_TARGET if m.kind == ENEMY else ROLE_TO
            found.append(Mention(m.kind, m.start, m.end, m.value, role))
    for k, it in enumerate(items):
        if it.kind == "num":
            found.append(Mention(AMOUNT, it.start, it.end, it.value))
        elif it.kind in ("colour", "zone"):
            prep = prep_before(items, k)
            if it.kind == "zone" and it.zone in _REDS and prep in ("из", "с", "со", "от"):
                found.append(Mention(ZONE_FROM, it.start, it.end, it.zone, ROLE_FROM))
            elif it.kind == "zone" and it.zone in _REDS and prep in ("в", "во", "на"):
                found.append(Mention(ZONE_TO, it.start, it.end, it.zone, ROLE_TO))
            else:
                found.append(Mention(TOKEN, it.start, it.end))
    return Evidence(mentions=found, context=frozenset({"turn"}))


def verbless_kind(items: list[Item], ctx: Context | None) -> str | None:
    """The order kind a verbless turn line stands for, when one frame is complete and best."""
    if ctx is None or "attack" not in ctx.expected:
        return None
    if any(it.kind == "word" and (it.text in RESTATING or it.concept == "state_word") for it in items):
        return None  # «у Стража осталось 2 времени» restates the state
    choice = choose(FRAMES, _evidence(items, ctx))
    if choice.best is None or not choice.best.complete:
        return None
    refs = [k for k, it in enumerate(items) if it.kind in ("ref", "ordinal")]
    if choice.best.frame.kind == "add" and all(prep_before(items, k) == "у" for k in refs):
        return None  # «У П2 5 времени, у П4 — 4»: what each has, not what to add
    return choice.best.frame.kind
