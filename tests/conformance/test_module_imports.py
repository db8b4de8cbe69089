"""Every module of every ruleset imports on its own, and no ruleset's modules import each other in
a circle.

A module that imports only after some other module was imported first, or a cycle that happens
to work in today's order, breaks as soon as someone imports it from somewhere new (a test, the
service, another ruleset's helper). The first test asks every module to import first, in a process
where nothing of ``rulesets`` is loaded yet: the parent loads the third-party and engine modules
the rulesets name, then forks one child per module (a fresh interpreter per module would take
minutes on a shared machine). The second reads the module-level imports and looks for a cycle,
so an import that works only because of the order of lines is found too; imports inside a
function (the lazy ones that keep a package light) are not edges.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULESETS = ROOT / "rulesets"

# Run in a child interpreter. Every import of ``rulesets.x.m`` runs the package ``rulesets.x`` first,
# so a child forked after importing the package starts ``m`` exactly as a fresh interpreter would.
IMPORT_EACH = r"""
import importlib, json, os, sys, traceback

groups, outside = json.loads(sys.stdin.read())
for name in outside:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # «from x import Name» lists names that are no modules; a real failure shows in a child
assert not [m for m in sys.modules if m.split(".")[0] == "rulesets"], "the parent loaded a ruleset"


def forked(work):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            out = work()
        except BaseException:
            out = traceback.format_exc()
        with os.fdopen(write, "w") as pipe:
            pipe.write(out)
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        out = pipe.read()
    _, status = os.waitpid(pid, 0)
    return out if status == 0 else f"{out}\nexit status {status}"


def alone(module):
    importlib.import_module(module)
    return ""


def each_of(package, modules):
    importlib.import_module(package)
    return json.dumps({m: error for m in modules if (error := forked(lambda m=m: alone(m)))})


failures = {}
for package, modules in groups.items():
    out = forked(lambda: each_of(package, modules))
    try:
        failures.update(json.loads(out))
    except json.JSONDecodeError:
        failures[package] = out
print(json.dumps(failures))
"""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(RULESETS.rglob("*.py"))}


def module_level_imports(name: str) -> set[str]:
    """The modules of ``rulesets`` that ``name`` imports at module level, as absolute names."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:  # «from . import orders» names a module, «from .state import State» its module
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return {m for m in found if m in MODULES and m != name}


def outside_imports() -> list[str]:
    names: set[str] = set()
    for path in MODULES.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return sorted(n for n in names if n.split(".")[0] != "rulesets")


def test_every_built_in_ruleset_is_searched():
    built_in = {e.name for e in entry_points(group="letopis.rulesets") if e.value.startswith("rulesets.")}
    assert len(built_in) >= 5
    assert {name.split(".")[1] for name in MODULES if name.count(".") == 1} >= built_in


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks one child per module")
def test_every_ruleset_module_imports_first_and_alone():
    groups: dict[str, list[str]] = {}
    for name in sorted(MODULES):
        if name.count(".") >= 2:
            groups.setdefault(".".join(name.split(".")[:2]), []).append(name)
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH], input=json.dumps([groups, outside_imports()]),
                          capture_output=True, text=True, timeout=600, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    failures = json.loads(done.stdout.strip().splitlines()[-1])
    assert sum(map(len, groups.values())) > 150 and len(groups) >= 5
    assert failures == {}, "\n\n".join(f"{m}:\n{e}" for m, e in sorted(failures.items()))


def test_no_ruleset_modules_import_each_other_in_a_circle():
    graph = {name: module_level_imports(name) for name in MODULES}
    cycles: list[list[str]] = []
    done: set[str] = set()

    def visit(name: str, stack: list[str]) -> None:
        stack.append(name)
        for target in sorted(graph[name]):
            if target in stack:
                cycles.append(stack[stack.index(target):] + [target])
            elif target not in done:
                visit(target, stack)
        stack.pop()
        done.add(name)

    for name in sorted(graph):
        if name not in done:
            visit(name, [])
    assert cycles == [], "\n".join(" → ".join(c) for c in cycles)
