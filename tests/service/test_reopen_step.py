"""Reopening a published step for one player's corrected post: the old post annulled with the
reason, the new one taken (by the GM for the player, or as the player sent it), the step resolved
again with a fresh seed, later steps replayed as a roll-back does; refused input changes nothing."""

from __future__ import annotations

import pytest
from support.dbtools import db_snapshot, finish_bids, post

from letopis import service


def _played(db, race_game, b_bid=3):
    """Step 1 (bids: Аня 1, Боря 3) and step 2 (Боря rolls) published; step 3 (Аня answers) open."""
    game = race_game()
    finish_bids(db, game, a=1, b=b_bid)
    post(db, game, "b", "бросаю")
    return game


def test_a_corrected_post_replaces_the_old_one_and_the_step_is_resolved_again(db, race_game):
    game = _played(db, race_game)
    gm = race_game.gm.id
    before = service.step_chronicle(db, game_id=game.id, step_number=1)
    old_post = next(p for p in before.posts if p.faction == "a" and p.counted)
    out = service.reopen_for_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2", gm_user_id=gm,
                                  reason="Аня писала «ставка 2», форум съел цифру", source="player")
    assert out.redone == [1, 2] and 1 in out.changed and out.stopped_at is None
    assert out.message.startswith("Мастер пересчитал шаг 1 с исправленным постом фракции «Аня» (текст прислал "
                                  "игрок); прежний пост отменён, у шага новое зерно кубиков.")
    after = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert after.status == "published" and after.commitment != before.commitment and after.seed != before.seed
    annulled = next(p for p in after.posts if p.id == old_post.id)
    assert annulled.annulled and annulled.annul_reason == "Аня писала «ставка 2», форум съел цифру"
    new = next(p for p in after.posts if p.faction == "a" and p.counted)
    assert new.text == "ставка 2" and new.revision == 2 and new.author_name == "Мастер"
    assert [s.superseded for s in after.superseded] == [True]
    assert any(n.startswith("Мастер пересчитал шаг 1") and n.endswith("Причина: «Аня писала «ставка 2», форум съел "
                                                                        "цифру».") for n in after.notes)
    assert service.game_page(db, game.id, gm).step.number == 3  # step 2 replayed: Боря still moved
    entry = service.audit_log(db, game.id)[-1]  # public: anyone reads the reason
    assert entry.action == "reopen_step" and entry.reason == "Аня писала «ставка 2», форум съел цифру"
    assert entry.data["faction"] == "a" and entry.data["annulled_post_id"] == old_post.id
    assert entry.data["seed_was"] == before.seed and entry.data["source"] == "player"
    assert entry.action_title == "шаг пересчитан с исправленным постом"
    assert service.verify_game(db, game.id).ok


def test_later_steps_that_no_longer_fit_stop_the_replay_with_their_posts_kept(db, race_game):
    game = _played(db, race_game, b_bid=2)
    gm = race_game.gm.id
    out = service.reopen_for_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 3", gm_user_id=gm,
                                  reason="Аня ставила 3", source="gm")
    assert out.redone == [1] and out.stopped_at == 2  # Аня now moves: Боря's «бросаю» no longer fits
    assert "(пост написал мастер за игрока)" in out.message and "Шаг 2 больше не читается" in out.message
    page = service.game_page(db, game.id, gm)
    assert page.step.number == 2 and page.step.status == "open" and page.turn.factions == ["a"]
    posts = service.step_chronicle(db, game_id=game.id, step_number=2, viewer_user_id=gm).posts
    assert [p.text for p in posts] == ["бросаю"]  # kept, no longer counted for this turn
    assert service.verify_game(db, game.id).ok


def test_a_faction_that_got_the_default_can_have_its_late_post_taken(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    post(db, game, "b", "ставка 2")
    service.apply_default(db, game_id=game.id, gm_user_id=gm, reason="Аня молчит")
    out = service.reopen_for_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 3", gm_user_id=gm,
                                  reason="пост Ани пришёл мне в личку вовремя")
    assert out.redone == [1]
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.defaults == [] and not any("по умолчанию" in n for n in chron.notes)
    assert service.game_page(db, game.id, gm).view["mover"] == "a"
    assert service.audit_log(db, game.id)[-1].data["annulled_post_id"] is None


def test_refusals_change_nothing(db, race_game):
    game = _played(db, race_game)
    gm = race_game.gm.id
    before = db_snapshot(db)

    def refused(exc_type, code, **kw):
        args = {"game_id": game.id, "step_number": 1, "faction": "a", "text": "ставка 2", "gm_user_id": gm,
                "reason": "опечатка"} | kw
        with pytest.raises(exc_type) as exc:
            service.reopen_for_post(db, **args)
        assert exc.value.code == code
        return exc.value

    bad = refused(service.Invalid, "post_has_errors", text="ставка девять")
    assert bad.problems and bad.problems[0].line == 1
    refused(service.Invalid, "reason_required", reason="  ")
    refused(service.Invalid, "empty_post", text="\n ")
    refused(service.Invalid, "bad_source", source="forum")
    refused(service.Forbidden, "not_gm", gm_user_id=race_game.ann.id)
    refused(service.Conflict, "not_published", step_number=3)
    refused(service.Invalid, "faction_not_in_step", step_number=2)  # Боря alone rolled in step 2
    refused(service.NotFound, "step_not_found", step_number=9)
    assert db_snapshot(db) == before
