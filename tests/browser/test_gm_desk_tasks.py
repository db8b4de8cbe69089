"""The GM desk in a real browser, at a phone's and a desktop's width: sections by task that the GM
jumps between (one shown at a time), the board beside them, and nothing wider than the screen;
the confirmed default with the GM's reason and its chronicle text; reopening a published step for
a player's corrected post. Screenshots of each page are saved (LETOPIS_SCREENSHOTS)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from support.browser_pages import WIDTHS, fits, log_in, shot, sized_page

from letopis import service
from letopis.db.models import Step
from letopis.engine import Dice, Faction, get_ruleset
from letopis.timezones import local_datetime

pytestmark = pytest.mark.browser

DRP = get_ruleset("dice_roll_party")


def _duel(db, make_user, title="Дуэль у камня"):
    """A Dice Roll Party duel: GM «gm», Анна (p1) and Борис (p2) seated."""
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    game = service.create_game(db, ruleset_id=DRP.id, title=title, gm_user_id=gm.id,
                               factions=[Faction(id="p1", name="Анна"), Faction(id="p2", name="Борис")])
    for faction, user in (("p1", anna), ("p2", boris)):
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return game, {"gm": gm.id, "p1": anna.id, "p2": boris.id}


def _build(db, game, faction: str, seed: str, step: int = 1) -> str:
    """A legal set-up post for ``faction``, as a player would write it, against step ``step``."""
    before = db.scalar(select(Step.state_before).where(Step.game_id == game.id, Step.number == step))
    return DRP.propose(DRP.state_from_json(before), faction, Dice(seed * 32))


def _flat(texts: list[str]) -> list[str]:
    return [" ".join(t.split()) for t in texts]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_desk_is_sections_by_task_with_the_board(chromium, live_server, db, make_user, width, tmp_path):
    game, users = _duel(db, make_user)
    service.submit_post(db, game_id=game.id, step_number=1, faction="p1", text=_build(db, game, "p1", "a1"),
                        user_id=users["p1"])
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/{game.id}/gm")
        posts = page.locator("#posts")
        assert posts.is_visible() and not page.locator("#deadlines").is_visible()
        assert _flat(page.locator(".who-posted li").all_inner_texts()) == ["Анна — пост есть", "Борис — ждём пост"]
        assert page.locator(".desk-tabs a[href='#posts']").inner_text().replace("\n", " ").strip() == "Посты 1/2"
        fits(page, width)
        shot(page, "gm-desk-posts", width, tmp_path)
        board = page.locator("#desk-board")
        if width >= 1024:  # beside the tasks, open
            assert board.evaluate("e => e.open") and page.locator("#desk-board svg").is_visible()
            desk_box, board_box = page.locator(".desk-body").bounding_box(), board.bounding_box()
            assert board_box["x"] > desk_box["x"] + desk_box["width"] - 1  # in the right-hand column
        else:  # one tap away on a phone
            assert not board.evaluate("e => e.open")
            page.locator("#desk-board > summary").click()
            assert page.locator("#desk-board svg").is_visible()
            page.locator("#desk-board > summary").click()
        for tab, heading in (("deadlines", "Сроки"), ("fix", "Правка"), ("seats", "Места и приглашения"),
                             ("audit", "Журнал действий мастера"), ("options", "Параметры игры"),
                             ("review", "Проверка")):
            page.locator(f".desk-tabs a[href='#{tab}']").click()
            section = page.locator(f"#{tab}")
            section.get_by_role("heading", name=heading, exact=True).wait_for()
            assert not posts.is_visible()  # one section at a time
            fits(page, width)
        page.locator(".desk-tabs a[href='#options']").click()
        assert "Кто ходит первым" in page.locator("#options").inner_text()
        assert "простой способ" in page.locator("#options").inner_text()
        shot(page, "gm-desk-options", width, tmp_path)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_default_before_the_deadline_asks_for_a_reason_and_the_chronicle_says_so(
        chromium, live_server, db, make_user, width, tmp_path):
    game, users = _duel(db, make_user)
    service.submit_post(db, game_id=game.id, step_number=1, faction="p1", text=_build(db, game, "p1", "b2"),
                        user_id=users["p1"])
    deadline = (datetime.now(UTC) + timedelta(hours=20)).replace(second=0, microsecond=0)
    service.set_deadline(db, game_id=game.id, deadline=deadline, gm_user_id=users["gm"])
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/{game.id}/gm#deadlines")
        page.get_by_role("link", name="Применить действие по умолчанию…").click()
        page.get_by_role("heading", name="Применить действие по умолчанию?").wait_for()
        body = page.locator("main").inner_text()
        assert "Сторона без поста — Борис — получит действие по умолчанию: персонажей соберут из хранилища " \
               "поровну по цветам" in body
        assert "Срок шага ещё не наступил" in body
        fits(page, width)
        shot(page, "gm-default-confirm", width, tmp_path)
        assert page.locator("#default-reason").get_attribute("required") is not None
        page.locator("#default-reason").evaluate("e => e.removeAttribute('required')")  # the server checks too
        page.get_by_role("button", name="Да, применить действие по умолчанию").click()
        page.get_by_text("Причина: напишите, почему вы применяете действие по умолчанию").wait_for()
        assert service.game_page(db, game.id).step.number == 1  # nothing applied
        page.fill("#default-reason", "Борис написал в личку, что уезжает на неделю")
        page.get_by_role("button", name="Да, применить действие по умолчанию").click()
        page.get_by_text("Действие по умолчанию применено; шаг 1 рассчитан.").wait_for()
        assert page.locator("#deadlines").is_visible()  # back at the section it came from
        page.goto(f"{live_server}/games/{game.id}/steps/1")
        body = page.locator("main").inner_text()
        assert (f"Мастер применил действие по умолчанию (персонажей соберут из хранилища поровну по цветам) для "
                f"фракции «Борис» до срока ({local_datetime(deadline, 'Europe/Moscow')}). Причина: «Борис написал в личку, что "
                "уезжает на неделю».") in body
        assert "не прислала пост к сроку" not in body and "истёк" not in body
        fits(page, width)
        shot(page, "gm-default-chronicle", width, tmp_path)
    entry = service.audit_log(db, game.id)[-1]
    assert entry.action == "apply_default" and entry.reason == "Борис написал в личку, что уезжает на неделю"


@pytest.mark.parametrize("width", WIDTHS)
def test_the_gm_resolves_a_step_held_by_the_delay_at_once(chromium, live_server, db, make_user, width, tmp_path):
    game, users = _duel(db, make_user)
    service.set_schedule(db, game_id=game.id, gm_user_id=users["gm"], resolve_delay_minutes=60)
    for faction, seed in (("p1", "c3"), ("p2", "d4")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction,
                            text=_build(db, game, faction, seed), user_id=users[faction])
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/{game.id}/gm#posts")
        box = page.locator("#resolve-now")
        assert "Все посты собраны. Задержка расчёта: шаг будет рассчитан" in " ".join(box.inner_text().split())
        fits(page, width)
        shot(page, "gm-resolve-now", width, tmp_path)
        button = box.get_by_role("button", name="Рассчитать сейчас")
        box.locator("input[name=confirm]").evaluate("e => e.removeAttribute('required')")  # the server asks too
        button.click()
        page.get_by_text("Отметьте «Да, рассчитать сейчас»").wait_for()
        assert service.game_page(db, game.id).step.number == 1  # nothing resolved
        page.locator("#resolve-now").get_by_label("Да, рассчитать шаг 1 сейчас").check()
        page.locator("#resolve-now").get_by_role("button", name="Рассчитать сейчас").click()
        page.get_by_text("Шаг 1 рассчитан и опубликован.").wait_for()
        assert page.locator("#posts").is_visible() and page.locator("#resolve-now").count() == 0
    assert service.game_page(db, game.id).step.number == 2
    entry = service.audit_log(db, game.id)[-1]
    assert entry.action == "resolve_now" and entry.step_number == 1


@pytest.mark.parametrize("width", WIDTHS)
def test_the_gm_reopens_a_published_step_for_a_corrected_post(chromium, live_server, db, make_user, width, tmp_path):
    game, users = _duel(db, make_user)
    first = {f: _build(db, game, f, s) for f, s in (("p1", "c3"), ("p2", "d4"))}
    for faction, text in first.items():
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text, user_id=users[faction])
    assert service.get_game(db, game.id).steps_published == 1
    corrected = next(t for t in (_build(db, game, "p1", s) for s in "56789e") if t != first["p1"])  # step 1's
    old_seed = service.step_chronicle(db, game_id=game.id, step_number=1).seed
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/{game.id}/gm#fix")
        form = page.locator("#reopen")
        form.get_by_role("heading", name="Пересчитать шаг с исправленным постом").wait_for()
        page.fill("#reopen-step", "1")
        page.select_option("#reopen-faction", "p1")
        form.get_by_label("игрок прислал мне текст").check()
        page.fill("#reopen-text", corrected)
        page.fill("#reopen-reason", "Анна прислала расстановку в личку: на форуме пост обрезался")
        fits(page, width)
        shot(page, "gm-reopen-form", width, tmp_path)
        page.get_by_role("button", name="Пересчитать шаг").click()
        page.get_by_text("Мастер пересчитал шаг 1 с исправленным постом фракции «Анна» (текст прислал игрок)").wait_for()
        assert page.locator("#fix").is_visible()
        page.goto(f"{live_server}/games/{game.id}/steps/1")
        body = page.locator("main").inner_text()
        assert "Мастер пересчитал шаг 1 с исправленным постом фракции «Анна»" in body
        assert "Причина отмены: Анна прислала расстановку в личку: на форуме пост обрезался" in body
        assert page.locator("article.annulled").count() == 1
        fits(page, width)
        shot(page, "gm-reopen-chronicle", width, tmp_path)
        page.goto(f"{live_server}/games/{game.id}/gm#audit")
        assert "шаг пересчитан с исправленным постом: Анна прислала расстановку" in page.locator("#audit").inner_text()
    chron = service.step_chronicle(db, game_id=game.id, step_number=1)
    counted = next(p for p in chron.posts if p.faction == "p1" and p.counted)
    assert counted.text == corrected and chron.seed != old_seed
    assert service.verify_game(db, game.id).ok


@pytest.mark.parametrize("width", WIDTHS)
def test_the_turn_length_is_set_once_on_the_schedule_page(chromium, live_server, db, make_user, width, tmp_path):
    game, users = _duel(db, make_user)
    with sized_page(chromium, width) as page:
        log_in(page, live_server, "gm")
        page.goto(f"{live_server}/games/{game.id}/gm#deadlines")
        assert "нет: новые шаги открываются без срока" in page.locator("#deadlines").inner_text()
        page.get_by_role("link", name="Срок хода, пауза, задержка расчёта, отсрочка и напоминания").click()
        page.get_by_label("Срок хода, часов").fill("48")
        page.get_by_role("button", name="Сохранить срок хода").click()
        page.get_by_text("Срок хода: 48 ч (2 сут.). Его получит каждый новый шаг.").wait_for()
        fits(page, width)
        shot(page, "gm-schedule-turn-length", width, tmp_path)
    for faction, seed in (("p1", "f1"), ("p2", "f2")):
        service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=_build(db, game, faction, seed),
                            user_id=users[faction])
    step = service.game_page(db, game.id).step
    assert step.number == 2 and step.deadline - step.opened_at == timedelta(hours=48)
