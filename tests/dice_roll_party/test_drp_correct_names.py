"""The GM's correction lines of Dice Roll Party name players in any case, first or last, with «у»
or a colon: «Борису: +1 синий жетон», «у Анны −2 красных», «П2 Глеба: +1 время»."""

from __future__ import annotations

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset
from rulesets.dice_roll_party.state import Character

DRP = get_ruleset("dice_roll_party")


def _state():
    s = DRP.setup(DRP.default_options(), [Faction(id="p1", name="Глеб"), Faction(id="p2", name="Анна")],
                  Dice("cd" * 16))
    for p in s.players.values():
        p.slots = [Character(time=2, attack=1, defence=1, form=1), Character(time=1, attack=2, form=1), None, None]
    return s


def test_names_in_any_case_and_place():
    s = _state()
    blue, red = s.players["p1"].storage.blue, s.players["p2"].storage.red
    new, events, problems = DRP.correct(s, "Глебу: +1 синий жетон\nу Анны −2 красных\nП2 Глеба: +1 время\n"
                                           "+1 зелёный для Анны")
    assert problems == [], problems
    assert new.players["p1"].storage.blue == blue + 1 and new.players["p2"].storage.red == red - 2
    assert new.players["p1"].slots[1].time == 2
    assert [e.text for e in events] == [
        "Правка мастера: запас игрока Глеб — синих +1.",
        "Правка мастера: запас игрока Анна — красных -2.",
        "Правка мастера: П2 игрока Глеб — время +1 (теперь 2/2/0/1).",
        "Правка мастера: запас игрока Анна — зелёных +1.",
    ]


def test_a_token_without_a_colour_or_an_unknown_player_is_refused_by_line():
    s = _state()
    new, events, problems = DRP.correct(s, "Глебу: +1 жетон\nИгорю +2 синих\nП7 Анны: +1 время")
    assert new is s and events == []
    assert [(p.line, p.message) for p in problems] == [
        (1, "Какого цвета жетон?"),
        (2, "Не знаю игрока «Игорю»."),
        (3, "У игрока Анна нет живого персонажа П7."),
    ]
    assert problems[1].hint == "игроки: Глеб, Анна"


def test_a_typo_in_a_name_is_taken_with_a_note():
    s = _state()
    new, _, problems = DRP.correct(s, "Глбеу +1 синий")
    assert new.players["p1"].storage.blue == s.players["p1"].storage.blue + 1
    assert [(p.severity, p.message) for p in problems] == [("note", "«Глбеу» прочитано как игрок Глеб.")]
