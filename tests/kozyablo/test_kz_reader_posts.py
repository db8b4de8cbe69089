"""Whole posts against the real rules: what is accepted, what is refused and where (the reader
with `legality.Checker` and `decisions.check_decision`)."""

from __future__ import annotations

from kz_reader_support import errors, read, statuses, table, uid

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.orders import (
    Attack,
    DrawCard,
    Evade,
    Mulligan,
    PlayCard,
    Skip,
    Strike,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from rulesets.kozyablo.reader import read_post
from rulesets.kozyablo.state import Pending

NAMES = {"a": "Анна", "b": "Петя"}


def test_a_legal_play_is_read_and_described_KZ_PLAY_01():
    state = table(hand={"a": ["pozorny_luchnik", "shmel"]})
    r = read("Всем привет!\nИграю Позорного лучника в шахту-1.", state)
    assert r.ok and r.orders == [PlayCard(card="pozorny_luchnik", into="gold-1")]
    assert statuses(r) == [LineStatus.FLAVOUR, LineStatus.ORDER]
    assert "Позорный лучник" in r.lines[1].summary and "Золотая шахта-1" in r.lines[1].summary


def test_second_main_action_is_an_error_on_its_line_KZ_DEF_TURN_01():
    """One post, one main action: the second is an error on its own line, the first still stands."""
    state = table(hand={"a": ["pozorny_luchnik"]})
    r = read("Беру карту.\nИграю Позорного лучника в шахту-1.", state)
    assert r.orders == [DrawCard()]
    assert errors(r) == ["read.second_action"]
    problem = r.problems[0]
    assert problem.line == 2 and problem.clause == "KZ-DEF-TURN-01"
    assert (problem.col_start, problem.col_end) == (0, len("Играю Позорного лучника в шахту-1"))
    assert statuses(r) == [LineStatus.ORDER, LineStatus.ERROR]


def test_second_action_on_the_same_line_KZ_DEF_TURN_01():
    state = table()
    r = read("Беру карту. Пропускаю ход.", state)
    assert r.orders == [DrawCard()] and errors(r) == ["read.second_action"]
    assert r.problems[0].col_start == len("Беру карту. ")


def test_free_ability_then_main_action_KZ_ABIL_03():
    """A [С] use is no action: «Щитоносец смыкает щиты» and «Беру карту» in one post."""
    state = table(pieces=[("pozorny_shchitonosets", "a", "gold-1")])
    r = read("Щитоносец смыкает щиты.\nБеру карту.", state)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [UseAbility(piece=uid(state, "pozorny_shchitonosets", "a"), ability="somknut_shchity"),
                        DrawCard()]


def test_action_ability_is_the_main_action_KZ_ABIL_02():
    """A [Д] use is the turn's action: with «Беру карту» after it, the draw is the second action."""
    state = table(races=("pozorki", "trutni"), pieces=[("zhirny_truten", "a", "gold-1", {"damage": 2})])
    r = read("Жирный трутень регенерирует.\nБеру карту.", state)
    assert r.orders == [UseAbility(piece=uid(state, "zhirny_truten", "a"), ability="regeneratsiya")]
    assert errors(r) == ["read.second_action"]


def test_trigger_choice_at_the_top_KZ_DEC_10():
    state = table(races=("trutni", "pozorki"), pieces=[
        ("gnezdo_strazhey", "a", "capital-1"), ("shmel", "a", "capital-1", {"damage": 0}),
        ("dikiy_gilen", "a", "capital-1", {"damage": 2})])
    r = read("«Гнездо стражей»: «Дикий гилен».\nПропускаю ход.", state)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [TriggerChoice(piece=uid(state, "gnezdo_strazhey", "a"), target=uid(state, "dikiy_gilen", "a")),
                        Skip()]


def test_attack_with_targets_legal_KZ_DEF_CMB_03():
    state = table(names=NAMES, pieces=[("pozorny_mechnik", "a", "crystal-1"), ("pozorny_luchnik", "a", "crystal-1"),
                                       ("shmel", "b", "crystal-1"), ("dikiy_gilen", "b", "crystal-1")])
    r = read("Атакую в руднике-1! Мечник рубит гилена, лучник стреляет по шмелю.", state)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [Attack(sector="crystal-1", picks=(
        TargetPick(striker=uid(state, "pozorny_mechnik", "a"), targets=(uid(state, "dikiy_gilen", "b"),)),
        TargetPick(striker=uid(state, "pozorny_luchnik", "a"), targets=(uid(state, "shmel", "b"),))))]


def test_illegal_target_is_refused_by_the_rules_KZ_FLY_01():
    """The мечник may not hit the flying Шмель: the rules' violation lands on the attack line."""
    state = table(names=NAMES, pieces=[("pozorny_mechnik", "a", "crystal-1"), ("shmel", "b", "crystal-1")])
    r = read("Атакую в руднике-1: мечник → шмель", state)
    assert not r.ok and r.orders == []
    assert any(p.clause in ("KZ-FLY-01", "KZ-DEF-CMB-05") for p in r.problems)


def test_targets_without_an_attack_KZ_DEF_CMB_03():
    state = table(names=NAMES, pieces=[("pozorny_mechnik", "a", "crystal-1"), ("dikiy_gilen", "b", "crystal-1")])
    r = read("Мечник → гилен\nБеру карту.", state)
    assert errors(r) == ["read.pick_no_attack"]
    assert r.orders == [DrawCard()]


def test_card_not_in_hand_names_the_hand_KZ_PLAY_01():
    state = table(hand={"a": ["pozorny_luchnik"]})
    r = read("Играю Сэра Позорина в столицу", state)
    assert errors(r) == ["read.hand_missing"]
    assert r.problems[0].message == "У вас в руке нет карты «Сэр Позорин»."
    assert r.problems[0].hint == "В руке: «Позорный лучник»."


def test_rules_violation_keeps_its_clause_KZ_CREA_01():
    """A creature may not be played where enemy cards stand: the Checker's clause is on the line."""
    state = table(names=NAMES, hand={"a": ["pozorny_luchnik"]}, pieces=[("shmel", "b", "gold-1")])
    r = read("Играю лучника в шахту-1", state)
    assert not r.ok and r.orders == []
    assert any(p.clause == "KZ-CREA-01" for p in r.problems)


def test_post_out_of_turn_is_refused_KZ_DEF_TURN_03():
    state = table(names=NAMES)
    r = read("Беру карту.", state, "b")
    assert not r.ok and r.orders == []
    assert r.problems[0].clause == "KZ-DEF-TURN-03"


def test_reaction_post_uses_check_decision_KZ_DEC_04():
    state = table(names=NAMES, active="b", hand={"a": ["roenie"]}, pieces=[
        ("dikiy_gilen", "a", "crystal-1"), ("osa_zhalonositsa", "a", "crystal-1"),
        ("pozorny_mechnik", "b", "crystal-1"), ("shmel", "b", "crystal-1")])
    state.pending = Pending(kind="attack", active="b", action=[Attack(sector="crystal-1").model_dump(mode="json")],
                            waiting=["a"])
    r = read("Гилен бьёт мечника.\nОса уворачивается — сбрасываю Роение", state)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [Strike(striker=uid(state, "dikiy_gilen", "a"), targets=(uid(state, "pozorny_mechnik", "b"),)),
                        Evade(piece=uid(state, "osa_zhalonositsa", "a"), discard="roenie")]
    r = read("Гилен бьёт шмеля.", state)  # Полёт: the гилен may not hit the Шмель
    assert not r.ok and r.orders == []
    r = read("Беру карту.", state)
    assert errors(r) == ["read.not_main_now"]


def test_mulligan_is_checked_by_the_rules_KZ_DEF_MULL_01():
    state = table(phase="mulligan", hand={"a": ["pyltsa", "roenie", "shmel"]})
    assert read("Замешиваю: «Пыльца», «Роение».", state).orders == [Mulligan(cards=("pyltsa", "roenie"))]
    assert read("Оставляю руку.", state).orders == [Mulligan()]
    r = read("Меняю три карты: Пыльцу и Роение", state)
    assert errors(r) == ["read.mulligan_count"] and r.orders == []
    r = read("Оставляю руку.", state, "b")  # not b's decision now
    assert not r.ok and r.orders == []


def test_read_post_never_raises_and_strict_reader_agrees():
    state = table(hand={"a": ["pozorny_luchnik"]})
    text = "Играю лучника в шахту-1"
    assert read_post(text, state, "a").orders == read(text, state).orders


def test_retreat_attack_targets_are_the_leavers_KZ_DEC_08():
    from rulesets.kozyablo.orders import Move

    state = table(names=NAMES, active="b", pieces=[("zhlob_vyshibala", "a", "gold-1"), ("shmel", "b", "gold-1"),
                                                   ("dikiy_gilen", "b", "gold-1")])
    move = Move(pieces=(uid(state, "shmel", "b"), uid(state, "dikiy_gilen", "b")), origin="gold-1", dest="gold-2")
    state.pending = Pending(kind="retreat", active="b", action=[move.model_dump(mode="json")], waiting=["a"])
    r = read("Вышибала бьёт отступающего гилена", state)
    assert r.ok and r.orders == [Strike(striker=uid(state, "zhlob_vyshibala", "a"),
                                        targets=(uid(state, "dikiy_gilen", "b"),))]
    r = read("Вышибала лупит отступающего Шмеля", state)  # Полёт
    assert not r.ok and r.problems[0].clause == "KZ-FLY-01"


def test_reaction_window_free_ability_or_pass_KZ_DEC_03():
    from rulesets.kozyablo.orders import Decline

    state = table(names=NAMES, active="b", hand={"b": ["shmel"]},
                  pieces=[("pozorny_shchitonosets", "a", "gold-1"), ("shmel", "b", "gold-2")])
    state.pending = Pending(kind="react", active="b", waiting=["a"],
                            action=[PlayCard(card="shmel", into="gold-1").model_dump(mode="json")])
    assert read("Щитоносец смыкает щиты", state).orders == [
        UseAbility(piece=uid(state, "pozorny_shchitonosets", "a"), ability="somknut_shchity")]
    assert read("Пас", state).orders == [Decline(what="react")]
    assert errors(read("Беру карту", state)) == ["read.not_main_now"]


def test_attacker_adds_his_own_evasion_and_guard_lines_KZ_DEC_06_KZ_DEC_07():
    from rulesets.kozyablo.orders import Guard

    state = table(names=NAMES, hand={"a": ["roenie"]}, pieces=[
        ("osa_zhalonositsa", "a", "crystal-1"), ("zhlob_telokhranitel", "a", "crystal-1"), ("shmel", "b", "crystal-1")])
    r = read("Атакую в руднике-1.\nОса уворачивается — сбрасываю Роение\nТелохранитель прикрывает осу", state)
    assert r.ok, [p.render() for p in r.problems]
    osa = uid(state, "osa_zhalonositsa", "a")
    assert r.orders == [Attack(sector="crystal-1"), Evade(piece=osa, discard="roenie"),
                        Guard(defender=uid(state, "zhlob_telokhranitel", "a"), protects=osa)]


def test_a_card_that_kills_its_target_names_it_in_the_line_summary_KZ_MAG_01():
    """The summary is written after the order is applied to the forecast; a creature the card
    killed is named as it stood before, never by its internal id."""
    state = table(races=("kozly", "trutni"), hand={"a": ["ogenny_plevok"]}, pieces=[("shmel", "b", "gold-2")])
    r = read("Огненный плевок в шмеля Пети", state)
    assert r.ok, [p.render() for p in r.problems]
    assert r.orders == [PlayCard(card="ogenny_plevok", on=uid(state, "shmel", "b", 1))]
    summary = r.lines[0].summary
    assert "«Шмель" in summary and uid(state, "shmel", "b", 1) not in summary, summary
