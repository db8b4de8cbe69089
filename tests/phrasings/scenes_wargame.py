"""Scenes for the «Битвы FANTASY» phrasing corpus (`wargame.toml`): each is a fresh battle state at
one step where a post is read, and the player who writes that post.

Players: **Аня** (p1, «Королевство», Синие) and **Борис** (p2, «Орда», Красные); in the
three-player scenes also **Вера** (p3, Зелёные). Аня is first in the setup order and in every
round's order, so only she may charge after a move (WG-CHARGE-01). Cells are «x-y» (column-row) on
the default 24 × 16 map: tower 12-8, 13-8, 12-9, 13-9; hill 4-12…5-13; forest 19-4…20-5.
Army lists are the defaults (WG-DEF-ARMY-01/02); the shooting scenes add a GM's war machine
«UNL-2» with two guns, «пушка А» (2 куб., 14 шагов) and «пушка Б» (1 куб., 10 шагов) (WG-MACH-03).

Posts
- ``deploy`` — Аня deploys (setup). Her zone is rows 1–3 (1-1 … 24-3); nothing is on the board.
  A post deploys every figure: cases give the lines under test and a header with the rest.
- ``deploy_horde`` — Борис deploys after Аня: his zone is rows 14–16; Аня's figures stand in
  rows 1–3 as the default deployment put them.
- ``maneuver`` — round 1, Аня's maneuver (first in the round: she may charge). Hers: Рыцарь 8-5,
  мечники №1–3 on 5-4, 6-4, 7-4, мечник №4 12-5 (two steps below the tower), Маг 6-3 (next to
  мечники №1–3), Капитан 10-3 (5 ОМ), лучники №1, №2 on 11-2, 12-2, лучник №3 is dead,
  Катапульта 15-2 (2 ОМ). Борис's: орки №1, №2 on 8-8, 9-8; орки №3, №4 hold the tower (12-8,
  13-8); Вождь 10-9; Шаман 16-12 with Вожак next to him on 17-12; всадники №1–3 on 21-13, 22-13,
  23-13; Дракон 5-10. A воин has 4 ОМ; 8-7 and 9-7 touch the orcs; a storm from 12-7 or 13-7
  keeps 2 ОМ only for мечник №4.
- ``maneuver_horde`` — the same board after Аня held everything: Борис's maneuver (second in the
  round: a charge after a move is not his, a teleported figure may charge). Шаман 16-12 with
  Вожак on 17-12; Дракон 5-10 flies 6 ОМ; всадники have 6 ОМ.
- ``maneuver_early`` — the ``maneuver`` board, but Борис writes while Аня's maneuver is awaited
  (WG-DEF-TURN-05).
- ``shooting`` — round 1, Аня's shooting. Hers: лучники №1, №2 on 11-2, 12-2 (Лук 2 / 8), лучник
  №3 dead, Капитан 10-7 in melee with орк №2 (cannot shoot), Маг 6-3 (Магическая стрела 1 / 6),
  Катапульта 15-2 (2 / 14, min 3), UNL-2 17-2 (пушка А 2 / 14, пушка Б 1 / 10), мечник №1 7-7 in
  melee with орк №1 (no weapon), Рыцарь 6-5. Борис's: орки №1, №2 8-8, 9-8, орки №3, №4 on the
  tower 12-8, 13-8, Вождь 10-9, Шаман 6-9, Вожак 20-12, всадники 21-13, 22-13, 23-13, Дракон 5-10.
  Distances: лучник №1 → Шаман 7, → всадник №1 11 (out of range); Маг → Шаман 6, → Дракон 7 (out of
  range); UNL-2 → орк №1 9, → Вожак 10, → всадник №3 11 (пушка Б out of range).
- ``shooting_three`` — three players (Борис and Вера both field the Орда): Аня shoots. Лучник №1
  11-2, лучник №2 12-2; орк №3 Красных on 10-7, орк №1 Зелёных on 14-6, Вождь Красных 9-9.

Decisions (the answer is the post)
- ``stray`` (WG-DEC-01) — Аня's лучник №1 shot at орк №1 (8-8) in melee, rolled [2, 3]: a stray
  hit. Борис (owner of the target) picks the victim among Аня's мечник №1 (7-7) and мечник №2
  (9-7); his own орк №2 (8-9) is not a candidate.
- ``stray_other`` — the same, but Аня writes (the decision is not hers).
- ``stray_three`` (WG-DEC-01, three players, Борис's Орда and Вера's Орда) — Аня's лучник shot
  at Борис's орк №1 (8-8) and rolled [1, 2]; the candidates are Аня's мечник №1 (7-7) and Вера's
  орк №1 (9-7, «зелёный орк №1»). Борис answers.
- ``casualties`` (WG-DEC-02) — Борис's Вождь (8-9), орк №1 (7-9), орк №2 (9-9) lost to Рыцарь,
  мечник №1, мечник №2 by 5: two are killed, one wounded (WG-DMG-07). Борис answers.
- ``casualties_other`` — the same, Аня writes.
- ``casualties_two`` (WG-DEC-02) — Борис's Вождь (8-9) and орк №1 (9-9) lost by 3,5: one killed,
  one wounded.
- ``nosave`` (WG-DEC-03) — Борис's Вождь (8-9) and орк №1 (9-9) both take lethal damage (lost by
  8,5): one of the two gets no save. Борис answers.
- ``save_step`` (WG-DEC-04) — after that, орк №1 was denied the save and Вождь saved (a 6): he may
  step sideways to 7-9, 7-10, 8-10 or 9-10 … (not closer to the enemy) or stay.
- ``dodge_step`` (WG-DEC-05) — Борис's всадник №1 (5-5) dodged лучник №1's arrow: it may step to
  any free neighbouring cell (4-4 … 6-6) or stay.
- ``withdraw`` (WG-DEC-06) — the melee of Рыцарь 8-8, мечник №1 7-8, мечник №2 9-8 against
  орки №1–3 on 7-9, 8-9, 9-9 ended 7 : 6,5: nobody harmed; Борис (the loser) decides first
  which orcs step back (row 10) or aside.
- ``withdraw_winner`` — Борис kept his orcs in place; now Аня decides for her three.
- ``fight_first`` (WG-DEC-07, three players) — Аня's мечник №1 (10-10) touches Борис's орк №1
  (10-9, Красные) and Вера's мечник №1 (10-11, Зелёные), who do not touch each other: Аня says
  whom she fights first.
- ``tower_cells`` (WG-DEC-09) — Аня's мечники №1 (12-7) and №2 (13-7) stormed the tower and killed
  орки №3 and №4: the freed cells 12-8 and 13-8 are hers to fill.
- ``artifact`` (WG-DEC-10) — Аня killed Борис's Вождь under Традиция: she activates «Знамя
  доблести» (Рыцарь) or «Орлиный глаз» (Капитан).
- ``continue`` (WG-DEC-12) — Аня's Рыцарь charged from 8-5 to 8-7, won and killed орк №1; the
  post had no continuation line: 2 ОМ left (9-9 is in reach, 12-7 is not).
- ``card`` (WG-DEC-13, magic cards on) — Аня's Рыцарь charged орк №1 and the check rolled [2]
  (no six): Аня may play a card «когда сочтете нужным».
- ``card_horde`` — the same after Аня played none: Борис may play a card.
WG-DEC-08 and WG-DEC-11 are settled by dice and wait for nobody: they have no answer scene.
"""

from __future__ import annotations

from collections.abc import Callable

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.wargame.battle.engine import apply, run
from rulesets.wargame.battle.setup import setup
from rulesets.wargame.data import FigureSpec, Weapon
from rulesets.wargame.options import Options
from rulesets.wargame.orders import Charge, Decline, Hold, NoSave, Shoot
from rulesets.wargame.state import ActivationRun, Figure, PostRun, State

SEED = "00" * 32
NAMES = ["Аня", "Борис", "Вера", "Глеб"]


class FixedDice(Dice):
    """A Dice whose draws are given in advance (then the seed's own values follow)."""

    def __init__(self, values: list[int] | None = None) -> None:
        super().__init__(SEED)
        self.queue = list(values or [])

    def roll(self, sides: int, purpose: str = ""):
        if self.queue:
            value = self.queue.pop(0)
            self.overrides[len(self.rolls)] = (value, "сцена")
        return super().roll(sides, purpose)


def battle(players: int = 2, **options) -> State:
    """The deploy phase with nobody on the board; p1 first in the setup order."""
    factions = [Faction(id=f"p{i}", name=n) for i, n in zip(range(1, players + 1), NAMES)]
    return setup(Options(**options), factions, FixedDice([6, 5, 4, 3][:players]))


def ready(players: int = 2, **options) -> State:
    """Round 1's maneuver phase with an empty board, p1 first."""
    s = battle(players, **options)
    s.phase = "maneuver"
    s.round = 1
    s.order = list(s.setup_order)
    s.active = 0
    return s


def put(s: State, fid: str, x: int, y: int, **fields) -> None:
    fig = s.figures[fid]
    fig.cell = (x, y)
    for k, v in fields.items():
        setattr(fig, k, v)


def kill(s: State, fid: str) -> None:
    fig = s.figures[fid]
    fig.alive = False
    fig.cell = None


def place(s: State, cells: dict[str, tuple[int, int]]) -> None:
    for fid, (x, y) in cells.items():
        put(s, fid, x, y)


def add_unl2(s: State, faction: str = "p1") -> None:
    """A GM's war machine with two guns (WG-MACH-03), added to the army list copied into the state."""
    army = s.players[faction].army
    unl = FigureSpec(type="unl2", name="UNL-2", acc="UNL-2", dat="UNL-2", plural="UNL-2", kind="machine",
                     detachment="shooters", capacity=3, cost=7,
                     weapons=(Weapon(key="gun_a", name="пушка А", dice=2, range=14, real=True),
                              Weapon(key="gun_b", name="пушка Б", dice=1, range=10, real=True)))
    s.players[faction].army = army.model_copy(update={"figure": (*army.figure, unl)})
    seat = s.players[faction].seat
    fid = f"{faction}:unl2"
    s.figures[fid] = Figure(id=fid, side=faction, type="unl2", kind="machine",
                            order=seat * 1000 + len(army.figure) * 10 + 1)


def resolve(s: State, dice: list[int]) -> State:
    """Run the stack (a melee phase or a shot pushed by the scene) until it waits."""
    out: list = []
    run(s, FixedDice(dice), out)
    return s


def melee_now(s: State, dice: list[int]) -> State:
    s.phase = "shooting"
    s.active = len(s.order)
    return resolve(s, dice)


def shoot(s: State, order: Shoot, dice: list[int]) -> State:
    s.phase = "shooting"
    s.active = 0
    s.stack.append(PostRun(faction=order.figure.split(":")[0], orders=[order.model_dump(mode="json")]))
    return resolve(s, dice)


def answer(s: State, faction: str, orders, dice: list[int]) -> State:
    return apply(s, faction, list(orders), FixedDice(dice)).state


# --- posts ---------------------------------------------------------------------------------------
def deploy() -> tuple[State, str]:
    return battle(), "p1"


def deploy_horde() -> tuple[State, str]:
    from rulesets.wargame.battle.deployment import default_deployment
    s = battle()
    s = answer(s, "p1", default_deployment(s, "p1"), [])
    return s, "p2"


MANEUVER_BOARD = {
    "p1:knight": (8, 5), "p1:swordsman-1": (5, 4), "p1:swordsman-2": (6, 4), "p1:swordsman-3": (7, 4),
    "p1:swordsman-4": (12, 5), "p1:mage": (6, 3), "p1:captain": (10, 3), "p1:archer-1": (11, 2),
    "p1:archer-2": (12, 2), "p1:catapult": (15, 2),
    "p2:orc-1": (8, 8), "p2:orc-2": (9, 8), "p2:orc-3": (12, 8), "p2:orc-4": (13, 8), "p2:chief": (10, 9),
    "p2:shaman": (16, 12), "p2:pack_leader": (17, 12), "p2:rider-1": (21, 13), "p2:rider-2": (22, 13),
    "p2:rider-3": (23, 13), "p2:dragon": (5, 10),
}


def _maneuver_board() -> State:
    s = ready()
    place(s, MANEUVER_BOARD)
    kill(s, "p1:archer-3")
    return s


def maneuver() -> tuple[State, str]:
    return _maneuver_board(), "p1"


def maneuver_early() -> tuple[State, str]:
    return _maneuver_board(), "p2"


def maneuver_horde() -> tuple[State, str]:
    s = _maneuver_board()
    s = answer(s, "p1", [Hold()], [])
    return s, "p2"


SHOOTING_BOARD = {
    "p1:knight": (6, 5), "p1:swordsman-1": (7, 7), "p1:swordsman-2": (6, 4), "p1:swordsman-3": (7, 4),
    "p1:swordsman-4": (12, 5), "p1:mage": (6, 3), "p1:captain": (10, 7), "p1:archer-1": (11, 2),
    "p1:archer-2": (12, 2), "p1:catapult": (15, 2), "p1:unl2": (17, 2),
    "p2:orc-1": (8, 8), "p2:orc-2": (9, 8), "p2:orc-3": (12, 8), "p2:orc-4": (13, 8), "p2:chief": (10, 9),
    "p2:shaman": (6, 9), "p2:pack_leader": (20, 12), "p2:rider-1": (21, 13), "p2:rider-2": (22, 13),
    "p2:rider-3": (23, 13), "p2:dragon": (5, 10),
}


def shooting() -> tuple[State, str]:
    s = ready()
    add_unl2(s)
    place(s, SHOOTING_BOARD)
    kill(s, "p1:archer-3")
    s.phase = "shooting"
    s.active = 0
    return s, "p1"


def shooting_three() -> tuple[State, str]:
    s = ready(3, armies=("kingdom.toml", "horde.toml", "horde.toml"))
    place(s, {"p1:archer-1": (11, 2), "p1:archer-2": (12, 2), "p1:knight": (3, 2),
              "p2:orc-3": (10, 7), "p2:chief": (9, 9), "p2:orc-1": (20, 14),
              "p3:orc-1": (14, 6), "p3:chief": (2, 8)})
    s.phase = "shooting"
    s.active = 0
    return s, "p1"


# --- decisions -----------------------------------------------------------------------------------
def _stray_state() -> State:
    s = ready()
    place(s, {"p1:archer-1": (5, 2), "p2:orc-1": (8, 8), "p1:swordsman-1": (7, 7), "p1:swordsman-2": (9, 7),
              "p2:orc-2": (8, 9), "p2:chief": (15, 15)})
    return shoot(s, Shoot(figure="p1:archer-1", target="p2:orc-1"), [2, 3])


def stray() -> tuple[State, str]:
    return _stray_state(), "p2"


def stray_other() -> tuple[State, str]:
    return _stray_state(), "p1"


def stray_three() -> tuple[State, str]:
    s = ready(3, armies=("kingdom.toml", "horde.toml", "horde.toml"))
    place(s, {"p1:archer-1": (5, 2), "p2:orc-1": (8, 8), "p1:swordsman-1": (7, 7), "p3:orc-1": (9, 7),
              "p2:chief": (15, 15), "p3:chief": (2, 8)})
    return shoot(s, Shoot(figure="p1:archer-1", target="p2:orc-1"), [1, 2]), "p2"


def _casualties_state() -> State:
    s = ready()
    place(s, {"p1:knight": (8, 8), "p1:swordsman-1": (7, 8), "p1:swordsman-2": (9, 8),
              "p2:chief": (8, 9), "p2:orc-1": (7, 9), "p2:orc-2": (9, 9)})
    # Аня 4 + 1, 3 + 1 (aura), 2 + 1 = 12; Борис 1 + 1, 1 + 0,5 + 1, 1 + 0,5 + 1 = 7 → difference 5
    return melee_now(s, [4, 3, 2, 1, 1, 1])


def casualties() -> tuple[State, str]:
    return _casualties_state(), "p2"


def casualties_other() -> tuple[State, str]:
    return _casualties_state(), "p1"


def casualties_two() -> tuple[State, str]:
    s = ready()
    place(s, {"p1:knight": (8, 8), "p1:swordsman-1": (9, 8), "p2:chief": (8, 9), "p2:orc-1": (9, 9)})
    # Аня 3 + 1, 3 + 1 = 8; Борис 1 + 1, 1 + 0,5 + 1 = 4,5 → difference 3,5: 1 lethal, 1 wound
    return melee_now(s, [3, 3, 1, 1]), "p2"


def _nosave_state() -> State:
    s = ready()
    place(s, {"p1:knight": (8, 8), "p1:swordsman-1": (7, 8), "p1:swordsman-2": (9, 8), "p1:swordsman-3": (10, 8),
              "p2:chief": (8, 9), "p2:orc-1": (9, 9)})
    # Аня 4 + 3 + 3 + 3 = 13; Борис 2 + 2,5 = 4,5 → 8,5: both lethal, floor((8,5 − 4) / 4) = 1 no save
    return melee_now(s, [3, 2, 2, 2, 1, 1])


def nosave() -> tuple[State, str]:
    return _nosave_state(), "p2"


def save_step() -> tuple[State, str]:
    s = _nosave_state()
    s = answer(s, "p2", [NoSave(figures=("p2:orc-1",))], [6])
    return s, "p2"


def dodge_step() -> tuple[State, str]:
    s = ready()
    place(s, {"p1:archer-1": (5, 2), "p2:rider-1": (5, 5), "p2:chief": (15, 15)})
    return shoot(s, Shoot(figure="p1:archer-1", target="p2:rider-1"), [6, 1, 6]), "p2"


def _withdraw_state() -> State:
    s = ready()
    place(s, {"p1:knight": (8, 8), "p1:swordsman-1": (7, 8), "p1:swordsman-2": (9, 8),
              "p2:orc-1": (7, 9), "p2:orc-2": (8, 9), "p2:orc-3": (9, 9)})
    # Аня 2 + 1, 1 + 1, 1 + 1 = 7; Борис 2,5 + 2,5 + 1,5 = 6,5 → difference 0,5: nobody harmed
    return melee_now(s, [2, 1, 1, 2, 2, 1])


def withdraw() -> tuple[State, str]:
    return _withdraw_state(), "p2"


def withdraw_winner() -> tuple[State, str]:
    s = answer(_withdraw_state(), "p2", [Decline(what="withdraw")], [])
    return s, "p1"


def fight_first() -> tuple[State, str]:
    s = ready(3)
    place(s, {"p1:swordsman-1": (10, 10), "p2:orc-1": (10, 9), "p3:swordsman-1": (10, 11)})
    return melee_now(s, []), "p1"


def tower_cells() -> tuple[State, str]:
    s = ready()
    place(s, {"p2:orc-3": (12, 8), "p2:orc-4": (13, 8), "p2:rider-3": (24, 16)})
    put(s, "p1:swordsman-1", 12, 7, storming=True)
    put(s, "p1:swordsman-2", 13, 7, storming=True)
    # 6 + 6 vs (1 + 0,5 + 1 height) × 2 = 5 → difference 7: both orcs die (saves 1, 1)
    return melee_now(s, [6, 6, 1, 1, 1, 1]), "p1"


def artifact() -> tuple[State, str]:
    s = ready()
    place(s, {"p1:knight": (3, 2), "p1:captain": (5, 2), "p2:orc-1": (20, 15)})
    s.stack.append(ActivationRun(faction="p1", reason="убит вождь"))
    return melee_now(s, []), "p1"


def _charge_board(**options) -> State:
    s = ready(**options)
    place(s, {"p1:knight": (8, 5), "p2:orc-1": (8, 8), "p2:rider-3": (24, 16), "p1:swordsman-1": (3, 2)})
    return s


def continue_() -> tuple[State, str]:
    s = _charge_board()
    # check 6; melee 6 + 1 vs 1 + 0,5 → the orc dies (save 1)
    s = answer(s, "p1", [Charge(figure="p1:knight", dest=(8, 7))], [6, 6, 1, 1])
    return s, "p1"


def card() -> tuple[State, str]:
    s = _charge_board(magic_cards=True)
    return answer(s, "p1", [Charge(figure="p1:knight", dest=(8, 7))], [2]), "p1"


def card_horde() -> tuple[State, str]:
    s, _ = card()
    return answer(s, "p1", [Decline(what="card")], []), "p2"


SCENES: dict[str, Callable[[], tuple[State, str]]] = {
    "deploy": deploy,
    "deploy_horde": deploy_horde,
    "maneuver": maneuver,
    "maneuver_horde": maneuver_horde,
    "maneuver_early": maneuver_early,
    "shooting": shooting,
    "shooting_three": shooting_three,
    "stray": stray,
    "stray_other": stray_other,
    "stray_three": stray_three,
    "casualties": casualties,
    "casualties_other": casualties_other,
    "casualties_two": casualties_two,
    "nosave": nosave,
    "save_step": save_step,
    "dodge_step": dodge_step,
    "withdraw": withdraw,
    "withdraw_winner": withdraw_winner,
    "fight_first": fight_first,
    "tower_cells": tower_cells,
    "artifact": artifact,
    "continue": continue_,
    "card": card,
    "card_horde": card_horde,
}
