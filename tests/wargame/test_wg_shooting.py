"""Shooting: to-hit dice, the rulebook's [6, 1] and [5, 2] cases, strays, dodges, machines."""

from __future__ import annotations

from wg_support import FixedDice, answer, fight_ready, put, texts

from rulesets.wargame.battle.engine import run
from rulesets.wargame.orders import Shoot, Stray
from rulesets.wargame.rules.shooting import (
    check_shot,
    classify,
    dodge_dice,
    stray_candidates,
    to_hit,
    weapon_of,
)
from rulesets.wargame.state import PostRun


def shoot(s, order, dice):
    s.phase = "shooting"
    s.active = 0
    s.stack.append(PostRun(faction=order.figure.split(":")[0], orders=[order.model_dump(mode="json")]))
    out = []
    run(s, dice, out)
    return out


def test_rulebook_cases_6_1_and_5_2_WG_VSHOT_07():
    """WG-VSHOT-07, WG-VSHOT-03, WG-VSHOT-04, WG-VSHOT-06, WG-DEF-SHOOT-04, WG-DEF-SHOOT-07: [6, 1]
    hits; in cover [5, 3] is a clean miss and [5, 2] a stray."""
    assert classify([6, 1], False, True) == "hit"
    assert classify([5, 3], True, True) == "miss"
    assert classify([5, 2], True, True) == "stray"
    assert classify([4, 3], False, True) == "miss"
    assert classify([2], False, False) == "miss"  # strays only when the target is in melee (WG-VSHOT-01)


def test_to_hit_modifiers_WG_DEF_SHOOT_05():
    """WG-VSHOT-02, WG-DEF-SHOOT-05, WG-DEF-SHOOT-06, WG-DEF-SHOOT-08, WG-DEF-SHOOT-09: long range −1,
    moved −1, big target +1, at least 1 die."""
    s = fight_ready()
    archer = s.figures[put(s, "p1:archer-1", 2, 2)]
    orc = s.figures[put(s, "p2:orc-1", 2, 8)]
    w = weapon_of(s, archer, None)
    assert to_hit(s, archer, w, orc)[0] == 1  # 2 − 1 (6 > 8 // 2)
    archer.moved = True
    assert to_hit(s, archer, w, orc)[0] == 1  # 2 − 1 − 1 → at least 1
    dragon = s.figures[put(s, "p2:dragon", 2, 4)]
    assert to_hit(s, archer, w, dragon)[0] == 2  # 2 − 1 (moved) + 1 (big)


def test_shot_legality_WG_DEF_SHOOT_03():
    """WG-DEF-SHOOT-01, WG-DEF-SHOOT-02, WG-DEF-SHOOT-03, WG-GAP-29, WG-MACH-02: range, minimum
    range, own targets, once per phase, no shooting from melee, a moved machine does not fire."""
    s = fight_ready()
    cat = s.figures[put(s, "p1:catapult", 5, 2)]
    orc = s.figures[put(s, "p2:orc-1", 5, 4)]
    assert check_shot(s, cat, None, orc).code == "shot.min_range"
    cat.cell, orc.cell = (5, 1), (5, 16)
    assert check_shot(s, cat, None, orc).code == "shot.range"
    cat.cell, orc.cell = (5, 2), (5, 10)
    assert check_shot(s, cat, None, orc) is None
    cat.moved = True
    assert check_shot(s, cat, None, orc).clause == "WG-DEF-SHOOT-02"
    archer = s.figures[put(s, "p1:archer-1", 8, 8)]
    put(s, "p2:orc-2", 8, 9)
    assert check_shot(s, archer, None, orc).clause == "WG-GAP-29"
    assert check_shot(s, archer, "cannon", orc).clause == "WG-MACH-02"
    archer.cell = (8, 4)
    assert check_shot(s, archer, None, s.figures["p1:catapult"]).code == "shot.own_target"
    archer.fired.append("bow")
    assert check_shot(s, archer, None, orc).code == "shot.fired"


def test_machine_weapons_are_separate_WG_MACH_03(tmp_path):
    """WG-MACH-01, WG-MACH-03, WG-MACH-04, WG-DEF-SHOOT-12, WG-GAP-04: a machine with two guns (a
    GM's army file) fires each separately with its own dice; real guns use their virtual profile."""
    from rulesets.wargame.data import DATA_DIR
    text = (DATA_DIR / "kingdom.toml").read_text(encoding="utf-8").replace(
        'weapons = [{ key = "catapult", name = "Катапульта", dice = 2, range = 14, min_range = 3, real = true }]',
        'weapons = [{ key = "a", name = "Пушка А", dice = 2, range = 14, real = true }, '
        '{ key = "b", name = "Пушка Б", dice = 1, range = 14, real = true }]')
    path = tmp_path / "unl.toml"
    path.write_text(text, encoding="utf-8")
    s = fight_ready(armies=(str(path), "horde.toml"))
    put(s, "p1:catapult", 5, 2)
    put(s, "p2:orc-1", 5, 8)
    put(s, "p2:orc-2", 9, 8)
    cat = s.figures["p1:catapult"]
    assert check_shot(s, cat, None, s.figures["p2:orc-1"]).code == "shot.which_weapon"
    ev = shoot(s, Shoot(figure="p1:catapult", target="p2:orc-1", weapon="a"), FixedDice([3, 4]))
    ev += shoot(s, Shoot(figure="p1:catapult", target="p2:orc-2", weapon="b"), FixedDice([3]))
    assert "Пушка А: 2 кубика" in texts(ev) and "Пушка Б: 1 кубик" in texts(ev) and cat.fired == ["a", "b"]


def test_real_shooting_entered_by_gm_WG_GAP_04():
    """WG-GAP-04: with `real_shooting = gm_entered` the server rolls nothing."""
    s = fight_ready(real_shooting="gm_entered")
    put(s, "p1:catapult", 5, 2)
    put(s, "p2:orc-1", 5, 8)
    ev = shoot(s, Shoot(figure="p1:catapult", target="p2:orc-1"), FixedDice([]))
    assert "результат вносит мастер" in texts(ev) and all(not e.rolls for e in ev)


def test_hit_and_damage_roll_WG_DEF_SHOOT_10():
    """WG-DEF-SHOOT-10, WG-DEF-SHOOT-13, WG-DEF-SHOOT-11: a hit, then one damage die on the table."""
    s = fight_ready()
    put(s, "p1:archer-1", 5, 2)
    put(s, "p2:orc-1", 5, 5)
    ev = shoot(s, Shoot(figure="p1:archer-1", target="p2:orc-1"), FixedDice([5, 1, 4]))
    assert "[5, 1] — попадание!" in texts(ev) and "Бросок на урон по орку №1: 4" in texts(ev)
    assert s.figures["p2:orc-1"].wounded


def test_stray_victim_chosen_by_target_owner_WG_VSHOT_05():
    """WG-VSHOT-05, WG-DEC-01, WG-GAP-07, WG-VSHOT-08, WG-SAVE-07, WG-GAP-37: a stray with two
    candidates next to the target is the target owner's choice; no dodge in melee."""
    s = fight_ready()
    put(s, "p1:archer-1", 5, 2)
    put(s, "p2:orc-1", 8, 8)
    put(s, "p1:swordsman-1", 7, 7)
    put(s, "p1:swordsman-2", 9, 7)
    put(s, "p2:orc-2", 8, 9)  # the target owner's own figure is never a candidate
    assert stray_candidates(s, s.figures["p1:archer-1"], s.figures["p2:orc-1"]) == ["p1:swordsman-1", "p1:swordsman-2"]
    ev = shoot(s, Shoot(figure="p1:archer-1", target="p2:orc-1"), FixedDice([2, 3]))
    assert "шальное попадание" in texts(ev) and s.pending.decision == "WG-DEC-01" and s.pending.faction == "p2"
    s, ev = answer(s, "p2", [Stray(victim="p1:swordsman-2")], FixedDice([6]))
    assert "задевает мечника №2" in texts(ev) and not s.figures["p1:swordsman-2"].alive
    assert "увернуться" not in texts(ev)


def test_dodge_and_step_WG_DODGE_01():
    """WG-DODGE-01, WG-DODGE-02, WG-DODGE-03, WG-DEC-05, WG-GAP-34, WG-GAP-08: a rider (2 bonus ОМ)
    dodges with 1 die; a 6 lets it step anywhere; wounded or in melee it cannot dodge."""
    s = fight_ready()
    put(s, "p1:archer-1", 5, 2)
    rider = s.figures[put(s, "p2:rider-1", 5, 5)]
    assert dodge_dice(s, rider) == 1
    ev = shoot(s, Shoot(figure="p1:archer-1", target="p2:rider-1"), FixedDice([6, 1, 6]))
    assert "увернулся" in texts(ev) and s.pending.decision == "WG-DEC-05"
    assert (4, 4) in s.pending.cells["p2:rider-1"]
    rider.wounded = True
    assert dodge_dice(s, rider) == 0
    rider.wounded = False
    put(s, "p1:swordsman-1", 5, 6)
    assert dodge_dice(s, rider) == 0
    s.options = s.options.model_copy(update={"dodge_in_melee": True})
    assert dodge_dice(s, rider) == 1
