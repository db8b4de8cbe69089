"""The warm-up `letopis serve --workers N` runs in its master before forking: after it, reading,
showing and resolving games of every ruleset loads nothing more (no ruleset module, no dictionary),
so the workers find all of it in the pages they share."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

from letopis.paths import templates_dir

ROOT = Path(__file__).resolve().parents[2]

PLAY_AFTER_WARMING = r"""
import hashlib, json, sys
from letopis.engine import PUBLIC, Dice, Faction, Submission, all_rulesets, resolve_step, setup_game
from letopis.engine import text_words
from letopis.engine.warm import warm_rulesets
from letopis.web.prefork import compile_templates

warmed = warm_rulesets()
templates = compile_templates()
before = set(sys.modules)

def seed(*parts):
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()

for rid, ruleset in all_rulesets().items():  # another game, several steps: what a worker does
    n = max(ruleset.min_factions, min(2, ruleset.max_factions))
    factions = [Faction(id=f"p{i + 1}", name=f"Игрок {i + 1}") for i in range(n)]
    state = setup_game(ruleset, ruleset.default_options(), factions, seed(rid, "other"))
    for k in range(4):
        info = ruleset.turn(state)
        if info.over:
            break
        posts = [Submission(f, ruleset.propose(state, f, Dice(seed(rid, k, f)))) for f in info.factions]
        for post in posts:
            ruleset.read(post.text, state, post.faction)
            ruleset.roster(state, post.faction)
        ruleset.view(state, PUBLIC)
        ruleset.summary(state)
        ruleset.draw(state)
        state = resolve_step(ruleset, state, posts, seed(rid, "step", k)).state
new = sorted(m for m in set(sys.modules) - before if m.split(".")[0] in ("rulesets", "letopis", "pymorphy3"))
print(json.dumps({"warmed": warmed, "templates": templates, "new": new,
                  "morph": text_words._MORPH is not None}))
"""


def test_after_the_warm_up_playing_every_ruleset_loads_nothing_more():
    out = subprocess.run([sys.executable, "-c", PLAY_AFTER_WARMING], cwd=ROOT, capture_output=True, text=True,
                         timeout=600, check=True)
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    assert figures["warmed"] == sorted(ep.name for ep in entry_points(group="letopis.rulesets"))
    assert figures["morph"]
    assert figures["new"] == []
    pages = [p for p in templates_dir().rglob("*") if p.is_file() and "email" not in p.relative_to(templates_dir()).parts]
    assert figures["templates"] >= len(pages) > 0
