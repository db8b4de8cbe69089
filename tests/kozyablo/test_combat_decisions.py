"""Reaction posts in a combat: who is asked, what each line may say, and the §4 defaults."""

from __future__ import annotations

from combat_table import attack, dice, pend_attack, put, table

from rulesets.kozyablo.orders import Decline, DrawCard, Evade, Guard, StayHidden, Strike, UseAbility
from rulesets.kozyablo.rules.combat.fight import reaction_factions, resolve_attack
from rulesets.kozyablo.rules.decisions import check_decision, default_decision


def test_only_players_with_a_choice_are_asked_KZ_DEF_CMB_03():
    """KZ-DEF-CMB-03 (with the reaction-step design): a player whose striker has targets to choose
    from is asked (one with a single target is not, issue 9); one whose pieces can reach nothing and who has nothing else to decide is decided at once; a
    player with no card in the sector is not asked; the attacker never."""
    s = table("trutni", "zhloby", "kozly")
    put(s, "p1", "shmel")
    put(s, "p2", "zhlob_vyshibala")  # cannot reach the flying Шмель
    put(s, "p3", "kozel_koldun", "gold-2")
    assert reaction_factions(s, "p1", "gold-1") == []
    put(s, "p3", "kozel_koldun")  # Атака магией reaches the Шмель and the вышибала
    assert reaction_factions(s, "p1", "gold-1") == ["p3"]  # the вышибала's only target: taken at once
    put(s, "p3", "kozel_bodun")  # now the вышибала has two targets to choose from
    assert reaction_factions(s, "p1", "gold-1") == ["p2", "p3"]


def test_reaction_for_evasion_guard_and_free_ability_KZ_DEF_CMB_03():
    """A player with an Уклонение creature and a card in hand, an eligible Защитник, or an unused
    [С] ability in the sector is asked even with nothing to strike."""
    s2 = table("trutni", "pozorki")
    put(s2, "p1", "shmel")
    sledopyt = put(s2, "p2", "pozorny_sledopyt")  # cannot reach the Шмель; Уклонение
    assert reaction_factions(s2, "p1", "gold-1") == []
    s2.players["p2"].hand = ["pozorny_klich"]
    assert reaction_factions(s2, "p1", "gold-1") == ["p2"]
    s2.players["p2"].hand = []
    shchit = put(s2, "p2", "pozorny_shchitonosets")  # [С] «Сомкнуть щиты», Защитник
    assert reaction_factions(s2, "p1", "gold-1") == ["p2"]
    s2.pieces[shchit].free_used = ["somknut_shchity"]
    assert reaction_factions(s2, "p1", "gold-1") == ["p2"]  # still a Защитник for the следопыт
    del s2.pieces[sledopyt]
    assert reaction_factions(s2, "p1", "gold-1") == []


def test_random_default_target_KZ_DEC_04():
    """KZ-DEC-04: a defender's strike with no answer goes to a random legal target through the
    public dice; the roll is in the event and its text."""
    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik")
    luchnik = put(s, "p1", "pozorny_luchnik")
    gilen = put(s, "p2", "dikiy_gilen")
    events = resolve_attack(s, "p1", attack("gold-1", (mechnik, ()), (luchnik, ())), {}, dice())
    hit = next(e for e in events if e.kind == "strike" and e.data["striker"] == gilen)
    assert hit.clause == "KZ-DEC-04" and len(hit.rolls) == 1 and hit.rolls[0].sides == 2
    assert not hit.rolls[0].secret and hit.public
    assert hit.data["targets"] == [[mechnik, luchnik][hit.rolls[0].value - 1]]
    assert f"(цель по жребию: 1d2 → {hit.rolls[0].value})" in hit.text


def test_defaults_written_out_KZ_DEC_05():
    """KZ-DEC-05..07 as the deadline's post: shadow stays hidden, no evasion, no transfer."""
    s = table("pozorki", "kozly")
    put(s, "p1", "pozorny_mechnik")
    ten = put(s, "p2", "kozel_ten", shadow=True)
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert default_decision(s, "p2") == [StayHidden(piece=ten)]
    s2 = table("trutni", "zhloby")
    put(s2, "p1", "dikiy_gilen")
    put(s2, "p2", "zhlob_telokhranitel")
    pend_attack(s2, "p1", attack("gold-1"), ["p2"])
    assert default_decision(s2, "p2") == [Decline(what="guard")]


def test_no_evasion_by_default_KZ_DEC_06():
    """KZ-DEC-06: an Уклонение creature whose owner holds cards but wrote no evasion is hit."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    osa = put(s, "p2", "osa_zhalonositsa")
    s.players["p2"].hand = ["roenie"]
    resolve_attack(s, "p1", attack("gold-1", (luchnik, (osa,))), {"p2": [Strike(striker=osa)]}, dice())
    assert s.pieces[osa].damage == 1 and s.players["p2"].hand == ["roenie"]


def test_evasion_line_checked_KZ_DEC_06():
    """KZ-DEC-06: only his own Уклонение creature, with a card he holds."""
    s = table("pozorki", "trutni")
    put(s, "p1", "pozorny_luchnik")
    osa = put(s, "p2", "osa_zhalonositsa")
    gilen = put(s, "p2", "dikiy_gilen")
    s.players["p2"].hand = ["roenie"]
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert check_decision(s, "p2", Evade(piece=osa, discard="roenie")) == []
    assert [v.code for v in check_decision(s, "p2", Evade(piece=gilen, discard="roenie"))] == ["combat.no_evasion"]
    bad = check_decision(s, "p2", Evade(piece=osa, discard="pyltsa"))
    assert [v.code for v in bad] == ["combat.evade_no_card"] and bad[0].message == "В руке нет карты «Пыльца»."


def test_no_transfer_by_default_and_guard_line_checked_KZ_DEC_07():
    """KZ-DEC-07: without a Guard line nothing moves; a Guard line needs a Защитник of his covering
    his own creature in the sector."""
    s = table("trutni", "zhloby")
    gilen = put(s, "p1", "dikiy_gilen")
    vyshibala = put(s, "p2", "zhlob_vyshibala")
    telo = put(s, "p2", "zhlob_telokhranitel")
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert check_decision(s, "p2", Guard(defender=telo, protects=vyshibala)) == []
    assert [v.code for v in check_decision(s, "p2", Guard(defender=vyshibala, protects=telo))] == ["combat.not_defender"]
    assert [v.code for v in check_decision(s, "p2", Guard(defender=telo, protects=gilen))] == ["combat.guard_whom"]
    assert [v.code for v in check_decision(s, "p2", Guard(defender=telo, protects=telo))] == ["combat.guard_whom"]
    resolve_attack(s, "p1", attack("gold-1", (gilen, (vyshibala,))), {"p2": [Strike(striker=vyshibala)]}, dice())
    assert s.pieces[vyshibala].damage == 2 and s.pieces[telo].damage == 0


def test_shadow_and_other_lines_checked_KZ_DEF_SHADOW_04():
    """KZ-DEF-SHADOW-04: StayHidden only for his own piece in shadow; a main action is no answer."""
    s = table("pozorki", "kozly")
    mechnik = put(s, "p1", "pozorny_mechnik")
    bodun = put(s, "p2", "kozel_bodun")
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert [v.code for v in check_decision(s, "p2", StayHidden(piece=bodun))] == ["combat.not_in_shadow"]
    assert [v.code for v in check_decision(s, "p2", DrawCard())] == ["combat.not_a_decision"]
    assert check_decision(s, "p2", Decline(what="evade")) == []
    assert [v.code for v in check_decision(s, "p2", Strike(striker=bodun, targets=(mechnik, mechnik)))] == [
        "combat.target_twice"]
    s.pending = None
    assert [v.code for v in check_decision(s, "p2", Strike(striker=bodun, targets=(mechnik,)))] == ["combat.no_fight"]


def test_free_ability_line_in_the_reaction_KZ_DEF_REACT_01():
    """KZ-DEF-REACT-01: a [С] line is fine for his own card in the combat's sector, not yet used
    this round; an [Д] ability or a card elsewhere is refused."""
    s = table("trutni", "pozorki")
    put(s, "p1", "shmel")
    shchit = put(s, "p2", "pozorny_shchitonosets")
    far = put(s, "p2", "pozorny_shchitonosets", "gold-2")
    truten = put(s, "p2", "zhirny_truten")
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert check_decision(s, "p2", UseAbility(piece=shchit, ability="somknut_shchity")) == []
    assert [v.code for v in check_decision(s, "p2", UseAbility(piece=far, ability="somknut_shchity"))] == [
        "combat.free_not_involved"]
    assert [v.code for v in check_decision(s, "p2", UseAbility(piece=truten, ability="regeneratsiya"))] == [
        "combat.action_ability"]
    s.pieces[shchit].free_used = ["somknut_shchity"]
    assert [v.code for v in check_decision(s, "p2", UseAbility(piece=shchit, ability="somknut_shchity"))] == [
        "combat.free_used"]


def test_strike_chronicle_public_and_one_sentence_per_strike_KZ_DEF_CMB_06():
    """KZ-DEF-CMB-06: each strike is one public Russian sentence; a destroyed card goes to its
    owner's discard pile at once, and the sector's control is re-evaluated after the combat."""
    s = table("trutni", "pozorki")
    shmel = put(s, "p1", "shmel")
    luchnik = put(s, "p2", "pozorny_luchnik")
    events = resolve_attack(s, "p1", attack("gold-1", (shmel, (luchnik,))), {}, dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert len(strikes) == 1 and all(e.public for e in events)
    assert strikes[0].text == "Шмель бьёт Позорного лучника: 1 урона, Позорный лучник погибает."
    assert s.players["p2"].discard == ["pozorny_luchnik"]
    assert events[-1].kind == "sector_control" and s.sectors["gold-1"].controller == "p1"
