"""A saved set of readings that were right before the reading core moved in, to keep them so.

`python -m tests.readings.saved [RULESET …]` plays each ruleset with its own proposed posts (the posts are
legal and read without an error) and stores, per sample, the state, the post and its reading:
orders, problems and the line-by-line account. `test_saved_readings` reads every sample again and
compares byte for byte. Re-record only when a reading is meant to change, and say why in the commit.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from letopis.engine import Dice, Faction, Submission, all_rulesets, resolve_step, setup_game

HERE = Path(__file__).parent
RULESETS = ("dice_roll_party", "dungeon_keeper", "kozyablo", "tetranomicon", "wargame")
SAMPLES = 320
NAMES = ["Анна", "Борис", "Вера", "Глеб"]


def seed_for(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def reading_json(reading: Any) -> dict[str, Any]:
    return {
        "orders": reading.orders_json(),
        "problems": [p.model_dump(mode="json") for p in reading.problems],
        "lines": [x.model_dump(mode="json") for x in reading.lines],
    }


# The same orders as players dress them: a greeting, BBCode, an opponent's quote, a sign-off.
VARIANTS = (
    lambda t: t,
    lambda t: "Ну что ж, мой ход :)\n" + t + "\nУдачи!",
    lambda t: "[b]" + t.replace("\n", "[/b]\n[b]") + "[/b]",
    lambda t: "[quote=Соперник]Атакую всем, что есть![/quote]\n" + t + "\n(офф: завтра не смогу)",
)


def path_for(ruleset_id: str) -> Path:
    return HERE / f"{ruleset_id}.json.gz"


def record(ruleset_id: str) -> None:
    ruleset = all_rulesets()[ruleset_id]
    n = max(ruleset.min_factions, min(2, ruleset.max_factions))
    factions = [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(n)]
    states: dict[str, Any] = {}
    samples: list[dict[str, Any]] = []
    game, number = 0, 0
    state = setup_game(ruleset, ruleset.default_options(), factions, seed_for(ruleset_id, "setup", game))
    while len(samples) < SAMPLES and number < SAMPLES * 20:
        number += 1
        info = ruleset.turn(state)
        if info.over:
            game += 1
            state = setup_game(ruleset, ruleset.default_options(), factions, seed_for(ruleset_id, "setup", game))
            continue
        subs = []
        for faction in info.factions:
            text = ruleset.propose(state, faction, Dice(seed_for(ruleset_id, "propose", number, faction)))
            subs.append(Submission(faction, text))
            # every third step, to spread the samples over whole games
            if number % 3 == 0 or ruleset_id == "dice_roll_party":
                data = state.model_dump(mode="json")
                key = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
                states[key] = data
                for dress in VARIANTS:
                    dressed = dress(text)
                    samples.append({"state": key, "faction": faction, "text": dressed,
                                    "reading": reading_json(ruleset.read(dressed, state, faction))})
        state = resolve_step(ruleset, state, subs, seed_for(ruleset_id, "step", number)).state
    payload = json.dumps({"states": states, "samples": samples}, ensure_ascii=False, sort_keys=True)
    path_for(ruleset_id).write_bytes(gzip.compress(payload.encode(), mtime=0))


def load(ruleset_id: str) -> dict[str, Any]:
    return json.loads(gzip.decompress(path_for(ruleset_id).read_bytes()))


if __name__ == "__main__":
    import sys

    # name the rulesets to record: the others' saved readings stay as they are
    for rid in sys.argv[1:] or RULESETS:
        record(rid)
        print(rid, path_for(rid).stat().st_size)
