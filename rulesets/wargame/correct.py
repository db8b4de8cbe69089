"""A GM's correction of a battle (the optional contract method ``correct``): what the rules leave
to the GM's hand, written as Russian lines and published as a step of its own.

- A magic card (WG-GAP-20, only with `magic_cards` on): «Карта «Каменная кожа» (Борис): вожак не
  получает урона в этом ходу». The card and its text become public and join the player's played
  cards; the lines under it, up to a blank line, are its effects as the GM applies them.
- An artifact by the GM's ruling (WG-GAP-24; with `artifact_activation = gm_only` the only way one
  activates): «Активировать артефакт «Знамя доблести» (Аня)», «Погасить артефакт «Знамя
  доблести»». Its keeper must be alive on the board (WG-ART-03). An artifact is stronger than
  magic cards (WG-ART-04): a card's line cannot put out an active artifact.
- A figure: «Орк №1 Бориса: ранен», «исцелён», «убит», «воскрешён на 8-8» (a keeper brought back
  needs his artifact activated again, WG-ART-05), «на 8-8», «+1 повреждение» (a war machine),
  «-1 жизнь» (a dragon).

A card that kills an enemy commander under «Традиция» activates one of the card player's
artifacts at random (WG-ART-07, WG-GAP-22: a kill by magic), the die shown. Blank lines and ``//``
chatter are skipped; nothing is applied if any line has an error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind
from letopis.engine.text_norm import normalise
from letopis.engine.text_words import counted

from .battle.flow import dice_text
from .messages import MESSAGES, text
from .naming import Namer, cap, cell_text
from .reading.words import Scanner, vocabulary
from .rules.artifacts import activation_options, keeper, on_death
from .rules.geometry import on_board, terrain
from .rules.randompick import pick
from .state import Cell, Figure, State

_CARD = re.compile(r"^карт[аыу]\s+«(?P<name>[^»]+)»\s*(?:\((?P<who>[^)]+)\))?\s*(?:[:\-—].*)?$")
_CARD_TEXT = re.compile(r"[»)]\s*[:\-—–]\s*(.+)$")  # what the card says, as the GM wrote it
_ARTIFACT = re.compile(r"^(?P<verb>активир\w*|включ\w*|погас\w*|погаш\w*|деактивир\w*|выключ\w*)\s+"
                       r"(?:артефакт\w*\s+)?«(?P<name>[^»]+)»\s*(?:\((?P<who>[^)]+)\))?\s*\.?$")
_CELL = re.compile(r"(?:на|→)\s*\(?(\d+)\s*[-,:]\s*(\d+)\)?")
_COUNT = re.compile(r"([+-])\s*(\d+)\s+(повреж\w*|ед\w*|жизн\w*)")
_OFF = ("погас", "погаш", "деактив", "выключ")


@dataclass
class _Card:
    name: str
    faction: str


def correct(state: State, text_: str, dice: Dice | None = None) -> tuple[State, list[Event], list[Problem]]:
    new = state.clone()
    n = Namer(new)
    scanner = Scanner(new, "", vocabulary(new))
    events: list[Event] = []
    problems: list[Problem] = []
    card: _Card | None = None

    def fail(number: int, raw: str, code: str, clause: str | None = None, **fields) -> None:
        problems.append(Problem(line=number, col_end=len(raw), kind=ProblemKind.ILLEGAL, code=code,
                                message=text(code, **fields), hint=_hint(code), clause=clause))

    for number, raw in enumerate(text_.splitlines(), start=1):
        line = normalise(raw).strip().rstrip(".")
        if not line:
            card = None  # a blank line ends a card's effects
            continue
        if line.startswith("//"):
            continue
        if m := _CARD.match(line):
            if not new.options.magic_cards:
                fail(number, raw, "gm.cards_off", "WG-GAP-20")
                continue
            faction = _player(scanner, m["who"])
            if faction is None:
                fail(number, raw, "gm.card_player", "WG-GAP-20")
                continue
            card = _Card(raw[raw.index("«") + 1:raw.index("»")], faction)
            new.players[faction].cards_played.append(card.name)
            said_m = _CARD_TEXT.search(raw)
            said = said_m[1].strip() if said_m else ""
            events.append(Event(kind="card", faction=faction, clause="WG-GAP-20",
                                text=text("gm.card", who=n.side(faction), card=card.name,
                                          said=f": {said.rstrip('.')}" if said else ""),
                                data={"card": card.name, "text": said}))
            continue
        if m := _ARTIFACT.match(line):
            _artifact(new, n, scanner, m, card, number, raw, events, fail)
            continue
        fig, rest = _figure(new, scanner, line)
        if fig is None:
            fail(number, raw, "gm.unreadable")
            continue
        _figure_change(new, n, fig, rest, card, dice, number, raw, events, fail)
    if not events and not problems:
        problems.append(Problem(line=1, code="empty_correction", message=text("gm.empty")))
    if any(p.is_error for p in problems):
        return state, [], problems
    return new, events, problems


def _hint(code: str) -> str | None:
    return MESSAGES.get(code + ".hint")


def _player(scanner: Scanner, written: str | None) -> str | None:
    """The player a card or artifact line names in brackets («(Борис)», «(Бориса)»), if one."""
    if not written:
        return None
    words = normalise(written).split()
    hits = scanner.vocab.players.find(words, 0)
    return hits[0].key if hits and len(hits) == 1 else None


def _figure(state: State, scanner: Scanner, line: str) -> tuple[Figure | None, str]:
    """The one figure a line begins with («орк №1 Бориса», «красный орк №3») and what follows."""
    items = scanner.scan(line)
    first = next((it for it in items if it.kind == "fig"), None)
    if first is None or first.start > 0 or len(first.figs) != 1 or first.error:
        return None, line
    return state.figures[first.figs[0]], re.sub(r"^\s*(?:[:—]|-(?=\s))?\s*", "", line[first.end:])


def _artifact(state: State, n: Namer, scanner: Scanner, m: re.Match, card: _Card | None, number: int, raw: str,
              events: list[Event], fail) -> None:
    """WG-GAP-24, WG-ART-02..04: an artifact switched on or off by the GM's hand."""
    written = normalise(m["name"])
    owners = [(f, a.key) for f, p in state.players.items() for a in p.army.artifact if normalise(a.name) == written]
    if m["who"]:
        faction = _player(scanner, m["who"])
        owners = [(f, k) for f, k in owners if f == faction]
    if len(owners) != 1:
        fail(number, raw, "gm.artifact_unknown" if not owners else "gm.artifact_whose", "WG-GAP-24")
        return
    faction, key = owners[0]
    name = n.artifact(key)
    active = state.players[faction].active_artifacts
    if m["verb"].startswith(_OFF):
        if key not in active:
            fail(number, raw, "gm.artifact_asleep", "WG-ART-02", name=name)
            return
        if card is not None:  # the artifact's text beats the card's (WG-ART-04)
            fail(number, raw, "gm.artifact_stronger", "WG-ART-04", name=name, card=card.name)
            return
        active.remove(key)
        events.append(Event(kind="gm_correction", faction=faction, clause="WG-GAP-24",
                            text=text("gm.artifact_off", name=name, who=n.side(faction)), data={"artifact": key}))
        return
    holder = keeper(state, faction, key)
    if holder is None or not holder.alive or holder.cell is None:
        fail(number, raw, "gm.artifact_keeper", "WG-ART-03", name=name)
        return
    if key in active:
        fail(number, raw, "gm.artifact_active", "WG-ART-02", name=name)
        return
    active.append(key)
    how = text("gm.by_card", card=card.name) if card else text("gm.by_gm")
    events.append(Event(kind="artifact_on", faction=faction, clause="WG-ART-02" if card else "WG-GAP-24",
                        text=text("gm.artifact_on", who=n.side(faction), name=name, how=how), data={"artifact": key}))


def _figure_change(state: State, n: Namer, fig: Figure, rest: str, card: _Card | None, dice: Dice | None,
                   number: int, raw: str, events: list[Event], fail) -> None:
    """A figure wounded, healed, killed, brought back, moved, damaged or losing a life."""
    name = n.figure(fig.id)
    how = text("gm.by_card", card=card.name) if card else text("gm.by_gm")
    cell_m = _CELL.search(rest)
    cell: Cell | None = (int(cell_m[1]), int(cell_m[2])) if cell_m else None
    count_m = _COUNT.search(rest)

    def done(what: str, clause: str, **data) -> None:
        events.append(Event(kind="gm_correction", faction=fig.side, clause=clause,
                            text=text("gm.figure", name=cap(name), what=what, how=how), data={"figure": fig.id, **data}))

    if re.search(r"\b(воскреш|воскрес|ожив|возвращ)", rest):
        if fig.alive:
            fail(number, raw, "gm.alive", name=name, alive=n.agreeing(fig.id, "жив"))
            return
        if not _free(state, cell, number, raw, fail):
            return
        fig.alive, fig.wounded, fig.units, fig.cell = True, False, 0, cell
        fig.lives = max(fig.lives, 1)
        done(f"{n.agreeing(fig.id, 'возвращён')} на {cell_text(cell)}", "WG-ART-05", to=list(cell))  # type: ignore[arg-type]
        art = state.spec(fig).artifact
        if art:  # WG-ART-05: a keeper brought back starts with his artifact asleep
            events.append(Event(kind="gm_correction", faction=fig.side, clause="WG-ART-05",
                                text=text("gm.artifact_again", name=n.artifact(art))))
        return
    if not fig.alive or fig.cell is None:
        fail(number, raw, "gm.not_on_board", name=name)
        return
    if re.search(r"\b(убит|погиб|уничтож)", rest):
        done(n.agreeing(fig.id, "уничтожен" if fig.kind == "machine" else "убит"), "WG-GAP-20")
        _kill(state, n, fig, card, dice, events)
        return
    if re.search(r"\b(исцел|вылеч|здоров)", rest):
        if not fig.wounded:
            fail(number, raw, "gm.not_wounded", name=name, wounded=n.agreeing(fig.id, "ранен"))
            return
        fig.wounded = False
        done(n.agreeing(fig.id, "исцелён"), "WG-HEAL-01")
        return
    if re.search(r"\bранен", rest):
        if fig.kind == "machine":
            fail(number, raw, "gm.machine_wound", name=name)
            return
        if fig.wounded:
            fail(number, raw, "gm.wounded", name=name, wounded=n.agreeing(fig.id, "ранен"))
            return
        fig.wounded = True
        done(n.agreeing(fig.id, "ранен"), "WG-DMG-02")
        return
    if count_m:
        _count_change(state, n, fig, count_m, card, dice, number, raw, events, fail, done)
        return
    if cell is not None:
        if not _free(state, cell, number, raw, fail):
            return
        start, fig.cell = fig.cell, cell
        done(f"{cell_text(start)} → {cell_text(cell)}", "WG-GAP-20", to=list(cell))
        return
    fail(number, raw, "gm.unreadable")


def _count_change(state: State, n: Namer, fig: Figure, m: re.Match, card: _Card | None, dice: Dice | None,
                  number: int, raw: str, events: list[Event], fail, done) -> None:
    """War-machine damage units (WG-DMG-03) or a dragon's lives (WG-GAP-14)."""
    delta = int(m[2]) * (1 if m[1] == "+" else -1)
    name = n.figure(fig.id)
    if m[3].startswith("жизн"):
        if fig.kind != "dragon":
            fail(number, raw, "gm.no_lives", name=name)
            return
        lives = fig.lives + delta
        if lives < 0 or lives > state.spec(fig).lives:
            fail(number, raw, "gm.lives", whose=n.figure(fig.id, "gen"), most=state.spec(fig).lives)
            return
        fig.lives = lives
        done(f"{'+' if delta > 0 else '−'}{counted(abs(delta), 'жизнь', 'жизни', 'жизней')}, "
             f"{text('gm.now', now=counted(lives, 'жизнь', 'жизни', 'жизней'))}", "WG-GAP-14")
        if lives == 0:
            _kill(state, n, fig, card, dice, events)
        return
    if fig.kind != "machine":
        fail(number, raw, "gm.no_units", name=name)
        return
    units, capacity = fig.units + delta, state.spec(fig).capacity
    if units < 0:
        fail(number, raw, "gm.units", whose=n.figure(fig.id, "gen"))
        return
    fig.units = min(units, capacity)
    done(f"повреждения {delta:+d}, {text('gm.now', now=f'{fig.units} из {capacity}')}", "WG-DMG-03")
    if fig.units >= capacity:
        _kill(state, n, fig, card, dice, events)


def _free(state: State, cell: Cell | None, number: int, raw: str, fail) -> bool:
    if cell is None:
        fail(number, raw, "gm.no_cell")
        return False
    if not on_board(state.board, cell) or terrain(state.board, cell) == "rock" or state.at(cell) is not None:
        fail(number, raw, "gm.cell_taken", cell=cell_text(cell))
        return False
    return True


def _kill(state: State, n: Namer, fig: Figure, card: _Card | None, dice: Dice | None, events: list[Event]) -> None:
    """A figure dies by the GM's hand: its artifact goes out (WG-ART-03); a commander killed by a
    card under «Традиция» earns the card's player a random artifact (WG-ART-07, WG-GAP-22)."""
    fig.alive = False
    fig.cell = None
    lost = on_death(state, fig)
    if lost:
        events.append(Event(kind="artifact_off", faction=fig.side, clause="WG-ART-03",
                            text=f"Артефакт «{n.artifact(lost)}» угас вместе с хранителем."))
    if card is None or dice is None or not state.spec(fig).commander or state.options.artifact_activation != "tradition":
        return
    credited = card.faction if card.faction != fig.side else None
    if credited is None and len(state.factions) == 2:  # WG-GAP-22: in a duel the other side
        credited = next(f for f in state.factions if f != fig.side)
    options = activation_options(state, credited) if credited else []
    if not options:
        return
    chosen, rolls = pick(dice, options, "случайный артефакт") if len(options) > 1 else (options[0], [])
    state.players[credited].active_artifacts.append(chosen)  # type: ignore[index]
    events.append(Event(kind="artifact_on", faction=credited, clause="WG-ART-07", rolls=rolls,
                        text=text("gm.artifact_random", who=n.side(credited), name=n.artifact(chosen),  # type: ignore[arg-type]
                                  victim=n.figure(fig.id), killed=n.agreeing(fig.id, "убит"), card=card.name,
                                  dice=f" (кубик: {dice_text([r.value for r in rolls])})" if rolls else "")))
