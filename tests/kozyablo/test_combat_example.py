"""The rulebook's combat (KZ-COMBAT-01..09): the worked example strike by strike, and the shape of
every combat — who fights, one series of strikes, damage that stays."""

from __future__ import annotations

from combat_table import attack, dice, put, table, texts

from rulesets.kozyablo.orders import Strike
from rulesets.kozyablo.rules.combat.fight import resolve_attack


def example():
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik", "crystal-1")
    mechnik = put(s, "p1", "pozorny_mechnik", "crystal-1")
    shmel = put(s, "p2", "shmel", "crystal-1")
    gilen = put(s, "p2", "dikiy_gilen", "crystal-1")
    return s, luchnik, mechnik, shmel, gilen


def test_worked_example_exact_sequence_KZ_COMBAT_09():
    """KZ-COMBAT-09: Шмель (6) kills the лучник; the мечник cannot reach the flying Шмель and hits
    the гилен twice for 2 (1 life left); the гилен kills the мечник; the combat ends."""
    s, luchnik, mechnik, shmel, gilen = example()
    events = resolve_attack(s, "p1", attack("crystal-1", (mechnik, (gilen,))),
                            {"p2": [Strike(striker=shmel, targets=(luchnik,)), Strike(striker=gilen, targets=(mechnik,))]},
                            dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert [(e.data["striker"], e.data["targets"], [h["damage"] for h in e.data["hits"]]) for e in strikes] == [
        (shmel, [luchnik], [1]),
        (mechnik, [gilen], [2]),
        (mechnik, [gilen], [2]),
        (gilen, [mechnik], [2]),
    ]
    assert texts(strikes) == [
        "Шмель бьёт Позорного лучника: 1 урона, Позорный лучник погибает.",
        "Позорный мечник бьёт Дикого гилена: 2 урона, у Дикого гилена остаётся 3 жизни.",
        "Позорный мечник ещё раз бьёт Дикого гилена: 2 урона, у Дикого гилена остаётся 1 жизнь.",
        "Дикий гилен бьёт Позорного мечника: 2 урона, Позорный мечник погибает.",
    ]
    assert [e.kind for e in events][-1] in ("combat_end", "sector_control")
    assert set(s.pieces) == {shmel, gilen}
    assert s.pieces[gilen].damage == 4 and s.pieces[shmel].damage == 0
    assert s.players["p1"].discard == ["pozorny_luchnik", "pozorny_mechnik"]


def test_mechnik_may_not_choose_the_flying_shmel_KZ_COMBAT_09():
    """KZ-COMBAT-09 step 2: even if the attacker names the Шмель first, the мечник cannot hit it
    (KZ-FLY-01), so the first legal target of his list, the гилен, is hit."""
    s, luchnik, mechnik, shmel, gilen = example()
    events = resolve_attack(s, "p1", attack("crystal-1", (mechnik, (shmel, gilen))),
                            {"p2": [Strike(striker=shmel, targets=(luchnik,)), Strike(striker=gilen, targets=(mechnik,))]},
                            dice())
    hits = [e.data["targets"] for e in events if e.kind == "strike" and e.data["striker"] == mechnik]
    assert hits == [[gilen], [gilen]]


def test_combat_starts_in_a_shared_sector_KZ_COMBAT_01():
    """KZ-COMBAT-01: creatures of two players in one sector, one declares an attack: a combat is
    announced there and both sides strike."""
    s, *_ = example()
    events = resolve_attack(s, "p1", attack("crystal-1"), {}, dice())
    assert events[0].kind == "combat" and events[0].data["sector"] == "crystal-1"
    assert events[0].text == "Вася объявляет бой в секторе «Кристаллический рудник-1»."
    owners = {e.data["owner"] for e in events if e.kind == "strike"}
    assert owners == {"p1", "p2"}


def test_every_creature_strikes_once_KZ_COMBAT_02():
    """KZ-COMBAT-02: each creature makes one strike (the defender's мечник too: Две атаки only for
    the attacker's own)."""
    s = table("trutni", "pozorki")
    gilen = put(s, "p1", "dikiy_gilen")
    osa = put(s, "p1", "osa_zhalonositsa")
    rytsar = put(s, "p2", "pozorny_rytsar")
    mechnik = put(s, "p2", "pozorny_mechnik")
    events = resolve_attack(s, "p1", attack("gold-1"), {}, dice())
    counts: dict[str, int] = {}
    for e in events:
        if e.kind == "strike":
            counts[e.data["striker"]] = counts.get(e.data["striker"], 0) + 1
    assert all(v == 1 for v in counts.values())
    assert set(counts) <= {gilen, osa, rytsar, mechnik} and osa in counts and gilen in counts


def test_speed_order_KZ_COMBAT_03():
    """KZ-COMBAT-03: strikes go from the highest speed to the lowest."""
    s = table("trutni", "kozly")
    shmel = put(s, "p1", "shmel")  # 6
    truten = put(s, "p1", "zhirny_truten")  # 1
    ten = put(s, "p2", "kozel_ten")  # 4
    bodun = put(s, "p2", "kozel_bodun")  # 2
    events = resolve_attack(s, "p1", attack("gold-1"), {}, dice())
    assert events[0].data["order"] == [shmel, ten, bodun, truten]
    order = [e.data["striker"] for e in events if e.kind in ("strike", "strike_none")]
    assert order == [u for u in [shmel, ten, bodun, truten] if u in order]
    assert order[0] == shmel


def test_attacker_first_on_equal_speed_KZ_COMBAT_04():
    """KZ-COMBAT-04: the мечник and the гилен both have speed 3; when the Трутни attack, the гилен
    strikes first, when the Позорки attack, the мечник."""
    for attacker, first in (("p2", "dikiy_gilen"), ("p1", "pozorny_mechnik")):
        s = table("pozorki", "trutni")
        cards = {put(s, "p1", "pozorny_mechnik"): "pozorny_mechnik", put(s, "p2", "dikiy_gilen"): "dikiy_gilen"}
        events = resolve_attack(s, attacker, attack("gold-1"), {}, dice())
        first_strike = next(e for e in events if e.kind == "strike")
        assert cards[events[0].data["order"][0]] == first
        assert cards[first_strike.data["striker"]] == first


def test_controller_chooses_the_target_KZ_COMBAT_05():
    """KZ-COMBAT-05: each side's answer picks its own creature's target."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    sledopyt = put(s, "p1", "pozorny_sledopyt")
    gilen = put(s, "p2", "dikiy_gilen")
    events = resolve_attack(s, "p1", attack("gold-1", (luchnik, (gilen,)), (sledopyt, (gilen,))),
                            {"p2": [Strike(striker=gilen, targets=(luchnik,))]}, dice())
    by = {e.data["striker"]: e.data["targets"] for e in events if e.kind == "strike"}
    assert by[gilen] == [luchnik]
    assert by[luchnik] == [gilen] and by[sledopyt] == [gilen]
    assert all(not e.rolls for e in events if e.kind == "strike")


def test_destroyed_before_its_turn_does_not_strike_KZ_COMBAT_06():
    """KZ-COMBAT-06: the лучник (speed 4) dies to the Шмель (speed 6) and never strikes."""
    s, luchnik, _, shmel, _ = example()
    events = resolve_attack(s, "p1", attack("crystal-1", (luchnik, (shmel,))),
                            {"p2": [Strike(striker=shmel, targets=(luchnik,))]}, dice())
    assert luchnik not in [e.data["striker"] for e in events if e.kind.startswith("strike")]
    assert shmel in s.pieces and s.pieces[shmel].damage == 0


def test_one_series_then_the_combat_ends_KZ_COMBAT_07():
    """KZ-COMBAT-07: one series of strikes; survivors on both sides stay, nobody strikes again."""
    s = table("zhloby", "trutni")
    latnik = put(s, "p1", "zhlob_latnik")  # 2/3/1, Броня 2
    gilen = put(s, "p2", "dikiy_gilen")  # 2/5/3
    events = resolve_attack(s, "p1", attack("gold-1"), {}, dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert len(strikes) == 2
    kinds = [e.kind for e in events]
    assert kinds.count("combat_end") == 1 and "strike" not in kinds[kinds.index("combat_end"):]
    assert next(e for e in events if e.kind == "combat_end").text == "Бой окончен."
    assert s.pieces[latnik].damage == 1 and s.pieces[gilen].damage == 2


def test_damage_stays_on_the_cards_KZ_COMBAT_08():
    """KZ-COMBAT-08: damage from one combat is still there for the next one."""
    s = table("zhloby", "trutni")
    latnik = put(s, "p1", "zhlob_latnik")
    gilen = put(s, "p2", "dikiy_gilen")
    resolve_attack(s, "p1", attack("gold-1"), {}, dice())
    after_one = s.pieces[gilen].damage
    resolve_attack(s, "p1", attack("gold-1"), {}, dice("11" * 32))
    assert after_one == 2 and s.pieces[gilen].damage == 4
    assert s.pieces[latnik].damage == 2
