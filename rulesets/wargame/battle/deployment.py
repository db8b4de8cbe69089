"""Deployment (WG-DEF-BOARD-05): every figure in the player's zone, one figure per cell; with
`hidden_deployment` the posts are collected and revealed together (checklist §5)."""

from __future__ import annotations

from ..messages import Violation, violation
from ..naming import Namer, cell_text
from ..orders import Deploy
from ..rules.geometry import on_board, terrain
from ..state import Cell, State, Zone


def zone_of(state: State, faction: str) -> Zone | None:
    seat = state.players[faction].seat
    return next((z for z in state.board.zones if z.seat == seat), None)


def zone_text(zone: Zone | None) -> str:
    if zone is None:
        return "зона не задана"
    return f"от {cell_text(zone.corner)} до {cell_text(zone.opposite)}"


def check_deploy(state: State, faction: str, order: Deploy) -> Violation | None:
    fig = state.figures.get(order.figure)
    n = Namer(state, faction)
    if fig is None:
        return violation("fig.unknown", "WG-DEF-ARMY-03")
    if fig.side != faction:
        return violation("fig.not_own", "WG-DEF-BOARD-05", who=n.figure(fig.id))
    cell: Cell = tuple(order.cell)  # type: ignore[assignment]
    if not on_board(state.board, cell):
        return violation("move.off_board", "WG-DEF-BOARD-01", cell=cell_text(cell), w=state.board.width,
                         h=state.board.height)
    zone = zone_of(state, faction)
    if zone is None or not zone.contains(cell):
        return violation("deploy.zone", "WG-DEF-BOARD-05", cell=cell_text(cell), zone=zone_text(zone))
    other = state.at(cell)
    if other is not None and other.id != fig.id:
        return violation("deploy.occupied", "WG-DEF-BOARD-03", cell=cell_text(cell), who=n.figure(other.id))
    if terrain(state.board, cell) == "rock":
        return violation("deploy.rock", "WG-DEF-BOARD-04", cell=cell_text(cell))
    return None


def default_deployment(state: State, faction: str) -> list[Deploy]:
    """A deadline default: the undeployed figures, in army-list order, on the free cells of the
    zone nearest the board's middle row."""
    zone = zone_of(state, faction)
    if zone is None:
        return []
    (x1, y1), (x2, y2) = zone.corner, zone.opposite
    mid_y, mid_x = (state.board.height + 1) / 2, (state.board.width + 1) / 2
    cells = [(x, y) for y in range(min(y1, y2), max(y1, y2) + 1) for x in range(min(x1, x2), max(x1, x2) + 1)
             if state.at((x, y)) is None and terrain(state.board, (x, y)) != "rock"]
    cells.sort(key=lambda c: (abs(c[1] - mid_y), abs(c[0] - mid_x), c[1], c[0]))
    todo = [f for f in sorted(state.figures.values(), key=lambda f: f.order) if f.side == faction and f.cell is None
            and f.alive]
    return [Deploy(figure=f.id, cell=c) for f, c in zip(todo, cells)]
