"""The GM desk's further tools through their forms: roll back, edit a draft, correct the state,
take over, reassign a seat, a ruling's JSON — each public in the chronicle and the audit log."""

from __future__ import annotations

import pytest
from api.webclient import form_post, log_in
from support.race import Race

from letopis import service
from letopis.engine import registry
from letopis.engine.events import Event


class FixableRace(Race):
    id = "race_fix_web"

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


def desk(game):
    return f"/games/{game.id}/gm"


def _bids(db, race_game, game):
    for faction, text in (("a", "ставка 1"), ("b", "ставка 3")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text,
                            user_id=race_game.players[faction])


def test_rollback_form_and_public_note(client, db, race_game):
    game = race_game()
    _bids(db, race_game, game)
    log_in(client, "gm")
    page = client.get(desk(game))
    assert "Откат и пересчёт" in page.text and "/gm/ruling/1.json" in page.text
    refused = form_post(client, f"{desk(game)}/rollback", {"step": "1", "reason": ""}, from_page=desk(game))
    assert refused.status_code == 422 and "Причина" in refused.text
    done = form_post(client, f"{desk(game)}/rollback", {"step": "1", "reason": "проверка расчёта"},
                     from_page=desk(game))
    assert done.status_code == 200 and "откатил игру к шагу 1" in done.text
    public = client.get(f"/games/{game.id}/steps/1")
    assert "проверка расчёта" in public.text and "Прежние расчёты" in public.text
    assert service.verify_game(db, game.id).ok


def test_edit_draft_form(client, db, race_game):
    game = race_game(mode="review")
    _bids(db, race_game, game)
    log_in(client, "gm")
    assert "Исправить итог черновика шага 1" in client.get(desk(game)).text
    done = form_post(client, f"{desk(game)}/edit", {"step": "1", "event": "2", "text": "Ставки вскрыты!",
                                                     "reason": "живее"}, from_page=desk(game))
    assert done.status_code == 200 and "Событие №2 шага 1 исправлено" in done.text
    form_post(client, f"{desk(game)}/publish", {"step": "1"}, from_page=desk(game))
    public = client.get(f"/games/{game.id}/steps/1")
    assert "Ставки вскрыты!" in public.text and "живее" in public.text


def test_correct_takeover_and_reassign_forms(client, db, race_game, make_user):
    game = race_game()
    from letopis.db.models import Game
    db.get(Game, game.id).ruleset_id = FixableRace.id
    db.commit()
    log_in(client, "gm")
    done = form_post(client, f"{desk(game)}/correct", {"text": "a 2", "reason": "потерянный ход"},
                     from_page=desk(game))
    assert done.status_code == 200 and "опубликована как шаг 1" in done.text
    assert "Поправка: Аня +2." in client.get(f"/games/{game.id}/steps/1").text

    service.submit_post(db, game_id=game.id, step_number=2, faction="a", text="ставка 2", user_id=race_game.ann.id)
    taken = form_post(client, f"{desk(game)}/takeover", {"faction": "b", "text": "ставка 1", "reason": "Боря молчит"},
                      from_page=desk(game))
    assert taken.status_code == 200 and "Пост за фракцию принят" in taken.text
    step2 = client.get(f"/games/{game.id}/steps/2").text
    assert "Боря молчит" in step2 and "Мастер" in step2

    make_user("vera", "Вера")
    moved = form_post(client, f"{desk(game)}/reassign", {"faction": "b", "login": "vera", "reason": "замена"},
                      from_page=desk(game))
    assert moved.status_code == 200 and "передано игроку «vera»" in moved.text
    invite = form_post(client, f"{desk(game)}/reassign", {"faction": "a", "login": "", "reason": "Аня ушла"},
                       from_page=desk(game))
    assert "/join/" in invite.text
    unknown = form_post(client, f"{desk(game)}/reassign", {"faction": "a", "login": "nobody", "reason": "x"},
                        from_page=desk(game))
    assert unknown.status_code == 422 and "nobody" in unknown.text


def test_ruling_json_for_the_gm_only(client, db, race_game):
    game = race_game()
    _bids(db, race_game, game)
    log_in(client, "ann")
    assert client.get(f"{desk(game)}/ruling/1.json").status_code == 403
    log_in(client, "gm")
    got = client.get(f"{desk(game)}/ruling/1.json?reason=пример")
    assert got.status_code == 200 and got.json()["format"] == "letopis-ruling/1" and got.json()["reason"] == "пример"
