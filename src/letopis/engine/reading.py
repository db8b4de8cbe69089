"""The contract's promise that reading a post never raises, kept in one place for every ruleset."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel

from .contract import LineReading, LineStatus, Reading
from .problems import Problem, ProblemKind

S = TypeVar("S", bound=BaseModel)
log = logging.getLogger(__name__)


def read_or_report(read_strict: Callable[[str, S, str], Reading], text: str, state: S, faction: str, *,
                   message: str) -> Reading:
    """`read_strict(text, state, faction)`, except that a bug in it becomes one error on line 1 with
    ``message`` (Russian, from the ruleset's catalogue) and every line kept as typed; the traceback
    goes to the log. Tests call the strict reader so that such bugs surface."""
    try:
        return read_strict(text, state, faction)
    except Exception:
        log.exception("reader failed on a post of %d characters", len(text or ""))
        reading = Reading()
        for n, raw in enumerate((text or "").splitlines() or [""], start=1):
            reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.FLAVOUR))
        reading.problems.append(Problem(line=1, code="read.internal", message=message,
                                        kind=ProblemKind.UNREADABLE))
        return reading


NO_ORDERS = "post.no_orders"


def require_an_order(reading: Reading, *, expected: str, example: str | None = None,
                     clause: str | None = None) -> Reading:
    """A post with no order at all (and no explicit pass) is not a turn: add one error that says
    what the step expects, with an example built from the poster's own objects.

    A post that already has an error is left alone: its errors say more than this would.
    """
    if reading.orders or not reading.ok:
        return reading
    first = next((x.line for x in reading.lines if x.status is LineStatus.FLAVOUR), 1)
    hint = f"Сейчас ждём: {expected.rstrip('.')}."
    if example:
        hint += f" Например: «{example.strip()}»."
    reading.problems.append(Problem(
        line=first, code=NO_ORDERS, clause=clause, kind=ProblemKind.UNREADABLE,
        message="В посте нет ни одного приказа: всё прочитано как текст, ход так не засчитать.",
        hint=hint))
    return reading
