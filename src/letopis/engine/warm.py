"""Load, once and up front, what playing a game loads on first use.

The rulesets' readers import their modules, lexicons and grammar lazily, and the morphology
dictionary (pymorphy3, about 20 MB) is built on the first word looked up. A server that forks
workers (`letopis serve --workers N`) calls `warm_rulesets` in the master first, so every worker
starts with those pages already in memory and shares them copy-on-write instead of loading its own.
No database and no clock: a throwaway game per ruleset from a fixed seed, nothing stored.
"""

from __future__ import annotations

import hashlib
import importlib
import pkgutil
import sys

from .contract import PUBLIC, Faction
from .dice import Dice
from .registry import all_rulesets
from .resolution import Submission, resolve_step, setup_game
from .text_words import morph

NAMES = ("Анна", "Борис", "Вера", "Глеб")
STEPS = 2  # the second step loads what only a game under way needs


def warm_rulesets() -> list[str]:
    """Import every module of every registered ruleset, then play the first steps of a new game of
    each with proposed posts (the lexicons and data load on first use): read each post, show the game as its page does (the view, the roster, the summary, the board) and
    resolve the step; the ids of the rulesets warmed."""
    morph()  # the dictionary, even for a ruleset whose proposal happens to need no lookup
    warmed = []
    for ruleset_id, ruleset in all_rulesets().items():
        import_package(ruleset)
        count = max(ruleset.min_factions, min(2, ruleset.max_factions))
        factions = [Faction(id=f"p{i + 1}", name=NAMES[i % len(NAMES)]) for i in range(count)]
        state = setup_game(ruleset, ruleset.default_options(), factions, _seed(ruleset_id, "setup"))
        for step in range(STEPS):
            turn = ruleset.turn(state)
            if turn.over:
                break
            posts = [Submission(f, ruleset.propose(state, f, Dice(_seed(ruleset_id, str(step), f))))
                     for f in turn.factions]
            for post in posts:
                ruleset.read(post.text, state, post.faction)
                ruleset.roster(state, post.faction)
            ruleset.view(state, PUBLIC)
            ruleset.summary(state)
            ruleset.draw(state)
            state = resolve_step(ruleset, state, posts, _seed(ruleset_id, "step", str(step))).state
        warmed.append(ruleset_id)
    return warmed


def import_package(ruleset: object) -> int:
    """Import every module of the ruleset's package (its readers import some only for the posts or
    steps that need them, such as a card game's combat); how many there are."""
    module = sys.modules[type(ruleset).__module__]
    package = module if hasattr(module, "__path__") else sys.modules[module.__name__.rpartition(".")[0]]
    names = [info.name for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}.")]
    for name in names:
        importlib.import_module(name)
    return len(names)


def _seed(*parts: str) -> str:
    """A fixed seed (hex, as `Dice` takes it): the same warm-up every start."""
    return hashlib.sha256(":".join(("letopis-warm", *parts)).encode()).hexdigest()
