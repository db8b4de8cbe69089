"""The Alembic migrations build exactly the tables the models describe."""

import uuid

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from letopis.db.migrate import upgrade
from letopis.db.models import Base
from letopis.db.session import normalise_url


def test_migrations_on_an_empty_database_match_the_models(pg):
    name = f"letopis_mig_{uuid.uuid4().hex[:8]}"
    url = pg.create(name)
    engine = create_engine(normalise_url(url))
    try:
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == []
        upgrade(url)
        with engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
            assert compare_metadata(ctx, Base.metadata) == []
            assert set(inspect(conn).get_table_names()) == set(Base.metadata.tables) | {"alembic_version"}
        upgrade(url)  # running it again changes nothing
    finally:
        engine.dispose()
        pg.drop(name)


def test_downgrade_removes_everything(pg):
    from alembic import command

    from letopis.db.migrate import alembic_config

    name = f"letopis_mig_{uuid.uuid4().hex[:8]}"
    url = pg.create(name)
    engine = create_engine(normalise_url(url))
    try:
        upgrade(url)
        command.downgrade(alembic_config(url), "base")
        with engine.connect() as conn:
            assert inspect(conn).get_table_names() == ["alembic_version"]
    finally:
        engine.dispose()
        pg.drop(name)
