"""Hand-built Dice Roll Party states and forced dice for the rule tests."""

from __future__ import annotations

from collections.abc import Sequence

from letopis.engine.contract import Faction, Outcome
from letopis.engine.dice import Dice
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.rules import effects
from rulesets.dice_roll_party.rules.legality import simulate
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.state import Character, Player, State, Tokens

SEED = "5eed" * 16
NAMES = ("Анна", "Борис", "Вера", "Глеб")
FULL = ("3/4/2/3",) * 4
BIG_BAG = {"bag_red": 50, "bag_blue": 50, "bag_green": 50}


def ch(sheet: str | None, name: str | None = None) -> Character | None:
    """«3/4/2/3» → a character (В/А/З/Ф); None stays a closed slot."""
    if sheet is None:
        return None
    t, a, d, f = map(int, sheet.split("/"))
    return Character(name=name, time=t, attack=a, defence=d, form=f)


def tokens(spec: str) -> Tokens:
    """«красные/синие/зелёные», e.g. «5/3/0»."""
    r, b, g = map(int, spec.split("/"))
    return Tokens(red=r, blue=b, green=g)


def factions(n: int = 2) -> list[Faction]:
    return [Faction(id=f"p{i}", name=NAMES[i - 1]) for i in range(1, n + 1)]


def game(*sides: Sequence[str | None], storages: Sequence[str] | None = None, bag: str = "0/0/0",
         options: Options | None = None, active: str = "p1", first_attack_done: bool = True,
         names: Sequence[str | None] | None = None) -> State:
    """A game in play: each side's four slots as sheets, the turn of ``active`` just begun."""
    sides = sides or (FULL, FULL)
    options = options or Options(players=len(sides), **(BIG_BAG if len(sides) > 2 else {}))
    players = {}
    for i, slots in enumerate(sides, 1):
        players[f"p{i}"] = Player(
            name=NAMES[i - 1], seat=i,
            storage=tokens(storages[i - 1]) if storages else tokens("10/10/10"),
            slots=[ch(s, (names[k] if names and i == 1 else None)) for k, s in enumerate(slots)])
    s = State(options=options, seats=list(players), players=players, bag=tokens(bag))
    s.round = 1
    s.first_player = active
    s.attacks_made = 1 if first_attack_done else 0
    for p in s.players.values():
        p.attacks = 1 if first_attack_done else 0
    effects.begin_turn(s, active, [])
    return s


def dice(*values: int, seed: str = SEED) -> Dice:
    """Dice whose first draws are forced to ``values`` (GM-style overrides)."""
    return Dice(seed, {i: (v, "test") for i, v in enumerate(values)})


def run(state: State, faction: str, *orders, rolls: Sequence[int] = ()) -> Outcome[State]:
    return apply(state, faction, list(orders), dice(*rolls))


def codes(state: State, faction: str, order) -> list[str]:
    """Violation codes of one order against ``state``."""
    return [v.code for v in simulate(state, faction, order)[1]]


def clauses(state: State, faction: str, order) -> list[str]:
    return [v.clause for v in simulate(state, faction, order)[1]]


def kinds(outcome: Outcome[State]) -> list[str]:
    return [e.kind for e in outcome.events]
