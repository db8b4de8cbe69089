"""`letopis export` / `letopis verify` for a game with hidden information: the public export of a
running game is verified as far as it can be (and says in Russian what is left); a finished game's
export recomputes every shuffle from the revealed secret seed and a forged shuffle fails."""

from __future__ import annotations

import json

import pytest
from support.secret_play import build_decks, finish, leaks, play_some, seat_cards_game, secret_cards

from letopis.settings import get_settings


@pytest.fixture
def run(db_url, monkeypatch):
    from typer.testing import CliRunner

    from letopis.cli import app

    monkeypatch.setenv("DATABASE_URL", db_url)
    get_settings.cache_clear()
    runner = CliRunner()
    yield lambda *args: runner.invoke(app, [str(a) for a in args])
    get_settings.cache_clear()


def test_public_export_of_a_running_game_is_checked_partly(run, db, make_user, tmp_path):
    game = seat_cards_game(db, make_user)
    build_decks(db, game)
    play_some(db, game)
    out = tmp_path / "public.json"
    assert run("export", game.id, "--public", "-o", out).exit_code == 0
    assert leaks(out.read_text(encoding="utf-8"), secret_cards(game.full(db), None)) == []
    result = run("verify", out)
    assert result.exit_code == 0, result.output
    assert "Частичная проверка" in result.output and "Не проверено: тасовки" in result.output
    assert "откроется, когда игра закончится" in result.output


def test_a_finished_games_export_recomputes_every_shuffle_and_a_forgery_fails(run, db, make_user, tmp_path):
    game = seat_cards_game(db, make_user)
    build_decks(db, game)
    finish(db, game)
    out = tmp_path / "game.json"
    assert run("export", game.id, "-o", out).exit_code == 0
    result = run("verify", out)
    assert result.exit_code == 0, result.output
    assert "Начальная расстановка пересчитана" in result.output and "тасовки и взятые карты пересчитаны" in result.output
    assert run("verify", game.id).exit_code == 0

    document = json.loads(out.read_text(encoding="utf-8"))
    resolution = next(r for r in document["steps"][0]["resolutions"] if not r["superseded"])
    resolution["state_after"]["decks"]["b"].reverse()
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    result = run("verify", forged)
    assert result.exit_code == 1 and "шаг 1: состояние после шага не совпадает" in result.output
