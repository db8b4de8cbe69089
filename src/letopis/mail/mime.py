"""One letter as a MIME message: plain text with an HTML alternative, and the headers a mail
client needs to treat it as an automatic notice with a one-click unsubscribe (RFC 8058)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid, parseaddr


class SenderError(ValueError):
    """``LETOPIS_SMTP_FROM`` is not an e-mail address (the message says so in Russian)."""


@dataclass(frozen=True)
class Letter:
    """What one letter says, to whom, and where its unsubscribe link leads (None: a letter the
    recipient did not subscribe to, such as the address's confirmation)."""

    to: str
    to_name: str
    subject: str
    text: str
    html: str
    unsubscribe_url: str | None = None


def sender_address(value: str) -> Address:
    """``LETOPIS_SMTP_FROM`` («Летопись <letopis@example.org>» or a bare address) as an Address."""
    name, addr = parseaddr(value or "")
    user, at, domain = addr.rpartition("@")
    if not at or not user or not domain or any(c.isspace() for c in addr):
        raise SenderError(f"LETOPIS_SMTP_FROM «{value}» — не адрес электронной почты")
    return Address(display_name=name, username=user, domain=domain)


def build(letter: Letter, *, sender: Address, moment: datetime) -> EmailMessage:
    """The message ready for `smtplib.SMTP.send_message`."""
    message = EmailMessage()
    message["From"] = sender
    user, _, domain = letter.to.rpartition("@")
    message["To"] = Address(display_name=letter.to_name, username=user, domain=domain)
    message["Subject"] = letter.subject
    message["Date"] = format_datetime(moment)
    message["Message-ID"] = make_msgid(domain=sender.domain)
    message["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies to a notice
    if letter.unsubscribe_url:
        message["List-Unsubscribe"] = f"<{letter.unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(letter.text, cte="quoted-printable")
    message.add_alternative(letter.html, subtype="html", cte="quoted-printable")
    return message
