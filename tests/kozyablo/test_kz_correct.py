"""The GM's correction of a Kozyablo game (issue 12, KZ-DEF-GM-01): production, cards moved between
the table, a hand, a deck and a discard pile, damage on cards and capitals — players and cards
named in any case, hidden cards kept out of the public chronicle, nothing changed on an error."""

from __future__ import annotations

import json

import pytest
from kz_model_factory import opened, put

from letopis.engine.contract import PUBLIC
from letopis.engine.dice import Dice
from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.registry import get_ruleset
from rulesets.kozyablo.rules.world import production
from rulesets.kozyablo.state import Pending, State

KZ = get_ruleset("kozyablo")


@pytest.fixture
def s() -> State:
    """Анна (Позорки) and Борис (Трутни) in play; Борис has two Шмели on the table, an Оса second
    in his deck and a wounded Дикий гилен."""
    state, _ = opened("pozorki", "trutni")
    state.phase = "play"
    boris = state.players["b"]
    boris.deck = ["pyltsa", "osa_zhalonositsa", *[c for c in boris.deck if c != "osa_zhalonositsa"]]
    boris.hand = ["koroleva_zhuzha", "roy", "pyltsa"]
    boris.discard = ["roenie"]
    put(state, "shmel", "b", "gold-1")
    put(state, "shmel", "b", "gold-2")
    put(state, "dikiy_gilen", "b", "crystal-1", damage=2)
    return state


def fix(state: State, text: str, dice: Dice | None = None):
    new, events, problems = KZ.correct(state, text, dice)
    assert [p for p in problems if p.is_error] == [], problems
    return new, events, problems


def refused(state: State, text: str):
    before = state.model_dump(mode="json")
    new, events, problems = KZ.correct(state, text)
    assert new is state and events == [] and problems
    assert state.model_dump(mode="json") == before
    return problems


def round_trips(state: State) -> None:
    assert State.model_validate(json.loads(json.dumps(state.model_dump(mode="json")))) == state


# --- production ------------------------------------------------------------------------------------
def test_production_by_names_and_races_in_any_case(s):
    before = {f: production(s, f) for f in "ab"}
    new, events, problems = fix(s, "Анне +2 золота\nу Бориса −1 кристалл\nТрутням: +1 мана\n+1 маны для Анны")
    assert production(new, "a") == {**before["a"], "gold": before["a"]["gold"] + 2, "mana": before["a"]["mana"] + 1}
    assert production(new, "b") == {**before["b"], "crystals": before["b"]["crystals"] - 1,
                                    "mana": before["b"]["mana"] + 1}
    assert events[0].text == f"Правка мастера: Анна — добыча золота +2 (теперь {before['a']['gold'] + 2})."
    assert events[1].text.startswith("Правка мастера: Борис — добыча кристаллов -1")
    assert all(e.public for e in events) and problems == []
    assert KZ.view(new, PUBLIC)["players"]["a"]["production"]["gold"] == before["a"]["gold"] + 2
    round_trips(new)
    assert "production_fix" not in s.model_dump(mode="json")["players"]["a"]  # an untouched state dumps as before


def test_a_slip_in_a_name_is_read_with_a_note(s):
    _new, events, problems = fix(s, "Барису +1 маны")
    assert events[0].faction == "b"
    assert [(p.severity, p.message) for p in problems] == [(Severity.NOTE, "Имя прочитано так: «Барису» — Борис.")]


def test_production_never_below_zero_and_unknown_words_are_refused(s):
    have = production(s, "a")["mana"]
    problems = refused(s, f"у Анны -{have + 1} маны\nИгорю +1 золота\nАнне +1 пряник\nчушь какая-то")
    assert [(p.line, p.message) for p in problems] == [
        (1, f"Анна: добыча маны — {have}, снять {have + 1} нельзя."),
        (2, "Не знаю игрока «Игорю»."),
        (3, "Не знаю ресурс «пряник»."),
        (4, "Не понимаю строку правки."),
    ]
    assert problems[1].hint.startswith("игроки: Анна, Борис")
    assert "золота" in problems[2].hint and "например" in problems[3].hint


# --- cards ---------------------------------------------------------------------------------------------
def test_a_card_from_the_deck_to_the_hand_is_named_only_for_its_owner(s):
    new, events, _ = fix(s, "Борису в руку: Осу")
    assert "osa_zhalonositsa" in new.players["b"].hand
    assert new.players["b"].deck.count("osa_zhalonositsa") == s.players["b"].deck.count("osa_zhalonositsa") - 1
    public, private = events
    assert public.public and public.text == "Правка мастера: Борис — карта из колоды в руку."
    assert "osa" not in json.dumps(public.model_dump()) and "Оса" not in public.text
    assert not private.public and private.faction == "b"
    assert private.text == "Правка мастера: «Оса-жалоносица» — из колоды в руку."


def test_a_piece_numbered_with_its_owner_goes_to_the_discard_pile_with_its_artifact(s):
    hero = put(s, "koroleva_zhuzha", "b", "gold-2", artifacts=["korolevskoe_zhalo"])
    new, events, _ = fix(s, "карту Шмель №2 Бориса — в сброс\nКоролеву Жужу Бориса со стола — в сброс")
    shmels = [p for p in new.pieces.values() if p.card == "shmel"]
    assert [p.sector for p in shmels] == ["gold-1"] and hero.uid not in new.pieces
    assert new.players["b"].discard == ["roenie", "shmel", "koroleva_zhuzha", "korolevskoe_zhalo"]
    assert new.players["b"].dead_heroes == ["koroleva_zhuzha"]
    assert events[0].text == "Правка мастера: «Шмель» (Борис) — из Золотой шахты-2 в сброс."
    assert all(e.public for e in events)
    round_trips(new)


def test_cards_between_hand_discard_deck_and_table(s):
    top = s.players["b"].deck[0]
    new, events, _ = fix(s, "Пыльца Бориса из руки — в сброс\n"
                            "Роение из сброса Бориса — наверх колоды\n"
                            "Шмель №1 Бориса — под колоду\n"
                            "Рой Бориса — в Золотую шахту-1\n"
                            "Дикий гилен Бориса — в Источник энергии-2")
    b = new.players["b"]
    assert b.hand == ["koroleva_zhuzha"] and b.discard == ["pyltsa"]
    assert b.deck[0] == "roenie" and b.deck[1] == top and b.deck[-1] == "shmel"
    roy = next(p for p in new.pieces.values() if p.card == "roy")
    assert (roy.owner, roy.sector) == ("b", "gold-1") and roy.seq == new.seq
    gilen = next(p for p in new.pieces.values() if p.card == "dikiy_gilen")
    assert (gilen.sector, gilen.damage) == ("mana-2", 2)  # moved, wounds kept
    texts = [e.text for e in events]
    assert "Правка мастера: «Роение» (Борис) — из сброса наверх колоды." in texts
    assert "Правка мастера: «Шмель» (Борис) — из Золотой шахты-1 под низ колоды." in texts
    assert "Правка мастера: «Рой» (Борис) — из руки в Золотую шахту-1." in texts
    assert any(e.kind == "sector_control" for e in events)  # control follows the table (KZ-DEF-SECT-02)
    round_trips(new)


def test_a_card_shuffled_into_the_deck_uses_the_secret_dice(s):
    dice = Dice("cd" * 32, secret_seed="ef" * 32)
    new, events, _ = fix(s, "Пыльцу из руки Бориса замешать в колоду", dice)
    again, _, _ = KZ.correct(s, "Пыльцу из руки Бориса замешать в колоду", Dice("cd" * 32, secret_seed="ef" * 32))
    assert sorted(new.players["b"].deck) == sorted([*s.players["b"].deck, "pyltsa"])
    assert new.players["b"].deck == again.players["b"].deck  # replayable from the seed
    assert dice.secret_rolls and not dice.rolls
    assert events[0].text == "Правка мастера: Борис — карта из руки в колоду, колода перемешана."
    assert not events[1].public


def test_a_card_in_shadow_stays_hidden(s):
    ghost = put(s, "kozel_ten", "a", "gold-2", shadow=True)
    new, events, _ = fix(s, "Козёл-тень Анны — в руку")
    assert ghost.uid not in new.pieces and "kozel_ten" in new.players["a"].hand
    public = [e for e in events if e.public]
    assert public[0].text == "Правка мастера: Анна — карта в тени из Золотой шахты-2 в руку."
    assert all("kozel" not in json.dumps(e.model_dump()) and "Козёл" not in e.text for e in public)
    assert [e.text for e in events if not e.public] == ["Правка мастера: «Козёл-тень» — из Золотой шахты-2 в руку."]


def test_where_a_card_is_must_be_clear(s):
    problems = refused(s, "Шмель — в сброс\nШмеля Бориса в колоду\nАнне в руку: Оса\nРоение — на стол\n"
                          "Пыльца — в Улей\nОса Анны Бориса — в сброс\nШмэль №1 Бориса — в руку")
    by_line = {p.line: p for p in problems}
    assert by_line[1].kind is ProblemKind.AMBIGUOUS
    assert by_line[1].message == ("«Шмель» есть в нескольких местах: «Шмель №1 (Борис)» в секторе «Золотая шахта-1», "
                                  "«Шмель №2 (Борис)» в секторе «Золотая шахта-2», «Шмель» в колоде игрока Борис.")
    assert "из руки" in by_line[1].hint
    assert by_line[3].message == ("Карты «Оса-жалоносица» нет ни на столе, ни в руке, ни в колоде, ни в сбросе "
                                  "у игрока Анна.")
    assert by_line[4].message == "В какой сектор положить карту?"
    assert by_line[5].message.startswith("«Пыльца» не кладут на стол")
    assert by_line[6].message == "В строке названы два разных хозяина карты."
    assert set(by_line) == {1, 2, 3, 4, 5, 6}  # «Шмэль» is a slip, read


def test_a_building_goes_only_to_its_owners_capital(s):
    s.players["b"].hand.append("gnezdo_strazhey")  # one more in the deck: the hand is where a card is played from
    problems = refused(s, "Гнездо стражей Бориса — в Золотую шахту-1")
    assert problems[0].message == "Постройку «Гнездо стражей» ставят только в столицу её хозяина (Улей)."
    new, _, _ = fix(s, "Гнездо стражей Бориса — в Улей")
    assert any(p.card == "gnezdo_strazhey" and p.sector == "capital-2" for p in new.pieces.values())


def test_no_card_moves_while_a_decision_is_pending(s):
    s.pending = Pending(kind="attack", active="a", action=[], waiting=["b"])
    problems = refused(s, "Пыльца Бориса из руки — в сброс")
    assert problems[0].message.startswith("Ход ждёт ответов")


# --- damage ----------------------------------------------------------------------------------------------
def test_damage_on_cards_and_capitals(s):
    new, events, _ = fix(s, "Дикий гилен Бориса лечится на 1\nШмель №2 Бориса: урон 0\n"
                            "Позорище получает 3 урона\nстолица Бориса: +2 урона\nУлей лечится на 1")
    gilen = next(p for p in new.pieces.values() if p.card == "dikiy_gilen")
    assert gilen.damage == 1
    assert new.sectors["capital-1"].damage == 3 and new.sectors["capital-2"].damage == 1
    assert events[0].text == "Правка мастера: Дикий гилен (Борис) — урон -1 (осталось 4 жизни)."
    assert events[2].text == "Правка мастера: Позорище — урон +3 (осталось 9 жизней из 12)."
    round_trips(new)


def test_a_correction_never_kills_or_destroys(s):
    problems = refused(s, "Шмель №1 Бориса получает 1 урона\nУлей: урон 12\nДикий гилен Бориса лечится на 5\n"
                          "Золотая шахта-1: урон 1")
    assert [p.message for p in problems] == [
        "Шмель №1 (Борис): 1 жизнь, такой урон убил бы карту.",
        "Улей: 12 жизней, такой урон разрушил бы столицу.",
        "Дикий гилен (Борис): урона на карте 2, столько не снять.",
        "«Золотая шахта-1» — не столица: урон бывает только у карт и столиц.",
    ]
    assert "в сброс" in problems[0].hint


def test_damage_on_a_card_in_shadow_is_told_to_its_owner_only(s):
    put(s, "kozel_ten", "a", "gold-2", shadow=True)
    _new, events, _ = fix(s, "Козёл-тень Анны получает 1 урона")
    assert [e.text for e in events if e.public] == ["Правка мастера: урон на карте в тени (Анна) изменён."]
    assert [e.text for e in events if not e.public] == ["Правка мастера: Козёл-тень — урон +1 (осталось 1 жизнь)."]


def test_an_error_anywhere_applies_nothing_and_chatter_is_skipped(s):
    problems = refused(s, "// поправки по итогам спора на форуме\n\nАнне +2 золота\nБорису в руку: Пряник")
    assert [p.line for p in problems] == [4]
    assert problems[0].col_start == len("Борису в руку: ")
    assert problems[0].message == "Нет такой карты: «Пряник»."
    new, _events, problems = KZ.correct(s, "// только комментарий")
    assert new is s and problems[0].code == "empty_correction"
