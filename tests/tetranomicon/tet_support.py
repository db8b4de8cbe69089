"""Helpers for the Tetranomicon tests: a game with a known set-up and quick ways to lay out a
position (buildings, routes, cards, trophies) without playing up to it."""

from __future__ import annotations

import hashlib
from typing import Any

from letopis.engine import Dice, Faction
from rulesets.tetranomicon.options import Options
from rulesets.tetranomicon.orders import Pass
from rulesets.tetranomicon.rules.flow import apply
from rulesets.tetranomicon.rules.legality import check
from rulesets.tetranomicon.rules.setup import setup_with_events
from rulesets.tetranomicon.state import Building, State, Trophy

NAMES = ["Анна", "Борис", "Вера", "Глеб", "Дина", "Егор"]
FIXED = {"kamenets": 2, "chernolesye": 3, "tumanny_pereval": 1, "yuzhnaya_zastava": 4}


def seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def dice(*parts: object) -> Dice:
    return Dice(seed("tet", *parts))


def factions(n: int = 4) -> list[Faction]:
    return [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n)]


def game(n: int = 4, **options: Any) -> State:
    """A game with seat 1 holding the token and the set-up trophies fixed (unless overridden)."""
    options.setdefault("first_holder", 1)
    options.setdefault("fixed_trophies", FIXED)
    return setup_with_events(Options(**options), factions(n), dice("setup", n))[0]


def put(state: State, owner: str, kind: str, castle: str, tower: int) -> None:
    state.buildings.append(Building(owner=owner, kind=kind, castle=castle, tower=tower))  # type: ignore[arg-type]


def lay(state: State, owner: str, *segments: str) -> None:
    for s in segments:
        state.routes[s] = owner


def army(state: State, faction: str, *cards: str) -> None:
    state.players[faction].creatures.extend(cards)


def trophy(state: State, castle: str, level: int, face_up: bool = True) -> None:
    state.trophies[castle] = Trophy(level=level, castle=castle, face_up=face_up)


def codes(state: State, faction: str, order: Any) -> list[str]:
    return [v.code for v in check(state, faction, order).violations]


def clauses(state: State, faction: str, order: Any) -> list[str]:
    return [v.clause for v in check(state, faction, order).violations]


def quote(state: State, faction: str, order: Any) -> Any:
    c = check(state, faction, order)
    assert c.ok, [v.message for v in c.violations]
    return c.quote


def play(state: State, faction: str, order: Any, step: object = 0) -> tuple[State, list]:
    out = apply(state, faction, [order], dice("step", step))
    return out.state, out.events


def pass_all(state: State, step: object = "pass") -> tuple[State, list]:
    """Everyone passes, in turn order, until the action phase ends."""
    events: list = []
    epoch = state.epoch
    i = 0
    while state.phase != "over" and state.epoch == epoch:
        assert state.active is not None
        state, ev = play(state, state.active, Pass(), (step, i))
        events.extend(ev)
        i += 1
    return state, events
