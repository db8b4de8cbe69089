"""One way to answer with an error: a Russian HTML page, or JSON ``{code, message, problems}`` under /api.

Used by the exception handlers and by the middlewares (body cap, CSRF) that answer before the
app runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, Field
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import Scope

from letopis.engine.problems import Problem

from .templating import templates

ERROR_TITLES = {
    400: "Неверный запрос",
    401: "Нужно войти",
    403: "Нет доступа",
    404: "Не найдено",
    405: "Так нельзя",
    409: "Уже не актуально",
    413: "Слишком большой запрос",
    422: "Не получилось прочитать",
    500: "Ошибка сервера",
}


class ErrorOut(BaseModel):
    """The JSON body of every API error."""

    code: str = Field(description="Постоянный машинный код ошибки, например `not_gm` или `post_has_errors`.")
    message: str = Field(description="Что не так, по-русски, для человека.")
    problems: list[Problem] = Field(default_factory=list, description="Замечания к строкам поста, если дело в них.")


def wants_json(scope: Scope) -> bool:
    path = scope.get("path", "")
    return path == "/api" or path.startswith("/api/")


def error_response(
    scope: Scope,
    *,
    status: int,
    code: str,
    message: str,
    problems: Sequence[Problem] = (),
    user: Any = None,
    headers: dict[str, str] | None = None,
) -> Response:
    if wants_json(scope):
        body = ErrorOut(code=code, message=message, problems=list(problems))
        return JSONResponse(body.model_dump(mode="json"), status_code=status, headers=headers)
    html = templates.get_template("error.html").render(
        status=status,
        title=ERROR_TITLES.get(status, "Ошибка"),
        code=code,
        message=message,
        problems=list(problems),
        user=user,
        csrftoken=None,
    )
    return HTMLResponse(html, status_code=status, headers=headers)
