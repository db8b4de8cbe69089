"""More habits of forum writing the Dungeon Keeper reader understands (the second strangers' round),
one mechanism per test. Each test uses its own lines (the phrasing corpora are written by others)."""

from __future__ import annotations

from rulesets.dungeon_keeper.reading.syntax import parse_line
from rulesets.dungeon_keeper.reading.words import scan

from .test_reader_support import errors, read, world


def texts(reading) -> list[str]:
    assert not errors(reading), [p.render() for p in reading.problems]
    return [o.to_text() for o in reading.orders]


def field():
    """Ваал's бес, imp and осадный зверь; Лилит's бес, керуб and осадный зверь; a gold mine."""
    return world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (10, 9)), ("p1", "siege_beast", 2, (30, 30)),
                        ("p2", "bes", 1, (20, 21)), ("p2", "kerub", 2, (31, 31)), ("p2", "siege_beast", 3, (21, 21))],
                 mines=[("gold", (10, 10))])


# --- names -----------------------------------------------------------------------------------------
def test_a_unit_named_by_two_words_is_named_by_its_noun_alone():
    assert {it.concept for it in scan("зверь зверя зверем звери")} == {"u_siege_beast"}
    assert texts(read("Зверь №2 идёт на 29-29", field())) == ["Осадный зверь №2: перемещается на 29-29."]
    assert texts(read("Бес №1 кусает зверя Лилит", field())) == ["Бес №1: атакует осадного зверя №3 (Лилит) на 21-21."]


def test_an_owner_named_before_the_number():
    assert texts(read("Бес №1 кусает беса Лилит №1", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Бес Ваала №1 бьёт беса Лилит №1", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_a_second_target_reads_the_same_every_time():
    """The line's clauses are cached: a second reading of the same post (at resolution) must not
    turn the second target of an attack into an attack of its own."""
    line = "Бес №1 кусает беса Лилит №1, а при рвении, если тот падёт, — зверя Лилит. Имп №1 копает золото."
    first, again = read(line, field()), read(line, field())
    assert [x.summary for x in again.lines] == [x.summary for x in first.lines]
    assert [p.code for p in again.problems] == [p.code for p in first.problems]
    assert "если погибнет — бьёт осадного зверя №3 (Лилит)" in first.lines[0].summary


# --- corrections -----------------------------------------------------------------------------------
def test_a_correction_replaces_the_order_before_it():
    assert texts(read("Бес №1 идёт на 19-19... нет, лучше на 19-20", field())) == ["Бес №1: перемещается на 19-20."]
    assert texts(read("Имп №1 идёт на 9-9, вернее на 11-9", field())) == ["Имп №1: перемещается на 11-9."]
    assert texts(read("Бес №1 кусает беса Лилит, хотя нет — зверя Лилит", field())) == [
        "Бес №1: атакует осадного зверя №3 (Лилит) на 21-21."]


def test_a_correction_keeps_what_it_does_not_replace():
    assert texts(read("Имп №1 строит стену на 9-10, нет, на 10-8", field())) == ["Имп №1: строит Стену на 10-8."]
    assert texts(read("Имп №1 строит стену на 9-10, нет, боевую башню", field())) == [
        "Имп №1: строит Боевую башню на 9-10."]


def test_a_correction_said_inside_a_clause():
    assert texts(read("Бес №1 идёт на 19-19 — нет, на 19-20", field())) == ["Бес №1: перемещается на 19-20."]
    assert read("Призываю беса, ой, импа", field()).lines[0].summary == "Призываю импа."


def test_no_is_a_correction_only_standing_alone():
    assert texts(read("Бес №1 идёт на 19-19, хотя нет смысла", field())) == ["Бес №1: перемещается на 19-19."]


# --- role-play verbs -------------------------------------------------------------------------------
def test_role_play_verbs_of_orders():
    from rulesets.dungeon_keeper.reading.words import scan as words

    got = {it.text: it.concept for it in words("соблазняет очаровывает тащит утащил выковывают апаю апнул")}
    assert got == {"соблазняет": "v_subjugate", "очаровывает": "v_subjugate", "тащит": "v_pickup",
                   "утащил": "v_pickup", "выковывают": "v_forge", "апаю": "v_upgrade", "апнул": "v_upgrade"}


def test_a_new_unit_coming_is_its_summoning_told_once():
    """«из пламени выходит новый имп»: a new unit that comes from nowhere in particular is summoned,
    by a verb the lexicon knows or one it does not; said after the summon itself, it is its story."""
    w = world(buildings=[("p1", "circle", (40, 40))], resources={"gold": 100, "mana": 50})
    for line in ("Из Круга вызова выходит новый бес", "Круг вспыхивает, из него вылезает новый бес"):
        assert read(line, w).lines[0].summary.startswith("призыв: бес ×1"), line
    assert [type(x).__name__ for x in read("Призываю беса. Из пламени выходит новый бес.", w).orders] == ["Summon"]
    assert not read("Новый бес хорош", w).orders


def test_an_act_spelt_out_after_a_colon_is_one_order():
    """«Бес №1 заходит сбоку: шаг на 19-19»: the same act after the colon says what the first one,
    which named nothing, acts on; two different acts after a colon stay two orders."""
    assert texts(read("Бес №1 заходит сбоку: шаг на 19-19.", field())) == ["Бес №1: перемещается на 19-19."]
    assert texts(read("Бес №1 нападает: удар по бесу Лилит", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_an_altar_not_said_whose_is_the_poster_s_own_only_for_a_rune():
    """«Бес №1: алтарь ×2» under a unit's name is an attack on an Altar the unit can hit, never left
    as chatter because the poster has an Altar of his own; «конец хода» after a list of such lines
    ends the turn and is no verb of theirs."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "bes", 2, (21, 20))],
              buildings=[("p1", "altar", (2, 2)), ("p2", "altar", (20, 21))])
    assert texts(read("Бес №1: алтарь ×2; бес №2: алтарь; конец хода", w)) == [
        "Бес №1: атакует Алтарь на 20-21 (2 ОД).", "Бес №2: атакует Алтарь на 20-21.", "Конец хода."]


def test_respectively_gives_each_unit_of_a_group_its_own_object():
    """«Импы №1 и №2 копают 9-10 и 9-11 соответственно»: the i-th unit takes the i-th cell or unit;
    without the word, or when the counts differ, each unit does the whole line."""
    w = world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11))], rock=[(9, 10), (9, 11)])
    assert texts(read("Импы №1 и №2 копают 9-10 и 9-11 соответственно", w)) == [
        "Имп №1: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]
    assert texts(read("Импы №1 и №2 идут на 11-9 и 11-11 по порядку", w)) == [
        "Имп №1: перемещается на 11-9.", "Имп №2: перемещается на 11-11."]
    assert errors(read("Импы №1 и №2 копают 9-10, 9-11 и 9-12 соответственно", w))


def test_a_count_said_after_the_target_counts_the_order_before():
    """«…, 2 выстрела», «…, два удара», «…, 2 раза»: how many times, said on its own after the order."""
    for tail in ("2 выстрела", "два удара", "2 раза."):
        assert texts(read(f"Бес №1 кусает беса Лилит, {tail}", field())) == [
            "Бес №1: атакует беса №1 (Лилит) на 20-21 (2 ОД)."], tail


def test_taking_off_poison_or_a_curse_is_cleansing():
    """DK-ABIL-05: «снимает яд», «снимает истощение» take off a curse (Очищение), not blessings."""
    w = world(units=[("p1", "priest", 1, (20, 20)), ("p1", "kerub", 2, (20, 21))])
    for line in ("Жрец №1 снимает яд с керуба №2", "Жрец №1 снимает с керуба №2 истощение"):
        assert texts(read(line, w)) == ["Жрец №1: очищает керуба №2 на 20-21."], line


def test_any_verb_said_not_done_makes_no_order():
    """«Башня не достаёт, ладно»: a verb the lexicon does not know, with «не», says what is not done —
    no tower shot; the order after it still stands."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p2", "bes", 1, (20, 21))],
              buildings=[("p1", "battle_tower", (22, 22))])
    got = read("Башня не достаёт, ладно.\nБес №1 стоит.", w)
    assert not got.orders and got.lines[0].status.value == "flavour" and not [p for p in got.problems if p.line == 1]
    assert texts(read("Бес №1 не успевает, кусает беса Лилит", w)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_mining_said_as_having_dug_some_ore_up():
    """«накопал золота», «нарыл железа»: the ore a unit got out of a mine is mining it."""
    w = world(units=[("p1", "imp", 1, (10, 9))], mines=[("gold", (10, 10))])
    for line in ("Имп №1 накопал золота в шахте 10-10", "Имп №1 нарыл золота в шахте 10-10"):
        assert texts(read(line, w)) == ["Имп №1: копает золотую шахту на 10-10."], line


def test_a_unit_and_a_cell_it_does_not_stand_on_is_a_move():
    """«Бес 1 на клетку 19 19» with no verb: the unit goes there; on its own cell it is where it
    stands, and with a verb the lexicon does not know it is no move."""
    assert texts(read("бес 1 на клетку 19 19", field())) == ["Бес №1: перемещается на 19-19."]
    assert texts(read("Бес №1 на 19-20", field())) == ["Бес №1: перемещается на 19-20."]
    assert not read("Бес №1 на 20-20", field()).orders
    assert errors(read("Бес №1 пляшет на 19-20", field()))


def test_a_tower_told_a_kind_of_which_one_is_in_reach_shoots_that_one():
    """«Башня — пиу по бесу Лилит» when Лилит has two: the one in the tower's reach; when both are
    (or neither is), it asks which."""
    far = world(units=[("p2", "bes", 1, (21, 21)), ("p2", "bes", 2, (2, 2))],
                buildings=[("p1", "battle_tower", (22, 22))])
    assert texts(read("Башня — пиу по бесу Лилит", far)) == ["Боевая башня на 22-22: стреляет по бесу №1 (Лилит)."]
    near = world(units=[("p2", "bes", 1, (21, 21)), ("p2", "bes", 2, (23, 23))],
                 buildings=[("p1", "battle_tower", (22, 22))])
    assert [p.code for p in errors(read("Башня стреляет по бесу Лилит", near))] == ["read.unit_ambiguous"]


def test_a_step_then_what_to_do_there_in_a_line_with_no_verb():
    """«Бес 1: 21-20, бес Лилит», «имп1 11-9, шахта 10-10»: a cell, then a unit or a mine, are two
    orders; two cells are one path."""
    assert texts(read("Бес 1: 21-20, бес Лилит", field())) == [
        "Бес №1: перемещается на 21-20.", "Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("имп1 11-9, шахта 10-10", field())) == [
        "Имп №1: перемещается на 11-9.", "Имп №1: копает золотую шахту на 10-10."]
    assert texts(read("Бес 1: 19-20, 19-19", field())) == ["Бес №1: перемещается на 19-20 → 19-19."]


def test_the_number_of_a_turn_is_nothing_to_act_on():
    """«Ход 5, копаем дальше»: the number after «ход» numbers the turn; it is no amount for the verb."""
    c = parse_line("всем привет! ход 5, копаем дальше").clauses[-1]
    assert not [p for p in c.parts if p.kind == "amount"]
    got = read("Всем привет! Ход 5, копаем дальше :)\nБес №1 стоит.", field())
    assert not [p for p in got.problems if p.line == 1]


def test_a_cell_after_a_colon_is_where_the_unit_goes_not_the_place_of_the_noun_before():
    """«Имп №1 прячется за госпиталем: 11-8»: hiding is going; the cell after the colon is the goal,
    not where a new Госпиталь would stand."""
    w = world(units=[("p1", "imp", 1, (10, 9))], buildings=[("p1", "hospital", (12, 9))])
    assert texts(read("Имп №1 прячется за госпиталем: 11-8.", w)) == ["Имп №1: перемещается на 11-8."]
    assert texts(read("Имп №1 укрывается за госпиталь: 11-8", w)) == ["Имп №1: перемещается на 11-8."]


def test_two_units_joined_by_and_inside_a_line_share_the_order_after_them():
    """«Имп №1 вскапывает 9-10, имп №2 и имп №3 добывают золото»: the unit before «и» does the order of
    the unit after it, not one more object of the order before."""
    w = world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p1", "imp", 3, (11, 11))],
              mines=[("gold", (10, 10))], rock=[(9, 10)])
    assert texts(read("Имп №1 вскапывает 9-10, имп №2 и имп №3 добывают золото", w)) == [
        "Имп №1: вскапывает клетку 9-10.", "Имп №2: копает золотую шахту на 10-10.",
        "Имп №3: копает золотую шахту на 10-10."]


# --- two objects of one order ----------------------------------------------------------------------
def test_two_spells_or_artifacts_listed_without_a_verb_are_two_orders():
    """Read as two orders (the world has neither spell learnt nor artifact forged: the summary shows
    what was read)."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "grasdir", 3, (20, 22))])
    assert read("Слабость и Порча на беса Лилит", field()).lines[0].summary == (
        "Накладываю Слабость на беса №1 (Лилит).; Накладываю Порчу на беса №1 (Лилит).")
    assert read("Даю меч и броню грасдиру №3", w).lines[0].summary == (
        "Надеваю Меч на грасдира №3.; Надеваю Броню на грасдира №3.")


def test_a_tower_told_to_shoot_a_building_is_refused_not_turned_on_the_nearest_enemy():
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p2", "bes", 1, (21, 21))],
              buildings=[("p1", "battle_tower", (22, 22)), ("p2", "hospital", (23, 23))])
    got = read("Башня стреляет в Госпиталь Лилит", w)
    assert not got.orders and [p.clause for p in errors(got)] == ["DK-BLD-08"]
    assert texts(read("Башня стреляет по бесу Лилит", w)) == ["Боевая башня на 22-22: стреляет по бесу №1 (Лилит)."]


# --- pronouns and «ещё раз» ------------------------------------------------------------------------
def test_a_pronoun_stands_for_what_the_order_before_acted_on():
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "grasdir", 3, (20, 22)), ("p2", "bes", 1, (20, 21))])
    assert read("Бес №1 кусает беса Лилит, затем ещё раз его", w).lines[0].summary.count("атакует") == 1
    upgraded = world(units=[("p1", "grasdir", 3, (20, 22))], buildings=[("p1", "source", (20, 23))],
                     resources={"gold": 100, "mana": 50})
    assert read("Улучшаю грасдира №3 до керуба и даю ему меч", upgraded).lines[0].summary.endswith(
        "Надеваю Меч на керуба №3.")  # the unit just upgraded is a керуб already
    assert read("Кую броню и надеваю её на беса №1", w).lines[0].summary == "Кую Броню.; Надеваю Броню на беса №1."


def test_a_condition_before_an_order_is_no_order_but_its_unit_is_what_a_pronoun_means():
    """«Если бес Лилит ещё стоит — бес №1 его бьёт»: the condition says when, and «его» is the unit
    it was about; a dash before a new subject with its verb starts a sentence of its own."""
    expected = ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    for line in ("Если бес Лилит ещё стоит — бес №1 его бьёт", "А если бес Лилит уцелеет, бес №1 добивает его",
                 "Твоему бесу конец, Лилит — мой бес №1 кусает его"):
        assert texts(read(line, field())) == expected, line
    assert read("Если хватит маны — призываю беса", field()).lines[0].summary == "Призываю беса."
    # a unit's own name before the dash says what it does; no new sentence
    assert texts(read("Бес №1 — бьёт беса Лилит", field())) == expected
    # the clause before a unit's own order keeps «его» for its object, not the acting unit itself
    assert errors(read("Бес №1 идёт на 19-19 и бьёт его", field()))


def test_a_unit_being_subjugated_takes_orders_by_its_kind_alone():
    """DK-GAP-11: orders to a rival's unit after a Подчинение of it are conditional; «бес» then names
    the unit the succubus charms, and with no Подчинение it is still not the poster's."""
    w = world(units=[("p1", "succubus", 1, (10, 10)), ("p2", "bes", 2, (10, 12)), ("p2", "imp", 1, (10, 14))])
    assert texts(read("Суккуб очаровывает беса №2 Лилит. Если выйдет — бес идёт на 10-13 и кусает импа", w)) == [
        "Суккуб №1: подчиняет беса №2 (Лилит) на 10-12.", "Бес №2 (Лилит): перемещается на 10-13.",
        "Бес №2 (Лилит): атакует импа №1 (Лилит) на 10-14."]
    assert [p.code for p in errors(read("Бес идёт на 10-13", w))] == ["read.unit_not_yours"]


def test_a_subject_pronoun_is_the_latest_unit_named_before_it():
    """«Накладываю Ярость на беса №1, и он кусает …»: «он» is the unit just acted on, not the unit the
    line before was about; with nothing acted on it is the unit that acted."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (10, 9)), ("p2", "bes", 1, (20, 21))],
              spells=["rage"])
    assert texts(read("Имп №1 идёт на 10-8.\nНакладываю Ярость на беса №1, и он кусает беса Лилит", w)) == [
        "Имп №1: перемещается на 10-8.", "Накладываю Ярость на беса №1.", "Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Бес №1 идёт на 19-20, затем он бьёт беса Лилит", w)) == [
        "Бес №1: перемещается на 19-20.", "Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_once_more_after_an_order_is_one_more_of_it():
    assert texts(read("Бес №1 кусает беса Лилит, а потом ещё раз", field())) == [
        "Бес №1: атакует беса №1 (Лилит) на 20-21 (2 ОД)."]
    assert texts(read("Бес №1 кусает беса Лилит, и если тот выживет — кусает ещё раз", field())) == [
        "Бес №1: атакует беса №1 (Лилит) на 20-21 (2 ОД)."]
    assert texts(read("Бес №1 ещё раз кусает беса Лилит", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_an_imp_told_an_ore_digs_it():
    """«Имп №1: золото, 2 ОД»: after a unit's name with a colon or a dash, an ore alone is its mine."""
    assert texts(read("Имп №1: золото, 2 ОД.", field())) == ["Имп №1: копает золотую шахту на 10-10 (2 ОД)."]
    assert texts(read("Имп №1 — золото ×2", field())) == ["Имп №1: копает золотую шахту на 10-10 (2 ОД)."]
    assert texts(read("Имп №1: золото", field())) == ["Имп №1: копает золотую шахту на 10-10."]


def test_a_line_that_only_opens_like_going_on_is_no_order():
    """«А.» (a signature), «И всё.» after an order name nothing to go on with: chatter."""
    for tail in ("А.", "И всё."):
        got = read(f"Призываю беса.\n{tail}", field())
        assert got.lines[1].status.value == "flavour"
        assert not [p for p in got.problems if p.line == 2]


def test_what_a_unit_looks_at_while_doing_something_is_no_target():
    got = read("Бес №1 злобно ухмыляется, глядя на беса Лилит.", field())
    assert not got.orders and got.lines[0].status.value == "flavour"
    assert texts(read("Бес №1, поглядывая на зверя Лилит, идёт на 19-19", field())) == ["Бес №1: перемещается на 19-19."]
    assert texts(read("Бес №1 бьёт, целясь в беса Лилит", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_a_resource_is_nothing_to_build_or_summon():
    """«Золота полно, пора строить армию»: talk about the treasury, not an order with its object missing."""
    for line in ("Золота полно, пора строить армию", "Маны много — призываю армию!"):
        got = read(line, field())
        assert got.lines[0].status.value == "flavour", line
        assert [p.code for p in got.problems] == ["post.no_orders"], line


def test_an_altar_or_a_source_is_refused_under_its_own_rule():
    for line, clause in (("Имп №1 строит Алтарь на 9-10", "DK-BLD-04"), ("Имп №1 строит Источник Силы на 9-10", "DK-SRC-03")):
        assert [p.clause for p in errors(read(line, field()))] == [clause], line


def test_an_ability_said_twice_is_used_twice_and_checked_against_the_units_ap():
    w = world(units=[("p1", "ognevik", 1, (20, 20)), ("p1", "ifrit", 2, (10, 10))])
    assert texts(read("Огневик №1 дважды дышит огнём", w)) == ["Огневик №1: дышит огнём.", "Огневик №1: дышит огнём."]
    got = read("Ифрит №2 два раза пускает огненный поток вправо", w)
    assert [p.clause for p in errors(got)] == ["DK-TURN-03"]  # 3 ОД each: the second has none left


def test_an_ordinal_after_the_noun_in_its_case_is_the_number():
    assert texts(read("Бес первый идёт на 19-19", field())) == ["Бес №1: перемещается на 19-19."]
    assert texts(read("Зверь второй идёт на 29-29", field())) == ["Осадный зверь №2: перемещается на 29-29."]
    two = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "bes", 2, (22, 22))])
    assert texts(read("Бес второй идёт на 22-23", two)) == ["Бес №2: перемещается на 22-23."]
    assert errors(read("Бес первым идёт на 22-23", two))  # «first», not «№1»: which бес is not said


def test_a_count_of_action_points_with_a_remark_after_a_dash_belongs_to_the_order_before():
    """«…, 2 ОД — добиваем»: the count is the order's, the remark (nothing named, the player's own
    first-person verb) is chatter; a unit's verb or a named thing after the dash is an order of its own."""
    w = world(units=[("p1", "grasdir", 2, (29, 30)), ("p1", "imp", 1, (10, 9))],
              buildings=[("p2", "source", (30, 30))], mines=[("gold", (10, 10))])
    assert texts(read("Грасдир №2 захватывает источник, 2 ОД — дожимаем до конца", w)) == [
        "Грасдир №2: захватывает Источник Силы на 30-30 (2 ОД)."]
    assert texts(read("Имп №1 копает золото, 2 ОД - пусть работает", w)) == [
        "Имп №1: копает золотую шахту на 10-10 (2 ОД)."]
    assert texts(read("Имп №1: идёт на 11-9, 2 ОД — копает золото", w)) == [
        "Имп №1: перемещается на 11-9.", "Имп №1: копает золотую шахту на 10-10."]


def test_a_building_struck_against_or_spoken_of_is_no_target():
    """«разбивает кубок о стену»: a building after «о/об» is what something is struck against (or
    spoken of), not a building to attack; said as the target («бьёт по стене») it still is one."""
    w = world(units=[("p1", "imp", 1, (10, 9))], buildings=[(None, "wall", (11, 9))])
    lines = read("Ваал в ярости бьёт чашу об алтарь.\nИмп №1 идёт на 10-8.", w)
    assert texts(lines) == ["Имп №1: перемещается на 10-8."]
    assert texts(read("Имп №1 бьёт по стене", w)) == ["Имп №1: атакует Стену на 11-9."]


def test_a_cell_after_the_unit_a_unit_runs_from_is_where_it_goes():
    """«удирает от беса Лилит на 21-19»: the «на» cell after what a unit moves away from is its
    destination, not where that one stands; after a target it still says where the target is."""
    assert texts(read("Бес №1 удирает от беса Лилит на 19-19", field())) == ["Бес №1: перемещается на 19-19."]
    assert texts(read("Имп №1 отступает от зверя Лилит на 10-8", field())) == ["Имп №1: перемещается на 10-8."]
    assert texts(read("Бес №1 кусает беса Лилит на 20-21", field())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_a_rivals_unit_said_to_him_with_no_order_is_talk():
    """«Лилит, твой керуб — не жилец»: «твой/ваш» marks the addressee's unit; with nothing else named
    it is talk about it, not an order to it; as a target it is a rival's unit to hit."""
    post = read("Лилит, твой керуб — не жилец :evil:\nБес №1 кусает твоего беса, Лилит", field())
    assert texts(post) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_going_into_a_building_is_going_beside_it():
    """«ползёт в госпиталь»: no unit stands inside a building, so «в» a building is where it heads,
    like «к»."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (10, 9))],
              buildings=[("p1", "hospital", (20, 23)), ("p1", "laboratory", (10, 11))])
    assert texts(read("Бес №1 ползёт в госпиталь", w))[0].endswith("→ 20-22.")
    assert texts(read("Имп №1 бежит в лабораторию", w)) == ["Имп №1: перемещается на 10-10."]


def test_a_purpose_after_an_order_is_no_order_of_its_own():
    """«…, пусть порча спадёт», «…, чтобы ярость не кончилась»: a piece opening with «пусть/чтобы»
    that names no unit, place or building and says no order is why the order is given; one that
    says an order («чтобы копать золото») is still read."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (10, 9))], mines=[("gold", (10, 10))],
              resources={"mana": 50}, spells=["rage", "dispel"])
    assert texts(read("Кастую Ярость на беса №1, чтобы ярость не кончилась", w)) == ["Накладываю Ярость на беса №1."]
    assert texts(read("Накладываю Ярость на беса №1, пусть злость копится", w)) == ["Накладываю Ярость на беса №1."]
    assert texts(read("Имп №1 идёт на 11-9, чтобы копать золото", w)) == [
        "Имп №1: перемещается на 11-9.", "Имп №1: копает золотую шахту на 10-10."]


def test_a_rune_named_without_its_school_is_found_among_those_the_unit_carries():
    """«обе руны в алтарь» puts in each rune the unit carries; «ветка тьмы — руну в алтарь» names the
    school apart from the rune; a bare «руну» with two carried is still a question (DK-GAP-49)."""
    w = world(units=[("p1", "imp", 1, (10, 9), {"runes": ["fire", "dark"]})], buildings=[("p1", "altar", (10, 10))])
    assert texts(read("Имп №1 вставляет обе руны в алтарь", w)) == [
        "Имп №1: кладёт Руну Огня в Алтарь.", "Имп №1: кладёт Руну Тьмы в Алтарь."]
    assert texts(read("Имп №1: ветка тьмы, руну в алтарь", w)) == ["Имп №1: кладёт Руну Тьмы в Алтарь."]
    assert [p.clause for p in errors(read("Имп №1 кладёт руну в алтарь", w))] == ["DK-GAP-49"]


def test_a_line_ability_aimed_at_units_goes_the_way_they_lie():
    """«жарит потоком огня импов Лилит»: with no direction said, the stream goes the one way the
    named rival units lie in a line from the caster (one off every line is no help); none in a line,
    the direction is still asked for."""
    w = world(units=[("p1", "ifrit", 1, (20, 20)), ("p2", "imp", 1, (20, 22)), ("p2", "imp", 2, (20, 23)),
                     ("p2", "imp", 3, (5, 9)), ("p2", "bes", 1, (25, 27))])
    assert texts(read("Ифрит №1 жарит потоком огня импов Лилит", w)) == ["Ифрит №1: пускает огненный поток вправо."]
    assert errors(read("Ифрит №1 пускает огненный поток в беса Лилит", w))


def test_a_number_alone_after_a_word_of_sequence_is_the_order_again():
    """«Улучшаю Источник до 4-го уровня, а затем до 5-го»: a piece after «затем/потом» saying only a
    number is the same order once more with that number (here refused: one upgrade a turn, DK-UPG-06)."""
    w = world(buildings=[("p1", "source", (20, 23), {"level": 3})], resources={"gold": 900, "mana": 90})
    post = read("Улучшаю Источник на 20-23 до 4-го уровня, а затем до 5-го", w)
    assert [p.clause for p in errors(post)] == ["DK-UPG-06"]
    assert post.lines[0].summary.count("Улучшаю Источник") == 2


def test_moving_up_behind_another_is_a_move():
    """«подтягивается за ним на 19-19 и 20-20»: moving up is a move; its cells are the path, not where
    the unit stands."""
    assert texts(read("Бес №1 подтягивается на 19-19 и 18-18", field())) == ["Бес №1: перемещается на 19-19 → 18-18."]


def test_a_new_sentence_with_a_verb_of_its_own_does_not_take_the_order_before():
    """«Бес №1 кусает беса Лилит. Имп №1 остаётся прикрывать фланг.»: the second sentence has its own
    verb (one that is no order), so it is not a second attack."""
    post = read("Бес №1 кусает беса Лилит. Имп №1 остаётся прикрывать фланг.", field())
    assert texts(post) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_a_unit_alone_before_dalshe_is_the_subject_of_the_verb_after():
    """«…, а имп №1 дальше копает золото»: «дальше» between a unit and its verb does not cut the
    unit off (it would be left alone and the verb given to nobody)."""
    w = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (11, 11))],
              mines=[("gold", (10, 10))])
    post = read("Бес №1 остаётся прикрывать фланг, а имп №2 дальше копает золото", w)
    assert texts(post) == ["Имп №2: копает золотую шахту на 10-10."]
