"""Tetranomicon through the service (issue 10): the set-up's lot, pools, trophies and epoch-1
initiative head step 1's chronicle (as Kozyablo's opening of the table does); a whole game of
proposed posts is played to its winner, `verify_game` recomputes it, and after the end the secret
seed is revealed and anyone's export recomputes every shuffle and trophy draw (a forged deck order,
a forged trophy level and a wrong seed are caught)."""

from __future__ import annotations

import copy
import hashlib

import pytest

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from letopis.engine.dice import commitment
from rulesets.tetranomicon.data import material_for

RULESET = get_ruleset("tetranomicon")
SETUP_KINDS = ["setup", "first_holder", "pools", "trophy_placed"]


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def seat_game(db, make_user, **options):
    """A two-player game (Анна — «a», Борис — «b») with its players joined."""
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    out = service.create_game(db, ruleset_id="tetranomicon", title="Тетраномикон: проверка",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, options=options, mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return out.id, gm, users


def play(db, game_id: int, users: dict, steps: int, salt: str = "tet-service") -> int:
    """Post up to ``steps`` proposed posts, one a step; how many were posted before the end."""
    done = 0
    for n in range(steps):
        page = service.game_page(db, game_id)
        if page.step is None or service.get_game(db, game_id).status == service.GameStatus.OVER:
            break
        state = RULESET.state_from_json(db.get(Game, game_id).state)
        db.expire_all()
        (faction,) = page.turn.factions
        text = RULESET.propose(state, faction, Dice(_seed(salt, n, faction)))
        out = service.submit_post(db, game_id=game_id, step_number=page.step.number, faction=faction,
                                  text=text, user_id=users[faction].id)
        assert out.reading.ok, (text, out.reading)
        done += 1
    return done


@pytest.fixture
def game(db, make_user):
    return seat_game(db, make_user)


def test_the_set_up_events_head_step_1_and_only_step_1(db, game):
    """TET-GAP-10 (the lot), TET-GAP-06 (the pools), TET-GAP-02 (the trophies), TET-INIT-01 (the
    epoch-1 initiative): what the set-up drew is in the chronicle for everyone, once."""
    game_id, _gm, users = game
    before = service.game_page(db, game_id)
    assert "opening" not in before.view  # waiting in the state, not part of the view
    holder = before.view["holder"]
    assert play(db, game_id, users, 2) == 2
    step1 = service.step_chronicle(db, game_id=game_id, step_number=1)
    kinds = [e.kind for e in step1.events]
    assert kinds[:4] == SETUP_KINDS and "initiative" in kinds
    assert kinds.index("initiative") < len(kinds) - 1  # the first player's own action follows
    lot = step1.events[1]
    assert lot.clause == "TET-GAP-10" and lot.rolls and before.view["players"][holder]["name"] in lot.text
    pools = step1.events[2].text
    material = material_for(RULESET.state_from_json(db.get(Game, game_id).initial_state))
    for card in before.view["creature_pool"] + before.view["artifact_pool"]:
        if card:
            assert f"«{material.card_name(card)}»" in pools
    placed = [e for e in step1.events if e.kind == "trophy_placed"]
    assert {e.data["castle"] for e in placed} == set(before.view["trophies"])
    assert all(f"трофей уровня {before.view['trophies'][e.data['castle']]['level']}" in e.text for e in placed)
    assert "Подготовка партии" in step1.events[0].text
    assert all(e.public for e in step1.events[:kinds.index("initiative") + 1])
    step2 = service.step_chronicle(db, game_id=game_id, step_number=2)
    assert not {"setup", "first_holder", "pools", "trophy_placed"} & {e.kind for e in step2.events}
    headers = service.list_steps(db, game_id)
    assert headers[0].headlines[0].startswith("Подготовка партии")
    assert service.verify_game(db, game_id).ok


def test_face_down_set_up_trophies_say_no_level_in_the_chronicle(db, make_user):
    """TET-GAP-22: with ``setup_face_down`` the set-up events name the castles, not the levels."""
    game_id, gm, users = seat_game(db, make_user, setup_face_down=True)
    play(db, game_id, users, 1)
    full = service.game_page(db, game_id, gm.id).view
    placed = [e for e in service.step_chronicle(db, game_id=game_id, step_number=1).events if e.kind == "trophy_placed"]
    assert placed and all("рубашкой вверх" in e.text and e.data["level"] is None for e in placed)
    assert all(full["trophies"][e.data["castle"]]["level"] for e in placed)  # the GM knows them


def test_a_whole_game_verifies_and_after_the_end_anyone_recomputes_every_shuffle_and_draw(db, make_user):
    game_id, _gm, users = seat_game(db, make_user, refill_scope="all_empty")  # a trophy draw each epoch
    played = play(db, game_id, users, 300)
    over = service.get_game(db, game_id)
    result = service.game_page(db, game_id).result
    assert over.status == service.GameStatus.OVER and result and result.winners, played
    assert played >= 8
    assert over.secrets_revealed and over.secret_seed and commitment(over.secret_seed) == over.secret_commitment
    verdict = service.verify_game(db, game_id)
    assert verdict.ok and verdict.complete and verdict.setup_checked, verdict
    assert verdict.steps_checked == played
    # the creature phases drew trophies with the secret dice; now they are public
    drawn = {n: [r for r in service.step_chronicle(db, game_id=game_id, step_number=n).secret_rolls
                 if r.purpose.startswith("трофей")] for n in range(1, played + 1)}
    drawn = {n: rolls for n, rolls in drawn.items() if rolls}
    assert drawn  # the first creature phase fills every empty castle
    export = service.export_for(db, game_id, None)  # anyone's, now complete
    assert export["secret"]["seed"] == over.secret_seed
    checked = service.verify_export(export)
    assert checked.ok and checked.complete and checked.setup_checked
    # a deck order the revealed seed does not shuffle is caught
    forged = copy.deepcopy(export)
    decks = forged["setup"]["initial_state"]["creature_decks"]
    deck = next(d for d in decks if len(set(d)) > 1)
    other = next(i for i, card in enumerate(deck) if card != deck[0])
    deck[0], deck[other] = deck[other], deck[0]
    assert not service.verify_export(forged).ok
    # so is a trophy level the supply did not give, at the set-up or in a creature phase
    forged = copy.deepcopy(export)
    trophies = forged["setup"]["initial_state"]["trophies"]
    trophies[next(iter(trophies))]["level"] += 1
    assert not service.verify_export(forged).ok
    forged = copy.deepcopy(export)
    step = next(s for s in forged["steps"] if s["number"] == min(drawn))
    after = step["resolutions"][-1]["state_after"]
    castle = next(c for c, t in after["trophies"].items() if t["epoch"] > 0)
    after["trophies"][castle]["level"] += 1
    assert not service.verify_export(forged).ok
    # and another secret seed
    forged = copy.deepcopy(export)
    forged["secret"]["seed"] = "00" * 32
    assert not service.verify_export(forged).ok


def test_an_imported_game_does_not_retell_a_set_up_it_did_not_make(db, make_user):
    """The forum game's set-up happened on the forum: an export carries no pending set-up events,
    and an imported document that has them is cleared, so step 1 shows only the first turn."""
    game_id, gm, users = seat_game(db, make_user)
    document = RULESET.export_setup(RULESET.state_from_json(db.get(Game, game_id).state))
    assert "opening" not in document["state"]
    document["state"]["opening"] = [{"kind": "setup", "text": "Подготовка партии."}]
    out = service.create_game(db, ruleset_id="tetranomicon", title="Тетраномикон: с форума",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, mode="auto", setup_document=document)
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    play(db, out.id, users, 1)
    kinds = [e.kind for e in service.step_chronicle(db, game_id=out.id, step_number=1).events]
    assert kinds and not set(SETUP_KINDS) & set(kinds)
    assert service.verify_game(db, out.id).ok
