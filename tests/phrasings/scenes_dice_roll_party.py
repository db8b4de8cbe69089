"""Scenes for the Dice Roll Party phrasing corpus (`dice_roll_party.toml`): each is a fresh game
state at one step where a post is read, and the player who writes that post.

Players: **Анна** (p1, seat 1) and **Борис** (p2, seat 2). Sheets are written В/А/З/Ф (время /
потенциал атаки / потенциал защиты / форма); storages and the bag as красные/синие/зелёные.
The rules are the defaults (duel, simple first move, simple turn order) unless a scene says so.

Setup and first move
- ``build`` — Анна builds her four characters (D1). Her storage holds 16 red, 16 blue, 16 green,
  nothing is built yet; each slot takes exactly 12 tokens (DRP-SETUP-03). Expected: four lines
  «П1: 3/4/2/3 «Рыцарь»» in any wording.
- ``auction_open`` — time auction (first_move = auction), Анна opens (D3): a bid of 0 or more
  time, at most the time on her characters (8: П1 3, П2 1, П3 0, П4 4).
- ``auction_answer`` — the same auction, Борис has bid 2: Анна must outbid (3…8) or pass.
- ``handicap`` — Анна won the auction with a bid of 3 (D4): she says from which characters the
  3 time go to storage. Her characters: П1 «Рыцарь» 3/4/2/3, П2 «Лучница» 1/2/2/7,
  П3 «Страж» 0/6/0/6, П4 (no name) 4/1/1/6.
  (There is no post step for the simple first move: the GM sets the first player or the server
  rolls, DRP-GAP-04.)

A turn (Анна is active: Phase 1 «Ресурсы», then exactly one attack)
- ``turn`` — no names anywhere. Анна: П1 3/4/2/3, П2 5/3/2/2, П3 0/6/0/6 (no time: it cannot
  attack), П4 4/1/1/10 (16 tokens: room for only 2 more, DRP-TOK-07). Storage: 6 red, 2 blue,
  8 green. Limit 5 (П2's time). Борис: П1 3/4/2/3, П2 2/3/3/4, П3 closed (destroyed), П4 3/3/3/3.
  Not the first attack of the game: boosts are allowed.
- ``turn_named`` — the named cast. Анна: П1 «Рыцарь» 3/4/2/3, П2 «Лучница» 1/2/2/7,
  П3 «Страж» 0/6/0/6 (no time), П4 (no name) 4/1/1/6. Storage 10/10/10, limit 4.
  Борис: П1 «Тень» 3/4/2/3, П2 «Вихрь» 2/3/3/4, П3 (no name) 5/2/1/4, П4 «Молот» 3/3/3/3.
- ``turn_first`` — as ``turn_named``, but it is the first attack of the game under the simple
  first move: only the basic attack, no attack boosts (DRP-FIRST-03).
- ``turn_cyclic`` — as ``turn_named`` with the cyclic turn order; Анна's pointer is at slot 1,
  so only П1 «Рыцарь» may attack (DRP-TURN-03).
- ``turn_initiative`` — as ``turn_named`` with the initiative turn order: only П4 (4 time, the
  most) may attack, unless Phase 1 changes who has the most time (DRP-TURN-04).
- ``turn_no_time`` — Анна has no time token anywhere: П1 0/4/2/6, П2 0/2/2/8, П3 0/6/0/6,
  П4 0/1/1/10; storage 10 red, 0 blue, 10 green; bag 6/6/6. Nobody can attack (D9): she may
  make the emergency exchange (DRP-RES-12) and/or skip the turn. Борис as in ``turn_named``.
- ``turn_zero_time`` — every character of Анна has 0 time (П1 0/4/2/6, П2 0/2/2/8, П3 0/6/0/6,
  П4 0/1/1/10) but her storage holds 10 blue: limit 1 (DRP-RES-03); she may add one blue and
  attack with that character, or skip.
- ``turn_return`` — as ``turn_named`` with the house rule ``allow_return_to_storage``: a token may
  go from a character back to storage for 1 limit each (DRP-GAP-09).
- ``turn_heavy`` — as ``turn_named``, but Анна's П3 «Страж» is 2/6/0/4 (attack class 6 with 2 time:
  no class up above d20, DRP-GAP-15) and her П4 is 4/0/2/6 (attack class 0: superiority only with a
  class up, DRP-GAP-30). Limit 4.
- ``turn_twins`` — as ``turn_named``, but Анна has two characters called «Страж»: П2 1/2/2/7 and
  П3 0/6/0/6 (П1 «Рыцарь», П4 «Лучница» 4/1/1/6); a bare «Страж» names either of them.
- ``turn_cyclic_third`` — as ``turn_cyclic`` with Анна's pointer at slot 3: only П3 «Страж» may
  attack, and it has no time until Phase 1 gives it some (DRP-TURN-03, DRP-GAP-21).
- ``aspects`` — as ``turn_named`` with aspects and aspect-gated boosts on. Анна's П1 «Рыцарь»,
  П2 «Лучница» (green 7 > red 4), П3 «Страж»: Рыцарь and Страж are Potential, Лучница Form,
  П4 Form. Борис: Тень and Вихрь and Молот are Potential, П3 is Time. Superiority only with
  advantage (Potential vs Potential, Form vs Time) (DRP-VAR-02); insurance only for a Time
  aspect (DRP-VAR-05).

Reactions (Борис posts)
- ``defence`` — Анна's П1 «Рыцарь» (3/4/2/3) attacked Борис's П2 «Вихрь» (4/3/3/2: 4 time,
  defence class 3, attack class 3) and rolled 5. Борис answers with his defence boosts (D5),
  optionally a pre-declared soak («если пробьёт — гашу 1»).
- ``defence_poor`` — the same attack, but «Вихрь» is 1/3/3/6: one time, so at most one boost
  (or one pre-declared soak point) is affordable (DRP-GAP-19, DRP-DMG-03). (A target with no time
  at all has nothing to choose and is not asked, issue 9.)
- ``soak`` — «Рыцарь» hit «Вихрь» (2/3/3/4) for 4 damage; Борис says how much of it «Вихрь»
  pays with time (D6): 0, 1 or 2.
- ``counter_soak`` (Анна posts) — Анна's «Рыцарь» attacked, Борис defended «Вихрь» (4/3/3/2)
  with a counterattack and held: «Рыцарь» (2 time left after paying the attack) takes 3 counter
  damage; Анна says how much of it she pays with time (D7): 0, 1 or 2.
"""

from __future__ import annotations

from collections.abc import Callable

from letopis.engine.dice import Dice
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Attack, Defence
from rulesets.dice_roll_party.rules import effects
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.state import State
from tests.dice_roll_party.test_reader_support import (
    SEED,
    auction,
    base,
    build,
    defence,
    handicap,
    soak,
    turn,
)

NONE4 = (None, None, None, None)
TURN_MINE = ("3/4/2/3", "5/3/2/2", "0/6/0/6", "4/1/1/10")
TURN_THEIRS = ("3/4/2/3", "2/3/3/4", None, "3/3/3/3")
NO_TIME = ("0/4/2/6", "0/2/2/8", "0/6/0/6", "0/1/1/10")
VIHR_RICH = ("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3")
VIHR_POOR = ("3/4/2/3", "1/3/3/6", "5/2/1/4", "3/3/3/3")


def _dice(*values: int) -> Dice:
    return Dice(SEED, {i: (v, "test") for i, v in enumerate(values)})


def _build() -> tuple[State, str]:
    return build(), "p1"


def _auction_open() -> tuple[State, str]:
    return auction(), "p1"


def _auction_answer() -> tuple[State, str]:
    return auction(bid=2, leader="p2"), "p1"


def _handicap() -> tuple[State, str]:
    return handicap(3), "p1"


def _turn() -> tuple[State, str]:
    return turn("p1", mine=TURN_MINE, theirs=TURN_THEIRS, names=NONE4, their_names=NONE4,
                storage="6/2/8"), "p1"


def _turn_named() -> tuple[State, str]:
    return turn("p1"), "p1"


def _turn_first() -> tuple[State, str]:
    s = base()
    s.attacks_made = 0
    for p in s.players.values():
        p.attacks = 0
    effects.begin_turn(s, "p1", [])
    return s, "p1"


def _turn_cyclic() -> tuple[State, str]:
    return turn("p1", options=Options(turn_order="cyclic")), "p1"


def _turn_initiative() -> tuple[State, str]:
    return turn("p1", options=Options(turn_order="initiative")), "p1"


def _turn_no_time() -> tuple[State, str]:
    return turn("p1", mine=NO_TIME, storage="10/0/10"), "p1"


def _turn_zero_time() -> tuple[State, str]:
    return turn("p1", mine=NO_TIME, storage="10/10/10"), "p1"


def _turn_return() -> tuple[State, str]:
    return turn("p1", options=Options(allow_return_to_storage=True)), "p1"


def _turn_heavy() -> tuple[State, str]:
    return turn("p1", mine=("3/4/2/3", "1/2/2/7", "2/6/0/4", "4/0/2/6")), "p1"


def _turn_twins() -> tuple[State, str]:
    return turn("p1", mine=("3/4/2/3", "1/2/2/7", "0/6/0/6", "4/1/1/6"),
                names=("Рыцарь", "Страж", "Страж", "Лучница")), "p1"


def _turn_cyclic_third() -> tuple[State, str]:
    s = turn("p1", options=Options(turn_order="cyclic"))
    s.players["p1"].pointer = 3
    return s, "p1"


def _aspects() -> tuple[State, str]:
    return turn("p1", options=Options(aspects=True, aspect_gated_boosts=True)), "p1"


def _defence() -> tuple[State, str]:
    return defence(theirs=VIHR_RICH), "p2"


def _defence_poor() -> tuple[State, str]:
    return defence(theirs=VIHR_POOR), "p2"


def _soak() -> tuple[State, str]:
    return soak(), "p2"


def _counter_soak() -> tuple[State, str]:
    s = defence(attack=Attack(attacker=1, target=2), roll=2, theirs=VIHR_RICH)
    out = apply(s, "p2", [Defence(counter=True)], _dice(8, 8))
    st = out.state
    assert st.phase == "soak" and st.soak is not None and st.soak.faction == "p1", [e.text for e in out.events]
    return st, "p1"


SCENES: dict[str, Callable[[], tuple[State, str]]] = {
    "build": _build,
    "auction_open": _auction_open,
    "auction_answer": _auction_answer,
    "handicap": _handicap,
    "turn": _turn,
    "turn_named": _turn_named,
    "turn_first": _turn_first,
    "turn_cyclic": _turn_cyclic,
    "turn_initiative": _turn_initiative,
    "turn_no_time": _turn_no_time,
    "turn_zero_time": _turn_zero_time,
    "turn_return": _turn_return,
    "turn_heavy": _turn_heavy,
    "turn_twins": _turn_twins,
    "turn_cyclic_third": _turn_cyclic_third,
    "aspects": _aspects,
    "defence": _defence,
    "defence_poor": _defence_poor,
    "soak": _soak,
    "counter_soak": _counter_soak,
}
