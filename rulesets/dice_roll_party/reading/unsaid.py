"""Moves of tokens said not to be made: «Не буду ничего добавлять», «переносить форму не стану».
Such a sentence is talk: it gives no order, is never flagged as an order left unread, and never
holds the order after it in its own clause. A move only wished for («хотелось бы добавить …») may
be a polite order, so it is not taken for one not made."""

from __future__ import annotations

from ..reader_words import ORDER_VERBS, Item

# A sentence that says a move of tokens is *not* made: talk, read as nothing and never flagged.
NOT_DONE = "not_done"
_TOKEN_VERBS = frozenset({"v_add", "v_transfer", "v_shift", "v_swap", "v_give", "v_put", "v_reinforce",
                          "v_discard", "v_get", "v_return"})
_REFUSING = frozenset({"буду", "стану", "хочу", "собираюсь", "планирую"})
# Words between «не» and the verb it negates: «не буду ничего добавлять».
_BETWEEN = _REFUSING | {"ничего", "никому", "никого", "ничем"}


def not_done(items: list[Item]) -> bool:
    """«Не буду ничего добавлять», «переносить не стану»: every verb of moving tokens in the
    sentence is negated, and no other order verb is said; the sentence gives no order."""
    verbs = [k for k, it in enumerate(items) if it.kind == "word" and it.concept in ORDER_VERBS | {"v_get"}]
    if not verbs or any(items[k].concept not in _TOKEN_VERBS for k in verbs):
        return False
    texts = [it.text for it in items]
    return all(_negated_verb(texts, k) for k in verbs)


def _negated_verb(texts: list[str], k: int) -> bool:
    """«не добавляю», «добавлять не буду», across «ничего»/«никому» («не буду ничего добавлять») and
    past the verb's object («переносить форму не стану»)."""
    j = k - 1  # only a verb's own negation: «ни одного синего, экстренный обмен» is no «not»
    while j >= 0 and texts[j] in _BETWEEN:
        j -= 1
    if j >= 0 and texts[j] in ("не", "ни"):
        return True
    after = texts[k + 1 : k + 5]  # «добавлять не буду», «переносить форму не стану»
    return any(t == "не" and n + 1 < len(after) and after[n + 1] in _REFUSING for n, t in enumerate(after))
