"""The GM's corrections of what lies on the board and before the players (TET-GM-01): trophies,
buildings, routes and cards, read from the line's items (`reading.words`) and carried out on a
state the caller owns. Each reader checks everything before it changes anything, so a refused line
leaves the state as it was.
"""

from __future__ import annotations

from letopis.engine.events import Event
from letopis.engine.problems import ProblemKind

from .data import BUILDING_NAMES, Material
from .messages import Violation, render
from .reading.words import Item
from .rules.actions import refill
from .state import State, Trophy

CLAUSE = "TET-GM-01"
_REMOVE = ("убра", "убер", "снес", "снос", "удал", "снять", "сним", "сними")
_SUPPLY = "запас"
POOLS = {"creature": "пул существ", "artifact": "пул артефактов"}


class Refusal(Exception):
    """A correction line that cannot be carried out, in Russian, with a hint."""

    def __init__(self, code: str, message: str, hint: str | None = None, kind: ProblemKind = ProblemKind.ILLEGAL,
                 span: tuple[int, int] | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.hint, self.kind, self.span = code, message, hint, kind, span


def refuse(code: str, *, kind: ProblemKind = ProblemKind.ILLEGAL, span: tuple[int, int] | None = None,
           **params: object) -> Refusal:
    """A `Refusal` worded by the catalogue (``gm.<code>`` in `messages`)."""
    message, hint = render(Violation(code=f"gm.{code}", clause=CLAUSE, params=params))
    return Refusal(f"gm.{code}", message, hint, kind, span)


def board_line(state: State, items: list[Item], m: Material) -> list[Event]:
    words = [it.text for it in items if it.kind in ("word", "concept")]
    removing = any(w.startswith(_REMOVE) for w in words)
    if any(w.startswith("трофе") for w in words):
        return _trophy(state, items, m)
    if any(it.kind == "card" for it in items):
        return _card(state, items, m)
    if any(it.kind == "segment" for it in items) or any(it.concept == "v_route" for it in items):
        return _route(state, items, m, removing)
    if any(it.kind == "building" for it in items) or any(w.startswith(("строени", "постройк")) for w in words):
        return _building(state, items, m, removing)
    raise refuse("unreadable", kind=ProblemKind.UNREADABLE)


def _people(items: list[Item]) -> list[str]:
    return [str(it.value) for it in items if it.kind == "person"]


def _after_dash(items: list[Item]) -> list[Item]:
    """What follows the last dash or colon: where a thing goes («… — Борису», «… — в запас»)."""
    marks = [k for k, it in enumerate(items) if it.sym("-", "—", "–", "→")]
    return items[marks[-1] + 1:] if marks else []


def _name(state: State, faction: str) -> str:
    return state.players[faction].name


# --- trophies ------------------------------------------------------------------------------------
def _trophy(state: State, items: list[Item], m: Material) -> list[Event]:
    """A trophy from a castle, the supply or a player's Реликвиум to a player, the supply or a castle."""
    tail = _after_dash(items)
    head = items[:len(items) - len(tail)] if tail else items
    level = next((int(it.value) for it in items if it.kind == "num"), None)
    source, owner, token = _trophy_source(state, head, level, m)
    target, where = _trophy_target(state, items, tail, owner, m)
    hidden = not token.face_up and target == "supply"  # a face-down token goes back unseen (TET-GAP-22)
    # everything is checked: change the state
    if source == "castle":
        del state.trophies[token.castle]
        if token.castle not in state.freed:
            state.freed.append(token.castle)  # TET-TRO-06, TET-GAP-20
        from_text = f"с поля ({m.castle(token.castle).name}; замок свободен от монстров)"
    elif source == "player":
        state.players[owner].trophies.remove(token)  # type: ignore[index]
        from_text = f"из Реликвиума игрока {_name(state, owner)}"  # type: ignore[arg-type]
    else:
        state.supply.remove(token.level)
        from_text = "из запаса"
    token = token.model_copy(update={"face_up": True})
    if target == "supply":
        state.supply.append(token.level)
        to_text = "в запас"
    elif target == "castle":
        state.trophies[where] = token.model_copy(update={"castle": where})
        to_text = f"на поле ({m.castle(where).name}; замок снова занят монстрами)"
    else:
        state.players[where].trophies.append(token)
        to_text = f"в Реликвиум игрока {_name(state, where)}"
    what = "закрытый трофей" if hidden else f"трофей уровня {token.level}"
    data = {"from": source, "to": target, "owner": owner, "where": where}
    if not hidden:
        data["level"] = token.level
    return [Event(kind="gm_trophy", faction=owner or (where if target == "player" else None), clause=CLAUSE,
                  text=f"Правка мастера: {what} {from_text} — {to_text}.", data=data)]


def _trophy_source(state: State, head: list[Item], level: int | None, m: Material) -> tuple[str, str | None, Trophy]:
    """Where the trophy is: («supply» | «castle» | «player», its holder, the token)."""
    if any(it.kind == "word" and it.text.startswith(_SUPPLY) for it in head):
        if level is None:
            raise refuse("trophy_level", kind=ProblemKind.UNREADABLE)
        if level not in state.supply:
            raise refuse("supply_missing", level=level)
        return "supply", None, Trophy(level=level, castle="", face_up=True, epoch=state.epoch)
    holders = _people(head)
    castle = next((str(it.value) for it in head if it.kind == "castle"), None)
    held_from = {t.castle for f in holders for t in state.players[f].trophies}
    if castle is not None and castle not in held_from:  # «трофей Каменца (—) Анне»: the one on the board
        if castle not in state.trophies:
            raise refuse("castle_no_trophy", castle=m.castle(castle).name)
        return "castle", None, state.trophies[castle]
    if len(holders) != 1:
        raise refuse("trophy_whose", kind=ProblemKind.UNREADABLE)
    mine = [t for t in state.players[holders[0]].trophies
            if (level is None or t.level == level) and (castle is None or t.castle == castle)]
    if not mine:
        raise refuse("trophy_not_held", who=_name(state, holders[0]))
    return "player", holders[0], mine[0]


def _trophy_target(state: State, items: list[Item], tail: list[Item], owner: str | None,
                   m: Material) -> tuple[str, str | None]:
    if any(it.kind == "word" and it.text.startswith(_SUPPLY) for it in tail):
        return "supply", None
    castle = next((str(it.value) for it in tail if it.kind == "castle"), None)
    if castle is not None:
        if castle in state.trophies or state.buildings_in(castle):
            raise refuse("castle_busy", castle=m.castle(castle).name)
        return "castle", castle
    takers = [p for p in _people(tail or items) if p != owner]
    if len(takers) != 1:
        raise refuse("trophy_whom", kind=ProblemKind.UNREADABLE)
    return "player", takers[0]


# --- buildings -----------------------------------------------------------------------------------
def _building(state: State, items: list[Item], m: Material, removing: bool) -> list[Event]:
    castle = next((str(it.value) for it in items if it.kind == "castle"), None)
    if castle is None:
        raise refuse("building_where", kind=ProblemKind.UNREADABLE)
    kind = next((str(it.value) for it in items if it.kind == "building"), None)
    tower = _tower(items)
    tail = _after_dash(items)
    new_owner = next((str(it.value) for it in tail if it.kind == "person"), None)
    old_owner = next((str(it.value) for it in items if it.kind == "person" and it not in tail), None)
    found = [b for b in state.buildings_in(castle) if (tower is None or b.tower == tower)
             and (kind is None or b.kind == kind) and (old_owner is None or b.owner == old_owner)]
    name = m.castle(castle).name
    if not found:
        raise refuse("building_missing", castle=name)
    if len(found) > 1:
        towers = ", ".join(str(b.tower) for b in found)
        raise refuse("building_which", kind=ProblemKind.AMBIGUOUS, castle=name, towers=towers)
    b = found[0]
    what = f"{BUILDING_NAMES[b.kind]} ({name}, башня {b.tower})"
    if removing:
        state.buildings.remove(b)
        return [Event(kind="gm_building", faction=b.owner, clause=CLAUSE,
                      text=f"Правка мастера: убрано строение игрока {_name(state, b.owner)} — {what}.",
                      data={"castle": castle, "tower": b.tower, "owner": b.owner, "to": None})]
    if new_owner is None:
        raise refuse("building_whom", kind=ProblemKind.UNREADABLE)
    if new_owner == b.owner:
        raise refuse("same_owner", who=_name(state, new_owner))
    state.buildings[state.buildings.index(b)] = b.model_copy(update={"owner": new_owner})
    return [Event(kind="gm_building", faction=new_owner, clause=CLAUSE,
                  text=f"Правка мастера: {what} — теперь строение игрока {_name(state, new_owner)} "
                       f"(было у игрока {_name(state, b.owner)}).",
                  data={"castle": castle, "tower": b.tower, "owner": b.owner, "to": new_owner})]


def _tower(items: list[Item]) -> int | None:
    for k, it in enumerate(items):
        if it.concept == "w_tower":
            nxt = items[k + 1] if k + 1 < len(items) else None
            prev = items[k - 1] if k else None
            for near in (nxt, prev):
                if near is not None and near.kind in ("num", "ordinal", "mark"):
                    return int(near.value)
    marks = [it for it in items if it.kind == "mark"]
    return int(marks[0].value) if marks else None


# --- routes -----------------------------------------------------------------------------------------
def _route(state: State, items: list[Item], m: Material, removing: bool) -> list[Event]:
    segment = next((str(it.value) for it in items if it.kind == "segment"), None)
    castles = [str(it.value) for it in items if it.kind == "castle"]
    if segment is None and len(castles) >= 2:
        seg = m.segment_between(castles[0], castles[1])
        if seg is None:
            raise refuse("no_segment", a=m.castle(castles[0]).name, b=m.castle(castles[1]).name)
        segment = seg.id
    if segment is None or segment not in m.segments:
        raise refuse("route_which", kind=ProblemKind.UNREADABLE)
    a, b = (m.castle(c).name for c in m.segments[segment].between)
    owner = state.routes.get(segment)
    if owner is None:
        raise refuse("route_missing", a=a, b=b)
    what = f"маршрут {a} — {b}"
    if removing:
        del state.routes[segment]
        return [Event(kind="gm_route", faction=owner, clause=CLAUSE,
                      text=f"Правка мастера: убран {what} (был у игрока {_name(state, owner)}).",
                      data={"segment": segment, "owner": owner, "to": None})]
    tail = _after_dash(items)
    takers = _people(tail) or _people(items)
    if len(takers) != 1:
        raise refuse("route_whom", kind=ProblemKind.UNREADABLE)
    if takers[0] == owner:
        raise refuse("same_owner", who=_name(state, owner))
    state.routes[segment] = takers[0]
    return [Event(kind="gm_route", faction=takers[0], clause=CLAUSE,
                  text=f"Правка мастера: {what} — теперь маршрут игрока {_name(state, takers[0])} "
                       f"(был у игрока {_name(state, owner)}).",
                  data={"segment": segment, "owner": owner, "to": takers[0]})]


# --- cards ----------------------------------------------------------------------------------------------
def _card(state: State, items: list[Item], m: Material) -> list[Event]:
    """A card between a pool and a player, or from one player to another."""
    card = next(str(it.value) for it in items if it.kind == "card")
    kind = "creature" if card in m.creatures else "artifact"
    pool = state.creature_pool if kind == "creature" else state.artifact_pool
    name = m.card_name(card)
    tail = _after_dash(items)
    head = items[:len(items) - len(tail)] if tail else items
    to_pool = any(it.concept == "w_pool" for it in tail)
    holders = [f for f, p in state.players.items() if card in (p.creatures if kind == "creature" else p.artifacts)]
    events: list[Event] = []
    if card in pool and not to_pool:  # from the pool to a player, the place refilled (TET-ART-03, TET-ARMY-02)
        takers = _people(items)
        if len(takers) != 1:
            raise refuse("card_whom", kind=ProblemKind.UNREADABLE, card=name)
        slot = pool.index(card) + 1
        _hand(state, takers[0], kind).append(card)
        events.append(Event(kind="gm_card", faction=takers[0], clause=CLAUSE,
                            text=f"Правка мастера: «{name}» из пула (место {slot}) — игроку {_name(state, takers[0])}.",
                            data={"card": card, "from": "pool", "to": takers[0], "slot": slot}))
        events.append(refill(state, kind, slot, m))
        return events
    said = [f for f in _people(head) if f in holders]
    owner = said[0] if said else (holders[0] if len(holders) == 1 else None)
    if owner is None:
        raise refuse("card_nowhere" if not holders else "card_whose", card=name)
    if to_pool:
        if None not in pool:
            raise refuse("pool_full", pool=POOLS[kind])
        slot = pool.index(None) + 1
        _hand(state, owner, kind).remove(card)
        pool[slot - 1] = card
        return [Event(kind="gm_card", faction=owner, clause=CLAUSE,
                      text=f"Правка мастера: «{name}» игрока {_name(state, owner)} — в {POOLS[kind]} (место {slot}).",
                      data={"card": card, "from": owner, "to": "pool", "slot": slot})]
    takers = [f for f in _people(tail) if f != owner]
    if len(takers) != 1:
        raise refuse("card_whom", kind=ProblemKind.UNREADABLE, card=name)
    _hand(state, owner, kind).remove(card)
    _hand(state, takers[0], kind).append(card)
    return [Event(kind="gm_card", faction=takers[0], clause=CLAUSE,
                  text=f"Правка мастера: «{name}» переходит от игрока {_name(state, owner)} "
                       f"к игроку {_name(state, takers[0])}.",
                  data={"card": card, "from": owner, "to": takers[0]})]


def _hand(state: State, faction: str, kind: str) -> list[str]:
    player = state.players[faction]
    return player.creatures if kind == "creature" else player.artifacts
