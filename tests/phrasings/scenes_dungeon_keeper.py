"""Scenes for the Dungeon Keeper phrasing corpora (`tests/phrasings/dungeon_keeper*.toml`).

Every scene is a fresh state in which the archdemon «Ваал» (faction p1) writes his turn; his rival is
«Лилит» (p2). The map is open (all cells dug) except the rock cells named below. Cells are
«row-column» (DK-MAP-04). Ваал's Altar stands on 44-44, Лилит's on 44-2 unless said otherwise.
Unless a scene says so, Ваал has 200 gold, 100 mana, 50 iron and 5 тальдеар, and every unit has its
full ОД and хп. Ваал's turn has already begun (as a setup document with ``turn.started``: income,
upkeep, regeneration and auras are behind him), so the numbers below are exactly what he has while he
writes. Imps and military units are numbered separately (DK-GAP-15). Each of Лилит's units is the only
one of its kind in its scene, so «бес Лилит» names one unit.

``workers`` — Ваал's imps at work:
  - Имп №1 on 37-15 (the rulebook's example): 36-15 is free, a Золотая шахта on 35-14 (reach it from
    36-15; it is two cells from 37-15).
  - Имп №2 on 20-20: rock on 20-21 and 19-21 (to dig), a Железная шахта on 21-21 and a Самоцветная
    шахта on 19-19 (both touch the imp). Лилит's имп №1 stands on 21-19, next to him.
  - Имп №3 on 12-12: Ваал's own Боевая башня on 12-13 is damaged (30 of 50 хп); a Сундук с золотом on
    11-11, a Кристалл маны on 13-11, a Меч lying on 11-12 (all next to the imp); 13-12 and 11-13 free.
  - Имп №4 on 22-30 (22-31, 23-31 free; rock on 21-31, 21-30 and 22-29, so the diagonal step to 21-29
    is closed by the corner rule).
  - Имп №5 on 43-43, next to his own Altar (44-44), carrying a Руна Огня and a Руна Тьмы
    (no rune is in the Altar yet).
  - Бес №1 on 30-11, next to a neutral level-2 Источник Силы on 30-10.
  - Лилит's бес №1 on 5-5, far from everyone.

``army`` — Ваал's fighters and Лилит's units near them:
  - Бес №1 on 25-25; Лилит's бес №1 on 25-26 (next to him).
  - Бес №2 on 30-30, alone, everything around free; rock on 31-31.
  - Грасдир №3 on 10-10 (4 ОД), open ground around; rock on 10-14.
  - Керуб №4 on 16-15; Лилит's огневик №2 on 16-16 (next to him).
  - Ангутей №5 (ranged, reach 3) on 18-20; Лилит's имп №1 on 18-23 (three cells away, in sight) and
    Лилит's грасдир №3 on 18-28 (eight cells away).
  - Осадный зверь №6 on 40-40; a neutral Стена on 40-41 and Лилит's Боевая башня on 39-41, both next
    to him.
  - Мунглайр №7 on 33-20 with 1 of 12 хп, next to Ваал's own Госпиталь on 33-21.
  - Имп №1 on 42-20 (a worker, 2 ОД).

``casters`` — units with active abilities:
  - Жрец №1 on 20-10; Ваал's бес №2 on 20-11 (hurt: 1 of 3 хп) and Ваал's имп №1 on 21-10, both next
    to him; Лилит's имп №3 on 19-9, also next to him.
  - Огневик №3 on 25-25; Лилит's бес №1 on 25-26 next to him.
  - Ифрит №4 on 30-30; Лилит's имп №1 on 30-31 and имп №2 on 30-32 (to his right, east).
  - Суккуб №5 on 10-30; Лилит's керуб №2 on 10-32 (two cells away).
  - Лич №6 on 35-10; Лилит's грасдир №3 on 35-12 (two cells away); 35-13 is empty.
  - Кадет №7 on 15-38; Лилит's огневик №4 on 15-40 (two cells away).

``casters_buffed`` — ``casters``, with Лилит's керуб №2 under her spell Ярость (a buff for Отмена
  благословлений to remove, DK-ABIL-12).

``arch`` — the archdemon's own actions. Ваал: 200 gold, 100 mana, 50 iron, 5 тальдеар, 2 spirits in
  his retinue, Меч and Броня in his store; spells researched: Ярость, Скорость, Исцеление, Слабость,
  Порча; Руна Огня in the Altar. Buildings: Altar 44-44, Круг вызова 42-42, his level-3 Источник Силы
  on 40-40, Алхимическая лаборатория 41-38, Оружейная 42-38, Боевая башня 30-30.
  Ваал's units: бес №1 on 39-40 (next to the Source), бес №2 on 10-10 (far from any Source),
  грасдир №3 on 40-42 (near the Source), имп №1 on 43-42.
  Лилит's units: бес №1 on 30-32 (two cells from the tower), имп №1 on 31-33 (three cells from it),
  керуб №2 on 20-20.

``poor`` — the same position as ``arch``, but Ваал has only 2 mana and 3 gold (no iron, no тальдеар).

``pack`` — groups that act together:
  - Имп №1 on 10-9, Имп №2 on 10-11 and Имп №3 on 11-10, all three next to a Золотая шахта on 10-10
    (100 gold); rock on 9-10 (next to Имп №1 and Имп №2).
  - Бес №1 on 20-19 and Бес №2 on 20-21; Лилит's бес №1 on 20-20 between them and Лилит's имп №1 on
    21-20 — each of them next to both of Ваал's бесы.

``zeal`` — the GM option «при рвении — по другой цели» (zeal_retarget) is on. Ваал's керуб №1 on
  20-20; Лилит's бес №1 on 20-21 and имп №1 on 21-21, both next to him.

``subjugate`` — Ваал's суккуб №1 on 10-10; Лилит's бес №2 on 10-12 (two cells away) — the orders for
  the бес, written after the Подчинение line, run only if the control succeeds (DK-GAP-60); Лилит's
  имп №1 on 10-14.
``cursed`` — curses to lift (Очищение, DK-ABIL-05; Рассеивание, DK-SPELL-11). Ваал has researched
  Рассеивание, Исцеление and Ярость. Жрец №1 on 20-10; Ваал's керуб №2 on 20-12 (12 of 20 хп),
  poisoned by Лилит (2 ticks of 4) and under her Слабость; Ваал's бес №3 on 22-10 under her Порча.
  Лилит's суккуб №1 on 20-15, under her Скорость.

``rivals`` — three archdemons: Ваал (p1), Лилит (p2), Мамона (p3), and the Hero with his gnome.
  Ваал has researched Слабость and Ярость. Ваал's керуб №1 on 20-20, бес №2 on 22-22, ангутей №3 on
  18-24, имп №1 on 26-26. Лилит's бес №1 on 20-21 and имп №1 on 21-19 (both next to the керуб).
  Мамона's бес №1 on 19-19 (next to the керуб) and бес №2 on 23-23 (next to Ваал's бес №2). The
  gnome on 26-27 (next to Ваал's имп), the Hero on 27-28. Ваал's ангутей reaches Лилит's бес (three
  cells, in sight), not the Hero (nine cells).
"""

from __future__ import annotations

from collections.abc import Callable

from rulesets.dungeon_keeper.state import Effect, Poison, State
from tests.dungeon_keeper.test_reader_support import world

P1 = "p1"


def begun(state: State) -> State:
    """Ваал's turn has begun already (the setup's ``turn.started``): what the scene gives is what he has."""
    state.turn_no = 1
    return state


def workers() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "imp", 1, (37, 15)), ("p1", "imp", 2, (20, 20)), ("p1", "imp", 3, (12, 12)),
               ("p1", "imp", 4, (22, 30)), ("p1", "imp", 5, (43, 43), {"runes": ["fire", "dark"]}),
               ("p1", "bes", 1, (30, 11)),
               ("p2", "imp", 1, (21, 19)), ("p2", "bes", 1, (5, 5))],
        buildings=[("p1", "battle_tower", (12, 13), {"hp": 30}), (None, "source", (30, 10), {"level": 2})],
        mines=[("gold", (35, 14)), ("iron", (21, 21)), ("gem", (19, 19))],
        objects=[("chest", (11, 11)), ("crystal", (13, 11)), ("artifact", (11, 12), "sword")],
        rock=[(20, 21), (19, 21), (21, 31), (21, 30), (22, 29)],
    )), P1


def army() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "bes", 1, (25, 25)), ("p1", "bes", 2, (30, 30)), ("p1", "grasdir", 3, (10, 10)),
               ("p1", "kerub", 4, (16, 15)), ("p1", "angutei", 5, (18, 20)), ("p1", "siege_beast", 6, (40, 40)),
               ("p1", "munglair", 7, (33, 20), {"hp": 1}), ("p1", "imp", 1, (42, 20)),
               ("p2", "bes", 1, (25, 26)), ("p2", "ognevik", 2, (16, 16)), ("p2", "imp", 1, (18, 23)),
               ("p2", "grasdir", 3, (18, 28))],
        buildings=[(None, "wall", (40, 41)), ("p2", "battle_tower", (39, 41)), ("p1", "hospital", (33, 21))],
        rock=[(31, 31), (10, 14)],
    )), P1


def casters() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "priest", 1, (20, 10)), ("p1", "bes", 2, (20, 11), {"hp": 1}), ("p1", "imp", 1, (21, 10)),
               ("p1", "ognevik", 3, (25, 25)), ("p1", "ifrit", 4, (30, 30)), ("p1", "succubus", 5, (10, 30)),
               ("p1", "lich", 6, (35, 10)), ("p1", "kadet", 7, (15, 38)),
               ("p2", "bes", 1, (25, 26)), ("p2", "imp", 1, (30, 31)), ("p2", "imp", 2, (30, 32)), ("p2", "imp", 3, (19, 9)),
               ("p2", "kerub", 2, (10, 32)), ("p2", "grasdir", 3, (35, 12)), ("p2", "ognevik", 4, (15, 40))],
    )), P1


def casters_buffed() -> tuple[State, str]:
    state, faction = casters()
    kerub = next(u for u in state.units.values() if u.owner == "p2" and u.kind == "kerub")
    rage = Effect(key="rage", source="spell", category="buff", by="p2",
                  until=state.players["p2"].turns + 1, attack=1)
    kerub.effects = [*kerub.effects, rage]
    return state, faction


def _arch(**resources: int) -> State:
    res = {"gold": 200, "mana": 100, "iron": 50, "taldear": 5}
    res.update(resources)
    return begun(world(
        units=[("p1", "bes", 1, (39, 40)), ("p1", "bes", 2, (10, 10)), ("p1", "grasdir", 3, (40, 42)),
               ("p1", "imp", 1, (43, 42)),
               ("p2", "bes", 1, (30, 32)), ("p2", "imp", 1, (31, 33)), ("p2", "kerub", 2, (20, 20))],
        buildings=[("p1", "circle", (42, 42)), ("p1", "source", (40, 40), {"level": 3}),
                   ("p1", "laboratory", (41, 38)), ("p1", "armoury", (42, 38)), ("p1", "battle_tower", (30, 30))],
        resources=res, spirits=2, store=["sword", "armour"],
        spells=["rage", "speed", "healing", "weakness", "corruption"], runes=["fire"],
    ))


def arch() -> tuple[State, str]:
    return _arch(), P1


def poor() -> tuple[State, str]:
    return _arch(mana=2, gold=3, iron=0, taldear=0), P1


def pack() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "imp", 1, (10, 9)), ("p1", "imp", 2, (10, 11)), ("p1", "imp", 3, (11, 10)),
               ("p1", "bes", 1, (20, 19)), ("p1", "bes", 2, (20, 21)),
               ("p2", "bes", 1, (20, 20)), ("p2", "imp", 1, (21, 20))],
        mines=[("gold", (10, 10))],
        rock=[(9, 10)],
    )), P1


def zeal() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "kerub", 1, (20, 20)), ("p2", "bes", 1, (20, 21)), ("p2", "imp", 1, (21, 21))],
        options={"zeal_retarget": True},
    )), P1


def subjugate() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "succubus", 1, (10, 10)), ("p2", "bes", 2, (10, 12)), ("p2", "imp", 1, (10, 14))],
    )), P1


def cursed() -> tuple[State, str]:
    state = begun(world(
        units=[("p1", "priest", 1, (20, 10)), ("p1", "kerub", 2, (20, 12), {"hp": 12}), ("p1", "bes", 3, (22, 10)),
               ("p2", "succubus", 1, (20, 15))],
        spells=["dispel", "healing", "rage"],
    ))
    until = state.players["p2"].turns + 1
    units = {u.id: u for u in state.units.values()}
    kerub, bes, succubus = units["p1:m2"], units["p1:m3"], units["p2:m1"]
    kerub.poison = Poison(ticks=2, damage=4, by="p2")
    kerub.effects = [Effect(key="weakness", source="spell", category="debuff", by="p2", until=until, attack=-1)]
    bes.effects = [Effect(key="corruption", source="spell", category="debuff", by="p2", until=until, defence=-1)]
    succubus.effects = [Effect(key="speed", source="spell", category="buff", by="p2", until=until)]
    return state, P1


def rivals() -> tuple[State, str]:
    return begun(world(
        units=[("p1", "kerub", 1, (20, 20)), ("p1", "bes", 2, (22, 22)), ("p1", "angutei", 3, (18, 24)),
               ("p1", "imp", 1, (26, 26)),
               ("p2", "bes", 1, (20, 21)), ("p2", "imp", 1, (21, 19)),
               ("p3", "bes", 1, (19, 19)), ("p3", "bes", 2, (23, 23)),
               (None, "hero", 0, (27, 28)), (None, "gnome", 0, (26, 27))],
        players=("Ваал", "Лилит", "Мамона"), spells=["weakness", "rage"],
    )), P1


SCENES: dict[str, Callable[[], tuple[State, str]]] = {
    "workers": workers,
    "army": army,
    "casters": casters,
    "casters_buffed": casters_buffed,
    "arch": arch,
    "poor": poor,
    "pack": pack,
    "zeal": zeal,
    "subjugate": subjugate,
    "cursed": cursed,
    "rivals": rivals,
}
