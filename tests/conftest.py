"""Shared fixtures: a real PostgreSQL for the whole session and a clean database per test.

Without ``TEST_DATABASE_URL`` a throwaway cluster is initialised in a temporary folder the
``postgres`` user can reach (as root the server runs as ``postgres``; see MACHINE-NOTES) and removed
at the end. The migrations run once into a template database; one database
for the session is cloned from it, and every table is emptied (TRUNCATE … RESTART IDENTITY)
before each test. ``pg.create(name, template=...)`` gives a test its own database when it needs one.

Fixtures: ``pg`` (the server), ``db_url`` (a fresh migrated database), ``engine``, ``db`` (a
Session), ``session_factory``, ``make_user``, ``race_game`` (a game of the tiny test ruleset) and
``smtp`` (a local SMTP server that letters go to, support/smtp.py).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from hypothesis import settings
from psycopg import sql
from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

sys.path.insert(0, str(Path(__file__).parent))

from support.race import RACE

from letopis.engine.registry import register

register(RACE)

# Property tests draw new examples on every run, so a developer's run keeps exploring. CI
# (`.ci/run`) loads the «ci» profile: the same examples every time, so a red CI is a change that
# broke something, not an unlucky draw; a failure found by exploring becomes a fixed example.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True, scope="session")
def _cheap_password_hashing() -> Iterator[None]:
    """argon2 with tiny costs: the tests check behaviour, not the hash's strength."""
    from argon2 import PasswordHasher

    from letopis.service import users

    saved = users._hasher
    users._hasher = PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
    yield
    users._hasher = saved


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that needs PostgreSQL (``-m "not db"`` runs the rest without a server)."""
    for item in items:
        if "pg" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.db)


def connect(url: str, default_db: str | None = None) -> psycopg.Connection:
    """An autocommit psycopg connection for a SQLAlchemy URL: TCP (``host:port``) or the embedded
    cluster's Unix socket (``?host=<folder>&port=…``)."""
    u = make_url(url)
    query = dict(u.query)
    return psycopg.connect(host=query.get("host") or u.host, port=query.get("port") or u.port, user=u.username,
                           password=u.password, dbname=u.database or default_db, autocommit=True)


@dataclass
class PgServer:
    """A PostgreSQL server the tests may create and drop databases on."""

    base_url: str  # SQLAlchemy URL of a maintenance database
    template: str = ""

    def url(self, dbname: str) -> str:
        return make_url(self.base_url).set(database=dbname).render_as_string(hide_password=False)

    def admin(self) -> psycopg.Connection:
        return connect(self.base_url, default_db="postgres")

    def create(self, name: str, template: str | None = None) -> str:
        with self.admin() as conn:
            stmt = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
            if template:
                stmt = sql.SQL("CREATE DATABASE {} TEMPLATE {} STRATEGY FILE_COPY").format(
                    sql.Identifier(name), sql.Identifier(template))
            conn.execute(stmt)
        return self.url(name)

    def drop(self, name: str) -> None:
        with self.admin() as conn:
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def _throwaway_cluster() -> Iterator[PgServer]:
    from letopis.db.embedded import Cluster

    root = Path(tempfile.mkdtemp(prefix="letopis-test-pg-", dir="/tmp"))
    root.chmod(0o755)
    cluster = Cluster(root / "pg", fast=True)
    try:
        cluster.init()
        cluster.start()
        yield PgServer(base_url=cluster.url("postgres"))
    finally:
        try:
            cluster.stop()
        finally:
            shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def pg() -> Iterator[PgServer]:
    """The server, with the migrations applied once to a template database."""
    from letopis.db.migrate import upgrade

    given = os.environ.get("TEST_DATABASE_URL")
    source: Iterator[PgServer] = iter([PgServer(base_url=given)]) if given else _throwaway_cluster()
    server = next(source)
    template = f"letopis_tpl_{uuid.uuid4().hex[:8]}"
    server.create(template)
    try:
        upgrade(server.url(template))
        server.template = template
        yield server
    finally:
        server.drop(template)
        for _ in source:  # let the cluster generator clean up
            pass


@pytest.fixture(scope="session")
def _test_database(pg: PgServer) -> Iterator[str]:
    """One migrated database for the session; `db_url` empties it before each test."""
    name = f"letopis_test_{uuid.uuid4().hex[:8]}"
    url = pg.create(name, template=pg.template)
    try:
        yield url
    finally:
        from letopis.db.session import make_engine, normalise_url

        make_engine(normalise_url(url)).dispose()  # the app's cached engine, if a test made one
        pg.drop(name)


def _empty_all_tables(url: str) -> None:
    """TRUNCATE every table (a few ms, where cloning a database costs half a second)."""
    from letopis.db.models import Base

    names = ", ".join(t.name for t in Base.metadata.sorted_tables)
    with connect(url) as conn:
        conn.execute("SET lock_timeout = '3s'")
        try:
            conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
        except psycopg.errors.LockNotAvailable:
            # a previous test left a session in a transaction: end it and try again
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = current_database() AND pid <> pg_backend_pid()")
            conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")


@pytest.fixture
def db_url(_test_database: str) -> str:
    """The migrated test database, emptied for this test."""
    _empty_all_tables(_test_database)
    return _test_database


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    from letopis.db.session import normalise_url

    eng = create_engine(normalise_url(db_url), pool_size=5, max_overflow=10)
    yield eng
    eng.dispose()


@pytest.fixture
def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(bind=engine, expire_on_commit=False, autoflush=False)


@pytest.fixture
def db(session_factory: sessionmaker[Session]) -> Iterator[Session]:
    with session_factory() as session:
        yield session


@pytest.fixture
def make_user(db: Session) -> Callable[..., object]:
    from letopis import service

    def make(login: str, name: str | None = None, password: str = "secret-pass"):
        return service.register_user(db, login=login, password=password, display_name=name or login.title())

    return make


@pytest.fixture
def race_game(db: Session, make_user):
    """A «Гонка» game (auto mode) with GM ``gm`` and players ``ann``/``bob`` seated as ``a``/``b``."""
    from letopis import service
    from letopis.engine.contract import Faction

    gm, ann, bob = make_user("gm", "Мастер"), make_user("ann", "Аня"), make_user("bob", "Боря")

    def make(mode: str = "auto", **options):
        game = service.create_game(db, ruleset_id="race", title="Тестовая гонка",
                                   factions=[Faction(id="a", name="Аня"), Faction(id="b", name="Боря")],
                                   gm_user_id=gm.id, options=options or None, mode=mode)
        for faction, user in (("a", ann), ("b", bob)):
            token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
            service.join_by_invite(db, token=token, user_id=user.id)
        return game

    make.gm, make.ann, make.bob = gm, ann, bob
    make.players = {"a": ann.id, "b": bob.id}
    return make


@pytest.fixture
def smtp(monkeypatch: pytest.MonkeyPatch):
    """A local SMTP server (aiosmtpd on 127.0.0.1) that the settings send letters through."""
    from support.smtp import serve

    yield from serve(monkeypatch)
