"""The OpenAPI fuzz run (issue 14): every operation of the JSON API, as a GM and as a player, with
inputs that fit the schema and inputs that do not — and not one server error (5xx).

In CI a few examples per operation (well under a minute); ``make fuzz`` runs many more
(``LETOPIS_FUZZ_EXAMPLES``, default 100 there) and prints the figures."""

from __future__ import annotations

import os

from api.fuzz import fake_getaddrinfo, run_fuzz
from api.webclient import seated_duel

EXAMPLES = int(os.environ.get("LETOPIS_FUZZ_EXAMPLES", "6"))
RANDOM = os.environ.get("LETOPIS_FUZZ_RANDOM") == "1"  # `make fuzz`: fresh cases each run


def test_no_operation_gives_a_server_error(app, bot, make_user, monkeypatch, capsys):
    monkeypatch.setattr("letopis.service.webhook_guard.socket.getaddrinfo", fake_getaddrinfo)
    game_id, gm, players = seated_duel(bot, make_user, title="Под огнём")
    # a published step with posts and dice, so the chronicle, receipts and overrides have data
    for faction in ("p1", "p2"):
        bot.post(f"/api/games/{game_id}/posts", headers=players[faction],
                 json={"step": 1, "faction": faction, "text": "Рыцарь: сила 3, ловкость 2"})
    pinned = {"game_id": game_id, "step_number": 1, "post_id": 1, "faction": "p1",
              "ruleset_id": "dice_roll_party", "roll_index": 0}
    report = run_fuzz(app, roles={"gm": gm, "player": players["p1"]}, pinned=pinned,
                      max_examples=EXAMPLES, derandomize=not RANDOM,
                      progress=print if os.environ.get("LETOPIS_FUZZ_PROGRESS") else None)
    with capsys.disabled():
        print("\n" + report.summary())
    assert report.operations >= 40
    assert report.errors == [], report.summary() + "\n" + report.first_errors()
