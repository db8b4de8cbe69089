"""The `letopis` command: serve the site, run migrations, check posts offline, verify, export, import."""

from __future__ import annotations

import json
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from letopis.settings import get_settings

if TYPE_CHECKING:
    from letopis.db.embedded import Cluster

app = typer.Typer(help="Летопись — сервер мастера для игр по переписке.", no_args_is_help=True,
                  add_completion=False, rich_markup_mode=None)
db_app = typer.Typer(help="База данных: миграции и встроенный PostgreSQL.", no_args_is_help=True)
user_app = typer.Typer(help="Пользователи.", no_args_is_help=True)
app.add_typer(db_app, name="db")
app.add_typer(user_app, name="user")


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(message, err=True)
    raise typer.Exit(code)


EMBEDDED_NOTES = {
    "init": "Создаю встроенный PostgreSQL в {root} (первый запуск)…",
    "start": "DATABASE_URL не задан: запускаю встроенный PostgreSQL ({root})…",
    "restart": "Перезапускаю встроенный PostgreSQL с новыми настройками ({root})…",
}


def _open_database(*, started: list[Cluster] | None = None) -> str:
    """The database URL: DATABASE_URL, else the embedded cluster, started if it is not running.

    Says «запускаю встроенный PostgreSQL» only when it does start it. With ``started`` (the
    server) the cluster goes into that list the moment it is being started, so that whoever
    passed the list stops it, even after an interrupt in the middle; without it (one-shot
    commands) the cluster stays up, and the user is told so."""
    from letopis.db.embedded import Cluster, EmbeddedError, cluster_dir, open_cluster

    settings = get_settings()
    if settings.database_url:
        return settings.database_url
    root = cluster_dir(settings)

    def announce(action: str) -> None:
        typer.echo(EMBEDDED_NOTES[action].format(root=root), err=True)
        if action == "start" and started is not None:
            started.append(Cluster(root))

    try:
        opened = open_cluster(settings, announce=announce)
    except EmbeddedError as exc:
        fail(f"Не удалось запустить встроенный PostgreSQL: {exc}")
    if opened.started and started is None:
        typer.echo("Встроенный PostgreSQL продолжит работать и после команды; остановить: letopis db stop.",
                   err=True)
    return opened.url


def _url() -> str:
    return _open_database()


def _session(url: str | None = None):
    from letopis.db.session import session_scope

    return session_scope(url or _url())


def _read_json(path: Path) -> Any:
    try:
        return json.loads(_read_text(path))
    except json.JSONDecodeError as exc:
        fail(f"Файл {path} — не JSON: {exc.msg} (строка {exc.lineno}, столбец {exc.colno}).")


def _read_text(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"Файл не найден: {path}")
    except UnicodeDecodeError:
        fail(f"Файл {path} не в кодировке UTF-8.")


def _service_call(fn, *args, **kwargs):
    from letopis.service import ServiceError

    try:
        return fn(*args, **kwargs)
    except ServiceError as exc:
        lines = [exc.message, *(p.render() for p in exc.problems)]
        fail("\n".join(lines))


# --- serve -----------------------------------------------------------------------------------------
@app.command()
def serve(
    host: Annotated[str | None, typer.Option(help="Адрес (по умолчанию из настроек).")] = None,
    port: Annotated[int | None, typer.Option(help="Порт (по умолчанию из настроек).")] = None,
    no_demo: Annotated[bool, typer.Option("--no-demo", help="Не создавать демонстрационные игры.")] = False,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", min=1, max=64,
        help="Сколько рабочих процессов. Больше одного: приложение, правила игр и словари загружаются "
             "один раз и общие для всех процессов (gunicorn); по одному на ядро — хорошее начало.")] = 1,
) -> None:
    """Запустить сайт: база (встроенная, если нет DATABASE_URL), миграции, демо, веб-сервер.

    Встроенный PostgreSQL, который эта команда запустила, она и останавливает — по Ctrl+C или
    SIGTERM; уже работавший до неё оставляет работать."""
    previous = signal.signal(signal.SIGTERM, _interrupt)  # SIGTERM ends the server as Ctrl+C does
    started: list[Cluster] = []
    try:
        url = _open_database(started=started)
        _serve(url, host=host, port=port, no_demo=no_demo, owns_database=bool(started), workers=workers)
    except KeyboardInterrupt:
        pass  # Ctrl+C or SIGTERM: the server has finished its requests; what is left is the database
    finally:
        signal.signal(signal.SIGTERM, previous)
        for cluster in started:
            _stop_started(cluster)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _serve(url: str, *, host: str | None, port: int | None, no_demo: bool, owns_database: bool,
           workers: int = 1) -> None:
    import uvicorn

    from letopis.db.migrate import upgrade

    settings = get_settings()
    upgrade(url)
    logins: list[str] = []
    if settings.demo and not no_demo:
        from letopis.service import ServiceError, ensure_demo

        with _session(url) as db:
            try:
                logins = ensure_demo(db)
            except ServiceError as exc:
                typer.echo(f"Демо не создано: {exc.message}", err=True)
    host = host or settings.host
    port = port or settings.port
    from letopis.engine.text_words import plural

    typer.echo(f"Летопись работает: http://{host}:{port}/"
               + (f" ({workers} {plural(workers, 'рабочий процесс', 'рабочих процесса', 'рабочих процессов')})"
                  if workers > 1 else ""))
    if logins:
        typer.echo("Демонстрационные учётные записи:")
        for line in logins:
            typer.echo(f"  {line}")
    if settings.database_url:
        typer.echo("Остановить: Ctrl+C.")
    elif owns_database:
        typer.echo("Остановить: Ctrl+C (встроенный PostgreSQL остановится вместе с сайтом).")
    else:
        typer.echo("Остановить: Ctrl+C. Встроенный PostgreSQL был запущен раньше и продолжит работать; "
                   "остановить его: letopis db stop.")
    if workers == 1:
        uvicorn.run("letopis.web.app:create_app", factory=True, host=host, port=port, log_level="info")
        return
    from letopis.db.session import make_engine
    from letopis.web import prefork
    from letopis.web.app import create_app

    make_engine(url).dispose()  # the migrations' and the demo's connections: no worker may inherit them
    make_engine.cache_clear()
    prefork.run(create_app(), host=host, port=port, workers=workers)  # ends in sys.exit(), as gunicorn does


def _stop_started(cluster: Cluster) -> None:
    """Stop the cluster this command started; a second Ctrl+C must not cut the stop short."""
    from letopis.db.embedded import EmbeddedError

    saved = {sig: signal.signal(sig, signal.SIG_IGN) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        typer.echo("Останавливаю встроенный PostgreSQL…", err=True)
        cluster.stop()
        typer.echo("Встроенный PostgreSQL остановлен.", err=True)
    except EmbeddedError as exc:
        typer.echo(f"Не удалось остановить встроенный PostgreSQL: {exc}\nОстановите его: letopis db stop.",
                   err=True)
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


# --- db --------------------------------------------------------------------------------------------
@db_app.command("upgrade")
def db_upgrade() -> None:
    """Применить миграции к базе."""
    from letopis.db.migrate import upgrade

    upgrade(_url())
    typer.echo("Миграции применены.")


@db_app.command("stop")
def db_stop() -> None:
    """Остановить встроенный PostgreSQL."""
    from letopis.db.embedded import stop_cluster

    settings = get_settings()
    if settings.database_url:
        fail("Задан DATABASE_URL: этой базой Летопись не управляет.")
    if stop_cluster(settings):
        typer.echo("Встроенный PostgreSQL остановлен.")
    else:
        typer.echo("Встроенный PostgreSQL не был запущен.")


@db_app.command("url")
def db_url() -> None:
    """Показать адрес базы (встроенная база запускается, если нужно)."""
    typer.echo(_url())


# --- users -----------------------------------------------------------------------------------------
@user_app.command("add")
def user_add(
    login: str,
    name: Annotated[str, typer.Option("--name", help="Имя для показа.")],
    password: Annotated[str, typer.Option(prompt="Пароль", hide_input=True, confirmation_prompt=True)],
    admin: Annotated[bool, typer.Option("--admin", help="Сделать администратором.")] = False,
) -> None:
    """Создать пользователя (например, администратора)."""
    from letopis import service

    with _session() as db:
        user = _service_call(service.register_user, db, login=login, password=password, display_name=name)
        if admin:
            user = service.set_admin(db, user_id=user.id)
    typer.echo(f"Пользователь «{user.display_name}» (логин {user.login}) создан"
               + (", администратор." if user.is_admin else "."))


# --- check -----------------------------------------------------------------------------------------
@app.command()
def check(
    file: Annotated[Path, typer.Argument(help="Файл с постом («-» — читать из stdin).")],
    faction: Annotated[str, typer.Option("--faction", "-f", help="Код фракции, от имени которой пост.")],
    game: Annotated[int | None, typer.Option("--game", "-g", help="Номер игры в базе.")] = None,
    setup: Annotated[Path | None, typer.Option("--setup", "-s", help="Документ настройки (JSON).")] = None,
) -> None:
    """Проверить пост без отправки: против игры в базе или против документа настройки."""
    from letopis import service

    if (game is None) == (setup is None):
        fail("Укажите либо --game НОМЕР, либо --setup ФАЙЛ.", 2)
    text = _read_text(file)
    if setup is not None:
        document = _read_json(setup)
        if isinstance(document, dict) and document.get("format") == "letopis-game/1":
            document = document.get("document") or {}
        if not isinstance(document, dict) or "ruleset" not in document or "state" not in document:
            fail("В документе настройки нужны поля «ruleset» и «state».", 2)
        out = _service_call(service.check_text, ruleset_id=document["ruleset"], state=document["state"],
                            faction=faction, text=text)
    else:
        with _session() as db:
            out = _service_call(service.check_post, db, game_id=game, faction=faction, text=text)
    _print_check(out)
    if not out.ok:
        raise typer.Exit(1)


def _print_check(out) -> None:
    for line in out.lines:
        if line.status.value == "order" and line.summary:
            cost = f" ({line.cost})" if line.cost else ""
            typer.echo(f"строка {line.line}: {line.summary}{cost}")
    for problem in out.problems:
        typer.echo(problem.render())
    if out.turn_title:
        typer.echo(f"Шаг: {out.turn_title}" + ("" if out.expected else " (эта фракция сейчас не ходит)"))
    typer.echo(out.message or ("Пост читается без ошибок." if out.ok else "В посте есть ошибки."))


# --- verify, export, import ------------------------------------------------------------------------
@app.command()
def verify(target: Annotated[str, typer.Argument(help="Номер игры в базе или файл экспорта (JSON).")]) -> None:
    """Пересчитать игру из семян и постов и сравнить с опубликованным."""
    from letopis import service

    if target.isdigit():
        with _session() as db:
            out = _service_call(service.verify_game, db, int(target))
    else:
        out = service.verify_export(_read_json(Path(target)))
    if out.setup_checked:
        typer.echo("Начальная расстановка пересчитана из семени настройки.")
    for note in out.notes:
        typer.echo(note)
    for m in out.mismatches:
        where = "настройка" if m.step == 0 else f"шаг {m.step}"
        typer.echo(f"{where}: {m.what}")
    typer.echo(out.message)
    if not out.ok:
        raise typer.Exit(1)


@app.command()
def export(
    game_id: int,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Файл (по умолчанию — stdout).")] = None,
    public: Annotated[bool, typer.Option(
        "--public", help="Открытая выгрузка: в идущей игре со скрытой информацией — без тайн (как у зрителей).")] = False,
) -> None:
    """Выгрузить игру целиком в JSON (посты, семена, решения)."""
    from letopis import service

    with _session() as db:
        document = _service_call(service.export_game, db, game_id, public=public)
    text = json.dumps(document, ensure_ascii=False, indent=2)
    if output is None:
        typer.echo(text)
    else:
        output.write_text(text + "\n", encoding="utf-8")
        typer.echo(f"Игра №{game_id} выгружена в {output}.", err=True)


@app.command("import")
def import_(
    file: Annotated[Path, typer.Argument(help="Документ настройки или экспорт Летописи (JSON).")],
    title: Annotated[str | None, typer.Option("--title", help="Название новой игры.")] = None,
    gm: Annotated[str, typer.Option("--gm", help="Логин мастера новой игры.")] = "master",
    mode: Annotated[str, typer.Option("--mode", help="auto или review.")] = "auto",
) -> None:
    """Создать игру из документа настройки (перенос партии с форума на середине)."""
    from letopis import service

    document = _read_json(file)
    with _session() as db:
        user = service.get_user_by_login(db, gm)
        if user is None:
            fail(f"Нет пользователя с логином «{gm}». Создайте его: letopis user add {gm} --name …")
        game = _service_call(service.import_setup, db, document=document, gm_user_id=user.id, title=title,
                             mode=mode)
    typer.echo(f"Создана игра №{game.id} «{game.title}» ({game.ruleset_title}).")


def main() -> None:  # pragma: no cover - console entry point alternative
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
