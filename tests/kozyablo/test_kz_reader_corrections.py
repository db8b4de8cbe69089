"""Self-corrections, second orders after «и» and orders said without their usual verb, as the
Kozyablo reader reads them (the strangers' second round showed the habits; each is tested here
with lines of its own).

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, orders, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.orders import DrawCard, Mulligan, PlayCard, Skip, UseAbility


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    """What a line says, whatever the rules make of it (the corpora check the rules too)."""
    monkeypatch.setattr(reader, "Checker", LaxChecker)


MAIN = table(hand={"a": ["pozorny_rytsar", "pozorny_manevr"]}, pieces=[
    ("pozorny_mechnik", "a", "gold-1"), ("pozorny_shchitonosets", "a", "crystal-1"), ("dikiy_gilen", "b", "gold-1")])


# --- a player correcting himself («нет, лучше …», «ой, …», «А, нет, отставить — …») -----------------------
@pytest.mark.parametrize(("text", "into"), [
    ("Играю рыцаря в шахту-2, нет, лучше в источник-1", "mana-1"),
    ("Рыцаря в рудник-1 ставлю, ой, в шахту-2", "gold-2"),
    ("Играю рыцаря в шахту-2", "gold-2"),  # no correction: as typed
])
def test_a_corrected_sector_replaces_the_sector_said_before_it_KZ_PLAY_01(text, into):
    assert orders(text, MAIN) == [PlayCard(card="pozorny_rytsar", into=into)]


@pytest.mark.parametrize(("text", "order"), [
    ("Беру карту. А, нет, отставить — пропускаю ход.", Skip()),
    ("Пропускаю ход, нет, стоп, беру карту", DrawCard()),
    ("Играю рыцаря в шахту-2... Нет, беру карту.", DrawCard()),
])
def test_a_corrected_order_replaces_the_order_said_before_it_KZ_DEF_TURN_01(text, order):
    """The replaced order is gone: no second main action is left to refuse."""
    assert orders(text, MAIN) == [order]


def test_a_correction_that_fits_nothing_before_it_leaves_the_line_as_typed():
    """«нет» with nothing of its shape before it corrects nothing: the order said stays."""
    assert orders("Беру карту, нет, не передумаю", MAIN) == [DrawCard()]


# --- «и» between orders of two kinds ------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Перемещаю мечника в шахту-2 и беру карту", "Играю рыцаря в шахту-2 и пропускаю ход"])
def test_two_kinds_of_order_joined_by_and_are_two_main_actions_KZ_DEF_TURN_01(text):
    assert "read.second_action" in errors(read(text, MAIN))


# --- a card going into the hand is a draw; the sector a creature leaves is no destination ---------------------
@pytest.mark.parametrize("text", ["+1 карта в руку", "Ещё одну карту в руку"])
def test_a_card_going_into_the_hand_is_a_draw_KZ_DRAW_01(text):
    assert orders(text, MAIN) == [DrawCard()]


def test_a_card_in_the_hand_is_no_draw():
    assert read("Карта в руке одна, думаю", MAIN).orders == []


@pytest.mark.parametrize("text", ["Позорный манёвр: мечник из шахты-1 в шахту-2", "Манёвр — из шахты-1 мечника в шахту-2"])
def test_the_sector_said_with_iz_is_where_the_manoeuvre_starts_KZ_PLAY_01(text):
    assert orders(text, MAIN) == [PlayCard(card="pozorny_manevr", on=uid(MAIN, "pozorny_mechnik", "a"), into="gold-2")]


# --- the shadow is no sector: a move «в тень» is the ability --------------------------------------------------
GOATS = table(races=("kozly", "zhloby"), hand={"a": []}, pieces=[("kozel_ten", "a", "gold-1"), ("kozel_bodun", "a", "gold-1")])


@pytest.mark.parametrize("text", ["Отправляю тень в тень", "Козла-тень увожу в тень"])
def test_a_move_into_the_shadow_is_the_shadow_ability_KZ_ABIL_01(text):
    assert orders(text, GOATS) == [UseAbility(piece=uid(GOATS, "kozel_ten", "a"), ability="ukhod_v_ten")]


# --- what stays, said beside what goes back (KZ-DEF-MULL-01) --------------------------------------------------
MULL = table(phase="mulligan", hand={"a": ["pozorny_klich", "pozorny_shchit", "pozorny_luchnik"]})


@pytest.mark.parametrize("text", ["Лучника оставлю: замешиваю клич", "Замешиваю клич, а лучника оставляю"])
def test_cards_kept_beside_cards_returned_are_not_returned_KZ_DEF_MULL_01(text):
    assert orders(text, MULL) == [Mulligan(cards=("pozorny_klich",))]


def test_a_corrected_target_replaces_the_target_not_the_striker_KZ_DEF_CMB_03():
    """«ой, гилена» after a strike's target replaces the target, not the striker."""
    state = table(hand={"a": []}, pieces=[("pozorny_luchnik", "a", "gold-1"), ("shmel", "b", "gold-1"),
                                          ("dikiy_gilen", "b", "gold-1")])
    (attack,) = orders("Атакую в шахте-1: лучник бьёт шмеля, ой, гилена", state)
    picks = attack.picks
    assert [(p.striker, p.targets) for p in picks] == [(uid(state, "pozorny_luchnik", "a"), (uid(state, "dikiy_gilen", "b"),))]



@pytest.mark.parametrize("text", [
    "Клич и щит — слабовато, но руку оставляю",
    "Хорошая рука, два клича и щит, сыграть пока нечем, так что оставляю всё как есть, удачи",
    "Сэр Позорин вернулся ко мне сам. Оставляю.",
])
def test_the_keep_decision_inside_a_sentence_about_the_hand_is_read_KZ_DEF_MULL_01(text):
    """The step reads its own decision wherever the sentence says it; verbs about the cards around it
    (an infinitive with «нечем», a verb in the past) are the story, not orders out of turn."""
    assert orders(text, MULL) == [Mulligan(cards=())]


def test_not_all_kept_is_no_keep_KZ_DEF_MULL_01():
    assert orders("Не всё оставляю: замешиваю клич", MULL) == [Mulligan(cards=("pozorny_klich",))]


def test_a_play_in_the_mulligan_step_is_still_refused_KZ_DEF_MULL_01():
    assert errors(read("Играю лучника", MULL)) == ["read.mulligan_only"]


@pytest.mark.parametrize(("text", "cards"), [
    ("Клич и щит — обратно в колоду", ("pozorny_klich", "pozorny_shchit")),
    ("Щит в колоду, лучника оставлю", ("pozorny_shchit",)),
])
def test_cards_sent_into_the_deck_are_returned_without_a_verb_KZ_DEF_MULL_01(text, cards):
    assert orders(text, MULL) == [Mulligan(cards=cards)]


def test_a_card_lying_in_the_deck_is_no_mulligan():
    assert read("Клич пусть полежит в колоде", MULL).orders == []

# --- a condition answered by targets alone: the strike's next target (KZ-DEF-CMB-02) -------------------------
ARCHERY = table(hand={"a": []}, pieces=[("pozorny_luchnik", "a", "gold-1"), ("shmel", "b", "gold-1"),
                                        ("dikiy_gilen", "b", "gold-1")])


@pytest.mark.parametrize(("text", "first", "then"), [
    ("Атакую в шахте-1: лучник бьёт шмеля, а если его уже нет — гилена", "shmel", "dikiy_gilen"),
    ("Атакую в шахте-1: лучник → гилен, если гилен умрёт раньше — шмель", "dikiy_gilen", "shmel"),
])
def test_a_fallback_target_after_a_condition_goes_on_the_targets_list_KZ_DEF_CMB_02(text, first, then):
    (attack,) = orders(text, ARCHERY)
    assert [p.targets for p in attack.picks] == [(uid(ARCHERY, first, "b"), uid(ARCHERY, then, "b"))]



# --- what an order is for, after a comma, is no part of it (KZ-MOVE-01) ---------------------------------------
@pytest.mark.parametrize("text", ["Мечник идёт в шахту-2, чтобы разобраться с гиленом",
                                  "Мечник топает в шахту-2, бодаться с гиленом"])
def test_a_purpose_after_a_comma_takes_nothing_from_the_order_KZ_MOVE_01(text):
    (move,) = orders(text, MAIN)
    assert move.pieces == (uid(MAIN, "pozorny_mechnik", "a"),) and move.dest == "gold-2"


# --- a story told around the orders, with no card in it, is flavour --------------------------------------------
@pytest.mark.parametrize("text", ["Из пещеры, ухмыляясь, выходит старый гоблин.", "Ушёл в тень, да?",
                                  "Анна задумчиво тасует карты."])
def test_a_deed_told_of_someone_with_no_card_named_is_flavour(text):
    r = read(text, MAIN)
    assert r.orders == [] and errors(r) == ["post.no_orders"]


@pytest.mark.parametrize(("text", "kind"), [("Взяла карту.", "draw"), ("Мечник выходит в шахту-2", "move")])
def test_the_players_own_deed_in_the_past_or_a_card_named_stays_an_order(text, kind):
    (order,) = orders(text, MAIN)
    assert order.kind == kind


# --- the strikers in the order the player named them (KZ-DEF-CMB-02) -------------------------------------------
def test_named_strikers_keep_their_order_after_a_battle_cry_KZ_DEF_CMB_02():
    """A battle cry implies every own card in table order; the list after it names the order."""
    state = table(races=("kozly", "zhloby"), hand={"a": []}, pieces=[
        ("kozel_koldun", "a", "gold-1"), ("kozel_bodun", "a", "gold-1"), ("zhlob_vyshibala", "b", "gold-1")])
    (attack,) = orders("Бодаем вышибалу! Атакую в шахте-1: бодун и колдун бьют вышибалу", state)
    assert [p.striker for p in attack.picks] == [uid(state, "kozel_bodun", "a"), uid(state, "kozel_koldun", "a")]


# --- «И X — …»: the subject of the sentence before goes on ------------------------------------------------------
def test_a_sentence_opening_with_and_takes_the_subject_before_it_KZ_DEF_CMB_03():
    state = table(races=("kozly", "zhloby"), hand={"a": []}, pieces=[
        ("kozel_bodun", "a", "gold-1"), ("zhlob_vyshibala", "b", "gold-1"), ("zhlob_telokhranitel", "b", "gold-1")])
    (attack,) = orders("Атакую в шахте-1. Бодун бьёт вышибалу. И телохранителя — в лепёшку.", state)
    assert [(p.striker, p.targets) for p in attack.picks] == [(uid(state, "kozel_bodun", "a"), (
        uid(state, "zhlob_vyshibala", "b"), uid(state, "zhlob_telokhranitel", "b")))]


# --- two neighbouring letters of an order verb swapped ---------------------------------------------------------
@pytest.mark.parametrize(("text", "kind"), [("Игарю рыцаря в шахту-2", "play"), ("Бреу карту", "draw")])
def test_a_verb_with_two_letters_swapped_is_read_with_a_note(text, kind):
    r = read(text, MAIN)
    assert [o.kind for o in r.orders] == [kind]
    assert "read.read_as" in [p.code for p in r.problems]


def test_a_verb_with_a_letter_dropped_is_still_an_error_with_a_hint():
    assert errors(read("Перемщаю мечника в шахту-2", MAIN)) == ["read.unreadable_word"]


# --- a condition's card and sector, said again in its answer («там», «туда», «него») -----------------------------
def test_the_answer_of_a_condition_names_its_sector_and_card_by_pronouns_KZ_DEF_CMB_03():
    (attack,) = orders("Если гилен ещё в шахте-1, то атакую там: мечник бьёт его", MAIN)
    assert attack.sector == "gold-1"
    assert [(p.striker, p.targets) for p in attack.picks] == [
        (uid(MAIN, "pozorny_mechnik", "a"), (uid(MAIN, "dikiy_gilen", "b"),))]


def test_there_in_a_conditions_answer_is_its_sector_KZ_MOVE_01():
    (move,) = orders("Если шахта-2 свободна, перемещаю туда мечника", MAIN)
    assert move.dest == "gold-2"


# --- a table row «кто | что делает | кого» -----------------------------------------------------------------
@pytest.mark.parametrize("text", ["Кто | что | кого\nМечник | бьёт | Гилен", "Атакую в шахте-1:\nмечник | рубит | гилен"])
def test_the_last_cell_of_a_table_row_is_the_target_KZ_DEF_CMB_03(text):
    r = read(text if text.startswith("Атакую") else "Атакую в шахте-1.\n" + text, MAIN)
    (attack,) = r.orders
    assert [(p.striker, p.targets) for p in attack.picks] == [
        (uid(MAIN, "pozorny_mechnik", "a"), (uid(MAIN, "dikiy_gilen", "b"),))]


def test_a_table_row_whose_last_cell_is_a_sector_is_where_to_KZ_MOVE_01():
    (move,) = orders("Мечник | идёт в | шахта-2", MAIN)
    assert move.dest == "gold-2"
