"""Numbers in Dice Roll Party's refusals agree with their noun: «окажется 22 токена», not «22 токенов»."""

from __future__ import annotations

from drp_factory import game

from rulesets.dice_roll_party.legality import simulate
from rulesets.dice_roll_party.orders import Add, Zone

OTHER = ("3/4/2/3", "3/4/2/3", "3/4/2/3", "3/4/2/3")


def test_a_token_count_agrees_DRP_TOK_07():
    s = game(("3/4/2/8", None, "1/1/1/1", "1/1/1/1"), OTHER)
    assert s.char("p1", 1).total == 17
    for count, phrase in ((2, "окажется 19 токенов"), (4, "окажется 21 токен,"), (5, "окажется 22 токена,")):
        messages = [v.message for v in simulate(s, "p1", Add(slot=1, zone=Zone.FORM, count=count))[1]
                    if v.code == "char.cap"]
        assert messages and phrase in messages[0], (count, messages)
