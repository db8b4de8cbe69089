"""Names inside the service's Russian messages take the case the sentence needs: «ждём пост от Бори»,
never «от «Боря»»."""

from __future__ import annotations

from letopis import service
from letopis.engine.contract import Faction


def test_a_receipt_says_whom_the_step_still_waits_for(db, race_game):
    game = race_game()
    out = service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2",
                              user_id=race_game.ann.id)
    assert out.message == "Пост принят (версия 1). Ждём пост от Бори."


def test_several_awaited_factions_are_joined_in_one_case(db, make_user):
    gm, vera = make_user("gm", "Мастер"), make_user("vera", "Вера")
    game = service.create_game(db, ruleset_id="race", title="Армии", gm_user_id=gm.id,
                               factions=[Faction(id="r", name="Красные"), Faction(id="v", name="Вера")])
    token = service.invite_link_token(db, game_id=game.id, faction="v", by_user_id=gm.id)
    service.join_by_invite(db, token=token, user_id=vera.id)
    out = service.submit_post(db, game_id=game.id, step_number=1, faction="v", text="ставка 1", user_id=vera.id)
    assert out.message == "Пост принят (версия 1). Ждём пост от Красных."


def test_a_wrong_number_of_factions_is_said_with_agreement(db, make_user):
    import pytest

    gm = make_user("gm", "Мастер")
    with pytest.raises(service.Invalid) as two:
        service.create_game(db, ruleset_id="race", title="Одиночка", gm_user_id=gm.id,
                            factions=[Faction(id="a", name="Аня")])
    assert two.value.message == "В «Гонка (тестовая)» играют 2 фракции, а указано 1."
    with pytest.raises(service.Invalid) as span:
        service.create_game(db, ruleset_id="kozyablo", title="Толпа", gm_user_id=gm.id,
                            factions=[Faction(id=f"p{i}", name=f"Игрок {i}") for i in range(1, 6)])
    assert span.value.message == "В «Козябло» играют от 2 до 4 фракций, а указано 5."
