"""The retreat attack (KZ-MOVE-07, KZ-DEF-RET-01/02, KZ-GAP-29, KZ-DEC-08)."""

from __future__ import annotations

from combat_table import dice, pend_retreat, put, table

from rulesets.kozyablo.orders import Evade, Guard, Move, Strike
from rulesets.kozyablo.rules.combat.fight import causes_retreat, resolve_retreat, retreat_factions
from rulesets.kozyablo.rules.decisions import check_decision


def retreat_table():
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    mechnik = put(s, "p1", "pozorny_mechnik")
    shmel = put(s, "p2", "shmel")
    gilen = put(s, "p2", "dikiy_gilen")
    return s, luchnik, mechnik, shmel, gilen


def test_enemy_strikes_the_leavers_KZ_MOVE_07():
    """KZ-MOVE-07: moving all his creatures out of a sector with enemy cards, the mover is struck by
    the enemy's creatures there; the survivors arrive."""
    s, luchnik, mechnik, shmel, gilen = retreat_table()
    move = Move(pieces=(luchnik, mechnik), origin="gold-1", dest="gold-2")
    assert causes_retreat(s, "p1", "gold-1", move.pieces)
    events = resolve_retreat(s, "p1", move, {"p2": [Strike(striker=shmel, targets=(luchnik,)),
                                                   Strike(striker=gilen, targets=(mechnik,))]}, dice())
    assert events[0].kind == "retreat" and events[0].clause == "KZ-MOVE-07"
    assert luchnik not in s.pieces and mechnik not in s.pieces  # 1 and 2 damage, 1 and 2 lives
    assert events[-1].kind in ("retreat_arrive", "sector_control", "sector_neutral")
    assert next(e for e in events if e.kind == "retreat_arrive").text == "Из отступавших не уцелел никто."


def test_retreat_procedure_KZ_DEF_RET_01():
    """KZ-DEF-RET-01: every enemy creature and building with attack ≥ 1 strikes once, in speed
    order; the leavers do not strike back; the survivors arrive in the destination."""
    s = table("pozorki", "trutni")
    rytsar = put(s, "p1", "pozorny_rytsar")
    shchit = put(s, "p1", "pozorny_shchitonosets")
    shmel = put(s, "p2", "shmel")
    gilen = put(s, "p2", "dikiy_gilen")
    move = Move(pieces=(rytsar, shchit), origin="gold-1", dest="crystal-1")
    events = resolve_retreat(s, "p1", move, {"p2": [Strike(striker=gilen, targets=(rytsar,)),
                                                   Strike(striker=shmel, targets=(shchit,))]}, dice())
    strikes = [e for e in events if e.kind == "strike"]
    assert [e.data["striker"] for e in strikes] == [shmel, gilen]
    assert {s.pieces[rytsar].sector, s.pieces[shchit].sector} == {"crystal-1"}
    assert s.pieces[rytsar].damage == 1 and s.pieces[shchit].damage == 1
    assert s.pieces[shmel].damage == 0 and s.pieces[gilen].damage == 0
    arrive = next(e for e in events if e.kind == "retreat_arrive")
    assert arrive.text == "В сектор «Кристаллический рудник-1» приходят: Позорный рыцарь, Позорный щитоносец."


def test_retreat_details_KZ_GAP_29():
    """KZ-GAP-29: only leavers not in shadow are targets; Две атаки gives one strike; Уклонение and
    Защитник among the leavers work (the mover's lines); a staying creature is no target."""
    s = table("trutni", "pozorki")
    osa = put(s, "p1", "osa_zhalonositsa")
    ten = put(s, "p1", "kozel_ten", shadow=True)
    mechnik = put(s, "p2", "pozorny_mechnik")
    luchnik = put(s, "p2", "pozorny_luchnik")
    s.players["p1"].hand = ["pyltsa"]
    move = Move(pieces=(osa, ten), origin="gold-1", dest="gold-2")
    events = resolve_retreat(s, "p1", move, {"p1": [Evade(piece=osa, discard="pyltsa")],
                                            "p2": [Strike(striker=luchnik, targets=(osa,))]}, dice())
    strikes = [e for e in events if e.kind.startswith("strike")]
    assert [(e.data["striker"], e.kind) for e in strikes] == [(luchnik, "strike"), (mechnik, "strike_none")]
    assert strikes[0].data["hits"][0]["evaded"] and s.players["p1"].discard == ["pyltsa"]
    assert s.pieces[osa].sector == "gold-2" and s.pieces[ten].sector == "gold-2" and s.pieces[ten].shadow
    s2 = table("zhloby", "trutni")
    vyshibala = put(s2, "p1", "zhlob_vyshibala")
    telo = put(s2, "p1", "zhlob_telokhranitel")
    gilen = put(s2, "p2", "dikiy_gilen")
    move = Move(pieces=(vyshibala, telo), origin="gold-1", dest="gold-2")
    resolve_retreat(s2, "p1", move, {"p1": [Guard(defender=telo)], "p2": [Strike(striker=gilen, targets=(vyshibala,))]},
                    dice())
    assert s2.pieces[vyshibala].damage == 0 and s2.pieces[telo].damage == 2


def test_two_attacks_strike_once_in_a_retreat_attack_KZ_GAP_27():
    """KZ-GAP-27: the мечник strikes once at the leaving Козлы."""
    s = table("kozly", "pozorki")
    b1 = put(s, "p1", "kozel_bodun")
    b2 = put(s, "p1", "kozel_bodun")
    mechnik = put(s, "p2", "pozorny_mechnik")
    events = resolve_retreat(s, "p1", Move(pieces=(b1, b2), origin="gold-1", dest="gold-2"),
                             {"p2": [Strike(striker=mechnik, targets=(b1, b2))]}, dice())
    assert len([e for e in events if e.kind == "strike"]) == 1
    assert b1 not in s.pieces and s.pieces[b2].damage == 0


def test_retreat_target_default_random_KZ_DEC_08():
    """KZ-DEC-08: each striker's controller picks among the leavers; no answer is a random legal
    leaver through the public dice, shown in the chronicle; the mover is never asked."""
    s, luchnik, mechnik, _shmel, _gilen = retreat_table()
    assert retreat_factions(s, "p1", "gold-1", [luchnik, mechnik]) == ["p2"]
    events = resolve_retreat(s, "p1", Move(pieces=(luchnik, mechnik), origin="gold-1", dest="gold-2"), {}, dice())
    first = next(e for e in events if e.kind == "strike")
    assert first.clause == "KZ-DEC-08" and first.rolls and first.rolls[0].sides == 2
    assert first.data["targets"] == [[luchnik, mechnik][first.rolls[0].value - 1]]
    assert "(цель по жребию: 1d2 → " in first.text


def test_leaving_some_behind_is_no_retreat_KZ_DEF_RET_02():
    """KZ-DEF-RET-02: a move that leaves one of the mover's creatures behind causes no retreat
    attack; neither does leaving a sector without enemy cards."""
    s, luchnik, mechnik, _shmel, _gilen = retreat_table()
    assert not causes_retreat(s, "p1", "gold-1", [luchnik])
    assert causes_retreat(s, "p1", "gold-1", [luchnik, mechnik])
    s2 = table("pozorki", "trutni")
    alone = put(s2, "p1", "pozorny_luchnik")
    assert not causes_retreat(s2, "p1", "gold-1", [alone])


def test_retreat_decisions_checked_KZ_DEC_08():
    """KZ-DEC-08: in a retreat, strikes may only name leavers; the mover's leavers do not strike."""
    s = table("pozorki", "trutni")
    luchnik = put(s, "p1", "pozorny_luchnik")
    stays = put(s, "p1", "pozorny_mechnik")
    gilen = put(s, "p2", "dikiy_gilen")
    move = Move(pieces=(luchnik,), origin="gold-1", dest="gold-2")
    pend_retreat(s, "p1", move, ["p2"])
    assert check_decision(s, "p2", Strike(striker=gilen, targets=(luchnik,))) == []
    assert [v.code for v in check_decision(s, "p2", Strike(striker=gilen, targets=(stays,)))] == ["combat.target_not_leaving"]
    assert [v.code for v in check_decision(s, "p1", Strike(striker=luchnik, targets=(gilen,)))] == [
        "combat.leavers_no_strike"]


def test_scout_reveals_on_arrival_KZ_SCOUT_01():
    """KZ-SCOUT-01: a Разведчик that arrives (here after a retreat attack) brings the enemy
    creature in shadow at its destination out."""
    s = table("pozorki", "kozly")
    sledopyt = put(s, "p1", "pozorny_sledopyt")
    bodun = put(s, "p2", "kozel_bodun")
    waiting = put(s, "p2", "kozel_ten", "gold-2", shadow=True)
    events = resolve_retreat(s, "p1", Move(pieces=(sledopyt,), origin="gold-1", dest="gold-2"),
                             {"p2": [Strike(striker=bodun)]}, dice())
    assert not s.pieces[waiting].shadow
    assert any(e.kind == "revealed" and e.clause == "KZ-SCOUT-01" for e in events)
