"""Small pure computations the rules share: classes and dice, aspects, the Phase 1 limit, who may
attack, damage priority. Nothing here changes a state except `take_damage` on one character."""

from __future__ import annotations

from ..data import DATA
from ..options import Options
from ..orders import Colour, Zone
from ..state import Character, Player, State

MAX_CLASS = DATA.dice.max_class
# Damage takes tokens in this order (DRP-DMG-02).
DAMAGE_ORDER = (Zone.FORM, Zone.DEFENCE, Zone.ATTACK, Zone.TIME)


def klass(potential: int) -> int:
    """Class from potential, capped at the top class (DRP-CLASS-01, DRP-CLASS-03)."""
    return min(potential, MAX_CLASS)


def rolled_class(potential: int, class_up: int) -> int:
    """The class actually rolled after class-up steps, never above the top (DRP-CLASS-04, DRP-GAP-15)."""
    return min(klass(potential) + class_up, MAX_CLASS)


def die(cls: int) -> int:
    """Die sides for a class; 0 means no die (DRP-CLASS-02)."""
    return DATA.dice.chain[cls]


def die_text(cls: int) -> str:
    return f"d{die(cls)}" if cls else "без кубика"


def aspect(c: Character) -> Colour | None:
    """The colour that strictly predominates, else None (DRP-ASP-02, DRP-GAP-23)."""
    counts = {Colour.RED: c.attack + c.defence, Colour.BLUE: c.time, Colour.GREEN: c.form}
    top = max(counts.values())
    winners = [col for col, n in counts.items() if n == top]
    return winners[0] if len(winners) == 1 and top > 0 else None


ASPECT_RU = {Colour.RED: "Потенциала", Colour.BLUE: "Времени", Colour.GREEN: "Формы"}


def advantage(options: Options, attacker: Character, defender: Character) -> bool:
    """Whether ``attacker`` has aspect advantage over ``defender`` (DRP-ASP-03..06, DRP-GAP-24)."""
    if not options.aspects:
        return False
    a, d = aspect(attacker), aspect(defender)
    if a is None or d is None:
        return False
    return d in options.chart.get(a, ())


def phase1_limit(player: Player) -> int:
    """Highest time among living characters, or 1 when all have none (DRP-RES-02, DRP-RES-03)."""
    return max((c.time for _, c in player.living()), default=0) or 1


def cyclic_slot(player: Player) -> int | None:
    """The slot the cyclic pointer designates, skipping closed slots (DRP-GAP-21)."""
    n = len(player.slots)
    for step in range(n):
        slot = (player.pointer - 1 + step) % n + 1
        if player.slots[slot - 1] is not None:
            return slot
    return None


def initiative_slots(player: Player) -> list[int]:
    """Living characters whose time equals the maximum, if that maximum is above 0 (DRP-TURN-04)."""
    top = max((c.time for _, c in player.living()), default=0)
    return [s for s, c in player.living() if c.time == top] if top > 0 else []


def allowed_attackers(state: State, faction: str) -> list[int]:
    """Slots the turn method lets attack now, whatever their time (DRP-TURN-02..04)."""
    player = state.player(faction)
    method = state.options.turn_order
    if method == "cyclic":
        slot = cyclic_slot(player)
        return [slot] if slot is not None else []
    if method == "initiative":
        if state.initiative_slots is not None:
            return [s for s in state.initiative_slots if player.char(s) is not None]
        return initiative_slots(player)
    return [s for s, _ in player.living()]


def able_attackers(state: State, faction: str) -> list[int]:
    """Allowed attackers that can pay the basic attack (DRP-ATK-02, DRP-GAP-20)."""
    player = state.player(faction)
    return [s for s in allowed_attackers(state, faction)
            if (c := player.char(s)) is not None and c.time >= DATA.costs.attack]


def first_turn_banned(state: State, faction: str) -> bool:
    """Whether attack boosts are banned for this attack (DRP-FIRST-03, DRP-GAP-05)."""
    o = state.options
    if o.first_move != "simple" or o.first_turn_ban == "off":
        return False
    if o.first_turn_ban == "first_attack":
        return state.attacks_made == 0
    return state.player(faction).attacks == 0


def take_damage(c: Character, damage: int, soak: int) -> tuple[dict[Zone, int], int]:
    """Remove ``soak`` time, then the rest by priority; returns losses by zone and what was lost
    beyond the last token (DRP-DMG-02..04)."""
    losses: dict[Zone, int] = {}
    if soak:
        c.time -= soak
        losses[Zone.TIME] = soak
    rest = damage - soak
    for zone in DAMAGE_ORDER:
        n = min(rest, c.get(zone))
        if n:
            c.put(zone, -n)
            losses[zone] = losses.get(zone, 0) + n
            rest -= n
    return losses, rest


def handicap_caps(state: State, faction: str) -> dict[int, int]:
    """Most time each living character may give up without being emptied (DRP-GAP-06, DRP-GAP-13)."""
    keep = 0 if state.options.allow_self_destroy else 1
    return {slot: max(0, min(c.time, c.total - keep)) for slot, c in state.player(faction).living()}


def sole_handicap(state: State, faction: str, amount: int) -> tuple[tuple[int, int], ...] | None:
    """The only allocation of ``amount`` time that the rules allow (every character gives all it
    can, or only one character can give anything), or None when there is a choice (D4)."""
    caps = {slot: n for slot, n in handicap_caps(state, faction).items() if n > 0}
    if amount <= 0 or sum(caps.values()) < amount:
        return None
    if sum(caps.values()) == amount:
        return tuple(sorted(caps.items()))
    if len(caps) == 1:
        return ((next(iter(caps)), amount),)
    return None


def sole_soak(c: Character, damage: int) -> str | None:
    """Why soaking ``damage`` leaves no real choice (D6, D7), or None when it does: ``no_time`` (the
    only answer is 0), ``all_lost`` (the damage takes every token whatever is paid with time),
    ``time_only`` (only time is left, so paying time or losing it is the same)."""
    if damage <= 0:
        return None
    if c.time == 0:
        return "no_time"
    if damage >= c.total:
        return "all_lost"
    if c.total == c.time:
        return "time_only"
    return None


def next_seat(state: State, faction: str) -> str:
    """The next living player clockwise by seat (DRP-GAP-27)."""
    i = state.seats.index(faction)
    n = len(state.seats)
    for step in range(1, n + 1):
        f = state.seats[(i + step) % n]
        if state.players[f].alive:
            return f
    return faction
