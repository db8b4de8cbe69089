"""The embedded cluster: set up from nothing, reused, stopped; a fallback folder when needed."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from letopis.db.embedded import HBA, Cluster, cluster_dir, ensure_cluster, is_root, stop_cluster
from letopis.settings import Settings
from letopis.web.readpool import conninfo


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
    root = data_dir / "pg"
    assert url.startswith("postgresql+psycopg://postgres@/letopis?host=")
    assert make_url(url).query["host"] == str(root / "run")
    assert (root / "data" / "PG_VERSION").exists() and (root / "port").exists()
    port = int((root / "port").read_text())
    with psycopg.connect(host=str(root / "run"), port=port, user="postgres", dbname="letopis") as conn:
        assert conn.execute("SELECT current_setting('server_encoding')").fetchone()[0] == "UTF8"
    with create_engine(url).connect() as conn:  # the app's way in: SQLAlchemy with the socket URL
        assert conn.execute(text("SELECT 1")).scalar() == 1
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


def _tcp_refused(port: int) -> bool:
    try:
        psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", connect_timeout=3).close()
    except psycopg.OperationalError:
        return True
    return False


def test_a_fresh_cluster_takes_no_tcp_and_only_its_own_socket(data_dir):
    """No TCP listener, pg_hba.conf with socket lines only, the socket's folder private (0700)."""
    settings = Settings(data_dir=data_dir, database_url=None)
    url = ensure_cluster(settings)
    root = data_dir / "pg"
    port = int((root / "port").read_text())
    assert _tcp_refused(port)
    with psycopg.connect(conninfo(make_url(url)), autocommit=True) as conn:
        assert conn.execute("SHOW listen_addresses").fetchone()[0] == ""
        assert conn.execute("SELECT count(*) FROM pg_hba_file_rules WHERE type <> 'local'").fetchone()[0] == 0
    assert (root / "run").stat().st_mode & 0o777 == 0o700
    assert (root / "data" / "pg_hba.conf").read_text() == HBA
    if is_root():  # another local user cannot even reach the socket
        probe = subprocess.run(["runuser", "-u", "nobody", "--", "test", "-x", str(root / "run")], cwd="/",
                               check=False)
        assert probe.returncode != 0


def test_a_cluster_of_an_earlier_version_is_moved_to_the_socket_and_keeps_its_data(data_dir):
    """A cluster made the old way (trust on 127.0.0.1 over TCP), still running: the next start
    rewrites pg_hba.conf and postgresql.conf, restarts it without TCP, and the data is there."""
    root = cluster_dir(Settings(data_dir=data_dir))
    old = Cluster(root, fast=True)
    old.prepare_dirs()
    old._run("initdb", "-D", str(old.data), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8",
             "--no-sync")
    port = _free_tcp_port()
    old._run("pg_ctl", "-D", str(old.data), "-o", f"-k {old.sockets} -p {port} -c listen_addresses=127.0.0.1",
             "-l", str(old.log), "-w", "start")
    old.port_file.write_text(str(port))
    with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute("CREATE DATABASE letopis")
    with psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="letopis", autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (v text)")
        conn.execute("INSERT INTO kept VALUES ('летопись')")
    assert "host" in (old.data / "pg_hba.conf").read_text() and not _tcp_refused(port)

    url = ensure_cluster(Settings(data_dir=data_dir, database_url=None))  # running: restarted
    assert _tcp_refused(port)
    assert (old.data / "pg_hba.conf").read_text() == HBA
    with psycopg.connect(conninfo(make_url(url)), autocommit=True) as conn:
        assert conn.execute("SELECT v FROM kept").fetchone()[0] == "летопись"
        assert conn.execute("SHOW listen_addresses").fetchone()[0] == ""
    stop_cluster(Settings(data_dir=data_dir))
    assert ensure_cluster(Settings(data_dir=data_dir, database_url=None)) == url  # stopped: same again
    assert _tcp_refused(port)


def _free_tcp_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
