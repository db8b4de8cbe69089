"""Whose post and what kind (WG-DEF-TURN-03/05, WG-DEF-DECIDE-01), and the deadline defaults
(WG-GAP-33, checklist §4): a missing maneuver post holds every figure, a missing shooting post
shoots nothing, an unanswered decision falls to its documented default. With `posting = merged` one post a
round carries moves and shots (WG-DEF-TURN-04)."""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import PostKind, StepMode, TurnInfo

from ..orders import ByDice, Decline, Hold, NoShooting
from ..state import State
from .deployment import default_deployment
from .engine import expected

PHASE_NAMES = {"deploy": "расстановка", "maneuver": "маневр", "shooting": "стрельба", "melee": "рукопашный бой",
               "healing": "лечение"}


def turn(state: State) -> TurnInfo:
    if state.phase == "over":
        names = ", ".join(state.players[f].name for f in state.winners)
        return TurnInfo(phase="over", title="Битва окончена: " + (f"победа — {names}" if names else "ничья"), over=True)
    p = state.pending
    if p is not None:
        name = state.players[p.faction].name
        return TurnInfo(phase=state.phase, title=f"Ход {state.round}, {PHASE_NAMES[state.phase]}: решение ({p.decision}) — "
                        f"отвечает {name}", factions=[p.faction], mode=StepMode.REACTION, post_kind=PostKind.DECISION,
                        prompt=p.prompt, default=p.default, deadline_hours=state.options.decision_deadline_hours)
    if state.phase == "deploy":
        if state.options.hidden_deployment:
            waiting = [f for f in state.factions if f not in state.hidden_posts]
            return TurnInfo(phase="deploy", title="Расстановка: все присылают её одновременно", factions=waiting,
                            mode=StepMode.SIMULTANEOUS, post_kind=PostKind.SETUP, private=True,
                            prompt="Расстановку видят только вы и мастер, пока не придут все. Например: «Мечник №1 — 5-2.»",
                            default="Если не прислать к сроку, фигуры встанут в вашей зоне по порядку армлиста.",
                            deadline_hours=state.options.post_deadline_hours)
        who = expected(state)
        return TurnInfo(phase="deploy", title=f"Расстановка: пишет {state.players[who].name}" if who else "Расстановка",
                        factions=[who] if who else [], post_kind=PostKind.SETUP,
                        prompt="Поставьте каждую фигуру в свою зону: «Мечник №1 — 5-2.»",
                        default="Если не прислать к сроку, фигуры встанут в вашей зоне по порядку армлиста.",
                        deadline_hours=state.options.post_deadline_hours)
    who = expected(state)
    phase = PHASE_NAMES[state.phase]
    if state.phase == "maneuver" and state.options.posting == "merged":
        phase = "маневр и стрельба"
    prompt = {"maneuver": "Приказы на маневр: «Мечник №2 идёт на 6-6.», «Рыцарь идёт на 8-8, атака с ходу.», "
                          "«Маг телепортирует мечника №3 на 12-10.»",
              "shooting": "Приказы на стрельбу: «Лучник №1 стреляет по орку №3.» или «Не стреляем.»"}.get(state.phase, "")
    default = ("Если не ответить к сроку, все фигуры стоят на месте." if state.phase == "maneuver"
               else "Если не ответить к сроку, никто не стреляет.")
    return TurnInfo(phase=state.phase, title=f"Ход {state.round}, {phase}: пишет {state.players[who].name}" if who else
                    f"Ход {state.round}, {phase}", factions=[who] if who else [], prompt=prompt, default=default,
                    deadline_hours=state.options.post_deadline_hours)


def default_orders(state: State, faction: str) -> list[BaseModel]:
    p = state.pending
    if p is not None:
        if p.faction != faction:
            return []
        d = p.decision
        if d in ("WG-DEC-04", "WG-DEC-05"):
            return [Decline(what="step")]
        if d == "WG-DEC-06":
            return [Decline(what="withdraw")]
        if d == "WG-DEC-12":
            return [Decline(what="continue")]
        if d == "WG-DEC-13":
            return [Decline(what="card")]
        if d == "WG-DEC-09":
            return [Decline(what="tower")]  # WG-DEF-TOWER-03: the nearest cells, ties by a die
        return [ByDice()]  # WG-DEC-01/02/03/07/10: random (WG-DEF-RANDOM-01)
    if state.phase == "deploy":
        if state.options.hidden_deployment:
            return list(default_deployment(state, faction)) if faction not in state.hidden_posts else []
        return list(default_deployment(state, faction)) if expected(state) == faction else []
    if expected(state) != faction:
        return []
    if state.phase == "maneuver":
        return [Hold()] if state.options.posting == "phased" else [Hold(), NoShooting()]
    if state.phase == "shooting":
        return [NoShooting()]
    return []
