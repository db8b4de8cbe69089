"""What one sentence of a Kozyablo post orders (checklist §3, §4), against the poster's table.

A sentence is a list of bound items (`reader_words`, `reader_table`). Its first order word decides
what it is: «играю/выкладываю/строю/вешаю» play a card, «беру/тяну/добор» draw, «перемещаю/ползёт»
move, «атакую/нападаю/объявляю бой» attack, a strike verb («бьёт», «рубит», «→») names targets,
an ability's name or verb («регенерирует», «уходит в тень», «смыкает щиты») uses it, «пропускаю/
пас» skips, and the decision words («уклоняется», «прикрывает», «остаётся в тени», «не
уклоняюсь») answer a combat. A sentence with no order word may still be an order: «X — в Y»
(KZ-DEF-REF-02: play from the hand, move on the table, or ask which), «Огненный плевок в
козла-зомби Пети», ««Гнездо стражей»: «Шмель»» (a trigger choice, KZ-DEC-10), «мечник → гилен».
A sentence with an order word and nothing to act on is chatter («Побьём их всех!»). A sentence
whose verb the lexicon does not know is read by its objects when it sends a card somewhere («Оса
вылетает в шахту-2», «Вышибала чешет из шахты-2 в …»), and stays a story when it says where a card
is («Мечник скучает в шахте-1») or leads off the table («выходит к золотой жиле»).
"""

from __future__ import annotations

from letopis.engine.frames import readings_text
from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import is_known, parses, suggest

from ..orders import (
    Decline,
    DrawCard,
    Skip,
    Strike,
)
from ..reader_frames import FRAMES, evidence, pick
from ..reader_messages import msg
from ..reader_table import Fail, Issue, Table, fail
from ..reader_words import LIGHT_VERBS, Item
from ..refs import sector_name
from .abilities import Abilities
from .answers import Answers
from .base import (
    _DECK_WORDS,
    _DRAW_WORDS,
    _FILLERS,
    _LINKS,
    _PUT_VERBS,
    PREPS,
    REF_KINDS,
    Fight,
    Read,
    is_ability,
    is_verb,
)
from .compound import CompoundLines, _verb_tags
from .fight import Fighting
from .move import Moving
from .mulligan import Mulligan
from .play import Playing
from .typos import Typos

# What the player himself does: reported in the past («Взяла карту», «Атаковал в шахте-1») it is an order.
_PLAYERS_OWN = ("v_draw", "v_skip", "v_attack", "v_play", "v_mull", "v_keep", "d_keep_all", "v_move", "v_use")
# Verbs that say a future or a will with an infinitive: «не буду», «не станем», «не хочу».
_WILL = frozenset({"быть", "стать", "хотеть", "собираться"})
# What a card's effect (cards.toml) is called when a player describes it with an order word.
_EFFECT_OF = {"v_draw": frozenset({"draw"}), "v_heal": frozenset({"heal", "regenerate"}),
              "v_strike": frozenset({"damage"}), "v_attack": frozenset({"damage"}), "v_move": frozenset({"move_own"})}


class Grammar(CompoundLines, Playing, Moving, Fighting, Abilities, Answers, Mulligan, Typos):
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
        cl = self._also(cl)
        cond = self._conditional(cl)
        if cond is not None:
            return [r for part in cond for r in self.sentence(part)]
        parts = self._predicates(cl)
        if parts is not None:
            return [r for part in parts for r in self.sentence(part)]
        parts = self._two_orders(cl)
        if parts is not None:
            return [r for part in parts for r in self.sentence(part)]
        if not any(is_verb(it) for it in cl):
            retyped = self._retyped(cl)
            if retyped is not None:
                return retyped
        if self._narrated(cl):
            return []
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
        if self.mode == "main" and self._card_then_effect(cl, v):
            return [self._play(cl)]  # «Роение — беру две карты»: the card, and what it does
        if c == "v_attack" and subject and self.mode == "main" and self._attack_only(cl, v):
            return self._attack(cl, v)  # «Дикий гилен атакует в Позорище»: the attack, said by its creature
        if c == "v_attack" and subject and self.mode == "main" and (self.fight is None
                                                                     or self.fight.attacker == self.faction):
            return self._attack_by(cl, v)  # «Бодун и тень атакуют вышибалу в шахте-1»
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
                      and it.concept not in _DRAW_WORDS and it.text not in _FILLERS
                      and self.t.words.lex.lemma(it.text) not in LIGHT_VERBS]  # «Делаю добор»
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
        into_shadow = next((it for it in cl if it.is_("abn:в тень")), None)
        if c == "v_move" and into_shadow is not None and not any(self.t.is_place(r) for r in refs):
            # «Ухожу козлом-тенью в тень», «Козла-тень увожу в тень»: the shadow is no sector, so a
            # move into it is the ability, with its creature wherever it is said
            shadow = v.copy()
            shadow.kind, shadow.concept = "phrase", "ab_shadow"
            return [self._ability([it for it in cl if it is not v and it is not into_shadow], shadow)]
        if c == "v_move" and any(r.kind == "name" and self._hand_spell(r) and not self.t.piece_candidates(r)
                                 for r in refs):
            return [self._play(cl)]  # «Манёвром перебрасываю мечника в рудник-1»
        if c in ("v_move", "v_exit") and self.mode == "main" and self._enters_from_hand(cl):
            return [self._play(cl)]  # «Шмель летит в шахту-2»: a card only in the hand enters play
        if c in ("v_move", "v_exit"):
            if not any(self.t.is_place(r) for r in refs) and self._goes_off_the_table(cl, v):
                return []  # «Бодун, тряся бородой, выходит к золотой жиле»: role-play
            if not refs and not any(it.is_("w_squad", "w_all") for it in cl):
                unknown = self._unknown(cl)
                if unknown is not None:
                    raise unknown
                return []
            return [self._move(cl)]
        return []  # keep / mulligan words outside the mulligan: chatter

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
        if not refs and self.mode == "main" and self._card_into_hand(cl):
            return [Read(DrawCard(), cl[0].start, cl[-1].end)]  # «+1 карта в руку», «карту в руку»
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
        heads = self._heads_somewhere(cl)
        told: Item | None = None  # a verb the lexicon does not know, read by the cards around it
        if named_first and len(refs) > 1 and not arrow and not heads:
            between = cl[cl.index(first) + 1:cl.index(refs[1])]
            said = [it for it in between if it.kind == "word" and it.concept not in _LINKS
                    and not self._part_of_target(cl, it)]
            if said:
                told = self._told_by_objects(cl, first, said)
                if told is None:
                    return []  # «Мечник скучает в шахте»: a story, not «X — в Y»
        if not heads and not arrow and self._says_where_it_is(cl, refs):
            return []  # «Щитоносец в руднике-1 стоит»: where a card is, not where it goes
        if any(it.kind == "word" and it.text == "у" for it in cl) and not arrow and not heads:
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
        reads = self._framed(cl, context, arrow)
        if told is not None and reads and any(r.order is not None or r.picks for r in reads):
            reads[0].issues.append(Issue("read.verb_as", msg("read.verb_as", typed=self.t.typed(told),
                                                             what=_what_it_does(reads)),
                                         None, None, told.start, told.end, Severity.WARNING, ProblemKind.INFO))
        return reads

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
        if best is not None and said is None and best.frame.kind in ("play", "move") \
                and not any(it.kind == "word" and it.text in ("из", "с", "со") for it in cl):
            # KZ-DEF-REF-02: a card named with no verb, no number, owner or origin that is both in
            # the hand and on the table could be played or moved, whatever else the line names
            for it in cl:
                if it.kind == "name" and it.number is None and it.owner is None and not it.plural \
                        and it.count is None and not it.goal and self.t.hand_cards(it) \
                        and self.t.piece_candidates(it, {self.faction}):
                    raise fail("read.play_or_move", it, "KZ-DEF-REF-02", kind=ProblemKind.AMBIGUOUS,
                               name=self.t.card_name(it))
        if best is None:
            if arrow and self.fight is None and self.mode == "main":
                return self._strikes(cl)  # «мечник → гилен» with no attack: say that targets need one
            return []
        kind = best.frame.kind
        if kind == "play_on" and "on" not in best.filled:
            card = self.t.hand_cards(best.filled["card"][0].value)
            if card and (self.book.card(card[0]).target != "none" or self.book.card(card[0]).type == "artifact"):
                return []  # «в руке один клич да рыцарь», «и по рогам!»: a card named in passing
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
        return [Read(DrawCard(), cl[0].start, cl[-1].end)]

    # --- helpers ------------------------------------------------------------------------------------
    def _heads_somewhere(self, cl: list[Item]) -> bool:
        """The clause sends something to a place: «в шахту-2» (the accusative: where to, not «в
        шахте», where it is), «из шахты-2 в столицу». Whatever verb says it («чешет», «вылетает»,
        «назад»), the objects then decide the order, as for a line with no verb at all."""
        for k, it in enumerate(cl):
            if k and cl[k - 1].is_("w_into", "w_onto") and self.t.is_place(it) and not it.loc \
                    and (it.kind != "name" or self.t._place_only(it)):
                return True
        return False

    def _narrated(self, cl: list[Item]) -> bool:
        """A story told around the orders, with no card of the game in it: a creature's deed in the
        past with no creature or place named («Спрятался, значит?»), or a verb in the third person with someone else as its subject («Лена
        лениво перебирает карты», «…выходит здоровенный детина»). A card named keeps the line an
        order («Выставил рыцаря в шахту-2», «Тень выходит из тени»)."""
        v = next((it for it in cl if is_verb(it)), None)
        if v is None or v.kind not in ("word", "phrase") or any(
                it.kind == "name" and not self.t._place_only(it) for it in cl):
            return False
        tags = _verb_tags(v)
        if "past" in tags:  # the player's own actions reported in the past stay orders («Взяла карту»)
            return not v.is_(*_PLAYERS_OWN) and not any(it.kind in REF_KINDS for it in cl)
        return "3per" in tags and any(
            it.kind == "person" and it.start < v.start  # «Лена лениво перебирает карты»: the player, told of
            or it.kind == "word" and it.concept is None and it.text.isalpha()
            and {"NOUN", "nomn"} <= parses(it.text)[0].tag and "Apro" not in parses(it.text)[0].tag for it in cl)

    @staticmethod
    def _card_into_hand(cl: list[Item]) -> bool:
        """A card, no card named, going into the hand («+1 карта в руку», «ещё карту в руку»): the
        draw said by where the card goes, not by a verb. «в руке» (where) is no draw."""
        return any(it.is_("w_card") for it in cl) and any(
            it.is_("w_into") and k + 1 < len(cl) and cl[k + 1].is_("w_hand") and cl[k + 1].text == "руку"
            for k, it in enumerate(cl))

    @staticmethod
    def _part_of_target(cl: list[Item], it: Item) -> bool:
        """«в морду вышибале», «по рогам козлу», «в спину гилену»: a noun after a preposition with a
        card right after it names where on that card the order lands; the card is the object."""
        k = cl.index(it)
        return 0 < k < len(cl) - 1 and cl[k - 1].is_("w_into", "w_onto", "w_at") and cl[k + 1].kind == "name" \
            and any("NOUN" in p.tag for p in parses(it.text)[:1])

    def _told_by_objects(self, cl: list[Item], first: Item, said: list[Item]) -> Item | None:
        """A verb the lexicon does not know between a card and what it acts on, read by those cards
        (the frames then decide): an own card in the fight and an enemy there after the verb is a
        strike («колдун жахает по вышибале», «Рой накрывает лучника»); a card only in the hand with
        the poster's own verb is played («Кольчугу натягиваю на Козлодуя»). Only one verb, with no
        other word of substance beside it («прямо», «ещё» may stand there). None: a story."""
        verbs = [it for it in said if it.concept is None and parses(it.text)[0].tag & {"VERB"}]
        rest = [it for it in said if it not in verbs]
        if len(verbs) != 1 or any(parses(it.text)[0].tag & {"NOUN", "ADJF", "VERB", "INFN"} for it in rest):
            return None
        verb = verbs[0]
        if self.t.words.lex.lemma(verb.text) in self.t.words.story_verbs or any(
                it is not verb and it.kind == "word" and it.concept is None and parses(it.text)[0].tag & {"VERB"}
                for it in cl):
            return None  # «Бодун смотрит на вышибалу», «… и думает»: what it does is told, not ordered
        after = [it for it in cl if it.kind == "name" and it.start > verb.start]
        fight = self.fight
        if fight is not None and self.t.piece_candidates(first, {self.faction}, fight.sector) and any(
                p.owner != self.faction for it in after for p in self.t.piece_candidates(it, None, fight.sector)):
            return verb
        tags = parses(verb.text)[0].tag
        if self.mode == "main" and {"1per", "sing"} <= tags and self.t.hand_cards(first) \
                and not self.t.piece_candidates(first, {self.faction}):
            return verb
        return None

    def _says_where_it_is(self, cl: list[Item], refs: list[Item]) -> bool:
        """A verb the lexicon does not know with sectors said only in the locative («Щитоносец в
        руднике-1 стоит», «В шахте-1 мечник скучает»): where a card is, not an order."""
        places = [it for it in refs if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))]
        return bool(places) and all(it.loc for it in places) and not any(
            it.is_("w_from") for it in cl) and any(
            it.kind == "word" and it.concept is None and parses(it.text)[0].tag & {"VERB"} for it in cl)

    @staticmethod
    def _goes_off_the_table(cl: list[Item], v: Item) -> bool:
        """A verb of motion whose way leads to what is no place of the game («к золотой жиле», «в
        бой», «на разведку», «навстречу судьбе»): a story, when the line names no sector. A word
        the dictionary does not know there is a sector mistyped, which the move reports."""
        k = cl.index(v)
        for j in range(k + 1, len(cl) - 1):
            it = cl[j]
            if (it.is_("w_into", "w_onto") or it.kind == "word" and it.text in ("к", "ко", "навстречу")) \
                    and cl[j + 1].kind == "word" and cl[j + 1].concept is None and is_known(cl[j + 1].text):
                return True  # a dictionary word: «в Позорск» (no such sector) is a sector mistyped
        return False

    def _card_then_effect(self, cl: list[Item], v: Item) -> bool:
        """The clause opens with a magic or event card of the hand, then «—» or «:», then an order
        word saying what that card does («Роение — беру две карты», «Огненный плевок: жгу
        вышибалу», «Пыльца — лечу гилена»): the card is played, the words describe it."""
        lead = next((it for it in cl if it.kind != "mark"), None)
        if lead is None or lead.kind != "name" or not self._hand_spell(lead) or self.t.piece_candidates(lead):
            return False
        k = cl.index(lead)
        if not (k + 1 < len(cl) and cl[k + 1].sym("-", ":") and cl[k + 1].end <= v.start):
            return False
        effects = {self.book.card(c).effect for c in self.t.hand_cards(lead)}
        return bool(effects & _EFFECT_OF.get(v.concept or "", frozenset()))

    def _enters_from_hand(self, cl: list[Item]) -> bool:
        """A verb of motion said of a card that is only in the hand («Оса вылетает в шахту-2»,
        «Шмель летит в шахту-2 (играю его из руки)»): the card enters play. Not when the line says
        where it comes from on the table («из шахты-1»): that is a move of a card not there."""
        if any(it.is_("w_from") and k + 1 < len(cl) and self.t.is_place(cl[k + 1]) for k, it in enumerate(cl)) \
                or not self._heads_somewhere(cl):
            return False
        names = [it for it in cl if it.kind == "name" and not self.t._place_only(it) and not it.goal]
        if not names or any(self.t.piece_candidates(it, {self.faction}) for it in names):
            return False
        units = ("creature", "hero", "building")
        return any(self.book.card(c).type in units for it in names for c in self.t.hand_cards(it))

    def _negated(self, cl: list[Item], v: Item) -> bool:
        """«Не уклоняюсь»; an infinitive with «не буду», «не станем», «не хочу» after it, its object
        between them or not («Уклоняться не буду», «Защищать город не будем»)."""
        k = cl.index(v)
        for j in range(k + 1, len(cl) - 1):
            if is_verb(cl[j]) or cl[j].sym(",", "-", ":", "→"):
                break
            if cl[j].is_("w_not") and cl[j + 1].kind == "word" and self.t.words.lex.lemma(cl[j + 1].text) in _WILL:
                return True
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


def _what_it_does(reads: list[Read]) -> str:
    """What a clause read by its objects does, for the note that says so."""
    order = next((r.order for r in reads if r.order is not None), None)
    if order is None or isinstance(order, Strike):
        return "удар"
    return {"play": "розыгрыш карты", "move": "перемещение", "draw": "взять карту"}.get(getattr(order, "kind", ""),
                                                                                     "приказ")

