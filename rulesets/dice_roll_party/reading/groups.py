"""Group actors (issue 9, kind 3): «Добавляю всем по зелёному», «Обоим, П1 и П2, по зелёному из
хранилища», «Перекладываю у П1 и П2 по красному из атаки в защиту», «Снимаю по одному времени с
П1, П2 и П4». A distributive «по» with an amount after it gives each of the characters named (or
grouped by the core's `group_word`: «всем», «обоим», «каждому») the same order: the clause is
read once per character, in the order they are named.
"""

from __future__ import annotations

from dataclasses import replace

from letopis.engine.clauses import group_word

from .items import Context, Item

_SEPARATORS = frozenset({",", "и"})


def _distributive(items: list[Item]) -> bool:
    """«по одному», «по зелёному», «по 2 синих», «по токену»: the same amount to each."""
    for k, it in enumerate(items[:-1]):
        if it.kind == "word" and it.text == "по":
            nxt = items[k + 1]
            if nxt.kind in ("num", "colour", "zone") or nxt.is_word("token"):
                return True
    return False


def _is_separator(it: Item) -> bool:
    return it.is_sym(",") or (it.kind == "word" and it.text in _SEPARATORS)


def _listed(items: list[Item], me: str) -> list[int]:
    """Indices of the longest run «П1, П2 и П4» of the poster's own characters."""
    best: list[int] = []
    run: list[int] = []
    k = 0
    while k < len(items):
        it = items[k]
        if it.kind == "ref" and it.side != "opp":
            run.append(k)
            if k + 2 < len(items) and _is_separator(items[k + 1]) and items[k + 2].kind == "ref":
                k += 2
                continue
        if len(run) > len(best):
            best = run
        run = []
        k += 1
    return best if len(best) >= 2 else []


def expand_group(items: list[Item], ctx: Context | None) -> list[list[Item]]:
    """The clause once per character of its group, or the clause alone when it has no group."""
    if ctx is None or not _distributive(items):
        return [items]
    me = ctx.me.faction
    listed = _listed(items, me)
    grouped = next((k for k, it in enumerate(items) if it.kind == "word" and group_word(it.text)), None)
    if listed:
        block = set(range(listed[0], listed[-1] + 1))
        actors = [items[k] for k in listed]
        if grouped is not None and grouped < listed[0] and all(_is_separator(items[j]) for j in range(grouped + 1, listed[0])):
            block |= set(range(grouped, listed[0]))  # «Обоим, П1 и П2, …»
    elif grouped is not None and group_word(items[grouped].text) in ("all", "each"):
        word = items[grouped]
        block = {grouped}
        actors = [Item("ref", word.start, word.end, word.text, concept="char", value=slot, side="own", faction=me)
                  for slot in sorted(ctx.me.chars)]
    else:
        return [items]
    if not actors:
        return [items]
    at = min(block)
    after = max(block) + 1
    tail = _own_amount_after(items, after)
    if after < len(items) and items[after].is_sym(",") and tail > after + 1:
        after += 1  # «Обоим, П1 и П2, по зелёному»: the comma closing the group
    each = [[*items[:at], replace(actor), *items[after:tail]] for actor in actors]
    # «по одному с П1 и П2, два с П3»: what follows with an amount of its own is said once
    return each if tail == len(items) else [*each, items[tail:]]


def _own_amount_after(items: list[Item], after: int) -> int:
    """Where a stretch after the group starts that has its own amount and character («, два с
    П3»), so the distributive «по» does not reach it; the end of the clause otherwise."""
    for k in range(after, len(items)):
        if not items[k].is_sym(","):
            continue
        j = k + 1
        if j < len(items) and items[j].kind == "word" and items[j].text in ("и", "а"):
            j += 1  # «…, и 3 с четвёртого»
        if j < len(items) and items[j].kind == "num" and any(it.kind == "ref" for it in items[j:]):
            return j
    return len(items)
