"""Victory (WG-DEF-WIN): a player with no figures is out; the last player with figures wins;
at the end of round `round_limit` the highest total cost of surviving figures wins (a living
dragon counts in full), a tie is a draw."""

from __future__ import annotations

from letopis.engine.contract import Result
from letopis.engine.events import Event

from ..state import State


def army_value(state: State, faction: str) -> int:
    return sum(state.spec(f).cost for f in state.living(faction))


def eliminate(state: State) -> list[Event]:
    """WG-DEF-WIN-01/02: mark players with no figures as out; end the battle when one is left."""
    events: list[Event] = []
    if state.phase in ("deploy", "over"):
        return events
    for f, p in state.players.items():
        if not p.out and not state.has_living(f):
            p.out = True
            events.append(Event(kind="player_out", text=f"{p.name} выбывает: фигур не осталось.",
                                clause="WG-DEF-WIN-01", faction=f))
    left = [f for f in state.factions if not state.players[f].out]
    if len(left) <= 1:
        state.phase = "over"
        state.stack.clear()
        state.pending = None
        state.winners = left
        state.draw = not left
        if left:
            events.append(Event(kind="victory", text=f"Победа: {state.players[left[0]].name} — больше ни у кого не осталось фигур.",
                                clause="WG-DEF-WIN-02", faction=left[0]))
        else:
            events.append(Event(kind="victory", text="Ничья: фигур не осталось ни у кого.", clause="WG-DEF-WIN-02"))
    return events


def round_limit(state: State) -> list[Event]:
    """WG-DEF-WIN-03: scores by surviving cost after the last round."""
    left = [f for f in state.factions if not state.players[f].out]
    values = {f: army_value(state, f) for f in left}
    best = max(values.values())
    top = [f for f in left if values[f] == best]
    state.phase = "over"
    state.stack.clear()
    state.pending = None
    listing = ", ".join(f"{state.players[f].name} — {v}" for f, v in values.items())
    if len(top) == 1:
        state.winners = top
        return [Event(kind="victory", clause="WG-DEF-WIN-03", faction=top[0], data={"values": values},
                      text=f"Ход {state.round} был последним. Стоимость уцелевших фигур: {listing}. "
                           f"Победа: {state.players[top[0]].name}.")]
    state.draw = True
    return [Event(kind="victory", clause="WG-DEF-WIN-03", data={"values": values},
                  text=f"Ход {state.round} был последним. Стоимость уцелевших фигур: {listing}. Ничья.")]


def result(state: State) -> Result | None:
    if state.phase != "over":
        return None
    scores = {f: float(army_value(state, f)) for f in state.factions}
    if state.draw or not state.winners:
        return Result(winners=[], scores=scores, draw=True, text="Ничья.")
    names = ", ".join(state.players[f].name for f in state.winners)
    return Result(winners=list(state.winners), scores=scores, text=f"Победа: {names}.")
