"""Who fights (WG-MELEE-01..03, WG-DEF-MELEE-02/03/05): melee groups linked by contact, the
participants of a pairwise fight (contact, then the «пирамида» of supporters), and the order of
the melees of a phase (WG-GAP-35)."""

from __future__ import annotations

from ..state import Figure, State
from .geometry import contact, dist


def groups(state: State, exclude: set[str] = frozenset()) -> list[list[str]]:  # type: ignore[assignment]
    """WG-DEF-MELEE-03: connected groups of figures linked by contact, in WG-DEF-MELEE-05 order:
    the earliest player in the round order involved, then the lowest row, then the lowest column."""
    figs = [f for f in state.living() if f.id not in exclude]
    seen: set[str] = set()
    out: list[list[str]] = []
    for f in figs:
        if f.id in seen or not any(contact(state, f, g) for g in figs):
            continue
        comp, todo = [], [f]
        seen.add(f.id)
        while todo:
            cur = todo.pop()
            comp.append(cur)
            for g in figs:
                if g.id not in seen and contact(state, cur, g):
                    seen.add(g.id)
                    todo.append(g)
        out.append(comp)

    def key(comp: list[Figure]):
        first = min(state.rank(f.side) for f in comp)
        row, col = min((f.cell[1], f.cell[0]) for f in comp)  # type: ignore[index]
        return first, row, col

    out.sort(key=key)
    return [[f.id for f in sorted(c, key=lambda f: f.order)] for c in out]


def sides_of(state: State, group: list[str]) -> list[str]:
    sides = {state.figures[f].side for f in group}
    return sorted(sides, key=state.rank)


def engaged_pairs(state: State, group: list[str]) -> list[tuple[str, str]]:
    """Pairs of sides with at least one contact inside the group."""
    figs = [state.figures[f] for f in group if state.figures[f].alive]
    pairs: set[tuple[str, str]] = set()
    for a in figs:
        for b in figs:
            if a.side != b.side and contact(state, a, b):
                pairs.add(tuple(sorted((a.side, b.side), key=state.rank)))  # type: ignore[arg-type]
    return sorted(pairs, key=lambda p: (state.rank(p[0]), state.rank(p[1])))


def participants(state: State, pool: list[str], sides: list[str], exclude: set[str] = frozenset()) -> dict[str, list[str]]:  # type: ignore[assignment]
    """WG-DEF-MELEE-02: (1) every figure of the pool in contact with a pool figure of the other
    side; (2) repeatedly, a friendly figure not in contact with any enemy that stands within 1
    step of at least two participants («пирамида», WG-MELEE-03); a chain adds nobody.
    `support_mode` (WG-GAP-15) may ask for contact only or for one neighbour."""
    a, b = sides
    figs = [state.figures[f] for f in pool if state.figures[f].alive and state.figures[f].side in (a, b)]
    taking = {s: [f for f in figs if f.side == s and any(contact(state, f, g) for g in figs if g.side != s)]
              for s in (a, b)}
    mode = state.options.support_mode
    if mode != "contact_only":
        need = 2 if mode == "pyramid" else 1
        on_board = state.living()
        for s in (a, b):
            chosen = {f.id for f in taking[s]}
            foes = [e for e in on_board if e.side != s]
            spare = [f for f in on_board if f.side == s and f.id not in chosen and f.id not in exclude
                     and not f.fought and not any(contact(state, f, e) for e in foes)]
            grew = True
            while grew:
                grew = False
                for f in spare:
                    if f.id in chosen:
                        continue
                    near = sum(1 for p in taking[s] if dist(f.cell, p.cell) <= 1)  # type: ignore[arg-type]
                    if near >= need:
                        taking[s].append(f)
                        chosen.add(f.id)
                        grew = True
    return {s: [f.id for f in sorted(taking[s], key=lambda f: f.order)] for s in (a, b)}


def group_of(state: State, fig: Figure) -> list[str]:
    """The melee group ``fig`` belongs to now (empty if it is not in contact)."""
    for g in groups(state):
        if fig.id in g:
            return g
    return []
