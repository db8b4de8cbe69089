"""Damage: how much a strike or a card deals, putting it on a card, deaths and a capital's ruin.

Strike damage (KZ-DEF-DMG-01, KZ-GAP-24): a protected target takes nothing (KZ-WPROT-01,
KZ-APROT-01, KZ-MPROT-01); Атака магией ignores armour (KZ-ARMOR-03); otherwise armour X reduces
attack A to max(1, A − X) (KZ-ARMOR-01/02), and a building's strike too unless the GM turns
``armour_vs_buildings`` off (KZ-GAP-25); then +1 against Нежить from Магическое оружие or Атака
магией (KZ-UNDEAD-02). A capital is a target with its card's Броня (2) and nothing else.
Card damage (KZ-DEF-DMG-02): the printed amount, no armour; magic +1 against Нежить and nothing
against Защита от магии (but «Слово Летаро»); events no bonus.

Damage stays on the cards (KZ-COMBAT-08). A piece whose damage reaches its life is destroyed at
once: its card, its artifacts and magic on it go to the owner's discard pile, a hero is dead for
good (KZ-HERO-03). A capital whose damage reaches its life (12) is destroyed at once, even in the
middle of a combat (KZ-DEF-WIN-02): the turn code reads it from ``Sector.damage``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...data import book_for
from ...state import Piece, State
from .targets import (
    armour_of,
    attack_of,
    capital_sector_of_target,
    card_of,
    has,
    life_left,
    max_life,
    props,
    protected_from,
)


def _piece(state: State, ref: str | Piece) -> Piece | None:
    return ref if isinstance(ref, Piece) else state.pieces.get(ref)


def capital_armour(state: State, sector_id: str) -> int:
    return book_for(state).card(state.sectors[sector_id].card).value("armour")


def capital_life(state: State, sector_id: str) -> int:
    return book_for(state).card(state.sectors[sector_id].card).life


def capital_destroyed(state: State, sector_id: str) -> bool:
    """KZ-WIN-03: the capital has taken as much damage as it has lives."""
    sector = state.sectors.get(sector_id)
    return sector is not None and sector.kind == "capital" and sector.damage >= capital_life(state, sector_id)


def damage(state: State, striker: str | Piece, target: str | Piece) -> int:
    """What one strike of ``striker`` deals to ``target`` (a piece uid or ``capital:<sector>``)."""
    s = _piece(state, striker)
    if s is None:
        return 0
    a = props(state, s)
    attack = attack_of(state, s)
    if attack <= 0:
        return 0
    building_strike = card_of(state, s).type == "building"
    armour_counts = "magic_attack" not in a and (state.options.armour_vs_buildings or not building_strike)
    cap = capital_sector_of_target(target) if isinstance(target, str) else None
    if cap is not None:
        x = capital_armour(state, cap) if armour_counts else 0
        return max(1, attack - x)
    t = _piece(state, target)
    if t is None or protected_from(state, s, t) is not None:
        return 0
    dealt = max(1, attack - armour_of(state, t)) if armour_counts else attack
    if has(state, t, "undead") and ("magic_weapon" in a or "magic_attack" in a):
        dealt += 1  # KZ-UNDEAD-02, added once
    return dealt


def effect_damage(state: State, card_id: str, target: str) -> int:
    """What a magic card or an event with a printed ``amount`` deals to ``target`` (KZ-DEF-DMG-02)."""
    card = book_for(state).card(card_id)
    amount = int(card.params.get("amount", 0))
    if capital_sector_of_target(target) is not None:
        return amount
    t = state.pieces.get(target)
    if t is None:
        return 0
    if card.type != "magic":
        return amount
    if has(state, t, "magic_protection") and not card.pierces_magic_protection:
        return 0  # KZ-MPROT-02
    return amount + (1 if has(state, t, "undead") else 0)


@dataclass
class Taken:
    """The result of putting damage on one card."""

    target: str
    amount: int  # what the card took (never more than it had left)
    left_before: int
    left: int
    destroyed: bool = False
    discarded: list[str] = field(default_factory=list)  # card ids that went to the discard pile


def take(state: State, target: str, amount: int) -> Taken:
    """Put ``amount`` damage on a piece or a capital (mutates); a piece that dies leaves at once."""
    cap = capital_sector_of_target(target)
    if cap is not None:
        sector = state.sectors[cap]
        before = max(0, capital_life(state, cap) - sector.damage)
        sector.damage += amount
        left = max(0, capital_life(state, cap) - sector.damage)
        return Taken(target, min(amount, before), before, left, destroyed=capital_destroyed(state, cap))
    piece = state.pieces[target]
    before = life_left(state, piece)
    piece.damage += amount
    left = max(0, max_life(state, piece) - piece.damage)
    taken = Taken(target, min(amount, before), before, left)
    if left <= 0:
        taken.destroyed = True
        taken.discarded = remove_piece(state, target)
    return taken


def remove_piece(state: State, uid: str) -> list[str]:
    """A destroyed piece leaves play (KZ-CREA-04): card, artifacts (KZ-GAP-18) and lasting magic on
    it to the discard piles; a hero is never played again (KZ-HERO-03). Returns the owner's cards
    discarded, the piece's own card first."""
    piece = state.pieces.pop(uid)
    owner = state.players[piece.owner]
    gone = [piece.card, *piece.artifacts]
    owner.discard.extend(gone)
    if card_of(state, piece).type == "hero" and piece.card not in owner.dead_heroes:
        owner.dead_heroes.append(piece.card)
    keep = []
    for lasting in state.lasting:
        if lasting.on == uid:
            state.players[lasting.owner].discard.append(lasting.card)
            if lasting.owner == piece.owner:
                gone.append(lasting.card)
        else:
            keep.append(lasting)
    state.lasting = keep
    return gone


def heal(state: State, uid: str, amount: int) -> int:
    """Restore up to ``amount`` lives, never above the maximum; returns what was restored."""
    piece = state.pieces.get(uid)
    if piece is None or amount <= 0:
        return 0
    gained = min(amount, piece.damage)
    piece.damage -= gained
    return gained


def feeds_vampire(state: State, victim: str) -> bool:
    """Buildings, capitals and Нежить give a vampire nothing (KZ-VAMP-03). Ask before the hit: a
    victim that dies leaves the table."""
    if capital_sector_of_target(victim) is not None:
        return False
    piece = state.pieces.get(victim)
    return piece is not None and card_of(state, piece).type != "building" and not has(state, piece, "undead")


def vampirism(state: State, striker: str, taken: Taken, feeds: bool) -> int:
    """Вампиризм (KZ-VAMP-01/02): the striker regains what it dealt, no more than the victim had
    left, up to its own maximum. ``taken`` is the hit on the card that really took the damage (a
    Защитник's, KZ-GAP-28); ``feeds`` is `feeds_vampire` of that card before the hit."""
    s = state.pieces.get(striker)
    if s is None or not feeds or not has(state, s, "vampirism") or taken.amount <= 0:
        return 0
    return heal(state, striker, min(taken.amount, taken.left_before))
