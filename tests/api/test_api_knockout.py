"""A Dice Roll Party duel through the JSON API until one side has no characters left (DRP-WIN-01).

The players here are aggressive, as real duellists are: each turn the character with the most attack
potential takes time tokens from storage (DRP-RES-08) and attacks the weakest enemy character with
every spare time token as damage (DRP-ATK-04); the defender takes it. When such a post would not read (no time, a first-turn ban, …) the player falls
back to the ruleset's own random legal post. Then `verify` recomputes every published step.
"""

from __future__ import annotations

import hashlib

from api.webclient import seated_duel

from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

MAX_STEPS = 1500  # most duels end within 200 steps; the step seeds are random, so leave room for a long one


def seed_for(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def aggressive_post(state, faction: str) -> str | None:
    """The post a knockout-minded player writes now, or None to let `propose` write it."""
    player = state.players[faction]
    if state.phase == "turn":
        enemy = next(f for f in state.seats if f != faction)
        targets = [(c.total, slot) for slot, c in state.players[enemy].living()]
        if not targets:
            return None
        _, target = min(targets)
        _, slot, char = max((c.attack, slot, c) for slot, c in player.living())
        add = min(state.limit_left, player.storage.blue, 18 - char.total)
        time = char.time + max(add, 0)
        if time < 1:
            return None
        lines = ["Ну держись!"]
        if add > 0:
            lines.append(f"Добавляю из хранилища {add} синих на персонажа {slot}.")
        boost = f": урон +{time - 1}" if time > 1 else " без усилений"
        lines.append(f"П{slot} атакует П{target} соперника{boost}.")
        return "\n".join(lines)
    if state.phase == "defence":
        return "Защищаюсь без усилений."
    if state.phase == "soak":
        return "Принимаю урон, не гашу."
    return None


def test_duel_to_knockout_through_the_api_and_verify(bot, make_user):
    ruleset = get_ruleset("dice_roll_party")
    game_id, gm, players = seated_duel(bot, make_user, title="Дуэль до конца")

    for n in range(MAX_STEPS):
        page = bot.get(f"/api/games/{game_id}", headers=gm).json()
        if page["result"] is not None:
            break
        step = page["step"]
        state = ruleset.state_from_json(page["view"])
        for faction in step["waiting_for"]:
            text = aggressive_post(state, faction)
            if text is not None:
                check = bot.post(f"/api/games/{game_id}/check", headers=players[faction],
                                 json={"faction": faction, "text": text}).json()
                if not check["ok"]:
                    text = None
            if text is None:
                text = ruleset.propose(state, faction, Dice(seed_for(game_id, n, faction)))
            receipt = bot.post(f"/api/games/{game_id}/posts", headers=players[faction],
                               json={"step": step["number"], "faction": faction, "text": text})
            assert receipt.status_code == 201, (text, receipt.text)
    else:
        raise AssertionError(f"no knockout after {MAX_STEPS} steps")

    final = ruleset.state_from_json(bot.get(f"/api/games/{game_id}", headers=gm).json()["view"])
    [winner] = page["result"]["winners"]
    loser = next(f for f in final.seats if f != winner)
    assert not final.players[loser].living(), "the loser has no character left (DRP-WIN-01)"
    assert final.players[winner].living()
    verified = bot.get(f"/api/games/{game_id}/verify").json()
    assert verified["ok"], verified["mismatches"]
    assert verified["steps_checked"] == len(bot.get(f"/api/games/{game_id}/steps").json())
