"""Orders as players write them with the verb left out, shortened or in the past tense, and the
specific clause an error names (issue 9, kinds 1, 3, 4, 5 and 10)."""

from __future__ import annotations

from letopis.engine.contract import LineStatus

from .test_reader_support import errors, line_errors, read, statuses, world


def texts(reading) -> list[str]:
    assert not errors(reading), [p.render() for p in reading.problems]
    return [o.to_text() for o in reading.orders]


def clauses(reading) -> set[str | None]:
    return {p.clause for p in line_errors(reading)}


def workers():
    return world(units=[("p1", "imp", 3, (12, 12)), ("p1", "imp", 4, (22, 30)),
                        ("p1", "imp", 5, (43, 43), {"runes": ["fire", "dark"]}), ("p1", "bes", 1, (30, 11)),
                        ("p1", "bes", 2, (30, 30)), ("p2", "imp", 1, (5, 5))],
                 buildings=[(None, "source", (30, 10), {"level": 2})],
                 objects=[("chest", (11, 11)), ("crystal", (13, 11)), ("artifact", (11, 12), "sword")])


def arch(runes: list[str] | None = None, **resources: int):
    return world(units=[("p1", "bes", 1, (39, 40)), ("p1", "grasdir", 3, (40, 42)), ("p1", "imp", 1, (43, 42)),
                        ("p2", "bes", 1, (30, 32)), ("p2", "kerub", 2, (20, 20))],
                 buildings=[("p1", "circle", (42, 42)), ("p1", "source", (40, 40), {"level": 3}), ("p1", "armoury", (42, 38)),
                            ("p1", "battle_tower", (30, 30))],
                 resources={"gold": 200, "mana": 100, "iron": 50, "taldear": 5, **resources},
                 spells=["rage", "healing"], runes=["fire"] if runes is None else runes)


# --- moves, DK-MOVE-01 / DK-GAP-16 ------------------------------------------------------------------
def test_a_direction_without_a_verb_is_a_move_DK_MOVE_01_DK_GAP_16():
    s = workers()
    assert texts(read("Имп №4: на восток", s)) == ["Имп №4: перемещается на 22-31."]
    assert texts(read("Бес №2: по диагонали вверх-влево", s)) == ["Бес №2: перемещается на 29-29."]
    assert texts(read("Бес №2 идёт вверх на 2 клетки", s)) == ["Бес №2: перемещается на 29-30 → 28-30."]


def test_a_cell_typed_with_a_colon_is_read_with_a_note_DK_MAP_04():
    r = read("Имп №4: идёт на 22:31", workers())
    assert texts(r) == ["Имп №4: перемещается на 22-31."]
    assert [p.code for p in r.problems] == ["read.read_as"]


def test_a_unit_put_on_a_cell_inside_chatter_is_a_move_and_its_own_cell_a_restatement_DK_MOVE_01():
    s = workers()
    r = read("Ну что, [b]Имп №4 — 22-31[/b], а дальше посмотрим ;)", s)
    assert texts(r) == ["Имп №4: перемещается на 22-31."]
    r = read("Ну что, Имп №4 — 22-30, а дальше посмотрим", s)
    assert statuses(r) == [LineStatus.FLAVOUR] and not line_errors(r)


# --- works, DK-IMP-06 / DK-BLD-03 / DK-OBJ-02 / DK-SRC-04 ----------------------------------------------
def test_a_building_and_a_free_cell_is_building_it_DK_IMP_06_DK_BLD_03():
    s = workers()
    assert texts(read("Имп №3: стена 13-12, затем стена 11-13", s)) == [
        "Имп №3: строит Стену на 13-12.", "Имп №3: строит Стену на 11-13."]
    assert texts(read("Имп №3: лаба на 11-13", s)) == ["Имп №3: строит Алхимическую лабораторию на 11-13."]
    assert texts(read("Имп №3: госпиталь → 13-12", s)) == ["Имп №3: строит Госпиталь на 13-12."]


def test_a_rune_with_the_altar_or_mana_and_no_verb_DK_OBJ_02_DK_GAP_49():
    r = read("Имп №5: 1 ОД — руну огня в алтарь, 2 ОД — руну тьмы на ману", workers())
    assert texts(r) == ["Имп №5: кладёт Руну Огня в Алтарь.", "Имп №5: обменивает Руну Тьмы на ману."]


def test_one_ap_said_for_a_capture_is_one_ap_DK_SRC_04_DK_GAP_36():
    r = read("Бес №1: 1 ОД: захват источника", workers())
    assert [o.ap for o in r.orders] == [1] and not errors(r)


def test_a_third_pickup_is_refused_not_dropped_DK_TURN_03():
    r = read("Имп №3: подбирает сундук, кристалл и меч", workers())
    assert len(r.orders) == 2
    assert "DK-TURN-03" in clauses(r)


# --- the archdemon, DK-BLD-07 / DK-UPG-01 / DK-SPELL-01 ------------------------------------------------
def test_the_archdemons_past_tense_is_his_order_DK_BLD_07_DK_SPELL_01():
    s = arch()
    assert texts(read("Призвал беса", s)) == ["Призываю беса."]
    assert texts(read("Наложил ярость на беса №1", s)) == ["Накладываю Ярость на беса №1."]
    r = read("Бес злобно атаковал врага в прошлом ходу", s)
    assert not r.orders and not line_errors(r)


def test_an_upgrade_by_arrow_or_by_becoming_DK_UPG_01():
    s = arch()
    assert texts(read("Бес №1 => жрец", s)) == ["Улучшаю беса №1 до жреца."]
    assert texts(read("Бес №1 становится огневиком", s)) == ["Улучшаю беса №1 до огневика."]


def test_a_missing_rune_is_named_in_a_sentence_that_reads_DK_UPG_04():
    (p,) = line_errors(read("Бес №1 становится огневиком", arch(runes=[])))
    assert p.clause == "DK-UPG-04" and p.message == "Для улучшения до огневика не хватает Руны Огня в Алтаре."


def test_a_spell_on_two_units_is_two_casts_DK_SPELL_01():
    s = world(units=[("p1", "bes", 1, (3, 3)), ("p1", "bes", 2, (5, 5))], spells=["rage"])
    assert texts(read("Ярость на беса №1 и беса №2", s)) == [
        "Накладываю Ярость на беса №1.", "Накладываю Ярость на беса №2."]


# --- abilities and second targets, DK-ABIL-06 / DK-ABIL-13 / DK-GAP-63 / DK-GAP-60 ------------------------
def test_an_ability_by_its_short_name_under_a_unit_and_chatter_without_one_DK_ABIL_06_DK_ABIL_13():
    s = world(units=[("p1", "ognevik", 3, (25, 25)), ("p1", "lich", 6, (35, 10)), ("p2", "grasdir", 3, (35, 12))])
    assert texts(read("Огневик №3 — дыхание", s)) == ["Огневик №3: дышит огнём."]
    assert texts(read("Лич №6 — облако на 35-12", s)) == ["Лич №6: насылает облако смерти на 35-12."]
    r = read("Облако пыли поднялось над пещерой", s)
    assert not r.orders and not line_errors(r)


def test_a_second_target_without_a_verb_DK_GAP_63():
    s = world(units=[("p1", "bes", 1, (20, 19)), ("p2", "bes", 1, (20, 20)), ("p2", "imp", 1, (21, 20))])
    assert texts(read("Бес №1 бьёт беса Лилит, затем импа Лилит", s)) == [
        "Бес №1: атакует беса №1 (Лилит) на 20-20.", "Бес №1: атакует импа №1 (Лилит) на 21-20."]


def test_a_header_with_a_remark_in_brackets_DK_GAP_60():
    s = world(units=[("p1", "succubus", 1, (10, 10)), ("p2", "bes", 2, (10, 12))])
    r = read("Суккуб №1: подчиняет беса Лилит\nБес №2 Лилит (если подчинится): 10-13", s)
    assert texts(r) == ["Суккуб №1: подчиняет беса №2 (Лилит) на 10-12.", "Бес №2 (Лилит): перемещается на 10-13."]


# --- the clause an error names, issue 9 kind 10 --------------------------------------------------------
def test_four_tower_shots_are_refused_by_DK_BLD_08_with_a_hint():
    r = read("Башня стреляет 4 раза", arch())
    (p,) = line_errors(r)
    assert p.clause == "DK-BLD-08" and "3" in p.message and p.hint and "30-30" in p.hint


def test_a_spell_on_a_building_is_refused_by_DK_BLD_02():
    (p,) = line_errors(read("Ярость на Алтарь", arch()))
    assert p.clause == "DK-BLD-02" and p.hint and "беса №1" in p.hint


def test_want_of_money_names_the_price_clause_DK_BLD_11_DK_ART_03():
    s = arch(gold=3, iron=0, taldear=0)
    assert clauses(read("Имп №1 строит стену на 43-41", s)) == {"DK-BLD-11"}
    assert clauses(read("Кую меч", s)) == {"DK-ART-03"}


def test_healing_an_enemy_names_DK_GAP_54():
    s = world(units=[("p1", "priest", 1, (20, 10)), ("p2", "imp", 3, (19, 9))])
    assert "DK-GAP-54" in clauses(read("Жрец №1 лечит импа №3 Лилит", s))


# --- hints that say what to write instead, issue 9 kind 10 ---------------------------------------------
def test_an_attack_out_of_reach_lists_whom_the_attacker_can_strike_DK_COMBAT_02_DK_COMBAT_04():
    s = world(units=[("p1", "bes", 1, (25, 25)), ("p1", "bes", 2, (30, 30)), ("p1", "angutei", 5, (18, 20)),
                     ("p2", "bes", 1, (25, 26)), ("p2", "imp", 1, (18, 23)), ("p2", "grasdir", 3, (18, 28))])
    (p,) = line_errors(read("Бес №1 атакует импа Лилит", s))
    assert p.clause == "DK-COMBAT-02" and p.hint == "отсюда бес №1 может ударить беса №1 (Лилит) на 25-26"
    (p,) = line_errors(read("Бес №2 атакует беса Лилит", s))
    assert p.hint == "отсюда бес №2 ударить некого: сначала подойдите к цели"
    (p,) = line_errors(read("Ангутей №5 стреляет в грасдира Лилит", s))
    assert p.clause == "DK-COMBAT-04" and p.hint == "отсюда ангутей №5 может ударить импа №1 (Лилит) на 18-23"


def test_an_ability_on_the_wrong_side_lists_the_units_in_reach_DK_GAP_54():
    s = world(units=[("p1", "priest", 1, (20, 10)), ("p1", "bes", 2, (20, 11)), ("p2", "imp", 3, (19, 9))])
    (p,) = line_errors(read("Жрец №1 лечит импа №3 Лилит", s))
    assert p.hint == "Лечение отсюда достанет до жреца №1 на 20-10, беса №2 на 20-11"


def test_a_move_with_no_path_names_what_blocks_it_DK_MOVE_01():
    s = world(units=[("p1", "imp", 1, (10, 10)), ("p2", "bes", 1, (10, 16))],
              rock=[(19, 19), (19, 20), (19, 21), (20, 19), (20, 21), (21, 19), (21, 20), (21, 21)])
    (p,) = line_errors(read("Имп №1 идёт на 10-16", s))
    # an enemy on the goal: the rule the checker names for that step (DK-UNIT-03), not DK-MOVE-01
    assert p.clause == "DK-UNIT-03" and p.hint == "Клетка 10-16 закрыта: на ней стоит бес №1 (Лилит)."
    (p,) = line_errors(read("Имп №1 идёт на 10-14", s))
    assert p.hint is not None and p.hint.startswith("Кратчайший путь — 4 шага (") and p.hint.endswith("например, до 8-12.")
    (p,) = line_errors(read("Имп №1 идёт на 20-20", s))
    assert p.hint is not None and p.hint.startswith("Все подходы к 20-20 закрыты: 19-19 (не вскопана)")
