"""Signed bearer tokens for the JSON API, and the "you must log in" refusal.

A token is the user id and the id of its row in ``api_tokens`` signed with the app's secret
(itsdangerous, timestamped): the signature proves who issued it without a query, the row says
whether its owner revoked it and when it expires (``api_token_days``; see service.tokens). Tokens
of earlier versions (no row id) are refused: their owners log in again.
"""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

from letopis.settings import Settings

TOKEN_MAX_AGE = 7 * 24 * 3600  # the default lifetime (Settings.api_token_days)
_SALT = "letopis-api-token"


class AuthRequired(Exception):
    """No (valid) identity: pages redirect to the log-in form, the API answers 401."""

    def __init__(self, message: str, *, code: str = "auth_required") -> None:
        super().__init__(message)
        self.message = message
        self.code = code


_serializers: dict[str, URLSafeTimedSerializer] = {}


def _serializer(settings: Settings) -> URLSafeTimedSerializer:
    """One serializer per secret (building one costs ~30 µs a request; it keeps no per-call state)."""
    key = settings.secret_key
    got = _serializers.get(key)
    if got is None:
        if len(_serializers) >= 8:  # tests make apps with many secrets
            _serializers.clear()
        got = _serializers[key] = URLSafeTimedSerializer(key, salt=_SALT)
    return got


def token_max_age(settings: Settings) -> int:
    return int(settings.api_token_days * 24 * 3600)


def make_token(settings: Settings, user_id: int, token_id: int) -> str:
    return _serializer(settings).dumps({"uid": user_id, "tid": token_id})


def read_token(settings: Settings, token: str, max_age: int | None = None) -> tuple[int, int] | None:
    """(user id, token row id) of a token, or None if it is forged, malformed, older than the
    lifetime or of an earlier version. Whether its row is revoked or expired is the caller's
    question (one the database answers)."""
    try:
        data = _serializer(settings).loads(token, max_age=token_max_age(settings) if max_age is None else max_age)
    except (BadSignature, UnicodeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    uid, tid = data.get("uid"), data.get("tid")
    if type(uid) is not int or type(tid) is not int or not (0 < uid < 2**31 and 0 < tid < 2**31):
        return None
    return uid, tid


def client_address(request) -> str | None:
    """The client's address as the server sees it (uvicorn's ``--proxy-headers`` puts a trusted
    proxy's X-Forwarded-For here)."""
    return request.client.host if request.client else None


def safe_next(target: str | None, default: str = "/") -> str:
    """Only local paths are followed after log-in (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target
