"""Orders: canonical Russian text (checklist §3.2) and the JSON round trip."""

from __future__ import annotations

import pytest

from rulesets.tetranomicon.orders import (
    Build,
    Campaign,
    CreateArtifact,
    LayRoute,
    Pass,
    Source,
    Summon,
    load_orders,
)

CANONICAL = [
    (Build(building="farm", castle="severgrad", tower=1), "Строить: ферма, Северград, башня 1"),
    (Build(building="sawmill", castle="rechnoy_brod", sources=(Source(building="farm", castle="severgrad"),)),
     "Строить: лесопилка, Речной Брод; ферма из Северграда"),
    (Build(building="mine", castle="dubrava", tower=4), "Строить: рудник, Дубрава, башня 4"),
    (LayRoute(segment="У1", route="water"), "Маршрут: Северград — Речной Брод (водный)"),
    (LayRoute(segment="У6"), "Маршрут: Каменец — Туманный Перевал"),
    (CreateArtifact(card="A1-3"), "Артефакт: «Печать Гильдии»"),
    (CreateArtifact(slot=3), "Артефакт: слот 3"),
    (Summon(card="C1-2"), "Существо: «Речной Змей»"),
    (Summon(card="C1-3", slot=2), "Существо: «Горный Тролль», слот 2"),
    (Campaign(castle="chernolesye", start="dubrava"), "Поход: Чернолесье из Дубравы"),
    (Campaign(castle="yuzhnaya_zastava", start="dubrava", via=("ozyorsk",)),
     "Поход: Южная Застава из Дубравы через Озёрск"),
    (Campaign(castle="chernolesye"), "Поход: Чернолесье"),
    (Pass(), "Пас"),
]


@pytest.mark.parametrize(("order", "text"), CANONICAL)
def test_canonical_text_of_every_order_kind(order, text):
    """TET-ACT-02: the four actions and the pass, each with its canonical text."""
    assert order.to_text() == text


def test_orders_round_trip_through_json():
    orders = [o for o, _ in CANONICAL]
    data = [o.model_dump(mode="json") for o in orders]
    assert load_orders(data) == orders


def test_mountain_building_must_be_named():
    """TET-GAP-15: a build order always names the building; a mountain takes рудник or каменоломня."""
    with pytest.raises(ValueError):
        Build(castle="dubrava", tower=4)  # type: ignore[call-arg]
    assert Build(building="quarry", castle="dubrava").building == "quarry"


def test_card_order_needs_a_card_or_a_place_and_a_path_needs_a_start():
    with pytest.raises(ValueError):
        Summon()
    with pytest.raises(ValueError):
        Campaign(castle="kamenets", via=("dubrava",))
