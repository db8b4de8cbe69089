"""The chronicle of a resolution: events with Russian sentences, the dice behind them and clause IDs.

Sentences come from the catalogue (`messages.py`, codes ``event.<kind>``). Units are named the way a
forum GM writes them, always with the owner: «имп №3 (Ваал)», «Герой». While a post is only checked
the rules write to a `Silent` chronicle that keeps nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from letopis.engine.events import Event, Roll
from letopis.engine.text import plural

from ..data import DATA
from ..messages import msg
from ..orders import Case, Label, cell_text
from ..state import Building, Unit


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Chronicle:
    """Collects the events of one resolution."""

    on = True

    def __init__(self, world: Any) -> None:
        self.world = world
        self.events: list[Event] = []

    def add(self, kind: str, clause: str | None, *, faction: str | None = None,
            rolls: Iterable[Roll | None] = (), data: dict[str, Any] | None = None, **kw: object) -> None:
        self.events.append(Event(kind=kind, text=cap(msg(f"event.{kind}", **kw)), clause=clause, faction=faction,
                                 rolls=[r for r in rolls if r is not None], data=data or {}))

    # --- names --------------------------------------------------------------------------------
    def who(self, unit: Unit, case: Case = "nom", capital: bool = False) -> str:
        """«имп №3 (Ваал)», «беса №2 (Лилит)», «Героя» — always with the owner."""
        owner = self.world.name(unit.owner) if unit.owner is not None else None
        return Label(kind=unit.kind, number=unit.number, owner=owner).text(case, capital)

    def bld(self, b: Building, case: Case = "nom") -> str:
        """«Алтарь Ваала на 5-5», «стену на 9-14» (walls and neutral buildings without an owner)."""
        word = getattr(DATA.buildings[b.kind].forms, case)
        if b.kind != "altar" and b.kind != "source":
            word = word[:1].lower() + word[1:]
        if b.owner is not None:
            return f"{word} ({self.world.name(b.owner)}) на {cell_text(b.cell)}"
        return f"{word} на {cell_text(b.cell)}"

    def player(self, faction: str | None) -> str:
        return self.world.name(faction)


class Silent(Chronicle):
    """The checker's chronicle: nothing is written down."""

    on = False

    def add(self, kind: str, clause: str | None, *, faction: str | None = None,
            rolls: Iterable[Roll | None] = (), data: dict[str, Any] | None = None, **kw: object) -> None:
        return None


def mana_ru(n: int, case: str = "nom") -> str:
    """«1 мана» / «1 ману», «2 маны», «25 маны» — how a GM writes an amount of mana."""
    return f"{n} {plural(n, 'ману' if case == 'acc' else 'мана', 'маны', 'маны')}"


def roll_text(roll: Roll | None, need: int) -> str:
    """«1d100 → 37, нужно не больше 50» for a chance roll (or nothing when no roll was made)."""
    if roll is None:
        return ""
    return f" ({roll.label()}, нужно не больше {need})"
