"""The starting state: the map and armies from TOML, the setup order by dice, the figures
(WG-DEF-BOARD-05, WG-DEF-TURN-02, WG-DEF-ARMY-03)."""

from __future__ import annotations

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice

from ..data import load_army, load_map, parse_cell
from ..naming import figure_id
from ..options import Options
from ..state import COLOURS, Board, Figure, Player, State, Zone


def roll_order(factions: list[str], dice: Dice, purpose: str = "порядок ходов") -> tuple[list[str], list[dict]]:
    """WG-DEF-TURN-02: everyone rolls a die, the highest goes first; ties re-roll among the tied.
    Returns the order and the rolls as ``[{faction, value}]`` rounds for the chronicle."""
    log: list[dict] = []

    def rank(group: list[str]) -> list[str]:
        if len(group) == 1:
            return group
        values = {f: dice.roll(6, purpose).value for f in group}
        log.append(dict(values))
        out: list[str] = []
        for v in sorted(set(values.values()), reverse=True):
            out += rank([f for f in group if values[f] == v])
        return out

    return rank(list(factions)), log


def build_board(options: Options) -> Board:
    spec = load_map(options.map)
    w, h = options.board_width or spec.width, options.board_height or spec.height
    zones = [Zone(seat=z.seat, corner=parse_cell(z.corner), opposite=parse_cell(z.opposite)) for z in spec.zone]
    return Board(name=spec.name, width=w, height=h, rows=spec.terrain_rows(w, h), zones=zones)


def setup(options: Options, factions: list[Faction], dice: Dice) -> State:
    ids = [f.id for f in factions]
    order, rolls = roll_order(ids, dice)
    players: dict[str, Player] = {}
    figures: dict[str, Figure] = {}
    for i, fac in enumerate(factions):
        army = load_army(options.armies[i % len(options.armies)])
        seat = order.index(fac.id) + 1
        players[fac.id] = Player(faction=fac.id, name=fac.name, colour=COLOURS[i % len(COLOURS)], seat=seat,
                                 army=army)
        for pos, spec in enumerate(army.figure):
            for n in range(1, spec.count + 1):
                number = n if spec.count > 1 else None
                fid = figure_id(fac.id, spec.type, number)
                figures[fid] = Figure(id=fid, side=fac.id, type=spec.type, number=number, kind=spec.kind,
                                      order=seat * 1000 + pos * 10 + n, lives=spec.lives)
    return State(options=options, board=build_board(options), factions=ids, players=players, figures=figures,
                 setup_order=order, setup_rolls=rolls, phase="deploy")
