"""Random legal posts, written as a player would write them (demo games, conformance, benchmarks).

Every order is first passed through `legality.simulate` against the state as the post stands, so a
proposed post never holds a line the reader should refuse. After a random draw the post ends, and
the player goes on in a follow-up post once the draw is known (DRP-GAP-12).
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.declension import decline
from letopis.engine.dice import Chooser, Dice

from . import mechanics as m
from .data import DATA
from .legality import allowed_kinds, max_bid, simulate
from .orders import (
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Defence,
    Discard,
    Emergency,
    Handicap,
    Pass,
    Reroll,
    ReturnToStorage,
    Shift,
    Skip,
    Soak,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)
from .state import State

NAMES = ("Рыцарь", "Страж", "Лучница", "Тень", "Вихрь", "Мудрец", "Искра", "Молот")
CHATTER = ("Ну держись!", "Посмотрим, кто кого.", "Удачи! :)", "Тишина перед бурей…", "Ход непростой, думал долго.",
           "(офф: отвечаю с телефона)")
ZONES = (Zone.TIME, Zone.ATTACK, Zone.DEFENCE, Zone.FORM)
REDS = (Zone.ATTACK, Zone.DEFENCE)


def propose(state: State, faction: str, dice: Dice) -> str:
    """A random legal post for ``faction`` now, with the odd line of chatter or BBCode."""
    rng = Chooser(dice, "предложение хода")
    lines = [order_text(state, o) for o in propose_orders(state, faction, dice)]
    if not lines:
        return ""
    if rng.chance(25):
        i = rng.below(len(lines))
        lines[i] = f"[b]{lines[i]}[/b]"
    if rng.chance(30):
        lines.insert(0, rng.pick(CHATTER))
    if rng.chance(15):
        lines.append(rng.pick(CHATTER))
    return "\n".join(lines)


def order_text(state: State, order: BaseModel) -> str:
    """The order's canonical text; with several opponents an attack names whose character it is,
    the way players do: «П2 атакует П3 Бориса» (DRP-GAP-27)."""
    if isinstance(order, Attack) and order.target_faction is not None:
        plain = Attack(**{**order.model_dump(), "target_faction": None}).to_text()
        return plain.replace(" соперника", f" {genitive(state.name(order.target_faction))}", 1)
    return order.to_text()  # type: ignore[attr-defined]


def genitive(name: str) -> str:
    """«Борис» → «Бориса», «Вера Павловна» → «Веры Павловны»; names that do not decline stay."""
    return decline(name, "gen")


def propose_orders(state: State, faction: str, dice: Dice) -> list[BaseModel]:
    """The orders of a random legal post (empty when ``faction`` has nothing to write now)."""
    kinds = allowed_kinds(state, faction)
    if not kinds:
        return []
    rng = Chooser(dice, "предложение хода")
    phase = state.phase
    if phase == "build":
        return _builds(state, faction, rng)
    if phase == "auction":
        return [_bid(state, faction, rng)]
    if phase == "handicap":
        return [_handicap(state, faction, rng)]
    if phase == "turn":
        return _turn(state, faction, rng)
    if phase == "defence":
        return [_defence(state, faction, rng)]
    p = state.soak
    assert p is not None
    c = state.char(p.faction, p.slot)
    return [Soak(amount=rng.between(0, min(p.damage, c.time if c else 0)))]


def _legal(state: State, faction: str, order: BaseModel) -> State | None:
    new, violations = simulate(state, faction, order)
    return None if violations else new


# --- setup, auction ---------------------------------------------------------------------------------
def _builds(state: State, faction: str, rng: Chooser) -> list[BaseModel]:
    out: list[BaseModel] = []
    s = state
    for slot in [i for i, c in enumerate(state.player(faction).build, 1) if c is None]:
        player = s.player(faction)
        used = player.build_usage()
        free = {c: player.storage.get(c) - used.get(c) for c in Colour}
        got = {c: 0 for c in Colour}
        for _ in range(DATA.character.build_tokens):
            colour = rng.pick([c for c in Colour if free[c] > got[c]])
            got[colour] += 1
        red = got[Colour.RED]
        attack = rng.between(0, red)
        name = rng.pick(NAMES) if rng.chance(40) else None
        order = Build(slot=slot, time=got[Colour.BLUE], attack=attack, defence=red - attack,
                      form=got[Colour.GREEN], name=name)
        new = _legal(s, faction, order)
        assert new is not None, "a build drawn from free storage is always legal"
        out.append(order)
        s = new
    return out


def _bid(state: State, faction: str, rng: Chooser) -> BaseModel:
    au = state.auction
    assert au is not None
    low = 0 if au.bid is None else au.bid + 1
    high = min(max_bid(state, faction), low + 2)
    if low <= high and rng.chance(60):
        return Bid(amount=rng.between(low, high))
    return Pass()


def _handicap(state: State, faction: str, rng: Chooser) -> BaseModel:
    keep = 0 if state.options.allow_self_destroy else 1
    left = {s: [c.time, c.total] for s, c in state.player(faction).living()}
    takes: dict[int, int] = {}
    for _ in range(state.handicap):
        slot = rng.pick([s for s, (t, tot) in left.items() if t > 0 and tot > keep])
        left[slot][0] -= 1
        left[slot][1] -= 1
        takes[slot] = takes.get(slot, 0) + 1
    return Handicap(takes=tuple(sorted(takes.items())))


# --- the active player's turn -------------------------------------------------------------------------
def _turn(state: State, faction: str, rng: Chooser) -> list[BaseModel]:
    out: list[BaseModel] = []
    s = state
    player = s.player(faction)
    if player.time_anywhere() == 0 and not s.emergency_done and rng.chance(80):
        order = _discards_order(s, faction, rng, emergency=True)
        if order is not None and _legal(s, faction, order) is not None:
            return [order]  # the draw decides the rest; continue in the next post (DRP-GAP-12)
    for _ in range(rng.between(0, 3)):
        order = _phase1_candidate(s, faction, rng)
        if order is None or (new := _legal(s, faction, order)) is None:
            continue
        out.append(order)
        s = new
        if isinstance(order, Reroll):
            return out
    if out and s.limit_left and rng.chance(15):
        return out  # keep the turn open, the rest in a follow-up post
    final = _attack(s, faction, rng)
    if final is not None:
        out.append(final)
    return out


def _phase1_candidate(s: State, faction: str, rng: Chooser) -> BaseModel | None:
    player = s.player(faction)
    living = [slot for slot, _ in player.living()]
    if not living or s.limit_left <= 0:
        return None
    kinds = ["shift", "add", "add", "swap_storage", "transfer", "reroll"]
    if len(living) > 1:
        kinds.append("swap_characters")
    if s.options.allow_return_to_storage:
        kinds.append("return")
    kind = rng.pick(kinds)
    slot = rng.pick(living)
    count = rng.between(1, 2)
    if kind == "shift":
        return Shift(slot=slot, source=rng.pick(REDS), count=count)
    if kind == "add":
        return Add(slot=slot, zone=rng.pick(ZONES), count=count)
    if kind == "swap_storage":
        give = rng.pick(ZONES)
        return SwapStorage(slot=slot, give=give, take=rng.pick([z for z in ZONES if z.colour is not give.colour]))
    if kind == "return":
        return ReturnToStorage(slot=slot, zone=rng.pick(ZONES), count=1)
    if kind == "reroll":
        return _discards_order(s, faction, rng, emergency=False)
    other = rng.pick([x for x in living if x != slot]) if len(living) > 1 else None
    if other is None:
        return None
    if kind == "transfer":
        zone = rng.pick(ZONES)
        lands = rng.pick(REDS) if zone in REDS else zone
        return Transfer(source=slot, target=other, zone=zone, lands=lands, count=count)
    a_zone = rng.pick(ZONES)
    b_zone = rng.pick([z for z in ZONES if z.colour is not a_zone.colour])
    return SwapCharacters(a=slot, a_zone=a_zone, b=other, b_zone=b_zone,
                          a_lands=rng.pick(REDS) if a_zone in REDS else a_zone,
                          b_lands=rng.pick(REDS) if b_zone in REDS else b_zone)


def _discards_order(s: State, faction: str, rng: Chooser, *, emergency: bool) -> BaseModel | None:
    player = s.player(faction)
    discards: list[Discard] = []
    stock = [c for c in Colour if player.storage.get(c)]
    for _ in range(rng.between(1, 2)):
        if stock and rng.chance(60):
            colour = rng.pick(stock)
            discards.append(Discard(colour=colour, count=1))
        else:
            slot, c = rng.pick(player.living())
            zones = [z for z in ZONES if c.get(z)]
            if zones:
                discards.append(Discard(slot=slot, zone=rng.pick(zones), count=1))
    if not discards:
        return None
    return Emergency(discards=tuple(discards)) if emergency else Reroll(discards=tuple(discards))


def _attack(s: State, faction: str, rng: Chooser) -> BaseModel | None:
    able = m.able_attackers(s, faction)
    if not able:
        return Skip() if _legal(s, faction, Skip()) is not None else None
    if s.options.allow_voluntary_skip and rng.chance(5):
        return Skip()
    slot = rng.pick(able)
    opponents = s.opponents(faction)
    tf = rng.pick(opponents)
    target = rng.pick([i for i, _ in s.player(tf).living()])
    named = tf if len(opponents) > 1 else None
    attacker = s.char(faction, slot)
    assert attacker is not None
    spare = attacker.time - 1
    boosts = {"class_up": int(spare > 0 and rng.chance(35)), "insurance": spare > 1 and rng.chance(30),
              "superiority": spare > 1 and rng.chance(30),
              "damage": rng.between(0, min(2, max(spare - 2, 0))) if rng.chance(30) else 0}
    for order in (Attack(attacker=slot, target=target, target_faction=named, **boosts),
                  Attack(attacker=slot, target=target, target_faction=named)):
        if _legal(s, faction, order) is not None:
            return order
    return None


# --- the defender -------------------------------------------------------------------------------------
def _defence(s: State, faction: str, rng: Chooser) -> BaseModel:
    a = s.attack
    assert a is not None
    c = s.char(faction, a.target_slot)
    assert c is not None
    candidate = Defence(class_up=int(rng.chance(30)), insurance=rng.chance(30), superiority=rng.chance(25),
                        counter=rng.chance(30), absorb_named=rng.chance(5),
                        presoak=rng.between(0, 1) if rng.chance(15) else None)
    for order in (candidate, Defence(counter=candidate.counter), Defence()):
        if _legal(s, faction, order) is not None:
            return order
    return Defence()
