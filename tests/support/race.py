"""«Гонка»: a tiny two-player dice race used by the service, DB and CLI tests.

Each round has three steps, so the tests meet every step mode:
1. ``bid`` (SIMULTANEOUS): both players post ``ставка N`` (1..3), secretly;
2. ``move`` (SINGLE): the higher bidder (the first faction on a tie) posts ``бросаю`` and moves
   d6 + bid cells;
3. ``answer`` (REACTION): the other player posts ``толкаю`` (d6: on 4+ the mover goes back 2) or
   ``пас``.
The first to reach ``goal`` cells wins. Every other line must start with ``//`` (chatter);
anything else is an error, so garbage posts are refused.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from letopis.engine.contract import (
    PUBLIC,
    Faction,
    LineReading,
    LineStatus,
    Outcome,
    PostKind,
    Reading,
    Result,
    Ruleset,
    StepMode,
    TurnInfo,
    Viewer,
    ViewerRole,
)
from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind


class RaceOptions(BaseModel):
    goal: int = Field(default=12, ge=3, le=100, title="Финиш", description="Сколько клеток до финиша.")
    sides: int = Field(default=6, ge=2, le=20, title="Граней у кубика",
                       description="Какой кубик бросают на ход.")


class Bid(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["bid"] = "bid"
    amount: int


class Roll(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["roll"] = "roll"


class Push(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["push"] = "push"


class Pass(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


ORDER_TYPES = {"bid": Bid, "roll": Roll, "push": Push, "pass": Pass}


class RaceState(BaseModel):
    options: RaceOptions = Field(default_factory=RaceOptions)
    factions: list[Faction]
    positions: dict[str, int]
    round: int = 1
    phase: Literal["bid", "move", "answer", "over"] = "bid"
    bids: dict[str, int] = Field(default_factory=dict)
    mover: str | None = None
    start_bonus: str | None = None  # who won the setup roll (it moves first on tied bids)
    winner: str | None = None

    def other(self, faction: str) -> str:
        return next(f.id for f in self.factions if f.id != faction)

    def name(self, faction: str) -> str:
        return next(f.name for f in self.factions if f.id == faction)


_BID = re.compile(r"^ставка\s+(\d+)$")
_WORDS = {"бросаю": Roll, "толкаю": Push, "пас": Pass}
_PHASE_ORDERS = {"bid": Bid, "move": Roll, "answer": (Push, Pass)}


class Race(Ruleset[RaceState]):
    id = "race"
    title = "Гонка (тестовая)"
    aliases = ("гонка",)
    Options = RaceOptions
    State = RaceState
    package_dir = Path(__file__).parent

    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> RaceState:
        opts = RaceOptions.model_validate(options.model_dump() if isinstance(options, BaseModel) else options)
        first, _ = dice.choice([f.id for f in factions], "кто ходит первым при равных ставках")
        return RaceState(options=opts, factions=list(factions), positions={f.id: 0 for f in factions},
                         start_bonus=first)

    def turn(self, state: RaceState) -> TurnInfo:
        ids = [f.id for f in state.factions]
        if state.phase == "over":
            return TurnInfo(phase="over", title="Гонка окончена", over=True)
        if state.phase == "bid":
            return TurnInfo(phase="bid", title=f"Раунд {state.round}: ставки", factions=ids,
                            mode=StepMode.SIMULTANEOUS, prompt="Напишите «ставка N», N от 1 до 3.",
                            default="ставка 1")
        if state.phase == "move":
            return TurnInfo(phase="move", title=f"Раунд {state.round}: бросок", factions=[state.mover or ids[0]],
                            prompt="Напишите «бросаю».", default="бросаю")
        other = state.other(state.mover or ids[0])
        return TurnInfo(phase="answer", title=f"Раунд {state.round}: ответ", factions=[other],
                        mode=StepMode.REACTION, post_kind=PostKind.REACTION,
                        prompt="Напишите «толкаю» или «пас».", default="пас")

    def read(self, text: str, state: RaceState, faction: str) -> Reading:
        reading = Reading()
        for n, raw in enumerate(text.splitlines() or [""], start=1):
            line = raw.strip().lower()
            if not line:
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.BLANK))
                continue
            if line.startswith("//"):
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.FLAVOUR))
                continue
            order: BaseModel | None = None
            if m := _BID.match(line):
                order = Bid(amount=int(m.group(1)))
            elif line in _WORDS:
                order = _WORDS[line]()
            if order is None:
                reading.problems.append(Problem(line=n, col_end=len(raw), kind=ProblemKind.UNREADABLE,
                                                code="unreadable", message="Не понимаю строку.",
                                                hint="приказы: «ставка N», «бросаю», «толкаю», «пас»; "
                                                     "болтовню начните с //", clause="RACE-1"))
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ERROR))
                continue
            allowed = _PHASE_ORDERS.get(state.phase, ())
            if not isinstance(order, allowed):
                reading.problems.append(Problem(line=n, col_end=len(raw), code="wrong_phase",
                                                message="Этот приказ сейчас не к месту.", clause="RACE-2"))
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ERROR))
                continue
            if isinstance(order, Bid) and not 1 <= order.amount <= 3:
                reading.problems.append(Problem(line=n, col_end=len(raw), code="bid_range",
                                                message="Ставка должна быть от 1 до 3.", clause="RACE-3"))
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ERROR))
                continue
            reading.orders.append(order)
            reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ORDER, summary=line))
        if len(reading.orders) != 1 and not reading.problems:
            reading.problems.append(Problem(line=1, code="one_order", message="Нужен ровно один приказ.",
                                            clause="RACE-4"))
        return reading

    def apply(self, state: RaceState, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[RaceState]:
        s = state.model_copy(deep=True)
        events: list[Event] = []
        for order in orders:
            if isinstance(order, Bid):
                s.bids[faction] = order.amount
                events.append(Event(kind="bid", text=f"{s.name(faction)} делает ставку.",
                                    data={"amount": order.amount}, faction=faction, public=False))
                if len(s.bids) == len(s.factions):
                    best = max(s.bids.values())
                    leaders = [f.id for f in s.factions if s.bids[f.id] == best]
                    s.mover = s.start_bonus if s.start_bonus in leaders else leaders[0]
                    s.phase = "move"
                    events.append(Event(kind="bids_open", text=f"Ставки открыты: {s.bids}. Ходит {s.name(s.mover)}.",
                                        data={"bids": dict(s.bids)}))
            elif isinstance(order, Roll):
                roll = dice.roll(s.options.sides, "бросок хода")
                step = roll.value + s.bids.get(faction, 0)
                s.positions[faction] += step
                events.append(Event(kind="move", text=f"{s.name(faction)} продвигается на {step}.",
                                    data={"step": step}, rolls=[roll], faction=faction))
                if s.positions[faction] >= s.options.goal:
                    s.phase, s.winner = "over", faction
                    events.append(Event(kind="win", text=f"{s.name(faction)} побеждает!", faction=faction))
                else:
                    s.phase = "answer"
            elif isinstance(order, Push):
                roll = dice.roll(6, "толчок")
                if roll.value >= 4 and s.mover:
                    s.positions[s.mover] = max(0, s.positions[s.mover] - 2)
                events.append(Event(kind="push", text=f"{s.name(faction)} толкает соперника.",
                                    data={"success": roll.value >= 4}, rolls=[roll], faction=faction))
                self._next_round(s)
            elif isinstance(order, Pass):
                events.append(Event(kind="pass", text=f"{s.name(faction)} пропускает.", faction=faction))
                self._next_round(s)
        return Outcome(state=s, events=events)

    @staticmethod
    def _next_round(s: RaceState) -> None:
        s.round += 1
        s.phase, s.bids, s.mover = "bid", {}, None

    def default_orders(self, state: RaceState, faction: str) -> list[BaseModel]:
        return {"bid": [Bid(amount=1)], "move": [Roll()], "answer": [Pass()]}.get(state.phase, [])

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        return [ORDER_TYPES[d["kind"]].model_validate(d) for d in data]

    def view(self, state: RaceState, viewer: Viewer) -> dict[str, Any]:
        data = state.model_dump(mode="json")
        if viewer.role is not ViewerRole.GM:
            data["bids"] = {f: b for f, b in state.bids.items() if f == viewer.faction}
        return data

    def result(self, state: RaceState) -> Result | None:
        if state.phase != "over":
            return None
        return Result(winners=[state.winner] if state.winner else [], scores=dict(state.positions),
                      text=f"Победа: {state.name(state.winner)}." if state.winner else "")

    def propose(self, state: RaceState, faction: str, dice: Dice) -> str:
        if state.phase == "bid":
            return f"// думаю\nставка {dice.roll(3).value}"
        if state.phase == "move":
            return "бросаю"
        return "толкаю" if dice.roll(2).value == 1 else "пас"

    def draw(self, state: RaceState, viewer: Viewer = PUBLIC) -> str | None:
        marks = "".join(
            f'<text x="10" y="{20 + 20 * i}">{f.name}: {state.positions[f.id]}</text>'
            for i, f in enumerate(state.factions)
        )
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">{marks}</svg>'

    def summary(self, state: RaceState, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        return [(f.name, f"клетка {state.positions[f.id]}") for f in state.factions]


RACE = Race()
