"""One line of a post as the frames see it: its sentences, with bookkeeping taken out, castles
given their roles, and the patterns around numbers read (towers, pool places, segments, sources).

- **Sentences** end at «.», «!», «?», «…». A question, a sentence with no game object and no
  action word («Эх, обогнала.», «Проверь, пожалуйста»), and a sentence that only restates the
  state («В пуле сейчас: …», «Было 10 монет, стало 6») are chatter.
- **Bookkeeping** inside a sentence — a piece between commas, colons or spaced dashes, or a
  bracket, with a restating word and no order verb («было 4 монеты — стало 0», «(монстры 2+1=3,
  у меня 3 меча, цена 3)») — is not read.
- **Roles**: «в/на/к/за» → to, «из/с/от» → from, «через» (and the castles listed after it) → via,
  «между», a dash or a slash between two castles → a pair, «→» → the next castle of a chain,
  «трофей Каменца», «цель — Каменец» → to.
- **Patterns**: «башня 2», «2-я башня», «на второй башне», «(3)», a bare number ending the phrase
  of a castle («ферма Брод 1», «рудник в Каменце, 2») → a tower; «слот 2», «из второго
  слота», «место 3», «третий артефакт», «второй в пуле» → a pool place; «участок №9» → a segment;
  «ферма из Северграда», «лес везу из Дубравы», «руда — каменецкая» → a supply source; in a
  sentence that takes a card, a long card name shortened to its noun («Кубок») → that card.
- **Verbs**: an action word said as an order (first person, imperative, infinitive; the past
  unless someone else is its subject; the third person when the poster names himself) is a
  trigger; a noun («поход», «маршрут») is a trigger too, unless its phrase is narrated about
  someone else or negated, or a preposition of circumstance governs it («в честь трофея»). Any
  other verb makes its phrase narrative (`phrases`): a verbless order stands only in a phrase
  without one («Хожу: Грифон», «Извини, Борис, но лесопилка в Броде будет моей»).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from letopis.engine.names import Fit
from letopis.engine.negation import negated
from letopis.engine.text import parses, tokens

from .phrases import (
    NEGATIONS,
    REQUIRED,
    Phrase,
    describe,
    phrase_of,
    someone_else,
    spaced_dash,
    split_phrases,
)
from .words import ACTIONS, ROLE_WORDS, Item, Vocabulary, lemmatizer, read_items

SENTENCE_END = frozenset({".", "!", "?", "…"})
ABBREVIATED = frozenset({"мон", "т", "е", "шт", "ур", "см", "г"})
SUBJECTS = frozenset({"ты", "вы", "он", "она", "оно", "они"})
THIRD_SUBJECTS = SUBJECTS | {"кто", "кто-то", "кто-нибудь", "кто-либо", "никто", "каждый", "все"}
# verbs of will: «хочу построить», «лесопилка будет моей» say an order with or without a verb of it
# («думаю про Печать» is no order: a verb of thought is chatter unless an order verb goes with it)
MODAL = frozenset({"хотеть", "мочь", "быть", "давать", "решить", "решать", "собираться", "планировать",
                   "попробовать", "пытаться"})
MENTIONS = frozenset({"castle", "segment", "card", "building", "resource", "terrain", "route_kind", "tower",
                      "slot", "mark", "source"})
HEADER_WORDS = frozenset({"действие", "действия", "мой", "моё", "мое", "ход", "фаза", "итак", "выбор",
                          "решение", "эпоха", "я", "мы"})


@dataclass
class Sentence:
    items: list[Item]  # the items read (bookkeeping dropped), with roles and patterns applied
    start: int
    end: int
    question: bool = False
    narrative: bool = False  # has a verb that is not an order verb
    concepts: list[tuple[str, str, Item]] = field(default_factory=list)  # (concept, verb|noun|weak, item)
    restating: bool = False
    phrases: list[Phrase] = field(default_factory=list)
    verbless: bool = True  # an order may stand here without a verb (`phrases`)

    def mentions(self) -> list[Item]:
        return [it for it in self.items if it.kind in MENTIONS or it.kind == "num"]

    @property
    def chatter(self) -> bool:
        if self.question or self.restating:
            return True
        return not any(it.kind in MENTIONS for it in self.items) and not any(
            s in ("verb", "noun") for _, s, _ in self.concepts)

    def narrated_cards(self) -> set[int]:
        """Where the cards of narrated phrases start: a creature is a character of the story
        («Дух подсказывает…», «Тролль ворчит…»), not a piece of an order, unless its phrase sends
        it somewhere («Тролль топает к Каменцу»)."""
        out: set[int] = set()
        for p in self.phrases:
            span = self.items[p.first : p.last + 1]
            if p.narrative and not _sends(span):
                out.update(it.start for it in span if it.kind == "card")
        return out

    def header_only(self) -> bool:
        """Only the name of an action («Действие: формирование армии»): no object, nothing else."""
        for it in self.items:
            if it.kind in ("sym", "concept"):
                continue
            if it.kind == "word" and (it.text in HEADER_WORDS or len(it.text) <= 2):
                continue
            if it.kind == "person":
                continue
            return False
        return True


def split_sentences(items: list[Item]) -> list[tuple[list[Item], bool]]:
    """(items, is_question) per sentence."""
    out: list[tuple[list[Item], bool]] = []
    cur: list[Item] = []
    for k, it in enumerate(items):
        if it.kind == "sym" and it.text in SENTENCE_END:
            prev = items[k - 1] if k else None
            if it.text == "." and prev is not None and prev.kind == "word" and prev.text in ABBREVIATED:
                continue
            if it.text == "." and _dot_of_short_form(prev, it, items[k + 1] if k + 1 < len(items) else None):
                continue
            if cur:
                out.append((cur, it.text == "?"))
                cur = []
            elif out and it.text == "?":
                out[-1] = (out[-1][0], True)
            continue
        cur.append(it)
    if cur:
        out.append((cur, False))
    return out


def _dot_of_short_form(prev: Item | None, dot: Item, nxt: Item | None) -> bool:
    """A dot before a number that goes with what precedes it: glued to the number («б.3»), or
    ending a name cut short («Ферма Дубр. 3»: the tower of «Дубрава»)."""
    if prev is None or nxt is None or nxt.kind != "num":
        return False
    return nxt.start == dot.end or prev.kind in ("castle", "card") and prev.fit is Fit.ABBREVIATED


# --- bookkeeping --------------------------------------------------------------------------------
def _restating_piece(piece: list[Item], vocab: Vocabulary) -> bool:
    if any(it.kind == "concept" and it.concept == "v_pass" for it in piece):
        return False
    if any(_order_mood(it.text.split()[0]) for it in piece if it.kind == "concept"):
        return False
    if any(it.kind == "person" for it in piece) and any(_finite_action(it) for it in piece):
        return False  # «Сейчас Света поставит ферму…»: who does it says whether it is an order (`strength`)
    if _holding(piece) or _paying(piece):
        return True
    for it in piece:
        if it.sym("=", "+"):
            return True
        if it.kind in ("word", "concept"):
            w = it.text
            if w in vocab.restating or _lemma(w) in vocab.restating:
                return True
    return False


def _finite_action(it: Item) -> bool:
    """An action word said as a verb in any person («поставит», «строит»)."""
    if it.kind != "concept" or it.concept not in ACTIONS:
        return False
    word = it.value if isinstance(it.value, str) else it.text.split()[0]
    return word.isalpha() and "VERB" in parses(word)[0].tag


PAYING = frozenset({"платить", "заплатить", "оплатить", "оплачивать", "оплата", "плата"})


def _paying(piece: list[Item]) -> bool:
    """«Плачу 6», «оплата»: a piece that says what the poster pays."""
    return any(it.kind == "word" and it.text.isalpha() and any(p.lemma in PAYING for p in parses(it.text)[:3])
               for it in piece)  # «плачу» is «платить» or «плакать»


def _holding(piece: list[Item]) -> bool:
    """«у меня», «у нас»: what follows is what the poster holds."""
    return any(a.text == "у" and b.text in ("меня", "нас") for a, b in pairwise(piece))


def _list_item(piece: list[Item]) -> bool:
    """A piece that names a building or a card and says nothing done with it: an item of a list
    («лесопилка там же в Дубраве», «рудник в Каменце», «Грифон в армии»)."""
    return any(it.kind in ("building", "card") for it in piece) and not any(
        it.kind == "concept" and _order_mood(it.text.split()[0]) for it in piece)


def drop_bookkeeping(items: list[Item], vocab: Vocabulary) -> tuple[list[Item], bool]:
    """The items without bookkeeping pieces; True when the whole sentence restates the state."""
    # brackets first: a bracket is one piece
    keep = [True] * len(items)
    k = 0
    while k < len(items):
        if items[k].sym("("):
            depth, j = 0, k
            while j < len(items):
                if items[j].sym("("):
                    depth += 1
                elif items[j].sym(")"):
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            inner = items[k + 1 : j]
            if _restating_piece(inner, vocab):
                for x in range(k, min(j + 1, len(items))):
                    keep[x] = False
            k = j + 1
            continue
        k += 1
    pieces: list[list[int]] = [[]]
    colon_head: int | None = None
    for k, it in enumerate(items):
        if not keep[k] or it.sym("(", ")"):
            continue
        if it.sym(",", ";", ":") or spaced_dash(items, k):
            if it.sym(":") and colon_head is None and len(pieces) == 1:
                colon_head = 0
            pieces.append([])
            continue
        pieces[-1].append(k)
    whole = False
    holding = False  # a list of what the poster holds goes on: «Ферма у меня в Озёрске, лесопилка в Дубраве»
    for n, piece in enumerate(pieces):
        said = [items[k] for k in piece]
        if piece and (_restating_piece(said, vocab) or holding and _list_item(said)):
            for k in piece:
                keep[k] = False
            if n == 0 and colon_head == 0:
                whole = True
            holding = holding or _holding(said) and _list_item(said)
        elif piece:
            holding = False
    # «В пуле сейчас: …», «У меня: …» restate what follows; «Теперь хватает: поход на …» says an
    # order after the head, unless the head says what the poster holds or pays («Плачу 6: трофей
    # четвёртого уровня и два чужих участка» is what the price is made of)
    head = [items[k] for k in pieces[0]]
    if whole and (_holding(head) or _paying(head) or not any(
            keep[k] and items[k].kind == "concept" and items[k].concept in ACTIONS for piece in pieces[1:] for k in piece)):
        return [], True
    return [it for k, it in enumerate(items) if keep[k]], False


# --- verbs ----------------------------------------------------------------------------------------
def _lemma(word: str) -> str:
    return parses(word)[0].lemma if word.isalpha() else word


def _order_mood(word: str) -> bool:
    return any(("VERB" in p.tag and ("1per" in p.tag or "impr" in p.tag)) or "INFN" in p.tag
               for p in parses(word)[:3]) if word.isalpha() else False


def says_an_order(norm: str) -> bool:
    """Whether a text has an action word said as an order («строю», «призову», «пас»): a cheap
    look at a paragraph too long to read. Linear in the text."""
    lem = lemmatizer()
    return any(t.kind == "word" and lem.concept(t.text) in ACTIONS and (_order_mood(t.text) or t.text == "пас")
               for t in tokens(norm))


def strength(it: Item, sentence: list[Item], faction: str) -> str | None:
    """How an action word is said: "verb" (an order), "noun" (an action's name), "weak" (a route
    kind word), or None (narrative: «Анна строила», «кто-нибудь пойдёт»)."""
    word = it.value if isinstance(it.value, str) else it.text.split()[0]  # a typo: the form meant
    if not word.isalpha():
        return "noun"
    ps = parses(word)
    best = ps[0].tag
    if _order_mood(word):
        return "verb"
    if "VERB" not in best and "INFN" not in best:
        return None if best & {"GRND", "PRTF", "PRTS", "ADJS"} else "noun"  # «вытянут» is no «тяга»
    if "past" in best:
        return None if any(someone_else(x, faction, SUBJECTS) for x in sentence) else "verb"
    if "3per" in best or "2per" in best:
        # «Борис строит …» of the poster Борис, or «Строит: ферма, Озёрск» with no one else named
        own = any(x.kind == "person" and x.value == faction for x in sentence)
        others = any(someone_else(x, faction, THIRD_SUBJECTS) for x in sentence)
        return "verb" if own or not others else None
    return None


def _narrative_verb(it: Item) -> bool:
    if it.kind != "word" or not it.text.isalpha() or len(it.text) < 3:
        return False
    p = parses(it.text)[0]
    if lemmatizer().concept(it.text) is not None:
        return False  # «везу», «беру» in a supply source; «не делаю»
    return bool(p.tag & {"VERB", "INFN", "GRND"}) and p.lemma not in MODAL


# --- roles and patterns ----------------------------------------------------------------------------
def _prev(items: list[Item], k: int) -> Item | None:
    j = k - 1
    while j >= 0 and items[j].sym("«", "»"):
        j -= 1
    return items[j] if j >= 0 else None


def assign_roles(items: list[Item]) -> list[Item]:
    out = list(items)
    last_castle: int | None = None
    for k, it in enumerate(out):
        if it.kind != "castle":
            continue
        role = None
        p = _prev(out, k)
        pk = k - 1
        if p is not None and p.kind == "word" and p.text in ROLE_WORDS:
            role = ROLE_WORDS[p.text]
        elif p is not None and p.sym("→"):
            role = "chain"
            if last_castle is not None and out[last_castle].role is None:
                out[last_castle] = replace(out[last_castle], role="chain_start")
        elif p is not None and p.sym("-", "/") and last_castle is not None and last_castle == pk - 1:
            role = "pair"
            if out[last_castle].role in (None,):
                out[last_castle] = replace(out[last_castle], role="pair")
        elif p is not None and p.kind == "concept" and p.concept == "v_campaign" and p.text.startswith("трофе") or p is not None and p.sym("-", ":") and k >= 2 and out[k - 2].kind == "concept" \
                and out[k - 2].concept == "w_goal":
            role = "to"
        elif p is not None and (p.kind == "word" and p.text == "и" or p.sym(",")) and last_castle is not None \
                and last_castle == k - 2 and out[last_castle].role in ("via", "between"):
            role = out[last_castle].role
        out[k] = replace(it, role=role)
        last_castle = k
    return out


def _num(it: Item | None) -> int | None:
    if it is None:
        return None
    if it.kind in ("num", "mark"):
        return it.value
    return None


_PHRASE_END = (",", ";", ".", "!", ")", "-")  # what may follow a castle's bare tower number


def apply_patterns(items: list[Item], vocab: Vocabulary, after_build: bool = False) -> list[Item]:
    """Towers, pool places, numbered segments and «(3)»; then the supply sources (``after_build``:
    an earlier sentence of the line named the building they supply)."""
    out: list[Item | None] = list(items)
    n = len(out)

    def at(k: int) -> Item | None:
        return out[k] if 0 <= k < n else None

    for k in range(n):
        it = out[k]
        if it is None:
            continue
        if it.kind == "concept" and it.concept in ("w_tower", "w_slot", "w_segment"):
            kind = it.concept[2:]
            nxt, prv = at(k + 1), at(k - 1)
            if _num(nxt) is not None:
                assert nxt is not None
                value = nxt.value if kind != "segment" else vocab.segment_numbers.get(nxt.value, f"№{nxt.value}")
                out[k] = Item(kind, it.start, nxt.end, value, it.text)
                out[k + 1] = None
            elif prv is not None and prv.kind == "ordinal" and kind != "segment":
                out[k] = Item(kind, prv.start, it.end, prv.value, it.text)
                out[k - 1] = None
            elif kind == "tower" and prv is not None and prv.kind == "terrain":
                out[k] = None  # «лесная башня»: the terrain says it
            continue
        if it.kind == "ordinal":
            nxt = at(k + 1)
            nxt2 = at(k + 2)
            if nxt is not None and nxt.kind == "concept" and nxt.concept in ("v_artifact", "v_summon", "w_card") or nxt is not None and nxt.kind == "word" and nxt.text in ("из", "в", "во") and nxt2 is not None \
                    and nxt2.kind == "concept" and nxt2.concept == "w_pool":
                out[k] = Item("slot", it.start, it.end, it.value, it.text)
            continue
        if it.sym("(") and _num(at(k + 1)) is not None and at(k + 2) is not None and at(k + 2).sym(")"):  # type: ignore[union-attr]
            num = at(k + 1)
            assert num is not None
            out[k + 1] = Item("mark", num.start, num.end, num.value, num.text)
            continue
        if it.kind == "castle":
            j = k + 2 if at(k + 1) is not None and at(k + 1).sym(",", "-", ":") else k + 1  # type: ignore[union-attr]
            num, after = at(j), at(j + 1)
            if num is not None and num.kind == "num" and (after is None or after.sym(*_PHRASE_END)):
                out[j] = Item("mark", num.start, num.end, num.value, num.text)
    items2 = [it for it in out if it is not None]
    return _sources(_terrain_or_resource(items2), after_build)



def _terrain_or_resource(items: list[Item]) -> list[Item]:
    """«в лесу» is a terrain, «лес везу из Дубравы» a resource."""
    out = list(items)
    for k, it in enumerate(out):
        if it.kind == "resource" and it.value == "sawmill" and it.text.startswith("лес"):
            p = _prev(out, k)
            if p is not None and p.kind == "word" and p.text in ("в", "во", "на"):
                out[k] = replace(it, kind="terrain", value="forest")
    return out


_SKIP_TO_SOURCE = frozenset({"я", "мы", "ее", "её", "его", "их", "всё", "все", "из", "с", "со", "от", "тоже", "же",
                             # «ферму беру свою, из Северграда»: whose it is, before where it is
                             "свой", "своя", "свою", "свое", "мой", "моя", "мою", "мое", "наш", "наша", "нашу",
                             "наше", "собственная", "собственную"})


def _sources(items: list[Item], after_build: bool = False) -> list[Item]:
    """«ферма из Северграда», «ферму беру из Брода», «лес — дубравский»: a supply source; the
    «беру» in it takes no card. After the building of the order, a source may be said as an
    afterthought behind a comma («ферма своя, из Брода»), as long as «из» says it is one, and
    in the next sentence («Каменоломня в Дубраве. Ферма — Озёрск, рудник — Каменец.»)."""
    out: list[Item | None] = list(items)
    main_seen = after_build
    for k, it in enumerate(items):
        if it.kind not in ("building", "resource"):
            continue
        j = k + 1
        dashed = comma = False
        helpers: list[int] = []
        while j < len(items):
            x = items[j]
            if x.sym("-", ":"):
                dashed = True
                j += 1
                continue
            if x.sym(",") and main_seen and not comma:
                comma = True
                j += 1
                continue
            if x.kind == "concept" and x.concept in ("v_take", "w_carry") or x.kind == "word" and x.text in _SKIP_TO_SOURCE:
                if x.kind == "concept":
                    helpers.append(j)
                j += 1
                continue
            break
        castle = items[j] if j < len(items) and items[j].kind == "castle" else None
        said_as_source = castle is not None and (castle.role == "from" or castle.adjective)
        is_source = said_as_source if comma else castle is not None and (
            said_as_source
            or (dashed and castle.role in (None, "pair") and main_seen)
            or (it.kind == "resource" and castle.role in (None, "pair")))
        if is_source and castle is not None:
            out[k] = Item("source", it.start, castle.end, (it.value, castle.value), it.text)
            out[j] = None
            for h in helpers:
                out[h] = replace(items[h], kind="word")
        elif it.kind == "building":
            main_seen = True
    return [it for it in out if it is not None]


# --- the line -------------------------------------------------------------------------------------
def analyse(norm: str, vocab: Vocabulary, faction: str, epoch: int = 0) -> list[Sentence]:
    """The sentences of a line; ``epoch``, when known, tells a plan for a later epoch («во второй
    эпохе построю…» in the first) from this turn's order."""
    items = read_items(norm, vocab)
    sentences: list[Sentence] = []
    built = False  # a sentence before named a building: the next may say where its supplies come from
    for raw, question in split_sentences(items):
        kept, restating = drop_bookkeeping(_real(raw, epoch), vocab)
        kept = _going_to_do(_negations(_guesses(kept)))
        kept = _short_cards(apply_patterns(assign_roles(kept), vocab, built), vocab)
        built = built or any(it.kind == "building" for it in kept)
        s = Sentence(items=kept, start=raw[0].start, end=raw[-1].end, question=question, restating=restating)
        said: list[tuple[str, str, int]] = []
        narrated: set[int] = set()
        for k, it in enumerate(kept):
            if it.kind == "concept" and it.concept in ACTIONS:
                how = strength(it, kept, faction)
                if how is None:
                    narrated.add(k)
                else:
                    said.append((it.concept, how, k))
            elif it.kind == "route_kind":
                said.append(("route_kind", "weak", k))
            elif _narrative_verb(it):
                narrated.add(k)
        s.narrative = bool(narrated)
        if narrated or any(it.kind == "word" and (it.text in NEGATIONS or it.text in REQUIRED or it.text == "у")
                           for it in kept):
            s.phrases = split_phrases(kept)  # else every phrase may say an order: nothing to tell apart
            describe(kept, s.phrases, narrated, {k: how for _, how, k in said}, faction, THIRD_SUBJECTS)
        heard: set[int] = set()
        for concept, how, k in said:
            p = phrase_of(s.phrases, k)
            if how != "verb" and (p is not None and p.silent or _circumstance(kept, k)):
                continue  # «трофей уже увела Анна», «маршрут не нужен», «в честь первого трофея»
            s.concepts.append((concept, how, kept[k]))
            heard.add(k)
        kept = s.items = _set_aside(kept, s.phrases, heard)
        s.verbless = not s.narrative or any(
            p.may_stand_alone and any(kept[k].kind in VERBLESS_OBJECTS for k in range(p.first, p.last + 1))
            for p in s.phrases)
        s.question = s.question or _deliberation(s)
        sentences.append(s)
    return sentences


# a later time: «в следующей эпохе», «на следующий ход», «в будущем», «когда-нибудь», «позже»
LATER_WORDS = frozenset({"будущем", "когда-нибудь", "позже", "попозже", "потом-нибудь"})
LATER_NOUNS = frozenset({"эпоха", "ход", "раз", "раунд", "круг", "фаза"})


def _real(items: list[Item], epoch: int) -> list[Item]:
    """The items of what is said as real and now: a sentence in the subjunctive of a condition
    that does not hold («Если бы было хоть четыре монеты, взял бы Гарпию», «взял бы, но денег
    нет») says no order, nor does a phrase planning for a later turn («В следующей эпохе построю
    каменоломню», «во второй эпохе» said in the first)."""
    words = [it.text for it in items if it.kind == "word"]
    if "бы" in words and ("если" in words or "но" in words or "жаль" in words or words.count("бы") > 1
                          or _wish(items)):
        return []
    later = [k for k, it in enumerate(items) if _later(items, k, epoch)]
    if not later:
        return items
    drop: set[int] = set()
    planning = False  # a plan goes on past a dash or a comma («…в следующей эпохе — Единорога»)
    for p in split_phrases(items):
        span = items[p.first : p.last + 1]
        if any(p.first <= k <= p.last for k in later):
            planning = True
        elif planning and _now(span):
            planning = False  # «…, а сейчас строю ферму»
        if planning:
            drop.update(range(p.first, p.last + 1))
    return [it for k, it in enumerate(items) if k not in drop]


NOW = frozenset({"сейчас", "пока", "теперь", "ныне"})


def _now(span: list[Item]) -> bool:
    """Whether a phrase speaks of now: «сейчас», «пока», or an action verb in the present or the
    imperative («строю», «ставь»)."""
    return any(it.kind == "word" and it.text in NOW or it.kind == "concept" and it.text.isalpha()
               and parses(it.text)[0].tag & {"pres", "impr"} for it in span)


def _wish(items: list[Item]) -> bool:
    """«на Перевал бы сходить», «построить бы ферму»: «бы» beside an infinitive wishes, orders
    nothing («Я бы взял Грифона», «бы» with the past, is a polite order)."""
    for k, it in enumerate(items):
        if it.kind == "word" and it.text == "бы":
            near = [items[j] for j in (k - 1, k + 1) if 0 <= j < len(items)]
            if any(x.kind in ("word", "concept") and x.text.isalpha() and "INFN" in parses(x.text)[0].tag for x in near):
                return True
    return False


def _later(items: list[Item], k: int, epoch: int) -> bool:
    it = items[k]
    if it.kind == "word" and it.text in LATER_WORDS:
        return True
    if it.kind not in ("word", "concept") or not it.text.isalpha() or _lemma(it.text) not in LATER_NOUNS:
        return False
    before = items[k - 1] if k else None
    if k >= 2 and items[k - 2].kind == "word" and items[k - 2].text == "до":
        return False  # «Пас до следующей эпохи»: until then, from now
    if before is not None and before.kind == "word" and _lemma(before.text) == "следующий":
        return True
    return bool(before is not None and before.kind == "ordinal" and epoch and _lemma(it.text) == "эпоха"
                and before.value > epoch)


# the words of a question asked of oneself: «думаю, где рудник нужнее — в Дубраве или в Каменце»
ASKING = frozenset({"где", "куда", "какой", "какую", "какое", "какие", "каким", "что", "чем", "кого", "ли"})


def _deliberation(s: Sentence) -> bool:
    """A question the poster asks himself, between alternatives and with no order verb: «Думаю
    вот, где рудник нужнее — в Дубраве или в Каменце...», «не знаю, что взять, Гарпию или Грифона»."""
    words = [it.text for it in s.items if it.kind == "word"]
    asked = next((k for k, w in enumerate(words) if w in ASKING), None)
    return asked is not None and "или" in words[asked:] and not any(
        how == "verb" and "INFN" not in parses(it.text.split()[0])[0].tag for _, how, it in s.concepts)


def _set_aside(items: list[Item], phrases: list[Phrase], heard: set[int]) -> list[Item]:
    """The items with someone else's objects set aside (kind ``aside``), so that they fill no
    slot of the poster's order: those of a phrase about someone else («Анна строит в Северграде,
    а я — рудник в Каменце»), of a phrase going on with it that says no action, and a card that
    is a character of a narrated phrase beside another card («Кирка Глубин подождёт, беру Печать»)."""
    out = list(items)
    theirs = [p for p in phrases if p.others or p.required
              or p.goes_on and not any(p.first <= k <= p.last for k in heard)]
    for p in theirs:
        for k in range(p.first, p.last + 1):
            if out[k].kind in MENTIONS or out[k].kind == "num":
                out[k] = replace(out[k], kind="aside")
    told = [p for p in phrases if p.narrative and not p.ordered and not _sends(items[p.first : p.last + 1])]
    cards = [k for k, it in enumerate(out) if it.kind == "card"]
    inside = [k for k in cards if any(p.first <= k <= p.last for p in told)]
    if inside and len(inside) < len(cards):
        for k in inside:
            out[k] = replace(out[k], kind="aside")
    return out


def _sends(span: list[Item]) -> bool:
    """Whether a phrase sends someone somewhere: a castle to, from or through, or an arrow. A
    castle where something is («греется у горна в Дубраве», «на Перевале») sends no one."""
    return any(it.kind == "castle" and it.role in ("to", "from", "via") and not _where(span, k) or it.sym("→")
               for k, it in enumerate(span))


def _where(span: list[Item], k: int) -> bool:
    """«в Дубраве», «на Перевале»: a castle after «в»/«на» in the prepositional case."""
    before = span[k - 1] if k else None
    last = span[k].text.split()[-1]
    return before is not None and before.kind == "word" and before.text in ("в", "во", "на") \
        and last.isalpha() and any("loct" in p.tag for p in parses(last)[:3])


# what an order said without a verb is about: «ферма в Озёрске», «Грифон», «слот 2», «У5»
VERBLESS_OBJECTS = frozenset({"building", "card", "slot", "segment"})
# prepositions of a circumstance, never of the thing done: «в честь трофея», «вместо похода»
CIRCUMSTANCE = frozenset({"честь", "вместо", "кроме", "после", "ради", "благодаря", "без", "помимо"})


def _circumstance(items: list[Item], k: int) -> bool:
    """Whether the action noun ``items[k]`` is governed by a preposition of a circumstance, an
    adjective or an ordinal between them allowed («в честь первого трофея»)."""
    j = k - 1
    while j >= 0 and (items[j].kind == "ordinal" or items[j].kind == "word" and "ADJF" in parses(items[j].text)[0].tag):
        j -= 1
    return j >= 0 and items[j].kind == "word" and items[j].text in CIRCUMSTANCE


CARD_CUES = frozenset({"v_artifact", "v_summon", "v_take", "w_card"})


def _short_cards(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """A long card name shortened to the noun it is about («Кубок» for «Кубок Первой Победы»,
    «Голема»), in a sentence that takes a card: a card word or a pool place is there. Elsewhere
    such a noun stays a word: most are everyday words («печать», «щит», «карта»)."""
    if not any(it.kind == "slot" or it.kind == "concept" and it.concept in CARD_CUES for it in items):
        return items
    lem = lemmatizer()
    out = list(items)
    for k, it in enumerate(out):
        if it.kind == "word" and it.text.isalpha() and len(it.text) >= 3:
            found = {c for lemma in lem.lemmas(it.text) for c in vocab.card_heads.get(lemma, ())}
            if len(found) == 1:
                out[k] = replace(it, kind="card", value=found.pop(), fit=Fit.ABBREVIATED)
    return out


def _guesses(items: list[Item]) -> list[Item]:
    """A dictionary word one letter off an action word («Сроить: ферма, Озёрск») is that action
    only beside a game object, or alone or with «ход» for a pass («Попускаю ход», «Пасс»), and
    never beside an action word said right («Для начала прокладываю маршрут…»: «начала» is no
    slip of «напала»); elsewhere it stays the word it is («Поняла, простите» is no «пропустите»)."""
    said_right = any(it.kind == "concept" and it.concept in ACTIONS and it.fit is not Fit.TYPO for it in items)
    if any(it.kind in MENTIONS for it in items) and not said_right:
        return items
    words = [it for it in items if it.kind in ("word", "concept")]
    short = not said_right and (len(words) == 1 or len(words) <= 3 and any(
        it.kind == "word" and it.text in ("ход", "хода", "ходом") for it in words))
    return [replace(it, kind="word", concept=None, value=None, fit=Fit.EXACT)
            if it.kind == "concept" and it.fit is Fit.TYPO and not (short and it.concept == "v_pass") else it
            for it in items]


def _going_to_do(items: list[Item]) -> list[Item]:
    """«пошёл спать», «пойду посмотрю», «иду ужинать»: a verb of going with another verb after it
    says what the poster goes to do, no campaign."""
    out = list(items)
    for k, it in enumerate(items[:-1]):
        if it.kind == "concept" and it.concept == "v_campaign" and " " not in it.text and _verb_word(items[k + 1]):
            out[k] = replace(it, kind="word")
    return out


def _verb_word(it: Item) -> bool:
    """A verb the lexicon has no concept for («спать», «посмотрю»)."""
    return it.kind == "word" and it.text.isalpha() and bool(parses(it.text)[0].tag & {"INFN", "VERB"}) \
        and lemmatizer().concept(it.text) is None


CANNOT = frozenset({"нельзя", "невозможно"})


def _negations(items: list[Item]) -> list[Item]:
    """An action word said not to happen is no order: «не делаю», «тянуть не буду», «не буду
    строить» (the core's `negated`), «строить нельзя», «нельзя строить»."""
    words = [it.text for it in items]
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.kind == "concept" and (negated(words, k) or k and words[k - 1] in CANNOT
                                     or k + 1 < len(words) and words[k + 1] in CANNOT):
            out.append(replace(it, kind="word"))
            continue
        out.append(it)
    return out
