"""Webhook SSRF guard and absolute payload links.

No test here talks to a non-loopback host: names other than «localhost» resolve through a patched
``getaddrinfo`` and requests go to an ``httpx.MockTransport`` that records them.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterator
from datetime import UTC, datetime

import httpx
import pytest
from sqlalchemy import select
from support.dbtools import post

from letopis import service
from letopis.db.models import Notification
from letopis.service import notify, webhook_guard
from letopis.settings import Settings, get_settings

PUBLIC_IP = "93.184.216.34"
NAME = "hooks.example.test"


@pytest.fixture
def settings_env(monkeypatch) -> Iterator[Callable[..., None]]:
    """Default settings for webhooks and links; ``settings_env(NAME=value)`` sets LETOPIS_NAME."""
    for name in ("WEBHOOK_ALLOW_PRIVATE", "BASE_URL", "HOST", "PORT"):
        monkeypatch.delenv(f"LETOPIS_{name}", raising=False)
    get_settings.cache_clear()

    def set_env(**values: str) -> None:
        for name, value in values.items():
            monkeypatch.setenv(f"LETOPIS_{name}", value)
        get_settings.cache_clear()

    yield set_env
    get_settings.cache_clear()


@pytest.fixture
def dns(monkeypatch) -> dict[str, str]:
    """Answers for ``getaddrinfo`` by host name; change the dict to change the answer."""
    answers = {NAME: PUBLIC_IP}
    real = socket.getaddrinfo

    def fake(host, port, *args, **kwargs):
        if host in answers:
            ip = ipaddress.ip_address(answers[host])
            family = socket.AF_INET if ip.version == 4 else socket.AF_INET6
            return [(family, socket.SOCK_STREAM, 6, "", (str(ip), port))]
        if host in ("localhost", "127.0.0.1", "::1", "10.0.0.1"):
            return real(host, port, *args, **kwargs)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(webhook_guard.socket, "getaddrinfo", fake)
    return answers


class Recorder:
    """An httpx client whose transport records requests instead of sending them."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []
        self.client = httpx.Client(transport=httpx.MockTransport(self._handle))

    def _handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return httpx.Response(200)


@pytest.mark.parametrize("url", ["http://127.0.0.1/", "http://10.0.0.1/", "http://[::1]/", "http://localhost/",
                                 "https://localhost:8443/hook"])
def test_private_addresses_are_refused_by_default(db, make_user, settings_env, url):
    user = make_user("ann")
    with pytest.raises(service.Invalid) as caught:
        service.set_webhook(db, user_id=user.id, url=url, events=["your_turn"])
    assert caught.value.code == "webhook_url_private"
    assert "внутреннюю сеть" in caught.value.message
    assert service.get_webhook(db, user_id=user.id) is None


def test_the_setting_allows_private_addresses(db, make_user, settings_env):
    user = make_user("ann")
    settings_env(WEBHOOK_ALLOW_PRIVATE="true")
    assert get_settings().webhook_allow_private
    assert service.set_webhook(db, user_id=user.id, url="http://127.0.0.1:9/", events=["your_turn"]).url
    # an explicit argument (the web layer passes its app's settings) wins over the environment
    with pytest.raises(service.Invalid):
        service.set_webhook(db, user_id=user.id, url="http://10.0.0.1/", events=["your_turn"], allow_private=False)


def test_a_public_name_is_accepted_and_an_unknown_one_refused(db, make_user, settings_env, dns):
    user = make_user("ann")
    assert service.set_webhook(db, user_id=user.id, url=f"https://{NAME}/hook", events=["your_turn"]).url
    with pytest.raises(service.Invalid) as caught:
        service.set_webhook(db, user_id=user.id, url="https://nowhere.invalid/", events=["your_turn"])
    assert caught.value.code == "webhook_url_unresolved" and "Не удалось найти сервер" in caught.value.message
    dns[NAME] = "169.254.169.254"  # the cloud metadata address
    with pytest.raises(service.Invalid) as caught:
        service.set_webhook(db, user_id=user.id, url=f"https://{NAME}/hook", events=["your_turn"])
    assert caught.value.code == "webhook_url_private"


@pytest.mark.parametrize("address", ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254",
                                     "224.0.0.1", "240.0.0.1", "0.0.0.0", "100.64.0.1", "::1", "fe80::1",
                                     "fc00::1", "ff02::1", "::ffff:127.0.0.1", "::"])
def test_non_public_addresses_are_forbidden(address):
    assert webhook_guard.forbidden(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", [PUBLIC_IP, "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_pass(address):
    assert not webhook_guard.forbidden(ipaddress.ip_address(address))


def _queue_your_turn(db, race_game, url: str, **kwargs):
    game = race_game()
    service.set_webhook(db, user_id=race_game.ann.id, url=url, events=["your_turn"], **kwargs)
    assert service.run_worker(db, deliver=False).queued == 1
    return game


def test_delivery_checks_the_address_again(db, race_game, settings_env):
    """A webhook saved while private addresses were allowed is not called once they are not."""
    _queue_your_turn(db, race_game, "http://127.0.0.1:9/hook", allow_private=True)
    recorder = Recorder()
    assert notify.deliver_due(db, datetime.now(UTC), client=recorder.client) == (0, 1)
    assert recorder.requests == []
    [log] = service.deliveries(db, user_id=race_game.ann.id)
    assert log.status_code is None and "внутреннюю сеть" in log.error and log.status == "pending"


def test_a_name_that_now_resolves_inside_is_not_called(db, race_game, settings_env, dns):
    """DNS rebinding: public when saved, loopback when delivered."""
    _queue_your_turn(db, race_game, f"http://{NAME}:8080/hook")
    dns[NAME] = "127.0.0.1"
    recorder = Recorder()
    assert notify.deliver_due(db, datetime.now(UTC), client=recorder.client) == (0, 1)
    assert recorder.requests == []
    assert "127.0.0.1" in service.deliveries(db, user_id=race_game.ann.id)[0].error


def test_delivery_connects_to_the_checked_address(db, race_game, settings_env, dns):
    """The request goes to the address that passed the check, with the original Host and TLS name."""
    _queue_your_turn(db, race_game, f"https://{NAME}/hook?x=1")
    recorder = Recorder()
    assert notify.deliver_due(db, datetime.now(UTC), client=recorder.client) == (1, 0)
    [request] = recorder.requests
    assert str(request.url) == f"https://{PUBLIC_IP}/hook?x=1"
    assert request.headers["host"] == NAME and request.extensions["sni_hostname"] == NAME


def test_pin_keeps_the_port_and_brackets_ipv6():
    url, host, name = webhook_guard.pin(f"http://{NAME}:8080/a?b=c", ipaddress.ip_address("2606:4700::1"))
    assert (url, host, name) == ("http://[2606:4700::1]:8080/a?b=c", f"{NAME}:8080", NAME)


def test_payload_links_are_absolute_by_default(db, race_game, settings_env):
    game = _queue_your_turn(db, race_game, "http://127.0.0.1:9/hook", allow_private=True)
    payload = db.scalars(select(Notification)).one().payload
    assert payload["link"] == f"http://127.0.0.1:8000/games/{game.id}/post"


def test_base_url_makes_payload_links_absolute(db, race_game, settings_env):
    settings_env(BASE_URL="https://letopis.example/")
    game = race_game()
    service.set_webhook(db, user_id=race_game.gm.id, url="http://127.0.0.1:9/hook", events=["step_published"],
                        allow_private=True)
    service.set_webhook(db, user_id=race_game.ann.id, url="http://127.0.0.1:9/hook", events=["your_turn"],
                        allow_private=True)
    service.run_worker(db, deliver=False)
    links = {n.event: n.payload["link"] for n in db.scalars(select(Notification))}
    assert links == {"your_turn": f"https://letopis.example/games/{game.id}/post"}
    post(db, game, "a", "ставка 1")
    post(db, game, "b", "ставка 3")
    service.run_worker(db, deliver=False)
    published = db.scalars(select(Notification).where(Notification.event == "step_published")).one()
    assert published.payload["link"] == f"https://letopis.example/games/{game.id}/steps/1"


def test_public_url_defaults_to_host_and_port():
    assert Settings(host="0.0.0.0", port=9000).public_url == "http://0.0.0.0:9000"
    assert Settings(base_url="https://x.example/letopis/").public_url == "https://x.example/letopis"
