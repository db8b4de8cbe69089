"""What one sentence of a Kozyablo post orders (checklist §3, §4), against the poster's table.

A sentence is a list of bound items (`reader_words`, `reader_table`). Its first order word decides
what it is: «играю/выкладываю/строю/вешаю» play a card, «беру/тяну/добор» draw, «перемещаю/ползёт»
move, «атакую/нападаю/объявляю бой» attack, a strike verb («бьёт», «рубит», «→») names targets,
an ability's name or verb («регенерирует», «уходит в тень», «смыкает щиты») uses it, «пропускаю/
пас» skips, and the decision words («уклоняется», «прикрывает», «остаётся в тени», «не
уклоняюсь») answer a combat. A sentence with no order word may still be an order: «X — в Y»
(KZ-DEF-REF-02: play from the hand, move on the table, or ask which), «Огненный плевок в
козла-зомби Пети», ««Гнездо стражей»: «Шмель»» (a trigger choice, KZ-DEC-10), «мечник → гилен».
A sentence with an order word and nothing to act on is chatter («Побьём их всех!»).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pydantic import BaseModel

from letopis.engine.frames import readings_text
from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import is_known, suggest

from .data import fold as fold_name
from .orders import (
    Attack,
    Decline,
    DrawCard,
    Evade,
    Guard,
    Move,
    PlayCard,
    Skip,
    StayHidden,
    Strike,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from .reader_frames import FRAMES, evidence, pick
from .reader_messages import msg
from .reader_table import Fail, Issue, Table, fail, own_fighters
from .reader_words import Item
from .refs import sector_name
from .state import Piece
from .targets import strikes

VERBS = frozenset({"v_play", "v_use", "v_draw", "v_move", "v_exit", "v_attack", "v_strike", "v_skip", "v_keep",
                   "v_mull", "v_evade", "v_discard", "v_guard", "d_pass", "d_stay_hidden", "d_reveal", "d_guard",
                   "d_keep_all", "v_heal", "v_take_off"})
PREPS = frozenset({"w_from", "w_into", "w_onto", "w_at", "w_for"})
REF_KINDS = frozenset({"name", "place", "capital"})
_LINKS = frozenset({"w_into", "w_onto", "w_at", "w_for", "w_from", "w_squad", "w_and", "w_all", "w_card"})
_DRAW_WORDS = frozenset({"w_card", "w_deck", "w_from", "w_and"})
_VOWELS = frozenset("аеиоуыэюя")
_ALTERNATIONS = (("ст", "щ"), ("д", "ж"), ("з", "ж"), ("т", "ч"), ("с", "ш"), ("б", "бл"), ("в", "вл"), ("п", "пл"),
                 ("м", "мл"))
_FILLERS = frozenset({"ну", "ладно", "пожалуй", "тогда", "просто", "еще", "одну", "как", "то", "так", "вот",
                      "итак", "ок", "окей", "значит", "давай", "давайте"})
_DECK_WORDS = ("карту", "карта", "карты", "колоды", "колода", "колоду")
_PUT_VERBS = frozenset({"ставить", "поставить", "переставить", "переставлять"})
_PRONOUNS = frozenset({"его", "ее", "него", "нее"})
_ALL = Item("word", 0, 0, "все", "w_all")  # every own card that can strike
_STRIKE_MARKS = ("v_strike", "v_attack", "v_take_off")
_MULL_LINKS = frozenset({"w_and", "w_all", "w_card", "w_hand", "w_count_x", "w_into", "w_deck"})
_TYPE_GENITIVE = {"creature": "существо", "hero": "герой", "building": "постройка", "artifact": "артефакт",
                  "magic": "магия", "event": "событие", "capital": "столица", "sector": "сектор"}


@dataclass
class Read:
    """One order (or the attack targets, or mulligan cards) read from a sentence, with its span."""

    order: BaseModel | None
    start: int
    end: int
    issues: list[Issue] = field(default_factory=list)
    picks: list[TargetPick] = field(default_factory=list)  # targets for the post's attack
    mulligan: list[str] | None = None  # cards named for a mulligan ([] = keep)
    said_count: int | None = None  # «меняю две карты»


@dataclass
class Fight:
    """Where a combat being answered or declared is, and who may be hit."""

    sector: str
    leavers: frozenset[str] | None = None  # a retreat attack: only these may be targeted
    attacker: str | None = None


def is_verb(it: Item) -> bool:
    c = it.concept
    return it.kind in ("word", "phrase") and c is not None and (
        c in VERBS or c.startswith(("ab_", "abn:", "abid:")))


def is_ability(it: Item) -> bool:
    c = it.concept or ""
    return it.kind == "phrase" and c.startswith(("ab_", "abn:", "abid:"))


class Grammar:
    """Reads sentences for one poster; ``mode`` is main | reaction | mulligan."""

    def __init__(self, table: Table, mode: str, fight: Fight | None = None) -> None:
        self.t = table
        self.mode = mode
        self.fight = fight
        self.book = table.book
        self.faction = table.faction
        self.state = table.state

    # --- entry -----------------------------------------------------------------------------------
    def sentence(self, cl: list[Item]) -> list[Read]:
        """The orders of one sentence ([] for chatter). Problems ride on the reads."""
        cl = [it for it in cl if not it.sym("«", "»", "\"")]
        if not cl:
            return []
        cl = self._pronoun(cl)
        cond = self._conditional(cl)
        if cond is not None:
            return [r for part in cond for r in self.sentence(part)]
        parts = self._two_orders(cl)
        if parts is not None:
            return [r for part in parts for r in self.sentence(part)]
        if not any(is_verb(it) for it in cl):
            retyped = self._retyped(cl)
            if retyped is not None:
                return retyped
        try:
            if self.mode == "mulligan":
                return self._mulligan(cl)
            quoted = self._quoted_unknown(cl)
            if quoted is not None:
                raise quoted
            v = next((it for it in cl if it.is_("d_guard")), None) or next((it for it in cl if is_verb(it)), None)
            if v is None:
                typo = self._verb_typo(cl, anywhere=self._short_or_hand(cl))
                if typo is not None:
                    raise typo
                return self._noted(cl, self._verbless(cl))
            return self._noted(cl, self._with_verb(cl, v))
        except Fail as e:
            return [Read(None, e.issue.start or cl[0].start, e.issue.end or cl[-1].end, [e.issue])]

    def _with_verb(self, cl: list[Item], v: Item) -> list[Read]:
        c = v.concept or ""
        neg = self._negated(cl, v)
        refs = [it for it in cl if it.kind in REF_KINDS]
        subject = bool(refs) and refs[0].start < v.start and refs[0].kind == "name" \
            and not self.t._place_only(refs[0]) and bool(self.t.piece_candidates(refs[0], {self.faction}))
        if c == "v_attack" and subject and self.mode == "main" and self._attack_only(cl, v):
            return self._attack(cl, v)  # «Дикий гилен атакует в Позорище»: the attack, said by its creature
        if c == "v_strike" and self._we(v) and not any(
                it.kind == "name" and it.start < v.start and self.t.piece_candidates(it, {self.faction})
                for it in refs):
            return self._we_strike(cl, v)
        if is_ability(v):
            return [self._ability(cl, v)]
        named = next((it for it in cl if is_ability(it)), None)
        if named is not None and c in ("v_use", "v_play"):  # «Применяю Регенерацию трутня»
            return [self._ability(cl, named)]
        if c == "v_use":
            if any(self.t.hand_cards(r) for r in refs if r.kind == "name"):
                return [self._play(cl)]
            if refs:
                return [self._ability(cl, v)]
            return []
        if c == "v_take_off":  # «снимаю»: a move, a card from the deck or a strike, as its objects say
            return self._framed(cl, {"turn"} if self.mode == "main" else set(), said=v)
        if c == "v_skip" and self.mode == "reaction" and subject:  # «мечник пропускает удар»
            return self._segment({"strikers": [refs[0]], "targets": [], "neg": True, "reveal": False,
                                  "start": cl[0].start, "end": cl[-1].end}, self.fight)
        if c == "d_pass" or (c == "v_skip" and self.mode == "reaction"):
            return [Read(Decline(what="react") if self.mode == "reaction" else Skip(), cl[0].start, cl[-1].end)]
        if c == "v_skip":
            return [Read(Skip(), cl[0].start, cl[-1].end)]
        if c in ("v_evade", "v_discard"):
            if neg:
                return [Read(Decline(what="evade"), cl[0].start, cl[-1].end)]
            return [self._evade(cl)]
        if c in ("v_guard", "d_guard"):
            if neg:
                return [Read(Decline(what="guard"), cl[0].start, cl[-1].end)]
            if not refs and c == "v_guard":
                return []
            return [self._guard(cl, v)]
        if c in ("d_stay_hidden", "d_reveal") or (c == "v_exit" and self.mode == "reaction"):
            return self._shadow(cl, v)
        if c == "v_strike" or (c == "v_attack" and subject):
            k = cl.index(v)
            if not refs and not (k and (cl[k - 1].is_("w_all") or k > 1 and cl[k - 2].is_("w_all"))):
                return []  # «Побьём их всех!»
            return self._strikes(cl)
        if self.mode == "reaction":
            if c in ("v_play", "v_draw", "v_move", "v_attack", "v_exit") and refs or c == "v_draw":
                raise fail("read.not_main_now", v, "KZ-DEF-TURN-03")
            return []
        if c == "v_draw":
            others = [it for it in cl if it is not v and it.kind in ("word", "name", "place", "phrase")
                      and it.concept not in _DRAW_WORDS and it.text not in _FILLERS]
            slips = [it for it in others if it.kind == "word" and it.concept is None
                     and suggest(it.text, _DECK_WORDS, cutoff=70.0) is not None]
            if slips and len(slips) == len(others):  # «Беру карут», «Тяну из клоды»
                read = Read(DrawCard(), cl[0].start, cl[-1].end)
                for it in slips:
                    read.issues.append(Issue("read.read_as", msg("read.read_as", typed=self.t.typed(it),
                                                                 name=suggest(it.text, _DECK_WORDS, cutoff=70.0)),
                                             None, None, it.start, it.end, Severity.WARNING, ProblemKind.INFO))
                return [read]
            if others and not any(it.is_("w_card", "w_deck") for it in cl):
                return []
            return [Read(DrawCard(), cl[0].start, cl[-1].end)]
        if c == "v_attack":
            return self._attack(cl, v)
        if c in ("v_play", "v_heal"):
            names = [r for r in refs if r.kind == "name"]
            if c == "v_heal" and not any(self.t.hand_cards(r) for r in names):
                read = self._trigger(cl)
                return [read] if read else []
            if not names:
                unknown = self._unknown(cl)
                if unknown is not None:
                    raise unknown
                if not refs:
                    return []
                if self._verb_card(cl) is not None:
                    return [self._play(cl)]
                raise fail("read.play_what", v, "KZ-PLAY-01", kind=ProblemKind.UNREADABLE)
            if self.t.words.lex.lemma(v.text) in _PUT_VERBS and not any(self.t.hand_cards(r) for r in names) \
                    and any(self.t.piece_candidates(r, {self.faction}) for r in names) \
                    and any(self.t.is_place(r) for r in refs):
                return [self._move(cl)]  # «Ставлю щитоносца в шахту-1»: he is on the table already
            return [self._play(cl)]
        if c == "v_move" and len(cl) > 1 and cl[-1].is_("abn:в тень") \
                and self.t.words.lex.lemma(v.text) in ("уходить", "уйти"):
            shadow = v.copy()  # «Ухожу козлом-тенью в тень»: the ability, with its creature in between
            shadow.kind, shadow.concept = "phrase", "ab_shadow"
            return [self._ability([it for it in cl[:-1] if it is not v], shadow)]
        if c == "v_move" and any(r.kind == "name" and self._hand_spell(r) and not self.t.piece_candidates(r)
                                 for r in refs):
            return [self._play(cl)]  # «Манёвром перебрасываю мечника в рудник-1»
        if c in ("v_move", "v_exit"):
            if not refs and not any(it.is_("w_squad", "w_all") for it in cl):
                unknown = self._unknown(cl)
                if unknown is not None:
                    raise unknown
                return []
            return [self._move(cl)]
        return []  # keep / mulligan words outside the mulligan: chatter

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
        while before and (before[-1].sym(",") or before[-1].is_("w_and")):
            before = before[:-1]
        after = cl[end + 1:]
        return [part for part in (before, after) if part]

    def _two_orders(self, cl: list[Item]) -> list[list[Item]] | None:
        """A clause whose first order is a whole one (a [С] use, a guard, staying in shadow) and
        that goes on with another after «,» or «и»: «Щитоносец смыкает щиты, мечник → гилен»,
        «Щитоносец прикрывает мечника и смыкает щиты», «Смыкаю щиты щитоносцем и атакую в
        шахте-1», «Тень пусть остаётся, бодун и колдун — по вышибале». A verb in the third person
        after «и» keeps the subject of the first order."""
        from letopis.engine.text import parses

        head = next((it for it in cl if is_verb(it)), None)
        if head is not None and head.is_("v_move"):
            return self._two_moves(cl, head)
        if head is None or not (is_ability(head) or head.is_("d_stay_hidden", "v_guard", "d_guard")):
            return None
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
            if is_verb(first) and first is not head and not first.is_("w_not"):
                subject = [it for it in cl[:k] if it.kind == "name" and it.start < head.start]
                third = first.kind == "word" and any("3per" in p.tag for p in parses(first.text)[:1]) \
                    or is_ability(first) and first.text.split()[0].endswith(("ет", "ит", "ат", "ят"))
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

    def _noted(self, cl: list[Item], reads: list[Read]) -> list[Read]:
        """A name read through a slip, a short form or a typo is accepted with a note saying what
        it was read as (issue 9)."""
        if not reads:
            return reads
        for it in cl:
            if not it.fixed:
                continue
            name = self.book.card(next(iter(it.cards))).name if len(it.cards) == 1 else it.fixed[0][1]
            written = self.t.typed(it) if self.t.line is not None else it.text
            reads[0].issues.append(Issue("read.read_as", msg("read.read_as", typed=written, name=name), None, None,
                                         it.start, it.end, Severity.WARNING, ProblemKind.INFO))
        return reads

    # --- without an order word ---------------------------------------------------------------------
    def _verbless(self, cl: list[Item]) -> list[Read]:
        refs = [it for it in cl if it.kind in REF_KINDS]
        if not refs:
            return []
        arrow = any(it.sym("→") for it in cl)
        first = refs[0]
        lead = next((it for it in cl if it.kind != "mark"), None)
        named_first = first.kind == "name" and first is lead and not self.t._place_only(first)
        words = [it for it in cl if it.kind not in ("sym", "mark")]
        if self.mode == "main" and len(refs) == 1 and self.t.is_place(first) and (
                first.kind != "name" or self.t._place_only(first)) and all(
                it is first or it.is_("w_into", "w_at") for it in words) and len(words) <= 2:
            raise fail("read.place_only", first, "KZ-TURN-03", kind=ProblemKind.UNREADABLE,
                       place=sector_name(self.state, self.t.sector(first, default_own=False))
                       if self.t.sector_candidates(first, False) else self.t.typed(first))
        k_hand = next((k for k, it in enumerate(cl) if it.is_("w_hand")), None)
        if k_hand is not None:
            if k_hand and cl[k_hand - 1].is_("w_from") and self.mode == "main":
                return [self._play([it for it in cl if not it.is_("w_hand")])]  # «Лучника из руки — в источник-1»
            return []  # «в руке один клич да рыцарь»: what the hand holds
        if named_first and len(refs) > 1 and not arrow:
            between = cl[cl.index(first) + 1:cl.index(refs[1])]
            if any(it.kind == "word" and it.concept not in _LINKS for it in between):
                return []  # «Мечник скучает в шахте»: a story, not «X — в Y»
        if any(it.kind == "word" and it.text == "у" for it in cl) and not arrow:
            return []  # «У меня в шахте-2 шмель и трутень»: what is, not what to do
        if self.mode == "reaction" and named_first and len(refs) > 1 and self.t.hand_cards(first) \
                and not self.t.piece_candidates(first, {self.faction}):
            raise fail("read.not_main_now", cl[0], "KZ-DEF-TURN-03")  # «Пыльца на гилена» in a combat
        squad_move = any(it.is_("w_squad", "w_all") for it in cl) and any(self.t.is_place(r) for r in refs)
        if self.mode == "reaction" and (squad_move or (named_first and self.t.hand_cards(first) and len(refs) > 1
                                                       and self.fight is None)):
            raise fail("read.not_main_now", cl[0], "KZ-DEF-TURN-03")
        if self.mode == "main" and named_first and len(refs) > 1 and self._hand_spell(first) \
                and not self.t.piece_candidates(first, {self.faction}):
            return [self._play(cl)]  # «Позорный манёвр: следопыт → источник-1»
        if self.mode == "main" and named_first and len(refs) > 1:
            own = self.t.piece_candidates(first, {self.faction})
            if own and any(self.book.card(p.card).trigger for p in own):
                read = self._trigger(cl)
                if read is not None:
                    return [read]
        context = {"fight"} if self.fight is not None else set()
        if self.mode == "main":
            context.add("turn")
        return self._framed(cl, context, arrow)

    def _framed(self, cl: list[Item], context: set[str], arrow: bool = False, said: Item | None = None) -> list[Read]:
        """A verbless clause (or one whose verb fits several kinds, ``said``) read by its objects
        (`reader_frames`)."""
        choice = pick(evidence(self, cl, context))
        if said is not None and choice.best is None and not choice.ambiguous:
            readings = [fr for fr in FRAMES if said.concept in fr.triggers]
            raise fail("read.two_readings", said, "KZ-DEF-REF-02", kind=ProblemKind.AMBIGUOUS,
                       readings=", ".join(fr.title for fr in readings[:-1]) + " или " + readings[-1].title)
        if choice.ambiguous:
            kinds = {f.frame.kind for f in choice.rivals}
            if kinds == {"play", "move"}:
                first = next(it for it in cl if it.kind == "name")
                raise fail("read.play_or_move", first, "KZ-DEF-REF-02", kind=ProblemKind.AMBIGUOUS,
                           name=self.t.card_name(first))
            raise fail("read.two_readings", cl[0], "KZ-DEF-REF-02", kind=ProblemKind.AMBIGUOUS,
                       readings=readings_text(choice.rivals))
        best = choice.best
        if best is None:
            if arrow and self.fight is None and self.mode == "main":
                return self._strikes(cl)  # «мечник → гилен» with no attack: say that targets need one
            return []
        kind = best.frame.kind
        if kind in ("play", "play_on"):
            return [self._play(cl)]
        if kind == "move":
            return [self._move(cl)]
        if kind == "strike":
            try:
                return self._strikes(cl)
            except Fail as e:
                if e.issue.code not in ("read.strike_who", "read.pick_striker"):
                    raise
            # «Мечник и щитоносец — оба по гилену», «Лучник: Шмель»: the frame's slots are the strike
            who = [m.value for m in best.filled.get("who", [])]
            targets = [m.value for m in best.filled.get("targets", [])]
            seg = {"strikers": [w for w in who if not w.is_("w_all")] or who, "targets": targets, "neg": False,
                   "reveal": False, "start": cl[0].start, "end": cl[-1].end}
            return self._segment(seg, self.fight)
        if kind == "play_on" and "on" not in best.filled:
            card = self.t.hand_cards(best.filled["card"][0].value)
            if card and self.book.card(card[0]).target != "none":
                return []  # «в руке один клич да рыцарь»: a card named in passing
            return [self._play(cl)]
        return [Read(DrawCard(), cl[0].start, cl[-1].end)]

    # --- play a card (KZ-PLAY-01) ------------------------------------------------------------------
    def _play(self, cl: list[Item]) -> Read:
        refs = self._refs(cl)
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        in_hand = [it for it in names if self.t.hand_cards(it)]
        card_it = next((it for it in in_hand if not self.t.piece_candidates(it, {self.faction})), None) \
            if len(in_hand) > 1 else None
        card_it = card_it or (in_hand[0] if in_hand else None)
        if card_it is None:
            card_it = self._verb_card(cl)  # «Подрываю Козлиную гору»
        if card_it is None:
            if names:
                self.t.hand_card(names[0])
            raise self._unknown(cl) or fail("read.play_what", cl[0], "KZ-PLAY-01", kind=ProblemKind.UNREADABLE)
        card_id = self.t.hand_card(card_it)
        card = self.book.card(card_id)
        issues = self._type_words(cl, card_id)
        rest = [(p, it) for p, it in refs if it is not card_it]
        places = [it for _, it in rest if self.t.is_place(it)]
        pieces = [it for _, it in rest if it.kind == "name" and not self.t._place_only(it)]
        start, end = cl[0].start, cl[-1].end
        if card.type in ("creature", "hero", "building"):
            if places:
                into = self.t.sector(places[0])
            elif card.type == "building" and self._own_capital():
                into = self._own_capital()
            else:
                cap = self._own_capital()
                raise fail("read.play_where", card_it, "KZ-PLAY-01", name=card.name,
                           sector=sector_name(self.state, cap) if cap else "Золотая шахта-1")
            return Read(PlayCard(card=card_id, into=into), start, end, issues)
        if card.type == "artifact":
            if pieces:
                hero = self.t.piece(pieces[0], "own")
            else:
                found = [p for p in self.t.visible if p.owner == self.faction and p.card == card.hero_for]
                if len(found) != 1:
                    raise fail("read.play_target", card_it, "KZ-ART-01", name=card.name)
                hero = found[0]
            return Read(PlayCard(card=card_id, on=hero.uid), start, end, issues)
        target = card.target
        if target == "none":
            return Read(PlayCard(card=card_id), start, end, issues)
        if target == "own_squad":
            other = next((it for it in cl if it.is_("w_enemy") or it.kind == "person" and it.value != self.faction), None)
            if other is not None and any(it.is_("w_squad") for it in cl):
                raise fail("read.squad_not_own", other, "KZ-MAG-01", name=card.name)  # «на отряд Бориса»
            if places:
                squad = self.t.sector(places[0], prefer=lambda s: bool(own_fighters(self.state, self.faction, s)))
            else:
                sectors = sorted({p.sector for p in self.t.visible if p.owner == self.faction})
                held = [s for s in sectors if own_fighters(self.state, self.faction, s)]
                if len(held) != 1:
                    raise fail("read.play_target", card_it, "KZ-MAG-01", name=card.name)
                squad = held[0]
            return Read(PlayCard(card=card_id, squad=squad), start, end, issues)
        if card.effect == "move_own":
            if not pieces or not places:
                raise fail("read.play_target", card_it, "KZ-PLAY-01", name=card.name)
            who = self.t.piece(pieces[0], "own")
            return Read(PlayCard(card=card_id, on=who.uid, into=self.t.sector(places[0], prefer=lambda s: s != who.sector)),
                        start, end, issues)
        if target == "enemy_building_or_capital":
            if pieces:
                return Read(PlayCard(card=card_id, on=self.t.piece(pieces[0], "enemy").uid), start, end, issues)
            if places:
                sid = self.t.sector(places[0], default_own=False)
                return Read(PlayCard(card=card_id, on=self.t.capital_target(sid)), start, end, issues)
            raise fail("read.play_target", card_it, "KZ-PLAY-01", name=card.name)
        if not pieces:
            raise fail("read.play_target", card_it, "KZ-MAG-01", name=card.name)
        role = "enemy" if target.startswith("enemy") else "own"
        try:
            on = self.t.piece(pieces[0], role)
        except Fail as e:
            if e.issue.code in ("read.piece_not_own", "read.piece_own") and card.type in ("magic", "event"):
                e.issue.clause = "KZ-MAG-01"  # the card's side is its target rule
            raise
        return Read(PlayCard(card=card_id, on=on.uid), start, end, issues)

    def _hand_spell(self, it: Item) -> bool:
        """The name is a magic or event card in the poster's hand."""
        return any(self.book.card(c).type in ("magic", "event") for c in self.t.hand_cards(it))

    def _verb_card(self, cl: list[Item]) -> Item | None:
        """A hand card the order verb itself names: «Подрываю …» for «Подрыв»."""
        v = next((it for it in cl if it.is_("v_play")), None)
        if v is None or len(v.text) < 5:
            return None
        for card_id in sorted(self.t.hand):
            first = fold_name(self.book.card(card_id).name).split()[0]
            if len(first) >= 5 and v.text.startswith(first[:5]):
                it = v.copy()
                it.kind, it.cards, it.full = "name", frozenset({card_id}), frozenset({card_id})
                return it
        return None

    def _own_capital(self) -> str | None:
        return self.state.players[self.faction].capital_sector if self.faction in self.state.players else None

    def _type_words(self, cl: list[Item], card_id: str) -> list[Issue]:
        """«Играю эффект «Подрыв»» (KZ-GAP-06: эффект = событие); a type word that does not fit the
        card is worth a warning."""
        card = self.book.card(card_id)
        out = []
        for it in cl:
            if it.kind != "word" or it.concept is not None:
                continue
            said = self.book.type_of_word(it.text) or self.book.type_of_word(self.t.words.lex.lemma(it.text))
            if said is None or said == card.type or said in ("capital", "sector"):
                continue
            out.append(Issue("read.type_mismatch", msg("read.type_mismatch", name=card.name,
                                                      actual=_TYPE_GENITIVE[card.type], said=_TYPE_GENITIVE[said]),
                             None, "KZ-GAP-06", it.start, it.end, Severity.WARNING, ProblemKind.INFO))
        return out

    # --- move (KZ-MOVE-01) -------------------------------------------------------------------------
    def _move(self, cl: list[Item]) -> Read:
        refs = self._refs(cl)
        places = [(p, it) for p, it in refs if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))]
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        origin_it = next((it for p, it in places if p == "w_from"), None)
        dests = [it for _, it in places if it is not origin_it]
        if origin_it is None and len(dests) >= 2 and dests[0].loc:
            origin_it = dests.pop(0)
        if not dests:
            raise fail("read.move_where", cl[-1], "KZ-MOVE-01", kind=ProblemKind.UNREADABLE)
        dest_it = next((it for it in dests if not it.loc), dests[0])

        def held(s: str) -> bool:
            return bool(own_fighters(self.state, self.faction, s))

        origin = self.t.sector(origin_it, prefer=held) if origin_it is not None else None
        pieces: list[Piece] = []
        toward = {cl[k + 1].start for k, it in enumerate(cl[:-1]) if it.kind == "word" and it.text in ("к", "ко")}
        names = [it for it in names if it.start not in toward]  # «выдвигается к Шмелю»: where, not who
        if names:
            for it in names:
                try:
                    found = self.t.pieces(it, "own", sector=origin, many=True)
                except Fail as e:
                    if e.issue.code == "read.piece_not_own":
                        e.issue.clause = "KZ-MOVE-01"  # only own creatures move
                    raise
                for p in found:
                    if p not in pieces:
                        pieces.append(p)
        elif any(it.is_("w_squad", "w_all") for it in cl) and not toward:
            if origin is None:
                sectors = sorted({p.sector for p in self.t.visible if p.owner == self.faction and held(p.sector)})
                if len(sectors) != 1:
                    raise fail("read.move_from", cl[0], "KZ-MOVE-01")
                origin = sectors[0]
            pieces = own_fighters(self.state, self.faction, origin)
            if not pieces:
                raise fail("read.move_nobody", origin_it or cl[0], "KZ-MOVE-01",
                           sector=f"«{sector_name(self.state, origin)}»")
        else:
            raise self._unknown(cl) or fail("read.move_what", cl[0], "KZ-MOVE-01", kind=ProblemKind.UNREADABLE)
        if origin is None:
            sectors = {p.sector for p in pieces}
            if len(sectors) != 1:
                raise fail("read.move_from", cl[0], "KZ-MOVE-01")
            origin = sectors.pop()
        dest = self.t.sector(dest_it, prefer=lambda s: s != origin)
        return Read(Move(pieces=tuple(p.uid for p in pieces), origin=origin, dest=dest), cl[0].start, cl[-1].end)

    # --- attack (KZ-ATK-01) and targets (KZ-DEF-CMB-03) --------------------------------------------
    def attack_sector(self, cl: list[Item], v: Item) -> tuple[str, Item | None]:
        after = [it for it in cl if it.start > v.start]
        place = next((it for it in after if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))), None)

        def contested(s: str) -> bool:
            mine = any(p.sector == s and p.owner == self.faction for p in self.state.pieces.values())
            theirs = any(p.sector == s and p.owner != self.faction for p in self.state.pieces.values())
            sector = self.state.sectors.get(s)
            return mine and (theirs or (sector is not None and sector.kind == "capital"
                                        and sector.put_by != self.faction))

        if place is None:  # «В шахте-1 атакую», «Выбиваю гилена из моей столицы — атакую!»
            place = next((it for it in cl if it.start < v.start and self.t.is_place(it)
                          and (it.kind != "name" or self.t._place_only(it))), None)
        if place is not None:
            return self.t.sector(place, prefer=contested, default_own=False), place
        enemy = next((it for it in after if it.kind == "name"), None)
        if enemy is not None:
            return self.t.piece(enemy, "enemy").sector, None
        found = [s for s in self.state.sectors if contested(s)]
        if len(found) == 1:
            return found[0], None
        raise fail("read.attack_where", v, "KZ-ATK-01", kind=ProblemKind.UNREADABLE)

    def _attack_only(self, cl: list[Item], v: Item) -> bool:
        """Only a place after the attack verb: the line declares the attack, whoever it names."""
        after = [it for it in cl if it.start > v.start and it.kind in REF_KINDS]
        before = [it for it in cl if it.start < v.start]
        if any(it.sym("→") or it.is_(*_STRIKE_MARKS, "w_at") for it in before) or any(
                it.kind == "name" and not self.t.piece_candidates(it, {self.faction}) for it in before):
            return False  # «Козёл-тень → латник — атакую в …»: targets first
        return len(after) == 1 and self.t.is_place(after[0]) and (after[0].kind != "name"
                                                                    or self.t._place_only(after[0]))

    @staticmethod
    def _we(v: Item) -> bool:
        """«Бьём», «рубим», «бодаем»: the poster's side as a whole."""
        from letopis.engine.text import parses

        return v.kind == "word" and any("1per" in p.tag and "plur" in p.tag for p in parses(v.text)[:2])

    def _we_strike(self, cl: list[Item], v: Item) -> list[Read]:
        """«Бьём трутней в шахте-1!» (with no attack yet: the attack), «В шахте-1 бьём Бориса: бодун →
        вышибала», «Бодаем вышибалу в шахте-1», «Гилена рубим мечником»: a striker said in the
        instrumental strikes, else every own card that can strike in the fight."""
        from letopis.engine.text import parses

        place = next((it for it in cl if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))), None)
        if not any(it.kind in REF_KINDS for it in cl):
            return []  # «Побьём их всех!»
        if self.fight is None and self.mode == "main":
            if place is None and not any(it.kind in REF_KINDS for it in cl):
                return []
            if place is None:
                raise fail("read.attack_where", v, "KZ-ATK-01", kind=ProblemKind.UNREADABLE)
            sector = self.t.sector(place, default_own=False)
            reads = [Read(Attack(sector=sector), cl[0].start, max(place.end, v.end))]
            colon = next((k for k, it in enumerate(cl) if it.sym(":") and it.start > v.start), None)
            if colon is not None and any(it.kind in REF_KINDS for it in cl[colon + 1:]):
                old = self.fight
                self.fight = Fight(sector, attacker=self.faction)
                try:
                    reads += self._strikes(cl[colon + 1:])
                except Fail as e:
                    reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
                finally:
                    self.fight = old
            return reads
        sector = self.fight.sector if self.fight is not None else None
        names = [it for it in cl if it.kind == "name" and not self.t._place_only(it)
                 and it.text not in self.t.words.races]
        strikers = [it for it in names if self.t.piece_candidates(it, {self.faction}, sector)
                    and any("ablt" in p.tag for p in parses(it.text.split()[-1])[:2])]
        targets = [it for it in names if it not in strikers]
        group = [it for it in cl if it.is_("w_all")]
        seg = {"strikers": strikers or group[:1] or [_ALL], "targets": targets, "neg": False, "reveal": False,
               "start": cl[0].start, "end": cl[-1].end}
        return self._segment(seg, self.fight)

    def _attack(self, cl: list[Item], v: Item) -> list[Read]:
        sector, place = self.attack_sector(cl, v)
        head_end = max(place.end, v.end) if place is not None else v.end
        reads = [Read(Attack(sector=sector), cl[0].start, head_end)]
        rest = [it for it in cl if it.start >= head_end]
        if any(it.kind in REF_KINDS or it.is_("w_all") for it in self._strike_items(rest)[0]):
            old = self.fight
            self.fight = Fight(sector, attacker=self.faction)
            try:
                reads += self._strikes(rest)
            except Fail as e:
                reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
            finally:
                self.fight = old
        return reads

    def _strikes(self, cl: list[Item]) -> list[Read]:
        """«Мечник рубит гилена, лучник стреляет по шмелю», «X → Y, Z», «все бьют по столице»,
        «X не бьёт», «X выходит из тени и бьёт Y»: TargetPicks in a main post, Strikes in a
        reaction post."""
        cl, same = self._strike_items(cl)
        segments: list[dict] = []
        group: list[Item] = []  # «Мечник и лучник бьют…»: strikers waiting for their verb
        n = len(cl)
        i = 0
        while i < n:
            it = cl[i]
            if it.start in same and segments and segments[-1]["targets"] and self._may_strike(it):
                # «…, бодун тоже», «щитоносец тоже»: the same targets as the striker before
                segments.append({**segments[-1], "strikers": [*group, it], "start": (group or [it])[0].start,
                                 "end": it.end})
                group = []
                i += 1
                continue
            if it.kind in REF_KINDS or it.is_("w_all"):
                j = i + 1
                reveal = neg = False
                while j < n and (cl[j].is_("w_not", "d_reveal", "v_exit", "w_and") or cl[j].sym(",")
                                 or cl[j].text == "но" and reveal):
                    if cl[j].sym(",") and j + 1 < n and cl[j + 1].is_("v_strike") and not segments and not group:
                        j += 1  # «Лучник, стреляй в гилена!»
                        break
                    if cl[j].is_("w_not"):
                        neg = True
                    elif cl[j].is_("d_reveal", "v_exit"):
                        reveal = True
                    elif not reveal:
                        break
                    j += 1
                after_comma = i > 0 and (cl[i - 1].sym(",", ";") or cl[i - 1].is_("w_and") and i > 1
                                         and cl[i - 2].sym(",", ";"))
                fresh = not segments or after_comma and bool(segments[-1]["targets"] or segments[-1]["neg"])
                if j < n and (cl[j].is_(*_STRIKE_MARKS) or cl[j].sym("→")
                              or (cl[j].is_("w_at") and self._may_strike(it) and (fresh or group))
                              or (cl[j].sym(":", "-") and fresh and j + 1 < n and cl[j + 1].kind in REF_KINDS)):
                    segments.append({"strikers": [*group, it], "targets": [], "neg": neg, "reveal": reveal,
                                     "start": (group or [it])[0].start, "end": cl[j].end})
                    group = []
                    i = j + 1
                    continue
                if reveal and not segments and j >= n:
                    segments.append({"strikers": [it], "targets": [], "neg": True, "reveal": True,
                                     "start": it.start, "end": cl[j - 1].end})
                    i = j
                    continue
                taking = bool(segments) and not segments[-1]["targets"]
                if not taking and self._may_strike(it) and self._group_ahead(cl, i):
                    group.append(it)
                elif segments:
                    segments[-1]["targets"].append(it)
                    segments[-1]["end"] = it.end
                i += 1
                continue
            if it.is_("w_not") and segments and i + 1 < n and cl[i + 1].is_("v_strike"):
                segments[-1]["neg"] = True
                segments[-1]["targets"] = []
            i += 1
        if not segments:
            if self.mode == "reaction":
                raise fail("read.strike_who", cl[0], "KZ-COMBAT-05", kind=ProblemKind.UNREADABLE)
            raise fail("read.pick_striker", cl[0], "KZ-DEF-CMB-03", kind=ProblemKind.UNREADABLE)
        fight = self.fight
        reads: list[Read] = []
        named: set[str] = set()
        for seg in segments:
            seg["others_than"] = set(named)
            try:
                got = self._segment(seg, fight)
                named.update(r.order.striker for r in got if isinstance(r.order, Strike))
                named.update(p.striker for r in got for p in r.picks)
                reads += got
            except Fail as e:
                reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
        return reads

    def _strike_items(self, cl: list[Item]) -> tuple[list[Item], set[int]]:
        """The items of a target list without what only restates it: a remark in brackets
        («(там у гилена 5 жизней)»), «оба» after the strikers («мечник и лучник — оба по гилену»),
        «по» after a dash, «тоже» (the strikers it follows take the targets before: returned by
        start)."""
        out: list[Item] = []
        same: set[int] = set()
        depth = 0
        for it in cl:
            if it.sym("("):
                depth += 1
                continue
            if it.sym(")"):
                depth = max(0, depth - 1)
                continue
            if depth:
                continue
            prev = out[-1] if out else None
            if it.kind == "word" and it.text in ("тоже", "также"):
                back = [x for x in out if not x.sym("-", ":", "→")]
                if back and back[-1].kind in REF_KINDS and prev is back[-1]:
                    same.add(back[-1].start)  # «бодун тоже»; «следопыт — тоже гилена» only drops the word
                continue
            if it.is_("w_all") and it.text in ("оба", "обе") and prev is not None and prev.sym("-", ":", "→") \
                    and len(out) > 1 and out[-2].kind in REF_KINDS:
                continue
            if it.is_("w_at") and prev is not None and prev.sym("-", ":", "→"):
                continue
            out.append(it)
        return out, same

    def _may_strike(self, it: Item) -> bool:
        sector = self.fight.sector if self.fight is not None else None
        return it.is_("w_all") or (it.kind == "name" and bool(self.t.piece_candidates(it, {self.faction}, sector)))

    def _group_ahead(self, cl: list[Item], i: int) -> bool:
        """Whether the names from ``cl[i]`` on, joined by «и» or commas, end at a strike verb."""
        for it in cl[i + 1:]:
            if it.is_(*_STRIKE_MARKS) or it.sym("→"):
                return True
            if it.sym("-", ":") and self._may_strike(cl[i]):
                return True
            if it.is_("w_and") or it.sym(",") or (it.kind in REF_KINDS and self._may_strike(it)):
                continue
            return False
        return False

    def _segment(self, seg: dict, fight: Fight | None) -> list[Read]:
        striker_it: Item = seg["strikers"][-1]
        sector = fight.sector if fight is not None else None
        strikers: list[Piece] = []
        for who in seg["strikers"]:
            if who.is_("w_all"):
                if sector is None:
                    raise fail("read.pick_no_attack", who, "KZ-DEF-CMB-03")
                found = [p for p in self.state.pieces_in(sector, self.faction) if strikes(self.state, p)]
                if who.text.startswith("остальн"):  # «Лучник → шмель, остальные по гилену»
                    found = [p for p in found if p.uid not in seg.get("others_than", ())]
                if not found:
                    raise fail("read.all_strike_none", who, "KZ-DEF-CMB-03",
                               sector=f"«{sector_name(self.state, sector)}»")
            else:
                found = self.t.pieces(who, "own", sector=sector, many=True)
            strikers += [p for p in found if p not in strikers]
        if sector is None:
            sector = strikers[0].sector
        targets: list[str] = []
        if not seg["neg"]:
            for it in seg["targets"]:
                target = self._target(it, sector, fight)
                if target in targets:
                    raise fail("read.target_twice", it, "KZ-DEF-AREA-01", name=self.t.namer.piece(target)
                               if not target.startswith("capital:") else self.t.typed(it))
                targets.append(target)
            if not targets and not seg["reveal"]:
                raise fail("read.pick_targets", striker_it, "KZ-DEF-CMB-03", kind=ProblemKind.UNREADABLE,
                           name=self.t.namer.piece(strikers[0].uid))
        if self.mode == "reaction":
            # targets named for a creature in shadow bring it out (KZ-DEC-05)
            return [Read(Strike(striker=p.uid, targets=tuple(targets), reveal=seg["reveal"] or bool(p.shadow and targets)),
                         seg["start"], seg["end"])
                    for p in strikers]
        return [Read(None, seg["start"], seg["end"],
                     picks=[TargetPick(striker=p.uid, targets=tuple(targets)) for p in strikers])]

    def _target(self, it: Item, sector: str, fight: Fight | None) -> str:
        if it.kind == "capital" and it.owner is None:
            here = self.state.sectors.get(sector)
            if here is not None and here.kind == "capital":
                return self.t.capital_target(sector)
            return self.t.capital_target(self.t.sector(it, default_own=False))
        if it.kind in ("capital", "place") or (it.kind == "name" and self.t._place_only(it)):
            return self.t.capital_target(self.t.sector(it, prefer=lambda s: s == sector, default_own=False))
        leavers = fight.leavers if fight is not None else None

        def prefer(p: Piece) -> bool:
            return p.uid in leavers if leavers is not None else p.owner != self.faction

        try:
            return self.t.piece(it, "any", sector=sector, prefer=prefer).uid
        except Fail as e:
            elsewhere = [p for p in self.t.piece_candidates(it) if p.sector != sector]
            if e.issue.code in ("read.piece_number", "read.move_not_there", "read.piece_missing") and elsewhere:
                raise fail("read.target_elsewhere", it, "KZ-DEF-CMB-05", name=self.t.namer.piece(elsewhere[0].uid),
                           where=sector_name(self.state, elsewhere[0].sector),
                           sector=sector_name(self.state, sector)) from None
            raise

    # --- abilities (KZ-ABIL-01) and trigger choices (KZ-DEC-10) -------------------------------------
    def _ability(self, cl: list[Item], v: Item) -> Read:
        pairs = self._ability_pairs(v)
        label = self._ability_label(v, pairs)
        refs = self._refs(cl)
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        loc = next((it for _, it in refs if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))), None)
        sector = self.t.sector(loc) if loc is not None else None
        cards = {c for c, _ in pairs}
        subject = names[0] if names else None
        if subject is not None:
            piece = self.t.piece(subject, "own", sector=sector, prefer=lambda p: p.card in cards)
            if piece.card not in cards:
                raise fail("read.ability_not_of", subject, "KZ-ABIL-01", name=self.t.namer.piece(piece.uid),
                           ability=label)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and p.card in cards
                     and (sector is None or p.sector == sector)]
            if not found:
                raise fail("read.ability_nobody", v, "KZ-ABIL-01", ability=label)
            if len(found) > 1:
                raise fail("read.ability_who", v, "KZ-ABIL-01", kind=ProblemKind.AMBIGUOUS, ability=label,
                           options=", ".join(f"«{self.t.namer.piece(p.uid)}»" for p in found))
            piece = found[0]
        ability_id = next(a for c, a in sorted(pairs) if c == piece.card)
        ability = self.book.card(piece.card).ability(ability_id)
        target = None
        others = [it for it in names if it is not subject]
        if others and ability is not None and ability.target not in ("self", "none"):
            target = self._target(others[0], piece.sector, None)
        issues = []
        mark = next((it for it in cl if it.kind == "mark"), None)
        if mark is not None and ability is not None and mark.value != ability.kind:
            names_ = {"free": "С", "action": "Д"}
            issues.append(Issue("read.ability_kind", msg("read.ability_kind", ability=ability.name,
                                                         actual=names_[ability.kind], said=names_[str(mark.value)]),
                                None, "KZ-GAP-02", mark.start, mark.end, Severity.WARNING, ProblemKind.INFO))
        return Read(UseAbility(piece=piece.uid, ability=ability_id, target=target), cl[0].start, cl[-1].end, issues)

    def _ability_pairs(self, v: Item) -> set[tuple[str, str]]:
        c = v.concept or ""
        if c.startswith("ab_"):
            effect = c[3:]
            return {(card.id, a.id) for card in self.book.cards.values() for a in card.abilities if a.effect == effect}
        if c == "v_use":
            return {(card.id, a.id) for card in self.book.cards.values() for a in card.abilities}
        return set(self.t.words.abilities.get(c, set()))

    def _ability_label(self, v: Item, pairs: set[tuple[str, str]]) -> str:
        for card_id, ab in sorted(pairs):
            a = self.book.card(card_id).ability(ab)
            if a is not None:
                return a.name
        return v.text

    def _trigger(self, cl: list[Item]) -> Read | None:
        names = [it for it in cl if it.kind == "name"]
        if len(names) < 2:
            return None
        own = [p for p in self.t.piece_candidates(names[0], {self.faction}) if self.book.card(p.card).trigger]
        if not own:
            return None
        source = self.t.piece(names[0], "own", prefer=lambda p: bool(self.book.card(p.card).trigger))
        target = self.t.piece(names[1], "own")
        return Read(TriggerChoice(piece=source.uid, target=target.uid), cl[0].start, cl[-1].end)

    # --- decisions (§4) ---------------------------------------------------------------------------
    def _evade(self, cl: list[Item]) -> Read:
        names = [it for it in cl if it.kind == "name"]
        cut = next((it.start for it in cl if it.is_("v_discard", "w_discard_pile")), None)
        card_it = next((it for it in names if cut is not None and it.start > cut), None)
        if card_it is None:
            card_it = next((it for it in reversed(names) if self.t.hand_cards(it)
                            and not self.t.piece_candidates(it, {self.faction})), None)
        piece_its = [it for it in names if it is not card_it]
        sector = self.fight.sector if self.fight else None
        if piece_its:
            piece = self.t.piece(piece_its[0], "own", sector=sector)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and (sector is None or p.sector == sector)
                     and "evasion" in self.book.card(p.card).props]
            if len(found) != 1:
                raise fail("read.evade_who", cl[0], "KZ-DEC-06", kind=ProblemKind.UNREADABLE)
            piece = found[0]
        if card_it is None:
            raise fail("read.evade_card", cl[0], "KZ-DEC-06", kind=ProblemKind.UNREADABLE)
        try:
            discard = self.t.hand_card(card_it)
        except Fail as e:
            if e.issue.code in ("read.hand_missing", "read.hand_on_table"):
                e.issue.clause = "KZ-EVADE-01"  # Уклонение discards a card from the hand
            raise
        return Read(Evade(piece=piece.uid, discard=discard), cl[0].start, cl[-1].end)

    def _guard(self, cl: list[Item], v: Item) -> Read:
        refs = self._refs(cl)
        names = [(p, it) for p, it in refs if it.kind == "name" and not self.t._place_only(it)]
        sector = self.fight.sector if self.fight else None
        defender_it = next((it for p, it in names if p != "w_for" and it.start < v.start), None)
        protects_it = next((it for p, it in refs if p == "w_for"), None)
        if defender_it is None:
            defender_it = next((it for p, it in names if p != "w_for"), None) if v.concept == "d_guard" else None
        if protects_it is None:
            protects_it = next((it for _, it in refs if it.start > v.start and it is not defender_it), None)
        if protects_it is None:  # «Удары по Позорищу принимает на себя мечник»
            protects_it = next((it for p, it in refs if p == "w_at" and it is not defender_it), None)
        if defender_it is not None:
            defender = self.t.piece(defender_it, "own", sector=sector)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and (sector is None or p.sector == sector)
                     and "defender" in self.book.card(p.card).props]
            if len(found) != 1:
                raise fail("read.guard_who", v, "KZ-DEC-07", kind=ProblemKind.UNREADABLE)
            defender = found[0]
        protects = None
        if protects_it is not None:
            if protects_it.kind == "capital" and protects_it.owner is None:
                here = self.state.sectors.get(defender.sector)
                protects = self.t.capital_target(defender.sector if here is not None and here.kind == "capital"
                                                 else self.t.sector(protects_it))
            elif self.t.is_place(protects_it) and (protects_it.kind != "name" or self.t._place_only(protects_it)):
                protects = self.t.capital_target(self.t.sector(protects_it))
            else:
                protects = self.t.piece(protects_it, "own", sector=defender.sector).uid
        return Read(Guard(defender=defender.uid, protects=protects), cl[0].start, cl[-1].end)

    def _shadow(self, cl: list[Item], v: Item) -> list[Read]:
        names = [it for it in cl if it.kind == "name"]
        if v.concept == "d_stay_hidden":
            if not names:
                return []
            sector = self.fight.sector if self.fight else None
            piece = self.t.piece(names[0], "own", sector=sector)
            return [Read(StayHidden(piece=piece.uid), cl[0].start, cl[-1].end)]
        if not names:
            return []
        return self._strikes(cl)

    # --- mulligan (KZ-DEF-MULL-01) -------------------------------------------------------------------
    def _mulligan(self, cl: list[Item]) -> list[Read]:
        v = next((it for it in cl if is_verb(it)), None)
        names = [it for it in cl if it.kind == "name"]
        start, end = cl[0].start, cl[-1].end
        if v is None:
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
            names = names + self._type_named(cl)  # «Замешать героя и щит»
            names.sort(key=lambda it: it.start)
        if v is not None and v.concept in ("d_keep_all", "v_keep") and not names:
            return [Read(None, start, end, mulligan=[])]
        if v is not None and v.concept in ("d_keep_all",) and names:
            return [Read(None, start, end, mulligan=[])]
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
        if k and cl[k - 1].is_("w_all") and cl[k - 1].text in ("оба", "обе"):
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

    # --- helpers ------------------------------------------------------------------------------------
    def _negated(self, cl: list[Item], v: Item) -> bool:
        k = cl.index(v)
        if k + 2 < len(cl) and cl[k + 1].is_("w_not") and cl[k + 2].text in ("буду", "будем", "стану", "хочу"):
            return True  # «Уклоняться не буду»
        return k > 0 and cl[k - 1].is_("w_not")

    def _refs(self, cl: list[Item]) -> list[tuple[str | None, Item]]:
        """Names with the preposition said before them («из шахты-1» → w_from)."""
        out: list[tuple[str | None, Item]] = []
        prep: str | None = None
        for it in cl:
            if it.kind in ("word", "phrase") and it.concept in PREPS:
                prep = it.concept
            elif it.kind in REF_KINDS:
                out.append((prep, it))
            elif it.sym(",", "-", ":", "→") or is_verb(it):
                prep = None
        return out

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
        change («выводю» → «вывожу»). Other typos (a swapped, dropped or stuttered letter) are
        errors with a hint, never a guess."""
        forms = self.t.words.verb_form_set
        out = set()
        for k in range(1, len(word)):
            if word[k] == word[k - 1] and word[k] not in _VOWELS:
                out.add(word[:k] + word[k + 1:])
            if word[k] in _VOWELS:
                out.update(word[:k] + v + word[k + 1:] for v in _VOWELS if v != word[k])
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

