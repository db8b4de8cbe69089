"""Words that are almost order words or card names: a spelling slip read with a note, other typos
an error with the word it looks like (issue 9)."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import is_known, suggest

from ..data import fold as fold_name
from ..reader_messages import msg
from ..reader_table import Fail, Issue, Table, fail
from ..reader_words import Item
from .base import (
    _ALTERNATIONS,
    _VOWELS,
    REF_KINDS,
    Fight,
    Read,
    is_verb,
)


class Typos:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    def _quoted_unknown(self, cl: list[Item]) -> Fail | None:
        """A name in «…» that is no card («Позорный лучнег»): say so, with the nearest card."""
        spans: list[list[Item]] = []
        for it in cl:
            if it.quoted:
                if spans and spans[-1][-1] is cl[cl.index(it) - 1]:
                    spans[-1].append(it)
                else:
                    spans.append([it])
        for span in spans:
            stray = [it for it in span if it.kind == "word" and it.concept is None and it.text.isalpha()]
            if not stray or not (any(it.kind == "name" for it in span) or any(not is_known(it.text) for it in stray)):
                continue
            if any(it.kind in ("person", "race") for it in span):
                continue
            start, end = span[0].start, span[-1].end
            typed = self.t.line.typed(start, end).strip("«»\"„“” ") if self.t.line else " ".join(i.text for i in span)
            names = {fold_name(c.name): c.name for c in self.book.cards.values()}
            near = suggest(" ".join(i.text for i in span), tuple(names), cutoff=70.0)
            issue = fail("read.unknown_card_maybe" if near else "read.unknown_card", span[0], "KZ-DEF-REF-01",
                         kind=ProblemKind.UNREADABLE, hint=msg("read.maybe", word=names[near]) if near else None,
                         typed=typed, name=names.get(near or "", "")).issue
            issue.end = end
            return Fail(issue)
        return None

    def _retyped(self, cl: list[Item]) -> list[Read] | None:
        """A mistyped order verb («Аттакую в шахте-1», «Выводю…», «Щитоносец смыкаит щиты»,
        «Дообор», «Осставляю руку»): the line read again with the verb it looks like, with a note
        saying so. None when no word looks like a verb, or the line says nothing with it."""
        line = self.t.line
        if line is None:
            return None
        found = next(((it, near) for it in cl if it.kind == "word" and it.concept is None and len(it.text) >= 4
                      and not is_known(it.text) and (near := self._slip(it.text)) is not None), None)
        if found is None:
            return None
        it, near = found
        norm = line.norm
        delta = len(near) - (it.end - it.start)
        fixed_norm = norm[:it.start] + near + norm[it.end:]
        items = self.t.bind(self.t.words.scan(fixed_norm))
        out = []
        for x in items:
            if x.end <= it.start:
                if x.start >= cl[0].start:
                    out.append(x)
                continue
            if x.start >= it.start + len(near):
                x.start, x.end = x.start - delta, x.end - delta
            else:
                x.start, x.end = min(x.start, it.start), max(it.end, x.end - delta)
            if x.end <= cl[-1].end:
                out.append(x)
        if not any(is_verb(x) for x in out):
            return None
        reads = self.sentence(out)
        if not reads or not any(r.order is not None or r.picks or r.mulligan is not None for r in reads):
            return None
        reads[0].issues.append(Issue("read.read_as", msg("read.read_as", typed=self.t.typed(it), name=near), None,
                                     None, it.start, it.end, Severity.WARNING, ProblemKind.INFO))
        return reads

    def _slip(self, word: str) -> str | None:
        """The order verb a word is a spelling slip of: a doubled consonant («Аттакую»), an
        unstressed vowel written as another («смыкаит»), or the 1st person without its consonant
        change («выводю» → «вывожу»), two neighbouring letters swapped («Игарю»). Other typos (a
        dropped or stuttered letter) are errors with a hint, never a guess; so is a slip that fits
        more than one order verb."""
        forms = self.t.words.verb_form_set
        out = set()
        for k in range(1, len(word)):
            if word[k] == word[k - 1] and word[k] not in _VOWELS:
                out.add(word[:k] + word[k + 1:])
            if word[k] in _VOWELS:
                out.update(word[:k] + v + word[k + 1:] for v in _VOWELS if v != word[k])
            if word[k] != word[k - 1]:  # two letters typed the other way round («Игарю»)
                out.add(word[:k - 1] + word[k] + word[k - 1] + word[k + 1:])
        if word.endswith("ю") and len(word) > 3:
            for was, now in _ALTERNATIONS:
                if word[:-1].endswith(was):
                    out.add(word[:-1 - len(was)] + now + "у")
        hits = sorted(f for f in out if f in forms)
        return hits[0] if len(hits) == 1 else None

    @staticmethod
    def _short_or_hand(cl: list[Item]) -> bool:
        """A line of one or two words, or one about the hand, the deck or a card: a word like an
        order verb there is a mistyped order even with no card named («Дообор», «Отавляю руку»)."""
        return len([it for it in cl if it.kind != "sym"]) <= 2 or any(it.is_("w_hand", "w_card", "w_deck")
                                                                       for it in cl)

    def _verb_typo(self, cl: list[Item], anywhere: bool = False) -> Fail | None:
        """A sentence that names cards or sectors (or, ``anywhere``, is short or says «руку»,
        «карту», «колоды») and has a word like an order verb mistyped («Атакйу в руднике-1»,
        «Осставляю руку»): an error with the verb it looks like, not chatter."""
        if not anywhere and not any(it.kind in REF_KINDS for it in cl):
            return None
        alone = len([it for it in cl if it.kind != "sym"]) == 1
        for it in cl:
            if it.kind != "word" or it.concept is not None or len(it.text) < 4 or not it.text.isalpha():
                continue
            if is_known(it.text) and not alone:
                continue
            # a known word alone on its line («Добр») only when it is very close to an order word
            near = suggest(it.text, self.t.words.verb_forms, cutoff=88.0 if is_known(it.text) else 75.0)
            if near is None and alone and self.mode == "main":  # «Добро» alone: «добор» with two letters swapped
                near = self.t.words.anagrams.get("".join(sorted(it.text)))
            if near is not None and near[0] == it.text[0] and (not is_known(it.text) or abs(len(near) - len(it.text)) <= 1):
                return fail("read.unreadable_word", it, None, kind=ProblemKind.UNREADABLE,
                            hint=msg("read.maybe", word=near), word=self.t.typed(it))
        return None

    def _unknown(self, cl: list[Item]) -> Fail | None:
        """A word that looks like a mistyped card name: «нет такой карты: «Шмэль» — может быть, «Шмель»?»"""
        for it in cl:
            if it.kind != "word" or it.concept is not None or len(it.text) < 3 or not it.text.isalpha():
                continue
            if self.book.type_of_word(it.text) or self.book.type_of_word(self.t.words.lex.lemma(it.text)):
                continue
            if is_known(it.text) and not it.quoted:
                continue
            typed = self.t.typed(it)
            near = suggest(it.text, self.t.words.vocabulary, cutoff=70.0)
            if near is not None:
                name = self.t.words.display[near]
                return fail("read.unknown_card_maybe", it, "KZ-DEF-REF-01", kind=ProblemKind.UNREADABLE,
                            hint=msg("read.maybe", word=name), typed=typed, name=name)
            return fail("read.unknown_card", it, "KZ-DEF-REF-01", kind=ProblemKind.UNREADABLE, typed=typed)
        return None
