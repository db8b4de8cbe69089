"""Who takes part in a combat and in which order they strike (KZ-DEF-CMB-01/02, KZ-GAP-22,
KZ-DEC-11, KZ-DEF-BLD-01)."""

from __future__ import annotations

from combat_table import attack, dice, put, table

from rulesets.kozyablo.orders import Strike
from rulesets.kozyablo.rules.combat.fight import resolve_attack, strike_order
from rulesets.kozyablo.rules.decisions import Fight, plans_of


def order_of(state, attacker, sector, answers=None, atk=None):
    fight = Fight("attack", attacker, sector)
    return strike_order(state, fight, plans_of(state, attacker, answers or {}, atk))


def test_all_players_and_defensive_buildings_take_part_KZ_DEF_CMB_01():
    """KZ-DEF-CMB-01: every creature and every building with attack ≥ 1 of every player in the
    sector fights — a third player's creature too; pieces elsewhere do not."""
    s = table("pozorki", "trutni", "kozly")
    vyshka = put(s, "p1", "storozhevaya_vyshka", "capital-1")
    luchnik = put(s, "p1", "pozorny_luchnik", "capital-1")
    shmel = put(s, "p2", "shmel", "capital-1")
    bodun = put(s, "p3", "kozel_bodun", "capital-1")
    put(s, "p3", "kozel_zombi", "gold-2")  # elsewhere
    assert set(order_of(s, "p2", "capital-1")) == {vyshka, luchnik, shmel, bodun}


def test_a_defensive_building_strikes_KZ_DEF_BLD_01():
    """KZ-DEF-BLD-01 (with KZ-PROP-00): the Сторожевая вышка (1/3/2, Лучник) strikes in a combat in
    its sector, and as a Лучник it reaches the flying Шмель."""
    s = table("pozorki", "trutni")
    vyshka = put(s, "p1", "storozhevaya_vyshka", "capital-1")
    shmel = put(s, "p2", "shmel", "capital-1")
    events = resolve_attack(s, "p2", attack("capital-1", (shmel, ("capital:capital-1",))), {}, dice())
    tower = [e for e in events if e.kind == "strike" and e.data["striker"] == vyshka]
    assert tower and tower[0].data["targets"] == [shmel]
    assert shmel not in s.pieces  # 1 damage on 1 life
    assert tower[0].text == "Сторожевая вышка бьёт Шмеля: 1 урона, Шмель погибает."


def test_ties_attacker_then_turn_order_then_entering_play_KZ_DEF_CMB_02():
    """KZ-DEF-CMB-02: speed high to low; on a tie the attacker's pieces, then the others in turn
    order; within a player, order of entering play."""
    s = table("pozorki", "trutni", "kozly")
    a1 = put(s, "p1", "pozorny_rytsar")  # 3
    b1 = put(s, "p2", "dikiy_gilen")  # 3
    c1 = put(s, "p3", "kozel_koldun")  # 3
    c2 = put(s, "p3", "cherny_kozel")  # 3
    fast = put(s, "p1", "pozorny_sledopyt")  # 5
    assert order_of(s, "p3", "gold-1") == [fast, c1, c2, a1, b1]


def test_non_attackers_in_turn_order_KZ_GAP_22():
    """KZ-GAP-22: the attacker first, then the other players in turn order (p1 before p2 when p3
    attacks), whatever the seat of the attacker."""
    s = table("pozorki", "trutni", "kozly")
    b = put(s, "p2", "dikiy_gilen")
    a = put(s, "p1", "pozorny_mechnik")
    c = put(s, "p3", "cherny_kozel")
    assert order_of(s, "p3", "gold-1") == [c, a, b]
    assert order_of(s, "p2", "gold-1") == [b, a, c]


def test_own_tie_order_as_written_else_entering_play_KZ_DEC_11():
    """KZ-DEC-11: among one player's equal-speed pieces, the order he writes; unwritten ones after,
    in order of entering play (the default)."""
    s = table("pozorki", "trutni")
    mechnik = put(s, "p1", "pozorny_mechnik")  # 3
    rytsar = put(s, "p1", "pozorny_rytsar")  # 3
    gilen1 = put(s, "p2", "dikiy_gilen")
    gilen2 = put(s, "p2", "dikiy_gilen")
    assert order_of(s, "p1", "gold-1") == [mechnik, rytsar, gilen1, gilen2]
    atk = attack("gold-1", (rytsar, (gilen1,)))
    answers = {"p2": [Strike(striker=gilen2, targets=(mechnik,))]}
    assert order_of(s, "p1", "gold-1", answers, atk) == [rytsar, mechnik, gilen2, gilen1]
    events = resolve_attack(s, "p1", atk, answers, dice())
    strikers = [e.data["striker"] for e in events if e.kind == "strike"]
    assert strikers.index(rytsar) < strikers.index(mechnik)
