"""The end of a game: capture, destruction, elimination, the round limit (KZ-WIN, KZ-DEF-WIN).

Capture (KZ-WIN-02, KZ-DEF-WIN-01, KZ-GAP-34) is checked when a player declares his main action,
whatever it is: a creature of his already stands in an enemy capital sector that holds none of the
owner's creatures (those in shadow count) and none of his defensive buildings. The declared action
is then not carried out. Destruction (KZ-WIN-03, KZ-DEF-WIN-02) is a capital's damage reaching its
lives, checked after every action and combat. A fallen player is eliminated (KZ-DEF-WIN-03): his
cards leave the table and control is re-evaluated; the last player left wins — or, with the GM
option ``first_capture_wins`` (KZ-GAP-35), the first capture or destruction ends the game. With
``max_rounds`` set, the game is a draw after that round (KZ-DEF-WIN-04, KZ-GAP-42).
"""

from __future__ import annotations

from letopis.engine.events import Event

from ..messages import event, place
from ..state import State
from .combat.damage import capital_destroyed
from .combat.targets import card_of, is_creature
from .world import reevaluate_control


def alive(state: State) -> list[str]:
    """Players still in the game, in turn order."""
    return [f for f in state.order if not state.players[f].eliminated]


def captured_capitals(state: State, faction: str) -> list[str]:
    """Factions whose capital ``faction`` captures by declaring an action now (KZ-WIN-02)."""
    out: list[str] = []
    for owner in alive(state):
        if owner == faction:
            continue
        sid = state.players[owner].capital_sector
        if sid is None:
            continue
        here = state.pieces_in(sid)
        mine = [p for p in here if p.owner == faction and is_creature(state, p)]
        defenders = [p for p in here if p.owner == owner
                     and (is_creature(state, p) or card_of(state, p).defensive)]
        if mine and not defenders:
            out.append(owner)
    return out


def check_capture(state: State, faction: str) -> list[Event]:
    """Capture at the moment of the action (KZ-DEF-WIN-01); mutates; [] when nothing falls."""
    events: list[Event] = []
    for owner in captured_capitals(state, faction):
        sid = state.players[owner].capital_sector or ""
        events.append(event("capture", "KZ-WIN-02", faction=faction, who=state.players[faction].name,
                            capital=place(state, sid, "acc"), data={"by": faction, "loser": owner, "sector": sid}))
        events += fall(state, owner, faction)
        if state.phase == "over":
            break
    return events


def check_destroyed(state: State, by: str | None) -> list[Event]:
    """Capitals whose damage has reached their lives fall (KZ-DEF-WIN-02); mutates."""
    events: list[Event] = []
    for owner in alive(state):
        sid = state.players[owner].capital_sector
        if sid and capital_destroyed(state, sid) and state.phase != "over":
            events += fall(state, owner, by if by != owner else None)
    return events


def fall(state: State, loser: str, by: str | None) -> list[Event]:
    """A capital is captured or destroyed: the game ends, or the loser is eliminated."""
    if state.options.first_capture_wins and by is not None:
        return finish(state, [by])
    events = eliminate(state, loser)
    left = alive(state)
    if len(left) <= 1:
        events += finish(state, left)
    return events


def eliminate(state: State, loser: str) -> list[Event]:
    """All the loser's cards leave play; sectors are re-evaluated (KZ-DEF-WIN-03)."""
    player = state.players[loser]
    player.eliminated = True
    for uid in [u for u, p in state.pieces.items() if p.owner == loser]:
        piece = state.pieces.pop(uid)
        player.discard.append(piece.card)
        player.discard.extend(piece.artifacts)
        if card_of(state, piece).type == "hero" and piece.card not in player.dead_heroes:
            player.dead_heroes.append(piece.card)
    kept = []
    for item in state.lasting:
        if item.owner == loser or (item.on is not None and item.on not in state.pieces):
            state.players[item.owner].discard.append(item.card)
        else:
            kept.append(item)
    state.lasting = kept
    events = [event("eliminated", "KZ-DEF-WIN-03", faction=loser, who=player.name, data={"faction": loser})]
    return events + reevaluate_control(state)


def finish(state: State, winners: list[str]) -> list[Event]:
    """The game is over with these winners (KZ-WIN-01)."""
    state.phase = "over"
    state.pending = None
    state.winners = list(winners)
    names = ", ".join(state.players[f].name for f in winners)
    return [event("winner", "KZ-WIN-01", who=names, data={"winners": list(winners)})]


def round_limit(state: State) -> list[Event]:
    """After the last round allowed by ``max_rounds`` the game is a draw (KZ-DEF-WIN-04)."""
    limit = state.options.max_rounds
    if limit is None or state.round <= limit or state.phase == "over":
        return []
    state.round = limit
    state.phase = "over"
    state.pending = None
    state.draw = True
    state.winners = []
    return [event("draw_game", "KZ-DEF-WIN-04", rounds=limit, data={"rounds": limit})]

