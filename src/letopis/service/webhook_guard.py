"""SSRF guard for webhooks: a user's URL must not make the server call into its own network.

A host is resolved with ``socket.getaddrinfo`` when the webhook is saved and again before every
delivery (a DNS answer can change in between); any loopback, private, link-local, multicast,
reserved or otherwise non-global address refuses the URL unless ``LETOPIS_WEBHOOK_ALLOW_PRIVATE``
is set. Delivery then connects to the very address that was checked (`pin`), so a second DNS answer
cannot slip in between the check and the connection.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import SplitResult, urlsplit

from .errors import Invalid

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def forbidden(ip: IPAddress) -> bool:
    """True for any address that is not a public Internet host."""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return (ip.is_loopback or ip.is_private or ip.is_link_local or ip.is_multicast or ip.is_reserved
            or ip.is_unspecified or not ip.is_global)


def _port(parts: SplitResult) -> int:
    try:
        port = parts.port
    except ValueError as exc:
        raise Invalid("В адресе вебхука неверный номер порта.", code="webhook_url_port") from exc
    return port or (443 if parts.scheme == "https" else 80)


def public_addresses(url: str) -> list[IPAddress]:
    """The addresses the URL's host resolves to, all public; raises Invalid otherwise."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = _port(parts)
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise Invalid(f"Не удалось найти сервер «{host}»: проверьте адрес вебхука.",
                      code="webhook_url_unresolved") from exc
    addresses = list(dict.fromkeys(ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in infos))
    if not addresses:
        raise Invalid(f"Не удалось найти сервер «{host}»: проверьте адрес вебхука.", code="webhook_url_unresolved")
    for ip in addresses:
        if forbidden(ip):
            raise Invalid(f"Адрес вебхука ведёт во внутреннюю сеть ({ip}): уведомления отправляются только "
                          "на публичные серверы в интернете.", code="webhook_url_private")
    return addresses


def pin(url: str, ip: IPAddress) -> tuple[str, str, str]:
    """(URL with the host replaced by ``ip``, the original Host header, the TLS server name)."""
    parts = urlsplit(url)
    literal = f"[{ip}]" if ip.version == 6 else str(ip)
    netloc = literal if parts.port is None else f"{literal}:{parts.port}"
    return parts._replace(netloc=netloc).geturl(), parts.netloc, parts.hostname or ""
