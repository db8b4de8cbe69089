"""Graph searches over the board: supply access for a building and the path of a campaign.

The graph's nodes are castles, its edges segments. A segment's weight for a player is 0 when it
carries that player's route and 1 otherwise (another player's route, or no route at all):

- supply (TET-BLD-08, TET-GAP-13, TET-GAP-14) travels only over laid routes, through any castles;
  the surcharge counts the other players' routes used, each once (``union``: the cheapest tree
  joining the building site to one source of every needed kind — a group Steiner tree, solved
  exactly by Dreyfus–Wagner over at most three groups) or once per path (``per_path``);
- a campaign (TET-TRO-05, TET-GAP-18) may cross any segment, laid or not, and pays 1 for each one
  without the player's own route: a 0-1 shortest path.

Ties are broken by the board's order of castles, so a choice is reproducible.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from heapq import heapify, heappop, heappush
from weakref import WeakKeyDictionary

from ..data import Material

Weight = Callable[[str], int]  # segment id → 0 or 1


@dataclass(frozen=True)
class Paths:
    """0-1 shortest paths from one castle: cost and previous (castle, segment) per reached castle."""

    origin: str
    cost: dict[str, int]
    hops: dict[str, int]
    prev: dict[str, tuple[str, str]]

    def segments_to(self, castle: str) -> list[str]:
        """The segments from the origin to ``castle``, in order from the origin."""
        out: list[str] = []
        while castle != self.origin:
            castle, seg = self.prev[castle]
            out.append(seg)
        return out[::-1]

    def castles_to(self, castle: str) -> list[str]:
        out = [castle]
        while castle != self.origin:
            castle = self.prev[castle][0]
            out.append(castle)
        return out[::-1]


class _Board:
    """A material's graph by index: castles numbered in board order (so an index *is* the board's
    order for tie-breaking), and per castle its (neighbour, segment id) in ``segments_at`` order."""

    def __init__(self, m: Material) -> None:
        self.ids = list(m.castles)
        self.index = {c: i for i, c in enumerate(self.ids)}
        self.at = [[(self.index[seg.other(c)], seg.id) for seg in m.segments_at[c]] for c in self.ids]


_BOARDS: WeakKeyDictionary[Material, _Board] = WeakKeyDictionary()


def _board(m: Material) -> _Board:
    b = _BOARDS.get(m)
    if b is None:
        b = _BOARDS[m] = _Board(m)
    return b


Adjacency = list[list[tuple[int, int, str]]]  # per castle: (neighbour, weight, segment id)


def _adjacency(b: _Board, edges: Iterable[str], weight: Weight) -> Adjacency:
    """The allowed segments only, each with its weight (asked once per segment)."""
    allowed = set(edges)
    w = {s: weight(s) for s in allowed}
    return [[(there, w[sid], sid) for there, sid in row if sid in allowed] for row in b.at]


def _bfs(adj: Adjacency, origin: int) -> tuple[list[int], list[int], list[tuple[int, str] | None], list[int]]:
    """The 0-1 BFS of `shortest` on indices: cost (-1 = not reached), hops, prev, and the castles
    in the order they were first reached. Step for step the same search, so the same answers."""
    n = len(adj)
    cost = [-1] * n
    hops = [0] * n
    prev: list[tuple[int, str] | None] = [None] * n
    done = [False] * n
    cost[origin] = 0
    seen = [origin]
    queue: deque[int] = deque([origin])
    popleft, appendleft, append = queue.popleft, queue.appendleft, queue.append
    while queue:
        here = popleft()
        if done[here]:
            continue
        done[here] = True
        base, h = cost[here], hops[here] + 1
        for there, w, sid in adj[here]:
            c = base + w
            old = cost[there]
            if old < 0 or c < old or (c == old and h < hops[there]):
                if old < 0:
                    seen.append(there)
                cost[there] = c
                hops[there] = h
                prev[there] = (here, sid)
                if w == 0:
                    appendleft(there)
                else:
                    append(there)
    return cost, hops, prev, seen


def _segments_to(prev: list[tuple[int, str] | None], origin: int, castle: int) -> list[str]:
    out: list[str] = []
    while castle != origin:
        step = prev[castle]
        assert step is not None
        castle, seg = step
        out.append(seg)
    return out[::-1]


def shortest(m: Material, origin: str, edges: Iterable[str], weight: Weight) -> Paths:
    """0-1 BFS from ``origin`` over the segments ``edges``; ties: fewer hops, then board order."""
    b = _board(m)
    return _paths(b, b.index[origin], _bfs(_adjacency(b, edges, weight), b.index[origin]))


def _paths(b: _Board, origin: int, found: tuple) -> Paths:
    cost, hops, prev, seen = found
    ids = b.ids
    return Paths(ids[origin], {ids[i]: cost[i] for i in seen}, {ids[i]: hops[i] for i in seen},
                 {ids[i]: (ids[prev[i][0]], prev[i][1]) for i in seen if i != origin})


@dataclass(frozen=True)
class SupplyTree:
    """The chosen source castle per group and the segments the supply uses (each leg's path)."""

    sources: tuple[str, ...]  # one castle per group, in group order
    legs: tuple[tuple[str, ...], ...]  # per group: segments from the site to the source
    cost: int  # the surcharge: foreign routes counted as the mode says


def _leg_in_tree(m: Material, site: str, target: str, tree: set[str]) -> tuple[str, ...]:
    if site == target:
        return ()
    paths = shortest(m, site, tree, lambda _s: 1)
    return tuple(paths.segments_to(target))


def supply_tree(m: Material, site: str, groups: list[list[str]], laid: Iterable[str], weight: Weight,
                mode: str) -> SupplyTree | None:
    """The cheapest way to reach one castle of every group from ``site`` over the laid segments;
    None when some group cannot be reached (TET-BLD-08)."""
    b = _board(m)
    adj = _adjacency(b, laid, weight)
    order = b.index
    root = order[site]
    found = _bfs(adj, root)
    from_site = _paths(b, root, found)
    cands = [[c for c in g if c in from_site.cost] for g in groups]
    if any(not g for g in cands):
        return None
    if not groups:
        return SupplyTree((), (), 0)
    if mode == "per_path" or len(groups) == 1:
        picks = [min(g, key=lambda c: (from_site.cost[c], from_site.hops[c], order[c])) for g in cands]
        legs = tuple(tuple(from_site.segments_to(c)) for c in picks)
        cost = sum(from_site.cost[c] for c in picks)
        if mode != "per_path":
            cost = sum(weight(s) for s in {s for leg in legs for s in leg})
        return SupplyTree(tuple(picks), legs, cost)
    return _steiner(m, b, adj, root, found, cands, weight)


def _nearest(adj: Adjacency, seeds: list[tuple[int, int, int]]) -> tuple[list[int], list[int]]:
    """For every castle the least (cost + distance, seed) over the seeds (cost, seed, castle):
    a Dijkstra on the lexicographic pair, so a tie goes to the seed first in board order."""
    n = len(adj)
    cost = [-1] * n
    seed = [0] * n
    heap = list(seeds)
    heapify(heap)
    while heap:
        c, s, v = heappop(heap)
        if cost[v] >= 0:
            continue
        cost[v], seed[v] = c, s
        for there, w, _ in adj[v]:
            if cost[there] < 0:
                heappush(heap, (c + w, s, there))
    return cost, seed


def _steiner(m: Material, b: _Board, adj: Adjacency, root: int, found: tuple, cands: list[list[str]],
             weight: Weight) -> SupplyTree:
    """Dreyfus–Wagner for a group Steiner tree rooted at the site (groups ≤ 3).

    The textbook step «best over every castle u of dp[u] + dist(v, u)», with ties to the first u in
    board order, is one Dijkstra from all u at once on the pair (cost, u) — the same value and the
    same u as the all-pairs table would give, without a search from every castle. The paths of
    the chosen tree are then read from a full 0-1 BFS from each castle the tree branches at, as
    before."""
    nodes = sorted(found[3])  # castle indices = board order
    k = len(cands)
    full = (1 << k) - 1
    inf = 1 << 30
    dp: dict[int, list[int]] = {}
    how: dict[int, list[int]] = {}  # per castle: the leaf (singletons) or the castle u (unions)
    splits: dict[int, list[int]] = {}
    for i, group in enumerate(cands):
        dp[1 << i], how[1 << i] = _nearest(adj, [(0, b.index[c], b.index[c]) for c in group])
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            continue
        subs = []
        sub = (mask - 1) & mask
        while sub:
            if sub < (mask ^ sub):  # each split once
                subs.append(sub)
            sub = (sub - 1) & mask
        merged = {u: inf for u in nodes}
        split = {u: 0 for u in nodes}
        for sub in subs:
            left, right = dp[sub], dp[mask ^ sub]
            for u in nodes:
                c = left[u] + right[u]
                if c < merged[u]:
                    merged[u], split[u] = c, sub
        splits[mask] = [split.get(u, 0) for u in range(len(adj))]
        if mask == full:  # the whole tree only from the site
            site_cost = found[0]
            best = min(nodes, key=lambda u: (merged[u] + site_cost[u], u))
            row = [0] * len(adj)
            row[root] = best
            how[mask] = row
        else:
            dp[mask], how[mask] = _nearest(adj, [(merged[u], u, u) for u in nodes])
    searches: dict[int, list] = {root: found[2]}
    edges: set[str] = set()
    chosen: dict[int, str] = {}

    def path(v: int, u: int) -> list[str]:
        if v == u:
            return []
        if v not in searches:
            searches[v] = _bfs(adj, v)[2]
        return _segments_to(searches[v], v, u)

    def unwind(mask: int, v: int) -> None:
        u = how[mask][v]
        edges.update(path(v, u))
        if mask & (mask - 1) == 0:
            chosen[mask.bit_length() - 1] = b.ids[u]
            return
        sub = splits[mask][u]
        unwind(sub, u)
        unwind(mask ^ sub, u)

    unwind(full, root)
    sources = tuple(chosen[i] for i in range(k))
    legs = tuple(_leg_in_tree(m, b.ids[root], s, edges) for s in sources)
    used = {s for leg in legs for s in leg}
    return SupplyTree(sources, legs, sum(weight(s) for s in used))
