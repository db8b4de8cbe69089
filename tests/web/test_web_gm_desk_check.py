"""The live check of correction lines on the GM desk: per line what it will change or the problem,
through the htmx partial and, without JS, through the form's «Проверить» button."""

from __future__ import annotations

import re

import pytest
from api.webclient import form_post, log_in
from support.race import Race

from letopis import service
from letopis.db.models import Game
from letopis.engine import registry
from letopis.engine.events import Event
from letopis.engine.problems import Problem


class PatchRace(Race):
    """«Гонка» with a line-by-line `correct`: «a +3» / «b -2» move a runner."""

    id = "race_patch_web"

    def correct(self, state, text):
        new = state.model_copy(deep=True)
        events, problems = [], []
        for n, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            m = re.fullmatch(r"\s*(\w+)\s*([+-]\d+)\s*", line)
            if not m or m.group(1) not in new.positions:
                problems.append(Problem(line=n, code="bad_patch", message="Не понимаю строку правки.",
                                        hint="например: «a +3»"))
                continue
            new.positions[m.group(1)] += int(m.group(2))
            events.append(Event(kind="gm_correction", text=f"{new.name(m.group(1))}: {int(m.group(2)):+d} клеток."))
        return (state, [], problems) if problems else (new, events, problems)


@pytest.fixture(autouse=True)
def _patch_race():
    registry.register(PatchRace())
    yield
    registry._extra.pop(PatchRace.id, None)


@pytest.fixture
def game(db, race_game):
    made = race_game()
    db.get(Game, made.id).ruleset_id = PatchRace.id
    db.commit()
    return made


def _lines(html: str) -> dict[str, str]:
    """Each checked line's number → its item's text, tags stripped."""
    items = re.findall(r'<li class="(\w+)" data-line="(\d+)">(.*?)</li>\s*(?=<li class="\w+" data-line|</ol>)',
                       html, re.DOTALL)
    return {n: f"{cls}: " + " ".join(re.sub(r"<[^>]+>", " ", body).split()) for cls, n, body in items}


def test_live_check_shows_each_lines_change_or_problem(client, db, game):
    log_in(client, "gm")
    desk = client.get(f"/games/{game.id}/gm").text
    assert f'hx-post="/games/{game.id}/gm/correct/check"' in desk and "htmx.min.js" in desk

    bad = form_post(client, f"/games/{game.id}/gm/correct/check", {"text": "a +3\nбред"},
                    from_page=f"/games/{game.id}/gm")
    assert bad.status_code == 200 and "<html" not in bad.text  # a partial
    lines = _lines(bad.text)
    assert lines["1"].startswith("order:") and "→" not in lines["1"]  # nothing changes while errors remain
    assert lines["2"].startswith("error:") and "Не понимаю строку правки." in lines["2"] and "«a +3»" in lines["2"]
    assert "1 ошибка" in bad.text

    good = form_post(client, f"/games/{game.id}/gm/correct/check", {"text": "a +3\n\nb -1"},
                     from_page=f"/games/{game.id}/gm")
    lines = _lines(good.text)
    assert "Правка читается" in good.text and set(lines) == {"1", "3"}
    assert "→ Аня: +3 клеток." in lines["1"] and "→ Боря: -1 клеток." in lines["3"]
    assert service.game_page(db, game.id).view["positions"] == {"a": 0, "b": 0}  # nothing applied

    empty = form_post(client, f"/games/{game.id}/gm/correct/check", {"text": "  "}, from_page=f"/games/{game.id}/gm")
    assert "Начните писать" in empty.text


def test_check_without_js_and_for_others(client, db, game):
    log_in(client, "gm")
    checked = form_post(client, f"/games/{game.id}/gm/correct",
                        {"text": "b +2", "reason": "жалоба", "intent": "check"}, from_page=f"/games/{game.id}/gm")
    assert checked.status_code == 200 and "Правка состояния" in checked.text
    assert "→ Боря: +2 клеток." in checked.text and "жалоба" in checked.text  # the form as typed
    assert service.list_steps(db, game.id)[0].status == "open"  # only checked

    log_in(client, "ann")
    refused = form_post(client, f"/games/{game.id}/gm/correct/check", {"text": "a +3"},
                        from_page=f"/games/{game.id}")
    assert "a +3" not in refused.text and "→" not in refused.text
    assert "мастер" in refused.text.lower()
