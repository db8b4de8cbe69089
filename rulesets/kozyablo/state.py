"""The whole Kozyablo game state as one pydantic model (JSON round-trips exactly).

The table is open (sectors, pieces, discard piles, damage); hands, decks and submitted deck lists
are secret and only `view()` decides who sees them (checklist §5). Cards in hands, decks and
discard piles are card ids; a card on the table is a `Piece` with a stable uid. Sectors are keyed
by id: ``gold-N``, ``crystal-N``, ``mana-N`` and ``capital-N``, where N is the turn-order position
of the player who put them down (KZ-DEF-SECT-01). A declared action waiting for other players'
reaction posts lives in ``pending``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from letopis.engine.copying import clone

from .options import Options

Phase = Literal["decks", "mulligan", "play", "over"]
SectorKind = Literal["gold", "crystal", "mana", "capital"]
SECTOR_KINDS: tuple[SectorKind, ...] = ("gold", "crystal", "mana")


class Piece(BaseModel):
    """A card on the table: a creature, hero or building (artifacts ride on their hero)."""

    uid: str
    card: str
    owner: str
    sector: str
    seq: int  # order of entering play (ties, triggers, numbering «Шмель №2»)
    damage: int = 0
    shadow: bool = False
    artifacts: list[str] = Field(default_factory=list)  # card ids attached (heroes)
    armour_bonus_turn: int = 0  # e.g. «Сомкнуть щиты» until the end of the current turn
    free_used: list[str] = Field(default_factory=list)  # [С] ability ids used this round (KZ-DEF-ABIL-02)


class Lasting(BaseModel):
    """Magic that stays in play: temporary («Время-N», ``turns_left``) or permanent (None)."""

    uid: str
    card: str
    owner: str
    seq: int
    on: str | None = None  # a piece uid
    squad: str | None = None  # a sector id: the owner's отряд there
    squad_owner: str | None = None
    turns_left: int | None = None


class Sector(BaseModel):
    """A sector card on the table; a capital is a sector too (KZ-CAP-01)."""

    id: str
    kind: SectorKind
    number: int  # turn-order position of the player who put it down
    card: str  # card id (the sector type card or the capital card)
    put_by: str
    controller: str | None = None  # always None for capitals (KZ-DEF-SECT-03)
    damage: int = 0  # capitals only (KZ-CAP-02, KZ-WIN-03)


class Player(BaseModel):
    faction: str
    name: str
    race: str | None = None  # from the capital (KZ-ORDER-02), known after the deck step
    capital: str | None = None  # capital card id
    capital_sector: str | None = None  # its sector id on the table
    deck: list[str] = Field(default_factory=list)  # top first — SECRET order
    hand: list[str] = Field(default_factory=list)  # SECRET to others
    discard: list[str] = Field(default_factory=list)  # public, last discarded last
    deck_list: dict[str, int] = Field(default_factory=dict)  # as submitted — SECRET
    mulligans: int = 0
    mulligan_done: bool = False
    dead_heroes: list[str] = Field(default_factory=list)  # KZ-HERO-03, KZ-GAP-17
    garrison_due: bool = False  # KZ-MOVE-06: next action must restore the garrison limit
    eliminated: bool = False
    turns_taken: int = 0
    # the GM's corrections of production by resource (KZ-DEF-GM-01), added to what the capital and
    # the sectors give; left out of the JSON while empty, so older states dump as they did
    production_fix: dict[str, int] = Field(default_factory=dict, exclude_if=lambda v: not v)


class Pending(BaseModel):
    """A declared action waiting for reaction posts (combat targets, retreat targets, evasion,
    defenders, shadow, the [С] window) from ``waiting``; answers are stored as order JSON."""

    kind: Literal["attack", "retreat", "react"]
    active: str
    action: list[dict[str, Any]]  # the active player's accepted orders, as JSON
    waiting: list[str]
    answers: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)


class State(BaseModel):
    options: Options
    factions: list[str]  # as seated at creation
    players: dict[str, Player]
    order: list[str] = Field(default_factory=list)  # turn order, fixed after the deck step (KZ-ORDER)
    sectors: dict[str, Sector] = Field(default_factory=dict)
    pieces: dict[str, Piece] = Field(default_factory=dict)
    lasting: list[Lasting] = Field(default_factory=list)
    phase: Phase = "decks"
    round: int = 0
    active: int = 0  # index into ``order`` of the player whose turn it is (or who decides a mulligan)
    pending: Pending | None = None
    seq: int = 0  # last issued entering-play number / uid counter
    winners: list[str] = Field(default_factory=list)
    draw: bool = False

    def clone(self) -> State:
        return clone(self)

    def next_uid(self, prefix: str = "k") -> tuple[str, int]:
        """A fresh piece uid and its entering-play number (mutates ``seq``)."""
        self.seq += 1
        return f"{prefix}{self.seq}", self.seq

    def active_faction(self) -> str | None:
        return self.order[self.active] if self.order and self.phase in ("mulligan", "play") else None

    def pieces_in(self, sector: str, owner: str | None = None) -> list[Piece]:
        """Pieces in a sector (optionally one owner's), in order of entering play."""
        found = [p for p in self.pieces.values() if p.sector == sector and (owner is None or p.owner == owner)]
        found.sort(key=lambda p: p.seq)
        return found
