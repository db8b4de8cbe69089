"""A web worker does not import what it rarely needs (issue 13: a worker's memory): CairoSVG with
cairo and Pillow (14 MB) waits for the first board PNG, httpx with the command-line tools it pulls
in (rich, pygments, click: 3–6 MB) for the first webhook due, fastapi-offline's code is never needed
(only its folder of Swagger UI files)."""

from __future__ import annotations

import json
import subprocess
import sys

LAZY = ("cairosvg", "cairocffi", "PIL", "httpx", "rich", "pygments", "fastapi_offline")


def test_the_app_starts_without_the_libraries_of_rare_work(tmp_path):
    code = ("import sys, json\n"
            "from letopis.settings import Settings\n"
            "from letopis.web.app import create_app\n"
            "create_app(Settings(database_url='postgresql://nobody@127.0.0.1:1/none', demo=False),"
            " run_deadlines=False)\n"
            f"print(json.dumps([m for m in {LAZY!r} if m in sys.modules]))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=tmp_path)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []
