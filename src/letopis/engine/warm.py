"""Load, once and up front, what reading a game's posts loads on first use.

The rulesets' readers import their modules, lexicons and grammar lazily, and the morphology
dictionary (pymorphy3, about 20 MB) is built on the first word looked up. A server that forks
workers (`letopis serve --workers N`) calls `warm_rulesets` in the master first, so every worker
starts with those pages already in memory and shares them copy-on-write instead of loading its own.
Pure: a throwaway game per ruleset from a fixed seed, nothing stored.
"""

from __future__ import annotations

import hashlib

from .contract import PUBLIC, Faction
from .dice import Dice
from .registry import all_rulesets
from .resolution import setup_game
from .text_words import morph

NAMES = ("Анна", "Борис", "Вера", "Глеб")


def warm_rulesets() -> list[str]:
    """Read one proposed post in a new game of every registered ruleset and show the game as its
    page does (the view, the player's roster, the summary, the board); the ids of the rulesets warmed."""
    morph()  # the dictionary, even for a ruleset whose proposal happens to need no lookup
    warmed = []
    for ruleset_id, ruleset in all_rulesets().items():
        count = max(ruleset.min_factions, min(2, ruleset.max_factions))
        factions = [Faction(id=f"p{i + 1}", name=NAMES[i % len(NAMES)]) for i in range(count)]
        state = setup_game(ruleset, ruleset.default_options(), factions, _seed(ruleset_id, "setup"))
        faction = (ruleset.turn(state).factions or [factions[0].id])[0]
        ruleset.read(ruleset.propose(state, faction, Dice(_seed(ruleset_id, "post"))), state, faction)
        ruleset.view(state, PUBLIC)
        ruleset.roster(state, faction)
        ruleset.summary(state)
        ruleset.draw(state)
        warmed.append(ruleset_id)
    return warmed


def _seed(*parts: str) -> str:
    """A fixed seed (hex, as `Dice` takes it): the same warm-up every start."""
    return hashlib.sha256(":".join(("letopis-warm", *parts)).encode()).hexdigest()
