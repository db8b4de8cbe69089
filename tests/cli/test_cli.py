"""The `letopis` command, run in-process against the test database."""

import json

import pytest
from sqlalchemy import text
from support.dbtools import finish_bids, post
from typer.testing import CliRunner

from letopis import service
from letopis.cli import app
from letopis.settings import get_settings


@pytest.fixture
def run(db_url, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", db_url)
    get_settings.cache_clear()
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(app, [str(a) for a in args], input=input)

    yield invoke
    get_settings.cache_clear()


def test_db_upgrade(run):
    result = run("db", "upgrade")
    assert result.exit_code == 0 and "Миграции применены." in result.output


def test_db_stop_refuses_a_server_it_does_not_manage(run):
    result = run("db", "stop")
    assert result.exit_code == 1 and "DATABASE_URL" in result.output


def test_check_against_a_game(run, db, race_game, tmp_path):
    game = race_game()
    good = tmp_path / "good.txt"
    good.write_text("// всем привет\nставка 2", encoding="utf-8")
    result = run("check", good, "--game", game.id, "--faction", "a")
    assert result.exit_code == 0, result.output
    assert "строка 2: ставка 2" in result.output and "Пост читается без ошибок." in result.output
    bad = tmp_path / "bad.txt"
    bad.write_text("ставка 2\nчепуха", encoding="utf-8")
    result = run("check", bad, "--game", game.id, "--faction", "a")
    assert result.exit_code == 1
    assert "строка 2:1, ошибка [RACE-1]: Не понимаю строку. Подсказка: приказы" in result.output
    result = run("check", "-", "--game", game.id, "--faction", "a", input="ставка 3\n")
    assert result.exit_code == 0
    assert run("check", good, "--game", 999, "--faction", "a").exit_code == 1
    assert run("check", good, "--faction", "a").exit_code == 2
    assert run("check", tmp_path / "missing.txt", "--game", game.id, "--faction", "a").exit_code == 1


def test_check_against_a_setup_document_needs_no_database(run, tmp_path, monkeypatch):
    monkeypatch.delenv("DATABASE_URL")
    get_settings.cache_clear()
    state = {"factions": [{"id": "x", "name": "Икс"}, {"id": "y", "name": "Игрек"}],
             "positions": {"x": 0, "y": 0}, "phase": "move", "mover": "x", "bids": {"x": 2, "y": 1}}
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps({"ruleset": "race", "state": state}), encoding="utf-8")
    post_file = tmp_path / "post.txt"
    post_file.write_text("бросаю", encoding="utf-8")
    result = run("check", post_file, "--setup", setup, "--faction", "x")
    assert result.exit_code == 0 and "Раунд 1: бросок" in result.output
    post_file.write_text("ставка 2", encoding="utf-8")
    result = run("check", post_file, "--setup", setup, "--faction", "x")
    assert result.exit_code == 1 and "не к месту" in result.output
    setup.write_text("{not json", encoding="utf-8")
    result = run("check", post_file, "--setup", setup, "--faction", "x")
    assert result.exit_code == 1 and "не JSON" in result.output


def test_verify_export_import(run, db, race_game, tmp_path):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    result = run("verify", game.id)
    assert result.exit_code == 0 and "Проверено шагов: 2" in result.output

    out = tmp_path / "game.json"
    result = run("export", game.id, "-o", out)
    assert result.exit_code == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["format"] == "letopis-game/1"
    result = run("verify", out)  # offline, from the file
    assert result.exit_code == 0 and "сходятся" in result.output
    result = run("export", game.id)
    assert json.loads(result.stdout)["game"]["id"] == game.id

    result = run("import", out, "--gm", "gm", "--title", "Продолжение")
    assert result.exit_code == 0 and "Создана игра №2 «Продолжение»" in result.output
    assert service.get_game(db, 2).title == "Продолжение"
    result = run("import", out, "--gm", "nobody")
    assert result.exit_code == 1 and "Нет пользователя" in result.output

    db.execute(text("UPDATE resolutions SET state_after = jsonb_set(state_after, '{round}', '7')"))
    db.commit()
    result = run("verify", game.id)
    assert result.exit_code == 1 and "шаг 1: состояние после шага не совпадает" in result.output


def test_user_add(run, db):
    result = run("user", "add", "root", "--name", "Админ", "--password", "s3cret", "--admin")
    assert result.exit_code == 0 and "администратор" in result.output
    assert service.authenticate(db, login="root", password="s3cret").is_admin


def test_serve_prepares_the_database_and_the_demo(run, db, monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append((a, kw)))
    result = run("serve", "--port", 8765)
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8765/" in result.output and "логин master, пароль demo" in result.output
    assert "встроенный PostgreSQL" not in result.output  # DATABASE_URL: nothing embedded was started
    assert calls == [(("letopis.web.app:create_app",),
                      {"factory": True, "host": "127.0.0.1", "port": 8765, "log_level": "info"})]
    from letopis.engine.registry import all_rulesets
    from letopis.service.demo import DEMO_GAMES

    assert len(service.list_games(db)) == sum(1 for d in DEMO_GAMES if d.ruleset_id in all_rulesets())
    result = run("serve", "--no-demo")
    assert result.exit_code == 0 and "логин master" not in result.output
