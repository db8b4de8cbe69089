"""Running the Alembic migrations from code (the CLI's `db upgrade`, the tests, `serve`)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection

from letopis.settings import PROJECT_ROOT

from .session import normalise_url


def migrations_dir() -> Path:
    """The source tree's ``migrations/``, or the copy shipped inside the wheel."""
    for candidate in (PROJECT_ROOT / "migrations", Path(__file__).resolve().parents[1] / "migrations_dist"):
        if (candidate / "env.py").exists():
            return candidate
    raise FileNotFoundError("migrations folder not found")


def alembic_config(url: str | None = None, connection: Connection | None = None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(migrations_dir()))
    if url:
        cfg.set_main_option("sqlalchemy.url", normalise_url(url).replace("%", "%%"))
    if connection is not None:
        cfg.attributes["connection"] = connection
    return cfg


def upgrade(url: str, revision: str = "head") -> None:
    command.upgrade(alembic_config(url), revision)
