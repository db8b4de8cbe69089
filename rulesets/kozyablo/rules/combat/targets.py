"""What a piece on the table is worth in a fight, and whom a strike may hit.

A piece's numbers are its card's plus what rides on it: artifacts on a hero (their ``props`` and
``params`` life/attack), lasting magic on it or on its отряд (attack_bonus, armour_bonus; magic
skips Защита от магии, Нежить where the card says so, and creatures in shadow, KZ-DEF-PLAY-04),
and a turn's «Сомкнуть щиты» (``armour_bonus_turn``). The other modules ask here, never the card.

Target legality (KZ-DEF-CMB-05, KZ-GAP-23): an enemy piece not in shadow that the striker may
attack (Полёт: only Полёт, Лучник or Атака магией reach it, KZ-FLY-01) and could damage (Защита от
оружия / от стрел / от магии, KZ-WPROT-01, KZ-APROT-01, KZ-MPROT-01); with the GM option
``allow_futile_strikes`` a strike may also name a target it cannot damage. In an enemy capital
sector the attacker's strikes may also name the capital itself (KZ-DEF-ATK-02).
"""

from __future__ import annotations

from collections.abc import Collection

from ...data import CardDef, book_for
from ...orders import CAPITAL_TARGET
from ...state import Piece, State

FIGHTER_TYPES = ("creature", "hero")


# --- a piece's numbers -----------------------------------------------------------------------
def card_of(state: State, piece: Piece) -> CardDef:
    return book_for(state).card(piece.card)


def is_creature(state: State, piece: Piece) -> bool:
    """Creatures and heroes (KZ-HERO-01); buildings are not."""
    return card_of(state, piece).type in FIGHTER_TYPES


def _lasting_on(state: State, piece: Piece) -> list[CardDef]:
    """Lasting magic whose effect reaches this piece now (on it, or on its owner's отряд)."""
    book = book_for(state)
    mine = card_of(state, piece)
    out = []
    for lasting in state.lasting:
        card = book.card(lasting.card)
        on_it = lasting.on == piece.uid
        on_squad = (lasting.squad is not None and lasting.squad == piece.sector
                    and (lasting.squad_owner or lasting.owner) == piece.owner and mine.type in FIGHTER_TYPES)
        if not (on_it or on_squad):
            continue
        if piece.shadow and not on_it:
            continue  # a squad effect does not touch a creature in shadow (KZ-DEF-SHADOW-01)
        if card.type == "magic" and mine.has("magic_protection") and not card.pierces_magic_protection:
            continue  # KZ-MPROT-02
        if card.not_on_undead and mine.has("undead"):
            continue  # KZ-GAP-37
        out.append(card)
    return out


def _artifacts(state: State, piece: Piece) -> list[CardDef]:
    book = book_for(state)
    return [book.card(a) for a in piece.artifacts]


def props(state: State, piece: Piece) -> dict[str, int]:
    """Every property the piece has now: its card's and its artifacts' (armour added up)."""
    out = dict(card_of(state, piece).props)
    for art in _artifacts(state, piece):
        for code, value in art.props.items():
            out[code] = out.get(code, 0) + value if code == "armour" else 1
    return out


def has(state: State, piece: Piece, code: str) -> bool:
    return code in props(state, piece)


def attack_of(state: State, piece: Piece) -> int:
    """Attack with artifacts (Золотая цепь) and lasting magic (Позорный клич)."""
    total = card_of(state, piece).attack
    total += sum(int(a.params.get("attack", 0)) for a in _artifacts(state, piece))
    total += sum(int(c.params.get("amount", 0)) for c in _lasting_on(state, piece) if c.effect == "attack_bonus")
    return max(0, total)


def armour_of(state: State, piece: Piece) -> int:
    """Броня X (KZ-ARMOR-01): card, artifacts, lasting magic (Кольчуга), «Сомкнуть щиты»."""
    total = props(state, piece).get("armour", 0)
    total += sum(int(c.params.get("amount", 0)) for c in _lasting_on(state, piece) if c.effect == "armour_bonus")
    return total + piece.armour_bonus_turn


def max_life(state: State, piece: Piece) -> int:
    """Life with artifacts (Позорный щит +2, Рог Козлодуя +1)."""
    return card_of(state, piece).life + sum(int(a.params.get("life", 0)) for a in _artifacts(state, piece))


def life_left(state: State, piece: Piece) -> int:
    return max(0, max_life(state, piece) - piece.damage)


def speed_of(state: State, piece: Piece) -> int:
    return card_of(state, piece).speed


def strikes(state: State, piece: Piece) -> bool:
    """A piece takes part in a fight when it has attack ≥ 1: every creature and every defensive
    building (KZ-DEF-CMB-01, KZ-DEF-BLD-01)."""
    return card_of(state, piece).type in ("creature", "hero", "building") and attack_of(state, piece) >= 1


# --- capitals as targets ---------------------------------------------------------------------
def capital_target(sector_id: str) -> str:
    return CAPITAL_TARGET + sector_id


def capital_sector_of_target(target: str) -> str | None:
    return target[len(CAPITAL_TARGET):] if target.startswith(CAPITAL_TARGET) else None


def capital_owner(state: State, sector_id: str) -> str | None:
    """Whose capital this sector is (None for the three sector types)."""
    for faction, player in state.players.items():
        if player.capital_sector == sector_id:
            return faction
    return None


def target_owner(state: State, target: str) -> str | None:
    sector = capital_sector_of_target(target)
    if sector is not None:
        return capital_owner(state, sector)
    piece = state.pieces.get(target)
    return piece.owner if piece is not None else None


# --- reach and damage ------------------------------------------------------------------------
def may_reach(state: State, striker: Piece, target: Piece) -> bool:
    """Полёт (KZ-FLY-01): only Полёт, Лучник (KZ-ARCH-01) or Атака магией (KZ-MATK-01) reach a
    flyer."""
    if not has(state, target, "flying"):
        return True
    mine = props(state, striker)
    return any(code in mine for code in ("flying", "archer", "magic_attack"))


def protected_from(state: State, striker: Piece, target: Piece) -> str | None:
    """The protection that makes ``target`` take no damage from ``striker``, or None.

    Защита от оружия unless Магическое оружие (KZ-MWPN-01) or Атака магией (KZ-MATK-01);
    Защита от стрел against Лучник; Защита от магии against Атака магией."""
    theirs = props(state, target)
    mine = props(state, striker)
    if "weapon_protection" in theirs and not ("magic_weapon" in mine or "magic_attack" in mine):
        return "weapon_protection"
    if "arrow_protection" in theirs and "archer" in mine:
        return "arrow_protection"
    if "magic_protection" in theirs and "magic_attack" in mine:
        return "magic_protection"
    return None


def why_not_target(state: State, striker: Piece, target: str, *, attacker: str | None = None,
                   among: Collection[str] | None = None) -> str | None:
    """Why ``striker`` may not strike ``target`` now (a code), or None when it may.

    Codes: gone, own, other_sector, not_leaving, shadow, flying, protected, capital_not_attacker,
    capital_not_enemy. ``attacker`` is who declared the combat (only his strikes may hit a
    capital); ``among`` limits the targets to the leavers of a retreat attack (KZ-DEF-RET-01)."""
    sector = capital_sector_of_target(target)
    if sector is not None:
        owner = capital_owner(state, sector)
        if owner is None or owner == striker.owner:
            return "capital_not_enemy"
        if sector != striker.sector:
            return "other_sector"
        if among is not None or attacker != striker.owner:
            return "capital_not_attacker"
        return None
    piece = state.pieces.get(target)
    if piece is None:
        return "gone"
    if piece.owner == striker.owner:
        return "own"
    if piece.sector != striker.sector:
        return "other_sector"
    if among is not None and piece.uid not in among:
        return "not_leaving"
    if piece.shadow:
        return "shadow"  # KZ-SHADOW-02, KZ-GAP-10
    if not may_reach(state, striker, piece):
        return "flying"
    if not state.options.allow_futile_strikes and protected_from(state, striker, piece) is not None:
        return "protected"
    return None


def legal_targets(state: State, striker_uid: str, *, attacker: str | None = None,
                  among: Collection[str] | None = None, area: bool = False) -> list[str]:
    """Everything ``striker_uid`` may strike now, in order of entering play, the capital last.

    ``area`` keeps only creatures: capitals and buildings are never area targets (KZ-GAP-28)."""
    striker = state.pieces.get(striker_uid)
    if striker is None:
        return []
    found = [p.uid for p in state.pieces_in(striker.sector)
             if why_not_target(state, striker, p.uid, attacker=attacker, among=among) is None
             and (not area or is_creature(state, p))]
    if not area:
        cap = capital_target(striker.sector)
        if why_not_target(state, striker, cap, attacker=attacker, among=among) is None:
            found.append(cap)
    return found


# --- shadow and scouts -----------------------------------------------------------------------
def scout_present(state: State, piece: Piece) -> bool:
    """Does an enemy Разведчик stand in this piece's sector (KZ-SCOUT-01)?"""
    return any(p.owner != piece.owner and not p.shadow and has(state, p, "scout")
               for p in state.pieces_in(piece.sector))
