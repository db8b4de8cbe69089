"""«Битвы FANTASY» in a real browser at a phone's width (issue 11): a melee stopped at the damage
allocation (WG-DEC-02) waits for Борис, the loser. On a 375 px page he opens the game, sees the
decision he owes and its deadline, follows «Написать пост», writes the allocation among chatter,
the live check shows how it is read (who dies, who is wounded), the post is sent and step's
chronicle tells the result. The game page and the post page are saved as screenshots
(``LETOPIS_SCREENSHOTS`` names the folder, else the test's tmp folder) and must fit 375 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.wargame import RULESET
from rulesets.wargame.battle.engine import run
from rulesets.wargame.battle.setup import setup
from rulesets.wargame.options import Options

pytestmark = pytest.mark.browser

PHONE = 375
SEED = "00" * 32
ANSWER = ("[quote]Аня: рыцарь и мечник рубят всадников[/quote]\n"
          "Убиты: всадник №1, всадник №2. Ранен: всадник №3.\nЭх, не повезло.")


class _Dice(Dice):
    """Dice fixed in advance, as in tests/service/test_wg_decision_deadline.py."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(SEED)
        self.queue = list(values)

    def roll(self, sides: int, purpose: str = ""):
        if self.queue:
            self.overrides[len(self.rolls)] = (self.queue.pop(0), "тест")
        return super().roll(sides, purpose)


def position() -> dict:
    """Round 1's melee phase stopped at WG-DEC-02: Анин рыцарь и мечник beat three of Борис's
    riders by 5; Борис allocates the damage."""
    state = setup(Options(decision_deadline_hours=6), [Faction(id="p1", name="Аня"), Faction(id="p2", name="Борис")],
                  _Dice([6, 5]))
    state.phase, state.round = "shooting", 1
    state.order = list(state.setup_order)
    state.active = len(state.order)
    for fid, cell in (("p1:knight", (10, 9)), ("p1:swordsman-1", (11, 9)), ("p2:rider-1", (10, 10)),
                      ("p2:rider-2", (11, 10)), ("p2:rider-3", (12, 10))):
        state.figures[fid].cell = cell
    run(state, _Dice([6, 3, 2, 2, 2]), [])
    assert state.pending is not None and state.pending.decision == "WG-DEC-02" and state.pending.faction == "p2"
    return {**RULESET.export_setup(state), "factions": [{"id": "p1", "name": "Аня"}, {"id": "p2", "name": "Борис"}]}


def fits_a_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE


def shot(page, name: str, tmp_path: Path) -> Path:
    folder = Path(os.environ.get("LETOPIS_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"wargame-{name}-{PHONE}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def test_the_loser_answers_the_damage_allocation_from_a_phone_WG_DEC_02(page, live_server, db, make_user, tmp_path):
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Аня"), make_user("boris", "Борис")
    game = service.import_setup(db, document=position(), gm_user_id=gm.id, title="Схватка у башни")
    for faction, user in (("p1", anna), ("p2", boris)):
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    db.commit()
    step = service.game_page(db, game.id).step.number

    page.goto(f"{live_server}/login?next=/games/{game.id}")
    page.fill("#login", "boris")
    page.fill("#password", "secret-pass")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server}/games/{game.id}")

    # the game page names the decision Борис owes and its deadline
    now = page.locator("#now")
    assert "WG-DEC-02" in now.inner_text()
    main = page.locator("main").inner_text()
    assert "Срок" in main
    assert page.locator(".board svg").count() == 1
    fits_a_phone(page)
    game_shot = shot(page, "game", tmp_path)

    page.get_by_role("link", name="Написать пост").first.click()
    page.wait_for_url(f"{live_server}/games/{game.id}/post*")
    head = " ".join(page.locator("main").inner_text().split())
    assert "WG-DEC-02" in head and "Кто из всадников №1, №2 и №3 убит, а кто ранен?" in head
    assert "Если не ответить к сроку, решит кубик" in head and "успеть — Если" not in head  # one sentence
    check = page.locator("#check")
    page.locator("#post-text").fill(ANSWER)
    page.locator("#post-text").press("End")
    check.get_by_text("Пост читается").wait_for()
    assert check.locator(".lines > li.error").count() == 0
    read = " ".join(check.locator(".lines").inner_text().split())
    assert "Всадник №1" in read or "всадник №1" in read
    assert "всадник №3" in read.lower()
    assert check.locator(".lines > li.order").count() == 1
    assert check.locator(".lines > li.flavour").count() == 1  # the sigh
    fits_a_phone(page)
    post_shot = shot(page, "post", tmp_path)

    page.get_by_role("button", name="Отправить пост").click()
    page.get_by_role("heading", name="Пост принят").wait_for()
    fits_a_phone(page)

    # the step's chronicle: the answer, the allocation and the wounded rider
    public = service.step_chronicle(db, game_id=game.id, step_number=step)
    assert public.status == "published"
    texts = [e.text for e in public.events]
    assert "Борис распределяет урон по своему выбору." in texts
    wounded = next(t for t in texts if t.startswith("Всадник №3: урон 1"))
    page.get_by_role("link", name=f"Летопись шага {step}").click()
    page.get_by_role("heading", name="Что произошло").wait_for()
    flat = " ".join(page.locator("main").inner_text().split())
    assert "Борис распределяет урон по своему выбору." in flat and " ".join(wounded.split()) in flat
    fits_a_phone(page)
    step_shot = shot(page, "step", tmp_path)
    assert game_shot.stat().st_size > 10_000 and post_shot.stat().st_size > 10_000
    assert step_shot.stat().st_size > 10_000
