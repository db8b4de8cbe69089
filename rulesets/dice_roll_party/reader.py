"""Reading a Dice Roll Party post: `read_post(text, state, faction) -> Reading`.

Three stages, as python-chess reads a move: what does each line say (`reader_grammar`, over the
items of `reader_words`), is it legal here and now (`legality.simulate`, in post order, on the
running state), and what will it do (`legality.describe`, for the live check beside the textarea).

Lines that are not orders — role-play, greetings, quotes, BBCode, emoticons, restatements of the
state — are flavour and never an error (DRP-GEN-05), unless a line looks like an order (an order
verb said as an order, a sheet, an arrow) and cannot be read: then it is an error with a hint.
Every problem points at its line and at the columns the player typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from pydantic import BaseModel
from rapidfuzz.distance import DamerauLevenshtein

from letopis.engine.answers import Answer
from letopis.engine.clauses import Repeat
from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.corrections import replaces, takes_back
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.reading import read_or_report, require_an_order
from letopis.engine.tables import table_rows
from letopis.engine.text import Cue, LineKind, PostLine, order_cue, split_post, tokens

from . import legality
from .messages import msg
from .orders import Attack, Colour, Defence, Emergency, Reroll, Skip
from .reader_grammar import FAMILY_KIND, NOT_DONE, PARSERS, family, wondering
from .reader_parts import Boosts, Issue, Parsed, ReadError, fail, note
from .reader_setup import build_parts, parse_build
from .reader_words import ORDER_VERBS, CharInfo, Context, Item, SideInfo, analyse, lemmatizer
from .reading.answers import defence_answer, handicap_answer, line_answer, soak_answer
from .reading.clauses import clause_spans, repeat_in, split_items
from .reading.corrections import corrected_line
from .reading.drops import must_be_read
from .reading.ellipsis import lacks_subject, retells, subject, with_subject
from .reading.expect import EXPECTED, example
from .reading.frames import other_verb
from .reading.groups import expand_group
from .reading.headers import under_header, unit_header
from .reading.pronouns import resolve_pronouns
from .reading.tables import table_line
from .state import State
from .turns import default_handicap

MAX_ORDER_LINE = 400  # characters; a longer line is a paragraph, not an order
_SENTENCE_END = frozenset({".", ";", "!", "?", "…"})
_ARROW_CUE = re.compile(r"(?:п\s?\d|№\d)\s*[→↔]\s*(?:п\s?\d|№\d)")
_SHEET_CUE = re.compile(r"\b\d{1,2}\s*([/\\|-])\s*\d{1,2}\s*\1\s*\d{1,2}\s*\1\s*\d{1,2}\b")
_VERB_VOCABULARY = ("атакую", "атакует", "защищаюсь", "перекладываю", "добавляю", "переношу", "меняю",
                    "обмен", "сбрасываю", "добираю", "пропускаю", "ставлю", "перебиваю", "снимаю", "гашу",
                    "возвращаю", "страховка", "превосходство", "контратака", "подстраховка")
TURN_EXAMPLE = "П2 атакует П1 соперника"
EXAMPLES = {
    "build": ("строк расстановки", "П1: В3 А4 З2 Ф3"),
    "auction": ("ставки", "Ставлю 2 времени."),
    "handicap": ("строки снятия форы", "Снимаю время: 2 с П1."),
    "turn": ("строки атаки", TURN_EXAMPLE),
    "defence": ("строки защиты", "Защита: страховка, контратака."),
    "soak": ("решения о гашении урона", "Гашу 1 урона временем."),
}


# --- context ---------------------------------------------------------------------------------
def context_from_state(state: State, faction: str) -> Context:
    """What the grammar needs: names, living characters, storage, the kinds expected now."""
    def side(fid: str) -> SideInfo:
        player = state.player(fid)
        chars = {}
        for slot, c in player.living():
            chars[slot] = CharInfo(slot, c.name, c.time, c.attack, c.defence, c.form)
        return SideInfo(fid, player.name, chars)

    me = side(faction) if faction in state.players else SideInfo(faction, "")
    opponents = [side(f) for f in state.seats if f != faction and state.players[f].alive or
                 (f != faction and not state.players[f].built)]
    storage = {}
    if faction in state.players:
        st = state.player(faction).storage
        storage = {Colour.RED: st.red, Colour.BLUE: st.blue, Colour.GREEN: st.green}
    mine = state.soak is not None and state.soak.faction == faction
    return Context(me=me, opponents=opponents, storage=storage,
                   expected=legality.allowed_kinds(state, faction) if faction in state.players else frozenset(),
                   damage=state.soak.damage if mine else None,  # type: ignore[union-attr]
                   soak_slot=state.soak.slot if mine else None,  # type: ignore[union-attr]
                   bid=state.auction.bid if state.auction is not None else None,
                   handicap_default=default_handicap(state, faction)
                   if state.phase == "handicap" and state.active == faction else None)


# --- the work list ------------------------------------------------------------------------------
@dataclass
class _Line:
    post: PostLine
    status: LineStatus
    parsed: list[Parsed] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    cost: str | None = None


@dataclass
class _Entry:
    """One order in post order, with the line it came from."""

    line: _Line
    parsed: Parsed
    order: BaseModel | None
    presoak_from: Parsed | None = None  # the line that pre-declared the soak, if not this one


def read_post(text: str, state: State, faction: str) -> Reading:
    """Read a post into orders and problems. Never raises: a bug in the reader becomes one error
    saying so (tests call `read_post_strict`, which lets it surface)."""
    return read_or_report(read_post_strict, text, state, faction, message=msg("read.internal"))


def read_post_strict(text: str, state: State, faction: str) -> Reading:
    if not text or not text.strip():
        return Reading(problems=[Problem(line=1, code="read.empty", message=msg("read.empty"),
                                         kind=ProblemKind.UNREADABLE, hint=_example_hint(state))])
    ctx = context_from_state(state, faction)
    lines: list[_Line] = []
    header: Item | None = None  # «Рыцарь:» alone on a line: the actor of the lines below it
    posted = split_post(text)
    rows = table_rows(posted) if "|" in text else {}
    for pl in posted:
        row = rows.get(pl.number)
        if row is not None and row.is_header:  # «Юнит | действие | цель»: the columns' names
            lines.append(_Line(pl, LineStatus.FLAVOUR))
            continue
        if row is not None:
            pl = table_line(pl, row, ctx)  # «Кентавр | 2 синих → Энту | —»
        if pl.kind is LineKind.BLANK:
            header = None
        unit = unit_header(pl, ctx)
        if unit is not None:
            header = unit
            lines.append(_Line(pl, LineStatus.FLAVOUR))
            continue
        lines.append(_read_line(pl, ctx, header))
    entries = _merge(lines, ctx)
    _check(entries, state, faction, ctx)
    return _reading(lines, entries, state, faction, ctx)


# --- stage 1: what each line says --------------------------------------------------------------------
def _read_line(pl: PostLine, ctx: Context, header: Item | None = None) -> _Line:
    if pl.kind is LineKind.BLANK:
        return _Line(pl, LineStatus.BLANK)
    if pl.kind is LineKind.QUOTE:
        line = _Line(pl, LineStatus.QUOTE)
        if pl.unclosed_quote:
            line.problems.append(_problem(pl, Issue("read.unclosed_quote", msg("read.unclosed_quote"),
                                                    msg("read.hint_close_quote"), None, Severity.WARNING,
                                                    ProblemKind.INFO), whole=True))
        return line
    if pl.kind in (LineKind.FLAVOUR, LineKind.HEADING):
        return _Line(pl, LineStatus.FLAVOUR)
    line = _Line(pl, LineStatus.FLAVOUR)
    if pl.unclosed_quote:
        line.problems.append(_problem(pl, Issue("read.unclosed_quote", msg("read.unclosed_quote"),
                                                msg("read.hint_close_quote"), None, Severity.WARNING,
                                                ProblemKind.INFO), whole=True))
    if len(pl.norm) > MAX_ORDER_LINE:
        if _looks_like_order(pl, analyse(pl.norm[:2000], ctx)):
            line.problems.append(_problem(pl, Issue("read.long_line", msg("read.long_line"),
                                                    msg("read.hint_long_line")), whole=True))
            line.status = LineStatus.ERROR
        return line
    pl = line.post = corrected_line(pl, ctx)  # «Ставлю три, нет, две»
    items = analyse(pl.norm, ctx)
    for fam, group in _groups(items, ctx, pl.norm, header):
        r = repeat_in(pl.norm, group)
        if r is not None:  # «два раза» is not a count of tokens
            group = [it for it in group if not (r.start <= it.start and it.end <= r.end)] or group
        line.parsed.append(_repeated(_parse(fam, group, ctx, pl), r))
    _note_misspellings(items, line.parsed, pl)
    answered = _everyday_answer(pl, items, ctx, line.parsed)
    if answered is not None:
        line.parsed = [answered]
        return line
    if not line.parsed and _looks_like_order(pl, items) and not _thinking_aloud(items):
        line.problems.append(_unreadable(pl, items, ctx))
        line.status = LineStatus.ERROR
    elif not line.parsed and _silent_order(items, ctx):
        # an own character with a target, a place or an amount is an order line: never flavour (issue 9)
        line.problems.append(_unreadable(pl, items, ctx))
        line.status = LineStatus.ERROR
    elif not line.parsed and (near := _near_order_verb(items)) is not None:
        it, word = near  # «Попускаю ход.»: a real but unrelated verb one letter off an order verb
        said = pl.typed(it.start, it.end)
        line.problems.append(_problem(pl, Issue("read.unreadable_word", msg("read.unreadable_word", word=said),
                                                msg("read.hint_maybe", word=word), start=it.start, end=it.end)))
        line.status = LineStatus.ERROR
    return line


def _asked_back(sentence: list[Item], asked: set[int]) -> bool:
    """Whether a sentence with no verb of an order ends in a question mark (``asked``: where the
    line's questions end): an amount repeated as a question («Одно?», «Пять?!») answers nothing."""
    if any(it.kind == "word" and it.concept in ORDER_VERBS for it in sentence):
        return False
    return sentence[-1].end in asked


def _silent_order(items: list[Item], ctx: Context) -> bool:
    """Whether a line read as nothing names one of the poster's characters with something it
    acts on (`reading.drops.must_be_read`), and is not a restatement of what a character has
    («У Вихря 2 времени»)."""
    if not ctx.expected & _ACTING_KINDS or not must_be_read(items, ctx):
        return False  # before play a line acts on no character: only a sheet is an order there
    own = [k for k, it in enumerate(items) if it.kind in ("ref", "ordinal") and it.side != "opp"]
    had = all(k > 0 and items[k - 1].kind == "word" and items[k - 1].text == "у" for k in own)
    moves = any(it.is_sym("+", "→") or it.kind == "word" and it.text in _DIRECTIONS for it in items)
    return not had or moves  # «у Лучницы в атаку», «у Лучницы +1 форма» say what to do


_DIRECTIONS = frozenset({"в", "во", "на", "из", "по", "к", "ко", "с", "со"})
# Steps in which an order acts on characters (not the builds or the bids): a turn, the handicap,
# the defence and the soak.
_ACTING_KINDS = frozenset({"attack", "shift", "add", "transfer", "handicap", "defence", "soak"})


def _near_order_verb(items: list[Item]) -> tuple[Item, str] | None:
    """The line's first word when it is a first-person verb that is not an order word but one
    letter off one («попускаю» for «пропускаю»), with the order word it is probably meant as."""
    first = next((it for it in items if it.kind != "sym"), None)
    if first is None or first.kind != "word" or first.concept is not None or len(first.text) < 5:
        return None
    g = lemmatizer().grammemes(first.text)
    if "1per" not in g or "VERB" not in g:
        return None
    near = [w for w in _VERB_VOCABULARY if DamerauLevenshtein.distance(first.text, w, score_cutoff=1) <= 1]
    return (first, near[0]) if len(near) == 1 else None


def _thinking_aloud(items: list[Item]) -> bool:
    """«Хм, сколько же поставить...»: a question to oneself naming no character and no amount."""
    return wondering(items) and not any(it.kind in ("ref", "num", "colour", "zone") for it in items)


def _note_misspellings(items: list[Item], parsed: list[Parsed], pl: PostLine) -> None:
    """«аттакует» прочитано как «атакует»: a misspelt word or name in an order is read and noted."""
    for it in items:
        if it.read_as is None:
            continue
        owner = next((p for p in parsed if p.start <= it.start and it.end <= p.end), None)
        if owner is not None and not owner.failed:
            word = it.text or pl.typed(it.start, it.end).split()[0].lower()  # «Пресонаж 2»: the word, not the slot
            owner.issues.append(note("read.read_as", it.start, it.end, None, word=word, read_as=it.read_as))


def _everyday_answer(pl: PostLine, items: list[Item], ctx: Context, parsed: list[Parsed]) -> Parsed | None:
    """In the defender's or the soaker's step a line the grammar cannot read may be a plain answer
    («без наворотов», «нет», «пусть решит кубик»): the step's default (D5, D6, D7)."""
    if ctx.expected == _HANDICAP_STEP and ctx.handicap_default is not None and not any(p.orders for p in parsed):
        answer = line_answer(pl.norm, items, soak=False)  # «Снимайте как по умолчанию, мне всё равно»
        if answer not in (Answer.DEFAULT, Answer.RANDOM):
            return None
        return handicap_answer(ctx.handicap_default, 0, len(pl.norm.rstrip()))
    if ctx.expected not in (_DEFENCE_STEP, _SOAK_STEP):
        return None
    soak = ctx.expected == _SOAK_STEP
    # «Принимаю контру» names a boost, but in the soaker's step it is the answer, not a boost; a
    # sentence told as a story («пусть всё идёт в форму») may be one too
    told = [p for p in parsed if p.family != "story"]
    if told and not any(p.failed for p in told) and not (soak and all(p.family == "boosts" for p in told)):
        return None
    answer = line_answer(pl.norm, items, soak=soak, soaker=ctx.soak_slot)
    if answer is None:
        return None
    end = len(pl.norm.rstrip())
    return soak_answer(answer, 0, end) if soak else defence_answer(answer, 0, end)


_DEFENCE_STEP = frozenset({"defence"})
_HANDICAP_STEP = frozenset({"handicap"})
_SOAK_STEP = frozenset({"soak"})


def _sentences(items: list[Item]) -> list[list[Item]]:
    out: list[list[Item]] = [[]]
    for k, it in enumerate(items):
        if it.kind == "sym" and it.text in _SENTENCE_END and not _short_form_dot(items, k):
            if out[-1]:
                out.append([])
            continue
        out[-1].append(it)
    return [s for s in out if s]


def _short_form_dot(items: list[Item], k: int) -> bool:
    """«прев., кл+», «(стр.)»: a dot glued to a word and followed by a comma or a bracket marks a
    short form, not the end of a sentence."""
    return items[k].text == "." and 0 < k < len(items) - 1 and items[k - 1].end == items[k].start \
        and items[k + 1].is_sym(",", ")")


_CONTINUED = ("attack", "defence", "boosts")


def _repeated(p: Parsed, r: Repeat | None) -> Parsed:
    """«Добавляю синий на П3 два раза», «Переношу форму с П4 на П2 дважды», «повышаю класс
    дважды»: the clause's order said n times is one order with n times the count."""
    if r is None or r.count < 2 or p.failed:
        return p
    p.orders = [o.model_copy(update={"count": o.count * r.count}) if "count" in type(o).model_fields else o
                for o in p.orders]
    if p.boosts is not None and p.boosts.class_up:
        p.boosts.class_up *= r.count
        p.orders = [o.model_copy(update={"class_up": p.boosts.class_up}) if isinstance(o, Attack) else o for o in p.orders]
        if p.attack_fields is not None:
            p.attack_fields["class_up"] = p.boosts.class_up
    return p


def _groups(items: list[Item], ctx: Context, norm: str, header: Item | None = None) -> list[tuple[str, list[Item]]]:
    """Clauses and sentences grouped into orders: a sentence without an order of its own continues
    an attack or defence before it («Атакую: П2 → П3. Усиления: класс+.»); otherwise it is chatter.
    Under a unit header a sentence that names none of the poster's characters is that unit's; a
    clause that opens with its verb is the subject's of the clause before it, and an attack clause
    naming nobody retells the attack before it (`reading.ellipsis`)."""
    groups: list[tuple[str, list[Item]]] = []
    sentences = [s for clause in split_items(items, clause_spans(norm, items)) for s in _sentences(clause)]
    sentences = [one for s in sentences for one in expand_group(s, ctx)]  # «всем по зелёному»
    if "build" in ctx.expected:
        sentences = [part for s in sentences for part in build_parts(s)]  # «П1 3/4/2/3, П2 4/2/2/4»
    if header is not None:
        sentences = [under_header(header, s) for s in sentences]
    sentences = resolve_pronouns(sentences, ctx, header)  # «+1 синий Лучнице, она бьёт Молота»
    actor: Item | None = None  # the subject of the clauses so far
    asked = {items[k - 1].end for k in range(1, len(items)) if items[k].is_sym("?")}  # ends of questions
    for n, sentence in enumerate(sentences):
        if groups and takes_back(_words(sentence)) and n + 1 < len(sentences) and replaces(_words(sentences[n + 1])):
            groups.pop()  # «+1 урон... а, первый ход, нельзя. Тогда просто бьёт Тень»: the last order is taken back
            continue
        fam = family(sentence, ctx)
        if fam == NOT_DONE:
            continue  # «Не буду ничего добавлять, Рыцарь бьёт Тень»: said not to be done
        if fam == "bid" and _asked_back(sentence, asked):
            continue  # «Одно? Смешно. Даю два.»: the rival's bid asked back in surprise
        if fam == "attack" and groups and groups[-1][0] == "attack" and retells(sentence):
            groups[-1][1].extend(sentence)  # «… бросается на П4 Бориса и бьёт со всей дури — урон +1»
            continue
        if actor is not None and lacks_subject(sentence):
            sentence = with_subject(actor, sentence)  # «П2 перекладывает … и атакует П4»
            fam = family(sentence, ctx)
        actor = subject(sentence) or actor
        if fam is None and _silent_order(sentence, ctx) and not _told(sentence):
            fam = "unread"  # «Рыцарю 2 синих, теперь у него 5»: a clause that acts is never dropped
        if (fam is None or fam == "boosts") and groups and groups[-1][0] in _CONTINUED:
            # the sentence's own full stop stays between them: a list of boosts ends there
            groups[-1][1].extend([Item("sym", sentence[0].start, sentence[0].start, "."), *sentence])
            continue
        if fam == "handicap" and groups and groups[-1][0] == "handicap":  # «2 с П1, затем 1 с П4»: one order
            groups[-1][1].extend(sentence)
            continue
        if fam is not None:
            groups.append((fam, list(sentence)))
    return groups


def _words(sentence: list[Item]) -> list[str]:
    return [it.text for it in sentence if it.kind == "word"]


def _told(sentence: list[Item]) -> bool:
    """A clause with a verb of its own that is no order word tells a story beside the orders of its
    line («Лиса подкрадывается к Гоблину и кусает — атакую Лисой Гоблина»)."""
    return other_verb(sentence)


def _parse(fam: str, items: list[Item], ctx: Context, pl: PostLine) -> Parsed:
    p = _parse_family(fam, items, ctx, pl)
    if p.failed and _a_story(items) and not must_be_read(items, ctx) \
            and not any(i.code == "read.char_unknown" for i in p.issues):  # «Мечник бьёт Тень»: told, not a story
        return Parsed("story", p.start, p.end)  # «Лучница стреляет без промаха» — role-play (DRP-GEN-05)
    return p


def _a_story(items: list[Item]) -> bool:
    """A sentence telling what a character does (third person, named by name, no slot number) is
    role-play unless it reads as an order: «Страж гасит костёр», «Лучница стреляет без промаха»."""
    if any(it.kind in ("ref", "ordinal") and not it.by_name for it in items):
        return False
    verbs = [it for it in items if it.kind == "word" and it.concept in ORDER_VERBS]
    return bool(verbs) and all("3per" in lemmatizer().grammemes(v.text) for v in verbs)


def _parse_family(fam: str, items: list[Item], ctx: Context, pl: PostLine) -> Parsed:
    kind = FAMILY_KIND.get(fam, fam)
    expected = ctx.expected
    try:
        if fam == "build":
            if expected and "build" not in expected:
                if any(it.kind == "word" and it.concept is None and len(it.text) > 1 for it in items):
                    return Parsed("story", items[0].start, items[-1].end)  # «Лучница у меня хрупкая, 1/2/2/7»
                p = Parsed("sheet_status", items[0].start, items[-1].end)
                p.issues.append(note("read.sheet_status", p.start, p.end, "DRP-GEN-05"))
                return p
            return parse_build(items, ctx, pl.marker_number, pl.typed)
        if expected and fam not in ("boosts", "first_move", "presoak", "ambiguous", "unread") \
                and not _kind_expected(fam, kind, expected):
            if _setup_chatter(items, expected):
                return Parsed("story", items[0].start, items[-1].end)
            return _wrong_step(fam, kind, items, ctx)
        if fam == "unread":
            raise fail("read.unreadable_part", span=(items[0].start, items[-1].end), hint=_order_hint(_step_of(expected)),
                       what=pl.typed(items[0].start, items[-1].end))
        return PARSERS[fam](items, ctx)
    except ReadError as e:
        if expected and fam not in ("build", "unread") and not _kind_expected(fam, kind, expected):
            return _wrong_step(fam, kind, items, ctx)
        p = Parsed(fam, items[0].start, items[-1].end)
        p.issues.append(e.issue)
        return p


_SETUP_KINDS = frozenset({"build", "bid", "pass", "handicap"})
_GAME_OBJECTS = frozenset({"ref", "num", "colour", "zone", "player", "quoted"})


def _setup_chatter(items: list[Item], expected: frozenset[str]) -> bool:
    """Before play, a turn's verb that names no character, token or amount is talk about later:
    «Остальных двоих выставлю позже», «Ладно, плачу за первый ход» (DRP-GEN-05)."""
    return bool(expected & _SETUP_KINDS) and not any(it.kind in _GAME_OBJECTS and it.text not in _PEOPLE
                                                      for it in items)


# «двоих», «троих»: counting people (characters), not tokens
_PEOPLE = frozenset({"двое", "двоих", "двоим", "трое", "троих", "троим", "четверо", "четверых"})


def _kind_expected(fam: str, kind: str, expected: frozenset[str]) -> bool:
    if fam == "swap":
        return bool(expected & {"swap_storage", "swap_characters"})
    return kind in expected


def _wrong_step(fam: str, kind: str, items: list[Item], ctx: Context) -> Parsed:
    """«Сейчас защита, а эта строка — атака» (DRP-GEN-03)."""
    p = Parsed(fam, items[0].start, items[-1].end)
    step = _step_of(ctx.expected)
    p.issues.append(Issue("step.wrong_kind",
                          msg("step.wrong_kind", step=legality.STEP_RU.get(step, step),
                              kind=legality.KIND_RU.get(kind, kind)),
                          _order_hint(step), "DRP-GEN-03", Severity.ERROR, ProblemKind.ILLEGAL, p.start, p.end))
    return p


def _step_of(expected: frozenset[str]) -> str:
    for step, kinds in legality.STEP_KINDS.items():
        if kinds and expected == kinds:
            return step
    return "turn"


def _order_hint(step: str) -> str | None:
    example = EXAMPLES.get(step)
    return msg("read.hint_order", example=example[1]) if example else None


def _example_hint(state: State) -> str | None:
    return _order_hint(state.phase)


def _looks_like_order(pl: PostLine, items: list[Item]) -> bool:
    return _cue(pl, items) is not None


def _cue(pl: PostLine, items: list[Item]) -> Cue | None:
    has_ref = any(it.kind == "ref" for it in items)
    return order_cue(tokens(pl.norm[:2000]), lemmatizer(), ORDER_VERBS, pl.norm[:2000],
                     (_ARROW_CUE, _SHEET_CUE), _VERB_VOCABULARY, has_reference=has_ref)


def _unreadable(pl: PostLine, items: list[Item], ctx: Context) -> Problem:
    cue = _cue(pl, items)
    step = _step_of(ctx.expected) if ctx.expected else None
    if cue is not None and cue.suggestion:
        issue = Issue("read.unreadable_word", msg("read.unreadable_word", word=cue.word),
                      msg("read.hint_maybe", word=cue.suggestion), start=cue.start, end=cue.end)
        return _problem(pl, issue)
    return _problem(pl, Issue("read.unreadable", msg("read.unreadable"), _order_hint(step) if step else None),
                    whole=True)


# --- stage 1b: orders that span lines --------------------------------------------------------------
def _merge(lines: list[_Line], ctx: Context) -> list[_Entry]:
    """Put the parts of one order together: boosts on the line after an attack, a defence and its
    pre-declared soak, «добираю» after a reroll, builds without a slot number."""
    entries: list[_Entry] = []
    defence: _Entry | None = None
    defending = "defence" in ctx.expected
    taken_slots = {p.orders[0].slot for ln in lines for p in ln.parsed
                   if p.family == "build" and p.orders and not p.build_slot_missing}
    next_slot = 1
    for line in lines:
        for p in line.parsed:
            if p.failed:
                continue
            if p.family == "build" and p.build_slot_missing and p.orders:
                while next_slot in taken_slots:
                    next_slot += 1
                p.orders[0] = p.orders[0].model_copy(update={"slot": min(next_slot, 4)})
                taken_slots.add(next_slot)
            if p.family in ("defence", "presoak") or (p.family == "boosts" and defending):
                if defence is None:
                    defence = _Entry(line, p, None)
                    p.boosts = p.boosts or Boosts()
                    p.family = "defence"
                    entries.append(defence)
                else:
                    _absorb_into_defence(defence, p)
                continue
            if p.family == "boosts":
                last = entries[-1] if entries else None
                if last is not None and last.parsed.family == "attack":  # «Усиления: …» under the attack
                    last.parsed.boosts.merge(p.boosts)  # type: ignore[union-attr]
                    _rebuild_attack(last)
                    p.family = "boosts_merged"
                    continue
                if ctx.expected == _SOAK_STEP and _the_blow_taken(p.boosts):
                    p.family = "chatter"  # «Контра, ну-ну. Гашу 2 временем.»: the blow that hit, not a boost
                    continue
                step = _step_of(ctx.expected) if ctx.expected else "turn"
                if ctx.expected and "attack" not in ctx.expected:
                    p.issues.append(Issue("read.boosts_wrong_side",
                                          msg("read.boosts_wrong_side", step=legality.STEP_RU.get(step, step),
                                              side="атаки"),
                                          _order_hint(step), "DRP-GEN-03", kind=ProblemKind.ILLEGAL,
                                          start=p.start, end=p.end))
                else:
                    p.issues.append(Issue("read.boosts_alone", msg("read.boosts_alone"),
                                          msg("read.hint_attack"), "DRP-ATK-01", start=p.start, end=p.end))
                continue
            if p.family == "draw_more":
                last = entries[-1] if entries else None
                if last is not None and isinstance(last.order, Reroll):
                    if p.draw_count is not None and p.draw_count != last.order.count:
                        p.issues.append(Issue("read.reroll_count",
                                              msg("read.reroll_count", said=p.draw_count, n=last.order.count),
                                              msg("read.hint_reroll_count", n=last.order.count), "DRP-GAP-10",
                                              kind=ProblemKind.ILLEGAL, start=p.start, end=p.end))
                    continue
                p.issues.append(Issue("read.draw_alone", msg("read.draw_alone"), msg("read.hint_reroll"),
                                      "DRP-RES-09", start=p.start, end=p.end))
                continue
            if p.family in ("first_move", "sheet_status"):
                continue
            if p.attack_fields is not None:
                entries.append(_Entry(line, p, None))
                continue
            for order in p.orders:
                entries.append(_Entry(line, p, order))
    if defence is not None:
        _finish_defence(defence)
    return entries


def _rebuild_attack(e: _Entry) -> None:
    """The attack with the boosts of the lines after it added."""
    p = e.parsed
    b = p.boosts
    assert b is not None
    fields = {"class_up": b.class_up, "damage": b.damage, "insurance": b.insurance, "superiority": b.superiority}
    if p.attack_fields is not None:
        p.attack_fields.update(fields)
    elif e.order is not None:
        e.order = e.order.model_copy(update=fields)
        p.orders = [e.order]
    if (b.counter or b.absorb) and not any(i.code == "read.defence_boost_in_attack" for i in p.issues):
        word = "контратака" if b.counter else "поглощение"
        p.issues.append(Issue("read.defence_boost_in_attack", msg("read.defence_boost_in_attack", word=word),
                              None, "DRP-ATK-07", kind=ProblemKind.ILLEGAL, start=p.start, end=p.end))


def _the_blow_taken(b: Boosts | None) -> bool:
    """In the soaker's step a counterattack named alone is the blow he is paying for, not a boost."""
    return b is not None and b.counter and not (b.class_up or b.damage or b.insurance or b.superiority or b.absorb)


def _absorb_into_defence(defence: _Entry, p: Parsed) -> None:
    """Another line of the same defence post: more boosts, or the pre-declared soak."""
    if p.boosts is not None:
        defence.parsed.boosts.merge(p.boosts)  # type: ignore[union-attr]
    if p.presoak is not None:
        defence.parsed.presoak = p.presoak
        defence.presoak_from = p
    p.family = "defence_part"


def _finish_defence(e: _Entry) -> None:
    b = e.parsed.boosts or Boosts()
    if b.side == "attack":
        e.parsed.issues.append(Issue("read.boosts_wrong_side",
                                     msg("read.boosts_wrong_side", step=legality.STEP_RU["defence"], side="атаки"),
                                     _order_hint("defence"), "DRP-GEN-03", kind=ProblemKind.ILLEGAL,
                                     start=e.parsed.start, end=e.parsed.end))
    e.order = Defence(class_up=b.class_up, insurance=b.insurance, superiority=b.superiority, counter=b.counter,
                      absorb_named=b.absorb, presoak=e.parsed.presoak)
    if b.damage:
        e.parsed.issues.append(Issue("read.boosts_wrong_side", msg("read.boosts_wrong_side",
                                                                  step=legality.STEP_RU["defence"], side="атаки"),
                                     None, "DRP-ATK-04", kind=ProblemKind.ILLEGAL,
                                     start=e.parsed.start, end=e.parsed.end))
    if b.absorb:
        e.parsed.issues.append(note("read.absorb_note", e.parsed.start, e.parsed.end, "DRP-GAP-18"))
    if not b.said and not b.none_said:
        e.parsed.issues.append(note("read.defence_default", e.parsed.start, e.parsed.end, "DRP-DEF-02"))


# --- stage 2: legality, in post order on the running state -----------------------------------------------------
def _check(entries: list[_Entry], state: State, faction: str, ctx: Context) -> None:
    s = state
    attack_line: int | None = None
    draw_after = False
    emergency = False
    for e in entries:
        p = e.parsed
        if p.failed:
            continue
        if isinstance(e.order, Skip) and p.conditional and emergency:
            # «…на случайные; если синего не придёт — пропускаю»: the rules skip the turn then anyway
            p.issues.append(note("skip.conditional_note", p.start, p.end, "DRP-RES-13"))
            e.order = None
            p.orders = []
            continue
        if attack_line is not None:
            kind = "read.two_attacks" if isinstance(e.order, Attack) or p.attack_fields is not None else "step.after_attack"
            text = msg(kind, line=attack_line)
            p.issues.append(Issue(kind, text, None, "DRP-ATK-01" if kind == "read.two_attacks" else "DRP-GEN-03",
                                  kind=ProblemKind.ILLEGAL, start=p.start, end=p.end))
            continue
        if p.attack_fields is not None and e.order is None:
            e.order = _find_attacker(s, faction, p, ctx)
            if e.order is None:
                continue
        if e.order is None:
            continue
        before = s
        s, violations = legality.simulate(s, faction, e.order)
        for v in violations:
            where = e.presoak_from if (e.presoak_from is not None and "presoak" in v.code) else p
            where.issues.append(Issue(v.code, v.message, v.hint, v.clause, Severity.ERROR, ProblemKind.ILLEGAL,
                                      where.start, where.end))
        if violations:
            e.line.summaries.append(e.order.to_text())  # type: ignore[attr-defined]
            continue
        summary, cost = legality.describe(before, faction, e.order)
        e.line.summaries.append(summary)
        e.line.cost = cost or e.line.cost
        if draw_after:
            p.issues.append(note("draw.pending_note", p.start, p.end, "DRP-GAP-12"))
        if isinstance(e.order, (Reroll, Emergency)):
            draw_after = True
            emergency = emergency or isinstance(e.order, Emergency)
        if isinstance(e.order, (Attack, Skip)):
            attack_line = e.line.post.number


def _find_attacker(s: State, faction: str, p: Parsed, ctx: Context) -> Attack | None:
    """The attacker was not named: the one living character that may attack, if there is one."""
    fields = p.attack_fields or {}
    fits = []
    for slot in sorted(ctx.me.chars):
        order = Attack(attacker=slot, **fields)
        if not legality.simulate(s, faction, order)[1]:
            fits.append(order)
    if len(fits) == 1:
        p.issues.append(note("read.attacker_inferred", p.start, p.end, "DRP-ATK-01", who=f"П{fits[0].attacker}"))
        p.orders = [fits[0]]
        return fits[0]
    if not fits:
        p.issues.append(Issue("read.attack_attacker", msg("read.attack_attacker"), msg("read.hint_attack"),
                              "DRP-ATK-01", kind=ProblemKind.UNREADABLE, start=p.start, end=p.end))
    else:
        who = ", ".join(f"П{o.attacker}" for o in fits)
        p.issues.append(Issue("read.attacker_ambiguous", msg("read.attacker_ambiguous", who=who),
                              msg("read.hint_attack"), "DRP-ATK-01", kind=ProblemKind.AMBIGUOUS,
                              start=p.start, end=p.end))
    return None


# --- stage 3: the reading -----------------------------------------------------------------------------
def _problem(pl: PostLine, issue: Issue, whole: bool = False) -> Problem:
    if whole or issue.end <= issue.start:
        stripped = pl.original.rstrip()
        start = len(pl.original) - len(pl.original.lstrip())
        col_start, col_end = (start, len(stripped)) if stripped else (0, 0)
    else:
        col_start, col_end = pl.span(issue.start, issue.end)
    return Problem(line=pl.number, col_start=col_start, col_end=col_end, severity=issue.severity, kind=issue.kind,
                   code=issue.code, message=issue.message, hint=issue.hint, clause=issue.clause)


def _reading(lines: list[_Line], entries: list[_Entry], state: State, faction: str, ctx: Context) -> Reading:
    reading = Reading()
    for line in lines:
        for p in line.parsed:
            line.problems.extend(_problem(line.post, issue) for issue in p.issues)
        if any(pr.is_error for pr in line.problems):
            line.status = LineStatus.ERROR
        elif any(p.orders or p.family in _ORDER_FAMILIES for p in line.parsed):
            line.status = LineStatus.ORDER
        reading.problems.extend(line.problems)
        summary = "; ".join(s for s in line.summaries if s) or None
        reading.lines.append(LineReading(line=line.post.number, text=line.post.original, status=line.status,
                                         summary=summary, cost=line.cost))
    # Orders from lines that read cleanly; with any error the post as a whole is refused anyway.
    reading.orders = [e.order for e in entries if e.order is not None and not e.parsed.failed]
    _post_level(reading, lines, state, ctx)
    reading.problems.sort(key=lambda pr: (pr.line, pr.col_start))
    return reading


_ORDER_FAMILIES = frozenset({"defence", "defence_part", "boosts_merged", "draw_more"})


def _post_level(reading: Reading, lines: list[_Line], state: State, ctx: Context) -> None:
    """A post with no order where one is required; a turn left open (DRP-GAP-12)."""
    if not ctx.expected:
        return
    step = _step_of(ctx.expected)
    any_order = any(ln.status in (LineStatus.ORDER, LineStatus.ERROR) for ln in lines)
    if not any_order:
        require_an_order(reading, expected=EXPECTED.get(step, EXPECTED["turn"]), example=example(state, ctx.me.faction),
                         clause="DRP-GEN-03")
        return
    if step == "turn" and reading.ok and not any(isinstance(o, (Attack, Skip)) for o in reading.orders):
        reading.problems.append(Problem(line=1, severity=Severity.NOTE, kind=ProblemKind.INFO,
                                        code="read.turn_continues", message=msg("read.turn_continues"),
                                        clause="DRP-GAP-12"))
