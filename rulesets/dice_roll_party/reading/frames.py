"""The verbless Dice Roll Party orders as frames (core `letopis.engine.frames`): in a turn a line
with no order verb is still an order when its mentions fill a frame — «Лучницей по Вихрю» (an
attack: an own character and an enemy one), «У П2 один красный из защиты в атаку» (a shift: an own
character and two red zones), «П2 +1 форма» (an add: an own character and a token). The frame that
explains the line best names its kind; two that fit equally are left to the grammar's error.

`verb_reading` does the same for order verbs that mean different orders by their objects
(«идёт», «меняю», «перекладываю», «добавляю»): see `VERB_FRAMES`.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    FrameFit,
    Mention,
    Slot,
    choose,
    fit,
    foreign_verb,
    readings_text,
)

from ..orders import Zone
from ..reader_parts import prep_before
from ..reader_words import Context, Item, lemmatizer
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
    Frame("transfer", (Slot("source", frozenset({OWN}), role=ROLE_FROM, title="откуда"),
                       Slot("dest", frozenset({OWN}), role=ROLE_TO, title="куда"),
                       Slot("token", frozenset({TOKEN}), many=True, title="токена"),
                       Slot("count", frozenset({AMOUNT}), required=False)),
          implied=frozenset({"turn"}), title="перенос токена на другого персонажа"),
)


def _evidence(items: list[Item], ctx: Context | None) -> Evidence:
    found: list[Mention] = []
    said: list[tuple[str, int, int]] = []
    arrow = any(it.is_sym("→") for it in items)
    for m in mentions(items, ctx):
        if m.kind != AMOUNT:
            k = next(i for i, it in enumerate(items) if it.start == m.start)
            role = ROLE_TARGET if m.kind == ENEMY else _own_role(items, k, arrow)
            found.append(Mention(m.kind, m.start, m.end, m.value, role))
    for k, it in enumerate(items):
        if it.kind == "num":
            found.append(Mention(AMOUNT, it.start, it.end, it.value))
        elif _attack_noun(items, k):
            said.append(("v_attack", it.start, it.end))  # «Рыцарь | атака | Тень»: the order named
        elif it.kind in ("colour", "zone"):
            prep = prep_before(items, k)
            if it.kind == "zone" and it.zone in _REDS and (prep in ("из", "с", "со", "от") or _moved_on(items, k)):
                found.append(Mention(ZONE_FROM, it.start, it.end, it.zone, ROLE_FROM))
            elif it.kind == "zone" and it.zone in _REDS and prep in ("в", "во", "на"):
                found.append(Mention(ZONE_TO, it.start, it.end, it.zone, ROLE_TO))
            else:
                found.append(Mention(TOKEN, it.start, it.end))
    return Evidence(mentions=found, concepts=said, context=frozenset({"turn"}))


def _moved_on(items: list[Item], k: int) -> bool:
    """«одну атаку в защиту»: a red zone's token followed by the other red zone it goes to."""
    return k + 2 < len(items) and items[k + 1].kind == "word" and items[k + 1].text in ("в", "во") \
        and items[k + 2].kind == "zone" and items[k + 2].zone in _REDS and items[k + 2].zone is not items[k].zone


def _own_role(items: list[Item], k: int, arrow: bool) -> str | None:
    """Where tokens go for an own character with no verb: from it after «с»/«из», or when it heads
    a line with an arrow after it («Кентавр: 2 синих → Энту»); to it after «на»/«к» or an arrow;
    else it is the one who acts or gets them (no role)."""
    prep = prep_before(items, k)
    if prep in _FROM_PREPS or arrow and k + 1 < len(items) and items[k + 1].is_sym(":") \
            and not any(it.is_sym("→") for it in items[:k]):
        return ROLE_FROM
    if prep in _TO_PREPS or k and items[k - 1].is_sym("→"):
        return ROLE_TO
    return None


def _attack_noun(items: list[Item], k: int) -> bool:
    """«атака» naming the order, not a token: no number, «+» or preposition before it, no zone it
    goes to after it («одну атаку в защиту» moves a token)."""
    it = items[k]
    if it.kind != "zone" or it.zone is not Zone.ATTACK:
        return False
    before = items[k - 1] if k else None
    if before is not None and (before.kind == "num" or before.is_sym("+") or prep_before(items, k) is not None):
        return False
    return not (k + 2 < len(items) and items[k + 1].kind == "word" and items[k + 1].text in ("в", "во")
                and items[k + 2].kind == "zone")


def other_verb(items: list[Item]) -> bool:
    """Whether items hold a verb that is no order: one the lexicon does not know («мстит»,
    «взлетает»), or one it knows as never an order («смотрит», «улыбается»)."""
    return any(it.is_word("v_regard") for it in items) \
        or foreign_verb([it.text for it in items if it.kind == "word"], lemmatizer()) is not None


def _target_part(items: list[Item]) -> list[Item]:
    """The part of a sentence, between dashes and colons, that names the enemy: «Следопыт мстит за
    друга — стрела в Лиса» tells its story before the dash and gives its order after it."""
    parts: list[list[Item]] = [[]]
    for it in items:
        if it.is_sym("-", "—", ":"):
            parts.append([])
        else:
            parts[-1].append(it)
    return next((part for part in parts if any(it.kind in ("ref", "ordinal") and it.side == "opp" for it in part)),
                items)


def verbless_kind(items: list[Item], ctx: Context | None) -> str | None:
    """The order kind a verbless turn line stands for, when one frame is complete and best."""
    if ctx is None or "attack" not in ctx.expected:
        return None
    if any(it.kind == "word" and (it.text in RESTATING or it.concept == "state_word") for it in items):
        return None  # «у Стража осталось 2 времени» restates the state
    if other_verb(_target_part(items)):
        return None  # «Рыцарь смотрит на Тень»: its verb says something else than an order
    choice = choose(FRAMES, _evidence(items, ctx))
    if choice.best is None or not choice.best.complete:
        return None
    if choice.best.frame.kind == "transfer" and not _roles_agree(choice.best, strict=True):
        return None  # «Рыцарю и Лучнице 2 синих»: two who get tokens, no one they come from
    refs = [k for k, it in enumerate(items) if it.kind in ("ref", "ordinal")]
    if choice.best.frame.kind == "add" and all(prep_before(items, k) == "у" for k in refs):
        return None  # «У П2 5 времени, у П4 — 4»: what each has, not what to add
    return choice.best.frame.kind


# --- verbs whose meaning depends on their objects (issue 9, kind 7) ------------------------------
# «Рыцарь идёт на Тень» is an attack, «идёт 1 синий с П2 на П3» a transfer; «меняю у П1 красный
# из атаки в защиту» a shift, «меняю у П1 зелёный на синий» a swap; «перекладываю синий с П2 на
# П3» a transfer; «добавляю три урона» inside an attack a damage boost. The verb's own family is
# kept while its frame is complete; when it is not, the objects choose among the verb's other
# readings, and two readings that explain the line equally well are an error naming both.
DAMAGE = "damage"
BOOST = "boost"  # a damage boost said with «добавляю»: part of the attack, not an order of its own
_OWN_SLOT = frozenset({OWN})
VERB_FRAMES = (
    Frame("attack", (Slot("actor", _OWN_SLOT, title="атакующего"),
                     Slot("target", frozenset({ENEMY}), role=ROLE_TARGET, title="цели")),
          triggers=frozenset({"v_transfer", "v_charge"}), title="атака"),
    Frame(BOOST, (Slot("actor", _OWN_SLOT, required=False), Slot("target", frozenset({ENEMY}), required=False),
                  Slot("damage", frozenset({DAMAGE}), title="урона"), Slot("amount", frozenset({AMOUNT}), title="сколько")),
          triggers=frozenset({"v_add"}), title="усиление атаки уроном"),
    Frame("add", (Slot("actor", _OWN_SLOT, role=ROLE_TO, title="персонажа"),
                  Slot("token", frozenset({TOKEN}), many=True, title="токена"),
                  Slot("count", frozenset({AMOUNT}), required=False, many=True)),
          triggers=frozenset({"v_add"}), title="добавление из хранилища"),
    Frame("transfer", (Slot("source", _OWN_SLOT, role=ROLE_FROM, title="откуда"),
                       Slot("dest", _OWN_SLOT, role=ROLE_TO, title="куда"),
                       Slot("token", frozenset({TOKEN}), many=True, title="токена"),
                       Slot("count", frozenset({AMOUNT}), required=False)),
          triggers=frozenset({"v_transfer", "v_shift"}), title="перенос токена на другого персонажа"),
    Frame("shift", (Slot("actor", _OWN_SLOT, title="персонажа"),
                    Slot("source", frozenset({ZONE_FROM}), title="зоны, откуда"),
                    Slot("dest", frozenset({ZONE_TO}), title="зоны, куда"),
                    Slot("token", frozenset({TOKEN}), required=False),
                    Slot("count", frozenset({AMOUNT}), required=False)),
          triggers=frozenset({"v_transfer", "v_shift", "v_swap"}), title="перекладывание между атакой и защитой"),
    Frame("swap", (Slot("actor", _OWN_SLOT, many=True, title="персонажа"),
                   Slot("give", frozenset({TOKEN}), title="что отдаёте"),
                   Slot("take", frozenset({TOKEN}), title="что берёте"),
                   Slot("count", frozenset({AMOUNT}), required=False)),
          triggers=frozenset({"v_swap"}), title="обмен"),
)
AMBIGUOUS_VERBS = frozenset({"v_transfer", "v_shift", "v_swap", "v_add"})
_FROM_PREPS = frozenset({"с", "со", "из", "от", "у"})
_TO_PREPS = frozenset({"на", "в", "во", "к", "ко"})


@dataclass(frozen=True, slots=True)
class VerbReading:
    """What the objects make of an ambiguous verb: ``kind`` (a family, or `BOOST`), or the
    ``rivals`` text («атака или перенос …») when two readings fit equally."""

    kind: str | None = None
    rivals: str = ""


def _verb_evidence(items: list[Item], ctx: Context | None, verb: str, at: int) -> Evidence:
    found: list[Mention] = []
    for m in mentions(items, ctx):
        if m.kind == AMOUNT:
            continue
        k = next(i for i, it in enumerate(items) if it.start == m.start)
        prep = prep_before(items, k)
        role = ROLE_FROM if prep in _FROM_PREPS else ROLE_TO if prep in _TO_PREPS else None
        if m.kind == ENEMY and prep not in _FROM_PREPS:
            role = ROLE_TARGET
        found.append(Mention(m.kind, m.start, m.end, m.value, role))
    for k, it in enumerate(items):
        if it.kind == "num":
            found.append(Mention(AMOUNT, it.start, it.end, it.value))
        elif it.is_word("damage"):
            found.append(Mention(DAMAGE, it.start, it.end))
        elif it.kind in ("colour", "zone"):
            prep = prep_before(items, k)
            if it.kind == "zone" and it.zone is Zone.TIME and any(i.is_word("damage") for i in items):
                continue  # «2 времени в урон»: what the boost costs
            if it.kind == "zone" and it.zone in _REDS and prep in ("из", "с", "со", "от"):
                found.append(Mention(ZONE_FROM, it.start, it.end, it.zone, ROLE_FROM))
            elif it.kind == "zone" and it.zone in _REDS and prep in ("в", "во", "на"):
                found.append(Mention(ZONE_TO, it.start, it.end, it.zone, ROLE_TO))
            else:
                found.append(Mention(TOKEN, it.start, it.end))
    return Evidence(mentions=found, concepts=[(verb, at, at)])


def _roles_agree(got: FrameFit, strict: bool = False) -> bool:
    """A mention whose preposition gives it another role does not fill a slot: «с Тени» is where
    a token comes from, never the target of an attack; with ``strict`` a mention with no role
    does not fill a slot with one either."""
    for slot in got.frame.slots:
        if slot.role is None:
            continue
        if any((m.role is not None or strict) and m.role != slot.role for m in got.filled.get(slot.name, ())):
            return False
    return True


def verb_reading(items: list[Item], ctx: Context | None, verb: str, default: str) -> VerbReading:
    """The reading of a clause whose order verb (``verb``, read by default as ``default``) may mean
    several order kinds: the default while its frame is complete, else the one other complete
    reading the objects choose, else an ambiguity; ``kind`` None leaves it to the default parser."""
    at = next((it.start for it in items if it.is_word(verb)), 0)
    evidence = _verb_evidence(items, ctx, verb, at)
    frames = [f for f in VERB_FRAMES if verb in f.triggers]
    complete = [f for f in frames if (got := fit(f, evidence)) is not None and got.complete and _roles_agree(got)]
    if not complete:
        return VerbReading(None)
    choice = choose(complete, evidence)
    if choice.ambiguous:  # «Добавляю Рыцарю 2 урона и синий»: a token, or a damage boost?
        return VerbReading(None, readings_text(choice.rivals))
    if any(f.kind == default for f in complete):
        return VerbReading(default)  # the verb's own reading fits: the objects need not choose
    return VerbReading(choice.best.frame.kind if choice.best else None)
