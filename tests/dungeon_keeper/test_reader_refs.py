"""Naming units in a post (checklist §3.1, DK-UNIT-07, DK-GAP-15): numbers in every spelling, own
kinds in any case, owners by name, enemies by cell, the Hero and the gnome, former kinds after an
upgrade, and what happens when a name fits none or several units.
"""

from __future__ import annotations

import pytest

from .test_reader_support import codes, errors, one, read, world

PLAYERS = ("Морган", "Ваал", "Лилит")


def army(**kw):
    """Морган (p1): имп №3 on 20-20, бес №2 on 21-21, керуб №1 on 22-22 (it was a грасдир, a бес before);
    Ваал (p2): бес №2 on 21-22, бес №3 on 30-30; Лилит (p3): бес №2 on 22-21, имп №1 on 22-23."""
    return world(units=[("p1", "imp", 3, (20, 20)), ("p1", "bes", 2, (21, 21)),
                        ("p1", "kerub", 1, (22, 22), {"history": ["bes", "grasdir"]}),
                        ("p2", "bes", 2, (21, 22)), ("p2", "bes", 3, (30, 30)),
                        ("p3", "bes", 2, (22, 21)), ("p3", "imp", 1, (22, 23))],
                 players=PLAYERS, rock=[(19, 20)], **kw)


@pytest.mark.parametrize("name", ["имп №3", "имп № 3", "имп #3", "имп 3", "Имп No3", "3-й имп", "третий имп",
                                  "импа №3", "ИМП №3", "мой имп", "имп", "юнит №3", "мой имп №3"])
def test_an_own_unit_in_every_spelling_DK_UNIT_07(name):
    order = one(read(f"{name} копает 19-20", army()))
    assert order.unit == "p1:i3"


@pytest.mark.parametrize("target", ["беса №2 Ваала", "беса №2 (Ваал)", "беса 2 Ваала", "вражеского беса на 21-22",
                                    "беса на 21-22", "беса №2 на 21-22"])
def test_an_enemy_unit_by_owner_or_by_cell_DK_GAP_15(target):
    order = one(read(f"Бес №2 атакует {target}", army()))
    assert (order.kind, order.target) == ("attack", "p2:m2")
    assert order.whom.owner == "Ваал"


def test_a_name_that_fits_several_units_is_ambiguous_with_the_candidates_DK_GAP_15():
    reading = read("Бес №2 атакует беса №2", army())
    problem = errors(reading)[0]
    assert problem.code == "read.unit_ambiguous" and problem.kind == "ambiguous" and problem.clause == "DK-GAP-15"
    assert "бес №2 (Ваал) на 21-22" in problem.hint and "бес №2 (Лилит) на 22-21" in problem.hint
    assert reading.lines[0].text[problem.col_start:problem.col_end] == "беса №2"


def test_a_bare_number_shared_by_two_sequences_is_ambiguous_DK_GAP_15():
    state = world(units=[("p1", "imp", 1, (20, 20)), ("p1", "bes", 1, (25, 25))])
    problem = errors(read("№1 идёт на 21-21", state))[0]
    assert problem.code == "read.unit_ambiguous"
    assert "имп №1" in problem.hint and "бес №1" in problem.hint and "вид юнита" in problem.hint


def test_a_unit_that_does_not_exist_is_named_with_the_ones_that_do_DK_GAP_15():
    reading = read("Имп №7: копает 19-20", army())
    problem = errors(reading)[0]
    assert problem.code == "read.unit_unknown" and problem.kind == "illegal"
    assert "имп №7" in problem.message and problem.hint == "есть: имп №3."


def test_a_former_kind_is_accepted_with_a_warning_DK_GAP_15():
    """A unit keeps its number through upgrades (бес №1 became грасдир, then керуб)."""
    reading = read("Бес №1: идёт на 23-22", army())
    assert not errors(reading)
    assert reading.orders[0].unit == "p1:m1"
    warning = next(p for p in reading.problems if p.code == "read.unit_former")
    assert warning.severity == "warning" and "керуб №1" in warning.message


def test_an_enemy_unit_cannot_be_given_orders():
    problem = errors(read("бес №3 Ваала идёт на 31-31", army()))[0]
    assert problem.clause in ("DK-GAP-15", "DK-GEN-06")
    problem = errors(read("Бес №3: идёт на 31-31", army()))[0]
    assert problem.code == "read.unit_not_yours" and problem.message.startswith("Бес №3 (Ваал) — не ваш")


def test_the_hero_and_the_gnome_are_named_by_kind():
    state = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "bes", 2, (22, 20)), (None, "hero", 0, (20, 21)),
                         (None, "gnome", 0, (21, 20))])
    reading = read("Бес №1 бьёт героя\nБес №2 бьёт гнома", state)
    assert [x.target for x in reading.orders] == ["hero", "gnome"]


def test_the_same_name_with_another_owner_is_another_unit():
    reading = read("Бес №2 атакует беса Ваала", army())
    assert errors(reading)[0].code == "read.unit_ambiguous"  # Ваал has бес №2 and бес №3
    assert one(read("Бес №2 атакует беса Лилит", army())).target == "p3:m2"


def test_a_unit_named_by_its_cell_only():
    order = one(read("имп на 20-20 копает 19-20", army()))
    assert order.unit == "p1:i3"


def test_a_cell_that_contradicts_the_unit_is_an_error():
    problem = errors(read("имп №3 на 25-25 копает 19-20", army()))[0]
    assert problem.code == "read.unit_cell_mismatch"


def test_an_own_kind_in_any_case():
    state = world(units=[("p1", "priest", 1, (20, 20)), ("p1", "kerub", 2, (20, 21), {"hp": 5}),
                         ("p1", "grasdir", 3, (20, 19), {"hp": 5})], spirits=1)
    reading = read("жрец лечит керуба\nПосылаю духа жизни грасдиру\nжрец: лечит грасдира №3", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [getattr(x, "target", None) or x.unit for x in reading.orders] == ["p1:m2", "p1:m3", "p1:m3"]


def test_a_subjugated_enemy_unit_takes_orders_with_its_owner_named():
    state = world(units=[("p2", "bes", 2, (20, 20))], players=PLAYERS)
    state.units["p2:m2"].controller = "p1"
    order = one(read("Бес №2 (Ваал): идёт на 20-21", state))
    assert order.unit == "p2:m2" and order.who.owner == "Ваал"


def test_a_subjugated_enemy_unit_under_a_header():
    state = world(units=[("p2", "bes", 2, (20, 20))], players=PLAYERS)
    state.units["p2:m2"].controller = "p1"
    reading = read("Бес №2 (Ваал):\n1 ОД: идёт на 20-21\n2 ОД: идёт на 20-22", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.unit for x in reading.orders] == ["p2:m2", "p2:m2"]


def test_owner_names_decline():
    state = world(units=[("p1", "bes", 1, (20, 20)), ("p2", "bes", 1, (20, 21)), ("p3", "bes", 1, (21, 20))],
                  players=("Морган", "Игорь", "Лилия"))
    reading = read("Бес №1 атакует беса Игоря\nБес №1 атакует беса Лилии", state)
    assert [x.target for x in reading.orders] == ["p2:m1", "p3:m1"]
    assert "read.unit_ambiguous" not in codes(reading)


@pytest.mark.parametrize("line", ["«Имп №1» идёт на 37-16", '"Имп 1" идёт на 37-16'])
def test_a_unit_named_in_quotes_is_still_the_unit_DK_GAP_15(line):
    from .test_reader_support import read, world

    reading = read(line, world(units=[("p1", "imp", 1, (37, 15)), ("p1", "imp", 2, (12, 12))]))
    assert [o.to_text() for o in reading.orders] == ["Имп №1: перемещается на 37-16."]
