"""Log-in with throttling per account and per client address, shared by every app process.

Each attempt is counted in ``login_attempts`` *before* the password is hashed — one upsert for the
account's row and the address's row, so concurrent attempts from several processes cannot slip
past the limit together. Over the limit the attempt is refused at once (`TooManyAttempts`: 429 with
Retry-After) without hashing, even when the password is right, so a flood costs the server one
short statement per attempt. A window is fixed: it starts with the first attempt counted and ends
``window`` seconds later; the next attempt after it starts a new one. A successful log-in clears
its account's row and gives its address one attempt back (many people behind one address).

An address is the client's IP address as the app sees it (behind a reverse proxy run uvicorn with
``--proxy-headers`` and ``--forwarded-allow-ips``); IPv6 addresses count per /64 network.
"""

from __future__ import annotations

import hashlib
import ipaddress
import math
from dataclasses import dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

from letopis.engine.text_words import plural

from .errors import Busy, TooManyAttempts
from .schemas import UserOut
from .users import LOGIN_RE, authenticate


@dataclass(frozen=True)
class LoginLimits:
    per_account: int = 5
    per_address: int = 30
    window_seconds: int = 900

    @classmethod
    def from_settings(cls, settings) -> LoginLimits:
        return cls(per_account=settings.login_max_failures, per_address=settings.login_max_failures_per_address,
                   window_seconds=settings.login_window_seconds)


ACCOUNT, ADDRESS = "login:", "addr:"
_CAP = 1_000_000  # a counter stops here (a flood cannot overflow it)

_COUNT = text(f"""
INSERT INTO login_attempts (key, window_start, attempts)
SELECT k, now(), 1 FROM unnest(CAST(:keys AS text[])) AS k
ON CONFLICT (key) DO UPDATE SET
  attempts = CASE WHEN login_attempts.window_start <= now() - make_interval(secs => :window) THEN 1
                  ELSE least(login_attempts.attempts + 1, {_CAP}) END,
  window_start = CASE WHEN login_attempts.window_start <= now() - make_interval(secs => :window) THEN now()
                      ELSE login_attempts.window_start END
RETURNING key, attempts,
  extract(epoch FROM login_attempts.window_start + make_interval(secs => :window) - now())
""")
_UNCOUNT = text("UPDATE login_attempts SET attempts = greatest(attempts - 1, 0) WHERE key = ANY(CAST(:keys AS text[]))")
_CLEAR = text("DELETE FROM login_attempts WHERE key = :key")
_STALE = text("DELETE FROM login_attempts WHERE window_start < now() - make_interval(secs => :window)")


def account_key(login: str) -> str:
    """``login:<name>`` for a login that can exist, else a digest (any text fits the column)."""
    name = (login or "").strip().lower()
    if LOGIN_RE.match(name):
        return ACCOUNT + name
    return ACCOUNT + "#" + hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def address_key(address: str | None) -> str | None:
    if not address:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ADDRESS + "#" + hashlib.sha256(address.encode("utf-8", "surrogatepass")).hexdigest()[:40]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return ADDRESS + str(ip.ipv4_mapped)
        return ADDRESS + str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return ADDRESS + str(ip)


def wait_text(seconds: int) -> str:
    """«через 40 секунд», «через 15 минут», «через 1 час»: a wait as people say it."""
    if seconds < 60:
        return f"через {seconds} {plural(seconds, 'секунду', 'секунды', 'секунд')}"
    minutes = math.ceil(seconds / 60)
    if minutes < 60:
        return f"через {minutes} {plural(minutes, 'минуту', 'минуты', 'минут')}"
    hours = math.ceil(minutes / 60)
    return f"через {hours} {plural(hours, 'час', 'часа', 'часов')}"


def count_attempt(db: Session, *, login: str, address: str | None, limits: LoginLimits) -> list[str]:
    """Count one attempt for the account and the address; `TooManyAttempts` when either is over its
    limit. Returns the keys counted (to give back if the attempt could not be made)."""
    keys = sorted(k for k in (address_key(address), account_key(login)) if k)  # one lock order
    rows = db.execute(_COUNT, {"keys": keys, "window": limits.window_seconds}).all()
    db.commit()
    wait = 0
    account_over = False
    for key, attempts, left in rows:
        limit = limits.per_account if key.startswith(ACCOUNT) else limits.per_address
        if attempts > limit:
            wait = max(wait, math.ceil(float(left)))
            account_over = account_over or key.startswith(ACCOUNT)
    if wait:
        wait = max(1, wait)
        whom = "для этой учётной записи" if account_over else "с вашего адреса"
        raise TooManyAttempts(f"Слишком много попыток входа {whom}. Попробуйте снова {wait_text(wait)}.",
                              retry_after=wait)
    return keys


def log_in(db: Session, *, login: str, password: str, address: str | None,
           limits: LoginLimits | None = None) -> UserOut | None:
    """The user when the password matches, None when it does not; `TooManyAttempts` (nothing hashed)
    when the account or the address has used up its attempts; `Busy` when too many passwords
    wait to be checked in this process (the attempt is then not counted)."""
    limits = limits or LoginLimits()
    keys = count_attempt(db, login=login, address=address, limits=limits)
    try:
        user = authenticate(db, login=login, password=password)
    except Busy:
        db.rollback()
        db.execute(_UNCOUNT, {"keys": keys})
        db.commit()
        raise
    if user is not None:
        db.execute(_CLEAR, {"key": account_key(login)})
        db.execute(_UNCOUNT, {"keys": [k for k in keys if k.startswith(ADDRESS)]})
        db.execute(_STALE, {"window": limits.window_seconds})
        db.commit()
    return user
