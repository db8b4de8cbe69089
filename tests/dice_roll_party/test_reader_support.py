"""States for the reader tests, built through the rules' own models and `apply` (no tests here).

Every phase the reader must handle: builds, auction, handicap, a turn, a defence, a soak. Sheets
are written «В/А/З/Ф»; storages «красные/синие/зелёные».
"""

from __future__ import annotations

from collections.abc import Sequence

from letopis.engine.dice import Dice
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Attack, Defence
from rulesets.dice_roll_party.reader import read_post_strict
from rulesets.dice_roll_party.rules import effects
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.state import Auction, Character, Player, State, Tokens

SEED = "ab" * 32
PLAYERS = ("Анна", "Борис", "Вера")
MINE = ("3/4/2/3", "1/2/2/7", "0/6/0/6", "4/1/1/6")
THEIRS = ("3/4/2/3", "2/3/3/4", "5/2/1/4", "3/3/3/3")
NAMES = ("Рыцарь", "Лучница", "Страж", None)
THEIR_NAMES = ("Тень", "Вихрь", None, "Молот")


def sheet(spec: str | None, name: str | None = None) -> Character | None:
    if spec is None:
        return None
    t, a, d, f = map(int, spec.split("/"))
    return Character(name=name, time=t, attack=a, defence=d, form=f)


def tokens(spec: str) -> Tokens:
    r, b, g = map(int, spec.split("/"))
    return Tokens(red=r, blue=b, green=g)


def base(mine: Sequence[str | None] = MINE, theirs: Sequence[str | None] = THEIRS, *,
         names: Sequence[str | None] = NAMES, their_names: Sequence[str | None] = THEIR_NAMES,
         storage: str = "10/10/10", their_storage: str = "10/10/10", bag: str = "6/6/6",
         options: Options | None = None, third: Sequence[str | None] | None = None) -> State:
    """Both sides built; nobody's turn yet (call `turn`)."""
    sides = [(mine, names, storage), (theirs, their_names, their_storage)]
    if third is not None:
        sides.append((third, (None,) * 4, "10/10/10"))
    options = options or Options(players=len(sides), **({"bag_red": 50, "bag_blue": 50, "bag_green": 50}
                                                          if len(sides) > 2 else {}))
    players = {}
    for i, (slots, nm, st) in enumerate(sides, 1):
        players[f"p{i}"] = Player(name=PLAYERS[i - 1], seat=i, storage=tokens(st),
                                  slots=[sheet(s, nm[k]) for k, s in enumerate(slots)])
    s = State(options=options, seats=list(players), players=players, bag=tokens(bag))
    s.round = 1
    s.first_player = "p1"
    s.attacks_made = 2
    for p in s.players.values():
        p.attacks = 1
    return s


def turn(faction: str = "p1", **kw) -> State:  # type: ignore[no-untyped-def]
    """``faction``'s turn has just begun (Phase 1 limit fixed)."""
    s = base(**kw)
    effects.begin_turn(s, faction, [])
    return s


def defence(attack: Attack | None = None, roll: int = 5, **kw) -> State:  # type: ignore[no-untyped-def]
    """p1 has attacked (rolled ``roll``); p2 must answer with a defence."""
    s = turn("p1", **kw)
    attack = attack or Attack(attacker=1, target=2)
    out = apply(s, "p1", [attack], Dice(SEED, {0: (roll, "test"), 1: (roll, "test")}))
    assert out.state.phase == "defence", out.events
    return out.state


def soak(damage_roll: int = 8, defence_roll: int = 1, **kw) -> State:  # type: ignore[no-untyped-def]
    """p2's character was hit; p2 decides how much damage to soak with time."""
    s = defence(roll=damage_roll, **kw)
    out = apply(s, "p2", [Defence()], Dice(SEED, {0: (defence_roll, "test"), 1: (defence_roll, "test")}))
    assert out.state.phase == "soak", [e.text for e in out.events]
    return out.state


def build(storage: str = "16/16/16", **kw) -> State:  # type: ignore[no-untyped-def]
    """The build step: nobody has built yet."""
    options = kw.pop("options", None) or Options()
    players = {f"p{i}": Player(name=PLAYERS[i - 1], seat=i, storage=tokens(storage)) for i in (1, 2)}
    return State(options=options, seats=list(players), players=players, phase="build")


def auction(bid: int | None = None, leader: str | None = None, **kw) -> State:  # type: ignore[no-untyped-def]
    s = base(options=Options(first_move="auction"), **kw)
    s.phase = "auction"
    s.auction = Auction(bidders=["p1", "p2"], turn="p1", bid=bid, leader=leader)
    return s


def handicap(amount: int = 3, **kw) -> State:  # type: ignore[no-untyped-def]
    s = base(options=Options(first_move="auction"), **kw)
    s.phase = "handicap"
    s.active = "p1"
    s.handicap = amount
    return s


def read(text: str, state: State, faction: str = "p1"):  # type: ignore[no-untyped-def]
    return read_post_strict(text, state, faction)


def orders(text: str, state: State, faction: str = "p1") -> list:
    """The orders read; fails the test with the problems if the post does not read cleanly."""
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    return r.orders


def errors(text: str, state: State, faction: str = "p1") -> list:
    return [p for p in read(text, state, faction).problems if p.is_error]
