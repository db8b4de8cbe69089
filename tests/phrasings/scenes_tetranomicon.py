"""Scenes for the Tetranomicon phrasing corpus (`tetranomicon.toml`): each is a table in the action
phase on the default board «Малый Тетраномикон», and the player who writes the post.

Players, clockwise: **Анна** (``anna``), **Борис** (``boris``), **Вера** (``vera``), **Глеб**
(``gleb``). The board (checklist TET-GAP-01): К1 Северград (башни: 1 равнина, 2 равнина, 3 лес,
4 горы), К2 Речной Брод (1 равнина, 2 лес, 3 лес), К3 Каменец (1 горы, 2 горы, 3 равнина),
К4 Дубрава (1 лес, 2 лес, 3 равнина, 4 горы), К5 Озёрск (1 равнина, 2 равнина, 3 лес),
К6 Чернолесье (1 лес, 2 горы, 3 горы, 4 равнина), К7 Туманный Перевал (1 горы, 2 горы, 3 лес),
К8 Южная Застава (1 равнина, 2 лес, 3 горы). Segments: У1 Северград–Брод (река), У2 Северград–
Каменец (дорога), У3 Брод–Дубрава (дорога), У4 Брод–Озёрск (река), У5 Каменец–Дубрава (дорога),
У6 Каменец–Перевал (дорога), У7 Дубрава–Чернолесье (река), У8 Озёрск–Чернолесье (река),
У9 Перевал–Чернолесье (дорога), У10 Чернолесье–Застава (дорога), У11 Озёрск–Застава (река),
У12 Дубрава–Озёрск (дорога). Default options (monster support +1 per monster-held neighbour).

``epoch1`` — epoch 1, Анна's turn, **4 coins**. Army: Лесной Дух (−1 ферма/лесопилка) and Горный
  Тролль: 3 swords. Buildings: Анна — ферма Северград (башня 1); Борис — ферма Речной Брод (1);
  Вера — ферма Озёрск (1); Глеб — ферма Озёрск (2). Routes: Анна У1 Северград–Брод (водный),
  Борис У2 Северград–Каменец (сухопутный), Вера У4 Брод–Озёрск (водный). Дубрава is empty and
  no route reaches it (nobody may build there yet, TET-BLD-05). Monsters: Каменец 2,
  Чернолесье 3, Туманный Перевал 1, Южная Застава 4.
  Pools — существа: 1 Речной Змей (3), 2 Грифон (4), 3 Каменный Страж (5), 4 Вьючный Голем (4);
  артефакты: 1 Серп Плодородия (3, two farms), 2 Компас Странника (4, two routes), 3 Рог Призыва
  (5), 4 Печать Гильдии (4, buildings in two castles).
  What Анна can do: лесопилка in Речной Брод (башня 2 or 3, farm from Северград over her own
  river: 4 − 1 = 3) or in Озёрск (башня 3, over У1 and Вера's У4: 5 − 1 = 4); ферма nowhere
  (Северград is her one building this epoch, Брод and Озёрск have no free plain tower, Дубрава
  is not connected); any free segment as a route (4); Речной Змей, Грифон, Вьючный Голем; a
  campaign on Каменец (2 + 1 support = 3 swords, cost 2 + 1 = 3) or Туманный Перевал (1 + 2 = 3,
  cost 1 + 2 = 3) from Северград. Not: Каменный Страж and Рог Призыва (5 coins), the other
  artifacts (conditions), Чернолесье (3 + 2 = 5 > 3) and Южная Застава (4 + 1 = 5 > 3).

``epoch2`` — epoch 2, Борис's turn, **12 coins**. Army: Огненная Саламандра (−1 рудник/
  каменоломня), Вьючный Голем (−1 сухопутный маршрут), Грифон (−1 поход): 5 swords. Реликвиум:
  one trophy (level 1, taken from Туманный Перевал in epoch 1). Buildings: Анна — ферма
  Северград (1), лесопилка Северград (3), ферма Озёрск (2); Борис — ферма Речной Брод (1),
  лесопилка Дубрава (1); Вера — ферма Озёрск (1), лесопилка Речной Брод (2); Глеб — ферма
  Северград (2), лесопилка Озёрск (3) (Озёрск is full: 3 buildings). Routes: Анна У1 (Северград–
  Брод), У2 (Северград–Каменец); Борис У3 (Брод–Дубрава), У5 (Каменец–Дубрава); Вера У4
  (Брод–Озёрск); Глеб У12 (Дубрава–Озёрск). Анна took the Каменец trophy this epoch: Каменец is
  free and empty. Monsters: Чернолесье 3, Туманный Перевал 2, Южная Застава 4.
  Pools — существа: 1 Мантикора (6), 2 Владыка Бурь (5), 3 Единорог (5), 4 Гарпия (4);
  артефакты: 1 Печать Гильдии (4), 2 Пила Мастера (6, two sawmills), 3 Кубок Первой Победы (5,
  one trophy), 4 Кирка Глубин (7, own mine).
  What Борис can do: рудник in Дубрава (башня 4; farm from Брод over his У3: 4 − 1 = 3), in
  Каменец (башня 1 or 2, all over his own routes: 3) or in Северград (башня 4, over Анна's У1:
  5 − 1 = 4); лесопилка in Речной Брод (башня 3, 4) or Дубрава (башня 2, 4); ферма in Каменец
  (башня 3, 4), in Дубрава (башня 3) or Северград (none free); routes: У6 Каменец–Перевал 3 (Голем), У9, У10 road 3,
  У7 river 4, У8 and У11 river 3 (Озёрск has 3 buildings); Печать Гильдии, Кубок Первой Победы;
  any creature; campaigns on Туманный Перевал (2 + 1 = 3, cost 2 + 1 − 1 = 2), Чернолесье
  (3 + 2 = 5, cost 3 + 1 − 1 = 3), Южная Застава (4 + 1 = 5, cost 4 + 2 − 1 = 5).
  Not: a quarry (no mine), Пила Мастера and Кирка Глубин (conditions), a campaign on Каменец
  (no trophy) or from Северград or Озёрск (no building of his there).

``epoch3`` — epoch 3, Вера's turn, **15 coins**. Army: Лесной Дух (−1 ферма/лесопилка),
  Владыка Бурь (−1 любой маршрут), Древень (−1 любое строение): 6 swords. Артефактум: Компас
  Странника. Реликвиум: one trophy (level 2, Каменец). Buildings: Анна — ферма, лесопилка,
  рудник in Северград (башни 1, 3, 4), ферма Озёрск (2); Борис — ферма Речной Брод (1), лесопилка
  Дубрава (1), ферма Дубрава (3), рудник Каменец (1); Вера — ферма Озёрск (1), лесопилка Речной
  Брод (2), лесопилка Дубрава (2), рудник Каменец (2); Глеб — ферма Северград (2), лесопилка
  Озёрск (3). Routes: Анна У1, У2; Борис У3, У5, У6; Вера У4, У8 (Озёрск–Чернолесье);
  Глеб У12, У11 (Озёрск–Застава). Monsters: Чернолесье 5, Туманный Перевал 3, Южная Застава 3.
  Pools — существа: 1 Василиск (7), 2 Феникс (7), 3 Химера (7), 4 Кракен (6); артефакты:
  1 Серп Плодородия (3), 2 Венец Зверолова (9, three creatures), 3 — empty (the epoch-3 deck
  is spent), 4 Резец Зодчего (8, own quarry).
  What Вера can do: каменоломня in Дубрава (башня 4; farm from Озёрск, sawmill in Дубрава, mine
  from Каменец: 4 + 2 − 1 = 5) or рудник there (4 + 1 − 1 = 4); ферма in Каменец (башня 3,
  4 − 2 = 2); лесопилка in Речной Брод (башня 3, 4 − 2 = 2); routes У7 (3 − 1 = 2), У9, У10
  (4 − 1 = 3); Венец Зверолова; any creature; campaigns on Южная Застава (3 + 1 = 4 ≤ 6, cost
  3 + 1 = 4) and Туманный Перевал (3 + 1 = 4, cost 4; e.g. from Озёрск через Чернолесье or from
  Каменец). Not: Чернолесье (5 + 2 = 7 > 6), Серп Плодородия and Резец Зодчего (conditions),
  slot 3 (empty).

``broke`` — the ``epoch2`` table, but it is Глеб's turn and he has **1 coin**, no army: every
  action costs more than he has; he can only pass.

``island`` — the ``epoch2`` table without the two routes into Озёрск (Вера's У4 and Глеб's У12):
  Озёрск still has its three buildings but no laid route. It is Глеб's turn, **10 coins**, army:
  Каменный Страж (3 swords). His farm is in Северград (башня 2), his sawmill in Озёрск (башня 3),
  which no supply can leave: a рудник anywhere needs that sawmill and cannot reach it
  (TET-BLD-08). He can build a лесопилка in Речной Брод (farm from Северград over Анна's river:
  5) or a ферма in Каменец (4), lay Брод–Озёрск again (3: Озёрск has 3 buildings), and march on
  Туманный Перевал (2 + 1 = 3 swords) even from Озёрск, which no route reaches (TET-TRO-03).

``passed`` — the ``epoch2`` table (Борис to act), but the post is Глеб's and he has already
  passed this epoch (TET-ACT-04): any action, and even another pass, is refused.

``epoch4`` — epoch 4, Глеб's turn, **22 coins**. Army: Гидра and Василиск (9 swords, no
  discounts). Артефактум: Печать Гильдии, Пила Мастера, Кирка Глубин. Реликвиум: one trophy (3,
  Южная Застава). Buildings: the ``epoch3`` table's, and Глеб's рудник (башня 3) and ферма (башня 1)
  in Южная Застава. Routes: the ``epoch3`` table's, and Глеб's У10 (Чернолесье–Застава) and У9
  (Перевал–Чернолесье): he owns four (У9–У12); only У7 is free. Monsters: Чернолесье 5,
  Туманный Перевал 4. Pools — существа: 1 Дракон (9), 2 Левиафан (9), 3 Титан (10), 4 Архонт (8);
  артефакты: 1 Тетраномикон (12, three other artifacts), 2 Корона Четырёх Ветров (11, four own
  routes), 3 Карта Четырёх Земель (8, buildings in four castles), 4 Горн Вечности (10, two quarries).
  What Глеб can do: каменоломня in Дубрава (башня 4, every supply over his own У11/У12: 4);
  лесопилка in Южная Застава (башня 2, 4); route У7 (4); Тетраномикон, Корона Четырёх Ветров; any
  creature; campaigns on Чернолесье (5 + 1 = 6 ≤ 9; from Южная Застава over his У10: 5) and
  Туманный Перевал (4 + 1 = 5; from Застава over У10, У9: 4). Not: Карта Четырёх Земель (three
  castles) and Горн Вечности (no quarry).

``waiting`` — the ``epoch2`` table (Борис to act), but the post is Анна's: not her turn (TET-ACT-01).

``opening`` — the first turn of the game: epoch 1, Анна to act, everyone **10 coins**, nothing on
  the board, no cards in front of anyone. Monsters: Каменец 3, Чернолесье 2, Туманный Перевал 1,
  Южная Застава 4. Pools — существа: 1 Лесной Дух (3), 2 Горный Тролль (4), 3 Речной Змей (3),
  4 Каменный Страж (5); артефакты: 1 Серп Плодородия, 2 Компас Странника, 3 Печать Гильдии, 4 Рог
  Призыва (no condition is met yet).
  What Анна can do: any segment as a route (4), any creature of the pool. Not: a building anywhere
  (no castle is built on or reached by a route yet, TET-BLD-05), a campaign (no building to start
  from, TET-TRO-04), any artifact (TET-ART-02).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.tetranomicon.options import Options
from rulesets.tetranomicon.rules.setup import setup
from rulesets.tetranomicon.state import Building, State, Trophy

SEED = "7e7a" * 8
FACTIONS = [Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис"),
            Faction(id="vera", name="Вера"), Faction(id="gleb", name="Глеб")]


def _remove(decks: list[list[str]], used: Iterable[str | None]) -> None:
    gone = {c for c in used if c is not None}
    for deck in decks:
        deck[:] = [c for c in deck if c not in gone]


def _table(epoch: int, *, active: str, coins: dict[str, int],
           buildings: list[tuple[str, str, str, int]], routes: dict[str, str],
           trophies: dict[str, int], creatures: dict[str, list[str]],
           creature_pool: list[str | None], artifact_pool: list[str | None],
           artifacts: dict[str, list[str]] | None = None,
           relics: dict[str, list[tuple[int, str]]] | None = None,
           freed: list[str] | None = None, spent_artifact_decks: tuple[int, ...] = ()) -> State:
    """A table in the action phase of ``epoch``, set up by the ruleset and then laid out by hand."""
    s = setup(Options(first_holder=1), FACTIONS, Dice(SEED))
    s.epoch = epoch
    s.phase = "actions"
    s.turns = 5 * epoch
    for f, n in coins.items():
        s.players[f].coins = n
    s.buildings = [Building(owner=o, kind=k, castle=c, tower=t) for o, k, c, t in buildings]  # type: ignore[arg-type]
    s.routes = dict(routes)
    # trophies on the board: the supply gives back what the set-up drew, then loses what is shown
    s.supply = sorted([*s.supply, *(t.level for t in s.trophies.values())])
    s.trophies = {c: Trophy(level=lv, castle=c, epoch=0 if epoch == 1 else epoch - 1) for c, lv in trophies.items()}
    taken = [lv for c, lv in trophies.items()]
    for f, rel in (relics or {}).items():
        s.players[f].trophies = [Trophy(level=lv, castle=c, epoch=0) for lv, c in rel]
        taken += [lv for lv, _ in rel]
    for lv in taken:
        s.supply.remove(lv)
    s.freed = list(freed or [])
    used_cards: list[str | None] = [*creature_pool, *artifact_pool]
    for f, cards in creatures.items():
        s.players[f].creatures = list(cards)
        used_cards += cards
    for f, cards in (artifacts or {}).items():
        s.players[f].artifacts = list(cards)
        used_cards += cards
    _remove(s.creature_decks, used_cards)
    _remove(s.artifact_decks, used_cards)
    for e in range(epoch - 1):  # the creatures of past epochs have left the game (TET-GAP-24)
        s.creature_decks[e] = []
    for e in spent_artifact_decks:
        s.artifact_decks[e - 1] = []
    s.creature_pool = list(creature_pool)
    s.artifact_pool = list(artifact_pool)
    s.holder = active
    s.active = active
    return s


def epoch1_table() -> State:
    return _table(
        1, active="anna",
        coins={"anna": 4, "boris": 5, "vera": 6, "gleb": 6},
        buildings=[("anna", "farm", "severgrad", 1), ("boris", "farm", "rechnoy_brod", 1),
                   ("vera", "farm", "ozyorsk", 1), ("gleb", "farm", "ozyorsk", 2)],
        routes={"У1": "anna", "У2": "boris", "У4": "vera"},
        trophies={"kamenets": 2, "chernolesye": 3, "tumanny_pereval": 1, "yuzhnaya_zastava": 4},
        creatures={"anna": ["C1-1", "C1-3"]},
        creature_pool=["C1-2", "C1-4", "C1-5", "C1-6"],
        artifact_pool=["A1-1", "A1-2", "A1-4", "A1-3"],
    )


def epoch2_table(active: str = "boris") -> State:
    return _table(
        2, active=active,
        coins={"anna": 9, "boris": 12, "vera": 8, "gleb": 7},
        buildings=[("anna", "farm", "severgrad", 1), ("anna", "sawmill", "severgrad", 3),
                   ("anna", "farm", "ozyorsk", 2),
                   ("boris", "farm", "rechnoy_brod", 1), ("boris", "sawmill", "dubrava", 1),
                   ("vera", "farm", "ozyorsk", 1), ("vera", "sawmill", "rechnoy_brod", 2),
                   ("gleb", "farm", "severgrad", 2), ("gleb", "sawmill", "ozyorsk", 3)],
        routes={"У1": "anna", "У2": "anna", "У3": "boris", "У5": "boris", "У4": "vera", "У12": "gleb"},
        trophies={"chernolesye": 3, "tumanny_pereval": 2, "yuzhnaya_zastava": 4},
        relics={"anna": [(2, "kamenets")], "boris": [(1, "tumanny_pereval")]},
        freed=["tumanny_pereval", "kamenets"],
        creatures={"boris": ["C2-1", "C1-6", "C1-4"], "anna": ["C1-3", "C1-1"], "vera": ["C1-2"]},
        artifacts={"vera": ["A1-2"]},
        creature_pool=["C2-2", "C2-3", "C2-4", "C2-6"],
        artifact_pool=["A1-3", "A2-1", "A1-5", "A2-4"],
    )


def epoch3_table() -> State:
    return _table(
        3, active="vera",
        coins={"anna": 11, "boris": 14, "vera": 15, "gleb": 9},
        buildings=[("anna", "farm", "severgrad", 1), ("anna", "sawmill", "severgrad", 3),
                   ("anna", "mine", "severgrad", 4), ("anna", "farm", "ozyorsk", 2),
                   ("boris", "farm", "rechnoy_brod", 1), ("boris", "sawmill", "dubrava", 1),
                   ("boris", "farm", "dubrava", 3), ("boris", "mine", "kamenets", 1),
                   ("vera", "farm", "ozyorsk", 1), ("vera", "sawmill", "rechnoy_brod", 2),
                   ("vera", "sawmill", "dubrava", 2), ("vera", "mine", "kamenets", 2),
                   ("gleb", "farm", "severgrad", 2), ("gleb", "sawmill", "ozyorsk", 3)],
        routes={"У1": "anna", "У2": "anna", "У3": "boris", "У5": "boris", "У6": "boris",
                "У4": "vera", "У8": "vera", "У12": "gleb", "У11": "gleb"},
        trophies={"chernolesye": 5, "tumanny_pereval": 3, "yuzhnaya_zastava": 3},
        relics={"anna": [(1, "tumanny_pereval")], "boris": [(2, "tumanny_pereval")],
                "vera": [(2, "kamenets")]},
        freed=["tumanny_pereval", "kamenets"],
        creatures={"vera": ["C1-1", "C2-3", "C3-4"], "boris": ["C2-1", "C1-6", "C1-4"],
                   "anna": ["C1-3", "C2-5"], "gleb": ["C3-3"]},
        artifacts={"vera": ["A1-2"], "anna": ["A1-3", "A3-2"], "boris": ["A1-5", "A3-4"],
                   "gleb": ["A2-1"]},
        creature_pool=["C3-1", "C3-2", "C3-5", "C3-6"],
        artifact_pool=["A1-1", "A3-3", None, "A3-1"],
        spent_artifact_decks=(3,),
    )


def epoch4_table() -> State:
    return _table(
        4, active="gleb",
        coins={"anna": 14, "boris": 18, "vera": 12, "gleb": 22},
        buildings=[("anna", "farm", "severgrad", 1), ("anna", "sawmill", "severgrad", 3),
                   ("anna", "mine", "severgrad", 4), ("anna", "farm", "ozyorsk", 2),
                   ("boris", "farm", "rechnoy_brod", 1), ("boris", "sawmill", "dubrava", 1),
                   ("boris", "farm", "dubrava", 3), ("boris", "mine", "kamenets", 1),
                   ("vera", "farm", "ozyorsk", 1), ("vera", "sawmill", "rechnoy_brod", 2),
                   ("vera", "sawmill", "dubrava", 2), ("vera", "mine", "kamenets", 2),
                   ("gleb", "farm", "severgrad", 2), ("gleb", "sawmill", "ozyorsk", 3),
                   ("gleb", "farm", "yuzhnaya_zastava", 1), ("gleb", "mine", "yuzhnaya_zastava", 3)],
        routes={"У1": "anna", "У2": "anna", "У3": "boris", "У5": "boris", "У6": "boris",
                "У4": "vera", "У8": "vera", "У12": "gleb", "У11": "gleb", "У10": "gleb", "У9": "gleb"},
        trophies={"chernolesye": 5, "tumanny_pereval": 4},
        relics={"anna": [(1, "tumanny_pereval")], "boris": [(2, "tumanny_pereval")],
                "vera": [(2, "kamenets")], "gleb": [(3, "yuzhnaya_zastava")]},
        freed=["tumanny_pereval", "kamenets", "yuzhnaya_zastava"],
        creatures={"gleb": ["C3-3", "C3-1"], "vera": ["C1-1", "C2-3", "C3-4"], "boris": ["C2-1", "C1-6", "C1-4"],
                   "anna": ["C1-3", "C2-5"]},
        artifacts={"gleb": ["A1-3", "A2-1", "A2-4"], "anna": ["A1-1"], "boris": ["A1-5", "A3-4"],
                   "vera": ["A1-2"]},
        creature_pool=["C4-1", "C4-2", "C4-3", "C4-5"],
        artifact_pool=["A4-1", "A4-2", "A3-2", "A4-4"],
    )


def _epoch1() -> tuple[State, str]:
    return epoch1_table(), "anna"


def _epoch2() -> tuple[State, str]:
    return epoch2_table(), "boris"


def _epoch3() -> tuple[State, str]:
    return epoch3_table(), "vera"


def _broke() -> tuple[State, str]:
    s = epoch2_table(active="gleb")
    s.players["gleb"].coins = 1
    return s, "gleb"


def _island() -> tuple[State, str]:
    s = epoch2_table(active="gleb")
    del s.routes["У4"], s.routes["У12"]
    s.players["gleb"].coins = 10
    s.players["gleb"].creatures = ["C1-5"]
    return s, "gleb"


def _passed() -> tuple[State, str]:
    s = epoch2_table()
    s.players["gleb"].passed = True
    s.players["vera"].passed = True
    return s, "gleb"


def _epoch4() -> tuple[State, str]:
    return epoch4_table(), "gleb"


def _waiting() -> tuple[State, str]:
    return epoch2_table(), "anna"


def _opening() -> tuple[State, str]:
    s = _table(
        1, active="anna",
        coins={"anna": 10, "boris": 10, "vera": 10, "gleb": 10},
        buildings=[], routes={},
        trophies={"kamenets": 3, "chernolesye": 2, "tumanny_pereval": 1, "yuzhnaya_zastava": 4},
        creatures={},
        creature_pool=["C1-1", "C1-3", "C1-2", "C1-5"],
        artifact_pool=["A1-1", "A1-2", "A1-3", "A1-4"],
    )
    s.turns = 0
    return s, "anna"


SCENES: dict[str, Callable[[], tuple[State, str]]] = {
    "epoch1": _epoch1,
    "epoch2": _epoch2,
    "epoch3": _epoch3,
    "broke": _broke,
    "island": _island,
    "passed": _passed,
    "epoch4": _epoch4,
    "waiting": _waiting,
    "opening": _opening,
}
