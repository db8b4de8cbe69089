"""Receipts: posts frozen with their SHA-256 when the step closes; revisions with escaped diffs."""

from __future__ import annotations

import hashlib

import pytest
from sqlalchemy import select, text
from support.dbtools import post

from letopis import service
from letopis.db.models import Receipt
from letopis.service.receipts import diff_html


def test_closing_a_step_freezes_every_revision_with_its_sha256(db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1")
    post(db, game, "a", "ставка 2\n// передумал")
    before = service.post_history(db, game_id=game.id, step_number=1, faction="a", viewer_user_id=race_game.ann.id)
    assert not before.frozen and all(r.frozen_sha256 is None for r in before.revisions)
    post(db, game, "b", "ставка 3")  # the step closes (auto mode publishes it)
    hist = service.post_history(db, game_id=game.id, step_number=1, faction="a")
    assert hist.frozen and [r.revision for r in hist.revisions] == [1, 2]
    for rev in hist.revisions:
        assert rev.frozen_sha256 == hashlib.sha256(rev.text.encode()).hexdigest() == rev.sha256
        assert rev.intact and rev.frozen_at is not None
    assert [r.counted for r in hist.revisions] == [False, True]
    assert db.scalar(select(Receipt.id).where(Receipt.post_id == hist.revisions[0].post_id)) is not None


def test_a_tampered_text_no_longer_matches_its_receipt(db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 3")
    db.execute(text("UPDATE posts SET text = 'ставка 3' WHERE faction_id = 'a'"))
    db.commit()
    rev = service.post_history(db, game_id=game.id, step_number=1, faction="a").revisions[0]
    assert not rev.intact and rev.frozen_sha256 == hashlib.sha256("ставка 1".encode()).hexdigest()


def test_revisions_of_an_open_step_are_secret_to_others(db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1")
    with pytest.raises(service.Forbidden):
        service.post_history(db, game_id=game.id, step_number=1, faction="a", viewer_user_id=race_game.bob.id)
    with pytest.raises(service.Forbidden):
        service.post_history(db, game_id=game.id, step_number=1, faction="a")
    gm_view = service.post_history(db, game_id=game.id, step_number=1, faction="a", viewer_user_id=race_game.gm.id)
    assert len(gm_view.revisions) == 1
    with pytest.raises(service.NotFound):
        service.post_history(db, game_id=game.id, step_number=1, faction="zz")


def test_diff_between_revisions_is_escaped_html(db, race_game):
    game = race_game()
    post(db, game, "a", "ставка 1\n// <b>привет</b>")
    post(db, game, "a", "ставка 2\n// <b>привет</b>")
    revs = service.post_history(db, game_id=game.id, step_number=1, faction="a",
                                viewer_user_id=race_game.ann.id).revisions
    assert revs[0].diff_html is None
    diff = revs[1].diff_html
    assert "ставка 1" in diff and "ставка 2" in diff and "diff-del" in diff and "diff-add" in diff
    assert "<b>" not in diff and "&lt;b&gt;привет&lt;/b&gt;" in diff


def test_diff_shows_added_and_removed_lines():
    html = diff_html("а\nб\nв", "а\nв\nг")
    assert "diff-del" in html and ">б<" in html and ">г<" in html
    assert diff_html("same", "same") == ""
