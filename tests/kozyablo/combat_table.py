"""A small table for combat tests: players seated by race, their sectors and capitals laid down,
pieces put where a test wants them (KZ-C's helper; not a test module)."""

from __future__ import annotations

from letopis.engine.dice import Dice
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.options import Options
from rulesets.kozyablo.orders import Attack, Move, TargetPick
from rulesets.kozyablo.state import SECTOR_KINDS, Pending, Player, Sector, State

CAPITALS = {"pozorki": "pozorishche", "trutni": "uley", "kozly": "kozlinaya_gora", "zhloby": "zhlobograd"}
NAMES = {"p1": "Вася", "p2": "Петя", "p3": "Оля", "p4": "Коля"}
SEED = "00" * 32


def table(*races: str, **options: object) -> State:
    """Players p1, p2… of these races in this turn order, every sector and capital laid down."""
    races = races or ("pozorki", "trutni")
    factions = [f"p{i}" for i in range(1, len(races) + 1)]
    players = {f: Player(faction=f, name=NAMES[f], race=r, capital=CAPITALS[r]) for f, r in zip(factions, races)}
    state = State(options=Options(**options), factions=factions, players=players, order=list(factions), phase="play")
    for number, f in enumerate(factions, 1):
        for kind in SECTOR_KINDS:
            sid = f"{kind}-{number}"
            state.sectors[sid] = Sector(id=sid, kind=kind, number=number, card=CARDS.sector_card(kind).id, put_by=f)
        cid = f"capital-{number}"
        state.sectors[cid] = Sector(id=cid, kind="capital", number=number, card=CAPITALS[races[number - 1]], put_by=f)
        players[f].capital_sector = cid
    return state


def put(state: State, owner: str, card: str, sector: str = "gold-1", **fields: object) -> str:
    """Put a card on the table as a piece; returns its uid."""
    from rulesets.kozyablo.state import Piece

    uid, seq = state.next_uid()
    state.pieces[uid] = Piece(uid=uid, card=card, owner=owner, sector=sector, seq=seq, **fields)
    return uid


def dice(seed: str = SEED) -> Dice:
    return Dice(seed)


def attack(sector: str, *picks: tuple[str, tuple[str, ...]]) -> Attack:
    return Attack(sector=sector, picks=tuple(TargetPick(striker=s, targets=t) for s, t in picks))


def pend_attack(state: State, attacker: str, order: Attack, waiting: list[str]) -> None:
    state.pending = Pending(kind="attack", active=attacker, action=[order.model_dump()], waiting=waiting)


def pend_retreat(state: State, mover: str, move: Move, waiting: list[str]) -> None:
    state.pending = Pending(kind="retreat", active=mover, action=[move.model_dump()], waiting=waiting)


def texts(events: list) -> list[str]:
    return [e.text for e in events]


def game(*races: str, **options: object) -> State:
    """A table in its first round (the turn-flow tests start there)."""
    state = table(*(races or ("pozorki", "trutni")), **options)
    state.round = 1
    return state


def run(state: State, faction: str, *orders, seed: str = "00"):
    """Apply one post's orders; the new state and its events."""
    from rulesets.kozyablo.rules.resolution import apply

    out = apply(state, faction, list(orders), dice(seed * 32))
    return out.state, out.events
