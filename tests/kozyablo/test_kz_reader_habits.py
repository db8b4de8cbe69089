"""Habits of forum writing the Kozyablo reader must know, each tested as a mechanism with lines of
its own (the strangers' corpora test them as written):

- a card said in the dative is whom an order goes to, not who acts (KZ-DEF-REF-02); a card played
  on a target still in the hand is an error, not chatter;
- a verb the lexicon does not know, or none, with a place the line heads to; a motion verb said of a
  card only in the hand; the object of a strike verb after a move verb; «шахта-2 → шахта-1»; a way
  to no place of the game and a game name's adjective said of another noun are role-play;
- the attack: a battle cry, a side named as a whole, strikers as the subject of «атакуют», «Бой в
  …:»; an order noun a clause only talks about;
- an elliptical clause («и ещё раз X», «Колдун тоже.»), «тоже» before a striker's own target, an
  order verb in the infinitive judged by a predicative word;
- a card named and then described by its effect; an ability's sector said with its preposition;
- a title line («[b]Замес[/b]») heading the post; a target list going on after «;».

Seats: a = Анна (Позорки, the poster), b = Борис (Трутни).
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, errors, orders, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.orders import Attack, Move, PlayCard, TargetPick
from rulesets.kozyablo.state import Pending


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    monkeypatch.setattr(reader, "Checker", LaxChecker)


def _one(text, state, faction="a"):
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    assert len(r.orders) == 1, r.orders
    return r.orders[0]


# --- a card in the dative is whom the order goes to (KZ-DEF-REF-02) ------------------------------------
HELPER = table(hand={"a": ["pozorny_rytsar", "pozorny_shchit"]},
               pieces=[("pozorny_mechnik", "a", "gold-1"), ("ser_pozorin", "a", "capital-1")])


@pytest.mark.parametrize("text", [
    "Рыцаря — в шахту-1, к мечнику", "Рыцарь в шахту-1, мечнику на помощь", "рыцаря в шахту-1 на подмогу мечнику",
])
def test_a_card_in_the_dative_is_not_the_one_moved_KZ_DEF_REF_02(text):
    """The мечник on the table is where the рыцарь goes, not a second reading of the line: the
    рыцарь is only in the hand, so the line plays it."""
    assert _one(text, HELPER) == PlayCard(card="pozorny_rytsar", into="gold-1")


def test_a_moved_card_keeps_its_dative_companion_out_of_the_move_KZ_DEF_REF_02():
    state = table(pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "crystal-1")])
    assert _one("Лучник — в шахту-1, к мечнику", state) == Move(
        pieces=(uid(state, "pozorny_luchnik", "a"),), origin="crystal-1", dest="gold-1")


def test_the_dative_is_the_recipient_of_a_card_played_on_a_target():
    assert _one("Щит — Сэру Позорину", HELPER) == PlayCard(card="pozorny_shchit",
                                                            on=uid(HELPER, "ser_pozorin", "a"))


def test_a_card_in_both_places_stays_ambiguous_beside_a_dative_KZ_DEF_REF_02():
    state = table(hand={"a": ["pozorny_mechnik"]},
                  pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "crystal-1")])
    r = read("Мечника в рудник-1, к лучнику", state)
    assert errors(r) == ["read.play_or_move"]


# --- a card played on a target that is still in the hand ---------------------------------------------------
@pytest.mark.parametrize(("text", "clause"), [
    ("Позорный щит — на Сэра Позорина", "KZ-ART-01"), ("Играю щит на Позорина", "KZ-ART-01"),
    ("Позорный клич — на рыцаря", "KZ-MAG-01"),
])
def test_a_target_still_in_the_hand_is_an_error_not_chatter(text, clause):
    state = table(hand={"a": ["ser_pozorin", "pozorny_shchit", "pozorny_rytsar", "pozorny_klich"]})
    r = read(text, state)
    assert errors(r) == ["read.target_in_hand"]
    assert r.problems[0].clause == clause and "ещё в руке" in r.problems[0].message


# --- a verb the lexicon does not know: the place the line heads to decides (KZ-MOVE-01, KZ-PLAY-01) ------
MOVER = table(hand={"a": ["pozorny_rytsar"]},
              pieces=[("pozorny_sledopyt", "a", "gold-1"), ("shmel", "b", "crystal-2")])


@pytest.mark.parametrize("text", [
    "Следопыт крадётся в рудник-2", "Следопыт чешет из шахты-1 в рудник-2", "следопыта назад в рудник-2",
    "Следопыт, не мешкая, ломится в рудник-2",
])
def test_an_unknown_verb_with_a_place_to_go_is_a_move_KZ_MOVE_01(text):
    state = MOVER
    assert _one(text, state) == Move(pieces=(uid(state, "pozorny_sledopyt", "a"),), origin="gold-1",
                                     dest="crystal-2")


@pytest.mark.parametrize("text", ["Рыцарь выходит в рудник-1", "Рыцарь вылетает в рудник-1",
                                  "Рыцарь летит в рудник-1 (играю его из руки)"])
def test_a_card_only_in_the_hand_heading_somewhere_enters_play_KZ_PLAY_01(text):
    assert _one(text, MOVER) == PlayCard(card="pozorny_rytsar", into="crystal-1")


@pytest.mark.parametrize("text", ["Следопыт скучает в шахте-1", "Следопыт смотрит в сторону рудника-2",
                                  "Рыцарь мечтает о руднике-1"])
def test_where_a_card_is_or_what_it_dreams_of_stays_flavour(text):
    """The locative («в шахте-1») says where a card is, not where it goes."""
    r = read(text, MOVER)
    assert not r.orders and not [p for p in r.problems if p.line == 1 and p.code != "post.no_orders"]


def test_a_card_after_a_strike_verb_is_what_the_move_is_for_KZ_MOVE_01():
    state = table(pieces=[("pozorny_mechnik", "a", "gold-1"), ("shmel", "b", "crystal-2")])
    assert _one("Мечник идёт рубить шмеля: из шахты-1 в рудник-2", state) == Move(
        pieces=(uid(state, "pozorny_mechnik", "a"),), origin="gold-1", dest="crystal-2")


@pytest.mark.parametrize("text", ["следопыт: шахта-1 → рудник-2", "Следопыт шахта-1 — рудник-2"])
def test_two_places_joined_by_an_arrow_are_from_and_to_KZ_MOVE_01(text):
    assert _one(text, MOVER) == Move(pieces=(uid(MOVER, "pozorny_sledopyt", "a"),), origin="gold-1",
                                     dest="crystal-2")


# --- a game name's adjective said of another noun; a way that leads off the table ------------------------
@pytest.mark.parametrize("text", [
    "[i]Рыцарь, звеня латами, выходит к золотой жиле.[/i]", "Следопыт уходит на разведку",
    "Позорное войско идёт в бой!", "Мечник идёт навстречу судьбе",
])
def test_role_play_that_names_no_place_of_the_game_is_flavour(text):
    """«золотой жиле» is no «Золотая шахта» (the adjective agrees with another noun), and a way to
    «бой» or «разведку» is no sector: the line is a story, not an order with a sector missing."""
    r = read(text, MOVER)
    assert not r.orders and not [p for p in r.problems if p.line == 1 and p.code != "post.no_orders"]


def test_a_sector_mistyped_after_a_motion_verb_is_still_a_move_KZ_MOVE_01():
    r = read("Следопыт идёт в Позорск", MOVER)
    assert r.orders == [Move(pieces=(uid(MOVER, "pozorny_sledopyt", "a"),), origin="gold-1", dest="capital-1")]
    assert [p.code for p in r.problems] == ["read.read_as"]


def test_an_adjective_before_its_own_card_noun_is_still_the_card():
    assert _one("Играю позорного рыцаря в золотую шахту-1", MOVER) == PlayCard(card="pozorny_rytsar", into="gold-1")


# --- the attack: a battle cry, the side named as a whole, strikers as the subject, a noun heading (KZ-ATK-01) --
FIGHT = table(races=("kozly", "zhloby"), hand={"a": ["kozel_koldun"]},
              pieces=[("kozel_ten", "a", "gold-1"), ("kozel_bodun", "a", "gold-1"),
                      ("zhlob_vyshibala", "b", "gold-1"), ("zhlob_latnik", "b", "gold-2")])


@pytest.mark.parametrize("text", [
    "Козлиные, в атаку! Бьём жлобов в шахте-1!", "В атаку! Атакую в шахте-1.", "Вперёд, козлы! Бьём Бориса в шахте-1!",
    "Ну, в бой!\nАтакую в шахте-1",
])
def test_a_battle_cry_and_the_attack_are_one_attack_KZ_ATK_01(text):
    """The side called by its cards' plural adjective («Козлиные») is no card; an enemy side named as a
    whole picks no target; an attack said twice on one sector is one action, not two."""
    r = read(text, FIGHT)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [Attack(sector="gold-1")]


def test_the_same_attack_on_another_sector_is_a_second_action_KZ_DEF_TURN_01():
    r = read("Атакую в шахте-1. Атакую в шахте-2.", FIGHT)
    assert errors(r) == ["read.second_action"]


@pytest.mark.parametrize("text", ["Бодун и тень атакуют вышибалу в шахте-1", "Бодун и тень нападают на вышибалу",
                                  "Бой в шахте-1: бодун — вышибалу, тень — вышибалу"])
def test_strikers_and_target_said_with_the_attack_KZ_ATK_01_KZ_DEF_CMB_03(text):
    bouncer = uid(FIGHT, "zhlob_vyshibala", "b")
    picks = {TargetPick(striker=uid(FIGHT, "kozel_bodun", "a"), targets=(bouncer,)),
             TargetPick(striker=uid(FIGHT, "kozel_ten", "a"), targets=(bouncer,))}
    (attack,) = orders(text, FIGHT)
    assert isinstance(attack, Attack) and attack.sector == "gold-1" and set(attack.picks) == picks


@pytest.mark.parametrize("text", ["Бодун готов к бою", "Все готовы к атаке!", "Прошлый бой в шахте-1 был жарким",
                                  "Бодун рвётся в бой", "После атаки перекур"])
def test_an_order_noun_the_line_only_talks_about_is_no_order(text):
    r = read(text, FIGHT)
    assert not r.orders and not [p for p in r.problems if p.line == 1 and p.code != "post.no_orders"]


# --- an elliptical second clause: «… и ещё раз X» is the same order with one more object (KZ-DEF-AREA-01) -----
def _swarm():
    state = table(hand={"b": ["pyltsa"]}, active="a",
                  pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"), ("roy", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="a", waiting=["b"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    return state


@pytest.mark.parametrize(("text", "named"), [
    ("Рой бьёт мечника и ещё раз лучника", ["pozorny_mechnik", "pozorny_luchnik"]),
    ("Рой жалит лучника, а ещё мечника", ["pozorny_luchnik", "pozorny_mechnik"]),
])
def test_one_more_object_after_and_again_joins_the_strike(text, named):
    state = _swarm()
    (strike,) = orders(text, state, "b")
    assert strike.targets == tuple(uid(state, c, "a") for c in named)


def test_the_same_object_again_is_one_target_named_twice_KZ_DEF_AREA_01():
    r = read("Рой бьёт мечника и ещё раз мечника", _swarm(), "b")
    assert errors(r) == ["read.target_twice"] and r.problems[0].clause == "KZ-DEF-AREA-01"


# --- «тоже»: another striker with the same targets, or only «also» before his own target (KZ-DEC-04) -----------
def _defence():
    state = table(races=("kozly", "zhloby"), active="b",
                  pieces=[("kozel_bodun", "a", "gold-1"), ("kozel_koldun", "a", "gold-1"), ("kozel_ten", "a", "gold-1"),
                          ("zhlob_vyshibala", "b", "gold-1"), ("zhlob_latnik", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="b", waiting=["a"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    return state


@pytest.mark.parametrize(("text", "strikes"), [
    ("Бодун бодает вышибалу, колдун тоже по латнику", {"kozel_bodun": "zhlob_vyshibala", "kozel_koldun": "zhlob_latnik"}),
    ("Бодун бодает вышибалу, колдун тоже", {"kozel_bodun": "zhlob_vyshibala", "kozel_koldun": "zhlob_vyshibala"}),
    ("Бодун бодает вышибалу! Колдун тоже в латника", {"kozel_bodun": "zhlob_vyshibala", "kozel_koldun": "zhlob_latnik"}),
    ("Бодун бодает вышибалу. Колдун тоже :)", {"kozel_bodun": "zhlob_vyshibala", "kozel_koldun": "zhlob_vyshibala"}),
    ("Бодун бодает вышибалу.\nКолдун и тень тоже.", {"kozel_bodun": "zhlob_vyshibala", "kozel_koldun": "zhlob_vyshibala",
                                                      "kozel_ten": "zhlob_vyshibala"}),
])
def test_also_with_or_without_its_own_target_KZ_DEC_04(text, strikes):
    state = _defence()
    got = {o.striker: o.targets for o in orders(text, state)}
    assert got == {uid(state, s, "a"): (uid(state, t, "b"),) for s, t in strikes.items()}


# --- a judgement about an order is no order --------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Прятаться бесполезно.", "Атаковать рано", "Уклоняться поздно, увы"])
def test_an_order_verb_in_the_infinitive_judged_is_flavour(text):
    r = read(text, FIGHT)
    assert not r.orders and not [p for p in r.problems if p.line == 1 and p.code != "post.no_orders"]


def test_an_order_in_the_infinitive_is_still_an_order_KZ_ABIL_01():
    assert _one("Тень: уйти в тень", FIGHT).ability == "ukhod_v_ten"


# --- a card named, then what it does; an ability named after role-play (KZ-PLAY-01, KZ-ABIL-01) ---------------
@pytest.mark.parametrize(("text", "target"), [
    ("Огненный плевок: жгу вышибалу", "zhlob_vyshibala"), ("Огненный плевок — бью вышибалу в шахте-1", "zhlob_vyshibala"),
    ("Слово Летаро — бью латника", "zhlob_latnik"),
])
def test_a_hand_card_then_its_effect_in_words_plays_the_card_KZ_PLAY_01(text, target):
    state = table(races=("kozly", "zhloby"), hand={"a": ["ogenny_plevok", "slovo_letaro"]},
                  pieces=[("kozel_bodun", "a", "gold-1"), ("zhlob_vyshibala", "b", "gold-1"),
                          ("zhlob_latnik", "b", "gold-1")])
    order = _one(text, state)
    assert isinstance(order, PlayCard) and order.on == uid(state, target, "b")


def test_a_draw_said_beside_a_card_kept_is_the_draw():
    from rulesets.kozyablo.orders import DrawCard
    state = table(races=("trutni", "pozorki"), hand={"a": ["roenie"]})
    assert _one("Беру карту, Роение оставлю на потом", state) == DrawCard()
    assert _one("Роение: тяну две карты", state) == PlayCard(card="roenie")


@pytest.mark.parametrize("text", ["Тень растворяется во мраке рудника (уход в тень).",
                                  "[i]Тень сливается с сумраком шахты[/i] (уход в тень)"])
def test_a_sector_that_only_qualifies_another_noun_does_not_place_the_ability_KZ_ABIL_01(text):
    """Two «Золотая шахта» and two «рудник» are on the table: «мраке рудника» names no place of the order."""
    order = _one(text, FIGHT)
    assert order.piece == uid(FIGHT, "kozel_ten", "a") and order.ability == "ukhod_v_ten"


# --- a title line: the order's name alone heading the post (KZ-DEF-MULL-01) ------------------------------------
def _mulligan_table():
    return table(phase="mulligan", hand={"a": ["pozorny_klich", "pozorny_shchit", "pozorny_luchnik"]})


@pytest.mark.parametrize(("text", "cards"), [
    ("[b]Замес[/b]\nОставляю руку.", ()), ("Замес:\nЗамешиваю клич и щит", ("pozorny_klich", "pozorny_shchit")),
    ("[u]Муллиган[/u]\nОставляю", ()),
])
def test_the_name_of_the_order_alone_is_a_title_KZ_DEF_MULL_01(text, cards):
    from rulesets.kozyablo.orders import Mulligan
    r = read(text, _mulligan_table())
    assert r.ok and r.orders == [Mulligan(cards=cards)], [p.render() for p in r.problems]
    assert r.lines[0].status.value == "flavour"


def test_the_name_of_the_order_alone_asks_for_its_objects_KZ_DEF_MULL_01():
    assert errors(read("Замес", _mulligan_table())) == ["read.mulligan_what"]


def test_a_target_list_goes_on_after_a_semicolon_KZ_DEF_CMB_03():
    """«Атакую в «Позорище»: «Шмель №1» → «Позорище»; «Шмель №2» → «Позорище».» (the canonical text): the
    second pair is the list's next item, a strike at the capital, not a move into the sector it stands in."""
    state = table(races=("trutni", "pozorki"), hand={"a": []},
                  pieces=[("shmel", "a", "capital-1"), ("shmel", "a", "capital-1")])  # Позорки go first
    text = "Атакую в «Позорище»: «Шмель №1» → «Позорище»; «Шмель №2» → «Позорище»."
    (attack,) = orders(text, state)
    assert [p.targets for p in attack.picks] == [("capital:capital-1",)] * 2


@pytest.mark.parametrize(("text", "kind"), [("Делаю добор", "draw"), ("Устраиваю штурм шахты-1", "attack"),
                                            ("Провожу перемещение: бодун из шахты-1 в рудник-1", "move")])
def test_a_verb_that_only_carries_an_order_noun_keeps_the_order(text, kind):
    assert _one(text, FIGHT).kind == kind
