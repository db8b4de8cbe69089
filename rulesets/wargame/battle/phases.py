"""The server's phases: the melee phase (WG-DEF-MELEE-05, WG-MULTI, WG-DEC-07/08), artifact
activations (WG-DEF-ART-02/03, WG-DEC-10/11), healing (WG-HEAL) and the end of the round with its
victory check and the rotation of the player order (WG-DEF-TURN-01/02, WG-DEF-WIN)."""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..messages import text
from ..naming import Namer
from ..orders import ActivateArtifact, FightFirst
from ..rules.artifacts import activation_options
from ..rules.healing import heal
from ..rules.multi import all_against_all, middle_player, order_pairs, rank_players
from ..rules.participants import engaged_pairs, groups, sides_of
from ..rules.randompick import pick
from ..rules.victory import round_limit
from ..state import ActivationRun, FightRun, MeleePhaseRun, Pending, State
from .flow import AGAIN, POP, ask, dice_text, event, take


def melee_phase_step(state: State, mr: MeleePhaseRun, dice: Dice, out: list[Event]) -> str:
    if not mr.started:
        mr.started = True
        exclude = set() if state.options.charge_melee_repeats else \
            {f.id for f in state.figures.values() if f.charge_fought}  # WG-DEF-MELEE-06
        mr.groups = groups(state, exclude)
        if not mr.groups:
            out.append(event("melee_phase", f"Ход {state.round}, рукопашный бой: схваток нет.", "WG-DEF-TURN-01"))
            return POP
        out.append(event("melee_phase", f"Ход {state.round}, рукопашный бой: схваток — {len(mr.groups)}.",
                         "WG-DEF-MELEE-05"))
    while mr.index < len(mr.groups):
        group = [f for f in mr.groups[mr.index] if state.figures[f].alive]
        if mr.pairs is None:
            got = _pairs(state, group, dice, out)
            if got is None:
                return ask(state, _fight_first_pending(state, group))
            mr.pairs = [list(p) for p in got]
            mr.pair_index = 0
        if mr.pair_index < len(mr.pairs):
            a, b = mr.pairs[mr.pair_index]
            mr.pair_index += 1
            state.stack.append(FightRun(sides=[a, b], pool=mr.groups[mr.index]))
            return AGAIN
        for f in mr.groups[mr.index]:
            state.figures[f].fought = True
        mr.index += 1
        mr.pairs = None
    return POP


def _fight_first_pending(state: State, group: list[str]) -> Pending:
    pairs = engaged_pairs(state, group)
    sides = sides_of(state, group)
    mid = middle_player(sides, pairs)
    assert mid is not None
    opponents = [b if a == mid else a for a, b in pairs if mid in (a, b)]
    n = Namer(state, mid)
    return Pending(decision="WG-DEC-07", faction=mid, choices=opponents,
                   prompt=text("ask.fight_first", options=", ".join("с " + n.side_ins(o) for o in opponents)),
                   default=text("default.fight_first"))


def _pairs(state: State, group: list[str], dice: Dice, out: list[Event]) -> list[tuple[str, str]] | None:
    """The order of the pairwise fights of one melee; None while WG-DEC-07 waits."""
    pairs = engaged_pairs(state, group)
    sides = sides_of(state, group)
    if len(pairs) <= 1:
        return pairs
    n = Namer(state)
    mid = None if all_against_all(sides, pairs) else middle_player(sides, pairs)
    first = None
    if mid is not None:
        answer = take(state, "WG-DEC-07")
        if answer is None:
            return None
        choice = next((o.opponent for o in answer if isinstance(o, FightFirst)), None)
        if choice is not None and any(choice in p and mid in p for p in pairs):
            first = tuple(sorted((mid, choice), key=state.rank))
            out.append(event("fight_first", f"{n.side(mid)} решает: первый бой — с {n.side_ins(choice)}.",
                             "WG-MULTI-01", faction=mid))
    ranking, rolls, rs = rank_players(sides, dice)
    shown = ", ".join(f"{n.side(p)} — {v}" for p, v in rolls.items())
    out.append(event("fight_order_roll", f"Кубики на порядок боёв: {shown}" + (f" (переброс ничьих: "
                     f"{dice_text([r.value for r in rs[len(rolls):]])})" if len(rs) > len(rolls) else "") + ".",
                     "WG-MULTI-02", rs))
    ordered = order_pairs(pairs, ranking, rolls, state.options.multi_order)
    if first is not None:
        mine = [p for p in ordered if mid in p and tuple(p) != first]
        rest = [p for p in ordered if mid not in p]
        ordered = [first, *mine, *rest]
    out.append(event("fight_order", "Порядок боёв: " + "; ".join(f"{n.side(a)} — {n.side(b)}" for a, b in ordered) + ".",
                     "WG-GAP-18"))
    return ordered


def activation_step(state: State, ar: ActivationRun, dice: Dice, out: list[Event]) -> str:
    """WG-ART-06/07, WG-DEF-ART-03: one inactive artifact with a living keeper, chosen (WG-DEC-10)
    or at random (WG-DEC-11)."""
    n = Namer(state)
    player = state.players[ar.faction]
    options = activation_options(state, ar.faction)
    if player.out or not options:
        out.append(event("artifact_none", f"{n.side(ar.faction)}: артефакт заслужен ({ar.reason}), но активировать "
                         "нечего.", "WG-DEF-ART-03", faction=ar.faction))
        return POP
    chosen = None
    if ar.random:
        chosen, rolls = pick(dice, options, "случайный артефакт")
        out.append(event("random_pick", f"Артефакт выбирается случайно ({ar.reason}): {dice_text([r.value for r in rolls])}.",
                         "WG-ART-07", rolls))
    elif len(options) == 1:
        chosen = options[0]
    else:
        answer = take(state, "WG-DEC-10")
        if answer is None:
            return ask(state, Pending(decision="WG-DEC-10", faction=ar.faction, choices=options,
                                      prompt=text("ask.artifact", options=", ".join(f"«{n.artifact(k)}»" for k in options)),
                                      default=text("default.random")))
        chosen = next((o.artifact for o in answer if isinstance(o, ActivateArtifact) and o.artifact in options), None)
        if chosen is None:
            chosen, rolls = pick(dice, options, "случайный артефакт")
            out.append(event("random_pick", f"Кубик выбирает артефакт: {dice_text([r.value for r in rolls])}.",
                             "WG-DEF-RANDOM-01", rolls))
    player.active_artifacts.append(chosen)
    out.append(event("artifact_on", f"{n.side(ar.faction)} активирует артефакт «{n.artifact(chosen)}» ({ar.reason}).",
                     "WG-ART-06", faction=ar.faction, artifact=chosen))
    return POP


def start_round(state: State, out: list[Event]) -> None:
    """WG-DEF-TURN-02: round 1 follows the setup order; then the first player moves to the end."""
    if state.round == 0:
        state.order = [f for f in state.setup_order if not state.players[f].out]
    else:
        rotated = state.order[1:] + state.order[:1]
        state.order = [f for f in rotated if not state.players[f].out]
    state.round += 1
    state.phase = "maneuver"
    state.active = 0
    for f in state.figures.values():
        f.om_spent = 0
        f.moved = f.teleported = f.done = f.teleport_used = f.charge_fought = f.storming = f.fought = False
        f.om_left = None
        f.fired = []
    n = Namer(state)
    out.append(event("round", f"Ход {state.round}. Порядок: " + ", ".join(n.side(f) for f in state.order) + ".",
                     "WG-DEF-TURN-02", order=state.order))


def end_round(state: State, dice: Dice, out: list[Event]) -> None:
    """Healing, then the end of the round (WG-DEF-TURN-01)."""
    state.phase = "healing"
    out += heal(state, dice)
    from ..rules.victory import eliminate
    out += eliminate(state)
    if state.phase == "over":
        return
    if state.round >= state.options.round_limit:
        out += round_limit(state)
        return
    start_round(state, out)
