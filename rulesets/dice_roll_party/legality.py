"""Is this order legal here and now? The checks of every rule clause, and the order's effect.

This is the interface the post reader uses line by line: `allowed_kinds` (what the current step
accepts), `simulate` (check one order against the state as it stands at that point of the post and
return the state after its deterministic effect) and `describe` (a Russian summary for the live
check). `resolution.apply` runs the same `check` and `effects.perform`, so a post that reads
without errors is carried out exactly as it was checked, until a random draw changes the facts
(DRP-GAP-12).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from letopis.engine.copying import clone
from letopis.engine.text import counted, plural

from . import mechanics as m
from .data import DATA
from .effects import attack_cost, defence_cost, perform, phase1_cost, token_ru
from .messages import msg
from .orders import (
    COLOUR_PL_RU,
    ZONE_ACC_RU,
    ZONE_GEN_RU,
    ZONE_RU,
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Defence,
    Discard,
    Emergency,
    Handicap,
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
from .state import Character, Player, State

C = DATA.costs
CAP = DATA.character.max_tokens

PHASE1_KINDS = frozenset({"shift", "add", "swap_storage", "swap_characters", "transfer", "return", "reroll",
                          "emergency"})
STEP_KINDS: dict[str, frozenset[str]] = {
    "build": frozenset({"build"}),
    "auction": frozenset({"bid", "pass"}),
    "handicap": frozenset({"handicap"}),
    "turn": PHASE1_KINDS | {"attack", "skip"},
    "defence": frozenset({"defence"}),
    "soak": frozenset({"soak"}),
    "over": frozenset(),
}
STEP_RU = {"build": "расстановка персонажей", "auction": "аукцион времени", "handicap": "снятие форы",
           "turn": "ваш ход: ресурсы и атака", "defence": "защита", "soak": "решение, гасить ли урон временем",
           "over": "конец партии"}
KIND_RU = {"build": "расстановка персонажа", "bid": "ставка", "pass": "пас", "handicap": "снятие форы",
           "shift": "перекладывание", "add": "добавление из хранилища", "swap_storage": "обмен с хранилищем",
           "swap_characters": "обмен между персонажами", "transfer": "перенос", "return": "возврат в хранилище",
           "reroll": "сброс и добор", "emergency": "экстренный обмен", "attack": "атака", "skip": "пропуск хода",
           "defence": "защита", "soak": "гашение урона временем"}


@dataclass(frozen=True)
class Violation:
    code: str  # stable code from messages.py, e.g. "attack.cost_exceeds_time"
    message: str  # Russian
    hint: str | None  # Russian
    clause: str  # e.g. "DRP-ATK-09"


def _v(code: str, clause: str, hint: str | None = None, **kw: object) -> Violation:
    return Violation(code=code, message=msg(code, **kw), hint=hint, clause=clause)


# --- who is expected ----------------------------------------------------------------------------
def build_complete(player: Player) -> bool:
    return player.built or all(c is not None for c in player.build)


def expected(state: State) -> list[str]:
    """Factions that may post in the current step, in the order their posts are applied."""
    phase = state.phase
    if phase == "build":
        waiting = [f for f in state.seats if not build_complete(state.player(f))]
        return waiting if state.options.sealed_builds else waiting[:1]
    if phase == "auction":
        return [state.auction.turn] if state.auction else []
    if phase in ("handicap", "turn"):
        return [state.active] if state.active else []
    if phase == "defence":
        a = state.attack
        return [a.target] if a is not None and a.defence is None else []
    if phase == "soak":
        return [state.soak.faction] if state.soak else []
    return []


def allowed_kinds(state: State, faction: str) -> frozenset[str]:
    """Order kinds ``faction`` may write in the current step (empty when it is not theirs)."""
    if faction not in expected(state):
        return frozenset()
    return STEP_KINDS[state.phase]


# --- the one entry point for checks ---------------------------------------------------------------
def check(state: State, faction: str, order: BaseModel, *, forced: bool = False) -> list[Violation]:
    """Every rule that makes ``order`` illegal here. ``forced`` marks a deadline default (a skip
    that the player did not choose, DRP-GAP-29)."""
    if state.over:
        return [_v("step.game_over", "DRP-WIN-01")]
    kind: str = order.kind  # type: ignore[attr-defined]
    if faction not in state.players or faction not in expected(state):
        who = ", ".join(state.name(f) for f in expected(state)) or "никого"
        if state.phase == "defence" and state.attack is not None and faction == state.attack.attacker:
            return [_v("step.after_attack", "DRP-GEN-03")]
        if state.phase == "defence" and state.attack is not None and state.attack.defence is not None:
            return [_v("step.defence_done", "DRP-DEF-08")]
        return [_v("step.not_your_turn", "DRP-GEN-03", who=who)]
    if kind not in STEP_KINDS[state.phase]:
        return [_v("step.wrong_kind", "DRP-GEN-03", step=STEP_RU[state.phase], kind=KIND_RU.get(kind, kind))]
    if kind == "skip" and forced:
        return []
    return _CHECKS[kind](state, faction, order)


def simulate(state: State, faction: str, order: BaseModel) -> tuple[State, list[Violation]]:
    """Check one order as the post stands at that line; if legal, the state after its
    deterministic effect. Draws (reroll, emergency) leave ``draw_pending`` set instead."""
    violations = check(state, faction, order)
    if violations:
        return state, violations
    new = clone(state)
    perform(new, faction, order, [])
    return new, []


# --- helpers --------------------------------------------------------------------------------------
def _living(state: State, faction: str, slot: int, out: list[Violation]) -> Character | None:
    player = state.player(faction)
    if not 1 <= slot <= len(player.slots):
        out.append(_v("slot.unknown", "DRP-SETUP-02", slot=slot, slots=len(player.slots)))
        return None
    c = player.char(slot)
    if c is None:
        out.append(_v("slot.closed", "DRP-SETUP-05", slot=slot))
    return c


def _need_zone(state: State, faction: str, slot: int, c: Character, zone: Zone, n: int,
               out: list[Violation]) -> None:
    if c.get(zone) < n:
        hint = None
        if zone.colour is Colour.RED and c.get(_other_red(zone)) >= n:
            where = "атаке" if _other_red(zone) is Zone.ATTACK else "защите"
            hint = f"у {state.label(faction, slot)} красные лежат в {where}"
        out.append(_v("char.zone_short", "DRP-TOK-05", hint, who=state.label(faction, slot),
                      have=c.get(zone), zone=ZONE_RU[zone], need=n))


def _other_red(zone: Zone) -> Zone:
    return Zone.DEFENCE if zone is Zone.ATTACK else Zone.ATTACK


def _need_storage(state: State, player: Player, colour: Colour, n: int, out: list[Violation]) -> None:
    have = player.storage.get(colour)
    if have + state.draw_pending < n:  # unknown draws may cover it (DRP-GAP-12)
        out.append(_v("storage.short", "DRP-RES-08", have=have, colour=COLOUR_PL_RU[colour], need=n))


def _cap(state: State, faction: str, slot: int, c: Character, arriving: int, out: list[Violation]) -> None:
    if c.total + arriving > CAP:
        out.append(_v("char.cap", "DRP-TOK-07", msg("hint.free_storage"), who=state.label(faction, slot),
                      total=counted(c.total + arriving, "токен", "токена", "токенов"), cap=CAP))


def _not_emptied(state: State, faction: str, slot: int, c: Character, leaving: int, out: list[Violation],
                 *, always: bool = False) -> None:
    """No operation of Phase 1 may empty a character (DRP-GAP-13, unless the options allow it);
    the emergency exchange never may (``always``, its own rule DRP-GAP-11)."""
    if c.total - leaving <= 0 and (always or not state.options.allow_self_destroy):
        out.append(_v("char.emptied", "DRP-GAP-11" if always else "DRP-GAP-13", who=state.label(faction, slot)))


def _limit(state: State, order: BaseModel, out: list[Violation]) -> None:
    cost = phase1_cost(state, order)
    if cost > state.limit_left:
        out.append(_v("limit.exceeded", "DRP-RES-04", cost=cost, left=state.limit_left))


# --- setup, first move -------------------------------------------------------------------------------
def _check_build(state: State, faction: str, o: Build) -> list[Violation]:
    out: list[Violation] = []
    player = state.player(faction)
    if o.slot > len(player.build):
        return [_v("slot.unknown", "DRP-SETUP-02", slot=o.slot, slots=len(player.build))]
    if player.build[o.slot - 1] is not None:
        out.append(_v("build.slot_done", "DRP-SETUP-02", slot=o.slot))
    total = o.time + o.attack + o.defence + o.form
    if total != DATA.character.build_tokens:
        out.append(_v("build.total", "DRP-SETUP-03", need=DATA.character.build_tokens, got=total))
    used = player.build_usage()
    want = {Colour.BLUE: o.time, Colour.RED: o.attack + o.defence, Colour.GREEN: o.form}
    for colour, n in want.items():
        have = player.storage.get(colour) - used.get(colour)
        if n > have:
            out.append(_v("build.storage", "DRP-SETUP-02", colour=COLOUR_PL_RU[colour], need=n, have=have))
    return out


def max_bid(state: State, faction: str) -> int:
    """Most time the player could hand over without emptying a character (DRP-GAP-06, DRP-GAP-13)."""
    return sum(m.handicap_caps(state, faction).values())


def _check_bid(state: State, faction: str, o: Bid) -> list[Violation]:
    au = state.auction
    assert au is not None
    out: list[Violation] = []
    if au.bid is not None and o.amount <= au.bid:
        out.append(_v("bid.too_low", "DRP-GAP-06", msg("hint.bid_min", bid=au.bid + 1), bid=au.bid))
    most = max_bid(state, faction)
    if o.amount > most:
        out.append(_v("bid.too_high", "DRP-GAP-06", amount=o.amount, most=most))
    return out


def _check_pass(state: State, faction: str, o: BaseModel) -> list[Violation]:
    return []


def _check_handicap(state: State, faction: str, o: Handicap) -> list[Violation]:
    out: list[Violation] = []
    got = sum(n for _, n in o.takes)
    if got != state.handicap:
        out.append(_v("handicap.sum", "DRP-FIRST-05", need=state.handicap, got=got))
    seen: set[int] = set()
    for slot, n in o.takes:
        if n < 0:
            out.append(_v("handicap.amount", "DRP-FIRST-05", slot=slot, amount=n))
            continue
        if slot in seen:
            out.append(_v("handicap.slot_twice", "DRP-FIRST-05", slot=slot))
            continue
        seen.add(slot)
        c = _living(state, faction, slot, out)
        if c is None:
            continue
        _need_zone(state, faction, slot, c, Zone.TIME, n, out)
        if n <= c.time:
            _not_emptied(state, faction, slot, c, n, out)
    return out


# --- phase 1 -------------------------------------------------------------------------------------
def _check_shift(state: State, faction: str, o: Shift) -> list[Violation]:
    out: list[Violation] = []
    c = _living(state, faction, o.slot, out)
    if c is not None:
        _need_zone(state, faction, o.slot, c, o.source, o.count, out)
    _limit(state, o, out)
    return out


def _check_add(state: State, faction: str, o: Add) -> list[Violation]:
    out: list[Violation] = []
    c = _living(state, faction, o.slot, out)
    if c is not None:
        _cap(state, faction, o.slot, c, o.count, out)
    _need_storage(state, state.player(faction), o.zone.colour, o.count, out)
    _limit(state, o, out)
    return out


def _check_swap_storage(state: State, faction: str, o: SwapStorage) -> list[Violation]:
    out: list[Violation] = []
    if o.give.colour is o.take.colour:
        out.append(_v("swap.same_colour", "DRP-RES-06"))
    c = _living(state, faction, o.slot, out)
    if c is not None:
        _need_zone(state, faction, o.slot, c, o.give, o.count, out)
    _need_storage(state, state.player(faction), o.take.colour, o.count, out)
    _limit(state, o, out)
    return out


def _check_swap_characters(state: State, faction: str, o: SwapCharacters) -> list[Violation]:
    out: list[Violation] = []
    if o.a == o.b:
        out.append(_v("slot.same", "DRP-RES-06", slot=o.a))
    if o.a_zone.colour is o.b_zone.colour:
        out.append(_v("swap.same_colour", "DRP-RES-06"))
    for zone, lands in ((o.a_zone, o.a_lands), (o.b_zone, o.b_lands)):
        if lands.colour is not zone.colour:
            out.append(_v("swap.lands_wrong", "DRP-GAP-14", colour=token_ru(zone), zone=ZONE_RU[lands]))
    a = _living(state, faction, o.a, out)
    b = _living(state, faction, o.b, out)
    if a is not None:
        _need_zone(state, faction, o.a, a, o.a_zone, 1, out)
    if b is not None:
        _need_zone(state, faction, o.b, b, o.b_zone, 1, out)
    _limit(state, o, out)
    return out


def _check_transfer(state: State, faction: str, o: Transfer) -> list[Violation]:
    out: list[Violation] = []
    if o.source == o.target:
        out.append(_v("slot.same", "DRP-RES-07", slot=o.source))
    if o.lands.colour is not o.zone.colour:
        out.append(_v("transfer.lands_wrong", "DRP-GAP-14", zone=ZONE_RU[o.zone], lands=ZONE_RU[o.lands]))
    src = _living(state, faction, o.source, out)
    dst = _living(state, faction, o.target, out)
    if src is not None:
        _need_zone(state, faction, o.source, src, o.zone, o.count, out)
        _not_emptied(state, faction, o.source, src, o.count, out)
    if dst is not None and o.source != o.target:
        _cap(state, faction, o.target, dst, o.count, out)
    _limit(state, o, out)
    return out


def _check_return(state: State, faction: str, o: ReturnToStorage) -> list[Violation]:
    if not state.options.allow_return_to_storage:
        return [_v("return.disabled", "DRP-GAP-09")]
    out: list[Violation] = []
    c = _living(state, faction, o.slot, out)
    if c is not None:
        _need_zone(state, faction, o.slot, c, o.zone, o.count, out)
        _not_emptied(state, faction, o.slot, c, o.count, out)
    _limit(state, o, out)
    return out


def _check_discards(state: State, faction: str, discards: tuple[Discard, ...], out: list[Violation],
                    *, never_empty: bool) -> None:
    """Storage discards by colour, character discards by zone, summed per place (DRP-RES-09)."""
    if not discards:
        out.append(_v("draw.nothing", "DRP-RES-09"))
        return
    player = state.player(faction)
    from_storage: dict[Colour, int] = {}
    from_chars: dict[tuple[int, Zone], int] = {}
    for d in discards:
        if d.slot is None:
            if d.colour is None:
                out.append(_v("draw.nothing", "DRP-RES-09"))
                continue
            from_storage[d.colour] = from_storage.get(d.colour, 0) + d.count
        else:
            if d.zone is None:
                out.append(_v("draw.nothing", "DRP-RES-09"))
                continue
            from_chars[(d.slot, d.zone)] = from_chars.get((d.slot, d.zone), 0) + d.count
    for colour, n in from_storage.items():
        _need_storage(state, player, colour, n, out)
    per_slot: dict[int, int] = {}
    for (slot, zone), n in from_chars.items():
        c = _living(state, faction, slot, out)
        if c is None:
            continue
        _need_zone(state, faction, slot, c, zone, n, out)
        per_slot[slot] = per_slot.get(slot, 0) + n
    for slot, n in per_slot.items():
        c = player.char(slot)
        if c is not None:
            _not_emptied(state, faction, slot, c, n, out, always=never_empty)


def _check_reroll(state: State, faction: str, o: Reroll) -> list[Violation]:
    out: list[Violation] = []
    _check_discards(state, faction, o.discards, out, never_empty=False)
    _limit(state, o, out)
    return out


def _check_emergency(state: State, faction: str, o: Emergency) -> list[Violation]:
    """Only when no time is anywhere, once, before other Phase 1 moves (DRP-RES-12, DRP-GAP-11)."""
    out: list[Violation] = []
    player = state.player(faction)
    if state.emergency_done:
        return [_v("emergency.twice", "DRP-GAP-11")]
    time = player.time_anywhere()
    if time:
        return [_v("emergency.has_time", "DRP-RES-12", time=time)]
    if state.limit_left != state.limit:
        out.append(_v("emergency.after_ops", "DRP-GAP-11"))
    _check_discards(state, faction, o.discards, out, never_empty=True)
    _limit(state, o, out)
    return out


# --- phase 2 -------------------------------------------------------------------------------------
def target_of(state: State, faction: str, o: Attack, out: list[Violation]) -> str | None:
    """The faction attacked: the only opponent in a duel, else the one named (DRP-GAP-27)."""
    if o.target_faction is None:
        opponents = state.opponents(faction)
        if len(opponents) != 1:
            out.append(_v("attack.target_whose", "DRP-GAP-27"))
            return None
        return opponents[0]
    if o.target_faction == faction:
        out.append(_v("attack.target_self", "DRP-TURN-05"))
        return None
    if o.target_faction not in state.players or not state.player(o.target_faction).alive:
        out.append(_v("attack.target_unknown", "DRP-GAP-27", faction=o.target_faction))
        return None
    return o.target_faction


def _class_up_rules(potential: int, class_up: int, superiority: bool, stack: bool, out: list[Violation]) -> None:
    """Class up once, never past d20; superiority needs a die (DRP-GAP-15, DRP-GAP-30)."""
    cls = m.klass(potential)
    if class_up:
        if cls >= m.MAX_CLASS:
            out.append(_v("boost.class_up_max", "DRP-GAP-15", cls=cls))
        elif class_up > 1 and not stack:
            out.append(_v("boost.class_up_repeat", "DRP-GAP-15"))
        elif cls + class_up > m.MAX_CLASS:
            out.append(_v("boost.class_up_over", "DRP-GAP-15"))
    if superiority and m.rolled_class(potential, class_up) == 0:
        out.append(_v("boost.superiority_class0", "DRP-GAP-30", msg("hint.drop_boosts", what="«превосходство»")))


def _check_attack(state: State, faction: str, o: Attack) -> list[Violation]:
    out: list[Violation] = []
    attacker = state.player(faction).char(o.attacker)
    if attacker is None:
        out.append(_v("attack.no_attacker", "DRP-SETUP-05", slot=o.attacker))
    target_faction = target_of(state, faction, o, out)
    target = state.char(target_faction, o.target) if target_faction else None
    if target_faction and target is None:
        out.append(_v("attack.target_closed", "DRP-TURN-05", slot=o.target, owner=state.name(target_faction)))
    if attacker is None:
        return out
    allowed = m.allowed_attackers(state, faction)
    if o.attacker not in allowed:
        listing = ", ".join(f"П{s}" for s in allowed) or "никто"
        if state.options.turn_order == "cyclic":
            out.append(_v("attack.cyclic", "DRP-TURN-03", msg("hint.attack_with", slots=listing),
                          slot=allowed[0] if allowed else "—", got=o.attacker))
        else:
            clause = "DRP-GAP-22" if state.initiative_slots is not None else "DRP-TURN-04"
            out.append(_v("attack.initiative", clause, msg("hint.attack_with", slots=listing), slots=listing))
    boosted = o.class_up or o.damage or o.insurance or o.superiority
    if boosted and m.first_turn_banned(state, faction):
        basic = Attack(attacker=o.attacker, target=o.target, target_faction=o.target_faction).to_text()
        out.append(_v("boost.first_turn", "DRP-FIRST-03", msg("hint.basic_attack", text=basic)))
    _class_up_rules(attacker.attack, o.class_up, o.superiority, state.options.stack_class_up, out)
    if state.options.aspect_gated_boosts:
        if o.superiority and not (target is not None and m.advantage(state.options, attacker, target)):
            out.append(_v("boost.gated_superiority", "DRP-VAR-02"))
        if o.insurance and m.aspect(attacker) is not Colour.BLUE:
            out.append(_v("boost.gated_insurance", "DRP-VAR-05"))
    cost = attack_cost(o)
    who = state.label(faction, o.attacker)
    if attacker.time < C.attack:
        out.append(_v("attack.no_time", "DRP-ATK-02", msg("hint.skip"), who=who, cost=cost))
    elif cost > attacker.time:
        out.append(_v("attack.cost_exceeds_time", "DRP-ATK-09", _trim_hint(o, cost - attacker.time),
                      cost=cost, who=who, time=attacker.time))
    return out


def _trim_hint(o: Attack, excess: int) -> str:
    """«уберите «превосходство» или одно очко урона»: boosts whose removal alone makes it fit."""
    options = []
    if excess == 1:
        if o.superiority:
            options.append("«превосходство»")
        if o.insurance:
            options.append("«страховку»")
        if o.class_up:
            options.append("«класс+»")
    if o.damage >= excess:
        word = "одно очко" if excess == 1 else f"{excess} {plural(excess, 'очко', 'очка', 'очков')}"
        options.append(f"{word} урона")
    if not options:
        return msg("hint.drop_boosts", what=f"усиления на {excess} времени")
    return msg("hint.drop_boosts", what=" или ".join(options))


def _check_skip(state: State, faction: str, o: Skip) -> list[Violation]:
    """A skip is legal only when no allowed attacker has time (DRP-GAP-20, DRP-GAP-21, DRP-GAP-22)."""
    if state.options.allow_voluntary_skip:
        return []
    able = m.able_attackers(state, faction)
    if able:
        slots = ", ".join(f"П{s}" for s in able)
        return [_v("skip.not_allowed", "DRP-GAP-20", msg("hint.attack_with", slots=slots),
                   who=state.label(faction, able[0]))]
    return []


# --- phase 3 ------------------------------------------------------------------------------------
def _check_defence(state: State, faction: str, o: Defence) -> list[Violation]:
    a = state.attack
    assert a is not None
    out: list[Violation] = []
    c = state.char(faction, a.target_slot)
    if c is None:
        return [_v("slot.closed", "DRP-SETUP-05", slot=a.target_slot)]
    _class_up_rules(c.defence, o.class_up, o.superiority, state.options.stack_class_up, out)
    if state.options.aspect_gated_boosts:
        asp = m.aspect(c)
        if o.superiority and state.options.gated_defence_superiority == "never":
            out.append(_v("boost.gated_def_superiority", "DRP-GAP-26"))
        if o.insurance and asp is not Colour.BLUE:
            out.append(_v("boost.gated_insurance", "DRP-VAR-05"))
        if o.counter and asp is not Colour.RED:
            out.append(_v("boost.gated_counter", "DRP-VAR-03"))
    cost = defence_cost(o)
    who = state.label(faction, a.target_slot)
    if cost > c.time:
        out.append(_v("defence.cost_exceeds_time", "DRP-GAP-19", cost=cost, who=who, time=c.time))
    elif o.presoak and o.presoak > c.time - cost:
        out.append(_v("defence.presoak_exceeds_time", "DRP-DMG-03", who=who, time=c.time - cost,
                      amount=o.presoak))
    return out


def _check_soak(state: State, faction: str, o: Soak) -> list[Violation]:
    p = state.soak
    assert p is not None
    c = state.char(p.faction, p.slot)
    assert c is not None
    out: list[Violation] = []
    if o.amount > c.time:
        out.append(_v("soak.exceeds_time", "DRP-DMG-03", time=c.time, who=state.label(p.faction, p.slot)))
    if o.amount > p.damage:
        out.append(_v("soak.exceeds_damage", "DRP-DMG-03", damage=p.damage))
    return out


_CHECKS = {
    "build": _check_build, "bid": _check_bid, "pass": _check_pass, "handicap": _check_handicap,
    "shift": _check_shift, "add": _check_add, "swap_storage": _check_swap_storage,
    "swap_characters": _check_swap_characters, "transfer": _check_transfer, "return": _check_return,
    "reroll": _check_reroll, "emergency": _check_emergency, "attack": _check_attack, "skip": _check_skip,
    "defence": _check_defence, "soak": _check_soak,
}


# --- describe ------------------------------------------------------------------------------------
def describe(state: State, faction: str, order: BaseModel) -> tuple[str, str | None]:
    """What the order will do, and what it costs or leaves, in Russian, for the live check. Works
    for illegal orders too (the reader shows them beside their error)."""
    return _describe(state, faction, order)


def _limit_text(state: State, order: BaseModel) -> str:
    cost = phase1_cost(state, order)
    return f"лимит: {state.limit_left} → {state.limit_left - cost}"


def _describe(state: State, faction: str, o: BaseModel) -> tuple[str, str | None]:
    label = lambda slot: state.label(faction, slot)
    if isinstance(o, Build):
        player = state.player(faction)
        sheet = Character(name=o.name, time=o.time, attack=o.attack, defence=o.defence, form=o.form)
        used = player.build_usage()
        left = player.storage.model_copy()
        for colour in Colour:
            left.put(colour, -used.get(colour) - sheet.colour(colour))
        name = f" «{o.name}»" if o.name else ""
        summary = (f"П{o.slot}{name}: {sheet.sheet()} (В/А/З/Ф), {sheet.total} ток., "
                   f"атака {m.die_text(m.klass(o.attack))}, защита {m.die_text(m.klass(o.defence))}")
        return summary, f"в хранилище останется: {left.text()}"
    if isinstance(o, Bid):
        return f"ставка: {o.amount} времени форы", f"можно снять не больше {max_bid(state, faction)}"
    if isinstance(o, Handicap):
        takes = ", ".join(f"{n} с {label(slot)}" for slot, n in o.takes)
        return f"фора в хранилище: {takes}", f"нужно снять {state.handicap}"
    if isinstance(o, Shift):
        return (f"{label(o.slot)}: красные ×{o.count} из {ZONE_GEN_RU[o.source]} в {ZONE_ACC_RU[o.target]}",
                _limit_text(state, o))
    if isinstance(o, Add):
        return f"{label(o.slot)}: из хранилища {token_ru(o.zone)} ×{o.count}", _limit_text(state, o)
    if isinstance(o, SwapStorage):
        return (f"{label(o.slot)}: отдаёт в хранилище {token_ru(o.give)}, берёт {token_ru(o.take)} ×{o.count}",
                _limit_text(state, o))
    if isinstance(o, SwapCharacters):
        return (f"обмен: {token_ru(o.a_zone)} {label(o.a)} ↔ {token_ru(o.b_zone)} {label(o.b)}",
                _limit_text(state, o))
    if isinstance(o, Transfer):
        return f"{o.count} × {token_ru(o.zone)}: {label(o.source)} → {label(o.target)}", _limit_text(state, o)
    if isinstance(o, ReturnToStorage):
        return f"{label(o.slot)} → хранилище: {token_ru(o.zone)} ×{o.count}", _limit_text(state, o)
    if isinstance(o, Reroll):
        return f"сброс в мешок ({o.count}) и добор {o.count} случайных в хранилище", _limit_text(state, o)
    if isinstance(o, Emergency):
        cost = _limit_text(state, o) if state.options.emergency_uses_limit else "лимит не тратится"
        return f"экстренный обмен: {o.count} ток. на случайные из мешка", cost
    if isinstance(o, Attack):
        return _describe_attack(state, faction, o)
    if isinstance(o, Skip):
        return "пропуск атаки: ход переходит сопернику", None
    if isinstance(o, Defence) and state.attack is not None:
        return _describe_defence(state, faction, o)
    if isinstance(o, Soak) and state.soak is not None and (c := state.char(state.soak.faction, state.soak.slot)):
        p = state.soak
        return (f"{state.label(p.faction, p.slot)}: {o.amount} из {p.damage} урона гасится временем",
                f"время {state.label(p.faction, p.slot)}: {c.time} → {c.time - o.amount}")
    return o.to_text(), None  # type: ignore[attr-defined]


def _dice_text(potential: int, class_up: int, superiority: bool, insurance: bool) -> str:
    base = m.klass(potential)
    text = m.die_text(base)
    if class_up:
        text += f", класс+ → {m.die_text(m.rolled_class(potential, class_up))}"
    if superiority:
        text += ", два броска, лучший"
    if insurance:
        text += f", страховка: не меньше {potential}"
    return text


def _describe_attack(state: State, faction: str, o: Attack) -> tuple[str, str | None]:
    tf = o.target_faction or (state.opponents(faction) or [faction])[0]
    if len(state.opponents(faction)) <= 1:
        whose = "соперника"
    else:
        whose = state.name(tf) if tf in state.players else f"«{tf}»"
    c = state.char(faction, o.attacker)
    summary = f"{state.label(faction, o.attacker)} атакует П{o.target} {whose}"
    if c is None:
        return summary, None
    summary += f": {_dice_text(c.attack, o.class_up, o.superiority, o.insurance)}"
    if o.damage:
        summary += f", урон +{o.damage}"
    cost = attack_cost(o)
    return summary, f"время {state.label(faction, o.attacker)}: {c.time} → {c.time - cost}"


def _describe_defence(state: State, faction: str, o: Defence) -> tuple[str, str | None]:
    a = state.attack
    assert a is not None
    c = state.char(a.target, a.target_slot)
    if c is None:
        return o.to_text(), None
    label = state.label(a.target, a.target_slot)
    summary = f"защита {label}: {_dice_text(c.defence, o.class_up, o.superiority, o.insurance)}"
    if o.counter:
        summary += ", контратака"
    if o.presoak is not None:
        summary += f"; при попадании гасит {o.presoak} временем"
    cost = defence_cost(o)
    return summary, f"время {label}: {c.time} → {c.time - cost}"
