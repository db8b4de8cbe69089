"""Tetranomicon figures (issue 10): checking a build and a campaign on a GM board of 40 castles and
80 segments with 60 routes laid (target ≤ 2 ms each, the cheapest supply and surcharge included),
and a whole epoch's automatic phases for 4 players (income, creature phase, initiative; ≤ 5 ms).

`gm_board_toml` generates the board (a jittered 8×5 grid: every grid neighbour joined, plus
diagonals up to 80 segments); `gm_state` lays out a mid-game on it: 4 players with buildings of
every kind spread over the board, 60 routes of all four, trophies on the monster castles.
"""

from __future__ import annotations

import hashlib
import random
import statistics
import tempfile
import time
from functools import cache
from pathlib import Path

COLS, ROWS = 8, 5
CASTLES = COLS * ROWS  # 40
SEGMENTS = 80
ROUTES = 60
TERRAINS = ("plain", "forest", "mountains")


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, ("tet-bench", *parts))).encode()).hexdigest()


def gm_board_edges(seed: int = 10, cols: int = COLS, rows: int = ROWS,
                   segments: int = SEGMENTS) -> list[tuple[int, int]]:
    """Pairs of castle numbers (from 0, row by row): the grid, then random diagonals."""
    rnd = random.Random(seed)
    edges: list[tuple[int, int]] = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols:
                edges.append((i, i + 1))
            if r + 1 < rows:
                edges.append((i, i + cols))
    diagonals = [(r * cols + c, (r + 1) * cols + c + 1) for r in range(rows - 1) for c in range(cols - 1)]
    diagonals += [(r * cols + c + 1, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols - 1)]
    rnd.shuffle(diagonals)
    used: set[tuple[int, int]] = set()
    for a, b in diagonals:
        if len(edges) >= segments:
            break
        # never both diagonals of one grid square (the board stays planar)
        square = (min(a, b) // cols, min(a % cols, b % cols))
        if square in used:
            continue
        used.add(square)
        edges.append((a, b))
    return edges


def gm_board_toml(seed: int = 10, cols: int = COLS, rows: int = ROWS, segments: int = SEGMENTS) -> str:
    """A valid board file: castles ``g1``…, codes Г1…, 2–4 towers each, every fifth with monsters."""
    rnd = random.Random(seed)
    lines = ["# A generated GM board for the bench: a jittered grid with diagonals.",
             f'name = "Большой лист мастера ({cols * rows} замков)"', ""]
    for i in range(cols * rows):
        towers = [rnd.choice(TERRAINS) for _ in range(rnd.randint(2, 4))]
        lines += ["[[castles]]", f'id = "g{i + 1}"', f'code = "Г{i + 1}"', f'name = "Замок {i + 1}"',
                  "towers = [" + ", ".join(f'"{t}"' for t in towers) + "]",
                  f"monsters = {'true' if i % 5 == 2 else 'false'}", ""]
    for n, (a, b) in enumerate(gm_board_edges(seed, cols, rows, segments)):
        kind = "river" if rnd.random() < 0.4 else "road"
        lines += ["[[segments]]", f'id = "Г-{n + 1}"', f'between = ["g{a + 1}", "g{b + 1}"]',
                  f'kind = "{kind}"', ""]
    return "\n".join(lines)


@cache
def gm_board_file(seed: int = 10) -> str:
    """The generated board written once per process to a temporary file (an absolute path, as a
    GM's own board is named in the options)."""
    folder = Path(tempfile.mkdtemp(prefix="tet-bench-"))
    path = folder / f"gm_board_{seed}.toml"
    path.write_text(gm_board_toml(seed), encoding="utf-8")
    return str(path)


def gm_state(seed: int = 10, routes: int = ROUTES):
    """A mid-game on the GM board: epoch 3, 4 players with buildings of every kind spread over the
    board and ``routes`` routes laid among them; player p1 is active with plenty of coins."""
    from letopis.engine import Dice, Faction
    from rulesets.tetranomicon.data import material_for
    from rulesets.tetranomicon.options import Options
    from rulesets.tetranomicon.rules.setup import setup
    from rulesets.tetranomicon.state import Building

    rnd = random.Random(seed)
    factions = [Faction(id=f"p{i + 1}", name=n) for i, n in enumerate(("Анна", "Борис", "Вера", "Глеб"))]
    options = Options(board=gm_board_file(seed), first_holder=1)
    state = setup(options, factions, Dice(_seed("setup", seed)))
    m = material_for(state)
    terrain_kinds = {"plain": ["farm"], "forest": ["sawmill"], "mountains": ["mine", "quarry"]}
    free = [c for c in m.castles if c not in state.trophies]
    rnd.shuffle(free)
    for i, cid in enumerate(free[:28]):
        castle = m.castle(cid)
        for t, terrain in enumerate(castle.towers[:2]):
            owner = state.order[(i + t) % 4]
            kind = rnd.choice(terrain_kinds[terrain])
            state.buildings.append(Building(owner=owner, kind=kind, castle=cid, tower=t + 1))  # type: ignore[arg-type]
    segs = list(m.segments)
    rnd.shuffle(segs)
    for i, sid in enumerate(segs[:routes]):
        state.routes[sid] = state.order[i % 4]
    state.epoch = 3
    for p in state.players.values():
        p.coins = 60
    state.active = "p1"
    return state


def _far_site(state, faction: str, kind: str):
    """A free tower for ``kind`` where the supply must come from afar: the best-connected castle
    with such a tower and a laid route, none of the player's buildings in it."""
    from rulesets.tetranomicon.data import TERRAIN_OF, material_for

    m = material_for(state)
    for cid in m.castles:
        castle = m.castle(cid)
        if cid in state.trophies or any(b.owner == faction for b in state.buildings_in(cid)):
            continue
        if not any(s.id in state.routes for s in m.segments_at[cid]):
            continue
        for t, terrain in enumerate(castle.towers):
            if terrain == TERRAIN_OF[kind] and state.building_at(cid, t + 1) is None:
                return cid, t + 1
    raise AssertionError("no site")


def orders(state):
    """The bench's orders for p1: a quarry (three supply groups, the group Steiner tree) and a
    campaign against the farthest trophy, both with sources, tower and path left to the server."""
    from rulesets.tetranomicon.orders import Build, Campaign

    cid, tower = _far_site(state, "p1", "quarry")
    build = Build(building="quarry", castle=cid, tower=tower)
    campaign = Campaign(castle=max(state.trophies))
    return build, campaign


def _median_ms(fn, repeats: int) -> float:
    fn()  # warm the caches (material, parsing)
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def check_times(repeats: int = 51) -> dict:
    """Median ms to check the quarry and the campaign (`rules.legality.check`, quote included)."""
    from rulesets.tetranomicon.rules.legality import check

    state = gm_state()
    build, campaign = orders(state)
    c = check(state, "p1", build)
    assert c.quote is not None, [v.code for v in c.violations]
    k = check(state, "p1", campaign)
    assert k.quote is not None, [v.code for v in k.violations]
    return {"build_ms": _median_ms(lambda: check(state, "p1", build), repeats),
            "campaign_ms": _median_ms(lambda: check(state, "p1", campaign), repeats),
            "legs": len(c.quote.legs), "surcharge": c.quote.surcharge}


def epoch_phases(repeats: int = 51) -> dict:
    """Median ms for a whole epoch's automatic phases after the last pass (`flow.end_of_actions`:
    income re-ranked, the creature phase with trophy draws and new pools, the next initiative), on
    the GM board with 4 players; each run starts from a fresh copy made outside the timing."""
    from letopis.engine import Dice
    from rulesets.tetranomicon.rules.flow import end_of_actions

    state = gm_state()
    for cid in list(state.trophies)[:3]:  # freed castles get new trophies
        del state.trophies[cid]
        state.freed.append(cid)
    dice = Dice(_seed("epoch"))
    end_of_actions(state.clone(), dice)
    times = []
    for _ in range(repeats):
        copy = state.clone()
        t0 = time.perf_counter()
        end_of_actions(copy, dice)
        times.append((time.perf_counter() - t0) * 1000)
    return {"ms": statistics.median(times)}


def last_pass(repeats: int = 21) -> dict:
    """Median ms of the whole last post of an epoch (`flow.apply` with a pass: the pass, whether
    the player could still pay for something, then every automatic phase)."""
    from letopis.engine import Dice
    from rulesets.tetranomicon.orders import Pass
    from rulesets.tetranomicon.rules.flow import apply

    state = gm_state()
    for f in state.order[1:]:
        state.players[f].passed = True
    dice = Dice(_seed("pass"))
    return {"ms": _median_ms(lambda: apply(state, "p1", [Pass()], dice), repeats)}


def broke_turn(repeats: int = 21) -> dict:
    """Median ms of `flow.turn` for a player with no coins on the GM board: the game page asks
    whether any action is still affordable, which tries every candidate order (no target; the
    figure guards against the supply search creeping back in)."""
    from rulesets.tetranomicon.rules.flow import turn

    state = gm_state()
    state.players["p1"].coins = 0
    return {"ms": _median_ms(lambda: turn(state), repeats)}


if __name__ == "__main__":
    print(check_times(), epoch_phases(), last_pass(), broke_turn())
