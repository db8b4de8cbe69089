"""Maps and army lists as TOML, validated on load (WG-GAP-01, WG-GAP-05, WG-DEF-ARMY, WG-DEF-BOARD).

A GM changes the battlefield or an army without Python: copy ``default_map.toml`` or an army file,
edit it, and name the file in the game's options (`Options.map`, `Options.armies`). A bad edit
fails at load with `DataFileError`, a Russian message naming the file, the entry and the field.

The model:
- `MapSpec` — ``width`` × ``height`` cells, terrain by ``[[area]]`` (a terrain and its cells) or by
  ``rows`` (one string per row, a letter per cell: ``.`` open, ``h`` hill, ``f`` forest, ``r`` rock,
  ``t`` tower), and deployment ``[[zone]]``s by setup seat (a rectangle between two corners).
- `ArmySpec` — ``[[detachment]]`` (отряды), ``[[figure]]`` entries in army-list order (type key,
  Russian name with its accusative, dative and plural forms, kind, count, отряд, commander flag,
  bonus ОМ, melee bonus in points — halves allowed, armour, weapons, abilities, artifact, lives,
  capacity, flight, cost), and ``[[artifact]]`` cards with an effect code and value.
Artifact cards are editable in the army TOML (WG-GAP-23). Both are copied into the game `State` at setup, so a running game never depends on files again.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from letopis.engine.text_words import counted

DATA_DIR = Path(__file__).parent
DEFAULT_MAP = "default_map.toml"
DEFAULT_ARMIES = ("kingdom.toml", "horde.toml")

Kind = Literal["warrior", "mage", "machine", "dragon"]
Terrain = Literal["open", "hill", "forest", "rock", "tower"]
ArtifactEffect = Literal["aura", "shot_dice", "self_melee", "bonus_mp"]
Ability = Literal["teleport"]

TERRAIN_LETTERS: dict[str, Terrain] = {".": "open", "h": "hill", "f": "forest", "r": "rock", "t": "tower"}
LETTER_OF: dict[str, str] = {v: k for k, v in TERRAIN_LETTERS.items()}
KIND_NAMES = {"warrior": "воин", "mage": "маг", "machine": "боевая машина", "dragon": "дракон"}
TERRAIN_NAMES = {"open": "поле", "hill": "холм", "forest": "лес", "rock": "скала", "tower": "башня"}

FIELD_NAMES = {
    "type": "тип", "name": "название", "kind": "вид фигуры", "count": "количество", "detachment": "отряд",
    "melee_bonus": "бонус рукопашной", "armour": "броня", "bonus_mp": "бонусные ОМ", "weapons": "оружие",
    "artifact": "артефакт", "cost": "стоимость", "lives": "жизни", "capacity": "прочность",
    "dice": "кубики", "range": "дальность", "min_range": "мин. дальность", "effect": "действие",
    "value": "величина", "cells": "клетки", "terrain": "местность", "width": "ширина", "height": "высота",
    "rows": "строки", "seat": "место", "corner": "угол", "opposite": "противоположный угол",
}


class DataFileError(ValueError):
    """A map or army file that cannot be used, with a Russian message naming the entry."""


def parse_cell(text: str) -> tuple[int, int]:
    """``"12-7"`` → ``(12, 7)``; raises ValueError with a Russian message."""
    parts = str(text).replace("–", "-").replace("—", "-").split("-")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"клетка «{text}» записана не как «x-y»")
    return int(parts[0]), int(parts[1])


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Weapon(_Spec):
    """A weapon: to-hit dice, range in шаги, an optional minimum range (WG-DEF-SHOOT-01).
    ``real`` marks a real-shooting weapon fired by its virtual profile (WG-DEF-SHOOT-12);
    ``magic`` marks magic (a kill by it counts as death by magic, WG-ART-07)."""

    key: str
    name: str
    dice: int = Field(ge=1)
    range: int = Field(ge=1)
    min_range: int = Field(0, ge=0)
    real: bool = False
    magic: bool = False


class FigureSpec(_Spec):
    """One army-list line: a figure type and how many of it (WG-DEF-ARMY-01/02)."""

    type: str
    name: str
    acc: str
    dat: str
    plural: str
    kind: Kind
    count: int = Field(1, ge=1)
    detachment: str | None = None
    commander: bool = False
    bonus_mp: int = Field(0, ge=0)
    melee_bonus: float = 0
    armour: int = Field(0, ge=0)
    weapons: tuple[Weapon, ...] = ()
    abilities: tuple[Ability, ...] = ()
    artifact: str | None = None
    lives: int = Field(1, ge=1)
    capacity: int = Field(3, ge=1)
    flies: bool = False
    cost: int = Field(0, ge=0)

    @field_validator("melee_bonus")
    @classmethod
    def _halves(cls, v: float) -> float:
        if (v * 2) != int(v * 2):
            raise ValueError("бонус рукопашной должен быть кратен 0,5")
        return v

    @property
    def melee_bonus_h(self) -> int:
        """The melee bonus in half-points (WG-GAP-12: exact halves, never float rounding)."""
        return int(self.melee_bonus * 2)


class ArtifactSpec(_Spec):
    """An artifact card (WG-ART-01, WG-DEF-ART-01): ``effect`` is one of the coded effects."""

    key: str
    name: str
    effect: ArtifactEffect
    value: int = 1
    text: str = ""


class Detachment(_Spec):
    key: str
    name: str


class ArmySpec(_Spec):
    key: str
    name: str
    detachment: tuple[Detachment, ...] = ()
    figure: tuple[FigureSpec, ...]
    artifact: tuple[ArtifactSpec, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> ArmySpec:
        dets = {d.key for d in self.detachment}
        arts = {a.key for a in self.artifact}
        seen: set[str] = set()
        for f in self.figure:
            if f.type in seen:
                raise ValueError(f"тип фигуры «{f.type}» описан дважды")
            seen.add(f.type)
            if f.detachment is not None and f.detachment not in dets:
                raise ValueError(f"фигура «{f.name}»: нет отряда «{f.detachment}» среди [[detachment]]")
            if f.artifact is not None and f.artifact not in arts:
                raise ValueError(f"фигура «{f.name}»: нет артефакта «{f.artifact}» среди [[artifact]]")
            if f.artifact is not None and not f.commander:
                raise ValueError(f"фигура «{f.name}»: артефакт хранит только командир (WG-ART-01)")
            if f.commander and f.count != 1:
                raise ValueError(f"фигура «{f.name}»: командир отряда бывает один")
            if f.kind == "machine" and f.melee_bonus < 0:
                raise ValueError(f"фигура «{f.name}»: отрицательный бонус")
            names = [w.key for w in f.weapons]
            if len(set(names)) != len(names):
                raise ValueError(f"фигура «{f.name}»: у двух орудий одинаковый ключ")
        for d in self.detachment:
            chiefs = [f for f in self.figure if f.detachment == d.key and f.commander]
            if len(chiefs) != 1:
                raise ValueError(f"в отряде «{d.name}» должен быть ровно один командир, а их {len(chiefs)}")
        return self

    def spec(self, type_key: str) -> FigureSpec:
        for f in self.figure:
            if f.type == type_key:
                return f
        raise KeyError(type_key)

    def artifact_spec(self, key: str) -> ArtifactSpec:
        for a in self.artifact:
            if a.key == key:
                return a
        raise KeyError(key)


class Area(_Spec):
    terrain: Terrain
    cells: tuple[str, ...]


class Zone(_Spec):
    """A deployment rectangle for the player in setup seat ``seat`` (1-based)."""

    seat: int = Field(ge=1)
    corner: str
    opposite: str


class MapSpec(_Spec):
    name: str
    width: int = Field(ge=2, le=200)
    height: int = Field(ge=2, le=200)
    rows: tuple[str, ...] = ()
    area: tuple[Area, ...] = ()
    zone: tuple[Zone, ...] = ()

    @model_validator(mode="after")
    def _cells_on_board(self) -> MapSpec:
        if self.rows:
            if len(self.rows) != self.height:
                raise ValueError(f"строк местности {len(self.rows)}, а высота поля {self.height}")
            for i, row in enumerate(self.rows, 1):
                if len(row) != self.width:
                    raise ValueError(f"строка {i}: {counted(len(row), 'клетка', 'клетки', 'клеток')}, "
                                     f"а ширина поля {self.width}")
                bad = set(row) - set(TERRAIN_LETTERS)
                if bad:
                    raise ValueError(f"строка {i}: неизвестные буквы местности {''.join(sorted(bad))}")
        for a in self.area:
            for c in a.cells:
                self._on_board(c, f"область «{a.terrain}»")
        for z in self.zone:
            self._on_board(z.corner, f"зона места {z.seat}")
            self._on_board(z.opposite, f"зона места {z.seat}")
        return self

    def _on_board(self, text: str, where: str) -> None:
        x, y = parse_cell(text)
        if not (1 <= x <= self.width and 1 <= y <= self.height):
            raise ValueError(f"{where}: клетка {text} за краем поля {self.width}×{self.height}")

    def terrain_rows(self, width: int | None = None, height: int | None = None) -> list[str]:
        """Terrain as one letter per cell, row 1 first; ``width``/``height`` resize the board
        (cells beyond the map are open field)."""
        w, h = width or self.width, height or self.height
        grid = [["." for _ in range(w)] for _ in range(h)]
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                if x < w and y < h:
                    grid[y][x] = ch
        for a in self.area:
            for c in a.cells:
                x, y = parse_cell(c)
                if x <= w and y <= h:
                    grid[y - 1][x - 1] = LETTER_OF[a.terrain]
        return ["".join(r) for r in grid]


def _explain(error: ValidationError, what: str, raw: dict) -> str:
    parts = []
    for e in error.errors():
        loc = list(e["loc"])
        where = []
        if len(loc) >= 2 and isinstance(loc[1], int) and loc[0] in ("figure", "artifact", "area", "zone", "detachment"):
            entry = (raw.get(loc[0]) or [{}])[loc[1]] if isinstance(raw.get(loc[0]), list) and loc[1] < len(raw[loc[0]]) else {}
            label = entry.get("name") or entry.get("key") or entry.get("terrain") or f"№{loc[1] + 1}"
            section = {"figure": "фигура", "artifact": "артефакт", "area": "область", "zone": "зона",
                       "detachment": "отряд"}[loc[0]]
            where.append(f"{section} «{label}»")
            loc = loc[2:]
        field = ".".join(FIELD_NAMES.get(str(p), str(p)) for p in loc if not isinstance(p, int))
        if field:
            where.append(f"поле «{field}»")
        msg = e["msg"].removeprefix("Value error, ")
        msg = {"Field required": "не заполнено", "Extra inputs are not permitted": "лишнее поле"}.get(msg, msg)
        parts.append((", ".join(where) + ": " if where else "") + msg)
    return f"{what}: " + "; ".join(parts)


def _resolve(name: str) -> Path:
    path = Path(name)
    return path if path.is_absolute() else DATA_DIR / name


def _read(name: str, what: str) -> dict:
    path = _resolve(name)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise DataFileError(f"{what}: файл «{name}» не найден") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(f"{what} «{name}»: ошибка TOML — {exc}") from None


@cache
def load_army(name: str = DEFAULT_ARMIES[0]) -> ArmySpec:
    """An army list by file name (in this folder) or absolute path."""
    raw = _read(name, "Армлист")
    try:
        return ArmySpec.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(_explain(exc, f"Армлист «{name}»", raw)) from None


@cache
def load_map(name: str = DEFAULT_MAP) -> MapSpec:
    """A map by file name (in this folder) or absolute path."""
    raw = _read(name, "Карта")
    try:
        return MapSpec.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(_explain(exc, f"Карта «{name}»", raw)) from None
