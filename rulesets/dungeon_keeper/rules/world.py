"""A copy-on-write view of a `State`: what the rules read and change while a post is checked or
carried out.

The legality checker must see the state *as it will be* at each line of a post, and resolution
must never change its input. Both work on a `World`: reads fall through to the base state, and the
first write to a unit, building, mine, object or player copies that one record into the overlay.
Checking a line therefore costs what the line touches, never a copy of the 45×45 map or of all
160 units. `commit()` turns the overlay into a new, independent `State`.

Records read through `unit()`, `building()`, `player()` … are read-only; change them only through
`mut_unit()`, `mut_building()`, `mut_player()` or the mutators below.

A `World` also duck-types the parts of `State` the reference helpers use (``units``, ``players``,
``units_at``, ``options``, ``name``), so `refs.find_units(checker.world, …)` finds a unit summoned
earlier in the same post.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from typing import Any

from ..state import BUILT, EMPTY, UNDUG, Archdemon, Arrow, Building, Cell, MapObject, Mine, State, Unit

_MISSING: Any = object()
_new = object.__new__
_setattr = object.__setattr__
_UNIT_LISTS = ("effects", "artifacts", "spirits", "runes", "history")


def _copy_record(model: Any, cls: type) -> Any:
    """A copy of a state record without pydantic's generic `__copy__` (twice as fast; the records
    have no private attributes or extras). Lists and dicts of a unit are copied too."""
    new = _new(cls)
    d = model.__dict__.copy()
    if cls is Unit:
        for key in _UNIT_LISTS:
            d[key] = list(d[key])
        d["capture"] = dict(d["capture"])
    _setattr(new, "__dict__", d)
    _setattr(new, "__pydantic_fields_set__", set(model.__pydantic_fields_set__))
    _setattr(new, "__pydantic_extra__", None)
    _setattr(new, "__pydantic_private__", None)
    return new


def copy_unit(u: Unit) -> Unit:
    return _copy_record(u, Unit) if not Unit.__private_attributes__ else u.clone()


def copy_building(b: Building) -> Building:
    return _copy_record(b, Building) if not Building.__private_attributes__ else copy.copy(b)


class _Merged(Mapping):
    """A read-only mapping: the base records with the overlay's changes (None = removed)."""

    __slots__ = ("_base", "_over")

    def __init__(self, base: dict, over: dict) -> None:
        self._base = base
        self._over = over

    def __getitem__(self, key: str) -> Any:
        v = self._over.get(key, _MISSING)
        if v is _MISSING:
            return self._base[key]
        if v is None:
            raise KeyError(key)
        return v

    def get(self, key: str, default: Any = None) -> Any:
        v = self._over.get(key, _MISSING)
        if v is _MISSING:
            return self._base.get(key, default)
        return default if v is None else v

    def __contains__(self, key: object) -> bool:
        v = self._over.get(key, _MISSING)  # type: ignore[arg-type]
        if v is _MISSING:
            return key in self._base
        return v is not None

    def __iter__(self) -> Iterator[str]:
        over = self._over
        for k in self._base:
            if over.get(k, _MISSING) is not None:
                yield k
        for k, v in over.items():
            if v is not None and k not in self._base:
                yield k

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def values(self):  # type: ignore[override]
        over = self._over
        for k, v in self._base.items():
            o = over.get(k, _MISSING)
            if o is _MISSING:
                yield v
            elif o is not None:
                yield o
        base = self._base
        for k, v in over.items():
            if v is not None and k not in base:
                yield v

    def items(self):  # type: ignore[override]
        over = self._over
        for k, v in self._base.items():
            o = over.get(k, _MISSING)
            if o is _MISSING:
                yield k, v
            elif o is not None:
                yield k, o
        base = self._base
        for k, v in over.items():
            if v is not None and k not in base:
                yield k, v


class World:
    """The overlay. Scalars of the state (phase, active, round, counters) are plain attributes."""

    def __init__(self, base: State) -> None:
        self.base = base
        self.size = base.size
        # The base's by-cell indexes, read once: pydantic's private-attribute lookup is slow, and
        # the base never changes while an overlay lies on it.
        priv = base.__pydantic_private__
        self._base_units: dict[str, Unit] = base.units
        self._base_buildings: dict[str, Building] = base.buildings
        self._base_ucells: dict[int, list[str]] = priv["_units_by_cell"]
        self._base_bcells: dict[int, str] = priv["_building_by_cell"]
        self._base_mcells: dict[int, Mine] = priv["_mine_by_cell"]
        self._base_ocells: dict[int, list[str]] = priv["_objects_by_cell"]
        self.options = base.options
        self.seats = base.seats
        self.rows: list[str] = base.rows  # copied on the first terrain change
        self._rows_copied = False
        self._units: dict[str, Unit | None] = {}
        self._ucells: dict[int, list[str]] = {}
        self._buildings: dict[str, Building | None] = {}
        self._bcells: dict[int, str | None] = {}
        self._mines: dict[int, Mine | None] = {}
        self._objects: dict[str, MapObject | None] = {}
        self._ocells: dict[int, list[str]] = {}
        self._players: dict[str, Archdemon] = {}
        self.units = _Merged(base.units, self._units)
        self.buildings = _Merged(base.buildings, self._buildings)
        self.objects = _Merged(base.objects, self._objects)
        self.players = _Merged(base.players, self._players)
        self.order = list(base.order)
        self.phase = base.phase
        self.active = base.active
        self.round = base.round
        self.turn_no = base.turn_no
        self.next_id = base.next_id
        self.next_seq = base.next_seq
        self.hero_request = base.hero_request
        self.hero_direction = base.hero_direction
        self.winners = list(base.winners)
        self.arrows: list[Arrow] | None = None  # None = keep the base's arrows
        # False while a post is only checked: arrows are for the picture of a resolved step.
        self.draws = True
        # While a post is checked: ids of units whose fate hangs on a roll not made yet, and
        # "res:<faction>" when a faction's resources do (DK-GAP-11).
        self.uncertain: set[str] = set()
        self._towers: dict[str, list[Building]] | None = None  # by kind, rebuilt after building changes

    # --- terrain (the geometry Grid protocol) ---------------------------------------------
    def terrain(self, cell: Cell) -> str:
        return self.rows[cell[0] - 1][cell[1] - 1]

    def undug(self, r: int, c: int) -> bool:
        return self.rows[r - 1][c - 1] in UNDUG

    def solid(self, r: int, c: int) -> bool:
        return self.rows[r - 1][c - 1] != EMPTY

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.size and 1 <= cell[1] <= self.size

    def index(self, cell: Cell) -> int:
        return (cell[0] - 1) * self.size + cell[1] - 1

    def set_terrain(self, cell: Cell, ch: str) -> None:
        if not self._rows_copied:
            self.rows = list(self.rows)
            self._rows_copied = True
        r, c = cell
        row = self.rows[r - 1]
        self.rows[r - 1] = row[: c - 1] + ch + row[c:]

    # --- units ------------------------------------------------------------------------------
    def unit(self, uid: str | None) -> Unit | None:
        if uid is None:
            return None
        u = self._units.get(uid, _MISSING)
        return self._base_units.get(uid) if u is _MISSING else u

    def mut_unit(self, uid: str) -> Unit:
        u = self._units.get(uid, _MISSING)
        if u is _MISSING:
            u = copy_unit(self._base_units[uid])
            self._units[uid] = u
        if u is None:
            raise KeyError(uid)
        return u

    def _cell_ids(self, i: int) -> list[str]:
        ids = self._ucells.get(i)
        if ids is None:
            ids = list(self._base_ucells.get(i, ()))
            self._ucells[i] = ids
        return ids

    def unit_ids_at(self, cell: Cell) -> list[str] | tuple[str, ...]:
        i = (cell[0] - 1) * self.size + cell[1] - 1
        ids = self._ucells.get(i)
        if ids is None:
            return self._base_ucells.get(i, ())
        return ids

    def units_at(self, cell: Cell) -> list[Unit]:
        return [u for i in self.unit_ids_at(cell) if (u := self.unit(i)) is not None]

    def unit_at(self, cell: Cell) -> Unit | None:
        ids = self.unit_ids_at(cell)
        return self.unit(ids[0]) if ids else None

    def iter_units(self) -> Iterator[Unit]:
        return self.units.values()  # type: ignore[return-value]

    def units_of(self, faction: str) -> list[Unit]:
        """Units a faction owns, in summoning order."""
        return sorted((u for u in self.units.values() if u.owner == faction), key=lambda u: u.seq)

    def add_unit(self, unit: Unit) -> None:
        self._units[unit.id] = unit
        self._cell_ids(self.index(unit.cell)).append(unit.id)

    def move_unit(self, uid: str, cell: Cell) -> Unit:
        u = self._units.get(uid)
        if u is None:  # not in the overlay yet (or removed: mut_unit says so)
            u = self.mut_unit(uid)
        s = self.size
        at = u.cell
        old = self._cell_ids((at[0] - 1) * s + at[1] - 1)
        if uid in old:
            old.remove(uid)
        u.cell = cell
        self._cell_ids((cell[0] - 1) * s + cell[1] - 1).append(uid)
        return u

    def remove_unit(self, uid: str) -> Unit:
        u = self.unit(uid)
        if u is None:
            raise KeyError(uid)
        ids = self._cell_ids(self.index(u.cell))
        if uid in ids:
            ids.remove(uid)
        self._units[uid] = None
        return u

    def hero(self) -> Unit | None:
        return self.unit("hero")

    def gnome(self) -> Unit | None:
        return self.unit("gnome")

    # --- buildings ----------------------------------------------------------------------------
    def building(self, bid: str | None) -> Building | None:
        if bid is None:
            return None
        b = self._buildings.get(bid, _MISSING)
        return self.base.buildings.get(bid) if b is _MISSING else b

    def towers(self, kind: str) -> list[Building]:
        """The buildings of one tower kind (cached: auras are checked on every step)."""
        if self._towers is None:
            found: dict[str, list[Building]] = {"slow_tower": [], "battle_tower": []}
            # the base's own dict when the overlay has not touched a building (same records, same order)
            for b in (self.buildings.values() if self._buildings else self._base_buildings.values()):
                if b.kind in found:
                    found[b.kind].append(b)
            self._towers = found
        return self._towers[kind]

    def mut_building(self, bid: str) -> Building:
        self._towers = None
        b = self._buildings.get(bid, _MISSING)
        if b is _MISSING:
            b = copy_building(self.base.buildings[bid])
            self._buildings[bid] = b
        if b is None:
            raise KeyError(bid)
        return b

    def building_at(self, cell: Cell) -> Building | None:
        i = (cell[0] - 1) * self.size + cell[1] - 1
        bid = self._bcells.get(i, _MISSING)
        if bid is _MISSING:
            bid = self._base_bcells.get(i)
        return self.building(bid) if bid is not None else None

    def add_building(self, b: Building) -> None:
        self._towers = None
        self._buildings[b.id] = b
        self._bcells[self.index(b.cell)] = b.id
        self.set_terrain(b.cell, BUILT)

    def remove_building(self, bid: str) -> Building:
        b = self.building(bid)
        if b is None:
            raise KeyError(bid)
        self._towers = None
        self._buildings[bid] = None
        self._bcells[self.index(b.cell)] = None
        self.set_terrain(b.cell, EMPTY)
        return b

    def buildings_of(self, faction: str | None, kind: str | None = None) -> list[Building]:
        return [b for b in self.buildings.values() if b.owner == faction and (kind is None or b.kind == kind)]

    # --- mines ----------------------------------------------------------------------------------
    def mine_at(self, cell: Cell) -> Mine | None:
        i = (cell[0] - 1) * self.size + cell[1] - 1
        m = self._mines.get(i, _MISSING)
        return self._base_mcells.get(i) if m is _MISSING else m

    def take_from_mine(self, cell: Cell, amount: int) -> int:
        """Up to ``amount``; an emptied mine becomes an empty cell at once (DK-MINE-02, DK-GAP-03)."""
        i = self.index(cell)
        m = self._mines.get(i, _MISSING)
        if m is _MISSING:
            base = self._base_mcells.get(i)
            if base is None:
                return 0
            m = copy.copy(base)
            self._mines[i] = m
        if m is None:
            return 0
        taken = min(amount, m.reserve)
        m.reserve -= taken
        if m.reserve == 0:
            self._mines[i] = None
            self.set_terrain(cell, EMPTY)
        return taken

    # --- objects ----------------------------------------------------------------------------------
    def object(self, oid: str) -> MapObject | None:
        o = self._objects.get(oid, _MISSING)
        return self.base.objects.get(oid) if o is _MISSING else o

    def _obj_ids(self, i: int) -> list[str]:
        ids = self._ocells.get(i)
        if ids is None:
            ids = list(self._base_ocells.get(i, ()))
            self._ocells[i] = ids
        return ids

    def objects_at(self, cell: Cell) -> list[MapObject]:
        i = self.index(cell)
        ids = self._ocells.get(i)
        if ids is None:
            ids = self._base_ocells.get(i, ())
        return [o for x in ids if (o := self.object(x)) is not None]

    def add_object(self, obj: MapObject) -> None:
        self._objects[obj.id] = obj
        self._obj_ids(self.index(obj.cell)).append(obj.id)

    def remove_object(self, oid: str) -> MapObject:
        o = self.object(oid)
        if o is None:
            raise KeyError(oid)
        ids = self._obj_ids(self.index(o.cell))
        if oid in ids:
            ids.remove(oid)
        self._objects[oid] = None
        return o

    def new_id(self, prefix: str) -> str:
        n = self.next_id
        self.next_id += 1
        return f"{prefix}{n}"

    # --- players ------------------------------------------------------------------------------
    def player(self, faction: str) -> Archdemon:
        p = self._players.get(faction)
        return p if p is not None else self.base.players[faction]

    def mut_player(self, faction: str) -> Archdemon:
        p = self._players.get(faction)
        if p is None:
            p = self.base.players[faction].clone()
            self._players[faction] = p
        return p

    def name(self, faction: str | None) -> str:
        if faction is None:
            return "нейтралы"
        p = self.players.get(faction)
        return p.name if p is not None else faction

    def alive_players(self) -> list[str]:
        return [f for f in self.seats if self.player(f).alive]

    def add_arrow(self, arrow: Arrow) -> None:
        if not self.draws:
            return
        if self.arrows is None:
            self.arrows = []
        self.arrows.append(arrow)

    # --- the new state -------------------------------------------------------------------------
    def commit(self) -> State:
        """A new, independent state with every change of the overlay (the base is untouched)."""
        b = self.base
        new = copy.copy(b)
        d = new.__dict__
        d["rows"] = list(self.rows)
        d["seats"] = list(b.seats)
        d["order"] = list(self.order)
        d["players"] = {k: (self._players[k] if k in self._players else p.clone()) for k, p in b.players.items()}
        d["units"] = _commit(b.units, self._units, copy_unit)
        d["buildings"] = _commit(b.buildings, self._buildings, copy_building)
        mines = []
        for m in b.mines:
            o = self._mines.get(self.index(m.cell), _MISSING)
            if o is _MISSING:
                mines.append(copy.copy(m))
            elif o is not None:
                mines.append(o)
        d["mines"] = mines
        d["objects"] = _commit(b.objects, self._objects, None)
        d["phase"] = self.phase
        d["active"] = self.active
        d["round"] = self.round
        d["turn_no"] = self.turn_no
        d["next_id"] = self.next_id
        d["next_seq"] = self.next_seq
        d["hero_request"] = self.hero_request
        d["hero_direction"] = self.hero_direction
        d["arrows"] = list(self.arrows) if self.arrows is not None else list(b.arrows)
        d["winners"] = list(self.winners)
        new.reindex()
        return new


def _commit(base: dict, over: dict, clone: Any) -> dict:
    out = {}
    for k, v in base.items():
        o = over.get(k, _MISSING)
        if o is _MISSING:
            out[k] = clone(v) if clone is not None else v
        elif o is not None:
            out[k] = o
    for k, v in over.items():
        if v is not None and k not in base:
            out[k] = v
    return out

