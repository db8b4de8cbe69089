"""Tetranomicon orders: one small frozen value object per action, each with a canonical Russian
`to_text()` (checklist §3.2). A post is one turn: exactly one order (TET-ACT-01, TET-GAP-27).

The model, for the reader (every id is a key of the game's material, `data.material_for`):

- `Build` — «Добыча и транспортировка ресурсов», building (TET-BLD-01…09): ``building`` (farm |
  sawmill | mine | quarry; on a mountain the order must say which, TET-GAP-15), ``castle``,
  ``tower`` (1-based; None = the lowest free tower of the matching terrain, TET-GAP-16) and
  ``sources``: the supply buildings the player names (`Source`: a building kind and a castle);
  kinds not named are left to the server, which picks the cheapest (TET-GAP-14).
      ``Строить: ферма, Северград, башня 1``
      ``Строить: лесопилка, Речной Брод; ферма из Северграда``
- `LayRoute` — the same action, laying a route (TET-RTE-*): ``segment`` id and ``route`` — the kind
  the player wrote (water | land), or None when unsaid; a wrong kind is an error (TET-GAP-32).
      ``Маршрут: Северград — Речной Брод (водный)``
- `CreateArtifact` — «Создание артефактов» (TET-ART-*): ``card`` id and/or pool ``slot`` (1-based);
  both given must agree.
      ``Артефакт: «Печать Гильдии»`` · ``Артефакт: слот 3`` · ``Артефакт: «Печать Гильдии», слот 3``
- `Summon` — «Формирование армии» (TET-ARMY-*): ``card`` and/or ``slot`` as for artifacts.
      ``Существо: «Речной Змей»``
- `Campaign` — «Завоевание трофеев» (TET-TRO-*): ``castle`` of the trophy, ``start`` (a castle with
  an own building; None = the server picks the cheapest, TET-GAP-18) and ``via``: the castles in
  between, in order, when the player names the path (needs ``start``).
      ``Поход: Чернолесье из Дубравы`` · ``Поход: Южная Застава из Дубравы через Озёрск``
- `Pass` — ``Пас`` (TET-ACT-04; also the deadline default, TET-GAP-28).

`to_text(m)` takes the game's `Material` for names (the default material when omitted).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from .data import BUILDING_NAMES, ROUTE_NAMES, BuildingKind, Material, load_material


def _m(m: Material | None) -> Material:
    return m if m is not None else load_material()


def _q(name: str) -> str:
    return f"«{name}»"


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Source(_Order):
    """A supply source the player names: «ферма из Северграда» (TET-BLD-08)."""

    building: BuildingKind
    castle: str

    def to_text(self, m: Material | None = None) -> str:
        return f"{BUILDING_NAMES[self.building]} из {_m(m).castle(self.castle).of}"


class Build(_Order):
    kind: Literal["build"] = "build"
    building: BuildingKind
    castle: str
    tower: int | None = Field(None, ge=1)
    sources: tuple[Source, ...] = ()

    def to_text(self, m: Material | None = None) -> str:
        mat = _m(m)
        text = f"Строить: {BUILDING_NAMES[self.building]}, {mat.castle(self.castle).name}"
        if self.tower is not None:
            text += f", башня {self.tower}"
        if self.sources:
            text += "; " + ", ".join(s.to_text(mat) for s in self.sources)
        return text


class LayRoute(_Order):
    kind: Literal["route"] = "route"
    segment: str
    route: Literal["water", "land"] | None = None

    def to_text(self, m: Material | None = None) -> str:
        mat = _m(m)
        seg = mat.segments[self.segment]
        a, b = (mat.castle(c).name for c in seg.between)
        text = f"Маршрут: {a} — {b}"
        return text + (f" ({ROUTE_NAMES[self.route]})" if self.route else "")


class _CardOrder(_Order):
    card: str | None = None
    slot: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _named(self) -> _CardOrder:
        if self.card is None and self.slot is None:
            raise ValueError("нужна карта или место в пуле")
        return self

    def _text(self, label: str, m: Material | None) -> str:
        parts = []
        if self.card is not None:
            parts.append(_q(_m(m).card_name(self.card)))
        if self.slot is not None:
            parts.append(f"слот {self.slot}")
        return f"{label}: " + ", ".join(parts)


class CreateArtifact(_CardOrder):
    kind: Literal["artifact"] = "artifact"

    def to_text(self, m: Material | None = None) -> str:
        return self._text("Артефакт", m)


class Summon(_CardOrder):
    kind: Literal["creature"] = "creature"

    def to_text(self, m: Material | None = None) -> str:
        return self._text("Существо", m)


class Campaign(_Order):
    kind: Literal["campaign"] = "campaign"
    castle: str
    start: str | None = None
    via: tuple[str, ...] | None = None  # castles between start and target; () = neighbours

    @model_validator(mode="after")
    def _path_needs_start(self) -> Campaign:
        if self.via is not None and self.start is None:
            raise ValueError("путь похода задаётся вместе с замком выступления")
        return self

    def path(self) -> tuple[str, ...] | None:
        """The named path from start to target, castle by castle; None when left to the server."""
        if self.via is None or self.start is None:
            return None
        return (self.start, *self.via, self.castle)

    def to_text(self, m: Material | None = None) -> str:
        mat = _m(m)
        text = f"Поход: {mat.castle(self.castle).name}"
        if self.start is not None:
            text += f" из {mat.castle(self.start).of}"
        if self.via:
            text += " через " + ", ".join(mat.castle(c).name for c in self.via)
        elif self.via is not None:
            text += " напрямую"
        return text


class Pass(_Order):
    kind: Literal["pass"] = "pass"

    def to_text(self, m: Material | None = None) -> str:
        return "Пас"


Order = Annotated[Build | LayRoute | CreateArtifact | Summon | Campaign | Pass, Field(discriminator="kind")]
ACTION_KINDS = ("build", "route", "artifact", "creature", "campaign")
_ADAPTER: TypeAdapter[list[Any]] = TypeAdapter(list[Order])


def load_orders(data: list[dict[str, Any]]) -> list[BaseModel]:
    """Orders back from their JSON form."""
    return list(_ADAPTER.validate_python(data))
