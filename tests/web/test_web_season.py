"""What a spectator sees after the GM's season tools: steps set aside by a stopped roll-back are
in no public listing (the GM still reaches them), a roll-back's summary is on the rolled-back
step's page, and a correction post is signed «Мастер игры», not by the raw id «мастер»."""

from __future__ import annotations

import re

import pytest
from api.webclient import log_in
from support.dbtools import finish_bids, post
from support.race import Race

from letopis import service
from letopis.engine import registry
from letopis.engine.events import Event
from letopis.engine.problems import Problem


class FixableRace(Race):
    id = "race_fix_season"

    def correct(self, state, text):
        new = state.model_copy(deep=True)
        faction, delta = text.split()
        new.positions[faction] += int(delta)
        return new, [Event(kind="gm_correction", text=f"Поправка: {new.name(faction)} {int(delta):+d}.")], []


@pytest.fixture(autouse=True)
def _fixable():
    registry.register(FixableRace())
    yield
    registry._extra.pop(FixableRace.id, None)


def _stopped_game(db, race_game, monkeypatch):
    """Three published steps and an open fourth; a roll-back from step 1 stops at step 2, setting
    steps 3 and 4 aside."""
    game = race_game()
    finish_bids(db, game)  # step 1
    post(db, game, "b", "бросаю")  # step 2
    post(db, game, "a", "пас")  # step 3
    original = Race.read

    def strict(self, text, state, faction):
        reading = original(self, text, state, faction)
        if "бросаю" in text:
            reading.problems.append(Problem(line=1, code="banned", message="Бросать больше нельзя."))
        return reading

    monkeypatch.setattr(Race, "read", strict)
    out = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="новое правило")
    assert out.stopped_at == 2 and len(out.detached) == 2
    return game, out


def test_steps_set_aside_by_a_stopped_rollback_leave_every_public_listing(db, race_game, client, bot, monkeypatch):
    game, out = _stopped_game(db, race_game, monkeypatch)
    aside = [-i for i in out.detached]
    assert [s.number for s in service.list_steps(db, game.id)] == [1, 2]
    steps = service.archive_steps(db, game.id)
    assert [s.number for s in steps.steps] == [1, 2] and steps.total == 2
    assert [p.step for p in service.metric_series(db, game.id)] in ([], [0, 1])
    assert [s["number"] for s in service.export_game(db, game.id)["steps"]] == [1, 2]
    page = service.game_page(db, game.id)
    assert page.game.open_step == 2 and page.game.draft_step is None
    for number in aside:
        with pytest.raises(service.NotFound):
            service.step_chronicle(db, game_id=game.id, step_number=number)
        with pytest.raises(service.NotFound):
            service.state_at(db, game_id=game.id, step_number=number, when="before")
        # still stored and reachable for the GM desk
        kept = service.step_chronicle(db, game_id=game.id, step_number=number, viewer_user_id=race_game.gm.id)
        assert kept.number == number
    assert service.verify_game(db, game.id).ok

    # the pages and feeds of an anonymous visitor
    for path in (f"/games/{game.id}", f"/archive/games/{game.id}", f"/games/{game.id}/feed.atom", "/feed.atom"):
        body = client.get(path).text
        assert not re.search(r"/steps/-\d", body), path
    assert [s["number"] for s in bot.get(f"/api/games/{game.id}/steps").json()] == [1, 2]
    assert [s["number"] for s in bot.get(f"/api/archive/games/{game.id}/steps").json()["steps"]] == [1, 2]
    assert client.get(f"/games/{game.id}/steps/{aside[0]}").status_code == 404
    assert bot.get(f"/api/games/{game.id}/steps/{aside[0]}").status_code == 404
    log_in(client, "gm")
    assert client.get(f"/games/{game.id}/steps/{aside[0]}").status_code == 200


def test_a_rollbacks_summary_is_on_the_rolled_back_steps_public_page(db, race_game, client):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    out = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=race_game.gm.id, reason="сверка протокола")
    assert out.redone == [1, 2] and out.changed == []
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    summary = [n for n in chron.notes if n.startswith("Мастер откатил игру к шагу 1")]
    assert summary and "Пересчитаны шаги: 1, 2." in summary[0] and "Итоги не изменились." in summary[0]
    assert summary[0].endswith("Причина: «сверка протокола».")
    assert not any("откатил" in n for n in service.step_chronicle(db, game_id=game.id, step_number=2).notes)
    page = client.get(f"/games/{game.id}/steps/1").text
    assert "Мастер откатил игру к шагу 1" in page and "Пересчитаны шаги: 1, 2." in page
    assert "Мастер откатил игру к шагу 1" in client.get(f"/games/{game.id}/steps/1/bbcode").text


def test_a_correction_post_is_signed_by_the_gm_not_by_the_raw_id(db, race_game, client):
    game = race_game()
    from letopis.db.models import Game

    db.get(Game, game.id).ruleset_id = FixableRace.id
    db.commit()
    service.correct(db, game_id=game.id, text="a 3", gm_user_id=race_game.gm.id, reason="потерянный ход")
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chron.posts[0].faction == "мастер" and chron.posts[0].faction_name == "Мастер игры"
    bbcode = client.get(f"/games/{game.id}/steps/1/bbcode").text
    assert '[quote="Мастер игры (Мастер)"]a 3[/quote]' in bbcode and '[quote="мастер' not in bbcode
    page = client.get(f"/games/{game.id}/steps/1").text
    assert "Мастер игры" in page and not re.search(r"<h3>\s*мастер", page)
    for path in (f"/games/{game.id}/feed.atom", "/feed.atom"):
        feed = client.get(path).text
        assert "Поправка мастера" in feed and "Поправка: Аня +3." in feed
