"""How much a strike or a card deals: armour, its minimum, Атака магией, Нежить, building strikes,
magic and events; Вампиризм."""

from __future__ import annotations

from combat_table import attack, dice, put, table

from rulesets.kozyablo.orders import Strike
from rulesets.kozyablo.rules.combat.damage import damage, effect_damage
from rulesets.kozyablo.rules.combat.fight import resolve_attack
from rulesets.kozyablo.rules.combat.targets import armour_of
from rulesets.kozyablo.state import Lasting


def test_armour_reduces_strike_damage_KZ_ARMOR_01():
    """KZ-ARMOR-01: Броня 1 of the Позорный рыцарь takes 1 off the кровосос's 3."""
    s = table("zhloby", "pozorki")
    krovosos = put(s, "p1", "zhlob_krovosos")
    rytsar = put(s, "p2", "pozorny_rytsar")
    assert damage(s, krovosos, rytsar) == 2


def test_armour_never_below_one_KZ_ARMOR_02():
    """KZ-ARMOR-02: attack 1 against armour 3 still deals 1."""
    s = table("trutni", "zhloby")
    shmel = put(s, "p1", "shmel")
    latnik = put(s, "p2", "zhlob_latnik", armour_bonus_turn=1)
    assert armour_of(s, s.pieces[latnik]) == 3
    assert damage(s, shmel, latnik) == 1


def test_magic_attack_ignores_armour_KZ_ARMOR_03():
    """KZ-ARMOR-03: Великий Козлодуй (Атака магией, 3) deals 3 to the Пахан's Броня 2; the equally
    strong Чёрный козёл without it deals 1."""
    s = table("kozly", "zhloby")
    kozloduy = put(s, "p1", "velikiy_kozloduy")
    cherny = put(s, "p1", "cherny_kozel")
    pakhan = put(s, "p2", "pakhan")
    assert damage(s, kozloduy, pakhan) == 3
    assert damage(s, cherny, pakhan) == 1


def test_damage_formula_order_KZ_DEF_DMG_01():
    """KZ-DEF-DMG-01: max(1, A − X), then +1 against Нежить from Магическое оружие; Атака магией
    uses A; the capital uses X = 2."""
    s = table("zhloby", "kozly")
    gromila = put(s, "p1", "zhlob_gromila")  # 3, Магическое оружие
    vyshibala = put(s, "p1", "zhlob_vyshibala", "capital-2")  # 2
    zombi = put(s, "p2", "kozel_zombi")
    assert damage(s, gromila, zombi) == 4
    assert damage(s, vyshibala, "capital:capital-2") == 1
    s.pieces[gromila].sector = "capital-2"
    assert damage(s, gromila, "capital:capital-2") == 1


def test_armour_first_then_undead_bonus_KZ_GAP_24():
    """KZ-GAP-24: armour is taken first, with its minimum of 1, and the Нежить bonus after: 3
    against a zombie with armour 3 is max(1, 0) + 1 = 2 (not max(1, 4 − 3) = 1)."""
    s = table("zhloby", "kozly")
    gromila = put(s, "p1", "zhlob_gromila")
    zombi = put(s, "p2", "kozel_zombi", armour_bonus_turn=3)
    assert damage(s, gromila, zombi) == 2


def test_armour_against_buildings_option_KZ_GAP_25():
    """KZ-GAP-25: a building's strike is reduced by armour like any strike; with
    armour_vs_buildings off it is not."""
    for flag, expected in ((True, 1), (False, 2)):
        s = table("zhloby", "trutni", armour_vs_buildings=flag)
        zabor = put(s, "p1", "zabor_s_pushkoy", "capital-1")  # 2
        zhuk = put(s, "p2", "zhuk_otets", "capital-1")  # Броня 2
        assert damage(s, zabor, zhuk) == expected


def test_card_damage_KZ_DEF_DMG_02():
    """KZ-DEF-DMG-02: magic deals its printed amount with no armour, +1 to Нежить, nothing through
    Защита от магии except «Слово Летаро»; an event deals its amount with no armour and no
    Нежить bonus."""
    s = table("kozly", "zhloby")
    pakhan = put(s, "p2", "pakhan")
    zombi = put(s, "p1", "kozel_zombi")
    cherny = put(s, "p1", "cherny_kozel")
    assert effect_damage(s, "ogenny_plevok", pakhan) == 2
    assert effect_damage(s, "ogenny_plevok", zombi) == 3
    assert effect_damage(s, "ogenny_plevok", cherny) == 0
    assert effect_damage(s, "slovo_letaro", cherny) == 3
    assert effect_damage(s, "podryv", "capital:capital-1") == 2
    assert effect_damage(s, "podryv", zombi) == 2


def test_undead_immune_to_vampirism_and_marked_spells_KZ_UNDEAD_01():
    """KZ-UNDEAD-01: the кровосос regains nothing from the zombie, and «Кольчуга» (not_on_undead)
    gives a zombie no armour."""
    s = table("zhloby", "kozly")
    krovosos = put(s, "p1", "zhlob_krovosos", damage=2)
    zombi = put(s, "p2", "kozel_zombi")
    resolve_attack(s, "p1", attack("gold-1", (krovosos, (zombi,))), {"p2": [Strike(striker=zombi)]}, dice())
    assert zombi not in s.pieces and s.pieces[krovosos].damage == 2
    s2 = table("zhloby", "kozly")
    z2 = put(s2, "p2", "kozel_zombi")
    s2.lasting.append(Lasting(uid="m1", card="kolchuga", owner="p2", seq=99, on=z2))
    assert armour_of(s2, s2.pieces[z2]) == 0
    latnik = put(s2, "p2", "zhlob_latnik")
    s2.lasting.append(Lasting(uid="m2", card="kolchuga", owner="p2", seq=100, on=latnik))
    assert armour_of(s2, s2.pieces[latnik]) == 3


def test_undead_takes_one_more_from_magic_KZ_UNDEAD_02():
    """KZ-UNDEAD-02: +1 from magic cards, from Магическое оружие and from Атака магией; not from a
    plain strike."""
    s = table("kozly", "kozly")
    koldun = put(s, "p1", "kozel_koldun")
    bodun = put(s, "p1", "kozel_bodun")
    zombi = put(s, "p2", "kozel_zombi")
    assert damage(s, koldun, zombi) == 2
    assert damage(s, bodun, zombi) == 2  # attack 2, no bonus
    assert effect_damage(s, "ogenny_plevok", zombi) == 3


def test_vampirism_heals_what_it_dealt_KZ_VAMP_01():
    """KZ-VAMP-01: the кровосос (2 damage on it) deals 3 to the гилен and regains 2 (its maximum)."""
    s = table("zhloby", "trutni")
    krovosos = put(s, "p1", "zhlob_krovosos", damage=2)
    gilen = put(s, "p2", "dikiy_gilen")
    events = resolve_attack(s, "p1", attack("gold-1", (krovosos, (gilen,))), {"p2": [Strike(striker=gilen)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert s.pieces[krovosos].damage == 0 and hit.data["hits"][0]["healed"] == 2
    assert hit.text == ("Жлоб-кровосос бьёт Дикого гилена: 3 урона, у Дикого гилена остаётся 2 жизни; "
                        "Жлоб-кровосос восстанавливает 2 жизни.")
    assert hit.clause == "KZ-VAMP-01"


def test_vampirism_no_more_than_the_victim_had_KZ_VAMP_02():
    """KZ-VAMP-02: the гилен had 1 life left: the кровосос regains 1, not 3."""
    s = table("zhloby", "trutni")
    krovosos = put(s, "p1", "zhlob_krovosos", damage=2)
    gilen = put(s, "p2", "dikiy_gilen", damage=4)
    resolve_attack(s, "p1", attack("gold-1", (krovosos, (gilen,))), {}, dice())
    assert gilen not in s.pieces and s.pieces[krovosos].damage == 1


def test_vampirism_not_from_buildings_capitals_undead_KZ_VAMP_03():
    """KZ-VAMP-03: nothing from a building or a capital (and Нежить, see KZ-UNDEAD-01)."""
    s = table("zhloby", "trutni")
    krovosos = put(s, "p1", "zhlob_krovosos", "capital-2", damage=2)
    gnezdo = put(s, "p2", "gnezdo_strazhey", "capital-2")
    resolve_attack(s, "p1", attack("capital-2", (krovosos, (gnezdo,))), {"p2": [Strike(striker=gnezdo)]}, dice())
    assert s.pieces[gnezdo].damage == 3 and s.pieces[krovosos].damage == 2
    resolve_attack(s, "p1", attack("capital-2", (krovosos, ("capital:capital-2",))), {"p2": [Strike(striker=gnezdo)]},
                   dice())
    assert s.sectors["capital-2"].damage == 1 and s.pieces[krovosos].damage == 2
