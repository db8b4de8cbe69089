"""Archdemons' names inside Dungeon Keeper's sentences take the case the sentence needs (the engine's
`decline`): «Пост Бориса не исполнен»; and numbers agree with their nouns: «У вас 1 юнит»."""

from __future__ import annotations

from letopis.engine.dice import Dice
from rulesets.dungeon_keeper import RULESET
from rulesets.dungeon_keeper.legality import Checker
from rulesets.dungeon_keeper.orders import Summon

from .dk_rules_factory import SEED, area, attack, building, game, move, unit


def test_an_out_of_turn_post_names_its_author_in_the_genitive_DK_TURN_01():
    s = game(area(10, 10, 16, 16), players=3, multi_post_turn=False)
    s.players["p2"].name = "Борис"
    a = unit(s, "p1", "kerub", (12, 12))
    b = unit(s, "p2", "kerub", (12, 13))
    out = RULESET.apply(s, "p2", [attack(s, b, a)], Dice(SEED))
    texts = [e.text for e in out.events if e.kind == "not_your_turn"]
    assert texts and texts[0].startswith("Пост Бориса не исполнен")


def messages(s, faction, order) -> list[str]:
    return [v.message for v in Checker(s, faction).check(order)]


def test_numbers_in_refusals_agree_DK_UNIT_01_DK_TURN_03():
    """«У вас 1 юнит», «путь из 1 шага» (genitive after «из»), never «1 юнитов» or «1 шагов»."""
    s = game(area(1, 1, 8, 8) + area(10, 10, 16, 16))
    building(s, "circle", "p1", (12, 12))
    unit(s, "p1", "imp", (3, 3))
    refused = messages(s, "p1", Summon(unit_kind="imp", count=20))
    assert any(m.startswith("У вас 1 юнит; ещё 20") for m in refused), refused
    t = game(area(10, 10, 16, 16))
    b = unit(t, "p1", "bes", (12, 12))
    b.ap = 0
    refused = messages(t, "p1", move(t, b, (12, 13)))
    assert any("путь из 1 шага)" in m for m in refused), refused
