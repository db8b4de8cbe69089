"""No silent drops (issue 9): a sentence that names one of the poster's own characters together
with a target, an amount or a token is an order line — read, or an error with a hint; never a
story. The core's `is_order_line` decides on the mentions found in the items.
"""

from __future__ import annotations

from letopis.engine.frames import AMOUNT, ENEMY, OWN, Evidence, Mention, is_order_line

from ..reader_words import ORDER_VERBS, Context, Item

_AMOUNT_KINDS = frozenset({"num", "colour", "zone"})


def mentions(items: list[Item], ctx: Context | None) -> list[Mention]:
    """The game objects a sentence names: own and enemy characters, amounts and tokens."""
    me = ctx.me.faction if ctx is not None else None
    out: list[Mention] = []
    for it in items:
        if it.kind in ("ref", "ordinal"):
            owners = {f for f, _ in it.candidates} if it.by_name else set()
            enemy = it.side == "opp" or (owners and me not in owners)
            out.append(Mention(ENEMY if enemy else OWN, it.start, it.end, it.value))
        elif it.kind in _AMOUNT_KINDS:
            out.append(Mention(AMOUNT, it.start, it.end, it.value))
    return out


def _lacking(items: list[Item], m: Mention) -> bool:
    """«без времени», «нет формы»: an amount said to be missing is no amount to act on."""
    k = next(i for i, it in enumerate(items) if it.start == m.start)
    return m.kind == AMOUNT and k > 0 and items[k - 1].kind == "word" and items[k - 1].text in ("без", "нет")


# Prepositions that put one character beside another, never against it: «взлетает над Энтом»,
# «прячется за Рыцарем», «думает о Тени».
_BESIDE = frozenset({"над", "под", "за", "перед", "около", "возле", "мимо", "вокруг", "о", "об", "про", "среди",
                     "позади", "сзади"})


def _beside(items: list[Item], m: Mention) -> bool:
    k = next(i for i, it in enumerate(items) if it.start == m.start)
    return m.kind == ENEMY and k > 0 and items[k - 1].kind == "word" and items[k - 1].text in _BESIDE


def must_be_read(items: list[Item], ctx: Context | None) -> bool:
    """Whether a sentence that failed to read is an order line with an error, not role-play: it
    names an own character and something it acts on («Рыцарь атакует Тень» in the defender's
    step, «Рыцарь атакует Лучницу»), while «Лучница стреляет без промаха» names only the actor."""
    words = [it.text for it in items if it.kind == "word"]
    if any(it.is_word("state_word") for it in items) and not any(it.is_word(*ORDER_VERBS) for it in items):
        return False  # «Страж стоит столбом», «у Рыцаря есть 2 синих»: what is, not what to do
    if any(it.is_word("v_regard") for it in items) and not any(it.is_word(*ORDER_VERBS) for it in items) \
            and not any(it.kind in ("colour", "num") for it in items):
        return False  # «Лучница молча смотрит на Вихря»: a look, not an order
    found = [m for m in mentions(items, ctx) if not _lacking(items, m) and not _beside(items, m)]
    own = {m.value for m in found if m.kind == OWN}
    enemies = {(it.faction, it.value) for it in items if it.kind == "ref" and it.side == "opp"}
    if len(enemies) >= 2 and any(it.is_word("v_attack") for it in items):
        return True  # «Тень атакует Вихря»: an attack between two of the opponent's characters
    if len(own) >= 2 and any(it.kind == "word" and it.concept in ORDER_VERBS for it in items):
        return True  # «Рыцарь атакует Лучницу»: an order verb between two own characters
    return is_order_line(Evidence(mentions=found), frozenset(), words)
