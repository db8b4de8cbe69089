"""Hand-built Dungeon Keeper positions, forced dice and short-hands for the rules tests.

`game()` is a rock map with the given cells dug, two (or more) archdemons with Altars far away in
the corners, plenty of resources, and p1's turn already begun. Units and buildings are put with
`unit()` and `building()`. `run()` applies orders with forced rolls: ``rolls=(1, 100)`` makes the
first 1d100 of the step a 1 (a success of any chance) and the second a 100 (a failure).
By default the turn does not end after `run` (``multi_post_turn``), so the state can be inspected
in the middle of the turn; the turn-flow tests switch that off.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel

from letopis.engine.contract import Outcome
from letopis.engine.dice import Dice
from rulesets.dungeon_keeper import refs
from rulesets.dungeon_keeper.data import DATA
from rulesets.dungeon_keeper.options import Options
from rulesets.dungeon_keeper.orders import (
    Ability,
    Attack,
    Label,
    Move,
)
from rulesets.dungeon_keeper.rules.legality.checker import Checker
from rulesets.dungeon_keeper.rules.resolution import apply
from rulesets.dungeon_keeper.state import Archdemon, Building, MapObject, Mine, State, Unit

SEED = "5eed" * 16
SIZE = 45
NAMES = ("Ваал", "Лилит", "Мамон", "Астарот")
ALTARS = ((2, 2), (44, 44), (2, 44), (44, 2))


def area(r0: int, c0: int, r1: int, c1: int) -> list[tuple[int, int]]:
    return [(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def game(dug: Iterable[tuple[int, int]] = (), players: int = 2, resources: bool = True,
         multi_post_turn: bool = True, **options) -> State:
    """A rock map with ``dug`` cells empty; Altars of p1, p2, … in the corners; p1 to move."""
    rows = [["#"] * SIZE for _ in range(SIZE)]
    for r, c in dug:
        rows[r - 1][c - 1] = "."
    for r, c in ALTARS[:players]:
        rows[r - 1][c - 1] = "."
    seats = [f"p{i}" for i in range(1, players + 1)]
    res = {"gold": 500, "mana": 100, "iron": 100, "taldear": 10} if resources else {"gold": 50, "mana": 5}
    players_ = {f: Archdemon(name=NAMES[i], seat=i + 1, turns=1 if i == 0 else 0, **res) for i, f in enumerate(seats)}
    s = State(options=Options(multi_post_turn=multi_post_turn, **options), rows=["".join(r) for r in rows],
              seats=seats, order=list(seats), players=players_, active="p1", turn_no=1)
    for f, cell in zip(seats, ALTARS):
        b = building(s, "altar", f, cell)
        s.players[f].altar = b.id
    return s


def unit(s: State, owner: str | None, kind: str, cell: tuple[int, int], **fields) -> Unit:
    """A unit with the next number of its owner's sequence, full хп and ОД unless given."""
    if owner is None:
        number, uid = 0, kind if kind in ("hero", "gnome") else f"n{s.next_seq}"
    else:
        number, uid = refs.take_number(s, owner, kind)
    if s.terrain(cell) != ".":
        s.dig(cell)
    artifacts = fields.pop("artifacts", list(DATA.hero.equipment) if kind == "hero" else [])
    u = Unit(id=uid, kind=kind, owner=owner, number=number, seq=s.next_seq, cell=cell, hp=1, artifacts=artifacts,
             **{k: v for k, v in fields.items() if k not in ("hp", "ap")})
    u.hp = fields.get("hp", u.max_hp())
    u.ap = fields.get("ap", u.max_ap())
    s.next_seq += 1
    s.add_unit(u)
    return u


def building(s: State, kind: str, owner: str | None, cell: tuple[int, int], **fields) -> Building:
    data = DATA.buildings[kind]
    if s.terrain(cell) not in (".", "B"):
        s.dig(cell)
    b = Building(id=s.new_id("b"), kind=kind, owner=owner, cell=cell, hp=fields.pop("hp", data.hp),
                 level=fields.pop("level", data.start_level), ap=fields.pop("ap", data.ap), **fields)
    s.add_building(b)
    return b


def mine(s: State, kind: str, cell: tuple[int, int], reserve: int | None = None) -> Mine:
    m = Mine(kind=kind, cell=cell, reserve=reserve if reserve is not None else DATA.mines[kind].contents)
    s.add_mine(m)
    return m


def obj(s: State, kind: str, cell: tuple[int, int], item: str | None = None, **fields) -> MapObject:
    if s.terrain(cell) != ".":
        s.dig(cell)
    o = MapObject(id=s.new_id("o"), kind=kind, cell=cell, item=item, **fields)
    s.add_object(o)
    return o


def label(s: State, u: Unit, viewer: str = "p1") -> Label:
    return refs.label(s, u, viewer)


def dice(*rolls: int, seed: str = SEED) -> Dice:
    """Dice whose first draws are forced to ``rolls`` (in the order the rules draw them)."""
    return Dice(seed, {i: (value, "test") for i, value in enumerate(rolls)})


def run(s: State, faction: str, *orders: BaseModel, rolls: Sequence[int] = ()) -> Outcome:
    return apply(s, faction, list(orders), dice(*rolls))


def checker(s: State, faction: str = "p1") -> Checker:
    return Checker(s, faction)


def codes(s: State, faction: str, *orders: BaseModel) -> list[str]:
    """Error codes of the last order after the earlier ones were accepted."""
    c = Checker(s, faction)
    found: list = []
    for o in orders:
        found = c.check(o)
    return [v.code for v in found]


def clauses(s: State, faction: str, *orders: BaseModel) -> list[str]:
    c = Checker(s, faction)
    found: list = []
    for o in orders:
        found = c.check(o)
    return [v.clause for v in found]


def notes(s: State, faction: str, *orders: BaseModel) -> list[str]:
    """Warning and note codes of the last order."""
    c = Checker(s, faction)
    for o in orders:
        c.check(o)
    return [v.code for v in c.notes]


def kinds(out: Outcome) -> list[str]:
    return [e.kind for e in out.events]


def event(out: Outcome, kind: str):
    return next(e for e in out.events if e.kind == kind)


# --- order short-hands -----------------------------------------------------------------------------------
def move(s: State, u: Unit, *path: tuple[int, int]) -> Move:
    return Move(unit=u.id, who=label(s, u), path=tuple(path), ap=len(path))


def attack(s: State, u: Unit, t: Unit, ap: int = 1) -> Attack:
    return Attack(unit=u.id, who=label(s, u, u.side or "p1"), target=t.id, whom=label(s, t, u.side or "p1"),
                  cell=t.cell, ap=ap)


def ability(s: State, u: Unit, key: str, t: Unit | None = None, **kw) -> Ability:
    spec = DATA.abilities[key]
    fields = {"ap": kw.pop("ap", spec.ap), **kw}
    if t is not None:
        fields.update(target=t.id, whom=label(s, t, u.side or "p1"))
    return Ability(unit=u.id, who=label(s, u, u.side or "p1"), ability=key, **fields)


def begin(s: State, faction: str, *rolls: int) -> Outcome:
    """The start of ``faction``'s turn (DK-GAP-10) on a copy of ``s``, with its events."""
    from rulesets.dungeon_keeper.rules.chronicle import Chronicle
    from rulesets.dungeon_keeper.rules.fate import Fate
    from rulesets.dungeon_keeper.rules.turnflow import begin_turn
    from rulesets.dungeon_keeper.rules.world import World

    w = World(s)
    ch = Chronicle(w)
    begin_turn(w, ch, Fate(dice(*rolls)), faction)
    return Outcome(state=w.commit(), events=ch.events)
