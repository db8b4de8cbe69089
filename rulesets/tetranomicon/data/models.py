"""The game material as pydantic models: board, decks, trophy supply (TET-GAP-01, -02, -05).

Everything here is plain, frozen data read from TOML; `loading.py` turns a validation failure into
a Russian message that names the entry. The terms the rules use (building kinds, terrains,
segment kinds, discount and condition codes) are the literals below; a new code needs code.
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

BuildingKind = Literal["farm", "sawmill", "mine", "quarry"]
Terrain = Literal["plain", "forest", "mountains"]
SegmentKind = Literal["road", "river"]
Discount = Literal["build_all", "build_low", "build_high", "route_all", "route_water", "route_land",
                   "campaign", "summon", "artifact"]
ConditionKind = Literal["buildings", "routes", "castles", "building_types", "creatures", "swords",
                        "trophies", "glory", "artifacts"]

BUILDING_KINDS: tuple[BuildingKind, ...] = get_args(BuildingKind)
TERRAINS: tuple[Terrain, ...] = get_args(Terrain)
DISCOUNTS: tuple[str, ...] = get_args(Discount)

# TET-MAP-03, TET-INC-02: the standard levels; prerequisites always use them (TET-GAP-26).
STANDARD_LEVEL: dict[str, int] = {"farm": 1, "sawmill": 2, "mine": 3, "quarry": 4}
TERRAIN_OF: dict[str, str] = {"farm": "plain", "sawmill": "forest", "mine": "mountains", "quarry": "mountains"}
ROUTE_KIND_OF: dict[str, str] = {"river": "water", "road": "land"}  # TET-MAP-04

BUILDING_NAMES: dict[str, str] = {"farm": "ферма", "sawmill": "лесопилка", "mine": "рудник", "quarry": "каменоломня"}
BUILDING_GENITIVE_PLURAL: dict[str, str] = {"farm": "ферм", "sawmill": "лесопилок", "mine": "рудников",
                                            "quarry": "каменоломен"}
TERRAIN_NAMES: dict[str, str] = {"plain": "равнина", "forest": "лес", "mountains": "горы"}
SEGMENT_NAMES: dict[str, str] = {"road": "дорога", "river": "река"}
ROUTE_NAMES: dict[str, str] = {"water": "водный", "land": "сухопутный"}
DISCOUNT_NAMES: dict[str, str] = {
    "build_all": "−1 к любому строению", "build_low": "−1 к ферме и лесопилке",
    "build_high": "−1 к руднику и каменоломне", "route_all": "−1 к любому маршруту",
    "route_water": "−1 к водному маршруту", "route_land": "−1 к сухопутному маршруту",
    "campaign": "−1 к походу", "summon": "−1 к вызову существ", "artifact": "−1 к артефакту",
}
_RUSSIAN_TERRAIN = {"равнина": "plain", "лес": "forest", "горы": "mountains", "гора": "mountains"}
_RUSSIAN_SEGMENT = {"дорога": "road", "река": "river"}


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CastleDef(_Strict):
    """A castle: its towers (terrain by tower number, from 1) and whether monsters hold it at set-up."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    code: str = Field(min_length=1)  # «К3», usable in orders
    name: str = Field(min_length=1)
    genitive: str | None = None  # «Каменца» for «из Каменца»; the name when absent
    locative: str | None = None  # «в Каменце», «на Туманном Перевале» for the chronicle
    aliases: tuple[str, ...] = ()  # unique short forms («Перевал»)
    towers: tuple[Terrain, ...] = Field(min_length=1)
    monsters: bool = False

    @field_validator("towers", mode="before")
    @classmethod
    def _russian_terrain(cls, value: object) -> object:
        if isinstance(value, (list, tuple)):
            return [(_RUSSIAN_TERRAIN.get(v.lower(), v) if isinstance(v, str) else v) for v in value]
        return value

    @property
    def of(self) -> str:
        """The genitive form («из Каменца»)."""
        return self.genitive or self.name

    @property
    def at(self) -> str:
        """Where, for the chronicle («в Каменце»)."""
        return self.locative or f"в замке «{self.name}»"


class SegmentDef(_Strict):
    """A segment between two neighbouring castles; its kind decides the route side (TET-MAP-04)."""

    id: str = Field(min_length=1)
    between: tuple[str, str]
    kind: SegmentKind

    @field_validator("kind", mode="before")
    @classmethod
    def _russian_kind(cls, value: object) -> object:
        return _RUSSIAN_SEGMENT.get(value.lower(), value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _two_castles(self) -> SegmentDef:
        if self.between[0] == self.between[1]:
            raise ValueError("участок соединяет замок сам с собой")
        return self

    @property
    def route_kind(self) -> str:
        return ROUTE_KIND_OF[self.kind]

    def other(self, castle: str) -> str:
        return self.between[1] if self.between[0] == castle else self.between[0]


class BoardDef(_Strict):
    name: str = Field(min_length=1)
    castles: tuple[CastleDef, ...] = Field(min_length=2)
    segments: tuple[SegmentDef, ...] = Field(min_length=1)


class CreatureDef(_Strict):
    """A legendary creature card (TET-ARMY-01, -04, -05)."""

    id: str = Field(min_length=1)
    epoch: int = Field(ge=1, le=4)
    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    swords: int = Field(ge=0)
    discounts: tuple[Discount, ...] = ()


class Condition(_Strict):
    """One condition printed on an artifact (TET-ART-02); see decks.toml for the kinds."""

    kind: ConditionKind
    min: int = Field(ge=1)
    building: BuildingKind | None = None
    route: Literal["water", "land"] | None = None

    @model_validator(mode="after")
    def _fields_fit(self) -> Condition:
        if self.building is not None and self.kind != "buildings":
            raise ValueError("вид строения (building) указывается только у условия buildings")
        if self.route is not None and self.kind != "routes":
            raise ValueError("вид маршрута (route) указывается только у условия routes")
        return self


class ArtifactDef(_Strict):
    """An artifact card: its cost is its influence (TET-ART-01, TET-END-03)."""

    id: str = Field(min_length=1)
    epoch: int = Field(ge=1, le=4)
    name: str = Field(min_length=1)
    cost: int = Field(ge=0)
    conditions: tuple[Condition, ...] = ()


class DecksDef(_Strict):
    creatures: tuple[CreatureDef, ...]
    artifacts: tuple[ArtifactDef, ...]


class TokenCount(_Strict):
    level: int = Field(ge=1)
    count: int = Field(ge=0)


class TrophiesDef(_Strict):
    tokens: tuple[TokenCount, ...] = Field(min_length=1)

    def supply(self) -> list[int]:
        """Every token's level, sorted."""
        return sorted(t.level for t in self.tokens for _ in range(t.count))
