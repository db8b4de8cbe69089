"""Clauses that hold more than one order, or borrow from the clause before (issue 9): «…, а потом
перемещаю его…» (a pronoun), «если … —» (a condition, not an order), «Щитоносец смыкает щиты,
мечник → гилен» and «…, а щитоносца из рудника-1 в источник-1» (a second order in the same clause)."""

from __future__ import annotations

from letopis.engine.text import parses

from ..reader_table import Table
from ..reader_words import Item
from .base import (
    _PRONOUNS,
    Fight,
    is_ability,
    is_verb,
)

# Little words a part of a sentence may open with before its subject («а гилен …», «ну тогда мой шмель …»).
_OPENERS = frozenset({"а", "и", "но", "ну", "тогда", "так", "вот", "же", "ведь", "да", "уж", "теперь", "сейчас",
                      "потом", "затем", "мой", "моя", "мое", "мои", "наш", "наша", "наши"})
_SUBJECT_PRONOUNS = frozenset({"я", "ты", "он", "она", "оно", "мы", "вы", "они"})
# A card the condition names, said again in its answer («…, то Огненный плевок — в него»).
_CONDITION_PRONOUNS = frozenset({"его", "него", "нему", "ему", "ним", "им", "нее", "ее", "ней", "ей", "нею"})
_FINITE = frozenset({"VERB"})
_NOT_FINITE = frozenset({"INFN", "GRND", "PRTF", "PRTS"})


class CompoundLines:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    def _pronoun(self, cl: list[Item]) -> list[Item]:
        """«…, а потом перемещаю его в шахту-1»: «его» is the own card of the clause before."""
        own = next((it for it in cl if it.kind == "name" and not self.t._place_only(it)
                    and self.t.piece_candidates(it, {self.faction})), None)
        if own is not None:
            self._last_own = own
            return cl
        last = getattr(self, "_last_own", None)
        k = next((k for k, it in enumerate(cl) if it.kind == "word" and it.concept is None
                  and it.text in _PRONOUNS), None)
        if last is None or k is None or not any(it.is_("v_move", "v_guard", "v_use") for it in cl):
            return cl
        said = last.copy()
        said.start, said.end = cl[k].start, cl[k].end
        return [*cl[:k], said, *cl[k + 1:]]

    def _also(self, cl: list[Item]) -> list[Item]:
        """«Бодун бодает вышибалу. Колдун тоже.»: a sentence of own cards and «тоже»/«также» alone
        says the sentence before again, with these cards as its subject. Any other sentence with an
        order word is remembered for the next one."""
        words = [it for it in cl if not it.sym(",", "!", "?", ".")]
        also = [it for it in words if it.kind == "word" and it.text in ("тоже", "также")]
        last = getattr(self, "_last_said", None)
        if any(is_verb(it) for it in cl):
            self._last_said = cl
            return cl
        if not also and last is not None and words and words[0].is_("w_and") and len(words) > 1:
            return self._and_so(cl, words, last)
        names = [it for it in words if it not in also and not it.is_("w_and")]
        if not also or last is None or not names or not all(
                it.kind == "name" and self.t.piece_candidates(it, {self.faction}) for it in names):
            return cl
        v = next(it for it in last if is_verb(it))
        if not any(it.kind == "name" and it.start < v.start for it in last):
            return cl  # «Играю Шмеля. Гилена тоже.»: no subject to stand in for
        said = []
        for it in last[last.index(v):]:  # what is said again points at «тоже» of this line
            it = it.copy()
            it.start, it.end = also[0].start, also[0].end
            said.append(it)
        return [*names, *said]

    def _and_so(self, cl: list[Item], words: list[Item], last: list[Item]) -> list[Item]:
        """«Громила прикрывает город. И лучника — в лепёшку.»: a sentence opening with «и» («а»), with
        no verb and no own card, names what the subject of the sentence before does next: that
        subject is its subject."""
        if any(it.kind == "name" and self.t.piece_candidates(it, {self.faction}) for it in words) \
                or not any(it.kind == "name" and not self.t._place_only(it) for it in words):
            return cl
        v = next(it for it in last if is_verb(it))
        subject = [it for it in last if it.kind == "name" and it.start < v.start
                   and self.t.piece_candidates(it, {self.faction})]
        if len(subject) != 1:
            return cl
        said = subject[0].copy()
        said.start, said.end = words[0].start, words[0].end  # the subject said again stands at «и»
        return [said, *cl[cl.index(words[0]) + 1:]]

    def _predicates(self, cl: list[Item]) -> list[list[Item]] | None:
        """A sentence of several predications joined by commas, each read on its own: «Бодун бьёт
        телохранителя, колдун жахает по вышибале» (a part with its own subject and verb), «…,
        посмотрим, кто там стоит с щитом» (a part whose verb is no order word: a remark, or an
        order its objects tell); «…, не вылезая из тени» (a gerund) says how the order before it is
        done and is dropped: it is never an order of its own.
        A part without a predicate of its own stays with the part before it («уклоняется,
        сбрасываю Роение», «мечник → гилен, лучник → шмель»), as does any part after one without
        a predicate («Мечник, лучник и следопыт уходят …»). None when the sentence is one part."""
        if not any(it.sym(",") for it in cl):
            return None
        chunks: list[list[Item]] = [[]]
        for it in cl:
            if it.sym(","):
                chunks.append([it])
            else:
                chunks[-1].append(it)
        out = [chunks[0]]
        manner = False  # a gerund's part says how the order before it is done: it is no order itself
        for chunk in chunks[1:]:
            new = _predicate(out[-1]) and _new_predication(chunk[1:])
            if new and _gerund(chunk[1:]) or _predicate(out[-1]) and _purpose(chunk[1:]):
                manner = True
                continue
            if new:
                out.append(chunk[1:])
            else:
                out[-1] += chunk
        out = [part for part in out if part]
        return out if len(out) > 1 or manner else None

    def _conditional(self, cl: list[Item]) -> list[list[Item]] | None:
        """«Если по следопыту ударят — уклоняюсь, скидываю Позорный клич», «Оса жалит следопыта, а
        если в неё попадут — уклоняется, сбрасываю Роение»: the condition («если … —») is when the
        answer applies, not an order; what comes before it is an order of its own."""
        k = next((k for k, it in enumerate(cl) if it.kind == "word" and it.text == "если"), None)
        if k is None:
            return None
        end = next((j for j in range(k + 1, len(cl)) if cl[j].sym("-", "—", ",", ":")), None)
        if end is None or end + 1 >= len(cl):
            return None
        before = cl[:k]
        comma = next((it for it in reversed(before) if it.sym(",")), None)
        while before and (before[-1].sym(",") or before[-1].is_("w_and")):
            before = before[:-1]
        after = self._said_in(cl[k + 1:end], cl[end + 1:])
        if comma is not None and _fallback(before, after):
            return [before + [comma] + after]  # «бьёт шмеля, а если его уже нет — гилена»: the next target
        return [part for part in (before, after) if part]

    def _said_in(self, condition: list[Item], answer: list[Item]) -> list[Item]:
        """«Если шмель ещё в шахте-1, то атакую там, лучник стреляет по нему»: «там» in the answer is
        the sector the condition names, «него», «нему», «его» its card (when it names only one)."""
        place = next((it for it in condition if self.t.is_place(it)), None)
        cards = [it for it in condition if it.kind == "name" and not self.t._place_only(it)]
        card = cards[0] if len(cards) == 1 else None  # «если гилен ударит лучника — …его»: whose, unsure
        out = []
        for it in answer:
            said = place if it.kind == "word" and it.text in ("там", "туда") else \
                card if it.kind == "word" and it.concept is None and it.text in _CONDITION_PRONOUNS else None
            if said is not None:
                said = said.copy()
                said.start, said.end = it.start, it.end
                it = said
            out.append(it)
        return out

    def _two_orders(self, cl: list[Item]) -> list[list[Item]] | None:
        """A clause whose first order is a whole one (a [С] use, a guard, staying in shadow) and
        that goes on with another after «,» or «и»: «Щитоносец смыкает щиты, мечник → гилен»,
        «Щитоносец прикрывает мечника и смыкает щиты», «Смыкаю щиты щитоносцем и атакую в
        шахте-1», «Тень пусть остаётся, бодун и колдун — по вышибале». A verb in the third person
        after «и» keeps the subject of the first order. Any other order goes on after «и» only with
        a verb of its own kind («выходит из тени и бьёт»); a verb of another kind is a second order
        («Беру карту и строю вышку», «Не уклоняюсь и не прикрываю»)."""
        from letopis.engine.text import parses

        head = next((it for it in cl if is_verb(it)), None)
        if head is not None and head.is_("v_move"):
            moves = self._two_moves(cl, head)
            if moves is not None:
                return moves
        if head is None:
            return None
        whole = is_ability(head) or head.is_("d_stay_hidden", "v_guard", "d_guard")
        for k in range(cl.index(head) + 1, len(cl) - 1):
            cut = cl[k]
            if not (cut.sym(",") or cut.is_("w_and")):
                continue
            rest = cl[k + 1:]
            if rest and rest[0].is_("w_and"):
                rest = rest[1:]
            if not rest:
                return None
            first = rest[0]
            said = rest[1] if first.is_("w_not") and len(rest) > 1 else first  # «… и не прикрываю»
            if not whole:  # «Беру карту и строю вышку», «Не уклоняюсь и не прикрываю»: two kinds of order
                kinds = {_kind_of(head), _kind_of(said)} if is_verb(said) else set()
                if cut.is_("w_and") and len(kinds) == 2 and None not in kinds:
                    return [cl[:k], rest]
                continue
            if is_verb(said) and said is not head and not said.is_("w_not"):
                subject = [it for it in cl[:k] if it.kind == "name" and it.start < head.start]
                third = said.kind == "word" and any("3per" in p.tag for p in parses(said.text)[:1]) \
                    or is_ability(said) and said.text.split()[0].endswith(("ет", "ит", "ат", "ят"))
                return [cl[:k], (subject[:1] if third else []) + rest]
            if first.kind == "name" and any(is_verb(it) or it.sym("→", "-", ":") or it.is_("w_at") for it in rest[1:]) \
                    and self.t.piece_candidates(first, {self.faction}) and cut.sym(","):
                return [cl[:k], rest]
        return None

    def _two_moves(self, cl: list[Item], head: Item) -> list[list[Item]] | None:
        """«Перемещаю мечника из шахты-1 в рудник-1, а щитоносца из рудника-1 в источник-1»: a
        second move with its own origin and destination is a second action."""
        for k in range(cl.index(head) + 1, len(cl) - 2):
            if not cl[k].sym(","):
                continue
            rest = cl[k + 1:]
            if rest[0].is_("w_and"):
                rest = rest[1:]
            if len(rest) < 3 or rest[0].kind != "name" or not self.t.piece_candidates(rest[0], {self.faction}):
                continue
            if any(it.is_("w_from") for it in rest) and any(it.is_("w_into") for it in rest) \
                    and any(it.is_("w_into") for it in cl[:k]):
                return [cl[:k], [head, *rest]]
        return None


def _fallback(before: list[Item], after: list[Item]) -> bool:
    """«Лучник бьёт шмеля, а если его уже нет — гилена»: a condition answered by targets alone, after a
    strike, names the strike's next target in the order of priority (KZ-DEF-CMB-02), not a story."""
    return any(it.is_("v_strike", "v_attack") or it.sym("→") for it in before) \
        and any(it.kind == "name" for it in after) \
        and not any(is_verb(it) or it.sym("→", ":") for it in after)


# Order words that make one order together («выходит из тени и бьёт», «уклоняется, сбрасываю …»,
# «Атакую … и бью …»): a second verb of the same kind goes on with the first order.
_KINDS = {"v_exit": "v_strike", "d_reveal": "v_strike", "v_attack": "v_strike", "v_discard": "v_evade",
          "d_guard": "v_guard", "v_keep": "v_mull", "d_keep_all": "v_mull", "v_use": "ability"}


def _kind_of(it: Item) -> str | None:
    """The kind of order a verb says; None for «снимаю», whose kind its objects tell («Снимаю
    следопыта с шахты и ставлю в источник-1» is one move)."""
    c = it.concept or ""
    if c == "v_take_off":
        return None
    return "ability" if is_ability(it) else _KINDS.get(c, c)


def _verb_tags(it: Item) -> frozenset[str]:
    """The grammemes of an item's verb word (the first word of a phrase), empty for a non-word."""
    if it.kind not in ("word", "phrase") or not it.text[:1].isalpha():
        return frozenset()
    words = [w for w in it.text.split() if w != "не"] or it.text.split()  # «не высовываясь из тени»
    return parses(words[0])[0].tag


def _finite(it: Item) -> bool:
    tags = _verb_tags(it)
    return bool(tags & _FINITE) and not tags & _NOT_FINITE


def _predicate(part: list[Item]) -> bool:
    """The part says something: an order word, or a verb in a personal form."""
    return any(is_verb(it) or _finite(it) for it in part)


def _opening(part: list[Item]) -> int:
    """Where a part's own words begin, after «а», «ну тогда», «не» and the like."""
    k = 0
    while k < len(part) and part[k].kind == "word" and (part[k].text in _OPENERS or part[k].is_("w_not")):
        k += 1
    return k


def _gerund(part: list[Item]) -> bool:
    """The part opens with a gerund («не вылезая из тени», «поигрывая дубинкой»)."""
    words = [it for it in part if not it.sym("«", "»", "\"")]
    k = _opening(words)
    return k < len(words) and "GRND" in _verb_tags(words[k])


def _purpose(part: list[Item]) -> bool:
    """The part says what the order before it is for: «…, чтобы бодаться с бодуном», «…, бодаться с
    бодуном» (an infinitive the lexicon does not know as an order word)."""
    words = [it for it in part if not it.sym("«", "»", "\"")]
    k = _opening(words)
    if k >= len(words) or words[k].kind != "word":
        return False
    return words[k].text in ("чтобы", "чтоб") or words[k].concept is None and "INFN" in _verb_tags(words[k])


def _new_predication(part: list[Item]) -> bool:
    """The part after a comma is a predication of its own: a gerund opens it (a remark of manner),
    a verb in a personal form that is no order word stands in it (a remark, or an order told by
    its objects), or a subject (a card's name, a pronoun, a noun in the nominative) stands before
    its verb."""
    words = [it for it in part if not it.sym("«", "»", "\"", "-", ":", "→")]
    k = _opening(words)
    if k < len(words) and "GRND" in _verb_tags(words[k]):
        return True
    if any(it.kind == "word" and it.concept is None and _finite(it) for it in words[k:]):
        return True
    if k >= len(words) or not any(_finite(it) or is_verb(it) for it in words[k + 1:]):
        return False
    head = words[k]
    if head.kind == "name":
        return "nomn" in parses(head.text.split()[-1])[0].tag or head.number is not None
    return head.kind == "word" and (head.text in _SUBJECT_PRONOUNS or head.concept is None and {"NOUN", "nomn"}
                                    <= parses(head.text)[0].tag)
