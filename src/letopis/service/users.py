"""Users: registration and password checks (argon2)."""

from __future__ import annotations

import re

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from letopis.db.models import User
from letopis.timezones import DEFAULT_ZONE, is_zone

from ._common import load_user, now, transactional
from .errors import Conflict, Invalid
from .gate import Gate
from .inputs import check_name, require_storable, unstorable
from .schemas import UserOut

_hasher = PasswordHasher()
LOGIN_RE = re.compile(r"^[\w.\-]{2,64}$")
MIN_PASSWORD = 4  # the demo's «demo»; a real deployment can ask for more on its forms


def _out(user: User) -> UserOut:
    return UserOut(id=user.id, login=user.login, display_name=user.display_name, is_admin=user.is_admin,
                   created_at=user.created_at, time_zone=user.time_zone or DEFAULT_ZONE)


class HashGate(Gate):
    """At most ``concurrency`` argon2 hashes at once in this process, and at most ``queue`` more
    waiting for their turn (a thread each); the next log-in gets `Busy` at once. A flood of log-ins
    then takes one core's share at most, and never every worker thread."""

    def __init__(self, concurrency: int = 1, queue: int = 8) -> None:
        super().__init__(concurrency, queue, busy_code="login_busy",
                         busy_message="Сервер сейчас проверяет слишком много паролей сразу. "
                                      "Попробуйте войти через пару секунд.")


hash_gate = HashGate()


def configure_password_hashing(*, concurrency: int, queue: int) -> None:
    """Set this process's hashing bounds (the app does it from its settings)."""
    if (concurrency, queue) != (hash_gate.concurrency, hash_gate.queue):
        hash_gate.configure(concurrency, queue)


def hash_password(password: str) -> str:
    with hash_gate.slot():
        return _hasher.hash(password)


def _verify(password_hash: str, password: str) -> bool:
    with hash_gate.slot():
        try:
            return _hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False


@transactional
def register_user(db: Session, *, login: str, password: str, display_name: str) -> UserOut:
    """Create a user; Invalid for a bad login/password/name, Conflict when the login is taken."""
    login = (login or "").strip().lower()
    display_name = (display_name or "").strip()
    if not LOGIN_RE.match(login):
        raise Invalid("Логин: от 2 до 64 знаков — буквы, цифры, точка, дефис или подчёркивание.",
                      code="bad_login")
    if len(password or "") < MIN_PASSWORD:
        raise Invalid(f"Пароль слишком короткий: нужно не меньше {MIN_PASSWORD} знаков.", code="bad_password")
    if len(password) > 1024:
        raise Invalid("Пароль слишком длинный.", code="bad_password")
    if not display_name or len(display_name) > 100:
        raise Invalid("Имя для показа: от 1 до 100 знаков.", code="bad_display_name")
    display_name = check_name(display_name, "Имя для показа", code="bad_display_name")
    require_storable(password, "Пароль")
    if db.scalar(select(func.count(User.id)).where(User.login == login)):
        raise Conflict(f"Логин «{login}» уже занят.", code="login_taken")
    user = User(login=login, display_name=display_name, password_hash=hash_password(password), created_at=now())
    db.add(user)
    try:
        db.flush()
    except IntegrityError as exc:  # a concurrent registration took it first
        raise Conflict(f"Логин «{login}» уже занят.", code="login_taken") from exc
    return _out(user)


def authenticate(db: Session, *, login: str, password: str) -> UserOut | None:
    """The user when the password matches, else None (no hint which part was wrong)."""
    if unstorable(login or "") or unstorable(password or ""):  # no such login or password can exist
        hash_password("x")
        return None
    user = db.scalars(select(User).where(User.login == (login or "").strip().lower())).one_or_none()
    password_hash = user.password_hash if user is not None else None
    if not (db.new or db.dirty or db.deleted):
        db.rollback()  # no transaction (and no connection) held while the hash waits its turn
    if password_hash is None:
        hash_password(password or "")  # spend the same time as a real check
        return None
    if not _verify(password_hash, password or ""):
        return None
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
        db.commit()
    return _out(user)


def get_user(db: Session, user_id: int) -> UserOut:
    """A user by id; NotFound otherwise."""
    return _out(load_user(db, user_id))


def get_user_by_login(db: Session, login: str) -> UserOut | None:
    if unstorable(login or ""):
        return None
    user = db.scalars(select(User).where(User.login == (login or "").strip().lower())).one_or_none()
    return _out(user) if user else None


@transactional
def set_admin(db: Session, *, user_id: int, is_admin: bool = True) -> UserOut:
    """Grant or revoke the admin role (admins may act as GM of any game)."""
    user = load_user(db, user_id)
    user.is_admin = is_admin
    return _out(user)


@transactional
def set_time_zone(db: Session, *, user_id: int, time_zone: str) -> UserOut:
    """Choose the IANA zone the pages show this user's times in («Europe/Moscow», «Asia/Omsk»)."""
    name = (time_zone or "").strip()
    require_storable(name, "Часовой пояс")
    if not is_zone(name):
        shown = name if len(name) <= 64 else name[:64] + "…"
        raise Invalid(f"Часовой пояс «{shown}» не найден. Выберите пояс из списка на странице настроек "
                      "или укажите его имя по базе IANA, например Europe/Moscow.", code="bad_time_zone")
    user = load_user(db, user_id)
    user.time_zone = name
    return _out(user)
