"""Creatures in shadow in a fight, and the Разведчик (KZ-SHADOW, KZ-DEF-SHADOW, KZ-SCOUT-01,
KZ-DEC-05, KZ-GAP-10)."""

from __future__ import annotations

from combat_table import attack, dice, pend_attack, put, table

from rulesets.kozyablo.orders import StayHidden, Strike
from rulesets.kozyablo.rules.combat.fight import (
    causes_retreat,
    reaction_factions,
    resolve_attack,
    scout_reveal,
)
from rulesets.kozyablo.rules.combat.targets import legal_targets
from rulesets.kozyablo.rules.decisions import check_decision


def shadow_table():
    s = table("trutni", "kozly")
    shmel = put(s, "p1", "shmel")  # 6
    gilen = put(s, "p1", "dikiy_gilen")  # 3
    ten = put(s, "p2", "kozel_ten", shadow=True)  # 4
    bodun = put(s, "p2", "kozel_bodun")  # 2
    return s, shmel, gilen, ten, bodun


def test_shadow_creature_is_no_target_KZ_SHADOW_02():
    """KZ-SHADOW-02: a creature in shadow cannot be the target of a strike; a pick naming it falls
    to a legal target."""
    s, _shmel, gilen, ten, bodun = shadow_table()
    assert legal_targets(s, gilen) == [bodun]
    events = resolve_attack(s, "p1", attack("gold-1", (gilen, (ten,))), {"p2": [Strike(striker=bodun)]}, dice())
    assert next(e for e in events if e.kind == "strike" and e.data["striker"] == gilen).data["targets"] == [bodun]
    assert s.pieces[ten].damage == 0


def test_leaves_shadow_to_strike_or_by_scout_KZ_SHADOW_03():
    """KZ-SHADOW-03: it comes out of the shadow when it strikes, and when an enemy Разведчик is in
    its sector."""
    s, _shmel, gilen, ten, _bodun = shadow_table()
    resolve_attack(s, "p1", attack("gold-1"), {"p2": [Strike(striker=ten, targets=(gilen,), reveal=True)]}, dice())
    assert not s.pieces[ten].shadow
    s2 = table("pozorki", "kozly")
    put(s2, "p1", "pozorny_sledopyt")
    ten2 = put(s2, "p2", "kozel_ten", shadow=True)
    events = scout_reveal(s2, "gold-1")
    assert not s2.pieces[ten2].shadow
    assert events[0].text == "Позорный следопыт замечает врага в тени: это Козёл-тень."


def test_hidden_card_stays_secret_in_the_chronicle_KZ_DEF_SHADOW_01():
    """KZ-DEF-SHADOW-01: a creature that stays in shadow is not named, not listed and not touched;
    its presence is all anybody learns."""
    s, _shmel, _gilen, ten, bodun = shadow_table()
    events = resolve_attack(s, "p1", attack("gold-1"), {"p2": [StayHidden(piece=ten), Strike(striker=bodun)]}, dice())
    assert all("Козёл-тень" not in e.text and "Козла-тень" not in e.text for e in events)
    assert ten not in events[0].data["order"]
    assert all(ten not in str(e.data) for e in events)
    assert s.pieces[ten].shadow and s.pieces[ten].damage == 0


def test_revealed_in_its_slot_just_before_striking_KZ_DEF_SHADOW_02():
    """KZ-DEF-SHADOW-02: the Козёл-тень (speed 4) comes out after the Шмель (6) struck and just
    before its own strike, so the Шмель could not hit it."""
    s, shmel, gilen, ten, bodun = shadow_table()
    events = resolve_attack(s, "p1", attack("gold-1", (shmel, (ten, bodun))),
                            {"p2": [Strike(striker=ten, targets=(gilen,), reveal=True), Strike(striker=bodun)]}, dice())
    kinds = [(e.kind, e.data.get("striker") or e.data.get("piece")) for e in events]
    i = kinds.index(("revealed", ten))
    assert kinds[i - 1] == ("strike", shmel) and kinds[i + 1] == ("strike", ten)
    assert events[i].text == "Из тени выходит Козёл-тень." and events[i].clause == "KZ-DEF-SHADOW-02"
    assert next(e for e in events if e.kind == "strike" and e.data["striker"] == shmel).data["targets"] == [bodun]


def test_controller_decides_shadow_strike_KZ_DEF_SHADOW_04():
    """KZ-DEF-SHADOW-04: whether a creature in shadow strikes is its controller's decision: such a
    player is asked (he is in the reaction step), and a reveal line makes it strike."""
    s, shmel, gilen, ten, bodun = shadow_table()
    del s.pieces[bodun]
    assert reaction_factions(s, "p1", "gold-1") == ["p2"]
    pend_attack(s, "p1", attack("gold-1"), ["p2"])
    assert check_decision(s, "p2", Strike(striker=ten, targets=(gilen,), reveal=True)) == []
    assert check_decision(s, "p2", StayHidden(piece=ten)) == []
    assert [v.code for v in check_decision(s, "p2", StayHidden(piece=shmel))] == ["combat.not_yours"]
    events = resolve_attack(s, "p1", attack("gold-1"), {"p2": [Strike(striker=ten, targets=(gilen,))]}, dice())
    assert [e.data["targets"] for e in events if e.kind == "strike" and e.data["striker"] == ten] == [[gilen]]


def test_default_stays_hidden_KZ_DEC_05():
    """KZ-DEC-05: no answer: the creature stays in shadow and does not strike."""
    s, _shmel, _gilen, ten, _bodun = shadow_table()
    events = resolve_attack(s, "p1", attack("gold-1"), {}, dice())
    assert s.pieces[ten].shadow
    assert ten not in [e.data.get("striker") for e in events]


def test_scout_reveals_in_combat_and_on_arrival_KZ_SCOUT_01():
    """KZ-SCOUT-01: an enemy Разведчик in the sector brings every enemy creature there out of the
    shadow at the start of a combat, making it a legal target."""
    s = table("pozorki", "kozly")
    sledopyt = put(s, "p1", "pozorny_sledopyt")
    ten = put(s, "p2", "kozel_ten", shadow=True)
    events = resolve_attack(s, "p1", attack("gold-1", (sledopyt, (ten,))), {"p2": [Strike(striker=ten)]}, dice())
    assert events[0].kind == "revealed" and events[0].clause == "KZ-SCOUT-01"
    assert s.pieces[ten].damage == 1
    own = table("kozly", "kozly")
    put(own, "p1", "pozorny_sledopyt")  # a friendly scout reveals nothing
    mine = put(own, "p1", "kozel_ten", shadow=True)
    assert scout_reveal(own, "gold-1") == [] and own.pieces[mine].shadow


def test_shadow_present_but_untargetable_KZ_GAP_10():
    """KZ-GAP-10: a card in shadow is on the table (leaving a sector where it lies is a retreat) yet
    no strike may target it."""
    s = table("trutni", "kozly")
    gilen = put(s, "p1", "dikiy_gilen")
    ten = put(s, "p2", "kozel_ten", shadow=True)
    assert causes_retreat(s, "p1", "gold-1", [gilen])
    assert legal_targets(s, gilen) == []
    assert ten in s.pieces


def test_hidden_copy_leaks_no_number_KZ_DEF_SHADOW_01():
    """KZ-DEF-SHADOW-01: with one Козёл-тень visible and another in shadow, the chronicle names the
    visible one without «№1» (a number would tell there is a second copy)."""
    s = table("trutni", "kozly")
    gilen = put(s, "p1", "dikiy_gilen")
    seen = put(s, "p2", "kozel_ten")
    put(s, "p2", "kozel_ten", shadow=True)
    events = resolve_attack(s, "p1", attack("gold-1", (gilen, (seen,))), {"p2": [Strike(striker=seen)]}, dice())
    hit = next(e for e in events if e.kind == "strike")
    assert hit.text == "Дикий гилен бьёт Козла-тень: 2 урона, Козёл-тень погибает."
