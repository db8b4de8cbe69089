"""Who posts now and what happens at the deadline (DK-TURN-01, DK-GAP-09, DK-GAP-11).

Archdemons post one at a time in a fixed seat order within a round (or rotating, as the GM chose);
each post is one step (SINGLE). After the last archdemon of a round the neutral phase (the Hero and
his gnome) is resolved inside the same step. A missed deadline is «Конец хода.»: the units stand
still, but everything that happens at the start of a turn still happens.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import PostKind, StepMode, TurnInfo

from .chronicle import Silent
from .fate import Foresight
from .legality import ensure_started
from .orders import EndTurn
from .state import State
from .world import World

EXAMPLE = "Имп №1:\n1 ОД: передвигается с клетки 37-15 на 36-15.\n2 ОД: копает золотую шахту на 35-14."


def start_game(state: State) -> State:
    """The state with the first archdemon's turn begun (income, upkeep, ОД) — for a new game."""
    w = World(state)
    ensure_started(w, Silent(w), Foresight(w.uncertain))
    return w.commit()


def _started(state: State) -> World:
    w = World(state)
    if state.turn_no == 0:
        ensure_started(w, Silent(w), Foresight(w.uncertain))
    return w


def turn(state: State) -> TurnInfo:
    if state.phase == "neutral" and state.options.hero_mode == "gm_manual":
        from .hero_manual import GM, HINT
        return TurnInfo(phase="neutral", title=f"Круг {state.round}: ход Героя — пишет мастер", factions=[GM],
                        mode=StepMode.SINGLE, post_kind=PostKind.ORDERS,
                        prompt="Мастер пишет ход Героя и гнома правкой состояния, по строке на действие: " + HINT,
                        default="Если мастер не ответит к сроку, Герой и гном ходят по правилам (DK-GAP-75).")
    if state.phase == "over" or state.active is None:
        names = ", ".join(state.name(f) for f in state.winners)
        if len(state.winners) == 1:
            title = f"Игра окончена: победил {names}"
        else:
            title = f"Игра окончена: общая победа союзников ({names})" if state.winners else "Игра окончена"
        return TurnInfo(phase="over", title=title, over=True)
    w = _started(state)
    faction = state.active
    p = w.player(faction)
    units = [u for u in w.iter_units() if u.owner == faction]
    imps = sum(1 for u in units if not u.data.military)
    prompt = (f"Ресурсы: золото {p.gold}, железо {p.iron}, тальдеар {p.taldear}, мана {p.mana}. "
              f"Юнитов {len(units)} из 20 (импов {imps}). "
              f"Пишите приказ каждому юниту по очкам действий, например:\n{EXAMPLE}\n"
              "Призывы, заклинания, улучшения, алхимию и выстрелы башен пишите от первого лица "
              "(«Призываю беса», «Накладываю Ярость на керуба №1»). Строки исполняются сверху вниз.")
    return TurnInfo(phase="turn", title=f"Круг {w.round}: ходит {p.name}", factions=[faction],
                    mode=StepMode.SINGLE, post_kind=PostKind.ORDERS, prompt=prompt,
                    default="Если не ответить к сроку — «Конец хода»: юниты стоят на месте, но начало хода "
                            "(яд, регенерация, доход маны и содержание) всё равно наступает.")


def default_orders(state: State, faction: str) -> list[BaseModel]:
    """A missed turn is an empty turn (DK-GAP-11)."""
    if state.phase != "turn" or state.active != faction:
        return []
    return [EndTurn()]
