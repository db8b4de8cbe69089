"""Withdrawing a post while its step is open: the step waits for the player again, nothing is
deleted, a withdrawn or replaced post never completes a step, and every refusal changes nothing."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import func, select
from support.dbtools import db_snapshot, finish_bids, post

from letopis import service
from letopis.db.models import Post, Resolution


def _waiting(db, game):
    return service.game_page(db, game.id).step.waiting_for


def test_withdrawn_post_is_kept_but_no_longer_counts(db, race_game):
    game = race_game()
    sent = post(db, game, "a", "// удачи\nставка 3")
    assert _waiting(db, game) == ["b"]
    out = service.withdraw_post(db, post_id=sent.post_id, user_id=race_game.ann.id)
    assert out.waiting_for == ["a", "b"] and out.revision == 1 and not out.resolution_cancelled
    assert "Пост отозван (версия 1)" in out.message and "снова ждёт посты от Ани и Бори." in out.message
    assert _waiting(db, game) == ["a", "b"]
    db.expire_all()
    row = db.get(Post, sent.post_id)
    assert row.text == "// удачи\nставка 3" and row.withdrawn_at == out.withdrawn_at
    assert row.withdrawn_by == race_game.ann.id and not row.annulled and row.annul_reason is None
    assert service.audit_log(db, game.id) == []  # the player's own act, not a GM action


def test_a_withdrawn_post_never_completes_the_step(db, race_game):
    game = race_game()
    sent = post(db, game, "a", "ставка 3")
    service.withdraw_post(db, post_id=sent.post_id, user_id=race_game.ann.id)
    other = post(db, game, "b", "ставка 1")
    assert not other.resolved and other.waiting_for == ["a"]
    assert db.scalar(select(func.count(Resolution.id))) == 0


def test_a_corrected_post_after_withdrawal_counts_and_the_chronicle_tells_them_apart(db, race_game):
    game = race_game()
    slip = post(db, game, "a", "ставка 1")
    service.withdraw_post(db, post_id=slip.post_id, user_id=race_game.ann.id)
    fixed = post(db, game, "a", "ставка 3")
    assert fixed.revision == 2 and fixed.waiting_for == ["b"]
    done = post(db, game, "b", "ставка 2")
    assert done.resolved and done.published
    assert service.game_page(db, game.id).view["mover"] == "a"  # Аня's corrected 3 beat Боря's 2
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    mine = [(p.revision, p.counted, p.withdrawn_at is not None, p.annulled) for p in chronicle.posts if p.faction == "a"]
    assert mine == [(1, False, True, False), (2, True, False, False)]
    history = service.post_history(db, game_id=game.id, step_number=1, faction="a", viewer_user_id=race_game.ann.id)
    assert [(r.revision, r.withdrawn_at is not None, r.counted, r.intact) for r in history.revisions] == [
        (1, True, False, True), (2, False, True, True)]
    assert all(r.frozen_sha256 for r in history.revisions)  # both frozen when the step closed


def test_replacing_a_post_makes_the_earlier_one_not_count(db, race_game):
    game = race_game()
    first = post(db, game, "a", "ставка 1")
    second = post(db, game, "a", "ставка 2")
    assert second.revision == 2
    page = service.game_page(db, game.id, race_game.ann.id)
    assert [(o.post_id, o.revision, o.counts) for o in page.own_posts] == [(second.post_id, 2, True)]
    with pytest.raises(service.Conflict) as err:  # the first one is no longer what counts
        service.withdraw_post(db, post_id=first.post_id, user_id=race_game.ann.id)
    assert err.value.code == "not_current" and "версия 2" in err.value.message


def refusal(db, post_id, user_id):
    before = db_snapshot(db)
    with pytest.raises(service.ServiceError) as err:
        service.withdraw_post(db, post_id=post_id, user_id=user_id)
    assert db_snapshot(db) == before
    assert err.value.message
    return err.value


def test_only_the_factions_player_may_withdraw(db, race_game, make_user):
    game = race_game()
    sent = post(db, game, "a", "ставка 2")
    assert refusal(db, sent.post_id, race_game.bob.id).code == "not_your_seat"
    assert refusal(db, sent.post_id, race_game.gm.id).code == "not_your_seat"  # the GM annuls instead
    assert refusal(db, sent.post_id, make_user("eve").id).code == "not_your_seat"
    missing = refusal(db, 10_000, race_game.ann.id)
    assert isinstance(missing, service.NotFound) and missing.code == "post_not_found"


def test_withdrawing_twice_or_an_annulled_post_is_refused(db, race_game):
    game = race_game()
    sent = post(db, game, "a", "ставка 2")
    service.withdraw_post(db, post_id=sent.post_id, user_id=race_game.ann.id)
    assert refusal(db, sent.post_id, race_game.ann.id).code == "already_withdrawn"
    again = post(db, game, "a", "ставка 3")
    service.annul_post(db, post_id=again.post_id, gm_user_id=race_game.gm.id, reason="Не тот игрок")
    assert refusal(db, again.post_id, race_game.ann.id).code == "already_annulled"


def test_no_withdrawal_once_the_step_is_resolved(db, race_game):
    game = race_game()
    finish_bids(db, game)
    first = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.ann.id).posts[0]
    err = refusal(db, first.id, race_game.ann.id)
    assert err.code == "step_published" and "Шаг 1 уже рассчитан и опубликован" in err.message


def test_no_withdrawal_while_the_step_waits_for_the_gm(db, race_game):
    game = race_game(mode="review")
    mine = post(db, game, "a", "ставка 2")
    assert post(db, game, "b", "ставка 1").resolved
    err = refusal(db, mine.post_id, race_game.ann.id)
    assert err.code == "step_in_review" and "мастер" in err.message


def test_no_withdrawal_after_the_seat_changed_hands(db, race_game, make_user):
    game = race_game()
    sent = post(db, game, "a", "ставка 2")
    vera = make_user("vera", "Вера")
    service.reassign_seat(db, game_id=game.id, faction="a", gm_user_id=race_game.gm.id, reason="Аня ушла",
                          to_user_id=vera.id)
    assert refusal(db, sent.post_id, race_game.ann.id).code == "not_your_seat"
    assert service.withdraw_post(db, post_id=sent.post_id, user_id=vera.id).waiting_for == ["a", "b"]


def test_a_withdrawal_racing_the_completing_post_is_all_or_nothing(session_factory, race_game, db):
    """Аня withdraws while Боря sends the step's last post: either the step resolves with Аня's post
    (and the withdrawal is refused), or the withdrawal wins (and Боря's post leaves it open)."""
    game = race_game()
    mine = post(db, game, "a", "ставка 2")
    barrier = threading.Barrier(2)
    outcome: dict[str, object] = {}

    def withdraw():
        with session_factory() as own:
            barrier.wait(5)
            try:
                outcome["withdraw"] = service.withdraw_post(own, post_id=mine.post_id, user_id=race_game.ann.id)
            except service.ServiceError as exc:
                outcome["withdraw"] = exc

    def complete():
        with session_factory() as own:
            barrier.wait(5)
            outcome["post"] = service.submit_post(own, game_id=game.id, step_number=1, faction="b",
                                                  text="ставка 1", user_id=race_game.bob.id)

    threads = [threading.Thread(target=withdraw), threading.Thread(target=complete)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    db.expire_all()
    resolutions = db.scalars(select(Resolution)).all()
    if outcome["post"].resolved:
        assert isinstance(outcome["withdraw"], service.Conflict) and outcome["withdraw"].code == "step_published"
        assert [s["post_id"] for s in resolutions[0].submissions] == [mine.post_id, outcome["post"].post_id]
    else:
        assert isinstance(outcome["withdraw"], service.WithdrawOut) and resolutions == []
        assert _waiting(db, game) == ["a"]
