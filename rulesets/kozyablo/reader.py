"""Reading a Kozyablo post: `read_post(text, state, faction) -> Reading` (checklist §3, §4).

What the post must be follows the step (`turns.turn`): a deck list in the deck step (`decks`), a
keep-or-return decision in the poster's mulligan step, the active player's turn (trigger choices,
[С] uses, one main action, the attack's targets and his own Уклонение/Защитник lines), or the
answers to a combat or a reaction window in a reaction step.

Three stages, as in the other rulesets. What each line says (`reader_words`: card names in any
case and word order, sectors, order words; cached by text). What it means on this table for this
poster (`reader_table`, `reading`: which card in the hand, which piece, which sector; «X —
в Y» by KZ-DEF-REF-02). Whether it is legal at that point of the post (`legality.Checker`, which
also sends reaction posts to `decisions.check_decision`) and what it will do (`Checker.describe`).

Lines that are not orders — greetings, role-play, quotes, BBCode, emoticons, «ЗЫ», off-topic —
are flavour and never an error; a line with an order word or a card name that cannot be read is
an error with a hint. A second main action is an error on its own line (KZ-DEF-TURN-01).
Problems may name hand cards: the platform shows a post's problems to its poster only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pydantic import BaseModel

from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.reading import read_or_report, require_an_order
from letopis.engine.tables import Row, row_line, table_rows
from letopis.engine.text import LineKind, PostLine, parses, split_post

from . import decks
from .decisions import fight_of
from .legality import Checker
from .orders import Attack, Mulligan, TargetPick, UseAbility
from .reader_messages import READER_MESSAGES, msg
from .reader_steps import CLAUSES, EXPECTED, answer_order, example
from .reader_table import Fail, Issue, Table
from .reader_words import clauses_of
from .reading.base import Fight, Read, is_verb
from .reading.grammar import Grammar
from .reading.selfcorrect import self_corrected
from .refs import TableNamer
from .state import State

MAX_ORDER_LINE = 400  # characters; a longer line is a paragraph, not an order
MAIN_KINDS = frozenset({"play", "draw", "move", "attack", "skip"})


def read_post(text: str, state: State, faction: str) -> Reading:
    """Read a post into orders and problems. Never raises: a bug in the reader becomes one error
    saying so (tests call `read_post_strict`, which lets it surface)."""
    return read_or_report(read_post_strict, text, state, faction, message=msg("read.internal"))


def mode_of(state: State, faction: str) -> str:
    """What this poster's post is now: deck | mulligan | main | reaction | over."""
    if state.phase == "over":
        return "over"
    if state.phase == "decks":
        return "deck"
    if state.phase == "mulligan":
        return "mulligan"
    pending = state.pending
    if pending is not None and faction in pending.waiting:
        return "reaction"
    return "main"


def read_post_strict(text: str, state: State, faction: str) -> Reading:
    mode = mode_of(state, faction)
    if mode == "deck":
        return decks.read_deck_post(text, state, faction)
    if not text or not text.strip():
        return Reading(problems=[Problem(line=1, code="read.empty", message=msg("read.empty"),
                                         kind=ProblemKind.UNREADABLE,
                                         hint=msg("read.hint_example", example=example(state, faction, mode)))])
    if mode == "over":
        return Reading(problems=[Problem(line=1, code="read.game_over", message=msg("read.game_over"),
                                         clause="KZ-WIN-01")])
    return _Post(state, faction, mode).read(split_post(text))


@dataclass
class _Line:
    post: PostLine
    status: LineStatus
    problems: list[Problem] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    orders: int = 0
    blocked: bool = False  # its order was refused for a problem shown on another line (a target line)


@dataclass
class _Found:
    """An order read from a line, before it is checked."""

    line: _Line
    read: Read


class _Post:
    def __init__(self, state: State, faction: str, mode: str) -> None:
        self.state = state
        self.faction = faction
        self.mode = mode
        self.table = Table(state, faction)
        fight = None
        if mode == "reaction":
            f = fight_of(state)
            if f is not None:
                fight = Fight(f.sector, f.leavers, f.attacker)
        self.grammar = Grammar(self.table, mode, fight)
        self.pick_lines: list[_Found] = []
        self.mull_lines: list[_Line] = []  # further lines of a mulligan list
        self.answers: list[_Found] = []  # everyday answers of a decision step («без наворотов»)
        self.list_lines: dict[int, list[_Line]] = {}  # a heading line's list lines, by id of the heading
        self.restated: list[_Found] = []  # the post's attack said again («В атаку! … Атакую в шахте-1»)

    # --- the post --------------------------------------------------------------------------------
    def read(self, post_lines: list[PostLine]) -> Reading:
        lines: list[_Line] = []
        sentences: list[tuple[_Line, list]] = []
        head: tuple[_Line, list[str]] | None = None  # «Перемещение:» and the list lines under it
        rows = table_rows(post_lines)
        for pl in post_lines:
            row = rows.get(pl.number)
            if row is not None:  # «Жлоб-вышибала | бьёт | Жлоб-вышибала Лены»; a header row, with no order
                pl = _row_as_line(pl, row)  # word and no card («Юнит | действие | цель»), stays flavour
            line = self._classify(pl)
            lines.append(line)
            if head is not None:
                if pl.kind is LineKind.TEXT and pl.marker is not None and line.status is LineStatus.FLAVOUR:
                    head[1].append(pl.norm)
                    self.list_lines.setdefault(id(head[0]), []).append(line)
                    continue
                self._flush_head(head, sentences)
                head = None
            if line.status is not LineStatus.FLAVOUR or pl.kind not in (LineKind.TEXT, LineKind.HEADING):
                continue
            if self.mode == "main" and self._is_head(pl.norm):
                head = (line, [pl.norm])
                continue
            if len(pl.norm) > MAX_ORDER_LINE:
                start = self.table.words.scan(pl.norm[:MAX_ORDER_LINE])
                if any(is_verb(it) for it in start):  # a paragraph with an order word in it
                    line.problems.append(_whole(pl, "read.long_line", limit=MAX_ORDER_LINE))
                continue
            pl = line.post = self_corrected(pl, self.table)  # «… в шахту-2, нет, лучше в источник-1»
            answer = answer_order(pl.norm, self.mode)
            if answer is not None:
                self.answers.append(_Found(line, Read(answer, 0, len(pl.norm))))
                continue
            items = self.table.bind(self.table.words.scan(pl.norm))
            for cl in clauses_of(pl.norm, items, self.table.words):
                sentences.append((line, cl))
        if head is not None:
            self._flush_head(head, sentences)
        if self.mode == "main":
            self._find_attack(sentences)
        found: list[_Found] = list(self.answers)
        for line, cl in sentences:
            self.table.line = line.post
            for read in self.grammar.sentence(cl):
                found.append(_Found(line, read))
        self.table.line = None
        found = self._without_titles(found, sentences)
        orders = self._assemble(found)
        self._check(orders)
        return self._reading(lines)

    def _without_titles(self, found: list[_Found], sentences: list[tuple[_Line, list]]) -> list[_Found]:
        """A line that is only the name of an order («[b]Замес[/b]», «Атака», «Перемещение») heads
        the post: when it reads to nothing but a question (which cards? where?) and other lines
        of the post give orders, it is a title, not an order missing its objects."""
        titles = {id(line) for line, cl in sentences if _title(cl)}
        if not titles:
            return found

        def gives(f: _Found) -> bool:
            return f.read.order is not None or bool(f.read.picks) or f.read.mulligan is not None

        empty = {id(f.line) for f in found if id(f.line) in titles} - {id(f.line) for f in found if gives(f)}
        if not empty or not any(gives(f) for f in found if id(f.line) not in titles):
            return found
        return [f for f in found if id(f.line) not in empty]

    def _is_head(self, norm: str) -> bool:
        """A line that is only an order word and a colon («Перемещение:», «Играю:»): its order
        is spelt out by the list lines under it."""
        items = [it for it in self.table.words.scan(norm) if not it.sym(":")]
        return len(items) == 1 and is_verb(items[0]) and items[0].concept in ("v_move", "v_play", "v_attack") \
            and norm.rstrip().endswith(":")

    def _flush_head(self, head: tuple[_Line, list[str]], sentences: list[tuple[_Line, list]]) -> None:
        """The heading and its list lines read as one order, shown on the heading line."""
        line, parts = head
        if len(parts) == 1:  # no list under it: the line as it is
            items = self.table.bind(self.table.words.scan(parts[0]))
            sentences += [(line, cl) for cl in clauses_of(parts[0], items, self.table.words)]
            return
        joined = " ".join([parts[0].rstrip(": "), *parts[1:]])
        items = self.table.bind(self.table.words.scan(joined))
        for cl in clauses_of(joined, items, self.table.words):
            for it in cl:  # the spans of the joined text point at the heading line
                it.start, it.end = 0, 0
            sentences.append((line, cl))

    def _classify(self, pl: PostLine) -> _Line:
        if pl.kind is LineKind.BLANK:
            return _Line(pl, LineStatus.BLANK)
        if pl.kind is LineKind.QUOTE:
            line = _Line(pl, LineStatus.QUOTE)
            if pl.unclosed_quote:
                line.problems.append(_whole(pl, "read.unclosed_quote"))
            return line
        line = _Line(pl, LineStatus.FLAVOUR)
        if pl.unclosed_quote:
            line.problems.append(_whole(pl, "read.unclosed_quote"))
        return line

    def _find_attack(self, sentences: list[tuple[_Line, list]]) -> None:
        """The post's attack sector, so that targets written before or after it can be read: the
        first attack said with its sector («Атакую в шахте-1», «Бьём трутней в шахте-1»), else the
        first one whose sector follows from the table («В атаку!» where only one sector is
        contested). A battle cry with no sector then joins the attack the post names elsewhere."""
        found: str | None = None
        for line, cl in sentences:
            v = next((it for it in cl if is_verb(it)), None)
            if v is None or any(it.kind == "name" and it.start < v.start for it in cl):
                continue
            said_by_us = v.concept == "v_strike" and self.grammar._we(v)  # «Бьём трутней в шахте-1»
            if v.concept != "v_attack" and not said_by_us:
                continue
            self.table.line = line.post
            try:
                sector, place = self.grammar.attack_sector(cl, v, infer=not said_by_us)
            except Fail:  # the attack line itself reports why
                continue
            if place is not None:
                found = sector
                break
            found = found or sector
        self.table.line = None
        if found is not None:
            self.grammar.fight = Fight(found, attacker=self.faction)

    # --- orders from reads -----------------------------------------------------------------------
    def _assemble(self, found: list[_Found]) -> list[tuple[_Line, BaseModel, int, int, list[Issue]]]:
        """Orders in post order: the attack gets every target line of the post; a mulligan is one
        order from all its lines."""
        out: list[tuple[_Line, BaseModel, int, int, list[Issue]]] = []
        attack_at: int | None = None
        picks: list[TargetPick] = []
        named: list[str] = []  # strikers the player named, in his order
        pick_lines: list[_Found] = []
        mull: list[str] | None = None
        mull_at: _Found | None = None
        mull_bad = False
        for f in found:
            r = f.read
            for issue in r.issues:
                f.line.problems.append(_problem(f.line.post, issue))
            if r.order is None and not r.picks and r.mulligan is None:
                continue
            if r.picks:
                picks += r.picks
                if not r.implied:
                    named += [p.striker for p in r.picks]
                pick_lines.append(f)
                continue
            if r.mulligan is not None:
                if mull_at is not None and (not r.mulligan or not mull):
                    f.line.problems.append(_problem(f.line.post, Issue("read.second_mulligan", msg("read.second_mulligan"),
                                                                      None, "KZ-DEF-MULL-01", r.start, r.end)))
                    continue
                if r.said_count is not None and r.mulligan and r.said_count != len(r.mulligan):
                    f.line.problems.append(_problem(f.line.post, Issue(
                        "read.mulligan_count", msg("read.mulligan_count", said=r.said_count, named=len(r.mulligan)),
                        None, "KZ-DEF-MULL-01", r.start, r.end, kind=ProblemKind.AMBIGUOUS)))
                    mull_bad = True
                mull = (mull or []) + r.mulligan
                if mull_at is not None and f.line is not mull_at.line:
                    self.mull_lines.append(f.line)
                mull_at = mull_at or f
                continue
            if isinstance(r.order, Attack) and attack_at is not None \
                    and out[attack_at][1].sector == r.order.sector:  # type: ignore[attr-defined]
                picks += r.order.picks  # «В атаку! … Атакую в шахте-1»: the same attack said again
                named += [p.striker for p in r.order.picks]  # type: ignore[attr-defined]
                again = _Found(f.line, Read(None, r.start, r.end, picks=list(r.order.picks)))  # type: ignore[attr-defined]
                (pick_lines if again.read.picks else self.restated).append(again)
                continue
            if isinstance(r.order, Attack) and attack_at is None:
                attack_at = len(out)
            out.append((f.line, r.order, r.start, r.end, []))
        if mull_at is not None and not mull_bad:
            out.append((mull_at.line, Mulligan(cards=tuple(mull or ())), mull_at.read.start, mull_at.read.end, []))
        if picks:
            if attack_at is None:
                for f in pick_lines:
                    f.line.problems.append(_problem(f.line.post, Issue(
                        "read.pick_no_attack", msg("read.pick_no_attack"), msg("read.pick_no_attack.hint"),
                        "KZ-DEF-CMB-03", f.read.start, f.read.end)))
            else:
                line, attack, start, end, issues = out[attack_at]
                merged: dict[str, list[str]] = {}
                for p in attack.picks + tuple(picks):  # type: ignore[attr-defined]
                    have = merged.setdefault(p.striker, [])
                    if not p.targets:
                        merged[p.striker] = []
                    have.extend(t for t in p.targets if t not in have)
                # the strikers in the order the player named them (KZ-DEF-CMB-02); those a battle
                # cry only implied («Бодаем вышибалу!») come after
                named = [s for s in (*(p.striker for p in attack.picks), *named)  # type: ignore[attr-defined]
                         if s in merged]
                ordered = [*dict.fromkeys(named), *(s for s in merged if s not in named)]
                attack = Attack(sector=attack.sector,  # type: ignore[attr-defined]
                                picks=tuple(TargetPick(striker=s, targets=tuple(merged[s])) for s in ordered))
                out[attack_at] = (line, attack, start, end, issues)
                self.pick_lines = pick_lines
        return out

    # --- legality --------------------------------------------------------------------------------
    def _check(self, orders: list[tuple[_Line, BaseModel, int, int, list[Issue]]]) -> None:
        checker = Checker(self.state, self.faction)
        attack_ok = False
        first_main: BaseModel | None = None
        self.accepted: list[BaseModel] = []
        for line, order, start, end, _ in orders:
            pl = line.post
            col_start, col_end = pl.span(start, end)
            if self.mode == "main" and first_main is not None and self._is_main(order):
                first = checker.describe(first_main).rstrip(".")
                line.problems.append(Problem(line=pl.number, col_start=col_start, col_end=col_end,
                                             code="read.second_action", clause="KZ-DEF-TURN-01",
                                             message=msg("read.second_action", first=first),
                                             hint=msg("read.second_action.hint")))
                continue
            violations = [_specific(v) for v in checker.check(order)]
            errors = [v for v in violations if not v.warning]
            for v in violations:
                at = self._pick_line_of(checker, order, v) if isinstance(order, Attack) else None
                if at is not None:
                    f = at
                    fs, fe = f.line.post.span(f.read.start, f.read.end)
                    f.line.problems.append(v.problem(f.line.post.number, fs, fe))
                else:
                    line.problems.append(v.problem(pl.number, col_start, col_end))
            if errors:
                line.blocked = True
                continue
            if self.mode == "main" and self._is_main(order):
                first_main = order
            attack_ok = attack_ok or isinstance(order, Attack)
            line.summaries.append(checker.describe(order))
            line.orders += 1
            for more in self.list_lines.get(id(line), ()):
                more.orders += 1
            self.accepted.append(order)
            if isinstance(order, Mulligan):
                for more in self.mull_lines:
                    more.orders += 1
        if attack_ok:
            for f in self.restated:
                f.line.orders += 1
            namer = TableNamer(self.state, self.faction)
            for f in self.pick_lines:
                f.line.orders += 1
                f.line.summaries.append("цели: " + "; ".join(p.to_text(namer) for p in f.read.picks))

    def _pick_line_of(self, checker: Checker, attack: Attack, v) -> _Found | None:  # type: ignore[no-untyped-def]
        """The target line («следопыт — в шмеля») a target problem of the attack comes from, when
        the targets were written on a line of their own."""
        if not v.code.startswith("combat.") or not self.pick_lines:
            return None
        for f in self.pick_lines:
            alone = Attack(sector=attack.sector, picks=tuple(f.read.picks))
            if any(w.code == v.code and w.message == v.message for w in checker.check(alone)):
                return f
        return None

    def _is_main(self, order: BaseModel) -> bool:
        kind = getattr(order, "kind", "")
        if kind in MAIN_KINDS:
            return True
        if isinstance(order, UseAbility):
            piece = self.state.pieces.get(order.piece)
            if piece is None:
                return True
            ability = self.table.book.card(piece.card).ability(order.ability)
            return ability is None or ability.kind == "action"
        return False

    def _idle(self) -> bool:
        """Nothing is asked of the poster now: another player's turn and no decision of his."""
        return self.mode == "main" and self.state.active_faction() != self.faction

    # --- the reading -----------------------------------------------------------------------------
    def _reading(self, lines: list[_Line]) -> Reading:
        reading = Reading()
        for line in lines:
            if line.status is LineStatus.FLAVOUR:
                if any(p.is_error for p in line.problems) or line.blocked:
                    line.status = LineStatus.ERROR
                elif line.orders:
                    line.status = LineStatus.ORDER
            reading.problems.extend(line.problems)
            summary = "; ".join(s for s in line.summaries if s) or None
            reading.lines.append(LineReading(line=line.post.number, text=line.post.original, status=line.status,
                                             summary=summary))
        reading.orders = list(self.accepted)
        if not any(ln.status in (LineStatus.ORDER, LineStatus.ERROR) for ln in lines) and not self._idle():
            require_an_order(reading, expected=EXPECTED[self.mode], clause=CLAUSES[self.mode],
                             example=example(self.state, self.faction, self.mode).rstrip("."))
        reading.problems.sort(key=lambda pr: (pr.line, pr.col_start))
        return reading


def _title(cl: list) -> bool:
    """The clause is one order word said as a noun, and nothing else («Замес», «Атака:»)."""
    words = [it for it in cl if not it.sym(":", ".", "!")]
    return len(words) == 1 and is_verb(words[0]) and words[0].kind == "word" \
        and "NOUN" in parses(words[0].text)[0].tag


_PROTECTION_CLAUSES = {"Защита от оружия": "KZ-WPROT-01", "Защита от стрел": "KZ-APROT-01",
                       "Защита от магии": "KZ-MPROT-01"}


def _specific(v):  # type: ignore[no-untyped-def]
    """A target the strike cannot damage is illegal by KZ-DEF-CMB-05, and the clause that says so
    is the protection's own (issue 9, kind 10: the most specific clause)."""
    if v.code == "combat.target_protected" and v.clause == "KZ-DEF-CMB-05":
        for name, clause in _PROTECTION_CLAUSES.items():
            if name in v.message:
                return replace(v, clause=clause)
    return v


def _row_as_line(pl: PostLine, row: Row) -> PostLine:
    """A table row «кто | что делает | кого» as the line «кто что делает → кого»: a cell has no case
    to tell the target by, so the last of three or more cells is marked as whom."""
    kept = [pl.norm[a:b] for a, b in row.cells if pl.norm[a:b].strip(" -—–.") and pl.norm[a:b] != "нет"]
    if len(kept) < 3:
        return row_line(pl, row, lambda i, t: "", lambda i, t, nxt: " ")
    last = len(row.cells) - 1 - next(k for k, (a, b) in enumerate(reversed(row.cells))
                                     if pl.norm[a:b].strip(" -—–.") and pl.norm[a:b] != "нет")
    return row_line(pl, row, lambda i, t: "", lambda i, t, nxt: " → " if nxt == pl.norm[slice(*row.cells[last])] else " ")


def _whole(pl: PostLine, code: str, **fields: object) -> Problem:
    stripped = pl.original.rstrip()
    start = len(pl.original) - len(pl.original.lstrip())
    hint = msg(f"{code}.hint") if f"{code}.hint" in READER_MESSAGES else None
    return Problem(line=pl.number, col_start=start, col_end=len(stripped), severity=Severity.WARNING,
                   kind=ProblemKind.INFO, code=code, message=msg(code, **fields), hint=hint)


def _problem(pl: PostLine, issue: Issue) -> Problem:
    if issue.end <= issue.start:
        stripped = pl.original.rstrip()
        col_start, col_end = len(pl.original) - len(pl.original.lstrip()), len(stripped)
    else:
        col_start, col_end = pl.span(issue.start, issue.end)
    return Problem(line=pl.number, col_start=col_start, col_end=col_end, severity=issue.severity, kind=issue.kind,
                   code=issue.code, message=issue.message, hint=issue.hint, clause=issue.clause)

