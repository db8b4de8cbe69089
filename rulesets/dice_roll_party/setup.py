"""The starting state: shuffle the bag with the step's dice, deal alternately, open the builds
(DRP-SETUP-01, DRP-GAP-01, DRP-GAP-02, DRP-GAP-03)."""

from __future__ import annotations

from letopis.engine.contract import Faction
from letopis.engine.declension import counted
from letopis.engine.dice import Dice

from .options import Options, seat_of
from .orders import Colour
from .state import Player, State, Tokens


def setup(options: Options, factions: list[Faction], dice: Dice) -> State:
    """Shuffle all tokens (a verifiable Fisher–Yates), deal them one by one around the table;
    ``bag_reserve`` tokens stay in the bag; each share becomes a storage."""
    if len(factions) != options.players:
        raise ValueError(f"в этой игре {counted(options.players, 'игрок', 'игрока', 'игроков')}, "
                         f"а сторон {len(factions)}")
    if len({f.id for f in factions}) != len(factions):
        raise ValueError("id сторон должны быть разными")
    seats = [f.id for f in factions]
    seat_of(options.first_player, seats)  # a wrong seat fails now, not after the builds
    seat_of(options.auction_opener, seats)
    bag = ([Colour.RED] * options.bag_red + [Colour.BLUE] * options.bag_blue
           + [Colour.GREEN] * options.bag_green)
    shuffled, _ = dice.shuffle(bag, "перемешивание мешка")
    dealt = len(shuffled) - options.bag_reserve
    storages = [Tokens() for _ in factions]
    for i, colour in enumerate(shuffled[:dealt]):
        storages[i % len(factions)].put(colour, 1)
    reserve = Tokens()
    for colour in shuffled[dealt:]:
        reserve.put(colour, 1)
    players = {f.id: Player(name=f.name, seat=i, storage=storages[i - 1]) for i, f in enumerate(factions, 1)}
    return State(options=options, seats=seats, players=players, bag=reserve, phase="build")
