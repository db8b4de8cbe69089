"""Players' names inside Kozyablo's sentences take the case the sentence needs (the engine's
`decline`): «Ход Васи ждёт ответов …»."""

from __future__ import annotations

from combat_table import game

from rulesets.kozyablo.legality import Checker
from rulesets.kozyablo.orders import DrawCard, Skip
from rulesets.kozyablo.state import Pending


def test_a_pending_turn_names_its_player_in_the_genitive_KZ_DEF_REACT_01():
    s = game()
    s.pending = Pending(kind="react", active="p1", action=[Skip().model_dump()], waiting=["p2"])
    problem = next(v for v in Checker(s, "p1").check(DrawCard()) if v.code == "turn.pending")
    assert problem.message.startswith("Ход Васи ждёт ответов других игроков")
