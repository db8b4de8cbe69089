"""Decisions with one legal answer are not asked (issue 9): the server takes it, says so in the
chronicle, and opens no step; with two or more answers the step still opens."""

from __future__ import annotations

from drp_factory import game, kinds, run

from letopis.engine.contract import PostKind, StepMode
from rulesets.dice_roll_party.orders import Attack, Bid, Defence, Handicap, Pass
from rulesets.dice_roll_party.rules import effects, resolution
from rulesets.dice_roll_party.rules.turns import turn
from rulesets.dice_roll_party.state import Auction


def _dump(state) -> dict:
    return state.model_dump(mode="json")


def test_defender_without_time_defends_unasked_DRP_DEF_02(monkeypatch):
    """D5 / DRP-DEF-02: a target with 0 time can buy no boost, so «без усилений» is its only answer:
    the defence is rolled in the attack's step, the chronicle says why, and the next turn opens;
    the state is the one the answer «Защищаюсь без усилений.» gives."""
    s = game(("3/4/2/3",) * 4, ("0/4/0/5",) * 4)  # defence 0: class 0, no die, result 1
    out = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,))
    assert kinds(out)[:3] == ["attack", "sole_defence_no_time", "defence"]
    note = out.events[1]
    assert note.text == ("У П1 (Борис) нет времени на усиления, так что единственный возможный ответ — "
                         "защита без усилений: принята без вопроса.")
    assert note.clause == "DRP-DEF-02" and note.faction == "p2"
    info = turn(out.state)
    assert (info.phase, info.mode, info.post_kind, info.factions) == ("turn", StepMode.SINGLE, PostKind.ORDERS, ["p2"])
    monkeypatch.setattr(resolution, "sole_defence", lambda state: False)
    asked = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,)).state
    assert turn(asked).factions == ["p2"] and turn(asked).mode == StepMode.REACTION
    answered = run(asked, "p2", Defence()).state
    assert _dump(answered) == _dump(out.state)


def test_defender_with_time_is_still_asked_DRP_DEF_02():
    """D5: one time token buys a boost, so the defender chooses."""
    s = game(("3/4/2/3",) * 4, ("1/4/0/7",) * 4)
    out = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,))
    info = turn(out.state)
    assert (info.phase, info.mode, info.factions) == ("defence", StepMode.REACTION, ["p2"])
    assert not any(e.kind.startswith("sole_") for e in out.events)


def test_soak_without_time_is_not_asked_DRP_DMG_03():
    """D6 / DRP-DMG-03: 0 time leaves only «гашу 0»: the damage goes through and the chronicle says
    it was not asked."""
    s = game(("3/4/2/3",) * 4, ("0/4/0/5",) * 4)
    out = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,))
    note = next(e for e in out.events if e.kind == "sole_soak_no_time")
    assert note.text == "У П1 (Борис) нет времени, гасить урон нечем: урон 4 проходит целиком, без вопроса."
    assert note.clause == "DRP-DMG-03"
    assert out.state.char("p2", 1).form == 1 and out.state.phase == "turn"


def test_soak_that_changes_nothing_is_not_asked_DRP_DMG_03():
    """D6 / DRP-DMG-03, DRP-DMG-04: when the damage takes every token, or only time is left, every
    answer gives the same result, so nothing is asked; otherwise the soak step opens."""
    s = game(("3/4/2/3",) * 4, ("2/0/1/1",) * 4)
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,)).state
    out = run(s, "p2", Defence(), rolls=(1,))  # 5 > 1: 4 damage against 4 tokens
    note = next(e for e in out.events if e.kind == "sole_soak_all_lost")
    assert note.text == ("Урон 4 забирает все токены П1 (Борис), сколько ни гаси его временем: решать нечего, "
                         "вопрос не задаётся.")
    assert out.state.player("p2").slots[0] is None and out.state.phase == "turn"

    s = game(("3/2/2/3",) * 4, ("3/0/1/0",) * 4)
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,)).state
    out = run(s, "p2", Defence(), rolls=(1,))  # 2 damage: the defence token, then time
    assert [e.kind for e in out.events if e.kind.startswith("sole_")] == []
    assert turn(out.state).phase == "soak"  # time or the defence token: a real choice

    s = game(("3/2/2/3",) * 4, ("3/0/0/0",) * 4)
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(5,)).state
    out = run(s, "p2", Defence())  # class 0: result 1; 2 damage against 3 time
    note = next(e for e in out.events if e.kind == "sole_soak_time_only")
    assert note.text == ("У П1 (Борис) осталось только время: погасить им урон или потерять его — одно и то же, "
                         "вопрос не задаётся.")
    assert out.state.char("p2", 1).time == 1 and out.state.phase == "turn"


def test_counter_soak_without_time_is_not_asked_DRP_GAP_17():
    """D7 / DRP-GAP-17: an attacker who spent his last time on the attack takes the counter unasked."""
    s = game(("1/4/2/3",) * 4, ("2/4/3/3",) * 4)
    s = run(s, "p1", Attack(attacker=1, target=1), rolls=(2,)).state
    out = run(s, "p2", Defence(counter=True), rolls=(8,))
    note = next(e for e in out.events if e.kind == "sole_soak_no_time")
    assert note.clause == "DRP-GAP-17" and note.faction == "p1"
    assert out.state.phase == "turn" and out.state.active == "p2"


def _auction(p1, p2):
    s = game(p1, p2)
    s.phase, s.active = "auction", None
    s.auction = Auction(bidders=["p1", "p2"], turn="p1")
    return s


def test_bidder_who_cannot_outbid_passes_unasked_DRP_GAP_06(monkeypatch):
    """D3 / DRP-GAP-06: Борис can take at most 1 time off his characters, so after a bid of 1 a pass
    is his only answer: it is made at once and said; after a bid of 0 he is asked."""
    p1, p2 = ("5/1/1/1",) * 4, ("1/1/1/1", None, None, None)
    s = _auction(p1, p2)
    out = run(s, "p1", Bid(amount=1))
    assert kinds(out)[:4] == ["bid", "sole_pass", "pass", "auction_won"]
    assert out.events[1].text == ("Борис не может перебить ставку 1: с персонажей можно снять не больше 1 времени. "
                                  "Другого ответа нет — пас без вопроса.")
    info = turn(out.state)
    assert (info.phase, info.factions) == ("handicap", ["p1"])  # four characters to take it from
    monkeypatch.setattr(effects, "_sole_pass", lambda state, events: None)
    asked = run(s, "p1", Bid(amount=1)).state
    assert turn(asked).factions == ["p2"]
    assert _dump(run(asked, "p2", Pass()).state) == _dump(out.state)
    monkeypatch.undo()
    assert turn(run(s, "p1", Bid(amount=0)).state).factions == ["p2"]


def test_only_allocation_of_the_handicap_is_taken_DRP_FIRST_05():
    """D4 / DRP-FIRST-05: only one character has time to give, so the handicap has one allocation:
    it is made without asking and play begins; with two characters and slack the winner chooses."""
    s = _auction(("3/1/1/1", "0/2/2/2", "0/2/2/2", "0/2/2/2"), ("1/1/1/1", None, None, None))
    out = run(s, "p1", Bid(amount=2))
    assert kinds(out)[:6] == ["bid", "sole_pass", "pass", "auction_won", "sole_handicap", "handicap"]
    note = out.events[4]
    assert note.text == "Анна: снять 2 времени можно только одним способом — распределение выбрано без вопроса."
    assert note.clause == "DRP-FIRST-05" and note.data["takes"] == [[1, 2]]
    assert out.state.char("p1", 1).time == 1 and out.state.player("p1").storage.blue == 10 + 2
    info = turn(out.state)
    assert (info.phase, info.factions, info.post_kind) == ("turn", ["p1"], PostKind.ORDERS)

    full = _auction(("1/1/1/1", "1/1/1/1", None, None), ("1/1/1/1", None, None, None))
    out = run(full, "p1", Bid(amount=2))  # every character gives all it can
    assert next(e for e in out.events if e.kind == "handicap").data["takes"] == [[1, 1], [2, 1]]

    free = _auction(("3/1/1/1", "3/1/1/1", None, None), ("1/1/1/1", None, None, None))
    out = run(free, "p1", Bid(amount=2))
    assert turn(out.state).phase == "handicap" and "sole_handicap" not in kinds(out)
    assert run(out.state, "p1", Handicap(takes=((1, 1), (2, 1)))).state.phase == "turn"
