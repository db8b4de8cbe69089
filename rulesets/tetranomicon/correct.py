"""A GM's direct correction of a Tetranomicon state (the optional contract method ``correct``): what
a forum ruling changes, written as Russian lines and published as a step of its own (TET-GM-01).

One change a line; blank lines and ``//`` chatter are skipped. Players by name in any case or with a
slip (the shared `letopis.engine.amounts` owner index), castles, segments, cards and buildings as
a post names them (`reading.words`: any case, short form, code «К3», «У5», a typo):

- coins: «Анне +3 монеты», «у Бориса −2 монеты» (never below 0, TET-GAP-30);
- trophies: «трофей Каменца — Анне» (off the board, the castle freed), «Анне: трофей 3 из запаса»,
  «трофей 3 Анны — Борису», «трофей 3 Анны — в запас», «трофей 3 Анны — на Каменец»;
- a building: «строение в Каменце, башня 2 — Борису», «убрать строение: Северград, башня 1»;
- a route: «маршрут У5 — Анне», «маршрут Каменец — Дубрава — Борису», «убрать маршрут У5»;
- a card: «Анне: Грифон из пула» (the place refilled as the rules refill it), «Грифон Анны —
  Борису», «Печать Гильдии Анны — в пул» (to a free place);
- the first-player token: «жетон первого игрока — Борису», «первый игрок: Вера»;
- passing: «Анна спасовала», «Анна: пас снят» (whose turn it is follows, TET-ACT-03).

Deck orders and the trophy supply stay secret: the chronicle names only what comes into the open.
Nothing is applied if any line has an error; the state passed in is never changed.
"""

from __future__ import annotations

from letopis.engine.amounts import AmountLineError, owner_index, read_amount_line
from letopis.engine.events import Event
from letopis.engine.names import NameIndex
from letopis.engine.problems import Problem, ProblemKind, Severity
from letopis.engine.text import LineKind, PostLine, split_post

from .correct_board import Refusal, board_line, refuse
from .data import material_for
from .messages import MESSAGES
from .reading.words import Item, read_items, vocabulary
from .rules.flow import next_active
from .state import State

CLAUSE = "TET-GM-01"
EXAMPLES = MESSAGES["gm.unreadable"][1]
_UNDO = ("снят", "снима", "отмен", "убра", "не ")


def correct(state: State, text: str) -> tuple[State, list[Event], list[Problem]]:
    new = state.clone()
    owners = owner_index([(p.name, f) for f, p in state.players.items()])
    events: list[Event] = []
    problems: list[Problem] = []
    for pl in split_post(text):
        if pl.kind not in (LineKind.TEXT, LineKind.HEADING) or pl.norm.startswith("//"):
            continue
        try:
            if new.phase == "over":
                raise refuse("over")
            line_events, note = _line(new, pl, owners)
            events += line_events
            if note:
                problems.append(Problem(line=pl.number, col_end=len(pl.original), severity=Severity.NOTE,
                                        kind=ProblemKind.INFO, code="name_read_as", message=note))
        except Refusal as exc:
            start, end = pl.span(*exc.span) if exc.span else (0, len(pl.original))
            problems.append(Problem(line=pl.number, col_start=start, col_end=end, kind=exc.kind, code=exc.code,
                                    message=exc.message, hint=exc.hint or EXAMPLES, clause=CLAUSE))
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message="В правке нет ни одной строки."))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems


def _line(state: State, pl: PostLine, owners: NameIndex[str]) -> tuple[list[Event], str | None]:
    """One line's events and, when a player's name was read from a slip, what was taken."""
    m = material_for(state)
    vocab = vocabulary(m, tuple((f, p.name) for f, p in state.players.items()))
    items, note = _people(read_items(pl.norm, vocab), owners)
    words = {it.text for it in items if it.kind in ("word", "concept")}
    if any(w.startswith("монет") for w in words) and any(it.sym("+", "-") for it in items):
        return _coins(state, pl, owners)
    if any(it.kind == "word" and it.text.startswith("жетон") for it in items) \
            or any(it.kind == "ordinal" and it.value == 1 for it in items) and "игрок" in " ".join(words):
        return _holder(state, items), note
    if any(it.kind == "concept" and it.concept == "v_pass" for it in items):
        return _pass(state, items, pl.norm), note
    return board_line(state, items, m), note


def _people(items: list[Item], owners: NameIndex[str]) -> tuple[list[Item], str | None]:
    """Players written with a slip («Барису»): the words the board reader left unread, found by the
    shared owner index; the note says what was taken."""
    from dataclasses import replace

    out: list[Item] = []
    note = None
    for it in items:
        if it.kind == "word" and it.text.isalpha():
            hits = owners.find([it.text])
            if len({h.key for h in hits}) == 1 and hits[0].words == 1:
                out.append(replace(it, kind="person", value=hits[0].key, fit=hits[0].fit))
                if hits[0].fit.noted:
                    note = f"Имя прочитано так: «{it.text}» — {hits[0].name}."
                continue
        out.append(it)
    return out, note


def _person(items: list[Item], what: str) -> str:
    found = [str(it.value) for it in items if it.kind == "person"]
    if len(set(found)) != 1:
        raise refuse("whom", kind=ProblemKind.UNREADABLE if not found else ProblemKind.AMBIGUOUS, what=what)
    return found[0]


def _coins(state: State, pl: PostLine, owners: NameIndex[str]) -> tuple[list[Event], str | None]:
    try:
        read = read_amount_line(pl.text, owners)
    except AmountLineError as exc:
        raise Refusal("gm.amount", exc.message, exc.hint, ProblemKind.UNREADABLE) from None
    if read is None:  # a sign without a number: «+ монеты»
        raise refuse("unreadable", kind=ProblemKind.UNREADABLE)
    player = state.players[read.owner]
    if player.coins + read.delta < 0:
        raise refuse("coins_low", who=player.name, have=player.coins, n=-read.delta)
    player.coins += read.delta
    event = Event(kind="gm_coins", faction=read.owner, clause=CLAUSE,
                  text=f"Правка мастера: {player.name} — монеты {read.delta:+d} (теперь {player.coins}).",
                  data={"faction": read.owner, "delta": read.delta})
    note = f"Имя прочитано так: «{read.written}» — {read.name}." if read.noted else None
    return [event], note


def _holder(state: State, items: list[Item]) -> list[Event]:
    """TET-GEN-05: the first-player token changes hands; no consolation coin (that is TET-INIT-03's)."""
    faction = _person(items, "жетон первого игрока")
    if state.holder == faction:
        raise refuse("holder_same", who=state.players[faction].name)
    was, state.holder = state.holder, faction
    return [Event(kind="gm_holder", faction=faction, clause=CLAUSE,
                  text=f"Правка мастера: жетон первого игрока переходит к игроку {state.players[faction].name}.",
                  data={"holder": faction, "was": was})]


def _pass(state: State, items: list[Item], norm: str) -> list[Event]:
    """TET-ACT-04: a pass set or taken back; the turn moves on from a player who has now passed."""
    faction = _person(items, "пас")
    player = state.players[faction]
    passed = not any(w in norm for w in _UNDO)
    if player.passed == passed:
        raise refuse("passed_already" if passed else "not_passed", who=player.name)
    player.passed = passed
    following = next_active(state, faction) if passed and state.active == faction else state.active
    if following is None:
        player.passed = False
        raise refuse("all_passed")
    events = [Event(kind="gm_pass", faction=faction, clause=CLAUSE, data={"faction": faction, "passed": passed},
                    text=f"Правка мастера: {player.name} " + ("пасует до конца эпохи." if passed else
                                                             "снова в игре: пас снят."))]
    if following != state.active:
        state.active = following
        events.append(Event(kind="gm_turn", faction=following, clause="TET-ACT-03", data={"active": following},
                            text=f"Ход переходит к игроку {state.players[following].name}."))
    return events
