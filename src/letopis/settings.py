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
    host: str = "127.0.0.1"
    port: int = 8000
    data_dir: Path = PROJECT_ROOT / ".letopis"
    secret_key: str = DEV_SECRET
    environment: str = "development"  # "production" refuses the development secret
    demo: bool = True  # create the demo games on start when none exist
    max_post_chars: int = 20_000
    base_url: str | None = None  # how the public reaches us, for absolute links; None: http://host:port
    webhook_allow_private: bool = False  # let webhooks call loopback/private addresses (tests, intranets)

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
