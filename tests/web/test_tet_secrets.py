"""Tetranomicon through the whole server (issue 10, checklist §5): while a game runs, no page, feed,
BBCode, JSON answer or export that a spectator or a player can fetch shows the order of a deck or
the trophy supply, nor the level of a face-down trophy (TET-GAP-22). The levels are checked by
changing them behind the server's back: what a spectator or a player gets stays the same to the
byte, while the GM's pages change."""

from __future__ import annotations

import hashlib
import json
import re

import pytest
from api.webclient import bearer, log_in
from fastapi.testclient import TestClient
from sqlalchemy import select
from support.leak_paths import answers, pages

from letopis import service
from letopis.db.models import Game, Resolution, Snapshot, Step
from letopis.engine import Dice, Faction, get_ruleset
from letopis.service import state_cache

RULESET = get_ruleset("tetranomicon")
# what differs between two fetches of one page anyway: the CSRF token, the export's moment
NOISE = re.compile(r'((?:csrf\w*"?\s*(?:[:=]\s*|value=)|"exported_at":\s*)")[^"]*', re.IGNORECASE)
LOGINS = {"a": "anna", "b": "boris"}


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


@pytest.fixture
def game(db, make_user):
    """Two players in epoch 1 of a game whose set-up trophies lie face down, two turns played."""
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    out = service.create_game(db, ruleset_id="tetranomicon", title="Тетраномикон: тайны",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, options={"setup_face_down": True}, mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    for n in range(2):
        page = service.game_page(db, out.id)
        (faction,) = page.turn.factions
        state = RULESET.state_from_json(db.get(Game, out.id).state)
        db.expire_all()
        text = RULESET.propose(state, faction, Dice(_seed("tet-secrets", n)))
        assert service.submit_post(db, game_id=out.id, step_number=page.step.number, faction=faction,
                                   text=text, user_id=users[faction].id).reading.ok
    full = service.game_page(db, out.id, gm.id).view
    assert full["epoch"] == 1 and full["phase"] == "actions", "the trophies must still lie face down"
    assert [t for t in full["trophies"].values() if not t["face_up"]]
    return out.id, gm


def secret_sequences(full: dict) -> list[str]:
    """The deck orders and the supply as a page or a JSON answer would spell them."""
    out = []
    for deck in [*full["creature_decks"], *full["artifact_decks"], full["supply"]]:
        if len(deck) > 3:
            out += [json.dumps(deck, ensure_ascii=False), json.dumps(deck, separators=(",", ":")),
                    ", ".join(map(str, deck))]
    return out


def everything(app, bot, game_id: int, login: str | None) -> dict[str, str]:
    with TestClient(app) as client:
        if login:
            log_in(client, login)
        out = pages(client, game_id)
    out |= {f"api {p}": text for p, text in answers(bot, game_id, bearer(bot, login) if login else None).items()}
    return {p: NOISE.sub(r"\1…", text) for p, text in out.items()}


def _turn_over(data: dict, levels: dict[str, int]) -> bool:
    """Give every face-down trophy of a stored state (or export) another level; True if any."""
    changed = False
    for key, value in data.items():
        if key == "trophies" and isinstance(value, dict):
            for castle, token in value.items():
                if isinstance(token, dict) and token.get("face_up") is False and castle in levels:
                    token["level"] = levels[castle]
                    changed = True
        elif isinstance(value, dict):
            changed |= _turn_over(value, levels)
    return changed


def forge_face_down_levels(db, game_id: int, levels: dict[str, int]) -> None:
    """Every stored state of the game with other face-down levels, as if the supply had said so."""
    game = db.get(Game, game_id)
    rows = [(game, "state"), (game, "initial_state")]
    steps = db.scalars(select(Step).where(Step.game_id == game_id)).all()
    rows += [(s, "state_before") for s in steps]
    ids = [s.id for s in steps]
    rows += [(r, "state_after") for r in db.scalars(select(Resolution).where(Resolution.step_id.in_(ids))).all()]
    rows += [(s, "state") for s in db.scalars(select(Snapshot).where(Snapshot.game_id == game_id)).all()]
    for row, column in rows:
        data = json.loads(json.dumps(getattr(row, column)))
        if _turn_over(data, levels):
            setattr(row, column, data)
    db.commit()
    state_cache.clear()


def test_no_spectator_or_player_output_shows_a_deck_order_or_the_supply(db, app, bot, game):
    game_id, _gm = game
    full = service.game_page(db, game_id, _gm.id).view
    forbidden = secret_sequences(full)
    assert forbidden
    gm_json = "".join(answers(bot, game_id, bearer(bot, "gm")).values())
    assert any(seq in gm_json for seq in forbidden), "the GM's answers hold the decks, so the search can fail"
    for login in (None, "anna", "boris"):
        found = {p: hit for p, text in everything(app, bot, game_id, login).items()
                 if (hit := [seq for seq in forbidden if seq in text])}
        assert found == {}, login


def test_a_face_down_level_changes_nothing_a_spectator_or_a_player_gets(db, app, bot, game):
    """TET-GAP-22: the levels of the face-down set-up trophies are the GM's alone."""
    game_id, gm = game
    full = service.game_page(db, game_id, gm.id).view
    down = {c: t["level"] for c, t in full["trophies"].items() if not t["face_up"]}
    assert down
    logins = (None, "anna", "boris", "gm")
    before = {login: everything(app, bot, game_id, login) for login in logins}
    forge_face_down_levels(db, game_id, {c: 9 if level != 9 else 8 for c, level in down.items()})
    db.expire_all()
    assert all(t["level"] in (8, 9) for c, t in service.game_page(db, game_id, gm.id).view["trophies"].items()
               if c in down)
    after = {login: everything(app, bot, game_id, login) for login in logins}
    for login in logins[:-1]:
        changed = sorted(p for p in before[login] if before[login][p] != after[login].get(p)
                         and not p.endswith("/verify"))  # the forged states no longer verify, of course
        assert changed == [], login
    assert before["gm"][f"/games/{game_id}"] != after["gm"][f"/games/{game_id}"]  # the GM sees the levels
