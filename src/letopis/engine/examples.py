"""Example order lines for the post page, built from the poster's own pieces.

A fixed «37-15» teaches nothing: the player needs lines about *his* units and cells for the step he
is in. Every ruleset already writes such lines — `propose` is a random legal post written the way a
player writes — so the examples are lines of a few proposals under fixed seeds (the same lines on
every reload of the page), each read back through `read` and kept only if it reads without error.

A line that only reads after the lines before it (an actor's header «Бес №2:» and its «1 ОД: …»
lines) is kept with them as one example of a few lines; a step that wants all its lines at once
(a deployment of every figure) gets the proposal's order lines whole. Lines of one order kind give
way to other kinds, so that the few examples shown are varied.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .contract import LineStatus
from .dice import Dice
from .text_post import strip_markup

if TYPE_CHECKING:
    from .contract import Ruleset

LIMIT = 6  # examples shown
SEEDS = 10  # proposals tried at most
BLOCK_LINES = 4  # the most lines one example may span
PER_KIND = 2  # examples of one order kind before other kinds get their turn


def example_seed(n: int) -> str:
    """The fixed seed of the n-th proposal: examples do not change between reloads of a page."""
    return hashlib.sha256(f"letopis-example:{n}".encode("ascii")).hexdigest()


def proposed_examples(ruleset: Ruleset, state: Any, faction: str, *, first: Iterable[str | None] = (),
                      limit: int = LIMIT, seeds: int = SEEDS) -> list[str]:
    """Up to ``limit`` examples for ``faction`` now: ``first`` (a ruleset's own example lines, if
    they read), then lines of proposals. Empty when the step expects nothing of ``faction``."""
    if faction not in ruleset.turn(state).factions:
        return []
    found: dict[str, str] = {}  # example → its order kind
    for text in first:
        if text:
            kind = _reads_as(ruleset, text.strip(), state, faction)
            if kind is not None:
                found.setdefault(text.strip(), kind)
    for n in range(seeds):
        if len(found) >= limit * 2:
            break
        post = ruleset.propose(state, faction, Dice(example_seed(n)))
        for example, kind in _examples_of(ruleset, post, state, faction):
            if _long(example) and any(_long(x) for x in found):
                continue  # one whole post (a deployment) is example enough
            found.setdefault(example, kind)
    return _varied(found, limit)


def _long(example: str) -> bool:
    return example.count("\n") >= BLOCK_LINES


def _examples_of(ruleset: Ruleset, post: str, state: Any, faction: str) -> list[tuple[str, str]]:
    """The order lines of one proposed post, alone where they read alone, else with the fewest
    lines before them that make them read."""
    if not post.strip():
        return []
    reading = ruleset.read(post, state, faction)
    if not reading.ok:
        return []
    lines = [strip_markup(x.text).strip() for x in reading.lines if x.status is LineStatus.ORDER]
    lines = [x for x in lines if x]
    out: list[tuple[str, str]] = []
    for i in range(len(lines)):
        for start in range(i, max(-1, i - BLOCK_LINES), -1):
            kind = _reads_as(ruleset, "\n".join(lines[start:i + 1]), state, faction,
                             before="\n".join(lines[start:i]))
            if kind is not None:
                out.append(("\n".join(lines[start:i + 1]), kind))
                break
    if not out and lines:  # the step wants all its lines at once (a deployment): the whole post
        kind = _reads_as(ruleset, "\n".join(lines), state, faction)
        if kind is not None:
            out.append(("\n".join(lines), kind))
    return out


def _reads_as(ruleset: Ruleset, text: str, state: Any, faction: str, *, before: str = "") -> str | None:
    """The kind of the last order ``text`` gives when read alone without error, else None; with
    ``before`` (the lines above its last one), only if the last line adds an order to them."""
    reading = ruleset.read(text, state, faction)
    if not reading.ok or not reading.orders:
        return None
    if before and len(ruleset.read(before, state, faction).orders) >= len(reading.orders):
        return None
    last = reading.orders[-1]
    return str(getattr(last, "kind", type(last).__name__))


def _varied(found: dict[str, str], limit: int) -> list[str]:
    """At most ``PER_KIND`` examples of a kind while other kinds wait, in the order found."""
    chosen: list[str] = []
    per_kind: dict[str, int] = {}
    for example, kind in found.items():
        if len(chosen) < limit and per_kind.get(kind, 0) < PER_KIND:
            chosen.append(example)
            per_kind[kind] = per_kind.get(kind, 0) + 1
    for example in found:
        if len(chosen) >= limit:
            break
        if example not in chosen:
            chosen.append(example)
    return chosen
