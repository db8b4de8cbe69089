"""A step may set its own deadline: a Kozyablo reaction window closes `reaction_deadline_hours` after
it opens (KZ-GAP-31), and the deadline default then answers for whoever did not (KZ-GAP-45)."""

from __future__ import annotations

from datetime import timedelta

from kozyablo.combat_table import attack, pend_attack, put, table

from letopis import service
from letopis.engine import get_ruleset


def _imported_reaction(db, make_user, hours: int):
    gm = make_user("gm", "Мастер")
    state = table("pozorki", "trutni", reaction_deadline_hours=hours)
    archer = put(state, "p1", "pozorny_luchnik", "gold-1")
    put(state, "p2", "shmel", "gold-1")
    put(state, "p2", "dikiy_gilen", "gold-1")
    pend_attack(state, "p1", attack("gold-1", (archer, ())), ["p2"])
    document = {**get_ruleset("kozyablo").export_setup(state),
                "factions": [{"id": "p1", "name": "Вася"}, {"id": "p2", "name": "Петя"}]}
    return service.import_setup(db, document=document, gm_user_id=gm.id, title="Окно реакции")


def test_a_reaction_window_opens_with_its_own_deadline_KZ_GAP_31(db, make_user):
    """KZ-GAP-31: option reaction_deadline_hours sets the reaction step's deadline."""
    game = _imported_reaction(db, make_user, hours=6)
    page = service.game_page(db, game.id)
    assert page.turn.phase == "reaction" and page.turn.factions == ["p2"]
    assert page.step.deadline is not None
    assert page.step.deadline - page.step.opened_at == timedelta(hours=6)


def test_an_ordinary_turn_has_no_deadline_until_the_gm_sets_one(db, make_user):
    gm = make_user("gm", "Мастер")
    state = table("pozorki", "trutni")
    document = {**get_ruleset("kozyablo").export_setup(state),
                "factions": [{"id": "p1", "name": "Вася"}, {"id": "p2", "name": "Петя"}]}
    game = service.import_setup(db, document=document, gm_user_id=gm.id, title="Обычный ход")
    assert service.game_page(db, game.id).step.deadline is None
