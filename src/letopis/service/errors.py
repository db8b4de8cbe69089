"""Service errors: each carries an HTTP-like status, a stable code and a Russian message.

The web layer renders any `ServiceError` the same way (HTML page or JSON
``{"code", "message", "problems"}``); the CLI prints the message.
"""

from __future__ import annotations

from letopis.engine.problems import Problem


class ServiceError(Exception):
    """Base of every refusal the service gives; nothing was changed when one is raised."""

    status: int = 400
    code: str = "error"

    def __init__(self, message: str, *, code: str | None = None, problems: list[Problem] | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.problems: list[Problem] = list(problems or [])

    def as_dict(self) -> dict:
        return {
            "code": self.code,
            "message": self.message,
            "problems": [p.model_dump(mode="json") for p in self.problems],
        }


class NotFound(ServiceError):
    status = 404
    code = "not_found"


class Forbidden(ServiceError):
    status = 403
    code = "forbidden"


class Conflict(ServiceError):
    """The request does not fit the game's current state (a stale step, a taken seat…)."""

    status = 409
    code = "conflict"


class Invalid(ServiceError):
    """The input is wrong (a post with errors, bad options); ``problems`` says where."""

    status = 422
    code = "invalid"


class TooLarge(ServiceError):
    status = 413
    code = "too_large"


class Unauthorized(ServiceError):
    """The credentials are missing, wrong, revoked or expired (the API answers 401)."""

    status = 401
    code = "bad_token"


class TooManyAttempts(ServiceError):
    """Too many log-in attempts for an account or from an address: try again in ``retry_after``
    seconds (429 with Retry-After); the password was not checked."""

    status = 429
    code = "too_many_attempts"

    def __init__(self, message: str, *, retry_after: int, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = max(1, int(retry_after))


class Busy(ServiceError):
    """The server cannot take this now (too many passwords waiting to be checked): 503 with
    Retry-After; nothing was counted or changed."""

    status = 503
    code = "busy"

    def __init__(self, message: str, *, retry_after: int = 2, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = max(1, int(retry_after))
