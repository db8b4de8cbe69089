"""The GM's correction of a Tetranomicon game (issue 12, TET-GM-01): coins, trophies, a building's
owner or removal, a route's owner, cards between a pool and the players, the first-player token and
the passes — players, castles and cards named in any case, nothing changed on an error, the trophy
supply and deck orders kept out of the chronicle."""

from __future__ import annotations

import json

import pytest
from tet_support import dice, factions

from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.registry import get_ruleset
from rulesets.tetranomicon.data import material_for
from rulesets.tetranomicon.state import Building, State, Trophy

TET = get_ruleset("tetranomicon")


@pytest.fixture
def s() -> State:
    """Three players (Анна, Борис, Вера); Анна has a farm in Северград and the route У1, Борис У5."""
    state = TET.setup(TET.default_options(), factions(3), dice("tet-correct"))
    for faction, name in zip(state.order, ("Анна", "Борис", "Вера")):
        state.players[faction].name = name
    state.buildings.append(Building(owner=state.order[0], kind="farm", castle="severgrad", tower=1))
    state.routes.update({"У1": state.order[0], "У5": state.order[1]})
    return state


def who(state: State, name: str) -> str:
    return next(f for f, p in state.players.items() if p.name == name)


def fix(state: State, text: str):
    new, events, problems = TET.correct(state, text)
    assert [p for p in problems if p.is_error] == [], problems
    assert State.model_validate(json.loads(json.dumps(new.model_dump(mode="json")))) == new
    return new, events, problems


def refused(state: State, text: str):
    before = state.model_dump(mode="json")
    new, events, problems = TET.correct(state, text)
    assert new is state and events == [] and problems
    assert state.model_dump(mode="json") == before
    return problems


def test_coins_by_names_in_any_case_never_below_zero_TET_GAP_30(s):
    anna, boris = who(s, "Анна"), who(s, "Борис")
    new, events, problems = fix(s, "Анне +3 монеты\nу Бориса −2 монеты\n+1 монета для Веры\nБарису: +1 монета")
    assert new.players[anna].coins == s.players[anna].coins + 3
    assert new.players[boris].coins == s.players[boris].coins - 1
    assert events[0].text == f"Правка мастера: Анна — монеты +3 (теперь {s.players[anna].coins + 3})."
    assert [p.message for p in problems if p.severity is Severity.NOTE] == ["Имя прочитано так: «Барису» — Борис."]
    problems = refused(s, "у Анны -99 монет\nИгорю +1 монета")
    assert problems[0].message.startswith("Анна: монет 10, снять 99 нельзя")
    assert problems[1].message == "Не знаю игрока «Игорю»." and problems[1].hint == "игроки: Анна, Борис, Вера"


def test_trophies_from_the_board_the_supply_and_a_player(s):
    anna, boris = who(s, "Анна"), who(s, "Борис")
    level = s.trophies["kamenets"].level
    supply = sorted(s.supply)
    new, events, _ = fix(s, f"трофей Каменца — Анне\nАнне: трофей {supply[0]} из запаса\n"
                            f"трофей {level} Анны — Борису")
    assert "kamenets" not in new.trophies and "kamenets" in new.freed  # freed as by a campaign (TET-TRO-06)
    assert [t.level for t in new.players[anna].trophies] == [supply[0]]
    assert [t.level for t in new.players[boris].trophies] == [level]
    assert sorted(new.supply) == supply[1:]
    assert events[0].text == (f"Правка мастера: трофей уровня {level} с поля (Каменец; замок свободен от монстров) — "
                              "в Реликвиум игрока Анна.")
    back, events, _ = fix(new, f"трофей {level} Бориса — на Каменец\nтрофей {supply[0]} Анны — в запас")
    assert back.trophies["kamenets"].level == level and sorted(back.supply) == supply
    assert events[1].text == f"Правка мастера: трофей уровня {supply[0]} из Реликвиума игрока Анна — в запас."


def test_a_face_down_trophy_goes_back_to_the_supply_unseen_TET_GAP_22(s):
    s.trophies["kamenets"] = Trophy(level=5, castle="kamenets", face_up=False)
    _, events, _ = fix(s, "трофей Каменца — в запас")
    assert events[0].text == ("Правка мастера: закрытый трофей с поля (Каменец; замок свободен от монстров) — "
                              "в запас.")
    assert "level" not in events[0].data


def test_buildings_change_owner_or_go(s):
    anna, vera = who(s, "Анна"), who(s, "Вера")
    new, events, _ = fix(s, "ферма Анны в Северграде — Вере")
    assert new.buildings[-1] == Building(owner=vera, kind="farm", castle="severgrad", tower=1)
    assert events[0].text == ("Правка мастера: ферма (Северград, башня 1) — теперь строение игрока Вера "
                              "(было у игрока Анна).")
    new, _, _ = fix(s, "убрать строение: К1, башня 1")
    assert new.buildings_of(anna) == []
    problems = refused(s, "строение в Каменце, башня 2 — Борису\nснести строение в Дубраве")
    assert [p.message for p in problems] == ["В замке Каменец нет такого строения.",
                                             "В замке Дубрава нет такого строения."]


def test_routes_change_owner_or_go(s):
    anna, vera = who(s, "Анна"), who(s, "Вера")
    new, events, _ = fix(s, "маршрут Каменец — Дубрава — Анне\nубрать маршрут У1")
    assert new.routes == {"У5": anna}
    assert events[0].text == "Правка мастера: маршрут Каменец — Дубрава — теперь маршрут игрока Анна (был у игрока Борис)."
    new, _, _ = fix(s, "маршрут У5 — Вере")
    assert new.routes["У5"] == vera
    problems = refused(s, "маршрут У3 — Анне\nмаршрут Северград — Дубрава — Анне")
    assert problems[0].message == "На участке Речной Брод — Дубрава маршрута нет."
    assert problems[1].message == "Между замками Северград и Дубрава нет участка."


def test_cards_between_the_pools_and_the_players(s):
    anna, boris = who(s, "Анна"), who(s, "Борис")
    card = s.creature_pool[1]
    name = material_for(s).card_name(card)
    top = s.creature_decks[0][0]
    new, events, _ = fix(s, f"Анне: {name} из пула")
    assert new.players[anna].creatures == [card] and new.creature_pool[1] == top  # refilled (TET-ARMY-02)
    assert new.creature_decks[0] == s.creature_decks[0][1:]
    assert events[0].text == f"Правка мастера: «{name}» из пула (место 2) — игроку Анна."
    moved, events, _ = fix(new, f"{name} Анны — Борису")
    assert moved.players[boris].creatures == [card] and moved.players[anna].creatures == []
    assert events[0].text == f"Правка мастера: «{name}» переходит от игрока Анна к игроку Борис."
    problems = refused(new, f"{name} Анны — в пул")
    assert problems[0].message == "В пул существ нет свободного места."
    new.creature_pool[0] = None
    back, events, _ = fix(new, f"{name} Анны — в пул")
    assert back.creature_pool[0] == card and back.players[anna].creatures == []


def test_the_first_player_token_and_the_passes(s):
    order = s.order
    holder_next = next(f for f in order if f != s.holder)
    new, events, _ = fix(s, f"первый игрок: {s.players[holder_next].name}")
    assert new.holder == holder_next and events[0].kind == "gm_holder"
    active = s.active
    name = s.players[active].name
    new, events, _ = fix(s, f"{name} спасовал")
    assert new.players[active].passed and new.active != active
    assert [e.kind for e in events] == ["gm_pass", "gm_turn"]
    again, events, _ = fix(new, f"{name}: пас снят")
    assert not again.players[active].passed and again.active == new.active
    everyone = "\n".join(f"{p.name} спасовал" for p in s.players.values())
    problems = refused(s, everyone)
    assert problems[-1].message.startswith("Тогда спасуют все")


def test_every_error_is_located_with_a_hint_and_applies_nothing(s):
    problems = refused(s, "// по решению на форуме\nАнне +1 монета\nмаршрут — Анне\nчушь\nтрофей 9 Анны — Борису")
    assert [p.line for p in problems] == [3, 4, 5]
    assert all(p.hint for p in problems)
    assert problems[1].kind is ProblemKind.UNREADABLE
    assert problems[2].message == "У игрока Анна нет такого трофея."
