"""The API and the «Уведомления» page refuse webhooks into the server's own network by default
(the app's LETOPIS_WEBHOOK_ALLOW_PRIVATE is off); nothing here connects anywhere."""

from __future__ import annotations

import pytest
from api.webclient import bearer, form_post, log_in


@pytest.mark.parametrize("url", ["http://127.0.0.1/", "http://10.0.0.1/", "http://[::1]/", "http://localhost/"])
def test_api_refuses_private_webhook_urls(bot, race_game, url):
    race_game()
    auth = bearer(bot, "ann")
    refused = bot.put("/api/me/webhook", headers=auth, json={"url": url, "events": ["your_turn"]})
    assert refused.status_code == 422
    assert refused.json()["code"] == "webhook_url_private" and "внутреннюю сеть" in refused.json()["message"]
    assert bot.get("/api/me/webhook", headers=auth).json() is None


def test_settings_page_explains_the_refusal(client, race_game):
    race_game()
    log_in(client, "ann")
    page = form_post(client, "/settings/notifications",
                     {"url": "http://localhost:8080/hook", "events": ["your_turn"], "enabled": "1"})
    assert page.status_code == 422 and "внутреннюю сеть" in page.text
    assert "http://localhost:8080/hook" in page.text  # the form keeps what was typed
