"""E-mail notifications against a local SMTP server (aiosmtpd on 127.0.0.1) that the tests start:
opt-in, a confirmed address first, «ваш ход», «скоро срок» and «шаг опубликован» with the right
subject, link and deadline, one-click unsubscribe, retries after a refusal, and a bad SMTP
setting that only ever shows in the delivery log."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import itsdangerous.timed
import pytest
from sqlalchemy import select
from support.dbtools import db_snapshot, finish_bids, post
from support.secret_play import build_decks, deck_orders, leaks, seat_cards_game, secret_cards
from support.secret_play import post as secret_post
from support.smtp import (
    BASE_URL,
    MailCatcher,
    env,
    html_of,
    links,
    path_of,
    set_env,
    text_of,
)

from letopis import service
from letopis.db.models import EmailSubscription, Notification
from letopis.service import email_subscriptions, notify
from letopis.settings import get_settings

ANN, BOB, GM = "ann@example.org", "bob@example.org", "gm@example.org"


def _now() -> datetime:
    return datetime.now(UTC)


def _token(link: str) -> str:
    return path_of(link).rsplit("/", 1)[1]


def subscribe(db, smtp: MailCatcher, user, address: str, events: list[str]) -> None:
    """Give the address, take the confirmation letter from the server and open its link."""
    service.set_email(db, user_id=user.id, address=address, events=events)
    notify.deliver_due(db, _now())  # the confirmation letter only: no step is announced
    letter = smtp.to(address)[-1]
    [confirm] = [link for link in links(letter) if "/email/confirm/" in link]
    assert service.confirm_email(db, token=_token(confirm)).confirmed


# --- «ваш ход» ----------------------------------------------------------------------------------
def test_your_turn_reaches_the_player_who_opted_in_and_not_the_one_who_did_not(db, race_game, smtp):
    game = race_game()
    deadline = datetime(_now().year + 1, 3, 15, 9, 30, tzinfo=UTC)  # 12:30 in Moscow
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=race_game.gm.id)
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    subscribe(db, smtp, race_game.gm, GM, ["your_turn", "step_published"])  # the GM has no side to move
    before = len(smtp.messages)
    report = service.run_worker(db)
    assert (report.queued, report.delivered, report.failed) == (1, 1, 0)
    [letter] = smtp.messages[before:]  # Боря gave no address: nothing for him, nothing for the GM
    assert letter["To"].addresses[0].addr_spec == ANN and letter["To"].addresses[0].display_name == "Аня"
    assert str(letter["Subject"]) == "Ваш ход: «Тестовая гонка», шаг 1"
    assert letter["From"].addresses[0].addr_spec == "letopis@example.org"
    assert letter["Auto-Submitted"] == "auto-generated"
    text = text_of(letter)
    assert text.startswith("Здравствуйте, Аня!\n\nВ игре «Тестовая гонка» ваш ход: шаг 1 — Раунд 1: ставки.\n")
    assert "Напишите «ставка N», N от 1 до 3." in text
    assert f"Срок: 15 марта {deadline.year}, 12:30 по московскому времени (осталось " in text
    assert f"Написать пост: {BASE_URL}/games/{game.id}/post?faction=a\n" in text
    html = html_of(letter)
    assert f'href="{BASE_URL}/games/{game.id}/post?faction=a"' in html and "12:30 по московскому времени" in html
    assert service.run_worker(db).queued == 0  # announced once
    [log] = [d for d in service.deliveries(db, user_id=race_game.ann.id) if d.event == "your_turn"]
    assert (log.channel, log.status, log.status_code, log.error) == ("email", "sent", 250, None)
    assert smtp.logins  # the settings' log-in was used


def test_a_letter_for_a_step_that_closed_before_sending_is_dropped(db, race_game, smtp):
    game = race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    service.run_worker(db, deliver=False)  # queued…
    post(db, game, "a", "ставка 2")  # …and Аня posts before the worker sends it
    before = len(smtp.messages)
    assert service.run_worker(db).delivered == 0 and len(smtp.messages) == before
    row = db.scalars(select(Notification).where(Notification.event == "your_turn")).one()
    assert (row.status, row.last_error, row.attempts) == ("cancelled", "пост уже прислан", 0)


# --- «скоро срок» -------------------------------------------------------------------------------
def test_deadline_soon_goes_once_to_who_has_not_posted(db, race_game, smtp):
    game = race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["deadline_soon"])
    subscribe(db, smtp, race_game.bob, BOB, ["deadline_soon"])
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, reminder_minutes=60)
    post(db, game, "a", "ставка 1")
    deadline = _now() + timedelta(hours=3)
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=race_game.gm.id)
    before = len(smtp.messages)
    assert service.run_worker(db, now=deadline - timedelta(minutes=61)).queued == 0
    assert service.run_worker(db, now=deadline - timedelta(minutes=59)).delivered == 1
    assert service.run_worker(db, now=deadline - timedelta(minutes=30)).queued == 0
    [letter] = smtp.messages[before:]
    assert letter["To"].addresses[0].addr_spec == BOB
    assert str(letter["Subject"]) == "Скоро срок: «Тестовая гонка», шаг 1 — осталось 59 мин"
    text = text_of(letter)
    assert "До срока шага 1 в игре «Тестовая гонка» осталось 59 мин, а вашего поста ещё нет." in text
    local = deadline.astimezone(ZoneInfo("Europe/Moscow"))
    assert f"Срок: {local.day} " in text and f", {local:%H:%M} по московскому времени." in text
    assert f"{BASE_URL}/games/{game.id}/post?faction=b" in text


def test_a_reminder_for_a_deadline_moved_meanwhile_is_dropped(db, race_game, smtp):
    game = race_game()
    subscribe(db, smtp, race_game.bob, BOB, ["deadline_soon"])
    service.set_schedule(db, game_id=game.id, gm_user_id=race_game.gm.id, reminder_minutes=60)
    deadline = _now() + timedelta(minutes=30)
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=race_game.gm.id)
    assert service.run_worker(db, deliver=False).queued == 1
    service.extend_deadline(db, game_id=game.id, gm_user_id=race_game.gm.id, minutes=24 * 60, reason="Праздник")
    before = len(smtp.messages)
    service.run_worker(db)
    assert len(smtp.messages) == before
    row = db.scalars(select(Notification).where(Notification.event == "deadline_soon")).one()
    assert (row.status, row.last_error) == ("cancelled", "срок перенесён или прошёл")


# --- «шаг опубликован» --------------------------------------------------------------------------
def test_step_published_goes_to_the_subscribed_players_and_the_gm(db, race_game, smtp):
    game = race_game()
    service.run_worker(db)  # step 1 announced before anyone subscribed
    subscribe(db, smtp, race_game.gm, GM, ["step_published"])
    subscribe(db, smtp, race_game.bob, BOB, ["step_published", "your_turn"])
    before = len(smtp.messages)
    finish_bids(db, game)  # published; step 2 is «b»'s roll
    service.run_worker(db)
    letters = {(m["To"].addresses[0].addr_spec, str(m["Subject"])) for m in smtp.messages[before:]}
    assert letters == {(GM, "Опубликован шаг 1: «Тестовая гонка»"), (BOB, "Опубликован шаг 1: «Тестовая гонка»"),
                       (BOB, "Ваш ход: «Тестовая гонка», шаг 2")}
    published = next(m for m in smtp.messages[before:] if "Опубликован" in str(m["Subject"]))
    text = text_of(published)
    assert "В игре «Тестовая гонка» опубликован шаг 1 — Раунд 1: ставки." in text
    assert f"Летопись шага: {BASE_URL}/games/{game.id}/steps/1\n" in text


# --- the address: confirmation ------------------------------------------------------------------
def test_nothing_but_the_confirmation_goes_to_an_unconfirmed_address(db, race_game, smtp):
    race_game()
    out = service.set_email(db, user_id=race_game.ann.id, address="  Ann@Example.ORG ", events=["your_turn"])
    assert (out.address, out.confirmed, out.enabled) == ("Ann@example.org", False, True)
    service.run_worker(db)
    [letter] = smtp.messages  # «ваш ход» was due too, but the address is not confirmed
    assert str(letter["Subject"]) == "Подтвердите адрес для уведомлений Летописи"
    assert "List-Unsubscribe" not in letter
    text = text_of(letter)
    assert "в учётной записи «ann»" in text and "ссылка действует 3 дня" in html_of(letter).replace("(", "")
    [link] = links(letter)
    assert link.startswith(f"{BASE_URL}/email/confirm/") and "Ann" not in link  # no address in the link
    assert db.scalars(select(Notification).where(Notification.event == "your_turn")).all() == []


def test_confirmation_link_confirms_only_its_own_address_while_it_is_fresh(db, make_user, smtp, monkeypatch):
    ann = make_user("ann", "Аня")
    service.set_email(db, user_id=ann.id, address=ANN, events=["your_turn"])
    notify.deliver_due(db, _now())
    [old_link] = links(smtp.messages[-1])
    with pytest.raises(service.Invalid) as bad:
        service.confirm_email(db, token=_token(old_link)[:-3] + "xyz")
    assert bad.value.code == "email_link_invalid"
    service.set_email(db, user_id=ann.id, address="ann2@example.org", events=["your_turn"])  # a new address
    with pytest.raises(service.Conflict) as stale:
        service.confirm_email(db, token=_token(old_link))
    assert stale.value.code == "email_link_stale" and not service.get_email(db, user_id=ann.id).confirmed
    notify.deliver_due(db, _now())
    [new_link] = links(smtp.to("ann2@example.org")[-1])
    # three days and a minute later the link has expired (itsdangerous reads the clock it signed with)
    late = _now().timestamp() + 3 * 24 * 3600 + 60
    with monkeypatch.context() as clock:
        clock.setattr(itsdangerous.timed, "time", SimpleNamespace(time=lambda: late))
        with pytest.raises(service.Invalid) as expired:
            service.confirm_email(db, token=_token(new_link))
    assert expired.value.code == "email_link_expired" and "3 дня" in expired.value.message
    assert service.confirm_email(db, token=_token(new_link)).confirmed
    assert service.confirm_email(db, token=_token(new_link)).confirmed  # twice is no harm


def test_confirmation_letters_are_limited_per_day(db, make_user, smtp):
    ann = make_user("ann", "Аня")
    for n in range(email_subscriptions.CONFIRMATIONS_PER_DAY):
        service.set_email(db, user_id=ann.id, address=f"ann{n}@example.org", events=["your_turn"])
    before = db_snapshot(db)
    with pytest.raises(service.TooManyAttempts) as limit:
        service.set_email(db, user_id=ann.id, address="stranger@example.org", events=["your_turn"])
    assert limit.value.code == "email_confirmations_limit" and limit.value.retry_after > 23 * 3600
    assert "следующее можно будет отправить через 24 часа" in limit.value.message
    assert db_snapshot(db) == before  # the address did not change either


@pytest.mark.parametrize("address", ["", "ann", "ann@", "ann@localhost", "a b@example.org", "ann@example.org\x00",
                                     "x" * 400 + "@example.org"])
def test_bad_addresses_are_refused_and_nothing_is_stored(db, make_user, smtp, address):
    ann = make_user("ann", "Аня")
    before = db_snapshot(db)
    with pytest.raises(service.Invalid):
        service.set_email(db, user_id=ann.id, address=address, events=["your_turn"])
    assert db_snapshot(db) == before


def test_unknown_events_and_no_choice_are_refused(db, make_user, smtp):
    ann = make_user("ann", "Аня")
    with pytest.raises(service.Invalid) as unknown:
        service.set_email(db, user_id=ann.id, address=ANN, events=["spam"])
    assert unknown.value.code == "email_bad_event"
    with pytest.raises(service.Invalid) as none:
        service.set_email(db, user_id=ann.id, address=ANN, events=[])
    assert none.value.code == "email_no_events"
    assert service.get_email(db, user_id=ann.id) is None


def test_without_smtp_settings_nobody_can_opt_in(db, make_user, monkeypatch):
    monkeypatch.delenv("LETOPIS_SMTP_HOST", raising=False)
    get_settings.cache_clear()
    ann = make_user("ann", "Аня")
    assert not service.sending_configured()
    with pytest.raises(service.Conflict) as refused:
        service.set_email(db, user_id=ann.id, address=ANN, events=["your_turn"])
    assert refused.value.code == "email_not_configured"


# --- unsubscribe ----------------------------------------------------------------------------------
def test_every_notice_carries_a_one_click_unsubscribe_that_stops_the_letters(db, race_game, smtp):
    game = race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn", "step_published"])
    service.run_worker(db)
    letter = smtp.messages[-1]
    header = letter["List-Unsubscribe"]
    assert header.startswith(f"<{BASE_URL}/email/unsubscribe/") and header.endswith(">")
    assert letter["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = header[1:-1]
    assert f"Отписаться от всех писем: {link}" in text_of(letter)
    assert service.unsubscribe_target(db, token=_token(link)).address == ANN
    out = service.unsubscribe(db, token=_token(link))
    assert (out.address, out.enabled, out.confirmed) == (ANN, False, True)
    before = len(smtp.messages)
    finish_bids(db, game)
    service.run_worker(db)
    assert len(smtp.messages) == before  # «шаг опубликован» is no longer sent
    assert service.unsubscribe(db, token=_token(link)).enabled is False  # a second click changes nothing
    with pytest.raises(service.Invalid):
        service.unsubscribe(db, token="not-a-token")
    service.delete_email(db, user_id=race_game.ann.id)
    assert service.unsubscribe(db, token=_token(link)) is None  # the address is gone anyway


def test_letters_queued_before_unsubscribing_are_not_sent(db, race_game, smtp):
    race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    service.run_worker(db, deliver=False)
    sub = db.scalars(select(EmailSubscription)).one()
    service.unsubscribe(db, token=email_subscriptions.unsubscribe_token(sub.user_id, sub.address))
    before = len(smtp.messages)
    service.run_worker(db)
    assert len(smtp.messages) == before
    assert db.scalars(select(Notification.status).where(Notification.event == "your_turn")).one() == "cancelled"


# --- failures -----------------------------------------------------------------------------------
def test_a_refused_letter_is_tried_again_with_backoff(db, race_game, smtp):
    race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    smtp.replies = ["451 4.3.0 Попробуйте позже"]
    t0 = _now()
    first = service.run_worker(db, now=t0)
    assert (first.delivered, first.failed) == (0, 1)
    assert service.run_worker(db, now=t0 + timedelta(seconds=20)).delivered == 0  # still backing off
    assert service.run_worker(db, now=t0 + timedelta(seconds=31)).delivered == 1
    assert str(smtp.messages[-1]["Subject"]).startswith("Ваш ход:")
    logs = [d for d in service.deliveries(db, user_id=race_game.ann.id) if d.event == "your_turn"]
    assert [(d.attempt, d.status_code) for d in reversed(logs)] == [(1, 451), (2, 250)]
    assert logs[-1].error.startswith("SMTP 451: 4.3.0") and logs[0].status == "sent"


def test_a_mailbox_refused_for_good_is_not_tried_again(db, race_game, smtp):
    race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    smtp.rcpt_replies = ["550 5.1.1 Нет такого ящика"]
    t0 = _now()
    assert service.run_worker(db, now=t0).failed == 1
    assert service.run_worker(db, now=t0 + notify.BACKOFF_MAX).failed == 0
    row = db.scalars(select(Notification).where(Notification.event == "your_turn")).one()
    assert (row.status, row.attempts) == ("failed", 1) and row.last_error.startswith("SMTP 550")


def test_a_wrong_smtp_setting_shows_in_the_log_and_is_retried(db, race_game, smtp, monkeypatch):
    race_game()
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    set_env(monkeypatch, {"LETOPIS_SMTP_PASSWORD": "wrong"})
    t0 = _now()
    assert service.run_worker(db, now=t0).failed == 1
    set_env(monkeypatch, {"LETOPIS_SMTP_PASSWORD": env(smtp)["LETOPIS_SMTP_PASSWORD"],
                           "LETOPIS_SMTP_FROM": "не адрес"})
    assert service.run_worker(db, now=t0 + timedelta(seconds=31)).failed == 1
    closed = MailCatcher().port  # nothing listens there
    set_env(monkeypatch, {"LETOPIS_SMTP_FROM": env(smtp)["LETOPIS_SMTP_FROM"], "LETOPIS_SMTP_PORT": str(closed)})
    assert service.run_worker(db, now=t0 + timedelta(minutes=2)).failed == 1
    set_env(monkeypatch, {"LETOPIS_SMTP_PORT": str(smtp.port), "LETOPIS_SMTP_SECURITY": "starttls"})
    assert service.run_worker(db, now=t0 + timedelta(minutes=5)).failed == 1  # this server offers no STARTTLS
    set_env(monkeypatch, env(smtp))  # fixed: the next attempt goes through
    assert service.run_worker(db, now=t0 + timedelta(minutes=10)).delivered == 1
    errors = [d.error for d in reversed(service.deliveries(db, user_id=race_game.ann.id)) if d.event == "your_turn"]
    assert errors[0].startswith("SMTP 535")  # authentication failed
    assert errors[1] == "LETOPIS_SMTP_FROM «не адрес» — не адрес электронной почты"
    assert errors[2].startswith("ConnectionRefusedError")
    assert errors[3] == "SMTPNotSupportedError: STARTTLS extension not supported by server." and errors[4] is None


# --- hidden information ---------------------------------------------------------------------------
def test_letters_of_a_card_game_hold_nothing_their_reader_may_not_see(db, make_user, smtp):
    """«Тайные карты» played step by step with every notice on: no letter to a player names a card
    of the other's pool or of the reserve he has not drawn, nor any deck order; the GM's letters
    hold no more than a spectator sees."""
    game = seat_cards_game(db, make_user)
    readers = {"a": (game.anna, "anna@example.org"), "b": (game.boris, "boris@example.org"),
               None: (game.gm, "gm@example.org")}
    every = ["your_turn", "deadline_soon", "step_published"]
    service.set_schedule(db, game_id=game.id, gm_user_id=game.gm.id, reminder_minutes=120)
    for user, address in readers.values():
        subscribe(db, smtp, user, address, every)
    before = len(smtp.messages)

    def step_by_step(play) -> None:
        play()
        service.set_deadline(db, game_id=game.id, deadline=_now() + timedelta(hours=1), gm_user_id=game.gm.id)
        service.run_worker(db)

    step_by_step(lambda: build_decks(db, game))
    for text in (lambda: f"играю «{game.hand(db, 'a')[0]}»", lambda: "беру карту", lambda: "беру из запаса"):
        faction = service.game_page(db, game.id).turn.factions[0]
        step_by_step(lambda faction=faction, text=text: secret_post(db, game, faction, text()))
    letters = smtp.messages[before:]
    subjects = {str(m["Subject"]).split(":")[0] for m in letters}
    assert subjects == {"Ваш ход", "Скоро срок", "Опубликован шаг 1", "Опубликован шаг 2", "Опубликован шаг 3",
                        "Опубликован шаг 4"}
    full = game.full(db)
    for faction, (_, address) in readers.items():
        mine = smtp.to(address)
        assert mine
        text = "".join(str(m["Subject"]) + text_of(m) + html_of(m) for m in mine)
        assert leaks(text, secret_cards(full, faction)) == [] and leaks(text, deck_orders(full)) == []


def test_a_letter_names_the_deadline_in_its_readers_own_zone(db, race_game, smtp):
    """The zone chosen on «Настройки» holds in letters too: 09:30 UTC is 15:30 in Omsk."""
    game = race_game()
    deadline = datetime(_now().year + 1, 3, 15, 9, 30, tzinfo=UTC)
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=race_game.gm.id)
    service.set_time_zone(db, user_id=race_game.ann.id, time_zone="Asia/Omsk")
    subscribe(db, smtp, race_game.ann, ANN, ["your_turn"])
    before = len(smtp.messages)
    assert service.run_worker(db).delivered == 1
    [letter] = smtp.messages[before:]
    assert f"Срок: 15 марта {deadline.year}, 15:30 (Омск, UTC+6) (осталось " in text_of(letter)
