"""Carrying out a GM's correction patch on a state the caller owns, with the chronicle's events.

Secrets stay secret (checklist §5): a card that moves between a hand and a deck, or leaves a hand,
a deck or a card in shadow for another hidden place, is two events — a public one that says how
many cards moved where («Правка мастера: Анна — карта из колоды в руку.») and one for its owner and
the GM (``public=False``) that names it. A card that comes into the open (the discard pile, the
table) or leaves it is named for everyone. Damage on a card in shadow is told only to its owner.

A correction never kills a card, destroys a capital or wins the game: a card leaves the table only
by a move («… — в сброс»). Control of the sectors is re-evaluated after every change of the table
(KZ-DEF-SECT-02).
"""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event
from letopis.engine.problems import ProblemKind

from ..data import RESOURCE_GENITIVE, book_for
from ..messages import event, msg, piece_in, place
from ..refs import capital_sector, sector_name
from ..rules.combat.damage import capital_life, remove_piece
from ..rules.combat.targets import life_left, max_life
from ..rules.declension import lives
from ..rules.secrecy import secret_dice
from ..rules.world import production, reevaluate_control
from ..state import Piece, State
from .read import Move, Production, Wound, refuse

CLAUSE = "KZ-DEF-GM-01"


# --- production ----------------------------------------------------------------------------------
def production_fix(state: State, patch: Production) -> list[Event]:
    player = state.players[patch.owner]
    if player.capital is None:
        raise refuse("no_capital", who=player.name)
    have = production(state, patch.owner)[patch.resource]
    if have + patch.delta < 0:
        raise refuse("production_low", who=player.name, res=RESOURCE_GENITIVE[patch.resource], have=have,
                     n=-patch.delta)
    fix = player.production_fix.get(patch.resource, 0) + patch.delta
    if fix:
        player.production_fix[patch.resource] = fix
    else:
        player.production_fix.pop(patch.resource, None)
    now = production(state, patch.owner)[patch.resource]
    return [event("gm_production", CLAUSE, faction=patch.owner, who=player.name,
                  res=RESOURCE_GENITIVE[patch.resource], delta=f"{patch.delta:+d}", now=now,
                  data={"faction": patch.owner, "resource": patch.resource, "delta": patch.delta})]


# --- wounds --------------------------------------------------------------------------------------
def wound(state: State, patch: Wound) -> list[Event]:
    if patch.capital is not None:
        return _capital_wound(state, patch)
    piece = state.pieces[patch.piece]  # type: ignore[index]
    most = max_life(state, piece)
    damage = piece.damage + patch.delta if patch.delta is not None else patch.value
    name = _with_owner(state, piece)
    if damage is None or damage < 0:
        raise refuse("heal_too_much", name=name, have=piece.damage)
    if damage >= most:
        raise refuse("would_kill", name=name, life=lives(most))
    delta = damage - piece.damage
    piece.damage = damage
    left = lives(life_left(state, piece))
    data = {"piece": piece.uid, "owner": piece.owner, "damage": damage}
    if not piece.shadow:
        return [event("gm_wound", CLAUSE, faction=piece.owner, who=name, delta=f"{delta:+d}", left=left, data=data)]
    return [event("gm_wound_hidden", CLAUSE, faction=piece.owner, who=state.players[piece.owner].name,
                  data={"piece": piece.uid}),
            event("gm_wound", CLAUSE, faction=piece.owner, public=False, who=book_for(state).card(piece.card).name,
                  delta=f"{delta:+d}", left=left, data=data)]


def _capital_wound(state: State, patch: Wound) -> list[Event]:
    sector = state.sectors[patch.capital]  # type: ignore[index]
    life = capital_life(state, sector.id)
    damage = sector.damage + patch.delta if patch.delta is not None else patch.value
    name = sector_name(state, sector.id)
    if damage is None or damage < 0:
        raise refuse("heal_too_much", name=name, have=sector.damage)
    if damage >= life:
        raise refuse("would_destroy", name=name, life=lives(life))
    delta = damage - sector.damage
    sector.damage = damage
    return [event("gm_capital", CLAUSE, faction=sector.put_by, who=name, delta=f"{delta:+d}",
                  left=lives(life - damage), life=life,
                  data={"sector": sector.id, "damage": damage})]


# --- moves ---------------------------------------------------------------------------------------
def move(state: State, patch: Move, dice: Dice) -> list[Event]:
    """Take the card from where it is and put it where the GM says; nothing changes on a refusal."""
    if state.pending is not None:
        raise refuse("pending")
    player = state.players[patch.owner]
    book = book_for(state)
    card = book.card(patch.card)
    piece = state.pieces.get(patch.piece) if patch.piece else None
    if patch.dst == "table":
        _check_table(state, patch)
    in_shadow = piece is not None and piece.shadow
    hidden_from = patch.src in ("hand", "deck") or in_shadow
    public = not hidden_from or patch.dst == "discard" or patch.dst == "table" and not in_shadow
    said_from = _from(state, patch, piece)
    # take it
    if piece is not None:
        if patch.dst == "table":
            piece.sector = patch.sector  # type: ignore[assignment]
        else:
            _lift(state, piece, to_discard=patch.dst == "discard")
    else:
        getattr(player, patch.src).remove(patch.card)
    # put it
    if patch.dst == "hand":
        player.hand.append(patch.card)
    elif patch.dst == "discard" and piece is None:
        player.discard.append(patch.card)
    elif patch.dst == "deck":
        _into_deck(player.deck, patch, dice, player.name)
    elif patch.dst == "table" and piece is None:
        uid, seq = state.next_uid()
        state.pieces[uid] = Piece(uid=uid, card=patch.card, owner=patch.owner, sector=patch.sector, seq=seq)  # type: ignore[arg-type]
        if patch.card in player.dead_heroes:
            player.dead_heroes.remove(patch.card)
    said_to = _to(state, patch)
    data = {"faction": patch.owner, "from": patch.src, "to": patch.dst, "hand": len(player.hand),
            "deck": len(player.deck)}
    if patch.sector:
        data["sector"] = patch.sector
    if public:
        events = [event("gm_move", CLAUSE, faction=patch.owner, card=card.name, who=player.name,
                        src=said_from, dst=said_to, data={**data, "card": patch.card})]
    else:
        events = [event("gm_move_hidden", CLAUSE, faction=patch.owner, who=player.name,
                        card=msg("gm.a_shadow_card" if in_shadow else "gm.a_card"), src=said_from, dst=said_to, data=data),
                  event("gm_move_private", CLAUSE, faction=patch.owner, public=False, card=card.name,
                        src=said_from, dst=said_to, data={"card": patch.card})]
    if patch.src == "table" or patch.dst == "table":
        events += reevaluate_control(state)
    return events


def _check_table(state: State, patch: Move) -> None:
    """A card put on the table must fit there: a building only in its owner's capital, one copy of
    a hero (KZ-HERO-02)."""
    card = book_for(state).card(patch.card)
    cap = capital_sector(state, patch.owner)
    if card.type == "building" and (cap is None or patch.sector != cap.id):
        raise refuse("building_capital", card=card.name,
                     capital=sector_name(state, cap.id) if cap else msg("gm.no_capital_yet"))
    if card.type == "hero" and any(p.card == patch.card and p.owner == patch.owner and p.uid != patch.piece
                                   for p in state.pieces.values()):
        raise refuse("hero_twice", kind=ProblemKind.ILLEGAL, card=card.name)


def _lift(state: State, piece: Piece, to_discard: bool) -> None:
    """A card leaves the table: into the discard pile as a destroyed one does (artifacts and magic
    on it too, a hero for good, KZ-CREA-04, KZ-HERO-03); into a hand or deck only its own card,
    what was on it still to the discard pile."""
    owner = state.players[piece.owner]
    at, was_dead = len(owner.discard), piece.card in owner.dead_heroes
    remove_piece(state, piece.uid)
    if not to_discard:
        del owner.discard[at]  # the piece's own card, put there first
        if not was_dead and piece.card in owner.dead_heroes:
            owner.dead_heroes.remove(piece.card)


def _into_deck(deck: list[str], patch: Move, dice: Dice, who: str) -> None:
    if patch.deck_at == "top":
        deck.insert(0, patch.card)
    elif patch.deck_at == "bottom":
        deck.append(patch.card)
    else:  # shuffled in with the secret dice, as a mulligan is (KZ-DEF-SETUP-02)
        deck[:], _ = secret_dice(dice).shuffle([*deck, patch.card], f"правка мастера: колода {who}")


def _from(state: State, patch: Move, piece: Piece | None) -> str:
    if piece is not None:
        return "из " + place(state, piece.sector, "gen")
    return msg(f"gm.from_{patch.src}")


def _to(state: State, patch: Move) -> str:
    if patch.dst == "table":
        return "в " + place(state, patch.sector, "acc")  # type: ignore[arg-type]
    if patch.dst == "deck":
        return msg(f"gm.to_deck_{patch.deck_at}")
    return msg(f"gm.to_{patch.dst}")


def _with_owner(state: State, piece: Piece) -> str:
    """A card on the table as the chronicle names it, with its owner («Шмель №2 (Борис)»)."""
    name = piece_in(state, piece.uid)
    return name if name.endswith(")") else f"{name} ({state.players[piece.owner].name})"
