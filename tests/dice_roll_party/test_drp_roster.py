"""The post page's roster for Dice Roll Party: the player's characters as posts name them, with
their tokens, dice and whether each may attack now (DRP-TURN-02..04, DRP-ATK-02); the rivals'
characters as targets; a sealed build stays hidden (DRP-GAP-03); his row stands out in his picture."""

from __future__ import annotations

from drp_factory import factions, game

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from letopis.engine.dice import Dice
from rulesets.dice_roll_party import RULESET
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.roster import roster
from rulesets.dice_roll_party.setup import setup


def entries(state, faction, n=0):
    return roster(state, faction)[n].entries


def test_characters_with_their_dice_and_who_may_attack():
    state = game(("3/4/2/3", "0/6/3/3", None, "2/2/2/6"), ("3/4/2/3",) * 4, names=("Рыцарь", None, None, None))
    me = roster(state, "p1")[0]
    assert me.title == "Ваши персонажи"
    assert ("Лимит фазы ресурсов", f"осталось {state.limit_left} из {state.limit}") in me.facts
    knight, empty_time, closed, fourth = me.entries
    assert knight.name == "П1 «Рыцарь»"
    assert knight.facts[:3] == [("В/А/З/Ф", "3/4/2/3"), ("атака", "d10"), ("защита", "d6")]  # classes 4 and 2
    assert knight.can == ["атаковать (тратит времени: 1)"]
    assert empty_time.can == [] and empty_time.note == "на атаку нужно времени: 1, а у него 0"
    assert closed.name == "П3" and closed.spent and closed.note == "место закрыто"
    assert fourth.can and not fourth.spent


def test_the_turn_method_says_who_attacks():
    state = game(options=Options(turn_order="cyclic"))
    notes = [e.note for e in entries(state, "p1")]
    assert notes[0] == "" and entries(state, "p1")[0].can
    assert all(n == "по циклическому порядку сейчас атакует П1" for n in notes[1:])


def test_the_rival_is_listed_as_targets_and_the_defender_sees_his_decision():
    state = game()
    rival = roster(state, "p1")[1]
    assert rival.title == "Персонажи Бориса" and [e.name for e in rival.entries] == ["П1", "П2", "П3", "П4"]
    assert rival.entries[0].facts[2] == ("защита", "d6")
    assert entries(state, "p2")[0].can == []  # not his turn: nothing to attack with now


def test_a_sealed_build_stays_hidden_from_the_rival():
    state = setup(Options(), factions(2), Dice("ab" * 32))
    text = RULESET.propose(state, "p1", Dice("cd" * 32))
    state = RULESET.apply(state, "p1", RULESET.read(text, state, "p1").orders, Dice("ef" * 32)).state
    assert state.phase == "build"
    mine, rival_view = roster(state, "p1"), roster(state, "p2")
    assert len(mine[0].entries) == 4 and all(e.note == "расставлен, ждёт открытия" for e in mine[0].entries)
    hidden = next(g for g in rival_view if g.title == "Персонажи Анны")
    assert hidden.entries == [] and hidden.empty == "Расстановка скрыта до открытия (сдано мест: 4)."
    assert all(e.facts[0][1] not in hidden.model_dump_json() for e in mine[0].entries)


def test_examples_are_the_players_own_and_read_back():
    state = game()
    examples = RULESET.examples(state, "p1")
    assert examples[0] == "П1 атакует П1 соперника без усилений."  # the step's own example first
    for line in examples:
        assert RULESET.read(line, state, "p1").ok
    assert RULESET.examples(state, "p2") == []  # the step does not wait for him


def test_his_row_stands_out_in_his_picture_only():
    state = game()
    mine = RULESET.draw(state, Viewer(role=ViewerRole.PLAYER, faction="p1"))
    assert mine.count('class="own"') == 1 and "Анна (вы) ◀ ход" in mine
    assert "(вы)" not in RULESET.draw(state, PUBLIC)
    gm = RULESET.draw(state, Viewer(role=ViewerRole.GM, faction="p2"))  # the GM writing for Борис
    assert "Борис (вы)" in gm
