"""The post page's roster for Тетраномикон: the player's coins and the four scoring numbers, his
cards and buildings and routes, and the pools priced for him — his discounts applied (TET-ACT-07,
TET-GAP-17), an artifact's unmet conditions named (TET-ART-02). The decks' order and the trophy
supply (secret until the end, checklist §5) change neither the roster nor the examples."""

from __future__ import annotations

from tet_support import army, game, lay, put

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from rulesets.tetranomicon import RULESET
from rulesets.tetranomicon.data import material_for
from rulesets.tetranomicon.roster import coins, coins_from, roster


def groups(state, faction="p1"):
    return {g.title: g for g in roster(state, faction)}


def position():
    state = game(2)
    put(state, "p1", "farm", "severgrad", 1)
    lay(state, "p1", "У1")
    army(state, "p1", "C1-1")  # Лесной Дух: −1 to a farm or a sawmill
    state.players["p1"].coins = 5
    return state


def test_coins_cards_and_holdings():
    state = position()
    g = groups(state)
    assert dict(g["Казна"].facts)["Монеты"] == "5"
    (spirit,) = g["Ваши карты"].entries
    assert spirit.name == "«Лесной Дух»" and ("⚔", "1") in spirit.facts
    assert spirit.text == "Скидка: −1 к ферме и лесопилке."
    holdings = [(e.name, e.where) for e in g["Ваши строения и маршруты"].entries]
    assert ("Ферма", "Северград, башня 1") in holdings
    assert any(name == "Маршрут У1" for name, _ in holdings)


def test_prices_carry_his_discounts_and_what_he_cannot_pay_is_marked():
    state = position()
    prices = {e.name: e for e in groups(state)["Цены для вас"].entries}
    assert ("цена", coins_from(3)) in prices["Строить: ферма"].facts  # 4 − Лесной Дух
    assert ("цена", coins_from(4)) in prices["Строить: рудник"].facts
    for slot, cid in enumerate(state.creature_pool, 1):
        if cid is not None:
            card = material_for(state).creatures[cid]
            entry = prices[f"Существо «{card.name}»"]
            assert entry.where == f"слот {slot}" and entry.spent == (card.cost > 5)
    state.players["p1"].coins = 0
    assert all(e.spent for e in groups(state)["Цены для вас"].entries)


def test_an_artifacts_unmet_condition_is_named():
    state = position()
    state.artifact_pool[0] = "A1-1"  # Серп Плодородия: at least 2 own farms
    sickle = next(e for e in groups(state)["Цены для вас"].entries if e.name == "Артефакт «Серп Плодородия»")
    assert sickle.spent and sickle.note == "не выполнено: своих ферм не меньше 2 (у вас 1)"
    assert ("цена", coins(3)) in sickle.facts


def test_the_secret_decks_and_supply_change_nothing():
    state = position()
    before, examples = roster(state, "p1"), RULESET.examples(state, "p1")
    assert examples
    other = state.model_copy(deep=True)
    other.creature_decks = [list(reversed(d)) for d in other.creature_decks]
    other.artifact_decks = [list(reversed(d)) for d in other.artifact_decks]
    other.supply = sorted(other.supply, reverse=True) + [9]
    assert roster(other, "p1") == before and RULESET.examples(other, "p1") == examples


def test_his_buildings_routes_and_panel_stand_out_in_his_picture():
    state = position()
    mine = RULESET.draw(state, Viewer(role=ViewerRole.PLAYER, faction="p1"))
    assert mine.count('class="own"') == 3  # the farm's ring, the route's token, the panel
    assert "1. Анна (вы)" in mine
    assert 'class="own"' not in RULESET.draw(state, PUBLIC)
