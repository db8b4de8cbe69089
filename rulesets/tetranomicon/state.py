"""The whole Tetranomicon game state as one pydantic model (JSON round-trips exactly).

Everything refers to the game material (`data.material_for(state)`) by id: castles by castle id
(``kamenets``), towers by number from 1, segments by segment id (``У5``), cards by card id
(``C1-4``, ``A2-3``). Only the action phase waits for posts (``phase == "actions"``); the other
phases of an epoch run inside `apply` right after the last pass, so a stored state is always in
the action phase of some epoch, or ``over``.

Public: coins, buildings, routes, every player's cards and trophies, the pools, trophies on the
board (unless face down, TET-GAP-22), who has passed. Secret (hidden by `view`, checklist §5): the
order of the eight decks (``creature_decks``, ``artifact_decks``) and the trophy supply
(``supply``); their sizes are public.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from letopis.engine.copying import clone
from letopis.engine.events import Event

from .data.models import BuildingKind
from .options import Options

Phase = Literal["actions", "over"]


class Building(BaseModel):
    """A player's building token on a tower (TET-BLD-02)."""

    model_config = ConfigDict(frozen=True)

    owner: str
    kind: BuildingKind
    castle: str
    tower: int  # 1-based


class Trophy(BaseModel):
    """A trophy token: on a castle (guarded by monsters, TET-MAP-05) or in a player's Реликвиум."""

    model_config = ConfigDict(frozen=True)

    level: int
    castle: str  # where it lay
    face_up: bool = True
    epoch: int = 0  # placed at set-up (0) or in the creature phase of this epoch


class Player(BaseModel):
    faction: str
    name: str
    coins: int = 0  # the wealth track (TET-GAP-30: never below 0)
    artifacts: list[str] = Field(default_factory=list)  # Артефактум: card ids, in order of creation
    creatures: list[str] = Field(default_factory=list)  # Армия: card ids, in order of summoning
    trophies: list[Trophy] = Field(default_factory=list)  # Реликвиум
    passed: bool = False  # in this epoch's action phase (TET-ACT-04)


class Score(BaseModel):
    """One player's final tally (TET-END-*)."""

    faction: str
    coins: int
    influence: int
    strength: int
    glory: int
    points: dict[str, int]  # wealth | influence | strength | glory → ПО
    total: int
    raw_sum: int


class State(BaseModel):
    options: Options
    order: list[str]  # faction ids in seating order = clockwise (TET-GAP-09, TET-GAP-05)
    players: dict[str, Player]
    epoch: int = 1
    phase: Phase = "actions"
    holder: str  # the first-player token (TET-GEN-05)
    active: str | None = None  # whose turn it is in the action phase
    turns: int = 0  # actions and passes taken in this epoch (for the chronicle)
    buildings: list[Building] = Field(default_factory=list)
    routes: dict[str, str] = Field(default_factory=dict)  # segment id → owner (TET-RTE-04)
    trophies: dict[str, Trophy] = Field(default_factory=dict)  # castle id → token on the board
    freed: list[str] = Field(default_factory=list)  # castles whose trophy was taken (TET-GAP-20)
    supply: list[int] = Field(default_factory=list)  # SECRET: trophy levels left face down
    creature_decks: list[list[str]] = Field(default_factory=list)  # SECRET: per epoch, top first
    artifact_decks: list[list[str]] = Field(default_factory=list)  # SECRET: per epoch, top first
    creature_pool: list[str | None] = Field(default_factory=list)  # places 1…n, None = empty
    artifact_pool: list[str | None] = Field(default_factory=list)
    scores: list[Score] = Field(default_factory=list)  # filled at the end (TET-END-01)
    winners: list[str] = Field(default_factory=list)
    # the set-up's public events (the lot, the pools, the trophies, the epoch-1 initiative), kept
    # until the first turn's `apply` puts them at the head of step 1's chronicle, as Kozyablo's
    # opening of the table is; left out of the JSON once published
    opening: list[Event] = Field(default_factory=list, exclude_if=lambda v: not v)

    def clone(self) -> State:
        return clone(self)

    def seat(self, faction: str) -> int:
        return self.order.index(faction)

    def buildings_of(self, faction: str) -> list[Building]:
        return [b for b in self.buildings if b.owner == faction]

    def buildings_in(self, castle: str) -> list[Building]:
        return [b for b in self.buildings if b.castle == castle]

    def building_at(self, castle: str, tower: int) -> Building | None:
        return next((b for b in self.buildings if b.castle == castle and b.tower == tower), None)

    def routes_of(self, faction: str) -> list[str]:
        return [s for s, owner in self.routes.items() if owner == faction]
