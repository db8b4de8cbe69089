"""Finding rulesets: every ruleset (built-in or not) registers in the `letopis.rulesets` entry-point
group and is looked up by id or alias."""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from .contract import Ruleset

GROUP = "letopis.rulesets"


class UnknownRuleset(LookupError):
    pass


@cache
def _discovered() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for ep in entry_points(group=GROUP):
        ruleset = ep.load()
        if isinstance(ruleset, type):
            ruleset = ruleset()
        found[ruleset.id] = ruleset
    return dict(sorted(found.items()))


def all_rulesets() -> dict[str, Ruleset]:
    """Every ruleset: those found through the entry points and those registered by hand."""
    return dict(sorted({**_discovered(), **_extra}.items()))


def get_ruleset(name: str) -> Ruleset:
    """A ruleset by id or alias (case-insensitive)."""
    rulesets = all_rulesets()
    key = name.strip().lower()
    if key in rulesets:
        return rulesets[key]
    for ruleset in rulesets.values():
        if key in (a.lower() for a in ruleset.aliases):
            return ruleset
    raise UnknownRuleset(f"Нет набора правил «{name}». Есть: {', '.join(rulesets) or 'ни одного'}.")


def register(ruleset: Ruleset) -> None:
    """Add a ruleset by hand (tests and embedding); the entry points stay the normal way in."""
    _extra[ruleset.id] = ruleset


_extra: dict[str, Ruleset] = {}
