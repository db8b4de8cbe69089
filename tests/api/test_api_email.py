"""E-mail notices through HTTP: the JSON API (``/api/me/email``), the «Письма на почту» section of
«Уведомления», and the links in letters — confirming an address and the one-click unsubscribe,
which a mail client POSTs with no cookie and no CSRF token."""

from __future__ import annotations

from datetime import UTC, datetime

from api.webclient import bearer, form_post, log_in
from support.smtp import links, path_of

from letopis import service
from letopis.service import notify
from letopis.settings import get_settings

ADDRESS = "ann@example.org"


def _section(page: str, title: str) -> str:
    """The text of the settings page's section under the heading ``title``."""
    start = page.index(f"<h2>{title}</h2>")
    end = page.find("</section>", start)
    return page[start:end]


def _deliver(db) -> None:
    notify.deliver_due(db, datetime.now(UTC))


def test_email_api_round_trip(bot, db, race_game, smtp):
    race_game()
    auth = bearer(bot, "ann")
    assert bot.get("/api/me/email", headers=auth).json() is None
    bad = bot.put("/api/me/email", headers=auth, json={"address": "ann@", "events": ["your_turn"]})
    assert bad.status_code == 422 and bad.json()["code"] == "email_invalid"
    assert "не адрес электронной почты" in bad.json()["message"]
    ok = bot.put("/api/me/email", headers=auth, json={"address": ADDRESS, "events": ["step_published", "your_turn"]})
    assert ok.status_code == 200
    body = ok.json()
    assert (body["address"], body["confirmed"], body["enabled"], body["events"]) == (
        ADDRESS, False, True, ["step_published", "your_turn"])
    assert body["confirmation_sent_at"] is not None
    again = bot.post("/api/me/email/confirmation", headers=auth)
    assert again.status_code == 200 and again.json()["confirmation_sent_at"] > body["confirmation_sent_at"]
    _deliver(db)
    assert len(smtp.to(ADDRESS)) == 2  # the letter and the one asked for again
    confirm = bot.get(path_of(links(smtp.messages[-1])[0]))  # no cookie, no token: the link is enough
    assert confirm.status_code == 200 and "Адрес подтверждён" in confirm.text
    assert bot.get("/api/me/email", headers=auth).json()["confirmed"] is True
    done = bot.post("/api/me/email/confirmation", headers=auth)
    assert done.status_code == 409 and done.json()["code"] == "email_already_confirmed"
    log = bot.get("/api/me/deliveries", headers=auth).json()
    assert {(d["channel"], d["event"], d["status_code"]) for d in log} == {("email", "email_confirm", 250)}
    assert bot.delete("/api/me/email", headers=auth).status_code == 204
    assert bot.get("/api/me/email", headers=auth).json() is None
    assert bot.delete("/api/me/email", headers=auth).status_code == 404
    assert bot.get("/api/me/email").status_code == 401


def test_too_many_confirmation_letters_get_429(bot, race_game, smtp):
    race_game()
    auth = bearer(bot, "ann")
    for n in range(5):
        assert bot.put("/api/me/email", headers=auth,
                       json={"address": f"a{n}@example.org", "events": ["your_turn"]}).status_code == 200
    refused = bot.put("/api/me/email", headers=auth, json={"address": "z@example.org", "events": ["your_turn"]})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 23 * 3600
    assert bot.get("/api/me/email", headers=auth).json()["address"] == "a4@example.org"


def test_without_smtp_settings_the_api_and_the_page_say_so(client, bot, race_game, monkeypatch):
    monkeypatch.delenv("LETOPIS_SMTP_HOST", raising=False)
    get_settings.cache_clear()
    race_game()
    refused = bot.put("/api/me/email", headers=bearer(bot, "ann"), json={"address": ADDRESS, "events": ["your_turn"]})
    assert refused.status_code == 409 and refused.json()["code"] == "email_not_configured"
    log_in(client, "ann")
    section = _section(client.get("/settings/notifications").text, "Письма на почту")
    assert "отправка писем не настроена" in section and 'name="address"' not in section


def test_settings_page_saves_an_address_and_asks_to_confirm_it(client, db, race_game, smtp):
    race_game()
    log_in(client, "ann")
    page = client.get("/settings/notifications").text
    section = _section(page, "Письма на почту")
    assert 'type="email"' in section and "ссылкой для подтверждения" in section
    bad = form_post(client, "/settings/email", {"address": "ann@localhost", "events": ["your_turn"], "enabled": "1"},
                    from_page="/settings/notifications")
    assert bad.status_code == 422
    section = _section(bad.text, "Письма на почту")
    assert "не адрес электронной почты" in section and 'value="ann@localhost"' in section  # kept as typed
    assert "не адрес электронной почты" not in _section(bad.text, "Вебхук")
    saved = form_post(client, "/settings/email", {"address": ADDRESS, "events": ["your_turn", "deadline_soon"],
                                                  "enabled": "1"},
                      from_page="/settings/notifications", follow_redirects=False)
    assert saved.status_code == 303 and saved.headers["location"] == "/settings/notifications#email"
    page = client.get("/settings/notifications").text
    assert f"Письмо со ссылкой для подтверждения отправлено на {ADDRESS}" in page
    section = _section(page, "Письма на почту")
    assert 'data-status="unconfirmed"' in section and "Отправить письмо ещё раз" in section
    # the same address again (another choice of events): no second letter, the flash says so
    again = form_post(client, "/settings/email", {"address": ADDRESS, "events": ["your_turn"], "enabled": "1"},
                      from_page="/settings/notifications")
    assert "Настройки писем сохранены." in again.text and "отправлено на" not in again.text
    _deliver(db)
    [letter] = smtp.to(ADDRESS)
    assert client.get(path_of(links(letter)[0])).status_code == 200
    page = client.get("/settings/notifications").text
    assert 'data-status="on"' in _section(page, "Письма на почту")
    log = _section(page, "Последние отправки")
    assert "почта" in log and "Подтверждение адреса" in log and "принято (250)" in log


def test_bad_and_stale_confirmation_links_explain_themselves(bot, db, race_game, smtp):
    race_game()
    service.set_email(db, user_id=race_game.ann.id, address=ADDRESS, events=["your_turn"])
    _deliver(db)
    link = path_of(links(smtp.messages[-1])[0])
    broken = bot.get(link[:-4] + "abcd")
    assert broken.status_code == 422 and "Ссылка для подтверждения повреждена" in broken.text
    service.set_email(db, user_id=race_game.ann.id, address="other@example.org", events=["your_turn"])
    stale = bot.get(link)
    assert stale.status_code == 409 and "прежнему адресу" in stale.text


def test_one_click_unsubscribe_needs_no_cookie_and_no_csrf_token(client, bot, db, race_game, smtp):
    race_game()
    service.set_email(db, user_id=race_game.ann.id, address=ADDRESS, events=["your_turn"])
    _deliver(db)
    service.confirm_email(db, token=path_of(links(smtp.messages[-1])[0]).rsplit("/", 1)[1])
    service.run_worker(db)
    header = smtp.messages[-1]["List-Unsubscribe"]
    target = path_of(header[1:-1])
    shown = bot.get(target)  # a mail scanner opening the link changes nothing
    assert shown.status_code == 200 and "Отписаться от всех писем" in shown.text and ADDRESS in shown.text
    assert service.get_email(db, user_id=race_game.ann.id).enabled
    # RFC 8058: the mail client POSTs «List-Unsubscribe=One-Click», with no cookie at all
    clicked = bot.post(target, content=b"List-Unsubscribe=One-Click",
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert clicked.status_code == 200 and "писем на" in clicked.text and "больше не будет" in clicked.text
    assert service.get_email(db, user_id=race_game.ann.id).enabled is False
    assert "уже отключены" in bot.get(target).text
    log_in(client, "ann")
    assert 'data-status="off"' in _section(client.get("/settings/notifications").text, "Письма на почту")
    forged = bot.post(target[:-3] + "abc")
    assert forged.status_code == 422 and "Ссылка для отписки повреждена" in forged.text
    # other forms still need their CSRF token
    assert bot.post("/settings/email", data={"address": ADDRESS}).status_code == 403
