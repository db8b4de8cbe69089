"""The app's deadline ticker applies the default to a step whose deadline has passed."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from api.webclient import make_settings
from fastapi.testclient import TestClient

from letopis import service
from letopis.web.app import create_app


def test_ticker_applies_the_default_after_the_deadline(session_factory, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) - timedelta(minutes=1),
                         gm_user_id=race_game.gm.id)
    app = create_app(make_settings(), session_factory=session_factory, run_deadlines=True,
                     deadline_interval=0.1)
    with TestClient(app):
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            db.expire_all()
            if service.get_game(db, game.id).open_step == 2:
                break
            time.sleep(0.1)
    step = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert step.status == "published" and set(step.defaults) == {"a", "b"}
    assert any(a.actor_name == "система" for a in service.audit_log(db, game.id))


def test_no_ticker_when_tests_pass_their_own_sessions(session_factory, db, race_game):
    game = race_game()
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) - timedelta(minutes=1),
                         gm_user_id=race_game.gm.id)
    app = create_app(make_settings(), session_factory=session_factory, deadline_interval=0.05)
    with TestClient(app) as client:
        client.get("/")
        time.sleep(0.4)
    db.expire_all()
    assert service.get_game(db, game.id).open_step == 1
