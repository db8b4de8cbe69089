"""Names and numbers inside Russian sentences (engine/declension.py): «Пост Анны», «ждём Глеба»,
«2–4 стороны», and no «..» where a sentence ends with what was inserted."""

from __future__ import annotations

import pytest

from letopis.engine.declension import counted, counted_range, decline, decline_all, quoted, sentence

CASES = ("gen", "dat", "acc", "ins", "loc")

# name → its genitive, dative, accusative, instrumental and prepositional forms
NAMES = {
    "Анна": ("Анны", "Анне", "Анну", "Анной", "Анне"),
    "Борис": ("Бориса", "Борису", "Бориса", "Борисом", "Борисе"),
    "Глеб": ("Глеба", "Глебу", "Глеба", "Глебом", "Глебе"),
    "Вера": ("Веры", "Вере", "Веру", "Верой", "Вере"),
    "Илья": ("Ильи", "Илье", "Илью", "Ильёй", "Илье"),
    "Никита": ("Никиты", "Никите", "Никиту", "Никитой", "Никите"),
    # the name, not the noun «любовь» (любви)
    "Любовь": ("Любови", "Любови", "Любовь", "Любовью", "Любови"),
    # ё moves with the stress: Пётр → Петра
    "Пётр": ("Петра", "Петру", "Петра", "Петром", "Петре"),
    "Лев": ("Льва", "Льву", "Льва", "Львом", "Льве"),
    "Игорь": ("Игоря", "Игорю", "Игоря", "Игорем", "Игоре"),
    "Саша": ("Саши", "Саше", "Сашу", "Сашей", "Саше"),
    "Дарья": ("Дарьи", "Дарье", "Дарью", "Дарьей", "Дарье"),
    # two words: first name and patronymic, adjective and noun, a head noun and its dependent
    "Вера Павловна": ("Веры Павловны", "Вере Павловне", "Веру Павловну", "Верой Павловной", "Вере Павловне"),
    "Красные Драконы": ("Красных Драконов", "Красным Драконам", "Красных Драконов", "Красными Драконами",
                        "Красных Драконах"),
    "Тёмный Лорд": ("Тёмного Лорда", "Тёмному Лорду", "Тёмного Лорда", "Тёмным Лордом", "Тёмном Лорде"),
    "Сторожевая Башня": ("Сторожевой Башни", "Сторожевой Башне", "Сторожевую Башню", "Сторожевой Башней",
                         "Сторожевой Башне"),
    "Мастер игры": ("Мастера игры", "Мастеру игры", "Мастера игры", "Мастером игры", "Мастере игры"),
    "Анна-Мария": ("Анны-Марии", "Анне-Марии", "Анну-Марию", "Анной-Марией", "Анне-Марии"),
    # a substantivised adjective: an army, animate
    "Красные": ("Красных", "Красным", "Красных", "Красными", "Красных"),
    # a name and a number: only the word declines
    "Игрок 2": ("Игрока 2", "Игроку 2", "Игрока 2", "Игроком 2", "Игроке 2"),
    # words the dictionary does not know follow the regular endings
    "Нгуен": ("Нгуена", "Нгуену", "Нгуена", "Нгуеном", "Нгуене"),
    "Жужа": ("Жужи", "Жуже", "Жужу", "Жужей", "Жуже"),
    "Арий": ("Ария", "Арию", "Ария", "Арием", "Арии"),
    "Вольская": ("Вольской", "Вольской", "Вольскую", "Вольской", "Вольской"),
    # capitals are kept
    "БОРИС": ("БОРИСА", "БОРИСУ", "БОРИСА", "БОРИСОМ", "БОРИСЕ"),
    # an inanimate noun: its accusative is its nominative
    "Орда": ("Орды", "Орде", "Орду", "Ордой", "Орде"),
}

# what cannot be declined safely stays as written, in every case
AS_WRITTEN = ["boris", "anna_k", "Борис2", "gleb 2", "Кармен", "Red Борис", "Vera Павловна", "", "2 Борис",
              "Нико", "«Борис»"]


@pytest.mark.parametrize("name", list(NAMES))
def test_names_decline_in_every_case(name):
    assert tuple(decline(name, case) for case in CASES) == NAMES[name]
    assert decline(name, "nom") == name


@pytest.mark.parametrize("name", AS_WRITTEN)
def test_names_that_cannot_be_declined_stay_as_written(name):
    assert [decline(name, case) for case in CASES] == [name] * len(CASES)


def test_only_the_head_of_a_name_declines():
    assert decline("Забор с пушкой", "gen") == "Забора с пушкой"
    assert decline("Рыцарь без страха", "dat") == "Рыцарю без страха"


def test_sentences_read_naturally():
    assert f"Пост {decline('Анна', 'gen')}" == "Пост Анны"
    assert f"ждём {decline('Глеб', 'acc')}" == "ждём Глеба"
    assert f"ход {decline('Борис', 'gen')}" == "ход Бориса"
    assert f"для {decline('Вера', 'gen')}" == "для Веры"


def test_lists_of_names_join_in_one_case():
    assert decline_all(["Анна", "Борис", "Вера"], "acc") == "Анну, Бориса и Веру"
    assert decline_all(["Анна", "boris"], "gen") == "Анны и boris"
    assert decline_all(["Глеб"], "acc") == "Глеба"
    assert decline_all([], "acc") == ""
    assert decline_all(["Анна", "Борис"], "gen", "или") == "Анны или Бориса"


def test_an_unknown_case_is_refused():
    with pytest.raises(ValueError, match="unknown case"):
        decline("Анна", "voc")  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "text"), [
    (0, "0 ходов"), (1, "1 ход"), (2, "2 хода"), (4, "4 хода"), (5, "5 ходов"), (11, "11 ходов"),
    (12, "12 ходов"), (14, "14 ходов"), (21, "21 ход"), (22, "22 хода"), (25, "25 ходов"), (101, "101 ход"),
    (111, "111 ходов"),
])
def test_numbers_agree(n, text):
    assert counted(n, "ход", "хода", "ходов") == text


def test_spans_agree_with_their_last_number():
    sides = ("сторона", "стороны", "сторон")
    assert counted_range(2, 4, *sides) == "2–4 стороны"
    assert counted_range(2, 6, *sides) == "2–6 сторон"
    assert counted_range(1, 1, *sides) == "1 сторона"
    assert counted_range(2, 2, *sides) == "2 стороны"


def test_a_quoted_sentence_leaves_its_full_stop_to_the_outer_one():
    assert f"например {quoted('Защищаюсь без усилений.')}." == "например «Защищаюсь без усилений»."
    assert quoted("Пас") == "«Пас»" and quoted("  Пас. ") == "«Пас»"
    assert quoted("Кто ходит?") == "«Кто ходит?»" and quoted("Ну...") == "«Ну...»"


@pytest.mark.parametrize(("text", "expected"), [
    ("Ждём Бориса", "Ждём Бориса."),
    ("Ждём Бориса.", "Ждём Бориса."),
    ("Кто ходит?", "Кто ходит?"),
    ("Победа!", "Победа!"),
    ("Итак…", "Итак…"),
    ("Причина:", "Причина."),
    ("Причина: ", "Причина."),
    ("Раз, два,", "Раз, два."),
    ("Он сказал «да»", "Он сказал «да»."),
    ("Он сказал «Да.»", "Он сказал «Да.»"),
    ("(см. правила)", "(см. правила)."),
    ("", ""),
])
def test_a_sentence_ends_once(text, expected):
    assert sentence(text) == expected
    assert ".." not in sentence(text) and "?." not in sentence(text) and ":." not in sentence(text)
