"""A preloaded parent for the kill -9 test: it imports Letopis once, then forks one `letopis serve`
per server life, so that a life costs a fork instead of a cold start.

Importing the app costs about 3 s of CPU (SQLAlchemy, FastAPI, the rulesets and their dictionaries),
7–8 s of wall time on a busy 2-core machine: 25 cold starts would take minutes. A forked child is
a whole server process of its own — its own database connections, its own listening socket — and
runs the very `letopis serve` command (migrations, then uvicorn on the given port); SIGKILL ends it
exactly as it ends a cold-started one. Nothing here opens a connection or a thread before forking.

Run as ``python crash_zygote.py``; one JSON command per line on stdin, one JSON answer per line:

- ``{"op": "start", "port": P, "env": {...}, "log": PATH}`` → ``{"pid": N}``: a new server life,
  its output appended to PATH, the environment (DATABASE_URL, LETOPIS_*) set before it starts
  (with ``"args": [...]`` the child runs that `letopis` command instead, e.g. ``verify 3``);
- ``{"op": "wait", "pid": N}`` → ``{"pid": N, "signal": S, "exit": E}``: how that child ended.

``LETOPIS_CRASH_FAULT`` in a life's environment breaks the server on purpose (see `inject_fault`).

At end of input every child still running is killed (by its pid) and the parent exits.
"""

from __future__ import annotations

import json
import os
import signal
import sys


def preload() -> None:
    """Import everything a server life needs, and warm the rulesets, without touching a database."""
    import importlib

    for name in ("uvicorn", "uvicorn.config", "uvicorn.server", "uvicorn.lifespan.on",
                 "uvicorn.protocols.http.h11_impl", "uvicorn.protocols.http.httptools_impl", "uvicorn.loops.uvloop",
                 "alembic.command", "alembic.runtime.migration", "psycopg",
                 "letopis.cli", "letopis.db.migrate", "letopis.web.app"):
        try:
            importlib.import_module(name)
        except ImportError:  # optional speed-ups (httptools, uvloop)
            pass
    from letopis.engine.contract import Faction
    from letopis.engine.dice import Dice
    from letopis.engine.registry import get_ruleset
    from letopis.engine.resolution import setup_game

    # one reading and one proposal load the reader's dictionaries into the parent (shared by fork)
    ruleset = get_ruleset("dice_roll_party")
    options = ruleset.Options.model_validate({})
    state = setup_game(ruleset, options, [Faction(id="p1", name="А"), Faction(id="p2", name="Б")], "00" * 32, None)
    for faction in ruleset.turn(state).factions:
        ruleset.read(ruleset.propose(state, faction, Dice("11" * 32)), state, faction)


def inject_fault(name: str) -> None:
    """Break crash safety on purpose, to prove the test notices (``LETOPIS_CRASH_FAULT``; never in CI).

    ``post-then-resolve``: a completing post is committed on its own, and its step resolved in a
    second transaction — a kill between the two leaves a complete step unresolved.
    """
    from letopis.service import _resolve

    if name == "post-then-resolve":
        resolve = _resolve.resolve_open_step

        def split(db, *args, **kwargs):
            db.commit()
            return resolve(db, *args, **kwargs)

        _resolve.resolve_open_step = split
    else:
        raise SystemExit(f"unknown fault {name!r}")


def child(command: dict) -> None:
    """A server life (or, with ``args``, another `letopis` command): never returns."""
    code = 70
    try:
        log = os.open(command["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(log, 1)
        os.dup2(log, 2)
        os.close(log)
        os.close(null)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.environ.update(command["env"])
        from letopis.settings import get_settings

        get_settings.cache_clear()
        if os.environ.get("LETOPIS_CRASH_FAULT"):
            inject_fault(os.environ["LETOPIS_CRASH_FAULT"])
        from letopis.cli import app

        args = command.get("args") or ["serve", "--no-demo", "--host", "127.0.0.1", "--port", str(command["port"])]
        app(args, prog_name="letopis")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except Exception:  # noqa: BLE001 - the life's log says why it died
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def main() -> None:
    preload()
    answer = sys.stdout
    answer.write(json.dumps({"ready": os.getpid()}) + "\n")
    answer.flush()
    children: set[int] = set()
    for line in sys.stdin:
        if not line.strip():
            continue
        command = json.loads(line)
        if command["op"] == "start":
            pid = os.fork()
            if pid == 0:
                child(command)
            children.add(pid)
            out: dict = {"pid": pid}
        elif command["op"] == "wait":
            pid = int(command["pid"])
            _, status = os.waitpid(pid, 0)
            children.discard(pid)
            out = {"pid": pid, "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
                   "exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None}
        else:
            out = {"error": f"unknown op {command['op']!r}"}
        answer.write(json.dumps(out) + "\n")
        answer.flush()
    for pid in children:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    os._exit(0)  # no interpreter teardown of everything preloaded


if __name__ == "__main__":
    main()
