"""The arithmetic of one action, as the checker found it: what a forum GM would write out.

A quote says where every coin comes from: the base price, the supply legs (which building, over
which segments, whose routes are charged), the creature discounts, the total and the coins left;
for a campaign the monsters' strength with each supporting neighbour, the player's swords, the
start, the path and its cost. ``chosen`` marks what the server chose because the order left it
open (TET-GAP-14, TET-GAP-16, TET-GAP-18). `explain.py` turns a quote into Russian lines.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .costs import Discount


class _Quote(BaseModel):
    model_config = ConfigDict(frozen=True)


class SupplyLeg(_Quote):
    """Where one needed lower-level building is supplied from (TET-BLD-07, TET-BLD-08)."""

    building: str
    castle: str
    segments: tuple[str, ...] = ()
    foreign: tuple[str, ...] = ()  # segments on this leg with another player's route
    named: bool = False  # the order named this source


class BuildQuote(_Quote):
    kind: str = "build"
    building: str
    castle: str
    tower: int
    tower_chosen: bool = False
    legs: tuple[SupplyLeg, ...] = ()
    charged: tuple[tuple[str, str], ...] = ()  # (segment, owner) paid for, as the mode counts
    base: int
    surcharge: int
    discounts: tuple[Discount, ...] = ()
    total: int
    coins: int

    @property
    def left(self) -> int:
        return self.coins - self.total

    @property
    def sources_chosen(self) -> bool:
        return any(not leg.named for leg in self.legs)


class RouteQuote(_Quote):
    kind: str = "route"
    segment: str
    route: str  # water | land, from the segment (TET-MAP-04)
    base: int
    busy: tuple[str, ...] = ()  # joined castles with 3–4 buildings
    discounts: tuple[Discount, ...] = ()
    total: int
    coins: int

    @property
    def left(self) -> int:
        return self.coins - self.total


class CardQuote(_Quote):
    kind: str  # artifact | creature
    card: str
    slot: int
    printed: int
    discounts: tuple[Discount, ...] = ()
    total: int
    coins: int

    @property
    def left(self) -> int:
        return self.coins - self.total


class CampaignQuote(_Quote):
    kind: str = "campaign"
    castle: str
    level: int | None  # None while the token is face down (TET-GAP-22)
    support: tuple[tuple[str, int | None], ...] = ()
    strength: int | None
    swords: int
    start: str
    path: tuple[str, ...]  # castles from start to target
    segments: tuple[str, ...]
    uncovered: tuple[str, ...] = ()  # segments without the player's own route (TET-TRO-05)
    start_chosen: bool = False  # the server chose the start castle (TET-GAP-18)
    path_chosen: bool = False  # the server chose the path
    discounts: tuple[Discount, ...] = ()
    total: int | None
    coins: int
    hidden: bool = False

    @property
    def left(self) -> int | None:
        return None if self.total is None else self.coins - self.total


class PassQuote(_Quote):
    kind: str = "pass"
    affordable: tuple[str, ...] = Field(default=())  # action kinds the player could still pay for
