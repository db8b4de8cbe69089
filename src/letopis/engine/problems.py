"""Problems found in a post: located, typed, in Russian, linked to the rule clause they enforce.

Reading a post never raises; everything wrong with it becomes a `Problem`. Following
python-chess, there are three kinds of failure: the line cannot be read (`unreadable`), it reads
but is not legal here (`illegal`), or it could mean more than one thing (`ambiguous`).
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


class ProblemKind(StrEnum):
    UNREADABLE = "unreadable"
    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"
    INFO = "info"


SEVERITY_RU = {Severity.ERROR: "ошибка", Severity.WARNING: "предупреждение", Severity.NOTE: "заметка"}


class Problem(BaseModel):
    """One thing wrong (or worth saying) about one line of a post.

    `line` is 1-based over the post as typed; `col_start`/`col_end` are 0-based character offsets
    into that line (end exclusive). `code` is a stable machine code from the ruleset's message
    catalogue; `clause` is the rule clause ID (e.g. ``DRP-ATK-09``) that links to the rules page.
    """

    model_config = ConfigDict(frozen=True)

    line: int = Field(description="Номер строки поста, с 1.")
    col_start: int = Field(0, description="Начало места в строке, в символах с 0.")
    col_end: int = Field(0, description="Конец места в строке, в символах с 0 (не включая).")
    severity: Severity = Field(Severity.ERROR, description="error — пост не примут, warning — предупреждение, "
                                                           "note — заметка.")
    kind: ProblemKind = Field(ProblemKind.ILLEGAL, description="unreadable — строка не прочитана, illegal — приказ "
                                                               "понятен, но правила его не разрешают, ambiguous — "
                                                               "строку можно понять по-разному, info — к сведению.")
    code: str = Field(description="Постоянный машинный код замечания из каталога набора правил.")
    message: str = Field(description="Замечание по-русски.")
    hint: str | None = Field(None, description="Подсказка, как исправить.")
    clause: str | None = Field(None, description="Пункт правил (например, DRP-ATK-09), ссылка на страницу правил.")

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def render(self) -> str:
        """One line as `letopis check` prints it: ``строка 3, ошибка [DRP-ATK-09]: … (подсказка: …)``."""
        where = f"строка {self.line}" + (f":{self.col_start + 1}" if self.col_end > self.col_start else "")
        clause = f" [{self.clause}]" if self.clause else ""
        hint = f" Подсказка: {self.hint}" if self.hint else ""
        return f"{where}, {SEVERITY_RU[self.severity]}{clause}: {self.message}{hint}"


def has_errors(problems: list[Problem]) -> bool:
    return any(p.is_error for p in problems)
