"""A local SMTP server for the e-mail tests (aiosmtpd on 127.0.0.1), and the settings that point
Letopis at it.

`MailCatcher` keeps every message it accepted, parsed; ``replies`` queues answers to give instead
of accepting the next messages (``"451 4.3.0 Попробуйте позже"`` refuses one for now,
``"550 5.1.1 Нет такого ящика"`` for good). It asks for a log-in and records who logged in.
`serve` (the ``smtp`` fixture of tests/conftest.py) starts one and points the settings at it.
"""

from __future__ import annotations

import logging
import re
import socket
from collections.abc import Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from urllib.parse import urlsplit

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from letopis.settings import get_settings

USERNAME = "letopis"
PASSWORD = "smtp-secret"
SENDER = "Летопись <letopis@example.org>"
BASE_URL = "https://letopis.example.org"
LINK_RE = re.compile(r"https://letopis\.example\.org/\S+")

# aiosmtpd warns on every log-in that an attribute it sets itself is deprecated
logging.getLogger("mail.log").setLevel(logging.ERROR)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class MailCatcher:
    """The aiosmtpd handler: accepts, refuses on demand, remembers."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.replies: list[str] = []  # answers to DATA to give before accepting again
        self.rcpt_replies: list[str] = []  # answers to RCPT TO
        self.logins: list[str] = []
        self.port = _free_port()
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port, auth_require_tls=False,
                                     authenticator=self._authenticate)

    def start(self) -> MailCatcher:
        self.controller.start()
        return self

    def stop(self) -> None:
        self.controller.stop()

    def _authenticate(self, server, session, envelope, mechanism, auth_data) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login.decode() == USERNAME
              and auth_data.password.decode() == PASSWORD)
        if ok:
            self.logins.append(USERNAME)
        return AuthResult(success=ok, handled=False)

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.rcpt_replies:
            return self.rcpt_replies.pop(0)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if self.replies:
            return self.replies.pop(0)
        self.messages.append(message_from_bytes(envelope.content, policy=policy.default))
        return "250 2.0.0 Принято"

    # --- reading what came ------------------------------------------------------------------
    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.messages if address in str(m["To"])]


def env(catcher: MailCatcher, **overrides: str) -> dict[str, str]:
    """LETOPIS_* variables that send through ``catcher`` (plain SMTP with a log-in on loopback)."""
    values = {"LETOPIS_SMTP_HOST": "127.0.0.1", "LETOPIS_SMTP_PORT": str(catcher.port),
              "LETOPIS_SMTP_SECURITY": "none", "LETOPIS_SMTP_USERNAME": USERNAME,
              "LETOPIS_SMTP_PASSWORD": PASSWORD, "LETOPIS_SMTP_FROM": SENDER, "LETOPIS_BASE_URL": BASE_URL}
    values.update(overrides)
    return values


def text_of(message: EmailMessage) -> str:
    """The plain-text part, with the wire's CRLF line ends as plain newlines."""
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def html_of(message: EmailMessage) -> str:
    return message.get_body(preferencelist=("html",)).get_content().replace("\r\n", "\n")


def links(message: EmailMessage) -> list[str]:
    return LINK_RE.findall(text_of(message))


def path_of(link: str) -> str:
    return urlsplit(link).path


def set_env(monkeypatch, values: dict[str, str]) -> None:
    """Set LETOPIS_* variables and let the settings read them again."""
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    get_settings.cache_clear()


def serve(monkeypatch) -> Iterator[MailCatcher]:
    """A running `MailCatcher` that the settings send through, stopped afterwards."""
    catcher = MailCatcher().start()
    set_env(monkeypatch, env(catcher))
    yield catcher
    catcher.stop()
    get_settings.cache_clear()
