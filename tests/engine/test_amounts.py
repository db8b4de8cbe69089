"""Amount lines of a GM's correction read as he writes them: the owner first or last, with «у»,
«для» or a colon, his name in any case; an unknown or ambiguous name is refused with the names
known, never guessed."""

from __future__ import annotations

import pytest

from letopis.engine.amounts import AmountLineError, owner_index, read_amount_line
from letopis.engine.names import Fit

OWNERS = owner_index([("Глеб", "p1"), ("Анна", "p2"), ("Борис", "p3"), ("Лев", "p4"), ("Чёрный Лорд", "p5")])


@pytest.mark.parametrize(("line", "owner", "delta", "what"), [
    ("Глебу +5 маны", "p1", 5, ["маны"]),
    ("у Анны −2 золота", "p2", -2, ["золота"]),
    ("Борису: +1 жетон", "p3", 1, ["жетон"]),
    ("+20 золота Глебу", "p1", 20, ["золота"]),
    ("+5 маны для Глеба", "p1", 5, ["маны"]),
    ("Анна: – 1 красный", "p2", -1, ["красный"]),
    ("Льву +3 железа", "p4", 3, ["железа"]),  # a fleeting vowel: Лев → Льву
    ("+1 синий жетон Борису", "p3", 1, ["синий", "жетон"]),
    ("ЧЁРНОМУ ЛОРДУ: +2 маны", "p5", 2, ["маны"]),
])
def test_the_owner_is_found_in_any_case_and_place(line, owner, delta, what):
    read = read_amount_line(line, OWNERS)
    assert (read.owner, read.delta, read.what) == (owner, delta, what)
    assert read.fit in (Fit.EXACT, Fit.INFLECTED) and not read.noted


def test_a_line_without_a_signed_amount_is_another_kind_of_line():
    assert read_amount_line("бес №2 получает 3 урона", OWNERS) is None
    assert read_amount_line("Глебу 5 маны", OWNERS) is None  # no sign: not read as a change


@pytest.mark.parametrize(("line", "message"), [
    ("Игорю +5 маны", "Не знаю игрока «Игорю»."),
    ("+5 маны Пётру", "Не знаю игрока «Пётру»."),
    ("Глебу +5", "Не сказано, что изменить у игрока Глеб."),
])
def test_what_cannot_be_read_is_refused_with_the_names_known(line, message):
    with pytest.raises(AmountLineError) as exc:
        read_amount_line(line, OWNERS)
    assert exc.value.message == message
    if "игрока «" in message:
        assert exc.value.hint == "игроки: Глеб, Анна, Борис, Лев, Чёрный Лорд"


def test_two_names_that_fit_equally_are_an_ambiguity_not_a_guess():
    twins = owner_index([("Саша", "p1"), ("Саша", "p2")])
    with pytest.raises(AmountLineError, match="подходит к нескольким игрокам"):
        read_amount_line("Саше +1 золото", twins)


def test_a_typo_in_a_name_is_read_with_a_note():
    read = read_amount_line("Барису +1 жетон", OWNERS)
    assert read.owner == "p3" and read.noted
