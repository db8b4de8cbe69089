"""Decisions with one legal option are not asked (issue 9): the server takes the only choice, says
so in the chronicle, and opens no reaction step; with two options the step still opens."""

from __future__ import annotations

from combat_table import game, pend_attack, pend_retreat, put, run

from letopis.engine.contract import PostKind, StepMode
from rulesets.kozyablo.orders import Attack, Decline, Move, Strike
from rulesets.kozyablo.rules.combat.fight import reaction_factions
from rulesets.kozyablo.rules.turns import turn


def _comparable(state) -> dict:
    return state.model_dump(mode="json")


def test_single_target_is_taken_without_a_step_KZ_DEC_04():
    """KZ-DEC-04: the гилен can strike only the лучник: no reaction step, the chronicle says the
    target was the only one, and the fight ends as if Петя had written «Гилен бьёт лучника»."""
    s = game("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    gilen = put(s, "p2", "dikiy_gilen")
    after, events = run(s, "p1", Attack(sector="gold-1"))
    assert after.pending is None
    info = turn(after)
    assert (info.mode, info.post_kind, info.factions, info.phase) == (StepMode.SINGLE, PostKind.ORDERS, ["p2"], "play")
    sole = [e for e in events if e.kind == "sole_target"]
    assert [e.text for e in sole] == ["Единственная возможная цель Дикого гилена — Позорный лучник: выбрана без вопроса."]
    assert sole[0].clause == "KZ-DEC-04" and sole[0].public and sole[0].faction == "p2"
    kinds = [e.kind for e in events]
    assert kinds.index("combat") < kinds.index("sole_target") < kinds.index("strike")
    strike = next(e for e in events if e.kind == "strike" and e.data["striker"] == gilen)
    assert strike.data["targets"] == [luchnik] and not strike.rolls
    # the same fight with the step opened and answered with that target
    asked = game("pozorki", "trutni")
    put(asked, "p1", "pozorny_luchnik")
    put(asked, "p2", "dikiy_gilen")
    pend_attack(asked, "p1", Attack(sector="gold-1"), ["p2"])
    answered, _ = run(asked, "p2", Strike(striker=gilen, targets=(luchnik,)))
    assert _comparable(answered) == _comparable(after)


def test_two_targets_still_open_the_step_KZ_DEC_04():
    """KZ-DEC-04: with the лучник and the мечник both in reach the гилен's owner chooses."""
    s = game("pozorki", "trutni")
    put(s, "p1", "pozorny_luchnik")
    put(s, "p1", "pozorny_mechnik")
    put(s, "p2", "dikiy_gilen")
    after, events = run(s, "p1", Attack(sector="gold-1"))
    info = turn(after)
    assert (info.mode, info.post_kind, info.factions) == (StepMode.REACTION, PostKind.DECISION, ["p2"])
    assert not any(e.kind == "sole_target" for e in events)


def test_equal_speeds_or_a_card_in_shadow_keep_the_question_KZ_DEC_11():
    """KZ-DEC-11: two strikers of the same speed leave an order to choose; an enemy card in shadow
    may come out and become a second target (KZ-DEF-SHADOW-04): both are still asked."""
    s = game("pozorki", "trutni")
    put(s, "p1", "pozorny_luchnik")
    put(s, "p2", "dikiy_gilen")
    put(s, "p2", "dikiy_gilen")
    assert reaction_factions(s, "p1", "gold-1") == ["p2"]
    t = game("kozly", "trutni")
    put(t, "p1", "kozel_bodun")
    put(t, "p1", "kozel_ten", shadow=True)
    put(t, "p2", "dikiy_gilen")
    assert reaction_factions(t, "p1", "gold-1") == ["p2"]


def test_single_leaver_is_struck_without_a_step_KZ_DEC_08():
    """KZ-DEC-08: in a retreat attack the мечник's only target is the leaving трутень: no step, the
    chronicle says so, the трутень arrives wounded as if Петя had named it."""
    s = game("trutni", "pozorki")
    truten = put(s, "p1", "zhirny_truten")
    mechnik = put(s, "p2", "pozorny_mechnik")
    move = Move(pieces=(truten,), origin="gold-1", dest="gold-2")
    after, events = run(s, "p1", move)
    assert after.pending is None and turn(after).factions == ["p2"] and turn(after).mode == StepMode.SINGLE
    sole = next(e for e in events if e.kind == "sole_target")
    assert sole.clause == "KZ-DEC-08"
    assert sole.text == "Единственная возможная цель Позорного мечника — Жирный трутень: выбрана без вопроса."
    assert after.pieces[truten].sector == "gold-2" and after.pieces[truten].damage == 2
    asked = game("trutni", "pozorki")
    put(asked, "p1", "zhirny_truten")
    put(asked, "p2", "pozorny_mechnik")
    pend_retreat(asked, "p1", move, ["p2"])
    answered, _ = run(asked, "p2", Strike(striker=mechnik, targets=(truten,)))
    assert _comparable(answered) == _comparable(after)


def test_shadow_with_nobody_to_strike_stays_hidden_unasked_KZ_DEC_05():
    """KZ-DEC-05: the Козёл-тень cannot reach the flying Шмель, so staying in shadow is the only
    choice: no step; only its owner is told (the card stays secret, KZ-DEF-SHADOW-01)."""
    s = game("trutni", "kozly")
    put(s, "p1", "shmel")
    ten = put(s, "p2", "kozel_ten", shadow=True)
    after, events = run(s, "p1", Attack(sector="gold-1"))
    assert after.pending is None and turn(after).post_kind == PostKind.ORDERS
    note = next(e for e in events if e.kind == "sole_hidden")
    assert note.clause == "KZ-DEC-05" and not note.public and note.faction == "p2"
    assert note.text == "«Козёл-тень» остаётся в тени: выйти и ударить некого, так что вопрос не задаётся."
    assert after.pieces[ten].shadow
    assert all("Козёл-тень" not in e.text for e in events if e.public)


def test_forced_answer_waits_with_the_others_KZ_DEC_04():
    """KZ-DEC-04: Петя's гилен has one target, Оля's оса two: only Оля is asked; Петя's strike is
    recorded at once and the chronicle says so; it lands when Оля answers."""
    s = game("pozorki", "trutni", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    gilen = put(s, "p2", "dikiy_gilen")
    put(s, "p3", "osa_zhalonositsa")  # flying: the гилен cannot reach it
    after, events = run(s, "p1", Attack(sector="gold-1"))
    assert after.pending is not None and after.pending.waiting == ["p3"]
    assert after.pending.answers["p2"] == [Strike(striker=gilen, targets=(luchnik,)).model_dump(mode="json")]
    info = turn(after)
    assert (info.mode, info.factions) == (StepMode.REACTION, ["p3"])
    assert [e.kind for e in events] == ["reaction_wait", "sole_target"]
    done, fight = run(after, "p3", Decline(what="react"))
    assert done.pending is None
    hit = next(e for e in fight if e.kind == "strike" and e.data["striker"] == gilen)
    assert hit.data["targets"] == [luchnik] and not hit.rolls
