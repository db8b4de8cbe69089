"""Reaction posts: checking each decision line, and turning a player's answer into standing
instructions for the whole combat (checklist §4).

DESIGN (KZ-DEC-04..08): each deciding player answers once per combat. His lines are standing
instructions that the combat reads strike by strike:
- `Strike` — a striker's targets in priority order (each strike takes the first one still legal;
  two for Площадь), or «не бьёт»; ``reveal`` (or targets named for a creature in shadow) brings a
  creature in shadow out to strike (KZ-DEC-05). The order of his Strike lines is his order for
  equal speeds (KZ-DEC-11).
- `StayHidden` — a creature in shadow keeps out of the fight (also the default).
- `Evade` — when that creature is the target of a non-area strike, that hand card is discarded and
  the strike misses (KZ-DEC-06); each line is used once, at the first such strike.
- `Guard` — that Защитник takes the whole damage meant for ``protects`` (or for any friendly
  creature, and for the capital in a capital sector) while it lives (KZ-DEC-07).
- `Decline` and [С] `UseAbility` lines (the abilities are applied by the turn code before the
  combat runs).
Anything not answered falls to the defaults: a random legal target through the public dice
(KZ-DEC-04, KZ-DEC-08, KZ-DEC-09), stay hidden, no evasion, no transfer.

A player whose every decision in the fight has one legal option (`sole_answer`: one target per
striker, a creature in shadow with nobody to strike) is not asked: the server writes that option as
his answer when the action is declared, and the chronicle says so (issue 9).

The attacker writes his targets in the `Attack` order (its `TargetPick`s) and may add Evade, Guard
and Strike lines to his post; a mover may add Evade and Guard lines for his leavers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from letopis.engine.events import Event

from ..orders import Attack, Decline, Evade, Guard, Move, StayHidden, Strike, UseAbility, load_orders
from ..refs import TableNamer
from ..state import Piece, State
from .combat.targets import (
    capital_owner,
    capital_sector_of_target,
    capital_target,
    card_of,
    has,
    is_creature,
    legal_targets,
    protected_from,
    scout_present,
    speed_of,
    strikes,
    why_not_target,
)
from .violations import Violation

PROTECTION_NAMES = {"weapon_protection": "Защита от оружия", "arrow_protection": "Защита от стрел",
                    "magic_protection": "Защита от магии"}


# --- what fight a reaction post answers --------------------------------------------------------
@dataclass(frozen=True)
class Fight:
    """The combat a decision belongs to: a declared attack in ``sector``, or a retreat attack on
    ``leavers`` going from ``sector`` to ``dest``. ``attacker`` is who declared it / the mover."""

    kind: str  # attack | retreat
    attacker: str
    sector: str
    leavers: frozenset[str] | None = None
    dest: str | None = None

    @property
    def among(self) -> frozenset[str] | None:
        return self.leavers


def fight_of(state: State, *, sector: str | None = None, leavers: Iterable[str] | None = None,
             attacker: str | None = None, dest: str | None = None) -> Fight | None:
    """The fight being answered: from ``state.pending``, or given by the caller (the attacker's
    own Evade/Guard lines in his attack post, the mover's in his move post)."""
    if sector is not None:
        who = attacker or state.active_faction() or ""
        if leavers is not None:
            return Fight("retreat", who, sector, frozenset(leavers), dest)
        return Fight("attack", who, sector)
    pending = state.pending
    if pending is None or pending.kind not in ("attack", "retreat"):
        return None
    for item in load_orders(pending.action):
        if isinstance(item, Attack) and pending.kind == "attack":
            return Fight("attack", pending.active, item.sector)
        if isinstance(item, Move) and pending.kind == "retreat":
            return Fight("retreat", pending.active, item.origin, frozenset(item.pieces), item.dest)
    return None


# --- standing instructions ---------------------------------------------------------------------
@dataclass
class Plan:
    """One player's standing instructions for one combat."""

    picks: dict[str, tuple[str, ...]] = field(default_factory=dict)  # striker → targets; () = «не бьёт»
    listed: list[str] = field(default_factory=list)  # strikers in the order written (KZ-DEC-11)
    reveal: set[str] = field(default_factory=set)  # creatures in shadow that come out to strike
    hidden: set[str] = field(default_factory=set)  # explicitly staying in shadow
    evades: list[Evade] = field(default_factory=list)
    guards: list[Guard] = field(default_factory=list)
    used_evades: set[int] = field(default_factory=set)

    def rank(self, uid: str) -> int:
        """Tie order within the player: listed strikers first, in the order written."""
        return self.listed.index(uid) if uid in self.listed else len(self.listed)


def as_orders(items: Iterable[Any]) -> list[BaseModel]:
    """Orders from a post's order objects or their JSON."""
    items = list(items)
    if items and isinstance(items[0], dict):
        return load_orders(items)
    return list(items)


def plan_of(state: State, orders: Iterable[Any], attack: Attack | None = None) -> Plan:
    """A player's instructions from his answer lines (and, for the attacker, his Attack picks)."""
    plan = Plan()

    def pick(striker: str, targets: tuple[str, ...], reveal: bool) -> None:
        if striker in plan.picks:
            return  # the first line about a striker counts
        plan.picks[striker] = targets
        plan.listed.append(striker)
        piece = state.pieces.get(striker)
        if piece is not None and piece.shadow and (reveal or targets):
            plan.reveal.add(striker)

    if attack is not None:
        for p in attack.picks:
            pick(p.striker, tuple(p.targets), bool(p.targets))
    for order in as_orders(orders):
        if isinstance(order, Strike):
            pick(order.striker, tuple(order.targets), order.reveal)
        elif isinstance(order, StayHidden):
            plan.hidden.add(order.piece)
        elif isinstance(order, Evade):
            plan.evades.append(order)
        elif isinstance(order, Guard):
            plan.guards.append(order)
    plan.reveal -= plan.hidden
    return plan


def plans_of(state: State, attacker: str, answers: Mapping[str, Iterable[Any]],
             attack: Attack | None = None) -> dict[str, Plan]:
    """Every player's plan; players who did not answer get the empty plan (all defaults)."""
    plans = {f: plan_of(state, answers.get(f, ()), attack if f == attacker else None) for f in state.players}
    return plans


def default_decision(state: State, faction: str, fight: Fight | None = None) -> list[BaseModel]:
    """The §4 defaults written out as a post (the deadline's default reaction post): creatures in
    shadow stay hidden (KZ-DEC-05), no evasion (KZ-DEC-06), no transfer (KZ-DEC-07), no [С]
    (KZ-DEC-03). Strike targets are left to the random default at strike time (KZ-DEC-04/08)."""
    fight = fight or fight_of(state)
    if fight is None:
        return [Decline(what="react")]
    out: list[BaseModel] = []
    for p in state.pieces_in(fight.sector, faction):
        if p.shadow and strikes(state, p) and fight.kind in ("attack", "retreat") and faction != fight.attacker:
            out.append(StayHidden(piece=p.uid))
    if any(has(state, p, "evasion") and not p.shadow for p in state.pieces_in(fight.sector, faction)):
        out.append(Decline(what="evade"))
    if any(has(state, p, "defender") for p in state.pieces_in(fight.sector, faction)):
        out.append(Decline(what="guard"))
    return out or [Decline(what="react")]


# --- checking reaction-post lines ----------------------------------------------------------------
def _v(code: str, message: str, clause: str, hint: str | None = None) -> Violation:
    return Violation(code=f"combat.{code}", message=message, clause=clause, hint=hint)


def target_problem(state: State, striker: Piece, target: str, fight: Fight) -> Violation | None:
    """Why a named target is illegal for this striker now, as a Violation (KZ-DEF-CMB-05)."""
    reason = why_not_target(state, striker, target, attacker=fight.attacker if fight.kind == "attack" else None,
                            among=fight.among)
    if reason is None:
        return None
    n = TableNamer(state, striker.owner)
    who, whom = n.piece(striker.uid), n.target(target)
    if reason == "protected":
        t = state.pieces[target]
        prot = PROTECTION_NAMES[protected_from(state, striker, t) or "weapon_protection"]
        return _v("target_protected", f"«{whom}» не получит урона от «{who}»: у цели {prot}.", "KZ-DEF-CMB-05",
                  "Выберите цель, которой удар нанесёт урон.")
    messages = {
        "gone": (f"Цели «{whom}» нет на столе.", "KZ-DEF-CMB-03"),
        "own": (f"«{whom}» — ваша карта; бить можно только врагов.", "KZ-COMBAT-05"),
        "other_sector": (f"«{whom}» не в секторе боя.", "KZ-DEF-CMB-01"),
        "not_leaving": (f"При атаке по отступающим бьют только по уходящим существам, а «{whom}» остаётся.",
                        "KZ-DEF-RET-01"),
        "shadow": ("Существо в тени нельзя выбрать целью.", "KZ-SHADOW-02"),
        "flying": (f"«{whom}» летает: его достают только Полёт, Лучник или Атака магией, а у «{who}» их нет.",
                   "KZ-FLY-01"),
        "capital_not_attacker": ("По самой столице бьёт только тот, кто объявил атаку.", "KZ-DEF-ATK-02"),
        "capital_not_enemy": (f"«{whom}» — не вражеская столица.", "KZ-DEF-ATK-02"),
    }
    text, clause = messages[reason]
    return _v(f"target_{reason}", text, clause)


def check_targets(state: State, striker: Piece, targets: Iterable[str], fight: Fight) -> list[Violation]:
    """Every named target must be legal now and named once."""
    out: list[Violation] = []
    seen: set[str] = set()
    for t in targets:
        if t in seen:
            out.append(_v("target_twice", "Одна и та же цель названа дважды.", "KZ-DEF-AREA-01"))
            continue
        seen.add(t)
        problem = target_problem(state, striker, t, fight)
        if problem is not None:
            out.append(problem)
    return out


def check_picks(state: State, faction: str, attack: Attack) -> list[Violation]:
    """The attacker's pre-named targets in his Attack order (KZ-DEF-CMB-03, KZ-DEF-CMB-05)."""
    fight = Fight("attack", faction, attack.sector)
    out: list[Violation] = []
    for pick in attack.picks:
        out += _striker_problems(state, faction, pick.striker, fight)
        striker = state.pieces.get(pick.striker)
        if striker is not None and striker.owner == faction:
            out += check_targets(state, striker, pick.targets, fight)
    return out


def _own_piece(state: State, faction: str, uid: str, fight: Fight, what: str) -> tuple[Piece | None, list[Violation]]:
    piece = state.pieces.get(uid)
    if piece is None:
        return None, [_v("no_piece", f"{what}: такой карты нет на столе.", "KZ-DEF-CMB-01")]
    if piece.owner != faction:
        name = TableNamer(state, faction).piece(uid)
        return None, [_v("not_yours", f"«{name}» — не ваша карта.", "KZ-COMBAT-05")]
    if piece.sector != fight.sector:
        name = TableNamer(state, faction).piece(uid)
        return None, [_v("not_in_fight", f"«{name}» не в секторе боя.", "KZ-DEF-CMB-01")]
    return piece, []


def _striker_problems(state: State, faction: str, uid: str, fight: Fight) -> list[Violation]:
    piece, out = _own_piece(state, faction, uid, fight, "Бьющий")
    if piece is None:
        return out
    name = TableNamer(state, faction).piece(uid)
    if fight.kind == "retreat" and faction == fight.attacker:
        return [_v("leavers_no_strike", "Отступающие существа не бьют в ответ.", "KZ-DEF-RET-01")]
    if not strikes(state, piece):
        return [_v("no_attack", f"«{name}» не наносит ударов: у него нет атаки.", "KZ-DEF-CMB-01")]
    return []


def check_decision(state: State, faction: str, order: Any, *, sector: str | None = None,
                   leavers: Iterable[str] | None = None, attacker: str | None = None) -> list[Violation]:
    """Why one line of a reaction post is illegal (empty when it is fine).

    The fight comes from ``state.pending``; pass ``sector`` (and ``leavers`` for a retreat) to check
    the attacker's or mover's own Evade/Guard lines in his main post."""
    fight = fight_of(state, sector=sector, leavers=leavers, attacker=attacker)
    if fight is None:
        return [_v("no_fight", "Сейчас нет боя, на который нужно отвечать.", "KZ-DEF-TURN-03")]
    namer = TableNamer(state, faction)
    if isinstance(order, Strike):
        out = _striker_problems(state, faction, order.striker, fight)
        if out:
            return out
        striker = state.pieces[order.striker]
        if striker.shadow and not order.targets and not order.reveal:
            return []
        return check_targets(state, striker, order.targets, fight)
    if isinstance(order, StayHidden):
        piece, out = _own_piece(state, faction, order.piece, fight, "В тени")
        if piece is not None and not piece.shadow:
            out.append(_v("not_in_shadow", f"«{namer.piece(piece.uid)}» не в тени.", "KZ-DEF-SHADOW-04"))
        return out
    if isinstance(order, Evade):
        return _check_evade(state, faction, order, fight)
    if isinstance(order, Guard):
        return _check_guard(state, faction, order, fight)
    if isinstance(order, Decline):
        return []
    if isinstance(order, UseAbility):
        return _check_free(state, faction, order, fight)
    return [_v("not_a_decision", "В ответе на бой пишут только решения: цели ударов, тень, уклонение, "
               "защитника, [С] или «пас».", "KZ-DEF-TURN-03")]


def _check_evade(state: State, faction: str, order: Evade, fight: Fight) -> list[Violation]:
    piece, out = _own_piece(state, faction, order.piece, fight, "Уклонение")
    if piece is None:
        return out
    name = TableNamer(state, faction).piece(piece.uid)
    if not has(state, piece, "evasion"):
        out.append(_v("no_evasion", f"У «{name}» нет Уклонения.", "KZ-EVADE-01"))
    if piece.shadow:
        out.append(_v("evade_shadow", f"«{name}» в тени: его не выберут целью.", "KZ-SHADOW-02"))
    if fight.among is not None and piece.uid not in fight.among:
        out.append(_v("evade_not_leaving", f"«{name}» не уходит из сектора: по нему не бьют.", "KZ-DEF-RET-01"))
    if order.discard not in state.players[faction].hand:
        card = TableNamer(state, faction).card(order.discard)
        out.append(_v("evade_no_card", f"В руке нет карты «{card}».", "KZ-EVADE-01",
                      "Для уклонения сбрасывают карту из своей руки."))
    if not out:
        enemies = [p for p in state.pieces_in(fight.sector) if p.owner != faction and strikes(state, p)
                   and (fight.kind == "attack" or p.owner != fight.attacker)]
        reach = [p for p in enemies if piece.uid in legal_targets(state, p.uid, among=fight.among)]
        if reach and all(has(state, p, "area") for p in reach):
            out.append(_v("evade_area", "Против Площади Уклонение не работает, а бить сюда может только она.",
                          "KZ-EVADE-02"))
    return out


def guard_protects(state: State, defender: Piece, target: str) -> bool:
    """May ``defender`` take a strike meant for ``target``? A Защитник covers a friendly creature in
    its sector (KZ-GUARD-01); every creature of a capital's owner covers his capital there
    (KZ-CAP-04, KZ-WIN-04, KZ-DEF-GUARD-02)."""
    cap = capital_sector_of_target(target)
    if cap is not None:
        return (capital_owner(state, cap) == defender.owner and defender.sector == cap
                and is_creature(state, defender))
    piece = state.pieces.get(target)
    return (piece is not None and piece.uid != defender.uid and piece.owner == defender.owner
            and piece.sector == defender.sector and is_creature(state, piece) and has(state, defender, "defender"))


def _check_guard(state: State, faction: str, order: Guard, fight: Fight) -> list[Violation]:
    piece, out = _own_piece(state, faction, order.defender, fight, "Защитник")
    if piece is None:
        return out
    namer = TableNamer(state, faction)
    name = namer.piece(piece.uid)
    own_capital = capital_owner(state, fight.sector) == faction and fight.kind == "attack"
    if fight.among is not None and piece.uid not in fight.among:
        return [_v("guard_not_leaving", f"«{name}» остаётся в секторе: прикрывать можно только уходящих.",
                   "KZ-DEF-RET-01")]
    if order.protects is None:
        if not has(state, piece, "defender") and not (own_capital and is_creature(state, piece)):
            out.append(_v("not_defender", f"У «{name}» нет свойства Защитник.", "KZ-GUARD-01"))
        return out
    if not guard_protects(state, piece, order.protects):
        cap = capital_sector_of_target(order.protects)
        covered = state.pieces.get(order.protects)
        if cap is None and not has(state, piece, "defender"):
            out.append(_v("not_defender", f"У «{name}» нет свойства Защитник.", "KZ-GUARD-01"))
        elif cap is not None:
            out.append(_v("guard_capital", "Столицу прикрывают только существа её хозяина в её секторе.",
                          "KZ-DEF-GUARD-02"))
        elif covered is None or covered.owner != faction or covered.sector != piece.sector:
            out.append(_v("guard_whom", "Защитник прикрывает только свои существа в том же секторе.",
                          "KZ-GUARD-01"))
        else:
            out.append(_v("guard_whom", "Защитник прикрывает другие свои существа (не постройки и не себя).",
                          "KZ-GUARD-01"))
    elif fight.among is not None and capital_sector_of_target(order.protects) is None \
            and order.protects not in fight.among:
        out.append(_v("guard_not_leaving", "По оставшимся в секторе не бьют: прикрывать их не нужно.",
                      "KZ-DEF-RET-01"))
    return out


def free_uses_left(state: State, piece: Piece, ability_id: str) -> bool:
    """KZ-DEF-ABIL-02 with ``free_ability_limit`` uses per card per round (KZ-GAP-31)."""
    return piece.free_used.count(ability_id) < state.options.free_ability_limit


def unused_free_abilities(state: State, faction: str, sectors: Iterable[str]) -> list[tuple[Piece, str]]:
    """(piece, ability id) of a player's [С] abilities still usable in these sectors."""
    found = []
    for sid in dict.fromkeys(s for s in sectors if s):
        for p in state.pieces_in(sid, faction):
            for ab in card_of(state, p).abilities:
                if ab.kind != "free" or not free_uses_left(state, p, ab.id):
                    continue
                if ab.effect == "shadow" and (p.shadow or scout_present(state, p)):
                    continue  # cannot be used now (KZ-SHADOW-01, KZ-DEF-SHADOW-03)
                found.append((p, ab.id))
    return found


def _check_free(state: State, faction: str, order: UseAbility, fight: Fight) -> list[Violation]:
    """A [С] line in a reaction post (KZ-ABIL-05, KZ-DEF-REACT-01): his card, a free ability, not
    used up this round, on a card the declared action involves."""
    piece = state.pieces.get(order.piece)
    if piece is None:
        return [_v("no_piece", "Такой карты нет на столе.", "KZ-ABIL-01")]
    name = TableNamer(state, faction).piece(piece.uid)
    if piece.owner != faction:
        return [_v("not_yours", f"«{name}» — не ваша карта.", "KZ-ABIL-01")]
    ability = card_of(state, piece).ability(order.ability)
    if ability is None:
        return [_v("no_ability", f"У «{name}» нет такой способности.", "KZ-ABIL-01")]
    if ability.kind != "free":
        return [_v("action_ability", f"«{ability.name}» — [Д]: это действие, его применяют только в свой ход.",
                   "KZ-GAP-02")]
    if not free_uses_left(state, piece, ability.id):
        return [_v("free_used", f"«{ability.name}» уже применено в этом круге.", "KZ-DEF-ABIL-02")]
    if piece.sector not in (fight.sector, fight.dest) and not ability.params.get("anywhere"):
        return [_v("free_not_involved", f"«{name}» не в секторе этого действия.", "KZ-DEF-REACT-01")]
    return []


# --- who has a choice ------------------------------------------------------------------------------
def _targets_may_appear(state: State, faction: str, fight: Fight) -> bool:
    """Could a new target come up during the fight? Another player's card in shadow there may come
    out (a scout at the start, its own strike, a Защитник taking a hit, KZ-GAP-26)."""
    return any(p.shadow and p.owner != faction and (fight.among is None or p.uid in fight.among)
               for p in state.pieces_in(fight.sector))


def sole_answer(state: State, faction: str, fight: Fight) -> list[BaseModel] | None:
    """The answer this player would have to give when none of his decisions in this fight leaves
    him a second legal option (issue 9): each striker of his that can reach something reaches
    exactly one target and no two of them share a speed (no order to choose, KZ-DEC-11); a
    creature in shadow with nobody to strike stays hidden (KZ-DEC-05). ``[]`` when he has nothing
    to decide; None when he has a real choice, and the reaction step opens for him.

    «Не бьёт» (KZ-DEF-CMB-04) is not counted as a second option: a strike at the only target is
    what the rules leave him (KZ-DEC-04, KZ-DEC-08). A target that could still appear (an enemy
    card in shadow in the sector) keeps the question open."""
    if faction == fight.attacker or state.players[faction].eliminated:
        return []
    attacker = fight.attacker if fight.kind == "attack" else None
    mine = state.pieces_in(fight.sector, faction)
    more = _targets_may_appear(state, faction, fight)
    forced: list[BaseModel] = []
    speeds: set[int] = set()
    for p in mine:
        if not strikes(state, p):
            continue
        targets = legal_targets(state, p.uid, attacker=attacker, among=fight.among)
        if p.shadow:
            if targets or more:
                return None  # reveal and strike, or stay hidden (KZ-DEC-05)
            forced.append(StayHidden(piece=p.uid))  # nobody to strike from the shadow
            continue
        if not targets:
            continue  # no legal target: it does not strike (KZ-DEF-CMB-04)
        speed = speed_of(state, p)
        if len(targets) > 1 or more or speed in speeds:
            return None  # a target to choose (KZ-DEC-04, KZ-DEC-08) or an order (KZ-DEC-11)
        speeds.add(speed)
        forced.append(Strike(striker=p.uid, targets=(targets[0],)))
    if fight.kind == "attack":
        hand = bool(state.players[faction].hand)
        enemies = [p for p in state.pieces_in(fight.sector) if p.owner != faction and strikes(state, p)]
        for p in mine:
            if hand and has(state, p, "evasion") and not p.shadow and any(
                    not has(state, e, "area") and p.uid in legal_targets(state, e.uid, attacker=fight.attacker)
                    for e in enemies):
                return None  # KZ-DEC-06
            if any(guard_protects(state, p, o.uid) for o in mine) and has(state, p, "defender"):
                return None  # KZ-DEC-07
        if capital_owner(state, fight.sector) == faction and any(is_creature(state, p) for p in mine) \
                and any(capital_target(fight.sector) in legal_targets(state, e.uid, attacker=fight.attacker)
                        for e in enemies):
            return None  # the garrison may cover the capital (KZ-CAP-04)
    sectors = [fight.sector] + ([fight.dest] if fight.dest else [])
    if unused_free_abilities(state, faction, sectors):
        return None  # KZ-DEC-03
    return forced


def has_choice(state: State, faction: str, fight: Fight) -> bool:
    """Does this player have anything to decide in this fight with two or more legal options (the
    reaction step opens only for such players; everybody else is decided at once)?"""
    return sole_answer(state, faction, fight) is None


def sole_answers(state: State, fight: Fight) -> dict[str, list[BaseModel]]:
    """The answers the server gives for the players who are not asked but whose strikes have one
    legal option (turn order)."""
    out: dict[str, list[BaseModel]] = {}
    for f in state.order:
        if f in state.players:
            lines = sole_answer(state, f, fight)
            if lines:
                out[f] = lines
    return out


def sole_events(state: State, answers: Mapping[str, Iterable[BaseModel]], fight: Fight) -> list[Event]:
    """The chronicle's account of the choices the server made because they were the only ones."""
    from ..messages import event, piece_in, target_in
    events: list[Event] = []
    for f, lines in answers.items():
        for line in lines:
            if isinstance(line, Strike):
                events.append(event("sole_target", "KZ-DEC-08" if fight.kind == "retreat" else "KZ-DEC-04",
                                    faction=f, striker=piece_in(state, line.striker, "gen"),
                                    target=target_in(state, line.targets[0], "nom"),
                                    data={"striker": line.striker, "targets": list(line.targets), "sole": True}))
            elif isinstance(line, StayHidden):
                piece = state.pieces[line.piece]
                events.append(event("sole_hidden", "KZ-DEC-05", faction=f, public=False,
                                    card=card_of(state, piece).name, data={"piece": line.piece, "sole": True}))
    return events
