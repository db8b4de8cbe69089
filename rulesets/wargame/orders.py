"""Orders: one small frozen value object per order kind, each with a canonical Russian `to_text()`.

Figures are named by their ids (``"p1:swordsman-2"``, see `state`), cells as ``(x, y)``.
`to_text(namer)` prints the canonical line of checklist §3 (the reader must read it back to the
same order; a `Namer` built for the poster gives the names):

| order | canonical text |
|---|---|
| `Deploy` | «Мечник №1 — 5-2.» |
| `Move` | «Мечник №2 идёт на 6-6.» («… через 7-12.» with waypoints) |
| `Hold` | «Катапульта стоит на месте.» / «Остальные стоят на месте.» |
| `Charge` | «Рыцарь идёт на 8-8, атака с ходу.» |
| `Continue` | «Если победит — Рыцарь идёт на 9-7.» |
| `Teleport` | «Маг телепортирует мечника №3 на 12-10.» / «Шаман телепортируется на 10-4, атака с ходу.» |
| `Storm` | «Мечник №1 идёт на 12-7, штурм башни.» / «Мечник №2 штурмует башню.» |
| `Shoot` | «Лучник №1 стреляет по орку №3.» / «UNL-2: пушка А стреляет по орку №1.» |
| `NoShooting` | «Не стреляем.» / «Лучник №1 не стреляет.» |
| `Stray` (WG-DEC-01) | «Шальное попадание: мечник №4.» |
| `Casualties` (WG-DEC-02) | «Убиты: орк №1, орк №3. Ранен: орк №2.» |
| `NoSave` (WG-DEC-03) | «Без спас-броска: орк №3, орк №4.» |
| `Step` (WG-DEC-04/05) | «Орк №1 шагает на 8-7.» |
| `Withdraw` (WG-DEC-06) | «Мечник №2 отходит на 8-6.» |
| `FightFirst` (WG-DEC-07) | «Первый бой — с Зелёными.» |
| `TowerCells` (WG-DEC-09) | «На башню: мечник №1 на 12-8, мечник №2 на 13-8.» |
| `ActivateArtifact` (WG-DEC-10) | «Активирую артефакт «Знамя доблести».» |
| `Continue` / `Move` (WG-DEC-12) | as above |
| `PlayCard` (WG-DEC-13) | «Играю карту «Каменная кожа».» |
| `ByDice` (WG-DEC-01/02/03/07/09/10) | «Пусть решит кубик.» |
| `Decline` (WG-DEC-04/05/06/12/13) | «Никто не двигается.», «Никто не отходит.», «Без продолжения.», «Карт не играю.» |

WG-DEC-08 and WG-DEC-11 are settled by dice and have no answer. In `Casualties` «убит» names
the lethal portion of WG-DEF-DMG-01 (a dragon loses a life, a machine takes 3 units) and «ранен»
the lesser one.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .naming import Namer, cap, cell_text
from .state import Cell


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True)


def _via(via: tuple[Cell, ...]) -> str:
    return (" через " + ", ".join(cell_text(c) for c in via)) if via else ""


def _plural_label(single: str, many: str, n: int) -> str:
    return single if n == 1 else many


# --- setup ------------------------------------------------------------------------------------
class Deploy(_Order):
    """Place a figure in the player's zone (WG-DEF-BOARD-05)."""

    kind: Literal["deploy"] = "deploy"
    figure: str
    cell: Cell

    def to_text(self, n: Namer) -> str:
        return f"{cap(n.figure(self.figure))} — {cell_text(self.cell)}."


# --- maneuver ---------------------------------------------------------------------------------
class _Movement(_Order):
    figure: str
    dest: Cell
    via: tuple[Cell, ...] = ()  # waypoints after «через» (WG-DEF-MOVE-05)
    origin: Cell | None = None  # «с 9-5 на …» — checked against the figure's cell (WG-DEF-MOVE-08)
    om: int | None = None  # «(3 ОМ)» as annotated — a warning when it differs from the cost


class Move(_Movement):
    """Move along the cheapest legal path (WG-DEF-MOVE-05)."""

    kind: Literal["move"] = "move"

    def to_text(self, n: Namer) -> str:
        return f"{cap(n.figure(self.figure))} идёт на {cell_text(self.dest)}{_via(self.via)}."


class Charge(_Movement):
    """A move that declares «атака с ходу» (WG-DEF-CHARGE-01)."""

    kind: Literal["charge"] = "charge"

    def to_text(self, n: Namer) -> str:
        return f"{cap(n.figure(self.figure))} идёт на {cell_text(self.dest)}{_via(self.via)}, атака с ходу."


class Continue(_Movement):
    """A charge continuation: runs only if the charge melee was won (WG-DEF-CHARGE-04)."""

    kind: Literal["continue"] = "continue"
    charge: bool = False

    def to_text(self, n: Namer) -> str:
        tail = ", атака с ходу." if self.charge else "."
        return f"Если победит — {cap(n.figure(self.figure))} идёт на {cell_text(self.dest)}{_via(self.via)}{tail}"


class Storm(_Order):
    """Move (or stay) next to an occupied tower cell and storm it (WG-DEF-TOWER-02)."""

    kind: Literal["storm"] = "storm"
    figure: str
    dest: Cell | None = None  # None: storms from where it stands
    via: tuple[Cell, ...] = ()
    origin: Cell | None = None
    om: int | None = None

    def to_text(self, n: Namer) -> str:
        if self.dest is None:
            return f"{cap(n.figure(self.figure))} штурмует башню."
        return f"{cap(n.figure(self.figure))} идёт на {cell_text(self.dest)}{_via(self.via)}, штурм башни."


class Teleport(_Order):
    """«Телепортация» (WG-DEF-ABIL-01): the mage places itself or a friendly воин next to it."""

    kind: Literal["teleport"] = "teleport"
    mage: str
    figure: str  # the mage itself or a friendly воин within 1 step
    dest: Cell
    charge: bool = False

    def to_text(self, n: Namer) -> str:
        tail = ", атака с ходу." if self.charge else "."
        if self.figure == self.mage:
            return f"{cap(n.figure(self.mage))} телепортируется на {cell_text(self.dest)}{tail}"
        return f"{cap(n.figure(self.mage))} телепортирует {n.figure(self.figure, 'acc')} на {cell_text(self.dest)}{tail}"


class Hold(_Order):
    """A figure (or, with no figure, everyone not named) stays in place (WG-DEF-MOVE-06)."""

    kind: Literal["hold"] = "hold"
    figure: str | None = None

    def to_text(self, n: Namer) -> str:
        if self.figure is None:
            return "Остальные стоят на месте."
        return f"{cap(n.figure(self.figure))} стоит на месте."


# --- shooting ---------------------------------------------------------------------------------
class Shoot(_Order):
    """One weapon fires at one target (WG-DEF-SHOOT, WG-MACH-03)."""

    kind: Literal["shoot"] = "shoot"
    figure: str
    target: str
    weapon: str | None = None  # weapon key; None: the figure's only weapon

    def to_text(self, n: Namer) -> str:
        if self.weapon is not None and n.several_weapons(self.figure):
            return (f"{cap(n.figure(self.figure))}: {n.weapon(self.figure, self.weapon)} стреляет по "
                    f"{n.figure(self.target, 'dat')}.")
        return f"{cap(n.figure(self.figure))} стреляет по {n.figure(self.target, 'dat')}."


class NoShooting(_Order):
    kind: Literal["no_shooting"] = "no_shooting"
    figure: str | None = None

    def to_text(self, n: Namer) -> str:
        return "Не стреляем." if self.figure is None else f"{cap(n.figure(self.figure))} не стреляет."


# --- decision answers (checklist §4) ------------------------------------------------------------
class Stray(_Order):
    """WG-DEC-01: who the stray shot hits."""

    kind: Literal["stray"] = "stray"
    victim: str

    def to_text(self, n: Namer) -> str:
        return f"Шальное попадание: {n.figure(self.victim)}."


class Casualties(_Order):
    """WG-DEC-02: which figures take the lethal portions and which the lesser ones."""

    kind: Literal["casualties"] = "casualties"
    lethal: tuple[str, ...] = ()
    lesser: tuple[str, ...] = ()

    def to_text(self, n: Namer) -> str:
        parts = []
        if self.lethal:
            parts.append(f"{_plural_label('Убит', 'Убиты', len(self.lethal))}: {n.figures(self.lethal)}.")
        if self.lesser:
            parts.append(f"{_plural_label('Ранен', 'Ранены', len(self.lesser))}: {n.figures(self.lesser)}.")
        return " ".join(parts) or "Потерь нет."


class NoSave(_Order):
    """WG-DEC-03: which damaged figures get no saving throw."""

    kind: Literal["no_save"] = "no_save"
    figures: tuple[str, ...]

    def to_text(self, n: Namer) -> str:
        return f"Без спас-броска: {n.figures(self.figures)}."


class Step(_Order):
    """WG-DEC-04/05: the step after a save or a dodge."""

    kind: Literal["step"] = "step"
    figure: str
    cell: Cell

    def to_text(self, n: Namer) -> str:
        return f"{cap(n.figure(self.figure))} шагает на {cell_text(self.cell)}."


class Withdraw(_Order):
    """WG-DEC-06: a participant withdraws after the melee."""

    kind: Literal["withdraw"] = "withdraw"
    figure: str
    cell: Cell

    def to_text(self, n: Namer) -> str:
        return f"{cap(n.figure(self.figure))} отходит на {cell_text(self.cell)}."


class FightFirst(_Order):
    """WG-DEC-07: which opponent the player in the middle fights first."""

    kind: Literal["fight_first"] = "fight_first"
    opponent: str

    def to_text(self, n: Namer) -> str:
        return f"Первый бой — с {n.side_ins(self.opponent)}."


class TowerCells(_Order):
    """WG-DEC-09: which challenger takes which freed tower cell."""

    kind: Literal["tower_cells"] = "tower_cells"
    moves: tuple[tuple[str, Cell], ...]

    def to_text(self, n: Namer) -> str:
        return "На башню: " + ", ".join(f"{n.figure(f)} на {cell_text(c)}" for f, c in self.moves) + "."


class ActivateArtifact(_Order):
    """WG-DEC-10: the artifact activated for a killed enemy commander."""

    kind: Literal["artifact"] = "artifact"
    artifact: str

    def to_text(self, n: Namer) -> str:
        return f"Активирую артефакт «{n.artifact(self.artifact)}»."


class PlayCard(_Order):
    """WG-DEC-13 (magic cards on): a card «Используйте карту, когда сочтете нужным» is played; the
    GM applies its effect by override (WG-GAP-20)."""

    kind: Literal["play_card"] = "play_card"
    card: str

    def to_text(self, n: Namer) -> str:
        return f"Играю карту «{self.card}»."


class ByDice(_Order):
    """«Пусть решит кубик»: the random pick of WG-DEF-RANDOM-01 (WG-GAP-09)."""

    kind: Literal["by_dice"] = "by_dice"

    def to_text(self, n: Namer) -> str:
        return "Пусть решит кубик."


DECLINE_TEXT = {"step": "Никто не двигается.", "withdraw": "Никто не отходит.",
                "continue": "Без продолжения.", "card": "Карт не играю.", "tower": "По умолчанию."}


class Decline(_Order):
    """Nothing chosen: stay (WG-DEC-04/05), no withdrawal (WG-DEC-06), no continuation
    (WG-DEC-12), no card (WG-DEC-13), the default tower cells (WG-DEC-09, WG-DEF-TOWER-03)."""

    kind: Literal["decline"] = "decline"
    what: Literal["step", "withdraw", "continue", "card", "tower"]

    def to_text(self, n: Namer) -> str:
        return DECLINE_TEXT[self.what]


Order = Annotated[
    Deploy | Move | Charge | Continue | Storm | Teleport | Hold | Shoot | NoShooting | Stray | Casualties
    | NoSave | Step | Withdraw | FightFirst | TowerCells | ActivateArtifact | PlayCard | ByDice | Decline,
    Field(discriminator="kind")]
_ADAPTER: TypeAdapter[list[Any]] = TypeAdapter(list[Order])

MANEUVER_KINDS = frozenset({"move", "charge", "continue", "storm", "teleport", "hold"})
SHOOTING_KINDS = frozenset({"shoot", "no_shooting"})
ANSWER_KINDS = frozenset({"stray", "casualties", "no_save", "step", "withdraw", "fight_first", "tower_cells",
                          "artifact", "play_card", "by_dice", "decline", "move", "continue"})


def load_orders(data: list[dict[str, Any]]) -> list[BaseModel]:
    return list(_ADAPTER.validate_python(data))


def dump_orders(orders: list[BaseModel]) -> list[dict[str, Any]]:
    return [o.model_dump(mode="json") for o in orders]
