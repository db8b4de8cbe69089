"""Dungeon Keeper orders (checklist §3.2): small frozen value objects, discriminated by ``kind``.

Every order prints back with `to_text()` in the canonical form «<Юнит №N>: <глагол> <цель>
<клетка>.» (or a first-person sentence for archdemon actions), and the reader reads that text back
to the same order. Unit orders carry ``unit`` (the unit's stable id in the state), ``who`` (how the
unit is named: kind, number, owner) and ``ap`` — how many ОД the order spends. Repeatable actions
(mining, repairs, capture, the hospital, attacks, Страх) spend ``ap`` ОД as that many repetitions;
the others have a fixed cost the validator checks. Cells are ``(row, col)``, 1-based, row first
(DK-MAP-04).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from letopis.engine.text import plural

from .data import DATA
from .map.geometry import DIRECTION_RU, DIRECTIONS

SIZE = DATA.map.size
Coord = Annotated[int, Field(ge=1, le=SIZE)]
Cell = tuple[Coord, Coord]
Case = Literal["nom", "gen", "dat", "acc", "ins"]

RESOURCE_GEN = {"gold": "золота", "iron": "железа", "taldear": "тальдеара", "mana": "маны"}
RESOURCE_ACC = {"gold": "золото", "iron": "железо", "taldear": "тальдеар", "mana": "ману"}


def cell_text(cell: tuple[int, int]) -> str:
    return f"{cell[0]}-{cell[1]}"


def _ap_tail(ap: int) -> str:
    return f" ({ap} ОД)" if ap > 1 else ""


class Label(BaseModel):
    """How an order names a unit: its kind, its number (0 = none, the Hero and the gnome) and its
    owner's display name when the unit is not the poster's own («бес №2 (Ваал)»)."""

    model_config = ConfigDict(frozen=True)

    kind: str
    number: int = Field(default=0, ge=0)
    owner: str | None = None

    def text(self, case: Case = "nom", capital: bool = False) -> str:
        word = getattr(DATA.units[self.kind].forms, case)
        if capital:
            word = word[:1].upper() + word[1:]
        out = f"{word} №{self.number}" if self.number else word
        return f"{out} ({self.owner})" if self.owner else out


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _UnitOrder(_Order):
    unit: str
    who: Label
    ap: int = Field(default=1, ge=1)

    def head(self) -> str:
        return f"{self.who.text(capital=True)}: "


def _fixed(order: _UnitOrder, cost: int) -> None:
    if order.ap != cost:
        raise ValueError(f"{order.__class__.__name__}: это действие стоит {cost} ОД, а указано {order.ap}")


# --- unit orders ------------------------------------------------------------------------------
class Move(_UnitOrder):
    """Step(s) onto free cells, 1 ОД each (DK-MOVE-01); ``path`` excludes the start cell."""

    kind: Literal["move"] = "move"
    path: tuple[Cell, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ap_is_steps(self) -> Move:
        _fixed(self, len(self.path))
        return self

    @property
    def target(self) -> tuple[int, int]:
        return self.path[-1]

    def to_text(self) -> str:
        return f"{self.head()}перемещается на {' → '.join(cell_text(c) for c in self.path)}."


class Dig(_UnitOrder):
    """Dig an undug cell next to the imp (DK-IMP-05)."""

    kind: Literal["dig"] = "dig"
    cell: Cell

    @model_validator(mode="after")
    def _cost(self) -> Dig:
        _fixed(self, 1)
        return self

    def to_text(self) -> str:
        return f"{self.head()}вскапывает клетку {cell_text(self.cell)}."


class MineOrder(_UnitOrder):
    """Extract from a mine next to the imp, ``ap`` times (DK-IMP-03, DK-GAP-01)."""

    kind: Literal["mine"] = "mine"
    cell: Cell
    mine: Literal["gold", "iron", "gem"]

    def to_text(self) -> str:
        name = DATA.mines[self.mine].forms.acc.lower()
        return f"{self.head()}копает {name} на {cell_text(self.cell)}{_ap_tail(self.ap)}."


class Build(_UnitOrder):
    """Erect a building on an empty cell next to the imp (DK-IMP-06, DK-GAP-37)."""

    kind: Literal["build"] = "build"
    building: str
    cell: Cell

    @model_validator(mode="after")
    def _known(self) -> Build:
        if self.building not in DATA.buildings:
            raise ValueError(f"нет здания «{self.building}»")
        _fixed(self, 1)
        return self

    def to_text(self) -> str:
        return f"{self.head()}строит {DATA.buildings[self.building].forms.acc} на {cell_text(self.cell)}."


class Repair(_UnitOrder):
    """Repair a damaged building next to the imp, ``ap`` times 10 хп (DK-IMP-07, DK-GAP-39)."""

    kind: Literal["repair"] = "repair"
    building: str  # building id
    building_kind: str
    cell: Cell

    def to_text(self) -> str:
        name = DATA.buildings[self.building_kind].forms.acc
        return f"{self.head()}чинит {name} на {cell_text(self.cell)}{_ap_tail(self.ap)}."


class Pickup(_UnitOrder):
    """Take an object from the unit's cell or an adjacent one (DK-UNIT-05, DK-GAP-47)."""

    kind: Literal["pickup"] = "pickup"
    object: str  # object id
    object_kind: Literal["chest", "crystal", "rune", "artifact"]
    item: str | None = None
    cell: Cell

    @model_validator(mode="after")
    def _cost(self) -> Pickup:
        _fixed(self, 1)
        return self

    def to_text(self) -> str:
        return f"{self.head()}подбирает {object_name(self.object_kind, self.item, 'acc')} на {cell_text(self.cell)}."


class Attack(_UnitOrder):
    """Ближний or Дальний бой against a unit, ``ap`` attacks in a row (DK-COMBAT-01..07).

    ``then`` / ``then_whom``: with the GM option ``zeal_retarget``, the unit an extra attack of
    Рвение or Берсерк goes to when the first target is already dead (DK-GAP-63)."""

    kind: Literal["attack"] = "attack"
    target: str
    whom: Label
    cell: Cell | None = None  # where the target stood when the post was read
    then: str | None = None
    then_whom: Label | None = None

    @model_validator(mode="after")
    def _then(self) -> Attack:
        if (self.then is None) != (self.then_whom is None):
            raise ValueError("у запасной цели нужны и id, и название")
        if self.then is not None and self.then == self.target:
            raise ValueError("запасная цель совпадает с первой")
        return self

    def to_text(self) -> str:
        where = f" на {cell_text(self.cell)}" if self.cell else ""
        then = f", если погибнет — бьёт {self.then_whom.text('acc')}" if self.then_whom else ""
        return f"{self.head()}атакует {self.whom.text('acc')}{where}{_ap_tail(self.ap)}{then}."


class AttackBuilding(_UnitOrder):
    """Attack a building or a wall, ``ap`` times (DK-COMBAT-10, DK-GAP-26)."""

    kind: Literal["attack_building"] = "attack_building"
    building: str
    building_kind: str
    cell: Cell

    def to_text(self) -> str:
        name = DATA.buildings[self.building_kind].forms.acc
        return f"{self.head()}атакует {name} на {cell_text(self.cell)}{_ap_tail(self.ap)}."


class Capture(_UnitOrder):
    """Spend ``ap`` ОД on capturing a Source next to the unit (DK-SRC-04, DK-GAP-36)."""

    kind: Literal["capture"] = "capture"
    building: str
    cell: Cell

    def to_text(self) -> str:
        return f"{self.head()}захватывает Источник Силы на {cell_text(self.cell)}{_ap_tail(self.ap)}."


class RuneUnlock(_UnitOrder):
    """Put a carried rune into the own Altar to open its branch (DK-OBJ-02, DK-GAP-49)."""

    kind: Literal["rune_unlock"] = "rune_unlock"
    rune: Literal["fire", "dark", "death"]

    @model_validator(mode="after")
    def _cost(self) -> RuneUnlock:
        _fixed(self, 1)
        return self

    def to_text(self) -> str:
        return f"{self.head()}кладёт {DATA.runes[self.rune].forms.acc} в Алтарь."


class RuneExchange(_UnitOrder):
    """Trade a carried rune at the own Altar for mana (DK-OBJ-02)."""

    kind: Literal["rune_exchange"] = "rune_exchange"
    rune: Literal["fire", "dark", "death"]

    @model_validator(mode="after")
    def _cost(self) -> RuneExchange:
        _fixed(self, 1)
        return self

    def to_text(self) -> str:
        return f"{self.head()}обменивает {DATA.runes[self.rune].forms.acc} на ману."


class Hospital(_UnitOrder):
    """Heal next to an own Госпиталь, 2 хп per ОД (DK-BLD-13, DK-GAP-42)."""

    kind: Literal["hospital"] = "hospital"
    building: str
    cell: Cell

    def to_text(self) -> str:
        return f"{self.head()}лечится в Госпитале на {cell_text(self.cell)}{_ap_tail(self.ap)}."


# Canonical verbs of the active abilities (DK-ABIL-03..13); {t} = target in the named case.
ABILITY_VERBS: dict[str, tuple[str, Case]] = {
    "heal": ("лечит", "acc"),
    "sacrifice": ("приносит в жертву", "acc"),
    "cleanse": ("очищает", "acc"),
    "subjugate": ("подчиняет", "acc"),
    "exhaust": ("истощает", "acc"),
    "fear": ("пугает", "acc"),
    "poison": ("отравляет", "acc"),
    "unbless": ("снимает благословения с", "gen"),
}


class Ability(_UnitOrder):
    """An active ability (DK-ABIL-03..13). ``target`` for unit-targeted ones, ``cell`` for Облако
    смерти, ``direction`` for Огненный поток; ``buff`` names the spell Отмена благословлений
    removes (DK-GAP-62). Страх may be repeated: ``ap`` = uses × 1 ОД."""

    kind: Literal["ability"] = "ability"
    ability: str
    target: str | None = None
    whom: Label | None = None
    cell: Cell | None = None
    direction: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"] | None = None
    buff: str | None = None

    @model_validator(mode="after")
    def _shape(self) -> Ability:
        data = DATA.abilities.get(self.ability)
        if data is None or not data.active or self.ability in ("melee", "ranged"):
            raise ValueError(f"«{self.ability}» — не активная способность (атаки — это attack)")
        if data.target in ("own", "enemy") and (self.target is None or self.whom is None):
            raise ValueError(f"{data.name}: нужна цель-юнит")
        if data.target == "cell" and self.cell is None:
            raise ValueError(f"{data.name}: нужна клетка")
        if data.target == "direction" and self.direction is None:
            raise ValueError(f"{data.name}: нужно направление")
        if self.buff is not None and (self.ability != "unbless" or self.buff not in DATA.spells):
            raise ValueError("buff — только для Отмены благословлений и только заклинание")
        if data.repeatable:
            if self.ap % data.ap:
                raise ValueError(f"{data.name}: ОД должно быть кратно {data.ap}")
        else:
            _fixed(self, data.ap)
        return self

    @property
    def uses(self) -> int:
        return self.ap // DATA.abilities[self.ability].ap

    def to_text(self) -> str:
        h = self.head()
        if self.ability == "fire_breath":
            return f"{h}дышит огнём."
        if self.ability == "fire_stream":
            assert self.direction is not None
            return f"{h}пускает огненный поток {DIRECTION_RU[self.direction]}."
        if self.ability == "death_cloud":
            assert self.cell is not None
            return f"{h}насылает облако смерти на {cell_text(self.cell)}."
        assert self.whom is not None
        verb, case = ABILITY_VERBS[self.ability]
        where = f" на {cell_text(self.cell)}" if self.cell else ""
        if self.ability == "unbless" and self.buff:
            return f"{h}снимает {DATA.spells[self.buff].forms.acc} с {self.whom.text('gen')}{where}."
        tail = ""
        if self.ability == "fear" and self.uses > 1:
            tail = f", {self.uses} {plural(self.uses, 'раз', 'раза', 'раз')}"
        return f"{h}{verb} {self.whom.text(case)}{where}{tail}."


# --- archdemon orders (DK-GAP-34) ----------------------------------------------------------------
class Summon(_Order):
    """Summon imps or бесы next to an own Круг вызова (DK-BLD-07, DK-GAP-31). With ``count`` > 1
    the cells are chosen clockwise from north around the oldest circle."""

    kind: Literal["summon"] = "summon"
    unit_kind: Literal["imp", "bes"]
    count: int = Field(default=1, ge=1, le=DATA.limits.units)
    cell: Cell | None = None

    @model_validator(mode="after")
    def _one_cell(self) -> Summon:
        if self.cell is not None and self.count != 1:
            raise ValueError("клетку можно указать только для одного призываемого юнита")
        return self

    def to_text(self) -> str:
        f = DATA.units[self.unit_kind].forms
        if self.count == 1:
            where = f" на {cell_text(self.cell)}" if self.cell else ""
            return f"Призываю {f.acc}{where}."
        return f"Призываю {self.count} {plural(self.count, f.acc, f.gen, f.gen_pl or f.gen)}."


class UpgradeUnit(_Order):
    """Upgrade a unit near an own Source (DK-UPG-01..05)."""

    kind: Literal["upgrade_unit"] = "upgrade_unit"
    unit: str
    who: Label
    to: str

    @model_validator(mode="after")
    def _known(self) -> UpgradeUnit:
        if self.to not in DATA.units:
            raise ValueError(f"нет юнита «{self.to}»")
        return self

    def to_text(self) -> str:
        return f"Улучшаю {self.who.text('acc')} до {DATA.units[self.to].forms.gen}."


class UpgradeBuilding(_Order):
    """Raise an own Source by one level (DK-SRC-02, DK-UPG-06, DK-GAP-33)."""

    kind: Literal["upgrade_building"] = "upgrade_building"
    building: str
    cell: Cell
    level: int = Field(ge=2)

    def to_text(self) -> str:
        return f"Улучшаю Источник Силы на {cell_text(self.cell)} до {self.level}-го уровня."


class Research(_Order):
    kind: Literal["research"] = "research"
    spell: str

    @model_validator(mode="after")
    def _known(self) -> Research:
        if self.spell not in DATA.spells:
            raise ValueError(f"нет заклинания «{self.spell}»")
        return self

    def to_text(self) -> str:
        return f"Изучаю заклинание {DATA.spells[self.spell].name}."


class Cast(_Order):
    kind: Literal["cast"] = "cast"
    spell: str
    target: str
    whom: Label

    @model_validator(mode="after")
    def _known(self) -> Cast:
        if self.spell not in DATA.spells:
            raise ValueError(f"нет заклинания «{self.spell}»")
        return self

    def to_text(self) -> str:
        return f"Накладываю {DATA.spells[self.spell].forms.acc} на {self.whom.text('acc')}."


class Alchemy(_Order):
    """Mana into gold, iron or тальдеар in an own laboratory (DK-BLD-12, DK-GAP-43)."""

    kind: Literal["alchemy"] = "alchemy"
    resource: Literal["gold", "iron", "taldear"]
    amount: int = Field(ge=1)

    @property
    def mana(self) -> int:
        return self.amount * DATA.buildings["laboratory"].alchemy[self.resource]

    def to_text(self) -> str:
        return f"Перегоняю {self.mana} ед. маны в {RESOURCE_ACC[self.resource]} ({self.amount})."


class Forge(_Order):
    """Craft an artifact in an own Оружейная (DK-ART-01, DK-GAP-46)."""

    kind: Literal["forge"] = "forge"
    artifact: Literal["sword", "armour", "amulet", "crown"]

    def to_text(self) -> str:
        return f"Кую {DATA.artifacts[self.artifact].forms.acc}."


class Equip(_Order):
    """Put an artifact from the store on an own unit (DK-ART-02, DK-GAP-45)."""

    kind: Literal["equip"] = "equip"
    artifact: Literal["sword", "armour", "amulet", "crown"]
    unit: str
    who: Label

    def to_text(self) -> str:
        return f"Надеваю {DATA.artifacts[self.artifact].forms.acc} на {self.who.text('acc')}."


class SendSpirit(_Order):
    """Send a spirit from the retinue to an own unit (DK-SPIRIT-02..04, DK-GAP-50/51)."""

    kind: Literal["spirit"] = "spirit"
    spirit: Literal["guardian", "valour", "life"]
    unit: str
    who: Label

    def to_text(self) -> str:
        return f"Посылаю {DATA.spirits[self.spirit].forms.acc} к {self.who.text('dat')}."


class TowerShot(_Order):
    """A Боевая башня fires ``ap`` shots (DK-BLD-08, DK-GAP-40); no ``target`` = the nearest enemy."""

    kind: Literal["tower_shot"] = "tower_shot"
    tower: str
    cell: Cell
    ap: int = Field(default=1, ge=1, le=DATA.buildings["battle_tower"].ap)
    target: str | None = None
    whom: Label | None = None

    @model_validator(mode="after")
    def _pair(self) -> TowerShot:
        if (self.target is None) != (self.whom is None):
            raise ValueError("у цели башни нужны и id, и название")
        return self

    def to_text(self) -> str:
        shots = "стреляет" if self.ap == 1 else f"даёт {self.ap} {plural(self.ap, 'выстрел', 'выстрела', 'выстрелов')}"
        whom = self.whom.text("dat") if self.whom else "ближайшему врагу"
        return f"Боевая башня на {cell_text(self.cell)}: {shots} по {whom}."


class EndTurn(_Order):
    kind: Literal["end_turn"] = "end_turn"

    def to_text(self) -> str:
        return "Конец хода."


class HeroSpawn(_Order):
    """The GM makes the Hero appear (DK-GAP-74); unset cell / direction are rolled."""

    kind: Literal["hero_spawn"] = "hero_spawn"
    cell: Cell | None = None
    direction: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"] | None = None

    def to_text(self) -> str:
        where = f" на {cell_text(self.cell)}" if self.cell else ""
        way = f", направление {DIRECTION_RU[self.direction]}" if self.direction else ""
        return f"Герой появляется{where}{way}."


def object_name(kind: str, item: str | None, case: Case = "nom") -> str:
    """«Сундук с золотом», «Руну Огня», «Броню» — an object on the map in a case."""
    if kind == "rune" and item in DATA.runes:
        return getattr(DATA.runes[item].forms, case)
    if kind == "artifact" and item in DATA.artifacts:
        return getattr(DATA.artifacts[item].forms, case)
    if kind in DATA.objects:
        return getattr(DATA.objects[kind].forms, case)
    return "предмет"


UNIT_ORDERS = (Move, Dig, MineOrder, Build, Repair, Pickup, Attack, AttackBuilding, Capture, RuneUnlock,
               RuneExchange, Hospital, Ability)
ARCHDEMON_ORDERS = (Summon, UpgradeUnit, UpgradeBuilding, Research, Cast, Alchemy, Forge, Equip, SendSpirit,
                    TowerShot, EndTurn)
KINDS = tuple(cls.model_fields["kind"].default for cls in UNIT_ORDERS + ARCHDEMON_ORDERS + (HeroSpawn,))

Order = Annotated[
    Move | Dig | MineOrder | Build | Repair | Pickup | Attack | AttackBuilding | Capture | RuneUnlock | RuneExchange | Hospital | Ability | Summon | UpgradeUnit | UpgradeBuilding | Research | Cast | Alchemy | Forge | Equip | SendSpirit | TowerShot | EndTurn | HeroSpawn,
    Field(discriminator="kind"),
]
ORDER_LIST = TypeAdapter(list[Order])
ORDER = TypeAdapter(Order)


def load_orders(data: list[dict[str, Any]]) -> list[BaseModel]:
    return list(ORDER_LIST.validate_python(data))


def is_unit_order(order: BaseModel) -> bool:
    return isinstance(order, UNIT_ORDERS)


assert set(DIRECTIONS) == set(DIRECTION_RU)
