"""The player's figures for the post page: where each stands and what it can still do this round.

Each figure is named as orders name it («Мечник №2», WG-DEF-ARMY-03) with its cell, its ОМ
(WG-DEF-MOVE-01; in the maneuver phase whether it has made its one move, WG-DEF-MOVE-06), its
wounds (a wounded warrior, a machine's damage against its capacity, a dragon's lives; WG-DMG),
armour and melee bonus, its weapons with dice and range and whether each has fired this round
(WG-DEF-SHOOT), a mage's «Телепортация» (WG-DEF-ABIL-01) and the commander's artifact. The game
is open, so nothing here is secret.
"""

from __future__ import annotations

from letopis.engine.contract import RosterEntry, RosterGroup
from letopis.engine.text import plural

from .data import KIND_NAMES
from .naming import COLOUR_FORMS, Namer, cap, cell_text, points
from .rules.paths import figure_om
from .state import Figure, State

ABILITIES = {"teleport": "Телепортация"}


def roster(state: State, faction: str) -> list[RosterGroup]:
    if faction not in state.players:
        return []
    p = state.players[faction]
    namer = Namer(state, faction)
    mine = sorted((f for f in state.figures.values() if f.side == faction and f.alive), key=lambda f: f.order)
    facts = [("Армия", p.army.name), ("Цвет", COLOUR_FORMS.get(p.colour, {}).get("nom", p.colour))]
    if p.active_artifacts:
        facts.append(("Действуют артефакты", ", ".join(namer.artifact(a) for a in p.active_artifacts)))
    if p.out:
        facts.append(("Итог", "выбыл"))
    return [RosterGroup(title="Ваши фигуры", facts=facts, entries=[_figure(state, namer, f) for f in mine],
                        empty="Фигур на поле нет.")]


def _figure(state: State, namer: Namer, fig: Figure) -> RosterEntry:
    spec = state.spec(fig)
    facts = [("", KIND_NAMES[fig.kind]), ("ОМ", _om(state, fig)), _wounds(state, fig)]
    if spec.armour:
        facts.append(("броня", str(spec.armour)))
    if spec.melee_bonus:
        facts.append(("рукопашная", f"+{points(spec.melee_bonus_h)}"))
    can = []
    for w in spec.weapons:
        reach = f"{w.min_range}–{w.range}" if w.min_range else f"до {w.range}"
        fired = " — в этом ходу уже стрелял" if w.key in fig.fired else ""
        dice = f"{w.dice} {plural(w.dice, 'кубик', 'кубика', 'кубиков')}"
        can.append(f"{w.name}: {dice}, дальность {reach}{fired}")
    for ability in spec.abilities:
        used = " — в этом круге уже применена" if ability == "teleport" and fig.teleport_used else ""
        can.append(ABILITIES.get(ability, ability) + used)
    notes = []
    if spec.commander:
        notes.append("командир" + (f", артефакт «{namer.artifact(spec.artifact)}»" if spec.artifact else ""))
    if fig.cell is None:
        notes.append("ещё не расставлен")
    return RosterEntry(name=cap(namer.figure(fig.id)), where=cell_text(fig.cell) if fig.cell else "", facts=facts,
                       can=can, note="; ".join(notes), spent=_spent(state, fig))


def _om(state: State, fig: Figure) -> str:
    om = figure_om(state, fig)
    if state.phase == "maneuver" and fig.done:
        return f"{om}, ход сделан"
    return str(om)


def _wounds(state: State, fig: Figure) -> tuple[str, str]:
    """A machine's damage against its capacity, a dragon's lives, a warrior's wound (WG-DMG)."""
    spec = state.spec(fig)
    if fig.kind == "machine":
        return "повреждения", f"{fig.units} из {spec.capacity}"
    if fig.kind == "dragon":
        return "жизни", f"{fig.lives} из {spec.lives}"
    return "", "ранен" if fig.wounded else "цел"


def _spent(state: State, fig: Figure) -> bool:
    """Nothing left for it in this phase: its move made, or every weapon fired."""
    if state.phase == "maneuver":
        return fig.done
    if state.phase == "shooting":
        weapons = state.spec(fig).weapons
        return not weapons or all(w.key in fig.fired for w in weapons)
    return False
