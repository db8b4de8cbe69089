"""A private PostgreSQL cluster for a newcomer who has no server, and for the tests.

The cluster lives in ``settings.data_dir/"pg"`` (or, when the ``postgres`` user cannot reach that
folder, in ``/tmp/letopis-pg-<hash>``): ``data/`` is PGDATA, ``run/`` holds the socket, ``port``
remembers the port that names the socket, ``postgres.log`` is the server log. PostgreSQL refuses to
run as root, so as root every server command runs as the ``postgres`` user through ``runuser``.

The server listens on its Unix socket only (``listen_addresses = ''``; no TCP at all), in ``run/``,
a folder only the server's user may enter (0700); root, who runs the app then, passes anyway.
``pg_hba.conf`` allows local socket connections and nothing else, so no other local user can
connect. Clusters made by earlier versions (trust on 127.0.0.1) are rewritten on their next start,
and restarted if they were running with TCP: the data stays.
"""

from __future__ import annotations

import hashlib
import os
import pwd
import shutil
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import psycopg
from psycopg import sql

from letopis.settings import Settings

DB_NAME = "letopis"
SERVER_USER = "postgres"
SOCKET_PORT = 5432  # names the socket file (.s.PGSQL.5432) in the cluster's own folder; no TCP
HBA = """\
# Written by Letopis (letopis.db.embedded): connections through the Unix socket in the cluster's
# own folder only, which only the server's user (and root) can enter; no TCP connections at all.
# TYPE  DATABASE  USER  METHOD
local   all       all   trust
"""
CONF_BEGIN = "# --- Letopis: the embedded cluster listens on its Unix socket only (kept by letopis) ---"
CONF_END = "# --- end of Letopis settings ---"


class EmbeddedError(RuntimeError):
    """The private cluster could not be set up; the message says what to do (Russian)."""


def bindir() -> Path:
    """Where initdb/pg_ctl live: ``pg_config --bindir``, else the folder of ``initdb`` on PATH."""
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, check=True)
            path = Path(out.stdout.strip())
            if (path / "initdb").exists() and (path / "pg_ctl").exists():
                return path
        except (OSError, subprocess.CalledProcessError):
            pass
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists():
            return candidate
    raise EmbeddedError(
        "Не найдены программы PostgreSQL (initdb, pg_ctl). Установите PostgreSQL "
        "(например, apt-get install postgresql) или задайте DATABASE_URL."
    )


def is_root() -> bool:
    return os.geteuid() == 0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_is_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


@dataclass
class Cluster:
    """One private cluster in ``root``; commands run as ``postgres`` when we are root."""

    root: Path
    fast: bool = False  # tests: no fsync, smaller memory

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def sockets(self) -> Path:
        return self.root / "run"

    @property
    def log(self) -> Path:
        return self.root / "postgres.log"

    @property
    def port_file(self) -> Path:
        return self.root / "port"

    # --- running commands ------------------------------------------------------------------
    def _cmd(self, program: str, *args: str) -> list[str]:
        cmd = [str(bindir() / program), *args]
        return ["runuser", "-u", SERVER_USER, "--", *cmd] if is_root() else cmd

    def _run(self, program: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        proc = subprocess.run(
            self._cmd(program, *args), stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False,
            cwd="/",  # the server user may not be able to enter our current folder
        )
        if check and proc.returncode != 0:
            raise EmbeddedError(
                f"Команда {program} завершилась с ошибкой ({proc.returncode}): "
                f"{(proc.stderr or proc.stdout).strip()[-2000:]}"
            )
        return proc

    def _own(self, path: Path) -> None:
        if is_root():
            pw = pwd.getpwnam(SERVER_USER)
            os.chown(path, pw.pw_uid, pw.pw_gid)

    # --- life cycle ------------------------------------------------------------------------
    def prepare_dirs(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self._own(self.root)
        self.sockets.mkdir(exist_ok=True)
        self._own(self.sockets)
        self.sockets.chmod(0o700)  # the socket's folder: the server's user only (and root)

    @property
    def initialised(self) -> bool:
        return (self.data / "PG_VERSION").exists() if self._readable(self.data) else False

    def _readable(self, path: Path) -> bool:
        try:
            return path.exists()
        except PermissionError:
            return False

    def init(self) -> None:
        """initdb: socket connections trusted, TCP refused (then `configure` writes our own files)."""
        self.prepare_dirs()
        args = ["-D", str(self.data), "-U", SERVER_USER, "--auth-local=trust", "--auth-host=reject",
                "-E", "UTF8", "--locale=C.UTF-8"]
        if self.fast:
            args.append("--no-sync")
        self._run("initdb", *args)
        self.configure()

    def configure(self) -> bool:
        """Make ``pg_hba.conf`` and ``postgresql.conf`` say: the Unix socket in ``run/`` only.
        True when a file changed (a cluster of an earlier version, or a moved folder)."""
        changed = False
        hba = self.data / "pg_hba.conf"
        if hba.read_text() != HBA:
            hba.write_text(HBA)  # rewritten in place: it keeps its owner and mode
            changed = True
        conf = self.data / "postgresql.conf"
        text = conf.read_text()
        block = (f"{CONF_BEGIN}\nlisten_addresses = ''\n"
                 f"unix_socket_directories = '{_conf_quote(str(self.sockets))}'\n"
                 f"unix_socket_permissions = 0700\n{CONF_END}\n")
        if block not in text:
            if CONF_BEGIN in text and CONF_END in text:
                head, _, rest = text.partition(CONF_BEGIN)
                text = head + rest.partition(CONF_END)[2].lstrip("\n")
            conf.write_text(text.rstrip("\n") + "\n\n" + block)
            changed = True
        return changed

    def listens_on_tcp(self) -> bool:
        """Whether the running server listens on a TCP address (postmaster.pid's sixth line)."""
        try:
            lines = (self.data / "postmaster.pid").read_text().splitlines()
        except OSError:
            return False
        return len(lines) > 5 and lines[5].strip() != ""

    def running(self) -> bool:
        if not self.data.exists():
            return False
        return self._run("pg_ctl", "-D", str(self.data), "status", check=False).returncode == 0

    @property
    def port(self) -> int | None:
        try:
            return int(self.port_file.read_text().strip())
        except (OSError, ValueError):
            return None

    def start(self, port: int | None = None, *, announce: Callable[[str], None] | None = None) -> int:
        """Start the server (if it is not running) on its Unix socket; returns the socket's port.
        A cluster of an earlier version is reconfigured first, and restarted if it runs with TCP.
        ``announce`` hears ``"start"`` or ``"restart"`` just before the server is (re)started, and
        nothing when it was running already."""
        self.prepare_dirs()
        changed = self.configure()
        running = self.running()
        if running and self.port and not changed and not self.listens_on_tcp():
            return self.port
        port = port or self.port or SOCKET_PORT
        opts = f"-k {self.sockets} -p {port} -c listen_addresses=''"
        if self.fast:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        action = "restart" if running else "start"
        if announce is not None:
            announce(action)
        self._run("pg_ctl", "-D", str(self.data), "-o", opts, "-l", str(self.log), "-w", "-t", "60",
                  *(["-m", "fast"] if running else []), action)
        self.port_file.write_text(str(port))
        return port

    def stop(self) -> bool:
        """Stop the server if it runs; True when it was stopped."""
        if not self.running():
            return False
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")
        return True

    # --- databases -------------------------------------------------------------------------
    def url(self, dbname: str = DB_NAME) -> str:
        """A SQLAlchemy URL through the Unix socket (``?host=<run folder>&port=…``)."""
        if self.port is None:
            raise EmbeddedError("Кластер не запущен.")
        query = urlencode({"host": str(self.sockets), "port": self.port})
        return f"postgresql+psycopg://{SERVER_USER}@/{dbname}?{query}"

    def connect_admin(self) -> psycopg.Connection:
        deadline = time.monotonic() + 30
        while True:
            try:
                return psycopg.connect(
                    host=str(self.sockets), port=self.port, user=SERVER_USER, dbname="postgres", autocommit=True
                )
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)

    def create_database(self, name: str, template: str | None = None) -> None:
        """Create the database unless it exists."""
        with self.connect_admin() as conn:
            exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
            if exists:
                return
            stmt = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
            if template:
                stmt = sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(
                    sql.Identifier(name), sql.Identifier(template)
                )
            conn.execute(stmt)


def _conf_quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace("'", "''")


def _reachable_by_server(path: Path) -> bool:
    """Whether the server user can create and enter ``path`` (always true when not root)."""
    if not is_root():
        return True
    probe = subprocess.run(
        ["runuser", "-u", SERVER_USER, "--", "test", "-w", str(path), "-a", "-x", str(path)],
        capture_output=True, cwd="/", check=False,
    )
    return probe.returncode == 0


def cluster_dir(settings: Settings) -> Path:
    """``data_dir/pg`` when the server user can use it, else a private folder under /tmp."""
    preferred = Path(settings.data_dir).resolve() / "pg"
    try:
        preferred.parent.mkdir(parents=True, exist_ok=True)
        preferred.mkdir(exist_ok=True)
        if is_root():
            pw = pwd.getpwnam(SERVER_USER)
            os.chown(preferred, pw.pw_uid, pw.pw_gid)
        if _reachable_by_server(preferred):
            return preferred
    except OSError:
        pass
    digest = hashlib.sha256(str(preferred).encode()).hexdigest()[:12]
    return Path("/tmp") / f"letopis-pg-{digest}"


def cluster_for(settings: Settings) -> Cluster:
    return Cluster(cluster_dir(settings))


@dataclass(frozen=True)
class Opened:
    """The embedded cluster as `open_cluster` left it: its URL, and whether that call started
    the server (then its caller, and only it, should stop it when done)."""

    url: str
    cluster: Cluster
    started: bool


def open_cluster(settings: Settings, *, announce: Callable[[str], None] | None = None) -> Opened:
    """Initialise (once) and start the private cluster unless it runs, create the database.

    ``announce`` hears what is about to be done, before it is done: ``"init"`` (a new cluster),
    ``"start"``, ``"restart"`` (one of an earlier version, reconfigured); nothing when the server
    was running already."""
    _require_server_user()
    cluster = cluster_for(settings)
    if not cluster.initialised:
        if announce is not None:
            announce("init")
        cluster.init()
    actions: list[str] = []

    def heard(action: str) -> None:
        actions.append(action)
        if announce is not None:
            announce(action)

    cluster.start(announce=heard)
    cluster.create_database(DB_NAME)
    return Opened(url=cluster.url(DB_NAME), cluster=cluster, started="start" in actions)


def _require_server_user() -> None:
    if is_root():
        try:
            pwd.getpwnam(SERVER_USER)
        except KeyError as exc:
            raise EmbeddedError(
                "Запуск от root требует пользователя postgres (PostgreSQL не работает от root). "
                "Установите PostgreSQL из пакетов или задайте DATABASE_URL."
            ) from exc


def ensure_cluster(settings: Settings, *, start: bool = True) -> str:
    """Initialise (once) and start the private cluster, create the database, return its URL."""
    if start:
        return open_cluster(settings).url
    _require_server_user()
    cluster = cluster_for(settings)
    if not cluster.initialised:
        cluster.init()
    return cluster.url(DB_NAME)


def stop_cluster(settings: Settings) -> bool:
    return cluster_for(settings).stop()
