"""Maneuver lines (WG-DEF-MOVE, WG-DEF-TOWER-02, WG-DEF-ABIL-01, WG-DEF-CHARGE-01): the legality
of a move, a storm or a teleport against the board as it stands, and carrying it out.

`check_movement` returns the violation (if any) and the path with its ОМ cost and what is left —
the live check shows these, and an unreachable destination states the cost and the ОМ
(WG-DEF-MOVE-05)."""

from __future__ import annotations

from ..messages import Violation, violation
from ..naming import Namer, cell_text
from ..orders import Charge, Continue, Move, Storm, Teleport
from ..rules.geometry import dist, elevation, on_board, terrain
from ..rules.paths import PathResult, figure_om, find_path
from ..state import Cell, Figure, State


def own_figure(state: State, faction: str, fid: str) -> tuple[Figure | None, Violation | None]:
    fig = state.figures.get(fid)
    if fig is None:
        return None, violation("fig.unknown", "WG-DEF-ARMY-03")
    if fig.side != faction:
        return None, violation("fig.not_own", "WG-DEF-TURN-05", who=Namer(state, faction).figure(fid))
    if not fig.alive:
        return None, dead(state, faction, fid, "WG-DEF-WIN-01")
    if fig.cell is None:
        n = Namer(state, faction)
        return None, violation("fig.not_deployed", "WG-DEF-BOARD-05", who=n.figure(fid),
                               placed=n.agreeing(fid, "выставлен"))
    return fig, None


def dead(state: State, viewer: str, fid: str, clause: str) -> Violation:
    """«Мечник №2» уже погиб, «Катапульта» уже уничтожена."""
    n = Namer(state, viewer)
    word = "уничтожен" if state.figures[fid].kind == "machine" else "погиб"
    return violation("fig.dead", clause, who=n.figure(fid), dead=n.agreeing(fid, word))


def charge_eligible(state: State, faction: str) -> bool:
    """WG-CHARGE-01: the player first in this round's maneuver phase."""
    return bool(state.order) and state.order[0] == faction


def tower_targets(state: State, fig: Figure, cell: Cell) -> list[Figure]:
    """Occupied tower cells within 1 step of ``cell`` held by enemies out of reach (2 levels up)."""
    mine = elevation(state.board, cell)
    return [e for e in state.living() if e.side != fig.side and dist(e.cell, cell) <= 1  # type: ignore[arg-type]
            and terrain(state.board, e.cell) == "tower" and elevation(state.board, e.cell) - mine >= 2]  # type: ignore[arg-type]


def check_movement(state: State, faction: str, order, om: int | None = None) -> tuple[Violation | None, PathResult | None]:
    """Move, Charge, Continue or Storm: may this figure go there now, and by which path."""
    fig, bad = own_figure(state, faction, order.figure)
    if bad:
        return bad, None
    assert fig is not None and fig.cell is not None
    n = Namer(state, faction)
    who = n.figure(fig.id)
    continuation = isinstance(order, Continue)
    if fig.done and not continuation:
        return violation("move.done", "WG-DEF-MOVE-06", who=who, went=n.agreeing(fig.id, "ходил")), None
    if order.origin is not None and tuple(order.origin) != fig.cell:
        return violation("move.origin", "WG-DEF-MOVE-08", who=who, at=cell_text(fig.cell),
                         origin=cell_text(order.origin)), None
    dest = fig.cell if (isinstance(order, Storm) and order.dest is None) else tuple(order.dest)
    if not on_board(state.board, dest):
        return violation("move.off_board", "WG-DEF-BOARD-01", cell=cell_text(dest), w=state.board.width,
                         h=state.board.height), None
    for c in order.via:
        if not on_board(state.board, tuple(c)):
            return violation("move.off_board", "WG-DEF-BOARD-01", cell=cell_text(c), w=state.board.width,
                             h=state.board.height), None
    other = state.at(dest)
    if other is not None and other.id != fig.id:
        return violation("move.dest_occupied", "WG-DEF-BOARD-03", cell=cell_text(dest), who=n.figure(other.id)), None
    if terrain(state.board, dest) == "rock":
        return violation("move.dest_rock", "WG-DEF-MOVE-03", cell=cell_text(dest)), None
    if continuation and om is None:
        om = fig.om_left or 0
    path = find_path(state, fig, dest, tuple(tuple(c) for c in order.via), om) if dest != fig.cell else \
        PathResult((), 0, om if om is not None else figure_om(state, fig) - fig.om_spent, False)
    if path.cost is None:
        return violation("move.no_path", "WG-DEF-MOVE-03", cell=cell_text(dest)), path
    if not path.ok:
        return violation("move.too_far", "WG-DEF-MOVE-05", cell=cell_text(dest), cost=path.cost,
                         whose=n.figure(fig.id, "gen"), om=path.om), path
    if isinstance(order, Storm):
        if terrain(state.board, fig.cell) == "tower":
            return violation("storm.on_tower", "WG-DEF-TOWER-02", who=who), path
        if not tower_targets(state, fig, dest):
            return violation("storm.no_tower", "WG-TOWER-01", cell=cell_text(dest)), path
        if path.left < 2:
            return violation("storm.om", "WG-DEF-TOWER-02", whose=n.figure(fig.id, "gen"), left=path.left), path
    if isinstance(order, Charge) or (continuation and order.charge):
        if not charge_eligible(state, faction):
            first = state.players[state.order[0]].name if state.order else "—"
            return violation("charge.not_first", "WG-CHARGE-01", who=first), path
        if not path.contact:
            return violation("charge.no_contact", "WG-DEF-CHARGE-02", cell=cell_text(dest), who=who), path
    if isinstance(order, (Move, Charge, Continue)) and order.om is not None and order.om != path.cost:
        return violation("move.om_note", "WG-DEF-MOVE-05", warning=True, cost=path.cost, note=order.om), path
    return None, path


def check_teleport(state: State, faction: str, order: Teleport) -> Violation | None:
    """WG-DEF-ABIL-01: once per round, instead of moving; itself or a friendly воин within 1
    step; onto a free cell within 8 steps of the mage."""
    mage, bad = own_figure(state, faction, order.mage)
    if bad:
        return bad
    assert mage is not None and mage.cell is not None
    n = Namer(state, faction)
    who = n.figure(mage.id)
    if "teleport" not in state.spec(mage).abilities:
        return violation("tele.no_ability", "WG-DEF-ABIL-01", whose=n.figure(mage.id, "gen"))
    if mage.teleport_used:
        return violation("tele.used", "WG-DEF-ABIL-01", who=who, did=n.agreeing(mage.id, "провёл"))
    if mage.done:
        return violation("tele.moved", "WG-DEF-MOVE-06", who=who, went=n.agreeing(mage.id, "ходил"))
    fig, bad = own_figure(state, faction, order.figure)
    if bad:
        return bad
    assert fig is not None and fig.cell is not None
    if fig.id != mage.id:
        if fig.kind != "warrior":
            return violation("tele.not_warrior", "WG-DEF-ABIL-01", whom=n.figure(fig.id))
        if dist(fig.cell, mage.cell) > 1:
            return violation("tele.not_near", "WG-DEF-ABIL-01", whose=n.figure(mage.id, "gen"), whom=n.figure(fig.id))
        if fig.done:
            return violation("move.done", "WG-DEF-MOVE-06", who=n.figure(fig.id), went=n.agreeing(fig.id, "ходил"))
    dest = tuple(order.dest)
    if not on_board(state.board, dest):
        return violation("move.off_board", "WG-DEF-BOARD-01", cell=cell_text(dest), w=state.board.width,
                         h=state.board.height)
    other = state.at(dest)
    if other is not None:
        return violation("move.dest_occupied", "WG-DEF-BOARD-03", cell=cell_text(dest), who=n.figure(other.id))
    if terrain(state.board, dest) == "rock":
        return violation("move.dest_rock", "WG-DEF-MOVE-03", cell=cell_text(dest))
    if dist(dest, mage.cell) > 8:
        return violation("tele.too_far", "WG-DEF-ABIL-01", cell=cell_text(dest), whose=n.figure(mage.id, "gen"))
    if order.charge:
        # WG-CHARGE-01: a teleported figure may charge whatever its owner's place in the order
        from ..rules.paths import Mover
        if not Mover(state, fig).in_contact(dest):
            return violation("charge.no_contact", "WG-DEF-CHARGE-02", cell=cell_text(dest), who=n.figure(fig.id))
    return None


def path_text(start: Cell, path: PathResult) -> str:
    return " → ".join(cell_text(c) for c in (start, *path.cells))
