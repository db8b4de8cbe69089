"""The ruleset's numbers from data/*.toml, validated once at import (a bad edit fails loudly).

A GM changes a number in the TOML files without touching Python. Cross-references are checked:
an upgrade names an existing unit, a unit's abilities exist, a spell's runes exist, and so on.
`load(folder)` raises `DataError` with a Russian message naming the file and the field.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

DATA_DIR = Path(__file__).parent
FILES = ("units", "abilities", "spells", "buildings", "items", "economy")

Resource = Literal["gold", "iron", "taldear", "mana"]
RUNE_SCHOOLS = ("fire", "dark", "death")


class DataError(ValueError):
    """A data file is missing, is not TOML, or holds numbers that do not fit together."""


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Forms(_Strict):
    """Russian case forms: nom, gen, dat, acc, ins (+ plural nom/gen for units)."""

    nom: str
    gen: str
    dat: str
    acc: str
    ins: str
    nom_pl: str | None = None
    gen_pl: str | None = None


def _forms(value: object) -> object:
    if isinstance(value, list):
        keys = ("nom", "gen", "dat", "acc", "ins", "nom_pl", "gen_pl")
        if not 5 <= len(value) <= 7:
            raise ValueError("forms: нужно 5 падежей (им., род., дат., вин., твор.), для юнитов ещё 2 формы мн. ч.")
        return dict(zip(keys, value))
    return value


class _Named(_Strict):
    name: str
    aliases: tuple[str, ...] = ()
    forms: Forms

    @model_validator(mode="before")
    @classmethod
    def _list_forms(cls, data: object) -> object:
        if isinstance(data, dict) and "forms" in data:
            data = {**data, "forms": _forms(data["forms"])}
        return data


class UnitData(_Named):
    letter: str = Field(min_length=1, max_length=2)
    category: Literal["worker", "military", "neutral"]
    tier: int = Field(ge=0)
    from_: str | None = Field(default=None, alias="from")
    runes: tuple[str, ...] = ()
    ap: int = Field(ge=0)
    hp: int = Field(ge=1)
    attack: int = Field(ge=0)
    defence: int = Field(ge=0)
    attack_kind: Literal["melee", "ranged"]
    reach: int = Field(ge=1)
    upkeep: int = Field(ge=0)
    summon: int | None = Field(default=None, ge=0)
    upgrade_mana: int | None = Field(default=None, ge=0)
    upgrade_gold: int | None = Field(default=None, ge=0)
    works: bool = False  # digs, mines, builds, repairs (DK-IMP-09)
    digs: bool = False  # digs only (the Hero's gnome, DK-HERO-02)
    abilities: tuple[str, ...] = ()

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _upgrade_fields(self) -> UnitData:
        if self.from_ is not None and (self.upgrade_mana is None or self.upgrade_gold is None):
            raise ValueError("у улучшаемого юнита нужны upgrade_mana и upgrade_gold")
        if self.from_ is None and (self.upgrade_mana is not None or self.upgrade_gold is not None):
            raise ValueError("upgrade_mana/upgrade_gold заданы, а from (из кого улучшается) — нет")
        if self.forms.nom_pl is None or self.forms.gen_pl is None:
            raise ValueError("у юнита нужны все 7 форм (с мн. ч.)")
        return self

    @property
    def military(self) -> bool:
        return self.category == "military"

    @property
    def ranged(self) -> bool:
        return self.attack_kind == "ranged"


class AbilityData(_Named):
    active: bool
    ap: int = Field(default=0, ge=0)
    range: int = Field(default=0, ge=0)
    target: Literal["enemy", "own", "cell", "direction", "around", "none"]
    hostile: bool = False
    chance: int | None = Field(default=None, ge=0, le=100)
    category: Literal["buff", "debuff", "control"] | None = None
    heal: int = Field(default=0, ge=0)
    damage: int = Field(default=0, ge=0)
    ticks: int = Field(default=0, ge=0)
    attack: int = 0
    defence: int = 0
    ap_loss: int = Field(default=0, ge=0)
    spirits: int = Field(default=0, ge=0)
    mana: int = Field(default=0, ge=0)
    damage_divisor: int = Field(default=1, ge=1)
    adjacent_divisor: int = Field(default=1, ge=1)
    building_attack_bonus: int = Field(default=0, ge=0)
    repeatable: bool = False

    @model_validator(mode="after")
    def _active_costs(self) -> AbilityData:
        if self.active and self.ap < 1:
            raise ValueError("у активной способности должна быть цена в ОД (ap ≥ 1)")
        return self


class SpellData(_Named):
    target: Literal["own", "enemy"]
    category: Literal["buff", "debuff", "none"]
    instant: bool = False
    research: int = Field(ge=0)
    cast: int = Field(ge=0)
    runes: tuple[str, ...] = ()
    ap: int = 0
    attack: int = 0
    defence: int = 0
    heal: int = Field(default=0, ge=0)
    chance: int | None = Field(default=None, ge=0, le=100)
    luck: int = Field(default=0, ge=0)


class BuildingData(_Named):
    letter: str = Field(min_length=1, max_length=2)
    hp: int = Field(ge=0)
    defence: int = Field(ge=0)
    buildable: bool = True
    unique: bool = False
    indestructible: bool = False
    neutral: bool = False
    gold: int = Field(default=0, ge=0)
    iron: int = Field(default=0, ge=0)
    mana: int = Field(default=0, ge=0)
    hp_per_gold: int = Field(default=1, ge=1)
    # Source
    start_level: int | None = Field(default=None, ge=1)
    max_level: int | None = Field(default=None, ge=1)
    mana_per_level: int = Field(default=0, ge=0)
    upgrade_gold: tuple[int, ...] = ()
    capture_ap: int = Field(default=0, ge=0)
    upgrade_range: int = Field(default=0, ge=0)
    # towers
    ap: int = Field(default=0, ge=0)
    attack: int = Field(default=0, ge=0)
    reach: int = Field(default=0, ge=0)
    aura: int = Field(default=0, ge=0)
    ap_loss: int = Field(default=0, ge=0)
    # laboratory, hospital
    alchemy: dict[Literal["gold", "iron", "taldear"], int] = Field(default_factory=dict)
    heal_per_ap: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _shape(self) -> BuildingData:
        if not self.indestructible and self.hp < 1:
            raise ValueError("у разрушаемого здания должно быть хп ≥ 1")
        if self.max_level is not None:
            if len(self.upgrade_gold) != self.max_level - 1:
                raise ValueError(f"upgrade_gold: нужно {self.max_level - 1} цен (уровни 1…{self.max_level})")
            if self.start_level is not None and self.start_level > self.max_level:
                raise ValueError("start_level больше max_level")
        if any(v < 1 for v in self.alchemy.values()):
            raise ValueError("alchemy: цена в мане должна быть ≥ 1")
        return self

    def upgrade_price(self, level: int) -> int | None:
        """Gold to raise a Source from ``level`` to ``level + 1``; None at the top (DK-SRC-02)."""
        if self.max_level is None or not 1 <= level < self.max_level:
            return None
        return self.upgrade_gold[level - 1]


class ArtifactData(_Named):
    attack: int = 0
    defence: int = 0
    hp: int = 0
    ap: int = 0
    iron: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    taldear: int = Field(default=0, ge=0)


class SpiritData(_Named):
    attack: int = 0
    defence: int = 0
    hp: int = 0


class RuneData(_Named):
    exchange_mana: int = Field(ge=0)


class MineData(_Named):
    resource: Literal["gold", "iron", "taldear"]
    contents: int = Field(ge=1)
    yield_: dict[Literal["detailed", "five_each", "five_gold_iron"], int] = Field(alias="yield")

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    @model_validator(mode="after")
    def _all_modes(self) -> MineData:
        if set(self.yield_) != {"detailed", "five_each", "five_gold_iron"}:
            raise ValueError("yield: нужны detailed, five_each и five_gold_iron")
        if min(self.yield_.values()) < 1:
            raise ValueError("yield: добыча за ОД должна быть ≥ 1")
        return self


def _range(v: tuple[int, int]) -> tuple[int, int]:
    if len(v) != 2 or v[0] > v[1] or v[0] < 0:
        raise ValueError("диапазон пишется [от, до], от ≤ до")
    return v


class ObjectData(_Named):
    gold: tuple[int, int] | None = None
    taldear: tuple[int, int] | None = None
    mana: tuple[int, int] | None = None

    @model_validator(mode="after")
    def _ranges(self) -> ObjectData:
        for r in (self.gold, self.taldear, self.mana):
            if r is not None:
                _range(r)
        return self


class MapData(_Strict):
    size: int = Field(ge=9, le=99)
    base: Literal[3]


class StartData(_Strict):
    gold: int = Field(ge=0)
    mana: int = Field(ge=0)
    iron: int = Field(ge=0)
    taldear: int = Field(ge=0)


class LimitsData(_Strict):
    units: int = Field(ge=1)
    kill_mana: int = Field(ge=0)
    repair_hp: int = Field(ge=1)


class HeroData(_Strict):
    equipment: tuple[str, ...]
    sense: int = Field(ge=1)
    spawn_clear: int = Field(ge=0)


class MapgenData(_Strict):
    ring: float = Field(gt=0.1, lt=0.5)
    iron_mine: int = Field(ge=3)
    gem_mine: int = Field(ge=3)
    chest: int = Field(ge=3)
    crystal: int = Field(ge=3)
    rune: int = Field(ge=3)
    neutral_source: int = Field(ge=3)
    neutral_source_level: int = Field(ge=1)
    centre_source_level: int = Field(ge=1)


class GameData(_Strict):
    units: dict[str, UnitData]
    abilities: dict[str, AbilityData]
    spells: dict[str, SpellData]
    buildings: dict[str, BuildingData]
    artifacts: dict[str, ArtifactData]
    spirits: dict[str, SpiritData]
    runes: dict[str, RuneData]
    mines: dict[str, MineData]
    objects: dict[str, ObjectData]
    map: MapData
    start: StartData
    limits: LimitsData
    hero: HeroData
    mapgen: MapgenData

    @model_validator(mode="after")
    def _cross_references(self) -> GameData:
        errors: list[str] = []
        need_units = {"imp", "bes", "hero", "gnome"}
        need_buildings = {"altar", "source", "circle", "battle_tower", "slow_tower", "armoury", "wall",
                          "laboratory", "hospital"}
        for key in sorted(need_units - set(self.units)):
            errors.append(f"units: нет юнита «{key}»")
        for key in sorted(need_buildings - set(self.buildings)):
            errors.append(f"buildings: нет здания «{key}»")
        if set(self.runes) != set(RUNE_SCHOOLS):
            errors.append(f"runes: нужны ровно {', '.join(RUNE_SCHOOLS)}")
        if set(self.objects) != {"chest", "crystal"}:
            errors.append("objects: нужны chest и crystal")
        for key, u in self.units.items():
            if u.from_ is not None and u.from_ not in self.units:
                errors.append(f"units.{key}: from = «{u.from_}» — такого юнита нет")
            if u.from_ is not None and u.category != "military":
                errors.append(f"units.{key}: улучшать можно только боевых юнитов")
            errors += [f"units.{key}: способности «{a}» нет в abilities" for a in u.abilities if a not in self.abilities]
            errors += [f"units.{key}: руны «{r}» нет в runes" for r in u.runes if r not in self.runes]
        for key in self.units:  # no cycles in the tree
            seen, k = set(), key
            while k is not None and k in self.units:
                if k in seen:
                    errors.append(f"units.{key}: дерево улучшений замкнуто в кольцо")
                    break
                seen.add(k)
                k = self.units[k].from_
        for key, s in self.spells.items():
            errors += [f"spells.{key}: руны «{r}» нет в runes" for r in s.runes if r not in self.runes]
        errors += [f"hero.equipment: артефакта «{a}» нет" for a in self.hero.equipment if a not in self.artifacts]
        src = self.buildings.get("source")
        if src is not None and (src.max_level is None or src.start_level is None):
            errors.append("buildings.source: нужны start_level и max_level")
        lab = self.buildings.get("laboratory")
        if lab is not None and set(lab.alchemy) != {"gold", "iron", "taldear"}:
            errors.append("buildings.laboratory: alchemy должна задавать gold, iron и taldear")
        if self.map.size < 15:
            errors.append("map.size: карта меньше 15×15 не вместит базы")
        if errors:
            raise ValueError("; ".join(errors))
        return self

    # --- look-ups --------------------------------------------------------------------------
    def upgrades_of(self, kind: str) -> list[str]:
        """Kinds a unit of ``kind`` can be upgraded to (DK-UPG-01), in file order."""
        return [k for k, u in self.units.items() if u.from_ == kind]

    def mine_by_resource(self, resource: str) -> str:
        return next(k for k, m in self.mines.items() if m.resource == resource)


def _describe(error: ValidationError) -> str:
    parts = []
    for e in error.errors()[:8]:
        where = ".".join(str(x) for x in e["loc"]) or "(весь файл)"
        parts.append(f"{where}: {e['msg']}")
    more = len(error.errors()) - 8
    return "; ".join(parts) + (f"; и ещё {more}" if more > 0 else "")


def load(folder: Path = DATA_DIR) -> GameData:
    """Read and validate every data file in ``folder``; `DataError` says what is wrong, in Russian."""
    merged: dict[str, object] = {}
    for name in FILES:
        path = folder / f"{name}.toml"
        try:
            with path.open("rb") as fh:
                part = tomllib.load(fh)
        except FileNotFoundError as exc:
            raise DataError(f"нет файла данных {path}") from exc
        except tomllib.TOMLDecodeError as exc:
            raise DataError(f"{path.name}: это не TOML ({exc})") from exc
        for key, value in part.items():
            if key in merged:
                raise DataError(f"{path.name}: раздел [{key}] уже задан в другом файле")
            merged[key] = value
    try:
        return GameData.model_validate(merged)
    except ValidationError as exc:
        raise DataError(f"данные правил ({folder}) не сходятся: {_describe(exc)}") from exc


DATA = load()
