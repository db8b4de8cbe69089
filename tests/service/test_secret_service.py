"""Hidden information through the service: no spectator or opponent output holds another player's
card or any deck order while the game runs; the owner and the GM see them; at the end the secret
seed is revealed and `verify` recomputes every shuffle and draw (and catches a forged one)."""

from __future__ import annotations

import copy
import hashlib
import json
from datetime import timedelta

import pytest
from support.secret_play import (
    FIRST_DRAFT,
    build_decks,
    deck_orders,
    finish,
    leaks,
    play_some,
    seat_cards_game,
    secret_cards,
)

from letopis import service
from letopis.db.models import Notification
from letopis.service import notify


def _j(value) -> str:
    if hasattr(value, "model_dump_json"):
        return value.model_dump_json()
    return json.dumps(value, ensure_ascii=False, default=lambda v: v.model_dump(mode="json"))


def everything(db, game_id: int, user_id: int | None) -> dict[str, str]:
    """Every service answer a viewer can ask for about a game, as text."""
    out = {"page": _j(service.game_page(db, game_id, user_id)), "steps": _j(service.list_steps(db, game_id)),
           "archive": _j(service.archive_steps(db, game_id)), "audit": _j(service.audit_log(db, game_id, user_id)),
           "metrics": _j(service.metric_series(db, game_id)), "feed": _j(service.site_feed(db)[0]),
           "export": _j(service.export_for(db, game_id, user_id))}
    for header in service.list_steps(db, game_id):
        n = header.number
        out[f"step{n}"] = _j(service.step_chronicle(db, game_id=game_id, step_number=n, viewer_user_id=user_id))
        out[f"before{n}"] = _j(service.state_at(db, game_id=game_id, step_number=n, when="before"))
        if header.status == service.StepStatus.PUBLISHED:
            out[f"after{n}"] = _j(service.state_at(db, game_id=game_id, step_number=n, when="after"))
            out[f"round{n}"] = _j(service.round_of(db, game_id=game_id, step_number=n))
        for faction in ("a", "b"):
            try:
                out[f"history{n}{faction}"] = _j(service.post_history(db, game_id=game_id, step_number=n,
                                                                      faction=faction, viewer_user_id=user_id))
            except service.Forbidden:
                pass
    return out


def leaked(outputs: dict[str, str], forbidden) -> dict[str, list[str]]:
    return {name: found for name, text in outputs.items() if (found := leaks(text, forbidden))}


@pytest.fixture
def running(db, make_user):
    game = seat_cards_game(db, make_user)
    build_decks(db, game)
    play_some(db, game)
    assert service.get_game(db, game.id).status == service.GameStatus.ACTIVE
    return game


def test_no_spectator_or_opponent_output_holds_a_hidden_card_or_a_deck_order(db, running):
    full = running.full(db)
    orders = deck_orders(full)
    gm_text = "".join(everything(db, running.id, running.gm.id).values())
    for viewer, user_id in ((None, None), ("a", running.anna.id), ("b", running.boris.id)):
        forbidden = secret_cards(full, viewer)
        assert leaks(gm_text, forbidden), "the GM's outputs must hold these cards (else the check proves nothing)"
        outputs = everything(db, running.id, user_id)
        assert leaked(outputs, forbidden) == {}, f"viewer {viewer}"
        assert leaked(outputs, orders) == {}, f"viewer {viewer}: a deck order"
    assert leaks(gm_text, orders)


def test_the_owner_sees_her_hand_and_the_gm_sees_everything(db, running):
    full = running.full(db)
    anna = service.game_page(db, running.id, running.anna.id)
    assert anna.view["hand"] == full["hands"]["a"] and "decks" not in anna.view
    assert all(card in anna.svg for card in full["hands"]["a"])
    spectator = service.game_page(db, running.id)
    assert spectator.view["hand"] == [] and spectator.view["hand_counts"] == {f: len(h) for f, h in full["hands"].items()}
    step1 = service.step_chronicle(db, game_id=running.id, step_number=1, viewer_user_id=running.anna.id)
    assert any("берёт в руку" in e.text and e.faction == "a" for e in step1.events)
    assert not any(e.faction == "b" and not e.public for e in step1.events)


def test_private_step_posts_drafts_and_readings_stay_with_their_faction(db, running):
    """The decks step is private: Анна's two revisions are hers and the GM's; a play's reading
    (a note that names the cards left in hand) is its author's only."""
    spectator = service.step_chronicle(db, game_id=running.id, step_number=1)
    assert spectator.posts == [] and spectator.turn.private
    boris = service.step_chronicle(db, game_id=running.id, step_number=1, viewer_user_id=running.boris.id)
    assert {p.faction for p in boris.posts} == {"b"}
    anna = service.step_chronicle(db, game_id=running.id, step_number=1, viewer_user_id=running.anna.id)
    assert [p.revision for p in anna.posts if p.faction == "a"] == [1, 2]
    gm = service.step_chronicle(db, game_id=running.id, step_number=1, viewer_user_id=running.gm.id)
    assert len(gm.posts) == 3
    with pytest.raises(service.Forbidden):
        service.post_history(db, game_id=running.id, step_number=1, faction="a", viewer_user_id=running.boris.id)
    history = service.post_history(db, game_id=running.id, step_number=1, faction="a", viewer_user_id=running.anna.id)
    assert FIRST_DRAFT[0] in history.revisions[0].text
    # a public play: its text is public once resolved, its reading is not
    public = service.step_chronicle(db, game_id=running.id, step_number=2)
    assert [p.faction for p in public.posts] == ["a"]
    assert public.posts[0].reading.problems == [] and public.posts[0].reading.lines == []
    own = service.step_chronicle(db, game_id=running.id, step_number=2, viewer_user_id=running.anna.id)
    assert any(p.code == "hand_after" for p in own.posts[0].reading.problems)


def test_secret_rolls_are_the_gms_until_the_reveal(db, running):
    public = service.step_chronicle(db, game_id=running.id, step_number=1)
    assert public.secret_rolls == [] and public.resolution.secret_rolls == []
    assert all(not r.secret for e in public.events for r in e.rolls)
    assert all(not e.rolls for e in public.events if e.kind == "deck_built")
    gm = service.step_chronicle(db, game_id=running.id, step_number=1, viewer_user_id=running.gm.id)
    assert len(gm.secret_rolls) == 10 and all(r.secret for r in gm.secret_rolls)
    assert any(r.secret for e in gm.events for r in e.rolls)
    assert public.secret_seed is None and gm.secret_seed is None  # nobody's until the reveal


def test_the_commitment_is_public_from_the_start_and_the_seed_comes_at_the_end(db, running):
    game = service.get_game(db, running.id)
    assert game.hidden_information and game.secret_commitment and game.secret_seed is None
    assert not game.secrets_revealed
    finish(db, running)
    over = service.get_game(db, running.id)
    assert over.secrets_revealed and over.secret_seed
    assert hashlib.sha256(bytes.fromhex(over.secret_seed)).hexdigest() == game.secret_commitment
    # now everything is open: the private step's posts, the secret rolls, the states
    public = service.step_chronicle(db, game_id=running.id, step_number=1)
    assert len(public.posts) == 3 and public.secret_rolls and public.secret_seed
    assert service.export_for(db, running.id)["secret"]["seed"] == over.secret_seed


def test_after_the_end_verify_recomputes_every_shuffle_and_catches_a_forged_one(db, running):
    finish(db, running)
    assert service.verify_game(db, running.id).ok
    document = service.export_for(db, running.id)  # anyone's, now complete
    checked = service.verify_export(document)
    assert checked.ok and checked.complete and checked.setup_checked and checked.notes
    # a forged deck order after the decks step
    forged = copy.deepcopy(document)
    current = next(r for r in forged["steps"][0]["resolutions"] if not r["superseded"])
    current["state_after"]["decks"]["a"].reverse()
    assert not service.verify_export(forged).ok
    # a forged reserve shuffle at the setup
    forged = copy.deepcopy(document)
    forged["setup"]["initial_state"]["reserve"].reverse()
    out = service.verify_export(forged)
    assert not out.ok and any(m.step == 0 for m in out.mismatches)
    # a secret seed that does not match its commitment
    forged = copy.deepcopy(document)
    forged["secret"]["seed"] = "00" * 32
    assert any("хешем" in m.what for m in service.verify_export(forged).mismatches)


def test_a_running_games_public_export_verifies_partly_and_says_so(db, running):
    public = service.export_for(db, running.id)
    assert public["public"] and public["secret"]["seed"] is None and public["document"] is None
    deck_post = next(p for p in public["steps"][0]["posts"] if p["faction"] == "a" and p["revision"] == 2)
    assert deck_post["text"] is None and deck_post["sha256"]
    out = service.verify_export(public)
    assert out.ok and not out.complete and out.steps_checked == 0
    assert any("Не проверено" in n for n in out.notes) and "Частичная" in out.message
    gm_export = service.export_for(db, running.id, running.gm.id)
    assert gm_export["secret"]["seed"] and "public" not in gm_export
    assert service.verify_export(gm_export).complete and service.verify_export(gm_export).ok
    with pytest.raises(service.Invalid):
        service.import_setup(db, document=public, gm_user_id=running.gm.id)


def test_every_gm_path_uses_the_steps_secret_seed(db, make_user):
    """Override (re-resolve), roll-back and a ruling export recompute the same shuffles."""
    game = seat_cards_game(db, make_user)
    build_decks(db, game)
    dealt = game.full(db)
    service.submit_post(db, game_id=game.id, step_number=2, faction="a",
                        text=f"играю «{game.hand(db, 'a')[0]}»", user_id=game.anna.id)
    service.override_roll(db, game_id=game.id, step_number=2, roll_index=0, value=6, gm_user_id=game.gm.id,
                          reason="проверка")
    assert game.full(db)["decks"] == dealt["decks"] and game.full(db)["scores"]["a"] == 6
    back = service.rollback(db, game_id=game.id, from_step=1, gm_user_id=game.gm.id, reason="пересчёт")
    assert back.redone == [1, 2] and back.changed == [] and back.stopped_at is None
    ruling = service.export_ruling(db, game_id=game.id, step_number=1, gm_user_id=game.gm.id)
    assert ruling["secret_seed"]
    assert ruling["engine_result"]["state_after"] == ruling["gm_result"]["state_after"]
    assert ruling["engine_result"]["secret_rolls"] == ruling["gm_result"]["secret_rolls"]
    assert service.verify_game(db, game.id).ok


def test_review_mode_publishes_the_draft_resolved_with_the_secret_seed(db, make_user):
    game = seat_cards_game(db, make_user, mode="review")
    build_decks(db, game)
    draft = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=game.gm.id)
    assert draft.status == service.StepStatus.DRAFT and draft.secret_rolls
    assert service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=game.anna.id).events == []
    service.publish_step(db, game_id=game.id, step_number=1, gm_user_id=game.gm.id)
    assert service.verify_game(db, game.id).ok


def test_reveal_at_once_opens_the_seed_from_the_start(db, make_user):
    game = seat_cards_game(db, make_user, rounds=2, reveal_at_once=True)
    out = service.get_game(db, game.id)
    assert out.secrets_revealed and out.secret_seed
    build_decks(db, game)
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert len(public.posts) == 3 and public.secret_rolls


def test_audit_data_cannot_name_a_card_for_spectators(db, running):
    service.take_over(db, game_id=running.id, faction="a", text="пас", gm_user_id=running.gm.id, reason="за Анну")
    entries = service.audit_log(db, running.id)
    assert any(e.action == "take_over" and e.data.get("faction") == "a" for e in entries)
    assert all(set(e.data) <= service.hidden.PUBLIC_AUDIT_KEYS | {"text"} for e in entries)


def test_webhook_payloads_hold_no_hidden_card(db, running):
    full = running.full(db)
    for user in (running.anna, running.boris, running.gm):
        service.set_webhook(db, user_id=user.id, url="http://127.0.0.1:9/hook",
                            events=["your_turn", "step_published", "deadline_soon"], allow_private=True)
    page = service.game_page(db, running.id)
    service.set_deadline(db, game_id=running.id, deadline=service._common.now() + timedelta(hours=1),
                         gm_user_id=running.gm.id)
    assert notify.enqueue_announcements(db, service._common.now()) > 0
    payloads = {n.user_id: [] for n in db.query(Notification).all()}
    for n in db.query(Notification).all():
        payloads[n.user_id].append(json.dumps(n.payload, ensure_ascii=False))
    assert page.step is not None and payloads
    for faction, user in (("a", running.anna), ("b", running.boris)):
        assert leaks("".join(payloads.get(user.id, [])), secret_cards(full, faction)) == []
    assert leaks("".join(text for texts in payloads.values() for text in texts), secret_cards(full, None)) == []


def test_an_open_game_without_secrets_keeps_its_rules(db, race_game):
    """A ruleset without hidden information gets no secret seed; its published posts stay public."""
    game = race_game()
    out = service.get_game(db, game.id)
    assert not out.hidden_information and out.secret_commitment is None
    from support.dbtools import finish_bids

    finish_bids(db, game)
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert {p.faction for p in public.posts} == {"a", "b"} and public.posts[0].reading.lines
