"""A whole Dice Roll Party duel, from setup to the result, played only through the JSON API.

Posts are written by the ruleset's own `propose` (random legal posts, as a player would write
them); every one is checked first, then submitted with the open step's number. The game is
limited to a few rounds (option ``max_rounds``, DRP-GAP-28) so it ends in reasonable time.
"""

from __future__ import annotations

import hashlib

from api.webclient import seated_duel

from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

MAX_STEPS = 300


def seed_for(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def test_dice_roll_party_duel_through_the_api(bot, make_user):
    ruleset = get_ruleset("dice_roll_party")
    game_id, gm, players = seated_duel(bot, make_user, title="Дуэль через API", options={"max_rounds": 3})

    posted = 0
    for n in range(MAX_STEPS):
        page = bot.get(f"/api/games/{game_id}", headers=gm).json()
        if page["result"] is not None:
            break
        step = page["step"]
        state = ruleset.state_from_json(page["view"])  # the GM sees the whole state
        for faction in step["waiting_for"]:
            text = ruleset.propose(state, faction, Dice(seed_for(game_id, n, faction)))
            check = bot.post(f"/api/games/{game_id}/check", headers=players[faction],
                             json={"faction": faction, "text": text}).json()
            assert check["ok"], (text, check["problems"])
            receipt = bot.post(f"/api/games/{game_id}/posts", headers=players[faction],
                               json={"step": step["number"], "faction": faction, "text": text})
            assert receipt.status_code == 201, (text, receipt.text)
            assert receipt.json()["sha256"] == hashlib.sha256(text.encode()).hexdigest()
            posted += 1
    else:
        raise AssertionError(f"no result after {MAX_STEPS} steps")

    result = page["result"]
    assert result["winners"] or result["draw"]
    assert result["text"]
    assert page["game"]["status"] == "over"
    steps = bot.get(f"/api/games/{game_id}/steps").json()
    assert len(steps) >= 4 and posted >= len(steps)
    assert all(s["status"] == "published" and s["seed"] for s in steps)
    last = bot.get(f"/api/games/{game_id}/steps/{steps[-1]['number']}").json()
    assert last["events"]
    late = bot.post(f"/api/games/{game_id}/posts", headers=players["p1"],
                    json={"step": steps[-1]["number"], "faction": "p1", "text": "П1 атакует П1 соперника"})
    assert late.status_code == 409 and late.json()["code"] == "game_over"
    assert bot.get(f"/api/games/{game_id}/export").status_code == 200  # anyone, once it is over
    verified = bot.get(f"/api/games/{game_id}/verify").json()
    assert verified["ok"], verified["mismatches"]
    assert verified["steps_checked"] == len(steps)
