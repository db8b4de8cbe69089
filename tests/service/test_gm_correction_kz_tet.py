"""The GM's correction of a Kozyablo and a Tetranomicon game on the GM desk (issue 12): checked line
by line, refused with every problem and nothing stored, published as a step of its own whose post is
the GM's patch, and replayed by `verify_game` — hidden cards and the supply recomputed from the
secret seed — with play going on after it."""

from __future__ import annotations

import hashlib

import pytest

from letopis import service
from letopis.db.models import Game
from letopis.engine import Dice, Faction, get_ruleset
from letopis.engine.contract import GM
from rulesets.kozyablo.data import CARDS
from rulesets.tetranomicon.data import material_for

KZ = get_ruleset("kozyablo")
TET = get_ruleset("tetranomicon")


def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def seat(db, make_user, ruleset_id: str, **options):
    gm = make_user("gm", "Мастер")
    users = {"a": make_user("anna", "Анна"), "b": make_user("boris", "Борис")}
    out = service.create_game(db, ruleset_id=ruleset_id, title="Правка мастера",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, options=options, mode="auto")
    for faction, user in users.items():
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return out.id, gm, users


def play(db, ruleset, game_id: int, users: dict, steps: int, salt: str) -> None:
    for n in range(steps):
        page = service.game_page(db, game_id)
        state = ruleset.state_from_json(db.get(Game, game_id).state)
        db.expire_all()
        for faction in page.turn.factions:
            text = ruleset.propose(state, faction, Dice(_seed(salt, n, faction)))
            out = service.submit_post(db, game_id=game_id, step_number=page.step.number, faction=faction,
                                      text=text, user_id=users[faction].id)
            assert out.reading.ok, (text, out.reading)


def gm_state(db, ruleset, game_id: int):
    db.expire_all()
    return ruleset.state_from_json(db.get(Game, game_id).state)


def test_a_kozyablo_correction_is_published_and_verified(db, make_user):
    game_id, gm, users = seat(db, make_user, "kozyablo", races=["trutni", "zhloby"])
    play(db, KZ, game_id, users, 6, "kz-correct")
    before = gm_state(db, KZ, game_id)
    assert before.phase == "play"
    card = next(c for c in before.players["a"].deck if c not in before.players["a"].hand)
    name = CARDS.card(card).name
    patch = f"Анне в руку: {name} из колоды\nБорису +1 кристалл"

    check = service.preview_correction(db, game_id=game_id, text=patch + "\nИгорю +1 мана", gm_user_id=gm.id)
    assert not check.ok and [p.line for ln in check.lines for p in ln.problems] == [3]
    check = service.preview_correction(db, game_id=game_id, text=patch, gm_user_id=gm.id)
    assert check.ok and check.lines[0].changes == ["Правка мастера: Анна — карта из колоды в руку.",
                                                   f"Правка мастера: «{name}» — из колоды в руку."]
    with pytest.raises(service.Invalid) as err:
        service.correct(db, game_id=game_id, text="Борису в руку: Пряник", gm_user_id=gm.id, reason="спор")
    assert err.value.problems[0].message == "Нет такой карты: «Пряник»."
    assert gm_state(db, KZ, game_id) == before  # nothing stored

    step = service.correct(db, game_id=game_id, text=patch, gm_user_id=gm.id, reason="решение в теме правил")
    after = gm_state(db, KZ, game_id)
    assert after.players["a"].hand == [*before.players["a"].hand, card]
    assert len(after.players["a"].deck) == len(before.players["a"].deck) - 1
    public = service.step_chronicle(db, game_id=game_id, step_number=step.number)
    assert [e.text for e in public.events] == ["Правка мастера: Анна — карта из колоды в руку.",
                                               ("Правка мастера: Борис — добыча кристаллов +1 (теперь "
                                               f"{KZ.view(after, GM)['players']['b']['production']['crystals']}).")]
    play(db, KZ, game_id, users, 3, "kz-after")
    verdict = service.verify_game(db, game_id)
    assert verdict.ok, verdict.mismatches


def test_a_tetranomicon_correction_is_published_and_verified(db, make_user):
    game_id, gm, users = seat(db, make_user, "tetranomicon")
    play(db, TET, game_id, users, 3, "tet-correct")
    before = gm_state(db, TET, game_id)
    m = material_for(before)
    card = before.creature_pool[0]
    name = m.card_name(card)
    level = min(before.supply)
    other = "a" if before.holder == "b" else "b"
    patch = (f"Анне +3 монеты\nАнне: {name} из пула\nБорису: трофей {level} из запаса\n"
             f"жетон первого игрока — {'Анне' if other == 'a' else 'Борису'}")
    step = service.correct(db, game_id=game_id, text=patch, gm_user_id=gm.id, reason="ошибка в подсчёте")
    after = gm_state(db, TET, game_id)
    assert after.players["a"].coins == before.players["a"].coins + 3
    assert card in after.players["a"].creatures and after.holder == other
    assert [t.level for t in after.players["b"].trophies][-1] == level
    texts = [e.text for e in service.step_chronicle(db, game_id=game_id, step_number=step.number).events]
    assert texts[0] == f"Правка мастера: Анна — монеты +3 (теперь {after.players['a'].coins})."
    assert texts[2].startswith("На место 1 в пуле существ выложена")  # what is drawn is public at once
    assert not any(str(before.supply) in t for t in texts)
    play(db, TET, game_id, users, 3, "tet-after")
    verdict = service.verify_game(db, game_id)
    assert verdict.ok, verdict.mismatches
