"""The default action says truthfully who applied it and why: the GM before the deadline (with the
reason he wrote, which is required), the GM after it, or the deadline runner; nothing claims a
deadline passed when it did not — in the chronicle or the audit log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from support.dbtools import db_snapshot, post

from letopis import service
from letopis.engine.contract import TurnInfo
from letopis.service.default_notes import default_action
from letopis.timezones import local_datetime


def moscow(when) -> str:
    """How a visitor's page writes a deadline: local time in Moscow, never UTC."""
    return local_datetime(when, "Europe/Moscow")


def _notes(db, game, number=1):
    return service.step_chronicle(db, game_id=game.id, step_number=number).notes


def _set_deadline(db, game, gm, minutes):
    when = (datetime.now(UTC) + timedelta(minutes=minutes)).replace(microsecond=0)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=gm)
    return when


def test_the_gm_before_the_deadline_must_give_a_reason_and_the_chronicle_quotes_it(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    post(db, game, "a", "ставка 2")
    when = _set_deadline(db, game, gm, 120)
    before = db_snapshot(db)
    for empty in ("", "   "):
        with pytest.raises(service.Invalid) as exc:
            service.apply_default(db, game_id=game.id, gm_user_id=gm, reason=empty)
        assert exc.value.code == "reason_required"
    assert db_snapshot(db) == before  # a refused default changes nothing
    service.apply_default(db, game_id=game.id, gm_user_id=gm, reason="Боря уехал и просил не ждать его.")
    [note] = _notes(db, game)
    assert note == (f"Мастер применил действие по умолчанию (ставка 1) для фракции «Боря» до срока "
                    f"({moscow(when)}). Причина: «Боря уехал и просил не ждать его».")
    entry = service.audit_log(db, game.id)[-1]
    assert entry.action == "apply_default" and entry.actor_name == "Мастер"
    assert entry.reason == "Боря уехал и просил не ждать его."
    assert entry.data["by"] == "gm" and entry.data["deadline_passed"] is False and entry.data["factions"] == ["b"]
    assert not any("истёк" in n or "к сроку" in n for n in _notes(db, game))


def test_the_gm_after_the_deadline_says_the_deadline_passed(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    service.set_schedule(db, game_id=game.id, gm_user_id=gm, grace_minutes=600)  # the runner would still wait
    when = _set_deadline(db, game, gm, -30)
    service.apply_default(db, game_id=game.id, gm_user_id=gm, reason="не ждём отсрочку")
    [note] = _notes(db, game)
    assert note == (f"Срок хода истёк ({moscow(when)}); мастер применил действие по умолчанию "
                    "(ставка 1) для фракций «Аня», «Боря». Причина: «не ждём отсрочку».")
    assert service.audit_log(db, game.id)[-1].data["deadline_passed"] is True


def test_the_runner_says_the_deadline_passed(db, race_game):
    game = race_game()
    post(db, game, "b", "ставка 3")
    when = _set_deadline(db, game, race_game.gm.id, -1)
    assert service.run_worker(db, now=datetime.now(UTC), deliver=False).defaults == [game.id]
    assert _notes(db, game) == [(f"Фракция «Аня» не прислала пост к сроку ({moscow(when)}): "
                                "применено действие по умолчанию (ставка 1).")]
    entry = service.audit_log(db, game.id)[-1]
    assert entry.actor_name == "система" and entry.reason == "Срок хода истёк."
    assert entry.data["by"] == "deadline" and entry.data["deadline_passed"] is True


def test_the_cause_survives_a_roll_back(db, race_game):
    game = race_game()
    gm = race_game.gm.id
    post(db, game, "a", "ставка 1")
    service.apply_default(db, game_id=game.id, gm_user_id=gm, reason="договорились")
    service.rollback(db, game_id=game.id, from_step=1, gm_user_id=gm, reason="проверка")
    notes = _notes(db, game)
    assert notes[0].startswith("Мастер применил действие по умолчанию (ставка 1) для фракции «Боря»; срока у шага")
    assert "Причина: «договорились»." in notes[0]


@pytest.mark.parametrize(("written", "action"), [
    ("Если не ответить к сроку — пас.", "пас"),
    ("Если не ответить к сроку, время снимут с персонажей, у которых его больше всего.",
     "время снимут с персонажей, у которых его больше всего"),
    ("Если мастер не ответит к сроку, Герой и гном ходят по правилам (DK-GAP-75).",
     "Герой и гном ходят по правилам (DK-GAP-75)"),
    ("Если не ответить к сроку: каждая ваша карта бьёт случайную допустимую цель.",
     "каждая ваша карта бьёт случайную допустимую цель"),
    ("Если не успеть к сроку, персонажей соберут из хранилища поровну по цветам.",
     "персонажей соберут из хранилища поровну по цветам"),
    ("Пас", "пас"),
    ("ставка 1", "ставка 1"),
    ("", ""),
])
def test_the_default_is_named_as_an_action_without_the_rule_s_condition(written, action):
    assert default_action(TurnInfo(phase="x", title="x", default=written)) == action
