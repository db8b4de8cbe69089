"""A new game and the opening of the table after the deck posts.

`setup` only seats the players (phase «decks»): nothing is known before the private deck posts.
`open_table` runs once every deck is in: races from the capitals (KZ-ORDER-02), the fixed race
order with a public lot between players of one race (KZ-ORDER-01/03, KZ-DEC-02), every capital
and sector put down neutral (KZ-SETUP-01/02) and numbered by turn-order position
(KZ-DEF-SECT-01), each deck shuffled with the secret dice (KZ-DEF-SETUP-02, KZ-GAP-13) and six
cards drawn (KZ-SETUP-03). A hand's cards appear only in private events for its owner.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.events import Event, Roll

from .data import CardBook, book_for, load_cards
from .messages import cards_acc
from .options import RACES, Options
from .orders import DeckList
from .refs import cards_count, sector_id, sector_name
from .rules.secrecy import secret_dice
from .state import SECTOR_KINDS, Player, Sector, State

LOT_SIDES = 6


def setup(options: BaseModel, factions: list[Faction], dice: Dice) -> State:
    """The starting state: players seated, phase «decks», nothing dealt yet."""
    if not isinstance(options, Options):
        options = Options.model_validate(options.model_dump())
    load_cards(options.card_file)  # a bad card file fails here, before the game starts
    players = {f.id: Player(faction=f.id, name=f.name) for f in factions}
    return State(options=options, factions=[f.id for f in factions], players=players, phase="decks")


def seat_race(state: State, faction: str) -> str:
    """The race a seat plays when its deck post is missing: options.races by seat, else the races
    by seat in turn order (pozorki, trutni, kozly, zhloby)."""
    seat = state.factions.index(faction)
    races = state.options.races
    race = races[seat] if seat < len(races) and races[seat] else RACES[seat % len(RACES)]
    return race if race in book_for(state).races else RACES[seat % len(RACES)]


def starter_deck_list(state: State, faction: str) -> DeckList:
    """The starter deck (KZ-DATA-07) of the seat's race, as the deck post the deadline default is."""
    book = book_for(state)
    deck = book.decks[seat_race(state, faction)]
    return DeckList(capital=deck.capital, sectors=tuple(deck.sectors), cards=tuple(deck.cards.items()))


def _lot(state: State, group: list[str], dice: Dice, events: list[Event]) -> list[str]:
    """Order players of one race by dice: highest first, ties re-rolled among the tied (KZ-DEC-02)."""
    if len(group) < 2:
        return list(group)
    rolls: dict[str, Roll] = {f: dice.roll(LOT_SIDES, f"жребий: {state.players[f].name}") for f in group}
    shown = ", ".join(f"{state.players[f].name} — {r.value}" for f, r in rolls.items())
    values = sorted({r.value for r in rolls.values()}, reverse=True)
    tie = len(values) < len(group)
    events.append(Event(kind="order_lot", text=f"Жребий очерёдности: {shown}." + (" Ничья — перебрасывают." if tie else ""),
                        data={"rolls": {f: r.value for f, r in rolls.items()}},
                        rolls=list(rolls.values()), clause="KZ-ORDER-03"))
    out: list[str] = []
    for value in values:
        tied = [f for f in group if rolls[f].value == value]
        out += _lot(state, tied, dice, events)
    return out


def turn_order(state: State, dice: Dice) -> tuple[list[str], list[Event]]:
    """The fixed race order (KZ-ORDER-01), a lot within a race (KZ-ORDER-03)."""
    book = book_for(state)
    events: list[Event] = []
    order: list[str] = []
    for race in book.races:  # sorted by the race's order
        group = [f for f in state.factions if state.players[f].race == race]
        order += _lot(state, group, dice, events)
    names = ", ".join(f"{i}. {state.players[f].name} ({book.race_name(state.players[f].race)})"
                      for i, f in enumerate(order, 1))
    events.append(Event(kind="turn_order", text=f"Очерёдность ходов: {names}.", data={"order": order},
                        clause="KZ-ORDER-01"))
    return order, events


def _put_down(state: State, book: CardBook, faction: str, number: int) -> Event:
    """A player's capital and three sectors on the table, all neutral (KZ-SETUP-01/02)."""
    player = state.players[faction]
    for kind in SECTOR_KINDS:
        sid = sector_id(kind, number)
        state.sectors[sid] = Sector(id=sid, kind=kind, number=number, card=book.sector_card(kind).id,
                                    put_by=faction)
    cid = sector_id("capital", number)
    state.sectors[cid] = Sector(id=cid, kind="capital", number=number, card=player.capital or "", put_by=faction)
    player.capital_sector = cid
    names = ", ".join(f"«{sector_name(state, sector_id(k, number))}»" for k in SECTOR_KINDS)
    return Event(kind="table_laid", faction=faction, clause="KZ-SETUP-01",
                 text=f"{player.name} кладёт на стол столицу «{sector_name(state, cid)}» и сектора {names}; все они ничьи.",
                 data={"capital": cid, "capital_card": player.capital, "sectors": [sector_id(k, number) for k in SECTOR_KINDS]})


def _deck_cards(player: Player) -> list[str]:
    return [card for card, count in player.deck_list.items() for _ in range(count)]


def open_table(state: State, dice: Dice) -> list[Event]:
    """After the deck step (players' ``capital`` and ``deck_list`` set): races, order, table, shuffle,
    six cards each; then phase «mulligan» with the first player in turn order. Mutates ``state``."""
    book = book_for(state)
    events: list[Event] = []
    for faction in state.factions:
        player = state.players[faction]
        if player.capital is None:
            raise ValueError(f"no capital for {faction}")
        player.race = book.card(player.capital).race  # KZ-ORDER-02, KZ-CAP-01
    state.order, order_events = turn_order(state, dice)
    events += order_events
    for number, faction in enumerate(state.order, 1):
        events.append(_put_down(state, book, faction, number))
    secret = secret_dice(dice)
    hand_size = book.rules.hand_size
    for faction in state.order:
        player = state.players[faction]
        player.deck, _ = secret.shuffle(_deck_cards(player), f"колода: {player.name}")
        events.append(Event(kind="deck_shuffled", faction=faction, clause="KZ-DEF-SETUP-02",
                            text=f"{player.name} тасует колоду ({cards_count(len(player.deck))}); порядок скрыт до конца игры.",
                            data={"count": len(player.deck)}))
        drawn, player.deck = player.deck[:hand_size], player.deck[hand_size:]
        player.hand += drawn
        events.append(Event(kind="cards_drawn", faction=faction, clause="KZ-SETUP-03",
                            text=f"{player.name} берёт {cards_acc(len(drawn))}.",
                            data={"count": len(drawn), "deck": len(player.deck)}))
        names = ", ".join(f"«{book.card(c).name}»" for c in drawn)
        events.append(Event(kind="cards_drawn_private", faction=faction, public=False, clause="KZ-SETUP-03",
                            text=f"Вы взяли: {names}.", data={"cards": drawn}))
    state.phase = "mulligan"
    state.active = 0
    return events
