"""Carrying out actions through `resolution.apply`: drawing with its public/private split, playing
each card type, magic kinds and their time, deaths, moves and retreat attacks, abilities."""

from __future__ import annotations

from combat_table import game, put, run

from rulesets.kozyablo.orders import (
    Decline,
    DrawCard,
    Move,
    PlayCard,
    Skip,
    Strike,
    UseAbility,
)
from rulesets.kozyablo.rules.combat.targets import armour_of, attack_of, life_left, max_life


def test_draw_is_public_count_private_card_KZ_DRAW_01():
    """KZ-DRAW-01: the top card goes to the hand; the public event has no card in text or data,
    the owner's private event names it (checklist §5)."""
    s = game()
    s.players["p1"].deck = ["pozorny_rytsar", "pozorny_luchnik"]
    after, events = run(s, "p1", DrawCard())
    assert after.players["p1"].hand == ["pozorny_rytsar"] and after.players["p1"].deck == ["pozorny_luchnik"]
    public = [e for e in events if e.kind == "draw"]
    private = [e for e in events if e.kind == "draw_private"]
    assert public and public[0].public and "рыцарь" not in public[0].text.lower()
    assert "pozorny_rytsar" not in str(public[0].data)
    assert private and not private[0].public and private[0].faction == "p1" and "Позорный рыцарь" in private[0].text
    assert s.players["p1"].deck == ["pozorny_rytsar", "pozorny_luchnik"]  # the input is untouched


def test_play_creature_enters_and_takes_the_sector_KZ_PLAY_01_KZ_CREA_05():
    """KZ-PLAY-01: the card leaves the hand and enters the sector as a piece with its card's
    attack, life and speed (KZ-CREA-05); the sector comes under control."""
    s = game()
    s.players["p1"].hand = ["pozorny_mechnik"]
    after, events = run(s, "p1", PlayCard(card="pozorny_mechnik", into="gold-2"))
    piece = next(p for p in after.pieces.values() if p.card == "pozorny_mechnik")
    assert piece.sector == "gold-2" and after.players["p1"].hand == []
    assert (attack_of(after, piece), max_life(after, piece)) == (2, 2)
    assert after.sectors["gold-2"].controller == "p1"
    assert any("играет «Позорный мечник» в Золотую шахту-2" in e.text for e in events)


def test_instant_magic_kills_and_discards_KZ_MAG_02_KZ_CREA_04():
    """KZ-MAG-02: instant magic takes effect and goes to the discard pile at once; KZ-CREA-04: a
    destroyed creature goes to its owner's discard pile."""
    s = game("kozly", "trutni")
    s.players["p1"].hand = ["ogenny_plevok"]
    bee = put(s, "p2", "shmel", "gold-2")
    after, events = run(s, "p1", PlayCard(card="ogenny_plevok", on=bee))
    assert bee not in after.pieces
    assert after.players["p2"].discard == ["shmel"] and after.players["p1"].discard == ["ogenny_plevok"]
    assert any(e.kind == "destroyed" for e in events)


def test_temporary_magic_counts_the_casters_turns_KZ_MAG_02_KZ_DEF_MAG_01_KZ_GAP_32():
    """KZ-DEF-MAG-01 / KZ-GAP-32: «Время-2» counts the caster's turns, the turn of play included;
    the card is discarded at the end of his 2nd turn. Option time_counts = all_turns counts every
    player's turn."""
    s = game()
    s.players["p1"].hand = ["pozorny_klich"]
    archer = put(s, "p1", "pozorny_luchnik", "gold-1")
    s, _ = run(s, "p1", PlayCard(card="pozorny_klich", squad="gold-1", squad_owner="p1"))
    assert attack_of(s, s.pieces[archer]) == 2 and s.lasting[0].turns_left == 1
    s, _ = run(s, "p2", Skip())
    assert s.lasting and attack_of(s, s.pieces[archer]) == 2
    s, events = run(s, "p1", Skip())
    assert not s.lasting and s.players["p1"].discard == ["pozorny_klich"]
    assert any(e.kind == "lasting_off" for e in events)
    fast = game(time_counts="all_turns")
    fast.players["p1"].hand = ["pozorny_klich"]
    put(fast, "p1", "pozorny_luchnik", "gold-1")
    fast, _ = run(fast, "p1", PlayCard(card="pozorny_klich", squad="gold-1", squad_owner="p1"))
    fast, _ = run(fast, "p2", Skip())
    assert not fast.lasting


def test_permanent_magic_stays_until_its_creature_dies_KZ_MAG_02():
    """KZ-MAG-02: permanent magic («Кольчуга») stays in play; it goes to the discard pile when the
    creature it lies on is destroyed."""
    s = game("zhloby", "kozly")
    s.players["p1"].hand = ["kolchuga"]
    s.players["p2"].hand = ["slovo_letaro"]
    thug = put(s, "p1", "zhlob_vyshibala", "gold-1")
    s, _ = run(s, "p1", PlayCard(card="kolchuga", on=thug))
    assert armour_of(s, s.pieces[thug]) == 1
    for _ in range(3):
        s, _ = run(s, s.order[s.active], Skip())
    assert s.lasting and s.lasting[0].turns_left is None
    s.sectors["mana-2"].controller = "p2"  # mana 3 for «Слово Летаро»
    s.active = 1
    s, _ = run(s, "p2", PlayCard(card="slovo_letaro", on=thug))
    assert thug not in s.pieces and not s.lasting
    assert sorted(s.players["p1"].discard) == ["kolchuga", "zhlob_vyshibala"]


def test_dead_hero_and_its_artifact_KZ_HERO_03_KZ_GAP_18():
    """KZ-HERO-03 / KZ-GAP-17: a destroyed hero is remembered and never played again; KZ-GAP-18: its
    artifacts go to the discard pile with it."""
    s = game("kozly", "pozorki")
    s.sectors["mana-1"].controller = "p1"
    s.players["p1"].hand = ["slovo_letaro"]
    hero = put(s, "p2", "ser_pozorin", "gold-2", damage=5, artifacts=["pozorny_shchit"])
    assert life_left(s, s.pieces[hero]) == 2  # 5 + 2 from the shield, 5 damage
    s, events = run(s, "p1", PlayCard(card="slovo_letaro", on=hero))
    assert hero not in s.pieces and s.players["p2"].dead_heroes == ["ser_pozorin"]
    assert sorted(s.players["p2"].discard) == ["pozorny_shchit", "ser_pozorin"]
    assert {"artifact_lost", "hero_dead"} <= {e.kind for e in events}


def test_artifact_rides_on_the_hero_KZ_ART_01():
    """KZ-ART-01: the artifact is played onto the named hero and gives it its bonus."""
    s = game("zhloby", "trutni")
    s.players["p1"].hand = ["zolotaya_tsep"]
    boss = put(s, "p1", "pakhan", "gold-1")
    s, _ = run(s, "p1", PlayCard(card="zolotaya_tsep", on=boss))
    assert s.pieces[boss].artifacts == ["zolotaya_tsep"] and attack_of(s, s.pieces[boss]) == 6


def test_building_enters_the_capital_KZ_BLD_01_KZ_DEF_BLD_01():
    """KZ-BLD-01: a building enters its owner's capital; KZ-DEF-BLD-01: it can then be the target
    of «Подрыв» (2 damage, no armour) and is destroyed when its damage reaches its life (KZ-GAP-19)."""
    s = game("trutni", "zhloby")
    s.players["p1"].hand = ["gnezdo_strazhey"]
    s, _ = run(s, "p1", PlayCard(card="gnezdo_strazhey", into="capital-1"))
    nest = next(p.uid for p in s.pieces.values() if p.card == "gnezdo_strazhey")
    s.pieces[nest].damage = 2
    s.players["p2"].hand = ["podryv"]
    s.sectors["gold-2"].controller = "p2"
    s, _ = run(s, "p2", PlayCard(card="podryv", on=nest))
    assert nest not in s.pieces and "gnezdo_strazhey" in s.players["p1"].discard


def test_event_draws_what_is_left_KZ_EVT_01_KZ_GAP_16():
    """KZ-EVT-01: «Роение» (event) draws 2; KZ-GAP-16: with one card left it draws one."""
    s = game("trutni", "pozorki")
    s.players["p1"].hand = ["roenie"]
    s.players["p1"].deck = ["shmel"]
    s, events = run(s, "p1", PlayCard(card="roenie"))
    assert s.players["p1"].hand == ["shmel"] and s.players["p1"].discard == ["roenie"]
    assert any(e.kind == "draw_short" for e in events)
    assert all("shmel" not in str(e.data) for e in events if e.public)


def test_move_and_retreat_attack_KZ_MOVE_07_KZ_DEF_RET_02():
    """KZ-MOVE-07: moving ALL creatures out of a sector with enemy cards draws a retreat attack —
    the enemy answers (here his striker's target) and the survivors arrive; KZ-DEF-RET-02: a move
    that leaves one behind draws none."""
    s = game()
    a = put(s, "p1", "pozorny_luchnik", "gold-2")
    b = put(s, "p1", "pozorny_rytsar", "gold-2")
    gilen = put(s, "p2", "dikiy_gilen", "gold-2")
    s1, _ = run(s, "p1", Move(pieces=(a,), origin="gold-2", dest="gold-1"))
    assert s1.pending is None and s1.pieces[a].sector == "gold-1"
    s2, _ = run(s, "p1", Move(pieces=(a, b), origin="gold-2", dest="gold-1"))
    assert s2.pending is not None and s2.pending.kind == "retreat" and s2.pending.waiting == ["p2"]
    assert s2.pieces[a].sector == "gold-2"  # not yet: the answer comes first
    s3, _events = run(s2, "p2", Strike(striker=gilen, targets=(a,)))
    assert a not in s3.pieces and s3.pieces[b].sector == "gold-1" and s3.pending is None
    assert s3.order[s3.active] == "p2"


def test_maneuver_causes_no_retreat_attack_KZ_DEF_RET_02():
    """KZ-DEF-RET-02: «Позорный манёвр» moves a creature out of an enemy's sector with no retreat
    attack."""
    s = game()
    s.players["p1"].hand = ["pozorny_manevr"]
    archer = put(s, "p1", "pozorny_luchnik", "gold-2")
    put(s, "p2", "dikiy_gilen", "gold-2")
    s, events = run(s, "p1", PlayCard(card="pozorny_manevr", on=archer, into="mana-1"))
    assert s.pending is None and s.pieces[archer].sector == "mana-1" and s.pieces[archer].damage == 0
    assert not any(e.kind == "retreat" for e in events)


def test_reaction_window_for_a_free_ability_KZ_DEF_REACT_01_KZ_DEC_03_KZ_ABIL_05():
    """KZ-DEF-REACT-01 / KZ-DEC-03: a declared move into a sector where the other player holds an
    unused [С] card waits for his answer; KZ-ABIL-05: his [С] happens before the action."""
    s = game("trutni", "pozorki")
    bee = put(s, "p1", "shmel", "gold-1")
    shield = put(s, "p2", "pozorny_shchitonosets", "mana-2")
    s, events = run(s, "p1", Move(pieces=(bee,), origin="gold-1", dest="mana-2"))
    assert s.pending is not None and s.pending.kind == "react" and s.pieces[bee].sector == "gold-1"
    assert any(e.kind == "reaction_wait" for e in events)
    s, events = run(s, "p2", UseAbility(piece=shield, ability="somknut_shchity"))
    kinds = [e.kind for e in events]
    assert kinds.index("armour_bonus") < kinds.index("move")
    assert s.pieces[bee].sector == "mana-2"
    # p2's own turn has opened: a new round for his [С] (KZ-DEF-ABIL-02)
    assert s.order[s.active] == "p2" and s.pieces[shield].free_used == []
    passed = game("trutni", "pozorki")
    bee2 = put(passed, "p1", "shmel", "gold-1")
    put(passed, "p2", "pozorny_shchitonosets", "mana-2")
    passed, _ = run(passed, "p1", Move(pieces=(bee2,), origin="gold-1", dest="mana-2"))
    passed, _ = run(passed, "p2", Decline(what="react"))
    assert passed.pending is None and passed.pieces[bee2].sector == "mana-2"


def test_free_ability_lasts_the_turn_and_resets_each_round_KZ_ABIL_03_KZ_DEF_ABIL_02():
    """KZ-ABIL-03: «Сомкнуть щиты» gives Броня +1 until the end of the turn; KZ-DEF-ABIL-02: its use
    is forgotten when the owner's next turn opens."""
    s = game()
    shield = put(s, "p1", "pozorny_shchitonosets", "gold-1")
    s.players["p1"].deck = ["shmel"]
    s, _ = run(s, "p1", UseAbility(piece=shield, ability="somknut_shchity"), DrawCard())
    assert s.pieces[shield].armour_bonus_turn == 0 and s.pieces[shield].free_used == ["somknut_shchity"]
    s, _ = run(s, "p2", Skip())
    assert s.pieces[shield].free_used == []


def test_abilities_apply_in_their_sector_KZ_ABIL_04():
    """KZ-ABIL-04: a card's property acts in its own sector: «Гнездо стражей» heals only creatures
    in its capital."""
    s = game("trutni", "pozorki")
    put(s, "p1", "gnezdo_strazhey", "capital-1")
    away = put(s, "p1", "dikiy_gilen", "gold-1", damage=3)
    s, events = run(s, "p1", Skip())
    assert s.pieces[away].damage == 3 and any(e.kind == "trigger_idle" for e in events)


def test_regeneration_and_shadow_KZ_REGEN_01_KZ_SHADOW_01_KZ_DEF_SHADOW_03():
    """KZ-REGEN-01: regains X lives, capped at the maximum (KZ-GAP-38); KZ-SHADOW-01: the card turns
    face down; KZ-DEF-SHADOW-03 / KZ-SCOUT-01: an enemy Разведчик arriving brings it out."""
    s = game("trutni", "pozorki")
    fat = put(s, "p1", "zhirny_truten", "gold-1", damage=1)
    s, _ = run(s, "p1", UseAbility(piece=fat, ability="regeneratsiya"))
    assert s.pieces[fat].damage == 0
    k = game("kozly", "pozorki")
    ghost = put(k, "p1", "kozel_ten", "gold-2")
    k, _ = run(k, "p1", UseAbility(piece=ghost, ability="ukhod_v_ten"))
    assert k.pieces[ghost].shadow
    k.players["p2"].hand = ["pozorny_sledopyt"]
    k, events = run(k, "p2", PlayCard(card="pozorny_sledopyt", into="gold-2"))
    assert k.pieces[ghost].shadow is False and any(e.kind == "revealed" for e in events)


def test_creature_in_shadow_moves_unseen_KZ_SHADOW_04():
    """KZ-SHADOW-04: it moves without leaving the shadow; the public line does not name it."""
    s = game("kozly", "pozorki")
    ghost = put(s, "p1", "kozel_ten", "gold-1", shadow=True)
    s, events = run(s, "p1", Move(pieces=(ghost,), origin="gold-1", dest="mana-1"))
    assert s.pieces[ghost].shadow and s.pieces[ghost].sector == "mana-1"
    assert all("тень" not in e.text.lower() or "Козёл-тень" not in e.text for e in events if e.public)
    assert any(e.kind == "move_shadow" for e in events)
