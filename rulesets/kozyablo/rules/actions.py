"""Carrying out the actions of a turn on a state the caller owns (a clone): playing cards, drawing,
moving, abilities, skipping. Combat and retreat attacks are combat/fight.py's; this module moves the
survivors and does everything else.

Every function mutates ``state`` and returns the chronicle's events. Secrets (checklist §5): a
drawn card is two events — a public «Анна берёт карту.» without the card, and a private one for
its owner (`public=False`) that names it (KZ-DRAW-01). A played card is public once it resolves.
"""

from __future__ import annotations

from letopis.engine.events import Event

from ..data import book_for
from ..messages import cards_acc, event, piece_in, place, target_in
from ..orders import CAPITAL_TARGET, DrawCard, Move, PlayCard, Skip, UseAbility
from ..refs import sector_name
from ..state import Piece, State
from . import lasting
from .combat.damage import capital_destroyed, capital_life, effect_damage, take
from .triggers import heal, lives
from .world import reevaluate_control


def _who(state: State, faction: str) -> str:
    p = state.players.get(faction)
    return p.name if p else faction


def _sector(state: State, sid: str, case: str = "acc") -> str:
    return place(state, sid, case)


# --- drawing ---------------------------------------------------------------------------------------
def draw_cards(state: State, faction: str, n: int, clause: str = "KZ-DRAW-01") -> list[Event]:
    """Take up to ``n`` top cards of the deck into the hand (KZ-DRAW-01; fewer when the deck runs
    out, KZ-GAP-16). Public: how many; private: which."""
    player = state.players[faction]
    drawn, player.deck = player.deck[:n], player.deck[n:]
    player.hand += drawn
    book = book_for(state)
    events: list[Event] = []
    if n == 1 and drawn:
        events.append(event("draw", clause, faction=faction, who=player.name,
                            data={"faction": faction, "count": 1, "deck": len(player.deck)}))
        events.append(event("draw_private", clause, faction=faction, public=False, card=book.card(drawn[0]).name,
                            data={"cards": drawn}))
    elif drawn:
        events.append(event("draw_cards", clause, faction=faction, who=player.name, n=cards_acc(len(drawn)),
                            data={"faction": faction, "count": len(drawn), "deck": len(player.deck)}))
        events.append(event("draw_cards_private", clause, faction=faction, public=False,
                            cards=", ".join(f"«{book.card(c).name}»" for c in drawn), data={"cards": drawn}))
    if len(drawn) < n:
        events.append(event("draw_short", "KZ-GAP-16", faction=faction, who=player.name,
                            data={"faction": faction, "asked": n, "got": len(drawn)}))
    return events


# --- shadow ----------------------------------------------------------------------------------------
def reveal(state: State, piece: Piece, clause: str = "KZ-DEF-SHADOW-02") -> list[Event]:
    """A creature leaves the shadow; it is public from now on."""
    if not piece.shadow:
        return []
    piece.shadow = False
    return [event("unshadow", clause, faction=piece.owner, who=piece_in(state, piece.uid),
                  data={"piece": piece.uid, "card": piece.card, "owner": piece.owner, "sector": piece.sector})]


def scout_check(state: State, sector: str) -> list[Event]:
    """Enemy Разведчик in the sector: every creature in shadow there leaves it (KZ-SCOUT-01,
    KZ-SHADOW-03, KZ-DEF-SHADOW-02) — combat.scout_reveal tells it."""
    from .combat.fight import scout_reveal
    return scout_reveal(state, sector)


# --- playing a card --------------------------------------------------------------------------------
def _from_hand(state: State, faction: str, card_id: str) -> None:
    hand = state.players[faction].hand
    if card_id in hand:
        hand.remove(card_id)


def _put_piece(state: State, faction: str, card_id: str, sector: str) -> Piece:
    uid, seq = state.next_uid("k")
    piece = Piece(uid=uid, card=card_id, owner=faction, sector=sector, seq=seq)
    state.pieces[uid] = piece
    return piece


def play_card(state: State, faction: str, order: PlayCard) -> list[Event]:
    """Play a card from the hand (KZ-PLAY-01); legality was checked by the reader."""
    book = book_for(state)
    card = book.card(order.card)
    who = _who(state, faction)
    _from_hand(state, faction, order.card)
    data = {"faction": faction, "card": order.card, "into": order.into, "on": order.on, "squad": order.squad}
    events: list[Event] = []
    if card.type in ("creature", "hero") and order.into:
        piece = _put_piece(state, faction, order.card, order.into)
        data["piece"] = piece.uid
        events.append(event("play_piece", "KZ-PLAY-01", faction=faction, who=who, card=card.name,
                            sector=_sector(state, order.into), data=data))
        events += scout_check(state, order.into)
    elif card.type == "building" and order.into:
        piece = _put_piece(state, faction, order.card, order.into)
        data["piece"] = piece.uid
        events.append(event("play_building", "KZ-BLD-01", faction=faction, who=who, card=card.name,
                            sector=_sector(state, order.into), data=data))
    elif card.type == "artifact" and order.on in state.pieces:
        hero = state.pieces[order.on]
        events.append(event("play_artifact", "KZ-ART-01", faction=faction, who=who, card=card.name,
                            target=piece_in(state, hero.uid, "acc"), data=data))
        hero.artifacts.append(order.card)
    else:
        events += _play_effect(state, faction, order)
    return events


def _play_effect(state: State, faction: str, order: PlayCard) -> list[Event]:
    """Magic (KZ-MAG-01/02) and events (KZ-EVT-01): the effect, then the card's fate."""
    book = book_for(state)
    card = book.card(order.card)
    who = _who(state, faction)
    player = state.players[faction]
    data = {"faction": faction, "card": order.card, "on": order.on, "squad": order.squad, "into": order.into}
    events: list[Event] = []
    if order.squad is not None:
        events.append(event("play_squad", "KZ-MAG-01", faction=faction, who=who, card=card.name,
                            sector=sector_name(state, order.squad), data=data))
    elif order.on is not None:
        events.append(event("play_on", "KZ-MAG-01" if card.type == "magic" else "KZ-EVT-01", faction=faction,
                            who=who, card=card.name, target=target_in(state, order.on, "acc"), data=data))
    else:
        events.append(event("play_plain", "KZ-PLAY-01", faction=faction, who=who, card=card.name, data=data))
    effect = card.effect
    lasts = card.type == "magic" and card.magic_kind in ("temporary", "permanent")
    if effect == "damage" and order.on:
        events += deal_card_damage(state, order.card, order.on)
    elif effect == "heal" and order.on in state.pieces:
        piece = state.pieces[order.on]
        n = heal(state, piece, int(card.params.get("amount", 0)))
        events.append(event("heal" if n else "heal_none", "KZ-MAG-02", faction=faction, target=piece_in(state, piece.uid), n=n, lives=lives(n),
                            data={"piece": piece.uid, "healed": n}))
    elif effect == "draw":
        events += draw_cards(state, faction, int(card.params.get("count", 1)), clause="KZ-EVT-01")
    elif effect == "move_own" and order.on in state.pieces and order.into:
        events += maneuver(state, state.pieces[order.on], order.into)
    if lasts:
        item = lasting.add(state, faction, order.card, on=order.on if order.squad is None else None,
                           squad=order.squad, squad_owner=faction if order.squad else None)
        how = (f"на отряд в секторе «{sector_name(state, order.squad)}»" if order.squad else
               f"на {target_in(state, order.on, 'acc')}" if order.on else "на весь стол")
        if item.turns_left is not None:
            how += f", ходов: {item.turns_left}"
        events.append(event("lasting_on", "KZ-MAG-02", faction=faction, card=card.name, how=how,
                            data={"lasting": item.uid, "card": order.card, "turns_left": item.turns_left}))
    else:
        player.discard.append(order.card)
        events.append(event("discard_instant", "KZ-MAG-02", faction=faction, card=card.name,
                            data={"card": order.card}))
    return events


def deal_card_damage(state: State, card_id: str, target: str) -> list[Event]:
    """A magic card's or an event's damage (KZ-DEF-DMG-02): a piece may die (KZ-CREA-04), a capital
    may fall (KZ-DEF-WIN-02: the turn code reads its damage)."""
    amount = effect_damage(state, card_id, target)
    label = target_in(state, target, "nom")
    if target.startswith(CAPITAL_TARGET):
        sid = target[len(CAPITAL_TARGET):]
        take(state, target, amount)
        sector = state.sectors[sid]
        return [event("capital_damage", "KZ-WIN-03", faction=sector.put_by, capital=f"«{label}»", n=amount,
                      total=sector.damage, life=capital_life(state, sid),
                      data={"sector": sid, "damage": amount, "total": sector.damage,
                            "destroyed": capital_destroyed(state, sid)})]
    piece = state.pieces.get(target)
    if piece is None:
        return []
    events = [event("damage", "KZ-DEF-DMG-02", faction=piece.owner, target=label, n=amount,
                    data={"piece": target, "damage": amount})]
    if amount <= 0:
        return events
    artifacts = list(piece.artifacts)
    is_hero = book_for(state).card(piece.card).type == "hero"
    taken = take(state, target, amount)
    if taken.destroyed:
        events += _destroyed_events(state, piece, label, artifacts, is_hero)
    return events


def _destroyed_events(state: State, piece: Piece, label: str, artifacts: list[str], is_hero: bool) -> list[Event]:
    book = book_for(state)
    events = [event("destroyed", "KZ-CREA-04", faction=piece.owner, target=label,
                    data={"piece": piece.uid, "card": piece.card, "owner": piece.owner})]
    for art in artifacts:
        events.append(event("artifact_lost", "KZ-GAP-18", faction=piece.owner, card=book.card(art).name,
                            data={"card": art, "hero": piece.uid}))
    if is_hero:
        events.append(event("hero_dead", "KZ-HERO-03", faction=piece.owner, card=book.card(piece.card).name,
                            data={"card": piece.card}))
    return events


def maneuver(state: State, piece: Piece, dest: str) -> list[Event]:
    """«Позорный манёвр»: one creature to another sector, no retreat attack (KZ-DEF-RET-02)."""
    origin = piece.sector
    piece.sector = dest
    events = [event("maneuver", "KZ-DEF-RET-02", faction=piece.owner, target=piece_in(state, piece.uid),
                    origin=_sector(state, origin, "gen"), dest=_sector(state, dest),
                    data={"piece": piece.uid, "origin": origin, "dest": dest})]
    return events + scout_check(state, dest)


# --- moving ------------------------------------------------------------------------------------------
def move_pieces(state: State, faction: str, order: Move) -> list[Event]:
    """The move action's arrival (KZ-MOVE-01): the given creatures that are still alive go from
    origin to dest; creatures in shadow stay in it (KZ-SHADOW-04) and stay unnamed."""
    movers = [state.pieces[u] for u in order.pieces if u in state.pieces and state.pieces[u].sector == order.origin]
    seen = [p for p in movers if not p.shadow]
    hidden = [p for p in movers if p.shadow]
    events: list[Event] = []
    who = _who(state, faction)
    if seen:
        events.append(event("move", "KZ-MOVE-01", faction=faction, who=who,
                            pieces=", ".join(piece_in(state, p.uid, "acc") for p in seen),
                            origin=_sector(state, order.origin, "gen"), dest=_sector(state, order.dest),
                            data={"faction": faction, "pieces": [p.uid for p in seen], "origin": order.origin,
                                  "dest": order.dest}))
    for p in hidden:
        events.append(event("move_shadow", "KZ-SHADOW-04", faction=faction, who=who,
                            origin=_sector(state, order.origin, "gen"), dest=_sector(state, order.dest),
                            data={"faction": faction, "pieces": [p.uid], "origin": order.origin, "dest": order.dest}))
    for p in movers:
        p.sector = order.dest
    return events + scout_check(state, order.dest)


def retreat_due(state: State, faction: str, order: Move) -> bool:
    """A retreat attack follows when all the mover's creatures leave a sector holding enemy cards
    (KZ-MOVE-07, KZ-DEF-RET-01/02)."""
    from .combat.fight import causes_retreat
    return causes_retreat(state, faction, order.origin, order.pieces)


# --- abilities ---------------------------------------------------------------------------------------
def use_ability(state: State, faction: str, order: UseAbility) -> list[Event]:
    """A [Д] or [С] ability of a card on the table (KZ-ABIL-01..04). Using it brings the creature
    out of the shadow (KZ-DEF-SHADOW-02), except «Уход в тень» itself."""
    piece = state.pieces.get(order.piece)
    if piece is None:
        return []
    card = book_for(state).card(piece.card)
    ability = card.ability(order.ability)
    if ability is None:
        return []
    events: list[Event] = []
    if ability.effect != "shadow":
        events += reveal(state, piece)
    label = piece_in(state, piece.uid)
    amount = int(ability.params.get("amount", 0))
    if ability.kind == "free":
        piece.free_used.append(ability.id)
    if ability.effect == "regenerate":
        n = heal(state, piece, amount)
        kind = "regen" if n else "regen_full"
        events.append(event(kind, "KZ-REGEN-01", faction=faction, who=label, n=n, lives=lives(n),
                            data={"piece": piece.uid, "healed": n}))
    elif ability.effect == "shadow":
        events.append(event("shadow", "KZ-SHADOW-01", faction=faction, who=label, owner=_who(state, faction),
                            data={"piece": piece.uid, "card": piece.card, "sector": piece.sector}))
        piece.shadow = True
    elif ability.effect == "armour_bonus":
        piece.armour_bonus_turn += amount
        events.append(event("armour_bonus", "KZ-ABIL-03", faction=faction, who=label, ability=ability.name, n=amount,
                            data={"piece": piece.uid, "ability": ability.id, "amount": amount}))
    elif ability.effect == "heal" and order.target in state.pieces:
        target = state.pieces[order.target]
        n = heal(state, target, amount)
        events.append(event("heal" if n else "heal_none", "KZ-ABIL-04", faction=faction, target=piece_in(state, target.uid), n=n, lives=lives(n),
                            data={"piece": target.uid, "healed": n}))
    return events


def skip(state: State, faction: str, order: Skip) -> list[Event]:
    return [event("skip", "KZ-SKIP-01", faction=faction, who=_who(state, faction), data={"faction": faction})]


def draw(state: State, faction: str, order: DrawCard) -> list[Event]:
    return draw_cards(state, faction, 1)


def perform(state: State, faction: str, order: object) -> list[Event]:
    """One action that needs nobody's answer, then the control re-evaluation (KZ-DEF-SECT-02)."""
    kind = getattr(order, "kind", "")
    if kind == "play":
        events = play_card(state, faction, order)  # type: ignore[arg-type]
    elif kind == "draw":
        events = draw(state, faction, order)  # type: ignore[arg-type]
    elif kind == "move":
        events = move_pieces(state, faction, order)  # type: ignore[arg-type]
    elif kind == "ability":
        events = use_ability(state, faction, order)  # type: ignore[arg-type]
    elif kind == "skip":
        events = skip(state, faction, order)  # type: ignore[arg-type]
    else:
        events = []
    return events + reevaluate_control(state)
