"""Reading a «Битвы FANTASY» post: `read_post(text, state, faction) -> Reading` (checklist §3, §4).

The reader stands on the shared reading core. `split_post` gives the lines (quotes, BBCode,
emoticons, off-topic, list markers); `reading.words` finds what each line mentions (figures by
any name form, number, ordinal, group or colour; cells in every form; weapons, artifacts, sides,
the lexicon's concepts); each line is cut into clauses (`split_clauses`: «; », «, затем», …), and
each clause is matched against the order kinds of the step, declared as frames in
`reading.frames` (deployment, the six maneuver orders, shooting, and one frame per decision
answer WG-DEC-01…13).

A clause that names the poster's own figures with an action word, a place, a target or an amount
is an order (core `is_order_line`): it is read, or it is an error with the most specific clause
and a hint. Everything else is flavour. Every order is then checked with the rules' own checkers
against the board as the lines above leave it (WG-DEF-MOVE-08): a move shows its path, its ОМ
cost and what is left, an unreachable cell says what the path costs and what the figure has.

While a decision waits, the whole post is the answer: everyday answers («пусть решит кубик»,
«нет», «на ваше усмотрение») through the core's `everyday_answer`, or the choice itself.
A post from a player who is not expected now is refused on line 1 with whose turn it is.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from dataclasses import dataclass, field

from pydantic import BaseModel

from letopis.engine.answers import Answer, everyday_answer
from letopis.engine.clauses import Part, split_clauses, subject_scopes
from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.frames import foreign_verb, is_order_line, readings_text
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.reading import read_or_report, require_an_order
from letopis.engine.text import LineKind, PostLine, split_post
from letopis.engine.text_words import Token, ordinal_value

from .battle.deployment import check_deploy
from .battle.moves import check_movement, check_teleport, dead, own_figure, path_text
from .messages import Violation, count_fields, dice_count, text, violation
from .naming import Namer, cap, cell_text
from .orders import (
    ActivateArtifact,
    ByDice,
    Casualties,
    Charge,
    Continue,
    Decline,
    Deploy,
    FightFirst,
    Hold,
    Move,
    NoSave,
    NoShooting,
    Shoot,
    Step,
    Storm,
    Stray,
    Teleport,
    TowerCells,
    Withdraw,
)
from .reading.corrections import corrected_line
from .reading.frames import (
    ACTION_CONCEPTS,
    BY_KIND,
    PREPOSITIONS,
    STEP_FRAMES,
    TURN_ACTIONS,
    Built,
    Carry,
    build,
    casualties,
    evidence,
    fail,
    no_save,
    pick,
    play_card,
)
from .reading.habits import (
    NEGATION,
    abbreviations_joined,
    comes_then,
    condition_out,
    dash_cut,
    hold_told,
    negated_actions,
    own_ids,
    speech_out,
    tower_group,
    vanishing,
)
from .reading.messages import msg
from .reading.words import FOLLOW_WORDS, NEAR_WORDS, Item, Scanner, lemmatizer, vocabulary
from .rules.shooting import check_shot, covered, to_hit, weapon_of
from .state import State

MAX_ORDER_LINE = 400
PHASE_NAMES = {"deploy": "расстановка", "maneuver": "маневр", "shooting": "стрельба", "merged": "маневр и стрельба",
               "melee": "рукопашный бой", "healing": "лечение"}
EXPECTED = {
    "deploy": "расстановка: каждая фигура армии в свою зону",
    "maneuver": "приказы на маневр (движение, атака с ходу, телепортация, штурм) или «все стоят на месте»",
    "shooting": "приказы на стрельбу или «Не стреляем»",
    "merged": "приказы на маневр и стрельбу",
}
CLAUSE_OF_STEP = {"deploy": "WG-DEF-BOARD-05", "maneuver": "WG-DEF-MOVE-05", "shooting": "WG-DEF-SHOOT-01",
                  "merged": "WG-DEF-TURN-04"}
DECLINE_FOR = {"WG-DEC-04": "step", "WG-DEC-05": "step", "WG-DEC-06": "withdraw", "WG-DEC-12": "continue",
               "WG-DEC-13": "card", "WG-DEC-09": "tower"}
# decisions a die may settle when asked to («пусть решит кубик»), and those whose default is a die
BY_DICE = frozenset({"WG-DEC-01", "WG-DEC-02", "WG-DEC-03", "WG-DEC-07", "WG-DEC-09", "WG-DEC-10"})
DEFAULT_BY_DICE = BY_DICE - {"WG-DEC-09"}  # the tower's default is the nearest cells (WG-DEF-TOWER-03)
MANEUVER_ORDERS = (Move, Charge, Continue, Storm, Teleport, Hold)
SHOOTING_ORDERS = (Shoot, NoShooting)


def read_post(text_: str, state: State, faction: str) -> Reading:
    """Read a post into orders and problems. Never raises."""
    return read_or_report(read_post_strict, text_, state, faction, message=msg("read.internal")[0])


# --- whose post ----------------------------------------------------------------------------------
def expected_poster(state: State) -> str | None:
    """`battle.engine.expected` without touching the state."""
    order = state.order if state.phase in ("maneuver", "shooting") else state.setup_order
    i = state.active
    while i < len(order) and state.players[order[i]].out:
        i += 1
    return order[i] if i < len(order) else None


def step_of(state: State, faction: str) -> tuple[str | None, Violation | None]:
    """The step this poster answers now (a phase or a decision id), or why he may not post."""
    if state.phase == "over":
        return None, violation("turn.over", "WG-DEF-WIN-02")
    p = state.pending
    if p is not None:
        if p.faction == faction:
            return p.decision, None
        # WG-DEF-TURN-05: a post out of turn names whose turn it is; the decision is his, not this poster's
        return None, violation("turn.decision_waits", "WG-DEF-TURN-05", who=state.players[p.faction].name,
                               decision=p.decision)
    if faction not in state.players:
        return None, violation("turn.not_yours", "WG-DEF-TURN-05", who="—", phase=PHASE_NAMES.get(state.phase, ""))
    if state.phase == "deploy":
        if state.options.hidden_deployment:
            if faction not in state.hidden_posts:
                return "deploy", None
        elif expected_poster(state) == faction:
            return "deploy", None
    elif state.phase in ("maneuver", "shooting") and expected_poster(state) == faction:
        if state.phase == "maneuver" and state.options.posting == "merged":
            return "merged", None
        return state.phase, None
    who = expected_poster(state) if state.phase in ("deploy", "maneuver", "shooting") else None
    phase = PHASE_NAMES.get(state.phase, state.phase)
    return None, violation("turn.not_yours", "WG-DEF-TURN-05", who=state.players[who].name if who else "сервер",
                           phase=phase)


# --- one line ------------------------------------------------------------------------------------
@dataclass
class _Line:
    post: PostLine
    status: LineStatus = LineStatus.FLAVOUR
    orders: list[BaseModel] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    costs: list[str] = field(default_factory=list)


def _problem(pl: PostLine, code: str, message: str, hint: str | None, clause: str | None, *,
             span: tuple[int, int] | None = None, kind: ProblemKind = ProblemKind.UNREADABLE,
             severity: Severity = Severity.ERROR) -> Problem:
    if span is not None and pl.cols:
        a, b = pl.span(*span)
    else:
        a, b = 0, len(pl.original)
    return Problem(line=pl.number, col_start=a, col_end=b, code=code, message=message, hint=hint, clause=clause,
                   kind=kind, severity=severity)


def _error(line: _Line, built: Built, state: State, faction: str, step: str) -> None:
    params = dict(built.params)
    params.setdefault("example", example(state, faction, step))
    if built.error == "read.which":
        params.setdefault("first", params.get("options", "").split(",")[0])
    if built.error in ("fig.not_own",):
        message, hint = text("fig.not_own", who=params.get("who", "")), None
    else:
        message, hint = msg(built.error or "read.unreadable", **params)
    line.problems.append(_problem(line.post, built.error or "read.unreadable", message, hint, built.clause,
                                  span=built.span))
    line.status = LineStatus.ERROR


# «…, остальные стоят», «…, если победит — …»: a new clause after a comma; «…, который …» describes
_MORE_CLAUSES = re.compile(r",\s*(?=(?:остальн\w*|прочие|прочих|если|дальше)\b)")
_RELATIVE = re.compile(r",?\s*\b(?:котор\w*)\b")


def _clauses(norm: str, items: list[Item]) -> list[tuple[str, list[Item]]]:
    """The clauses of a line with their items; a «, затем …» clause keeps its connector. A comma
    before «остальные» or «если» starts a clause too, a relative clause («…, который дерётся
    с мечником») only describes the figure before it (its items are left out), and a comma list of
    subjects that say different things is cut between them (core `subject_scopes`: «катапульта по
    шаману, лучники не стреляют»)."""
    out = []
    for c in abbreviations_joined(split_clauses(norm, sentences=True), items):
        cuts = [c.start] + [m.end() for m in _MORE_CLAUSES.finditer(norm, c.start, c.end)] + [c.end]
        for k, (a, b) in enumerate(itertools.pairwise(cuts)):
            rel = _RELATIVE.search(norm, a, b)
            end = rel.start() if rel else b
            its = [it for it in items if a <= it.start < end]
            connector = c.connector if k == 0 else norm[a:a + 10].split()[0] if norm[a:b].strip() else ""
            connector = connector if k == 0 else ("если" if connector == "если" else "")
            pieces = dash_cut(norm, its) if " - " in norm[a:end] else [its]
            for i, piece in enumerate(pieces):
                for j, scope in enumerate(_subject_scopes(piece) if "," in norm[a:end] else [piece]):
                    out.append((connector if i == j == 0 else "", scope))
    return out


_STAYING = frozenset({"hold", "no_shoot"})
_PART_LEAD = frozenset({"а", "и", "но", "тогда", "ну", "еще", "тоже", "также"})


def _leads_in(word: str) -> bool:
    """«а», «ну», «поэтому», «значит», «теперь»: a conjunction, a particle or an adverb that leads
    into a part before its subject («…, поэтому первый мечник выходит на 9-9»)."""
    return word in _PART_LEAD or bool(lemmatizer().grammemes(word) & _LEADING_TAGS)


_LEADING_TAGS = frozenset({"CONJ", "PRCL", "ADVB", "INTJ"})


def _subject_scopes(its: list[Item]) -> list[list[Item]]:
    """A clause's items cut where a comma list's subjects say different things (see `_clauses`)."""
    if not any(it.kind == "sym" and it.text == "," for it in its):
        return [its]
    pieces: list[list[Item]] = [[]]
    for it in its:
        if it.kind == "sym" and it.text == ",":
            pieces.append([])
        else:
            pieces[-1].append(it)
    parts: list[Part] = []
    for piece in pieces:
        if not piece:
            continue
        lead = next((it for it in piece if not (it.kind == "sym" or it.kind == "word" and _leads_in(it.text))), None)
        subject = lead is not None and (lead.kind == "fig" and lead.own or lead.kind == "rest")
        body = [it for it in piece if it is not lead and it.kind not in ("word", "sym")]
        # «…, встав на 10-9»: a gerund tells how the part's subject acts, not another order
        says = {it.value for it in piece if it.kind == "concept" and it.value in ACTION_CONCEPTS
                and "GRND" not in lemmatizer().grammemes(it.text)}
        if any(it.kind in ("weapon", "weapons") for it in piece):
            says.add("shoot")
        parts.append(Part(piece[0].start, piece[-1].end, subject, bool(body), frozenset(says)))
    spans = subject_scopes(parts, _STAYING)
    if len(spans) == 1:
        return [its]
    return [[it for it in its if a <= it.start and it.end <= b] for a, b in spans]


def _words(items: list[Item]) -> list[str]:
    return [it.text for it in items if it.kind == "word"]


_FIG_SYMS = frozenset({":", "-", ".", "!", ",", "(", ")"})
_TARGET_WORDS = frozenset({"по", "в", "во", "→", "на", "к", "ко"})
_SUBJECT_ACTIONS = frozenset({"move", "attack", "charge", "teleport", "storm", "shoot", "deploy", "withdraw",
                              "take_tower"})


def _is_header(pl: PostLine, items: list[Item]) -> bool:
    """A unit header: «Рыцарь:», «[b]Мечник №2[/b]» — own figures and nothing else."""
    if pl.kind is LineKind.HEADING:
        return any(it.kind == "fig" and it.own and not it.error for it in items)
    return bool(items) and all(it.kind == "fig" and it.own and not it.error or it.kind == "sym" and it.text in _FIG_SYMS
                               for it in items) and any(it.kind == "fig" for it in items)


def _asides_out(items: list[Item]) -> list[Item]:
    """The figures a turn line names only to say where or to remark on something are not its actors
    or targets: an own figure after «к», «у», «возле» («шаман к вождю на 12-6») and any figure in
    brackets («по орку 1 (он в рукопашной с мечником)»). Cells, ОМ and order words in brackets
    still count («(через 8-6)», «(3 ОМ)»)."""
    out: list[Item] = []
    depth = 0
    for it in items:
        if it.kind == "sym" and it.text in "()":
            depth = depth + 1 if it.text == "(" else max(0, depth - 1)
        elif it.kind == "fig" and (depth or it.own and it.role == "near"):
            continue
        out.append(it)
    return out


_NEAR = re.compile(r"\b(?:" + "|".join(sorted(NEAR_WORDS | FOLLOW_WORDS)) + r")\s")


@functools.cache
def _further_words() -> tuple[str, ...]:
    """The continuation's words that are adverbs («дальше», «далее»): `_idle_further` is for them."""
    lem = lemmatizer()
    return tuple(w for w, c in lem.lexicon.concepts.items()
                 if c == "continue" and " " not in w and lem.grammemes(w) & {"ADVB", "COMP"})


def _idle_further(items: list[Item], scanner: Scanner) -> list[Item]:
    """«…, а дальше видно будет», «далее по обстановке»: «дальше» and «далее» continue a charge only
    towards a place («дальше на 9-7»); with no cell after them in their part they just say «later»."""
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.kind == "concept" and it.value == "continue" and scanner.lem.grammemes(it.text) & {"ADVB", "COMP"}:
            rest = itertools.takewhile(lambda x: not (x.kind == "sym" and x.text in ",.;!?"), items[k + 1:])
            if not any(x.kind == "cell" for x in rest):
                out.append(Item("word", it.start, it.end, None, it.text))
                continue
        out.append(it)
    return out


def _restated_hold(items: list[Item], scanner: Scanner) -> list[Item]:
    """«Рыцарь стоял на 8-5, теперь идёт на 8-6»: a past «стоял» beside a movement says where the
    figure stood; the cell after it is where it starts from, not an order to hold. A hold word
    after a movement and its cell («идёт на 10-5 и будет ждать») says it stays there after moving."""
    said = {it.value for it in items if it.kind == "concept"}
    if "hold" not in said or not any(it.kind == "cell" for it in items):
        return items
    moving = bool(said & {"move", "attack", "charge", "storm", "withdraw"})
    out: list[Item] = []
    after_past = False
    moved_to = False  # a figure's cell to go to: «идёт на 10-5 и будет ждать» stays there
    for it in items:
        if it.kind in ("fig", "rest", "group") or it.kind == "sym" and it.text in ",;.!?":
            moved_to = False
        elif it.kind == "cell" and it.role != "from":
            moved_to = True
        if it.kind == "concept" and it.value == "hold" and moved_to:
            out.append(Item("word", it.start, it.end, None, it.text))
            continue
        if moving and it.kind == "concept" and it.value == "hold" and "past" in scanner.lem.grammemes(it.text):
            after_past = True
            continue
        if after_past and it.kind == "cell":
            out.append(dataclasses.replace(it, role="from"))
            after_past = False
            continue
        if it.kind == "concept":
            after_past = False
        out.append(it)
    return out


def _not_own(its: list[Item], said: set[str], step: str) -> Item | None:
    """The other player's figure a clause orders about («Орк №1 идёт на 8-7» from the Kingdom):
    it stands first, not after «по»/«в»/an arrow, and an order word, a place or (at deployment) a cell
    follows it."""
    figs = [it for it in its if it.kind == "fig"]
    if not figs or figs[0].own or not figs[0].figs and figs[0].error != "which":
        return None
    first = figs[0]
    k = its.index(first)
    if k and its[k - 1].text in _TARGET_WORDS | {"с", "со"}:
        return None
    later = its[k + 1:]
    if step == "deploy":
        return first if any(it.kind == "cell" for it in later) else None
    if not said & _SUBJECT_ACTIONS:
        return None
    return first if any(it.kind in ("cell", "fig") for it in later) else None


def _unknown_subject(its: list[Item], said: set[str], scanner: Scanner) -> Item | None:
    """«Паладин идёт на 8-6»: a noun in the subject's place that is no figure of the game."""
    if any(it.kind == "fig" for it in its) or not said & _SUBJECT_ACTIONS or not any(it.kind == "cell" for it in its):
        return None
    first = its[0]
    if first.kind == "word" and len(first.text) >= 4:
        g = scanner.lem.grammemes(first.text)
        if "NOUN" in g and "nomn" in g or not g:
            return first
    return None


_AIMED = frozenset({"по", "в", "во", "→"})


def _role_play(its: list[Item], scanner: Scanner) -> bool:
    """«Рыцарь смотрит на орков с презрением», «Капитан сжимает арбалет», «Мастер написал, что у
    дракона 6 ОМ»: a clause whose verb is no word of the order language, with no cell, no one enemy
    figure and no figure aimed at («по», «в», an arrow), tells a story or restates the board; it
    orders nothing. A cell keeps it an order («Дракон пикирует на 9-10»): a place is never
    role-play; so does an enemy named one by one as the verb's object («добивает орка №2»)."""
    if any(it.kind == "concept" and it.value in TURN_ACTIONS or it.kind == "cell" for it in its):
        return False
    if foreign_verb(_words(its), scanner.lem) is None:
        return False
    for k, it in enumerate(its):
        before = its[k - 1].text if k else ""
        if it.kind == "fig" and (before in _AIMED or not it.own and not it.many and before not in PREPOSITIONS):
            return False  # «в шамана», «добивает орка №2»; not «смотрит на дракона», «рядом с орком»
    return True


def _army_speaks(its: list[Item]) -> bool:
    """«Синие держат строй», «Красные не отступят!»: a side named as a whole, with no figure and no
    cell, is a war cry, not an order; the orders name figures («все стоят», «остальные стоят»)."""
    return any(it.kind == "side" for it in its) and not any(it.kind in ("fig", "cell", "rest", "group") for it in its)


def _war_cry(its: list[Item], items: list[Item]) -> bool:
    """«Орки, вперёд, в атаку!», «Рыцарь, за Короля — в бой!»: figures called by name (a comma right
    after them) in an exclamation with no cell, no enemy and no amount are cheered on, not moved;
    the orders follow with their places."""
    if not any(it.kind == "fig" and j + 1 < len(its) and its[j + 1].text == "," for j, it in enumerate(its)):
        return False
    if any(it.kind in ("cell", "om") or it.kind == "fig" and not it.own
           or it.kind == "concept" and it.value in _STAYING for it in its):
        return False  # «Лучники, стоять!» holds: a hold needs no place
    end = its[-1].end
    after = next((it for it in items if it.start >= end), None)
    return after is not None and after.text == "!"


def _own_names(state: State, faction: str) -> str:
    n = Namer(state, faction)
    seen: list[str] = []
    for f in sorted(state.figures.values(), key=lambda f: f.order):
        if f.side == faction and f.alive:
            name = n.figure(f.id).split(" №")[0]
            if name not in seen:
                seen.append(name)
    return ", ".join(seen) or "—"


def _read_orders_line(pl: PostLine, scanner: Scanner, state: State, faction: str, step: str, carry: Carry) -> _Line:
    pl = corrected_line(pl, scanner)  # «на 6-5, нет, лучше на 6-6»
    line = _Line(pl)
    items = scanner.scan(pl.norm)
    if _is_header(pl, items):  # a unit header «Рыцарь:»: the lines under it are his
        carry.header = [f for it in items if it.kind == "fig" and it.own for f in it.figs]
        carry.actors = list(carry.header)
        return line
    if pl.kind is LineKind.HEADING:
        return line
    # the rare shapes are looked for only where the text has their marks (the live check reads every line
    # at every keystroke)
    present = {it.kind for it in items}
    if "(" in pl.norm or "fig" in present and _NEAR.search(pl.norm):
        items = _asides_out(items)
    if "«" in pl.norm:
        items = speech_out(pl.norm, items)
    if any(w in pl.norm for w in _further_words()):
        items = _idle_further(items, scanner)
    items = _restated_hold(items, scanner)
    if "tower" in {it.value for it in items if it.kind == "concept"}:
        items = tower_group(items, state, faction)
    if pl.norm.startswith("если "):
        items = condition_out(items, carry)
    if NEGATION.search(pl.norm):
        items = negated_actions(items)
    if any(it.kind == "concept" and it.value == "vanish" for it in items):
        items = vanishing(items, state)
    exclaimed = "!" in pl.norm
    kinds = STEP_FRAMES[step]
    step_triggers = {t for k in kinds for t in BY_KIND[k].triggers}
    for connector, its in _clauses(pl.norm, items):
        if not its:
            continue
        if step == "shooting":  # «сцепился с орком №2»: the one he fights, not a target
            its = [it for it in its if not (it.kind == "fig" and not it.own and its.index(it) > 0
                                            and its[its.index(it) - 1].text in ("с", "со"))]
        context = {step if step != "merged" else "maneuver"}
        ev = evidence(its, context)
        own_here = any(it.kind == "fig" and it.own for it in its)
        said = ev.concept_names()
        other = _not_own(its, said, step) if not own_here or step == "shooting" else None
        if other is not None and not (own_here and not any(it.kind == "fig" and it.own and its.index(it) > its.index(other)
                                                           for it in its)):
            who = Namer(state, faction).figure(other.figs[0]) if other.figs else other.text
            _error(line, fail("read.not_own", "WG-DEF-BOARD-05" if step == "deploy" else "WG-DEF-TURN-05",
                              (other.start, other.end), who=who, own=_own_names(state, faction)), state, faction, step)
            continue
        unknown = _unknown_subject(its, said, scanner) if not own_here else None
        if unknown is not None:
            _error(line, fail("read.unknown_figure", "WG-DEF-ARMY-03", (unknown.start, unknown.end),
                              written=unknown.text, own=_own_names(state, faction)), state, faction, step)
            continue
        if _role_play(its, scanner) or "side" in present and _army_speaks(its) or exclaimed and _war_cry(its, items):
            continue
        if not own_here and carry.actors and (connector or carry.header):
            # «…, затем на 9-7», or a line under a unit header: the same actor
            if carry.header and not connector:
                carry.actors = list(carry.header)
            ev.mentions.insert(0, _carried_mention(carry))
        if step == "maneuver" and "shoot" in said and any(it.kind == "fig" for it in its) \
                and not said & {"move", "charge", "teleport", "storm", "hold"}:
            message, hint = msg("read.wrong_phase", phase="маневр", expected=EXPECTED["maneuver"])
            line.problems.append(_problem(pl, "read.wrong_phase", message, hint, "WG-DEF-TURN-03"))
            line.status = LineStatus.ERROR
            continue
        if step == "shooting" and "hold" in said and own_here and not said & {"shoot", "no_shoot"} \
                and not any(it.kind == "fig" and not it.own for it in its):
            # «Катапульта ждёт», «шаман отдыхает»: in the shooting phase a figure that stays idle does not shoot
            its = [dataclasses.replace(it, value="no_shoot") if it.kind == "concept" and it.value == "hold" else it
                   for it in its]
            ev, said = evidence(its, context), (said - {"hold"}) | {"no_shoot"}
        if step == "shooting" and said & {"move", "charge", "teleport", "storm"} and any(it.kind == "cell" for it in its):
            message, hint = msg("read.wrong_phase", phase="стрельба", expected=EXPECTED["shooting"])
            line.problems.append(_problem(pl, "read.wrong_phase", message, hint, "WG-DEF-TURN-03"))
            line.status = LineStatus.ERROR
            continue
        if said & {"hold"} == said & ACTION_CONCEPTS and hold_told(its, scanner):
            continue
        explicit = bool(said & {"no_shoot", "hold", "continue"} & step_triggers)
        if not explicit and not is_order_line(ev, TURN_ACTIONS, _words(its)):
            continue
        choice = pick(ev, kinds)
        if choice.ambiguous:
            message, hint = msg("read.ambiguous", readings=readings_text(choice.rivals))
            line.problems.append(_problem(pl, "read.ambiguous", message, hint, CLAUSE_OF_STEP[step],
                                          kind=ProblemKind.AMBIGUOUS))
            line.status = LineStatus.ERROR
            continue
        if choice.best is None:
            _error(line, fail("read.unreadable", CLAUSE_OF_STEP[step]), state, faction, step)
            continue
        kind = choice.best.frame.kind
        verb = foreign_verb(_words(its), scanner.lem) if choice.best.why.startswith("implied:") else None
        if verb is not None and not any(it.kind == "cell" for it in its) \
                and not any(it.kind == "fig" and k and its[k - 1].text in _AIMED for k, it in enumerate(its)):
            # «Лучник №1 ненавидит шамана»: the step would make it a shot, but its verb says something else
            _error(line, fail("read.foreign_verb", CLAUSE_OF_STEP[step], verb=verb,
                              order=choice.best.frame.title), state, faction, step)
            continue
        if kind == "move" and carry.last_charge and comes_then(connector, its) \
                and (not own_here or own_ids(its) == [carry.charge_figure]):
            kind = "continue"  # «…, затем на 9-6», «Затем рыцарь на 9-6» after his charge: if he wins
        got = build(kind, its, state, faction, carry, context)
        if not got.ok:
            _error(line, got, state, faction, step)
            continue
        carry.last_charge = kind == "charge" or bool(got.charge_figure)
        if got.charge_figure:
            carry.charge_figure = got.charge_figure
        elif kind == "teleport" and got.orders and got.orders[0].charge:  # type: ignore[attr-defined]
            carry.charge_figure = got.orders[0].figure  # type: ignore[attr-defined]
        line.orders += got.orders
        line.status = LineStatus.ORDER
    if not line.orders and line.status is LineStatus.FLAVOUR and step in ("shooting", "maneuver", "merged") \
            and not any(it.kind in ("fig", "cell") for it in items):
        plain = _answer_with_reason(pl.norm)
        if plain is Answer.NOTHING:  # «Пропускаю стрельбу», «Пас», «пропускаю стрельбу, берегу стрелы»
            line.orders = [NoShooting()] if step == "shooting" else [Hold()]
            line.status = LineStatus.ORDER
    return line


_PARTS = re.compile(r"\s*[,;:]\s*|\s+-\s+")


def _answer_with_reason(norm: str) -> Answer | None:
    """An everyday answer said with a reason or a word around it in the same line, «пропускаю
    стрельбу, берегу стрелы», «Хм, пас»: the one answer its parts give (none if they disagree)."""
    got = everyday_answer(norm, normalised=True)
    if got is not None:
        return got
    found = {a for part in _PARTS.split(norm) if (a := everyday_answer(part, normalised=True)) is not None}
    return found.pop() if len(found) == 1 else None


def _carried_mention(carry: Carry):
    from letopis.engine.frames import OWN, Mention
    return Mention(OWN, 0, 0, None)


# --- checking orders against the board as the lines above leave it -----------------------------------
class Checker:
    def __init__(self, state: State, faction: str, step: str) -> None:
        self.sim = state.clone()
        self.faction = faction
        self.step = step
        self.n = Namer(state, faction)
        self.deployed: set[str] = set()
        self.charged: dict[str, int] = {}  # figure → ОМ left after its charge (for a continuation)

    def check(self, line: _Line) -> None:
        keep = []
        for order in line.orders:
            bad, summary, cost = self._one(order)
            if bad is not None:
                kind = ProblemKind.INFO if bad.warning else ProblemKind.ILLEGAL
                line.problems.append(_problem(line.post, bad.code, bad.message, bad.hint, bad.clause, kind=kind,
                                              severity=Severity.WARNING if bad.warning else Severity.ERROR))
                if not bad.warning:
                    line.status = LineStatus.ERROR
                    continue
            keep.append(order)
            if summary:
                line.summaries.append(summary)
            if cost:
                line.costs.append(cost)
        line.orders = keep if line.status is not LineStatus.ERROR else []

    def _one(self, order: BaseModel) -> tuple[Violation | None, str | None, str | None]:
        s, f = self.sim, self.faction
        if self.step in ("maneuver", "shooting") and isinstance(order, MANEUVER_ORDERS) and self.step == "shooting":
            return violation("turn.wrong_kind", "WG-DEF-TURN-03", phase="стрельба", order=order.to_text(self.n)), None, None
        if isinstance(order, Deploy):
            if order.figure in self.deployed:
                return Violation("deploy.twice", text("deploy.twice", who=self.n.figure(order.figure),
                                                      placed=self.n.agreeing(order.figure, "расставлен")),
                                 "WG-DEF-BOARD-05"), None, None
            bad = check_deploy(s, f, order)
            if bad is None:
                s.figures[order.figure].cell = tuple(order.cell)
                self.deployed.add(order.figure)
                return None, f"{cap(self.n.figure(order.figure))} — {cell_text(order.cell)}", None
            return bad, None, None
        if isinstance(order, Continue):
            fig = s.figures.get(order.figure)
            if fig is None or order.figure not in self.charged:
                m, h = msg("read.continue_order")
                return Violation("continue.no_charge", m, "WG-DEF-CHARGE-04", h), None, None
            fig.om_left = self.charged.pop(order.figure)
        if isinstance(order, (Move, Charge, Continue, Storm)):
            bad, path = check_movement(s, f, order)
            if bad is not None and not bad.warning:
                return bad, None, None
            assert path is not None
            fig = s.figures[order.figure]
            start = fig.cell
            dest = fig.cell if isinstance(order, Storm) and order.dest is None else tuple(order.dest)
            summary = text("move.summary", who=cap(self.n.figure(fig.id)), path=path_text(start, path),
                           cost=path.cost or 0, left=path.left)
            if path.contact:
                summary = summary.rstrip(".") + text("move.contact") + "."
            if isinstance(order, Storm):
                summary = summary.rstrip(".") + ", штурм башни."
            if isinstance(order, Charge):
                summary = summary.rstrip(".") + ", атака с ходу."
            fig.cell = dest
            fig.done = True
            if dest != start:
                fig.moved = True
            if isinstance(order, Continue):
                fig.om_left = None
            else:
                fig.om_spent += path.cost or 0
            if isinstance(order, Charge) or (isinstance(order, Continue) and order.charge):
                self.charged[fig.id] = path.left
            cost = f"{path.cost or 0} ОМ, осталось {path.left} ОМ"
            return bad, summary, cost
        if isinstance(order, Teleport):
            bad = check_teleport(s, f, order)
            if bad is not None:
                return bad, None, None
            mage, fig = s.figures[order.mage], s.figures[order.figure]
            start = fig.cell
            fig.cell = tuple(order.dest)
            fig.moved = fig.teleported = fig.done = True
            mage.teleport_used = mage.done = True
            if order.charge:
                self.charged[fig.id] = 0
            return None, (f"{cap(self.n.figure(mage.id))}: телепортация {self.n.figure(fig.id, 'acc')} " \
                f"{cell_text(start)} → {cell_text(order.dest)}"), None
        if isinstance(order, Hold):
            if order.figure is None:
                return None, "Остальные стоят на месте.", None
            fig, bad = own_figure(s, f, order.figure)
            if bad is not None:
                return bad, None, None
            if fig.done:
                return violation("move.done", "WG-DEF-MOVE-06", who=self.n.figure(fig.id),
                                 went=self.n.agreeing(fig.id, "ходил")), None, None
            fig.done = True
            return None, text("hold.summary", who=cap(self.n.figure(fig.id))), None
        if isinstance(order, Shoot):
            fig, bad = own_figure(s, f, order.figure)
            if bad is not None:
                return bad, None, None
            target = s.figures.get(order.target)
            if target is not None and not target.alive:
                return dead(s, f, target.id, "WG-DEF-SHOOT-03"), None, None
            if target is None or target.cell is None:
                return violation("shot.no_target", "WG-DEF-SHOOT-03",
                                 whom=self.n.figure(order.target) if target else "—"), None, None
            bad = check_shot(s, fig, order.weapon, target)
            if bad is not None:
                return bad, None, None
            w = weapon_of(s, fig, order.weapon)
            assert w is not None
            count, _ = to_hit(s, fig, w, target)
            need = "только 6 (укрытие)" if covered(s, fig, target) else "5 или 6"
            fig.fired.append(w.key)
            return None, text("shot.summary", who=cap(self.n.figure(fig.id)), whom=self.n.figure(target.id, "dat"),
                              dice=dice_count(count), need=need), None
        if isinstance(order, NoShooting):
            if order.figure is not None:
                fig, bad = own_figure(s, f, order.figure)
                if bad is not None:
                    return bad, None, None
            return None, order.to_text(self.n), None
        return None, order.to_text(self.n), None  # type: ignore[attr-defined]

    def missing_deployment(self) -> list[str]:
        return [f.id for f in sorted(self.sim.figures.values(), key=lambda f: f.order)
                if f.side == self.faction and f.alive and f.cell is None]


# --- an example from the poster's own figures --------------------------------------------------------
def example(state: State, faction: str, step: str) -> str:
    n = Namer(state, faction)
    mine = [f for f in sorted(state.figures.values(), key=lambda f: f.order) if f.side == faction and f.alive]
    if not mine:
        return "Пусть решит кубик."
    fig = mine[0]
    if step == "deploy":
        from .battle.deployment import default_deployment
        d = default_deployment(state, faction)
        return d[0].to_text(n) if d else f"{cap(n.figure(fig.id))} — 5-2."
    if step == "shooting":
        for f in mine:
            for w in state.spec(f).weapons:
                for e in state.living():
                    if e.side != faction and f.cell and check_shot(state, f, w.key, e) is None:
                        return Shoot(figure=f.id, target=e.id).to_text(n)
        return "Не стреляем."
    if step in ("maneuver", "merged"):
        from .rules.geometry import neighbours
        for f in mine:
            if f.cell is None or f.done:
                continue
            for c in neighbours(state.board, f.cell):
                if check_movement(state, faction, Move(figure=f.id, dest=c))[0] is None:
                    return Move(figure=f.id, dest=c).to_text(n)
        return Hold().to_text(n)
    p = state.pending
    if p is not None and p.figures:
        if step == "WG-DEC-01":
            return Stray(victim=p.figures[0]).to_text(n)
        if step == "WG-DEC-02":
            return Casualties(lethal=tuple(p.figures[:max(1, p.count)]), lesser=tuple(p.figures[max(1, p.count):])).to_text(n)
        if step == "WG-DEC-03":
            return NoSave(figures=tuple(p.figures[:max(1, p.count)])).to_text(n)
        if step == "WG-DEC-09":
            free = [tuple(c) for c in next(iter(p.cells.values()), [])]
            return TowerCells(moves=tuple(zip(p.figures, free))).to_text(n)  # type: ignore[arg-type]
        if p.cells:
            f0, cells = next(iter(p.cells.items()))
            if cells:
                return (Withdraw if step == "WG-DEC-06" else Step)(figure=f0, cell=cells[0]).to_text(n)
    if p is not None and p.choices:
        if step == "WG-DEC-07":
            return FightFirst(opponent=p.choices[0]).to_text(n)
        if step == "WG-DEC-10":
            return ActivateArtifact(artifact=p.choices[0]).to_text(n)
    return ByDice().to_text(n)


# --- the post --------------------------------------------------------------------------------------
def read_post_strict(text_: str, state: State, faction: str) -> Reading:
    step, bad = step_of(state, faction)
    lines = split_post(text_ or "")
    if bad is not None:
        reading = Reading()
        for pl in lines:
            reading.lines.append(LineReading(line=pl.number, text=pl.original, status=_plain_status(pl)))
        reading.problems.append(Problem(line=1, code=bad.code, message=bad.message, hint=bad.hint, clause=bad.clause,
                                        kind=ProblemKind.ILLEGAL))
        return reading
    assert step is not None
    vocab = vocabulary(state)
    scanner = Scanner(state, faction, vocab)
    if step.startswith("WG-DEC"):
        return _read_answer(lines, scanner, state, faction, step)
    carry = Carry()
    outs: list[_Line] = []
    for pl in lines:
        if pl.kind is LineKind.TEXT and pl.norm and len(pl.norm) <= MAX_ORDER_LINE or pl.kind is LineKind.HEADING:
            outs.append(_read_orders_line(pl, scanner, state, faction, step, carry))
        else:
            outs.append(_Line(pl, _plain_status(pl)))
    checker = Checker(state, faction, step)
    reading = Reading()
    for out in outs:
        if out.orders and out.status is LineStatus.ORDER:
            checker.check(out)
        reading.orders += out.orders
        reading.problems += out.problems
        reading.lines.append(LineReading(line=out.post.number, text=out.post.original, status=out.status,
                                         summary=" ".join(out.summaries) or None, cost="; ".join(out.costs) or None))
    if any(isinstance(o, NoShooting) and o.figure is None for o in reading.orders):
        # «Не стреляем» said of the whole army covers «шаман не стреляет» said beside it
        reading.orders = [o for o in reading.orders if not (isinstance(o, NoShooting) and o.figure is not None)]
    if step == "deploy" and reading.orders and reading.ok:
        missing = checker.missing_deployment()
        if missing:
            n = Namer(state, faction)
            last = max((x.line for x in reading.lines if x.status is LineStatus.ORDER), default=1)
            reading.problems.append(Problem(line=last, code="deploy.missing", clause="WG-DEF-BOARD-05",
                                            message=text("deploy.missing", who=n.listing(missing),
                                                         placed=n.agreeing(missing, "расставлен")),
                                            hint=text("deploy.missing.hint"), kind=ProblemKind.ILLEGAL))
    if not reading.orders and reading.ok:
        require_an_order(reading, expected=EXPECTED[step], example=example(state, faction, step),
                         clause=CLAUSE_OF_STEP[step])
    return reading


def _plain_status(pl: PostLine) -> LineStatus:
    return {LineKind.BLANK: LineStatus.BLANK, LineKind.QUOTE: LineStatus.QUOTE}.get(pl.kind, LineStatus.FLAVOUR)


# --- decisions (checklist §4) ----------------------------------------------------------------------------
def default_answer(state: State, faction: str) -> list[BaseModel]:
    from .battle.turns import default_orders
    return default_orders(state, faction)


def _answer_orders(answer: Answer, state: State, faction: str, step: str) -> list[BaseModel] | None:
    if answer is Answer.RANDOM or answer is Answer.DEFAULT and step in DEFAULT_BY_DICE:
        return [ByDice()] if step in BY_DICE else default_answer(state, faction)
    if answer in (Answer.DEFAULT, Answer.YES):
        return default_answer(state, faction)
    if step in DECLINE_FOR:
        return [Decline(what=DECLINE_FOR[step])]  # type: ignore[arg-type]
    return None


_DECLINE_CONCEPTS = {"step": {"decline_step", "hold", "nobody"}, "withdraw": {"decline_withdraw", "hold", "nobody"},
                     "continue": {"decline_continue", "hold"}, "card": {"decline_card", "keep"}, "tower": set()}


def _read_answer(lines: list[PostLine], scanner: Scanner, state: State, faction: str, step: str) -> Reading:
    p = state.pending
    assert p is not None
    n = Namer(state, faction)
    reading = Reading()
    outs: list[_Line] = []
    all_items: list[tuple[_Line, list[Item]]] = []
    carry = Carry(charge_figure=p.figures[0] if step == "WG-DEC-12" and p.figures else None)
    if len(p.figures) == 1 and step in ("WG-DEC-04", "WG-DEC-05", "WG-DEC-06", "WG-DEC-12"):
        carry.actors = list(p.figures)  # «Отпрыгивает на 4-4»: the one figure that may
    for pl in lines:
        if pl.kind is LineKind.TEXT and pl.norm and len(pl.norm) <= MAX_ORDER_LINE:
            pl = corrected_line(pl, scanner)  # «убит орк №1, нет, орк №2»
        line = _Line(pl, _plain_status(pl))
        outs.append(line)
        if pl.kind is LineKind.HEADING and step in ("WG-DEC-02", "WG-DEC-03"):
            # «Убиты:» over a list of figures, «Ранен:» over the next: the heading says their fate
            heading = [it for it in scanner.scan(pl.norm) if it.kind == "concept" or it.text == ":"]
            if any(it.kind == "concept" and it.value in ("lethal", "wounded", "nosave") for it in heading):
                all_items.append((line, heading))
            continue
        if pl.kind not in (LineKind.TEXT,) or not pl.norm or len(pl.norm) > MAX_ORDER_LINE:
            continue
        items = _numbers_as_candidates(_candidates_only(scanner.scan(pl.norm), p.figures), p.figures, state, faction)
        if NEGATION.search(pl.norm):
            items = negated_actions(items)  # «никуда не уходят»: a hold, so no one withdraws
        said = {it.value for it in items if it.kind == "concept"}
        plain = _plain_answer(pl.norm)
        if plain is None and set(pl.norm.replace(",", " ").replace(".", " ").split()) & _DICE_WORDS:
            plain = Answer.RANDOM
        if plain is not None and not any(it.kind in ("fig", "cell", "artifact", "side") for it in items):
            got = _answer_orders(plain, state, faction, step)
            if got is None:
                message, hint = msg("read.answer_no", prompt=p.prompt)
                line.problems.append(_problem(pl, "read.answer_no", message, hint, step))
                line.status = LineStatus.ERROR
            else:
                line.orders, line.status = got, LineStatus.ORDER
            continue
        what = DECLINE_FOR.get(step)
        if what and said & _DECLINE_CONCEPTS[what] and not any(it.kind == "cell" for it in items):
            line.orders, line.status = [Decline(what=what)], LineStatus.ORDER  # type: ignore[arg-type]
            continue
        if step == "WG-DEC-13":
            if said & {"card"} or "«" in pl.norm:
                got = play_card(pl.text)
                _take(line, got, state, faction, step)
            continue
        if step in ("WG-DEC-02", "WG-DEC-03"):
            if not any(it.kind == "fig" for it in items) and said & {"lethal", "wounded", "nosave"}:
                items = _group_as_candidates(items, p.figures, state, faction)
            # «Эх, не повезло моим всадникам!»: a group named in a sentence whose verb says something
            # else is chatter, unless it also says who dies or is wounded or names one figure
            chatter = not said & {"lethal", "wounded", "nosave"} \
                and all(it.many for it in items if it.kind == "fig") \
                and foreign_verb([it.text for it in items if it.kind == "word"], lemmatizer()) is not None
            if any(it.kind == "fig" for it in items) and not chatter:
                all_items.append((line, items))
            continue
        ev = evidence(items, {step})
        if step == "WG-DEC-07":
            if any(it.kind == "side" for it in items):
                _take(line, build("fight_first", items, state, faction, carry, {step}), state, faction, step)
            elif (side := _side_of_figures(items, p.choices, faction)) is not None:  # «Сначала рубим орков»
                _take(line, Built([FightFirst(opponent=side)]), state, faction, step)
            elif (bad := _unknown_colour(pl.norm)) is not None:  # «с Жёлтыми»: nobody plays yellow here
                _take(line, fail("read.unknown_side", "WG-MULTI-01", written=bad,
                                 options=", ".join(FightFirst(opponent=c).to_text(n).split("с ", 1)[-1].rstrip(".")
                                                   for c in p.choices)), state, faction, step)
            continue
        if step == "WG-DEC-10":
            keeper = next((it for it in items if it.kind == "fig" and it.own and len(it.figs) == 1
                           and state.spec(state.figures[it.figs[0]]).artifact), None)
            if not said & {"artifact"} and foreign_verb(_words(items), scanner.lem) is not None:
                continue  # «шкура на его плечах начинает светиться»: the story of it, not the choice
            if any(it.kind == "artifact" for it in items):
                _take(line, build("artifact", items, state, faction, carry, {step}), state, faction, step)
            elif keeper is not None:  # «Артефакт капитана»: the one his commander keeps
                art = state.spec(state.figures[keeper.figs[0]]).artifact
                _take(line, Built([ActivateArtifact(artifact=art)]), state, faction, step)
            elif said & {"artifact"}:
                _take(line, fail("read.no_artifact", "WG-DEC-10"), state, faction, step)
            continue
        if step == "WG-DEC-01":
            if any(it.kind == "fig" for it in items):
                _take(line, _stray(items, p.figures, n), state, faction, step)
            continue
        if not any(it.kind in ("fig", "cell") for it in items):
            continue  # «[i]Волк ловко уходит от стрелы[/i]»
        if step == "WG-DEC-12" and not any(it.kind == "cell" for it in items):
            continue
        choice = pick(ev, STEP_FRAMES[step])
        if choice.best is None:
            if any(it.kind == "cell" for it in items) or any(it.kind == "fig" and it.own for it in items):
                _take(line, fail("read.unreadable", step), state, faction, step)
            continue
        kind = choice.best.frame.kind
        if step == "WG-DEC-12":
            # «Если победит — …» (as the post would have had it) is a continuation, and so is one that
            # charges again («шаг на 10-10 — и снова атака с ходу», WG-DEF-CHARGE-04); asked after the
            # win, a plain «Рыцарь идёт на 9-9» («дальше», «возвращается») is the move itself
            kind = "continue" if "если" in pl.norm.split() or "charge" in said else "move"
        _take(line, build(kind, items, state, faction, carry, {step}), state, faction, step)
    # decisions read over the whole post: casualties and saves
    if all_items:
        # each line is a part of its own («Всадник №1 | убит» / «Дракон | ранен», a [list] of items);
        # a heading's colon rules the lines under it
        items = [it for _, its in all_items
                 for it in (its if its[-1].text == ":" else (*its, Item("sym", its[-1].end, its[-1].end, text=";")))]
        first = all_items[0][0]
        if step == "WG-DEC-02":
            got = _fill_wounds(casualties(items, p.figures, p.count), state)
        else:
            got = no_save(items, p.figures)
            got.params.setdefault("options", n.figures(p.figures))
        _take(first, got, state, faction, step)
        for line, _ in all_items[1:]:
            if first.status is LineStatus.ORDER:
                line.status = LineStatus.ORDER
    orders = [o for out in outs for o in out.orders]
    if orders:
        orders = _merge(orders)
        bad = _check_answer(orders, state, faction, step)
        if bad is not None:
            line = next(out for out in outs if out.orders)
            line.problems.append(_problem(line.post, bad.code, bad.message, bad.hint, bad.clause, kind=ProblemKind.ILLEGAL))
            line.status = LineStatus.ERROR
            orders = []
    for out in outs:
        reading.problems += out.problems
        summary = " ".join(o.to_text(n) for o in out.orders) if out.orders and out.status is LineStatus.ORDER else None  # type: ignore[attr-defined]
        reading.lines.append(LineReading(line=out.post.number, text=out.post.original, status=out.status,
                                         summary=summary))
    if reading.ok:
        reading.orders = orders
    if not reading.orders and reading.ok:
        require_an_order(reading, expected=f"ответ на решение: {p.prompt}", example=example(state, faction, step),
                         clause=step)
    return reading


_ANSWER_WORDS = ("кубик", "кубики", "кубиком", "жребий", "случайно", "усмотрение", "решает", "решит", "выберет",
                 "рандом", "наугад", "продолжения", "наворотов", "усилений", "никаких", "ничего", "пропускаю",
                 "отказываюсь", "согласен", "согласна", "принимаю", "подтверждаю", "разницы", "пусть", "пускай",
                 "давайте", "конечно", "хорошо", "обойдусь", "кидаю", "бросаю", "кидайте")


def _answer_spelling(norm: str) -> str:
    """«Пусть решит кубки», «кубк»: a word one slip off an answer word is that word."""
    from rapidfuzz.distance import DamerauLevenshtein
    out = []
    for w in norm.split(" "):
        core = w.strip(".,!?")
        if len(core) >= 4 and core not in _ANSWER_WORDS:
            near = next((v for v in _ANSWER_WORDS if v[:1] == core[:1]
                         and DamerauLevenshtein.distance(core, v, score_cutoff=1) <= 1), None)
            if near:
                w = w.replace(core, near)
        out.append(w)
    return " ".join(out)


def _plain_answer(norm: str) -> Answer | None:
    """An everyday answer, also several said at once («Без разницы, на ваше усмотрение»), with a
    reason beside it («Дальше не пойдём, хватит») or with a slip in a word («Пусть решит кубки»)."""
    got = everyday_answer(norm, normalised=True)
    if got is None:
        fixed = _answer_spelling(norm)
        if fixed != norm:
            got = everyday_answer(fixed, normalised=True)
    if got is not None:
        return got
    return _answer_with_reason(norm)


def _candidates_only(items: list[Item], candidates: list[str]) -> list[Item]:
    """While a decision waits, a figure named without its number («Всадник — 5-6») or a whole
    group («Все орки назад») means the ones the decision is about."""
    if not candidates:
        return items
    out = []
    for it in items:
        if it.kind == "fig" and (it.error == "which" or it.many):
            mine = tuple(f for f in (*it.figs, *it.alt) if f in candidates)
            if mine and (it.many or len(mine) == 1):
                it = dataclasses.replace(it, figs=mine, error=None, alt=())
        out.append(it)
    return out


def _numbers_as_candidates(items: list[Item], candidates: list[str], state: State, faction: str) -> list[Item]:
    """While a decision waits, a bare number or ordinal («№2 → 12-8», «убит 4-й», «второго»)
    names the one figure asked about that bears it."""
    if not candidates:
        return items
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.kind == "num" and k and items[k - 1].kind == "sym" and items[k - 1].text == "№":
            n, start = it.value, items[k - 1].start
        elif it.kind == "num" and not it.text.isdigit() or it.kind == "word" or it.kind == "concept" \
                and it.value == "first" and k + 1 < len(items) and (items[k + 1].kind == "cell"
                                                                    or items[k + 1].text in ("на", "-", ":", "→")):
            # «первый на 12-8»: «первый» is also the word of «сначала»; before a place it names a figure
            n, start = ordinal_value(Token(it.text, it.start, it.end, "ord" if it.kind == "num" else "word",
                                           it.value if it.kind == "num" else None)), it.start
        else:
            n = None
        figs = [f for f in candidates if n is not None and state.figures[f].number == n]
        if len(figs) != 1:
            out.append(it)
            continue
        if start != it.start:
            out.pop()  # the «№» before the number
        fig = state.figures[figs[0]]
        out.append(Item("fig", start, it.end, text=it.text, figs=(fig.id,), own=fig.side == faction,
                        type_key=fig.type))
    return out


def _group_as_candidates(items: list[Item], candidates: list[str], state: State, faction: str) -> list[Item]:
    """«Убиты все трое», «Оба без спас-броска»: a group word alone names every figure asked about."""
    out = []
    for it in items:
        if it.kind == "group" and it.value in ("all", "both"):
            it = Item("fig", it.start, it.end, text=it.text, figs=tuple(candidates), many=True,
                      own=all(state.figures[f].side == faction for f in candidates))
        out.append(it)
    return out


def _side_of_figures(items: list[Item], choices: list[str], faction: str) -> str | None:
    """«Сначала рубим орков»: the one opponent whose army has the figures named."""
    sides = {f.split(":")[0] for it in items if it.kind == "fig" for f in (*it.figs, *it.alt)}
    sides = {x for x in sides if x in choices and x != faction}
    return next(iter(sides)) if len(sides) == 1 else None


def _unknown_colour(norm: str) -> str | None:
    from .reading.words import colour_of
    for w in norm.replace(",", " ").replace(".", " ").split():
        if colour_of(w) is not None:
            return w
    return None


def _fill_wounds(got: Built, state: State) -> Built:
    """«Убиты орк №1 и орк №2»: when every other figure of the loser takes a lesser portion, the
    answer names them as wounded (WG-DEF-DMG-01). One the answer says is not hurt («вождь цел»)
    while the damage leaves him a wound is an error (WG-DMG-05)."""
    from .rules.damage import fill_lesser
    p = state.pending
    fight = next((f for f in reversed(state.stack) if f.kind == "fight"), None)
    if not got.ok or p is None or fight is None:
        return got
    o = got.orders[0]
    if not isinstance(o, Casualties) or o.lesser or len(o.lethal) != p.count:
        return got
    figs = [state.figures[f] for f in p.figures]
    auto = fill_lesser(state, figs, list(o.lethal), fight.diff)
    hurt = [f for f in got.unharmed if f in auto]
    if hurt:
        n = Namer(state, p.faction)
        return fail("dec.unharmed", "WG-DMG-05", who=cap(n.listing(hurt)), wounded=n.agreeing(hurt, "ранен"),
                    whole=n.agreeing(hurt, "цел"))
    rest = [f for f in p.figures if f not in o.lethal]
    if auto and len(auto) == len(rest):
        got.orders = [Casualties(lethal=o.lethal, lesser=tuple(rest))]
    return got


_DICE_WORDS = frozenset({"кубик", "кубика", "кубики", "кубы", "кости", "дайс", "жребий", "случайно", "рандом",
                         "рандомно", "наугад"})


def _stray(items: list[Item], candidates: list[str], n: Namer) -> Built:
    """WG-DEC-01: the candidate the answer names. Another figure named beside it is told about
    («рыцарь далеко стоит. Тогда во второго мечника»); of two candidates, the one aimed at («в»,
    «по», an arrow) is meant, and two aimed at are asked about."""
    figs = [(k, it) for k, it in enumerate(items) if it.kind == "fig"]
    named: dict[str, bool] = {}  # candidate → aimed at
    for k, it in figs:
        aimed = k > 0 and items[k - 1].text in _AIMED
        for f in (*it.figs, *it.alt):
            if f in candidates:
                named[f] = named.get(f, False) or aimed
    aimed = [f for f, a in named.items() if a]
    if len(named) == 1 or len(aimed) == 1:
        return Built([Stray(victim=aimed[0] if aimed else next(iter(named)))])
    if named:
        return fail("read.two_victims", "WG-DEC-01", options=n.listing(list(named)),
                    first=cap(Stray(victim=next(iter(named))).to_text(n)))
    for _, it in figs:
        if it.figs:
            return Built([Stray(victim=it.figs[0])])  # not a candidate: refused with the candidates
    return fail("read.no_victim", "WG-DEC-01")


def _take(line: _Line, got: Built, state: State, faction: str, step: str) -> None:
    if got.ok:
        line.orders += got.orders
        line.status = LineStatus.ORDER
    else:
        _error(line, got, state, faction, step)


def _merge(orders: list[BaseModel]) -> list[BaseModel]:
    """Several lines of one answer make one order where the answer is one («На башню: …»)."""
    towers = [o for o in orders if isinstance(o, TowerCells)]
    if len(towers) > 1:
        moves = tuple(m for t in towers for m in t.moves)
        orders = [o for o in orders if not isinstance(o, TowerCells)] + [TowerCells(moves=moves)]
    if any(isinstance(o, (ByDice,)) for o in orders) and len(orders) > 1:
        orders = [o for o in orders if isinstance(o, ByDice)][:1]
    orders = list({o.model_dump_json(): o for o in orders}.values())  # the same answer said twice is one
    declines = [o for o in orders if isinstance(o, Decline)]
    if declines and len(declines) < len(orders):
        orders = [o for o in orders if not isinstance(o, Decline)]
    elif len(declines) > 1:
        orders = declines[:1]
    return orders


def _check_answer(orders: list[BaseModel], state: State, faction: str, step: str) -> Violation | None:
    """Whether an answer fits the decision it answers (its candidates, cells, counts)."""
    from .rules.damage import check_allocation, fill_lesser
    p = state.pending
    assert p is not None
    n = Namer(state, faction)
    options = n.figures(p.figures) if p.figures else ", ".join(p.choices)
    for o in orders:
        if isinstance(o, (ByDice, Decline)):
            if isinstance(o, ByDice) and step not in BY_DICE:
                return violation("dec.wrong_answer", step, decision=step)
            if isinstance(o, Decline) and DECLINE_FOR.get(step) != o.what:
                return violation("dec.wrong_answer", step, decision=step)
            continue
        if isinstance(o, Stray):
            if o.victim not in p.figures:
                return violation("dec.not_candidate", "WG-GAP-07", who=n.figure(o.victim), options=options)
        elif isinstance(o, Casualties):
            fight = next((f for f in reversed(state.stack) if f.kind == "fight"), None)
            figs = [state.figures[f] for f in p.figures]
            bad_fig = next((f for f in (*o.lethal, *o.lesser) if f not in p.figures), None)
            if bad_fig:
                return violation("dec.not_candidate", "WG-DMG-06", who=n.figure(bad_fig), options=options)
            if fight is None:
                continue
            if len(o.lethal) != p.count:
                return violation("dec.lethal_count", "WG-DMG-05", **count_fields(p.count, len(o.lethal)))
            lesser = list(o.lesser)
            if not lesser:
                auto = fill_lesser(state, figs, list(o.lethal), fight.diff)
                rest = [f.id for f in figs if f.id not in o.lethal]
                if auto and len(auto) != len(rest):
                    return violation("dec.lesser", "WG-DMG-05", **count_fields(len(auto), 0))
            code = check_allocation(state, figs, fight.diff, list(o.lethal), lesser or
                                    list(fill_lesser(state, figs, list(o.lethal), fight.diff)))
            if code == "dec.lesser":
                auto = fill_lesser(state, figs, list(o.lethal), fight.diff, lesser)
                return violation(code, "WG-DMG-05", **count_fields(len(auto), len(lesser)))
            if code == "dec.lethal_sum":
                from .naming import points
                from .rules.damage import lethal_sum
                return violation(code, "WG-DEF-DMG-01", sum=points(lethal_sum(state, o.lethal)), diff=points(fight.diff))
            if code is not None:
                return violation("dec.lethal_count", "WG-DMG-05", **count_fields(p.count, len(o.lethal)))
        elif isinstance(o, NoSave):
            bad_fig = next((f for f in o.figures if f not in p.figures), None)
            if bad_fig:
                return violation("dec.not_candidate", "WG-SAVE-05", who=n.figure(bad_fig), options=options)
            if len(set(o.figures)) != p.count:
                return violation("dec.nosave_count", "WG-SAVE-04", **count_fields(p.count, len(set(o.figures))))
        elif isinstance(o, (Step, Withdraw)):
            cells = p.cells.get(o.figure)
            if cells is None:
                return violation("dec.not_candidate", step, who=n.figure(o.figure), options=options)
            if tuple(o.cell) not in [tuple(c) for c in cells]:
                return violation("dec.cell", "WG-DEF-STEP-01" if isinstance(o, Step) else "WG-DEF-RETREAT-01",
                                 who=n.figure(o.figure), cell=cell_text(o.cell),
                                 options=", ".join(cell_text(c) for c in cells))
            if isinstance(o, Step) != (step in ("WG-DEC-04", "WG-DEC-05")):
                return violation("dec.wrong_answer", step, decision=step)
        elif isinstance(o, FightFirst):
            if o.opponent not in p.choices:
                return violation("dec.opponent", "WG-MULTI-01")
        elif isinstance(o, TowerCells):
            free = [tuple(c) for c in next(iter(p.cells.values()), [])]
            got = [(f, tuple(c)) for f, c in o.moves]
            ok = len({f for f, _ in got}) == len(got) == len({c for _, c in got}) and \
                all(f in p.figures and c in free for f, c in got) and len(got) == min(len(p.figures), len(free))
            if not ok:
                return violation("dec.tower", "WG-DEF-TOWER-03", options=", ".join(cell_text(c) for c in free))
        elif isinstance(o, ActivateArtifact):
            if o.artifact not in p.choices:
                return violation("dec.artifact", "WG-DEF-ART-03", name=n.artifact(o.artifact),
                                 options=", ".join(f"«{n.artifact(a)}»" for a in p.choices))
        elif isinstance(o, (Continue, Move, Charge)):
            if step != "WG-DEC-12" or o.figure not in p.figures:
                return violation("dec.wrong_answer", step, decision=step)
            sim = state.clone()
            fig = sim.figures[o.figure]
            fig.om_left = p.om
            cont = Continue(figure=o.figure, dest=o.dest, via=o.via, charge=bool(getattr(o, "charge", False)))
            bad, _ = check_movement(sim, faction, cont)
            if bad is not None and not bad.warning:
                return bad
        elif step == "WG-DEC-13":
            if not state.options.magic_cards:
                return violation("dec.no_cards", "WG-GAP-20")
        else:
            return violation("dec.wrong_answer", step, decision=step)
    return None
