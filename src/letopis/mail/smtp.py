"""Handing messages to the SMTP server of the settings: one connection for a batch, STARTTLS or
SSL as configured, and every failure turned into an `Outcome` for the delivery log — nothing here
raises, so a wrong host, port or password shows in the log and the worker goes on.

A reply in the 5xx range to the recipient or the message (RCPT, DATA), or an address the server
cannot take (non-ASCII without SMTPUTF8), is permanent: sending the same letter again would get the
same answer. Everything else (no connection, no STARTTLS, a timeout, a 4xx "try later", a refused
log-in or sender, which a corrected setting cures) is tried again later.
"""

from __future__ import annotations

import smtplib
import ssl
import time
from dataclasses import dataclass
from email.message import EmailMessage
from typing import Self

from letopis.settings import Settings

MAX_ERROR = 500


@dataclass(frozen=True)
class Outcome:
    """One attempt: the server's reply code (when it gave one), the error (None: accepted),
    whether trying again is pointless, and how long it took."""

    code: int | None
    error: str | None
    permanent: bool
    ms: int

    @property
    def ok(self) -> bool:
        return self.error is None


def _reply(code: int, message: bytes | str) -> str:
    text = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return f"SMTP {code}: {' '.join(text.split())}"[:MAX_ERROR]


class Mailer:
    """Sends messages through one SMTP connection, opened on the first message and opened again
    after a failure; use it as a context manager so the connection is closed."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._smtp: smtplib.SMTP | None = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is None:
            return
        try:
            smtp.quit()
        except (smtplib.SMTPException, OSError):
            smtp.close()

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if not s.smtp_host:
            raise smtplib.SMTPException("отправка писем не настроена: задайте LETOPIS_SMTP_HOST")
        host, port, timeout = s.smtp_host, s.smtp_port_or_default, s.smtp_timeout_seconds
        if s.smtp_security == "ssl":
            smtp: smtplib.SMTP = smtplib.SMTP_SSL(host, port, timeout=timeout,
                                                  context=ssl.create_default_context())
        else:
            smtp = smtplib.SMTP(host, port, timeout=timeout)
        try:
            smtp.ehlo()
            if s.smtp_security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
                smtp.ehlo()
            if s.smtp_username:
                password = s.smtp_password.get_secret_value() if s.smtp_password else ""
                smtp.login(s.smtp_username, password)
        except BaseException:
            smtp.close()
            raise
        return smtp

    def send(self, message: EmailMessage) -> Outcome:
        started = time.monotonic()

        def outcome(code: int | None, error: str | None, permanent: bool = False) -> Outcome:
            return Outcome(code, error, permanent, int((time.monotonic() - started) * 1000))

        if self._smtp is None:
            try:
                self._smtp = self._connect()
            except smtplib.SMTPResponseException as exc:  # a refused greeting, STARTTLS or log-in
                return outcome(exc.smtp_code, _reply(exc.smtp_code, exc.smtp_error))
            except (smtplib.SMTPException, OSError, UnicodeError, ValueError) as exc:  # incl. no STARTTLS
                return outcome(None, f"{type(exc).__name__}: {exc}"[:MAX_ERROR])
        try:
            refused = self._smtp.send_message(message)
        except smtplib.SMTPRecipientsRefused as exc:
            code, text = next(iter(exc.recipients.values()))
            return outcome(code, _reply(code, text), permanent=code >= 500)
        except smtplib.SMTPDataError as exc:
            return outcome(exc.smtp_code, _reply(exc.smtp_code, exc.smtp_error), permanent=exc.smtp_code >= 500)
        except smtplib.SMTPNotSupportedError as exc:  # an address that needs SMTPUTF8 the server lacks
            self.close()
            return outcome(None, f"{type(exc).__name__}: {exc}"[:MAX_ERROR], permanent=True)
        except smtplib.SMTPResponseException as exc:  # a refused sender, a 4xx to MAIL FROM
            self.close()
            return outcome(exc.smtp_code, _reply(exc.smtp_code, exc.smtp_error))
        except (smtplib.SMTPException, OSError, UnicodeError, ValueError) as exc:
            self.close()  # no connection, TLS failed, a timeout, a dropped line: try again later
            return outcome(None, f"{type(exc).__name__}: {exc}"[:MAX_ERROR])
        if refused:  # some recipients refused (we send to one, so this is that one)
            code, text = next(iter(refused.values()))
            return outcome(code, _reply(code, text), permanent=code >= 500)
        return outcome(250, None)
