"""Letopis behind PgBouncer in transaction mode: `python -m bench.pgbouncer` (needs the `pgbouncer`
program, e.g. Debian's package; not part of `make bench`).

A throwaway cluster, PgBouncer in front of it on a loopback port (transaction pooling, two server
connections, so that clients share them), and one app process through PgBouncer with its deadline
worker every half second; 8 clients send live checks and posts across 20 games for a few seconds,
once with server-side prepared statements (``LETOPIS_PREPARED_STATEMENTS=true``) and once without.
It prints, for each, the requests, the failed ones and what the app logged. With PgBouncer before
1.21 the first fails (``prepared statement "_pg3_…" does not exist``) and the second must not;
with Debian's 1.18 (28 November 2026): with prepared statements every request failed (500, dropped
connections, 16 such errors logged), without them 623 checks and posts in 10 s and none failed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy.orm import Session

from letopis.db.session import make_engine

from . import games
from .load import Request, load
from .scale import _post_requests, _submit_games
from .stack import APP, bearer, database, free_port, wait_for

INI = """\
[databases]
bench = host={socket} port=5432 dbname=bench
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder}/users.txt
pool_mode = transaction
default_pool_size = 2
max_client_conn = 200
logfile = {folder}/pgbouncer.log
pidfile = {folder}/pgbouncer.pid
"""


def _pgbouncer(socket_dir: str, folder: Path) -> tuple[subprocess.Popen, int]:
    port = free_port()
    (folder / "users.txt").write_text('"postgres" ""\n')
    (folder / "pgbouncer.ini").write_text(INI.format(socket=socket_dir, port=port, folder=folder))
    shutil.chown(folder, "postgres")
    for f in folder.iterdir():
        shutil.chown(f, "postgres")
    cmd = ["pgbouncer", str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root
        cmd = ["runuser", "-u", "postgres", "--", *cmd]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    return proc, port


def run(seconds: float = 10.0) -> dict:
    from sqlalchemy.engine import make_url

    out = {}
    with database() as (url, env):
        with Session(make_engine(url)) as db:
            made = _submit_games(db, 20, 1)
        folder = Path(tempfile.mkdtemp(prefix="letopis-pgbouncer-"))
        os.chmod(folder, 0o755)
        bouncer, port = _pgbouncer(make_url(url).query["host"], folder)
        try:
            pooled = f"postgresql+psycopg://postgres@127.0.0.1:{port}/bench"
            for prepared in ("true", "false"):
                log = folder / f"app-{prepared}.log"
                app_port = free_port()
                with log.open("w") as sink:
                    app = subprocess.Popen(
                        [sys.executable, "-m", "uvicorn", APP, "--factory", "--host", "127.0.0.1",
                         "--port", str(app_port), "--log-level", "warning"],
                        env={**env, "DATABASE_URL": pooled, "LETOPIS_PREPARED_STATEMENTS": prepared,
                             "LETOPIS_DEADLINE_INTERVAL_SECONDS": "0.5"}, stdout=sink, stderr=sink)
                    try:
                        wait_for(app_port, app)
                        auth = bearer(app_port, games.PLAYER, games.PASSWORD)
                        requests = [Request(app_port, f"/api/games/{g}/check", {"faction": "p1", "text": p}, auth)
                                    for g, _, p in made] + _post_requests(app_port, auth, made)
                        figs = load(requests, connections=8, seconds=seconds)
                    finally:
                        app.terminate()
                        app.wait(15)
                text = log.read_text()
                out[f"prepared_{prepared}"] = {
                    "requests": figs["requests"], "failed": figs["errors"], "statuses": figs["error_statuses"],
                    "prepared_statement_errors": text.count("prepared statement"),
                    "tracebacks": text.count("Traceback")}
        finally:
            bouncer.terminate()
            bouncer.wait(10)
            shutil.rmtree(folder, ignore_errors=True)
    return out


if __name__ == "__main__":
    for name, figs in run().items():
        print(name, figs)
