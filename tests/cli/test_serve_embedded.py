"""`letopis serve` and the embedded PostgreSQL: it says «запускаю встроенный PostgreSQL» only when it
starts the cluster, stops on Ctrl+C or SIGTERM the cluster it started, and leaves running one it
found running. Each test runs the real command in a subprocess on a data folder of its own."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from letopis.cli import app
from letopis.db.embedded import Cluster, cluster_dir, ensure_cluster
from letopis.settings import Settings, get_settings

LETOPIS = Path(sys.executable).with_name("letopis")
STARTING = "запускаю встроенный PostgreSQL"


@pytest.fixture
def data_dir() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="letopis-serve-", dir="/tmp"))
    root.chmod(0o755)  # the postgres user must reach the cluster's folder
    yield root / "data"
    Cluster(cluster_dir(Settings(data_dir=root / "data"))).stop()
    shutil.rmtree(root, ignore_errors=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Served:
    process: subprocess.Popen
    output: Path

    def text(self) -> str:
        return self.output.read_text(encoding="utf-8")


def _environment(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LETOPIS_") and k != "DATABASE_URL"}
    env.update(LETOPIS_DATA_DIR=str(data_dir), LETOPIS_DEMO="false", PYTHONUNBUFFERED="1")
    return env


def _serve(data_dir: Path) -> Served:
    """`letopis serve` in its own process, once its site answers."""
    port = _free_port()
    output = data_dir.parent / "serve.log"
    with output.open("wb") as sink:
        process = subprocess.Popen([str(LETOPIS), "serve", "--port", str(port)], env=_environment(data_dir),
                                   cwd=data_dir.parent, stdin=subprocess.DEVNULL, stdout=sink,
                                   stderr=subprocess.STDOUT)
    served = Served(process, output)
    deadline = time.monotonic() + 120
    while True:
        if process.poll() is not None:
            pytest.fail(f"letopis serve ended early ({process.returncode}):\n{served.text()}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                return served
        except httpx.HTTPError:
            pass
        if time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"letopis serve did not answer:\n{served.text()}")
        time.sleep(0.2)


def _interrupt(served: Served, sig: signal.Signals) -> str:
    served.process.send_signal(sig)
    try:
        code = served.process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        served.process.kill()
        pytest.fail(f"letopis serve did not end after {sig.name}:\n{served.text()}")
    text = served.text()
    assert code == 0, text
    return text


def _cluster(data_dir: Path) -> Cluster:
    return Cluster(cluster_dir(Settings(data_dir=data_dir)))


def test_serve_stops_the_cluster_it_started_on_ctrl_c_and_on_sigterm(data_dir):
    served = _serve(data_dir)
    cluster = _cluster(data_dir)
    assert cluster.running()
    text = _interrupt(served, signal.SIGINT)
    assert STARTING in text and "Создаю встроенный PostgreSQL" in text
    assert "встроенный PostgreSQL остановится вместе с сайтом" in text
    assert "Встроенный PostgreSQL остановлен." in text
    assert not cluster.running() and not (cluster.data / "postmaster.pid").exists()
    # the data stays: the next start finds the cluster made and only starts it
    again = _interrupt(_serve(data_dir), signal.SIGTERM)
    assert STARTING in again and "Создаю" not in again and "Встроенный PostgreSQL остановлен." in again
    assert not cluster.running()


def test_serve_leaves_running_a_cluster_it_did_not_start(data_dir):
    settings = Settings(data_dir=data_dir, database_url=None)
    ensure_cluster(settings)  # started before, by someone else
    cluster = _cluster(data_dir)
    text = _interrupt(_serve(data_dir), signal.SIGTERM)
    assert STARTING not in text and "остановлен" not in text
    assert "был запущен раньше и продолжит работать" in text and "letopis db stop" in text
    assert cluster.running()


def test_one_shot_commands_say_so_only_when_they_start_the_cluster(data_dir, monkeypatch):
    for name in [k for k in os.environ if k.startswith("LETOPIS_")] + ["DATABASE_URL"]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LETOPIS_DATA_DIR", str(data_dir))
    monkeypatch.chdir(data_dir.parent)  # no .env of the checkout
    get_settings.cache_clear()
    try:
        first = CliRunner().invoke(app, ["db", "url"])
        assert first.exit_code == 0, first.output
        assert STARTING in first.output and "продолжит работать и после команды" in first.output
        second = CliRunner().invoke(app, ["db", "url"])  # running now: nothing started
        assert second.exit_code == 0 and "PostgreSQL" not in second.output
        assert second.output.strip().startswith("postgresql+psycopg://")
        stopped = CliRunner().invoke(app, ["db", "stop"])
        assert "Встроенный PostgreSQL остановлен." in stopped.output and not _cluster(data_dir).running()
    finally:
        get_settings.cache_clear()
