"""Why an order is not legal: a code, a Russian message and hint, and the clause it breaks.

The reader turns each `Violation` into a `Problem` on the order's line; resolution never sees an
illegal order (the reader refuses the post), so it may assume legality.
"""

from __future__ import annotations

from dataclasses import dataclass

from letopis.engine.problems import Problem, Severity


@dataclass(frozen=True)
class Violation:
    code: str
    message: str
    clause: str
    hint: str | None = None

    warning: bool = False  # legal but pointless (e.g. regeneration at full life, KZ-GAP-38)

    def problem(self, line: int, col_start: int = 0, col_end: int = 0) -> Problem:
        return Problem(line=line, col_start=col_start, col_end=col_end, code=self.code, message=self.message,
                       hint=self.hint, clause=self.clause,
                       severity=Severity.WARNING if self.warning else Severity.ERROR)
