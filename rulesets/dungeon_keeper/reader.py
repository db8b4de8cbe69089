"""Reading a Dungeon Keeper post: `read_post(text, state, faction) -> Reading`.

Three stages, as python-chess reads a move. What each line says (`reading.syntax`: unit headers,
«N ОД:» prefixes, several orders per line; cached by text). What it means here (`reading.dispatch`:
which unit, which building, dig or mine, against the state as the post goes on). Whether it is
legal at that point of the post (`rules.legality.checker.Checker`, which applies each accepted
order to its overlay, DK-GAP-11) and what it will do (`Checker.describe`, for the live check).

Lines that are not orders — greetings, role-play, quotes, BBCode, emoticons, questions to the GM,
the player's own bookkeeping (checklist §3.3) — are flavour and never an error; bookkeeping that
contradicts the state gets a note (`reading.notes`). A line that looks like an order and cannot be
read is an error with a hint («может быть, «копает»?»). Every problem points at its line and at
the columns the player typed.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pydantic import BaseModel

from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.frames import readings_text
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.reading import read_or_report, require_an_order
from letopis.engine.text import LineKind, PostLine, split_post

from .reading import expect, frames, groups, notes, typos
from .reading import unit_orders as unit_acts
from .reading.bind import Bound, Fail, Issue, note, resolve
from .reading.dispatch import Binder, action_of, fold_retargets
from .reading.messages import msg
from .reading.syntax import Clause, LineSyntax, Part, Ref, continuing, parse_line
from .reading.view import UnitView, View
from .rules.legality.checker import Checker
from .state import State

MAX_ORDER_LINE = 400  # characters; a longer line is a paragraph, not an order
_SAID_KEPT = 8  # clauses «И ещё …» may go on with (the post's latest orders)
EXAMPLE = "Имп №1: перемещается на 36-15."


@dataclass(slots=True)
class _Line:
    post: PostLine
    status: LineStatus
    problems: list[Problem] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    cost: str | None = None
    orders: int = 0
    handled: bool = False  # a line understood as no order («отдыхает»)
    passed: bool = False  # a unit told to do nothing («Имп №2: отдыхает»): the post is a turn
    syn: LineSyntax | None = None
    under: bool = False  # read under a unit header

    @property
    def own(self) -> bool:
        """Whether the line names one of the poster's units or stands under a unit header."""
        syn = self.syn
        return self.under or syn is not None and (syn.header is not None or any(
            c.subject is not None or c.refs() for c in syn.clauses))


def read_post(text: str, state: State, faction: str) -> Reading:
    """Read a post into orders and problems. Never raises: a bug in the reader becomes one error
    saying so (tests call `read_post_strict`, which lets it surface)."""
    return read_or_report(read_post_strict, text, state, faction, message=msg("read.internal"))


def read_post_strict(text: str, state: State, faction: str) -> Reading:
    if not text or not text.strip():
        return Reading(problems=[Problem(line=1, code="read.empty", message=msg("read.empty"),
                                         kind=ProblemKind.UNREADABLE, hint=msg("read.hint_example", example=EXAMPLE))])
    post = _Post(state, faction)
    lines = [post.line(pl) for pl in split_post(text)]
    return post.reading(lines)


class _Post:
    """One reading: the view, the binder, the checker and the unit the current block is about."""

    def __init__(self, state: State, faction: str) -> None:
        self.state = state
        self.faction = faction
        self.view = View(state, faction)
        self.checker = Checker(state, faction)
        self.binder = Binder(self.view, getattr(self.checker, "world", None))
        self.current: UnitView | None = None
        self.header_failed: int | None = None  # line of a header naming no unit
        self.orders: list[BaseModel] = []
        self.last: list[BaseModel] = []
        self.group: list[UnitView] | None = None  # the units of a group header («Все импы:»)
        self.said: list[Clause] = []  # the latest clauses that said their verb («И ещё двух» goes on with one)

    # --- one line ------------------------------------------------------------------------------
    def line(self, pl: PostLine) -> _Line:
        before = (self.current, self.header_failed)
        if pl.kind in (LineKind.TEXT, LineKind.HEADING) and (self.group or groups.quick(pl.norm)):
            grouped = self._grouped(pl)
            if grouped is not None:
                return grouped
        elif pl.kind is LineKind.BLANK:
            self.group = None
        got = self._line(pl)
        got.under = before[0] is not None
        if got.syn is not None and got.syn.header is not None:
            self.group = None
        if got.orders or not (got.status is LineStatus.ERROR or got.own and got.status is LineStatus.FLAVOUR):
            return got
        return self._retyped(pl, got, before)

    def _grouped(self, pl: PostLine) -> _Line | None:
        """A line for several units («Все импы копают золото», or any line under «Все импы:»),
        read as the same line for each of them in turn (`reading.groups`)."""
        group = groups.header_group(pl.norm, self.view)
        if group is not None:
            self.group, self.current = group, None
            return _Line(pl, LineStatus.FLAVOUR, summaries=[", ".join(self.view.label(u).text() for u in group)])
        texts = groups.expand(pl.norm, self.view)
        if texts is None and self.group:
            if parse_line(pl.norm).header is not None:
                self.group = None
                return None
            texts = [f"{self.view.label(u).text()}: {pl.norm}" for u in self.group]
        if texts is None:
            return None
        before = self.current
        out = _Line(pl, LineStatus.FLAVOUR)
        for text in texts:
            self.current = before  # each unit's line stands on its own: the one before does not head it
            part = self._line(replace(pl, norm=text, cols=None))
            out.problems.extend(part.problems)
            out.summaries.extend(part.summaries)
            out.orders += part.orders
            out.cost = part.cost or out.cost
            if part.status is LineStatus.ERROR:
                out.status = LineStatus.ERROR
        if out.status is not LineStatus.ERROR and out.orders:
            out.status = LineStatus.ORDER
        self.current = before
        return out

    def _retyped(self, pl: PostLine, got: _Line, before: tuple[UnitView | None, int | None]) -> _Line:
        """A line that could not be read, read again with its slips and typos fixed
        (`reading.typos`); kept, with a note saying how it was read, only when that reading is clean."""
        after = (self.current, self.header_failed)
        for found in typos.fixes(pl.norm, lambda word: self.view.owner_of(word) is not None):
            self.current, self.header_failed = before
            retry = self._line(typos.corrected(pl, found))
            if retry.status is not LineStatus.ERROR and (retry.orders or got.status is LineStatus.ERROR and retry.summaries):
                break
            if got.status is LineStatus.ERROR and _understood(retry) and not _understood(got):
                break  # read, though not legal: its real error says more than «непонятное слово»
        else:
            self.current, self.header_failed = after
            return got
        retry.post = pl
        for f in found:
            retry.problems.append(_problem(pl, Issue("read.read_as", msg("read.read_as", word=f.written, meant=f.meant),
                                                     None, None, Severity.NOTE, ProblemKind.INFO, f.start, f.end)))
        return retry

    def _line(self, pl: PostLine) -> _Line:
        if pl.kind is LineKind.BLANK:
            return _Line(pl, LineStatus.BLANK)
        if pl.kind is LineKind.QUOTE:
            line = _Line(pl, LineStatus.QUOTE)
            if pl.unclosed_quote:
                line.problems.append(_problem(pl, _unclosed(), whole=True))
            return line
        if pl.kind is LineKind.FLAVOUR:
            return _Line(pl, LineStatus.FLAVOUR)
        line = _Line(pl, LineStatus.FLAVOUR)
        if pl.unclosed_quote:
            line.problems.append(_problem(pl, _unclosed(), whole=True))
        if pl.kind is LineKind.HEADING:
            self._heading(pl, line)
            return line
        if len(pl.norm) > MAX_ORDER_LINE:
            head = parse_line(pl.norm[:MAX_ORDER_LINE])
            if any(action_of(c) not in (None, "stay") and not c.story for c in head.clauses):
                line.problems.append(_problem(pl, Issue("read.long_line", msg("read.long_line", limit=MAX_ORDER_LINE),
                                                        msg("read.hint_long_line"), None, Severity.ERROR,
                                                        ProblemKind.UNREADABLE), whole=True))
                line.status = LineStatus.ERROR
            return line
        kind = notes.classify(pl.norm)
        if kind is not None:
            for issue in notes.check(kind, pl.norm, self.state, self.faction):
                line.problems.append(_problem(pl, issue))
            return line
        syn = parse_line(pl.norm)
        line.syn = syn
        if syn.header is not None:
            self._header(pl, line, syn.header, summary=syn.header_only)
            if syn.header_only:
                return line
            said = notes.position_said(syn)
            if said is not None and self._position(pl, line, said):
                return line
        for clause in fold_retargets(syn.clauses):
            self._clause(pl, line, clause)
        problems = line.problems
        if line.status is LineStatus.FLAVOUR and not line.orders and not line.handled \
                and not (syn.clauses and all(c.story or c.question for c in syn.clauses)) \
                and not any(p.is_error for p in problems):
            issue = notes.unreadable(pl.norm, syn)
            if issue is not None:
                problems.append(_problem(pl, issue))
        if problems and any(p.is_error for p in problems):
            line.status = LineStatus.ERROR
        elif line.orders:
            line.status = LineStatus.ORDER
        return line

    def _heading(self, pl: PostLine, line: _Line) -> None:
        """«Имп:» names the only imp; «Архидемон:», «Заклинания:» end a unit's block."""
        syn = parse_line(pl.norm)
        ref = syn.header
        if ref is None or ref.plural:
            self.current, self.header_failed = None, None
            return
        self._header(pl, line, ref)

    def _header(self, pl: PostLine, line: _Line, ref: Ref, summary: bool = True) -> None:
        issues: list[Issue] = []
        try:
            self.current = resolve(ref, self.view, "own", issues)
            self.header_failed = None
        except Fail as e:
            self.current, self.header_failed = None, pl.number
            line.problems.append(_problem(pl, e.issue))
            line.status = LineStatus.ERROR
            return
        for issue in issues:
            line.problems.append(_problem(pl, issue))
        if summary:  # a header alone on its line says which unit and what it has
            u = self.current
            where = f" на {u.cell[0]}-{u.cell[1]}" if u.cell is not None else ""
            line.summaries.append(f"{self.view.label(u).text(capital=True)}{where}, ОД: {self.binder.remaining(u)}")

    def _position(self, pl: PostLine, line: _Line, said: tuple[tuple[int, int], int, int]) -> bool:
        """«Имп №4 — 22-30» with the cell the unit stands on restates where it is (flavour);
        with another cell it is a move written without a verb (issue 9: «имп №4 — 22-31»), read
        as a clause. True when the line is a restatement."""
        cell, _, _ = said
        u = self.current
        return u is None or u.cell is None or u.cell == cell

    # --- one clause ------------------------------------------------------------------------------
    def _clause(self, pl: PostLine, line: _Line, c: Clause) -> None:
        if c.question:
            line.problems.append(_problem(pl, note("read.question", (c.start, c.end))))
            return
        if c.story and not self._past_order(c):
            return
        if c.negated and not c.verbs:
            line.handled = True  # «Бес №1 не двигается», «на оружейную не хватает»: no order of that kind
            return
        if c.again and not c.verbs and self.last:
            for order in self.last:
                self._check(pl, line, Bound(order, c.start, c.end, self.current, [], c, None))
            return
        action = action_of(c)
        if action is None and c.continues and not c.verbs and self.said:
            going_on = continuing(c, self.said)  # «И ещё двух импов.» after «Призываю импа.»
            if going_on is not None:
                c, action = going_on, action_of(going_on)
        if action is None and not c.verbs or action in ("spend", "use"):
            # no verb, or one that only says ОД are spent («тратит все ОД на огневика Лилит»): what the
            # line names says which order it is
            framed = self._verbless(pl, line, c)
            if framed is None:
                return
            if framed is not c:  # read as a frame
                c, action = framed, framed.action
        if self.header_failed is not None and c.subject is None and self.current is None \
                and action not in (None, "stay") and not _archdemon(c):
            if self.header_failed != pl.number:  # the header's own line already says why
                line.problems.append(_problem(pl, Issue("read.header_failed",
                                                        msg("read.header_failed", line=self.header_failed),
                                                        None, "DK-GAP-15", Severity.ERROR, ProblemKind.ILLEGAL,
                                                        c.start, c.end)))
            line.status = LineStatus.ERROR
            return
        if _chatter(c, action, self.current):
            return
        if action == "stay":  # «Имп №2: отдыхает», «ждёт» — nothing to do, nothing spent
            line.handled = True
            unit = self.current
            if c.subject is not None:
                try:
                    unit = resolve(c.subject, self.view, "own", [])
                except Fail:  # a name that fits nobody: nothing to note
                    unit = None
            if unit is not None:
                line.passed = True
                who = self.view.label(unit).text(capital=True)
                line.problems.append(_problem(pl, note("read.stay", (c.start, c.end), "DK-GAP-13", who=who)))
            return
        if c.verbs:
            self.said = [*self.said[-(_SAID_KEPT - 1):], c]
        bounds, self.current = self.binder.bind(c, self.current)
        self._typo_hints(bounds, c)
        accepted: list[BaseModel] = []
        for b in bounds:
            if self._check(pl, line, b):
                accepted.append(b.order)  # type: ignore[arg-type]
        if accepted:
            self.last = accepted

    def _past_order(self, c: Clause) -> bool:
        """Under a unit header or after a unit's name a past-tense verb with something to act on is an
        order («Имп №2: вскопал 20-21», «Имп №3 взял сундук»), not a story (issue 9, kind 4) —
        unless the clause says it is about the past («в прошлом ходу»)."""
        if _PAST_MARKERS.intersection(c.words):
            return False
        if c.subject is None and self.current is None:
            # «Призвал беса», «Наложил ярость на беса №1»: the archdemon telling his own turn
            return _archdemon(c) and _singular_past(c) and bool(c.parts)
        return any(p.kind in _OBJECT_PARTS or p.kind == "noun" and not (p.concept or "").startswith("w_")
                   for p in c.parts)

    def _verbless(self, pl: PostLine, line: _Line, c: Clause) -> Clause | None:
        """A clause with no order word, read by its context and objects (`reading.frames`); the
        clause as it is when no frame applies (it goes on as before), None when it was an error."""
        if c.words and (notes.verb_among(c.words) or typos.near_verb(c.words)):
            return c  # «капает 20-21»: an unknown verb is a typo to read, never left out
        if c.subject is not None and not c.parts and _YOURS.intersection(c.words):
            return None  # «Лилит, твой огневик — не жилец»: talk about a rival's unit, no order to it
        c = self._going_on_to(c)
        if c.dashed and self._restated(c):
            line.handled = True  # «…, имп №4 — 22-30, …» on the cell it stands on: where it is, no order
            return None
        choice = frames.choose_frame(c, self.view, self.current)
        if choice is None:
            return c
        if choice.ambiguous:
            kinds = [f.frame.kind for f in choice.rivals]
            examples = ", ".join(f"«{unit_acts.EXAMPLES.get(k, unit_acts.EXAMPLES['upgrade_unit'])}»"
                                 for k in dict.fromkeys(kinds))
            line.problems.append(_problem(pl, Issue("read.frame_ambiguous",
                                                    msg("read.frame_ambiguous", readings=readings_text(choice.rivals)),
                                                    msg("read.hint_frame", examples=examples), None, Severity.ERROR,
                                                    ProblemKind.AMBIGUOUS, c.start, c.end)))
            line.status = LineStatus.ERROR
            return None
        best = choice.best
        if best is None or not best.complete:
            return c
        return frames.as_action(c, best.frame.kind, self.current, self.view)

    def _going_on_to(self, c: Clause) -> Clause:
        """«Бес 2 на клетку 29 30» with no verb: a cell said with «на» after the unit is where it goes
        when the unit does not stand there (a copy of the clause, the cell a part of its own)."""
        ref = c.subject
        if ref is None or not ref.cell_on or ref.cell is None or ref.cell_span is None or c.words or c.parts \
                or any(self.view.owner_of(w) is None for w in ref.owner_words):
            return c  # «Имп №1 танцует на 36-15», «Имп №2 вкпсвт 20-21»: a word not understood is no move
        bare = replace(ref, cell=None, cell_span=None, cell_on=False)
        try:
            unit = resolve(bare, self.view, "own", [])
        except Fail:
            return c
        if unit.cell == ref.cell:
            return c
        start, end = ref.cell_span
        return replace(c, subject=bare, parts=[Part("cell", start, end, "на", value=ref.cell)], action="?")

    def _restated(self, c: Clause) -> bool:
        parts = c.parts
        if c.subject is None or len(parts) != 1 or parts[0].kind != "cell":
            return False
        try:
            unit = resolve(c.subject, self.view, "own", [])
        except Fail:
            return False
        return unit.cell == parts[0].value

    def _typo_hints(self, bounds: list[Bound], c: Clause) -> None:
        """A unit kind mistyped («Гразлир №3», «гразлир идёт…»): say which kind it looks like."""
        if not c.words:
            return
        for b in bounds:
            for i, issue in enumerate(b.issues):
                if issue.code in _UNIT_TYPO_CODES:
                    typo = notes.typo_of_unit(c.words)
                    if typo is not None:
                        hint = msg("read.hint_maybe", word=typo[1])
                        if issue.code in ("read.actor_ambiguous", "read.unit_ambiguous") and issue.hint:
                            hint = f"{hint} Или: {issue.hint}"  # keep the candidates
                        b.issues[i] = Issue(issue.code, issue.message, hint, issue.clause, issue.severity, issue.kind,
                                            issue.start, issue.end)
            if not b.failed and b.order is not None and c.subject is not None and c.subject.kind is None:
                typo = notes.typo_of_unit(c.words)
                if typo is not None:
                    b.issues.append(Issue("read.unreadable_word", msg("read.unreadable_word", word=typo[0]),
                                          msg("read.hint_maybe", word=typo[1]), None, Severity.WARNING,
                                          ProblemKind.INFO, c.start, c.subject.end))

    def _check(self, pl: PostLine, line: _Line, b: Bound) -> bool:
        if b.issues:
            for issue in b.issues:
                line.problems.append(_problem(pl, issue))
            if b.failed:
                line.status = LineStatus.ERROR
                return False
        if b.order is None:
            if b.issues:
                line.handled = True  # nothing to do, and the notes say why
            else:
                line.status = LineStatus.ERROR
            return False
        order = b.order
        ap_notes = self.binder.ap_issues(b) if b.ap_index is not None else ()
        violations = self.checker.check(order)
        if violations:
            for v in violations:
                line.problems.append(_problem(pl, Issue(v.code, v.message, v.hint, v.clause, Severity.ERROR,
                                                        ProblemKind.ILLEGAL, b.start, b.end)))
            line.summaries.append(order.to_text())  # type: ignore[attr-defined]
            line.status = LineStatus.ERROR
            return False
        for issue in ap_notes:
            line.problems.append(_problem(pl, issue))
        for v in self.checker.notes:
            sev = Severity.WARNING if getattr(v, "severity", "warning") == "warning" else Severity.NOTE
            line.problems.append(_problem(pl, Issue(v.code, v.message, v.hint, v.clause, sev, ProblemKind.INFO,
                                                    b.start, b.end)))
        summary, cost = self.checker.describe(order)
        line.summaries.append(summary)
        line.cost = cost or line.cost
        line.orders += 1
        self.binder.accepted(b)
        self.orders.append(order)
        return True

    # --- the reading ------------------------------------------------------------------------------
    def reading(self, lines: list[_Line]) -> Reading:
        reading = Reading()
        problems = reading.problems
        out = reading.lines
        for line in lines:
            if line.problems:
                problems.extend(line.problems)
            said = line.summaries
            if not said:
                summary = None
            elif len(said) == 1:
                summary = said[0] or None
            else:
                summary = "; ".join(s for s in said if s) or None
            post = line.post
            out.append(LineReading(line=post.number, text=post.original, status=line.status, summary=summary,
                                   cost=line.cost))
        reading.orders = list(self.orders)
        if not any(ln.status in (LineStatus.ORDER, LineStatus.ERROR) or ln.passed for ln in lines) \
                and not expect.explicit_pass([ln.post.text for ln in lines if ln.status is LineStatus.FLAVOUR]):
            # Chatter only is not a turn (issue 9); a post that says it passes is one.
            require_an_order(reading, expected=expect.EXPECTED, example=expect.example(self.view) or EXAMPLE,
                             clause="DK-TURN-02")
        reading.problems.sort(key=lambda pr: (pr.line, pr.col_start))
        return reading


def _understood(line: _Line) -> bool:
    """A line read as orders, even if the rules refuse them (every error is about legality)."""
    return bool(line.summaries) and all(p.kind is not ProblemKind.UNREADABLE for p in line.problems if p.is_error)


_UNIT_TYPO_CODES = frozenset({
    "read.no_actor", "read.actor_ambiguous", "read.unit_ambiguous", "read.unit_unknown", "read.unit_kind_unknown",
    "read.summon_what", "read.target_needed", "read.upgrade_to", "read.upgrade_whom", "read.spell_target",
})
_PAST_MARKERS = frozenset({"прошлом", "прошлый", "прошлого", "прошлую", "вчера", "раньше", "когда-то", "давно",
                           "тогда", "прежде", "некогда"})
# «твой огневик», «ваши бесы»: said to a rival, the unit is his
_YOURS = frozenset({"твой", "твоя", "твои", "твоего", "твоих", "ваш", "ваша", "ваши", "вашего", "ваших"})
_NO_OBJECT_NEEDED = frozenset({"end_turn", "ab:fire_breath", "hospital", "capture"})
_OBJECT_PARTS = frozenset({"cell", "ref", "dir", "amount"})


def _chatter(c: Clause, action: str | None, current: UnitView | None) -> bool:
    """An order verb with nothing to act on, no unit to do it and other words around it: «Строю
    планы на будущее», «Иду спать», «Призываю всех к миру» — chatter, not an order (§3.3)."""
    if c.subject is None and current is None and _short_ability(c):
        return True  # «облако пыли над шахтой»: «облако», «поток», «дыхание» are orders only under a unit
    if action is None or action in _NO_OBJECT_NEEDED or c.subject is not None and not c.subject.elliptic \
            or c.subject_noun is not None:
        return False
    if c.ap_index is not None or c.ap_count is not None or c.repeat_said:
        return False
    for p in c.parts:
        kind = p.kind
        concept = p.concept or ""
        if kind in _OBJECT_PARTS or kind == "noun" and not concept.startswith("w_") and (
                not concept.startswith("r_") or action in _ORE_ACTIONS):
            return False  # something to act on: an order (right or wrong)
    if current is not None and not _first_person(c):
        return False  # «Имп №1:» / «идёт» — an order with its target missing: an error, not chatter
    # «Кую», «Призываю бэса»: nothing else said, or a unit mistyped — an order
    return bool(c.words) and notes.typo_of_unit(c.words) is None


# Orders a resource alone is something to act on for; «Маны много, золота тоже — пора строить армию!»
# names gold, but nothing to build.
_ORE_ACTIONS = frozenset({"mine", "kopat", "alchemy", "rune_exchange", "spend", "use"})
_SHORT_ABILITY_STEMS = ("дыхани", "поток", "облак")


def _short_ability(c: Clause) -> bool:
    """The clause's only action word is an ability's short name («дыхание», «поток», «облако»)."""
    return bool(c.verbs) and all(v.text.startswith(_SHORT_ABILITY_STEMS) for v in c.verbs)


def _first_person(c: Clause) -> bool:
    from letopis.engine.text import parses

    verb = c.verb
    return verb is not None and verb.text.isalpha() and any("1per" in p.tag for p in parses(verb.text))


def _singular_past(c: Clause) -> bool:
    """The main verb is a past tense in the singular («призвал», «наложила»): what «I» did. A short
    participle («Ярость изучена») says what is, not what was done."""
    from letopis.engine.text import parses

    verb = c.verb
    return verb is not None and verb.text.isalpha() and any(
        "VERB" in p.tag and "past" in p.tag and "sing" in p.tag for p in parses(verb.text)[:1])


def _archdemon(c: Clause) -> bool:
    from .reading.dispatch import ARCH_ACTIONS

    return action_of(c) in ARCH_ACTIONS


def _unclosed() -> Issue:
    return Issue("read.unclosed_quote", msg("read.unclosed_quote"), msg("read.hint_close_quote"), None,
                 Severity.WARNING, ProblemKind.INFO)


def _problem(pl: PostLine, issue: Issue, whole: bool = False) -> Problem:
    if whole or issue.end <= issue.start:
        stripped = pl.original.rstrip()
        start = len(pl.original) - len(pl.original.lstrip())
        col_start, col_end = (start, len(stripped)) if stripped else (0, 0)
    else:
        col_start, col_end = pl.span(issue.start, issue.end)
    return Problem(line=pl.number, col_start=col_start, col_end=col_end, severity=issue.severity, kind=issue.kind,
                   code=issue.code, message=issue.message, hint=issue.hint, clause=issue.clause)
