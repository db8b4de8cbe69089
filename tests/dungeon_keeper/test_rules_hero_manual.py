"""``hero_mode`` = gm_manual (DK-GAP-75): after the last archdemon the neutral phase waits; `turn()`
names the GM (the engine's GM_CORRECTION pseudo-faction «мастер»), whose post — through the
correction desk, i.e. `resolve_step` with the step's dice — is the Hero's and the gnome's turn."""

from __future__ import annotations

from letopis.engine.resolution import GM_CORRECTION, Submission, resolve_step
from rulesets.dungeon_keeper import RULESET
from rulesets.dungeon_keeper.orders import EndTurn

from .dk_rules_factory import SEED, area, game, run, unit

CORRIDOR = area(20, 10, 20, 34)


def _waiting(**options):  # type: ignore[no-untyped-def]
    """p2 (the last archdemon) has ended the round; the Hero and the gnome wait for the GM."""
    s = game(CORRIDOR + [(19, 21)], multi_post_turn=False, hero_mode="gm_manual", **options)
    unit(s, None, "hero", (20, 20))
    unit(s, None, "gnome", (20, 19))
    s.hero_direction = "E"
    s.active = "p2"
    return run(s, "p2", EndTurn()).state


def test_the_neutral_phase_waits_and_turn_names_the_gm_DK_GAP_75():
    """DK-GAP-75: gm_manual — the round stops in the neutral phase with the Hero's ОД ready."""
    st = _waiting()
    assert st.phase == "neutral" and st.active is None and st.round == 1
    info = RULESET.turn(st)
    assert info.factions == [GM_CORRECTION] == ["мастер"] and not info.over and "Героя" in info.title
    assert st.units["hero"].ap == 5


def test_the_gm_writes_the_heroes_turn_through_resolve_step_DK_GAP_75():
    """DK-GAP-75: the GM's lines move the Hero, let him strike (with the step's dice) and the gnome dig;
    then the round goes on with p1."""
    st = _waiting()
    foe = unit(st, "p1", "bes", (20, 23))
    text = "Герой: идёт на 20-21, 20-22.\nГерой: атакует 20-23.\nГном: копает 19-19."
    res = resolve_step(RULESET, st, [Submission(GM_CORRECTION, text)], SEED)
    assert res.ok, res.refused
    new = res.state
    assert new.units["hero"].cell == (20, 22)
    assert foe.id not in new.units or new.units[foe.id].hp < foe.hp
    assert not new.undug(19, 19)
    assert new.phase == "turn" and new.active == "p1" and new.round == 2
    kinds = [e.kind for e in res.events]
    assert "neutral_move" in kinds and "gnome_digs" in kinds and "round" in kinds
    again = resolve_step(RULESET, st, [Submission(GM_CORRECTION, text)], SEED)
    assert again.state.model_dump() == new.model_dump()  # replayable from the post and the seed


def test_an_impossible_gm_line_changes_nothing_DK_GAP_75():
    """DK-GAP-75: a step onto rock (or any bad line) refuses the whole turn, line by line."""
    st = _waiting()
    res = resolve_step(RULESET, st, [Submission(GM_CORRECTION, "Герой: идёт на 21-20.\nГерой: пляшет.")], SEED)
    assert not res.ok
    problems = res.refused[GM_CORRECTION].problems
    assert [p.line for p in problems] == [1, 2] and "не может шагнуть" in problems[0].message
    assert res.state is st


def test_by_the_rules_or_a_missed_deadline_runs_the_documented_behaviour_DK_GAP_75():
    """DK-GAP-75: «По правилам.» — and the deadline default — play the Hero by DK-GAP-75 and go on."""
    st = _waiting()
    by_rules = resolve_step(RULESET, st, [Submission(GM_CORRECTION, "По правилам.")], SEED)
    default = resolve_step(RULESET, st, [Submission(GM_CORRECTION, None)], SEED)
    assert by_rules.ok and default.ok
    for res in (by_rules, default):
        assert res.state.units["hero"].cell != (20, 20) and res.state.active == "p1" and res.state.round == 2
    assert by_rules.state.units["hero"].cell == default.state.units["hero"].cell


def test_outside_the_heroes_phase_corrections_are_the_usual_patches_DK_GAP_75():
    """DK-GAP-75: only the waiting neutral phase reads Hero lines; otherwise `correct` patches the state."""
    s = game(CORRIDOR, hero_mode="gm_manual")
    _, _, problems = RULESET.correct(s, "Герой: идёт на 20-21.")
    assert problems and problems[0].is_error
    new, _, ok = RULESET.correct(s, "+20 золота Ваалу")
    assert not any(p.is_error for p in ok) and new.players["p1"].gold == s.players["p1"].gold + 20


def _walled_in(**options):  # type: ignore[no-untyped-def]
    """The Hero alone, in a dug cell surrounded by rock, no gnome: p2 is about to end the round."""
    s = game([], multi_post_turn=False, hero_mode="gm_manual", **options)
    unit(s, None, "hero", (20, 20))
    s.hero_direction = "E"
    s.active = "p2"
    return s


def test_a_hero_with_nothing_to_do_does_not_wait_for_the_gm_DK_GAP_75(monkeypatch):
    """DK-GAP-75, issue 9: when neither the Hero nor the gnome can do anything (no ОД, no free cell, no
    target), «стоит» is the GM's only possible answer: the neutral phase does not wait for him, the
    chronicle says so, and the round goes on as if he had written «Герой: стоит.»."""
    from rulesets.dungeon_keeper.rules.neutral import hero

    s = _walled_in()
    out = run(s, "p2", EndTurn())
    assert out.state.phase == "turn" and out.state.active == "p1" and out.state.round == 2
    info = RULESET.turn(out.state)
    assert info.factions == ["p1"] and info.post_kind.value == "orders"
    note = next(e for e in out.events if e.kind == "hero_manual_sole")
    assert note.text == ("Герою в этот ход нечего делать: нет ни очков действий, ни хода, ни цели рядом. "
                         "Стоять на месте — единственный возможный ход, мастера не спрашиваем.")
    assert note.clause == "DK-GAP-75" and "hero_manual" not in [e.kind for e in out.events]
    monkeypatch.setattr(hero, "can_act", lambda w, uid: True)
    asked = run(s, "p2", EndTurn()).state
    assert RULESET.turn(asked).factions == [GM_CORRECTION]
    answered = resolve_step(RULESET, asked, [Submission(GM_CORRECTION, "Герой: стоит.")], SEED)
    assert answered.ok and answered.state.model_dump() == out.state.model_dump()


def test_a_hero_who_can_step_still_waits_for_the_gm_DK_GAP_75():
    """DK-GAP-75: one free cell beside the Hero is a choice (step or stand): the GM is asked."""
    s = _walled_in()
    s.dig((20, 21))
    out = run(s, "p2", EndTurn())
    assert out.state.phase == "neutral" and RULESET.turn(out.state).factions == [GM_CORRECTION]
    assert "hero_manual_sole" not in [e.kind for e in out.events]
