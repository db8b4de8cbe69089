"""Posts: the live check, accepted posts (receipts, revisions, resolution) and refusals that change nothing."""

import hashlib
import threading

import pytest
from sqlalchemy import func, select
from support.dbtools import db_snapshot, finish_bids, post

from letopis import service
from letopis.db.models import Post, Resolution, Step
from letopis.settings import get_settings


def test_check_reads_lines_and_stores_nothing(db, race_game):
    game = race_game()
    before = db_snapshot(db)
    out = service.check_post(db, game_id=game.id, faction="a", text="// привет!\nставка 2")
    assert out.ok and out.expected and out.step_number == 1 and out.turn_title == "Раунд 1: ставки"
    assert [line.status for line in out.lines] == ["flavour", "order"]
    assert out.orders == [{"kind": "bid", "amount": 2}]
    bad = service.check_post(db, game_id=game.id, faction="a", text="ставка 9\nкакая-то чепуха")
    assert not bad.ok and [p.code for p in bad.problems] == ["bid_range", "unreadable"]
    assert "Ошибок: 2" in bad.message
    empty = service.check_post(db, game_id=game.id, faction="a", text="  \n")
    assert not empty.ok and "пустой" in empty.message
    assert db_snapshot(db) == before


def test_check_of_a_faction_not_expected_now(db, race_game):
    game = race_game()
    finish_bids(db, game)  # now «b» moves
    out = service.check_post(db, game_id=game.id, faction="a", text="бросаю")
    assert out.ok and not out.expected and "не ходит" in out.message


def test_check_refuses_huge_text(db, race_game):
    game = race_game()
    with pytest.raises(service.TooLarge):
        service.check_post(db, game_id=game.id, faction="a", text="x" * (get_settings().max_post_chars + 1))


def test_simultaneous_step_waits_for_everyone_and_the_latest_revision_counts(db, race_game):
    game = race_game()
    first = post(db, game, "a", "ставка 1")
    assert not first.resolved and first.waiting_for == ["b"] and first.revision == 1
    assert first.sha256 == hashlib.sha256("ставка 1".encode()).hexdigest()
    second = post(db, game, "a", "// передумала\nставка 3")
    assert second.revision == 2 and not second.resolved
    done = post(db, game, "b", "ставка 2")
    assert done.resolved and done.published and done.next_step == 2 and done.waiting_for == []
    page = service.game_page(db, game.id)
    assert page.view["mover"] == "a"  # Аня's second revision (3) beat Боря's 2
    assert page.turn.factions == ["a"] and page.turn.mode == "single"
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert [(p.faction, p.revision, p.counted) for p in chronicle.posts] == [("a", 1, False), ("a", 2, True),
                                                                            ("b", 1, True)]
    assert chronicle.seed is not None and len(chronicle.seed) == 64  # revealed on publication


def test_single_and_reaction_steps_resolve_at_once(db, race_game):
    game = race_game()
    finish_bids(db, game)
    moved = post(db, game, "b", "бросаю")
    assert moved.resolved and moved.published and moved.step_number == 2
    assert [e.kind for e in moved.events] == ["move"] and moved.events[0].rolls[0].sides == 6
    answer = post(db, game, "a", "пас")
    assert answer.resolved and answer.next_step == 4
    assert service.game_page(db, game.id).turn.title == "Раунд 2: ставки"


def test_stored_text_is_exact_and_the_receipt_matches(db, race_game):
    game = race_game()
    text = "// Привет, мастер!\r\nставка 2  "
    out = post(db, game, "a", text)
    stored = db.get(Post, out.post_id)
    assert stored.text == text and stored.sha256 == hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize(("text", "error", "code"), [
    ("абракадабра", service.Invalid, "post_has_errors"),
    ("ставка 7", service.Invalid, "post_has_errors"),
    ("бросаю", service.Invalid, "post_has_errors"),  # not a bid step
    ("", service.Invalid, "empty_post"),
    ("   \n\t\n", service.Invalid, "empty_post"),
    ("ставка 1\n" + "я" * 1_000_000, service.TooLarge, "post_too_large"),
])
def test_refused_posts_change_nothing(db, race_game, text, error, code):
    game = race_game()
    post(db, game, "b", "ставка 2")
    before = db_snapshot(db)
    with pytest.raises(error) as err:
        post(db, game, "a", text)
    assert err.value.code == code and err.value.message
    if code == "post_has_errors":
        assert err.value.problems and all(p.message for p in err.value.problems)
        assert err.value.status == 422
    assert db_snapshot(db) == before


def test_post_for_a_stale_step_is_a_conflict_naming_the_current_step(db, race_game):
    game = race_game()
    finish_bids(db, game)
    before = db_snapshot(db)
    with pytest.raises(service.Conflict) as err:
        post(db, game, "b", "бросаю", step=1)
    assert err.value.code == "stale_step" and "шаг 2" in err.value.message and "Раунд 1: бросок" in err.value.message
    with pytest.raises(service.Conflict):
        post(db, game, "b", "бросаю", step=3)
    assert db_snapshot(db) == before


def test_post_from_a_faction_not_expected_now_is_a_conflict(db, race_game):
    game = race_game()
    finish_bids(db, game)  # «b» moves
    before = db_snapshot(db)
    with pytest.raises(service.Conflict) as err:
        post(db, game, "a", "бросаю")
    assert err.value.code == "not_your_turn"
    assert err.value.message == "В шаге 2 («Раунд 1: бросок») ждём пост от Бори, а не от Ани."
    assert db_snapshot(db) == before


def test_post_from_someone_not_seated_is_forbidden(db, race_game, make_user):
    game = race_game()
    stranger = make_user("eve")
    before = db_snapshot(db)
    with pytest.raises(service.Forbidden):
        post(db, game, "a", "ставка 1", user_id=stranger.id)
    with pytest.raises(service.Forbidden):  # Боря for Аня
        post(db, game, "a", "ставка 1", user_id=race_game.bob.id)
    with pytest.raises(service.Invalid):
        post(db, game, "zz", "ставка 1", user_id=race_game.bob.id)
    assert db_snapshot(db) == before


def play_to_the_end(db, game, limit=200):
    from letopis.engine.dice import Dice, new_seed
    from letopis.engine.registry import get_ruleset

    ruleset = get_ruleset("race")
    dice = Dice(new_seed())
    for _ in range(limit):
        page = service.game_page(db, game.id)
        if page.game.status == "over":
            return page
        state = ruleset.state_from_json(page.view)
        for faction in page.turn.factions:
            post(db, game, faction, ruleset.propose(state, faction, dice))
    raise AssertionError("the race did not end")


def test_a_game_plays_to_the_end_and_refuses_further_posts(db, race_game):
    game = race_game(goal=5)
    page = play_to_the_end(db, game)
    assert page.result is not None and page.result.winners and page.step is None and page.can_post == []
    assert page.game.open_step is None
    last = service.list_steps(db, game.id)[-1]
    with pytest.raises(service.Conflict) as err:
        post(db, game, "a", "ставка 1", step=last.number + 1, user_id=race_game.ann.id)
    assert err.value.code == "game_over"
    assert service.verify_game(db, game.id).ok


def test_concurrent_posts_resolve_the_step_once(session_factory, race_game, db):
    """Two players post the last two bids at the same moment: one resolution, one next step."""
    game = race_game()
    barrier = threading.Barrier(2)
    results, errors = [], []

    def send(faction, user_id, amount):
        with session_factory() as own:
            barrier.wait()
            try:
                results.append(service.submit_post(own, game_id=game.id, step_number=1, faction=faction,
                                                   text=f"ставка {amount}", user_id=user_id))
            except service.ServiceError as exc:  # pragma: no cover - reported below
                errors.append(exc)

    threads = [threading.Thread(target=send, args=("a", race_game.ann.id, 2)),
               threading.Thread(target=send, args=("b", race_game.bob.id, 3))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert sorted(r.resolved for r in results) == [False, True]
    db.rollback()
    assert db.scalar(select(func.count(Resolution.id))) == 1
    assert [s.number for s in service.list_steps(db, game.id)] == [1, 2]


def test_concurrent_duplicate_moves_only_one_wins(session_factory, race_game, db):
    """The same single step posted twice at once: the second finds the step closed (stale)."""
    game = race_game()
    finish_bids(db, game)
    barrier = threading.Barrier(2)
    outcomes = []

    def send():
        with session_factory() as own:
            barrier.wait()
            try:
                outcomes.append(service.submit_post(own, game_id=game.id, step_number=2, faction="b",
                                                    text="бросаю", user_id=race_game.bob.id).resolved)
            except service.Conflict as exc:
                outcomes.append(exc.code)

    threads = [threading.Thread(target=send) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(map(str, outcomes)) == ["True", "stale_step"]
    db.rollback()
    assert db.scalar(select(func.count(Post.id)).where(Post.faction_id == "b")) == 2  # a bid and one move


def test_a_long_lived_session_sees_changes_made_elsewhere(db, race_game, session_factory):
    """Sessions keep objects across commits; the service must not act on a stale step."""
    game = race_game(mode="review")
    post(db, game, "a", "ставка 1")
    held = db.scalars(select(Step).where(Step.number == 1)).one()  # the session keeps step 1 loaded
    assert held.status == "open"
    with session_factory() as other:  # another request completes the step: it becomes a draft
        assert service.submit_post(other, game_id=game.id, step_number=1, faction="b", text="ставка 3",
                                   user_id=race_game.bob.id).resolved
    assert service.game_page(db, game.id).step.status == "draft"
    with pytest.raises(service.Conflict) as err:
        service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2",
                            user_id=race_game.ann.id)
    assert err.value.code == "step_in_review"
