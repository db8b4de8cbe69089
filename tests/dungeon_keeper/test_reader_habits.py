"""Habits of forum writing the Dungeon Keeper reader understands, one mechanism per test: counts of
ОД and repeats, negation, chatter around an order, elliptical second orders, who acts, role-play
verbs. Each test uses its own lines (the phrasing corpora are written by others)."""

from __future__ import annotations

from rulesets.dungeon_keeper.reading.syntax import parse_line

from .test_reader_support import errors, read, world


def texts(reading) -> list[str]:
    assert not errors(reading), [p.render() for p in reading.problems]
    return [o.to_text() for o in reading.orders]


def crew():
    """Ваал's imps by a gold and an iron mine and rock, a бес by Лилит's бес, a керуб, a Круг вызова."""
    return world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p1", "bes", 1, (20, 20)),
                        ("p1", "kerub", 2, (30, 30)), ("p2", "bes", 1, (20, 21)), ("p2", "imp", 1, (5, 5))],
                 buildings=[("p1", "circle", (40, 40))], mines=[("gold", (10, 10)), ("iron", (11, 12))],
                 rock=[(9, 10), (9, 11)], spells=["rage"])


# --- counts of ОД and repeats (DK-GAP-14) ----------------------------------------------------------
def test_od_before_what_they_are_spent_on_is_a_count_not_an_index():
    for line in ("2 од в шахту 10-10", "2 од на шахту 10-10", "2 од для добычи"):
        c = parse_line(line).clauses[0]
        assert (c.ap_index, c.ap_count) == (None, 2), line
    c = parse_line("2 од: шахта 10-10").clauses[0]
    assert (c.ap_index, c.ap_count) == ((2, 2), None)


def test_od_said_in_words_is_a_count():
    c = parse_line("имп №2 оба од тратит на шахту").clauses[0]
    assert (c.ap_index, c.ap_count) == (None, 2)
    assert texts(read("Имп №2 — оба ОД в железную шахту на 11-12", crew())) == \
        ["Имп №2: копает железную шахту на 11-12 (2 ОД)."]


def test_a_repeat_written_as_a_multiplication():
    for line in ("шахта 10-10 ×2", "шахта 10-10 x2", "шахта 10-10 х 2", "шахта 10-10 2x"):
        c = parse_line(line).clauses[0]
        assert (c.repeat, c.repeat_said) == (2, True), line
        assert not [p for p in c.parts if p.kind == "amount"], line
    assert texts(read("Имп 2: железо 11-12 ×2", crew())) == ["Имп №2: копает железную шахту на 11-12 (2 ОД)."]


def test_a_count_of_actions_said_as_nouns():
    c = parse_line("бес №1 — два удара по бесу лилит").clauses[0]
    assert (c.repeat, c.repeat_said) == (2, True)
    assert texts(read("Бес №1 — два удара по бесу Лилит", crew())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21 (2 ОД)."]


# --- chatter around an order ------------------------------------------------------------------------
def test_a_negated_order_verb_is_no_order():
    c = parse_line("на стену не хватает золота").clauses[0]
    assert c.negated and not c.verbs
    reading = read("На стену не хватает золота. Имп №1 копает 9-10\nКеруб №2 не атакует.", crew())
    assert texts(reading) == ["Имп №1: вскапывает клетку 9-10."]


def test_a_short_participle_is_a_state_not_the_archdemons_past_order():
    assert [o.to_text() for o in read("Призвала беса.", crew()).orders] == ["Призываю беса."]
    assert not read("Ярость уже изучена.", crew()).orders


def test_a_colon_between_narration_and_an_order_ends_the_narration():
    syn = parse_line("из портала выползает бес: призываю беса")
    assert len(syn.clauses) == 2 and syn.clauses[0].verbs == [] and syn.clauses[1].verbs
    assert texts(read("Из портала выползает бес: призываю беса.", crew())) == ["Призываю беса."]
    # a colon after a name, a number or an «N ОД» keeps the line one order
    assert len(parse_line("башня 22-24: три выстрела по бесу").clauses) == 1
    assert len(parse_line("1 од: идет на 36-15").clauses) == 1
    assert len(parse_line("бес идет на разведку: 20-21 → 20-22").clauses) == 1


def test_an_order_said_in_brackets_after_role_play():
    assert texts(read("Тьма сгущается над кругом, и на свет выходит новый имп (призываю).", crew())) == \
        ["Призываю импа."]
    assert texts(read("Из тени выступает керуб (накладываю Ярость на беса №1)", crew())) == \
        ["Накладываю Ярость на беса №1."]
    # a report in brackets stays a remark
    assert texts(read("Призываю двух импов (встанут у круга).", crew())) == ["Призываю 2 импа."]


# --- role-play work verbs ---------------------------------------------------------------------------
def test_digging_or_breaking_at_a_mine_or_an_ore_is_mining():
    state = crew()
    assert texts(read("Имп №1 долбит золотую шахту 10-10", state)) == ["Имп №1: копает золотую шахту на 10-10."]
    assert texts(read("Имп №2 роет железо на 11-12, два раза", state)) == \
        ["Имп №2: копает железную шахту на 11-12 (2 ОД)."]
    assert texts(read("Имп №1 вгрызается в жилу на 10-10", state)) == ["Имп №1: копает золотую шахту на 10-10."]
    # rock is still dug, and a building is still attacked
    assert texts(read("Имп №1 ковыряет 9-10", state)) == ["Имп №1: вскапывает клетку 9-10."]


def test_role_play_verbs_of_moving_attacking_and_tearing_off():
    state = crew()
    assert texts(read("Бес №1 с воем набрасывается на беса Лилит", state)) == \
        ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Керуб №2 крадётся на 31-31", state)) == ["Керуб №2: перемещается на 31-31."]


def test_a_verb_with_nothing_to_act_on_takes_the_object_after_it():
    assert len(parse_line("имп №1 прокапывает дальше - 9-10").clauses) == 1
    assert texts(read("Имп №1 прокапывает дальше — 9-10", crew())) == ["Имп №1: вскапывает клетку 9-10."]
    # once the verb has its object, another object after «затем» is an order of its own
    assert texts(read("Имп №2 копает 9-10, затем 9-11", crew())) == \
        ["Имп №2: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]


def test_a_verb_at_the_end_of_a_list_is_the_verb_of_each_piece():
    assert texts(read("Имп №2: 1 ОД — 9-10, 2 ОД — 9-11, вскапывает", crew())) == \
        ["Имп №2: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]


# --- moving towards something -----------------------------------------------------------------------
def test_going_towards_a_building_or_a_unit_walks_to_a_free_cell_beside_it():
    state = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "munglair", 2, (30, 29), {"hp": 4}),
                         ("p2", "imp", 1, (20, 23))],
                  buildings=[("p1", "hospital", (30, 30))])
    walk = read("Бес №1 идёт к импу Лилит", state)
    assert not errors(walk) and [(o.path[-1], o.ap) for o in walk.orders] == [((20, 22), 2)]
    beside = read("Мунглайр №2 ковыляет к госпиталю и лечится там 2 ОД", state)
    assert texts(beside) == ["Мунглайр №2: лечится в Госпитале на 30-30 (2 ОД)."]
    assert [p.message for p in beside.problems] == ["Мунглайр №2 уже стоит рядом с Госпиталем — идти никуда не нужно."]
    far = world(units=[("p1", "imp", 1, (10, 10))], objects=[("chest", (10, 13))], mines=[("iron", (13, 10))])
    assert [o.path[-1] for o in read("Отправляю импа №1 к сундуку", far).orders] == [(10, 12)]
    assert [o.path[-1] for o in read("Имп №1 идёт к железной шахте", far).orders] == [(12, 10)]


# --- elliptical second orders -----------------------------------------------------------------------
def test_a_count_with_its_noun_left_out_counts_the_units_named_before():
    assert texts(read("Призываю беса на 39-41 и ещё одного на 41-39", crew())) == \
        ["Призываю беса на 39-41.", "Призываю беса на 41-39."]
    assert texts(read("Призываю импа, и ещё двух", crew())) == ["Призываю импа.", "Призываю 2 импа."]


def test_a_line_opening_with_and_goes_on_with_the_order_it_names_the_same_kind_as():
    post = "Призываю беса, имп №1 копает шахту 10-10.\nИ ещё одного импа."
    assert texts(read(post, crew())) == ["Призываю беса.", "Имп №1: копает золотую шахту на 10-10.", "Призываю импа."]
    # what it does not name again comes from that order: the spell
    assert texts(read("Накладываю Ярость на беса №1.\nА также на керуба №2.", crew())) == \
        ["Накладываю Ярость на беса №1.", "Накладываю Ярость на керуба №2."]
    assert texts(read("Накладываю Ярость на беса №1 и ещё на керуба №2", crew())) == \
        ["Накладываю Ярость на беса №1.", "Накладываю Ярость на керуба №2."]
    # chatter that opens with «и» stays chatter
    assert not read("Призываю беса.\nИ ещё: удачи всем!", crew()).problems


def test_two_objects_of_one_verb_share_the_unit_after_them():
    state = world(units=[("p1", "bes", 1, (20, 20))], spells=["rage", "speed"], spirits=2)
    assert texts(read("Накладываю Ярость и Скорость на беса №1", state)) == \
        ["Накладываю Ярость на беса №1.", "Накладываю Скорость на беса №1."]


def test_the_same_action_again_is_done_by_the_building_that_did_it():
    state = world(units=[("p2", "bes", 1, (20, 21)), ("p2", "imp", 1, (21, 21))],
                  buildings=[("p1", "battle_tower", (20, 20))])
    assert texts(read("Боевая башня стреляет по бесу Лилит, ещё два выстрела — по импу Лилит", state)) == \
        ["Боевая башня на 20-20: стреляет по бесу №1 (Лилит).",
         "Боевая башня на 20-20: даёт 2 выстрела по импу №1 (Лилит)."]
    assert texts(read("Боевая башня бьёт беса Лилит, потом ещё выстрел по импу Лилит", state)) == \
        ["Боевая башня на 20-20: стреляет по бесу №1 (Лилит).", "Боевая башня на 20-20: стреляет по импу №1 (Лилит)."]


# --- who acts -------------------------------------------------------------------------------------
def test_an_ordinal_alone_names_a_unit_of_the_kind_just_spoken_of():
    c = parse_line("второй копает 9-11").clauses[0]
    assert c.subject is not None and c.subject.elliptic and (c.subject.kind, c.subject.number) == (None, 2)
    state = world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p1", "bes", 2, (30, 30))],
                  rock=[(9, 10), (9, 11)])
    assert texts(read("Первый имп копает 9-10.\nВторой копает 9-11.", state)) == \
        ["Имп №1: вскапывает клетку 9-10.", "Имп №2: вскапывает клетку 9-11."]
    # with nothing to act on it is chatter about the units, not an order
    reading = read("Второй стоит не там, исправлю:\nИмп №2 копает 9-11.", state)
    assert texts(reading) == ["Имп №2: вскапывает клетку 9-11."] and not reading.problems


def test_the_unit_addressed_before_a_comma_acts():
    assert texts(read("Керуб №2, шагай на 31-31!", crew())) == ["Керуб №2: перемещается на 31-31."]
    assert texts(read("Бес №1, 1 ОД: по бесу Лилит", crew())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Керуб №2, на 29-29", crew())) == ["Керуб №2: перемещается на 29-29."]
    # «Бес №2, 1 ОД» is one бес and a count of ОД, not a list of бесы №2 and №1
    state = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "bes", 2, (30, 30))])
    assert texts(read("Бес №2, 1 ОД — на 30-29", state)) == ["Бес №2: перемещается на 30-29."]


def test_the_posters_own_unit_after_the_verb_acts_when_the_order_aims_elsewhere():
    state = crew()
    assert texts(read("Веду керуба №2 на 31-31.", state)) == ["Керуб №2: перемещается на 31-31."]
    assert texts(read("Посылаю беса №1 на беса Лилит", state)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Бью бесом №1 беса Лилит", state)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Удар беса №1 по бесу Лилит", state)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    assert texts(read("Атакую беса Лилит бесом №1", state)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_an_own_unit_with_a_place_and_an_unknown_verb_is_an_error_not_chatter():
    reading = read("Пинаю керуба №2 на 31-31", crew())
    assert [p.code for p in errors(reading)] == ["read.unreadable"]


# --- the ability a line names ---------------------------------------------------------------------
def test_an_ability_named_by_its_noun_wins_over_a_generic_verb():
    state = world(units=[("p1", "ifrit", 1, (20, 20)), ("p2", "imp", 1, (20, 21))])
    assert texts(read("Ифрит №1 жжёт огненным потоком вправо", state)) == ["Ифрит №1: пускает огненный поток вправо."]
    assert texts(read("Ифрит №1 жжёт всё вокруг", state)) == ["Ифрит №1: дышит огнём."]


def test_spending_od_on_something_is_the_order_that_thing_calls_for():
    state = crew()
    assert texts(read("Бес №1 тратит все ОД на беса Лилит", state)) == ["Бес №1: атакует беса №1 (Лилит) на 20-21 (2 ОД)."]
    assert texts(read("Имп №1 тратит 2 ОД на шахту 10-10", state)) == ["Имп №1: копает золотую шахту на 10-10 (2 ОД)."]
    assert texts(read("Керуб №2 тратит 1 ОД на 31-31", state)) == ["Керуб №2: перемещается на 31-31."]
    # a cell is dug in one ОД: two said are an error, not one silently
    assert [p.clause for p in errors(read("Имп №1 тратит оба ОД на 9-10", state))] == ["DK-GAP-14"]


def test_a_move_to_a_closed_goal_names_the_rule_of_what_closes_it():
    state = world(units=[("p1", "bes", 1, (20, 20)), ("p1", "imp", 1, (23, 23)), ("p2", "imp", 1, (23, 20))],
                  buildings=[("p1", "hospital", (17, 20))], mines=[("gold", (20, 17))], rock=[(20, 23)])
    for line, clause in (("Бес №1 идёт на 20-23", "DK-MOVE-03"), ("Бес №1 идёт на 17-20", "DK-UNIT-04"),
                         ("Бес №1 идёт на 20-17", "DK-GAP-21"), ("Бес №1 идёт на 23-20", "DK-UNIT-03"),
                         ("Бес №1 идёт на 23-23", "DK-GAP-20")):
        assert [p.clause for p in errors(read(line, state))] == [clause], line


# --- names of units -------------------------------------------------------------------------------
def test_an_unknown_kind_before_a_number_is_no_unit_of_the_poster():
    reading = read("Дракон №2 копает 9-11", crew())
    assert not reading.orders and [(p.code, p.clause) for p in errors(reading)] == \
        [("read.unit_kind_unknown", "DK-GAP-15")]
    assert errors(reading)[0].hint == "есть: имп №2, керуб №2."
    alone = world(units=[("p1", "imp", 2, (10, 11))], rock=[(9, 11)])
    assert errors(read("Дракон №2 копает 9-11", alone))[0].hint == "может быть, «имп №2»?"
    # a word of a kind's name, or a slip of one, still finds the unit by its number
    assert texts(read("Зверь №1 идёт на 5-6", world(units=[("p1", "siege_beast", 1, (5, 5))]))) == \
        ["Осадный зверь №1: перемещается на 5-6."]
    # a player's name there is the owner, as before
    assert texts(read("Бес №1 атакует беса Лилит №1", crew())) == ["Бес №1: атакует беса №1 (Лилит) на 20-21."]


def test_another_unit_resting_is_its_own_clause():
    reading = read("Имп №1 копает 9-10, керуб №2 стоит", crew())
    assert texts(reading) == ["Имп №1: вскапывает клетку 9-10."]
    assert [p.code for p in reading.problems] == ["read.stay"]


# --- group actors ---------------------------------------------------------------------------------
def test_a_group_with_its_count_or_owner_word_between():
    state = world(units=[("p1", "bes", 1, (20, 19)), ("p1", "bes", 2, (20, 21)), ("p2", "bes", 1, (20, 20))])
    expected = ["Бес №1: атакует беса №1 (Лилит) на 20-20.", "Бес №2: атакует беса №1 (Лилит) на 20-20."]
    assert texts(read("Оба моих беса бьют беса Лилит", state)) == expected
    assert texts(read("Все 2 беса бьют беса Лилит", state)) == expected
    # a count that is not how many there are is not read as all of them
    assert errors(read("Все три беса бьют беса Лилит", state))


def test_each_units_line_of_a_group_stands_on_its_own():
    """Лилит has imps with the same numbers: the second imp's line is still the poster's imp, not a
    target of the first one's."""
    state = world(units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p2", "imp", 1, (30, 30)),
                         ("p2", "imp", 2, (30, 31))], mines=[("gold", (10, 10))])
    assert texts(read("— Импы №1 и №2: по 2 ОД на шахту 10-10", state)) == \
        ["Имп №1: копает золотую шахту на 10-10 (2 ОД).", "Имп №2: копает золотую шахту на 10-10 (2 ОД)."]


def test_a_unit_named_with_only_a_description_after_it_does_the_next_order():
    expected = ["Бес №1: атакует беса №1 (Лилит) на 20-21."]
    for line in ("Бес №1, стоящий рядом, атакует беса Лилит", "Бес №1, что стоит рядом, бьёт беса Лилит",
                 "Бес №1, скалясь, атакует беса Лилит"):
        reading = read(line, crew())
        assert texts(reading) == expected and not reading.problems, line
