"""A wargame melee through the service (issue 11, WG-DEF-DECIDE-01, WG-GAP-09): the loser answers
the damage allocation (WG-DEC-02) in its own step; the withdrawal that follows (WG-DEC-06) opens
a step with the decision's own deadline (`decision_deadline_hours`), nobody answers, the deadline
worker applies the documented default («никто не отходит»), and a withdrawal written after the
deadline no longer counts. The chronicle shows both the answer and the default, and the game
verifies by recomputation."""

from __future__ import annotations

from datetime import timedelta

import pytest
from support.dbtools import post

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.wargame import RULESET
from rulesets.wargame.battle.engine import run
from rulesets.wargame.battle.setup import setup
from rulesets.wargame.options import Options

SEED = "00" * 32


class _Dice(Dice):
    """The melee's dice fixed in advance: Аня 6 and 3, Борис 2, 2 and 2."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(SEED)
        self.queue = list(values)

    def roll(self, sides: int, purpose: str = ""):
        if self.queue:
            self.overrides[len(self.rolls)] = (self.queue.pop(0), "тест")
        return super().roll(sides, purpose)


def _melee_waiting_for_the_loser():
    """Round 1's melee phase stopped at WG-DEC-02: knight and swordsman beat three riders by 5."""
    state = setup(Options(decision_deadline_hours=6), [Faction(id="p1", name="Аня"), Faction(id="p2", name="Борис")],
                  _Dice([6, 5]))
    state.phase, state.round = "shooting", 1
    state.order = list(state.setup_order)
    state.active = len(state.order)
    for fid, cell in (("p1:knight", (10, 9)), ("p1:swordsman-1", (11, 9)), ("p2:rider-1", (10, 10)),
                      ("p2:rider-2", (11, 10)), ("p2:rider-3", (12, 10))):
        state.figures[fid].cell = cell
    run(state, _Dice([6, 3, 2, 2, 2]), [])
    assert state.pending is not None and state.pending.decision == "WG-DEC-02" and state.pending.faction == "p2"
    return state


@pytest.fixture
def battle(db, make_user):
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Аня"), make_user("boris", "Борис")
    document = {**RULESET.export_setup(_melee_waiting_for_the_loser()),
                "factions": [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Борис"}]}
    game = service.import_setup(db, document=document, gm_user_id=gm.id, title="Схватка у башни")
    for faction, user in (("p1", anna), ("p2", boris)):
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return game


def test_answer_then_withdrawal_default_at_its_deadline_WG_DEF_DECIDE_01(db, battle):
    page = service.game_page(db, battle.id)
    assert page.turn.factions == ["p2"] and "WG-DEC-02" in page.turn.title
    # WG-GAP-09: the decision's own deadline, from the option
    assert page.step.deadline - page.step.opened_at == timedelta(hours=6)
    allocation = page.step.number

    out = post(db, battle, "p2", "Убиты: всадник №1, всадник №2. Ранен: всадник №3.")
    assert out.resolved and out.published

    page = service.game_page(db, battle.id)
    assert page.turn.factions == ["p2"] and "WG-DEC-06" in page.turn.title
    withdrawal = page.step.number
    deadline = page.step.deadline
    assert deadline - page.step.opened_at == timedelta(hours=6)
    assert service.run_due_deadlines(db, now=deadline - timedelta(minutes=1)) == []
    assert service.run_due_deadlines(db, now=deadline + timedelta(seconds=1)) == [battle.id]

    # past the deadline the withdrawal step is closed: Борис's late answer is refused
    with pytest.raises(service.Conflict) as late:
        post(db, battle, "p2", "Всадник №3 отходит на 12-11.", step=withdrawal)
    assert late.value.code == "stale_step"
    page = service.game_page(db, battle.id)  # the winner's withdrawal comes next (WG-DEF-RETREAT-02)
    assert page.turn.factions == ["p1"] and "WG-DEC-06" in page.turn.title

    answered = service.step_chronicle(db, game_id=battle.id, step_number=allocation)
    assert answered.status == "published" and answered.defaults == []
    assert [p.text for p in answered.posts] == ["Убиты: всадник №1, всадник №2. Ранен: всадник №3."]
    texts = [e.text for e in answered.events]
    assert "Борис отвечает (WG-DEC-02): Убиты: всадник №1, всадник №2. Ранен: всадник №3." in texts
    assert "Борис распределяет урон по своему выбору." in texts
    assert any(t.startswith("Всадник №3: урон 1") and t.endswith("ранен.") for t in texts)

    defaulted = service.step_chronicle(db, game_id=battle.id, step_number=withdrawal)
    assert defaulted.status == "published" and defaulted.defaults == ["p2"] and defaulted.posts == []
    assert "Борис отвечает (WG-DEC-06): Никто не отходит." in [e.text for e in defaulted.events]
    state = service.game_page(db, battle.id).view
    assert state["figures"]["p2:rider-3"]["cell"] == [12, 10] and state["figures"]["p2:rider-3"]["wounded"]
    assert service.verify_game(db, battle.id).ok
