"""More habits of forum writing the Tetranomicon reader's mechanisms know (the second blind round):
each test looks at one mechanism (`reading.words`, `reading.lines`, `reader`), so that a change
which breaks it names it. Whole lines as strangers write them are in the phrasing corpora."""

from __future__ import annotations

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


def _read(scene: str, text: str) -> tuple[list[str], list[tuple[int, str | None]]]:
    state, faction = SCENES[scene]()
    r = read_post_strict(text, state, faction)
    return [o.to_text() for o in r.orders], [(p.line, p.clause) for p in r.problems if p.severity is Severity.ERROR]


def test_a_dictionary_word_near_an_action_word_yields_to_an_action_said_right():
    concepts = [it for s in analyse("для начала строю ферму в озерске", *_vocab("epoch1")) for it in s.concepts]
    assert [c for c, _, _ in concepts] == ["v_build"]


def _vocab(scene: str):
    state, faction = SCENES[scene]()
    return vocabulary(material_for(state), tuple((f, p.name) for f, p in state.players.items())), faction


def test_a_dotted_short_form_of_a_pattern_word_before_its_number():
    assert ("tower", 3) in _items("epoch2", "каменец, б.3 - ферма")
    assert ("tower", 2) in _items("epoch2", "рудник в каменце, баш. 2")
    assert not any(kind == "tower" for kind, _ in _items("epoch2", "б 3 ферма каменец"))


def test_a_dot_before_a_number_after_a_name_cut_short_ends_no_sentence():
    assert ("mark", 3) in _items("epoch2", "ферма дубр. 3")
    assert ("mark", 2) in _items("epoch2", "рудник кам. 2")
    assert len(analyse("ферма в дубраве. 3 монеты осталось", *_vocab("epoch2"))) == 2


def test_a_segment_code_with_a_space_before_its_number():
    assert ("segment", "У12") in _items("epoch1", "участок у 12, маршрут")
    assert ("segment", "У5") in _items("epoch1", "маршрут у 5")
    assert not any(kind == "segment" for kind, _ in _items("epoch1", "у 3 замков нет башен"))


def test_buying_and_skipping_are_taking_and_passing():
    assert _read("epoch1", "Куплю Грифона") == (["Существо: «Грифон»"], [])
    assert _read("epoch1", "скипну ход") == (["Пас"], [])


def test_a_second_action_verb_after_and_is_a_second_action_not_dropped():
    two = [(1, "TET-GAP-27")]
    assert _read("epoch1", "Призываю Змея и прокладываю маршрут Каменец — Дубрава")[1] == two
    assert _read("epoch1", "Беру Грифона и иду на Перевал")[1] == two
    assert _read("epoch1", "Строю лесопилку в Броде и веду маршрут Каменец — Дубрава")[1] == two
    # one action said with two verbs stays one
    assert _read("epoch1", "Беру трофей и иду на Перевал") == (["Поход: Туманный Перевал"], [])


def test_the_poster_named_with_a_verb_in_any_tense_is_no_restated_state():
    assert _read("epoch1", "Сейчас Анна пойдёт в поход на Туманный Перевал") == (["Поход: Туманный Перевал"], [])
    assert _read("epoch1", "Теперь Анна построит лесопилку в Озёрске") == (["Строить: лесопилка, Озёрск"], [])
    assert _read("epoch1", "Сейчас Борис построит лесопилку в Озёрске\nПас") == (["Пас"], [])


def test_going_to_do_something_is_no_campaign():
    assert _read("epoch1", "Лесопилка в Броде, а я пошёл спать.") == (["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Пойду посмотрю, что там на Перевале. Лесопилка в Броде.") == (
        ["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Иду в поход на Перевал") == (["Поход: Туманный Перевал"], [])


def test_a_subjunctive_of_a_condition_that_does_not_hold_says_no_order():
    assert _read("broke", "Если бы было хоть четыре монеты, взял бы Гарпию… Пас.") == (["Пас"], [])
    assert _read("epoch1", "Взял бы Грифона, но денег нет. Пас") == (["Пас"], [])
    assert _read("epoch1", "Я бы взял Грифона.") == (["Существо: «Грифон»"], [])  # a polite order stays one


def test_a_plan_for_a_later_turn_says_no_order_but_until_then_does():
    assert _concepts("epoch3", "в следующей эпохе обязательно построю каменоломню.") == []
    assert _concepts("epoch1", "во второй эпохе построю рудник в северграде") == []
    assert _read("epoch2", "Во второй эпохе строю рудник в Дубраве") == (["Строить: рудник, Дубрава"], [])
    assert _read("epoch1", "Строю лесопилку в Броде, а в следующую эпоху — поход на Перевал.") == (
        ["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Пас до следующей эпохи!") == (["Пас"], [])


def _concepts(scene: str, norm: str) -> list[str]:
    state, faction = SCENES[scene]()
    vocab = vocabulary(material_for(state), tuple((f, p.name) for f, p in state.players.items()))
    return [c for s in analyse(norm, vocab, faction, state.epoch) for c, _, _ in s.concepts]


def test_a_dictionary_word_is_a_slip_of_an_action_word_only_in_the_same_part_of_speech():
    assert typo_form("сроить", True) is not None and typo_form("сторю", True) is not None
    assert typo_form("мастер", True) is None  # the GM, no «мастери»
    assert typo_form("начала", True) is None  # «для начала», no «напала»


def test_what_someone_else_has_said_with_a_pronoun_is_his():
    assert _read("epoch2", "Кирилл, у тебя Мантикора с опечаткой, но мастер её узнал\nПасую.") == (["Пас"], [])
    assert _read("epoch2", "У него Грифон, а я призываю Гарпию") == (["Существо: «Гарпия»"], [])


def test_a_slip_of_pass_in_a_short_line_needs_the_turn_or_to_stand_alone():
    assert _read("epoch1", "Попускаю ход") == (["Пас"], [])
    assert _read("epoch1", "Поняла, простите.\nТогда только маршрут Каменец — Дубрава.") == (
        ["Маршрут: Каменец — Дубрава"], [])


def test_what_a_rule_asks_for_is_no_order_but_what_the_poster_needs_is():
    assert _concepts("epoch1", "на тетраномикон нужно три артефакта, а у меня два") == []
    assert _items("epoch1", "лесопилке ж ферма нужна")[0][0] == "aside"
    assert _read("epoch2", "Нужен рудник в Каменце") == (["Строить: рудник, Каменец"], [])


def test_what_cannot_be_done_is_no_order():
    assert _concepts("epoch1", "без этого строить нельзя") == []


def test_a_payment_head_restates_what_the_price_is_made_of():
    assert _sentences_restating("epoch1", "плачу 6: трофей четвертого уровня и два чужих участка")
    assert _read("epoch1", "Поход на Перевал.\nПлачу 3: трофей и монстры.") == (["Поход: Туманный Перевал"], [])


def _sentences_restating(scene: str, norm: str) -> bool:
    state, faction = SCENES[scene]()
    vocab = vocabulary(material_for(state), tuple((f, p.name) for f, p in state.players.items()))
    return all(s.restating for s in analyse(norm, vocab, faction, state.epoch))


def test_a_role_play_line_in_italics_narrates_unless_it_says_a_whole_order():
    told = "[i]Змей выгибает спину и прокладывает русло от Речного Брода к нашим стенам.[/i]\nПас"
    assert _read("epoch1", told) == (["Пас"], [])
    assert _read("epoch1", "[i]У Анны в Броде уже стоят амбары.[/i]\nПас") == (["Пас"], [])
    assert _read("epoch1", "[i]Старейшина кричит: «Строим лесопилку в Броде!»[/i]") == (["Строить: лесопилка, Речной Брод"], [])
    # not in italics, the same broken order is an error
    assert _read("epoch1", "Змей прокладывает русло от Речного Брода к нашим стенам.\nПас")[1] != []


def test_a_creature_where_it_is_goes_nowhere():
    assert _read("epoch2", "Моя Саламандра греется у горна в Дубраве.\nПас") == (["Пас"], [])
    assert _read("epoch2", "Саламандра топает к Каменцу\nПас")[1] == [(1, "TET-ACT-02")]


def test_cards_the_poster_holds_named_with_no_order_verb_are_what_he_has():
    assert _read("epoch2", "Саламандра, Голем и Грифон — вот и вся моя армия, пять мечей.\nПас") == (["Пас"], [])
    assert _read("epoch3", "Итого: в Артефактуме один Компас, в Реликвиуме — один трофей.\nПас") == (["Пас"], [])
    assert _read("epoch2", "Гарпия") == (["Существо: «Гарпия»"], [])  # a card not held yet is taken


def test_a_question_to_oneself_between_alternatives_says_no_order():
    assert _read("epoch2", "Думаю вот, где рудник нужнее — в Дубраве или в Каменце...\nПас") == (["Пас"], [])
    assert _read("epoch2", "Рудник в Дубраве, или где там свободно") == (["Строить: рудник, Дубрава"], [])


def test_struck_out_words_written_again_are_taken_back():
    assert _read("epoch1", "[s]Призываю Речного Змея[/s] Призываю Грифона") == (["Существо: «Грифон»"], [])
    assert _read("epoch1", "Строю [s]ферму[/s] лесопилку в Броде") == (["Строить: лесопилка, Речной Брод"], [])


def test_an_update_line_with_a_whole_order_replaces_the_order_above():
    state, faction = SCENES["epoch1"]()
    r = read_post_strict("Лесопилка в Речном Броде.\nUPD: передумала — поход на Каменец.", state, faction)
    assert r.ok and [o.to_text() for o in r.orders] == ["Поход: Каменец"]
    assert r.lines[0].summary == "отменено обновлением в строке 2"
    assert _read("epoch1", "Лесопилка в Речном Броде.\nUPD: забыла сказать, привет всем") == (
        ["Строить: лесопилка, Речной Брод"], [])


def test_a_conditional_takes_the_first_branch_that_can_be_done():
    # the first branch can be done: it is the order; its pronoun points at what the condition named
    assert _read("epoch1", "Если Грифон ещё в пуле — беру его, иначе Змея.") == (["Существо: «Грифон»"], [])
    assert _read("epoch1", "Если участок У5 свободен, кладу туда маршрут, если нет — пас") == (
        ["Маршрут: Каменец — Дубрава"], [])
    # it cannot (one coin): the other branch, with the first's verb
    assert _read("broke", "Если хватит на Гарпию — беру её, иначе пас.") == (["Пас"], [])


def test_an_option_picked_after_a_list_of_options_is_the_order():
    assert _read("epoch1", "Либо ферма в Озёрске, либо маршрут У5. Выбираю маршрут.") == (["Маршрут: Каменец — Дубрава"], [])
    assert _read("epoch1", "Думаю: Грифон или поход на Перевал. Беру Грифона.") == (["Существо: «Грифон»"], [])


def test_an_order_inside_a_long_paragraph_is_read():
    chatter = "Всем добрый вечер, эпоха последняя, так что тянуть не буду: монстров там немного, " * 6
    text = chatter + "так что выступаю из Северграда на Туманный Перевал, дорогу не прокладываю, удачи всем"
    assert len(text) > 400
    assert _read("epoch1", text) == (["Поход: Туманный Перевал из Северграда"], [])


def test_a_refusal_after_the_infinitive_and_a_short_adjective_say_no_action():
    assert _concepts("epoch1", "тянуть не буду") == []
    assert _concepts("epoch1", "химера с грифоном это вытянут") == []


def test_a_correction_inside_the_line_replaces_the_part_of_its_shape():
    assert _read("epoch1", "Лесопилка в Озёрске, нет, в Броде") == (["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Маршрут У5, вернее У3") == (["Маршрут: Речной Брод — Дубрава"], [])
    assert _read("epoch1", "Призываю Змея, ой, Грифона") == (["Существо: «Грифон»"], [])
    assert _read("epoch1", "Лесопилку в Броде на 3ю башню, точнее на вторую") == (
        ["Строить: лесопилка, Речной Брод, башня 2"], [])


def test_a_correction_with_an_action_word_replaces_the_whole_order():
    assert _read("epoch1", "Поход на Перевал. Хотя нет, строю лесопилку в Броде") == (
        ["Строить: лесопилка, Речной Брод"], [])
    state, faction = SCENES["epoch1"]()
    r = read_post_strict("Строю лесопилку в Броде… нет, лучше призову Речного Змея.", state, faction)
    assert [o.to_text() for o in r.orders] == ["Существо: «Речной Змей»"]
    assert r.lines[0].text == "Строю лесопилку в Броде… нет, лучше призову Речного Змея."


def test_a_card_held_already_said_with_an_action_noun_as_an_order_is_still_refused():
    assert _read("epoch3", "Артефакт: Компас")[1] != []


def test_an_order_in_a_paragraph_too_long_to_read_is_an_error_not_dropped():
    text = "Всем привет, долго думала, что делать в этой эпохе, " * 40 + "строю лесопилку в Броде."
    assert _read("epoch1", text)[1] == [(1, "TET-ACT-02")]
    assert _read("epoch1", "Всем привет, погода сегодня чудесная, " * 60 + "\nПас") == (["Пас"], [])


def test_a_plan_goes_on_past_a_dash_until_now_is_spoken_of():
    assert _read("epoch2", "Призываю Гарпию, а потом, если останутся деньги, в следующей эпохе — Единорога") == (
        ["Существо: «Гарпия»"], [])
    assert _read("epoch1", "В следующей эпохе — рудник, а сейчас строю лесопилку в Броде") == (
        ["Строить: лесопилка, Речной Брод"], [])


def test_not_this_but_that_puts_that_in_the_place_of_this():
    assert _read("epoch1", "Лесопилка не в Озёрске, а в Броде") == (["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Призываю не Змея, а Грифона") == (["Существо: «Грифон»"], [])
    assert _read("epoch1", "Призываю Змея\nUPD: опечатка, не Змея, а Грифона") == (["Существо: «Грифон»"], [])


def test_a_castle_everyone_looks_at_and_a_wish_are_no_part_of_the_order():
    assert _read("epoch1", "Все смотрят на Перевал, а я строю лесопилку в Броде") == (["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Эх, на Перевал бы сходить... но пока строю лесопилку в Броде") == (
        ["Строить: лесопилка, Речной Брод"], [])
    assert _read("epoch1", "Я бы взял Грифона.") == (["Существо: «Грифон»"], [])
