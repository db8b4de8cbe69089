"""Reading a Tetranomicon post: `read_post(text, state, faction) -> Reading` (checklist §3).

A post is one turn: one action or a pass (TET-ACT-01, TET-GAP-27). The reader stands on the shared
reading core: `split_post` (quotes, BBCode, emoticons, off-topic, list markers), the line's words
and mentions (`reading.words`: castles, segments, cards, buildings in any case, short form, code
or with a typo, through `NameIndex`), its sentences with bookkeeping taken out (`reading.lines`),
and the order kinds declared as frames (`reading.frames`). Before a line is read, what its writer
struck out or corrected is taken back (`without_struck`, `reading.amend`), and a choice the
position decides is settled (`reading.alternatives`); an «UPD:» line with a whole order replaces
the orders above it.

Every line is one of: an order (read, then checked with `rules.legality.check`; its line shows
the arithmetic as `rules.explain` writes it — sources, routes, whose routes are charged,
discounts, total, coins left; for a campaign the monsters with each supporting neighbour, the
swords, the path — and what the server chose), the supply sources of the build above it
(«Ферма — из Озёрска, лесопилка — из Дубравы»), an error with a hint (an action word or a game
object said as an order that cannot be read, a second action: TET-GAP-27), or flavour
(role-play, table talk, bookkeeping, quotes, questions, what other players did, plans for later,
what the poster holds already: `reading.telling`). A post with no
order is refused through `require_an_order` with an example from the poster's position.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from itertools import pairwise

from pydantic import BaseModel

from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.frames import Evidence, Mention, is_order_line, readings_text
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.reading import read_or_report, require_an_order
from letopis.engine.text import LineKind, PostLine, split_post, without_struck

from .data import material_for
from .messages import Violation, render
from .orders import Build, Campaign, CreateArtifact, LayRoute, Pass, Summon
from .reading.alternatives import chosen, conditional
from .reading.amend import amended
from .reading.frames import Built, build_order, evidence, pick
from .reading.lines import MENTIONS, analyse, says_an_order
from .reading.messages import msg
from .reading.pieces import pieces
from .reading.telling import restates_own, role_play
from .reading.words import ROLE_WORDS, Item, lemmatizer, read_items, vocabulary
from .rules.explain import explain
from .rules.legality import check
from .state import State

WONDERING = frozenset({"что", "куда", "где", "какой", "какую", "какое", "какие", "кого", "чем", "зачем", "ли",
                       "стоит", "может", "наверное"})
MAX_ORDER_LINE = 1500  # characters: a longer line is a paragraph of prose
EXPECTED = "одно действие (строительство, маршрут, артефакт, существо или поход) или пас"
ACTIONS = frozenset({"v_build", "v_route", "v_artifact", "v_summon", "v_campaign", "v_pass", "v_take"})


def read_post(text: str, state: State, faction: str) -> Reading:
    """Read a post into orders and problems. Never raises."""
    return read_or_report(read_post_strict, text, state, faction, message=msg("read.internal")[0])


@dataclass
class _LineOutcome:
    post: PostLine
    status: LineStatus = LineStatus.FLAVOUR
    order: BaseModel | None = None
    sources: list = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    second: BaseModel | None = None  # another action on the same line (TET-GAP-27)
    repeats: int | None = None  # the line of the order this one says again
    reckoning: bool = False  # an order with no action word on a line of arithmetic («…, 4 − 1 = 3»)
    notes: list[tuple[str, str]] = field(default_factory=list)
    replaced: int | None = None  # the update line that took this line's order back


def read_post_strict(text: str, state: State, faction: str) -> Reading:
    if state.phase == "over":
        message, hint = msg("read.game_over")
        return Reading(problems=[Problem(line=1, code="read.game_over", message=message, clause="TET-GEN-01")])
    if not text or not text.strip():
        message, hint = msg("read.empty")
        return Reading(problems=[Problem(line=1, code="read.empty", message=message, hint=hint,
                                         kind=ProblemKind.UNREADABLE, clause="TET-ACT-01")])
    m = material_for(state)
    vocab = vocabulary(m, tuple((f, p.name) for f, p in state.players.items()))
    outcomes = _reckonings_give_way([_read_line(pl, state, faction, vocab) for pl in _split(text)], state, faction)
    outcomes = _updates_replace(outcomes, state, faction, vocab)
    reading = Reading()
    first: _LineOutcome | None = None
    for out in outcomes:
        if out.sources and out.order is None and not out.problems:
            if first is not None and isinstance(first.order, Build) and not first.second:
                have = {s.building for s in first.order.sources}
                extra = tuple(s for s in out.sources if s.building not in have)
                first.order = first.order.model_copy(update={"sources": (*first.order.sources, *extra)})
                out.status = LineStatus.ORDER
                out.notes.append(("", ""))  # marks the line as part of the build
                continue
            message, hint = msg("read.sources_alone", example=_example(state, faction, m, builds=True))
            out.problems.append(_problem(out.post, "read.sources_alone", message, hint, "TET-BLD-08"))
            out.status = LineStatus.ERROR
            continue
        if out.order is None:
            continue
        if first is None:
            first = out
            if out.second is not None:
                _second_action(out)
        elif first.second is None and out.second is None and first.order is not None \
                and (joined := _same_action(first.order, out.order)) is not None:
            # «…тролль, которого давно никто не звал. Я позову.» / «Призываю Горного Тролля!»: the
            # line that says the whole action carries it, the other one points at it
            if joined == out.order != first.order:
                first.repeats, first = out.post.number, out
            else:
                first.order, out.repeats = joined, first.post.number
        else:
            _second_action(out)
    if first is not None and first.order is not None:
        _check(first, state, faction, m)
        if _text(first.order, m) is not None:  # an order naming what the board lacks stays an error
            reading.orders.append(first.order)
    for out in outcomes:
        summary = None
        cost = None
        if out is first and out.order is not None:
            summary = _text(out.order, m)
            cost = getattr(out, "cost", None)
        elif out.repeats is not None:
            summary = f"то же действие, что в строке {out.repeats}"
        elif out.replaced is not None:
            summary = f"отменено обновлением в строке {out.replaced}"
        elif out.status is LineStatus.ORDER and out.order is None and first is not None and first.order is not None:
            summary = "источники для строительства выше: " + ", ".join(
                s.to_text(m) for s in first.order.sources) if isinstance(first.order, Build) else None
        reading.lines.append(LineReading(line=out.post.number, text=out.post.original, status=out.status,
                                         summary=summary, cost=cost))
        reading.problems.extend(out.problems)
    if not reading.orders and reading.ok:
        require_an_order(reading, expected=EXPECTED, example=_example(state, faction, m), clause="TET-ACT-01")
    return reading


def _reckonings_give_way(outcomes: list[_LineOutcome], state: State, faction: str) -> list[_LineOutcome]:
    """A player works out the cost beside his order («[spoiler=расчёт]ферма в Северграде, река моя →
    надбавки нет, 4 − 1 = 3[/spoiler]» / «Строю лесопилку в Речном Броде.»): an order read with no
    action word from a line of arithmetic, naming what the poster already has (his farm there),
    is that reckoning, not a second action, when another line says an order. Alone, or naming
    something new («Рудник в Дубраве, 4 − 1 = 3»), it stays an order."""
    if any(o.order is not None and not o.reckoning for o in outcomes):
        for o in outcomes:
            if o.reckoning and o.second is None and _already_has(o.order, state, faction):
                o.order, o.status, o.notes = None, LineStatus.FLAVOUR, []
    return outcomes


def _updates_replace(outcomes: list[_LineOutcome], state: State, faction: str, vocab) -> list[_LineOutcome]:
    """«UPD: передумала — поход на Каменец.» under «Лесопилка в Речном Броде.»: an update line that
    says a whole order is the poster's order now, and the orders above it are taken back. An
    update that says none stays a note."""
    for k, out in enumerate(outcomes):
        pl = out.post
        if pl.kind is not LineKind.FLAVOUR or pl.reason != "edit" or not pl.norm or ":" not in pl.norm[:12]:
            continue
        cut = pl.norm.index(":") + 1
        body = replace(pl, kind=LineKind.TEXT, norm=pl.norm[cut:].lstrip(),
                       cols=(pl.cols or [])[cut + len(pl.norm[cut:]) - len(pl.norm[cut:].lstrip()):])
        got = _read_line(body, state, faction, vocab)
        if got.order is None or got.problems:
            continue
        got.post = pl
        for before in outcomes[:k]:
            if before.order is not None or before.sources:
                before.order, before.second, before.sources, before.problems = None, None, [], []
                before.status, before.replaced = LineStatus.FLAVOUR, pl.number
        outcomes[k] = got
    return outcomes


def _already_has(order: BaseModel | None, state: State, faction: str) -> bool:
    """Whether an order names what the poster holds already: a building of that kind in that
    castle, a card of his, a route of his."""
    me = state.players.get(faction)
    if isinstance(order, Build):
        return any(b.kind == order.building and b.castle == order.castle for b in state.buildings_of(faction))
    if isinstance(order, (CreateArtifact, Summon)) and me is not None:
        return order.card is not None and order.card in (*me.artifacts, *me.creatures)
    if isinstance(order, LayRoute):
        return state.routes.get(order.segment) == faction
    return False


def _text(order: BaseModel, m) -> str | None:
    """The canonical text of an order, or None when it names something the board lacks."""
    try:
        return order.to_text(m)  # type: ignore[attr-defined]
    except KeyError:
        return None


def _same_action(a: BaseModel, b: BaseModel) -> BaseModel | None:
    """The one action two lines say, when they say the same (the later may add what the earlier
    left out: «Поход на Каменец.» / «Из Северграда, на Каменец»); None when they differ."""
    if type(a) is not type(b):
        return None
    merged: dict = {}
    for name in type(a).model_fields:
        x, y = getattr(a, name), getattr(b, name)
        if x == y or y in (None, ()):
            merged[name] = x
        elif x in (None, ()):
            merged[name] = y
        else:
            return None
    return type(a).model_validate(merged)


def _second_action(out: _LineOutcome) -> None:
    v = Violation(code="one_action", clause="TET-GAP-27", params={})
    message, hint = render(v)
    out.problems.append(_problem(out.post, "one_action", message, hint, "TET-GAP-27"))
    out.status = LineStatus.ERROR
    if out.second is None:
        out.order = None


def _check(out: _LineOutcome, state: State, faction: str, m) -> None:
    assert out.order is not None
    c = check(state, faction, out.order)
    for v in c.violations:
        message, hint = render(v)
        out.problems.append(_problem(out.post, v.code, message, hint, v.clause, kind=ProblemKind.ILLEGAL))
    if c.violations:
        out.status = LineStatus.ERROR
    lines = explain(c.quote, state, m) if c.quote is not None else []
    out.cost = " ".join(lines) if lines else None  # type: ignore[attr-defined]
    for written, name in out.notes:
        if written:
            message, _ = msg("read.note_fit", written=written, name=name)
            out.problems.append(Problem(line=out.post.number, code="read.note_fit", message=message,
                                        severity=Severity.NOTE, kind=ProblemKind.INFO))


def _problem(pl: PostLine, code: str, message: str, hint: str | None, clause: str | None, *,
             kind: ProblemKind = ProblemKind.UNREADABLE) -> Problem:
    return Problem(line=pl.number, col_start=0, col_end=len(pl.original), code=code, message=message,
                   hint=hint, clause=clause, kind=kind)


def _split(text: str) -> list[PostLine]:
    """`split_post`, except that a copied quote header («Борис писал(а):») followed at once by a
    [quote]…[/quote] block ends with that block: the lines after it are the poster's own."""
    lines = split_post(text)
    raw = text.splitlines()
    heads = [x.number for x in lines if x.kind is LineKind.QUOTE and x.reason == "header"
             and x.number < len(raw) and raw[x.number].lstrip().lower().startswith("[quote")]
    if not heads:
        return lines
    for n in heads:
        raw[n - 1] = ""
    again = split_post("\n".join(raw))
    for x in again:
        if x.number in heads:
            x.kind, x.reason = LineKind.QUOTE, "header"
            x.original = text.splitlines()[x.number - 1]
    return again


# --- one line -------------------------------------------------------------------------------------
def _read_line(pl: PostLine, state: State, faction: str, vocab) -> _LineOutcome:
    out = _LineOutcome(pl)
    pl = without_struck(pl)
    if pl.kind is LineKind.TEXT and pl.norm and len(pl.norm) <= MAX_ORDER_LINE:
        pl = amended(pl, vocab)
    if pl.kind is LineKind.BLANK:
        out.status = LineStatus.BLANK
        return out
    if pl.kind is LineKind.QUOTE:
        out.status = LineStatus.QUOTE
        return out
    if pl.kind is LineKind.TEXT and len(pl.norm) > MAX_ORDER_LINE:
        if says_an_order(pl.norm):  # an order said in a paragraph too long to read: never dropped
            message, hint = msg("read.long_line", limit=MAX_ORDER_LINE)
            out.problems.append(_problem(pl, "read.long_line", message, hint, "TET-ACT-02"))
            out.status = LineStatus.ERROR
        return out
    if pl.kind is LineKind.FLAVOUR or not pl.norm:
        return out
    if (decided := _decided(pl, state, faction, vocab)) is not None:
        return decided
    sentences = [s for s in analyse(pl.norm, vocab, faction, state.epoch) if not s.chatter]
    if not sentences:
        return out
    if restates_own(sentences, state, faction):
        return out
    parts = pieces(pl.norm, sentences)
    orders: list[tuple[BaseModel, list[tuple[str, str]]]] = []
    for items, concepts, verbless in parts:
        got = _read_piece(items, concepts, verbless, state, faction, vocab)
        if got is not None and got.ok:
            assert got.order is not None
            if all(o.model_dump() != got.order.model_dump() for o, _ in orders):
                orders.append((got.order, got.notes))
    if len(orders) >= 2 and len({type(o) for o, _ in orders}) >= 2 or len(orders) >= 2 and not _mergeable(orders):
        out.status = LineStatus.ORDER
        out.order, out.notes = orders[0]
        out.second = orders[1][0]
        return out
    items = [it for s in sentences for it in s.items]
    concepts = [c for s in sentences for c in s.concepts]
    verbless = all(s.verbless for s in sentences)
    got = _read_piece(items, concepts, verbless, state, faction, vocab)
    if len(orders) == 1 and got is None:
        # «Пойду посмотрю, что там на Перевале. Лесопилка в Броде.»: the one sentence that reads
        # is the order, though the line as a whole does not
        got = Built(order=orders[0][0], notes=orders[0][1])
    if got is None:
        characters = set().union(*(s.narrated_cards() for s in sentences))
        if not role_play(pl) and _is_order_line([it for it in items if it.start not in characters], concepts, state, faction):
            message, hint = msg("read.unreadable", example=_example(state, faction, vocab.m))
            out.problems.append(_problem(pl, "read.unreadable", message, hint, "TET-ACT-02"))
            out.status = LineStatus.ERROR
        return out
    if got.ok:
        out.status = LineStatus.ORDER
        out.order = got.order
        out.notes = got.notes
        out.reckoning = got.implied and "=" in pl.norm
        return out
    if got.sources and got.error is None:
        out.sources = got.sources
        return out
    if got.error == "flavour" or role_play(pl):
        return out  # a line of role-play that reads to no whole order narrates
    assert got.error is not None
    message, hint = msg(got.error, **got.params)
    kind = ProblemKind.AMBIGUOUS if got.error == "read.ambiguous" else ProblemKind.UNREADABLE
    out.problems.append(_problem(pl, got.error, message, hint, got.clause, kind=kind))
    out.status = LineStatus.ERROR
    return out


def _decided(pl: PostLine, state: State, faction: str, vocab) -> _LineOutcome | None:
    """The line's order when it is a choice the position or the poster decides
    (`reading.alternatives`): the first branch of «если …, иначе …» that can be done, or the
    option a later sentence picks; None when the line is no such choice or its branches do not
    read (the line is then read as any other)."""
    branches = conditional(pl.norm, _verb_of, lambda t: _objects_of(t, vocab))
    if branches is not None:
        first = _read_branch(pl, branches.first, state, faction, vocab)
        if first is not None and (branches.other is None or check(state, faction, first.order).ok):
            return first
        other = _read_branch(pl, branches.other, state, faction, vocab) if branches.other else None
        return other or first
    sentences = [x.strip() for x in pl.norm.split(". ")]
    for options, choice in pairwise(sentences):
        picked = chosen(options, choice, lambda t: _kinds_of(t, vocab))
        if picked is not None:
            return _read_branch(pl, picked, state, faction, vocab)
    return None


def _read_branch(pl: PostLine, text: str, state: State, faction: str, vocab) -> _LineOutcome | None:
    """A branch read as a line of its own, kept only when it reads to an order with no problem."""
    got = _read_line(replace(pl, kind=LineKind.TEXT, text=text, norm=text, cols=[0] * len(text)), state, faction, vocab)
    if got.order is None or got.problems or got.second is not None:
        return None
    got.post = pl
    return got


def _verb_of(text: str) -> str | None:
    """The action word a text opens with («строю», «беру»)."""
    word = text.split(maxsplit=1)[0] if text.strip() else ""
    return word if lemmatizer().concept(word) in ACTIONS else None


def _objects_of(text: str, vocab) -> str | None:
    """The stretch of a text from its first game object (with the preposition before it) to its
    last: «на перевале», «лесопилку в озерске», «каменец - дубрава»."""
    items = read_items(text, vocab)
    at = [k for k, it in enumerate(items) if it.kind in ("castle", "segment", "card", "building")]
    if not at:
        return None
    k = at[0] - 1 if at[0] and items[at[0] - 1].kind == "word" and items[at[0] - 1].text in ROLE_WORDS else at[0]
    return text[items[k].start : items[at[-1]].end]


def _kinds_of(text: str, vocab) -> set[str]:
    """The kinds of action a text names: by an action word, a building, a card or a segment."""
    by_object = {"building": "v_build", "segment": "v_route", "card": "card"}
    return {it.concept if it.kind == "concept" else by_object[it.kind] for it in read_items(text, vocab)
            if it.kind == "concept" and it.concept in ACTIONS or it.kind in by_object}


def _mergeable(orders: list[tuple[BaseModel, list]]) -> bool:
    """Two readings of the same kind where one only adds to the other («Трофей Перевала — мой!
    Поход из Дубравы»): one action said in two sentences."""
    a, b = orders[0][0], orders[1][0]
    if isinstance(a, Campaign) and isinstance(b, Campaign):
        return a.castle == b.castle
    if isinstance(a, Build) and isinstance(b, Build):
        return a.castle == b.castle and a.building == b.building
    if isinstance(a, (CreateArtifact, Summon)) and type(a) is type(b):
        return a.card == b.card or a.slot == b.slot
    if isinstance(a, LayRoute) and isinstance(b, LayRoute):
        return a.segment == b.segment
    return isinstance(a, Pass) and isinstance(b, Pass)


def _read_piece(items: list[Item], concepts: list, verbless: bool, state: State, faction: str,
                vocab) -> Built | None:
    """What a piece reads to; None when no frame applies at all."""
    me = state.players.get(faction)
    own = frozenset((*me.creatures, *me.artifacts)) if me else frozenset()
    choice = pick(evidence(items, concepts, vocab, verbless, own))
    if choice.ambiguous:
        return Built(error="read.ambiguous", clause="TET-ACT-02", params={"readings": readings_text(choice.rivals)})
    if choice.best is None:
        return None
    kind = choice.best.frame.kind
    got = build_order(kind, items, state, vocab)
    got.implied = choice.best.why.startswith("implied")
    if got.ok or got.sources:
        return got
    # not complete: an error when an order was said, flavour when only hinted at
    frame_triggers = choice.best.frame.triggers
    strengths = {how for c, how, _ in concepts if c in frame_triggers}
    if not any(it.kind in MENTIONS for it in items) and any(it.kind == "word" and it.text in WONDERING for it in items):
        return Built(error="flavour")  # «Думаю, что взять», «не знаю, куда идти»
    if "verb" in strengths:
        return got
    if "noun" in strengths:
        if _header_only(items):
            return Built(error="flavour")
        return got
    if _objects_only(items):
        return got  # «Грифон и Речной Змей.»: a line of game objects alone is an order, or an error
    return Built(error="flavour")


def _objects_only(items: list[Item]) -> bool:
    """A piece made of nothing but game objects, numbers and «и/или» (the veteran's terse line)."""
    return all(it.kind in MENTIONS or it.kind in ("num", "sym") or it.kind == "word" and it.text in ("и", "или")
               for it in items)


def _header_only(items: list[Item]) -> bool:
    for it in items:
        if it.kind in ("sym", "concept", "person"):
            continue
        if it.kind == "word" and (len(it.text) <= 2 or it.text in ("действие", "действия", "мой", "ход", "фаза")):
            continue
        return False
    return True


def _is_order_line(items: list[Item], concepts: list, state: State, faction: str) -> bool:
    """The core's rule: one of the poster's own objects (a card of his army or Артефактум) with an
    action word, a place or an amount is an order line. The caller leaves out the cards that are
    characters of a narrated phrase (`Sentence.narrated_cards`): a creature is no piece on the
    board, and «Дух подсказывает…: у брода» is role-play."""
    me = state.players.get(faction)
    own = set(me.creatures) | set(me.artifacts) if me else set()
    ev = Evidence(context=frozenset({"arrow"}) if any(it.sym("→") for it in items) else frozenset())
    for it in items:
        if it.kind == "card" and it.value in own:
            ev.mentions.append(Mention("own", it.start, it.end))
        elif it.kind in ("castle", "segment", "tower"):
            ev.mentions.append(Mention("cell", it.start, it.end))
        elif it.kind == "num":
            ev.mentions.append(Mention("amount", it.start, it.end))
    for c, _, it in concepts:
        ev.concepts.append((c, it.start, it.end))
    return is_order_line(ev, ACTIONS, [it.text for it in items if it.kind == "word"])


# --- an example from the poster's position ---------------------------------------------------------
def _example(state: State, faction: str, m, *, builds: bool = False) -> str:
    """A legal order of this player, written canonically («Существо: «Грифон»»), else «Пас»."""
    me = state.players.get(faction)
    if me is None:
        return "Пас"
    tries: list[BaseModel] = []
    if builds:
        from .data import BUILDING_KINDS
        for b in state.buildings_of(faction):
            for kind in BUILDING_KINDS:
                tries.append(Build(building=kind, castle=b.castle))
    tries += [Summon(card=c) for c in state.creature_pool if c is not None]
    tries += [CreateArtifact(card=c) for c in state.artifact_pool if c is not None]
    tries += [LayRoute(segment=s) for s in m.segments if s not in state.routes][:4]
    tries += [Campaign(castle=c) for c in state.trophies]
    for order in tries:
        if check(state, faction, order).ok:
            return order.to_text(m)
    if builds:
        return "Строю ферму в " + (m.board.castles[0].locative or m.board.castles[0].name).split(" ", 1)[-1]
    return "Пас"
