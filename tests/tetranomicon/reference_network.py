"""The straightforward graph searches of `rules.network` as first written (commit c163108), kept
as the reference the optimised searches are compared with (test_tet_network_speed.py).

Do not optimise this file: its whole point is to be obviously the algorithm the docstring of
`rules.network` describes.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rulesets.tetranomicon.data import Material

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


def shortest(m: Material, origin: str, edges: Iterable[str], weight: Weight) -> Paths:
    """0-1 BFS from ``origin`` over the segments ``edges``; ties: fewer hops, then board order."""
    allowed = set(edges)
    cost = {origin: 0}
    hops = {origin: 0}
    prev: dict[str, tuple[str, str]] = {}
    queue: deque[str] = deque([origin])
    done: set[str] = set()
    while queue:
        here = queue.popleft()
        if here in done:
            continue
        done.add(here)
        for seg in m.segments_at[here]:
            if seg.id not in allowed:
                continue
            there = seg.other(here)
            w = weight(seg.id)
            c, h = cost[here] + w, hops[here] + 1
            if there not in cost or (c, h) < (cost[there], hops[there]):
                cost[there], hops[there] = c, h
                prev[there] = (here, seg.id)
                if w == 0:
                    queue.appendleft(there)
                else:
                    queue.append(there)
    return Paths(origin, cost, hops, prev)


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
    laid = list(laid)
    order = {c: i for i, c in enumerate(m.castles)}
    from_site = shortest(m, site, laid, weight)
    reach = sorted(from_site.cost, key=order.__getitem__)
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
    return _steiner(m, site, cands, reach, laid, weight, order)


def _steiner(m: Material, site: str, cands: list[list[str]], nodes: list[str], laid: list[str],
             weight: Weight, order: dict[str, int]) -> SupplyTree:
    """Dreyfus–Wagner for a group Steiner tree rooted at ``site`` (groups ≤ 3, nodes ≤ a few dozen)."""
    paths = {v: shortest(m, v, laid, weight) for v in nodes}
    dist = {v: paths[v].cost for v in nodes}
    k = len(cands)
    full = (1 << k) - 1
    inf = 1 << 30
    dp: dict[int, dict[str, int]] = {}
    how: dict[tuple[int, str], tuple] = {}
    for i, group in enumerate(cands):
        mask = 1 << i
        dp[mask] = {}
        for v in nodes:
            best = min(group, key=lambda t: (dist[v][t], order[t]))
            dp[mask][v] = dist[v][best]
            how[(mask, v)] = ("leaf", best)
    for mask in range(1, full + 1):
        if mask & (mask - 1) == 0:
            continue
        merged: dict[str, int] = {}
        split: dict[str, int] = {}
        for v in nodes:
            best, arg = inf, 0
            sub = (mask - 1) & mask
            while sub:
                if sub < (mask ^ sub):  # each split once
                    c = dp[sub][v] + dp[mask ^ sub][v]
                    if c < best:
                        best, arg = c, sub
                sub = (sub - 1) & mask
            merged[v], split[v] = best, arg
        dp[mask] = {}
        for v in nodes:
            best_u = min(nodes, key=lambda u: (merged[u] + dist[v][u], order[u]))
            dp[mask][v] = merged[best_u] + dist[v][best_u]
            how[(mask, v)] = ("via", best_u, split[best_u])
    edges: set[str] = set()
    chosen: dict[int, str] = {}

    def unwind(mask: int, v: str) -> None:
        step = how[(mask, v)]
        if step[0] == "leaf":
            t = step[1]
            edges.update(paths[v].segments_to(t))
            chosen[mask.bit_length() - 1] = t
            return
        _, u, sub = step
        edges.update(paths[v].segments_to(u))
        unwind(sub, u)
        unwind(mask ^ sub, u)

    unwind(full, site)
    sources = tuple(chosen[i] for i in range(k))
    legs = tuple(_leg_in_tree(m, site, s, edges) for s in sources)
    used = {s for leg in legs for s in leg}
    return SupplyTree(sources, legs, sum(weight(s) for s in used))
