"""The player's hand and table for the post page, with each card's cost and text.

A card's cost is its level in its resource: a threshold, not a price (KZ-SECT-05, KZ-PLAY-02), so
each card in hand says its level and resource and whether the player's production meets it now.
Its text is what the card does: a spell's or an event's printed text, a creature's numbers
(атака/жизнь/скорость), properties and abilities ([Д] an action, [С] free, KZ-ABIL-01).

Only the player's own secrets appear: his hand and his pieces in shadow. Another player's hand,
deck and deck list never do (checklist §5).
"""

from __future__ import annotations

from letopis.engine.contract import RosterEntry, RosterGroup

from .data import RESOURCE_GENITIVE, RESOURCE_NAMES, RESOURCES, CardDef, book_for
from .refs import capital_sector, cards_count, piece_name, sector_name
from .rules.combat.targets import attack_of, life_left, max_life, speed_of
from .rules.world import garrison_count, garrison_limit, is_fighter, meets_level, production
from .state import Piece, State

TARGETS = {
    "own_creature": "на своё существо", "enemy_creature": "на вражеское существо", "own_squad": "на свой отряд",
    "enemy_building_or_capital": "на вражескую постройку или столицу", "own_hero": "на своего героя",
}


def roster(state: State, faction: str) -> list[RosterGroup]:
    if faction not in state.players:
        return []
    return [_hand(state, faction), _table(state, faction), _economy(state, faction)]


def cost_text(card: CardDef) -> str:
    """«2, золото»: the level a card needs in its resource's production; empty when none."""
    if card.resource is None:
        return ""
    return f"{card.level}, {RESOURCE_NAMES[card.resource]}"


def card_text(card: CardDef) -> str:
    """What the card does, as a player reads it on the card: a table card's numbers, properties and
    abilities; a spell's, an event's or an artifact's printed text (which already names what it
    gives, so its property codes are not repeated)."""
    parts = []
    if card.on_table and (card.attack or card.life):
        parts.append(f"атака {card.attack}, жизнь {card.life}" + (f", скорость {card.speed}" if card.speed else ""))
    if card.props and (card.on_table or not card.text):
        parts.append(", ".join(n for n in card.props_text().split(", ") if not n.startswith("[")))
    parts += [f"{a.mark} {a.name}: {a.text}" if a.text else f"{a.mark} {a.name}" for a in card.abilities]
    if card.magic_kind == "temporary" and card.duration and "Время-" not in card.text:
        parts.append(f"Время-{card.duration}")
    if card.text:
        parts.append(card.text)
    return ". ".join(p.rstrip(".") for p in parts if p) + ("." if parts else "")


def _hand(state: State, faction: str) -> RosterGroup:
    player = state.players[faction]
    book = book_for(state)
    entries = []
    for cid in player.hand:
        card = book.card(cid)
        facts = [("", card.type_name.lower())]
        cost = cost_text(card)
        if cost:
            facts.append(("уровень", cost))
        entries.append(RosterEntry(name=card.name, facts=facts, text=card_text(card), note=_playable(state, faction, card),
                                   spent=not meets_level(state, faction, cid)))
    facts = [("В колоде", cards_count(len(player.deck))), ("В сбросе", cards_count(len(player.discard)))]
    empty = "Рука пуста." if state.phase != "decks" else "Колоды ещё сдаются: рука появится после раздачи."
    return RosterGroup(title="Рука", facts=facts, entries=entries, empty=empty)


def _playable(state: State, faction: str, card: CardDef) -> str:
    """Whether production meets the card's level now, and what else it asks (KZ-PLAY-02)."""
    if card.resource is None or state.phase != "play":
        return ""
    have = production(state, faction)[card.resource]
    if have < card.level:
        return f"добыча {RESOURCE_GENITIVE[card.resource]} {have} — нужно {card.level}"
    needs = []
    if card.hero_for:
        needs.append(f"играется на героя «{book_for(state).card(card.hero_for).name}»")
    elif card.target in TARGETS:
        needs.append(f"играется {TARGETS[card.target]}")
    if card.requires_sector:
        needs.append("нужен свой сектор кроме столицы")
    return "; ".join(needs)


def _table(state: State, faction: str) -> RosterGroup:
    mine = sorted((p for p in state.pieces.values() if p.owner == faction), key=lambda p: p.seq)
    return RosterGroup(title="Ваши карты на столе", entries=[_piece(state, faction, p) for p in mine],
                       empty="На столе ваших карт нет.")


def _piece(state: State, faction: str, piece: Piece) -> RosterEntry:
    card = book_for(state).card(piece.card)
    facts = [("атака", str(attack_of(state, piece))), ("жизнь", f"{life_left(state, piece)}/{max_life(state, piece)}")]
    if is_fighter(state, piece):
        facts.append(("скорость", str(speed_of(state, piece))))
    can = [f"{a.mark} {a.name}" + (" (в этом круге уже применена)" if a.id in piece.free_used else "")
           for a in card.abilities]
    notes = []
    if piece.shadow:
        notes.append("в тени: соперники не видят, что это за карта")
    if piece.artifacts:
        notes.append("артефакты: " + ", ".join(f"«{book_for(state).card(a).name}»" for a in piece.artifacts))
    return RosterEntry(name=piece_name(state, piece, viewer=faction, gm=True), where=sector_name(state, piece.sector),
                       facts=facts, can=can, text=_abilities_text(card), note="; ".join(notes))


def _abilities_text(card: CardDef) -> str:
    """The properties and what each ability does: «Полёт. Лечение: восстанавливает …»."""
    parts = [", ".join(n for n in card.props_text().split(", ") if not n.startswith("["))] if card.props else []
    parts += [f"{a.name}: {a.text.rstrip('.')}" for a in card.abilities if a.text]
    return ". ".join(p for p in parts if p) + ("." if any(parts) else "")


def _economy(state: State, faction: str) -> RosterGroup:
    prod = production(state, faction)
    facts = [("Добыча", ", ".join(f"{RESOURCE_NAMES[r]} {prod[r]}" for r in RESOURCES))]
    cap = capital_sector(state, faction)
    if cap is not None:
        book = book_for(state)
        facts.append(("Столица", f"{sector_name(state, cap.id)}, урон {cap.damage}/{book.card(cap.card).life}"))
        facts.append(("Гарнизон", f"{garrison_count(state, faction)} из {garrison_limit(state, faction)}"))
    return RosterGroup(title="Добыча и столица", facts=facts)
