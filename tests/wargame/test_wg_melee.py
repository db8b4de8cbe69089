"""The melee phase: participants, scores, the damage table, distribution, saves, withdrawal, and
the pauses for the loser's and owners' decisions."""

from __future__ import annotations

from wg_support import FixedDice, answer, fight_ready, melee_now, put, texts

from rulesets.wargame import default_orders, turn
from rulesets.wargame.orders import ByDice, Casualties, Decline, NoSave, Step, Withdraw
from rulesets.wargame.rules.damage import (
    band,
    check_allocation,
    default_lethal,
    fill_lesser,
    lethal_count,
    no_save_count,
    portion_effect,
    single_portion,
)
from rulesets.wargame.rules.participants import groups, participants
from rulesets.wargame.rules.scoring import score


def test_chain_versus_pyramid_WG_MELEE_03():
    """WG-MELEE-03, WG-DEF-MELEE-02, WG-GAP-15, WG-MELEE-02: a chain behind the front figure adds
    nobody (1 takes part); a pyramid packed behind two fighters adds its figures."""
    s = fight_ready()
    put(s, "p2:orc-1", 10, 10)
    put(s, "p1:swordsman-1", 10, 9)  # front, in contact
    put(s, "p1:swordsman-2", 10, 8)  # chain
    put(s, "p1:swordsman-3", 10, 7)
    put(s, "p1:swordsman-4", 10, 6)
    g = groups(s)[0]
    assert participants(s, g, ["p1", "p2"])["p1"] == ["p1:swordsman-1"]
    s2 = fight_ready()
    put(s2, "p2:orc-1", 10, 10)
    put(s2, "p1:swordsman-1", 9, 9)
    put(s2, "p1:swordsman-2", 10, 9)
    put(s2, "p1:swordsman-3", 11, 9)
    put(s2, "p1:swordsman-4", 10, 8)  # touches three fighters: pyramid
    put(s2, "p1:knight", 9, 8)  # touches two: joins too
    taking = participants(s2, groups(s2)[0], ["p1", "p2"])["p1"]
    assert set(taking) == {"p1:knight", "p1:swordsman-1", "p1:swordsman-2", "p1:swordsman-3", "p1:swordsman-4"}


def test_support_modes_WG_GAP_15():
    """WG-GAP-15: `contact_only` and `any_adjacent` change who supports."""
    for mode, expected in (("contact_only", 1), ("any_adjacent", 4)):
        s = fight_ready(support_mode=mode)
        put(s, "p2:orc-1", 10, 10)
        for i, y in enumerate((9, 8, 7, 6), 1):
            put(s, f"p1:swordsman-{i}", 10, y)
        assert len(participants(s, groups(s)[0], ["p1", "p2"])["p1"]) == expected


def test_contact_needs_levels_within_one_WG_DEF_MELEE_01():
    """WG-DEF-MELEE-01, WG-MELEE-01: adjacent figures of two sides fight; a tower figure and a
    ground figure next to it do not (2 levels), until a storm."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 12, 7)
    put(s, "p2:orc-1", 12, 8)  # tower
    assert groups(s) == []
    s.figures["p1:swordsman-1"].storming = True
    assert groups(s) == [["p1:swordsman-1", "p2:orc-1"]]


def test_scores_aura_height_wounds_WG_DEF_MELEE_04():
    """WG-DEF-MELEE-04, WG-MELEE-04, WG-MELEE-08, WG-GAP-31, WG-MELEE-07, WG-GAP-16, WG-MELEE-06,
    WG-GAP-11, WG-GAP-10: die + army list + aura (not for the commander) + height; a wounded figure
    halves the whole total, rounded up; the dragon rolls a die like everyone and adds +2."""
    s = fight_ready()
    knight = s.figures[put(s, "p1:knight", 4, 12)]  # on the hill
    sw = s.figures[put(s, "p1:swordsman-1", 5, 12)]  # on the hill
    orc = s.figures[put(s, "p2:orc-1", 4, 11)]
    own, enemies = [knight, sw], [orc]
    assert score(s, knight, 3, own, enemies).total == 2 * (3 + 1 + 1)  # +1 army, +1 height, no aura
    sc = score(s, sw, 3, own, enemies)
    assert dict(sc.parts) == {"аура": 2, "высота": 2} and sc.total == 10
    sw.wounded = True
    assert score(s, sw, 3, own, enemies).total == 2 * 3  # ceil(5 / 2)
    s2 = fight_ready(wounded_halving="separate")
    a = s2.figures[put(s2, "p1:knight", 8, 8)]
    b = s2.figures[put(s2, "p1:swordsman-1", 8, 7)]
    b.wounded = True
    e = s2.figures[put(s2, "p2:orc-1", 8, 9)]
    assert score(s2, b, 3, [a, b], [e]).total == 2 * 3  # WG-GAP-11: ceil(3/2) + ceil(1/2)
    dragon = s2.figures[put(s2, "p2:dragon", 9, 9)]
    assert score(s2, dragon, 4, [e, dragon], [a]).total == 2 * 6  # die + 2; no aura for the dragon


def test_damage_table_rows_WG_DMG_01():
    """WG-DMG-01, WG-DMG-02, WG-DMG-03, WG-DMG-04, WG-GAP-12, WG-DEF-DMG-02, WG-DEF-DMG-03, WG-GAP-14: the table's rows for a
    single loser of each kind, with half-points at the band edges."""
    s = fight_ready()
    w = s.figures["p2:orc-1"]
    assert [band(h) for h in (0, 1, 2, 3, 4, 5, 6, 9)] == ["0–0,5", "0–0,5", "1–1,5", "1–1,5", "2–2,5", "2–2,5",
                                                           "3 и более", "3 и более"]
    assert single_portion(s, w, 1) is None  # 0,5: unharmed
    assert single_portion(s, w, 3) == (False, 2)  # 1,5: wounded
    assert single_portion(s, w, 4) == (True, 4)  # 2: killed
    assert portion_effect(s, w, 2, False) == "ранен" and w.wounded
    assert portion_effect(s, w, 2, False) == "добит" and not w.alive  # a wounded warrior is finished off
    m = s.figures["p1:catapult"]
    assert [single_portion(s, m, h) for h in (1, 2, 4, 6)] == [None, (False, 2), (False, 4), (True, 6)]
    portion_effect(s, m, 4, False)
    assert m.units == 2 and m.alive
    portion_effect(s, m, 2, False)
    assert m.units == 3 and not m.alive  # capacity 3 (WG-DEF-DMG-03)
    d = s.figures["p2:dragon"]
    assert single_portion(s, d, 3) is None and single_portion(s, d, 4) == (False, 4) and single_portion(s, d, 6) == (True, 6)
    portion_effect(s, d, 4, False)
    assert d.wounded and d.lives == 2
    portion_effect(s, d, 4, False)  # wounded again: a life lost, the wound removed
    assert d.lives == 1 and not d.wounded
    portion_effect(s, d, 6, True)
    assert not d.alive


def test_worked_example_difference_5_three_warriors_WG_DMG_07():
    """WG-DMG-07, WG-DMG-05, WG-DEF-DMG-01: difference 5 against 3 warriors — 2 killed, 1 wounded."""
    s = fight_ready()
    figs = [s.figures[f] for f in ("p2:orc-1", "p2:orc-2", "p2:orc-3")]
    assert lethal_count(figs, 10) == 2
    lethal = default_lethal(s, figs, 10)
    assert len(lethal) == 2 and len(fill_lesser(s, figs, lethal, 10)) == 1


def test_mixed_sides_distribution_WG_GAP_13():
    """WG-GAP-13, WG-GAP-38, WG-DEF-DMG-01: a dragon's lethal portion is 3, a warrior's 2; the
    cheapest portions first by default; the loser may choose another legal allocation."""
    s = fight_ready()
    figs = [s.figures["p2:orc-1"], s.figures["p2:dragon"]]
    assert lethal_count(figs, 10) == 2  # 2 + 3 ≤ 5
    assert lethal_count(figs, 8) == 1  # 4 points: only one lethal portion fits
    assert default_lethal(s, figs, 8) == ["p2:orc-1"]
    assert fill_lesser(s, figs, ["p2:orc-1"], 8) == {"p2:dragon": 4}  # the rest 2: a dragon wound
    assert check_allocation(s, figs, 8, ["p2:dragon"], ["p2:orc-1"]) is None  # 3 on the dragon, 1 left: a wound
    assert check_allocation(s, figs, 8, ["p2:dragon"], []) == "dec.lesser"
    assert check_allocation(s, figs, 8, [], []) == "dec.lethal_count"


def test_no_save_count_worked_example_WG_SAVE_06():
    """WG-SAVE-06, WG-SAVE-04, WG-SAVE-03: five lose by 19 — 10 lethal, 9 left, two get no save;
    a single figure loses its save from a difference of 6."""
    assert no_save_count(38, 20) == 2
    assert no_save_count(11, 4) == 0 and no_save_count(12, 4) == 1


def _front(s):
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p1:swordsman-2", 9, 8)
    put(s, "p2:orc-1", 7, 9)
    put(s, "p2:orc-2", 8, 9)
    put(s, "p2:orc-3", 9, 9)


def test_melee_pauses_for_casualties_then_saves_WG_DEF_MELEE_07():
    """WG-DEF-MELEE-07, WG-DEC-02, WG-DMG-06, WG-DEF-DECIDE-01, WG-GAP-09: the loser of a melee
    with a choice is asked who dies and who is wounded; the deadline is the option's; his answer is
    applied, then saves are rolled (WG-SAVE-01) and the damage lands."""
    s = fight_ready(decision_deadline_hours=12)
    _front(s)
    # p1: knight 2 + 1, swordsmen 2 + 1 (aura) each = 9; p2: orcs 1 + 0,5 each = 4,5 → difference 4,5:
    # two lethal portions among three orcs, the loser chooses
    events = melee_now(s, FixedDice([2, 2, 2, 1, 1, 1]))
    assert "Разница 4,5 — проигрывает Борис" in texts(events)
    info = turn(s)
    assert s.pending.decision == "WG-DEC-02" and info.factions == ["p2"] and info.deadline_hours == 12
    assert s.pending.count == 2
    s, ev = answer(s, "p2", [Casualties(lethal=("p2:orc-1", "p2:orc-3"), lesser=())], FixedDice([1, 6]))
    assert "Борис распределяет урон по своему выбору" in texts(ev)
    assert "смертельный урон — орки №1 и №3" in texts(ev) and "Спас-бросок: орк №3 (броня 1) — [6]" in texts(ev)
    assert s.pending.decision == "WG-DEC-04"  # the saved orc may step before the damage lands
    s, ev = answer(s, "p2", default_orders(s, "p2"), FixedDice([]))
    assert not s.figures["p2:orc-1"].alive and s.figures["p2:orc-3"].alive


def test_default_casualties_are_random_with_dice_shown_WG_DEC_02():
    """WG-DEC-02, WG-DEF-RANDOM-01, WG-GAP-32: at the deadline the pick is random, lethal first,
    and its die is in the chronicle."""
    s = fight_ready()
    _front(s)
    melee_now(s, FixedDice([2, 2, 2, 1, 1, 1]))
    assert default_orders(s, "p2") == [ByDice()] and default_orders(s, "p1") == []
    s, ev = answer(s, "p2", [ByDice()], FixedDice([2, 1, 1, 1]))
    assert "Кубик решает, кто убит: [2, 1]." in texts(ev)
    assert "Распределение урона (4,5): смертельный урон — орки №1 и №2." in texts(ev)


def test_no_save_decision_and_save_step_WG_DEC_03():
    """WG-DEC-03, WG-SAVE-05, WG-GAP-26, WG-DEC-04, WG-SAVE-02, WG-DEF-STEP-01, WG-GAP-27: the loser
    names who gets no save; a saved figure's owner may step sideways to a cell not closer to the
    enemy."""
    s = fight_ready()
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p1:swordsman-2", 9, 8)
    put(s, "p1:swordsman-3", 10, 8)
    put(s, "p2:orc-1", 8, 9)
    put(s, "p2:orc-2", 9, 9)
    # p1: 3 + 1, then 2 + 1 (aura) × 3 = 13; p2: 1,5 × 2 = 3 → difference 10, lethal 4:
    # floor((10 − 4) / 4) = 1 figure without a save
    melee_now(s, FixedDice([3, 2, 2, 2, 1, 1]))
    p = s.pending
    assert p.decision == "WG-DEC-03" and p.count == 1 and p.figures == ["p2:orc-1", "p2:orc-2"]
    s, ev = answer(s, "p2", [NoSave(figures=("p2:orc-1",))], FixedDice([6]))
    assert "без спас-броска остаётся орк №1." in texts(ev) and "броня выдержала" in texts(ev)
    assert s.pending.decision == "WG-DEC-04"
    cells = s.pending.cells["p2:orc-2"]
    assert (9, 10) in cells and (8, 9) not in cells
    s, ev = answer(s, "p2", [Step(figure="p2:orc-2", cell=(10, 10))], FixedDice([]))
    assert s.figures["p2:orc-2"].cell == (10, 10) and not s.figures["p2:orc-1"].alive


def test_withdrawal_loser_first_WG_RETREAT_01():
    """WG-RETREAT-01, WG-DEF-RETREAT-01, WG-DEF-RETREAT-02, WG-GAP-17, WG-DEC-06: after a melee
    with survivors on both sides, the loser decides first, then the winner; the default is to stay."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 8, 8)
    put(s, "p2:orc-1", 8, 9)
    melee_now(s, FixedDice([3, 2]))  # 3 vs 2,5: difference 0,5, nobody harmed
    assert s.pending.decision == "WG-DEC-06" and s.pending.faction == "p2"
    assert (8, 10) in s.pending.cells["p2:orc-1"] and (8, 8) not in s.pending.cells["p2:orc-1"]
    s, _ = answer(s, "p2", [Withdraw(figure="p2:orc-1", cell=(8, 10))], FixedDice([]))
    assert s.figures["p2:orc-1"].cell == (8, 10)
    assert s.pending.decision == "WG-DEC-06" and s.pending.faction == "p1"
    assert default_orders(s, "p1") == [Decline(what="withdraw")]
    s, _ = answer(s, "p1", default_orders(s, "p1"), FixedDice([]))
    assert s.figures["p1:swordsman-1"].cell == (8, 8) and s.phase == "maneuver" and s.round == 2


def test_winner_never_takes_damage_and_tie_harms_nobody_WG_MELEE_05():
    """WG-MELEE-05: the lower total loses the difference; a tie harms nobody."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 8, 8)
    put(s, "p2:knight" if False else "p2:chief", 8, 9)
    ev = melee_now(s, FixedDice([2, 1]))  # 2 vs 1 + 1 = 2
    assert "Ничья — никто не пострадал" in texts(ev)
    assert s.figures["p1:swordsman-1"].alive and not s.figures["p1:swordsman-1"].wounded


def test_melee_order_in_phase_WG_DEF_MELEE_05():
    """WG-DEF-MELEE-05, WG-GAP-35, WG-DEF-MELEE-03: melees go by the earliest player, then the
    lowest row and column."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 20, 12)
    put(s, "p2:orc-1", 20, 13)
    put(s, "p1:swordsman-2", 3, 3)
    put(s, "p2:orc-2", 3, 4)
    assert groups(s) == [["p1:swordsman-2", "p2:orc-2"], ["p1:swordsman-1", "p2:orc-1"]]


def test_charge_fighters_sit_out_the_melee_phase_WG_DEF_MELEE_06():
    """WG-DEF-MELEE-06, WG-GAP-21: figures that fought a charge melee this round do not fight again
    in the melee phase (unless `charge_melee_repeats`)."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 8, 8, charge_fought=True)
    put(s, "p2:orc-1", 8, 9, charge_fought=True)
    ev = melee_now(s, FixedDice([]))
    assert "схваток нет" in texts(ev)
    s = fight_ready(charge_melee_repeats=True)
    put(s, "p1:swordsman-1", 8, 8, charge_fought=True)
    put(s, "p2:orc-1", 8, 9, charge_fought=True)
    assert "схваток — 1" in texts(melee_now(s, FixedDice([3, 3])))


def test_saves_only_for_warriors_and_mages_WG_GAP_25():
    """WG-GAP-25, WG-SAVE-07: machines and dragons have no armour save by default."""
    s = fight_ready()
    put(s, "p1:catapult", 8, 8)
    put(s, "p2:orc-1", 8, 9)
    ev = melee_now(s, FixedDice([1, 6]))  # 1 vs 6,5: 5,5 → 3 units, destroyed
    assert "Спас-бросок" not in texts(ev) and not s.figures["p1:catapult"].alive
