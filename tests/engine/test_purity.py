"""Rules code stays pure: nothing under rulesets/ imports a database, the web, a clock or `random`."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN_MODULES = {"sqlalchemy", "fastapi", "starlette", "psycopg", "random", "requests", "httpx",
                     "time", "datetime", "secrets", "letopis.db", "letopis.web", "letopis.service", "os"}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_rulesets_import_no_db_web_clock_or_global_random():
    offenders = []
    for path in sorted((ROOT / "rulesets").rglob("*.py")):
        for module in imported_modules(path):
            if any(module == f or module.startswith(f + ".") for f in FORBIDDEN_MODULES):
                offenders.append(f"{path.relative_to(ROOT)}: {module}")
    assert offenders == []


def test_the_engine_core_does_not_depend_on_storage_or_web():
    for path in sorted((ROOT / "src" / "letopis" / "engine").rglob("*.py")):
        for module in imported_modules(path):
            assert not module.startswith(("letopis.db", "letopis.web", "letopis.service", "sqlalchemy",
                                          "fastapi")), f"{path.name} imports {module}"
