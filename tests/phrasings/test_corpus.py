"""The phrasing corpora: lines written the way many different players write, each with the reading
it must give.

`tests/phrasings/<ruleset>.toml` holds ``[[case]]`` tables:

- ``id``: unique in the file;
- ``scene``: a key of ``SCENES`` in ``tests/phrasings/scenes_<ruleset>.py`` (a state and the
  faction that posts);
- ``header`` (optional): lines put before ``text`` (a unit header, an earlier order); not judged
  except through the orders they give;
- ``text``: the line (or lines) under test;
- exactly one expectation:
  - ``orders``: the canonical ``to_text()`` of every order the whole post reads to, in order, with
    no error anywhere;
  - ``error``: a clause ID: an error with that clause on the line ``line`` of ``text`` (1-based,
    default 1); ``error = true`` accepts any clause (for lines that cannot be read at all);
  - ``flavour = true``: that line is flavour (chatter, a quote, a restated state): no order, and no
    problem on it.

`tests/phrasings/<ruleset>.failing` (optional) lists the ids that do not read right yet, one per
line: they are strict xfails, so a fixed line must leave the list.

Further corpora of a ruleset sit beside it as `tests/phrasings/<ruleset>.<kind>.toml` in the same
format (`<ruleset>.fresh.toml`, `<ruleset>.fresh2.toml`, …): each written from the rules alone by
people who had seen neither the other corpora nor the readers (lines as strangers write them). Each
has its own strict-xfail list `<ruleset>.<kind>.failing`, and ids are unique across all the files of
a ruleset.
"""

from __future__ import annotations

import importlib
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from letopis.engine.contract import LineStatus, Reading
from letopis.engine.problems import Severity
from tests.support.canonical import order_texts

HERE = Path(__file__).parent
RULESETS = ("dice_roll_party", "dungeon_keeper", "kozyablo", "tetranomicon", "wargame")
MIN_CASES = 250
MIN_FRESH_CASES = 110
# Post-level problems (e.g. "this post has no order") are not about the line under test.
# Kozyablo's deck step says "no deck list in this post" the same way.
POST_LEVEL = frozenset({"post.no_orders", "deck.empty"})


@cache
def kinds(ruleset: str) -> tuple[str, ...]:
    """The ruleset's corpora as suffixes: "" for `<ruleset>.toml`, then ".fresh", ".fresh2", … for
    every `<ruleset>.<kind>.toml` beside it, in name order."""
    extra = sorted(p.name.removeprefix(ruleset).removesuffix(".toml") for p in HERE.glob(f"{ruleset}.*.toml"))
    return ("", *extra)


@cache
def corpus(ruleset: str, kind: str = "") -> list[dict[str, Any]]:
    path = HERE / f"{ruleset}{kind}.toml"
    if not path.exists():
        return []
    return tomllib.loads(path.read_text(encoding="utf-8")).get("case", [])


@cache
def failing(ruleset: str, kind: str = "") -> frozenset[str]:
    path = HERE / f"{ruleset}{kind}.failing"
    if not path.exists():
        return frozenset()
    return frozenset(x.strip() for x in path.read_text(encoding="utf-8").splitlines()
                     if x.strip() and not x.startswith("#"))


@cache
def scenes(ruleset: str) -> dict[str, Any]:
    return importlib.import_module(f"tests.phrasings.scenes_{ruleset}").SCENES


def reader(ruleset: str) -> Any:
    return importlib.import_module(f"rulesets.{ruleset}.reader").read_post_strict


def post_of(case: dict[str, Any]) -> tuple[str, int]:
    """The post to read and the number of header lines before ``text``."""
    header = case.get("header", "")
    header_lines = header.splitlines() if header else []
    return "\n".join([*header_lines, case["text"]]), len(header_lines)


def explain(reading: Reading, texts: list[str]) -> str:
    lines = [f"  {x.line}: {x.status} {x.summary or ''}" for x in reading.lines]
    probs = [f"  ! {p.line} [{p.clause}] {p.code}: {p.message}" for p in reading.problems]
    orders = [f"  = {t}" for t in texts]
    return "\n".join(["reading:", *lines, *probs, *orders])


def check(ruleset: str, case: dict[str, Any]) -> None:
    state, faction = scenes(ruleset)[case["scene"]]()
    text, offset = post_of(case)
    reading = reader(ruleset)(text, state, faction)
    errors = [p for p in reading.problems if p.severity is Severity.ERROR]
    texts = order_texts(ruleset, reading.orders, state, faction)
    why = f"{case['id']}: {case['text']!r}\n{explain(reading, texts)}"
    if "orders" in case:
        assert not errors, why
        assert texts == case["orders"], why
    elif "error" in case:
        line = offset + case.get("line", 1)
        on_line = [p for p in errors if p.line == line and p.code not in POST_LEVEL]
        assert on_line, why
        if case["error"] is not True:
            assert case["error"] in {p.clause for p in on_line}, why
    else:
        assert case.get("flavour") is True, f"{case['id']}: no expectation"
        line = offset + 1
        status = {x.line: x.status for x in reading.lines}.get(line)
        assert status in (LineStatus.FLAVOUR, LineStatus.QUOTE, LineStatus.BLANK), why
        assert not [p for p in reading.problems if p.line == line and p.code not in POST_LEVEL], why


def cases() -> list[Any]:
    out = []
    for ruleset in RULESETS:
        for kind in kinds(ruleset):
            known = failing(ruleset, kind)
            for case in corpus(ruleset, kind):
                marks = [pytest.mark.xfail(strict=True, reason="not read right yet")] if case["id"] in known else []
                out.append(pytest.param(ruleset, case, id=f"{ruleset}:{case['id']}", marks=marks))
    return out


@pytest.mark.parametrize(("ruleset", "case"), cases())
def test_corpus_line(ruleset: str, case: dict[str, Any]) -> None:
    check(ruleset, case)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_corpus_is_whole(ruleset: str) -> None:
    """Each corpus is big enough, its ids are unique, every case names a known scene and has
    exactly one expectation, and the list of lines still failing names only real cases."""
    assert_whole(ruleset, "", MIN_CASES)


@pytest.mark.parametrize(("ruleset", "kind"), [(r, k) for r in RULESETS for k in kinds(r) if k])
def test_further_corpus_is_whole(ruleset: str, kind: str) -> None:
    """The same for each further corpus (`<ruleset>.<kind>.toml`), whose ids must not repeat those
    of the ruleset's other corpora either."""
    assert_whole(ruleset, kind, MIN_FRESH_CASES)
    mine = {c["id"] for c in corpus(ruleset, kind)}
    others = {c["id"] for k in kinds(ruleset) if k != kind for c in corpus(ruleset, k)}
    assert not mine & others, f"ids shared with another corpus: {sorted(mine & others)}"


def assert_whole(ruleset: str, kind: str, minimum: int) -> None:
    cs = corpus(ruleset, kind)
    assert len(cs) >= minimum, f"{ruleset}{kind}: {len(cs)} cases"
    ids = [c["id"] for c in cs]
    assert len(ids) == len(set(ids)), "duplicate ids"
    known = scenes(ruleset)
    for c in cs:
        assert c["scene"] in known, c["id"]
        assert sum(k in c for k in ("orders", "error", "flavour")) == 1, c["id"]
    assert failing(ruleset, kind) <= set(ids)
