"""Every example line of checklist §3.2 reads to the order it means, in a state where it is legal.

The poster is «Морган» (p1); «Ваал» (p2) and «Лилит» (p3) are the rivals the lines name. Each case
gives the line, the smallest state that makes it legal, and the fields the order must have. Lines
that continue a unit's block («2 ОД: вскапывает клетку 13-21.») are read under a header.
"""

from __future__ import annotations

import pytest

from rulesets.dungeon_keeper.state import Effect

from .test_reader_support import errors, read, world

PLAYERS = ("Морган", "Ваал", "Лилит")


def w(*units, **kw):
    return world(units=list(units), players=PLAYERS, **kw)


def _with_effect(state, unit_id, key, category):
    state.units[unit_id].effects.append(Effect(key=key, source="spell", category=category, by="p2", until=None))
    return state


CASES = [
    # --- move (DK-MOVE-01) ------------------------------------------------------------------------
    ("1 ОД: имп №4 передвигается с клетки 12-20 на 13-20.", lambda: w(("p1", "imp", 4, (12, 20)), resources={}),
     {"kind": "move", "unit": "p1:i4", "path": ((13, 20),), "ap": 1}),
    ("Бес №2: 1-2 ОД — идёт 8-8 → 8-9 → 9-10", lambda: w(("p1", "bes", 2, (8, 8))),
     {"kind": "move", "unit": "p1:m2", "path": ((8, 9), (9, 10)), "ap": 2}),
    ("грасдир 1 перелетает на 14–15", lambda: w(("p1", "grasdir", 1, (14, 13))),
     {"kind": "move", "unit": "p1:m1", "ap": 2, "target": (14, 15)}),
    # --- dig (DK-IMP-05) --------------------------------------------------------------------------
    ("Имп №1:\n2 ОД: вскапывает клетку 13-21.", lambda: w(("p1", "imp", 1, (13, 20)), rock=[(13, 21)]),
     {"kind": "dig", "unit": "p1:i1", "cell": (13, 21)}),
    ("имп №1 прокапывает проход на 7-30", lambda: w(("p1", "imp", 1, (7, 29)), rock=[(7, 30)]),
     {"kind": "dig", "cell": (7, 30)}),
    ("Имп №1:\nкопает 22-22 (камень)", lambda: w(("p1", "imp", 1, (22, 21)), rock=[(22, 22)]),
     {"kind": "dig", "cell": (22, 22)}),
    # --- mine (DK-IMP-03) -------------------------------------------------------------------------
    ("Имп №1:\n2 ОД: копает железную шахту на 10-4.", lambda: w(("p1", "imp", 1, (10, 5)), mines=[("iron", (10, 4))]),
     {"kind": "mine", "cell": (10, 4), "mine": "iron", "ap": 1}),
    ("имп 5 — добывает тальдеар из самоцветной шахты 3-41",
     lambda: w(("p1", "imp", 5, (4, 40)), mines=[("gem", (3, 41))]),
     {"kind": "mine", "unit": "p1:i5", "cell": (3, 41), "mine": "gem"}),
    ("Имп №1:\nдобыча золота, шахта 30-12", lambda: w(("p1", "imp", 1, (30, 13)), mines=[("gold", (30, 12))]),
     {"kind": "mine", "cell": (30, 12), "mine": "gold"}),
    # --- build (DK-IMP-06) ------------------------------------------------------------------------
    ("имп №2 строит Алхимическую лабораторию на 19-19", lambda: w(("p1", "imp", 2, (19, 18))),
     {"kind": "build", "unit": "p1:i2", "building": "laboratory", "cell": (19, 19)}),
    ("Имп №1:\n1 ОД: возводит замедляющую башню на клетке 25-26", lambda: w(("p1", "imp", 1, (25, 25))),
     {"kind": "build", "building": "slow_tower", "cell": (25, 26)}),
    ("Имп №1:\nставит стену на 11-30", lambda: w(("p1", "imp", 1, (11, 29))),
     {"kind": "build", "building": "wall", "cell": (11, 30)}),
    # --- repair (DK-IMP-07) -----------------------------------------------------------------------
    ("имп 3 чинит Алтарь", lambda: w(("p1", "imp", 3, (20, 21)), buildings=[("p1", "altar", (20, 20), {"hp": 80})]),
     {"kind": "repair", "unit": "p1:i3", "building_kind": "altar", "cell": (20, 20)}),
    ("Имп №1:\nремонтирует боевую башню на 25-27 (10 хп, 10 золота)",
     lambda: w(("p1", "imp", 1, (25, 26)), buildings=[("p1", "battle_tower", (25, 27), {"hp": 40})]),
     {"kind": "repair", "building_kind": "battle_tower", "cell": (25, 27), "ap": 1}),
    # --- pickup (DK-UNIT-05, DK-OBJ) --------------------------------------------------------------
    ("Имп №1:\nподбирает броню на 17-17", lambda: w(("p1", "imp", 1, (17, 16)), objects=[("artifact", (17, 17), "armour")]),
     {"kind": "pickup", "object_kind": "artifact", "item": "armour", "cell": (17, 17)}),
    ("бес №4 берёт сундук с золотом (40-2)", lambda: w(("p1", "bes", 4, (40, 3)), objects=[("chest", (40, 2))]),
     {"kind": "pickup", "unit": "p1:m4", "object_kind": "chest", "cell": (40, 2)}),
    ("вампир забирает Руну Смерти с клетки 33-9",
     lambda: w(("p1", "vampire", 1, (33, 10)), objects=[("rune", (33, 9), "death")]),
     {"kind": "pickup", "object_kind": "rune", "item": "death", "cell": (33, 9)}),
    # --- attack (DK-COMBAT) -----------------------------------------------------------------------
    ("Керуб №1 атакует беса №2 Ваала на 16-16", lambda: w(("p1", "kerub", 1, (16, 15)), ("p2", "bes", 2, (16, 16))),
     {"kind": "attack", "unit": "p1:m1", "target": "p2:m2", "cell": (16, 16), "ap": 1}),
    ("ангутей 2: стреляет в импа Лилит (18-20)",
     lambda: w(("p1", "angutei", 2, (18, 18)), ("p3", "imp", 1, (18, 20))),
     {"kind": "attack", "unit": "p1:m2", "target": "p3:i1"}),
    ("Бес №1:\n2 ОД: бьёт гнома", lambda: w(("p1", "bes", 1, (20, 20)), (None, "gnome", 0, (20, 21))),
     {"kind": "attack", "target": "gnome"}),
    # --- attack_building (DK-GAP-26) --------------------------------------------------------------
    ("осадный зверь №1 таранит Алтарь Ваала", lambda: w(("p1", "siege_beast", 1, (43, 3))),
     {"kind": "attack_building", "unit": "p1:m1", "building_kind": "altar", "cell": (44, 2)}),
    ("бес 3 ломает стену на 9-14", lambda: w(("p1", "bes", 3, (9, 13)), buildings=[(None, "wall", (9, 14))]),
     {"kind": "attack_building", "building_kind": "wall", "cell": (9, 14)}),
    # --- capture (DK-SRC-04) ----------------------------------------------------------------------
    ("Грасдир №1:\n1-4 ОД: захватывает Источник Силы на 30-30 (4/10)",
     lambda: w(("p1", "grasdir", 1, (30, 29)), buildings=[(None, "source", (30, 30), {"level": 2})]),
     {"kind": "capture", "cell": (30, 30), "ap": 4}),
    ("имп №2 — 2 ОД на захват нейтрального источника",
     lambda: w(("p1", "imp", 2, (30, 29)), buildings=[(None, "source", (30, 30), {"level": 2})]),
     {"kind": "capture", "unit": "p1:i2", "cell": (30, 30), "ap": 2}),
    # --- runes (DK-OBJ-02) ------------------------------------------------------------------------
    ("имп 1 кладёт Руну Огня в Алтарь",
     lambda: w(("p1", "imp", 1, (20, 21), {"runes": ["fire"]}), buildings=[("p1", "altar", (20, 20))]),
     {"kind": "rune_unlock", "rune": "fire"}),
    ("бес №6 обменивает руну тьмы на 10 маны",
     lambda: w(("p1", "bes", 6, (20, 21), {"runes": ["dark"]}), buildings=[("p1", "altar", (20, 20))]),
     {"kind": "rune_exchange", "rune": "dark", "unit": "p1:m6"}),
    # --- hospital (DK-BLD-13) ---------------------------------------------------------------------
    ("мунглайр №1: 1-2 ОД — лечится в госпитале (+4 хп)",
     lambda: w(("p1", "munglair", 1, (20, 21), {"hp": 5}), buildings=[("p1", "hospital", (20, 22))]),
     {"kind": "hospital", "ap": 2, "cell": (20, 22)}),
    # --- abilities (DK-ABIL-03..13) ---------------------------------------------------------------
    ("жрец №1 лечит керуба №2", lambda: w(("p1", "priest", 1, (20, 20)), ("p1", "kerub", 2, (20, 21), {"hp": 10})),
     {"kind": "ability", "ability": "heal", "target": "p1:m2"}),
    ("жрец приносит в жертву импа №7", lambda: w(("p1", "priest", 1, (20, 20)), ("p1", "imp", 7, (20, 21))),
     {"kind": "ability", "ability": "sacrifice", "target": "p1:i7"}),
    ("жрец снимает проклятия с аггела №1",
     lambda: _with_effect(w(("p1", "priest", 2, (20, 20)), ("p1", "aggel", 1, (20, 21))), "p1:m1", "weakness",
                          "debuff"),
     {"kind": "ability", "ability": "cleanse", "target": "p1:m1"}),
    ("огневик №2 дышит огнём", lambda: w(("p1", "ognevik", 2, (20, 20)), ("p2", "bes", 1, (20, 21))),
     {"kind": "ability", "ability": "fire_breath", "unit": "p1:m2"}),
    ("ифрит: 1-3 ОД огненный поток влево", lambda: w(("p1", "ifrit", 1, (20, 20)), ("p2", "bes", 1, (20, 19))),
     {"kind": "ability", "ability": "fire_stream", "direction": "W", "ap": 3}),
    ("суккуб подчиняет грасдира №3 Ваала", lambda: w(("p1", "succubus", 1, (20, 20)), ("p2", "grasdir", 3, (20, 22))),
     {"kind": "ability", "ability": "subjugate", "target": "p2:m3", "ap": 2}),
    ("ангутей истощает керуба Лилит", lambda: w(("p1", "angutei", 1, (20, 20)), ("p3", "kerub", 1, (20, 23))),
     {"kind": "ability", "ability": "exhaust", "target": "p3:m1"}),
    ("лич №1 пугает беса Ваала, 2 раза", lambda: w(("p1", "lich", 1, (20, 20)), ("p2", "bes", 1, (20, 22))),
     {"kind": "ability", "ability": "fear", "target": "p2:m1", "ap": 2}),
    ("кадет отравляет ифрита Ваала на 20-21", lambda: w(("p1", "kadet", 1, (20, 20)), ("p2", "ifrit", 1, (20, 21))),
     {"kind": "ability", "ability": "poison", "target": "p2:m1", "cell": (20, 21)}),
    ("суккуб снимает с керуба Ваала Ярость",
     lambda: _with_effect(w(("p1", "succubus", 1, (20, 20)), ("p2", "kerub", 1, (20, 22))), "p2:m1", "rage", "buff"),
     {"kind": "ability", "ability": "unbless", "target": "p2:m1", "buff": "rage"}),
    ("лич: облако смерти на 14-16", lambda: w(("p1", "lich", 1, (14, 14)), ("p2", "bes", 1, (14, 16))),
     {"kind": "ability", "ability": "death_cloud", "cell": (14, 16), "ap": 2}),
    # --- summon (DK-BLD-07) -----------------------------------------------------------------------
    ("Призываю двух импов у круга вызова", lambda: w(buildings=[("p1", "circle", (20, 20))]),
     {"kind": "summon", "unit_kind": "imp", "count": 2}),
    ("вызываю беса на 21-20", lambda: w(buildings=[("p1", "circle", (20, 20))]),
     {"kind": "summon", "unit_kind": "bes", "cell": (21, 20)}),
    # --- upgrades (DK-UPG, DK-SRC-02) -------------------------------------------------------------
    ("Бес №2 улучшается до жреца (10 маны, 20 золота)",
     lambda: w(("p1", "bes", 2, (20, 21)), buildings=[("p1", "source", (20, 20), {"level": 3})]),
     {"kind": "upgrade_unit", "unit": "p1:m2", "to": "priest"}),
    ("апгрейд грасдира №1 в керуба",
     lambda: w(("p1", "grasdir", 1, (20, 21)), buildings=[("p1", "source", (20, 20), {"level": 3})]),
     {"kind": "upgrade_unit", "unit": "p1:m1", "to": "kerub"}),
    ("Улучшаю Источник на 20-22 до 4-го уровня", lambda: w(buildings=[("p1", "source", (20, 22), {"level": 3})]),
     {"kind": "upgrade_building", "cell": (20, 22), "level": 4}),
    ("источник силы 20-22: ур. 4 → 5", lambda: w(buildings=[("p1", "source", (20, 22), {"level": 4})]),
     {"kind": "upgrade_building", "cell": (20, 22), "level": 5}),
    # --- spells (DK-SPELL) ------------------------------------------------------------------------
    ("Разрабатываю заклинание Слабость", lambda: w(), {"kind": "research", "spell": "weakness"}),
    ("изучаю Скорость (30 маны)", lambda: w(), {"kind": "research", "spell": "speed"}),
    ("Накладываю Ярость на керуба №1", lambda: w(("p1", "kerub", 1, (20, 20)), spells=["rage"]),
     {"kind": "cast", "spell": "rage", "target": "p1:m1"}),
    ("Порча на беса №3 Ваала", lambda: w(("p2", "bes", 3, (20, 20)), spells=["corruption"]),
     {"kind": "cast", "spell": "corruption", "target": "p2:m3"}),
    ("кастую Исцеление на имп №2", lambda: w(("p1", "imp", 2, (20, 20)), spells=["healing"]),
     {"kind": "cast", "spell": "healing", "target": "p1:i2"}),
    # --- alchemy, crafting, equipping, spirits ----------------------------------------------------
    ("Лаборатория: 30 маны в 10 железа", lambda: w(buildings=[("p1", "laboratory", (20, 20))]),
     {"kind": "alchemy", "resource": "iron", "amount": 10}),
    ("перегоняю 15 маны в золото", lambda: w(buildings=[("p1", "laboratory", (20, 20))]),
     {"kind": "alchemy", "resource": "gold", "amount": 15}),
    ("В оружейной кую меч", lambda: w(buildings=[("p1", "armoury", (20, 20))]), {"kind": "forge", "artifact": "sword"}),
    ("создаю корону", lambda: w(buildings=[("p1", "armoury", (20, 20))], gold=200),
     {"kind": "forge", "artifact": "crown"}),
    ("Надеваю броню на осадного зверя №1", lambda: w(("p1", "siege_beast", 1, (20, 20)), store=["armour"]),
     {"kind": "equip", "artifact": "armour", "unit": "p1:m1"}),
    ("меч — керубу №2", lambda: w(("p1", "kerub", 2, (20, 20)), store=["sword"]),
     {"kind": "equip", "artifact": "sword", "unit": "p1:m2"}),
    ("Посылаю духа-защитника к бесу №4", lambda: w(("p1", "bes", 4, (20, 20)), spirits=1),
     {"kind": "spirit", "spirit": "guardian", "unit": "p1:m4"}),
    ("дух жизни → ифрит №1", lambda: w(("p1", "ifrit", 1, (20, 20)), spirits=1),
     {"kind": "spirit", "spirit": "life", "unit": "p1:m1"}),
    # --- towers, end of turn (DK-BLD-08, DK-GAP-11) -------------------------------------------------
    ("Боевая башня на 22-24 стреляет по бесу №5 Ваала",
     lambda: w(("p2", "bes", 5, (22, 26)), buildings=[("p1", "battle_tower", (22, 24))]),
     {"kind": "tower_shot", "cell": (22, 24), "target": "p2:m5", "ap": 1}),
    ("башня 22-24: три выстрела в грасдира Лилит",
     lambda: w(("p3", "grasdir", 1, (22, 26), {"hp": 10}), buildings=[("p1", "battle_tower", (22, 24))]),
     {"kind": "tower_shot", "cell": (22, 24), "target": "p3:m1", "ap": 3}),
    ("Конец хода.", lambda: w(), {"kind": "end_turn"}),
    ("Ход закончил", lambda: w(), {"kind": "end_turn"}),
]


def _fields(order) -> dict:
    data = order.model_dump()
    if data.get("kind") == "move":
        data["target"] = order.path[-1]
    return data


@pytest.mark.parametrize(("line", "make_state", "expected"), CASES, ids=[c[0].replace("\n", " / ") for c in CASES])
def test_checklist_example_line_reads_to_its_order(line, make_state, expected):
    """Checklist §3.2: each example line is one order of the documented action key (DK-TURN-02)."""
    reading = read(line, make_state())
    assert not errors(reading), [p.render() for p in reading.problems]
    assert len(reading.orders) == 1, reading.orders
    got = _fields(reading.orders[0])
    assert {k: got.get(k) for k in expected} == expected
    assert reading.lines[-1].summary


def test_every_action_key_of_the_checklist_has_an_example():
    keys = {c[2]["kind"] for c in CASES}
    assert keys == {
        "move", "dig", "mine", "build", "repair", "pickup", "attack", "attack_building", "capture", "rune_unlock",
        "rune_exchange", "hospital", "ability", "summon", "upgrade_unit", "upgrade_building", "research", "cast",
        "alchemy", "forge", "equip", "spirit", "tower_shot", "end_turn",
    }
