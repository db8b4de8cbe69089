"""The legality Checker: one main action, production and requirements, where each card type may
be played, moves, attacks, abilities — each test names the clause whose behaviour it checks."""

from __future__ import annotations

from combat_table import game, put

from rulesets.kozyablo.orders import (
    Attack,
    Decline,
    DrawCard,
    Evade,
    Move,
    Mulligan,
    PlayCard,
    Skip,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from rulesets.kozyablo.rules.legality import Checker
from rulesets.kozyablo.state import Pending


def codes(state, faction, *orders):
    """Error codes of each order, checked in turn as one post."""
    checker = Checker(state, faction)
    return [[v.code for v in checker.check(o) if not v.warning] for o in orders]


def first(state, faction, order):
    return codes(state, faction, order)[0]


def test_exactly_one_main_action_KZ_TURN_03_KZ_DEF_TURN_01():
    """KZ-TURN-03 / KZ-DEF-TURN-01: one main action per post; a second is an error on its line;
    [С] uses come before it, not after."""
    s = game()
    s.players["p1"].deck = ["shmel"] * 5
    shield = put(s, "p1", "pozorny_shchitonosets", "gold-1")
    use = UseAbility(piece=shield, ability="somknut_shchity")
    assert codes(s, "p1", use, DrawCard(), Skip()) == [[], [], ["turn.second_action"]]
    assert codes(s, "p1", DrawCard(), use) == [[], ["turn.free_after_main"]]


def test_post_out_of_turn_is_refused_unless_answering_KZ_DEF_TURN_03():
    """KZ-DEF-TURN-03: a non-active player's action is refused; his answer to a pending decision
    (here a reaction window, KZ-DEC-03) is accepted."""
    s = game()
    s.players["p2"].deck = ["shmel"]
    assert first(s, "p2", DrawCard()) == ["turn.not_yours"]
    s.pending = Pending(kind="react", active="p1", action=[Skip().model_dump()], waiting=["p2"])
    assert first(s, "p2", Decline(what="react")) == []
    assert first(s, "p1", DrawCard()) == ["turn.pending"]


def test_card_must_be_in_hand_KZ_PLAY_01():
    """KZ-PLAY-01: a card is played from the hand; the hint lists the hand (private to the poster)."""
    s = game()
    s.players["p1"].hand = ["pozorny_luchnik"]
    checker = Checker(s, "p1")
    found = checker.check(PlayCard(card="pozorny_mechnik", into="gold-1"))
    assert [v.code for v in found] == ["hand.missing"] and "Позорный лучник" in (found[0].hint or "")
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="gold-1")) == []


def test_production_threshold_KZ_PLAY_02_KZ_CREA_03():
    """KZ-PLAY-02, KZ-CREA-03: a creature needs gold production ≥ its level; a controlled gold
    sector adds to the capital's base (Позорище: gold 2)."""
    s = game()
    s.players["p1"].hand = ["pozorny_rytsar"]
    assert first(s, "p1", PlayCard(card="pozorny_rytsar", into="gold-1")) == ["prod.short"]
    s.sectors["gold-2"].controller = "p1"
    assert first(s, "p1", PlayCard(card="pozorny_rytsar", into="gold-1")) == []


def test_podryv_worked_example_KZ_PLAY_03_KZ_GAP_40_KZ_EVT_01():
    """KZ-PLAY-03: «Подрыв» (event, level 2) needs a controlled sector AND crystals ≥ 2.
    KZ-GAP-40: the capital does not count as that sector. KZ-EVT-01: events need crystals."""
    s = game("kozly", "zhloby")  # Козлиная гора: crystals 1; may hold Жлобы cards
    s.players["p1"].hand = ["podryv"]
    blast = PlayCard(card="podryv", on="capital:capital-2")
    assert sorted(first(s, "p1", blast)) == ["prod.short", "req.sector"]
    s.sectors["gold-1"].controller = "p1"
    assert first(s, "p1", blast) == ["prod.short"]  # a sector, but crystals still 1
    s.sectors["gold-1"].controller = None
    s.sectors["crystal-1"].controller = "p1"
    assert first(s, "p1", blast) == []  # crystals 2 and a controlled sector


def test_creature_not_into_enemy_cards_or_enemy_capital_KZ_CREA_01_KZ_CREA_02():
    """KZ-CREA-01: not into a sector with enemy cards; KZ-CREA-02: never into an enemy capital,
    even an empty one."""
    s = game()
    s.players["p1"].hand = ["pozorny_luchnik"]
    put(s, "p2", "shmel", "gold-2")
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="gold-2")) == ["crea.enemy_cards"]
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="capital-2")) == ["crea.enemy_capital"]
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="mana-2")) == []


def test_enemy_in_capital_only_capital_KZ_PLAY_04_KZ_GAP_07_KZ_DEF_PLAY_02():
    """KZ-PLAY-04: with an enemy creature in your capital, creatures and artifacts go only there;
    KZ-GAP-07 / KZ-DEF-PLAY-02: your own capital is the exception to KZ-CREA-01 (option)."""
    s = game()
    s.players["p1"].hand = ["pozorny_luchnik", "pozorny_shchit"]
    s.sectors["crystal-1"].controller = "p1"
    put(s, "p2", "shmel", "capital-1")
    hero = put(s, "p1", "ser_pozorin", "gold-1")
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="gold-2")) == ["crea.capital_under_attack"]
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="capital-1")) == []
    assert first(s, "p1", PlayCard(card="pozorny_shchit", on=hero)) == ["art.capital_under_attack"]
    strict = game(own_capital_exception=False)
    strict.players["p1"].hand = ["pozorny_luchnik"]
    put(strict, "p2", "shmel", "capital-1")
    assert first(strict, "p1", PlayCard(card="pozorny_luchnik", into="capital-1")) == ["crea.enemy_cards"]


def test_garrison_limit_and_its_suspension_KZ_MOVE_04_KZ_MOVE_05():
    """KZ-MOVE-04: no more own creatures in the capital than «Гарнизон» (Позорище: 3), by playing or
    moving; KZ-MOVE-05: suspended while opponent's cards are in it."""
    s = game()
    s.players["p1"].hand = ["pozorny_luchnik"]
    for _ in range(3):
        put(s, "p1", "pozorny_luchnik", "capital-1")
    runner = put(s, "p1", "pozorny_sledopyt", "gold-1")
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="capital-1")) == ["garrison.full"]
    assert first(s, "p1", Move(pieces=(runner,), origin="gold-1", dest="capital-1")) == ["move.garrison"]
    put(s, "p2", "shmel", "capital-1")
    assert first(s, "p1", Move(pieces=(runner,), origin="gold-1", dest="capital-1")) == []
    assert first(s, "p1", PlayCard(card="pozorny_luchnik", into="capital-1")) == []


def test_hero_costs_KZ_HERO_04_KZ_GAP_08_KZ_DEF_PLAY_01():
    """KZ-HERO-04: crystals ≥ 3; KZ-GAP-08 / KZ-DEF-PLAY-01: and gold ≥ its level (option
    hero_needs_gold)."""
    s = game()
    s.players["p1"].hand = ["ser_pozorin"]
    hero = PlayCard(card="ser_pozorin", into="gold-1")
    assert first(s, "p1", hero) == ["prod.short", "hero.crystals"]  # gold 2 < 3, crystals 1 < 3
    s.sectors["crystal-1"].controller = "p1"
    s.sectors["crystal-2"].controller = "p1"
    assert first(s, "p1", hero) == ["prod.short"]  # crystals 3, gold 2 < 3
    s.sectors["gold-2"].controller = "p1"
    assert first(s, "p1", hero) == []
    relaxed = game(hero_needs_gold=False)
    relaxed.players["p1"].hand = ["ser_pozorin"]
    relaxed.sectors["crystal-1"].controller = relaxed.sectors["crystal-2"].controller = "p1"
    assert first(relaxed, "p1", hero) == []


def test_hero_like_a_creature_unique_and_never_back_KZ_HERO_01_KZ_HERO_02_KZ_HERO_03_KZ_GAP_17():
    """KZ-HERO-01: a hero is played into a sector like a creature (and like one, not into enemy
    cards); KZ-GAP-17: one copy in play; KZ-HERO-03: a destroyed hero never returns.
    KZ-HERO-02: the deck rule (one hero, 3 copies) lets a second copy sit in the hand."""
    s = game()
    for sid in ("crystal-1", "crystal-2", "gold-2"):
        s.sectors[sid].controller = "p1"
    s.players["p1"].hand = ["ser_pozorin", "ser_pozorin"]
    put(s, "p2", "shmel", "mana-2")
    assert first(s, "p1", PlayCard(card="ser_pozorin", into="mana-2")) == ["crea.enemy_cards"]
    assert codes(s, "p1", PlayCard(card="ser_pozorin", into="gold-1")) == [[]]
    put(s, "p1", "ser_pozorin", "gold-1")
    assert first(s, "p1", PlayCard(card="ser_pozorin", into="mana-1")) == ["hero.in_play"]
    s.pieces = {u: p for u, p in s.pieces.items() if p.card != "ser_pozorin"}
    s.players["p1"].dead_heroes = ["ser_pozorin"]
    assert first(s, "p1", PlayCard(card="ser_pozorin", into="mana-1")) == ["hero.dead"]


def test_artifact_on_its_hero_KZ_ART_01_KZ_GAP_18_KZ_DEF_PLAY_03():
    """KZ-ART-01: onto the named hero; KZ-GAP-18 / KZ-DEF-PLAY-03: crystals ≥ level, the hero in
    play and not in shadow."""
    s = game()
    s.players["p1"].hand = ["pozorny_shchit"]
    play = lambda on: PlayCard(card="pozorny_shchit", on=on)
    archer = put(s, "p1", "pozorny_luchnik", "gold-1")
    assert first(s, "p1", play(archer)) == ["prod.short", "art.no_hero"]
    s.sectors["crystal-1"].controller = "p1"
    hero = put(s, "p1", "ser_pozorin", "gold-1")
    assert first(s, "p1", play(archer)) == ["art.wrong_hero"]
    assert first(s, "p1", play(hero)) == []
    s.pieces[hero].shadow = True
    assert first(s, "p1", play(hero)) == ["art.shadow"]


def test_buildings_KZ_BLD_01_KZ_BLD_02_KZ_BLD_03_KZ_DEF_BLD_01():
    """KZ-BLD-01: only into the own capital; KZ-BLD-02: crystals ≥ level; KZ-BLD-03: at most
    «Постройки: X» (Улей: 1). KZ-DEF-BLD-01: an enemy building may be an effect's target
    («Подрыв»), an own one may not."""
    s = game("trutni", "zhloby")
    s.players["p1"].hand = ["gnezdo_strazhey"]
    assert first(s, "p1", PlayCard(card="gnezdo_strazhey", into="gold-1")) == ["bld.not_capital"]
    assert first(s, "p1", PlayCard(card="gnezdo_strazhey", into="capital-1")) == []  # Улей: crystals 2
    put(s, "p1", "gnezdo_strazhey", "capital-1")
    assert first(s, "p1", PlayCard(card="gnezdo_strazhey", into="capital-1")) == ["bld.full"]
    z = game("zhloby", "trutni")
    z.players["p1"].hand = ["podryv", "zabor_s_pushkoy"]
    z.sectors["gold-1"].controller = "p1"
    nest = put(z, "p2", "gnezdo_strazhey", "capital-2")
    own = put(z, "p1", "zabor_s_pushkoy", "capital-1")
    assert first(z, "p1", PlayCard(card="podryv", on=nest)) == []
    assert first(z, "p1", PlayCard(card="podryv", on=own)) == ["target.not_building"]
    low = game("trutni", "zhloby")
    low.players["p1"].hand = ["gnezdo_strazhey"]
    low.players["p1"].capital = "kozlinaya_gora"  # crystals 1 < level 2
    assert "prod.short" in first(low, "p1", PlayCard(card="gnezdo_strazhey", into="capital-1"))


def test_magic_targets_and_mana_KZ_MAG_01_KZ_MAG_03_KZ_DEF_PLAY_04():
    """KZ-MAG-03: mana ≥ level; KZ-MAG-01: the card says what it is played on (an enemy creature
    for «Огненный плевок»); KZ-DEF-PLAY-04: a creature in shadow is never a target."""
    s = game("kozly", "trutni")  # mana 2
    s.players["p1"].hand = ["ogenny_plevok", "slovo_letaro"]
    mine = put(s, "p1", "kozel_bodun", "gold-1")
    bee = put(s, "p2", "shmel", "gold-2")
    assert first(s, "p1", PlayCard(card="ogenny_plevok", on=mine)) == ["target.not_enemy"]
    assert first(s, "p1", PlayCard(card="ogenny_plevok", on=bee)) == []
    assert first(s, "p1", PlayCard(card="slovo_letaro", on=bee)) == ["prod.short"]  # mana 2 < 3
    s.pieces[bee].shadow = True
    assert first(s, "p1", PlayCard(card="ogenny_plevok", on=bee)) == ["target.shadow"]


def test_magic_protection_and_undead_KZ_MPROT_02_KZ_GAP_36_KZ_GAP_37():
    """KZ-MPROT-02: Защита от магии blocks every magic card but «Слово Летаро»; KZ-GAP-36: own magic
    too, but not events; KZ-GAP-37: «Кольчуга» does not work on Нежить."""
    s = game("kozly", "kozly")
    s.sectors["mana-1"].controller = "p1"  # mana 3
    s.sectors["crystal-1"].controller = "p1"
    s.players["p1"].hand = ["ogenny_plevok", "slovo_letaro", "kolchuga"]
    black = put(s, "p2", "cherny_kozel", "gold-2")
    assert first(s, "p1", PlayCard(card="ogenny_plevok", on=black)) == ["target.magic_protection"]
    assert first(s, "p1", PlayCard(card="slovo_letaro", on=black)) == []
    own_black = put(s, "p1", "cherny_kozel", "gold-1")
    zombie = put(s, "p1", "kozel_zombi", "gold-1")
    assert first(s, "p1", PlayCard(card="kolchuga", on=own_black)) == ["target.magic_protection"]
    assert first(s, "p1", PlayCard(card="kolchuga", on=zombie)) == ["target.undead"]
    p = game("pozorki", "kozly")
    p.players["p1"].hand = ["pozorny_manevr"]
    protected = put(p, "p1", "cherny_kozel", "gold-1")
    assert first(p, "p1", PlayCard(card="pozorny_manevr", on=protected, into="mana-1")) == []


def test_draw_from_empty_deck_is_illegal_KZ_DRAW_01_KZ_GAP_16():
    """KZ-DRAW-01: drawing takes the top card; KZ-GAP-16: illegal with an empty deck."""
    s = game()
    assert first(s, "p1", DrawCard()) == ["draw.empty_deck"]
    s.players["p1"].deck = ["shmel"]
    checker = Checker(s, "p1")
    assert checker.check(DrawCard()) == []
    assert checker.s.players["p1"].hand == ["shmel"]


def test_moves_KZ_MOVE_01_KZ_MOVE_02_KZ_MOVE_03_KZ_SHADOW_04():
    """KZ-MOVE-01: any number of own creatures from one sector to one other; KZ-MOVE-02: the
    отряд is all of them; KZ-MOVE-03: never capital to capital; KZ-SHADOW-04: a creature in shadow
    moves too; buildings and enemy creatures do not."""
    s = game("kozly", "trutni")
    a = put(s, "p1", "kozel_bodun", "gold-1")
    b = put(s, "p1", "kozel_ten", "gold-1", shadow=True)
    enemy = put(s, "p2", "shmel", "gold-1")
    home = put(s, "p1", "kozel_bodun", "capital-1")
    altar = put(s, "p1", "kozliny_altar", "capital-1")
    assert first(s, "p1", Move(pieces=(a, b), origin="gold-1", dest="mana-2")) == []
    assert first(s, "p1", Move(pieces=(enemy,), origin="gold-1", dest="mana-2")) == ["move.not_own"]
    assert first(s, "p1", Move(pieces=(altar,), origin="capital-1", dest="mana-2")) == ["move.building"]
    assert first(s, "p1", Move(pieces=(home,), origin="capital-1", dest="capital-2")) == ["move.capital_to_capital"]
    assert first(s, "p1", Move(pieces=(a,), origin="gold-1", dest="gold-1")) == ["move.same"]


def test_forced_garrison_move_KZ_MOVE_06_KZ_DEF_GARR_01_KZ_DEF_GARR_02_KZ_GAP_30():
    """KZ-DEF-GARR-01 / KZ-GAP-30: heroes and creatures in shadow count toward the garrison;
    KZ-DEF-GARR-02 / KZ-MOVE-06: over the limit with no enemy there, the only legal action is a
    move out of the capital that restores the limit."""
    s = game("kozly", "trutni")  # Козлиная гора: garrison 3
    s.players["p1"].deck = ["kozel_bodun"]
    inside = [put(s, "p1", "kozel_bodun", "capital-1"), put(s, "p1", "kozel_ten", "capital-1", shadow=True),
              put(s, "p1", "velikiy_kozloduy", "capital-1"), put(s, "p1", "kozel_zombi", "capital-1"),
              put(s, "p1", "kozel_bodun", "capital-1")]
    assert first(s, "p1", DrawCard()) == ["move.garrison_due"]
    assert first(s, "p1", Skip()) == ["move.garrison_due"]
    assert first(s, "p1", Move(pieces=(inside[0],), origin="capital-1", dest="gold-1")) == ["move.garrison_short"]
    assert first(s, "p1", Move(pieces=tuple(inside[:2]), origin="capital-1", dest="gold-1")) == []


def test_attack_requirements_KZ_ATK_01_KZ_DEF_ATK_01_KZ_DEF_ATK_02_KZ_GAP_20():
    """KZ-ATK-01 / KZ-DEF-ATK-01: the attacker needs a card there that can strike; KZ-GAP-20: the
    sector needs another player's card, or is an enemy capital; KZ-DEF-ATK-02: the capital itself
    is a target only in its own sector."""
    s = game()
    archer = put(s, "p1", "pozorny_luchnik", "gold-1")
    assert first(s, "p1", Attack(sector="gold-2")) == ["attack.no_striker"]
    assert first(s, "p1", Attack(sector="gold-1")) == ["attack.no_enemy"]
    put(s, "p2", "dikiy_gilen", "gold-1")
    assert first(s, "p1", Attack(sector="gold-1")) == []
    wrong = Attack(sector="gold-1", picks=(TargetPick(striker=archer, targets=("capital:capital-2",)),))
    assert first(s, "p1", wrong) != []
    raider = put(s, "p1", "pozorny_mechnik", "capital-2")
    siege = Attack(sector="capital-2", picks=(TargetPick(striker=raider, targets=("capital:capital-2",)),))
    assert first(s, "p1", siege) == []


def test_abilities_action_and_free_KZ_ABIL_01_KZ_ABIL_02_KZ_ABIL_03_KZ_DEF_ABIL_01_KZ_GAP_02():
    """KZ-ABIL-01: an ability of a card on the table, by its id; KZ-ABIL-02 / KZ-GAP-02: [Д] is the
    action; KZ-ABIL-03 / KZ-DEF-ABIL-01: [С] is free and any action may follow."""
    s = game("trutni", "pozorki")
    s.players["p1"].deck = ["shmel"]
    fat = put(s, "p1", "zhirny_truten", "gold-1", damage=2)
    assert first(s, "p1", UseAbility(piece=fat, ability="fly")) == ["abil.none"]
    assert codes(s, "p1", UseAbility(piece=fat, ability="regeneratsiya"), DrawCard()) == [[], ["turn.second_action"]]
    q = game()
    q.players["p1"].deck = ["shmel"]
    shield = put(q, "p1", "pozorny_shchitonosets", "gold-1")
    assert codes(q, "p1", UseAbility(piece=shield, ability="somknut_shchity"), DrawCard()) == [[], []]


def test_free_ability_once_per_round_KZ_DEF_ABIL_02_KZ_GAP_31():
    """KZ-DEF-ABIL-02 / KZ-GAP-31: a card's [С] once per round; option free_ability_limit."""
    s = game()
    shield = put(s, "p1", "pozorny_shchitonosets", "gold-1")
    use = UseAbility(piece=shield, ability="somknut_shchity")
    assert codes(s, "p1", use, use) == [[], ["abil.free_used"]]
    twice = game(free_ability_limit=2)
    shield2 = put(twice, "p1", "pozorny_shchitonosets", "gold-1")
    use2 = UseAbility(piece=shield2, ability="somknut_shchity")
    assert codes(twice, "p1", use2, use2) == [[], []]


def test_free_ability_in_the_opponents_window_only_KZ_ABIL_05():
    """KZ-ABIL-05: [С] may be used in the opponent's turn, in the window after his declaration; a
    [Д] may not; a card outside the involved sectors may not."""
    s = game("pozorki", "trutni")
    shield = put(s, "p1", "pozorny_shchitonosets", "gold-2")
    far = put(s, "p1", "pozorny_shchitonosets", "mana-1")
    s.active = 1
    move = Move(pieces=(put(s, "p2", "shmel", "gold-2"),), origin="gold-2", dest="mana-2")
    s.pending = Pending(kind="react", active="p2", action=[move.model_dump()], waiting=["p1"])
    assert first(s, "p1", UseAbility(piece=shield, ability="somknut_shchity")) == []
    assert first(s, "p1", UseAbility(piece=far, ability="somknut_shchity")) != []


def test_regeneration_and_its_warning_KZ_REGEN_01_KZ_GAP_38():
    """KZ-REGEN-01: [Д] Регенерация; KZ-GAP-38: at full life it is legal but warned about."""
    s = game("trutni", "pozorki")
    fat = put(s, "p1", "zhirny_truten", "gold-1")
    found = Checker(s, "p1").check(UseAbility(piece=fat, ability="regeneratsiya"))
    assert [v.code for v in found] == ["regen.full"] and found[0].warning


def test_shadow_not_next_to_a_scout_KZ_SHADOW_01_KZ_DEF_SHADOW_03_KZ_GAP_39_KZ_SCOUT_01():
    """KZ-SHADOW-01: [Д] Уход в тень; KZ-DEF-SHADOW-03 / KZ-GAP-39: illegal with an enemy Разведчик
    in the sector (KZ-SCOUT-01 would reveal it at once); not twice."""
    s = game("kozly", "pozorki")
    ghost = put(s, "p1", "kozel_ten", "gold-1")
    assert first(s, "p1", UseAbility(piece=ghost, ability="ukhod_v_ten")) == []
    scout = put(s, "p2", "pozorny_sledopyt", "gold-1")
    assert first(s, "p1", UseAbility(piece=ghost, ability="ukhod_v_ten")) == ["shadow.scout"]
    del s.pieces[scout]
    s.pieces[ghost].shadow = True
    assert first(s, "p1", UseAbility(piece=ghost, ability="ukhod_v_ten")) == ["shadow.already"]


def test_skip_is_always_an_action_KZ_SKIP_01():
    """KZ-SKIP-01: skipping the turn is a legal main action (and the only one in the post)."""
    s = game()
    s.players["p1"].deck = ["shmel"]
    assert codes(s, "p1", Skip(), DrawCard()) == [[], ["turn.second_action"]]


def test_trigger_choices_at_the_top_KZ_DEC_10():
    """KZ-DEC-10: a start-of-turn choice is written at the top of the post, for a card that has
    one, naming a creature it may reach."""
    s = game("trutni", "pozorki")
    nest = put(s, "p1", "gnezdo_strazhey", "capital-1")
    bee = put(s, "p1", "shmel", "capital-1", damage=0)
    away = put(s, "p1", "dikiy_gilen", "gold-1", damage=2)
    assert first(s, "p1", TriggerChoice(piece=nest, target=bee)) == []
    assert first(s, "p1", TriggerChoice(piece=nest, target=away)) == ["trigger.target"]
    assert first(s, "p1", TriggerChoice(piece=bee, target=bee)) == ["trigger.none"]
    assert codes(s, "p1", Skip(), TriggerChoice(piece=nest, target=bee))[1] == ["turn.trigger_late"]


def test_mulligan_limits_KZ_MULL_03_KZ_DEF_MULL_01():
    """KZ-MULL-03: at most 3 redraws; KZ-DEF-MULL-01: only with ≥ 3 cards in the deck, cards from
    the hand, only the deciding player."""
    s = game()
    s.phase = "mulligan"
    s.players["p1"].hand = ["shmel", "pyltsa"]
    s.players["p1"].deck = ["roy"] * 5
    assert first(s, "p1", Mulligan(cards=("shmel",))) == []
    assert first(s, "p1", Mulligan(cards=("roy",))) == ["hand.missing"]
    assert first(s, "p2", Mulligan()) == ["turn.not_yours"]
    s.players["p1"].mulligans = 3
    assert first(s, "p1", Mulligan(cards=("shmel",))) == ["mull.limit"]
    s.players["p1"].mulligans = 0
    s.players["p1"].deck = ["roy", "roy"]
    assert first(s, "p1", Mulligan(cards=("shmel",))) == ["mull.small_deck"]
    assert first(s, "p1", Mulligan()) == []


def test_attacker_adds_his_own_evasion_lines_KZ_DEF_REACT_01():
    """The attacker answers for his own creatures in his attack post (KZ-DEF-REACT-01 design): an
    Уклонение line after the attack is checked like a reaction line; before an attack it is not a
    main-post order."""
    s = game()
    s.players["p1"].hand = ["pozorny_klich"]
    scout = put(s, "p1", "pozorny_sledopyt", "gold-1")
    put(s, "p2", "dikiy_gilen", "gold-1")
    evade = Evade(piece=scout, discard="pozorny_klich")
    assert codes(s, "p1", Attack(sector="gold-1"), evade) == [[], []]
    assert codes(s, "p1", evade) == [["turn.decision_only"]]
    bad = Evade(piece=scout, discard="shmel")
    assert codes(s, "p1", Attack(sector="gold-1"), bad)[1] != []
