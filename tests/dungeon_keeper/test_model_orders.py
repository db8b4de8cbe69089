"""Orders: one model per action key of checklist §3.2, canonical Russian text, JSON round-trip,
validation of fixed costs."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from letopis.engine.text import plural
from rulesets.dungeon_keeper import orders as o
from rulesets.dungeon_keeper.orders import Label

IMP1 = Label(kind="imp", number=1)
BES2_BAAL = Label(kind="bes", number=2, owner="Ваал")

EXAMPLES: list[tuple[o.BaseModel, str]] = [
    (o.Move(unit="p1:i1", who=IMP1, path=((36, 15),), ap=1), "Имп №1: перемещается на 36-15."),
    (o.Move(unit="p1:m2", who=Label(kind="bes", number=2), path=((8, 9), (9, 10)), ap=2),
     "Бес №2: перемещается на 8-9 → 9-10."),
    (o.Dig(unit="p1:i1", who=IMP1, cell=(13, 21)), "Имп №1: вскапывает клетку 13-21."),
    (o.MineOrder(unit="p1:i1", who=IMP1, cell=(35, 14), mine="gold"), "Имп №1: копает золотую шахту на 35-14."),
    (o.MineOrder(unit="p1:i1", who=IMP1, cell=(10, 4), mine="iron", ap=2),
     "Имп №1: копает железную шахту на 10-4 (2 ОД)."),
    (o.Build(unit="p1:i2", who=Label(kind="imp", number=2), building="laboratory", cell=(19, 19)),
     "Имп №2: строит Алхимическую лабораторию на 19-19."),
    (o.Repair(unit="p1:i3", who=Label(kind="imp", number=3), building="b1", building_kind="altar", cell=(20, 20)),
     "Имп №3: чинит Алтарь на 20-20."),
    (o.Pickup(unit="p1:m4", who=Label(kind="bes", number=4), object="o1", object_kind="chest", cell=(40, 2)),
     "Бес №4: подбирает Сундук с золотом на 40-2."),
    (o.Pickup(unit="p1:m4", who=Label(kind="vampire", number=4), object="o2", object_kind="rune", item="death",
              cell=(33, 9)), "Вампир №4: подбирает Руну Смерти на 33-9."),
    (o.Attack(unit="p1:m1", who=Label(kind="kerub", number=1), target="p2:m2", whom=BES2_BAAL, cell=(16, 16)),
     "Керуб №1: атакует беса №2 (Ваал) на 16-16."),
    (o.Attack(unit="p1:m1", who=Label(kind="kerub", number=1), target="gnome", whom=Label(kind="gnome"), ap=2),
     "Керуб №1: атакует гнома (2 ОД)."),
    (o.AttackBuilding(unit="p1:m1", who=Label(kind="siege_beast", number=1), building="b4", building_kind="altar",
                      cell=(36, 36)), "Осадный зверь №1: атакует Алтарь на 36-36."),
    (o.Capture(unit="p1:i2", who=Label(kind="imp", number=2), building="b9", cell=(30, 30), ap=2),
     "Имп №2: захватывает Источник Силы на 30-30 (2 ОД)."),
    (o.RuneUnlock(unit="p1:i1", who=IMP1, rune="fire"), "Имп №1: кладёт Руну Огня в Алтарь."),
    (o.RuneExchange(unit="p1:m6", who=Label(kind="bes", number=6), rune="dark"),
     "Бес №6: обменивает Руну Тьмы на ману."),
    (o.Hospital(unit="p1:m1", who=Label(kind="munglair", number=1), building="b5", cell=(12, 12), ap=2),
     "Мунглайр №1: лечится в Госпитале на 12-12 (2 ОД)."),
    (o.Ability(unit="p1:m1", who=Label(kind="priest", number=1), ability="heal", target="p1:m2",
               whom=Label(kind="kerub", number=2)), "Жрец №1: лечит керуба №2."),
    (o.Ability(unit="p1:m1", who=Label(kind="priest", number=1), ability="sacrifice", target="p1:i7",
               whom=Label(kind="imp", number=7)), "Жрец №1: приносит в жертву импа №7."),
    (o.Ability(unit="p1:m2", who=Label(kind="ognevik", number=2), ability="fire_breath"),
     "Огневик №2: дышит огнём."),
    (o.Ability(unit="p1:m3", who=Label(kind="ifrit", number=3), ability="fire_stream", direction="W", ap=3),
     "Ифрит №3: пускает огненный поток влево."),
    (o.Ability(unit="p1:m1", who=Label(kind="succubus", number=1), ability="subjugate", target="p2:m3",
               whom=Label(kind="grasdir", number=3, owner="Ваал"), ap=2), "Суккуб №1: подчиняет грасдира №3 (Ваал)."),
    (o.Ability(unit="p1:m1", who=Label(kind="lich", number=1), ability="fear", target="p2:m2", whom=BES2_BAAL, ap=2),
     "Лич №1: пугает беса №2 (Ваал), 2 раза."),
    (o.Ability(unit="p1:m1", who=Label(kind="kadet", number=1), ability="poison", target="p2:m5",
               whom=Label(kind="ifrit", number=5, owner="Ваал"), cell=(20, 21)),
     "Кадет №1: отравляет ифрита №5 (Ваал) на 20-21."),
    (o.Ability(unit="p1:m1", who=Label(kind="succubus", number=1), ability="unbless", target="p2:m1",
               whom=Label(kind="kerub", number=1, owner="Ваал"), buff="rage"),
     "Суккуб №1: снимает Ярость с керуба №1 (Ваал)."),
    (o.Ability(unit="p1:m1", who=Label(kind="lich", number=1), ability="death_cloud", cell=(14, 16), ap=2),
     "Лич №1: насылает облако смерти на 14-16."),
    (o.Summon(unit_kind="imp", count=2), "Призываю 2 импа."),
    (o.Summon(unit_kind="bes", cell=(21, 20)), "Призываю беса на 21-20."),
    (o.UpgradeUnit(unit="p1:m2", who=Label(kind="bes", number=2), to="priest"), "Улучшаю беса №2 до жреца."),
    (o.UpgradeBuilding(building="b2", cell=(20, 22), level=4), "Улучшаю Источник Силы на 20-22 до 4-го уровня."),
    (o.Research(spell="weakness"), "Изучаю заклинание Слабость."),
    (o.Cast(spell="rage", target="p1:m1", whom=Label(kind="kerub", number=1)), "Накладываю Ярость на керуба №1."),
    (o.Alchemy(resource="iron", amount=10), "Перегоняю 30 ед. маны в железо (10)."),
    (o.Forge(artifact="crown"), "Кую Корону."),
    (o.Equip(artifact="armour", unit="p1:m1", who=Label(kind="siege_beast", number=1)),
     "Надеваю Броню на осадного зверя №1."),
    (o.SendSpirit(spirit="guardian", unit="p1:m4", who=Label(kind="bes", number=4)),
     "Посылаю духа-защитника к бесу №4."),
    (o.TowerShot(tower="b7", cell=(22, 24), ap=3, target="p2:m1", whom=Label(kind="grasdir", number=1, owner="Лилит")),
     "Боевая башня на 22-24: даёт 3 выстрела по грасдиру №1 (Лилит)."),
    (o.TowerShot(tower="b7", cell=(22, 24)), "Боевая башня на 22-24: стреляет по ближайшему врагу."),
    (o.EndTurn(), "Конец хода."),
    (o.HeroSpawn(cell=(20, 20), direction="N"), "Герой появляется на 20-20, направление вверх."),
]


@pytest.mark.parametrize("order,text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_canonical_text(order, text):
    """Checklist §3.2: every order prints back in the canonical «<Юнит №N>: <глагол> …» form."""
    assert order.to_text() == text


@pytest.mark.parametrize("order,text", EXAMPLES, ids=[t for _, t in EXAMPLES])
def test_json_round_trip(order, text):
    data = [order.model_dump(mode="json")]
    (again,) = o.load_orders(data)
    assert again == order and type(again) is type(order)


def test_every_action_key_of_the_checklist_has_a_model():
    keys = {"move", "dig", "mine", "build", "repair", "pickup", "attack", "attack_building", "capture",
            "rune_unlock", "rune_exchange", "hospital", "ability", "summon", "upgrade_unit", "upgrade_building",
            "research", "cast", "alchemy", "forge", "equip", "spirit", "tower_shot", "end_turn"}
    assert keys <= set(o.KINDS)
    covered = {type(order).model_fields["kind"].default for order, _ in EXAMPLES}
    assert keys <= covered


def test_rulebook_example_lines_DK_TURN_02():
    """The rulebook's imp turn: a step from 37-15 to 36-15, then mining the gold mine at 35-14."""
    move = o.Move(unit="p1:i1", who=IMP1, path=((36, 15),), ap=1)
    mine = o.MineOrder(unit="p1:i1", who=IMP1, cell=(35, 14), mine="gold", ap=1)
    assert move.ap + mine.ap == 2  # the imp's two ОД (DK-IMP-01)
    assert "36-15" in move.to_text() and "золотую шахту на 35-14" in mine.to_text()


def test_move_spends_one_od_per_step_DK_MOVE_01():
    with pytest.raises(ValidationError, match="стоит 2 ОД"):
        o.Move(unit="x", who=IMP1, path=((1, 1), (1, 2)), ap=1)


def test_fixed_costs_are_checked_DK_IMP_05_DK_IMP_06_DK_ABIL_07():
    with pytest.raises(ValidationError):
        o.Dig(unit="x", who=IMP1, cell=(1, 1), ap=2)
    with pytest.raises(ValidationError):
        o.Build(unit="x", who=IMP1, building="wall", cell=(1, 1), ap=2)
    with pytest.raises(ValidationError, match="стоит 3 ОД"):
        o.Ability(unit="x", who=Label(kind="ifrit", number=1), ability="fire_stream", direction="N", ap=1)
    with pytest.raises(ValidationError, match="стоит 2 ОД"):
        o.Ability(unit="x", who=Label(kind="succubus", number=1), ability="subjugate", target="y", whom=IMP1, ap=1)


def test_fear_may_be_repeated_DK_ABIL_10():
    fear = o.Ability(unit="x", who=Label(kind="lich", number=1), ability="fear", target="y", whom=IMP1, ap=3)
    assert fear.uses == 3


def test_ability_shapes_are_checked():
    with pytest.raises(ValidationError, match="не активная способность"):
        o.Ability(unit="x", who=IMP1, ability="zeal")
    with pytest.raises(ValidationError, match="не активная способность"):
        o.Ability(unit="x", who=IMP1, ability="melee", target="y", whom=IMP1)
    with pytest.raises(ValidationError, match="нужна цель"):
        o.Ability(unit="x", who=IMP1, ability="heal")
    with pytest.raises(ValidationError, match="нужна клетка"):
        o.Ability(unit="x", who=IMP1, ability="death_cloud", ap=2)
    with pytest.raises(ValidationError, match="нужно направление"):
        o.Ability(unit="x", who=IMP1, ability="fire_stream", ap=3)


def test_cells_must_be_on_the_map_DK_GAP_16():
    with pytest.raises(ValidationError):
        o.Dig(unit="x", who=IMP1, cell=(46, 1))
    with pytest.raises(ValidationError):
        o.Dig(unit="x", who=IMP1, cell=(0, 5))


def test_alchemy_rates_DK_BLD_12():
    assert o.Alchemy(resource="gold", amount=7).mana == 7
    assert o.Alchemy(resource="iron", amount=2).mana == 6
    assert o.Alchemy(resource="taldear", amount=1).mana == 100


def test_summon_with_a_cell_is_for_one_unit_DK_GAP_31():
    with pytest.raises(ValidationError, match="только для одного"):
        o.Summon(unit_kind="imp", count=2, cell=(3, 3))
    assert o.Summon(unit_kind="bes", count=5).to_text() == "Призываю 5 бесов."
    assert o.Summon(unit_kind="imp", count=21 - 20).to_text() == "Призываю импа."


def test_tower_fires_at_most_three_shots_DK_BLD_08():
    with pytest.raises(ValidationError):
        o.TowerShot(tower="b1", cell=(1, 1), ap=4)


def test_orders_are_frozen():
    order = o.EndTurn()
    with pytest.raises(ValidationError):
        order.kind = "move"  # type: ignore[misc]


def test_labels_decline_and_name_owners():
    assert Label(kind="siege_beast", number=3).text("dat") == "осадному зверю №3"
    assert Label(kind="hero").text("acc", capital=True) == "Героя"
    assert BES2_BAAL.text("ins") == "бесом №2 (Ваал)"
    assert plural(21, "имп", "импа", "импов") == "имп"
    assert plural(12, "имп", "импа", "импов") == "импов"
    assert o.object_name("artifact", "sword", "acc") == "Меч"
