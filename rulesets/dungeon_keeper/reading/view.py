"""The state as the reader sees it at one line of a post: the stored state plus the orders above.

The reader must decide things the text leaves open — which unit «бес №5» is when it was summoned
two lines up, whether «копает 22-22» digs or mines, which path «перелетает на 14-15» takes, whether
«жрец №2» is the бес upgraded a line before — against the state *as it will be* at that line
(DK-GAP-11). The legality checker keeps its own overlay for legality; this one holds only what
naming and paths need: where units stand, what kind they are, units summoned in this post, and
cells dug, built on or mined out. It is a few dicts over the state, never a copy of the map.

Unit look-ups follow `refs.find_units` (DK-GAP-15): per-player numbers, a former kind matches
with a warning, the Hero and the gnome by kind alone, the poster's units first.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import refs
from ..orders import Label
from ..state import BUILT, EMPTY, MINE, UNDUG, Building, State


@dataclass(slots=True)
class UnitView:
    """A unit as the reader sees it now (a stored unit with its moves applied, or a unit summoned
    earlier in the post)."""

    id: str
    kind: str
    owner: str | None
    side: str | None
    number: int
    cell: tuple[int, int] | None
    history: tuple[str, ...] = ()
    summoned: bool = False  # summoned earlier in this post


class View:
    """The state plus the effects of this post's earlier orders that naming depends on."""

    def __init__(self, state: State, faction: str) -> None:
        self.state = state
        self.faction = faction
        self.size = state.size
        self._views: dict[str, UnitView] = {}  # stored units as seen now (moves, upgrades applied)
        self._moved: set[str] = set()  # stored units that moved in this post
        self._own: list | None = None
        self._new: dict[str, UnitView] = {}  # summoned in this post
        self._terrain: dict[tuple[int, int], str] = {}  # cell → terrain after digs, builds, mining
        self._gone: set[str] = set()  # units sacrificed in this post
        self._claimed: list[str] = []  # others' units a Подчинение of this post aims at (DK-GAP-11, DK-GAP-60)
        self._next: dict[str, int] = {}  # numbering sequence → next number
        self._names: dict[str, str | None] = {}
        self._labels: dict[str, Label] = {}
        self._found: dict[tuple, list[tuple[UnitView, bool]]] = {}
        self._found_at: dict[tuple, list[tuple[UnitView, bool]]] = {}
        self._numbers: dict[str | None, dict[int, list[str]]] = {}  # the state's number index, per side
        # `bind.resolve` answers for references without a cell, kept as long as `_found`
        self.resolved: dict[tuple, tuple[UnitView, bool]] = {}

    # --- terrain (the geometry `Grid` protocol) ------------------------------------------------
    def terrain(self, cell: tuple[int, int]) -> str:
        got = self._terrain.get(cell)
        return got if got is not None else self.state.rows[cell[0] - 1][cell[1] - 1]

    def undug(self, r: int, c: int) -> bool:
        return self.terrain((r, c)) in UNDUG

    def solid(self, r: int, c: int) -> bool:
        return self.terrain((r, c)) != EMPTY

    def inside(self, cell: tuple[int, int]) -> bool:
        return 1 <= cell[0] <= self.size and 1 <= cell[1] <= self.size

    def is_mine(self, cell: tuple[int, int]) -> bool:
        return self.inside(cell) and self.terrain(cell) == MINE

    def building_at(self, cell: tuple[int, int]) -> Building | None:
        if not self.inside(cell) or self.terrain(cell) != BUILT:
            return None
        return self.state.building_at(cell)

    # --- units ---------------------------------------------------------------------------------
    def unit(self, unit_id: str) -> UnitView | None:
        if unit_id in self._gone:
            return None
        got = self._views.get(unit_id)
        if got is not None:
            return got
        got = self._new.get(unit_id)
        if got is not None:
            return got
        u = self.state.units.get(unit_id)
        if u is None:
            return None
        got = UnitView(u.id, u.kind, u.owner, u.side, u.number, u.cell, tuple(u.history))
        self._views[unit_id] = got
        return got

    def units_at(self, cell: tuple[int, int]) -> list[UnitView]:
        out = []
        for u in self.state.units_at(cell):
            if u.id not in self._moved:
                got = self.unit(u.id)
                if got is not None:
                    out.append(got)
        for uid in self._moved:
            got = self.unit(uid)
            if got is not None and got.cell == cell:
                out.append(got)
        out.extend(u for u in self._new.values() if u.cell == cell and u.id not in self._gone)
        return out

    def own_units(self) -> list[UnitView]:
        """Units the poster gives orders to now (own and controlled), in summoning order."""
        if self._own is None:
            self._own = sorted((u for u in self.state.units.values() if u.side == self.faction), key=lambda u: u.seq)
        found = [v for v in (self.unit(u.id) for u in self._own) if v is not None]
        found.extend(u for u in self._new.values() if u.id not in self._gone)
        return found

    def find(self, kind: str | None, number: int | None, owner: str | None = None,
             cell: tuple[int, int] | None = None, scope: str = "own") -> list[tuple[UnitView, bool]]:
        """Units a reference fits, as (unit, named by a former kind); best first.

        ``scope``: "own" — units the poster commands; "enemy" — everyone else's (the Hero and gnome
        included); "any" — every unit. ``owner`` (a faction id) narrows any scope. Answers are
        remembered until a unit comes, goes or changes kind (moves only forget look-ups by cell)."""
        key = (kind, number, owner, cell, scope)
        memo = self._found_at if cell is not None else self._found
        got = memo.get(key)
        if got is None:
            got = self._find(kind, number, owner, cell, scope)
            memo[key] = got
        return got

    def _find(self, kind: str | None, number: int | None, owner: str | None,
              cell: tuple[int, int] | None, scope: str) -> list[tuple[UnitView, bool]]:
        if kind in (refs.HERO_ID, refs.GNOME_ID):
            u = self.unit(kind)
            return [(u, False)] if u is not None and (cell is None or u.cell == cell) else []
        if cell is not None:
            pool = self.units_at(cell)
        elif number is not None:
            pool = self._numbered(number, own=scope == "own" and owner is None)
        elif scope == "own" and owner is None:
            pool = self.own_units()
        else:
            pool = [v for v in (self.unit(uid) for uid in self.state.units) if v is not None]
            pool.extend(u for u in self._new.values() if u.id not in self._gone)
        claimed = self._claimed if scope == "own" and owner is None and cell is None else ()
        if claimed:
            pool = [*pool, *(v for v in (self.unit(uid) for uid in claimed) if v is not None and v not in pool)]
        exact: list[tuple[UnitView, bool]] = []
        former: list[tuple[UnitView, bool]] = []
        me = self.faction
        for u in pool:
            if owner is not None and u.owner != owner:
                continue
            if owner is None:
                if scope == "own" and u.side != me and u.id not in claimed:
                    continue
                if scope == "enemy" and u.side == me:
                    continue
            if number is not None and u.number != number:
                continue
            if kind is None or kind == "unit" or u.kind == kind:
                exact.append((u, False))
            elif kind in u.history:
                former.append((u, True))
        if len(exact) > 1:
            exact.sort(key=self._order_key)
        if len(former) > 1:
            former.sort(key=self._order_key)
        return exact + former

    def _order_key(self, m: tuple[UnitView, bool]) -> tuple[int, str, int]:
        u = m[0]
        return (0 if u.side == self.faction else 1, u.owner or "", u.number)

    def _numbered(self, number: int, own: bool) -> list[UnitView]:
        """Units with this number: the poster's only, or everyone's."""
        side = self.faction if own else None
        index = self._numbers.get(side)
        if index is None:
            index = self._numbers[side] = _number_index(self.state, side)
        found = []
        for uid in index.get(number, ()):
            v = self.unit(uid)
            if v is not None:
                found.append(v)
        if self._new:
            found.extend(u for u in self._new.values() if u.number == number and u.id not in self._gone)
        return found

    def label(self, u: UnitView) -> Label:
        """How orders name the unit for the poster (refs.label: the owner for anyone else's)."""
        got = self._labels.get(u.id)
        if got is not None and got.kind == u.kind:
            return got
        owner = None
        if u.owner is not None and u.owner != self.faction:
            owner = self.state.name(u.owner)
        key = (u.kind, u.number, owner)
        got = _LABELS.get(key)
        if got is None:
            if len(_LABELS) >= 4096:
                _LABELS.clear()
            got = _LABELS[key] = Label(kind=u.kind, number=u.number, owner=owner)
        self._labels[u.id] = got
        return got

    def owner_of(self, word: str) -> str | None:
        """The faction an owner word names («Ваала», «Лилит»), cached per post."""
        if word not in self._names:
            self._names[word] = refs.owner_of_word(self.state, word, self.faction)
        return self._names[word]

    # --- effects of accepted orders -----------------------------------------------------------------
    def moved(self, unit_id: str, cell: tuple[int, int]) -> None:
        self._found_at.clear()
        u = self.unit(unit_id)
        if u is not None:
            u.cell = cell
            if not u.summoned:
                self._moved.add(unit_id)

    def upgraded(self, unit_id: str, kind: str) -> None:
        self._forget()
        u = self.unit(unit_id)
        if u is not None:
            u.history = (*u.history, u.kind)
            u.kind = kind

    def removed(self, unit_id: str) -> None:
        self._forget()
        self._gone.add(unit_id)

    def subjugating(self, unit_id: str) -> None:
        """A Подчинение of this post aims at another's unit: orders after it may be given to that unit
        by its kind alone («Если получится — пусть бес шагнёт на 10-13»), as conditional ones."""
        if unit_id not in self._claimed:
            self._forget()
            self._claimed.append(unit_id)

    def _forget(self) -> None:
        self._found.clear()
        self._found_at.clear()
        self.resolved.clear()

    def dug(self, cell: tuple[int, int]) -> None:
        self._terrain[cell] = EMPTY

    def built(self, cell: tuple[int, int]) -> None:
        self._terrain[cell] = BUILT

    def summoned_here(self, kind: str | None) -> bool:
        """Whether this post has summoned a unit of this kind already."""
        return any(u.kind == kind for u in self._new.values())

    def summoned(self, kind: str, cell: tuple[int, int] | None) -> UnitView:
        """A unit summoned by an accepted order gets the next number of its sequence (DK-GAP-15)."""
        numbering = self.state.options.unit_numbering
        seq = "all" if numbering == "single_sequence" else refs.category_of(kind)
        if seq not in self._next:
            self._next[seq] = refs.next_number(self.state, self.faction, kind)
        number = self._next[seq]
        self._next[seq] = number + 1
        uid = refs.unit_id(self.faction, kind, number, numbering)
        u = UnitView(uid, kind, self.faction, self.faction, number, cell, summoned=True)
        self._forget()
        self._new[uid] = u
        return u


# Labels are frozen values: one instance per (kind, number, owner name) serves every post.
_LABELS: dict[tuple[str, int, str | None], Label] = {}

# Unit numbers → ids, per state and poster. The live check and the benchmarks read many posts
# against one stored state, so the index is kept for the few most recent states; a state is
# recognised by identity and by what changes when units come and go.
_INDEXES: dict[tuple[int, str | None], tuple[State, tuple, dict[int, list[str]]]] = {}


def _number_index(state: State, side: str | None) -> dict[int, list[str]]:
    key = (id(state), side)
    stamp = (len(state.units), state.next_seq, state.turn_no, state.round, state.active)
    got = _INDEXES.get(key)
    if got is not None and got[0] is state and got[1] == stamp:
        return got[2]
    index: dict[int, list[str]] = {}
    for u in state.units.values():
        if side is None or u.side == side:
            index.setdefault(u.number, []).append(u.id)
    if len(_INDEXES) >= 16:
        _INDEXES.clear()
    _INDEXES[key] = (state, stamp, index)
    return index
