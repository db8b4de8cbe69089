"""A wargame GM correction through the service (issue 11, WG-GAP-20, WG-GAP-24, WG-ART-04): with
magic cards on and artifacts «только мастером», the GM records a card with its effect and wakes an
artifact by his ruling; each correction is a published step of its own, a refused one changes
nothing, and the game still verifies by recomputation."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from letopis import service
from letopis.db.models import Step
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset


def test_a_card_and_an_artifact_by_the_gm_publish_and_verify_WG_GAP_24(db, make_user):
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Аня"), make_user("boris", "Борис")
    game = service.create_game(db, ruleset_id="wargame", title="Битва у башни",
                               factions=[Faction(id="p1", name="Аня"), Faction(id="p2", name="Борис")],
                               gm_user_id=gm.id, options={"magic_cards": True, "artifact_activation": "gm_only"})
    users = {"p1": anna.id, "p2": boris.id}
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user)
    page = service.game_page(db, game.id, gm.id)
    assert page.game.open_step == 1 and page.turn.title.startswith("Расстановка")

    with pytest.raises(service.Invalid) as err:  # the knight is not on the board yet (WG-ART-03)
        service.correct(db, game_id=game.id, text="Активировать артефакт «Знамя доблести» (Аня)", gm_user_id=gm.id,
                        reason="карта «Активация Артефакта»")
    assert [p.clause for p in err.value.problems] == ["WG-ART-03"]

    service.correct(db, game_id=game.id, gm_user_id=gm.id, reason="карта сыграна на форуме",
                    text="Карта «Туман» (Борис): лучники Ани не видят дальше 4 шагов")
    page = service.game_page(db, game.id, gm.id)
    assert page.game.open_step == 2 and page.view["players"]["p2"]["cards_played"] == ["Туман"]
    chronicle = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert chronicle.status == "published"
    assert [e.text for e in chronicle.events] == [
        "Борис играет карту «Туман»: лучники Ани не видят дальше 4 шагов. Действие применяет мастер."]

    # both sides deploy (their proposed posts, as their players), then the GM wakes the banner
    ruleset = get_ruleset("wargame")
    for _ in range(2):
        header = service.game_page(db, game.id).step
        state = ruleset.state_from_json(db.scalars(select(Step).where(
            Step.game_id == game.id, Step.number == header.number)).one().state_before)
        faction = header.waiting_for[0]
        service.submit_post(db, game_id=game.id, step_number=header.number, faction=faction, user_id=users[faction],
                            text=ruleset.propose(state, faction, Dice("ab" * 32)))
    assert service.game_page(db, game.id, gm.id).view["phase"] == "maneuver"
    step = service.correct(db, game_id=game.id, text="Активировать артефакт «Знамя доблести» (Аня)",
                           gm_user_id=gm.id, reason="карта «Активация Артефакта»").number
    assert service.game_page(db, game.id, gm.id).view["players"]["p1"]["active_artifacts"] == ["banner"]
    assert [e.text for e in service.step_chronicle(db, game_id=game.id, step_number=step).events] == [
        "Аня активирует артефакт «Знамя доблести» (правка мастера)."]
    assert service.verify_game(db, game.id).ok
