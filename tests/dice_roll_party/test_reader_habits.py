"""Habits of forum writing the Dice Roll Party reader understands: each test names the habit and
checks the mechanism that reads it on lines of its own (the corpora hold the strangers' lines)."""

from __future__ import annotations

from test_reader_support import auction, build, defence, errors, handicap, orders, read, soak, turn

from letopis.engine.contract import LineStatus
from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Defence,
    Discard,
    Handicap,
    Pass,
    Reroll,
    Shift,
    Soak,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)


# --- sheets -----------------------------------------------------------------------------------------
def test_sheet_letters_typed_as_latin_look_alikes_DRP_SETUP_03():
    """«B2 A4»: the letters В, А, С of a sheet typed in the Latin layout are the same letters."""
    assert orders("П2: B2 A4 З3 Ф3\nП3: C3 A2 З4 Ф3", build()) == [
        Build(slot=2, time=2, attack=4, defence=3, form=3),
        Build(slot=3, time=3, attack=2, defence=4, form=3),
    ]


def test_sheet_letter_s_is_blue_time_DRP_SETUP_03():
    """«С3» (синих) counts time, as «В3» does."""
    assert orders("П1: С3 А3 З3 Ф3", build()) == [Build(slot=1, time=3, attack=3, defence=3, form=3)]


# --- boosts cut short -------------------------------------------------------------------------------
def test_boost_names_cut_short_in_a_list_are_read_and_noted_DRP_ATK_07():
    """«(подстр., превосх.)», «[стр, прев]»: a list of boosts after the attack, in brackets or
    after a comma, with each name cut short; every one is read, with a note saying how."""
    r = read("П1 → П2 соперника [подстр., превосх.]", turn())
    assert r.orders == [Attack(attacker=1, target=2, insurance=True, superiority=True)]
    assert [p.code for p in r.problems] == ["read.read_as", "read.read_as"]
    assert orders("П4 бьёт П2, кл+, стр", turn()) == [Attack(attacker=4, target=2, class_up=1, insurance=True)]


def test_defence_boosts_cut_short_after_a_heading_DRP_DEF_08():
    assert orders("Защ - погл, контр", defence(), "p2") == [Defence(counter=True, absorb_named=True)]
    assert orders("Защищаюсь: прев., кл+", defence(), "p2") == [Defence(class_up=1, superiority=True)]


def test_a_real_word_near_a_boost_name_in_role_play_is_no_boost_DRP_GEN_05():
    """«забыв страх» is neither «страховка» nor an unknown boost to complain about."""
    assert orders("Рыцарь, забыв страх, бьёт Вихря", turn()) == [Attack(attacker=1, target=2)]


def test_a_name_cut_short_at_the_head_of_an_order_is_still_the_character():
    """«Стр.» opening an arrow order is Страж; only inside a list of boosts is it «страховка»."""
    r = read("Стр. → П2", turn())
    assert [p.code for p in r.problems if p.is_error] == ["attack.no_time"]  # Страж (П3) has no time


# --- elliptical clauses -----------------------------------------------------------------------------
def test_a_clause_opening_with_its_verb_is_the_subject_s_of_the_clause_before_DRP_ATK_01():
    """«Рыцарь переносит синий на Лучницу и атакует Тень»: the attack is Рыцарь's."""
    assert orders("П4 получает 2 синих из хранилища и бьёт П1 врага", turn()) == [
        Add(slot=4, zone=Zone.TIME, count=2), Attack(attacker=4, target=1)]
    assert orders("Рыцарь перекладывает красный из защиты в атаку, затем атакует Вихря", turn()) == [
        Shift(slot=1, source=Zone.DEFENCE, count=1), Attack(attacker=1, target=2)]


def test_without_a_subject_before_the_attacker_is_still_asked_for_DRP_ATK_01():
    """«Добавляю 2 синих на П3 и атакую П1»: the first clause has no subject to carry over."""
    r = read("Добавляю 2 синих на П3 и атакую П1", turn())
    assert [p.code for p in r.problems if p.is_error] == ["read.attacker_ambiguous"]


def test_an_attack_clause_naming_nobody_retells_the_attack_before_it_DRP_ATK_04():
    """«… бросается на Тень и рубит со всей силы — урон +2»: the boost is the same attack's."""
    assert orders("Рыцарь бросается на Тень и рубит со всей силы — урон +2", turn()) == [
        Attack(attacker=1, target=1, damage=2)]


def test_a_class_asked_for_as_higher_or_listed_among_boosts_is_raised_DRP_DEF_03():
    """«класс повыше», «кубик побольше», or «класс» standing in a list of boosts: class up."""
    assert orders("Защищаюсь: превосходство и класс повыше", defence(), "p2") == [
        Defence(class_up=1, superiority=True)]
    assert orders("Защита: класс защиты и контра", defence(), "p2") == [Defence(class_up=1, counter=True)]
    assert orders("Атакую П2 первым, кубик побольше", turn()) == [Attack(attacker=1, target=2, class_up=1)]


def test_a_verbless_add_before_an_attack_is_an_order_of_its_own_DRP_RES_08():
    """«2 синих из хранилища на П4, и П4 бьёт П2»: the add is not the attack's target («на П4»)."""
    assert orders("Из хранилища 2 синих на П4 и П4 атакует П2", turn()) == [
        Add(slot=4, zone=Zone.TIME, count=2), Attack(attacker=4, target=2)]
    assert orders("Синий из хранилища Рыцарю, и Рыцарь бьёт Тень", turn()) == [
        Add(slot=1, zone=Zone.TIME, count=1), Attack(attacker=1, target=1)]


# --- who is the subject ------------------------------------------------------------------------------
def test_an_enemy_character_as_the_subject_is_an_error_not_a_swapped_attack_DRP_ATK_01():
    """«Молот Бориса атакует Лучницу»: the opponent's character attacks; never read as Лучница's
    attack on Молот."""
    r = read("Молот Бориса атакует Лучницу", turn())
    assert [(p.code, p.clause) for p in r.problems if p.is_error] == [("read.attack_enemy_subject", "DRP-ATK-01")]
    assert "«Молот»" in r.problems[0].message and "П2 атакует П4 соперника" in r.problems[0].hint
    assert not r.orders


def test_the_enemy_as_the_object_before_the_verb_is_still_the_target_DRP_ATK_01():
    """«Вихря бьёт Рыцарь» (the object first, in the accusative) and «Тень атакую Рыцарем»."""
    assert orders("Вихря бьёт Рыцарь", turn()) == [Attack(attacker=1, target=2)]
    assert orders("Тень атакую Рыцарем", turn()) == [Attack(attacker=1, target=1)]


# --- chatter around the orders ------------------------------------------------------------------------
def test_what_a_character_lacks_or_is_doing_is_chatter_DRP_GEN_05():
    """«Лучница без формы почти, зато 2 времени есть»: a state, not an order to fix."""
    r = read("Лучница без формы почти, зато 2 времени есть\nП1 → П2", turn())
    assert r.ok and r.lines[0].status is LineStatus.FLAVOUR and not [p for p in r.problems if p.line == 1]


def test_a_remark_before_the_builds_is_chatter_DRP_GEN_05():
    """«В третьем слоте было 11 токенов, поправила:» before the sheets: only a sheet is an order there."""
    post = "В третьем слоте было 11 токенов, поправила:\nП1: 3/4/2/3\nП2: 3/3/3/3\nП3: 3/2/2/5\nП4: 4/1/1/6"
    r = read(post, build(storage="30/30/30"))
    assert r.ok and len(r.orders) == 4 and not [p for p in r.problems if p.line == 1]


def test_a_sheet_inside_a_description_is_chatter_but_a_bare_sheet_is_noted_DRP_GEN_05():
    described = read("Страж у меня крепкий, 0/6/0/6.\nП1 → П2", turn())
    assert described.ok and not [p for p in described.problems if p.line == 1]
    bare = read("Страж: 0/6/0/6\nП1 → П2", turn())
    assert [p.code for p in bare.problems if p.line == 1] == ["read.sheet_status"]


def test_a_list_of_boosts_ends_with_its_sentence_DRP_DEF_08():
    """«Защита: класс+, контра. Всё время туда.»: the remark after the list is no unknown boost;
    «ничего» in the list is no boosts at all."""
    assert orders("Защита: класс+, контра. Всё время туда.", defence(), "p2") == [Defence(class_up=1, counter=True)]
    assert orders("Защита: ничего. Пробьёт — гашу 1.", defence(), "p2") == [Defence(presoak=1)]


# --- role-play verbs --------------------------------------------------------------------------------
def test_role_play_attack_verbs_and_a_second_past_verb_after_the_subject_DRP_ATK_01():
    """«Лучница вскинула лук и пронзила Вихря стрелой»: the second of two past verbs joined by «и»
    after the character is its order, told as a story; «сокрушает», «пронзила» are attack verbs."""
    assert orders("Лучница вскинула лук и пронзила Вихря стрелой", turn()) == [Attack(attacker=2, target=2)]
    assert orders("Рыцарь сжал меч и сокрушает Тень", turn()) == [Attack(attacker=1, target=1)]


def test_a_past_verb_in_a_subordinate_clause_is_still_a_story_DRP_GEN_05():
    r = read("Лучница помнит, как атаковала ворота крепости.\nП1 → П2", turn())
    assert r.ok and r.lines[0].status is LineStatus.FLAVOUR


# --- the step's question first ------------------------------------------------------------------------
def test_a_bid_said_with_another_verb_and_a_pass_said_after_the_verb_DRP_FIRST_04():
    """In the auction «Кладу 3», «Предлагаю три времени», «Готов отдать 4 за первый ход» are bids;
    «Ставить больше не буду» is a pass (D3)."""
    for post in ("Кладу 3", "Предлагаю три времени", "Готов отдать 4 времени за право первого хода"):
        assert len(orders(post, auction(bid=2, leader="p2"))) == 1, post
    assert orders("Кладу 3", auction(bid=2, leader="p2")) == [Bid(amount=3)]
    assert orders("Ставить больше не буду.", auction(bid=2, leader="p2")) == [Pass()]
    assert orders("ставлю ноль", auction()) == [Bid(amount=0)]


def test_a_defence_inside_role_play_with_another_verb_DRP_DEF_08():
    """«Страж поднимает щит и уходит в оборону: страховка, контра» in the defender's step is the
    defence, though «уходит» is also a verb of moving tokens; «если выдержит, контратакую» is a
    condition, not a soak."""
    assert orders("Страж поднимает щит и уходит в оборону: страховка, контра", defence(), "p2") == [
        Defence(insurance=True, counter=True)]
    assert orders("Вихрь выставляет щит: класс+ — и если выдержит, контратакую!", defence(), "p2") == [
        Defence(class_up=1, counter=True)]


def test_a_soak_said_with_a_verb_of_another_order_DRP_DMG_03():
    """«Плачу одно время, остальное пусть снимает с формы»: «снимает» is not the handicap here."""
    assert orders("Плачу одно время, остальное пусть снимает с формы", soak(), "p2") == [Soak(amount=1)]


# --- soak answers in words ------------------------------------------------------------------------
def test_keeping_the_time_or_sending_it_all_to_the_form_is_no_soak_DRP_DMG_03():
    """«Времени не трачу, пусть всё идёт в форму», «Весь урон в форму», «Вихрь принимает удар на
    себя, ни одного времени не отдаю»: the hit character pays nothing with time."""
    for post in ("Времени не трачу, пусть всё идёт в форму", "Весь урон в форму",
                 "Вихрь стерпел удар, не потратив ни капли времени"):
        assert orders(post, soak(), "p2") == [Soak(amount=0)], post


def test_as_much_as_i_can_is_the_hit_character_s_time_DRP_DMG_03():
    """«Гашу сколько смогу», «Отдаю всё время»: as much of the damage as its time pays (Вихрь has 2
    of 4); a plain «гашу всё» still asks for all the damage, and is refused with the limit."""
    assert orders("Гашу сколько смогу", soak(), "p2") == [Soak(amount=2)]
    assert orders("Отдаю всё время", soak(), "p2") == [Soak(amount=2)]
    assert [p.code for p in read("Гашу весь урон", soak(), "p2").problems if p.is_error] == ["soak.exceeds_time"]


# --- lists under one preposition, and where «по» stops ---------------------------------------------
def test_ordinals_listed_under_one_preposition_are_characters_DRP_FIRST_05():
    """«по одному времени с первого, второго и четвёртого»: each ordinal is a character."""
    assert orders("Фора: по одному времени с первого, второго и четвёртого.", handicap(3)) == [
        Handicap(takes=((1, 1), (2, 1), (4, 1)))]


def test_a_distributive_stops_where_an_amount_of_its_own_begins_DRP_FIRST_05():
    """«по одному с первого и второго, и 2 с четвёртого»: the «2» is said once, of П4 only."""
    assert orders("Снимаю по одному с первого и второго, и 2 с четвёртого", handicap(4)) == [
        Handicap(takes=((1, 1), (2, 1), (4, 2)))]
    assert orders("По одному времени с П1 и П2, а с П4 ещё одно", handicap(3)) == [
        Handicap(takes=((1, 1), (2, 1), (4, 1)))]


def test_the_amount_before_a_dash_and_the_character_DRP_FIRST_05():
    assert orders("Все три времени — с П4", handicap(3)) == [Handicap(takes=((4, 3),))]


# --- a discard told in other words -------------------------------------------------------------------
def test_tokens_named_before_a_draw_are_the_discard_DRP_RES_09():
    """«Швыряю 3 зелёных в огонь и тащу из мешка столько же»: whatever the verb, tokens sent off
    before a draw from the bag are what the reroll discards."""
    assert orders("Швыряю 3 зелёных в огонь и тащу из мешка столько же", turn()) == [
        Reroll(discards=(Discard(colour=Colour.GREEN, count=3),))]


def test_tokens_put_into_the_bag_are_a_discard_DRP_RES_09():
    assert orders("Отправляю 2 красных из хранилища в мешок", turn()) == [
        Reroll(discards=(Discard(colour=Colour.RED, count=2),))]


def test_a_draw_alone_is_still_refused_DRP_RES_09():
    assert [p.code for p in read("Добираю 2", turn()).problems if p.is_error] == ["read.draw_alone"]


# --- builds told as a story --------------------------------------------------------------------------
def test_a_build_told_as_a_story_names_its_character_as_it_is_called_DRP_SETUP_02():
    """«В первый слот Вера поставила Кузнеца», «Во второй — Пахаря», «Третьим встал Монах»: the
    slot from the ordinal, the name without the verbs, the prepositions and the player's own name,
    in the nominative."""
    post = ("В первый слот Анна поставила Кузнеца: 3/4/2/3.\nВо второй — Пахаря, 5/2/1/4.\n"
            "Третьим встал Монах: 4/2/2/4.\nВо второй слот ставлю Ведьму — 1/2/2/7")
    got = orders(post.rsplit("\n", 1)[0], build(storage="30/30/30"))
    assert [(b.slot, b.name) for b in got] == [(1, "Кузнец"), (2, "Пахарь"), (3, "Монах")]
    assert orders(post.rsplit("\n", 1)[1], build()) == [Build(slot=2, time=1, attack=2, defence=2, form=7,
                                                                 name="Ведьма")]


# --- phase 1 told in other words ------------------------------------------------------------------------
def test_an_exchange_told_as_giving_then_taking_DRP_RES_06():
    """«Рыцарь сдаёт 1 форму в хранилище, а взамен получает синий»: one exchange, not two adds."""
    assert orders("Рыцарь сдаёт 1 форму в хранилище, а взамен получает синий", turn()) == [
        SwapStorage(slot=1, give=Zone.FORM, take=Zone.TIME, count=1)]


def test_tokens_given_into_the_storage_are_a_return_not_an_add_DRP_GAP_09():
    r = read("П2 сдаёт в хранилище 2 формы", turn())
    assert [p.code for p in r.problems if p.is_error] == ["return.disabled"]


def test_a_red_token_from_a_zone_named_after_it_DRP_GAP_14():
    """«первый отдаёт красный из атаки, четвёртый — зелёный»: the red leaves the attack."""
    assert orders("П1 и П2 меняются: первый отдаёт красный из атаки, второй — зелёный.", turn()) == [
        SwapCharacters(a=1, a_zone=Zone.ATTACK, b=2, b_zone=Zone.FORM, a_lands=Zone.ATTACK, b_lands=Zone.FORM)]


def test_strengthening_a_character_with_tokens_is_an_add_DRP_RES_08():
    """«Подкрепляю Стража двумя красными в защиту», «Усиливаю первого двумя синими и тремя
    зелёными»; «Усиливаю атаку: класс+» stays a boost."""
    assert orders("Подкрепляю Стража двумя красными в защиту", turn()) == [Add(slot=3, zone=Zone.DEFENCE, count=2)]
    assert orders("Усиливаю второго тремя зелёными и синим из хранилища", turn()) == [
        Add(slot=2, zone=Zone.FORM, count=3), Add(slot=2, zone=Zone.TIME, count=1)]
    assert [p.code for p in read("Усиливаю атаку: класс+", turn()).problems] == ["read.boosts_alone"]


def test_an_attack_named_as_a_noun_inside_a_request_DRP_ATK_01():
    assert orders("Прошу учесть атаку Рыцаря по Вихрю, страховка", turn()) == [
        Attack(attacker=1, target=2, insurance=True)]


def test_the_sheet_letters_around_an_arrow_are_the_red_zones_DRP_RES_05():
    assert orders("П2 з > а 2", turn()) == [Shift(slot=2, source=Zone.DEFENCE, count=2)]


def test_another_order_in_a_decision_step_is_still_that_order_out_of_its_step_DRP_GEN_03():
    """The step's question comes first only for a sentence that acts on nothing else: «П2 атакует
    П1 соперника, класс+» in the defender's step is an attack (refused: not its step), never a
    defence with a class up; «Добавляю 2 красных» in the auction is no bid."""
    for post in ("П2 атакует П1 соперника, класс+", "Переношу синий с П1 на П2, страховка"):
        assert [p.code for p in read(post, defence(), "p2").problems if p.is_error] == ["step.wrong_kind"], post
    assert [p.code for p in read("Добавляю 2 красных", auction(bid=2, leader="p2")).problems
            if p.is_error] == ["step.wrong_kind"]


def test_a_verb_in_the_first_person_takes_no_subject_from_the_clause_before_DRP_RES_07():
    """«П2 → П1. Переношу синий на П3»: «переношу» is the player's; the source is asked for, not
    taken from the attack before it."""
    r = read("П2 → П1. Переношу синий на П3", turn())
    assert "read.transfer_chars" in [p.code for p in r.problems if p.is_error]


# --- where tokens come from and go to ----------------------------------------------------------------
def test_a_place_named_before_the_tokens_is_where_a_discard_comes_from_DRP_RES_09():
    """«Выкидываю из П2 3 формы», «С Рыцаря в мешок 1 синий»: the character said before the tokens
    gives them, never the storage; a place said after each still wins when none is said first."""
    assert orders("Выкидываю из П2 3 формы", turn()) == [
        Reroll(discards=(Discard(slot=2, zone=Zone.FORM, count=3),))]
    assert orders("С Рыцаря в мешок 1 синий", turn()) == [
        Reroll(discards=(Discard(slot=1, zone=Zone.TIME, count=1),))]
    assert orders("Сбрасываю 2 красных из хранилища, 1 атаку с П2", turn()) == [
        Reroll(discards=(Discard(colour=Colour.RED, count=2), Discard(slot=2, zone=Zone.ATTACK, count=1)))]
    assert orders("Из хранилища сбрасываю в мешок 1 синий, 1 атаку с П2", turn()) == [
        Reroll(discards=(Discard(colour=Colour.BLUE, count=1), Discard(slot=2, zone=Zone.ATTACK, count=1)))]


def test_a_red_zone_said_to_go_to_the_other_red_zone_is_a_shift_DRP_RES_05():
    """«Лучнице пару атак в защиту»: a name in the dative with tokens usually gets them from the
    storage, but a red zone sent to the other red zone moves inside the character."""
    assert orders("Лучнице пару атак в защиту", turn()) == [Shift(slot=2, source=Zone.ATTACK, count=2)]
    assert orders("Лучнице 2 красных в защиту", turn()) == [Add(slot=2, zone=Zone.DEFENCE, count=2)]


def test_the_red_zone_of_an_add_said_apart_from_the_tokens_DRP_RES_08():
    """«Кладу Стражу 2 красных, в защиту», «В защиту Лучнице 2 красных из хранилища»: the one red
    zone said with «в» anywhere on the line is where the reds land."""
    assert orders("Кладу Стражу 2 красных, в защиту", turn()) == [Add(slot=3, zone=Zone.DEFENCE, count=2)]
    assert orders("В защиту Лучнице 2 красных из хранилища", turn()) == [Add(slot=2, zone=Zone.DEFENCE, count=2)]


def test_words_between_a_count_and_its_tokens_keep_the_count_DRP_RES_07():
    """«все три своих синих»: «свои», «все», «оставшиеся» between the number and the colour."""
    assert orders("Рыцарь отдаёт Лучнице все три своих синих", turn()) == [
        Transfer(source=1, target=2, zone=Zone.TIME, lands=Zone.TIME, count=3)]


def test_an_opponent_s_character_in_phase_one_breaks_the_operation_s_own_clause():
    """Each operation of Phase 1 says whose characters it touches: an add puts tokens on one's own
    (DRP-RES-08), a shift moves them inside one's own (DRP-RES-05)."""
    assert [(p.code, p.clause) for p in errors("Добавляю Тени 2 синих", turn())] == [
        ("read.char_not_yours", "DRP-RES-08")]
    assert [(p.code, p.clause) for p in errors("Сдвигаю у Тени 1 атаку в защиту", turn())] == [
        ("read.char_not_yours", "DRP-RES-05")]


def test_swapping_for_random_tokens_is_a_reroll_while_time_is_left_DRP_RES_09_DRP_RES_12():
    """«меняю … на случайные» is the emergency exchange only when no time is left anywhere
    (DRP-RES-12); while the player has time it is a discard and draw."""
    assert orders("Меняю 3 зелёных из хранилища на случайные", turn()) == [
        Reroll(discards=(Discard(colour=Colour.GREEN, count=3),))]
    no_time = {"mine": ("0/4/2/3", "0/2/2/7", "0/6/0/6", "0/1/1/6"), "storage": "10/0/10"}
    r = read("Меняю 3 зелёных из хранилища на случайные. Если синего не придёт — пропускаю", turn(**no_time))
    assert [o.kind for o in r.orders] == ["emergency"]
    assert [p.code for p in r.problems if p.is_error] == []


# --- numbers told as words ------------------------------------------------------------------------------
def test_the_names_of_digits_count_DRP_DMG_03():
    """«единицу временем», «тройку синих»: the digit's noun is its number; «единственное время»
    before a token is one; a die's «двойка» in talk stays talk."""
    assert orders("Ну хоть урон погашу: единицу временем.", soak(), "p2") == [Soak(amount=1)]
    assert orders("Кладу Рыцарю тройку синих", turn()) == [Add(slot=1, zone=Zone.TIME, count=3)]
    assert orders("Без усилений, если пробьёт гашу единственное время", defence(), "p2") == [Defence(presoak=1)]
    assert [p.code for p in read("Выпала двойка, обидно", soak(), "p2").problems] == ["post.no_orders"]


# --- the auction in other words ---------------------------------------------------------------------------
def test_a_raise_by_an_amount_is_over_the_standing_bid_DRP_FIRST_04():
    """«Поднимаю на один», «Повышаю ещё на два», «+1 к ставке» add to the standing bid;
    «Поднимаю до пяти» names the bid itself."""
    state = auction(bid=2, leader="p2")
    assert orders("Поднимаю на один.", state) == [Bid(amount=3)]
    assert orders("Повышаю ещё на два", state) == [Bid(amount=4)]
    assert orders("+1 к ставке", state) == [Bid(amount=3)]
    assert orders("Поднимаю до пяти", state) == [Bid(amount=5)]


def test_an_amount_asked_back_is_no_bid_and_one_before_a_dash_is_DRP_FIRST_04():
    """«Одно? Смешно. Даю два.»: the rival's amount repeated as a question is talk; «Четыре — и ни
    синим больше» opens with the bid."""
    state = auction(bid=1, leader="p2")
    assert orders("Одно? Смешно. Даю два.", state) == [Bid(amount=2)]
    assert [p.code for p in read("Пять?", state).problems] == ["post.no_orders"]
    assert orders("Четыре — и ни синим больше :)", state) == [Bid(amount=4)]


# --- names ------------------------------------------------------------------------------------------------
def test_a_shared_name_with_a_slot_beside_it_is_that_character_DRP_GEN_02():
    """«Страж (П2)», «Стражу П3»: the slot said right after a name two characters share picks one;
    a bare «Страж» stays ambiguous, and so does a slot that is none of them."""
    twins = turn(mine=("3/4/2/3", "1/2/2/7", "0/6/0/6", "4/1/1/6"), names=("Рыцарь", "Страж", "Страж", "Лучница"))
    assert orders("Страж (П2) бьёт Тень", twins) == [Attack(attacker=2, target=1)]
    assert orders("Переношу форму со Стража (П2) на Стража П3", twins) == [
        Transfer(source=2, target=3, zone=Zone.FORM, lands=Zone.FORM)]
    for post in ("Добавляю синий Стражу", "Страж (П4) бьёт Тень"):
        assert [p.code for p in errors(post, twins)] == ["read.char_ambiguous"], post


# --- the handicap in other words ----------------------------------------------------------------------------
def test_the_handicap_told_as_giving_or_paying_DRP_FIRST_05():
    """«два времени отдаёт Рыцарь, одно — Лучница», «П4 платит три синих»: in the handicap step a
    character with an amount is the time it gives, whatever the verb and wherever the number."""
    assert orders("Фору плачу так: два времени отдаёт Рыцарь, одно — Лучница.", handicap(3)) == [
        Handicap(takes=((1, 2), (2, 1)))]
    assert orders("Рыцарь отдаёт в хранилище все свои три синих", handicap(3)) == [Handicap(takes=((1, 3),))]
    assert orders("П4 платит три синих", handicap(3)) == [Handicap(takes=((4, 3),))]
    assert orders("Рыцарь отдаёт 2, четвёртый 1", handicap(3)) == [Handicap(takes=((1, 2), (4, 1)))]
    assert orders("Три времени отдаст четвёртый", handicap(3)) == [Handicap(takes=((4, 3),))]


def test_leaving_the_handicap_to_the_default_DRP_GAP_29():
    """«Снимайте как по умолчанию, мне всё равно» takes the time as the deadline would, and says so."""
    r = read("Снимайте как по умолчанию, мне всё равно", handicap(3))
    assert r.orders == [Handicap(takes=((1, 1), (4, 2)))]
    assert [p.code for p in r.problems] == ["answer.handicap_default"]
    assert [p.code for p in read("Привет всем", handicap(3)).problems] == ["post.no_orders"]


# --- the shortest attacks ------------------------------------------------------------------------------------
def test_two_slots_opening_a_line_are_the_attacker_and_the_target_DRP_ATK_01():
    """«п1 п2 страховка, класс+», «1 -> 3 страховка», «2->4»: the attack with no verb, the attacker
    first; two slots with tokens after them are no attack."""
    assert orders("п1 п2 страховка, класс+", turn()) == [Attack(attacker=1, target=2, insurance=True, class_up=1)]
    assert orders("1 -> 3 страховка", turn()) == [Attack(attacker=1, target=3, insurance=True)]
    assert orders("2->4", turn()) == [Attack(attacker=2, target=4)]
    assert not any(o.kind == "attack" for o in read("П2 П3 2 синих", turn()).orders)


def test_an_attack_after_talk_of_the_first_move_is_an_attack_DRP_GAP_04():
    """«Первый ход, так что без наворотов: П4 → П2»: talk of the first move with an attack after it
    is that attack; «Первым ходит Борис» alone stays talk."""
    assert orders("Первый ход у меня, П1 → П3 страховка", turn()) == [Attack(attacker=1, target=3, insurance=True)]
    assert [p.code for p in read("Первым ходит Борис", turn()).problems] == ["read.first_move", "post.no_orders"]


def test_keeping_the_time_for_later_is_no_soak_DRP_DMG_03():
    """«пусть ест форму, время берегу», «Синие приберегу»: time kept for later is not paid now; an
    amount said beside it still is."""
    assert orders("пусть ест форму, время берегу", soak(), "p2") == [Soak(amount=0)]
    assert orders("Синие приберегу, пусть бьёт", soak(), "p2") == [Soak(amount=0)]
    assert orders("Гашу 1, остальное время берегу", soak(), "p2") == [Soak(amount=1)]


# --- talk around a reaction ------------------------------------------------------------------------------------
def test_the_counterattack_named_in_a_soak_post_is_the_blow_not_a_boost_DRP_DMG_03():
    """«Контра, ну-ну. Гашу 2 временем.»: in the soaker's step the counterattack alone names what
    hit him; another boost there is still out of its step."""
    assert orders("Контра, ну-ну. Гашу 2 временем.", soak(), "p2") == [Soak(amount=2)]
    assert [p.code for p in errors("Контра. Страховка. Гашу 1", soak(), "p2")] == ["read.boosts_wrong_side"]


def test_a_verb_said_to_someone_else_is_no_order_DRP_DEF_08():
    """«Ну ты даёшь, Борис! Беру страховку.»: a verb after «ты»/«вы» tells what another does (or is
    an idiom), so it neither makes an order nor keeps the boosts beside it from being the defence."""
    assert orders("Ну ты даёшь, Борис! Беру страховку.", defence(), "p2") == [Defence(insurance=True)]
    assert orders("Вы атакуете Рыцаря, а я гашу 1", soak(), "p2") == [Soak(amount=1)]


def test_an_attacker_the_player_does_not_have_is_named_in_the_error_DRP_ATK_01():
    """«Мечник бьёт Тень», «Лукарь бьёт Тень»: a name before the attack verb that is none of the
    player's characters (nor a slip of one) is told as such, with the names he has; a slip still
    reads and a pronoun is still asked about."""
    [p] = errors("Мечник бьёт Тень", turn())
    assert (p.code, p.message, p.hint) == ("read.char_unknown", "Персонажа «Мечник» у вас нет.",
                                           "ваши персонажи: П1 «Рыцарь», П2 «Лучница», П3 «Страж», П4")
    assert [p.code for p in errors("Лукарь бьёт Тень", turn())] == ["read.char_unknown"]
    assert orders("Лучнеца бьёт Тень", turn()) == [Attack(attacker=2, target=1)]
    assert [p.code for p in errors("Он бьёт Тень", turn())] == ["read.attacker_ambiguous"]


def test_a_move_said_not_to_be_made_is_no_order_and_holds_none_DRP_RES_01():
    """«Не буду ничего добавлять, Рыцарь бьёт Тень», «Переносить форму не стану»: a move of tokens
    said not to be made gives no order and does not swallow the attack after it; «ни одного
    синего — экстренный обмен» negates the blue, not the exchange."""
    assert orders("Не буду ничего добавлять, Рыцарь бьёт Тень", turn()) == [Attack(attacker=1, target=1)]
    assert orders("Переносить форму не стану. Рыцарь бьёт Тень", turn()) == [Attack(attacker=1, target=1)]
    assert orders("Добавлять не буду, П2 бьёт П1", turn()) == [Attack(attacker=2, target=1)]
    assert orders("Добавляю Рыцарю синий, Рыцарь бьёт Тень", turn()) == [
        Add(slot=1, zone=Zone.TIME, count=1), Attack(attacker=1, target=1)]
