"""What each order does to the state when it is legal, and the turn flow around it.

Everything here is deterministic: `legality.simulate` runs these effects to check a post line by
line, and `resolution.apply` runs the very same effects, adding only the dice (draws, rolls). The
functions change the state they are given (callers pass a copy) and append chronicle `Event`s.
"""

from __future__ import annotations

from letopis.engine.events import Event, Roll

from ..data import DATA
from ..messages import msg
from ..orders import (
    COLOUR_RU,
    ZONE_ACC_RU,
    ZONE_GEN_RU,
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
from ..orders import _token as token_ru  # «синий», «красный (атака)»: the canonical texts' own naming
from ..state import Auction, Character, PendingAttack, PendingSoak, Player, State, Tokens
from . import mechanics as m

C = DATA.costs


def event(kind: str, clause: str | None, *, faction: str | None = None, rolls: list[Roll] | None = None,
          public: bool = True, data: dict | None = None, **kw: object) -> Event:
    """An event whose sentence comes from the catalogue entry ``event.<kind>``."""
    return Event(kind=kind, text=msg(f"event.{kind}", **kw), clause=clause, faction=faction,
                 rolls=list(rolls or []), public=public, data=data or {})


def losses_ru(losses: dict[Zone, int]) -> str:
    return ", ".join(f"{ZONE_GEN_RU[z]} {n}" for z, n in losses.items() if n) or "ничего"


# --- costs ------------------------------------------------------------------------------------
def attack_cost(o: Attack) -> int:
    return (C.attack + C.class_up * o.class_up + C.damage_per_point * o.damage
            + C.insurance * int(o.insurance) + C.superiority * int(o.superiority))


def defence_cost(o: Defence) -> int:
    return (C.defence + C.class_up * o.class_up + C.insurance * int(o.insurance)
            + C.superiority * int(o.superiority) + C.counter * int(o.counter))


def phase1_cost(state: State, order: object) -> int:
    """Limit spent by a Phase 1 operation (DRP-RES-05..09, DRP-GAP-09..11)."""
    o = state.options
    if isinstance(order, Shift):
        return C.shift * order.count
    if isinstance(order, Add):
        return C.add * order.count
    if isinstance(order, SwapStorage):
        return o.swap_cost * order.count
    if isinstance(order, SwapCharacters):
        return o.swap_cost
    if isinstance(order, Transfer):
        return C.transfer * order.count
    if isinstance(order, ReturnToStorage):
        return C.return_to_storage * order.count
    if isinstance(order, Reroll):
        return C.reroll * order.count
    if isinstance(order, Emergency):
        return order.count if o.emergency_uses_limit else 0
    return 0


# --- storage with unknown draws -------------------------------------------------------------
def take_from_storage(state: State, player: Player, colour: Colour, n: int) -> None:
    """Take ``n`` of ``colour``; a shortfall comes out of tokens drawn but not yet known
    (only while a post is being read, DRP-GAP-12)."""
    have = player.storage.get(colour)
    took = min(have, n)
    player.storage.put(colour, -took)
    state.draw_pending -= n - took


# --- flow ---------------------------------------------------------------------------------------
def start_play(s: State, first: str, events: list[Event]) -> None:
    """Builds and first move settled: the first turn begins (DRP-GEN-03)."""
    s.first_player = first
    s.round = 1
    s.auction = None
    s.handicap = 0
    begin_turn(s, first, events)


def begin_turn(s: State, faction: str, events: list[Event]) -> None:
    """Open Phase 1 for ``faction``: fix the limit once (DRP-RES-02, DRP-RES-03, DRP-GAP-08)."""
    player = s.player(faction)
    s.phase = "turn"
    s.active = faction
    s.attack = None
    s.soak = None
    s.limit = s.limit_left = m.phase1_limit(player)
    s.emergency_done = False
    s.draw_pending = 0
    if s.options.turn_order == "cyclic":
        slot = m.cyclic_slot(player)
        player.pointer = slot or player.pointer
    s.initiative_slots = (m.initiative_slots(player)
                          if s.options.turn_order == "initiative" and s.options.initiative_check == "before_phase1"
                          else None)
    s.turn_no += 1
    events.append(event("turn", "DRP-RES-02", faction=faction, who=player.name, n=s.turn_no, limit=s.limit,
                        data={"turn": s.turn_no, "round": s.round, "limit": s.limit}))


def end_turn(s: State, events: list[Event]) -> None:
    """The turn is over: advance the cyclic pointer, pass to the next living player clockwise,
    count full rounds (DRP-DMG-05, DRP-GAP-21, DRP-GAP-27, DRP-GAP-28)."""
    if s.over:
        return
    current = s.active
    assert current is not None
    player = s.player(current)
    if s.options.turn_order == "cyclic":
        player.pointer = player.pointer % len(player.slots) + 1
    nxt = m.next_seat(s, current)
    if s.seats.index(nxt) <= s.seats.index(current):
        s.round += 1
        if s.options.max_rounds is not None and s.round > s.options.max_rounds:
            finish_by_rounds(s, events)
            return
    begin_turn(s, nxt, events)


def scores(s: State) -> dict[str, int]:
    return {f: sum(c.total for _, c in s.player(f).living()) for f in s.seats}


def scores_text(s: State) -> str:
    return ", ".join(f"{s.name(f)} — {n} ток." for f, n in scores(s).items())


def finish_by_rounds(s: State, events: list[Event]) -> None:
    """After ``max_rounds`` full rounds the most tokens on characters wins (DRP-GAP-28)."""
    sc = scores(s)
    top = max(sc.values())
    leaders = [f for f, n in sc.items() if n == top]
    s.phase = "over"
    s.active = None
    events.append(event("rounds_over", "DRP-GAP-28", rounds=s.options.max_rounds, scores=scores_text(s),
                        data={"scores": sc}))
    if len(leaders) == 1:
        s.winner = leaders[0]
        events.append(event("win", "DRP-GAP-28", faction=leaders[0], who=s.name(leaders[0])))
    else:
        s.draw = True
        events.append(event("draw", "DRP-GAP-28", scores=scores_text(s)))


def end_as_draw(s: State, events: list[Event]) -> None:
    """A GM ends a game nobody can win as a draw (DRP-GAP-28); the service records the GM action."""
    s.phase = "over"
    s.active = None
    s.attack = None
    s.soak = None
    s.draw = True
    events.append(event("gm_draw", "DRP-GAP-28"))


def close_if_empty(s: State, faction: str, slot: int, label: str, events: list[Event]) -> None:
    """A character with 0 tokens is destroyed and its slot closed; a player without characters is
    out; the last player standing wins at once (DRP-SETUP-05, DRP-DMG-04, DRP-WIN-01)."""
    player = s.player(faction)
    c = player.char(slot)
    if c is None or c.total:
        return
    player.slots[slot - 1] = None
    events.append(event("destroyed", "DRP-SETUP-05", faction=faction, char=label, owner=player.name,
                        data={"slot": slot}))
    if player.alive:
        return
    events.append(event("eliminated", "DRP-WIN-01", faction=faction, who=player.name))
    alive = s.alive_players()
    if len(alive) == 1:
        s.phase = "over"
        s.winner = alive[0]
        s.active = None
        s.attack = None
        s.soak = None
        events.append(event("win", "DRP-WIN-01", faction=alive[0], who=s.name(alive[0])))


def deal_damage(s: State, faction: str, slot: int, damage: int, soak: int, events: list[Event]) -> None:
    """Damage with ``soak`` of it paid in time first; tokens go to the bag (DRP-DMG-02..04, DRP-TOK-08)."""
    c = s.char(faction, slot)
    assert c is not None
    label = s.label(faction, slot)
    owner = s.name(faction)
    if soak:
        events.append(event("soak", "DRP-DMG-03", faction=faction, who=owner, amount=soak, char=label,
                            data={"slot": slot, "amount": soak}))
    losses, wasted = m.take_damage(c, damage, soak)
    for zone, n in losses.items():
        s.bag.put(zone.colour, n)
    events.append(event("damage", "DRP-DMG-02", faction=faction, char=label, owner=owner,
                        losses=losses_ru(losses),
                        data={"slot": slot, "damage": damage, "soak": soak, "wasted": wasted,
                              "losses": {z.value: n for z, n in losses.items()}}))
    close_if_empty(s, faction, slot, label, events)


def counter_amount(s: State) -> int:
    """Counterattack damage (DRP-DEF-06, DRP-GAP-17, DRP-GAP-25)."""
    a = s.attack
    assert a is not None
    defender = s.char(a.target, a.target_slot)
    attacker = s.char(a.attacker, a.attacker_slot)
    if defender is None or attacker is None:
        return 0
    dmg = defender.attack if s.options.counter_damage == "potential" else m.klass(defender.attack)
    if dmg and s.options.aspect_on_counter and m.advantage(s.options, defender, attacker):
        dmg += 1
    return dmg


def settle_fight(s: State, events: list[Event]) -> None:
    """Both rolls are known: hit or not, absorption, damage, soaking or counterattack
    (DRP-DEF-07, DRP-DEF-09, DRP-DMG-01, DRP-GAP-17, DRP-GAP-18)."""
    a = s.attack
    assert a is not None and a.roll is not None and a.defence is not None and a.defence_roll is not None
    att, dfn = a.roll, a.defence_roll
    target = s.char(a.target, a.target_slot)
    assert target is not None
    if att.final > dfn.final:
        block, why = 0, ""
        absorb_ok = (not s.options.aspect_gated_boosts) or m.aspect(target) is Colour.GREEN  # DRP-VAR-04
        if absorb_ok and att.sides and att.kept == 1:
            block, why = target.defence, "у атакующего выпал минимум"
        elif absorb_ok and dfn.sides and dfn.kept == dfn.sides:
            block, why = target.defence, "у защитника выпал максимум"
        parts = [f"потенциал атаки {a.potential}"]
        if a.order.damage:
            parts.append(f"+ усиление {a.order.damage}")
        if a.advantage:
            parts.append("+ преимущество 1")
        if block:
            parts.append(f"− поглощение {block}")
        damage = max(0, a.potential + a.order.damage + int(a.advantage) - block)
        if block:
            events.append(event("absorb", "DRP-DEF-07", faction=a.target, why=why, block=block,
                                data={"block": block}))
        events.append(event("hit", "DRP-DEF-09", faction=a.target, att=att.final, dfn=dfn.final,
                            formula=" ".join(parts), damage=damage,
                            data={"hit": True, "damage": damage, "block": block}))
        if damage == 0:
            events.append(event("damage_none", "DRP-DMG-01", faction=a.target,
                                char=s.label(a.target, a.target_slot), owner=s.name(a.target)))
            end_turn(s, events)
        elif a.defence.presoak is not None or m.sole_soak(target, damage):
            if a.defence.presoak is None:
                sole_soak_note(s, a.target, a.target_slot, damage, "DRP-DMG-03", events)
            soak = min(a.defence.presoak or 0, damage, target.time)
            deal_damage(s, a.target, a.target_slot, damage, soak, events)
            end_turn(s, events)
        else:
            s.soak = PendingSoak(faction=a.target, slot=a.target_slot, damage=damage, source="attack")
            s.phase = "soak"
        return
    events.append(event("miss", "DRP-DEF-09", faction=a.target, att=att.final, dfn=dfn.final,
                        data={"hit": False}))
    if a.defence.counter:
        dmg = counter_amount(s)
        attacker = s.char(a.attacker, a.attacker_slot)
        assert attacker is not None
        events.append(event("counter", "DRP-GAP-17", faction=a.attacker,
                            src=s.label(a.target, a.target_slot),
                            dst=f"{s.label(a.attacker, a.attacker_slot)} ({s.name(a.attacker)})", damage=dmg,
                            data={"damage": dmg}))
        if dmg and not m.sole_soak(attacker, dmg):
            s.soak = PendingSoak(faction=a.attacker, slot=a.attacker_slot, damage=dmg, source="counter")
            s.phase = "soak"
            return
        if dmg:
            sole_soak_note(s, a.attacker, a.attacker_slot, dmg, "DRP-GAP-17", events)
            deal_damage(s, a.attacker, a.attacker_slot, dmg, 0, events)
    end_turn(s, events)


def sole_soak_note(s: State, faction: str, slot: int, damage: int, clause: str, events: list[Event]) -> None:
    """The soaking decision (D6, D7) has one possible answer: say so; nothing is asked (issue 9)."""
    c = s.char(faction, slot)
    assert c is not None
    reason = m.sole_soak(c, damage)
    if reason is None:
        return
    events.append(event(f"sole_soak_{reason}", clause, faction=faction, char=s.label(faction, slot),
                        owner=s.name(faction), damage=damage,
                        data={"slot": slot, "damage": damage, "soak": 0, "reason": reason, "sole": True}))


# --- order effects ---------------------------------------------------------------------------
def perform(s: State, faction: str, order: object, events: list[Event]) -> None:
    """Carry out one legal order's deterministic part."""
    player = s.player(faction)
    if s.phase == "turn":
        s.limit_left -= phase1_cost(s, order)
    name = player.name
    if isinstance(order, Shift):
        c = _char(player, order.slot)
        c.put(order.source, -order.count)
        c.put(order.target, order.count)
        events.append(event("shift", "DRP-RES-05", faction=faction, who=name, char=s.label(faction, order.slot),
                            count=order.count, src=ZONE_GEN_RU[order.source], dst=ZONE_ACC_RU[order.target]))
    elif isinstance(order, Add):
        take_from_storage(s, player, order.zone.colour, order.count)
        _char(player, order.slot).put(order.zone, order.count)
        events.append(event("add", "DRP-RES-08", faction=faction, who=name, char=s.label(faction, order.slot),
                            token=token_ru(order.zone), count=order.count))
    elif isinstance(order, SwapStorage):
        c = _char(player, order.slot)
        take_from_storage(s, player, order.take.colour, order.count)
        c.put(order.give, -order.count)
        player.storage.put(order.give.colour, order.count)
        c.put(order.take, order.count)
        events.append(event("swap_storage", "DRP-RES-06", faction=faction, who=name,
                            char=s.label(faction, order.slot), give=token_ru(order.give),
                            take=token_ru(order.take), count=order.count))
    elif isinstance(order, SwapCharacters):
        a, b = _char(player, order.a), _char(player, order.b)
        a.put(order.a_zone, -1)
        b.put(order.b_zone, -1)
        b.put(order.a_lands, 1)
        a.put(order.b_lands, 1)
        events.append(event("swap_characters", "DRP-RES-06", faction=faction, who=name,
                            a=s.label(faction, order.a), b=s.label(faction, order.b),
                            a_token=token_ru(order.a_zone), b_token=token_ru(order.b_zone)))
    elif isinstance(order, Transfer):
        src, dst = _char(player, order.source), _char(player, order.target)
        src.put(order.zone, -order.count)
        dst.put(order.lands, order.count)
        events.append(event("transfer", "DRP-RES-07", faction=faction, who=name, count=order.count,
                            token=token_ru(order.zone), src=s.label(faction, order.source),
                            dst=s.label(faction, order.target)))
        _closed_by_self(s, faction, order.source, events)
    elif isinstance(order, ReturnToStorage):
        _char(player, order.slot).put(order.zone, -order.count)
        player.storage.put(order.zone.colour, order.count)
        events.append(event("return", "DRP-GAP-09", faction=faction, who=name, char=s.label(faction, order.slot),
                            token=token_ru(order.zone), count=order.count))
        _closed_by_self(s, faction, order.slot, events)
    elif isinstance(order, (Reroll, Emergency)):
        # Discards go to the bag now; the draw itself is dice work (resolution) (DRP-GAP-10, DRP-GAP-12).
        for d in order.discards:
            if d.slot is None:
                take_from_storage(s, player, d.colour, d.count)  # type: ignore[arg-type]
                s.bag.put(d.colour, d.count)  # type: ignore[arg-type]
            else:
                _char(player, d.slot).put(d.zone, -d.count)  # type: ignore[arg-type]
                s.bag.put(d.zone.colour, d.count)  # type: ignore[union-attr]
        s.draw_pending += order.count
        if isinstance(order, Emergency):
            s.emergency_done = True
        for d in order.discards:
            if d.slot is not None:
                _closed_by_self(s, faction, d.slot, events)
    elif isinstance(order, Attack):
        _declare_attack(s, faction, order)
    elif isinstance(order, Skip):
        events.append(event("skip", "DRP-GAP-20", faction=faction, who=name))
        end_turn(s, events)
    elif isinstance(order, Defence):
        a = s.attack
        assert a is not None
        c = _char(player, a.target_slot)
        cost = defence_cost(order)
        c.time -= cost
        s.bag.blue += cost
        a.defence = order
    elif isinstance(order, Soak):
        p = s.soak
        assert p is not None
        s.soak = None
        deal_damage(s, p.faction, p.slot, p.damage, order.amount, events)
        end_turn(s, events)
    elif isinstance(order, Bid):
        _bid(s, faction, order, events)
    elif isinstance(order, Pass):
        _pass(s, faction, events)
    elif isinstance(order, Handicap):
        _handicap(s, faction, order, events)
    elif isinstance(order, Build):  # kept until revealed (resolution reveals; the first move may roll)
        player.build[order.slot - 1] = Character(name=order.name, time=order.time, attack=order.attack,
                                                 defence=order.defence, form=order.form)
    else:
        raise TypeError(f"not a Dice Roll Party order: {order!r}")


def _char(player: Player, slot: int) -> Character:
    c = player.char(slot)
    assert c is not None, f"slot {slot} is closed"
    return c


def _closed_by_self(s: State, faction: str, slot: int, events: list[Event]) -> None:
    """With ``allow_self_destroy`` a Phase 1 move may empty a character (DRP-GAP-13)."""
    c = s.char(faction, slot)
    if c is not None and c.total == 0:
        close_if_empty(s, faction, slot, s.label(faction, slot), events)
        if not s.over and not s.player(faction).alive:
            end_turn(s, events)


def _declare_attack(s: State, faction: str, o: Attack) -> None:
    """Judge advantage, then pay all the time into the bag (DRP-ATK-08, DRP-GAP-23, DRP-TOK-08)."""
    target_faction = o.target_faction or s.opponents(faction)[0]
    attacker = _char(s.player(faction), o.attacker)
    target = _char(s.player(target_faction), o.target)
    adv = m.advantage(s.options, attacker, target)
    cost = attack_cost(o)
    attacker.time -= cost
    s.bag.blue += cost
    s.player(faction).attacks += 1
    s.attacks_made += 1
    s.limit_left = 0  # unused limit is lost (DRP-RES-04)
    s.attack = PendingAttack(attacker=faction, attacker_slot=o.attacker, target=target_faction,
                             target_slot=o.target, order=o, potential=attacker.attack, advantage=adv)
    s.phase = "defence"


def _bid(s: State, faction: str, o: Bid, events: list[Event]) -> None:
    au = s.auction
    assert au is not None
    au.bid = o.amount
    au.leader = faction
    au.turn = _next_bidder(au, faction)
    events.append(event("bid", "DRP-FIRST-04", faction=faction, who=s.name(faction), amount=o.amount,
                        data={"amount": o.amount}))
    _sole_pass(s, events)


def _sole_pass(s: State, events: list[Event]) -> None:
    """D3 with one legal answer: a bidder who cannot top the bid passes without being asked
    (issue 9); the next one may be in the same position."""
    au = s.auction
    if s.phase != "auction" or au is None or au.bid is None or len(au.bidders) < 2:
        return
    most = sum(m.handicap_caps(s, au.turn).values())
    if most > au.bid:
        return
    faction = au.turn
    events.append(event("sole_pass", "DRP-GAP-06", faction=faction, who=s.name(faction), bid=au.bid, most=most,
                        data={"bid": au.bid, "most": most, "sole": True}))
    _pass(s, faction, events)


def _pass(s: State, faction: str, events: list[Event]) -> None:
    au = s.auction
    assert au is not None
    nxt = _next_bidder(au, faction)
    au.bidders.remove(faction)
    au.turn = nxt
    events.append(event("pass", "DRP-GAP-06", faction=faction, who=s.name(faction)))
    if len(au.bidders) > 1:
        _sole_pass(s, events)
        return
    winner = au.bidders[0]
    amount = au.bid or 0
    events.append(event("auction_won", "DRP-FIRST-05", faction=winner, who=s.name(winner), amount=amount,
                        data={"amount": amount}))
    if amount:
        s.phase = "handicap"
        s.active = winner
        s.handicap = amount
        s.first_player = winner
        takes = m.sole_handicap(s, winner, amount)
        if takes is not None:  # D4 with one legal allocation: taken without asking (issue 9)
            events.append(event("sole_handicap", "DRP-FIRST-05", faction=winner, who=s.name(winner), amount=amount,
                                data={"takes": [list(t) for t in takes], "sole": True}))
            _handicap(s, winner, Handicap(takes=takes), events)
    else:
        start_play(s, winner, events)


def _next_bidder(au: Auction, faction: str) -> str:
    i = au.bidders.index(faction)
    return au.bidders[(i + 1) % len(au.bidders)]


def _handicap(s: State, faction: str, o: Handicap, events: list[Event]) -> None:
    """Time moves from the winner's characters to their storage, not the bag (DRP-FIRST-05, DRP-TOK-08)."""
    player = s.player(faction)
    for slot, n in o.takes:
        _char(player, slot).time -= n
        player.storage.blue += n
    takes = ", ".join(f"{n} с {s.label(faction, slot)}" for slot, n in o.takes if n)
    events.append(event("handicap", "DRP-FIRST-05", faction=faction, who=player.name, takes=takes or "ничего",
                        data={"takes": [list(t) for t in o.takes]}))
    start_play(s, faction, events)


def discards_ru(s: State, faction: str, discards: tuple[Discard, ...]) -> str:
    parts = []
    for d in discards:
        if d.slot is None:
            parts.append(f"{COLOUR_RU[d.colour]} ×{d.count} из хранилища")  # type: ignore[index]
        else:
            parts.append(f"{token_ru(d.zone)} ×{d.count} с {s.label(faction, d.slot)}")  # type: ignore[arg-type]
    return ", ".join(parts)


def usage_fits(storage: Tokens, used: Tokens) -> bool:
    return all(storage.get(c) >= used.get(c) for c in Colour)
