"""How frames of the resolution stack talk to the loop: a step returns `AGAIN` (run the top
frame again — it changed stage or pushed a frame), `POP` (this frame is finished) or `PAUSE`
(a decision is pending). `ask` opens a decision; `take` hands a frame the stored answer."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from letopis.engine.events import Event, Roll

from ..orders import load_orders
from ..state import Pending, State

AGAIN, POP, PAUSE = "again", "pop", "pause"


def ask(state: State, pending: Pending) -> str:
    state.pending = pending
    return PAUSE


def take(state: State, decision: str) -> list[BaseModel] | None:
    """The answer to ``decision`` if one is stored (clears the pending decision), else None."""
    p = state.pending
    if p is not None and p.decision == decision and p.answer is not None:
        state.pending = None
        try:
            return load_orders(p.answer)
        except ValueError:
            return []
    return None


def event(kind: str, text: str, clause: str | None = None, rolls: list[Roll] | None = None,
          faction: str | None = None, **data: Any) -> Event:
    return Event(kind=kind, text=text, clause=clause, rolls=list(rolls or []), faction=faction, data=data)


def dice_text(values: list[int]) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def frame_below(state: State, frame: BaseModel, kind: str):
    """The nearest frame of ``kind`` under ``frame`` in the stack."""
    idx = next(i for i, f in enumerate(state.stack) if f is frame)
    for f in reversed(state.stack[:idx]):
        if f.kind == kind:  # type: ignore[attr-defined]
            return f
    return None
