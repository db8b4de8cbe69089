"""The healing phase (WG-HEAL, WG-GAP-28): a die for each wounded warrior and mage — 1–2 dies,
3–4 stays wounded, 5–6 healed; mages add +1. Dragons and war machines are never healed."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..naming import Namer, cap
from ..state import State
from .artifacts import on_death


def heal(state: State, dice: Dice) -> list[Event]:
    events: list[Event] = []
    n = Namer(state)
    for faction in state.in_play():
        for fig in state.living(faction):
            if not fig.wounded or fig.kind not in ("warrior", "mage"):
                continue
            roll = dice.roll(6, f"лечение: {n.figure(fig.id)}")
            value = roll.value + (1 if fig.kind == "mage" else 0)
            shown = f"{roll.value}+1 = {value}" if fig.kind == "mage" else f"{roll.value}"
            if value <= 2:
                fig.alive = False
                lost = on_death(state, fig)
                outcome = "умирает от ран"
                if lost:
                    outcome += f"; артефакт «{n.artifact(lost)}» угас"
            elif value <= 4:
                outcome = f"по-прежнему {n.agreeing(fig.id, 'ранен')}"
            else:
                fig.wounded = False
                outcome = n.agreeing(fig.id, "исцелился")
            events.append(Event(kind="heal", text=f"Лечение: {cap(n.figure(fig.id))} ({n.side(faction)}) — "
                                f"кубик {shown}: {outcome}.", rolls=[roll], clause="WG-HEAL-02" if fig.kind == "mage"
                                else "WG-HEAL-01", faction=faction,
                                data={"figure": fig.id, "die": roll.value, "value": value, "outcome": outcome}))
            if not fig.alive:
                fig.cell = None
    return events
