"""Combat (KZ-COMBAT) and the retreat attack (KZ-MOVE-07): one series of strikes, strike by strike.

Who strikes (KZ-DEF-CMB-01): every creature and every building with attack ≥ 1 of every player in
the sector; a creature in shadow only when its controller brings it out (KZ-DEF-SHADOW-04). The
order is fixed when the fight starts (KZ-COMBAT-03/04, KZ-DEF-CMB-02, KZ-GAP-22): speed high to
low; on equal speed the attacker's pieces first, then the other players in turn order; within one
player, his written order, then the order of entering play (KZ-DEC-11). A piece destroyed before
its slot does not strike (KZ-COMBAT-06); after the last slot the combat is over (KZ-COMBAT-07).

One strike (KZ-DEF-CMB-06): the target is chosen from the player's standing instructions
(rules/decisions.py) or at random through the public dice (KZ-DEC-04/08/09, the roll in the chronicle);
the Уклонение window; the damage (damage.py); the Защитник window; the damage goes on the card;
Вампиризм; a destroyed card leaves at once. Площадь hits two creatures with one strike, each hit on
its own for Защитник and Вампиризм, with no Уклонение (KZ-AREA-01, KZ-DEF-AREA-01, KZ-GAP-28); a
creature with Две атаки strikes twice in its slot in a combat its controller declared (KZ-TWO-01,
KZ-DEF-TWO-01, KZ-GAP-27). A capital brought to 12 damage falls at once and the fight stops
(KZ-DEF-WIN-02); the turn code reads ``Sector.damage`` to end the game or eliminate the player.

[С] lines in the answers (UseAbility) are applied by the turn code before it calls these
functions; the combat reads only Strike, StayHidden, Evade, Guard and Decline lines.

`resolve_retreat` moves the surviving leavers to the destination itself (KZ-DEF-RET-01 step 5),
reveals what an arriving Разведчик sees, and re-evaluates control; the caller must not move them
again. `scout_reveal` is for the turn code too: call it when a piece arrives in a sector or is
played there (KZ-SCOUT-01, KZ-DEF-SHADOW-02).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from letopis.engine.dice import Dice
from letopis.engine.events import Event, Roll

from ...data import book_for
from ...orders import Attack, Move
from ...refs import sector_name
from ...state import Piece, State
from ..decisions import (
    PROTECTION_NAMES,
    Fight,
    Plan,
    check_decision,
    guard_protects,
    has_choice,
    plans_of,
)
from ..declension import amount, lives, who
from ..world import reevaluate_control
from .damage import Taken, capital_destroyed, damage, feeds_vampire, take, vampirism
from .targets import (
    capital_owner,
    capital_sector_of_target,
    card_of,
    has,
    is_creature,
    legal_targets,
    protected_from,
    scout_present,
    speed_of,
    strikes,
)

__all__ = ["causes_retreat", "check_decision", "damage", "legal_targets", "reaction_factions",
           "resolve_attack", "resolve_retreat", "retreat_factions", "scout_reveal", "strike_order"]


# --- who has to answer -----------------------------------------------------------------------
def reaction_factions(state: State, attacker: str, sector: str) -> list[str]:
    """Players (turn order) with a real choice in this combat: a striker with a target to pick or
    decline, a creature in shadow, an Уклонение creature and a hand card, an eligible Защитник or
    garrison, an unused [С] ability in the sector. Everybody else is decided at once."""
    fight = Fight("attack", attacker, sector)
    return [f for f in state.order if f in state.players and has_choice(state, f, fight)]


def retreat_factions(state: State, mover: str, origin: str, leavers: Iterable[str],
                     dest: str | None = None) -> list[str]:
    """Players (turn order) who choose targets for a retreat attack (KZ-DEC-08), bring a creature
    out of shadow for it, or hold an unused [С] ability in the origin or destination."""
    fight = Fight("retreat", mover, origin, frozenset(leavers), dest)
    return [f for f in state.order if f in state.players and has_choice(state, f, fight)]


def causes_retreat(state: State, mover: str, origin: str, leavers: Iterable[str]) -> bool:
    """KZ-MOVE-07, KZ-DEF-RET-02: all of the mover's creatures leave a sector holding enemy cards
    (a card in shadow is a card on the table, KZ-GAP-10)."""
    leaving = set(leavers)
    mine = [p for p in state.pieces_in(origin, mover) if is_creature(state, p)]
    if not mine or any(p.uid not in leaving for p in mine):
        return False
    return any(p.owner != mover for p in state.pieces_in(origin))


# --- the strike order -----------------------------------------------------------------------------
def strike_order(state: State, fight: Fight, plans: Mapping[str, Plan]) -> list[str]:
    """The slots of this fight, fixed at its start (KZ-DEF-CMB-02, KZ-DEF-RET-01 step 2)."""
    seat = {f: i for i, f in enumerate(state.order)}
    empty = Plan()

    def key(p: Piece) -> tuple[int, int, int, int, int]:
        first = 0 if fight.kind == "attack" and p.owner == fight.attacker else 1
        return (-speed_of(state, p), first, seat.get(p.owner, len(seat)),
                plans.get(p.owner, empty).rank(p.uid), p.seq)

    pieces = [p for p in state.pieces_in(fight.sector) if strikes(state, p)
              and not (fight.kind == "retreat" and p.owner == fight.attacker)]
    return [p.uid for p in sorted(pieces, key=key)]


# --- one fight --------------------------------------------------------------------------------
@dataclass
class _Run:
    state: State
    fight: Fight
    plans: dict[str, Plan]
    dice: Dice
    events: list[Event] = field(default_factory=list)
    over: bool = False  # a capital fell (KZ-DEF-WIN-02)

    def add(self, kind: str, text: str, clause: str, data: dict[str, Any] | None = None,
            rolls: Iterable[Roll] = (), faction: str | None = None) -> None:
        self.events.append(Event(kind=kind, text=text, clause=clause, data=data or {}, rolls=list(rolls),
                                 faction=faction, public=True))

    @property
    def capital_striker(self) -> str | None:
        return self.fight.attacker if self.fight.kind == "attack" else None


def resolve_attack(state: State, attacker: str, attack: Attack, answers: Mapping[str, Iterable[Any]],
                   dice: Dice, notes: Iterable[Event] | None = None) -> list[Event]:
    """Run a declared combat (KZ-ATK-01, KZ-COMBAT-01..08) on ``state`` (mutated) and tell it."""
    fight = Fight("attack", attacker, attack.sector)
    run = _Run(state, fight, plans_of(state, attacker, answers, attack), dice)
    where = sector_name(state, attack.sector)
    run.events += scout_reveal(state, attack.sector)
    slots = strike_order(state, fight, run.plans)
    visible = [u for u in slots if not state.pieces[u].shadow]
    run.add("combat", f"{state.players[attacker].name} объявляет бой в секторе «{where}».", "KZ-COMBAT-01",
            {"sector": attack.sector, "attacker": attacker, "order": visible})
    run.events += list(notes or ())
    for uid in slots:
        if run.over:
            break
        _slot(run, uid)
    run.add("combat_end", "Бой окончен." if not run.over else "Бой прерван: столица пала.", "KZ-COMBAT-07",
            {"sector": attack.sector})
    run.events += reevaluate_control(state)  # KZ-DEF-CMB-06 step 7
    return run.events


def resolve_retreat(state: State, mover: str, move: Move, answers: Mapping[str, Iterable[Any]],
                    dice: Dice, notes: Iterable[Event] | None = None) -> list[Event]:
    """The retreat attack of KZ-DEF-RET-01 on the leavers of ``move``; then the survivors arrive
    in ``move.dest`` (this function moves them), scouts there reveal, control is re-evaluated."""
    fight = Fight("retreat", mover, move.origin, frozenset(move.pieces), move.dest)
    run = _Run(state, fight, plans_of(state, mover, answers), dice)
    slots = strike_order(state, fight, run.plans)
    run.add("retreat", f"{state.players[mover].name} уводит всех своих существ из «{sector_name(state, move.origin)}»"
            " — атака по отступающим.", "KZ-MOVE-07",
            {"sector": move.origin, "dest": move.dest, "mover": mover,
             "order": [u for u in slots if not state.pieces[u].shadow]})
    run.events += list(notes or ())
    for uid in slots:
        _slot(run, uid)
    arrived = [uid for uid in move.pieces if uid in state.pieces]
    names = [who(state, state.pieces[uid]) for uid in arrived]
    for uid in arrived:
        state.pieces[uid].sector = move.dest
    dest = sector_name(state, move.dest)
    text = f"В сектор «{dest}» приходят: {', '.join(names)}." if names else "Из отступавших не уцелел никто."
    run.add("retreat_arrive", text, "KZ-DEF-RET-01", {"dest": move.dest, "pieces": arrived}, faction=mover)
    run.events += scout_reveal(state, move.dest)
    run.events += reevaluate_control(state)
    return run.events


def scout_reveal(state: State, sector: str) -> list[Event]:
    """Разведчик (KZ-SCOUT-01, KZ-SHADOW-03): every enemy creature in shadow in its sector comes
    out, publicly. Mutates ``state``."""
    events = []
    for p in state.pieces_in(sector):
        if p.shadow and scout_present(state, p):
            scout = next(s for s in state.pieces_in(sector)
                         if s.owner != p.owner and not s.shadow and has(state, s, "scout"))
            p.shadow = False
            events.append(Event(kind="revealed", clause="KZ-SCOUT-01", faction=p.owner,
                                text=f"{who(state, scout)} замечает врага в тени: это {who(state, p)}.",
                                data={"piece": p.uid, "card": p.card, "sector": sector, "by": scout.uid}))
    return events


# --- one slot, one strike -----------------------------------------------------------------------
def _slot(run: _Run, uid: str) -> None:
    state = run.state
    piece = state.pieces.get(uid)
    if piece is None:
        return  # destroyed before its turn (KZ-COMBAT-06)
    plan = run.plans.get(piece.owner, Plan())
    if uid in plan.hidden and uid not in plan.reveal:
        return  # told to stay hidden: out of the fight even if a scout or Защитник revealed it
    if piece.shadow:
        if uid not in plan.reveal:
            return  # stays hidden (KZ-DEC-05, the default)
        piece.shadow = False
        run.add("revealed", f"Из тени выходит {who(state, piece)}.", "KZ-DEF-SHADOW-02",
                {"piece": uid, "card": piece.card, "sector": piece.sector}, faction=piece.owner)
    count = 2 if (run.fight.kind == "attack" and piece.owner == run.fight.attacker
                  and has(state, piece, "two_attacks")) else 1
    for n in range(count):
        if run.over or uid not in state.pieces:
            return
        if not _strike(run, state.pieces[uid], n):
            return


def _pick(run: _Run, options: list[str], purpose: str) -> tuple[str, Roll | None]:
    """A random legal target through the public dice; a sole option takes no roll."""
    if len(options) == 1:
        return options[0], None
    choice, roll = run.dice.choice(options, purpose)
    return choice, roll


def _strike(run: _Run, piece: Piece, n: int) -> bool:
    """One strike; False when the piece will not strike again in this slot."""
    state, fight = run.state, run.fight
    plan = run.plans.get(piece.owner, Plan())
    name = who(state, piece)
    data: dict[str, Any] = {"striker": piece.uid, "owner": piece.owner, "strike": n + 1}
    told = "ещё раз " if n else ""
    instr = plan.picks.get(piece.uid)
    if instr == ():
        run.add("strike_declined", f"{name} не бьёт.", "KZ-DEF-CMB-04", data, faction=piece.owner)
        return False
    legal = legal_targets(state, piece.uid, attacker=run.capital_striker, among=fight.among)
    if not legal:
        run.add("strike_none", f"{name} {told}не бьёт: достать некого.", "KZ-DEF-CMB-04", data, faction=piece.owner)
        return False
    chosen = _choose(run, piece, instr, legal, data)
    if chosen is None:
        return True
    targets, rolls, note, clause = chosen
    area = has(state, piece, "area") and all(capital_sector_of_target(t) is None and is_creature(state, state.pieces[t])
                                             for t in targets)
    names = {t: _target_name(state, t) for t in targets}  # before anybody dies: «№2» stays «№2»
    parts = [_hit(run, piece, t, names[t], area, data) for t in targets]
    data["targets"] = targets
    verb = f"{name} {told}бьёт"
    if area:
        text = f"{verb} по площади{note}: " + "; ".join(f"{p[0]} — {p[1]}" for p in parts)
    else:
        text = f"{verb} {parts[0][0]}{note}{parts[0][2]}"
    extra = [p[3] for p in parts if p[3]]
    if extra:
        text += "; " + "; ".join(extra)
    if clause == "":  # the most telling clause of an ordinary choice: what happened in the hit
        clause = next((p[4] for p in parts if p[4]), "KZ-AREA-01" if area else "KZ-COMBAT-02")
    run.add("strike", text + ".", clause, data, rolls=rolls, faction=piece.owner)
    if run.over:
        owner = data.get("capital_owner")
        run.add("capital_destroyed", f"Столица «{sector_name(state, fight.sector)}» разрушена!", "KZ-WIN-03",
                {"sector": fight.sector, "owner": owner}, faction=owner)
    return True


def _choose(run: _Run, piece: Piece, instr: tuple[str, ...] | None, legal: list[str],
            data: dict[str, Any]) -> tuple[list[str], list[Roll], str, str] | None:
    """The strike's targets: the first legal one of the written priority list (two creatures for
    Площадь), else the random default; None when the strike is lost (``auto_targets = ask``)."""
    state, fight = run.state, run.fight
    name = who(state, piece)
    area = has(state, piece, "area")
    rolls: list[Roll] = []
    note, clause = "", ""
    first = next((t for t in (instr or ()) if t in legal), None)
    if first is None:
        if instr is None:
            clause = "KZ-DEC-08" if fight.kind == "retreat" else (
                "KZ-DEF-CMB-03" if piece.owner == fight.attacker else "KZ-DEC-04")
            first, roll = _pick(run, legal, f"цель удара: {name}")
            note = f" (цель по жребию: {roll.label()})" if roll else ""
        elif state.options.auto_targets == "ask":
            data["lost"] = True
            run.add("strike_lost", f"{name} теряет удар: названная цель выбыла или недоступна, "
                    "а замена по жребию отключена мастером.", "KZ-GAP-21", data, faction=piece.owner)
            return None
        else:
            clause = "KZ-DEC-09"
            first, roll = _pick(run, legal, f"замена цели: {name}")
            note = (f" (названная цель выбыла — новая по жребию: {roll.label()})" if roll
                    else " (названная цель выбыла — бьёт единственную оставшуюся)")
            data["retargeted"] = True
        if roll is not None:
            rolls.append(roll)
    targets = [first]
    creature_first = capital_sector_of_target(first) is None and is_creature(state, state.pieces[first])
    if area and creature_first:
        pool = [t for t in legal_targets(state, piece.uid, attacker=run.capital_striker, among=fight.among, area=True)
                if t != first]
        second = next((t for t in (instr or ()) if t in pool), None)
        if second is None and pool:
            second, roll = _pick(run, pool, f"вторая цель Площади: {name}")
            if roll is not None:
                rolls.append(roll)
                note += f" (вторая цель по жребию: {roll.label()})"
        if second is not None:
            targets.append(second)
    return targets, rolls, note, clause


def _evade(run: _Run, target: Piece) -> tuple[str, str] | None:
    """Уклонение (KZ-EVADE-01, KZ-DEF-CMB-06 step 2): the first unused Evade line for this target
    whose card is still in hand; the card goes to the public discard pile."""
    plan = run.plans.get(target.owner)
    if plan is None or not has(run.state, target, "evasion"):
        return None
    player = run.state.players[target.owner]
    for i, ev in enumerate(plan.evades):
        if i in plan.used_evades or ev.piece != target.uid or ev.discard not in player.hand:
            continue
        plan.used_evades.add(i)
        player.hand.remove(ev.discard)
        player.discard.append(ev.discard)
        return ev.discard, card_of(run.state, target).name
    return None


def _guard(run: _Run, target: str) -> Piece | None:
    """Защитник (KZ-GUARD-01, KZ-DEF-GUARD-01/02, KZ-CAP-04): the first Guard line of the target's
    owner whose defender lives and may cover this target (in a retreat, a leaver covering a leaver)."""
    state = run.state
    cap = capital_sector_of_target(target)
    owner = capital_owner(state, cap) if cap is not None else state.pieces[target].owner
    plan = run.plans.get(owner or "")
    if plan is None:
        return None
    for g in plan.guards:
        d = state.pieces.get(g.defender)
        if d is None or d.uid == target or (g.protects is not None and g.protects != target):
            continue
        if run.fight.among is not None and d.uid not in run.fight.among:
            continue
        if guard_protects(state, d, target):
            return d
    return None


def _target_name(state: State, target: str) -> str:
    cap = capital_sector_of_target(target)
    if cap is not None:
        return f"по столице «{sector_name(state, cap)}»"
    return who(state, state.pieces[target], "acc")


def _hit(run: _Run, striker: Piece, target: str, whom: str, area: bool,
         data: dict[str, Any]) -> tuple[str, str, str, str, str]:
    """One hit: (whom, what happened, «: …» tail, extra clause text, clause)."""
    state = run.state
    hits: list[dict[str, Any]] = data.setdefault("hits", [])
    hit: dict[str, Any] = {"target": target}
    hits.append(hit)
    cap = capital_sector_of_target(target)
    t_piece = state.pieces.get(target)
    if cap is None and t_piece is None:  # the other hit of this Площадь killed it (its Защитник)
        hit.update(damage=0, gone=True)
        return whom, "уже выбыл", ": уже выбыл", "", ""
    if t_piece is not None and not area:
        evaded = _evade(run, t_piece)
        if evaded is not None:
            card, _ = evaded
            hit.update(evaded=True, discard=card)
            text = (f", но {who(state, t_piece)} уклоняется: {state.players[t_piece.owner].name} сбрасывает "
                    f"«{book_for(state).card(card).name}» — удар мимо")
            return whom, text[2:], text, "", "KZ-EVADE-01"
    dealt = damage(state, striker, target)
    victim, clause = target, ""
    defender = _guard(run, target) if dealt > 0 else None
    guard_text = ""
    if defender is not None:
        victim, clause = defender.uid, ("KZ-CAP-04" if cap is not None else "KZ-GUARD-01")
        if defender.shadow:
            defender.shadow = False  # using Защитник reveals it (KZ-GAP-26)
        if state.options.guard_recompute:
            dealt = damage(state, striker, defender)
        guard_text = f"{amount(dealt)} принимает на себя {who(state, defender)}"
        hit["guard"] = defender.uid
    if dealt <= 0 and t_piece is not None:
        prot = protected_from(state, striker, t_piece)
        why = f" ({PROTECTION_NAMES[prot]})" if prot else ""
        hit.update(damage=0)
        return whom, f"урона нет{why}", f": урона нет{why}", "", "KZ-DEF-CMB-05"
    victim_piece = state.pieces.get(victim)
    victim_name = who(state, victim_piece) if victim_piece is not None else ""
    victim_gen = who(state, victim_piece, "gen") if victim_piece is not None else ""
    building = victim_piece is not None and card_of(state, victim_piece).type == "building"
    feeds = feeds_vampire(state, victim)
    taken: Taken = take(state, victim, dealt)
    hit.update(victim=victim, damage=dealt, left=taken.left, destroyed=taken.destroyed)
    if capital_sector_of_target(victim) is not None:
        outcome = (f"столица «{sector_name(state, cap or '')}» разрушена" if taken.destroyed
                   else f"у столицы остаётся {lives(taken.left)}")
        clause = clause or "KZ-WIN-03"
        if taken.destroyed and cap is not None and capital_destroyed(state, cap):
            run.over = True
            data["capital_owner"] = capital_owner(state, cap)
    elif taken.destroyed:
        outcome = f"{victim_name} {'разрушается' if building else 'погибает'}"
        data.setdefault("destroyed", []).append(victim)
    else:
        outcome = f"у {victim_gen} остаётся {lives(taken.left)}"
    what = f"{guard_text}, {outcome}" if guard_text else f"{amount(dealt)}, {outcome}"
    healed = vampirism(state, striker.uid, taken, feeds)
    extra = ""
    if healed:
        hit["healed"] = healed
        extra = f"{who(state, striker)} восстанавливает {lives(healed)}"
        clause = clause or "KZ-VAMP-01"
    return whom, what, f": {what}", extra, clause

