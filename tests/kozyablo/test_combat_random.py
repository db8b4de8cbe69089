"""Random combats and retreat attacks never break and keep the combat's invariants
(KZ-COMBAT-02, KZ-COMBAT-06, KZ-DEF-SHADOW-01, KZ-DEF-CMB-05)."""

from __future__ import annotations

from collections import Counter

from combat_table import dice, put, table
from hypothesis import given, settings
from hypothesis import strategies as st

from letopis.engine.dice import Chooser
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.orders import Attack, Evade, Guard, Move, StayHidden, Strike, TargetPick
from rulesets.kozyablo.rules.combat.fight import resolve_attack, resolve_retreat
from rulesets.kozyablo.rules.combat.targets import legal_targets, life_left
from rulesets.kozyablo.rules.decisions import check_decision, fight_of
from rulesets.kozyablo.state import Pending

RACES = ("pozorki", "trutni", "kozly", "zhloby")
FIGHTERS = {r: [c.id for c in CARDS.by_race[r] if c.type in ("creature", "hero")] for r in RACES}
BUILDINGS = {r: [c.id for c in CARDS.by_race[r] if c.type == "building"] for r in RACES}


def random_table(seed: int):
    pick = Chooser(dice(f"{seed:064x}"), "стол")
    races = [pick.pick(RACES) for _ in range(pick.between(2, 3))]
    s = table(*races, allow_futile_strikes=pick.chance(20), armour_vs_buildings=pick.chance(80),
              guard_recompute=pick.chance(30), auto_targets="ask" if pick.chance(20) else "random")
    sector = pick.pick(["gold-1", "capital-2"])
    for f, race in zip(s.order, races):
        for _ in range(pick.between(1, 3)):
            card = pick.pick(FIGHTERS[race])
            put(s, f, card, sector, shadow=card == "kozel_ten" and pick.chance(60), damage=0)
        if sector == "capital-2" and f == "p2" and pick.chance(50):
            put(s, f, pick.pick(BUILDINGS[race]), sector)
        s.players[f].hand = [pick.pick(FIGHTERS[race]) for _ in range(pick.below(3))]
    return s, sector, pick


def random_answer(s, faction, pick):
    """Random lines of a reaction post; each one checked legal first (as the reader would)."""
    out = []
    for p in s.pieces_in(fight_of(s).sector, faction):
        targets = legal_targets(s, p.uid, attacker=fight_of(s).attacker if fight_of(s).kind == "attack" else None,
                                among=fight_of(s).among)
        roll = pick.below(4)
        if roll == 0 and targets:
            line = Strike(striker=p.uid, targets=tuple(pick.shuffled(targets)[:2]), reveal=p.shadow)
        elif roll == 1:
            line = Strike(striker=p.uid)
        elif roll == 2 and p.shadow:
            line = StayHidden(piece=p.uid)
        elif s.players[faction].hand and pick.chance(50):
            line = Evade(piece=p.uid, discard=pick.pick(s.players[faction].hand))
        else:
            line = Guard(defender=p.uid)
        if not check_decision(s, faction, line):
            out.append(line)
    return out


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_combats_keep_the_rules(seed):
    s, sector, pick = random_table(seed)
    attacker = s.order[0]
    mine = s.pieces_in(sector, attacker)
    picks = tuple(TargetPick(striker=p.uid, targets=tuple(legal_targets(s, p.uid, attacker=attacker)[:1]))
                  for p in mine if pick.chance(60))
    atk = Attack(sector=sector, picks=picks)
    s.pending = Pending(kind="attack", active=attacker, action=[atk.model_dump()], waiting=[])
    answers = {f: random_answer(s, f, pick) for f in s.order if f != attacker}
    hidden = {p.uid for p in s.pieces.values() if p.shadow}
    s.pending = None
    before = {uid: p.card for uid, p in s.pieces.items()}
    events = resolve_attack(s, attacker, atk, answers, dice(f"{seed + 1:064x}"))
    counts = Counter(e.data["striker"] for e in events if e.kind == "strike")
    for uid, n in counts.items():
        card = CARDS.card(before[uid])
        assert n <= (2 if "two_attacks" in card.props and uid in {p.uid for p in mine} else 1)
    for p in s.pieces.values():
        assert life_left(s, p) > 0  # the dead left at once (KZ-COMBAT-06)
    for e in events:
        assert e.public and e.text.endswith((".", "!"))
        for uid in hidden:
            twins = [u for u, c in before.items() if c == before[uid] and u != uid]
            if uid in s.pieces and s.pieces[uid].shadow and not twins:
                assert CARDS.card(before[uid]).name not in e.text


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_random_retreats_move_the_survivors(seed):
    s, sector, pick = random_table(seed)
    mover = s.order[0]
    leavers = tuple(p.uid for p in s.pieces_in(sector, mover))
    move = Move(pieces=leavers, origin=sector, dest="mana-1")
    s.pending = Pending(kind="retreat", active=mover, action=[move.model_dump()], waiting=[])
    answers = {f: random_answer(s, f, pick) for f in s.order if f != mover}
    s.pending = None
    events = resolve_retreat(s, mover, move, answers, dice(f"{seed + 2:064x}"))
    assert all(e.data.get("owner") != mover for e in events if e.kind == "strike")
    for uid in leavers:
        assert uid not in s.pieces or s.pieces[uid].sector == "mana-1"
