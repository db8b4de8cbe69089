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


def test_setup_refusals_agree():
    import pytest

    from letopis.engine.contract import Faction
    from letopis.engine.dice import Dice
    from rulesets.dice_roll_party.options import Options
    from rulesets.dice_roll_party.setup import setup

    with pytest.raises(ValueError, match="^в этой игре 2 игрока, а сторон 3$"):
        setup(Options(), [Faction(id=f"p{i}", name=n) for i, n in enumerate("АБВ")], Dice("00" * 32))
