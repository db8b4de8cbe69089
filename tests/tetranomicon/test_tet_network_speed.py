"""The optimised graph searches give exactly the answers of the straightforward ones (issue 10,
performance): the same cheapest supply tree — sources, legs, surcharge — and the same campaign
paths, ties included, on random boards with random routes; and the shortcut in `affordable_kinds`
changes no answer. TET-BLD-08, TET-GAP-13, TET-GAP-14, TET-GAP-18."""

from __future__ import annotations

import random

import pytest
import reference_network as ref
from tet_support import game, lay, put

from bench.tetranomicon import gm_board_edges
from rulesets.tetranomicon.data import Material, load_material
from rulesets.tetranomicon.data.models import BoardDef
from rulesets.tetranomicon.rules import network
from rulesets.tetranomicon.rules.legality import affordable_kinds, candidate_orders, check


def random_material(rnd: random.Random) -> Material:
    """A random connected-or-not board of 4–24 castles: a random tree plus extra segments, or a
    jittered grid with diagonals (the bench's generator) at random sizes."""
    n = rnd.randint(4, 24)
    pairs: set[tuple[int, int]] = set()
    if rnd.random() < 0.5:
        for i in range(1, n):
            if rnd.random() < 0.9:  # sometimes a castle with no way in: more than one component
                pairs.add((rnd.randrange(i), i))
        for _ in range(rnd.randint(0, 2 * n)):
            a, b = rnd.sample(range(n), 2)
            pairs.add((min(a, b), max(a, b)))
    else:
        cols = rnd.randint(2, 6)
        rows = max(2, n // cols)
        n = cols * rows
        grid = len(gm_board_edges(0, cols, rows, 0))
        pairs = set(gm_board_edges(rnd.randrange(1000), cols, rows, grid + rnd.randint(0, n)))
    pairs = {p for p in pairs if p[0] != p[1]}
    if not pairs:
        pairs = {(0, 1)}
    order = list(range(n))
    rnd.shuffle(order)  # board order unrelated to the numbering
    board = BoardDef.model_validate({
        "name": "случайное поле",
        "castles": [{"id": f"c{i}", "code": f"К{i}", "name": f"Замок {i}", "towers": ["plain"]} for i in order],
        "segments": [{"id": f"s{j}", "between": [f"c{a}", f"c{b}"], "kind": "road"}
                     for j, (a, b) in enumerate(sorted(pairs, key=lambda _p: rnd.random()))],
    })
    base = load_material()
    return Material(board, base.decks, base.trophies)


def random_case(rnd: random.Random):
    m = random_material(rnd)
    segs = list(m.segments)
    laid = {s: rnd.choice("ABCD") for s in segs if rnd.random() < rnd.choice((0.5, 0.8, 1.0))}

    def weight(s: str) -> int:
        return 0 if laid.get(s) == "A" else 1

    castles = list(m.castles)
    site = rnd.choice(castles)
    groups = []
    for _ in range(rnd.randint(0, 3)):
        members = set(rnd.sample(castles, rnd.randint(1, min(4, len(castles)))))
        groups.append([c for c in castles if c in members])  # in board order, as legality gives them
    return m, site, groups, laid, weight


def _tree(t):
    return None if t is None else (t.sources, t.legs, t.cost)


@pytest.mark.parametrize("mode", ["union", "per_path"])
def test_supply_tree_is_the_straightforward_one_on_random_boards(mode):
    rnd = random.Random(f"supply-{mode}")
    found = 0
    for _ in range(400):
        m, site, groups, laid, weight = random_case(rnd)
        fast = network.supply_tree(m, site, groups, list(laid), weight, mode)
        slow = ref.supply_tree(m, site, groups, list(laid), weight, mode)
        assert _tree(fast) == _tree(slow), (site, groups, laid)
        found += fast is not None and len(groups) >= 2
    assert found > 50  # the group Steiner tree was really exercised


def test_shortest_paths_are_the_straightforward_ones_on_random_boards():
    rnd = random.Random("shortest")
    for _ in range(300):
        m, site, _, laid, weight = random_case(rnd)
        edges = list(m.segments) if rnd.random() < 0.5 else list(laid)
        fast = network.shortest(m, site, edges, weight)
        slow = ref.shortest(m, site, edges, weight)
        assert (fast.origin, fast.cost, fast.hops, fast.prev) == (slow.origin, slow.cost, slow.hops, slow.prev)
        assert list(fast.cost) == list(slow.cost)  # the same castles reached in the same order


def test_affordable_kinds_skips_no_build_that_is_legal():
    """The shortcut «the price before any surcharge is already too high» agrees with checking
    every candidate order in full, for rich, poor and broke players on random positions."""
    rnd = random.Random("afford")
    for i in range(12):
        state = game(4)
        faction = state.active
        assert faction is not None
        segs = ["У1", "У2", "У3", "У4", "У5", "У6", "У7", "У8", "У9", "У10", "У11", "У12"]
        for s in rnd.sample(segs, rnd.randint(0, 10)):
            lay(state, rnd.choice(state.order), s)
        for cid, tower, kind in (("severgrad", 1, "farm"), ("rechnoy_brod", 2, "sawmill"), ("dubrava", 4, "mine"),
                                 ("ozyorsk", 1, "farm"), ("dubrava", 1, "sawmill")):
            if rnd.random() < 0.6:
                put(state, rnd.choice(state.order), kind, cid, tower)
        state.epoch = rnd.randint(1, 4)
        state.players[faction].coins = rnd.choice((0, 2, 3, 4, 5, 7, 30))
        full: list[str] = []
        for o in candidate_orders(state, faction):
            if o.kind not in full and check(state, faction, o).ok:
                full.append(o.kind)
        assert affordable_kinds(state, faction) == full, i
