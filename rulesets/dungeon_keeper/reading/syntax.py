"""What a Dungeon Keeper order line says, before the game state is consulted.

Stage one of reading (python-chess's syntax step): a line's items (`words.scan`) become a
`LineSyntax` — an optional unit header («Имп №3:», «Грасдир 2 —»), then one `Clause` per order.
A line holds several orders joined by «,», «;», «.», «затем», «потом», «и»; a piece without an
order word of its own continues the order before it («идёт на 12-13, затем на 12-14»; «Руны Огня,
Тьмы и Смерти»). Each clause keeps its action-point prefix («1 ОД:», «2од -», «1-3 ОД:», «ОД 1:»,
DK-TURN-02, DK-GAP-14), its subject (the unit before the verb), its verbs, and its parts in order:
unit references, game nouns, cells, directions and amounts, each with the preposition before it.

Nothing here knows the state, so a line's syntax is cached by its text: the live check re-reads
the same lines at every keystroke. Owner names («беса Ваала») are kept as bare words; the binding
step (`bind`) matches them against the players.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise

from letopis.engine.cache import ByteBudgetCache, items_bytes
from letopis.engine.clauses import pronoun
from letopis.engine.corrections import corrections
from letopis.engine.text import parses
from letopis.engine.text_words import same_case

from .words import MOOD_NOUN, MOOD_ORDER, MOOD_REPORT, MOOD_SPEECH, MOOD_STORY, Item, scan

PREPOSITIONS = frozenset({
    "с", "со", "на", "в", "во", "к", "ко", "у", "из", "до", "по", "от", "около", "возле", "рядом",
    "при", "для", "за", "через", "над", "под", "о", "об", "между", "из-за", "вокруг", "против",
    "сквозь", "мимо", "вдоль", "напротив",
})
# Words that are neither owner names nor anything the grammar needs.
_FILLER = frozenset({
    "же", "бы", "ли", "уже", "еще", "ещё", "тоже", "также", "ну", "вот", "это", "этот", "эту", "этого",
    "тот", "ту", "того", "там", "тут", "здесь", "туда", "сюда", "сразу", "немедленно", "быстро",
    "а", "но", "или", "да", "нет", "не", "ни", "то", "как", "так", "чтобы", "чтоб", "если", "когда",
    "который", "которая", "которую", "которого", "что", "кто", "где", "куда", "откуда", "его", "ее", "её", "их",
    "он", "она", "оно", "они",
    "ему", "ей", "им", "я", "мы", "ты", "вы", "меня", "нас", "себя", "себе", "собой", "сам", "сама",
    "самый", "клеточку", "шт", "ед", "единиц", "единицы", "штук", "штуки", "пункт", "пункта",
    "точно", "просто", "потихоньку", "снова", "ход", "хода", "ходу", "теперь", "сейчас", "пока",
    "очень", "прямо", "ближайший", "ближайшего", "ближайшую", "ближайшему", "соседний", "соседнюю",
    "соседней", "соседнего", "рядом", "новый", "нового", "новую", "новых", "одна", "одну",
})
_NEW = frozenset({"новый", "новая", "нового", "новую", "новой", "новые", "новых", "свежий", "свежего",
                  "свежую", "свежие", "свежих"})
_CELL_PREPS = frozenset({"на", "с", "со", "в", "во", "из", "до", "к"})
_SPENT_ON = frozenset({"на", "в", "во", "для"})  # «2 ОД на шахту», «2 ОД в шахту»: ОД spent on something
_UNIT_FILLER = frozenset({"ед", "единиц", "единицы", "единицу", "шт", "штук", "штуки", "очков", "очка"})
_CLAUSE_SYMS = frozenset({",", ";", ".", "!", "…"})
_ACTION_CATS = frozenset({"v", "ab"})
# Abilities said as a noun are an action («огненный поток влево», «облако смерти на 14-16»);
# passive ones (Рвение) and the attack kinds are not.
_ACTION_ABILITIES = frozenset({
    "ab_heal", "ab_sacrifice", "ab_cleanse", "ab_fire_breath", "ab_fire_stream", "ab_subjugate",
    "ab_exhaust", "ab_fear", "ab_poison", "ab_unbless", "ab_death_cloud",
})
_WEAK_VERBS = frozenset({"v_spend", "v_use", "v_stay"})
DIRECTIONS = {"d_n": "N", "d_s": "S", "d_w": "W", "d_e": "E", "d_ne": "NE", "d_nw": "NW", "d_se": "SE",
              "d_sw": "SW"}  # geometry.DIRECTIONS codes
_DIAGONALS = {frozenset(("N", "E")): "NE", frozenset(("N", "W")): "NW", frozenset(("S", "E")): "SE",
              frozenset(("S", "W")): "SW"}


# --- what the syntax says ---------------------------------------------------------------------
@dataclass(slots=True)
class Ref:
    """A unit as written: «имп №3», «бес 2 Ваала», «3-й имп», «вражеский бес на 12-13», «№4»."""

    kind: str | None  # unit kind id ("imp"), "unit" for «юнит», None for a bare «№4»
    start: int
    end: int
    number: int | None = None
    count: int | None = None  # «двух импов» (a count, not a number)
    plural: bool = False
    owner_words: tuple[str, ...] = ()  # words after it that may name its owner («Ваала», «(Лилит)»)
    enemy: bool = False  # «вражеский»
    own: bool = False  # «мой», «свой»
    cell: tuple[int, int] | None = None  # «на 12-13» right after it, «(18-20)»
    cell_span: tuple[int, int] | None = None
    prep: str | None = None  # the preposition before it
    nominative: bool = False  # the kind's bare name («жрец», «керуб»), not an object form («жреца»)
    elliptic: bool = False  # an ordinal alone («Второй прокапывает…»): the kind is the one just spoken of
    named: str | None = None  # an unknown word right before «№N» («Гоблин №2»): a kind, or its owner's name
    new: bool = False  # «новый имп»: a unit that is not there yet
    cell_on: bool = False  # the cell was said right after the subject of a clause with no verb yet


@dataclass(slots=True)
class Part:
    """One piece of a clause after its subject: a unit reference, a game noun, a cell, a
    direction or an amount, with the preposition before it."""

    kind: str  # "ref", "noun", "cell", "dir", "amount", "arrow", "level"
    start: int
    end: int
    prep: str | None = None
    ref: Ref | None = None
    concept: str | None = None  # for nouns and amounts: the concept («b_altar», «r_mana», «w_hp»)
    value: object = None  # cell (row, col), amount int, direction (drow, dcol)
    owner_words: tuple[str, ...] = ()  # «Алтарь Ваала»
    cell: tuple[int, int] | None = None  # a noun's place: «Источник на 20-22», «шахта 30-12»
    cell_span: tuple[int, int] | None = None
    in_parens: bool = False


@dataclass(slots=True)
class Clause:
    """One order as written: verbs, subject, parts, action points, repeats."""

    start: int
    end: int
    verbs: list[Item] = field(default_factory=list)  # order verbs and action nouns, in order
    subject: Ref | None = None
    subject_noun: Part | None = None  # a building as subject: «Боевая башня на 22-24 стреляет…»
    parts: list[Part] = field(default_factory=list)
    ap_index: tuple[int, int] | None = None  # «1 ОД:» → (1, 1); «1-3 ОД:» → (1, 3)
    ap_span: tuple[int, int] | None = None
    ap_count: int | str | None = None  # «(2 ОД)», «тратит 2 ОД», «2 ОД на …»; "all", "rest"
    repeat: int = 1  # «2 раза», «дважды», «три выстрела»
    repeat_said: bool = False
    again: bool = False  # «ещё раз» alone: repeat the order before
    question: bool = False
    story: bool = False  # every verb is past tense / participle: telling, not ordering
    words: tuple[str, ...] = ()  # unrecognised words (for hints)
    action: str | None = "?"  # the order kind, memoised by `dispatch.action_of` ("?" = not yet)
    then: Ref | None = None  # an attack's second target «…, если погибнет — бьёт беса №3» (DK-GAP-63)
    follow_up: bool = False  # this clause is that second target, folded into the attack before it
    dashed: bool = False  # a dash or a colon right after the subject: what follows is the order («имп №4 — 22-31»)
    negated: bool = False  # an order verb with «не» before it («не хватает»), left out of ``verbs``
    continues: bool = False  # the line opens with «И ещё …», «А также …»: it goes on with the order before

    @property
    def verb(self) -> Item | None:
        """The main action word: the first strong verb or action noun."""
        strong = [v for v in self.verbs if v.concept not in _WEAK_VERBS]
        return strong[0] if strong else (self.verbs[0] if self.verbs else None)

    def concepts(self) -> set[str]:
        return {v.concept for v in self.verbs if v.concept}

    def nouns(self, prefix: str) -> list[Part]:
        return [p for p in self.parts if p.kind == "noun" and p.concept and p.concept.startswith(prefix)]

    def refs(self) -> list[Ref]:
        return [p.ref for p in self.parts if p.kind == "ref" and p.ref is not None]

    def cells(self) -> list[Part]:
        return [p for p in self.parts if p.kind == "cell"]


@dataclass(slots=True)
class LineSyntax:
    header: Ref | None = None  # «Имп №3:» — the unit the following lines are about
    header_only: bool = False
    clauses: list[Clause] = field(default_factory=list)
    items: tuple[Item, ...] = ()
    position: object = "?"  # memo of `notes.position_said` ("?" = not yet)


# --- entry point --------------------------------------------------------------------------------
# Budget: 8 MB (a line's syntax costs ~0.4 KB per item: some 2,000 lines of ten items); a line over
# 2,000 characters is parsed every time, never kept.
_PARSED: ByteBudgetCache[str, LineSyntax] = ByteBudgetCache(
    "dungeon_keeper.parsed_lines", 8 << 20, size=lambda syntax: items_bytes(400)(syntax.items) + 200,
    max_key=2_000)


def parse_line(norm: str) -> LineSyntax:
    """The syntax of one normalised line; cached by text (callers must not change it)."""
    got = _PARSED.get(norm)
    if got is None:
        got = _PARSED.put(norm, _parse_line(norm))
    return got


def _parse_line(norm: str) -> LineSyntax:
    items = _unquoted(scan(norm)) if "«" in norm else scan(norm)
    out = LineSyntax(items=items)
    if not items:
        return out
    pos = 0
    n = len(items)
    # A list marker the post splitter left («1)» is taken there; «-» here).
    while pos < n and items[pos].is_sym("-", "*", "•"):
        pos += 1
    ref, after = _ref_at(items, pos)
    if ref is not None and ref.kind is not None and ref.prep is None and not ref.plural and ref.count is None:
        # «Имп №3:», «[b]Керуб №1[/b]», «Грасдир 2 —», «Бес №2: 1-2 ОД — идёт …», «Бес №2 (Ваал):»
        probe = Ref(ref.kind, ref.start, ref.end, number=ref.number)
        k = _ref_tail(items, after, n, probe)
        if ref.number is None and probe.number is not None:
            ref.number, ref.end = probe.number, probe.end  # «Бес Лилит №2:» names its number after its owner
        k = _remark(items, k, n)
        rest_start = k
        if k < n and items[k].is_sym(":", "-", "—", "."):
            rest_start = k + 1
        elif k + 1 < n and items[k].is_sym(",") and (_starts_with_ap(items, k + 1) or items[k + 1].cat() == "v"
                                                      and items[k + 1].mood in (MOOD_ORDER, MOOD_REPORT)):
            rest_start = k + 1  # «Имп №1, иди на 36-15!», «Имп №1, ОД 1: шаг на 36-15»: the unit addressed
        if rest_start >= n or all(it.kind == "sym" for it in items[rest_start:]):
            ref.owner_words, ref.cell, ref.cell_span = probe.owner_words, probe.cell, probe.cell_span
            out.header, out.header_only = ref, True
            return out
        if rest_start > k or _starts_with_ap(items, rest_start):
            ref.owner_words, ref.cell, ref.cell_span = probe.owner_words, probe.cell, probe.cell_span
            out.header = ref
            pos = rest_start
    marks = tuple((m.start, m.end) for m in corrections(norm))
    out.clauses = _clauses(items, pos, marks)
    if out.clauses and pos < n and items[pos].kind == "word" and items[pos].text in _GOING_ON:
        out.clauses[0].continues = True
    return out


_GOING_ON = frozenset({"и", "а", "еще", "ещё", "также", "плюс"})
Marks = tuple[tuple[int, int], ...]  # the spans of a line's self-correction markers


def continuing(c: Clause, said: list[Clause]) -> Clause | None:
    """A copy of a (cached) clause with no verb that goes on with an earlier order of the post
    («Призываю импа на 16-7, он копает шахту.» / «И ещё двух импов.»): the latest one that named
    the same kind of thing takes it, with its verbs and, for a bare count, its units; None if none did."""
    if not c.parts:
        return None  # «А.» (a signature), «И всё»: nothing to go on with
    mine = _kinds_named(c)
    for prev in reversed(said):
        theirs = _kinds_named(prev)
        if mine & theirs or not mine and "unit" in theirs:
            out = replace(c, verbs=list(prev.verbs), parts=[*_unsaid(c, prev), *c.parts], action="?", continues=False)
            _elliptic_count(out, prev)
            return out
    return None


def _unsaid(c: Clause, prev: Clause) -> list[Part]:
    """«… и ещё на грасдира №3», «А также на керуба №2»: a clause that names only another unit takes
    the rest of the order before (the spell, the artifact) from it."""
    if not c.refs() and not (c.parts and all(p.kind == "amount" for p in c.parts)) \
            or any(p.kind in ("noun", "cell") for p in c.parts):
        return []  # (only an amount: «Улучшаю Источник до 4-го, а затем до 5-го» — the same building)
    return [p for p in prev.parts if p.kind == "noun" and not (p.concept or "").startswith("w_")]


def _kinds_named(c: Clause) -> set[str]:
    """What a clause acts on: "unit", "cell", or a noun's category («b», «sp», «m»…)."""
    return {"unit" if p.kind == "ref" else p.kind if p.kind == "cell" else (p.concept or "").split("_", 1)[0]
            for p in c.parts if p.kind in ("ref", "cell", "noun")}


def _remark(items: tuple[Item, ...], k: int, n: int) -> int:
    """Past a remark in brackets after a header's unit, made of words only («Бес №2 Лилит (если
    подчинится): 10-13»), when a colon or a dash follows it; else k."""
    if k >= n or not items[k].is_sym("("):
        return k
    close = k + 1
    while close < n and items[close].kind == "word":
        close += 1
    if close == k + 1 or close + 1 >= n or not items[close].is_sym(")") or not items[close + 1].is_sym(":", "-", "—"):
        return k
    return close + 1


def _unquoted(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """Leave out speech in «…» («Копайте, мои верные слуги!»): it is role-play, never an order."""
    out: list[Item] = []
    depth = 0
    inner: list[Item] = []
    for it in items:
        if it.is_sym("«"):
            depth += 1
        elif it.is_sym("»"):
            depth = max(0, depth - 1)
            if depth == 0:
                if _a_name(inner):
                    out.extend(inner)  # «Имп №1», «Бес 2»: a name in quotes, not speech (issue 9)
                inner = []
        elif depth == 0:
            out.append(it)
        else:
            inner.append(it)
    return tuple(out)


def _a_name(inner: list[Item]) -> bool:
    """A quoted piece that only names a unit, a building or a spell («Имп №1», «Ярость»)."""
    if not inner or len(inner) > 3:
        return False
    first = inner[0]
    return first.kind == "word" and (first.concept or "")[:2] in ("u_", "b_", "s_", "a_", "o_", "m_") \
        and all(it.kind in ("no", "num", "word") for it in inner[1:])


# --- clauses ------------------------------------------------------------------------------------
def _clauses(items: tuple[Item, ...], pos: int, marks: Marks = ()) -> list[Clause]:
    """Split items at «,», «;», «.», «затем», «и»… into clauses; a piece without an action word
    continues the clause before it, unless it names another object of the same order («вскопать
    20-21 и 19-21», «взял сундук, а потом кристалл», «36-15; шахта 35-14»): then it is an order
    of its own with the verb before it (issue 9, kind 3). A colon separates two sentences only when
    both say an action («Из круга поднимается бес: призываю беса»); otherwise what precedes it names
    who or what the order is about («Башня 22-24: три выстрела …»)."""
    pieces: list[tuple[int, int, str]] = []  # (first item, end, the separator before it)
    depth = 0
    start = pos
    sep = ""
    n = len(items)
    for k in range(pos, n):
        it = items[k]
        if it.kind == "sym":
            if it.text == "(":
                depth += 1
            elif it.text == ")":
                depth = max(0, depth - 1)
            elif depth == 0 and (it.text in _CLAUSE_SYMS or it.text == ":" and _sentence_colon(items, k)):
                pieces.append((start, k, sep))
                start, sep = k + 1, it.text
            elif depth == 0 and it.text == "-" and k > start and (_new_subject(items, start, k)
                                                                  or _condition(items, start, k, sep)):
                # «твоему бесу конец — мой бес №1 бьёт его»: a new subject; «Если хватит маны — призываю
                # беса»: the condition ends at the dash
                pieces.append((start, k, sep))
                start, sep = k + 1, "-"
        elif depth == 0 and it.kind == "word" and it.concept is None and _gerund(it):
            pieces.append((start, k, sep))  # «…, глядя на огневика Лилит»: a description of its own
            start, sep = k, "as"
        elif depth == 0 and k > start and _marked(items[k], marks) and not _marked(items[k - 1], marks):
            pieces.append((start, k, sep))  # «идёт на 20-20 — нет, на 20-21»: the correction is a piece of its own
            start, sep = k, "fix"
        elif depth == 0 and it.kind == "word" and it.concept in ("w_then", "w_and") \
                and not (it.concept == "w_then" and _unit_alone(items, start, k)):
            # («имп №1 дальше копает»: a unit alone before «дальше» is the subject of what follows)
            pieces.append((start, k, sep))
            start, sep = k + 1, ("then" if it.concept == "w_then" or sep == ";" else "and")
    pieces.append((start, n, sep))
    merged: list[tuple[int, int, bool]] = []  # (first item, end, takes the verb before it)
    placed = -1  # the piece that is a unit put on a cell: «…, [b]Имп №4 — 22-31[/b], а дальше посмотрим»
    corrected: set[int] = set()  # merged pieces that take back the order before them
    once_more: set[int] = set()  # merged pieces that end with «…, а потом ещё раз»: one more of the same
    taking_back = False  # a piece that was only «нет» / «хотя нет»: the next one says what instead
    conditions: set[int] = set()  # merged pieces that say when the order after them holds («Если …»)
    sharing: set[int] = set()  # merged pieces that are only a unit sharing the next piece's order
    acted = False  # whether a piece before this one said an action
    for i, (a, b, sep) in enumerate(pieces):
        if a >= b:
            continue
        verbless, acted = not acted, acted or _has_action(items, a, b)
        if merged and i + 1 < len(pieces) and pieces[i + 1][2] == "and" and _shares_next(items, a, b, pieces[i + 1]):
            sharing.add(len(merged))  # «…, имп №2 и имп №3 добывают золото»
            merged.append((a, b, False))
            continue
        if _condition(items, a, b, sep):
            conditions.add(len(merged))
            merged.append((a, b, False))
            continue
        if sep == "as" and not _has_action(items, a, b) and not (
                merged and _has_action(items, *merged[-1][:2]) and not _acts_on(items, *merged[-1][:2])):
            # what a unit does «глядя на огневика» is how it does it; what it looks at is no target
            # (unless the order before has none: «бьёт, целясь в беса Лилит»)
            continue
        if merged and items[a].text in _PURPOSE and not _has_action(items, a, b) \
                and not _objects(items, a, b) - {"spell", "resource"}:
            continue  # «…, пусть порча спадёт», «…, чтобы ярость не спала»: why, with no order of its own
        fix = _correction(items, a, b, marks) if merged else None
        if fix is not None and fix >= b:
            taking_back = True
            continue
        if fix is not None or taking_back:
            taking_back = False
            start = a if fix is None else fix
            if _has_action(items, start, b) or _objects(items, start, b) or _elliptic(items, start, b):
                corrected.add(len(merged))
                merged.append((start, b, not _has_action(items, start, b)))
                continue
        if sep == ":" and merged and (not (_has_action(items, a, b) and _has_verb(items, *merged[-1][:2]))
                                      or _spelt_out(items, merged[-1], a, b)):
            prev = merged[-1]
            merged[-1] = (prev[0], b, prev[2])
            continue
        if merged and _unit_to_cell(items, a, b):
            merged.append((a, b, False))
            placed = len(merged) - 1
            continue
        if placed == len(merged) - 1 and not _has_action(items, a, b):
            merged.append((a, b, False))  # chatter after it stays chatter of its own
            continue
        if merged and sep == "," and verbless and not acted and _after_a_step(items, merged[-1], a, b):
            merged.append((a, b, False))
            continue
        if merged and sep == "then" and _only_a_number(items, a, b):
            merged.append((a, b, True))  # «…, а затем до 5-го»: the same order once more, with this changed
            continue
        tail = _ap_only(items, a, b) or _count_only(items, a, b)
        if merged and (not _has_action(items, a, b) or tail) and not _another_unit_rests(items, a, b):
            if not tail and _own_order(items, merged, a, b, sep):
                # a new sentence with a verb of its own («Бес №2 остаётся прикрывать фланг.») does not
                # take the order verb of the sentence before
                merged.append((a, b, not (sep == "." and _has_verb(items, a, b))))
                continue
            prev = merged[-1]
            merged[-1] = (prev[0], b, prev[2])
            if _once_more(items, a, b):
                once_more.add(len(merged) - 1)
            continue
        merged.append((a, b, False))
    clauses: list[Clause] = []
    heard: list[Clause] = []  # the clauses and conditions so far: what a pronoun may point back to
    shared: Clause | None = None  # a unit alone waiting for the order of the next clause
    for i, (a, b, inherit) in enumerate(merged):
        c = _clause(items, a, b)
        if c is None:
            continue
        if shared is not None and c.subject is not None:
            shared.verbs, shared.parts, shared.story = list(c.verbs), list(c.parts), c.story
            shared.repeat, shared.repeat_said, shared.ap_count = c.repeat, c.repeat_said, c.ap_count
        shared = c if i in sharing else None
        if i in conditions:
            heard.append(c)
            continue
        if inherit and clauses:
            _inherit(c, clauses[-1])
        if i in corrected and clauses:
            dropped = clauses.pop()
            heard.remove(dropped)
            _take_back(c, dropped, inherit)
        if heard:
            _pronoun(items, a, b, c, heard)
            _subject_pronoun(items, a, c, heard)
        heard.append(c)
        if i in once_more and c.verbs:
            c.repeat, c.repeat_said, c.again = (c.repeat if c.repeat_said else 1) + 1, True, False
        if clauses and _one_more_of(c, clauses[-1]):
            continue
        clauses.append(c)
    _trailing_verb(clauses)
    if len(clauses) > 1:
        _same_building(clauses)
        _same_subject(clauses, merged)
    return clauses


def _spelt_out(items: tuple[Item, ...], prev: tuple[int, int, bool], a: int, b: int) -> bool:
    """«Бес №2 заходит сбоку: шаг на 21-19»: after a colon, the same act said again with what it acts
    on spells out the order before it, which named nothing to act on."""
    if _acts_on(items, prev[0], prev[1]):
        return False
    first = [_ACT.get(c, c) for c in _action_concepts(items, prev[0], prev[1])[:1]]
    return bool(first) and first == [_ACT.get(c, c) for c in _action_concepts(items, a, b)[:1]]


def _action_concepts(items: tuple[Item, ...], a: int, b: int) -> list[str]:
    return [it.concept for it in items[a:b] if it.kind == "word" and it.concept is not None
            and it.concept.startswith("v_") and it.concept not in _WEAK_VERBS]


def _new_subject(items: tuple[Item, ...], a: int, k: int) -> bool:
    """Whether the dash at item k opens a sentence of its own: a unit in the nominative said with
    a verb of its own comes after it («твоему бесу конец — мой бес №1 бьёт его»), and before it
    is more than that unit's name (not «Имп №4 — 22-31», where the dash says what the unit does)."""
    ref, j = _ref_at(items, k + 1)
    if ref is None or ref.kind is None or not ref.nominative or ref.plural:
        return False
    head, after = _ref_at(items, a)
    if head is not None and all(it.kind == "sym" or it.text in _FILLER for it in items[after:k]):
        return False
    end = min(len(items), j + _VERB_WITHIN)  # bounded: a line of many dashes stays linear
    while j < end and not (items[j].kind == "sym" and (items[j].text in _CLAUSE_SYMS or items[j].text == "-")):
        if items[j].kind == "word" and items[j].cat() == "v" and items[j].mood in (MOOD_ORDER, MOOD_REPORT):
            return True
        j += 1
    return False


_VERB_WITHIN = 8  # items after a new subject in which its verb must come («мой бес №1 его бьёт»)


def _condition(items: tuple[Item, ...], a: int, b: int, sep: str) -> bool:
    """A piece opening a sentence with «если» («Если бес Лилит ещё стоит — …», «Если получится,
    …») says when the order after it holds, not an order: it is kept only for the pronouns after it."""
    k = a + 1 if items[a].text in ("а", "и", "но") else a
    return sep in ("", ".", "!", "…") and k < b and items[k].text == "если"


def _once_more(items: tuple[Item, ...], a: int, b: int) -> bool:
    """A piece saying «ещё раз» («…, а потом ещё раз», «…, и ещё раз его»)."""
    return any(items[k].text in ("еще", "ещё") and items[k + 1].concept == "w_times" for k in range(a, b - 1))


def _one_more_of(c: Clause, prev: Clause) -> bool:
    """«Керуб №4 бьёт огневика, а если тот выживет — бьёт ещё раз»: the same act again at the same
    target is one more of the order before (its count grows by one); True when folded into it."""
    if not c.again or c.verb is None or prev.verb is None or c.subject is not None or c.subject_noun is not None \
            or not _same_act(c.verb, prev.verb) or not prev.refs() or any(p.kind != "ref" for p in c.parts):
        return False
    theirs = {(r.kind, r.number) for r in prev.refs()}
    if not {(r.kind, r.number) for r in c.refs()} <= theirs:
        return False
    prev.repeat, prev.repeat_said = (prev.repeat if prev.repeat_said else 1) + 1, True
    return True


def _pronoun(items: tuple[Item, ...], a: int, b: int, c: Clause, before: list[Clause]) -> None:
    """«…, затем очищает его», «два выстрела в него же», «надеваю на него броню», «кую амулет и
    надеваю его на беса №1»: a pronoun not in the subject's place (`letopis.engine.clauses.pronoun`)
    stands for what the order before acted on — its unit when this order names none (a unit just
    upgraded is already of its new kind), else its artifact or spell when this order lacks one. A
    clause that names another unit as its own subject may point back at the unit the clause before
    was about («Если бес Лилит ещё стоит — бес №1 его бьёт»)."""
    k = next((k for k in range(a, b) if items[k].kind == "word" and _object_pronoun(items[k].text)), None)
    if k is None:
        return
    it = items[k]
    prep = items[k - 1].text if k > a and items[k - 1].text in PREPOSITIONS else None
    prev = next((p for p in reversed(before) if p.refs() or p.nouns("a_") or p.nouns("s_")
                 or _other_subject(p, c)), None)
    if prev is None:
        return
    if all(r.prep == "до" for r in c.refs()) and (c.subject is None or prev.refs() or _other_subject(prev, c)):
        # «его же до керуба»: «до» names a kind
        refs = [r for r in prev.refs() if r.prep != "до" and r.count is None]
        if not refs and prev.subject is not None:
            refs = [prev.subject]
        if refs:
            ref = refs[-1]
            grown = next((r.kind for r in prev.refs() if r.prep == "до" and r.kind), None)
            ref = replace(ref, start=it.start, end=it.end, prep=prep, nominative=False, cell=None, cell_span=None,
                          kind=grown if grown and ref.number is not None else ref.kind)
            c.parts.insert(0, Part("ref", it.start, it.end, prep, ref=ref))
        return
    for cat in ("a_", "s_"):
        if not c.nouns(cat) and prev.nouns(cat):
            c.parts.append(replace(prev.nouns(cat)[-1], start=it.start, end=it.end, prep=prep, cell=None,
                                   cell_span=None))
            return


def _subject_pronoun(items: tuple[Item, ...], a: int, c: Clause, before: list[Clause]) -> None:
    """«Накладываю Ярость на керуба №2, и он рубит беса Лилит»: «он» before the verb of a clause
    with no subject is the latest unit named before it whose gender agrees (the one acted on, else
    the one that acted)."""
    if c.subject is not None or not c.verbs:
        return
    k = a
    while k < len(items) and items[k].kind == "word" and items[k].text in ("и", "а", "но", "тогда", "потом", "затем"):
        k += 1
    said = pronoun(items[k].text) if k < len(items) and items[k].kind == "word" else None
    if said is None or said.role != "subject" or items[k].start >= c.verbs[0].start:
        return
    for prev in reversed(before[-3:]):  # the clauses just before: a pronoun points close
        named = [r for r in prev.refs() if r.kind not in (None, "unit") and r.count is None and r.prep != "до"]
        if prev.subject is not None and prev.subject.kind not in (None, "unit"):
            named.insert(0, prev.subject)
        fits = [r for r in named if said.agrees(_gender(r))]
        if fits:
            c.subject = replace(fits[-1], start=items[k].start, end=items[k].end, prep=None, nominative=True,
                                cell=None, cell_span=None)
            return


def _gender(ref: Ref) -> str | None:
    """The grammatical gender of a unit reference («plur» for several), as the reading core names them."""
    if ref.plural:
        return "plur"
    name = _nominatives().get(ref.kind or "")
    if not name:
        return None
    tag = parses(name.split()[-1])[0].tag
    return next((g for g in ("masc", "femn", "neut") if g in tag), None)


def _object_pronoun(word: str) -> bool:
    got = pronoun(word)
    return got is not None and got.role != "subject"


def _other_subject(prev: Clause, c: Clause) -> bool:
    """Whether the clause before was about a unit (its subject) other than the one this clause names
    as its own: then «его» here may stand for it."""
    them, me = prev.subject, c.subject
    return them is not None and them.kind is not None and me is not None and me.kind is not None \
        and (them.kind, them.number, them.owner_words) != (me.kind, me.number, me.owner_words)


def _gerund(it: Item) -> bool:
    """«глядя», «ухмыляясь», «думая»: a verbal adverb the lexicon does not know (an order verb's one,
    «отступая на 20-20», stays the lexicon's)."""
    return it.text.isalpha() and len(it.text) > 3 and "GRND" in parses(it.text)[0].tag


def _marked(it: Item, marks: Marks) -> bool:
    return any(a <= it.start < b for a, b in marks)


def _correction(items: tuple[Item, ...], a: int, b: int, marks: Marks) -> int | None:
    """Where the order a writer puts instead of the one before starts, when a piece opens with a
    self-correction marker of the reading core («…, нет, лучше 19-21», «…, хотя нет — на 29-31»,
    «… вернее, двух импов»; `letopis.engine.corrections`); None when it does not. The marker may
    take the whole piece («…. Нет, двух импов»: then the next piece says what instead)."""
    if not _marked(items[a], marks):
        return None
    k = a
    while k < b and _marked(items[k], marks):
        k += 1
    return k


def _take_back(c: Clause, dropped: Clause, inherited: bool) -> None:
    """A correction replaces the order before it; when it names no one, it is about the same unit
    or building («Бес №2 идёт на 29-29, хотя нет — на 29-31»), and when it says no verb, it keeps
    what it does not replace («строит стену на 20-21, нет, на 21-20»: the wall stays)."""
    if inherited:
        if c.subject_noun is not None:  # «…, нет, башню»: with the verb before it, the building is its object
            c.parts.insert(0, c.subject_noun)
            c.subject_noun = None
        named = _kinds_named(c)
        place = next((p for p in dropped.parts if p.kind == "noun" and p.cell is not None), None)
        if place is not None and "cell" not in named:  # «стену на 20-21, нет, башню»: the new one goes there
            c.parts = [replace(p, cell=place.cell, cell_span=place.cell_span)
                       if p.kind == "noun" and p.cell is None and (p.concept or "")[:2] == (place.concept or "")[:2]
                       else p for p in c.parts]
        kept = [p for p in dropped.parts if p.kind in ("ref", "cell", "noun") and not _kinds_named(
            Clause(p.start, p.end, parts=[p])) & named]
        if "cell" in named:  # «стену на 20-21» → «на 21-20»: the kept noun loses its old place
            kept = [replace(p, cell=None, cell_span=None) if p.cell is not None else p for p in kept]
        c.parts[:0] = kept
    if c.subject is None and c.subject_noun is None:
        c.subject, c.subject_noun = dropped.subject, dropped.subject_noun
    if c.ap_index is None:
        c.ap_index, c.ap_span = dropped.ap_index, dropped.ap_span


def _same_subject(clauses: list[Clause], merged: list[tuple[int, int, bool]]) -> None:
    """«Бес №1, стоящий рядом, атакует беса Лилит», «Бес №1, что стоит рядом, бьёт …»: a unit named
    with only a description after it is the one that does the next clause's order."""
    for prev, c in pairwise(clauses):
        ref = prev.subject
        if ref is None or ref.kind is None or ref.plural or any(v.concept not in _WEAK_VERBS for v in prev.verbs) \
                or prev.parts or c.subject is not None or c.subject_noun is not None or c.verb is None \
                or c.verb.concept in _WEAK_VERBS:
            continue
        c.subject, prev.verbs = ref, []


def _trailing_verb(clauses: list[Clause]) -> None:
    """«1 ОД — 20-21, 2 ОД — 19-21, копает»: a verb alone at the end of a list is the verb of the
    pieces before it that said none."""
    last = clauses[-1] if clauses else None
    if last is None or len(clauses) < 2 or not last.verbs or last.parts or last.subject is not None \
            or last.subject_noun is not None or last.ap_index is not None or last.question \
            or any(v.concept == "w_end_turn" for v in last.verbs):  # «…; конец хода» ends the turn, no list
        return
    run = 0
    for c in reversed(clauses[:-1]):
        if c.verbs or not c.parts:
            break
        run += 1
    if not run:
        return
    for c in clauses[-1 - run : -1]:
        c.verbs, c.story = list(last.verbs), last.story
    clauses.pop()


def _unit_to_cell(items: tuple[Item, ...], a: int, b: int) -> bool:
    """A piece «имп №4 — 22-31» (a unit, a dash or a colon, a cell) inside a longer line."""
    ref, k = _ref_at(items, a)
    if ref is None or ref.kind is None or ref.number is None:
        return False
    return k + 2 == b and items[k].is_sym("-", "—", ":") and items[k + 1].kind == "cell"


def _objects(items: tuple[Item, ...], a: int, b: int) -> set[str]:
    """The kinds of things a piece names: cells, units, objects, mines, buildings, resources, spells."""
    out: set[str] = set()
    for k in range(a, b):
        it = items[k]
        if it.kind == "cell":
            out.add("cell")
        elif it.kind == "no":
            out.add("unit")
        elif it.kind == "word" and it.concept:
            cat = it.concept[: it.concept.index("_")]
            got = _OBJECT_CATS.get(cat)
            if got:
                out.add(got)
    return out


_OBJECT_CATS = {"u": "unit", "o": "object", "a": "object", "m": "mine", "b": "building", "r": "resource",
                "s": "spell", "sp": "spirit"}
_RETARGET = frozenset({"погибнет", "погибнут", "умрет", "падет", "убьет", "рвении", "рвение", "берсерке", "если"})


def _own_order(items: tuple[Item, ...], merged: list[tuple[int, int, bool]], a: int, b: int, sep: str) -> bool:
    """Whether a piece without a verb is an order of its own rather than the end of the one before.
    The verb is the one of the last piece that said it («подбирает сундук, кристалл и меч»)."""
    said = _objects(items, a, b) or ({"unit"} if _elliptic(items, a, b) else set())
    if not said or any(items[k].text in _RETARGET for k in range(a, b)):
        return False
    prev = merged[-1]
    anchor = len(merged) - 1
    while anchor > 0 and merged[anchor][2]:
        anchor -= 1
    verbs = [items[k] for k in range(merged[anchor][0], merged[anchor][1]) if items[k].kind == "word"
             and (items[k].concept or "").startswith("v_")]
    if any(v.concept == "v_move" for v in verbs) and said == {"cell"}:
        return False  # «идёт на 12-13, затем на 12-14» stays one path
    if verbs and anchor == len(merged) - 1 and not _acts_on(items, prev[0], prev[1]):
        return False  # «прокапывает дальше — 33-39»: the verb before had nothing to act on yet
    if sep in ("then", ";"):
        return True
    if not verbs and sep == "and" and said & _objects(items, prev[0], prev[1]) & _LISTED:
        return True  # «Ярость и Скорость на беса №1»: two spells with no verb are two orders all the same
    return bool(verbs) and bool(said & _objects(items, prev[0], prev[1]))


_LISTED = frozenset({"spell", "spirit", "object"})  # things of which a verbless line may list two


def _another_unit_rests(items: tuple[Item, ...], a: int, b: int) -> bool:
    """«…, бес №1 стоит», «…, имп №1 ждёт»: a piece where another unit says it does nothing is a
    clause of its own, not one more object of the order before."""
    ref, k = _ref_at(items, a)
    return ref is not None and ref.kind is not None and ref.nominative and not ref.plural \
        and any(it.concept == "v_stay" for it in items[k:b])


def _acts_on(items: tuple[Item, ...], a: int, b: int) -> bool:
    """Whether a piece names something for its verb besides the unit it starts with: a cell, a
    direction, a unit, a building, an object…"""
    ref, k = _ref_at(items, a)
    start = k if ref is not None else a
    return bool(_objects(items, start, b)) or any(it.cat() == "d" for it in items[start:b])


def _inherit(c: Clause, prev: Clause) -> None:
    """A verbless clause split off an order takes its verbs («…, потом 19-21») and the rest of an
    «N-M ОД» range said for both."""
    c.verbs = list(prev.verbs)
    c.story = prev.story
    c.parts[:0] = _unsaid(c, prev)
    _elliptic_count(c, prev)
    subject = c.subject
    if subject is not None and subject.kind is not None and not subject.nominative:
        # «Бес №1 бьёт беса Лилит, затем импа Лилит»: a unit in an object case is the next target
        c.parts.insert(0, Part("ref", subject.start, subject.end, None, ref=subject))
        c.subject = None
    _shared_complement(c, prev)
    if c.ap_index is None and prev.ap_index is not None and prev.ap_index[1] > prev.ap_index[0]:
        lo, hi = prev.ap_index
        prev.ap_index, c.ap_index = (lo, lo), (lo + 1, hi)
        c.ap_span = prev.ap_span


def _shared_complement(c: Clause, prev: Clause) -> None:
    """«Посылаю духа доблести и духа-защитника к грасдиру №3», «Ярость и Скорость на беса №1»: two
    objects of one verb share the unit named after the second."""
    if prev.refs() or prev.subject is not None:
        return
    kinds = {(p.concept or "").split("_", 1)[0] for p in prev.parts if p.kind == "noun"}
    if not kinds & {(p.concept or "").split("_", 1)[0] for p in c.parts if p.kind == "noun"} - {"w", ""}:
        return
    prev.parts.extend(p for p in c.parts if p.kind == "ref" and p.ref is not None
                      and (p.prep is not None or not p.ref.nominative))  # «на беса №1», «грасдиру №3»


def _same_building(clauses: list[Clause]) -> None:
    """«Башня на 32-32 стреляет по бесу №1, ещё два выстрела — по бесу №2»: a clause that says the
    same action again with no one doing it is done by the building of the clause before."""
    for prev, c in pairwise(clauses):
        if c.subject is None and c.subject_noun is None and prev.subject_noun is not None and prev.subject is None \
                and c.verb is not None and prev.verb is not None and _same_act(c.verb, prev.verb):
            c.subject_noun = prev.subject_noun


def _same_act(a: Item, b: Item) -> bool:
    """«бьёт» and «выстрел» are one act for a tower."""
    return _ACT.get(a.concept or "", a.concept) == _ACT.get(b.concept or "", b.concept)


_ACT = {"v_shoot": "v_attack"}


def _elliptic_count(c: Clause, prev: Clause) -> None:
    """«Призываю импа на 36-12 и ещё одного на 34-11», «… и ещё двух»: a count with its noun left
    out counts the units the order before named."""
    if c.refs() or c.subject is not None:
        return
    named = next((r for r in reversed(prev.refs()) if r.kind is not None), None)
    if named is None and prev.subject is not None and prev.subject.kind is not None:
        named = prev.subject
    if named is None:
        return
    for i, p in enumerate(c.parts):
        if p.kind == "amount" and p.concept is None and not p.in_parens and isinstance(p.value, int) and p.value > 0:
            ref = Ref(named.kind, p.start, p.end, count=p.value, prep=p.prep)
            c.parts[i] = Part("ref", p.start, p.end, p.prep, ref=ref)
            return


def _elliptic(items: tuple[Item, ...], a: int, b: int) -> bool:
    """A piece that is «ещё одного», «и ещё двух …»: a count of the same things again."""
    k = a
    while k < b and items[k].kind == "word" and items[k].text in ("еще", "ещё", "и", "а", "также"):
        k += 1
    return k > a and k < b and items[k].kind == "num" and not (k + 1 < b and items[k + 1].cat() == "u")


def _has_action(items: tuple[Item, ...], a: int, b: int) -> bool:
    if _starts_with_ap(items, a):
        return True
    for k in range(a, b):
        it = items[k]
        if it.kind == "word" and it.concept is not None:
            c = it.concept
            if (c.startswith("v_") and c not in _WEAK_VERBS or c in _ACTION_ABILITIES or c == "w_end_turn") \
                    and not _negated(items, k):
                return True
    return False


def _negated(items: tuple[Item, ...], k: int) -> bool:
    """«не хватает», «не изучена»: a verb with «не» before it says what is not done."""
    return k > 0 and items[k - 1].text == "не"


def _sentence_colon(items: tuple[Item, ...], k: int) -> bool:
    """A colon that may end a sentence: not the one of an «N ОД:» prefix, nor one between numbers
    («36:15»)."""
    before = items[k - 1] if k > 0 else None
    if before is None or before.concept == "w_ap" or before.kind == "num" and k > 1 and items[k - 2].concept == "w_ap":
        return False
    return not (before.kind == "num" and k + 1 < len(items) and items[k + 1].kind == "num")


def _has_verb(items: tuple[Item, ...], a: int, b: int) -> bool:
    """Whether a piece says an action: an order word, or any verb the dictionary knows («поднимается»)."""
    if _has_action(items, a, b):
        return True
    for k in range(a, b):
        it = items[k]
        if it.kind == "word" and it.concept is None and _a_verb(it.text):
            return True
    return False


def _ap_only(items: tuple[Item, ...], a: int, b: int) -> bool:
    """«…, 3 ОД»: a piece that is only a count of action points belongs to the order before it."""
    if a < b and items[a].text == "по":  # «…, по 2 ОД» (each)
        a += 1
    ap = _ap_prefix(items, a)
    if ap is None:
        return False
    if all(it.kind == "sym" for it in items[ap[1]:b]):
        return True
    # «захват, 2 ОД — добиваем до 10/10»: after the count, a dash and the player's remark, naming
    # nothing of the game and giving no order to a unit (a verb in the first person is the player's own)
    return items[ap[1] - 1].is_sym("-") and not _objects(items, ap[1], b) and all(
        "1per" in parses(items[k].text)[0].tag for k in range(ap[1], b) if _has_action(items, k, k + 1))


def _shares_next(items: tuple[Item, ...], a: int, b: int, nxt: tuple[int, int, str]) -> bool:
    """A piece that is only a unit in the nominative, before «и» and another such unit with an order
    («имп №2 и имп №3 добывают золото»): both do that order."""
    ref, k = _ref_at(items, a)
    if ref is None or ref.kind is None or not ref.nominative or ref.plural or ref.number is None \
            or _ref_tail(items, k, b, replace(ref)) < b:
        return False
    other, _ = _ref_at(items, nxt[0])
    return other is not None and other.kind is not None and other.nominative and _has_action(items, nxt[0], nxt[1])


def _after_a_step(items: tuple[Item, ...], prev: tuple[int, int, bool], a: int, b: int) -> bool:
    """«Грасдир 1: 12-13, суккуб x2», «имп1 36-15, шахта 35-14»: in a line with no verb (the caller
    knows), a piece naming a unit, a mine or a building after a piece that is only a cell is an order
    of its own (a step, then what to do there), each read by what it names."""
    x, y, _ = prev
    ref, k = _ref_at(items, x)
    start = k if ref is not None else x
    if _objects(items, start, y) != {"cell"} or items[a].kind == "cell":
        return False  # «25-20, 26-20 (подальше от Героя)»: a path goes on
    return bool(_objects(items, a, b) & {"unit", "mine", "building", "object"})


def _a_verb(word: str) -> bool:
    """A word the dictionary takes for a verb in a personal form («достаёт», «успеет»)."""
    return word.isalpha() and len(word) >= 3 and "VERB" in parses(word)[0].tag


def _count_only(items: tuple[Item, ...], a: int, b: int) -> bool:
    """«…, 2 выстрела», «…, три удара», «…, два раза»: a piece that is only how many times to do the
    act belongs to the order before it."""
    k = a + 1 if a < b and items[a].is_sym("-") else a
    if k + 1 >= b or items[k].kind != "num" or not isinstance(items[k].value, int):
        return False
    what = items[k + 1]
    return (what.concept == "w_times" or _action_noun(what)) and all(it.kind == "sym" for it in items[k + 2:b])


def _starts_with_ap(items: tuple[Item, ...], k: int) -> bool:
    return _ap_prefix(items, k) is not None


def _ap_prefix(items: tuple[Item, ...], k: int) -> tuple[tuple[int, int], int] | None:
    """«1 ОД:», «2од -», «1-3 ОД:», «1 - 3 ОД», «ОД 1:», «1 од.» at item k: ((lo, hi), next)."""
    n = len(items)
    if k >= n:
        return None
    a = items[k]
    got: tuple[tuple[int, int], int] | None = None
    if a.kind == "num" and not a.text.isdigit():
        return None  # «оба ОД», «два ОД»: a number said in words counts ОД, it does not number one
    if a.kind == "num" and k + 1 < n and items[k + 1].concept == "w_ap" or a.kind == "ord" and k + 1 < n and items[k + 1].concept == "w_ap":
        got = ((a.value, a.value), k + 2)  # type: ignore[arg-type]
    elif a.kind == "cell" and k + 1 < n and items[k + 1].concept == "w_ap":
        lo, hi = a.value  # type: ignore[misc]
        got = ((lo, hi), k + 2)
    elif (a.kind == "num" and k + 3 < n and items[k + 1].is_sym("-") and items[k + 2].kind == "num"
          and items[k + 3].concept == "w_ap"):
        got = ((a.value, items[k + 2].value), k + 4)  # type: ignore[arg-type]
    elif a.concept == "w_ap" and k + 1 < n and items[k + 1].kind == "num" \
            and (k + 2 >= n or items[k + 2].is_sym(":", "-", ".", ")")):
        got = ((items[k + 1].value, items[k + 1].value), k + 2)  # type: ignore[arg-type]
    if got is None:
        return None
    (lo, hi), nxt = got
    if nxt < n and items[nxt].is_sym(":", "-", ".", ")"):
        nxt += 1
    elif nxt < n and items[nxt].kind == "word" and items[nxt].text in _SPENT_ON:
        return None  # «2 ОД на захват», «2 ОД в шахту»: what they are spent on — a count, not a prefix
    return (lo, hi), nxt


def _clause(items: tuple[Item, ...], a: int, b: int) -> Clause | None:
    c = Clause(start=items[a].start, end=items[b - 1].end)
    k = a
    ap = _ap_prefix(items, k)
    if ap is not None:
        c.ap_index, nxt = ap
        c.ap_span = (items[k].start, items[nxt - 1].end)
        k = nxt
        while k < b and items[k].is_sym("-", ":"):
            k += 1
    if k >= b:
        return c if c.ap_index is not None else None
    whole = _bracketed_order(items, k, b)
    if whole is not None:  # «Из тени выступает керуб (накладываю Ярость на беса №1)»: the brackets are the order
        k, b = whole
    c.start = items[k].start
    if items[b - 1].is_sym("?") or any(it.is_sym("?") for it in items[k:b]):
        c.question = True
    _body(items, k, b, c)
    verbs = [v for v in c.verbs if v.concept and v.concept.startswith("v_") and v.concept not in _WEAK_VERBS]
    c.story = bool(verbs) and all(v.mood in (MOOD_STORY, MOOD_SPEECH) for v in verbs) and c.ap_index is None
    return c


def _body(items: tuple[Item, ...], k: int, b: int, c: Clause) -> None:
    """Fill the clause: verbs, the subject (a unit or building before the first verb), parts."""
    prep: str | None = None
    depth = 0
    seen_verb = False
    unknown: list[str] = []
    enemy = own = False
    cell_word = False  # «клетка» just said: «клетка 37 15»
    bracketed = False  # inside brackets that say the order: their verb is the main one
    while k < b:
        it = items[k]
        kind = it.kind
        times = _times_sign(items, k, b)
        if times:  # «×2», «x2», «2×»: a repeat written as a multiplication
            c.repeat, c.repeat_said = times
            k += 2
            continue
        if kind == "sym":
            if it.text == "(" and _verb_in_parens(items, k, b):
                k += 1  # «вылезает бес (призываю)»: the order said in brackets after role-play
                bracketed = True
                continue
            if it.text == ")":
                bracketed = False
            if it.text == "(":
                depth += 1
                k = _parens(items, k, b, c)
                depth -= 1
                continue
            if it.text in ("→", "↔") or (it.text == "-" and _between_cells(items, k)):
                c.parts.append(Part("arrow", it.start, it.end))
            elif it.text in ("-", "—", ":", ",") and c.subject is not None and not c.parts and not c.verbs \
                    and items[k - 1].end == c.subject.end:
                c.dashed = True  # «Бес №2 — 30-29», «Бес №2, на 30-29»: what follows is the order
            k += 1
            continue
        # action points said as a count: «тратит 2 ОД», «2 ОД на захват», «все ОД»
        if kind in ("num", "cell") and k + 1 < b and items[k + 1].concept == "w_ap":
            if kind == "cell":
                lo, hi = it.value  # type: ignore[misc]
                c.ap_count = hi - lo + 1
            else:
                c.ap_count = it.value  # type: ignore[assignment]
            k += 2
            continue
        if kind == "word" and it.concept in ("w_all", "w_rest") and k + 1 < b and items[k + 1].concept == "w_ap":
            c.ap_count = "all" if it.concept == "w_all" else "rest"
            k += 2
            continue
        if kind == "word" and it.concept == "w_ap":
            if k + 1 < b and items[k + 1].kind == "num":  # «ОД 2» mid-line
                c.ap_count = items[k + 1].value  # type: ignore[assignment]
                k += 2
                continue
            k += 1
            continue
        # repeats: «2 раза», «дважды», «три выстрела», «ещё раз»
        if kind == "num" and k + 1 < b and items[k + 1].concept == "w_times":
            c.repeat, c.repeat_said = max(1, min(int(it.value), 99)), True  # type: ignore[call-overload]
            k += 2
            continue
        if kind == "word" and it.concept in ("w_twice", "w_thrice"):
            c.repeat, c.repeat_said = (2 if it.concept == "w_twice" else 3), True
            k += 1
            continue
        if kind == "word" and it.text in ("еще", "ещё") and k + 1 < b and items[k + 1].concept == "w_times":
            c.again = True
            k += 2
            continue
        if kind == "num" and k + 1 < b and _action_noun(items[k + 1]):
            # «три выстрела», «два удара киркой», «три шага»: a count of actions said as a noun
            c.repeat, c.repeat_said = max(1, min(int(it.value), 99)), True  # type: ignore[call-overload]
            c.verbs.append(items[k + 1])
            seen_verb = True
            k += 2
            continue
        # references to units
        ref, nxt = _ref_at(items, k, prep)
        if ref is not None:
            ref.enemy = ref.enemy or enemy
            ref.own = ref.own or own
            enemy = own = False
            nxt = _ref_tail(items, nxt, b, ref)
            if not seen_verb and c.subject is None and c.subject_noun is None and prep is None \
                    and ref.count is None and not ref.plural:
                c.subject = ref
            else:
                c.parts.append(Part("ref", ref.start, ref.end, prep, ref=ref))
            prep = None
            k = nxt
            continue
        if kind == "cell":
            part = Part("cell", it.start, it.end, prep, value=it.value)
            if prep is None and seen_verb and k > 0 and items[k - 1].is_sym(":"):
                c.parts.append(part)  # «прячется за госпиталем: 22-29»: after a colon, where to, not the noun's place
            else:
                _attach_cell(c, part)
            prep = None
            k += 1
            continue
        if kind == "num" and (prep in _CELL_PREPS or cell_word):
            second = k + 2 if k + 2 < b and items[k + 1].is_sym("-") else k + 1
            if second < b and items[second].kind == "num" and items[second].start - it.end <= 3 \
                    and not (second + 1 < b and items[second + 1].kind == "word" and items[second + 1].concept):
                # «на 37 15», «клетка 37 15», «на 37 - 15»: two numbers after a place word are a cell
                nxt = items[second]
                part = Part("cell", it.start, nxt.end, prep, value=(it.value, nxt.value))
                _attach_cell(c, part)
                prep = None
                cell_word = False
                k = second + 1
                continue
        if kind == "ord" and not seen_verb and prep is None and c.subject is None and c.subject_noun is None \
                and not c.parts and k + 1 < b and items[k + 1].cat() == "v":
            # «Второй прокапывает путь…» after «Первый имп …»: the unit's kind is left out
            c.subject = Ref(None, it.start, it.end, number=it.value, elliptic=True)  # type: ignore[arg-type]
            k += 1
            continue
        if kind in ("num", "ord"):
            k = _amount(items, k, b, c, prep)
            prep = None
            continue
        if kind != "word":
            k += 1
            continue
        concept = it.concept
        text = it.text
        if concept is None:
            if text in PREPOSITIONS:
                prep = text
            elif text not in _FILLER:
                unknown.append(text)
                _owner_for_last(c, text)
                if not c.verbs and _negated(items, k) and _a_verb(text):
                    c.negated = True  # «Башня не достаёт, ладно»: a verb said not done, whatever it is
            k += 1
            continue
        cat = concept[: concept.index("_")]
        if cat == "v" and _negated(items, k):
            c.negated = True  # «на оружейную не хватает»: not an order of that kind
            prep = None
            k += 1
            continue
        if cat == "v" or concept in _ACTION_ABILITIES or concept == "w_end_turn":
            if bracketed and it.mood == MOOD_ORDER:
                c.verbs.insert(0, it)  # «выходит новый имп (призываю)»: the bracket says what the order is
            else:
                c.verbs.append(it)
            seen_verb = True
            prep = None
            k += 1
            continue
        if cat == "w":
            if concept == "w_enemy":
                enemy = True
            elif concept == "w_own":
                own = True
            elif concept == "w_neutral":
                c.parts.append(Part("noun", it.start, it.end, prep, concept=concept))
            elif concept == "w_diag":
                c.parts.append(Part("dir", it.start, it.end, prep, concept=concept, value=None))
            elif concept == "w_direction" and prep == "в":
                k += 1
                prep = "в сторону"  # «в сторону 20-22»
                continue
            elif concept in ("w_cell", "w_passage"):
                cell_word = concept == "w_cell"
                if concept == "w_passage":
                    c.parts.append(Part("noun", it.start, it.end, prep, concept=concept))
                k += 1
                continue  # «на клетке 25-26», «проход на 7-30»: the preposition carries to the cell
            elif concept in ("w_spell", "w_ability", "w_store", "w_retinue", "w_archdemon", "w_level",
                             "w_hp", "w_turn", "w_end"):
                c.parts.append(Part("noun", it.start, it.end, prep, concept=concept))
            k += 1
            prep = None
            continue
        if cat == "d":
            code = DIRECTIONS[concept]
            last = c.parts[-1] if c.parts else None
            if last is not None and last.kind == "dir" and last.value is None:
                last.value = code  # «по диагонали вверх-вправо» (a straight word alone stays unclear)
                last.end = it.end
            elif last is not None and last.kind == "dir" and _DIAGONALS.get(frozenset((last.value, code))):
                # «вверх и вправо», «вправо вверх», «по диагонали вниз влево»: one diagonal
                last.value = _DIAGONALS[frozenset((last.value, code))]
                last.end = it.end
            else:
                c.parts.append(Part("dir", it.start, it.end, prep, concept=concept, value=code))
            prep = None
            k += 1
            continue
        # a game noun: building, mine, object, artifact, spell, ability, spirit, resource
        part = Part("noun", it.start, it.end, prep, concept=concept)
        k += 1
        if enemy:
            part.owner_words = ("вражеский",)
            enemy = False
        if not seen_verb and c.subject is None and c.subject_noun is None and prep is None and cat == "b":
            c.subject_noun = part
        else:
            c.parts.append(part)
        prep = None
    c.words = tuple(unknown)


def _parens(items: tuple[Item, ...], k: int, b: int, c: Clause) -> int:
    """A parenthesis: «(40-2)», «(Ваал)», «(2 ОД)» are read; «(камень)», «(10 хп, 10 золота)»,
    «(4/10)», «(+4 хп)» are the player's notes."""
    close = k + 1
    while close < b and not items[close].is_sym(")"):
        close += 1
    inner = items[k + 1 : close]
    nxt = close + 1 if close < b else b
    if len(inner) == 1 and inner[0].kind == "cell":
        part = Part("cell", inner[0].start, inner[0].end, None, value=inner[0].value, in_parens=True)
        _attach_cell(c, part, parens=True)
        return nxt
    if len(inner) == 1 and inner[0].kind == "num":  # «в железо (10)»: an amount said again
        c.parts.append(Part("amount", inner[0].start, inner[0].end, None, value=inner[0].value, in_parens=True))
        return nxt
    if len(inner) == 2 and inner[0].kind == "num" and inner[1].concept == "w_ap":
        c.ap_count = inner[0].value  # type: ignore[assignment]
        return nxt
    if inner and all(it.kind == "word" and it.concept is None and it.text not in _FILLER
                     and it.text not in PREPOSITIONS for it in inner):
        for it in inner:
            _owner_for_last(c, it.text)
        return nxt
    return nxt


def _verb_in_parens(items: tuple[Item, ...], k: int, b: int) -> bool:
    """Brackets holding an order said as an order: «(призываю)», «(атакую его)» after role-play.
    A report in brackets («(встанут на 27-40 и 28-40)») stays the player's remark."""
    close = k + 1
    while close < b and not items[close].is_sym(")", "("):
        close += 1
    return any(it.kind == "word" and (it.concept or "").startswith("v_") and it.concept not in _WEAK_VERBS
               and it.mood == MOOD_ORDER for it in items[k + 1 : close])


def _bracketed_order(items: tuple[Item, ...], k: int, b: int) -> tuple[int, int] | None:
    """The inside of brackets that hold a whole order — its verb and what it acts on — after role-play
    with no order of its own, else None."""
    if not any(it.is_sym("(") for it in items[k:b]):
        return None
    for j in range(k, b):
        if not items[j].is_sym("("):
            continue
        if _has_action(items, k, j) or not _verb_in_parens(items, j, b):
            return None
        close = j + 1
        while close < b and not items[close].is_sym(")"):
            close += 1
        if _objects(items, j + 1, close):
            return j + 1, close
        return None
    return None


def _owner_for_last(c: Clause, word: str) -> None:
    """A bare word right after a unit or building may be its owner's name («беса Ваала»)."""
    target: Ref | Part | None = None
    if c.parts:
        last = c.parts[-1]
        if last.kind == "ref" and last.ref is not None:
            target = last.ref
        elif last.kind == "noun":
            target = last
    elif c.subject is not None:
        target = c.subject
    elif c.subject_noun is not None:
        target = c.subject_noun
    if target is not None and len(target.owner_words) < 4:
        target.owner_words = (*target.owner_words, word)


def _attach_cell(c: Clause, part: Part, parens: bool = False) -> None:
    """A cell right after a unit or a noun (with «на», «в», «с» or in brackets, or bare after a
    noun: «шахта 30-12») is where that thing stands; otherwise it is a cell of its own."""
    last = c.parts[-1] if c.parts else None
    holder: Ref | Part | None = None
    if last is not None and last.kind == "ref" and last.ref is not None and last.ref.cell is None \
            and (parens or part.prep in ("на", "в", None)) and not _moving_away(c, last.ref, part):
        holder = last.ref
    elif last is not None and last.kind == "noun" and last.cell is None and last.concept \
            and not last.concept.startswith(("w_cell", "w_passage", "r_", "w_")) \
            and (parens or part.prep in ("на", "в", None)):
        holder = last
    elif last is None and c.subject_noun is not None and c.subject_noun.cell is None:
        holder = c.subject_noun
    elif last is None and c.subject is not None and c.subject.cell is None and part.prep in ("на", None) \
            and not c.verbs and not c.dashed:
        holder = c.subject
        c.subject.cell_on = True  # «бес 2 на клетку 29 30», «имп1 36-15»: where it stands, or where it goes
    if holder is not None:
        holder.cell = part.value  # type: ignore[assignment]
        holder.cell_span = (part.start, part.end)
        if isinstance(holder, Part) and holder is not c.subject_noun:
            holder.end = part.end
        return
    c.parts.append(part)


def _moving_away(c: Clause, ref: Ref, part: Part) -> bool:
    """«Имп №1 удирает от гнома на 25-25»: a unit moves away from another; the «на» cell after the
    one it flees is where it goes, not where that one stands."""
    return ref.prep in ("от", "ото") and part.prep == "на" and any(v.concept == "v_move" for v in c.verbs)


_PURPOSE = frozenset({"пусть", "чтобы", "чтоб", "дабы"})  # a piece opening with these says what the order is for
def _only_a_number(items: tuple[Item, ...], a: int, b: int) -> bool:
    """«…, а затем до 5-го», «…, потом на 3»: after a word of sequence, a piece saying only a number
    is the order before done again with that number."""
    return any(it.kind in ("num", "ord") for it in items[a:b]) \
        and all(it.kind in ("num", "ord", "sym") or it.text in ("до", "на") for it in items[a:b])


def _unit_alone(items: tuple[Item, ...], a: int, b: int) -> bool:
    """Whether items a..b are only a unit named in the nominative («имп №1», «а бес №2»)."""
    if a < b and items[a].text in ("а", "и"):
        a += 1
    ref, k = _ref_at(items, a) if a < b else (None, a)
    return ref is not None and ref.kind is not None and ref.nominative and k == b


_TIMES = frozenset({"×", "x", "х"})


def _times_sign(items: tuple[Item, ...], k: int, b: int) -> tuple[int, bool] | None:
    """(count, True) for «×2», «x2», «х2» or «2×», «2x» at item k (the same forms as the core's
    `letopis.engine.clauses.find_repeat`), else None."""
    if k + 1 >= b:
        return None
    it, nxt = items[k], items[k + 1]
    if it.text in _TIMES and it.kind in ("sym", "word") and nxt.kind == "num" and nxt.text.isdigit():
        return max(1, min(int(nxt.value), 99)), True  # type: ignore[call-overload]
    if it.kind == "num" and it.text.isdigit() and nxt.text in _TIMES and nxt.kind in ("sym", "word") \
            and (k + 2 >= b or items[k + 2].kind == "sym"):
        return max(1, min(int(it.value), 99)), True  # type: ignore[call-overload]
    return None


def _action_noun(it: Item) -> bool:
    """An order said as a noun that can be counted: «выстрел», «удар», «шаг», «атака»."""
    concept = it.concept or ""
    return concept == "v_shoot" or concept.startswith("v_") and concept not in _WEAK_VERBS and it.mood == MOOD_NOUN


def _between_cells(items: tuple[Item, ...], k: int) -> bool:
    return 0 < k < len(items) - 1 and items[k - 1].kind == "cell" and items[k + 1].kind == "cell"


def _amount(items: tuple[Item, ...], k: int, b: int, c: Clause, prep: str | None) -> int:
    """A number: «30 маны», «10 железа», «4-го уровня», «до 4-го», «ур. 4 → 5», a bare count."""
    it = items[k]
    nxt = k + 1
    while nxt < b and (items[nxt].text in _UNIT_FILLER or (items[nxt].is_sym(".") and nxt > k + 1)):
        nxt += 1  # «30 ед. маны», «10 шт.»
    if nxt > k + 1 and not (nxt < b and items[nxt].kind == "word"):
        nxt = k + 1
    unit = items[nxt].concept if nxt < b and items[nxt].kind == "word" else None
    if unit is not None and (unit.startswith("r_") or unit in ("w_hp", "w_level")):
        c.parts.append(Part("amount", it.start, items[nxt].end, prep, concept=unit, value=it.value))
        return nxt + 1
    if unit is not None and unit.startswith("u_"):
        # «двух импов» — a count of units (the reference takes it)
        ref, after = _ref_at(items, nxt, prep)
        if ref is not None:
            ref.count = it.value  # type: ignore[assignment]
            ref.start = it.start
            after = _ref_tail(items, after, b, ref)
            c.parts.append(Part("ref", ref.start, ref.end, prep, ref=ref))
            return after
    if k > 0 and items[k - 1].concept == "w_turn" and prep is None:
        return nxt  # «Ход 5, копаем дальше»: the turn's number, nothing to act on
    c.parts.append(Part("amount", it.start, it.end, prep, concept=None, value=it.value))
    return nxt


# --- unit references ----------------------------------------------------------------------------------
def _unit_kind(it: Item) -> str | None:
    c = it.concept
    if c is not None and c.startswith("u_"):
        return c[2:]
    return None


def _ref_at(items: tuple[Item, ...], k: int, prep: str | None = None) -> tuple[Ref | None, int]:
    """A unit reference starting at item k: «имп №3», «имп 3», «3-й имп», «№4», «вражеский бес»."""
    n = len(items)
    if k >= n:
        return None, k
    it = items[k]
    j = k
    enemy = own = False
    while j < n and items[j].kind == "word" and items[j].concept in ("w_enemy", "w_own"):
        enemy = enemy or items[j].concept == "w_enemy"
        own = own or items[j].concept == "w_own"
        j += 1
    if j > k and (j >= n or _unit_kind(items[j]) is None):
        return None, k
    it = items[j]
    if it.kind == "ord" and j + 1 < n and _unit_kind(items[j + 1]) is not None:
        kind = _unit_kind(items[j + 1])
        ref = Ref(kind, items[k].start, items[j + 1].end, number=it.value, prep=prep,  # type: ignore[arg-type]
                  enemy=enemy, own=own)
        return ref, j + 2
    if it.kind == "no":
        before = items[j - 1] if j > 0 else None
        if before is not None and _owner_word(before) and len(before.text) > 2 and before.end + 1 >= it.start:
            # «Гоблин №2»: a word in front of the number names the unit's kind, even one the game has not
            return Ref(None, before.start, it.end, number=it.value, prep=prep, named=before.text), j + 1  # type: ignore[arg-type]
        return Ref(None, items[k].start, it.end, number=it.value, prep=prep), j + 1  # type: ignore[arg-type]
    kind = _unit_kind(it)
    if kind is None:
        return None, k
    ref = Ref(kind, items[k].start, it.end, prep=prep, enemy=enemy, own=own, plural=it.plural,
              nominative=it.text == _nominatives().get(kind), new=j > 0 and items[j - 1].text in _NEW)
    j += 1
    if j < n and items[j].kind == "no" or j < n and items[j].kind == "num" and not (j + 1 < n and items[j + 1].concept in ("w_ap", "w_times")) \
            and not (j + 1 < n and items[j + 1].kind == "word" and (items[j + 1].concept or "").startswith("r_")):
        ref.number, ref.end = items[j].value, items[j].end  # type: ignore[assignment]
        j += 1
    elif j < n and items[j].kind == "ord" and not (j + 1 < n and _unit_kind(items[j + 1]) is not None) \
            and same_case(it.text, items[j].text):
        ref.number, ref.end = items[j].value, items[j].end  # type: ignore[assignment]  # «Бес первый атакует»
        j += 1
    if ref.number is not None:
        ref.plural = False
    return ref, j


@lru_cache(maxsize=1)
def _nominatives() -> dict[str, str]:
    """Each unit kind's name in the nominative singular, as lines are normalised."""
    from letopis.engine.text import normalise

    from ..data import DATA

    return {k: normalise(u.forms.nom) for k, u in DATA.units.items()}


def _ref_tail(items: tuple[Item, ...], k: int, b: int, ref: Ref) -> int:
    """Owner names and a place after a reference: «беса №2 Ваала», «керуб (Ваал)», «на 12-13»."""
    n = min(b, len(items))
    while k < n:
        it = items[k]
        if it.kind == "word" and _owner_word(it) and len(ref.owner_words) < 3:
            ref.owner_words = (*ref.owner_words, it.text)
            ref.end = it.end
            k += 1
            if ref.number is None and ref.kind is not None and k < n and items[k].kind == "no":
                ref.number, ref.end, ref.plural = items[k].value, items[k].end, False  # «беса Мамоны №1»
                k += 1
            continue
        if it.is_sym("(") and k + 2 < n and items[k + 2].is_sym(")"):
            inner = items[k + 1]
            if inner.kind == "cell" and ref.cell is None:
                ref.cell, ref.cell_span = inner.value, (inner.start, inner.end)  # type: ignore[assignment]
                k += 3
                continue
            if inner.kind == "word" and _owner_word(inner):
                ref.owner_words = (*ref.owner_words, inner.text)
                k += 3
                continue
        break
    return k


def _owner_word(it: Item) -> bool:
    return it.kind == "word" and it.concept is None and it.text not in PREPOSITIONS and it.text not in _FILLER \
        and it.text.isalpha() and len(it.text) > 1
