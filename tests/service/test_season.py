"""A season end to end (issue 4's "done when") on both real rulesets, on a real PostgreSQL.

Play with the rulesets' own proposals, let a deadline pass under the worker (a fake "now") so a
faction gets the documented default, correct the state, hand a seat over, roll back a published
step; then everything must be in the public chronicle (anonymous viewer), the archive and the
audit log, and `verify_game` must still confirm every published step.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from letopis import service
from letopis.db.models import Step
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

GENITIVE = {"anna": "Анны", "boris": "Бориса"}


def _open_state(db, game_id, ruleset):
    header = service.game_page(db, game_id).step
    row = db.scalars(select(Step).where(Step.game_id == game_id, Step.number == header.number)).one()
    return header, ruleset.state_from_json(row.state_before)


def _post(db, game_id, ruleset, users, header, state, faction, salt):
    text = ruleset.propose(state, faction, Dice(hashlib.sha256(f"{salt}-{faction}".encode()).hexdigest()))
    service.submit_post(db, game_id=game_id, step_number=header.number, faction=faction, text=text,
                        user_id=users[faction])


def _play(db, game_id, ruleset, users, steps, salt):
    for n in range(steps):
        header, state = _open_state(db, game_id, ruleset)
        for faction in header.waiting_for:
            _post(db, game_id, ruleset, users, header, state, faction, f"{salt}-{n}")


def _drp_patch(state) -> str:
    """A «П2 Бориса: +1 время» line for a living character of the actual state."""
    for faction, player in state.players.items():
        for slot, _ in player.living():
            return f"П{slot} {GENITIVE[faction]}: +1 время"
    return "+2 синих Анне"


PATCHES = {
    "dice_roll_party": _drp_patch,
    "dungeon_keeper": lambda state: "+20 золота Анне\nБорис: -1 маны",
}


@pytest.mark.parametrize("ruleset_id", ["dice_roll_party", "dungeon_keeper"])
def test_a_season_is_public_audited_and_verifies(db, make_user, ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    gm, ann, bob, vera = (make_user(x, n) for x, n in (("gm", "Мастер Олег"), ("ann", "Анна"),
                                                       ("bob", "Борис"), ("vera", "Вера")))
    game = service.create_game(db, ruleset_id=ruleset_id, title="Сезон",
                               factions=[Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")],
                               gm_user_id=gm.id)
    users = {"anna": ann.id, "boris": bob.id}
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user)

    # 1. a few steps of ordinary play
    _play(db, game.id, ruleset, users, 3, "a")

    # 2. a deadline passes: the last faction still waiting gets the documented default
    header, state = _open_state(db, game.id, ruleset)
    missed_step, missed = header.number, header.waiting_for[-1]
    for faction in header.waiting_for[:-1]:
        _post(db, game.id, ruleset, users, header, state, faction, "deadline")
    when = datetime.now(UTC) + timedelta(hours=1)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=gm.id)
    assert service.run_worker(db, now=when - timedelta(minutes=1)).defaults == []
    assert service.run_worker(db, now=when + timedelta(seconds=1)).defaults == [game.id]
    _play(db, game.id, ruleset, users, 1, "b")

    # 3. the GM corrects the state (before the open step's first post)
    header, state = _open_state(db, game.id, ruleset)
    patch = PATCHES[ruleset_id](state)
    correction = service.correct(db, game_id=game.id, text=patch, gm_user_id=gm.id, reason="ошибка в ведомости")

    # 4. a seat changes hands, and the new player plays on
    seat_step = service.game_page(db, game.id).step.number
    service.reassign_seat(db, game_id=game.id, faction="boris", gm_user_id=gm.id, reason="Борис уехал",
                          to_user_id=vera.id)
    users["boris"] = vera.id
    _play(db, game.id, ruleset, users, 2, "c")

    # 5. the GM rolls back a published step; it and the later ones are re-resolved
    out = service.rollback(db, game_id=game.id, from_step=2, gm_user_id=gm.id, reason="сверка протокола")
    assert out.stopped_at is None, out.problems
    assert out.redone[0] == 2 and len(out.redone) >= 5 and correction.number in out.redone

    # --- the public chronicle (no viewer) ---------------------------------------------------------
    def public(number):
        return service.step_chronicle(db, game_id=game.id, step_number=number)

    chron = public(missed_step)
    assert chron.defaults == [missed]
    assert any("не прислала пост к сроку" in n for n in chron.notes)
    assert any(a.action == "apply_default" and "Срок хода истёк" in (a.reason or "") for a in chron.gm_actions)

    chron = public(correction.number)
    gm_posts = [p for p in chron.posts if p.author_id == gm.id]
    assert [p.text for p in gm_posts] == [patch] and gm_posts[0].faction_name == "Мастер игры"
    assert any(e.text.startswith("Правка мастера") for e in chron.events)
    assert any(a.action == "correct_state" and a.reason == "ошибка в ведомости" for a in chron.gm_actions)

    chron = public(seat_step)
    assert any(a.action == "reassign_seat" and a.reason == "Борис уехал" for a in chron.gm_actions)
    assert any(p.faction == "boris" and p.author_name == "Вера" for p in chron.posts)

    chron = public(2)
    assert chron.superseded, "the old resolution stays visible"
    assert any(a.action == "rollback" and a.reason == "сверка протокола" for a in chron.gm_actions)
    assert any("откатил игру к шагу 2" in n for n in chron.notes)

    archive = service.archive_steps(db, game.id, per_page=100)
    numbers = [s.number for s in archive.steps]
    assert numbers == list(range(1, len(numbers) + 1))
    assert {missed_step, correction.number, seat_step} <= set(numbers)

    # --- the audit log -----------------------------------------------------------------------------
    log = service.audit_log(db, game.id)
    by_action = {e.action: e for e in log}
    assert {"set_deadline", "apply_default", "correct_state", "reassign_seat", "rollback"} <= set(by_action)
    assert by_action["apply_default"].actor_name == "система"
    assert by_action["reassign_seat"].data["to_user"] == vera.id
    assert by_action["rollback"].data["redone"] == out.redone

    verdict = service.verify_game(db, game.id)
    assert verdict.ok, verdict.mismatches
