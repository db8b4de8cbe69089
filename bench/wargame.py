"""«Битвы FANTASY» figures (issue 11): checking a 15-line maneuver post — every figure moving, its
cheapest path found — on the default map (target ≤ 2 ms) and on a GM map of 100 × 100 cells
(≤ 20 ms); resolving a melee phase of six melees with 30 figures, every decision answered by its
default (≤ 10 ms).

The armies are the default ones edited as a GM would (more мечники and орки, so each side has 15
figures); the GM map is generated: forests, hills and rock in scattered patches, a tower in the
middle, the deployment zones along the top and bottom edges. «Checking» is the live check a
player sees (`Ruleset.read`: the post read line by line and every order checked, the path with
its ОМ cost and what is left), read again as the live check reads it at every keystroke;
`read_first_ms` the same read with the per-line caches emptied (the post's first check);
`check_ms` is the rules' part of it alone (`check_movement` for the fifteen orders).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from functools import cache
from pathlib import Path

SIDE = 15  # figures a side


def _median_ms(fn, repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


@cache
def _files() -> dict[str, str]:
    """The edited armies (15 figures each) and the 100 × 100 map, written once to a temp folder."""
    from rulesets.wargame.data import DATA_DIR
    folder = Path(tempfile.mkdtemp(prefix="wg-bench-"))
    kingdom = (DATA_DIR / "kingdom.toml").read_text(encoding="utf-8")
    kingdom = kingdom.replace('type = "swordsman"', 'type = "swordsman"', 1)
    kingdom = _set_count(kingdom, "swordsman", 8)  # 1 + 8 + 1 + 1 + 3 + 1 = 15
    horde = _set_count((DATA_DIR / "horde.toml").read_text(encoding="utf-8"), "orc", 8)  # 15
    (folder / "kingdom15.toml").write_text(kingdom, encoding="utf-8")
    (folder / "horde15.toml").write_text(horde, encoding="utf-8")
    (folder / "gm100.toml").write_text(gm_map_toml(), encoding="utf-8")
    return {"kingdom": str(folder / "kingdom15.toml"), "horde": str(folder / "horde15.toml"),
            "map": str(folder / "gm100.toml")}


def _set_count(text: str, type_key: str, count: int) -> str:
    head, _, rest = text.partition(f'type = "{type_key}"')
    block, sep, tail = rest.partition("[[")
    block = "\n".join(line for line in block.splitlines() if not line.startswith("count ="))
    return f'{head}type = "{type_key}"\ncount = {count}{block}\n{sep}{tail}'


def gm_map_toml(size: int = 100, seed: int = 11) -> str:
    """A 100 × 100 battlefield: patches of forest, hills and rock (about a fifth of the cells), a
    2 × 2 tower in the middle, zones along the top and bottom edges."""
    rnd = random.Random(seed)
    rows = [["."] * size for _ in range(size)]
    for _ in range(180):
        letter = rnd.choice("ffhhr")
        x0, y0 = rnd.randrange(1, size - 4), rnd.randrange(12, size - 16)
        for dx in range(rnd.randint(2, 4)):
            for dy in range(rnd.randint(2, 4)):
                rows[y0 + dy][x0 + dx] = letter
    mid = size // 2
    for x, y in ((mid, mid), (mid + 1, mid), (mid, mid + 1), (mid + 1, mid + 1)):
        rows[y - 1][x - 1] = "t"
    lines = ",\n".join(f'  "{"".join(r)}"' for r in rows)
    return (f'name = "Поле мастера 100 × 100"\nwidth = {size}\nheight = {size}\nrows = [\n{lines}\n]\n\n'
            f'[[zone]]\nseat = 1\ncorner = "1-1"\nopposite = "{size}-10"\n\n'
            f'[[zone]]\nseat = 2\ncorner = "1-{size - 9}"\nopposite = "{size}-{size}"\n')


def _battle(gm_map: bool):
    from letopis.engine.contract import Faction
    from letopis.engine.dice import Dice
    from rulesets.wargame.battle.setup import setup
    from rulesets.wargame.options import Options

    files = _files()
    opts = {"armies": (files["kingdom"], files["horde"])}
    if gm_map:
        opts["map"] = files["map"]
    state = setup(Options(**opts), [Faction(id="p1", name="Аня"), Faction(id="p2", name="Борис")], Dice("00" * 32))
    state.phase, state.round = "maneuver", 1
    state.order = ["p1", "p2"]
    state.active = 0
    return state


def maneuver(gm_map: bool = False):
    """p1's fifteen figures in a line, p2's in a line further on; each p1 figure goes forward as far
    as its ОМ carries it (the search explores every cell within its ОМ: terrain, climbing, the
    neighbours in the way)."""
    from rulesets.wargame.battle.moves import check_movement
    from rulesets.wargame.naming import Namer
    from rulesets.wargame.orders import Move
    from rulesets.wargame.rules.paths import figure_om

    state = _battle(gm_map)
    x0 = 30 if gm_map else 2
    y0 = 40 if gm_map else 2
    mine = [f for f in state.figures.values() if f.side == "p1"]
    theirs = [f for f in state.figures.values() if f.side == "p2"]
    for i, f in enumerate(mine):
        f.cell = (x0 + i, y0)
    for i, f in enumerate(theirs):
        f.cell = (x0 + i, y0 + 12)
    orders = []
    for f in mine:  # as far forward as it goes (the lines are checked in turn, each on the board
        dx = 0        # the lines above leave)
        for dy in range(figure_om(state, f), 0, -1):
            order = Move(figure=f.id, dest=(f.cell[0] + dx, f.cell[1] + dy))
            if check_movement(state, "p1", order)[0] is None:
                break
        orders.append(order)
    n = Namer(state, "p1")
    text = "\n".join(o.to_text(n) for o in orders)
    return state, orders, text


def check_times(gm_map: bool = False, repeats: int = 31) -> dict:
    """Median ms of the live check of the 15-line post, and of its rules' part alone."""
    from rulesets.wargame import RULESET
    from rulesets.wargame.battle.moves import check_movement

    state, orders, text = maneuver(gm_map)
    reading = RULESET.read(text, state, "p1")
    bad = [p.message for p in reading.problems if p.is_error]
    assert not bad and len(reading.orders) == SIDE, (bad, len(reading.orders))
    for o in orders:
        v, path = check_movement(state, "p1", o)
        assert v is None and path is not None and path.cells, (o, v)
    return {"read_ms": _median_ms(lambda: RULESET.read(text, state, "p1"), repeats),
            "read_first_ms": _first_read_ms(text, state, repeats),
            "check_ms": _median_ms(lambda: [check_movement(state, "p1", o) for o in orders], repeats),
            "lines": len(orders), "cells": state.board.width * state.board.height}


def _first_read_ms(text: str, state, repeats: int) -> float:
    """Median ms of a read with the wargame's per-line caches emptied first (scanned lines, name
    look-ups, the enemies' contact cells): the first live check of a post nobody has read yet.
    The word caches (morphology, lemmas) stay warm, as in any running server."""
    from letopis.engine.names import _FINDS
    from rulesets.wargame import RULESET
    from rulesets.wargame.reading.words import _SCANNED
    from rulesets.wargame.rules.paths import _CONTACT

    times = []
    for _ in range(repeats):
        for kept in (_SCANNED, _FINDS, _CONTACT):
            kept.clear()
        t0 = time.perf_counter()
        RULESET.read(text, state, "p1")
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def melee_state():
    """Round 1's shooting just ended: six melees of five figures (3 against 2, sides alternating)
    spread over the default map, 30 figures in all."""
    state = _battle(False)
    state.phase = "shooting"
    state.active = len(state.order)
    mine = sorted((f for f in state.figures.values() if f.side == "p1"), key=lambda f: f.order)
    theirs = sorted((f for f in state.figures.values() if f.side == "p2"), key=lambda f: f.order)
    spots = [(3, 4), (10, 4), (17, 4), (3, 11), (10, 11), (17, 11)]
    for k, (x, y) in enumerate(spots):
        a, b = (mine, theirs) if k % 2 == 0 else (theirs, mine)
        front = [a.pop(0), a.pop(0), a.pop(0)] if len(a) >= 3 else [a.pop(0)] * 0
        back = [b.pop(0), b.pop(0)]
        for i, f in enumerate(front):
            f.cell = (x + i, y)
        for i, f in enumerate(back):
            f.cell = (x + i, y + 1)
    return state


def melee_phase(repeats: int = 21) -> dict:
    """Median ms to resolve the melee phase (six melees) with every decision answered by its
    default, each run from a fresh copy made outside the timing."""
    from letopis.engine.dice import Dice
    from rulesets.wargame.battle.engine import apply, run
    from rulesets.wargame.battle.turns import default_orders
    from rulesets.wargame.rules.participants import groups

    base = melee_state()
    assert len(groups(base)) == 6 and sum(1 for f in base.figures.values() if f.cell) == 2 * SIDE

    def once(state, dice) -> int:
        out: list = []
        run(state, dice, out)
        answers = 0
        while state.pending is not None:
            faction = state.pending.faction
            state = apply(state, faction, default_orders(state, faction), dice).state
            answers += 1
        assert state.phase != "melee", state.phase
        return answers

    answers = once(base.clone(), Dice("11" * 32))
    times = []
    for k in range(repeats):
        copy, dice = base.clone(), Dice(f"{k:064x}")
        t0 = time.perf_counter()
        once(copy, dice)
        times.append((time.perf_counter() - t0) * 1000)
    return {"ms": statistics.median(times), "decisions": answers}


if __name__ == "__main__":
    for gm in (False, True):
        print("maneuver", "GM 100×100" if gm else "default map", check_times(gm))
    print("melee phase", melee_phase())
