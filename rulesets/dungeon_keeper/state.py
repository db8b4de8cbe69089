"""The whole Dungeon Keeper game state as one pydantic model (JSON round-trips exactly).

The map is ``rows``: ``size`` strings of ``size`` characters, row 1 first (DK-MAP-04):
``#`` rock and ``%`` earth (both undug), ``.`` empty, ``M`` a mine, ``B`` a building (DK-MAP-02).
Mines, buildings, units and objects are records with their cell; indexes by id and by cell are
rebuilt on load and kept up to date by the mutators here (they are not serialised).

Hot paths never re-validate: the rules mutate attributes directly through the helpers below and
`clone()` copies a state field by field, several times faster than ``model_copy(deep=True)``.
Cells are ``(row, col)`` tuples, 1-based.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from .data import DATA, UnitData
from .options import Options

Cell = tuple[int, int]
SIZE = DATA.map.size

ROCK, EARTH, EMPTY, MINE, BUILT = "#", "%", ".", "M", "B"
UNDUG = frozenset((ROCK, EARTH))
TERRAIN = frozenset((ROCK, EARTH, EMPTY, MINE, BUILT))
SOLID = frozenset((ROCK, EARTH, MINE, BUILT))  # what blocks movement and sight (DK-GAP-18, DK-GAP-21)


class Effect(BaseModel):
    """A buff, debuff or control on a unit. It ends at the start of turn number ``until`` of
    faction ``by`` (that faction's own turn counter, `Archdemon.turns`); ``until`` None lasts until
    removed. ``attack``/``defence`` are the total modifiers (all stacks)."""

    model_config = ConfigDict(frozen=True)

    key: str  # a spell or ability key from the data
    source: Literal["spell", "ability"]
    category: Literal["buff", "debuff", "control"]
    by: str | None = None
    until: int | None = None
    stacks: int = 1
    attack: int = 0
    defence: int = 0


class Poison(BaseModel):
    """Отравление: ``ticks`` left, each taking ``damage`` that ignores защита (DK-ABIL-11, DK-GAP-59)."""

    model_config = ConfigDict(frozen=True)

    ticks: int = Field(ge=0)
    damage: int = Field(ge=0)
    by: str | None = None  # whose kill it is if the poison kills (DK-GAP-27)


class Unit(BaseModel):
    """A unit on the map. ``number`` is its number in its owner's sequence (DK-GAP-15); ``seq`` the
    global order of summoning. ``ap`` is what is left this turn; ``ap_debt`` the losses waiting for
    its next turn start (DK-GAP-58). ``capture`` maps a Source's building id to this unit's progress
    (DK-GAP-36). ``controller`` is set while someone else controls it (Подчинение, DK-GAP-60)."""

    id: str
    kind: str
    owner: str | None
    number: int = 0
    seq: int = 0
    cell: Cell
    hp: int
    ap: int = 0
    ap_debt: int = 0
    slowed: bool = False  # already lost its 1 ОД to a slowing aura this turn (DK-GAP-41)
    effects: list[Effect] = Field(default_factory=list)
    poison: Poison | None = None
    artifacts: list[str] = Field(default_factory=list)
    spirits: list[str] = Field(default_factory=list)
    runes: list[str] = Field(default_factory=list)
    capture: dict[str, int] = Field(default_factory=dict)
    controller: str | None = None
    history: list[str] = Field(default_factory=list)  # former kinds, oldest first

    def clone(self) -> Unit:
        new = copy.copy(self)
        d = new.__dict__
        d["effects"] = list(self.effects)
        d["artifacts"] = list(self.artifacts)
        d["spirits"] = list(self.spirits)
        d["runes"] = list(self.runes)
        d["capture"] = dict(self.capture)
        d["history"] = list(self.history)
        return new

    # --- stats (DK-STAT, DK-SPIRIT-03, DK-ART-03..06, DK-GAP-30) --------------------------------
    @property
    def data(self) -> UnitData:
        return DATA.units[self.kind]

    @property
    def side(self) -> str | None:
        """Who gives it orders now: its controller while subjugated, else its owner."""
        return self.controller if self.controller is not None else self.owner

    def max_hp(self) -> int:
        hp = self.data.hp
        for a in self.artifacts:
            hp += DATA.artifacts[a].hp
        for s in self.spirits:
            hp += DATA.spirits[s].hp
        return hp

    def max_ap(self) -> int:
        ap = self.data.ap
        for a in self.artifacts:
            ap += DATA.artifacts[a].ap
        return max(ap, 0)

    def attack(self) -> int:
        value = self.data.attack
        for a in self.artifacts:
            value += DATA.artifacts[a].attack
        for s in self.spirits:
            value += DATA.spirits[s].attack
        for e in self.effects:
            value += e.attack
        return max(value, 0)

    def defence(self) -> int:
        value = self.data.defence
        for a in self.artifacts:
            value += DATA.artifacts[a].defence
        for s in self.spirits:
            value += DATA.spirits[s].defence
        for e in self.effects:
            value += e.defence
        return max(value, 0)

    def effect(self, key: str) -> Effect | None:
        for e in self.effects:
            if e.key == key:
                return e
        return None

    def has_ability(self, key: str) -> bool:
        return key in self.data.abilities


class Building(BaseModel):
    """A building on one cell (DK-GAP-37). ``owner`` None = neutral (walls, neutral Sources).
    ``level`` only for Sources; ``ap`` = tower shots left this turn (DK-BLD-08)."""

    id: str
    kind: str
    owner: str | None
    cell: Cell
    hp: int
    level: int | None = None
    ap: int = 0

    def max_hp(self) -> int:
        return DATA.buildings[self.kind].hp


class Mine(BaseModel):
    """A mine: ``kind`` gold / iron / gem and what is left in it (DK-MINE-02)."""

    kind: str
    cell: Cell
    reserve: int = Field(ge=0)


class MapObject(BaseModel):
    """Something lying on the map: a chest, a mana crystal, a rune (``item`` = school) or an artifact
    (``item`` = artifact key). Fixed contents (Options.object_contents = fixed_in_setup) are secret
    until taken (checklist §5)."""

    model_config = ConfigDict(frozen=True)

    id: str
    kind: Literal["chest", "crystal", "rune", "artifact"]
    cell: Cell
    item: str | None = None
    gold: int | None = None
    taldear: int | None = None
    mana: int | None = None


class Arrow(BaseModel):
    """A move, attack, shot, ability or spell of the last step, for the picture."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["move", "attack", "shot", "ability", "spell"]
    faction: str | None
    path: tuple[Cell, ...]


class HeroRequest(BaseModel):
    """The GM has ordered the Hero to appear (DK-GAP-74); unset fields are rolled."""

    model_config = ConfigDict(frozen=True)

    cell: Cell | None = None
    direction: str | None = None


class Archdemon(BaseModel):
    """A player. ``spirits`` holds "any" for an untyped spirit or a spirit kind (DK-GAP-50);
    ``store`` the artifacts on the sheet (DK-ART-01); ``spells`` the researched spells; ``runes``
    the schools unlocked in the Altar (DK-OBJ-02); ``turns`` how many of his turns have started (the
    clock effects expire by)."""

    name: str
    seat: int
    altar: str | None = None
    gold: int = 0
    iron: int = 0
    taldear: int = 0
    mana: int = 0
    spirits: list[str] = Field(default_factory=list)
    store: list[str] = Field(default_factory=list)
    spells: list[str] = Field(default_factory=list)
    runes: list[str] = Field(default_factory=list)
    upgraded_units: list[str] = Field(default_factory=list)  # this turn (DK-UPG-05)
    upgraded_buildings: list[str] = Field(default_factory=list)  # this turn (DK-UPG-06)
    alive: bool = True
    allies: list[str] = Field(default_factory=list)
    next_imp: int = 1
    next_military: int = 1
    turns: int = 0
    eliminated_round: int | None = None

    def clone(self) -> Archdemon:
        new = copy.copy(self)
        d = new.__dict__
        for key in ("spirits", "store", "spells", "runes", "upgraded_units", "upgraded_buildings", "allies"):
            d[key] = list(d[key])
        return new

    def resource(self, name: str) -> int:
        return getattr(self, name)


Phase = Literal["turn", "neutral", "over"]


class State(BaseModel):
    options: Options = Field(default_factory=Options)
    size: int = SIZE
    rows: list[str]
    seats: list[str]  # faction ids in seat order (DK-GAP-09)
    order: list[str] = Field(default_factory=list)  # this round's turn order (turn_order option)
    players: dict[str, Archdemon]
    units: dict[str, Unit] = Field(default_factory=dict)
    buildings: dict[str, Building] = Field(default_factory=dict)
    mines: list[Mine] = Field(default_factory=list)
    objects: dict[str, MapObject] = Field(default_factory=dict)
    phase: Phase = "turn"
    active: str | None = None  # whose turn (a faction id; None in the neutral phase)
    round: int = 1
    turn_no: int = 0  # turns started in the game
    next_id: int = 1  # ids of buildings and objects
    next_seq: int = 1  # summoning order of units
    hero_request: HeroRequest | None = None
    hero_direction: str | None = None
    arrows: list[Arrow] = Field(default_factory=list)
    winners: list[str] = Field(default_factory=list)

    _units_by_cell: dict[int, list[str]] = PrivateAttr(default_factory=dict)
    _building_by_cell: dict[int, str] = PrivateAttr(default_factory=dict)
    _mine_by_cell: dict[int, Mine] = PrivateAttr(default_factory=dict)
    _objects_by_cell: dict[int, list[str]] = PrivateAttr(default_factory=dict)

    @model_validator(mode="after")
    def _check_and_index(self) -> State:
        problems = check_map(self)
        if problems:
            raise ValueError("; ".join(problems[:10]))
        self.reindex()
        return self

    # --- indexes -------------------------------------------------------------------------------
    def reindex(self) -> None:
        """Rebuild the by-cell indexes from the records (after load or a bulk edit)."""
        s = self.size
        ubc: dict[int, list[str]] = {}
        for u in self.units.values():
            ubc.setdefault((u.cell[0] - 1) * s + u.cell[1] - 1, []).append(u.id)
        self._units_by_cell = ubc
        self._building_by_cell = {(b.cell[0] - 1) * s + b.cell[1] - 1: b.id for b in self.buildings.values()}
        self._mine_by_cell = {(m.cell[0] - 1) * s + m.cell[1] - 1: m for m in self.mines}
        obc: dict[int, list[str]] = {}
        for o in self.objects.values():
            obc.setdefault((o.cell[0] - 1) * s + o.cell[1] - 1, []).append(o.id)
        self._objects_by_cell = obc

    def clone(self) -> State:
        """A deep copy for resolution: mutable parts copied, frozen values shared."""
        new = copy.copy(self)
        d = new.__dict__
        d["rows"] = list(self.rows)
        d["seats"] = list(self.seats)
        d["order"] = list(self.order)
        d["players"] = {k: p.clone() for k, p in self.players.items()}
        d["units"] = {k: u.clone() for k, u in self.units.items()}
        d["buildings"] = {k: copy.copy(b) for k, b in self.buildings.items()}
        mines = [copy.copy(m) for m in self.mines]
        d["mines"] = mines
        d["objects"] = dict(self.objects)
        d["arrows"] = list(self.arrows)
        d["winners"] = list(self.winners)
        s = self.size
        new._units_by_cell = {k: list(v) for k, v in self._units_by_cell.items()}
        new._building_by_cell = dict(self._building_by_cell)
        new._mine_by_cell = {(m.cell[0] - 1) * s + m.cell[1] - 1: m for m in mines}
        new._objects_by_cell = {k: list(v) for k, v in self._objects_by_cell.items()}
        return new

    # --- terrain -------------------------------------------------------------------------------
    def index(self, cell: Cell) -> int:
        return (cell[0] - 1) * self.size + cell[1] - 1

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.size and 1 <= cell[1] <= self.size

    def terrain(self, cell: Cell) -> str:
        return self.rows[cell[0] - 1][cell[1] - 1]

    def undug(self, r: int, c: int) -> bool:
        """Rock or earth (DK-MAP-02). Used by geometry's corner rule."""
        return self.rows[r - 1][c - 1] in UNDUG

    def solid(self, r: int, c: int) -> bool:
        """Blocks movement and sight: undug, mine or building (DK-GAP-18, DK-GAP-21)."""
        return self.rows[r - 1][c - 1] != EMPTY

    def set_terrain(self, cell: Cell, ch: str) -> None:
        r, c = cell
        row = self.rows[r - 1]
        self.rows[r - 1] = row[: c - 1] + ch + row[c:]

    def dig(self, cell: Cell) -> None:
        """An undug cell becomes empty (DK-IMP-05)."""
        if self.terrain(cell) in UNDUG:
            self.set_terrain(cell, EMPTY)

    # --- units ---------------------------------------------------------------------------------
    def unit(self, unit_id: str) -> Unit | None:
        return self.units.get(unit_id)

    def units_at(self, cell: Cell) -> list[Unit]:
        ids = self._units_by_cell.get((cell[0] - 1) * self.size + cell[1] - 1)
        return [self.units[i] for i in ids] if ids else []

    def unit_at(self, cell: Cell) -> Unit | None:
        ids = self._units_by_cell.get((cell[0] - 1) * self.size + cell[1] - 1)
        return self.units[ids[0]] if ids else None

    def add_unit(self, unit: Unit) -> None:
        self.units[unit.id] = unit
        self._units_by_cell.setdefault(self.index(unit.cell), []).append(unit.id)

    def move_unit(self, unit: Unit, cell: Cell) -> None:
        old = self.index(unit.cell)
        ids = self._units_by_cell[old]
        ids.remove(unit.id)
        if not ids:
            del self._units_by_cell[old]
        unit.cell = cell
        self._units_by_cell.setdefault(self.index(cell), []).append(unit.id)

    def remove_unit(self, unit_id: str) -> Unit:
        unit = self.units.pop(unit_id)
        i = self.index(unit.cell)
        ids = self._units_by_cell[i]
        ids.remove(unit_id)
        if not ids:
            del self._units_by_cell[i]
        return unit

    def units_of(self, faction: str) -> list[Unit]:
        """Units a faction owns, in summoning order."""
        return sorted((u for u in self.units.values() if u.owner == faction), key=lambda u: u.seq)

    def hero(self) -> Unit | None:
        return self.units.get("hero")

    def gnome(self) -> Unit | None:
        return self.units.get("gnome")

    # --- buildings -----------------------------------------------------------------------------
    def building(self, building_id: str) -> Building | None:
        return self.buildings.get(building_id)

    def building_at(self, cell: Cell) -> Building | None:
        bid = self._building_by_cell.get((cell[0] - 1) * self.size + cell[1] - 1)
        return self.buildings[bid] if bid is not None else None

    def add_building(self, building: Building) -> None:
        self.buildings[building.id] = building
        self._building_by_cell[self.index(building.cell)] = building.id
        self.set_terrain(building.cell, BUILT)

    def remove_building(self, building_id: str) -> Building:
        """A destroyed building leaves an empty cell (DK-GAP-26)."""
        b = self.buildings.pop(building_id)
        del self._building_by_cell[self.index(b.cell)]
        self.set_terrain(b.cell, EMPTY)
        return b

    def buildings_of(self, faction: str | None, kind: str | None = None) -> list[Building]:
        return [b for b in self.buildings.values() if b.owner == faction and (kind is None or b.kind == kind)]

    # --- mines and objects ---------------------------------------------------------------------
    def mine_at(self, cell: Cell) -> Mine | None:
        return self._mine_by_cell.get((cell[0] - 1) * self.size + cell[1] - 1)

    def add_mine(self, mine: Mine) -> None:
        self.mines.append(mine)
        self._mine_by_cell[self.index(mine.cell)] = mine
        self.set_terrain(mine.cell, MINE)

    def take_from_mine(self, cell: Cell, amount: int) -> int:
        """Take up to ``amount``; an emptied mine becomes an empty cell at once (DK-MINE-02, DK-GAP-03)."""
        mine = self.mine_at(cell)
        if mine is None:
            return 0
        taken = min(amount, mine.reserve)
        mine.reserve -= taken
        if mine.reserve == 0:
            self.mines.remove(mine)
            del self._mine_by_cell[self.index(cell)]
            self.set_terrain(cell, EMPTY)
        return taken

    def objects_at(self, cell: Cell) -> list[MapObject]:
        ids = self._objects_by_cell.get((cell[0] - 1) * self.size + cell[1] - 1)
        return [self.objects[i] for i in ids] if ids else []

    def add_object(self, obj: MapObject) -> None:
        self.objects[obj.id] = obj
        self._objects_by_cell.setdefault(self.index(obj.cell), []).append(obj.id)

    def remove_object(self, object_id: str) -> MapObject:
        obj = self.objects.pop(object_id)
        i = self.index(obj.cell)
        ids = self._objects_by_cell[i]
        ids.remove(object_id)
        if not ids:
            del self._objects_by_cell[i]
        return obj

    def new_id(self, prefix: str) -> str:
        """A fresh id for a building (``b``) or an object (``o``)."""
        n = self.next_id
        self.next_id += 1
        return f"{prefix}{n}"

    # --- players -------------------------------------------------------------------------------
    def player(self, faction: str) -> Archdemon:
        return self.players[faction]

    def name(self, faction: str | None) -> str:
        if faction is None:
            return "нейтралы"
        p = self.players.get(faction)
        return p.name if p is not None else faction

    def alive_players(self) -> list[str]:
        return [f for f in self.seats if self.players[f].alive]

    def faction_by_name(self, name: str) -> str | None:
        low = name.strip().lower()
        for fid, p in self.players.items():
            if p.name.lower() == low or fid == low:
                return fid
        return None

    def concealed(self, cell: Cell) -> bool:
        """Hidden in the rock under ``hide_objects_in_rock``: not an empty cell and no empty cell
        around it (DK-GAP-23). Always False when the option is off (the game is open, DK-GEN-03)."""
        if not self.options.hide_objects_in_rock or self.terrain(cell) == EMPTY:
            return False
        r0, c0 = cell
        for r in range(max(1, r0 - 1), min(self.size, r0 + 1) + 1):
            for c in range(max(1, c0 - 1), min(self.size, c0 + 1) + 1):
                if self.rows[r - 1][c - 1] == EMPTY:
                    return False
        return True

    def iter_cells(self) -> Iterator[Cell]:
        for r in range(1, self.size + 1):
            for c in range(1, self.size + 1):
                yield (r, c)

    @property
    def over(self) -> bool:
        return self.phase == "over"


def check_map(state: State) -> list[str]:
    """Russian descriptions of what does not fit together in a state's map (empty = fine)."""
    out: list[str] = []
    s = state.size
    if len(state.rows) != s:
        return [f"карта: строк {len(state.rows)}, а нужно {s}"]
    for r, row in enumerate(state.rows, 1):
        if len(row) != s:
            out.append(f"карта, строка {r}: {len(row)} клеток, а нужно {s}")
        bad = set(row) - TERRAIN
        if bad:
            out.append(f"карта, строка {r}: непонятные знаки {''.join(sorted(bad))!r} "
                       "(можно: # камень, % земля, . пусто, M шахта, B здание)")
    if out:
        return out

    def where(cell: Cell) -> str:
        return f"{cell[0]}-{cell[1]}"

    def inside(cell: Cell) -> bool:
        return 1 <= cell[0] <= s and 1 <= cell[1] <= s

    marked: dict[Cell, str] = {}
    for b in state.buildings.values():
        if not inside(b.cell):
            out.append(f"здание {b.id}: клетка {where(b.cell)} вне карты")
        elif b.cell in marked:
            out.append(f"на клетке {where(b.cell)} два здания или здание на шахте")
        elif state.rows[b.cell[0] - 1][b.cell[1] - 1] != BUILT:
            out.append(f"здание {b.id} на {where(b.cell)}: на карте там не «B»")
        else:
            marked[b.cell] = "B"
    for m in state.mines:
        if not inside(m.cell):
            out.append(f"шахта: клетка {where(m.cell)} вне карты")
        elif m.cell in marked:
            out.append(f"на клетке {where(m.cell)} шахта и ещё что-то")
        elif state.rows[m.cell[0] - 1][m.cell[1] - 1] != MINE:
            out.append(f"шахта на {where(m.cell)}: на карте там не «M»")
        else:
            marked[m.cell] = "M"
    for r, row in enumerate(state.rows, 1):
        for c, ch in enumerate(row, 1):
            if ch in (BUILT, MINE) and marked.get((r, c)) != ch:
                what = "здание" if ch == BUILT else "шахта"
                out.append(f"клетка {r}-{c}: на карте {what} («{ch}»), а в списке его нет")
    for u in state.units.values():
        if not inside(u.cell):
            out.append(f"юнит {u.id}: клетка {where(u.cell)} вне карты")
        elif state.rows[u.cell[0] - 1][u.cell[1] - 1] != EMPTY:
            out.append(f"юнит {u.id} стоит на {where(u.cell)}, а это не пустая клетка")
    for o in state.objects.values():
        if not inside(o.cell):
            out.append(f"предмет {o.id}: клетка {where(o.cell)} вне карты")
    return out
