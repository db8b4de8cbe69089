"""Kozyablo through the whole server: while a game runs, no page, feed, BBCode, JSON answer or
export that a spectator or an opponent can fetch names a card that is only in another player's hand
or deck, or shows a deck's order (issue 5, checklist §5); the owner sees his own hand. After the end
the secret seed is revealed and verify recomputes every shuffle and draw."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from api.webclient import bearer, log_in
from fastapi.testclient import TestClient
from support.leak_paths import answers, pages

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from letopis.engine.dice import commitment
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.rules.declension import decline

RULESET = get_ruleset("kozyablo")
LOGINS = {"a": "anna", "b": "boris"}


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


@pytest.fixture
def game(db, make_user):
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    out = service.create_game(db, ruleset_id="kozyablo", title="Козябло: тайны",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, options={"races": ["trutni", "zhloby"], "max_rounds": 8},
                              mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return out.id, gm, users


def play(db, game_id: int, users: dict, steps: int) -> int:
    """Post `steps` steps of random legal posts; returns how many were posted before the game ended."""
    done = 0
    for n in range(steps):
        page = service.game_page(db, game_id)
        if page.step is None or service.get_game(db, game_id).status == service.GameStatus.OVER:
            break
        state = RULESET.state_from_json(db.get(Game, game_id).state)
        db.expire_all()
        for faction in page.turn.factions:
            text = RULESET.propose(state, faction, Dice(_seed("kz-secrets", n, faction)))
            out = service.submit_post(db, game_id=game_id, step_number=page.step.number, faction=faction,
                                      text=text, user_id=users[faction].id)
            assert out.reading.ok, (text, out.reading)
        done += 1
    return done


def _forms(card_id: str) -> set[str]:
    """How a card may be written on a page: its id, its name and the chronicle's declined forms."""
    name = CARDS.card(card_id).name
    return {card_id, name, decline(name, "acc"), decline(name, "gen")}


def hidden_names(full: dict, viewer: str | None) -> set[str]:
    """Cards only in other players' hands, decks and deck lists: never on the table or discarded."""
    public = {p["card"] for p in full["pieces"].values() if p.get("card")}
    public |= {c for p in full["pieces"].values() for c in p.get("artifacts", [])}
    public |= {m["card"] for m in full["lasting"]}
    public |= {c for p in full["players"].values() for c in p["discard"]}
    secret: set[str] = set()
    for faction, player in full["players"].items():
        if faction == viewer:
            continue
        secret |= set(player["hand"]) | set(player["deck"]) | set(player["deck_list"])
    own = set()
    if viewer is not None:
        me = full["players"][viewer]
        own = set(me["hand"]) | set(me["deck"]) | set(me["deck_list"])
    names: set[str] = set()
    for card_id in secret - public - own:
        names |= _forms(card_id)
    return names


def deck_orders(full: dict) -> list[str]:
    out = []
    for player in full["players"].values():
        deck = player["deck"]
        if len(deck) > 1:
            out += [json.dumps(deck, ensure_ascii=False), json.dumps(deck, ensure_ascii=False, separators=(",", ":")),
                    ", ".join(deck)]
    return out


def leaks(text: str, forbidden) -> list[str]:
    """The forbidden words found as whole words («roy» is a card id; «destroyed» is not a leak)."""
    return sorted(word for word in forbidden if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text))


def test_no_spectator_or_opponent_response_names_a_hidden_card_or_a_deck_order(db, app, bot, game):
    game_id, gm, users = game
    assert play(db, game_id, users, 14) == 14
    full = service.game_page(db, game_id, gm.id).view
    assert full["phase"] == "play" and all(full["players"][f]["hand"] for f in "ab")
    with TestClient(app) as gm_client:
        log_in(gm_client, "gm")
        gm_text = "".join(pages(gm_client, game_id).values())
    gm_json = "".join(answers(bot, game_id, bearer(bot, "gm")).values())
    for viewer in (None, "a", "b"):
        forbidden = hidden_names(full, viewer)
        assert forbidden, "the test must have hidden cards to look for"
        assert leaks(gm_text + gm_json, forbidden), "the GM sees the hands, so the search can fail"
        forbidden |= set(deck_orders(full))
        with TestClient(app) as client:
            if viewer:
                log_in(client, LOGINS[viewer])
            found = {p: hit for p, text in pages(client, game_id).items() if (hit := leaks(text, forbidden))}
            headers = bearer(bot, LOGINS[viewer]) if viewer else None
            found |= {p: hit for p, text in answers(bot, game_id, headers).items() if (hit := leaks(text, forbidden))}
        assert found == {}, f"viewer {viewer}"


def test_the_owner_sees_his_hand_and_the_opponent_its_size(db, app, game):
    game_id, gm, users = game
    play(db, game_id, users, 6)
    full = service.game_page(db, game_id, gm.id).view
    anna_view = service.game_page(db, game_id, users["a"].id).view
    assert anna_view["players"]["a"]["hand"] == full["players"]["a"]["hand"]
    assert anna_view["players"]["b"]["hand"] is None
    assert anna_view["players"]["b"]["hand_count"] == len(full["players"]["b"]["hand"])
    assert anna_view["players"]["a"]["deck"] is None  # not even the owner sees the order


def test_after_the_end_the_seed_is_revealed_and_verify_recomputes_every_shuffle(db, game):
    game_id, _gm, users = game
    play(db, game_id, users, 400)
    over = service.get_game(db, game_id)
    assert over.status == service.GameStatus.OVER
    assert over.secret_seed and commitment(over.secret_seed) == over.secret_commitment
    verdict = service.verify_game(db, game_id)
    assert verdict.ok and verdict.complete, verdict
    export = service.export_for(db, game_id, None)  # anyone may download the finished game
    assert export["secret"]["seed"] == over.secret_seed and "public" not in export
    assert service.verify_export(export).ok
    # a deck order that is not what the revealed seed shuffles is caught
    forged = json.loads(json.dumps(export))
    deck = forged["steps"][0]["resolutions"][-1]["state_after"]["players"]["a"]["deck"]
    other = next(i for i, card in enumerate(deck) if card != deck[0])
    deck[0], deck[other] = deck[other], deck[0]
    assert not service.verify_export(forged).ok
    # so is another secret seed
    forged = json.loads(json.dumps(export))
    forged["secret"]["seed"] = "00" * 32
    assert not service.verify_export(forged).ok


def test_a_gm_correction_of_a_hand_leaks_nothing_KZ_DEF_GM_01(db, app, bot, game):
    """A card the GM moves from a deck into a hand (issue 12) is named only for its owner and the GM:
    the correction's post, its reading, the audit log and the public chronicle keep it hidden."""
    game_id, gm, users = game
    assert play(db, game_id, users, 8) == 8
    full = service.game_page(db, game_id, gm.id).view
    anna = full["players"]["a"]
    public = {c for p in full["players"].values() for c in p["discard"]} | {p["card"] for p in full["pieces"].values()}
    card = next(c for c in anna["deck"] if c not in public and c not in anna["hand"]
                and c not in full["players"]["b"]["hand"])
    name = CARDS.card(card).name
    step = service.correct(db, game_id=game_id, text=f"Анне в руку: «{name}» из колоды", gm_user_id=gm.id,
                           reason="карта не пришла из-за сбоя")
    full = service.game_page(db, game_id, gm.id).view
    assert card in full["players"]["a"]["hand"]
    gm_events = [e.text for e in service.step_chronicle(db, game_id=game_id, step_number=step.number,
                                                        viewer_user_id=gm.id).events]
    assert f"Правка мастера: «{name}» — из колоды в руку." in gm_events
    with TestClient(app) as anna_client:
        log_in(anna_client, "anna")
        assert name in anna_client.get(f"/games/{game_id}/steps/{step.number}").text
    forbidden = _forms(card)
    for viewer in (None, "b"):
        with TestClient(app) as client:
            if viewer:
                log_in(client, LOGINS[viewer])
            found = {p: hit for p, text in pages(client, game_id).items() if (hit := leaks(text, forbidden))}
            headers = bearer(bot, LOGINS[viewer]) if viewer else None
            found |= {p: hit for p, text in answers(bot, game_id, headers).items() if (hit := leaks(text, forbidden))}
        assert found == {}, f"viewer {viewer}"
    assert service.verify_game(db, game_id).ok
