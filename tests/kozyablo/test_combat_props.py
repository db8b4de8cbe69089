"""Special properties in a combat: Площадь, Две атаки, Защитник (and the garrison for the capital),
Уклонение, the strike sequence, and a capital's ruin."""

from __future__ import annotations

from combat_table import attack, dice, put, table

from rulesets.kozyablo.orders import Evade, Guard, StayHidden, Strike
from rulesets.kozyablo.rules.combat.fight import resolve_attack
from rulesets.kozyablo.rules.decisions import check_decision


# --- Площадь ------------------------------------------------------------------------------------
def test_area_hits_two_enemy_creatures_KZ_AREA_01():
    """KZ-AREA-01: one strike of the Рой deals its damage to two enemy creatures at once."""
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy")
    luchnik = put(s, "p2", "pozorny_luchnik")
    mechnik = put(s, "p2", "pozorny_mechnik")
    events = resolve_attack(s, "p1", attack("gold-1", (roy, (luchnik, mechnik))),
                            {"p2": [Strike(striker=luchnik), Strike(striker=mechnik)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.data["targets"] == [luchnik, mechnik]
    assert luchnik not in s.pieces and s.pieces[mechnik].damage == 1
    assert hit.text == ("Рой бьёт по площади: Позорного лучника — 1 урона, Позорный лучник погибает; "
                        "Позорного мечника — 1 урона, у Позорного мечника остаётся 1 жизнь.")
    assert hit.clause == "KZ-AREA-01"


def test_area_targets_distinct_creatures_only_KZ_DEF_AREA_01():
    """KZ-DEF-AREA-01: the two targets must be distinct (naming one twice is an error); buildings
    and capitals are never area targets; with one legal creature the strike hits one."""
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy", "capital-2")
    vyshka = put(s, "p2", "storozhevaya_vyshka", "capital-2")
    luchnik = put(s, "p2", "pozorny_luchnik", "capital-2")
    bad = check_decision(s, "p1", Strike(striker=roy, targets=(luchnik, luchnik)), sector="capital-2", attacker="p1")
    assert [v.code for v in bad] == ["combat.target_twice"]
    events = resolve_attack(s, "p1", attack("capital-2", (roy, (luchnik, vyshka))),
                            {"p2": [Strike(striker=vyshka), Strike(striker=luchnik)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.data["targets"] == [luchnik]
    assert s.pieces[vyshka].damage == 0


def test_area_details_KZ_GAP_28():
    """KZ-GAP-28: each of the two hits meets Защитник on its own (the щитоносец takes both); a second
    target missing from the list is drawn by lot among the other legal creatures."""
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy")
    luchnik = put(s, "p2", "pozorny_luchnik")
    sledopyt = put(s, "p2", "pozorny_sledopyt")
    shchit = put(s, "p2", "pozorny_shchitonosets")
    answers = {"p2": [Strike(striker=luchnik), Strike(striker=sledopyt), Strike(striker=shchit),
                      Guard(defender=shchit)]}
    events = resolve_attack(s, "p1", attack("gold-1", (roy, (luchnik, sledopyt))), answers, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert [h["guard"] for h in hit.data["hits"]] == [shchit, shchit]
    assert s.pieces[shchit].damage == 2 and s.pieces[luchnik].damage == 0 and s.pieces[sledopyt].damage == 0
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy")
    luchnik = put(s, "p2", "pozorny_luchnik")
    others = [put(s, "p2", "pozorny_sledopyt"), put(s, "p2", "pozorny_mechnik")]
    events = resolve_attack(s, "p1", attack("gold-1", (roy, (luchnik,))),
                            {"p2": [Strike(striker=u) for u in [luchnik, *others]]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert len(hit.rolls) == 1 and hit.rolls[0].sides == 2
    assert hit.data["targets"] == [luchnik, others[hit.rolls[0].value - 1]]
    assert f"(вторая цель по жребию: 1d2 → {hit.rolls[0].value})" in hit.text


def test_area_without_creatures_strikes_a_building_singly_KZ_GAP_28():
    """KZ-GAP-28: with no enemy creature, the Рой's strike goes to a building as one ordinary hit."""
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy", "capital-2")
    vyshka = put(s, "p2", "storozhevaya_vyshka", "capital-2")
    events = resolve_attack(s, "p1", attack("capital-2", (roy, (vyshka,))), {"p2": [Strike(striker=vyshka)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.data["targets"] == [vyshka] and "по площади" not in hit.text
    assert s.pieces[vyshka].damage == 1


# --- Две атаки -----------------------------------------------------------------------------------
def test_two_attacks_when_its_controller_attacks_KZ_TWO_01():
    """KZ-TWO-01: the мечник strikes twice when the Позорки declared the combat."""
    s = table("pozorki", "kozly")
    mechnik = put(s, "p1", "pozorny_mechnik")
    zombi = put(s, "p2", "kozel_zombi")
    events = resolve_attack(s, "p1", attack("gold-1", (mechnik, (zombi,))), {"p2": [Strike(striker=zombi)]}, dice())
    assert [e.data["strike"] for e in events if e.kind == "strike" and e.data["striker"] == mechnik] == [1, 2]
    assert zombi not in s.pieces


def test_two_consecutive_strikes_each_its_own_target_KZ_DEF_TWO_01():
    """KZ-DEF-TWO-01: two strikes in the мечник's slot, each taking the first legal target of the
    list: the first bodun dies, the second strike goes to the next one."""
    s = table("pozorki", "kozly")
    mechnik = put(s, "p1", "pozorny_mechnik")
    b1 = put(s, "p2", "kozel_bodun")
    b2 = put(s, "p2", "kozel_bodun")
    events = resolve_attack(s, "p1", attack("gold-1", (mechnik, (b1, b2))),
                            {"p2": [Strike(striker=b1), Strike(striker=b2)]}, dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert [e.data["targets"] for e in strikes] == [[b1], [b2]]
    assert [e.data["striker"] for e in strikes] == [mechnik, mechnik]
    assert b1 not in s.pieces and b2 not in s.pieces


def test_two_attacks_once_in_defence_KZ_GAP_27():
    """KZ-GAP-27: attacked by the Козлы, the мечник strikes once."""
    s = table("pozorki", "kozly")
    mechnik = put(s, "p1", "pozorny_mechnik")
    zombi = put(s, "p2", "kozel_zombi")
    events = resolve_attack(s, "p2", attack("gold-1", (zombi, ())), {"p1": [Strike(striker=mechnik, targets=(zombi,))]},
                            dice())
    assert len([e for e in events if e.kind == "strike" and e.data["striker"] == mechnik]) == 1
    assert s.pieces[zombi].damage == 2


# --- Защитник ------------------------------------------------------------------------------------
def test_defender_takes_damage_of_a_friend_KZ_GUARD_01():
    """KZ-GUARD-01: the телохранитель takes onto itself the strike meant for the вышибала."""
    s = table("trutni", "zhloby")
    gilen = put(s, "p1", "dikiy_gilen")
    vyshibala = put(s, "p2", "zhlob_vyshibala")
    telo = put(s, "p2", "zhlob_telokhranitel")
    events = resolve_attack(s, "p1", attack("gold-1", (gilen, (vyshibala,))),
                            {"p2": [Strike(striker=vyshibala), Strike(striker=telo), Guard(defender=telo, protects=vyshibala)]},
                            dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.clause == "KZ-GUARD-01" and hit.data["hits"][0]["guard"] == telo
    assert s.pieces[vyshibala].damage == 0 and s.pieces[telo].damage == 2
    assert hit.text == ("Дикий гилен бьёт Жлоба-вышибалу: 2 урона принимает на себя Жлоб-телохранитель, "
                        "у Жлоба-телохранителя остаётся 2 жизни.")


def test_defender_takes_the_whole_damage_KZ_GUARD_02():
    """KZ-GUARD-02: all of it or none: the defender with 1 life left takes the whole 3; the rest is
    lost, the covered creature takes nothing."""
    s = table("zhloby", "zhloby")
    krovosos = put(s, "p1", "zhlob_krovosos")
    vyshibala = put(s, "p2", "zhlob_vyshibala")
    telo = put(s, "p2", "zhlob_telokhranitel", damage=3)
    resolve_attack(s, "p1", attack("gold-1", (krovosos, (vyshibala,))),
                   {"p2": [Strike(striker=vyshibala), Strike(striker=telo), Guard(defender=telo)]}, dice())
    assert telo not in s.pieces and s.pieces[vyshibala].damage == 0


def test_guard_details_KZ_GAP_26():
    """KZ-GAP-26: the amount is computed against the original target and moved unchanged (the
    defender's Броня 1 does not count; with guard_recompute it does); one defender covers any
    number of strikes; using Защитник brings it out of shadow."""
    for recompute, expected in ((False, 3), (True, 2)):
        s = table("pozorki", "zhloby", guard_recompute=recompute)
        g1 = put(s, "p1", "kozel_bodun")  # 2
        g2 = put(s, "p1", "pozorny_luchnik")  # 1
        vyshibala = put(s, "p2", "zhlob_vyshibala")
        telo = put(s, "p2", "zhlob_telokhranitel", shadow=True)
        events = resolve_attack(s, "p1", attack("gold-1", (g1, (vyshibala,)), (g2, (vyshibala,))),
                                {"p2": [Strike(striker=vyshibala), StayHidden(piece=telo), Guard(defender=telo)]}, dice())
        assert s.pieces[telo].damage == expected and s.pieces[vyshibala].damage == 0
        assert not s.pieces[telo].shadow
        assert [h["guard"] for e in events if e.kind == "strike" for h in e.data["hits"]] == [telo, telo]
        assert all(e.data["striker"] != telo for e in events if e.kind == "strike")  # it stays out


def test_eligible_defender_picked_by_its_controller_KZ_DEF_GUARD_01():
    """KZ-DEF-GUARD-01: of two eligible defenders the controller's line picks one; without a line
    no damage moves (KZ-DEC-07)."""
    s = table("trutni", "zhloby")
    gilen = put(s, "p1", "dikiy_gilen")
    vyshibala = put(s, "p2", "zhlob_vyshibala")
    t1 = put(s, "p2", "zhlob_telokhranitel")
    t2 = put(s, "p2", "zhlob_telokhranitel")
    resolve_attack(s, "p1", attack("gold-1", (gilen, (vyshibala,))),
                   {"p2": [Strike(striker=vyshibala), Strike(striker=t1), Strike(striker=t2), Guard(defender=t2)]}, dice())
    assert (s.pieces[t1].damage, s.pieces[t2].damage, s.pieces[vyshibala].damage) == (0, 2, 0)
    s2 = table("trutni", "zhloby")
    gilen = put(s2, "p1", "dikiy_gilen")
    vyshibala = put(s2, "p2", "zhlob_vyshibala")
    t1 = put(s2, "p2", "zhlob_telokhranitel")
    resolve_attack(s2, "p1", attack("gold-1", (gilen, (vyshibala,))),
                   {"p2": [Strike(striker=vyshibala), Strike(striker=t1)]}, dice())
    assert s2.pieces[vyshibala].damage == 2 and s2.pieces[t1].damage == 0


def test_garrison_covers_the_capital_KZ_CAP_04():
    """KZ-CAP-04: a strike at the capital: any creature of its owner there (a Шмель, no Защитник
    of its own) may take it."""
    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik", "capital-2")
    shmel = put(s, "p2", "shmel", "capital-2")
    events = resolve_attack(s, "p1", attack("capital-2", (mechnik, ("capital:capital-2",))),
                            {"p2": [Strike(striker=shmel), Guard(defender=shmel, protects="capital:capital-2")]}, dice())
    hit = next(e for e in events if e.kind == "strike" and e.data["striker"] == mechnik)
    assert hit.clause == "KZ-CAP-04" and hit.data["hits"][0]["guard"] == shmel
    assert shmel not in s.pieces and s.sectors["capital-2"].damage == 1  # the second strike lands


def test_garrison_defenders_for_the_capital_KZ_WIN_04():
    """KZ-WIN-04: with a strike aimed at the capital the garrison has Защитник: a Guard line for a
    plain creature is legal there and only there."""
    from combat_table import pend_attack

    s = table("pozorki", "trutni")
    put(s, "p1", "pozorny_mechnik", "capital-2")
    gilen = put(s, "p2", "dikiy_gilen", "capital-2")
    pend_attack(s, "p1", attack("capital-2"), ["p2"])
    assert check_decision(s, "p2", Guard(defender=gilen, protects="capital:capital-2")) == []
    assert check_decision(s, "p2", Guard(defender=gilen)) == []
    s2 = table("pozorki", "trutni")
    put(s2, "p1", "pozorny_mechnik")
    g2 = put(s2, "p2", "dikiy_gilen")
    pend_attack(s2, "p1", attack("gold-1"), ["p2"])
    assert [v.code for v in check_decision(s2, "p2", Guard(defender=g2))] == ["combat.not_defender"]


def test_every_garrison_creature_eligible_for_the_capital_KZ_DEF_GUARD_02():
    """KZ-DEF-GUARD-02: each creature of the owner in the capital sector is an eligible defender of
    the capital; a creature in another sector is not."""
    from rulesets.kozyablo.rules.decisions import guard_protects

    s = table("pozorki", "trutni")
    inside = put(s, "p2", "dikiy_gilen", "capital-2")
    outside = put(s, "p2", "dikiy_gilen", "gold-2")
    gnezdo = put(s, "p2", "gnezdo_strazhey", "capital-2")
    assert guard_protects(s, s.pieces[inside], "capital:capital-2")
    assert not guard_protects(s, s.pieces[outside], "capital:capital-2")
    assert not guard_protects(s, s.pieces[gnezdo], "capital:capital-2")


# --- Уклонение --------------------------------------------------------------------------------------
def test_evasion_discards_a_card_and_the_strike_misses_KZ_EVADE_01():
    """KZ-EVADE-01: the Оса is targeted; its owner discards «Роение» from his hand; the strike
    misses; the discard pile (public) shows the card."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    osa = put(s, "p2", "osa_zhalonositsa")
    s.players["p2"].hand = ["roenie", "pyltsa"]
    events = resolve_attack(s, "p1", attack("gold-1", (luchnik, (osa,))),
                            {"p2": [Strike(striker=osa, targets=()), Evade(piece=osa, discard="roenie")]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.clause == "KZ-EVADE-01" and hit.data["hits"][0]["evaded"]
    assert s.pieces[osa].damage == 0
    assert s.players["p2"].hand == ["pyltsa"] and s.players["p2"].discard == ["roenie"]
    assert hit.public and hit.text == ("Позорный лучник бьёт Осу-жалоносицу, но Оса-жалоносица уклоняется: "
                                       "Петя сбрасывает «Роение» — удар мимо.")


def test_evasion_not_against_area_KZ_EVADE_02():
    """KZ-EVADE-02: against the Рой's Площадь the следопыт cannot evade; the card stays in hand;
    naming evasion when only an area striker can reach it is an error."""
    from combat_table import pend_attack

    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy")
    sledopyt = put(s, "p2", "pozorny_sledopyt")
    s.players["p2"].hand = ["pozorny_klich"]
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert [v.code for v in check_decision(s, "p2", Evade(piece=sledopyt, discard="pozorny_klich"))] == [
        "combat.evade_area"]
    resolve_attack(s, "p1", attack("gold-1", (roy, (sledopyt,))),
                   {"p2": [Strike(striker=sledopyt), Evade(piece=sledopyt, discard="pozorny_klich")]}, dice())
    assert s.pieces[sledopyt].damage == 1 and s.players["p2"].hand == ["pozorny_klich"]


def test_strike_sequence_evasion_before_guard_KZ_DEF_CMB_06():
    """KZ-DEF-CMB-06: the evasion window comes before damage and Защитник: an evaded strike
    moves nothing; a later strike on the same creature is guarded."""
    s = table("zhloby", "pozorki")
    l1 = put(s, "p1", "zhlob_vyshibala")
    l2 = put(s, "p1", "zhlob_vyshibala")
    sledopyt = put(s, "p2", "pozorny_sledopyt")
    shchit = put(s, "p2", "pozorny_shchitonosets")
    s.players["p2"].hand = ["pozorny_klich"]
    events = resolve_attack(s, "p1", attack("gold-1", (l1, (sledopyt,)), (l2, (sledopyt,))),
                            {"p2": [Strike(striker=sledopyt), Strike(striker=shchit),
                                    Evade(piece=sledopyt, discard="pozorny_klich"), Guard(defender=shchit)]}, dice())
    hits = [e.data["hits"][0] for e in events if e.kind == "strike"]
    assert hits[0].get("evaded") and "guard" not in hits[0]
    assert hits[1]["guard"] == shchit and hits[1]["damage"] == 2
    assert s.pieces[shchit].damage == 2 and s.pieces[sledopyt].damage == 0


# --- the capital falls ------------------------------------------------------------------------------
def test_twelve_damage_destroys_the_capital_KZ_WIN_03():
    """KZ-WIN-03: 12 damage (through Броня 2) destroys a capital: 11 taken, the мечник's 1 ends it."""
    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik", "capital-2")
    s.sectors["capital-2"].damage = 11
    events = resolve_attack(s, "p1", attack("capital-2", (mechnik, ("capital:capital-2",))), {}, dice())
    assert s.sectors["capital-2"].damage == 12
    fall = next(e for e in events if e.kind == "capital_destroyed")
    assert fall.clause == "KZ-WIN-03" and fall.data == {"sector": "capital-2", "owner": "p2"}
    assert fall.text == "Столица «Улей» разрушена!"


def test_destruction_at_once_mid_combat_KZ_DEF_WIN_02():
    """KZ-DEF-WIN-02: the capital falls at the first strike that brings it to 12; the мечник's
    second strike and the slower pieces do not strike any more."""
    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik", "capital-2")
    truten = put(s, "p2", "zhirny_truten", "capital-2")
    s.sectors["capital-2"].damage = 11
    events = resolve_attack(s, "p1", attack("capital-2", (mechnik, ("capital:capital-2",))),
                            {"p2": [Strike(striker=truten, targets=(mechnik,))]}, dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert len(strikes) == 1 and s.pieces[mechnik].damage == 0
    assert next(e for e in events if e.kind == "combat_end").text == "Бой прерван: столица пала."


def test_area_second_target_already_gone_KZ_GAP_28():
    """KZ-GAP-28: when the first hit's Защитник is also the second target and dies taking the first
    hit, the second hit finds nobody (and nothing breaks)."""
    s = table("trutni", "pozorki")
    roy = put(s, "p1", "roy")
    luchnik = put(s, "p2", "pozorny_luchnik")
    shchit = put(s, "p2", "pozorny_shchitonosets", damage=3)
    events = resolve_attack(s, "p1", attack("gold-1", (roy, (luchnik, shchit))),
                            {"p2": [Strike(striker=luchnik), Strike(striker=shchit), Guard(defender=shchit)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.text == ("Рой бьёт по площади: Позорного лучника — 1 урона принимает на себя Позорный щитоносец, "
                        "Позорный щитоносец погибает; Позорного щитоносца — уже выбыл.")
    assert shchit not in s.pieces and s.pieces[luchnik].damage == 0
