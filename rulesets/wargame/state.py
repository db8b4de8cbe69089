"""The whole battle as one pydantic model; JSON round-trips exactly.

Model (start here when writing a reader, a picture or a service test):

- `State.board` — the grid (WG-DEF-BOARD): ``rows`` of terrain letters (row 1 first; ``.`` open,
  ``h`` hill, ``f`` forest, ``r`` rock, ``t`` tower) and the deployment zones by setup seat.
- `State.players` — per faction: display name, colour (Синие, Красные, … WG-DEF-ARMY-03), setup
  seat, its army list (`ArmySpec`, copied from TOML at setup so the game never depends on files),
  active artifacts, whether the player is out.
- `State.figures` — every miniature by id ``"<faction>:<type>"`` or ``"<faction>:<type>-<N>"``
  (``"p1:swordsman-2"`` is «Мечник №2»), in canonical order (player seat, then army list). A
  `Figure` has its kind, side, number, cell (``None`` before deployment or after death), wounds,
  machine damage units, dragon lives, and the round's movement record (ОМ spent, moved,
  teleported, a charge continuation's ОМ left, weapons fired).
- `State.order` — the round's player order (WG-DEF-TURN-02); ``order[0]`` is "first in the
  maneuver phase" (WG-CHARGE-01). ``active`` indexes the player expected to post in the maneuver
  and shooting phases.
- `State.phase` — ``deploy`` → (``maneuver`` → ``shooting`` → ``melee`` → ``healing``) × rounds
  → ``over``. The melee and healing phases are run by the server; they are seen in a state only
  while a decision waits.

A resolution that stops (WG-DEF-DECIDE-01): the work in progress is a stack of frames,
`State.stack` (a post being resolved line by line, a shot, a charge check, a melee phase, one
pairwise fight, an artifact activation). Each frame records the stage it reached. When a frame
needs a choice, `State.pending` names the decision (``WG-DEC-01`` … ``WG-DEC-13``), the faction
that must answer, the figures, cells and choices it may name, and what happens by default. The
answer (orders, as JSON) is stored in ``pending.answer`` and the stack resumes from the top frame.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Annotated, Any, Literal, get_origin

from pydantic import BaseModel, Field

from letopis.engine.copying import clone

from .data import ArmySpec, Kind
from .options import Options

Cell = tuple[int, int]
Phase = Literal["deploy", "maneuver", "shooting", "melee", "healing", "over"]
DecisionId = Literal["WG-DEC-01", "WG-DEC-02", "WG-DEC-03", "WG-DEC-04", "WG-DEC-05", "WG-DEC-06",
                     "WG-DEC-07", "WG-DEC-09", "WG-DEC-10", "WG-DEC-12", "WG-DEC-13"]
# WG-DEC-08 and WG-DEC-11 are settled by dice and never wait for anybody.

COLOURS = ("blue", "red", "green", "yellow")  # WG-DEF-ARMY-03, by setup seat


class Zone(BaseModel):
    seat: int
    corner: Cell
    opposite: Cell

    def contains(self, cell: Cell) -> bool:
        (x1, y1), (x2, y2) = self.corner, self.opposite
        return min(x1, x2) <= cell[0] <= max(x1, x2) and min(y1, y2) <= cell[1] <= max(y1, y2)


class Board(BaseModel):
    name: str
    width: int
    height: int
    rows: list[str]
    zones: list[Zone] = Field(default_factory=list)


class Figure(BaseModel):
    id: str
    side: str
    type: str
    number: int | None = None
    kind: Kind
    order: int  # canonical position: seat × 1000 + army-list position
    cell: Cell | None = None
    alive: bool = True
    wounded: bool = False
    units: int = 0  # war-machine damage units (WG-DMG-03, WG-DEF-DMG-03)
    lives: int = 1  # dragon lives left (WG-GAP-14)
    # this round's record
    om_spent: int = 0
    moved: bool = False  # moved or was teleported (WG-DEF-SHOOT-02/06)
    teleported: bool = False
    done: bool = False  # made its one move of the maneuver phase (WG-DEF-MOVE-06)
    om_left: int | None = None  # kept for a charge continuation only (WG-DEF-MOVE-04)
    teleport_used: bool = False  # a mage's «Телепортация» this round (WG-DEF-ABIL-01)
    fired: list[str] = Field(default_factory=list)  # weapon keys fired this round
    charge_fought: bool = False  # fought a charge melee this round (WG-DEF-MELEE-06)
    storming: bool = False  # declared a tower storm this round (WG-DEF-TOWER-02)
    fought: bool = False  # took part in a melee of this melee phase


class Player(BaseModel):
    faction: str
    name: str
    colour: str
    seat: int  # 1-based setup seat (deployment zone)
    army: ArmySpec
    active_artifacts: list[str] = Field(default_factory=list)
    out: bool = False  # WG-DEF-WIN-01
    cards_played: list[str] = Field(default_factory=list)  # magic cards recorded (magic_cards on)


class Pending(BaseModel):
    """A decision the resolution waits for (checklist §4)."""

    decision: DecisionId
    faction: str
    prompt: str
    figures: list[str] = Field(default_factory=list)
    cells: dict[str, list[Cell]] = Field(default_factory=dict)  # figure id → cells it may take
    choices: list[str] = Field(default_factory=list)  # artifact keys, opponent factions, cards
    count: int = 0  # lethal portions (WG-DEC-02), figures denied a save (WG-DEC-03)
    om: int = 0  # ОМ left for a charge continuation (WG-DEC-12)
    default: str = ""
    answer: list[dict[str, Any]] | None = None


_set = object.__setattr__
_ORDER = attrgetter("order")


def _list_fields(cls: type[BaseModel]) -> tuple[str, ...]:
    """The fields of a model declared as lists (of strings, for Figure and Player)."""
    return tuple(k for k, f in cls.model_fields.items() if get_origin(f.annotation) is list)


_LISTS: dict[type, tuple[str, ...]] = {}


def _flat(model: Any, lists: bool = False) -> Any:
    """A copy of a model sharing its field values (pydantic's ``__copy__`` without its generic
    steps); with ``lists``, the list fields are copied too (Figure and Player hold lists of strings
    only; their other fields are immutable: ints, strings, tuples, frozen specs)."""
    cls = model.__class__
    new = cls.__new__(cls)
    d = model.__dict__.copy()
    if lists:
        names = _LISTS.get(cls)
        if names is None:
            names = _LISTS[cls] = _list_fields(cls)
        for k in names:
            d[k] = d[k].copy()
    _set(new, "__dict__", d)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    extra, private = model.__pydantic_extra__, model.__pydantic_private__
    _set(new, "__pydantic_extra__", None if extra is None else extra.copy())
    _set(new, "__pydantic_private__", None if private is None else private.copy())
    return new


# --- frames of a resolution in progress --------------------------------------------------------
class PostRun(BaseModel):
    """A maneuver, shooting or deployment post resolving line by line (WG-DEF-MOVE-08)."""

    kind: Literal["post"] = "post"
    faction: str
    orders: list[dict[str, Any]]
    next: int = 0
    charge_figure: str | None = None  # the last charge line's figure
    charge_won: bool | None = None  # its melee won (continuation lines may run, WG-DEF-CHARGE-04)


class ShotRun(BaseModel):
    """One shot of one weapon (WG-DEF-SHOOT-13)."""

    kind: Literal["shot"] = "shot"
    faction: str
    shooter: str
    weapon: str
    target: str
    stage: Literal["roll", "stray", "dodge_step", "damage", "done"] = "roll"
    in_melee: bool = False
    stray: bool = False
    victim: str | None = None


class ChargeRun(BaseModel):
    """A charge check and its consequences (WG-CHARGE, WG-DEF-CHARGE)."""

    kind: Literal["charge"] = "charge"
    faction: str
    figure: str
    teleport: bool = False
    stage: Literal["roll", "cards", "fight", "after", "done"] = "roll"
    six: bool = False
    cards_queue: list[str] = Field(default_factory=list)
    enemy: str | None = None
    won: bool | None = None  # set by the charge melee when it ends (WG-CHARGE-06)


class FightRun(BaseModel):
    """One pairwise melee in the sequence of WG-DEF-MELEE-07."""

    kind: Literal["fight"] = "fight"
    sides: list[str]  # the two factions, in round order
    pool: list[str]  # figures that may take part (the melee group)
    cause: Literal["phase", "charge"] = "phase"
    charger: str | None = None  # the charging faction (WG-CHARGE-06)
    stage: Literal["start", "allocate", "nosave", "saves", "steps", "apply", "tower", "retreat",
                   "done"] = "start"
    participants: dict[str, list[str]] = Field(default_factory=dict)
    totals: dict[str, int] = Field(default_factory=dict)  # half-points
    loser: str | None = None
    diff: int = 0  # half-points
    lethal: list[str] = Field(default_factory=list)
    lesser: dict[str, int] = Field(default_factory=dict)  # figure → points of its lesser portion
    denied: list[str] = Field(default_factory=list)
    saved: list[str] = Field(default_factory=list)
    killed: list[str] = Field(default_factory=list)
    freed: list[Cell] = Field(default_factory=list)  # tower cells freed by dead defenders
    challengers: list[str] = Field(default_factory=list)  # storming figures (WG-TOWER-02)
    retreat_queue: list[str] = Field(default_factory=list)


class MeleePhaseRun(BaseModel):
    """The melee phase: melees in WG-DEF-MELEE-05 order, each split into pairwise fights."""

    kind: Literal["melee_phase"] = "melee_phase"
    groups: list[list[str]] = Field(default_factory=list)
    index: int = 0
    started: bool = False
    pairs: list[list[str]] | None = None
    pair_index: int = 0


class ActivationRun(BaseModel):
    """An artifact earned by killing a commander (WG-ART-06/07, WG-DEF-ART-03)."""

    kind: Literal["activation"] = "activation"
    faction: str
    random: bool = False
    reason: str = ""


Frame = Annotated[PostRun | ShotRun | ChargeRun | FightRun | MeleePhaseRun | ActivationRun,
                  Field(discriminator="kind")]


class State(BaseModel):
    options: Options
    board: Board
    factions: list[str]  # as seated at creation
    players: dict[str, Player]
    figures: dict[str, Figure]
    setup_order: list[str] = Field(default_factory=list)  # WG-DEF-TURN-02
    order: list[str] = Field(default_factory=list)  # this round's order
    phase: Phase = "deploy"
    round: int = 0
    active: int = 0
    stack: list[Frame] = Field(default_factory=list)
    pending: Pending | None = None
    setup_rolls: list[dict[str, int]] = Field(default_factory=list)  # WG-DEF-TURN-02
    hidden_posts: dict[str, list[dict[str, Any]]] = Field(default_factory=dict)  # hidden deployment
    winners: list[str] = Field(default_factory=list)
    draw: bool = False
    # the moves and shots of the posts of the step that led here, for the picture's arrows;
    # ``trail_at`` is the round and phase those posts were written in (posts of one step add up)
    trail: list[dict[str, Any]] = Field(default_factory=list)
    trail_at: list[Any] = Field(default_factory=list)

    def clone(self) -> State:
        """A deep copy made by hand (the state is copied at every `apply`, a melee phase answered by
        defaults copies it once per decision): options and army specs are frozen and shared, a
        figure or a player is a flat copy with its lists copied, the rest goes through `clone`."""
        new = _flat(self)
        d = new.__dict__
        board = d["board"] = _flat(self.board)
        board.__dict__["rows"] = list(self.board.rows)
        board.__dict__["zones"] = [_flat(z) for z in self.board.zones]  # cells are tuples
        d["factions"] = list(self.factions)
        d["players"] = {k: _flat(p, True) for k, p in self.players.items()}
        d["figures"] = {k: _flat(f, True) for k, f in self.figures.items()}
        d["setup_order"] = list(self.setup_order)
        d["order"] = list(self.order)
        d["stack"] = clone(self.stack)
        d["pending"] = clone(self.pending)
        d["setup_rolls"] = [dict(r) for r in self.setup_rolls]
        d["hidden_posts"] = clone(self.hidden_posts)
        d["winners"] = list(self.winners)
        d["trail"] = list(self.trail)  # its entries are never changed, only replaced
        d["trail_at"] = list(self.trail_at)
        return new

    # --- lookups ---------------------------------------------------------------------------
    def living(self, side: str | None = None) -> list[Figure]:
        """Living figures on the board, in canonical order (WG-DEF-RANDOM-01)."""
        if side is None:
            out = [f for f in self.figures.values() if f.alive and f.cell is not None]
        else:
            out = [f for f in self.figures.values() if f.alive and f.cell is not None and f.side == side]
        out.sort(key=_ORDER)
        return out

    def has_living(self, side: str) -> bool:
        """Whether ``side`` has a living figure on the board (``bool(living(side))``, no list)."""
        return any(f.alive and f.cell is not None and f.side == side for f in self.figures.values())

    def occupied_cells(self) -> set[Cell]:
        """The cells living figures stand on (``at(cell) is not None`` for each of them)."""
        return {f.cell for f in self.figures.values() if f.alive and f.cell is not None}

    def at(self, cell: Cell) -> Figure | None:
        for f in self.figures.values():
            if f.alive and f.cell == cell:
                return f
        return None

    def spec(self, fig: Figure):
        return self.players[fig.side].army.spec(fig.type)

    def in_play(self) -> list[str]:
        """Players still in the game, in this round's order."""
        return [f for f in (self.order or self.setup_order) if not self.players[f].out]

    def rank(self, faction: str) -> int:
        order = self.order or self.setup_order
        return order.index(faction) if faction in order else len(order)
