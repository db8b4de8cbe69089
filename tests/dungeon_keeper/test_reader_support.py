"""States and helpers for the Dungeon Keeper reader tests (no tests here).

`world()` builds a small, readable state through the GM setup document (DK-GAP-04): a rock map
with empty rectangles, two archdemons «Ваал» (p1, the poster) and «Лилит» (p2), and whatever
units, buildings, mines and objects a test names. `read()` reads a post strictly (a reader bug
surfaces as an exception, not as a «could not read» error).
"""

from __future__ import annotations

from letopis.engine.contract import LineStatus, Reading
from rulesets.dungeon_keeper.reader import read_post_strict
from rulesets.dungeon_keeper.setup import import_setup
from rulesets.dungeon_keeper.state import State

SIZE = 45
ALTARS = [(44, 44), (44, 2), (2, 44), (2, 2)]  # default Altars of p1, p2, … (every archdemon has one)


def _map(empty: list[tuple[int, int, int, int]], rock: list[tuple[int, int]]) -> list[str]:
    rows = [["#"] * SIZE for _ in range(SIZE)]
    for r1, c1, r2, c2 in empty:
        for r in range(r1, r2 + 1):
            for c in range(c1, c2 + 1):
                rows[r - 1][c - 1] = "."
    for r, c in rock:
        rows[r - 1][c - 1] = "#"
    return ["".join(r) for r in rows]


def _cell(cell: tuple[int, int] | str) -> str:
    return cell if isinstance(cell, str) else f"{cell[0]}-{cell[1]}"


def world(units: list[tuple] = (), buildings: list[tuple] = (), mines: list[tuple] = (),
          objects: list[tuple] = (), empty: list[tuple[int, int, int, int]] | None = None,
          rock: list[tuple[int, int]] = (),
          players: tuple[str, ...] = ("Ваал", "Лилит"), active: str = "p1", options: dict | None = None,
          resources: dict | None = None, **player_fields: object) -> State:
    """A state for reader tests: an open map (all empty unless `empty` rectangles are given), with
    `rock` cells undug.

    units: (owner, kind, number, cell[, extra dict]); buildings: (owner, kind, cell[, extra]);
    mines: (kind, cell[, reserve]); objects: (kind, cell[, item]). The poster is p1 (the first name
    in `players`); every archdemon gets an Altar in a corner unless `buildings` places one.
    """
    doc: dict = {
        "ruleset": "dungeon_keeper",
        "options": options or {},
        "map": _map(empty if empty is not None else [(1, 1, 45, 45)], list(rock)),
        "players": [],
        "buildings": [],
        "mines": [],
        "units": [],
        "objects": [],
        "turn": {"round": 3, "active": active, "order": [f"p{i}" for i in range(1, len(players) + 1)]},
    }
    for i, name in enumerate(players, 1):
        p = {"id": f"p{i}", "name": name, "gold": 200, "mana": 100, "iron": 50, "taldear": 5}
        if i == 1:
            p.update(resources or {})
            p.update(player_fields)
        doc["players"].append(p)
    for u in units:
        owner, kind, number, cell, *extra = u
        d = {"owner": owner, "kind": kind, "number": number, "cell": _cell(cell)}
        if extra:
            d.update(extra[0])
        doc["units"].append(d)
    altars = {b[0] for b in buildings if b[1] == "altar"}
    defaults = [(f"p{i}", "altar", ALTARS[i - 1]) for i in range(1, len(players) + 1) if f"p{i}" not in altars]
    for b in [*defaults, *buildings]:
        owner, kind, cell, *extra = b
        d = {"owner": owner, "kind": kind, "cell": _cell(cell)}
        if extra:
            d.update(extra[0])
        doc["buildings"].append(d)
    for m in mines:
        kind, cell, *extra = m
        d = {"kind": kind, "cell": _cell(cell)}
        if extra:
            d["reserve"] = extra[0]
        doc["mines"].append(d)
    for ob in objects:
        kind, cell, *extra = ob
        d = {"kind": kind, "cell": _cell(cell)}
        if extra:
            d["item"] = extra[0]
        doc["objects"].append(d)
    return import_setup(doc)


def rulebook_state() -> State:
    """The rulebook's example: an imp on 37-15, free 36-15, a gold mine on 35-14 (DK-TURN-02)."""
    return world(units=[("p1", "imp", 1, (37, 15))], mines=[("gold", (35, 14))])


def read(text: str, state: State | None = None, faction: str = "p1") -> Reading:
    return read_post_strict(text, state if state is not None else rulebook_state(), faction)


def orders(reading: Reading) -> list:
    return list(reading.orders)


def errors(reading: Reading) -> list:
    return [p for p in reading.problems if p.is_error]


def line_errors(reading: Reading) -> list:
    """Errors about lines, without the post-level «no order at all» (issue 9, kind 8)."""
    return [p for p in reading.problems if p.is_error and p.code != "post.no_orders"]


def codes(reading: Reading) -> list[str]:
    return [p.code for p in reading.problems]


def statuses(reading: Reading) -> list[LineStatus]:
    return [ln.status for ln in reading.lines]


def one(reading: Reading):
    """The only order of a reading that has no errors."""
    assert not errors(reading), [p.render() for p in reading.problems]
    assert len(reading.orders) == 1, reading.orders
    return reading.orders[0]
