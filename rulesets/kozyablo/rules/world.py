"""The open table's derived facts: who controls a sector, what a player produces, garrison counts.

Control (KZ-SECT-01..04, KZ-DEF-SECT-02/03): after every action, combat, retreat attack and card
effect, each of the three sector types goes to the one player whose creatures stand in it, turns
neutral when several players' creatures do, and stays as it was when nobody's do. Capitals are
never controlled. Production (KZ-DEF-INC-01): the capital's base plus ``sector_income`` per
controlled sector of the resource's type, plus the GM's correction (KZ-DEF-GM-01), never below 0;
it is derived, never stored, so it is always current.
"""

from __future__ import annotations

from letopis.engine.events import Event

from ..data import FIGHTERS, RESOURCE_OF_SECTOR_KIND, RESOURCES, book_for
from ..refs import capital_sector, sector_name, sectors_in_order
from ..state import Piece, State


def is_fighter(state: State, piece: Piece) -> bool:
    """A creature or a hero (not a building)."""
    return book_for(state).card(piece.card).type in FIGHTERS


def creatures_in(state: State, sector: str, owner: str | None = None, shadow: bool = True) -> list[Piece]:
    """Creatures and heroes in a sector, optionally of one owner, with or without those in shadow."""
    return [p for p in state.pieces_in(sector, owner) if is_fighter(state, p) and (shadow or not p.shadow)]


def present_players(state: State, sector: str) -> list[str]:
    """Players whose creatures count as present in a sector for control (KZ-GAP-10 option)."""
    shadow = state.options.shadow_counts_for_control
    seen: list[str] = []
    for p in creatures_in(state, sector, shadow=shadow):
        if p.owner not in seen:
            seen.append(p.owner)
    return seen


def reevaluate_control(state: State) -> list[Event]:
    """Re-evaluate every non-capital sector (KZ-DEF-SECT-02); mutates ``state``, returns events."""
    events: list[Event] = []
    for sector in sectors_in_order(state):
        if sector.kind == "capital":
            sector.controller = None  # KZ-DEF-SECT-03
            continue
        before = sector.controller
        if before is not None and (before not in state.players or state.players[before].eliminated):
            sector.controller = None
        present = present_players(state, sector.id)
        if len(present) == 1:
            sector.controller = present[0]
        elif len(present) > 1:
            sector.controller = None
        if sector.controller == before:
            continue
        name = sector_name(state, sector.id)
        if sector.controller is None:
            events.append(Event(kind="sector_neutral", text=f"«{name}» снова ничей.",
                                data={"sector": sector.id, "was": before},
                                clause="KZ-SECT-04" if len(present) > 1 else "KZ-DEF-SECT-02"))
        else:
            who = state.players[sector.controller].name
            events.append(Event(kind="sector_control", text=f"«{name}» переходит под контроль: {who}.",
                                data={"sector": sector.id, "controller": sector.controller, "was": before},
                                clause="KZ-SECT-01" if before is None else "KZ-SECT-03",
                                faction=sector.controller))
    return events


def controlled_sectors(state: State, faction: str) -> list[str]:
    """Sector ids (never capitals) under a player's control."""
    return [s.id for s in sectors_in_order(state) if s.kind != "capital" and s.controller == faction]


def controls_a_sector(state: State, faction: str) -> bool:
    """«Control at least one sector», the capital not counting (KZ-GAP-40, «Подрыв»)."""
    return bool(controlled_sectors(state, faction))


def production(state: State, faction: str) -> dict[str, int]:
    """Production levels {gold, crystals, mana} (KZ-DEF-INC-01, KZ-SECT-05, option sector_income)."""
    player = state.players[faction]
    out = dict.fromkeys(RESOURCES, 0)
    if player.eliminated or player.capital is None:
        return out
    capital = book_for(state).card(player.capital)
    for resource in RESOURCES:
        out[resource] = capital.base(resource)
    for sid in controlled_sectors(state, faction):
        out[RESOURCE_OF_SECTOR_KIND[state.sectors[sid].kind]] += state.options.sector_income
    for resource, fix in player.production_fix.items():
        out[resource] = max(0, out[resource] + fix)
    return out


def garrison_limit(state: State, faction: str) -> int:
    capital = state.players[faction].capital
    return book_for(state).card(capital).garrison if capital else 0


def building_limit(state: State, faction: str) -> int:
    capital = state.players[faction].capital
    return book_for(state).card(capital).buildings if capital else 0


def garrison_count(state: State, faction: str) -> int:
    """The player's own creatures in his own capital, heroes and shadow included (KZ-DEF-GARR-01)."""
    cap = capital_sector(state, faction)
    return len(creatures_in(state, cap.id, faction)) if cap else 0


def buildings_in_capital(state: State, faction: str) -> list[Piece]:
    cap = capital_sector(state, faction)
    if cap is None:
        return []
    return [p for p in state.pieces_in(cap.id, faction) if not is_fighter(state, p)]


def enemy_cards_in(state: State, sector: str, faction: str) -> list[Piece]:
    """Other players' cards on the table in a sector: creatures (shadow too) and buildings."""
    return [p for p in state.pieces_in(sector) if p.owner != faction]


def enemy_in_capital(state: State, faction: str) -> bool:
    """Whether opponents' cards stand in the player's capital (KZ-PLAY-04, KZ-MOVE-05)."""
    cap = capital_sector(state, faction)
    return bool(cap and enemy_cards_in(state, cap.id, faction))


def over_garrison(state: State, faction: str) -> bool:
    """More own creatures in the capital than its «Гарнизон» while no enemy is there (KZ-DEF-GARR-02)."""
    return not enemy_in_capital(state, faction) and garrison_count(state, faction) > garrison_limit(state, faction)


def meets_level(state: State, faction: str, card_id: str) -> bool:
    """Production of the card's resource ≥ its level (KZ-SECT-05). A threshold: nothing is spent."""
    card = book_for(state).card(card_id)
    if card.resource is None:
        return True
    return production(state, faction)[card.resource] >= card.level


def can_move_between(state: State, origin: str, dest: str) -> bool:
    """No adjacency (KZ-GAP-04): any sector reaches any other, except capital to capital (KZ-MOVE-03)."""
    if origin == dest or origin not in state.sectors or dest not in state.sectors:
        return False
    return not (state.sectors[origin].kind == "capital" and state.sectors[dest].kind == "capital")
