"""What the rules leave to the GM (issue 11): magic cards, artifacts activated by his ruling, figures
changed by his hand (`Wargame.correct`), and the tower cells nobody chose (WG-DEC-09).

Magic cards have no deck in the state: with `magic_cards` on the GM records a played card with its
text and applies its effects line by line (WG-GAP-20); an artifact's text beats a card's
(WG-ART-04); with `artifact_activation = gm_only` his ruling is the only way an artifact wakes
(WG-GAP-24); a keeper brought back starts with his artifact asleep (WG-ART-05).
"""

from __future__ import annotations

from wg_support import FixedDice, answer, fight_ready, melee_now, put, texts

from rulesets.wargame import RULESET, default_orders
from rulesets.wargame.orders import ByDice, Decline
from rulesets.wargame.reader import read_post_strict


def _correct(state, lines: str, dice=None):
    return RULESET.correct(state, lines, dice or FixedDice([]))


# --- magic cards (WG-GAP-20) ------------------------------------------------------------------------
def test_a_card_is_recorded_only_with_magic_cards_on_WG_GAP_20():
    """WG-GAP-20: off by default, a card line is refused and nothing changes; on, the card and its
    text become public, join the player's played cards, and the lines under it are its effects."""
    s = fight_ready()
    put(s, "p2:orc-1", 8, 8)
    new, events, problems = _correct(s, "Карта «Каменная кожа» (Борис): орк №1 ранен\nОрк №1: ранен")
    assert new is s and events == [] and [(p.line, p.clause) for p in problems] == [(1, "WG-GAP-20")]

    s = fight_ready(magic_cards=True)
    put(s, "p2:orc-1", 8, 8)
    new, events, problems = _correct(s, "Карта «Каменная кожа» (Борис): орк №1 ранен\nОрк №1: ранен")
    assert problems == []
    assert [e.text for e in events] == [
        "Борис играет карту «Каменная кожа»: орк №1 ранен. Действие применяет мастер.",
        "Орк №1: ранен (по карте «Каменная кожа»)."]
    assert events[0].public and new.players["p2"].cards_played == ["Каменная кожа"]
    assert new.figures["p2:orc-1"].wounded and not s.figures["p2:orc-1"].wounded  # the input is not changed


def test_a_card_must_name_its_player_WG_GAP_20():
    s = fight_ready(magic_cards=True)
    _, _, problems = _correct(s, "Карта «Каменная кожа»: вождь не получает урона")
    assert [p.code for p in problems] == ["gm.card_player"] and "(Борис)" in problems[0].hint


# --- artifacts: stronger than cards, the GM's ruling, coming back (WG-ART-04, WG-GAP-24, WG-ART-05) ------
def test_a_card_cannot_put_out_an_artifact_WG_ART_04():
    """WG-ART-04: a card's effect that contradicts an active artifact is refused — nothing of the
    correction applies; the GM's own ruling (no card) may put it out."""
    s = fight_ready(magic_cards=True)
    put(s, "p1:knight", 8, 8)
    s.players["p1"].active_artifacts = ["banner"]
    lines = "Карта «Снятие чар» (Борис): гасит артефакты Ани\nПогасить артефакт «Знамя доблести» (Аня)"
    new, events, problems = _correct(s, lines)
    assert new is s and events == [] and new.players["p2"].cards_played == []
    assert [(p.line, p.clause) for p in problems] == [(2, "WG-ART-04")]
    assert problems[0].message == ("Артефакт «Знамя доблести» сильнее карты «Снятие чар»: карта не может его "
                                   "погасить, пока жив хранитель.")
    new, events, problems = _correct(s, "Погасить артефакт «Знамя доблести» (Аня)")
    assert problems == [] and new.players["p1"].active_artifacts == []
    assert events[0].text == "Правка мастера: артефакт «Знамя доблести» (Аня) погашен."


def test_an_active_artifact_still_works_after_a_card_WG_ART_04():
    """WG-ART-04, WG-DEF-ART-01: a card played beside an active banner changes nothing of its aura:
    the melee that follows scores the aura +2."""
    s = fight_ready(magic_cards=True)
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p2:orc-1", 7, 9)
    s.players["p1"].active_artifacts = ["banner"]
    s, _, problems = _correct(s, "Карта «Страх» (Борис): аура рыцаря не действует")
    assert problems == [] and s.players["p1"].active_artifacts == ["banner"]
    events = melee_now(s, FixedDice([3, 3, 1]))
    assert "Мечник №1: кубик 3 + 2 (аура)" in texts(events)


def test_gm_only_artifacts_wake_only_by_the_gms_ruling_WG_GAP_24():
    """WG-GAP-24 (`artifact_activation = gm_only`): a killed enemy commander earns nothing; the GM's
    line activates the banner (its keeper alive on the board), and the next melee scores the aura +2.
    With «Традиция» the GM may activate one too."""
    s = fight_ready(artifact_activation="gm_only")
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p1:swordsman-2", 9, 8)
    put(s, "p2:chief", 8, 9)
    put(s, "p2:rider-3", 24, 16)
    events = melee_now(s, FixedDice([6, 6, 6, 1, 1]))  # 7 + 7 + 7 against 2: the chief dies, no save
    assert not s.figures["p2:chief"].alive
    assert not any(e.kind in ("artifact_on", "artifact_none") for e in events)
    assert s.pending is None or s.pending.decision != "WG-DEC-10"
    assert s.players["p1"].active_artifacts == []

    s = fight_ready(artifact_activation="gm_only")
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p2:orc-1", 7, 9)
    _, _, problems = _correct(s, "Активировать артефакт «Орлиный глаз» (Аня)")
    assert [p.clause for p in problems] == ["WG-ART-03"]  # the captain is not on the board
    s, events, problems = _correct(s, "Активировать артефакт «Знамя доблести» (Аня)")
    assert problems == [] and s.players["p1"].active_artifacts == ["banner"]
    assert events[0].text == "Аня активирует артефакт «Знамя доблести» (правка мастера)."
    _, _, problems = _correct(s, "Активировать артефакт «Знамя доблести»")
    assert [p.code for p in problems] == ["gm.artifact_active"]
    assert "Мечник №1: кубик 3 + 2 (аура)" in texts(melee_now(s, FixedDice([3, 3, 1])))

    s = fight_ready()
    put(s, "p1:captain", 4, 4)
    s, _, problems = _correct(s, "Активировать артефакт «Орлиный глаз»")
    assert problems == [] and s.players["p1"].active_artifacts == ["eagle_eye"]


def test_a_keeper_brought_back_needs_his_artifact_again_WG_ART_05():
    """WG-ART-05, WG-ART-03: the knight killed by the GM's hand loses the banner; brought back he
    stands where the GM puts him with the banner asleep until it is activated again."""
    s = fight_ready()
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    s.players["p1"].active_artifacts = ["banner"]
    s, events, problems = _correct(s, "Рыцарь: убит")
    assert problems == [] and not s.figures["p1:knight"].alive and s.players["p1"].active_artifacts == []
    assert [e.text for e in events] == ["Рыцарь: убит (правка мастера).",
                                       "Артефакт «Знамя доблести» угас вместе с хранителем."]
    _, _, problems = _correct(s, "Рыцарь воскрешён на 7-8")
    assert [p.code for p in problems] == ["gm.cell_taken"]
    s, events, problems = _correct(s, "Рыцарь воскрешён на 8-9")
    assert problems == [] and s.figures["p1:knight"].alive and s.figures["p1:knight"].cell == (8, 9)
    assert s.players["p1"].active_artifacts == []
    assert [e.text for e in events] == [
        "Рыцарь: возвращён на 8-9 (правка мастера).",
        "Артефакт «Знамя доблести» спит: вернувшийся хранитель активирует его заново."]
    s, _, problems = _correct(s, "Активировать артефакт «Знамя доблести»")
    assert problems == [] and s.players["p1"].active_artifacts == ["banner"]


def test_a_card_that_kills_a_commander_wakes_a_random_artifact_WG_ART_07():
    """WG-ART-07, WG-GAP-22, WG-DEF-RANDOM-01: under «Традиция» a commander killed by a card (magic)
    earns the card's player one of his sleeping artifacts at random, the die in the chronicle."""
    s = fight_ready(magic_cards=True)
    put(s, "p1:knight", 3, 3)
    put(s, "p1:captain", 4, 3)
    put(s, "p2:chief", 10, 10)
    new, events, problems = _correct(s, "Карта «Молния» (Аня): молния бьёт вождя\nВождь: убит", FixedDice([2]))
    assert problems == [] and not new.figures["p2:chief"].alive
    assert [e.text for e in events] == [
        "Аня играет карту «Молния»: молния бьёт вождя. Действие применяет мастер.",
        "Вождь: убит (по карте «Молния»).",
        "Аня активирует случайный артефакт «Орлиный глаз»: вождь убит картой «Молния» (кубик: [2])."]
    assert [r.value for r in events[2].rolls] == [2] and new.players["p1"].active_artifacts == ["eagle_eye"]
    new, events, _ = _correct(s, "Вождь: убит")  # the GM's own ruling earns nobody anything
    assert new.players["p1"].active_artifacts == [] and len(events) == 1


def test_figures_changed_by_the_gms_hand_WG_GAP_20():
    """WG-GAP-20, WG-DMG-03, WG-GAP-14: wounds, healing, moves, machine damage and a dragon's lives;
    a line that does not fit the figure is refused with what is wrong, and nothing applies."""
    s = fight_ready()
    put(s, "p1:catapult", 3, 3)
    put(s, "p2:dragon", 10, 10)
    put(s, "p2:orc-1", 12, 12, wounded=True)
    new, events, problems = _correct(s, "Катапульта: +2 повреждения\nДракон: -1 жизнь\nОрк №1: исцелён\n"
                                        "орк №1 Бориса: на 12-13")
    assert problems == []
    assert [e.text for e in events] == [
        "Катапульта: повреждения +2, теперь 2 из 3 (правка мастера).",
        "Дракон: −1 жизнь, теперь 1 жизнь (правка мастера).",
        "Орк №1: исцелён (правка мастера).",
        "Орк №1: 12-12 → 12-13 (правка мастера)."]
    assert new.figures["p1:catapult"].units == 2 and new.figures["p2:dragon"].lives == 1
    assert not new.figures["p2:orc-1"].wounded and new.figures["p2:orc-1"].cell == (12, 13)
    new, events, problems = _correct(s, "Катапульта: ранена\nДракон: +1 жизнь\nКатапульта: +1 жизнь\nАбракадабра")
    assert new is s and events == []
    assert [p.message for p in problems] == [
        "У боевой машины нет ран, только повреждения.", "Жизней у дракона может быть от 0 до 2.",
        "Жизни считают только у драконов.", "Не понимаю строку правки."]
    new, events, _ = _correct(s, "Катапульта: +3 повреждения")
    assert not new.figures["p1:catapult"].alive and events[0].text.startswith("Катапульта: повреждения +3")


# --- the tower cells nobody chose (WG-DEC-09) -----------------------------------------------------
def _tower_won(s, left=(12, 7), right=(13, 7)):
    """Two swordsmen storm the tower held by two orcs and kill both (WG-TOWER-03)."""
    put(s, "p2:orc-1", 12, 8)
    put(s, "p2:orc-2", 13, 8)
    put(s, "p2:rider-3", 24, 16)
    put(s, "p1:swordsman-1", *left, storming=True)
    put(s, "p1:swordsman-2", *right, storming=True)
    melee_now(s, FixedDice([6, 6, 1, 1, 1, 1]))
    assert s.pending.decision == "WG-DEC-09" and s.pending.faction == "p1"


def test_tower_default_takes_the_nearest_cells_a_die_between_equals_WG_DEC_09():
    """WG-DEC-09, WG-DEF-TOWER-03, WG-DEF-RANDOM-01: at the deadline each challenger in army-list
    order takes the nearest freed cell; both cells are as near to the first swordsman, so a die
    picks (shown in the chronicle), and the second takes the cell left."""
    s = fight_ready()
    _tower_won(s)
    assert default_orders(s, "p1") == [Decline(what="tower")]
    assert s.pending.default == ("Если не ответить к сроку, каждый по порядку армлиста займёт ближайшую клетку "
                                 "(из равноудалённых выберет кубик).")
    s, ev = answer(s, "p1", default_orders(s, "p1"), FixedDice([2]))
    assert "Кубик выбирает клетки башни из равноудалённых: [2]." in texts(ev)
    assert s.figures["p1:swordsman-1"].cell == (13, 8) and s.figures["p1:swordsman-2"].cell == (12, 8)


def test_tower_default_rolls_nothing_when_the_nearest_is_clear_WG_DEF_TOWER_03():
    s = fight_ready()
    _tower_won(s, left=(11, 7), right=(13, 7))
    s, ev = answer(s, "p1", read_post_strict("На ваше усмотрение", s, "p1").orders, FixedDice([]))
    assert "Кубик" not in texts(ev) and not any(e.rolls for e in ev if e.kind == "random_pick")
    assert s.figures["p1:swordsman-1"].cell == (12, 8) and s.figures["p1:swordsman-2"].cell == (13, 8)


def test_tower_cells_by_dice_when_asked_WG_DEC_09():
    """WG-DEC-09, WG-GAP-09: «пусть решит кубик» has a die pick each challenger's cell among all the
    cells left, whatever is nearest, and shows it."""
    s = fight_ready()
    _tower_won(s, left=(11, 7), right=(13, 7))
    assert read_post_strict("Пусть решит кубик", s, "p1").orders == [ByDice()]
    s, ev = answer(s, "p1", [ByDice()], FixedDice([2]))
    assert "Кубик выбирает клетки башни: [2]." in texts(ev)
    assert s.figures["p1:swordsman-1"].cell == (13, 8) and s.figures["p1:swordsman-2"].cell == (12, 8)
