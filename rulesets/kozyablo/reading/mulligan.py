"""The mulligan decision (KZ-DEF-MULL-01, KZ-MULL-01): keep the hand, or which cards go back."""

from __future__ import annotations

import re

from letopis.engine.problems import ProblemKind

from ..reader_table import Fail, Table, fail
from ..reader_words import Item
from .base import (
    _MULL_LINKS,
    Fight,
    Read,
    is_verb,
)


class Mulligan:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- mulligan (KZ-DEF-MULL-01) -------------------------------------------------------------------
    def _mulligan(self, cl: list[Item]) -> list[Read]:
        # the decision is what this step reads, wherever the sentence says it («…, играть их пока
        # нечем, так что оставляю всё как есть»); a verb in the past tells a story («Сэр Позорин
        # вернулся ко мне сам»)
        v = next((it for it in cl if it.is_("v_mull", "v_keep", "d_keep_all")), None) \
            or next((it for it in cl if is_verb(it)), None)
        if v is not None and not v.is_("v_mull", "v_keep", "d_keep_all") and _past(v):
            return []
        names = [it for it in cl if it.kind == "name"]
        start, end = cl[0].start, cl[-1].end
        back = next((k for k, it in enumerate(cl) if it.is_("w_into") and k + 1 < len(cl)
                     and cl[k + 1].is_("w_deck") and cl[k + 1].text == "колоду"), None)
        if back is not None and (v is None or v.start > cl[back].start) and any(it.start < cl[back].start for it in names):
            # «Обеих королев и рой — обратно в колоду[, остальное оставляю]»: where the cards go says
            # the order; «в колоде» (where a card lies) does not
            cl, v = cl[:back], None
            names = [it for it in names if it.start < cl[-1].end]
        elif v is None:
            typo = self._verb_typo(cl, anywhere=self._short_or_hand(cl))
            if typo is not None:
                raise typo
            if names and any(it.kind == "word" and it.concept not in _MULL_LINKS and self._not_number(it)
                             for it in cl):
                return []  # «Ох, два клича и ни одного существа толком...»: a story about the hand
        if v is not None and v.concept == "v_mull" and not names and any(it.is_("w_all") for it in cl) \
                and any(it.is_("w_hand", "w_card") for it in cl):
            hand = [c for c, k in sorted(self.t.hand.items()) for _ in range(k)]  # «Меняю всю руку»
            return [Read(None, start, end, mulligan=self._in_hand_order(hand))]
        if v is not None and v.concept == "v_mull":
            kept = next((k for k, it in enumerate(cl) if it.is_("v_keep") and it.start > v.start), None)
            if kept is not None:  # «Замешиваю клич, а лучника оставляю»: the part that keeps is no part of it
                at = cl.index(v)
                cut = max((j for j in range(at + 1, kept) if cl[j].sym(",") or cl[j].is_("w_and")), default=kept)
                cl = cl[:cut]
                end = cl[-1].end
                names = [it for it in names if it.end <= cl[-1].end]
            names = names + self._type_named(cl)  # «Замешать героя и щит»
            names.sort(key=lambda it: it.start)
        if v is not None and v.concept in ("d_keep_all", "v_keep") and not names:
            return [Read(None, start, end, mulligan=[])]
        if v is not None and v.concept in ("d_keep_all",) and names:
            return [Read(None, start, end, mulligan=[])]
        k = cl.index(v) if v is not None else 0
        if v is not None and v.concept == "v_keep" and not self._negated(cl, v) \
                and any(it.is_("w_all", "w_hand") for it in cl[max(k - 1, 0):k + 2]) \
                and not (k > 1 and cl[k - 2].is_("w_not")):  # «Не всё оставляю»
            return [Read(None, start, end, mulligan=[])]  # «…два клича и щит, …, так что оставляю всё как есть»
        if v is not None and v.concept == "v_keep" and names and not self._negated(cl, v):
            # «один рог оставлю: замешиваю один рог …»: what stays is said beside what goes back
            back = next((k for k, it in enumerate(cl) if it.is_("v_mull")), None)
            return self._mulligan(cl[back:]) if back is not None else []
        if not names:
            if v is not None and v.concept == "v_mull" and cl[-1].sym(":"):
                return []  # «Замешиваю:» — the cards follow on the next lines
            if v is not None and v.concept == "v_mull":
                raise self._unknown(cl) or fail("read.mulligan_what", v, "KZ-DEF-MULL-01",
                                                kind=ProblemKind.UNREADABLE)
            if v is not None and v.concept in ("v_play", "v_move", "v_attack", "v_draw", "v_skip", "v_strike"):
                raise fail("read.mulligan_only", v, "KZ-DEF-MULL-01")
            return []
        if v is not None and v.concept in ("v_play", "v_move", "v_attack", "v_strike"):
            raise fail("read.mulligan_only", v, "KZ-DEF-MULL-01")
        cards: list[str] = []
        for it in names:
            try:
                card = self.t.hand_card(it)
            except Fail as e:
                if e.issue.code in ("read.hand_missing", "read.hand_on_table"):
                    e.issue.clause = "KZ-MULL-01"  # only hand cards go back into the deck
                raise
            cards += [card] * (it.count or self._times(cl, it) or (2 if it.plural else 1))
        said = None
        for k, it in enumerate(cl):
            if it.is_("w_card") and k and cl[k - 1].kind in ("num", "word"):
                from letopis.engine.text import Token, number_value

                prev = cl[k - 1]
                said = number_value(Token(prev.text, prev.start, prev.end, "num" if prev.kind == "num" else "word",
                                          prev.value if isinstance(prev.value, int) else None))
        return [Read(None, start, end, mulligan=cards, said_count=said)]

    def _times(self, cl: list[Item], it: Item) -> int | None:
        """«оба клича» before a name, «клич ×2» / «клич x2» after it."""
        k = next((j for j, x in enumerate(cl) if x.start == it.start), None)
        if k is None:
            return None
        if k and cl[k - 1].is_("w_all") and cl[k - 1].text in ("оба", "обе", "обоих", "обеих"):
            return 2
        if k + 2 < len(cl) and (cl[k + 1].sym("×", "x", "х") or cl[k + 1].is_("w_count_x")) \
                and cl[k + 2].kind == "num":
            return int(cl[k + 2].value or 0) or None
        if k + 1 < len(cl) and cl[k + 1].kind == "word" and re.fullmatch(r"[x×х]\d", cl[k + 1].text):
            return int(cl[k + 1].text[1:])
        return None

    def _type_named(self, cl: list[Item]) -> list[Item]:
        """A type word («героя», «постройку») standing for the one hand card of that type."""
        out = []
        for it in cl:
            if it.kind != "word" or it.concept is not None:
                continue
            said = self.book.type_of_word(it.text) or self.book.type_of_word(self.t.words.lex.lemma(it.text))
            if said is None:
                continue
            cards = sorted(c for c in self.t.hand if self.book.card(c).type == said)
            if len(cards) != 1:
                continue
            named = it.copy()
            named.kind, named.cards, named.full = "name", frozenset(cards), frozenset(cards)
            out.append(named)
        return out

    def _in_hand_order(self, cards: list[str]) -> list[str]:
        player = self.state.players.get(self.faction)
        return list(player.hand) if player else cards

    @staticmethod
    def _not_number(it: Item) -> bool:
        from letopis.engine.text import Token, number_value

        return number_value(Token(it.text, it.start, it.end, "word")) is None


def _past(it: Item) -> bool:
    """A verb said in the past tense («вернулся», «сыграл»): what happened, never an order."""
    from letopis.engine.text import parses

    word = it.text.split()[0] if it.text else ""
    found = parses(word)[:1] if word.isalpha() else []
    return bool(found) and "past" in found[0].tag
