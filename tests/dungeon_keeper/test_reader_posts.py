"""How a Dungeon Keeper post is laid out: unit blocks, action-point prefixes, several orders on a
line, archdemon orders anywhere, cells in every form, directions, and reading in post order.
"""

from __future__ import annotations

import pytest

from rulesets.dungeon_keeper import orders as o
from rulesets.dungeon_keeper.orders import Label

from .test_reader_support import codes, errors, one, read, rulebook_state, world

IMP1 = Label(kind="imp", number=1)


def imps(rock=((20, 21), (19, 21)), **kw):
    """Imps №1 (20-20) and №2 (12-12), бес №1 (25-25); rock on 20-21 and 19-21; gold on 21-21."""
    return world(units=[("p1", "imp", 1, (20, 20)), ("p1", "imp", 2, (12, 12)), ("p1", "bes", 1, (25, 25))],
                 rock=list(rock), mines=[("gold", (21, 21))], **kw)


# --- the rulebook's own example (DK-TURN-02, DK-MAP-04) -------------------------------------------
RULEBOOK = "1 ОД: передвигается с клетки 37-15 на 36-15. 2 ОД: копает золотую шахту на 35-14."
MEANT = [o.Move(unit="p1:i1", who=IMP1, ap=1, path=((36, 15),)),
         o.MineOrder(unit="p1:i1", who=IMP1, ap=1, cell=(35, 14), mine="gold")]


@pytest.mark.parametrize("post", [
    RULEBOOK,
    RULEBOOK.replace(". 2", ".\n2"),
    "Имп №1:\n" + RULEBOOK.replace(". 2", ".\n2"),
    "[b]Имп №1[/b]\n" + RULEBOOK,
    "Цитата из книги\n1 ОД: передвигается с клетки 37-15 на 36-15.\n2 ОД: копает золотую шахту на 35-14.",
])
def test_the_rulebook_example_post_reads_exactly_as_meant_DK_TURN_02(post):
    """The imp steps from 37-15 to 36-15 (only the row changes: row first, DK-MAP-04) and mines the
    gold mine on 35-14 with its second ОД — under a header or as the whole post of a single imp."""
    reading = read(post, rulebook_state())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert reading.orders == MEANT
    assert "DK-GAP-14" not in {p.clause for p in reading.problems}  # indices 1 and 2 match the count


def test_the_rulebook_example_names_the_unit_by_its_cell_among_many_DK_TURN_02():
    """With several imps, «с клетки 37-15» says which one moves; the next line goes on with it."""
    state = world(units=[("p1", "imp", 1, (10, 10)), ("p1", "imp", 2, (37, 15)), ("p1", "imp", 3, (30, 30))],
                  mines=[("gold", (35, 14))])
    reading = read(RULEBOOK, state)
    assert not errors(reading)
    assert [x.unit for x in reading.orders] == ["p1:i2", "p1:i2"]


# --- unit blocks and headers --------------------------------------------------------------------
@pytest.mark.parametrize("header", ["Имп №1:", "[b]Имп №1[/b]", "Имп 1 —", "имп # 1", "ИМП №1", "Импа №1:",
                                    "1-й имп:", "[u][b]Имп № 1:[/b][/u]"])
def test_a_header_names_the_unit_of_the_lines_below_DK_UNIT_07(header):
    reading = read(f"{header}\n1 ОД: вскапывает клетку 20-21\n2 ОД: вскапывает клетку 19-21", imps())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [(x.kind, x.unit, x.cell) for x in reading.orders] == [("dig", "p1:i1", (20, 21)), ("dig", "p1:i1", (19, 21))]
    assert reading.lines[0].summary.startswith("Имп №1 на 20-20")


def test_a_new_header_switches_the_unit_and_a_subject_overrides_it():
    post = "Имп №1:\n1 ОД: копает 20-21\nИмп №2:\nидёт на 13-13\nбес 1 идёт на 26-26\nидёт на 27-27"
    reading = read(post, imps())
    assert not errors(reading)
    assert [x.unit for x in reading.orders] == ["p1:i1", "p1:i2", "p1:m1", "p1:m1"]


def test_archdemon_orders_anywhere_do_not_break_a_unit_block_DK_GAP_34():
    state = imps(buildings=[("p1", "circle", (30, 30))], spells=["rage"])
    post = "Имп №1:\n1 ОД: копает 20-21\nПризываю беса\nНакладываю Ярость на беса №1\n2 ОД: копает 19-21"
    reading = read(post, state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.kind for x in reading.orders] == ["dig", "summon", "cast", "dig"]
    assert reading.orders[-1].unit == "p1:i1"


def test_headings_end_a_unit_block():
    reading = read("Имп №1:\n1 ОД: копает 20-21\nЗаклинания:\nидёт на 13-13", imps())
    assert "read.actor_ambiguous" in codes(reading)


# --- action points (DK-TURN-02/03, DK-GAP-14) ------------------------------------------------------
@pytest.mark.parametrize("prefix", ["1 ОД:", "1ОД:", "1 од -", "1од -", "ОД 1:", "1 ОД.", "1 оД —", "1) "])
def test_action_point_prefixes_DK_TURN_02(prefix):
    reading = read(f"Имп №1:\n{prefix} копает 20-21", imps())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert reading.orders[0].cell == (20, 21)
    assert "read.ap_index" not in codes(reading)


def test_an_index_that_skips_is_a_warning_not_an_error_DK_GAP_14():
    reading = read("Имп №1:\n2 ОД: копает 20-21", imps())
    assert not errors(reading)
    warning = next(p for p in reading.problems if p.code == "read.ap_index")
    assert warning.severity == "warning" and warning.clause == "DK-GAP-14"
    assert (warning.col_start, warning.col_end) == (0, 5)


def test_a_repeated_index_is_a_warning_DK_GAP_14():
    reading = read("Имп №1:\n1 ОД: копает 20-21\n1 ОД: копает 19-21", imps())
    assert [p.line for p in reading.problems if p.code == "read.ap_index"] == [3]


def test_a_range_prefix_is_a_count_for_repeatable_actions_DK_GAP_14():
    state = world(units=[("p1", "grasdir", 1, (30, 29))], buildings=[(None, "source", (30, 30), {"level": 2})])
    order = one(read("Грасдир №1:\n1-3 ОД: захватывает Источник Силы на 30-30", state))
    assert order.kind == "capture" and order.ap == 3


def test_a_range_that_does_not_match_a_fixed_cost_is_a_warning_DK_GAP_14():
    reading = read("Бес №1:\n1-2 ОД: идёт на 26-26", imps())
    assert not errors(reading)
    assert "read.ap_count" in codes(reading)


@pytest.mark.parametrize(("text", "ap"), [
    ("копает золотую шахту на 21-21 (2 ОД)", 2),
    ("тратит 2 ОД на добычу золота, шахта 21-21", 2),
    ("копает золотую шахту на 21-21 дважды", 2),
    ("копает золотую шахту на 21-21, 2 раза", 2),
    ("копает золотую шахту на 21-21, все ОД", 2),
    ("копает золотую шахту на 21-21, оставшиеся ОД", 2),
    ("копает золотую шахту на 21-21 два раза", 2),
    ("1-2 ОД: копает золотую шахту на 21-21", 2),
    ("копает золотую шахту на 21-21", 1),
])
def test_counts_of_action_points_DK_GAP_14(text, ap):
    order = one(read(f"Имп №1: {text}", imps()))
    assert (order.kind, order.ap) == ("mine", ap)


# --- several orders on one line -----------------------------------------------------------------------
@pytest.mark.parametrize("joiner", [", ", "; ", " затем ", " потом ", " и ", ". ", ", а потом "])
def test_several_orders_on_one_line(joiner):
    reading = read(f"Имп №1: копает 20-21{joiner}копает 19-21", imps())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.cell for x in reading.orders] == [(20, 21), (19, 21)]
    assert reading.lines[0].summary.count("вскапывает") == 2


def test_prefixes_inside_one_line():
    reading = read("Имп №1: 1 ОД: копает 20-21, 2 ОД: копает 19-21", imps())
    assert [x.cell for x in reading.orders] == [(20, 21), (19, 21)]
    assert "read.ap_index" not in codes(reading)


def test_a_piece_without_a_verb_continues_the_order_before_it():
    order = one(read("Бес №1: идёт на 26-26, затем на 27-27", imps()))
    assert order.path == ((26, 26), (27, 27))


# --- «копает»: mining a mine, digging anything else (checklist §3.1, DK-IMP-03/05) --------------------
@pytest.mark.parametrize(("text", "kind"), [
    ("копает 21-21", "mine"), ("копает 20-21", "dig"), ("копает шахту на 21-21", "mine"),
    ("копает золото", "mine"), ("копает золотую шахту", "mine"), ("копает вниз", "dig"),
])
def test_kopaet_is_mining_on_a_mine_and_digging_elsewhere_DK_IMP_03(text, kind):
    state = imps(rock=[(20, 21), (19, 21), (21, 20)])
    order = one(read(f"Имп №1: {text}", state))
    assert order.kind == kind
    if kind == "mine":
        assert order.cell == (21, 21) and order.mine == "gold"


# --- cells and directions (DK-MAP-04, DK-GAP-16) -----------------------------------------------------
@pytest.mark.parametrize("cell", ["21-20", "21–20", "21—20", "(21,20)", "(21; 20)", "21 20", "21 - 20"])
def test_a_cell_in_every_form_DK_MAP_04(cell):
    order = one(read(f"Имп №1: идёт на {cell}", imps()))
    assert order.path == ((21, 20),)


@pytest.mark.parametrize("chain", ["идёт 20-20 → 21-20 → 22-20", "идёт 20-20 -> 21-20 -> 22-20",
                                   "идёт 20-20 - 21-20 - 22-20", "идёт с клетки 20-20 на 21-20, затем на 22-20",
                                   "идёт на 21-20 → 22-20", "→ 21-20 → 22-20", "20-20 → 21-20 → 22-20",
                                   "ходит на 21-20, потом на 22-20"])
def test_multi_step_moves_DK_MOVE_01(chain):
    order = one(read(f"Имп №1: {chain}", imps()))
    assert order.path == ((21, 20), (22, 20)) and order.ap == 2


def test_row_comes_first_DK_MAP_04():
    """37-15 → 36-15 changes the vertical coordinate: row 36, column 15."""
    order = one(read("1 ОД: передвигается с клетки 37-15 на 36-15.", rulebook_state()))
    assert order.path == ((36, 15),)


@pytest.mark.parametrize(("word", "cell"), [
    ("вверх", (19, 20)), ("на север", (19, 20)), ("вниз", (21, 20)), ("на юг", (21, 20)), ("влево", (20, 19)),
    ("на запад", (20, 19)), ("вправо", (20, 21)), ("на восток", (20, 21)), ("вверх-влево", (19, 19)),
    ("на юго-восток", (21, 21)), ("в сторону 30-30", (21, 21)), ("вверх и вправо", (19, 21)),
    ("вниз влево", (21, 19)), ("по диагонали вверх-влево", (19, 19)), ("по диагонали вниз и вправо", (21, 21)),
])
def test_direction_words_DK_GAP_16(word, cell):
    """Row 1 is the north edge and column 1 the west edge: «вверх» is row − 1, «вправо» column + 1."""
    state = world(units=[("p1", "imp", 1, (20, 20))])
    order = one(read(f"Имп №1: идёт {word}", state))
    assert order.path == (cell,)


@pytest.mark.parametrize("word", ["по диагонали", "по диагонали вверх"])
def test_a_diagonal_must_say_which_DK_GAP_16(word):
    problem = errors(read(f"Имп №1: идёт {word}", world(units=[("p1", "imp", 1, (20, 20))])))[0]
    assert problem.code == "read.diagonal_which" and problem.kind == "ambiguous"


def test_a_stream_in_a_direction_word_or_towards_a_cell_DK_GAP_16():
    state = world(units=[("p1", "ifrit", 1, (20, 20))])
    assert one(read("ифрит: огненный поток вниз и влево", state)).direction == "SW"
    assert one(read("ифрит: огненный поток в сторону 20-22", state)).direction == "E"
    assert one(read("ифрит: огненный поток на север", state)).direction == "N"


def test_a_cell_outside_the_map_is_an_error_DK_GAP_16():
    reading = read("Имп №1: копает 46-3", imps())
    problem = errors(reading)[0]
    assert problem.code == "read.cell_outside" and problem.clause == "DK-GAP-16"
    assert reading.lines[0].text[problem.col_start:problem.col_end] == "46-3"


def test_a_far_target_gets_a_path_with_a_note_DK_MOVE_01():
    state = world(units=[("p1", "grasdir", 1, (14, 13))])
    reading = read("грасдир 1 перелетает на 14-16", state)
    assert reading.orders[0].path[-1] == (14, 16) and reading.orders[0].ap == 3
    assert "read.move_path_note" in codes(reading)


# --- in post order (DK-GAP-11) ----------------------------------------------------------------------
def test_a_later_line_sees_a_unit_moved_by_an_earlier_one_DK_GAP_11():
    reading = read("Имп №1: идёт на 21-20\nимп на 21-20 копает 21-21", imps())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [(x.kind, x.unit) for x in reading.orders] == [("move", "p1:i1"), ("mine", "p1:i1")]


def test_a_path_goes_through_a_cell_dug_earlier_in_the_post_DK_GAP_11():
    """20-21 is rock until the imp digs it; then the грасдир's path to it exists."""
    state = world(units=[("p1", "imp", 1, (20, 20)), ("p1", "grasdir", 1, (18, 20))], empty=[(17, 17, 22, 20)])
    before = read("Грасдир №1: идёт на 20-21", state)
    assert "read.move_no_path" in codes(before)
    reading = read("Имп №1: копает 20-21\nГрасдир №1: идёт на 20-21", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert reading.orders[1].path[-1] == (20, 21) and reading.orders[1].ap == 2


def test_a_unit_summoned_in_the_post_can_be_ordered_below_DK_GAP_31():
    state = imps(buildings=[("p1", "circle", (30, 30))])
    reading = read("Призываю беса на 30-31\nБес №2: идёт на 30-32", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert reading.orders[1].unit == "p1:m2"


def test_a_unit_upgraded_in_the_post_is_named_by_its_new_kind_DK_UPG_01():
    state = world(units=[("p1", "bes", 2, (20, 21)), ("p1", "bes", 1, (20, 22), {"hp": 1})],
                  buildings=[("p1", "source", (20, 20), {"level": 3})])
    reading = read("Бес №2 улучшается до жреца\nЖрец №2 лечит беса №1", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert reading.orders[1].ability == "heal" and reading.orders[1].unit == "p1:m2"


def test_again_repeats_the_order_before():
    """«ещё раз» alone repeats the line above (numerals in words, checklist §3.1)."""
    state = world(units=[("p1", "bes", 1, (25, 25)), ("p2", "bes", 1, (25, 26))])
    reading = read("Бес №1: атакует беса Лилит\nещё раз", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [(x.kind, x.target) for x in reading.orders] == [("attack", "p2:m1")] * 2


def test_lines_that_hang_on_an_earlier_roll_are_read_with_a_note_DK_GAP_11():
    """Orders for a unit taken by Подчинение are written after that line and read as conditional
    on the 50% roll (DK-GAP-60): accepted, with a note, never an error."""
    state = world(units=[("p1", "succubus", 1, (20, 20)), ("p2", "grasdir", 3, (20, 22))],
                  players=("Морган", "Ваал"))
    reading = read("суккуб подчиняет грасдира №3 Ваала\nГрасдир №3 (Ваал): идёт на 21-23\n"
                   "грасдир Ваала идёт на 22-23", state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [(x.kind, x.unit) for x in reading.orders] == [("ability", "p1:m1"), ("move", "p2:m3"), ("move", "p2:m3")]
    assert [p.line for p in reading.problems if p.clause == "DK-GAP-11"] == [2, 3]


def test_a_mixed_mid_game_post():
    """Blocks, several orders a line, abilities, archdemon orders and chatter in one post."""
    state = world(
        units=[("p1", "imp", 1, (20, 20)), ("p1", "imp", 2, (20, 24)), ("p1", "bes", 1, (25, 25)),
               ("p1", "grasdir", 2, (26, 27)), ("p1", "priest", 3, (27, 27), {"hp": 5}), ("p1", "ifrit", 4, (30, 30)),
               ("p1", "succubus", 5, (31, 31)), ("p2", "bes", 1, (25, 26)), ("p2", "kerub", 2, (33, 31)),
               ("p3", "imp", 1, (26, 28))],
        buildings=[("p1", "circle", (18, 18)), ("p1", "laboratory", (18, 20)), ("p1", "battle_tower", (24, 24)),
                   ("p1", "source", (28, 28), {"level": 3})],
        mines=[("gold", (21, 21)), ("iron", (19, 24))], objects=[("chest", (21, 25))], rock=[(20, 19)],
        players=("Морган", "Ваал", "Лилит"), store=["amulet"], spirits=2)
    post = """Ход 12. Привет всем!

[b]Импы[/b]
Имп №1: копает 20-19, потом добывает золото (21-21)
Имп №2 — 1 ОД: добывает железо на 19-24; 2 ОД: берёт сундук (21-25)

[b]Армия[/b]
Бес №1 бьёт беса Ваала
Грасдир 2 — атакует импа Лилит (26-28), затем отходит на 26-26
Жрец №3 подлечивает себя
Ифрит №4: 1-3 ОД — огненный поток вправо
Суккуб: зачаровывает керуба Ваала

Архидемон:
Призываю импа у круга
Лаборатория: 30 маны в 10 железа
Надеваю амулет на ифрита
Дух доблести → бесу №1
Боевая башня на 24-24: выстрел по бесу Ваала
Апгрейд источника до 4-го уровня
Конец хода."""
    reading = read(post, state)
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [x.kind for x in reading.orders] == [
        "dig", "mine", "mine", "pickup", "attack", "attack", "move", "ability", "ability", "ability", "summon",
        "alchemy", "equip", "spirit", "tower_shot", "upgrade_building", "end_turn"]
    assert reading.orders[7].target == "p1:m3"  # «подлечивает себя»


# --- issue 9: compound lines and past tense ------------------------------------------------------
def _pack():
    return world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p1", "imp", 3, (11, 10))],
                 rock=[(9, 10), (9, 11)], objects=[("chest", (11, 11)), ("crystal", (11, 9))])


@pytest.mark.parametrize(("line", "orders"), [
    ("Имп №2: вскопать 9-10 и 9-11", ["Имп №2: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]),
    ("Имп №2: 1-2 ОД — раскапывает 9-10, потом 9-11",
     ["Имп №2: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]),
    ("Имп №3 берёт сундук, а потом кристалл",
     ["Имп №3: подбирает Сундук с золотом на 11-11.", "Имп №3: подбирает Кристалл маны на 11-9."]),
])
def test_a_compound_line_gives_every_order_of_the_same_actor_DK_TURN_02(line, orders):
    reading = read(line, _pack())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert [o.to_text() for o in reading.orders] == orders


@pytest.mark.parametrize("line", ["Имп №2: вскопал 9-10", "Имп №2:\nвскопал 9-10", "Имп №2 прокопала 9-10"])
def test_a_past_tense_verb_after_a_unit_is_an_order_DK_TURN_02(line):
    reading = read(line, _pack())
    assert [o.to_text() for o in reading.orders] == ["Имп №2: вскапывает клетку 9-10."]


def test_a_clause_about_the_past_stays_a_story():
    reading = read("Имп №2: в прошлом ходу вскопал 9-10\nИмп №1: идёт на 10-8", _pack())
    assert [o.kind for o in reading.orders] == ["move"]


@pytest.mark.parametrize("post", [
    "Все импы идут на восток", "Импы №1, №2 и №3 идут на восток", ("Оба импа (№1 и №2) по очереди: имп №1 идёт на восток, "
    "имп №2 идёт на восток"), "Все импы:\nидут на восток",
])
def test_a_group_of_units_gives_one_order_each_DK_TURN_02(post):
    reading = read(post, _pack())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert {o.unit for o in reading.orders} >= {"p1:i1", "p1:i2"} and {o.kind for o in reading.orders} == {"move"}
