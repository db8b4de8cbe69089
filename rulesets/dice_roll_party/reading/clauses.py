"""Compound Dice Roll Party lines: where one order ends and the next begins, and repeats.

The core's `split_clauses` cuts at «затем», «а потом», «и ещё», «;». A Dice Roll Party line also
chains orders with a bare «и», «, а» or a comma: «Переношу 1 синий с П2 на П3, и П3 атакует П4»,
«Стражу 2 синих, Страж бьёт Тень», «Кладу синий Стражу и пропускаю ход», «+1 синий Рыцарю,
Рыцарь → Тень». Such a joint cuts the line when the stretches on both sides are orders of their
own, so no order is ever swallowed by the one beside it; a joint that only lists the objects or the
options of one order («2 красных и 1 зелёный из хранилища», «+2 урона, страховка», «с П1, П2 и
П4») does not cut. Each clause is read as its own order, in turn.
"""

from __future__ import annotations

import re

from letopis.engine.clauses import Repeat, find_repeat, pronoun, split_clauses

from ..reader_words import ORDER_VERBS, Item, lemmatizer
from .ellipsis import lacks_subject
from .frames import other_verb
from .unsaid import not_done

_JOINT = re.compile(r"\s*,?\s+и\s+(?=\S)|\s*,\s*а\s+(?=\S)|\s*,\s*(?=\S)")
_FIRST = re.compile(r"(?:сначала|сперва)\s+")
# «П4 получает 2 синих из хранилища и бьёт П1»: receiving is the add seen from the character.
_VERBS = ORDER_VERBS | {"v_get", "v_charge"}
# Verbs that are an order with nothing after them: «пропускаю ход», «пас».
_WHOLE_VERBS = frozenset({"v_skip", "v_pass"})
_BOOSTS = frozenset({"damage", "insurance", "superiority", "counter", "absorb", "class_up", "cls", "none_boosts",
                     "advantage", "boosts"})
# Prepositions that make a character where tokens come from or what it has, not who gets them.
_NOT_RECIPIENT = frozenset({"с", "со", "из", "от", "у"})
_TO = frozenset({"на", "к", "ко"})


def clause_spans(norm: str, items: list[Item]) -> list[tuple[int, int]]:
    """The spans of a line's clauses in its normalised text: the core's clauses, each cut again at
    every joint with an order of its own after it and an order or mere talk before it (the stretch
    after a joint reaches the next joint)."""
    out: list[tuple[int, int]] = []
    for clause in split_clauses(norm):
        start, end = clause.start, clause.end
        first = _FIRST.match(norm, start, end)
        pos = first.end() if first else start
        joints = [m for m in _JOINT.finditer(norm, pos, end) if m.start() > pos
                  and not _said_of([it for it in items if pos <= it.start < m.start()],
                                   [it for it in items if m.end() <= it.start < end])]
        for n, m in enumerate(joints):
            reach = joints[n + 1].start() if n + 1 < len(joints) else end
            before = [it for it in items if pos <= it.start < m.start()]
            after = [it for it in items if m.end() <= it.start < reach]
            contrast = "а" in m.group().split()  # «…, а с П4 ещё одно»: a clause of its own
            if _listed(before, after) or not own_order(after, contrast) or _exchange_halves(before, after):
                continue
            if not (own_order(before, contrast) or _chatter(before) and not lacks_subject(after)) \
                    or _shares_the_verb(before, after):
                continue
            out.append((pos, m.start()))
            pos = m.end()
        out.append((pos, end))
    return [(s, e) for s, e in out if e > s]


def own_order(items: list[Item], contrast: bool = False) -> bool:
    """Whether a stretch holds an order of its own: an order verb with a character or a token
    («бьёт Вихря», «добираю 2»), a verb that needs nothing more («пропускаю ход»), an arrow at a
    character, or a character who gets tokens with no verb at all («Стражу 2 синих», «П3 +2 зел.»,
    «2 синих из хранилища на П1»); after a contrasting «, а» any character with tokens («а с П4 ещё
    одно»)."""
    verbs = {it.concept for it in items if it.kind == "word" and it.concept in _VERBS}
    ref = any(it.kind in ("ref", "ordinal") for it in items)
    token = any(it.kind in ("colour", "zone", "num") and not _lacking(items, k) and not _place(items, k)
                for k, it in enumerate(items))
    if verbs & _WHOLE_VERBS or verbs - {"v_get"} and (ref or token) or "v_get" in verbs and token:
        return True  # «взяв превосходство» takes a boost, not a token
    if ref and any(it.is_sym("→") for it in items):
        return True
    return token and any(it.kind == "ref" and it.side != "opp" and (contrast or recipient(items, k))
                         for k, it in enumerate(items))


def _said_of(before: list[Item], after: list[Item]) -> bool:
    """«… — он и бьёт Тень», «Рыцарь и атакует»: a subject right before «и» and a verb said of it
    right after is one clause (the «и» stresses who does it)."""
    if not before or not lacks_subject(after):
        return False
    last = before[-1]
    if last.kind == "word":
        said = pronoun(last.text)
        return said is not None and said.role == "subject"
    return last.kind == "ref" and last.by_name and lemmatizer().has_grammeme(last.text.split()[0].strip("«»."), "nomn") \
        and (len(before) < 2 or before[-2].kind != "word" or before[-2].text not in _TO | _NOT_RECIPIENT)


def _shares_the_verb(before: list[Item], after: list[Item]) -> bool:
    """«Добавляю 2 синих и 1 зелёный на П3»: a stretch with no verb after an order that names no
    character yet is more of that order's objects, up to the character both go to."""
    verbless = not any(it.kind == "word" and it.concept in _VERBS for it in after)
    return verbless and not any(it.kind in ("ref", "ordinal") for it in before) \
        and any(it.kind == "word" and it.concept in _VERBS for it in before)


def _chatter(items: list[Item]) -> bool:
    """Whether a stretch is talk that no order after it needs: no order verb, and either no own
    character at all («Если лимит позволяет, …») or a verb of its own that says something else
    («сейчас ходит Паладин, ладно, тогда Паладину из хранилища один синий»). A character alone is
    who the order after it is said to («Лучница, бей Тень»), and a verb that opens the stretch after
    it without a subject is said of the subject before («Лучник натягивает тетиву и стреляет …»)."""
    if not_done(items):
        return True  # «Не буду ничего добавлять, Рыцарь бьёт Тень»
    if any(it.kind == "word" and it.concept in _VERBS | _BOOSTS or it.kind in ("colour", "zone") for it in items):
        return False  # «урон, если будет, временем не гасить», «Времени нет, меняю …»: what the order is about
    if not any(it.kind in ("ref", "ordinal") and it.side != "opp" for it in items):
        return True
    return other_verb(items)


def _place(items: list[Item], k: int) -> bool:
    """«в атаку», «из защиты»: a zone said as where tokens go or come from, not a token."""
    return items[k].kind == "zone" and k > 0 and items[k - 1].kind == "word" \
        and items[k - 1].text in ("в", "во", "из", "с", "со")


def _lacking(items: list[Item], k: int) -> bool:
    """«без времени», «нет формы»: a token said to be missing."""
    return k > 0 and items[k - 1].kind == "word" and items[k - 1].text in ("без", "нет")


def recipient(items: list[Item], k: int) -> bool:
    """A character that tokens go to with no verb said: after «на»/«к» («2 синих на П1»), a name in
    the dative («Стражу 2 синих», «кладу синий тени»), a slot before «+» or «:» («П3 +2 зел.»). A
    name in the nominative before a dash stands for the verb of the clause before it («Рыцарь отдаёт
    синий, Страж — красный»), and «синий П1» in an exchange is П1's own token."""
    it = items[k]
    if k + 1 < len(items) and items[k + 1].is_sym("+"):
        return True  # «П3 +2 зел.», «у Рыцаря +2 синих»
    j = k - 1
    while j >= 0 and items[j].is_word("char"):
        j -= 1
    prep = items[j].text if j >= 0 and items[j].kind == "word" else None
    if prep in _TO:
        return True
    if prep in _NOT_RECIPIENT:
        return False
    if it.by_name:
        return lemmatizer().has_grammeme(it.text.split()[0].strip("«»."), "datv")
    return k + 1 < len(items) and items[k + 1].is_sym(":")


def _listed(before: list[Item], after: list[Item]) -> bool:
    """«между П1 и П3: …», «у П1 и П2 по красному»: a joint between two characters of one side lists
    them, unless a verb of its own follows («на П3, и П3 атакует П4»)."""
    return bool(before and after) and before[-1].kind in ("ref", "ordinal") and after[0].kind in ("ref", "ordinal") \
        and (before[-1].side == "opp") == (after[0].side == "opp") \
        and not any(it.kind == "word" and it.concept in _VERBS or it.is_sym("→") for it in after)


def _exchange_halves(before: list[Item], after: list[Item]) -> bool:
    """«П2 сдаёт в хранилище 2 формы и забирает оттуда 2 синих»: giving and then taking, with no
    character of its own in the second half, are the two halves of one exchange."""
    return any(it.is_word("v_give") for it in before) and any(it.is_word("v_get") for it in after) \
        and not any(it.kind in ("ref", "ordinal") for it in after)


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
