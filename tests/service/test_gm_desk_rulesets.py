"""State corrections of the real rulesets: Dice Roll Party tokens, Dungeon Keeper хп and resources."""

import pytest
from dungeon_keeper.dk_rules_factory import game as dk_game
from dungeon_keeper.dk_rules_factory import unit as dk_unit

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

DRP = get_ruleset("dice_roll_party")
DK = get_ruleset("dungeon_keeper")


def _drp_state():
    return DRP.setup(DRP.default_options(), [Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")],
                     Dice("ab" * 16))


def _drp_with_characters():
    from rulesets.dice_roll_party.state import Character

    s = _drp_state()
    for p in s.players.values():
        p.slots = [Character(time=2, attack=1, defence=1, form=1), None, Character(time=1, attack=2, form=1), None]
    return s


def test_drp_storage_and_character_tokens():
    s = _drp_with_characters()
    before = s.model_dump(mode="json")
    new, events, problems = DRP.correct(s, "+2 синих Анне\nБорис: -1 красный\n// болтовня\nП3 Бориса: +1 время")
    assert problems == [] and len(events) == 3
    assert new.players["anna"].storage.blue == s.players["anna"].storage.blue + 2
    assert new.players["boris"].storage.red == s.players["boris"].storage.red - 1
    assert new.players["boris"].slots[2].time == 2
    assert "П3 игрока Борис" in events[2].text
    assert s.model_dump(mode="json") == before  # the input is not changed


def test_drp_any_error_applies_nothing():
    s = _drp_with_characters()
    new, events, problems = DRP.correct(s, "+2 синих Анне\nП2 Бориса: +1 время\n-99 зелёных Анне\nП1 Гоши: +1 форма\nчушь")
    assert new is s and events == []
    assert [p.line for p in problems] == [2, 3, 4, 5]
    assert "нет живого персонажа П2" in problems[0].message
    assert problems[3].hint


def test_dk_unit_damage_heal_and_resources():
    s = dk_game()
    imp = dk_unit(s, "p1", "imp", (2, 2))
    brute = dk_unit(s, "p2", "imp", (3, 3))
    imp.hp = brute.hp = 1
    dk_unit(s, "p1", "imp", (2, 3))
    gold = s.players["p1"].gold
    new, events, problems = DK.correct(s, "+20 золота Ваалу\nЛилит: -5 маны")
    assert problems == [] and new.players["p1"].gold == gold + 20 and new.players["p2"].mana == s.players["p2"].mana - 5
    assert "Ваал — золото +20" in events[0].text
    # the imp has 1 хп: damage would kill it, which a correction never does
    new, events, problems = DK.correct(s, "имп №1 Ваала получает 1 урона")
    assert new is s and "убила бы" in problems[0].message
    new, events, problems = DK.correct(s, "имп №1 получает 1 урона")
    assert "несколько юнитов" in problems[0].message and "Лилит" in problems[0].message
    new, events, problems = DK.correct(s, "имп №1 Ваала лечится на 5")
    assert "больше наибольшего" in problems[0].message
    new, events, problems = DK.correct(s, "дракон №1 получает 1 урона\n-9999 маны Ваалу")
    assert [p.line for p in problems] == [1, 2]


def test_dk_damage_applies_to_the_named_unit():
    s = dk_game()
    dk_unit(s, "p1", "imp", (2, 3))
    bes = dk_unit(s, "p1", "bes", (2, 2))  # 3 хп
    n = bes.number
    new, events, problems = DK.correct(s, f"бес №{n} получает 2 урона\nбес №{n}: +1 хп")
    assert problems == [] and new.units[bes.id].hp == 2 and s.units[bes.id].hp == 3
    assert events[0].text.startswith(f"Правка мастера: Бес №{n}") and events[0].data["hp_delta"] == -2


def test_drp_correction_through_the_service_verifies(db, make_user):
    gm = make_user("gm", "Мастер")
    game = service.create_game(db, ruleset_id="dice_roll_party", title="Дуэль",
                               factions=[Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")],
                               gm_user_id=gm.id)
    blue = service.game_page(db, game.id, gm.id).view["players"]["anna"]["storage"]["blue"]
    with pytest.raises(service.Invalid) as err:
        service.correct(db, game_id=game.id, text="+2 синих Гоше", gm_user_id=gm.id, reason="ошибка раздачи")
    assert err.value.problems[0].line == 1
    service.correct(db, game_id=game.id, text="+2 синих Анне", gm_user_id=gm.id, reason="ошибка раздачи")
    page = service.game_page(db, game.id, gm.id)
    assert page.view["players"]["anna"]["storage"]["blue"] == blue + 2 and page.game.open_step == 2
    assert service.verify_game(db, game.id).ok


def _play(db, game_id, users, ruleset, steps):
    """Post the ruleset's own proposals for ``steps`` steps, as each faction's player."""
    import hashlib

    from sqlalchemy import select

    from letopis.db.models import Step

    for n in range(steps):
        header = service.game_page(db, game_id).step
        row = db.scalars(select(Step).where(Step.game_id == game_id, Step.number == header.number)).one()
        state = ruleset.state_from_json(row.state_before)
        for f in header.waiting_for:
            text = ruleset.propose(state, f, Dice(hashlib.sha256(f"{n}-{f}".encode()).hexdigest()))
            service.submit_post(db, game_id=game_id, step_number=header.number, faction=f, text=text,
                                user_id=users[f])


@pytest.mark.parametrize("ruleset_id, patch", [
    ("dice_roll_party", "+3 зелёных Анне\nБорис: +1 синий"),  # a minus can meet an empty storage
    ("dungeon_keeper", "+20 золота Анне\nБорис: -1 маны"),
])
def test_a_season_with_correction_takeover_reassign_and_rollback_verifies(db, make_user, ruleset_id, patch):
    """Play, correct the state, take over a missed turn, hand a seat over, roll back: verify holds."""
    gm, ann, bob, vera = (make_user(x, n) for x, n in (("gm", "Мастер"), ("ann", "Анна"), ("bob", "Борис"),
                                                       ("vera", "Вера")))
    ruleset = get_ruleset(ruleset_id)
    game = service.create_game(db, ruleset_id=ruleset_id, title="Сезон",
                               factions=[Faction(id="anna", name="Анна"), Faction(id="boris", name="Борис")],
                               gm_user_id=gm.id)
    users = {"anna": ann.id, "boris": bob.id}
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=game.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user)
    _play(db, game.id, users, ruleset, 3)
    service.correct(db, game_id=game.id, text=patch, gm_user_id=gm.id, reason="ошибка в ведомости")
    header = service.game_page(db, game.id).step
    faction = header.waiting_for[0]
    from sqlalchemy import select

    from letopis.db.models import Step
    row = db.scalars(select(Step).where(Step.game_id == game.id, Step.number == header.number)).one()
    text = ruleset.propose(ruleset.state_from_json(row.state_before), faction, Dice("ab" * 32))
    service.take_over(db, game_id=game.id, faction=faction, text=text, gm_user_id=gm.id, reason="игрок пропал")
    service.reassign_seat(db, game_id=game.id, faction="boris", gm_user_id=gm.id, reason="замена", to_user_id=vera.id)
    users["boris"] = vera.id
    _play(db, game.id, users, ruleset, 2)
    out = service.rollback(db, game_id=game.id, from_step=2, gm_user_id=gm.id, reason="сверка")
    assert out.stopped_at is None and out.changed == [] and len(out.redone) >= 4
    verdict = service.verify_game(db, game.id)
    assert verdict.ok, verdict.mismatches
    actions = {e.action for e in service.audit_log(db, game.id)}
    assert {"correct_state", "take_over", "reassign_seat", "rollback"} <= actions
