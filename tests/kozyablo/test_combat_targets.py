"""Choosing targets: legality (Полёт, protections, shadow, the capital), pre-named targets that are
gone, declining, the random default through the public dice and the GM's «ask» option."""

from __future__ import annotations

from combat_table import attack, dice, put, table

from rulesets.kozyablo.orders import Strike
from rulesets.kozyablo.rules.combat.damage import damage
from rulesets.kozyablo.rules.combat.fight import resolve_attack
from rulesets.kozyablo.rules.combat.targets import legal_targets
from rulesets.kozyablo.rules.decisions import check_decision, check_picks


def test_flying_reached_only_by_flying_archer_or_magic_attack_KZ_FLY_01():
    """KZ-FLY-01: a Шмель may be attacked by a flyer, a Лучник or Атака магией only."""
    s = table("trutni", "zhloby")
    shmel = put(s, "p1", "shmel")
    vyshibala = put(s, "p2", "zhlob_vyshibala")
    assert legal_targets(s, vyshibala) == []
    s2 = table("trutni", "trutni")
    osa = put(s2, "p2", "osa_zhalonositsa")
    target = put(s2, "p1", "shmel")
    assert legal_targets(s2, osa) == [target]
    assert shmel in s.pieces


def test_archer_reaches_flyers_KZ_ARCH_01():
    """KZ-ARCH-01: the Позорный лучник may strike the flying Оса."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    osa = put(s, "p2", "osa_zhalonositsa")
    assert legal_targets(s, luchnik) == [osa]
    assert damage(s, luchnik, osa) == 1


def test_magic_attack_reaches_flyers_and_weapon_protection_KZ_MATK_01():
    """KZ-MATK-01: Козёл-колдун (Атака магией) reaches the flying Шмель and the Рой with Защита от
    оружия, and damages it."""
    s = table("kozly", "trutni")
    koldun = put(s, "p1", "kozel_koldun")
    shmel = put(s, "p2", "shmel")
    roy = put(s, "p2", "roy")
    assert legal_targets(s, koldun) == [shmel, roy]
    assert damage(s, koldun, roy) == 1


def test_magic_weapon_hits_weapon_protection_KZ_MWPN_01():
    """KZ-MWPN-01: Жлоб-громила (Магическое оружие) may strike the Рой; a plain вышибала may not."""
    s = table("zhloby", "trutni")
    gromila = put(s, "p1", "zhlob_gromila")
    vyshibala = put(s, "p1", "zhlob_vyshibala")
    roy = put(s, "p2", "roy")
    assert legal_targets(s, gromila) == [roy]
    assert damage(s, gromila, roy) == 3
    assert legal_targets(s, vyshibala) == []


def test_weapon_protection_takes_no_plain_damage_KZ_WPROT_01():
    """KZ-WPROT-01: the Рой takes no damage from a creature without Магическое оружие / Атака
    магией."""
    s = table("zhloby", "trutni")
    vyshibala = put(s, "p1", "zhlob_vyshibala")
    roy = put(s, "p2", "roy")
    assert damage(s, vyshibala, roy) == 0


def test_arrow_protection_against_archers_KZ_APROT_01():
    """KZ-APROT-01: the Позорный рыцарь takes nothing from a Лучник (the Сторожевая вышка), so it
    is no legal target for it; a non-archer still hurts it."""
    s = table("pozorki", "pozorki")
    vyshka = put(s, "p2", "storozhevaya_vyshka", "capital-2")
    rytsar = put(s, "p1", "pozorny_rytsar", "capital-2")
    mechnik = put(s, "p2", "pozorny_mechnik", "capital-2")
    assert damage(s, vyshka, rytsar) == 0
    assert legal_targets(s, vyshka) == []
    assert damage(s, mechnik, rytsar) == 1


def test_magic_protection_against_magic_attack_KZ_MPROT_01():
    """KZ-MPROT-01: the Чёрный козёл takes nothing from Атака магией (Козёл-колдун)."""
    s = table("kozly", "kozly")
    koldun = put(s, "p1", "kozel_koldun")
    cherny = put(s, "p2", "cherny_kozel")
    assert damage(s, koldun, cherny) == 0
    assert legal_targets(s, koldun) == []


def test_futile_target_illegal_and_named_error_KZ_DEF_CMB_05():
    """KZ-DEF-CMB-05: a target the strike cannot damage, a flyer out of reach, a card in shadow are
    not legal, and naming one is an error with the reason."""
    s = table("zhloby", "trutni", "kozly")
    vyshibala = put(s, "p1", "zhlob_vyshibala")
    roy = put(s, "p2", "roy")
    shmel = put(s, "p2", "shmel")
    ten = put(s, "p3", "kozel_ten", shadow=True)
    bad = check_picks(s, "p1", attack("gold-1", (vyshibala, (roy, shmel, ten))))
    assert [v.code for v in bad] == ["combat.target_protected", "combat.target_flying", "combat.target_shadow"]
    assert "Защита от оружия" in bad[0].message and bad[0].clause == "KZ-DEF-CMB-05"
    assert bad[1].clause == "KZ-FLY-01"


def test_allow_futile_strikes_option_KZ_GAP_23():
    """KZ-GAP-23: with allow_futile_strikes the protected Рой is a legal target and the strike deals
    nothing, said so; Полёт still cannot be reached."""
    s = table("zhloby", "trutni", allow_futile_strikes=True)
    vyshibala = put(s, "p1", "zhlob_vyshibala")
    roy = put(s, "p2", "roy")
    shmel = put(s, "p2", "shmel")
    assert legal_targets(s, vyshibala) == [roy]
    events = resolve_attack(s, "p1", attack("gold-1", (vyshibala, (roy,))),
                            {"p2": [Strike(striker=roy), Strike(striker=shmel)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.text == "Жлоб-вышибала бьёт Роя: урона нет (Защита от оружия)."
    assert s.pieces[roy].damage == 0
    s2 = table("zhloby", "trutni")
    put(s2, "p2", "roy")
    assert legal_targets(s2, put(s2, "p1", "zhlob_vyshibala")) == []


def test_capital_as_target_of_the_attacker_KZ_DEF_ATK_02():
    """KZ-DEF-ATK-02: in an enemy capital the attacker's strikes may target the capital itself, an
    enemy building or an enemy creature; another player's strikes may not hit the capital."""
    s = table("pozorki", "trutni", "kozly")
    mechnik = put(s, "p1", "pozorny_mechnik", "capital-2")
    gnezdo = put(s, "p2", "gnezdo_strazhey", "capital-2")
    gilen = put(s, "p2", "dikiy_gilen", "capital-2")
    bodun = put(s, "p3", "kozel_bodun", "capital-2")
    assert legal_targets(s, mechnik, attacker="p1") == [gnezdo, gilen, bodun, "capital:capital-2"]
    assert "capital:capital-2" not in legal_targets(s, bodun, attacker="p1")
    events = resolve_attack(s, "p1", attack("capital-2", (mechnik, ("capital:capital-2",))),
                            {"p2": [Strike(striker=gnezdo), Strike(striker=gilen)],
                             "p3": [Strike(striker=bodun)]}, dice())
    hits = [e for e in events if e.kind == "strike" and e.data["striker"] == mechnik]
    assert [e.data["targets"] for e in hits] == [["capital:capital-2"]] * 2
    assert hits[0].text == "Позорный мечник бьёт по столице «Улей»: 1 урона, у столицы остаётся 11 жизней."
    assert s.sectors["capital-2"].damage == 2


def test_prenamed_targets_and_defender_decisions_KZ_DEF_CMB_03():
    """KZ-DEF-CMB-03: the attack post names targets for the attacker's strikers; another player's
    strikers follow his reaction answer; each strike takes the first still-legal target."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    sledopyt = put(s, "p1", "pozorny_sledopyt")
    gilen = put(s, "p2", "dikiy_gilen")
    shmel = put(s, "p2", "shmel")
    events = resolve_attack(s, "p1", attack("gold-1", (sledopyt, (gilen,)), (luchnik, (shmel, gilen))),
                            {"p2": [Strike(striker=shmel, targets=(sledopyt,)), Strike(striker=gilen, targets=(luchnik,))]},
                            dice())
    by = {e.data["striker"]: e.data["targets"] for e in events if e.kind == "strike"}
    assert by == {shmel: [sledopyt], sledopyt: [gilen], luchnik: [shmel], gilen: [luchnik]}


def test_gone_target_replaced_at_random_and_logged_KZ_DEC_09():
    """KZ-DEC-09: the second лучник named the Шмель, which the first лучник already killed: a
    random legal target replaces it, with the roll in the event and in the chronicle."""
    s = table("pozorki", "trutni")
    first = put(s, "p1", "pozorny_luchnik")
    second = put(s, "p1", "pozorny_luchnik")
    shmel = put(s, "p2", "shmel")
    gilen = put(s, "p2", "dikiy_gilen")
    truten = put(s, "p2", "zhirny_truten")
    events = resolve_attack(s, "p1", attack("gold-1", (first, (shmel,)), (second, (shmel,))),
                            {"p2": [Strike(striker=shmel, targets=()), Strike(striker=gilen, targets=()),
                                    Strike(striker=truten, targets=())]}, dice())
    late = next(e for e in events if e.kind == "strike" and e.data["striker"] == second)
    assert late.clause == "KZ-DEC-09" and late.data.get("retargeted")
    assert len(late.rolls) == 1 and late.rolls[0].sides == 2
    assert late.data["targets"][0] == [gilen, truten][late.rolls[0].value - 1]
    assert late.text.startswith("Позорный лучник №2 бьёт ")
    assert f"(названная цель выбыла — новая по жребию: 1d2 → {late.rolls[0].value})" in late.text


def test_ask_option_loses_the_strike_KZ_GAP_21():
    """KZ-GAP-21 with auto_targets = "ask": a pre-named target that is gone is not replaced; the
    strike is lost and the chronicle says why."""
    s = table("pozorki", "trutni", auto_targets="ask")
    first = put(s, "p1", "pozorny_luchnik")
    second = put(s, "p1", "pozorny_luchnik")
    shmel = put(s, "p2", "shmel")
    gilen = put(s, "p2", "dikiy_gilen")
    events = resolve_attack(s, "p1", attack("gold-1", (first, (shmel,)), (second, (shmel,))),
                            {"p2": [Strike(striker=shmel, targets=()), Strike(striker=gilen, targets=())]}, dice())
    lost = next(e for e in events if e.data.get("striker") == second)
    assert lost.kind == "strike_lost" and lost.clause == "KZ-GAP-21"
    assert "теряет удар" in lost.text and not lost.rolls
    assert s.pieces[gilen].damage == 0


def test_declining_and_no_legal_target_KZ_DEF_CMB_04():
    """KZ-DEF-CMB-04: «не бьёт» is a choice; a striker with no legal target does not strike, and
    the chronicle says so."""
    s = table("zhloby", "trutni")
    vyshibala = put(s, "p1", "zhlob_vyshibala")
    latnik = put(s, "p1", "zhlob_latnik")
    shmel = put(s, "p2", "shmel")
    events = resolve_attack(s, "p1", attack("gold-1", (latnik, ())), {"p2": [Strike(striker=shmel, targets=())]}, dice())
    texts = {e.data["striker"]: (e.kind, e.text) for e in events if e.kind.startswith("strike")}
    assert texts[vyshibala] == ("strike_none", "Жлоб-вышибала не бьёт: достать некого.")
    assert texts[latnik] == ("strike_declined", "Жлоб-латник не бьёт.")
    assert texts[shmel] == ("strike_declined", "Шмель не бьёт.")
    assert s.pieces[vyshibala].damage == 0 and s.pieces[shmel].damage == 0


def test_reaction_strike_line_checked_KZ_COMBAT_05():
    """KZ-COMBAT-05: a reaction post may only direct its own strikers, at legal targets."""
    from combat_table import pend_attack

    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik")
    gilen = put(s, "p2", "dikiy_gilen")
    shmel = put(s, "p2", "shmel")
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert check_decision(s, "p2", Strike(striker=gilen, targets=(mechnik,))) == []
    assert [v.code for v in check_decision(s, "p2", Strike(striker=mechnik, targets=(gilen,)))] == ["combat.not_yours"]
    assert [v.code for v in check_decision(s, "p2", Strike(striker=gilen, targets=(shmel,)))] == ["combat.target_own"]
    assert [v.code for v in check_decision(s, "p2", Strike(striker=gilen, targets=("capital:capital-2",)))] == [
        "combat.target_capital_not_enemy"]
