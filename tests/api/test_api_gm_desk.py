"""The GM desk's tools over the JSON API (bearer tokens): roll back, outcome edit, take-over,
seat change, ruling; refusals carry a code and Russian message."""

from __future__ import annotations

from api.webclient import bearer

from letopis import service


def _bids(db, race_game, game):
    for faction, text in (("a", "ставка 1"), ("b", "ставка 3")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text,
                            user_id=race_game.players[faction])


def test_rollback_and_ruling_over_the_api(client, db, race_game):
    game = race_game()
    _bids(db, race_game, game)
    gm, ann = bearer(client, "gm"), bearer(client, "ann")
    refused = client.post(f"/api/games/{game.id}/rollback", json={"from_step": 1, "reason": "x"}, headers=ann)
    assert refused.status_code == 403 and refused.json()["code"] == "not_gm"
    out = client.post(f"/api/games/{game.id}/rollback", json={"from_step": 1, "reason": "сверка"}, headers=gm)
    assert out.status_code == 200 and out.json()["redone"] == [1] and out.json()["stopped_at"] is None
    case = client.get(f"/api/games/{game.id}/steps/1/ruling", headers=gm).json()
    assert case["format"] == "letopis-ruling/1" and case["reason"] == "сверка"
    assert client.get(f"/api/games/{game.id}/verify").json()["ok"]


def test_outcome_edit_takeover_and_reassign_over_the_api(client, db, race_game):
    game = race_game(mode="review")
    gm = bearer(client, "gm")
    service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2", user_id=race_game.ann.id)
    taken = client.post(f"/api/games/{game.id}/takeover",
                        json={"faction": "b", "text": "ставка 1", "reason": "Боря в отпуске"}, headers=gm)
    assert taken.status_code == 200 and taken.json()["status"] == "draft"
    bad = client.post(f"/api/games/{game.id}/steps/1/outcome", json={"reason": "опечатка", "texts": {"9": "x"}},
                      headers=gm)
    assert bad.status_code == 422 and bad.json()["code"] == "no_such_event"
    edited = client.post(f"/api/games/{game.id}/steps/1/outcome",
                         json={"reason": "живее", "texts": {"2": "Ставки вскрыты!"}}, headers=gm)
    assert edited.status_code == 200
    client.post(f"/api/games/{game.id}/steps/1/publish", headers=gm)
    chron = client.get(f"/api/games/{game.id}/steps/1").json()
    assert [e["text"] for e in chron["events"]] == ["Ставки вскрыты!"]  # the bids themselves are secret
    moved = client.post(f"/api/games/{game.id}/seats/reassign", json={"faction": "a", "reason": "Аня ушла"},
                        headers=gm)
    assert moved.status_code == 200 and moved.json()["invite_token"] and moved.json()["to_user_id"] is None
    nothing = client.post(f"/api/games/{game.id}/corrections", json={"text": "a +1", "reason": "x"}, headers=gm)
    assert nothing.status_code == 422 and nothing.json()["problems"][0]["code"] == "correct_unsupported"
    actions = [a["action"] for a in client.get(f"/api/games/{game.id}/audit").json()]
    assert actions == ["take_over", "edit_outcome", "publish", "reassign_seat"]
