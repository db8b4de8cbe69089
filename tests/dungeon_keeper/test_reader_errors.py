"""What is wrong with a line is a Problem on that line: columns over what the player typed, a clause
ID, a Russian message and, where possible, a hint («может быть, «копает»?»). The rest of the post
still reads (DK-GAP-12), and a refused line changes nothing for the lines below it (DK-GAP-11).
"""

from __future__ import annotations

import re

import pytest

from .test_reader_support import errors, line_errors, read, world

CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def field():
    """Имп №1 on 20-20 beside rock (20-21); бес №1 on 25-25; Лилит's бес №1 far away on 30-30."""
    return world(units=[("p1", "imp", 1, (20, 20)), ("p1", "bes", 1, (25, 25)), ("p2", "bes", 1, (30, 30))],
                 rock=[(20, 21), (10, 10)], mines=[("gold", (21, 21))])


@pytest.mark.parametrize(("line", "clause_prefix"), [
    ("Имп №1: копает 10-10", "DK-IMP"),            # not next to the cell (DK-IMP-05/09)
    ("Бес №1: атакует беса Лилит", "DK-COMBAT"),    # not adjacent (DK-COMBAT-02)
    ("Бес №1: идёт на 20-21", "DK-"),              # rock cannot be entered (DK-MOVE-03)
    ("Бес №1: идёт на 26-26 → 27-27 → 28-28", "DK-TURN"),  # more steps than ОД (DK-TURN-03)
    ("Накладываю Ярость на беса №1", "DK-SPELL"),   # not researched (DK-SPELL-01)
])
def test_an_illegal_order_is_an_error_on_its_line_with_the_clause(line, clause_prefix):
    text = f"Всем привет!\n{line}\nУдачи!"
    reading = read(text, field())
    problem = errors(reading)[0]
    assert problem.line == 2 and problem.kind == "illegal"
    assert problem.clause and problem.clause.startswith(clause_prefix), problem.render()
    assert CYRILLIC.search(problem.message)
    assert 0 <= problem.col_start < problem.col_end <= len(line)
    assert reading.lines[1].status == "error" and reading.orders == []


def test_the_rest_of_the_post_still_reads_after_an_error_DK_GAP_12():
    reading = read("Имп №1: копает 10-10\nИмп №1: копает 20-21\nБес №1: идёт на 26-26", field())
    assert [p.line for p in errors(reading)] == [1]
    assert [x.kind for x in reading.orders] == ["dig", "move"]


def test_a_refused_line_changes_nothing_below_it_DK_GAP_11():
    """The бес cannot step into rock, so it still stands on 25-25 for the next line."""
    reading = read("Бес №1: идёт на 20-21\nбес на 25-25 идёт на 26-26", field())
    assert [p.line for p in errors(reading)] == [1]
    assert reading.orders[0].path == ((26, 26),)


def test_overspending_is_an_error_on_the_line_that_overspends_DK_GAP_14():
    reading = read("Имп №1:\n1 ОД: копает 20-21\n2 ОД: копает золотую шахту на 21-21\n3 ОД: идёт на 19-19", field())
    assert [p.line for p in errors(reading)] == [4]
    assert errors(reading)[0].clause == "DK-TURN-03"


# --- lines that cannot be read ------------------------------------------------------------------
@pytest.mark.parametrize(("line", "typo", "meant", "kind"), [
    ("Имп №1: передвигаеться на 19-19", "передвигаеться", "передвигается", "move"),
    ("Имп №1: капает 20-21", "капает", "копает", "dig"),
    ("Имп №1: вскапывет клетку 20-21", "вскапывет", "вскапывает", "dig"),
    ("Бес №1: атакуэт беса Лилит", "атакуэт", "атакует", "attack"),
])
def test_a_mistyped_verb_is_read_with_a_note_saying_how(line, typo, meant, kind):
    # issue 9, kind 5: a slip or a typo of a letter or two is read, never refused, never silent
    reading = read(line, field())
    # read as the order it meant: legal, or refused by the rules (never «непонятное слово»)
    assert [o.kind for o in reading.orders] == [kind] or all(p.kind == "illegal" for p in errors(reading))
    note = next(p for p in reading.problems if p.code == "read.read_as")
    assert note.severity == "note" and typo in note.message and meant in note.message
    assert line[note.col_start:note.col_end] == typo


@pytest.mark.parametrize(("line", "meant", "kind"), [
    ("гразлир идёт на 26-26", "грасдир", "move"),
    ("Бэс №1 идёт на 26-26", "бес", "move"),
    ("Призываю бэса", "беса", "summon"),
])
def test_a_mistyped_unit_kind_is_read_with_a_note(line, meant, kind):
    reading = read(line, world(units=[("p1", "imp", 1, (20, 20)), ("p1", "bes", 1, (25, 25)),
                                      ("p1", "grasdir", 2, (27, 27))]))
    assert [o.kind for o in reading.orders] == [kind] or all(p.kind == "illegal" for p in errors(reading))
    assert any(meant in p.message or meant in (p.hint or "") for p in reading.problems if not p.is_error)


def test_a_mistyped_kind_with_a_number_still_reads_with_a_warning():
    state = world(units=[("p1", "grasdir", 3, (25, 25))])
    reading = read("Гразлир №3: идёт на 26-26", state)
    assert not errors(reading)
    warning = next(p for p in reading.problems if p.code == "read.unreadable_word")
    assert warning.severity == "warning" and warning.hint == "может быть, «грасдир»?"


@pytest.mark.parametrize("line", ["Имп №1: 1 ОД: хм", "1 ОД: ...", "Имп №1: 2 ОД —"])
def test_a_line_that_looks_like_an_order_but_reads_as_nothing_is_an_error(line):
    problem = errors(read(line, field()))[0]
    assert problem.code == "read.unreadable" and problem.hint.startswith("например")


@pytest.mark.parametrize(("line", "code"), [
    ("Имп №1: идёт", "read.move_where"),
    ("Имп №1: строит на 19-19", "read.building_kind"),
    ("Имп №1: строит башню на 19-19", "read.tower_which"),
    ("Бес №1 атакует", "read.target_needed"),
    ("Накладываю Ярость", "read.spell_target"),
    ("Призываю", "read.summon_what"),
    ("Кую", "read.artifact_unknown"),
    ("Посылаю духа к бесу №1", "read.spirit_kind"),
    ("Перегоняю 31 маны в железо", "read.alchemy_multiple"),
    ("Перегоняю ману", "read.alchemy_what"),
    ("имп №1 использует руну огня", "read.rune_use"),
    ("Имп №1: копает 46-3", "read.cell_outside"),
])
def test_what_is_missing_is_said_with_an_example(line, code):
    reading = read(line, field())
    problem = errors(reading)[0]
    assert problem.code == code, problem.render()
    assert CYRILLIC.search(problem.message)


def test_which_use_of_a_rune_is_asked_DK_GAP_49():
    state = world(units=[("p1", "imp", 1, (20, 21), {"runes": ["fire"]})])
    problem = errors(read("имп №1 использует руну огня", state))[0]
    assert problem.kind == "ambiguous" and problem.clause == "DK-GAP-49"


def test_several_imps_and_no_name_is_ambiguous_with_the_candidates():
    reading = read("копает 20-21", world(units=[("p1", "imp", 1, (20, 20)), ("p1", "imp", 2, (19, 20)),
                                                ("p1", "imp", 3, (5, 5))]))
    problem = errors(reading)[0]
    assert problem.kind == "ambiguous" and "имп №1" in problem.hint and "имп №2" in problem.hint
    assert "имп №3" not in problem.hint  # only the imps next to the cell


def test_one_imp_next_to_the_cell_is_the_one_meant():
    reading = read("копает 20-21", world(units=[("p1", "imp", 1, (20, 20)), ("p1", "imp", 3, (5, 5))],
                                        rock=[(20, 21)]))
    assert not errors(reading) and reading.orders[0].unit == "p1:i1"


def test_not_your_turn_every_order_says_so_DK_TURN_01():
    reading = read("Бес №1: идёт на 31-31", field(), faction="p2")
    problem = errors(reading)[0]
    assert problem.clause == "DK-TURN-01" and problem.line == 1


def test_chatter_with_an_order_verb_is_flavour_but_a_bare_verb_is_an_error():
    assert not line_errors(read("Призываю всех к миру\nИду спать", field()))
    assert line_errors(read("Кую", field()))


def test_an_order_line_too_long_to_be_an_order_is_an_error_but_a_long_story_is_not():
    long_order = "Имп №1: копает 20-21, " + "и ещё немного копает, " * 30
    assert errors(read(long_order, field()))[0].code == "read.long_line"
    long_story = "Архидемон злобно хохочет, глядя на карту. " * 20
    assert not line_errors(read(long_story, field()))
