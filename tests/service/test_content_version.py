"""A game's content version moves with everything its pages show (migration 0010's triggers), on
every path that changes a game — and only that game's — and never on a read or a refusal.

The rendered pages' cache (web/pagecache.py) serves a kept page while the version stands, so a path
that changed a page without moving the version would show a stale page: each path is here.
tests/web/test_page_cache.py checks through HTTP that the pages themselves change.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from support.dbtools import finish_bids, post
from support.race import Race

from letopis import service
from letopis.engine import registry
from letopis.engine.contract import Faction
from letopis.engine.events import Event
from letopis.engine.registry import register


class FixableRace(Race):
    """«Гонка» with `correct` («a +3»), as in test_gm_desk."""

    id = "race_version_fix"

    def correct(self, state, text_):
        new = state.model_copy(deep=True)
        events = []
        for line in text_.splitlines():
            m = re.fullmatch(r"\s*(\w+)\s*([+-]\d+)\s*", line)
            new.positions[m.group(1)] += int(m.group(2))
            events.append(Event(kind="gm_correction", text=f"{m.group(1)} {m.group(2)}"))
        return new, events, []


@pytest.fixture(autouse=True)
def _fixable_race():
    register(FixableRace())
    yield
    registry._extra.pop(FixableRace.id, None)


def version(db, game_id: int) -> int:
    db.rollback()
    return db.scalar(text("SELECT content_version FROM games WHERE id = :g"), {"g": game_id})


class Watch:
    """The versions of a game and of a bystander game, before and after one action."""

    def __init__(self, db, game_id: int, other_id: int) -> None:
        self.db, self.game_id, self.other_id = db, game_id, other_id
        self.before = version(db, game_id)
        self.other_before = version(db, other_id)

    def moved(self) -> bool:
        after = version(self.db, self.game_id)
        assert version(self.db, self.other_id) == self.other_before, "another game's version moved"
        return after > self.before


@pytest.fixture
def games(db, race_game):
    """(a game under test, a bystander game of the same people)."""
    def make(mode: str = "auto"):
        return race_game(mode=mode), race_game()

    return make


def test_a_new_game_has_a_version_and_reads_leave_it(db, race_game):
    game = race_game()
    v = version(db, game.id)
    assert v > 0
    service.game_page(db, game.id, race_game.ann.id)
    service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id)
    service.check_post(db, game_id=game.id, faction="a", text="ставка 2", user_id=race_game.ann.id)
    service.list_steps(db, game.id)
    service.export_game(db, game.id)
    assert version(db, game.id) == v


def test_a_refused_action_leaves_it(db, race_game, games):
    game, other = games()
    watch = Watch(db, game.id, other.id)
    with pytest.raises(service.Invalid):
        post(db, game, "a", "ставка 9")
    with pytest.raises(service.Forbidden):
        service.pause_game(db, game_id=game.id, gm_user_id=race_game.ann.id, reason="хочу")
    assert not watch.moved()


# --- posts ----------------------------------------------------------------------------------------
def test_a_post_a_replacement_and_a_withdrawal(db, race_game, games):
    game, other = games()
    watch = Watch(db, game.id, other.id)
    sent = post(db, game, "a", "ставка 1")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    sent = post(db, game, "a", "ставка 2")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    service.withdraw_post(db, post_id=sent.post_id, user_id=race_game.ann.id)
    assert watch.moved()


def test_the_post_that_resolves_the_step(db, race_game, games):
    game, other = games()
    post(db, game, "a", "ставка 1")
    watch = Watch(db, game.id, other.id)
    assert post(db, game, "b", "ставка 3").published
    assert watch.moved()


# --- the GM's actions ------------------------------------------------------------------------------
def test_publish_override_and_annul_in_review(db, race_game, games):
    game, other = games("review")
    gm = race_game.gm.id
    finish_bids(db, game)
    watch = Watch(db, game.id, other.id)
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=gm)
    assert watch.moved()
    sent = post(db, game, "b", "бросаю")  # step 2 resolves into a draft, with its roll
    assert sent.resolved and not sent.published
    watch = Watch(db, game.id, other.id)
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=1, gm_user_id=gm,
                          reason="кубик упал со стола")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    service.annul_post(db, post_id=sent.post_id, gm_user_id=gm, reason="не тот ход")
    assert watch.moved()


def test_override_of_a_published_roll(db, race_game, games):
    game, other = games()
    gm = race_game.gm.id
    finish_bids(db, game)
    post(db, game, "b", "бросаю")  # step 2: a roll, published; step 3 open without posts
    watch = Watch(db, game.id, other.id)
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=6, gm_user_id=gm,
                          reason="кубик упал со стола")
    assert watch.moved()


def test_the_gms_default_deadline_and_the_deadline_worker(db, race_game, games):
    game, other = games()
    gm = race_game.gm.id
    when = datetime.now(UTC) + timedelta(hours=2)
    watch = Watch(db, game.id, other.id)
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=gm)
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    service.apply_default(db, game_id=game.id, gm_user_id=gm, reason="Оба молчат")
    assert watch.moved()
    service.set_deadline(db, game_id=game.id, deadline=when, gm_user_id=gm)
    watch = Watch(db, game.id, other.id)
    assert service.run_worker(db, now=when + timedelta(seconds=1), deliver=False).defaults == [game.id]
    assert watch.moved()


def test_pause_resume_extend_schedule_and_turn_length(db, race_game, games):
    game, other = games()
    gm = race_game.gm.id
    service.set_deadline(db, game_id=game.id, deadline=datetime.now(UTC) + timedelta(hours=5), gm_user_id=gm)
    for act in (lambda: service.pause_game(db, game_id=game.id, gm_user_id=gm, reason="Праздники"),
                lambda: service.resume_game(db, game_id=game.id, gm_user_id=gm),
                lambda: service.extend_deadline(db, game_id=game.id, gm_user_id=gm, minutes=60, reason="В дороге"),
                lambda: service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=30),
                lambda: service.set_turn_length(db, game_id=game.id, gm_user_id=gm, hours=48)):
        watch = Watch(db, game.id, other.id)
        act()
        assert watch.moved()


def test_a_delayed_resolution_when_its_moment_comes(db, race_game, games):
    game, other = games()
    gm = race_game.gm.id
    service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=10)
    post(db, game, "a", "ставка 1")
    held = post(db, game, "b", "ставка 3")
    assert held.resolve_at is not None and not held.resolved
    watch = Watch(db, game.id, other.id)
    assert service.run_worker(db, now=held.resolve_at + timedelta(seconds=1), deliver=False).ran
    assert service.step_chronicle(db, game_id=game.id, step_number=1).status == "published"
    assert watch.moved()


def test_the_gm_resolving_a_waiting_step_now(db, race_game, games):
    """«Рассчитать сейчас»: the step published before its moment, and the log says so."""
    game, other = games()
    gm = race_game.gm.id
    service.set_schedule(db, game_id=game.id, gm_user_id=gm, resolve_delay_minutes=30)
    post(db, game, "a", "ставка 1")
    assert not post(db, game, "b", "ставка 3").resolved
    watch = Watch(db, game.id, other.id)
    service.resolve_now(db, game_id=game.id, gm_user_id=gm)
    assert service.step_chronicle(db, game_id=game.id, step_number=1).status == "published"
    assert watch.moved()


def test_roll_back_reopen_edit_correct_and_take_over(db, race_game, games):
    game, other = games()
    gm = race_game.gm.id
    finish_bids(db, game, a=1, b=3)
    post(db, game, "b", "бросаю")
    watch = Watch(db, game.id, other.id)
    service.rollback(db, game_id=game.id, from_step=1, gm_user_id=gm, reason="проверка")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    service.reopen_for_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2", gm_user_id=gm,
                            reason="форум съел цифру", source="player")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    service.take_over(db, game_id=game.id, faction="a", text="пас", gm_user_id=gm, reason="Аня пропала")
    assert watch.moved()

    fixable, bystander = games()
    db.execute(text("UPDATE games SET ruleset_id = :r WHERE id = :g"), {"r": FixableRace.id, "g": fixable.id})
    db.commit()
    watch = Watch(db, fixable.id, bystander.id)
    service.correct(db, game_id=fixable.id, text="a +3", gm_user_id=gm, reason="потерянный ход")
    assert watch.moved()


def test_edit_outcome_of_a_draft(db, race_game, games):
    game, other = games("review")
    finish_bids(db, game)
    watch = Watch(db, game.id, other.id)
    service.edit_outcome(db, game_id=game.id, step_number=1, gm_user_id=race_game.gm.id, reason="суше",
                         texts={0: "Ставки сделаны."})
    assert watch.moved()


# --- seats and names -------------------------------------------------------------------------------
def test_invites_joins_and_reassigned_seats(db, race_game, games, make_user):
    game, other = games()
    gm = race_game.gm.id
    vera = make_user("vera", "Вера")
    watch = Watch(db, game.id, other.id)
    service.reassign_seat(db, game_id=game.id, faction="b", gm_user_id=gm, reason="Боря ушёл", to_user_id=vera.id)
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    change = service.reassign_seat(db, game_id=game.id, faction="a", gm_user_id=gm, reason="Аня ушла")
    assert watch.moved()
    watch = Watch(db, game.id, other.id)
    token = service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=gm)
    assert token != change.invite_token and watch.moved()
    watch = Watch(db, game.id, other.id)
    service.join_by_invite(db, token=token, user_id=make_user("dan", "Даня").id)
    assert watch.moved()


def test_a_new_display_name_moves_the_games_that_show_it(db, race_game, make_user):
    game = race_game()
    post(db, game, "a", "ставка 1")
    stranger = make_user("stan", "Стас")
    elsewhere = service.create_game(db, ruleset_id="race", title="Чужая", gm_user_id=stranger.id,
                                    factions=[Faction(id="a", name="А"), Faction(id="b", name="Б")])
    before, untouched = version(db, game.id), version(db, elsewhere.id)
    db.execute(text("UPDATE users SET display_name = 'Анна' WHERE id = :u"), {"u": race_game.ann.id})
    db.commit()
    assert version(db, game.id) > before and version(db, elsewhere.id) == untouched
    before = version(db, game.id)
    db.execute(text("UPDATE users SET display_name = 'Анна', is_admin = false WHERE id = :u"), {"u": race_game.ann.id})
    db.commit()
    assert version(db, game.id) == before  # the same name: nothing shown changed


def test_any_change_of_the_game_row_a_faction_or_the_secret(db, race_game, games):
    """Renames and the secret's reveal at the end are updates of the game's rows: whatever path
    makes them (none renames a faction yet), the version moves; a statement that changes no row
    leaves it."""
    game, other = games()
    service.set_deadline(db, game_id=game.id, deadline=None, gm_user_id=race_game.gm.id)  # an audit entry
    for sql in ("UPDATE games SET title = 'Новое имя' WHERE id = :g",
                "UPDATE games SET secret_revealed_at = now() WHERE id = :g",
                "UPDATE seats SET faction_name = 'Анюта' WHERE game_id = :g AND faction_id = 'a'",
                "UPDATE games SET factions = jsonb_set(factions, '{0,name}', '\"Анюта\"') WHERE id = :g",
                "DELETE FROM audit_log WHERE game_id = :g"):
        watch = Watch(db, game.id, other.id)
        db.execute(text(sql), {"g": game.id})
        db.commit()
        assert watch.moved(), sql
    watch = Watch(db, game.id, other.id)
    db.execute(text("DELETE FROM audit_log WHERE game_id = :g"), {"g": game.id})  # none left
    db.commit()
    assert not watch.moved()


def test_an_imported_game_has_its_own_version(db, race_game):
    game = race_game()
    finish_bids(db, game)
    copy = service.import_setup(db, document=service.export_game(db, game.id), gm_user_id=race_game.gm.id)
    before = version(db, copy.id)
    assert before > version(db, game.id)  # versions are moments: the copy's is the later one
    service.set_deadline(db, game_id=copy.id, deadline=datetime.now(UTC) + timedelta(days=1),
                         gm_user_id=race_game.gm.id)
    assert version(db, copy.id) > before
