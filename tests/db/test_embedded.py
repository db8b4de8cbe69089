"""The embedded cluster: set up from nothing, reused, stopped; a fallback folder when needed."""

import os
import shutil
import tempfile
from pathlib import Path

import psycopg
import pytest

from letopis.db.embedded import Cluster, cluster_dir, ensure_cluster, is_root, stop_cluster
from letopis.settings import Settings


@pytest.fixture
def data_dir():
    root = Path(tempfile.mkdtemp(prefix="letopis-emb-", dir="/tmp"))
    root.chmod(0o755)
    yield root / "data"
    Cluster(cluster_dir(Settings(data_dir=root / "data"))).stop()
    shutil.rmtree(root, ignore_errors=True)


def test_cluster_starts_from_nothing_is_reused_and_stops(data_dir):
    settings = Settings(data_dir=data_dir, database_url=None)
    url = ensure_cluster(settings)
    assert url.startswith("postgresql+psycopg://postgres@127.0.0.1:") and url.endswith("/letopis")
    root = data_dir / "pg"
    assert (root / "data" / "PG_VERSION").exists() and (root / "port").exists()
    port = int((root / "port").read_text())
    with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="letopis") as conn:
        assert conn.execute("SELECT current_setting('server_encoding')").fetchone()[0] == "UTF8"
    assert ensure_cluster(settings) == url  # already running: same URL
    assert stop_cluster(settings) is True
    assert stop_cluster(settings) is False
    assert ensure_cluster(settings).startswith("postgresql+psycopg://")  # starts again, keeps the data
    assert stop_cluster(settings)


@pytest.mark.skipif(not is_root(), reason="only root meets a folder the postgres user cannot enter")
def test_unreachable_data_dir_falls_back_to_tmp(data_dir):
    data_dir.parent.chmod(0o700)  # postgres cannot pass through
    try:
        chosen = cluster_dir(Settings(data_dir=data_dir))
        assert str(chosen).startswith("/tmp/letopis-pg-")
        assert chosen == cluster_dir(Settings(data_dir=data_dir))  # stable for the same project
    finally:
        data_dir.parent.chmod(0o755)
        if str(chosen).startswith("/tmp/letopis-pg-"):
            shutil.rmtree(chosen, ignore_errors=True)


def test_server_commands_run_as_postgres_when_root(tmp_path):
    cmd = Cluster(tmp_path)._cmd("pg_ctl", "status")
    if os.geteuid() == 0:
        assert cmd[:4] == ["runuser", "-u", "postgres", "--"]
    else:
        assert cmd[0].endswith("pg_ctl")
