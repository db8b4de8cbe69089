"""Compound Dice Roll Party lines: where one order ends and the next begins, and repeats.

The core's `split_clauses` cuts at «затем», «а потом», «и ещё», «;». A Dice Roll Party line also
chains orders with a bare «и»/«, а» when what follows has an order of its own: «Переношу 1 синий
с П2 на П3, и П3 атакует П4», «Стражу 2 синих из хранилища, а Рыцарю красный в атаку»,
«Добавляю 2 синих на П3 и перекладываю у П1…», and with a bare comma before an arrow order:
«+1 синий Рыцарю, Рыцарь → Тень». Each clause is read as its own order, in turn.
"""

from __future__ import annotations

import re

from letopis.engine.clauses import Repeat, find_repeat, split_clauses

from ..reader_words import ORDER_VERBS, Item

_AND = re.compile(r"\s*,?\s+и\s+(?=\S)|\s*,\s*а\s+(?=\S)|^(?:сначала|сперва)\s+|\s*,\s*(?=\S)")


def clause_spans(norm: str, items: list[Item]) -> list[tuple[int, int]]:
    """The spans of a line's clauses in its normalised text."""
    spans = [(c.start, c.end) for c in split_clauses(norm)]
    out: list[tuple[int, int]] = []
    for start, end in spans:
        pos = start
        for m in _AND.finditer(norm, start, end):
            if m.start() == start and m.group().strip() not in ("сначала", "сперва"):
                continue
            after = [it for it in items if m.end() <= it.start and it.end <= end]
            before = [it for it in items if pos <= it.start and it.end <= m.start()]
            if m.group().strip() in ("сначала", "сперва"):
                pos = m.end()
                continue
            joint = m.group()
            if joint.strip() == ",":
                # a bare comma lists the options of one order («+2 урона, страховка»); it splits only
                # before an arrow order of its own: «+1 синий Рыцарю, Рыцарь → Тень»
                if not (_arrow_order(after) and _own_order(before, ", а")):
                    continue
            elif not (_own_order(after, joint) and _own_order(before, joint if "а" in joint.split() else "")) \
                    or _exchange_halves(before, after):
                continue
            out.append((pos, m.start()))
            pos = m.end()
        out.append((pos, end))
    return [(s, e) for s, e in out if e > s]


def _own_order(items: list[Item], joint: str) -> bool:
    """Whether a stretch holds an order of its own: an order verb with a character or a token,
    an arrow between two, a character and a token from the storage, or (after «, а») a character
    and a token («а Рыцарю красный в атаку»)."""
    # «П4 получает 2 синих из хранилища и бьёт П1»: receiving is the add seen from the character
    verb = any(it.kind == "word" and (it.concept in ORDER_VERBS or it.concept == "v_get") for it in items)
    ref = any(it.kind in ("ref", "ordinal") for it in items)
    token = any(it.kind in ("colour", "zone", "num") for it in items)
    arrow = any(it.is_sym("→") for it in items)
    if verb and (ref or token):
        return True
    if arrow and ref:
        return True
    if ref and token and any(it.is_word("storage") for it in items):
        return True  # «2 синих из хранилища на П1, и П1 бьёт П2»: a verbless add is an order of its own
    return "а" in joint.split() and ref and token


def _exchange_halves(before: list[Item], after: list[Item]) -> bool:
    """«П2 сдаёт в хранилище 2 формы и забирает оттуда 2 синих»: giving and then taking, with no
    character of its own in the second half, are the two halves of one exchange."""
    return any(it.is_word("v_give") for it in before) and any(it.is_word("v_get") for it in after) \
        and not any(it.kind in ("ref", "ordinal") for it in after)


def _arrow_order(items: list[Item]) -> bool:
    """«Рыцарь → Тень»: an arrow from a character to a character opens the stretch."""
    return len(items) >= 3 and items[0].kind == "ref" and items[1].is_sym("→") and items[2].kind == "ref"


def split_items(items: list[Item], spans: list[tuple[int, int]]) -> list[list[Item]]:
    """The items of each clause (items in the connectors between clauses are dropped). An item
    belongs to the clause it starts in: «зел.», «Мол.» keep the dot the clause's end leaves out."""
    out: list[list[Item]] = []
    for start, end in spans:
        got = [it for it in items if start <= it.start < end]
        if got:
            out.append(got)
    return out


def repeat_in(norm: str, items: list[Item]) -> Repeat | None:
    """«дважды», «два раза», «x2» said of the whole clause, not inside a boost's own phrase
    («кидаю дважды» is superiority)."""
    if not items:
        return None
    start, end = items[0].start, items[-1].end
    r = find_repeat(norm[start:end])
    if r is None:
        return None
    a, b = start + r.start, start + r.end
    if any(c in "x×х" for c in norm[a:b]):  # «синий ×2» is a token's count, read by the spec
        return None
    if any(it.kind == "word" and it.concept and it.concept != "twice" and it.start < b and a < it.end
           for it in items):
        return None
    return Repeat(r.count, a, b)
