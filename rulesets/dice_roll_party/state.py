"""The whole Dice Roll Party game state as one pydantic model (JSON round-trips exactly).

Tokens are counts: the bag and each storage are colour multisets (`Tokens`), a character is its
four zones (`Character`, shown В/А/З/Ф, DRP-TOK-06). A player's ``slots`` are empty until the
build is revealed; after that a ``None`` slot is closed for good (DRP-SETUP-05). Pending
decisions (the attack awaiting a defence, damage awaiting a soak) live in ``attack``/``soak``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from .data import DATA
from .options import Options
from .orders import Attack, Colour, Defence, Zone

Phase = Literal["build", "auction", "handicap", "turn", "defence", "soak", "over"]
SLOTS = tuple(range(1, DATA.character.slots + 1))


class Tokens(BaseModel):
    """A colour multiset: the bag or a storage (DRP-TOK-05)."""

    red: int = Field(default=0, ge=0)
    blue: int = Field(default=0, ge=0)
    green: int = Field(default=0, ge=0)

    def get(self, colour: Colour) -> int:
        return getattr(self, colour.value)

    def put(self, colour: Colour, n: int) -> None:
        """Add ``n`` (negative to take); callers check availability first."""
        setattr(self, colour.value, getattr(self, colour.value) + n)

    @property
    def total(self) -> int:
        return self.red + self.blue + self.green

    def text(self) -> str:
        return f"красных {self.red}, синих {self.blue}, зелёных {self.green}"


class Character(BaseModel):
    """One character's tokens by zone, in the book's left-to-right order В/А/З/Ф."""

    name: str | None = None
    time: int = Field(default=0, ge=0)
    attack: int = Field(default=0, ge=0)
    defence: int = Field(default=0, ge=0)
    form: int = Field(default=0, ge=0)

    def get(self, zone: Zone) -> int:
        return getattr(self, zone.value)

    def put(self, zone: Zone, n: int) -> None:
        setattr(self, zone.value, getattr(self, zone.value) + n)

    def colour(self, colour: Colour) -> int:
        if colour is Colour.RED:
            return self.attack + self.defence
        return self.time if colour is Colour.BLUE else self.form

    @property
    def total(self) -> int:
        return self.time + self.attack + self.defence + self.form

    def sheet(self) -> str:
        """Canonical В/А/З/Ф display (DRP-TOK-06)."""
        return f"{self.time}/{self.attack}/{self.defence}/{self.form}"


class Player(BaseModel):
    name: str
    seat: int
    storage: Tokens = Field(default_factory=Tokens)
    slots: list[Character | None] = Field(default_factory=list)
    build: list[Character | None] = Field(default_factory=lambda: [None] * len(SLOTS))
    pointer: int = 1  # cyclic turn method: next slot to act (DRP-GAP-21)
    attacks: int = 0  # attacks this player has made (first-turn ban, DRP-GAP-05)

    @property
    def built(self) -> bool:
        return bool(self.slots)

    @property
    def alive(self) -> bool:
        return any(c is not None for c in self.slots)

    def char(self, slot: int) -> Character | None:
        if not 1 <= slot <= len(self.slots):
            return None
        return self.slots[slot - 1]

    def living(self) -> list[tuple[int, Character]]:
        return [(i, c) for i, c in enumerate(self.slots, 1) if c is not None]

    def time_anywhere(self) -> int:
        """Blue tokens on characters and in storage (DRP-RES-12)."""
        return self.storage.blue + sum(c.time for _, c in self.living())

    def build_usage(self) -> Tokens:
        """Tokens the (possibly sealed) build takes from storage."""
        used = Tokens()
        for c in self.build:
            if c is not None:
                used.red += c.attack + c.defence
                used.blue += c.time
                used.green += c.form
        return used


class SideRoll(BaseModel):
    """One side's roll in a fight: the die (0 = no class), dice shown, kept value, final value."""

    sides: int = 0
    rolls: list[int] = Field(default_factory=list)
    kept: int = DATA.dice.no_class_result
    final: int = DATA.dice.no_class_result


class PendingAttack(BaseModel):
    """The attack of Phase 2, waiting for the defender's reaction (DRP-DEF-10)."""

    attacker: str
    attacker_slot: int
    target: str
    target_slot: int
    order: Attack
    potential: int  # attack potential at declaration (damage, insurance floor)
    advantage: bool = False  # aspect advantage, judged at declaration (DRP-GAP-23)
    roll: SideRoll | None = None  # None until rolled
    defence: Defence | None = None  # set once the defender has declared
    defence_roll: SideRoll | None = None


class PendingSoak(BaseModel):
    """Damage waiting for its owner's soaking decision (D6 after a hit, D7 after a counter)."""

    faction: str
    slot: int
    damage: int
    source: Literal["attack", "counter"]


class Auction(BaseModel):
    """The time auction (DRP-GAP-06): bidders still in, whose move, the leading bid."""

    bidders: list[str]
    turn: str
    bid: int | None = None
    leader: str | None = None


class State(BaseModel):
    options: Options = Field(default_factory=Options)
    seats: list[str]  # faction ids in seat (turn) order
    players: dict[str, Player]
    bag: Tokens = Field(default_factory=Tokens)
    phase: Phase = "build"
    active: str | None = None  # whose turn (phase turn/defence/soak)
    first_player: str | None = None
    auction: Auction | None = None
    handicap: int = 0  # time the auction winner still has to move to storage
    limit: int = 0  # Phase 1 limit fixed at the start of the turn (DRP-GAP-08)
    limit_left: int = 0
    emergency_done: bool = False
    draw_pending: int = 0  # tokens drawn into storage whose colours are not known yet (reading only)
    initiative_slots: list[int] | None = None  # initiative measured before Phase 1 (DRP-GAP-22)
    attack: PendingAttack | None = None
    soak: PendingSoak | None = None
    round: int = 0
    attacks_made: int = 0
    turn_no: int = 0
    winner: str | None = None
    draw: bool = False

    # --- look-ups ------------------------------------------------------------------------
    def player(self, faction: str) -> Player:
        return self.players[faction]

    def char(self, faction: str, slot: int) -> Character | None:
        return self.players[faction].char(slot)

    def name(self, faction: str) -> str:
        return self.players[faction].name

    def alive_players(self) -> list[str]:
        return [f for f in self.seats if self.players[f].alive]

    def opponents(self, faction: str) -> list[str]:
        return [f for f in self.seats if f != faction and self.players[f].alive]

    def label(self, faction: str, slot: int) -> str:
        """«П2 «Рыцарь»» — how events and summaries name a character."""
        c = self.char(faction, slot)
        if c is not None and c.name:
            return f"П{slot} «{c.name}»"
        return f"П{slot}"

    @property
    def over(self) -> bool:
        return self.phase == "over"
