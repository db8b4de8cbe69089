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

    def check(self) -> None:
        if self.environment == "production" and self.secret_key == DEV_SECRET:
            raise RuntimeError("LETOPIS_SECRET_KEY must be set in production")


@cache
def get_settings() -> Settings:
    settings = Settings()
    settings.check()
    return settings
