"""Sector control, production, garrison counts and table names (world.py, refs.py)."""

from __future__ import annotations

from kz_model_factory import opened, pos, put

from rulesets.kozyablo.orders import Attack, Move, PlayCard, TargetPick
from rulesets.kozyablo.refs import (
    TableNamer,
    cards_count,
    find_pieces,
    find_sectors,
    piece_name,
    sector_by_name,
    sector_name,
)
from rulesets.kozyablo.rules.world import (
    can_move_between,
    controls_a_sector,
    enemy_cards_in,
    enemy_in_capital,
    garrison_count,
    meets_level,
    over_garrison,
    production,
    reevaluate_control,
)


def duel(**options):
    state, _ = opened("pozorki", "trutni", **options)
    return state, state.order[0], state.order[1]


def test_creature_takes_an_empty_sector_and_its_income_KZ_SECT_01_KZ_DEF_INC_01():
    """KZ-SECT-01, KZ-DEF-INC-01: control brings income."""
    state, a, b = duel()
    base = production(state, a)
    assert base == {"gold": 2, "crystals": 1, "mana": 1}  # Позорище
    put(state, "pozorny_luchnik", a, "crystal-2")
    events = reevaluate_control(state)
    assert state.sectors["crystal-2"].controller == a
    assert [e.kind for e in events] == ["sector_control"] and events[0].clause == "KZ-SECT-01"
    assert "Кристаллический рудник-2" in events[0].text
    assert production(state, a) == {"gold": 2, "crystals": 2, "mana": 1}
    assert production(state, b) == {"gold": 1, "crystals": 2, "mana": 1}  # Улей, unchanged


def test_control_stays_after_leaving_KZ_SECT_02():
    """KZ-SECT-02: control stays after the creature leaves."""
    state, a, _ = duel()
    archer = put(state, "pozorny_luchnik", a, "gold-1")
    reevaluate_control(state)
    archer.sector = "capital-1"
    assert reevaluate_control(state) == []
    assert state.sectors["gold-1"].controller == a
    assert production(state, a)["gold"] == 3


def test_enemy_entering_an_empty_sector_takes_it_KZ_SECT_03_KZ_DEF_SECT_02():
    """KZ-SECT-03, KZ-DEF-SECT-02: an enemy in an empty sector takes it."""
    state, a, b = duel()
    archer = put(state, "pozorny_luchnik", a, "mana-2")
    reevaluate_control(state)
    archer.sector = "capital-1"  # the sector is empty but still Anna's
    put(state, "shmel", b, "mana-2")
    events = reevaluate_control(state)
    assert state.sectors["mana-2"].controller == b
    assert events[0].clause == "KZ-SECT-03" and events[0].data["was"] == a
    assert production(state, a)["mana"] == 1 and production(state, b)["mana"] == 2


def test_two_players_make_it_neutral_KZ_SECT_04():
    """KZ-SECT-04: two players' creatures make a sector neutral."""
    state, a, b = duel()
    put(state, "pozorny_luchnik", a, "gold-2")
    reevaluate_control(state)
    bee = put(state, "shmel", b, "gold-2")
    events = reevaluate_control(state)
    assert state.sectors["gold-2"].controller is None
    assert events[0].kind == "sector_neutral" and events[0].clause == "KZ-SECT-04"
    # after a combat wipes one side out, the re-evaluation gives it to the survivor (KZ-GAP-09)
    del state.pieces[bee.uid]
    reevaluate_control(state)
    assert state.sectors["gold-2"].controller == a


def test_reevaluation_after_every_change_KZ_GAP_09():
    """KZ-GAP-09, KZ-DEF-SECT-02: re-evaluation rules."""
    state, a, b = duel()
    assert reevaluate_control(state) == []  # nothing on the table: nothing changes
    p = put(state, "shmel", b, "gold-1")
    q = put(state, "pozorny_luchnik", a, "gold-1")
    reevaluate_control(state)
    assert state.sectors["gold-1"].controller is None
    del state.pieces[q.uid]
    reevaluate_control(state)
    assert state.sectors["gold-1"].controller == b
    del state.pieces[p.uid]
    reevaluate_control(state)
    assert state.sectors["gold-1"].controller == b  # nobody there: unchanged


def test_levels_are_thresholds_KZ_SECT_05_KZ_GAP_03():
    """KZ-SECT-05, KZ-GAP-03: levels are thresholds; sector_income."""
    state, a, _b = duel()
    assert meets_level(state, a, "pozorny_mechnik")  # gold 2 ≤ 2
    assert not meets_level(state, a, "pozorny_rytsar")  # gold 3 > 2
    put(state, "pozorny_mechnik", a, "capital-1")
    assert meets_level(state, a, "pozorny_mechnik")  # nothing was spent
    assert production(state, a)["gold"] == 2
    put(state, "pozorny_luchnik", a, "gold-1")
    reevaluate_control(state)
    assert meets_level(state, a, "pozorny_rytsar")  # capital 2 + one gold sector
    # option sector_income: each sector gives that much
    state2, a2, _ = duel(sector_income=2)
    put(state2, "pozorny_luchnik", a2, "gold-2")
    reevaluate_control(state2)
    assert production(state2, a2)["gold"] == 4


def test_shadow_counts_for_control_option_KZ_GAP_10():
    """KZ-GAP-10: shadow pieces are present (option shadow_counts_for_control)."""
    state, _a, b = duel()
    put(state, "kozel_ten", b, "gold-1", shadow=True)
    reevaluate_control(state)
    assert state.sectors["gold-1"].controller == b
    assert garrison_count(state, b) == 0
    put(state, "shmel", b, "capital-2", shadow=True)
    assert garrison_count(state, b) == 1  # shadow pieces count for the garrison
    state2, _a2, b2 = duel(shadow_counts_for_control=False)
    put(state2, "kozel_ten", b2, "gold-1", shadow=True)
    reevaluate_control(state2)
    assert state2.sectors["gold-1"].controller is None


def test_capitals_are_never_controlled_KZ_GAP_11_KZ_DEF_SECT_03():
    """KZ-GAP-11, KZ-DEF-SECT-03: capitals are never controlled."""
    state, a, _b = duel()
    put(state, "pozorny_luchnik", a, "capital-2")
    reevaluate_control(state)
    assert state.sectors["capital-2"].controller is None
    assert production(state, a) == {"gold": 2, "crystals": 1, "mana": 1}
    assert not controls_a_sector(state, a)  # KZ-GAP-40: the capital does not count
    state.sectors["capital-1"].controller = a  # even a bad edit is undone
    reevaluate_control(state)
    assert state.sectors["capital-1"].controller is None


def test_capital_sets_race_and_production_KZ_CAP_01():
    """KZ-CAP-01: the capital fixes race and base production."""
    state, _ = opened("kozly", "zhloby")
    k, z = state.order
    assert state.players[k].race == "kozly" and state.players[z].race == "zhloby"
    assert production(state, k) == {"gold": 1, "crystals": 1, "mana": 2}
    assert production(state, z) == {"gold": 2, "crystals": 2, "mana": 0}


def test_sector_names_and_numbers_KZ_DEF_SECT_01_KZ_GAP_12():
    """KZ-DEF-SECT-01, KZ-GAP-12: sectors numbered by turn-order position."""
    state, _ = opened("trutni", "pozorki", "zhloby")
    first, second, _third = state.order
    assert state.players[first].race == "pozorki"
    assert sector_name(state, "gold-1") == "Золотая шахта-1"
    assert sector_name(state, "crystal-2") == "Кристаллический рудник-2"
    assert sector_name(state, "mana-3") == "Источник энергии-3"
    assert sector_name(state, "capital-1") == "Позорище" and sector_name(state, "capital-3") == "Жлобоград"
    assert state.sectors["gold-2"].put_by == second
    assert [s.id for s in find_sectors(state, kind="gold")] == ["gold-1", "gold-2", "gold-3"]
    assert [s.id for s in find_sectors(state, number=2)] == ["gold-2", "crystal-2", "mana-2", "capital-2"]
    assert sector_by_name(state, "кристаллический рудник-3").id == "crystal-3"
    assert sector_by_name(state, "«Улей»").id == "capital-2"


def test_mirror_capitals_are_numbered_KZ_GAP_12():
    """KZ-GAP-12: two equal capitals get numbers."""
    state, _ = opened("pozorki", "pozorki")
    assert sector_name(state, "capital-1") == "Позорище-1"
    assert sector_name(state, "capital-2") == "Позорище-2"


def test_piece_names_numbered_per_owner_KZ_DEF_REF_01():
    """KZ-DEF-REF-01: copies numbered per owner, enemies with their owner."""
    state, a, b = duel()
    one = put(state, "shmel", b, "gold-1")
    assert piece_name(state, one, b) == "Шмель"
    two = put(state, "shmel", b, "gold-2")
    theirs = put(state, "pozorny_luchnik", a, "gold-2")
    assert piece_name(state, one, b) == "Шмель №1" and piece_name(state, two, b) == "Шмель №2"
    assert piece_name(state, two, a) == "Шмель №2 (Борис)"
    assert [p.uid for p in find_pieces(state, "shmel", owner=b, number=2)] == [two.uid]
    assert find_pieces(state, sector="gold-2", owner=a) == [theirs]
    namer = TableNamer(state, b)
    assert namer.piece(theirs.uid) == "Позорный лучник (Анна)"
    assert namer.target("capital:capital-1") == "Позорище"
    move = Move(pieces=(one.uid, two.uid), origin="gold-1", dest="crystal-1")
    assert move.to_text(namer) == "Перемещаю «Шмель №1», «Шмель №2» из «Золотая шахта-1» в «Кристаллический рудник-1»."
    attack = Attack(sector="gold-2", picks=(TargetPick(striker=two.uid, targets=(theirs.uid,)),))
    assert attack.to_text(namer) == "Атакую в «Золотая шахта-2»: «Шмель №2» → «Позорный лучник (Анна)»."
    assert PlayCard(card="shmel", into="gold-2").to_text(namer) == "Играю «Шмель» в «Золотая шахта-2»."


def test_shadow_piece_is_named_only_for_owner_and_gm():
    state, a, b = duel()
    ghost = put(state, "kozel_ten", b, "gold-1", shadow=True)
    assert piece_name(state, ghost, a) == "карта в тени (Борис)"
    assert piece_name(state, ghost, None) == "карта в тени (Борис)"
    assert piece_name(state, ghost, b) == "Козёл-тень"
    assert TableNamer(state, None, gm=True).piece(ghost.uid) == "Козёл-тень (Борис)"


def test_garrison_and_enemy_cards_KZ_DEF_GARR_01():
    """KZ-DEF-GARR-01: own creatures in own capital, heroes and shadow included."""
    state, a, b = duel()
    for _ in range(3):
        put(state, "pozorny_luchnik", a, "capital-1")
    put(state, "storozhevaya_vyshka", a, "capital-1")  # a building is not in the garrison
    put(state, "shmel", b, "capital-1")  # neither is an enemy creature
    assert garrison_count(state, a) == 3
    assert [p.card for p in enemy_cards_in(state, "capital-1", a)] == ["shmel"]
    assert enemy_in_capital(state, a) and not enemy_in_capital(state, b)
    put(state, "ser_pozorin", a, "capital-1")
    assert garrison_count(state, a) == 4  # heroes count
    assert not over_garrison(state, a)  # suspended while an enemy is there
    for p in list(state.pieces.values()):
        if p.owner == b:
            del state.pieces[p.uid]
    assert over_garrison(state, a)


def test_no_adjacency_KZ_GAP_04():
    """KZ-GAP-04: no adjacency except capital to capital."""
    state, _ = opened("pozorki", "trutni", "kozly")
    ids = list(state.sectors)
    for o in ids:
        for d in ids:
            both_capitals = state.sectors[o].kind == "capital" and state.sectors[d].kind == "capital"
            assert can_move_between(state, o, d) == (o != d and not both_capitals)


def test_cards_count_words():
    assert [cards_count(n) for n in (1, 2, 5, 6, 11, 21, 22)] == [
        "1 карта", "2 карты", "5 карт", "6 карт", "11 карт", "21 карта", "22 карты"]


def test_positions_follow_turn_order():
    state, _ = opened("zhloby", "pozorki")
    assert state.players[state.order[0]].race == "pozorki"
    assert state.sectors["capital-1"].put_by == state.order[0]
    assert pos(state, state.order[1]) == 2
