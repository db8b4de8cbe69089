"""Signed bearer tokens for the JSON API, and the "you must log in" refusal.

A token is the user id signed with the app's secret (itsdangerous, timestamped), so any app
process can check it without shared state. It expires after `TOKEN_MAX_AGE` seconds.
"""

from __future__ import annotations

from itsdangerous import BadSignature, URLSafeTimedSerializer

from letopis.settings import Settings

TOKEN_MAX_AGE = 30 * 24 * 3600
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


def make_token(settings: Settings, user_id: int) -> str:
    return _serializer(settings).dumps({"uid": user_id})


def read_token(settings: Settings, token: str, max_age: int = TOKEN_MAX_AGE) -> int | None:
    """The user id a token was issued for, or None if it is forged, malformed or expired."""
    try:
        data = _serializer(settings).loads(token, max_age=max_age)
    except (BadSignature, UnicodeError, ValueError):
        return None
    uid = data.get("uid") if isinstance(data, dict) else None
    return uid if isinstance(uid, int) else None


def safe_next(target: str | None, default: str = "/") -> str:
    """Only local paths are followed after log-in (no open redirects)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return default
    return target
