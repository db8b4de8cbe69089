"""The GM's correction lines of Dungeon Keeper name archdemons in any case, first or last, with «у»
or a colon: «Глебу +5 маны», «у Анны −2 золота», «бес №1 Глеба получает 1 урона»."""

from __future__ import annotations

from letopis.engine.registry import get_ruleset

from .dk_rules_factory import game, unit

DK = get_ruleset("dungeon_keeper")


def _state():
    s = game(players=3)
    for fid, name in (("p1", "Глеб"), ("p2", "Анна"), ("p3", "Лев")):
        s.players[fid].name = name
    return s


def test_resources_for_names_in_any_case_and_place():
    s = _state()
    before = {f: (p.mana, p.gold, p.taldear) for f, p in s.players.items()}
    new, events, problems = DK.correct(s, "Глебу +5 маны\nу Анны −2 золота\n+3 тальдеара Льву\n"
                                          "Анна: +1 мана\n+10 золота для Глеба")
    assert problems == [], problems
    assert new.players["p1"].mana == before["p1"][0] + 5 and new.players["p1"].gold == before["p1"][1] + 10
    assert new.players["p2"].gold == before["p2"][1] - 2 and new.players["p2"].mana == before["p2"][0] + 1
    assert new.players["p3"].taldear == before["p3"][2] + 3
    assert events[1].text == f"Правка мастера: Анна — золото -2 (теперь {before['p2'][1] - 2})."
    assert events[2].text.startswith("Правка мастера: Лев — тальдеар +3")


def test_a_unit_s_owner_in_any_case():
    s = _state()
    bes = unit(s, "p1", "bes", (2, 2))
    unit(s, "p2", "bes", (3, 3))
    new, events, problems = DK.correct(s, f"бес №{bes.number} Глеба получает 1 урона")
    assert problems == [] and new.units[bes.id].hp == bes.hp - 1
    assert events[0].faction == "p1"


def test_unknown_names_and_resources_are_refused_by_line():
    s = _state()
    new, events, problems = DK.correct(s, "Игорю +5 маны\nГлебу +5 пряников\nу Анны −999 золота")
    assert new is s and events == []
    assert [(p.line, p.message) for p in problems] == [
        (1, "Не знаю игрока «Игорю»."),
        (2, "Не знаю ресурс «пряников»."),
        (3, f"Анна: есть только {s.players['p2'].gold} (золото), снять 999 нельзя."),
    ]
    assert problems[0].hint == "игроки: Глеб, Анна, Лев"
