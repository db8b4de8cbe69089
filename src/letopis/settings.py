"""Settings from the environment (prefix ``LETOPIS_``, plus plain ``DATABASE_URL``)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from pydantic import AliasChoices, Field
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
