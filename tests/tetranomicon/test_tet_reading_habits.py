"""Habits of forum writing the Tetranomicon reader's mechanisms know (`reading.lines`,
`reading.frames`, `reader`): each test looks at one mechanism, so that a change which breaks it
names it. Whole lines as strangers write them are in the phrasing corpora."""

from __future__ import annotations

from letopis.engine.contract import LineStatus
from letopis.engine.problems import Severity
from rulesets.tetranomicon.data import material_for
from rulesets.tetranomicon.reader import read_post_strict
from rulesets.tetranomicon.reading.lines import analyse
from rulesets.tetranomicon.reading.words import typo_form, vocabulary
from tests.phrasings.scenes_tetranomicon import SCENES


def _items(scene: str, norm: str) -> list[tuple[str, object]]:
    state, faction = SCENES[scene]()
    vocab = vocabulary(material_for(state), tuple((f, p.name) for f, p in state.players.items()))
    return [(it.kind, it.value) for s in analyse(norm, vocab, faction) for it in s.items]


def test_a_bare_number_ending_a_castle_phrase_is_a_tower():
    assert ("mark", 4) in _items("epoch2", "шахта дубрава 4")
    assert ("mark", 2) in _items("epoch2", "шахта в дубраве, 2.")
    assert ("mark", 3) in _items("epoch2", "каменец 3 - ферма")


def test_a_number_that_goes_on_to_a_noun_is_no_tower():
    items = _items("epoch2", "строю ферму в каменце 4 монеты")
    assert ("num", 4) in items and not any(kind == "mark" for kind, _ in items)


def test_a_source_said_as_an_afterthought_behind_a_comma_is_a_source():
    items = _items("epoch2", "строю рудник в каменце, лесопилка своя, из дубравы")
    assert ("source", ("sawmill", "dubrava")) in items


def test_a_comma_without_from_starts_no_source():
    items = _items("epoch2", "строю рудник в каменце, лесопилка, дубрава")
    assert not any(kind == "source" for kind, _ in items)


def test_a_long_card_name_shortened_to_its_noun_is_that_card_where_a_card_is_taken():
    assert ("card", "A1-5") in _items("epoch2", "куем кубок, третий слот")
    assert ("card", "C1-6") in _items("epoch2", "вызываю голема")


def test_a_card_noun_elsewhere_stays_a_word():
    assert not any(kind == "card" for kind, _ in _items("epoch2", "ставлю ферму в каменце, кубок подождет"))


def test_bookkeeping_behind_a_spaced_dash_is_not_read_but_a_glued_dash_joins():
    assert ("num", 4) not in _items("epoch2", "мастера куют кубок - цена 4")
    assert ("card", "A1-5") in _items("epoch2", "мастера куют кубок - цена 4")
    assert [kind for kind, _ in _items("epoch2", "маршрут брод-дубрава")] == ["concept", "castle", "sym", "castle"]


def _sentences(scene: str, norm: str):
    state, faction = SCENES[scene]()
    vocab = vocabulary(material_for(state), tuple((f, p.name) for f, p in state.players.items()))
    return analyse(norm, vocab, faction)


def _concepts(scene: str, norm: str) -> list[str]:
    return [c for s in _sentences(scene, norm) for c, _, _ in s.concepts]


def test_a_verb_of_chatter_speaks_for_its_own_phrase_only():
    assert _sentences("epoch2", "извини, глеб, но ферма в каменце будет моей")[0].verbless
    assert _sentences("epoch2", "делаю ход: гарпия")[0].verbless
    assert not _sentences("epoch2", "моя лесопилка в дубраве скрипит, но работает")[0].verbless


def test_a_parenthetical_word_leaves_its_phrase_whole():
    assert not _sentences("epoch2", "лесопилка в дубраве, надеюсь, выдержит")[0].verbless
    assert _sentences("epoch2", "лесопилка, думаю, в дубраве")[0].verbless


def test_an_action_noun_narrated_about_someone_else_says_no_order():
    assert _concepts("epoch2", "эх, поход на чернолесье уже объявила вера") == []
    assert _concepts("epoch2", "вера объявила поход, а я поход на чернолесье") == ["v_campaign"]
    assert not _sentences("epoch2", "вера построила ферму в каменце, лесопилку в дубраве")[0].verbless


def test_an_action_noun_in_a_negated_phrase_says_no_order():
    assert _concepts("epoch2", "маршрут не нужен") == []
    assert _concepts("epoch2", "пас за меня не ставьте") == []


def test_an_action_noun_after_a_preposition_of_circumstance_says_no_order():
    assert _concepts("epoch2", "кубок первой победы в честь первого трофея") == []
    assert _concepts("epoch2", "вместо похода строю рудник") == ["v_build"]


def test_the_reflexive_of_an_action_verb_is_no_slip_of_it():
    assert typo_form("освободилась", True) is None
    assert typo_form("сроить", True) == ("v_build", "строить")


def test_an_order_after_a_restating_colon_head_is_read_but_a_holding_head_restates_all():
    assert _concepts("epoch2", "теперь хватает: поход на чернолесье") == ["v_campaign"]
    assert _sentences("epoch2", "у меня: ферма в броде, маршрут у3")[0].restating


def test_two_cards_in_one_line_are_two_actions_tet_gap_27():
    state, faction = SCENES["epoch2"]()
    r = read_post_strict("Беру Мантикору и Единорога", state, faction)
    assert [(p.code, p.clause) for p in r.problems if p.severity is Severity.ERROR] == [("read.two_cards", "TET-GAP-27")]


def test_a_creature_narrated_in_its_phrase_is_a_character_unless_sent_somewhere():
    told = _sentences("epoch2", "грифон шепчет, что в каменце тихо")[0]
    assert told.narrated_cards() == {0}
    sent = _sentences("epoch2", "голем топает к каменцу")[0]
    assert sent.narrated_cards() == set()


def test_one_action_said_again_on_a_later_line_is_one_action():
    state, faction = SCENES["epoch1"]()
    r = read_post_strict("Поход на Перевал!\nВыступаю на Туманный Перевал из Северграда.", state, faction)
    assert r.ok and [o.to_text() for o in r.orders] == ["Поход: Туманный Перевал из Северграда"]
    assert [x.summary for x in r.lines] == ["то же действие, что в строке 2", "Поход: Туманный Перевал из Северграда"]
    r = read_post_strict("Выступаю на Туманный Перевал из Северграда.\nПоход на Перевал!", state, faction)
    assert [x.summary for x in r.lines] == ["Поход: Туманный Перевал из Северграда", "то же действие, что в строке 1"]
    r = read_post_strict("Поход на Перевал!\nПоход на Каменец.", state, faction)
    assert [(p.line, p.clause) for p in r.problems if p.severity is Severity.ERROR] == [(2, "TET-GAP-27")]


def test_take_with_nothing_to_take_says_no_action():
    state, faction = SCENES["epoch2"]()
    r = read_post_strict("Призываю Гарпию\nПора забирать славу!", state, faction)
    assert r.ok and r.lines[1].status is LineStatus.FLAVOUR
    r = read_post_strict("Забираю Гарпию", state, faction)
    assert r.ok and [o.to_text() for o in r.orders] == ["Существо: «Гарпия»"]


def test_a_list_of_holdings_goes_on_past_its_first_piece():
    assert not any(kind in ("building", "castle") for kind, _ in
                   _items("epoch2", "лесопилка у меня в дубраве, ферма в броде, рудника пока нет"))
    assert ("building", "mine") in _items("epoch2", "у меня 12 монет, рудник в каменце")
    assert ("building", "mine") in _items("epoch2", "у меня ферма в броде, строю рудник в каменце")


def test_a_dash_between_numbers_is_a_minus():
    assert _items("epoch2", "строю рудник в каменце, 4 - 1 = 3") == [
        ("concept", None), ("building", "mine"), ("word", None), ("castle", "kamenets"), ("sym", None)]


def test_a_reckoning_of_what_the_poster_has_gives_way_to_the_order_said():
    state, faction = SCENES["epoch2"]()  # Борис has a farm in Речной Брод
    r = read_post_strict("Ферма в Броде, 4 - 1 = 3\nСтрою рудник в Каменце", state, faction)
    assert r.ok and [o.to_text() for o in r.orders] == ["Строить: рудник, Каменец"]
    assert r.lines[0].status is LineStatus.FLAVOUR
    r = read_post_strict("Ферма в Каменце, 4 - 1 = 3\nСтрою рудник в Каменце", state, faction)
    assert [(p.line, p.clause) for p in r.problems if p.severity is Severity.ERROR] == [(2, "TET-GAP-27")]
    r = read_post_strict("Ферма в Каменце, 4 - 1 = 3", state, faction)
    assert r.ok and [o.to_text() for o in r.orders] == ["Строить: ферма, Каменец"]


def test_a_line_of_game_objects_alone_is_an_order_or_an_error():
    state, faction = SCENES["epoch1"]()
    r = read_post_strict("Грифон и Речной Змей.", state, faction)
    assert [(p.code, p.clause) for p in r.problems] == [("read.two_cards", "TET-GAP-27")]
    r = read_post_strict("Брод — Каменец", state, faction)
    assert [p.clause for p in r.problems] == ["TET-MAP-01"]


def test_a_personal_name_that_is_no_player_is_someone_else_too():
    assert _concepts("epoch2", "эх, трофей каменца уже увела ольга") == []
    assert _concepts("epoch2", "никита построил ферму в каменце") == []
    assert _concepts("epoch2", "построил ферму в каменце") == ["v_build"]


def test_someone_elses_objects_fill_no_slot_of_the_posters_order():
    items = _items("epoch2", "анна строит в северграде, а я - рудник в каменце")
    assert ("aside", "severgrad") in items and ("castle", "kamenets") in items
    items = _items("epoch2", "пока анна думает, маршрут брод - дубрава")
    assert ("castle", "rechnoy_brod") in items and ("castle", "dubrava") in items


def test_a_card_told_of_beside_another_card_is_no_card_of_the_order():
    items = _items("epoch2", "кирка глубин подождет, беру печать")
    assert ("aside", "A2-4") in items and ("card", "A1-3") in items
    assert ("card", "C1-4") in _items("epoch2", "грифон рычит, призываю его")


def test_a_person_after_a_preposition_is_no_subject_and_the_poster_in_any_case_is_the_poster():
    assert _sentences("epoch2", "как договаривались с верой, ферма в каменце")[0].verbless
    assert _sentences("epoch2", "вера просила не строить, но ферма в каменце нужна мне")[0].verbless


def test_sources_may_follow_in_the_next_sentence():
    sentences = _sentences("epoch3", "каменоломня: дубрава, башня 4. ферма - озерск, рудник - каменец.")
    assert [it.value for it in sentences[1].items if it.kind == "source"] == [("farm", "ozyorsk"), ("mine", "kamenets")]


def test_a_card_the_poster_has_named_with_no_card_word_is_no_card_to_take():
    state, faction = SCENES["epoch1"]()  # Анна has Горный Тролль
    r = read_post_strict("На Каменец! Тролль, вперёд!", state, faction)
    assert not r.orders and [p.code for p in r.problems] == ["read.unreadable"]
