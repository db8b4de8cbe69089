"""One set of exception handlers: every refusal becomes a Russian page, or JSON under /api.

`ServiceError` carries its own status, code, message and problems. Framework errors (unknown
address, wrong method, unreadable input) get Russian messages here, so bad input never shows
an English or a 500 page.
"""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import quote

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from starlette.exceptions import HTTPException
from starlette.responses import RedirectResponse, Response

from letopis.engine.registry import UnknownRuleset
from letopis.service import ServiceError
from letopis.service.inputs import unstorable

from .limits import BodyTooLarge, too_large_text
from .responses import error_response, wants_json
from .security import AuthRequired

log = logging.getLogger("letopis.web")

HTTP_MESSAGES = {
    400: ("bad_request", "Запрос не удалось разобрать."),
    401: ("auth_required", "Нужно войти."),
    403: ("forbidden", "Нет доступа."),
    404: ("not_found", "Такой страницы нет. Проверьте адрес."),
    405: ("method_not_allowed", "Этот адрес так не вызывают (не тот метод запроса)."),
    413: ("too_large", "Слишком большой запрос."),
    415: ("unsupported_media", "Неподдерживаемый формат тела запроса: нужен JSON или форма."),
}

# Pydantic error types, in Russian; anything else falls back to a generic sentence.
VALIDATION_MESSAGES = {
    "missing": "не заполнено",
    "int_parsing": "нужно целое число",
    "int_type": "нужно целое число",
    "float_parsing": "нужно число",
    "bool_parsing": "нужно да или нет (true/false)",
    "string_type": "нужна строка",
    "string_too_short": "слишком коротко",
    "string_too_long": "слишком длинно",
    "greater_than_equal": "слишком маленькое число",
    "less_than_equal": "слишком большое число",
    "greater_than": "слишком маленькое число",
    "less_than": "слишком большое число",
    "literal_error": "недопустимое значение",
    "enum": "недопустимое значение",
    "json_invalid": "это не JSON",
    "json_type": "нужен JSON",
    "dict_type": "нужен объект JSON {…}",
    "model_type": "нужен объект JSON {…}",
    "list_type": "нужен список […]",
    "datetime_parsing": "нужны дата и время",
    "datetime_from_date_parsing": "нужны дата и время",
    "int_from_float": "нужно целое число",
}

FIELD_NAMES = {
    "body": "тело запроса",
    "path": "адрес",
    "query": "параметр",
    "game_id": "номер игры",
    "step_number": "номер шага",
    "post_id": "номер поста",
    "roll_index": "номер броска",
    "page": "номер страницы",
    "per_page": "число игр на странице",
}


# Our own refusals (letopis.service.inputs) carry their Russian sentence in ``msg``.
OWN_ERRORS = ("unstorable_text", "unstorable_document")


def describe_validation(errors: list[dict[str, Any]]) -> str:
    """``номер игры: нужно целое число; text: не заполнено`` from FastAPI's error list."""
    parts = []
    for err in errors[:8]:
        loc = [_printable(x) for x in err.get("loc", ()) if x not in ("body", "query", "path", "form")]
        where = ".".join(FIELD_NAMES.get(x, x) for x in loc) or FIELD_NAMES.get(
            str((err.get("loc") or ("body",))[0]), "запрос")
        if err.get("type") in OWN_ERRORS:
            what = str(err.get("msg", ""))
        elif err.get("type") == "string_unicode":  # a lone surrogate, met by a constrained field
            what = "одиночный суррогат UTF-16 — это не символ, такой текст сохранить нельзя, уберите его"
        else:
            what = VALIDATION_MESSAGES.get(err.get("type", ""), "недопустимое значение")
        parts.append(f"{where}: {what}")
    return "; ".join(parts)


def _printable(part: Any) -> str:
    """A location part as it can be shown and sent back: NUL or a surrogate in a key as ``\\uXXXX``."""
    text = str(part)
    if unstorable(text) is None:
        return text
    return "".join(ch if unstorable(ch) is None else f"\\u{ord(ch):04x}" for ch in text)


def _user(request: Request):
    return getattr(request.state, "user", None)


async def service_error(request: Request, exc: ServiceError) -> Response:
    headers: dict[str, str] = {}
    retry_after = getattr(exc, "retry_after", None)
    if retry_after is not None:  # 429 too many log-ins, 503 busy
        headers["Retry-After"] = str(retry_after)
    if exc.status == 401 and wants_json(request.scope):
        headers["WWW-Authenticate"] = "Bearer"
    return error_response(request.scope, status=exc.status, code=exc.code, message=exc.message,
                          problems=exc.problems, user=_user(request), headers=headers or None)


async def unknown_ruleset(request: Request, exc: UnknownRuleset) -> Response:
    return error_response(request.scope, status=404, code="unknown_ruleset", message=str(exc),
                          user=_user(request))


async def auth_required(request: Request, exc: AuthRequired) -> Response:
    if wants_json(request.scope) or request.method not in ("GET", "HEAD"):
        headers = {"WWW-Authenticate": "Bearer"} if wants_json(request.scope) else None
        return error_response(request.scope, status=401, code=exc.code, message=exc.message,
                              headers=headers)
    target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse(f"/login?next={quote(target)}", status_code=303)


async def http_error(request: Request, exc: HTTPException) -> Response:
    code, message = HTTP_MESSAGES.get(exc.status_code, ("error", "Запрос не выполнен."))
    code = getattr(exc, "code", code)
    if isinstance(exc, BodyTooLarge):
        message = too_large_text(request.scope, exc.detail)
    elif isinstance(exc.detail, str) and _is_russian(exc.detail):
        message = exc.detail
    return error_response(request.scope, status=exc.status_code, code=code, message=message,
                          user=_user(request), headers=getattr(exc, "headers", None))


async def validation_error(request: Request, exc: RequestValidationError) -> Response:
    """422 with a Russian message; a form with text that cannot be stored (NUL, a lone surrogate)
    gets the page's error at 400 — a bad request, whose typed text the browser still holds."""
    errors = list(exc.errors())
    message = "Не получилось прочитать запрос: " + describe_validation(errors) + "."
    own = any(err.get("type") in (*OWN_ERRORS, "string_unicode") for err in errors)
    status = 400 if own and not wants_json(request.scope) else 422
    code = "unstorable_text" if own else "validation"
    return error_response(request.scope, status=status, code=code, message=message, user=_user(request))


async def unexpected(request: Request, exc: Exception) -> Response:
    log.exception("unexpected error on %s %s", request.method, request.url.path)
    return error_response(request.scope, status=500, code="internal",
                          message="Внутренняя ошибка сервера. Мы уже записали её; попробуйте ещё раз позже.")


def _is_russian(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in text)


def install(app: FastAPI) -> None:
    app.add_exception_handler(ServiceError, service_error)
    app.add_exception_handler(UnknownRuleset, unknown_ruleset)
    app.add_exception_handler(AuthRequired, auth_required)
    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Exception, unexpected)
