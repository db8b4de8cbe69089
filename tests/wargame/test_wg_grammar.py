"""The wargame's Russian agrees with the figures and numbers it names (issue 11).

Every prompt, problem and chronicle sentence that inserts a figure's name or a count is checked
here word for word: the genitive after «из», «у», «от» and «до», plural forms for groups, past
forms that agree with a feminine figure («катапульта уничтожена»), and numbers with their nouns
(«1 кубик», «2 кубика», «5 кубиков»). The decisions are reached through real melees and shots.
"""

from __future__ import annotations

import pytest
from wg_support import FixedDice, answer, battle, fight_ready, melee_now, put, texts

from rulesets.wargame.battle.fights import casualty_question
from rulesets.wargame.battle.moves import check_movement, check_teleport
from rulesets.wargame.messages import count_fields, dice_count, text
from rulesets.wargame.naming import Namer
from rulesets.wargame.orders import Casualties, Move, NoSave, Teleport
from rulesets.wargame.reader import read_post_strict
from rulesets.wargame.rules.damage import portion_effect
from rulesets.wargame.rules.shooting import check_shot
from rulesets.wargame.rules.victory import eliminate


def _riders_lose_by_five(s):
    """The rulebook's example (WG-DMG-07): three riders lose by 5 — two killed, one wounded."""
    for fid, cell in {"p1:knight": (8, 8), "p1:swordsman-1": (7, 8), "p1:swordsman-2": (9, 8),
                      "p2:rider-1": (7, 9), "p2:rider-2": (8, 9), "p2:rider-3": (9, 9)}.items():
        put(s, fid, *cell)
    # p1: 3 + 1, 2 + 1 (aura), 2 + 1 = 10; p2: 1 + 2 + 2 = 5
    melee_now(s, FixedDice([3, 2, 2, 1, 2, 2]))


def test_casualty_question_names_the_losers_in_the_genitive_WG_DEC_02():
    """WG-DEC-02, WG-DMG-07: «Кто из всадников №1, №2 и №3 убит, а кто ранен?», the portions
    counted with their nouns."""
    s = fight_ready()
    _riders_lose_by_five(s)
    assert s.pending.decision == "WG-DEC-02"
    assert s.pending.prompt == ("Схватка проиграна с разницей 5: 2 смертельные доли и 1 ранение (после смертельных "
                                "долей остаётся 1). Кто из всадников №1, №2 и №3 убит, а кто ранен?")
    s, ev = answer(s, "p2", [Casualties(lethal=("p2:rider-1", "p2:rider-3"), lesser=("p2:rider-2",))], FixedDice([]))
    assert "Распределение урона (5): смертельный урон — всадники №1 и №3; ранения — всадник №2." in texts(ev)
    assert "Всадник №2: урон 1 (таблица урона, воин/маг) — ранен." in texts(ev)


@pytest.mark.parametrize(("fids", "diff", "lethal", "lesser", "rest", "question"), [
    (["p2:orc-1", "p2:orc-2", "p2:orc-3"], 9, 2, 0, 1,
     ("Схватка проиграна с разницей 4,5: 2 смертельные доли (после смертельных долей остаётся 0,5). "
     "Кто из орков №1, №2 и №3 убит?")),
    (["p2:chief", "p2:orc-1", "p2:orc-4"], 6, 1, 1, 2,
     ("Схватка проиграна с разницей 3: 1 смертельная доля и 1 ранение (после смертельных долей остаётся 1). "
     "Кто из вождя, орка №1 и орка №4 убит, а кто ранен?")),
    (["p2:orc-1", "p2:orc-2", "p2:orc-3", "p2:orc-4", "p2:shaman", "p2:chief"], 22, 5, 0, 2,
     ("Схватка проиграна с разницей 11: 5 смертельных долей (после смертельных долей остаётся 1). "
     "Кто из вождя, орка №1, орка №2, орка №3, орка №4 и шамана убит?")),
    (["p1:catapult", "p1:archer-1"], 4, 0, 2, 4,
     ("Схватка проиграна с разницей 2: 2 ранения (после смертельных долей остаётся 2). "
     "Кто из лучника №1 и катапульты ранен?")),
])
def test_casualty_question_for_several_sizes_and_kinds_WG_DEC_02(fids, diff, lethal, lesser, rest, question):
    """WG-DEC-02, WG-GAP-13: one, few and many portions; one type, mixed types, a war machine."""
    s = battle()
    assert casualty_question(Namer(s), fids, diff, lethal, lesser, rest) == question


def test_no_save_question_and_chronicle_agree_with_the_count_WG_DEC_03():
    """WG-DEC-03, WG-SAVE-04: «Без спас-броска остаётся 1 из орков №1 и №2 — кто именно?»."""
    s = fight_ready()
    for fid, cell in {"p1:knight": (8, 8), "p1:swordsman-1": (7, 8), "p1:swordsman-2": (9, 8),
                      "p1:swordsman-3": (10, 8), "p2:orc-1": (8, 9), "p2:orc-2": (9, 9)}.items():
        put(s, fid, *cell)
    melee_now(s, FixedDice([3, 2, 2, 2, 1, 1]))  # 13 against 3: difference 10, one figure without a save
    assert s.pending.prompt == "Без спас-броска остаётся 1 из орков №1 и №2 — кто именно?"
    _, ev = answer(s, "p2", [NoSave(figures=("p2:orc-2",))], FixedDice([1]))
    assert "Разница 10, смертельного урона 4: без спас-броска остаётся орк №2." in texts(ev)
    assert text("ask.nosave", count=2, options="орков №1, №2 и №3", stay=count_fields(2, 0)["stay"]) == \
        "Без спас-броска остаются 2 из орков №1, №2 и №3 — кто именно?"


@pytest.mark.parametrize(("need", "have", "message"), [
    (2, 1, "Смертельный урон получают 2 фигуры, а названа 1."),
    (1, 2, "Смертельный урон получает 1 фигура, а названы 2."),
    (5, 0, "Смертельный урон получают 5 фигур, а не названо ни одной."),
    (3, 6, "Смертельный урон получают 3 фигуры, а названо 6."),
])
def test_answer_counts_agree_WG_DMG_05(need, have, message):
    """WG-DMG-05, WG-SAVE-04: the number the rule needs and the number named, each with its words."""
    assert text("dec.lethal_count", **count_fields(need, have)) == message


def test_a_wrong_count_in_a_casualty_answer_is_said_with_agreement_WG_DMG_05():
    s = fight_ready()
    _riders_lose_by_five(s)
    reading = read_post_strict("Убит всадник №1, ранен №2.", s, "p2")
    assert [p.message for p in reading.problems] == ["Смертельный урон получают 2 фигуры, а названа 1."]


def test_dice_counts_agree_WG_DEF_SHOOT_04():
    """WG-DEF-SHOOT-04, WG-CHARGE-03: «1 кубик», «2 кубика», «5 кубиков», «21 кубик»."""
    assert [dice_count(n) for n in (1, 2, 4, 5, 11, 21)] == ["1 кубик", "2 кубика", "4 кубика", "5 кубиков",
                                                             "11 кубиков", "21 кубик"]
    s = fight_ready()
    s.phase, s.active = "shooting", 0
    put(s, "p1:archer-1", 5, 5)
    put(s, "p1:catapult", 6, 2)
    put(s, "p2:orc-1", 5, 9)
    put(s, "p2:dragon", 9, 8)
    reading = read_post_strict("Лучник №1 стреляет по орку №1.\nКатапульта: выстрел по дракону", s, "p1")
    assert [x.summary for x in reading.lines] == [
        "Лучник №1 стреляет по орку №1: 2 кубика, попадание на 5 или 6.",
        "Катапульта стреляет по дракону: 3 кубика, попадание на 5 или 6."]


def test_who_has_what_is_said_in_the_genitive_WG_DEF_MOVE_05():
    """WG-DEF-MOVE-05, WG-DEF-SHOOT-03, WG-DEF-ABIL-01: «а у катапульты 2 ОМ», «до орка №3 9
    шагов», «от шамана», «у лучника №1»."""
    s = fight_ready()
    put(s, "p1:catapult", 6, 2)
    put(s, "p1:archer-1", 12, 2)
    put(s, "p2:orc-3", 12, 11)
    put(s, "p2:orc-1", 7, 4)
    put(s, "p2:shaman", 20, 14)
    put(s, "p2:orc-2", 21, 14)
    bad, _ = check_movement(s, "p1", Move(figure="p1:catapult", dest=(6, 6)))
    assert bad.message == "До 6-6 самый дешёвый путь стоит 4 ОМ, а у катапульты 2 ОМ."
    bad = check_shot(s, s.figures["p1:archer-1"], None, s.figures["p2:orc-3"])
    assert bad.message == "До орка №3 9 шагов, а «Лук» бьёт не дальше чем на 8 шагов."
    bad = check_shot(s, s.figures["p1:catapult"], None, s.figures["p2:orc-1"])
    assert bad.message == "До орка №1 2 шага, а «Катапульта» бьёт не ближе чем на 3 шага."
    bad = check_teleport(s, "p2", Teleport(mage="p2:shaman", figure="p2:orc-2", dest=(10, 14)))
    assert bad.message == "10-14 дальше 8 шагов от шамана."
    s.figures["p1:archer-1"].fired = ["bow"]
    bad = check_shot(s, s.figures["p1:archer-1"], None, s.figures["p2:orc-1"])
    assert bad.message == "«Лук» у лучника №1 уже стрелял в эту фазу."
    s.figures["p2:shaman"].cell, s.figures["p2:shaman"].fired = (8, 8), ["fire_arrow"]
    bad = check_shot(s, s.figures["p2:shaman"], None, s.figures["p1:archer-1"])
    assert bad.message == "«Огненная стрела» у шамана уже стреляла в эту фазу."


def test_figures_done_and_dead_agree_with_their_gender_WG_DEF_MOVE_06():
    """WG-DEF-MOVE-06, WG-DEF-WIN-01, WG-DEF-SHOOT-02: «катапульта уже ходила», «уничтожена»,
    «двигалась»; «рыцарь уже ходил», «погиб»."""
    s = fight_ready()
    put(s, "p1:catapult", 6, 2, done=True)
    put(s, "p1:knight", 8, 2, done=True)
    assert check_movement(s, "p1", Move(figure="p1:catapult", dest=(6, 3)))[0].message == \
        "«катапульта» уже ходила в эту фазу маневра."
    assert check_movement(s, "p1", Move(figure="p1:knight", dest=(8, 3)))[0].message == \
        "«рыцарь» уже ходил в эту фазу маневра."
    s.figures["p1:catapult"].alive = False
    s.figures["p1:knight"].alive = False
    assert check_movement(s, "p1", Move(figure="p1:catapult", dest=(6, 3)))[0].message == "«катапульта» уже уничтожена."
    assert check_movement(s, "p1", Move(figure="p1:knight", dest=(8, 3)))[0].message == "«рыцарь» уже погиб."
    s = fight_ready()
    put(s, "p1:catapult", 6, 2, moved=True)
    put(s, "p2:orc-1", 6, 9)
    assert check_shot(s, s.figures["p1:catapult"], None, s.figures["p2:orc-1"]).message == \
        "«катапульта» двигалась в этом ходу, а боевая машина после движения не стреляет."


def test_damage_outcomes_agree_WG_DMG_03():
    """WG-DMG-02, WG-DMG-03, WG-DMG-04: units and lives counted, a machine «уничтожена»."""
    s = fight_ready()
    cat, dragon, orc = (s.figures[f] for f in ("p1:catapult", "p2:dragon", "p2:orc-1"))
    assert portion_effect(s, cat, 2, False) == "1 единица повреждения (всего 1 из 3)"
    assert portion_effect(s, cat, 4, False) == "2 единицы повреждения — уничтожена" and not cat.alive
    assert portion_effect(s, dragon, 6, True) == "теряет жизнь (осталась 1 жизнь)"
    assert portion_effect(s, orc, 2, False) == "ранен" and portion_effect(s, orc, 2, False) == "добит"


def test_tower_and_stray_questions_WG_DEC_09():
    """WG-DEC-09, WG-DEC-01: «кто из мечников №1 и №2 займёт освобождённую клетку 12-8?», a stray
    shot's victims offered with «или»."""
    s = battle()
    n = Namer(s)
    assert text("ask.tower", who=n.listing(["p1:swordsman-2", "p1:swordsman-1"], "gen"),
                cells="освобождённую клетку", options="12-8") == \
        "Башня взята: кто из мечников №1 и №2 займёт освобождённую клетку 12-8?"
    assert text("ask.stray", options=n.listing(["p1:swordsman-4", "p1:archer-2"], last="или")) == \
        "Шальной выстрел: кто из стоящих рядом с целью получает попадание — мечник №4 или лучник №2?"


def test_names_in_every_case_and_groups_with_colours_WG_DEF_ARMY_03():
    """WG-DEF-ARMY-03: a figure's name in the cases the sentences need, a group of one type as
    a plural, another player's figures with his colour."""
    s = battle(3, armies=("kingdom.toml", "horde.toml", "horde.toml"))
    n = Namer(s, "p1")
    assert [n.figure("p1:catapult", c) for c in ("nom", "gen", "dat", "acc", "ins", "loc")] == [
        "катапульта", "катапульты", "катапульте", "катапульту", "катапультой", "катапульте"]
    assert n.listing(["p2:orc-3", "p2:orc-1"], "gen") == "орков №1 и №3 Красных"
    assert n.listing(["p2:orc-1", "p3:orc-1"]) == "орк №1 Красных и орк №1 Зелёных"
    assert n.listing(["p1:mage", "p1:knight", "p1:swordsman-1"], "ins") == "рыцарем, мечником №1 и магом"


def test_missing_deployment_and_the_end_of_a_player_agree_WG_DEF_BOARD_05():
    """WG-DEF-BOARD-05, WG-DEF-WIN-01, WG-DEF-WIN-02: «Не расставлена: катапульта», and a player's
    exit said so that it fits any name."""
    s = battle()
    lines = ["Рыцарь — 6-2", "Маг — 5-1", "Капитан — 9-2", "Мечник №1 — 4-2", "Мечник №2 — 5-2",
             "Мечник №3 — 7-2", "Мечник №4 — 8-2", "Лучник №1 — 10-2", "Лучник №2 — 11-2", "Лучник №3 — 12-2"]
    reading = read_post_strict("\n".join(lines), s, "p1")
    assert [p.message for p in reading.problems] == ["Не расставлена: катапульта."]
    reading = read_post_strict("\n".join(lines[:4] + lines[7:]), s, "p1")
    assert [p.message for p in reading.problems] == ["Не расставлены: мечник №2, мечник №3, мечник №4 и катапульта."]
    s = fight_ready()
    put(s, "p1:knight", 8, 8)
    events = eliminate(s)
    assert [e.text for e in events] == ["Борис выбывает: фигур не осталось.",
                                       "Победа: Аня — больше ни у кого не осталось фигур."]
