"""The shared reading core: clauses, everyday answers, names, frames, copied quotes, the no-order
rule. Every ruleset's reader stands on these, so each promise is tested here once."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from letopis.engine.answers import Answer, answer_of_post, everyday_answer
from letopis.engine.clauses import (
    Part,
    direct_speech,
    find_repeat,
    group_word,
    pronoun,
    split_clauses,
    subject_scopes,
)
from letopis.engine.contract import LineReading, LineStatus, Reading
from letopis.engine.frames import (
    AMOUNT,
    CELL,
    ENEMY,
    OWN,
    ROLE_TO,
    Evidence,
    Frame,
    Mention,
    Slot,
    choose,
    is_order_line,
    readings_text,
    role_of,
)
from letopis.engine.names import Fit, NameIndex, spelling_key, unquote
from letopis.engine.reading import NO_ORDERS, require_an_order
from letopis.engine.text import LineKind, normalise, split_post
from letopis.engine.text_words import head_noun, same_case


# --- clauses ------------------------------------------------------------------------------
@pytest.mark.parametrize(("line", "parts"), [
    ("идёт на 36-15, затем атакует беса", ["идет на 36-15", "атакует беса"]),
    ("П1 → П2; П3 → П4", ["п1 → п2", "п3 → п4"]),
    ("сыграю Шмеля, а потом Следопыта", ["сыграю шмеля", "следопыта"]),
    ("копает 3-4 и ещё копает 3-5", ["копает 3-4", "копает 3-5"]),
    ("иду на 3-4 и затем копаю", ["иду на 3-4", "копаю"]),
    ("иду на 3-4, после чего атакую", ["иду на 3-4", "атакую"]),
    ("П1 атакует П2, следом П3 атакует П4", ["п1 атакует п2", "п3 атакует п4"]),
])
def test_connectors_split_a_line_into_clauses(line, parts):
    norm = normalise(line)
    assert [c.text(norm) for c in split_clauses(norm)] == parts


@pytest.mark.parametrize("line", ["+2 урона, страховка", "П1 и П3 атакуют П2", "перс. 2 бьёт П1",
                                  "Всадник №2 идёт следом на 15-8", "П2, следом за П1, атакует П3"])
def test_a_comma_or_and_alone_does_not_split(line):
    assert len(split_clauses(normalise(line), sentences=True)) == 1


def test_sentences_split_but_abbreviations_do_not():
    norm = normalise("Иду на 3-4. Атакую беса. Добавляю 2 кр. в атаку")
    assert [c.text(norm) for c in split_clauses(norm, sentences=True)] == [
        "иду на 3-4", "атакую беса", "добавляю 2 кр. в атаку"]
    norm = normalise("Всем привет! Иду на 3-4?! Ну… Атакую беса")
    assert [c.text(norm) for c in split_clauses(norm, sentences=True)] == [
        "всем привет", "иду на 3-4", "ну", "атакую беса"]


STAYING = frozenset({"hold", "no_shoot"})


def _part(start: int, subject: bool, content: bool, *says: str) -> Part:
    return Part(start, start + 9, subject, content, frozenset(says))


def test_a_refusal_is_said_of_its_own_subject_only():
    """«катапульта по шаману, лучники не стреляют»: the shot and the refusal are two clauses, in
    either order; two refusals stay one."""
    acts, refuses = _part(0, True, True), _part(10, True, True, "no_shoot")
    assert subject_scopes([acts, refuses], STAYING) == [(0, 9), (10, 19)]
    assert subject_scopes([_part(0, True, True, "hold"), _part(10, True, True)], STAYING) == [(0, 9), (10, 19)]
    assert subject_scopes([refuses, _part(20, True, True, "no_shoot")], STAYING) == [(10, 29)]


def test_an_elliptical_subject_keeps_the_verb_and_a_bare_one_joins_the_next():
    """«Мечник №1 занимает 12-8, мечник №2 — 13-8» is one clause; «лучники 1-3, кап и катапульта —
    по дракону» too; a part with no subject of its own («…, атака с ходу») stays with its subject."""
    assert subject_scopes([_part(0, True, True, "move"), _part(10, True, True)], STAYING) == [(0, 19)]
    assert subject_scopes([_part(0, True, False), _part(10, True, True)], STAYING) == [(0, 19)]
    assert subject_scopes([_part(0, True, False), _part(10, True, True, "hold"), _part(20, True, True)],
                          STAYING) == [(0, 19), (20, 29)]
    assert subject_scopes([_part(0, True, True, "move"), _part(10, False, True, "charge"),
                           _part(20, True, True, "hold")], STAYING) == [(0, 19), (20, 29)]


def test_subjects_with_verbs_of_different_orders_are_different_clauses():
    """«Рыцарь идёт на 8-7, мечник №4 лезет на башню»; the same verb twice is one clause."""
    assert subject_scopes([_part(0, True, True, "move"), _part(10, True, True, "storm")], STAYING) == [
        (0, 9), (10, 19)]
    assert subject_scopes([_part(0, True, True, "move"), _part(10, True, True, "move")], STAYING) == [(0, 19)]


@given(st.text(max_size=200))
def test_clauses_never_raise_and_stay_inside_the_line(text):
    norm = normalise(text)
    for c in split_clauses(norm, sentences=True):
        assert 0 <= c.start <= c.end <= len(norm)


@pytest.mark.parametrize(("line", "count"), [
    ("атакую дважды", 2), ("бью 2 раза", 2), ("трижды копает", 3), ("атака x2", 2), ("три раза", 3)])
def test_repeats(line, count):
    got = find_repeat(normalise(line))
    assert got is not None and got.count == count


def test_group_words():
    assert group_word("оба") == "both" and group_word("всеми") == "all" and group_word("имп") is None


@pytest.mark.parametrize(("word", "role", "agrees", "disagrees"), [
    ("она", "subject", "femn", "masc"), ("он", "subject", "masc", "femn"), ("им", "instrument", "masc", "femn"),
    ("ее", "object", "femn", "masc"), ("него", "object", "neut", "femn"), ("ему", "recipient", "masc", "plur"),
])
def test_pronouns_say_their_part_and_the_genders_they_stand_for(word, role, agrees, disagrees):
    p = pronoun(word)
    assert p is not None and p.role == role
    assert p.agrees(agrees) and not p.agrees(disagrees) and p.agrees(None)


def test_words_that_are_no_third_person_pronoun():
    assert pronoun("я") is None and pronoun("свой") is None and pronoun("рыцарь") is None


# --- everyday answers ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "answer"), [
    ("без наворотов", Answer.NOTHING), ("Никаких добавок!", Answer.NOTHING), ("пас", Answer.NOTHING),
    ("ничего не добавляю", Answer.NOTHING), ("Защищаюсь как есть", Answer.NOTHING),
    ("Усилений не будет", Answer.NOTHING), ("Хватит.", Answer.NOTHING), ("стоп", Answer.NOTHING),
    ("нет", Answer.NO), ("Ну нет, пожалуй.", Answer.NO), ("не гашу", Answer.NO),
    ("пусть так", Answer.YES), ("ок", Answer.YES), ("Да, согласен", Answer.YES),
    ("на ваше усмотрение", Answer.DEFAULT), ("как по умолчанию", Answer.DEFAULT),
    ("без разницы", Answer.DEFAULT), ("Да как-нибудь без наворотов", Answer.NOTHING), ("да", Answer.YES),
    ("пусть решит кубик", Answer.RANDOM), ("Пускай кости решат", Answer.RANDOM), ("наугад", Answer.RANDOM),
])
def test_everyday_answers(text, answer):
    assert everyday_answer(text) is answer


@pytest.mark.parametrize("text", ["нет, бью П2", "Атакую П2", "Ну держись!", "гашу 2 урона", ""])
def test_orders_and_chatter_are_not_answers(text):
    assert everyday_answer(text) is None


def test_a_post_of_one_answer_over_several_lines():
    assert answer_of_post(["Хм, ну ладно.", "Без наворотов."]) in (Answer.NOTHING, None)
    assert answer_of_post(["Без наворотов.", "Удачи!"]) is Answer.NOTHING
    assert answer_of_post(["да", "нет"]) is None


@given(st.text(max_size=300))
def test_answers_never_raise(text):
    everyday_answer(text)


# --- names ---------------------------------------------------------------------------------------
INDEX = NameIndex([("Шмель", "bee"), ("Следопыт", "ranger"), ("Лучница", "archer"), ("Страж", "guard"),
                   ("Кристаллический рудник", "mine")])


@pytest.mark.parametrize(("written", "key", "fit"), [
    ("шмель", "bee", Fit.EXACT), ("«шмель»", "bee", Fit.EXACT), ("шмелём", "bee", Fit.INFLECTED),
    ("лучницей", "archer", Fit.INFLECTED), ("стража", "guard", Fit.INFLECTED),
    ("кристалический рудник", "mine", Fit.SLIP), ("лучн.", "archer", Fit.ABBREVIATED),
    ("следопыйт", "ranger", Fit.TYPO), ("следопыйта", "ranger", Fit.TYPO),
    ("слеедопыт", "ranger", Fit.SLIP), ("луучница", "archer", Fit.SLIP),
])
def test_names_as_players_write_them(written, key, fit):
    hits = INDEX.find(normalise(written).split())
    assert [(h.key, h.fit) for h in hits] == [(key, fit)]


def test_a_typo_that_looks_like_a_doubled_letter_is_still_a_typo():
    """«Шаан» drops the «м» of «Шаман»: folding its «аа» as a slip must not hide the typo."""
    assert [(h.key, h.fit) for h in NameIndex([("Шаман", "shaman")]).find(["шаан"])] == [("shaman", Fit.TYPO)]


def test_a_real_word_is_not_a_typo_of_a_name():
    assert INDEX.find(["страх"]) == []


def test_two_equal_names_are_both_returned():
    ix = NameIndex([("Шмель", 1), ("Шмель", 2), ("Шмелиный рой", 3)])
    assert {h.key for h in ix.find(["шмеля"])} == {1, 2}


def test_spelling_slips_fold_away():
    assert spelling_key("передвигаеться") == spelling_key("передвигается")
    assert spelling_key("Сттрелок") == spelling_key("стрелок")
    assert unquote(' "Рыцарь" ') == "Рыцарь"


# --- frames --------------------------------------------------------------------------------------
MOVE = Frame("move", (Slot("actor", frozenset({OWN})), Slot("to", frozenset({CELL}), role=ROLE_TO)),
             triggers=frozenset({"move"}), implied=frozenset({"unit_header"}), title="перемещение")
ATTACK = Frame("attack", (Slot("actor", frozenset({OWN})), Slot("target", frozenset({ENEMY}))),
               triggers=frozenset({"attack"}), implied=frozenset({"arrow", "unit_header"}), title="атака")
DIG = Frame("dig", (Slot("actor", frozenset({OWN})), Slot("cell", frozenset({CELL}))),
            triggers=frozenset({"dig", "remove"}), title="раскопка")
REMOVE = Frame("remove_curse", (Slot("actor", frozenset({OWN})), Slot("curse", frozenset({"curse"}))),
               triggers=frozenset({"remove"}), title="снятие проклятия")
FRAMES = (MOVE, ATTACK, DIG, REMOVE)


def test_a_verbless_line_is_read_by_its_context_and_objects():
    ev = Evidence([Mention(OWN, 0, 5, "imp4"), Mention(CELL, 8, 13, (22, 31), ROLE_TO)],
                  context=frozenset({"unit_header"}))
    choice = choose(FRAMES, ev)
    assert choice.best is not None and choice.best.frame.kind == "move"
    assert choice.best.one("to").value == (22, 31) and choice.best.why == "implied:unit_header"


def test_the_objects_decide_a_word_of_two_kinds():
    ev = Evidence([Mention(OWN, 0, 3, "u"), Mention("curse", 10, 20, "c")], concepts=[("remove", 4, 9)])
    assert choose(FRAMES, ev).best.frame.kind == "remove_curse"
    ev = Evidence([Mention(OWN, 0, 3, "u"), Mention(CELL, 10, 15, (1, 2))], concepts=[("remove", 4, 9)])
    assert choose(FRAMES, ev).best.frame.kind == "dig"


def test_equal_fits_are_an_ambiguity_naming_both_readings():
    ev = Evidence([Mention(OWN, 0, 3, "u")], concepts=[("remove", 4, 9)])
    choice = choose(FRAMES, ev)
    assert choice.ambiguous and choice.best is None
    assert readings_text(choice.rivals) in ("раскопка или снятие проклятия", "снятие проклятия или раскопка")


def test_nothing_evokes_a_frame_in_chatter():
    assert choose(FRAMES, Evidence([Mention(OWN, 0, 3, "u")])).best is None


def test_an_own_object_with_an_action_place_target_or_amount_is_an_order_line():
    own = Mention(OWN, 0, 3, "u")
    assert is_order_line(Evidence([own], [("attack", 4, 9)]), {"attack"})
    assert is_order_line(Evidence([own, Mention(CELL, 5, 9, (1, 1))]), set())
    assert is_order_line(Evidence([own, Mention(ENEMY, 5, 9, "e")]), set())
    assert is_order_line(Evidence([own], context=frozenset({"arrow"})), set())
    assert not is_order_line(Evidence([own]), {"attack"})  # a name alone: chatter about it
    assert not is_order_line(Evidence([Mention(CELL, 0, 4, (1, 1))], [("attack", 5, 9)]), {"attack"})
    restated = Evidence([own, Mention(AMOUNT, 5, 6, 2)])
    assert not is_order_line(restated, set(), ["у", "стража", "осталось", "2", "времени"])


def test_roles_from_prepositions_and_arrows():
    assert role_of("на") == ROLE_TO and role_of("из") == "from" and role_of("→") == "target"
    assert role_of("и") is None


# --- agreement ------------------------------------------------------------------------------
def test_an_ordinal_agrees_with_its_noun_in_case_and_number():
    """«орк первый», «мечника второго» agree; «рыцарь первым» («as the first») does not; a group
    and one of its members agree in case alone («мечники …: первый на 12-8»)."""
    assert same_case("орк", "первый") and same_case("мечника", "второго")
    assert not same_case("рыцарь", "первым") and not same_case("орки", "первый")
    assert same_case("мечники", "первый", number=False)
    assert same_case("unl-2", "первый")  # what the dictionary cannot decline agrees with anything


def test_a_name_of_several_words_is_called_by_its_noun():
    assert [head_noun(x) for x in ("Кровавый тотем", "Знамя доблести", "Орлиный глаз", "Меч")] == [
        "тотем", "Знамя", "глаз", None]


# --- copied quotes -----------------------------------------------------------------------------
@pytest.mark.parametrize("header", ["Борис писал(а):", "boris wrote:", "Цитата (Борис):", "Вера написала:"])
def test_a_quote_copied_as_text_runs_to_the_blank_line(header):
    lines = split_post(f"{header}\nП1 атакует П2\nи ещё что-то\n\nП3 атакует П1")
    assert [x.kind for x in lines] == [LineKind.QUOTE, LineKind.QUOTE, LineKind.QUOTE, LineKind.BLANK,
                                       LineKind.TEXT]


@pytest.mark.parametrize("sentence", [
    "Мастер написал, что у дракона только 6 ОМ. Тогда так:",
    "Борис пишет, будто П2 ранен:",
    "ГМ сказал, мол, так нельзя. Переписываю:",
])
def test_reported_speech_is_the_posters_own_sentence_not_a_quote_header(sentence):
    """«X написал, что …» retells what someone said, in the poster's words: what follows is his."""
    lines = split_post(f"{sentence}\nП1 атакует П2")
    assert [x.kind for x in lines] == [LineKind.TEXT, LineKind.TEXT]


def test_a_heading_is_not_a_quote_header():
    assert [x.kind for x in split_post("Атака:\nП1 → П2")] == [LineKind.HEADING, LineKind.TEXT]


# --- a post with no order --------------------------------------------------------------------------
def test_a_post_of_chatter_is_refused_with_what_the_step_expects():
    reading = Reading(lines=[LineReading(line=1, text="Ну держись!", status=LineStatus.FLAVOUR)])
    require_an_order(reading, expected="атака одного своего персонажа", example="П2 атакует П1 соперника.")
    [p] = reading.problems
    assert p.code == NO_ORDERS and p.line == 1 and p.is_error
    assert "атака одного своего персонажа" in p.hint and "«П2 атакует П1 соперника.»" in p.hint


def test_a_post_with_an_order_or_an_error_is_left_alone():
    reading = Reading(orders=[object()])  # type: ignore[list-item]
    assert not require_an_order(reading, expected="x").problems


@pytest.mark.parametrize("arrow", ["➝", "➔", "➜", "⮕", "⇒"])
def test_dingbat_arrows_survive_the_emoji_filter(arrow):
    """Emoji are decoration, but a dingbat arrow (➝ ➔ ➜ ⮕) between two units is an arrow."""
    [line] = split_post(f"П1 {arrow} П4 😈")
    assert line.norm.split() == ["п1", "→", "п4"]


def test_a_verb_that_is_no_order_word_is_found():
    from letopis.engine.frames import foreign_verb
    from letopis.engine.text_words import Lemmatizer, Lexicon

    lem = Lemmatizer(Lexicon.from_dict({"concepts": {"attack": ["атаковать", "бить"]}}))
    assert foreign_verb(["рыцарь", "смотрит", "на", "тень"], lem) == "смотрит"
    assert foreign_verb(["рыцарь", "атакует", "тень"], lem) is None
    assert foreign_verb(["рыцарь", "по", "тени"], lem) is None
    assert foreign_verb(["у", "него", "будет", "пять"], lem) is None  # a copula tells no action
    assert foreign_verb(["станет", "шесть", "и", "улыбнется"], lem) == "улыбнется"


@pytest.mark.parametrize(("line", "said"), [
    ("вождь рычит сверху: «лезьте, лезьте, железные банки!»", ["«лезьте, лезьте, железные банки!»"]),
    ("ладно. капитан кричит: «вперед!» и идет на 5-5", ["«вперед!»"]),
    ("рыцарь: «на 6-2»", []),  # a header of one word, not a speaker and his verb
    ("играю карту «каменная кожа»", []),  # a quoted name, no colon
    ("шаман шепчет: «сейчас». потом: «нет»", ["«сейчас»"]),  # «потом:» alone starts no speech
])
def test_direct_speech_is_quoted_words_after_a_speaker_and_a_verb(line, said):
    assert [line[a:b] for a, b in direct_speech(line)] == said


def test_a_pronoun_is_no_name_cut_short():
    """«и тот с ходу бьёт» names no «Тотем»; «Тот.» is not its short form either."""
    from letopis.engine.text_words import is_pronoun
    assert is_pronoun("тот") and is_pronoun("его") and not is_pronoun("луч") and not is_pronoun("мол")
    index = NameIndex([("Тотем", "totem"), ("Лучник", "archer")])
    assert not index.find(["тот"])
    assert [h.fit for h in index.find(["луч"])] == [Fit.ABBREVIATED]
