"""One-option decisions through the service (issue 9): a Kozyablo attack whose only defender has one
target resolves in the attacker's own step — no reaction step, the chronicle says the target was the
only one — and the game still verifies by recomputation."""

from __future__ import annotations

from kozyablo.combat_table import game, put
from support.dbtools import post

from letopis import service
from letopis.engine import get_ruleset
from rulesets.kozyablo.orders import Attack
from rulesets.kozyablo.refs import TableNamer


def test_a_single_target_opens_no_reaction_step_and_verifies_KZ_DEC_04(db, make_user):
    gm, vasya, petya = make_user("gm", "Мастер"), make_user("vasya", "Вася"), make_user("petya", "Петя")
    state = game("pozorki", "trutni")
    put(state, "p1", "pozorny_luchnik")
    put(state, "p2", "dikiy_gilen")
    document = {**get_ruleset("kozyablo").export_setup(state),
                "factions": [{"id": "p1", "name": "Вася"}, {"id": "p2", "name": "Петя"}]}
    g = service.import_setup(db, document=document, gm_user_id=gm.id, title="Одна цель")
    for faction, user in (("p1", vasya), ("p2", petya)):
        token = service.invite_link_token(db, game_id=g.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    out = post(db, g, "p1", Attack(sector="gold-1").to_text(TableNamer(state)))
    assert out.resolved and out.published
    texts = [e.text for e in out.events]
    assert "Единственная возможная цель Дикого гилена — Позорный лучник: выбрана без вопроса." in texts
    page = service.game_page(db, g.id)
    assert page.turn.phase == "play" and page.turn.factions == ["p2"] and page.turn.mode == "single"
    assert service.verify_game(db, g.id).ok
