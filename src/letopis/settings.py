"""Settings from the environment (prefix ``LETOPIS_``, plus plain ``DATABASE_URL``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parents[2]
DEV_SECRET = "letopis-development-secret-change-me"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="LETOPIS_", env_file=".env", extra="ignore")

    database_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_URL", "LETOPIS_DATABASE_URL")
    )
    # a read replica of DATABASE_URL: read-only pages for visitors who are not signed in come from it
    database_replica_url: str | None = Field(
        default=None, validation_alias=AliasChoices("DATABASE_REPLICA_URL", "LETOPIS_DATABASE_REPLICA_URL")
    )
    # server-side prepared statements (psycopg prepares a query after a few uses on a connection);
    # off behind PgBouncer older than 1.21 in transaction mode, which cannot keep them
    prepared_statements: bool = True
    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = PROJECT_ROOT / ".letopis"
    secret_key: str = DEV_SECRET
    environment: str = "development"  # "production" refuses the development secret
    demo: bool = True  # create the demo games on start when none exist
    max_post_chars: int = 20_000
    base_url: str | None = None  # how the public reaches us, for absolute links; None: http://host:port
    webhook_allow_private: bool = False  # let webhooks call loopback/private addresses (tests, intranets)
    # log-in throttling (shared by every app process through PostgreSQL): attempts counted per account
    # and per client address in a window; over the limit a log-in gets 429 with Retry-After, unhashed
    login_max_failures: int = Field(default=5, ge=1)  # per account in a window
    login_max_failures_per_address: int = Field(default=30, ge=1)  # per client address in a window
    login_window_seconds: int = Field(default=900, ge=1)
    password_hash_concurrency: int = Field(default=1, ge=1)  # argon2 hashes at once in one process
    password_hash_queue: int = Field(default=8, ge=0)  # log-ins waiting for a hash; more get 503
    api_token_days: float = Field(default=7, gt=0)  # lifetime of a new API token
    deadline_interval_seconds: float = Field(default=30.0, gt=0)  # how often each process tries the worker
    slow_request_seconds: float = 1.0  # requests slower than this are logged (0 or less: never)
    # e-mail notifications: off until both a host and a from-address are given; the worker alone
    # talks to the server, so a wrong value shows in the delivery log, never in a request
    smtp_host: str | None = None
    smtp_port: int | None = Field(default=None, ge=1, le=65535)  # None: 465 for ssl, 587 for starttls, 25
    smtp_security: Literal["starttls", "ssl", "none"] = "starttls"
    smtp_username: str | None = None
    smtp_password: SecretStr | None = None
    smtp_from: str | None = None  # «Летопись <letopis@example.org>»
    smtp_timeout_seconds: float = Field(default=10.0, gt=0)

    @field_validator("smtp_security", mode="before")
    @classmethod
    def _security_in_any_case(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("smtp_host", "smtp_username", "smtp_from", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @property
    def email_enabled(self) -> bool:
        """Whether letters can be sent at all (a host and a from-address are set)."""
        return bool(self.smtp_host and self.smtp_from)

    @property
    def smtp_port_or_default(self) -> int:
        return self.smtp_port or {"ssl": 465, "starttls": 587}.get(self.smtp_security, 25)

    @property
    def public_url(self) -> str:
        """The site's root for absolute links, without a trailing slash."""
        return (self.base_url or f"http://{self.host}:{self.port}").rstrip("/")

    def check(self) -> None:
        if self.environment == "production" and self.secret_key == DEV_SECRET:
            raise RuntimeError("LETOPIS_SECRET_KEY must be set in production")


@cache
def get_settings() -> Settings:
    settings = Settings()
    settings.check()
    return settings
