"""Games: creation, rulesets, the game page for each kind of viewer, seats and invitations."""

import pytest

from letopis import service
from letopis.engine.contract import Faction

A_B = [Faction(id="a", name="Аня"), Faction(id="b", name="Боря")]


def test_list_rulesets_includes_the_test_ruleset():
    race = next(r for r in service.list_rulesets() if r.id == "race")
    assert race.title == "Гонка (тестовая)"
    assert race.default_options == {"goal": 12, "sides": 6}
    assert "goal" in race.options_schema["properties"]


def test_create_game_opens_step_one_with_a_commitment(db, make_user):
    gm = make_user("gm")
    game = service.create_game(db, ruleset_id="race", title="Гонка", factions=A_B, gm_user_id=gm.id,
                               options={"goal": 20})
    assert game.open_step == 1 and game.status == "active" and game.mode == "auto"
    assert game.options == {"goal": 20, "sides": 6}
    assert game.ruleset_title == "Гонка (тестовая)" and game.gm_name == "Gm"
    steps = service.list_steps(db, game.id)
    assert len(steps) == 1 and steps[0].status == "open" and len(steps[0].commitment) == 64
    assert steps[0].seed is None  # secret until published
    assert [g.id for g in service.list_games(db)] == [game.id]
    assert service.get_game(db, game.id).title == "Гонка"
    assert service.audit_log(db, game.id) == []


def test_create_game_by_alias(db, make_user):
    gm = make_user("gm")
    game = service.create_game(db, ruleset_id="Гонка", title="Гонка", factions=A_B, gm_user_id=gm.id)
    assert game.ruleset_id == "race"


@pytest.mark.parametrize(("kwargs", "error", "code"), [
    ({"ruleset_id": "chess"}, service.NotFound, "unknown_ruleset"),
    ({"factions": A_B[:1]}, service.Invalid, "faction_count"),
    ({"factions": [A_B[0], A_B[0]]}, service.Invalid, "bad_faction"),
    ({"options": {"goal": 1}}, service.Invalid, "bad_options"),
    ({"options": {"goal": "много"}}, service.Invalid, "bad_options"),
    ({"mode": "later"}, service.Invalid, "bad_mode"),
    ({"title": "   "}, service.Invalid, "bad_title"),
])
def test_bad_games_are_refused(db, make_user, kwargs, error, code):
    gm = make_user("gm")
    args = {"ruleset_id": "race", "title": "Гонка", "factions": A_B, "gm_user_id": gm.id, **kwargs}
    with pytest.raises(error) as err:
        service.create_game(db, **args)
    assert err.value.code == code
    assert service.list_games(db) == []


def test_game_page_for_public_player_and_gm(db, race_game):
    game = race_game()
    service.submit_post(db, game_id=game.id, step_number=1, faction="a", text="ставка 2", user_id=race_game.ann.id)

    public = service.game_page(db, game.id)
    assert public.viewer.role == "public" and public.can_post == []
    assert public.turn.title == "Раунд 1: ставки" and public.step.number == 1
    assert public.step.posted == ["a"] and public.step.waiting_for == ["b"]
    assert all(s.invite_token is None for s in public.seats)
    assert [(s.faction, s.player_name) for s in public.seats] == [("a", "Аня"), ("b", "Боря")]
    assert public.svg.startswith("<svg") and public.summary == [("Аня", "клетка 0"), ("Боря", "клетка 0")]

    player = service.game_page(db, game.id, race_game.bob.id)
    assert player.viewer.role == "player" and player.viewer.faction == "b" and player.can_post == ["b"]
    ann_page = service.game_page(db, game.id, race_game.ann.id)
    assert ann_page.can_post == ["a"]  # she may still replace her post

    gm = service.game_page(db, game.id, race_game.gm.id)
    assert gm.viewer.role == "gm" and all(s.invite_token for s in gm.seats)


def test_invitations(db, race_game, make_user):
    game = race_game()
    carl = make_user("carl")
    token = service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=race_game.gm.id)
    with pytest.raises(service.Conflict):  # Аня holds the seat
        service.join_by_invite(db, token=token, user_id=carl.id)
    with pytest.raises(service.NotFound):
        service.join_by_invite(db, token="no-such-token", user_id=carl.id)
    with pytest.raises(service.Forbidden):
        service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=carl.id)
    with pytest.raises(service.NotFound):
        service.invite_link_token(db, game_id=game.id, faction="z", by_user_id=race_game.gm.id)
    # joining again with one's own seat's token is harmless
    assert service.join_by_invite(db, token=token, user_id=race_game.ann.id).faction == "a"
    assert service.seat_of(db, game_id=game.id, user_id=race_game.bob.id).faction == "b"
    assert service.seat_of(db, game_id=game.id, user_id=carl.id) is None
    assert [s.faction for s in service.list_seats(db, game.id)] == ["a", "b"]


def test_a_fresh_token_replaces_the_old_one(db, race_game, make_user):
    gm = race_game.gm
    game = service.create_game(db, ruleset_id="race", title="Гонка", factions=A_B, gm_user_id=gm.id)
    old = service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=gm.id)
    new = service.invite_link_token(db, game_id=game.id, faction="a", by_user_id=gm.id)
    assert old != new
    with pytest.raises(service.NotFound):
        service.join_by_invite(db, token=old, user_id=race_game.ann.id)
    assert service.join_by_invite(db, token=new, user_id=race_game.ann.id).player_name == "Аня"


def test_unknown_game_is_not_found(db):
    with pytest.raises(service.NotFound) as err:
        service.game_page(db, 12345)
    assert "12345" in err.value.message
