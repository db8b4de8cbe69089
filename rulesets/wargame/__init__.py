"""«Битвы FANTASY», the miniature wargame, as a Letopis ruleset: the rules core.

Pure code and data. `data` loads maps and army lists from TOML; `state` is the whole battle
(figures on a grid, the round and phase, a resolution stack that pauses for decisions);
`options` holds the GM's switches; `orders` the order value objects with their canonical Russian
texts; `messages` the catalogue of Russian messages. `rules` holds the pure mechanics (grid and
paths, contact and participants, scores, damage, shooting, healing, artifacts, victory, random
picks); `battle` runs them: setup, whose post, checking and applying posts, the melee phase that
stops at each decision, and the deadline defaults.

The ruleset is not registered in ``letopis.rulesets`` yet: the reader and `propose` are still to
be written (see the report of issue 11). Tests import the modules directly.
"""

from .battle.engine import apply
from .battle.setup import setup
from .battle.turns import default_orders, turn
from .rules.victory import result

__all__ = ["apply", "default_orders", "result", "setup", "turn"]
