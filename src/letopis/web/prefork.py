"""Several workers that share what they load: `letopis serve --workers N`.

gunicorn's master builds the app once (``preload_app``), loads what every worker would otherwise
load on its first requests (`warm`: the rulesets' readers, lexicons and the morphology dictionary,
the compiled page templates), freezes the garbage collector's view of those objects, and forks N
`uvicorn_worker.UvicornWorker` processes. The workers share those pages copy-on-write: a worker's
own memory is what it allocates while serving. One worker runs the scheduled work (deadlines,
reminders, notifications, webhooks): the master marks it when it forks it (`mark_runner`).
"""

from __future__ import annotations

import gc
import importlib
import logging
from typing import Any

from fastapi import FastAPI
from gunicorn.app.base import BaseApplication

WORKER_CLASS = "uvicorn_worker.UvicornWorker"


def warm() -> None:
    """Load in this process what serving would load lazily (no database: nothing connects before the
    fork), then freeze it for the collector.

    Without ``gc.freeze()`` the first collection in each worker would write to the header of every
    object the master made (the collector's links live in it), copying the pages we mean to share."""
    from sqlalchemy.orm import configure_mappers

    import letopis.db.models  # noqa: F401 (the mappers to configure)
    from letopis.engine.warm import warm_rulesets

    warm_rulesets()
    compile_templates()
    configure_mappers()  # done by the first query otherwise: with --no-demo the master runs none
    importlib.import_module("anyio._backends._asyncio")  # loaded by the first call into the thread pool
    gc.collect()
    gc.freeze()


def compile_templates() -> int:
    """Compile every page template of the site and of the rulesets into the Jinja cache; how many."""
    from jinja2 import FileSystemLoader

    from letopis.engine import all_rulesets
    from letopis.paths import templates_dir

    from .templating import templates

    env = templates.env
    names = [n for n in FileSystemLoader(templates_dir()).list_templates() if not n.startswith("email/")]
    for ruleset_id, ruleset in all_rulesets().items():
        folder = ruleset.package_dir / "templates"
        if folder.is_dir():
            names += [f"{ruleset_id}/{n}" for n in FileSystemLoader(folder).list_templates()]
    for name in names:
        env.get_template(name)
    return len(names)


def mark_runner(server: Any, worker: Any) -> None:
    """gunicorn's ``pre_fork`` hook (in the master): the worker being forked runs the scheduled
    work when no worker that stays does. The master keeps its ``num_workers`` youngest: on a reload
    (SIGHUP) it forks a new set, then stops the old, so the runner among the old hands over to the
    first of the new; when a worker dies, its replacement takes over if it was the runner."""
    living = sorted(server.WORKERS.values(), key=lambda w: w.age)
    staying = living[max(0, len(living) + 1 - server.num_workers):]
    worker.runs_schedule = not any(getattr(w, "runs_schedule", False) for w in staying)


def tell_worker(server: Any, worker: Any) -> None:
    """gunicorn's ``post_fork`` hook (in the new worker): whether its app starts the ticker; and the
    app's own log («letopis.*»: the ticker, slow requests) goes where gunicorn's does, as uvicorn's."""
    server.app.wsgi().state.run_deadlines = worker.runs_schedule
    app_log = logging.getLogger("letopis")
    app_log.handlers = server.log.error_log.handlers
    app_log.setLevel(server.log.error_log.level)
    app_log.propagate = False


class PreforkServer(BaseApplication):
    """gunicorn with a ready app: no configuration file and no command line of its own."""

    def __init__(self, app: FastAPI, *, host: str, port: int, workers: int) -> None:
        self.application = app
        self.options = {
            "bind": f"{host}:{port}",
            "workers": workers,
            "worker_class": WORKER_CLASS,
            "preload_app": True,
            "pre_fork": mark_runner,
            "post_fork": tell_worker,
            "control_socket_disable": True,  # no socket file and no thread in the master
            "keepalive": 5,  # seconds an idle keep-alive connection stays open: uvicorn's default, as with one worker
            "graceful_timeout": 30,
            "timeout": 120,  # a worker busy longer than this (a huge post, a hung query) is restarted
            "loglevel": "info",
            "accesslog": None,
        }
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> FastAPI:
        return self.application


def run(app: FastAPI, *, host: str, port: int, workers: int) -> None:
    """Warm the app, then serve it from ``workers`` forked workers until SIGTERM or Ctrl+C."""
    app.state.run_deadlines = False  # each worker learns whether it runs them (tell_worker)
    warm()
    PreforkServer(app, host=host, port=port, workers=workers).run()
