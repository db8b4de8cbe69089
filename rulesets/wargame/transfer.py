"""Moving a battle already running on a forum into Letopis (`import_setup`) and out again
(`export_setup`).

Two document forms are accepted:

- ``{"ruleset": "wargame", "state": {...}}`` — a whole `State` as `export_setup` writes it;
- the forum form a GM types from his last battle report (see ``examples/setup-example.json``):
  ``players`` (id, name, the army list file, and each figure by its canonical name with its cell,
  «ранен», machine damage units, dragon lives, or «убит»), ``active_artifacts`` by name, the
  ``round``, the ``phase`` (``maneuver`` or ``shooting``), the round's player ``order`` and, for
  a shooting phase, who has already posted (``active``). Figures not listed are dead.
"""

from __future__ import annotations

from typing import Any

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.text_norm import normalise

from .battle.setup import setup
from .data import parse_cell
from .naming import Namer
from .options import Options
from .state import State


class SetupError(ValueError):
    """A setup document that cannot be used, with a Russian message naming the entry."""


def import_setup(document: dict[str, Any]) -> State:
    if "state" in document:
        return State.model_validate(document["state"])
    players = document.get("players") or []
    if len(players) < 2:
        raise SetupError("Нужно описать хотя бы двух игроков (players).")
    armies = tuple(p.get("army", "kingdom.toml") for p in players)
    options = Options(**{**(document.get("options") or {}), "armies": armies})
    factions = [Faction(id=p["id"], name=p.get("name", p["id"])) for p in players]
    state = setup(options, factions, Dice("00" * 32))
    order = document.get("order") or [p["id"] for p in players]
    if sorted(order) != sorted(p["id"] for p in players):
        raise SetupError("Порядок ходов (order) должен назвать каждого игрока по одному разу.")
    state.setup_order = list(order)
    for seat, f in enumerate(order, start=1):
        state.players[f].seat = seat
    for x in state.figures.values():
        x.order = state.players[x.side].seat * 1000 + x.order % 1000
    n = Namer(state)
    for p in players:
        fid = p["id"]
        # WG-DEF-ARMY-03: listed under its own player a figure is named as he names it («Рыцарь»);
        # the colour that tells it from other players' figures («Рыцарь Синих») may be written too
        own = Namer(state, fid)
        names = {normalise(namer.figure(x.id)): x.id for x in state.figures.values() if x.side == fid
                 for namer in (own, n)}
        listed = set()
        for name, info in (p.get("figures") or {}).items():
            key = names.get(normalise(name).replace("#", "№"))
            if key is None:
                raise SetupError(f"Игрок {p.get('name', fid)}: фигуры «{name}» нет в армлисте.")
            fig = state.figures[key]
            listed.add(key)
            if isinstance(info, str):
                info = {"cell": info}
            if info.get("killed") or info.get("cell") in ("убит", "убита"):
                fig.alive = False
                continue
            try:
                fig.cell = parse_cell(info["cell"])
            except (KeyError, ValueError) as exc:
                raise SetupError(f"Игрок {p.get('name', fid)}, «{name}»: клетка не указана или записана не как x-y "
                                 f"({exc}).") from None
            fig.wounded = bool(info.get("wounded", False))
            fig.units = int(info.get("units", 0))
            fig.lives = int(info.get("lives", fig.lives))
        for x in state.figures.values():
            if x.side == fid and x.id not in listed:
                x.alive = False
        arts = {a.name.lower(): a.key for a in state.players[fid].army.artifact}
        for name in p.get("active_artifacts") or []:
            key = arts.get(str(name).lower().strip("«»\""))
            if key is None:
                raise SetupError(f"Игрок {p.get('name', fid)}: артефакта «{name}» нет в армлисте.")
            state.players[fid].active_artifacts.append(key)
        if not any(x.alive for x in state.figures.values() if x.side == fid):
            state.players[fid].out = True
    state.round = int(document.get("round", 1))
    phase = document.get("phase", "maneuver")
    if phase not in ("maneuver", "shooting"):
        raise SetupError("Перенести бой можно в фазу маневра или стрельбы (phase: maneuver | shooting).")
    state.phase = phase
    state.order = [f for f in order if not state.players[f].out]
    state.active = int(document.get("active", 0))
    taken: dict[tuple[int, int], str] = {}
    for x in state.figures.values():
        if x.alive and x.cell is not None:
            if not (1 <= x.cell[0] <= state.board.width and 1 <= x.cell[1] <= state.board.height):
                raise SetupError(f"«{n.figure(x.id)}» стоит за краем поля ({x.cell[0]}-{x.cell[1]}).")
            if x.cell in taken:
                raise SetupError(f"На клетке {x.cell[0]}-{x.cell[1]} сразу две фигуры.")
            taken[x.cell] = x.id
    return state


def export_setup(state: State) -> dict[str, Any]:
    return {"ruleset": "wargame", "state": state.model_dump(mode="json")}
