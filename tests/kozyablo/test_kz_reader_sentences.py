"""How the Kozyablo reader takes a sentence apart (the second strangers' round): each mechanism
tested with lines of its own, not the corpus lines that showed it.

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, orders, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.data import book_for
from rulesets.kozyablo.orders import Attack, Move, PlayCard, Strike, TargetPick
from rulesets.kozyablo.state import Pending


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    """What a line says, whatever the rules make of it (the corpora check the rules too)."""
    monkeypatch.setattr(reader, "Checker", LaxChecker)


FIGHT = table(hand={"a": ["pozorny_rytsar"]}, pieces=[
    ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
    ("shmel", "b", "gold-1"), ("dikiy_gilen", "b", "gold-1")])


# --- brackets ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["(шмель → гилен)", "(мечник → гилен)", "(з->ао)", "( → )", "(лучник, стреляй!)"])
def test_a_clause_wholly_in_brackets_never_breaks_the_reader(text):
    """A remark in brackets is dropped from a target list; a line that is nothing but the bracketed
    part has nothing else to read, so the part is the list (it used to raise IndexError)."""
    read(text, FIGHT)


def test_a_target_list_wholly_in_brackets_is_the_list_KZ_DEF_CMB_03():
    assert orders("Атакую в шахте-1: (мечник → гилен)", FIGHT) == [Attack(sector="gold-1", picks=(
        TargetPick(striker=uid(FIGHT, "pozorny_mechnik", "a"), targets=(uid(FIGHT, "dikiy_gilen", "b"),)),))]


def test_a_bracketed_remark_beside_a_target_list_stays_a_remark_KZ_DEF_CMB_03():
    assert orders("Атакую в шахте-1: лучник → шмель (у гилена там 5 жизней)", FIGHT) == [Attack(
        sector="gold-1", picks=(TargetPick(striker=uid(FIGHT, "pozorny_luchnik", "a"),
                                           targets=(uid(FIGHT, "shmel", "b"),)),))]
    assert errors(read("(лучник → шмель)", FIGHT)) == ["read.pick_no_attack"]


# --- a sector's number said in words ------------------------------------------------------------------
ROAD = table(hand={"a": ["pozorny_rytsar"]}, pieces=[("pozorny_shchitonosets", "a", "crystal-1")])
ROAD_BOOK = book_for(ROAD)


@pytest.mark.parametrize(("text", "expected"), [
    ("Щитоносец идёт из рудника один в шахту два", Move),
    ("Рыцаря в шахту два", PlayCard),
    ("выставляю рыцаря в золотую шахту один, пусть сторожит", PlayCard),
])
def test_a_sector_number_in_words_after_its_name_KZ_DEF_SECT_01(text, expected):
    got = orders(text, ROAD)
    assert [type(o) for o in got] == [expected]
    dest = got[0].dest if expected is Move else got[0].into
    assert dest == ("gold-2" if "два" in text else "gold-1")


def test_a_number_word_before_a_card_counts_the_card_not_the_sector_KZ_DEF_SECT_01():
    """«в шахте-1 два шмеля»: «два» counts what follows it; only a number word with no name after
    it is the sector's number."""
    from rulesets.kozyablo.reader_words import words_for

    words = words_for(ROAD_BOOK)
    place = next(it for it in words.scan("в шахту два шмеля") if it.kind == "name")
    assert place.number is None
    place = next(it for it in words.scan("в шахту два, к шмелю") if it.kind == "name")
    assert place.number == 2


def test_moving_out_of_a_sector_the_creature_is_not_in_is_refused_by_the_move_rule_KZ_MOVE_01():
    r = read("Перевожу щитоносца из шахты-1 в шахту-2", ROAD)
    assert errors(r) == ["read.move_not_there"]
    assert r.problems[0].clause == "KZ-MOVE-01"


# --- a sentence of several predications ---------------------------------------------------------------
SHADOWED = table(races=("kozly", "zhloby"), active="b", hand={"a": ["ogenny_plevok"]}, pieces=[
    ("kozel_ten", "a", "gold-1", {"shadow": True}), ("kozel_bodun", "a", "gold-1"), ("kozel_koldun", "a", "gold-1"),
    ("zhlob_vyshibala", "b", "gold-1"), ("zhlob_telokhranitel", "b", "gold-1")])
SHADOWED.pending = Pending(kind="attack", active="b", waiting=["a"],
                           action=[Attack(sector="gold-1").model_dump(mode="json")])
BODUN, KOLDUN = uid(SHADOWED, "kozel_bodun", "a"), uid(SHADOWED, "kozel_koldun", "a")
VYSHIBALA, TELO = uid(SHADOWED, "zhlob_vyshibala", "b"), uid(SHADOWED, "zhlob_telokhranitel", "b")


def test_a_part_with_its_own_subject_and_verb_is_a_clause_of_its_own_KZ_DEC_04():
    assert orders("Колдун лупит вышибалу, бодун вмазывает телохранителю", SHADOWED) == [
        Strike(striker=KOLDUN, targets=(VYSHIBALA,)), Strike(striker=BODUN, targets=(TELO,))]


def test_a_remark_after_a_comma_takes_nothing_from_the_order_KZ_MOVE_01():
    """«…, посмотрим, кто там стоит со щитоносцем»: a part whose verb is no order word is read on
    its own, so the card it names is not one more mover."""
    state = table(pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_shchitonosets", "b", "gold-2")],
                  races=("pozorki", "pozorki"))
    assert orders("мечник идёт из шахты-1 в шахту-2, посмотрим, кто там стоит со щитоносцем", state) == [
        Move(pieces=(uid(state, "pozorny_mechnik", "a"),), origin="gold-1", dest="gold-2")]


def test_a_gerund_after_a_comma_is_the_manner_not_a_second_order_KZ_MOVE_01():
    state = table(races=("kozly", "zhloby"), pieces=[("kozel_ten", "a", "mana-1", {"shadow": True})])
    assert orders("Тень пробирается из источника в шахту-2, не высовываясь из тени", state) == [
        Move(pieces=(uid(state, "kozel_ten", "a"),), origin="mana-1", dest="gold-2")]


def test_a_part_with_no_predicate_stays_with_the_order_before_it_KZ_DEC_06():
    state = table(active="b", hand={"a": ["pozorny_klich"]}, pieces=[
        ("pozorny_sledopyt", "a", "gold-1"), ("shmel", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="b", waiting=["a"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    assert [o.kind for o in orders("Следопыт уворачивается, скидываю клич", state)] == ["evade"]


# --- a verb the lexicon does not know, read by the cards around it --------------------------------------
def test_an_unknown_verb_between_an_own_card_and_an_enemy_in_the_fight_is_a_strike_KZ_DEC_04():
    r = read("Бодун отоваривает телохранителя", SHADOWED)
    assert r.orders == [Strike(striker=BODUN, targets=(TELO,))]
    assert [p.code for p in r.problems] == ["read.verb_as"]  # said, not silently guessed
    assert "«отоваривает»" in r.problems[0].message


@pytest.mark.parametrize("text", ["Бодун смотрит на телохранителя", "Колдун ждёт вышибалу",
                                  "Бодун толкает вышибалу и думает"])
def test_a_verb_that_only_tells_stays_a_story_KZ_DEC_04(text):
    r = read(text, SHADOWED)
    assert r.orders == [] and not [p for p in r.problems if p.line == 1 and p.code != "post.no_orders"]


def test_the_posters_own_unknown_verb_with_a_card_of_the_hand_plays_it_KZ_PLAY_01():
    state = table(hand={"a": ["pozorny_rytsar"]}, control={"gold-2": "a"})
    assert orders("Рыцаря шлёпаю в шахту-2", state) == [PlayCard(card="pozorny_rytsar", into="gold-2")]


def test_a_body_part_before_the_target_is_where_it_lands_KZ_MAG_01():
    state = table(races=("kozly", "zhloby"), hand={"a": ["ogenny_plevok"]}, pieces=[
        ("kozel_bodun", "a", "gold-1"), ("zhlob_vyshibala", "b", "gold-1")])
    assert orders("Огненный плевок в лоб вышибале", state) == [
        PlayCard(card="ogenny_plevok", on=uid(state, "zhlob_vyshibala", "b"))]


@pytest.mark.parametrize("text", ["Щитоносец в руднике-1 отдыхает", "В руднике-1 щитоносец скучает, как всегда",
                                  "Щитоносец в столице дремлет"])
def test_where_a_card_is_said_with_a_verb_is_a_story_KZ_MOVE_01(text):
    state = table(pieces=[("pozorny_shchitonosets", "a", "crystal-1")])
    r = read(text, state)
    assert r.orders == [] and not [p for p in r.problems if p.code != "post.no_orders"]


# --- target lists -------------------------------------------------------------------------------------
def test_a_target_list_ends_where_another_sentence_begins_KZ_DEC_04():
    assert orders("Колдун бьёт вышибалу, броня ему не поможет, у бодуна рога острее", SHADOWED) == [
        Strike(striker=KOLDUN, targets=(VYSHIBALA,))]


def test_each_striker_names_his_own_target_when_the_verb_is_said_once_KZ_DEF_CMB_03():
    assert orders("Атакую в шахте-1: мечник — в гилена, лучник шмеля", FIGHT)[0].picks == (
        TargetPick(striker=uid(FIGHT, "pozorny_mechnik", "a"), targets=(uid(FIGHT, "dikiy_gilen", "b"),)),
        TargetPick(striker=uid(FIGHT, "pozorny_luchnik", "a"), targets=(uid(FIGHT, "shmel", "b"),)))


def test_a_card_after_u_says_whose_and_is_neither_striker_nor_target_KZ_DEF_CMB_03():
    got = orders("Атака в шахте-1, у мечника атака сильная", FIGHT)
    assert got == [Attack(sector="gold-1")]


def test_owner_words_before_a_squad_keep_a_verbless_card_line_an_order_KZ_MAG_01():
    state = table(hand={"a": ["pozorny_klich"]}, pieces=[("pozorny_mechnik", "a", "gold-1")])
    assert orders("Клич — на свой отряд в шахте-1", state) == [PlayCard(card="pozorny_klich", squad="gold-1")]
