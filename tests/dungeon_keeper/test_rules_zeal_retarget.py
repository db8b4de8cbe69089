"""The GM option ``zeal_retarget`` (DK-GAP-63): an extra attack of Рвение or Берсерк whose target
is already dead may go to a second target the line named in advance («…, если погибнет — бьёт …»)."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import ORDER, Attack, load_orders
from rulesets.dungeon_keeper.reader import read_post

from .dk_rules_factory import area, codes, event, game, kinds, label, notes, run, unit

ROOM = area(10, 10, 16, 16)


def _fight(**options):  # type: ignore[no-untyped-def]
    """p1's керуб next to a dying бес (1 хп) and a керуб of p2; the order names both."""
    s = game(ROOM, **options)
    k = unit(s, "p1", "kerub", (10, 10))
    weak = unit(s, "p2", "bes", (10, 11), hp=1)
    other = unit(s, "p2", "kerub", (11, 11))
    order = Attack(unit=k.id, who=label(s, k), target=weak.id, whom=label(s, weak), cell=weak.cell,
                   then=other.id, then_whom=label(s, other))
    return s, k, weak, other, order


def test_a_dead_targets_extra_attack_goes_to_the_named_second_target_DK_GAP_63():
    """DK-GAP-63 with ``zeal_retarget``: the first target dies, Рвение rolls and strikes the second."""
    s, k, weak, other, order = _fight(zeal_retarget=True)
    assert codes(s, "p1", order) == []
    out = run(s, "p1", order, rolls=(1,))
    st = out.state
    assert weak.id not in st.units
    assert st.units[other.id].hp == other.hp - (5 - 3)  # керуб: атака 5, защита 3
    assert kinds(out).index("retarget") < kinds(out).index("extra")
    assert "керуба №2 (Лилит)" in event(out, "retarget").text
    assert st.units[k.id].ap == 2  # the extra attack is free
    miss = run(s, "p1", order, rolls=(100,)).state
    assert miss.units[other.id].hp == other.hp


def test_without_the_option_a_second_target_is_refused_and_never_struck_DK_GAP_63():
    """DK-GAP-63 default: no roll for a dead target; naming a second one is an error."""
    s, k, weak, other, order = _fight()
    assert codes(s, "p1", order) == ["attack.then_off"]
    plain = Attack(unit=k.id, who=label(s, k), target=weak.id, whom=label(s, weak), cell=weak.cell)
    out = run(s, "p1", plain, rolls=(1,))
    assert not any(e.rolls for e in out.events) and "retarget" not in kinds(out)
    assert out.state.units[other.id].hp == other.hp


def test_the_second_target_must_be_an_enemy_within_reach_DK_GAP_63():
    """DK-GAP-63: «another legal target» — a melee attacker's second target must stand next to him."""
    s, k, weak, _other, _order = _fight(zeal_retarget=True)
    far = unit(s, "p2", "bes", (13, 13))
    own = unit(s, "p1", "bes", (11, 10))
    base = {"unit": k.id, "who": label(s, k), "target": weak.id, "whom": label(s, weak), "cell": weak.cell}
    assert codes(s, "p1", Attack(**base, then=far.id, then_whom=label(s, far))) == ["attack.then_reach"]
    assert codes(s, "p1", Attack(**base, then=own.id, then_whom=label(s, own))) == ["attack.own"]
    imp = unit(s, "p1", "imp", (12, 12))
    foe = unit(s, "p2", "imp", (12, 13), hp=1)
    foe2 = unit(s, "p2", "imp", (13, 13))
    useless = Attack(unit=imp.id, who=label(s, imp), target=foe.id, whom=label(s, foe), then=foe2.id,
                     then_whom=label(s, foe2))
    assert "attack.then_useless" in notes(s, "p1", useless)


def test_the_second_target_is_written_and_read_back_DK_GAP_63():
    """DK-GAP-63: canonical text «…, если погибнет — бьёт …» and «при рвении — по …» read to the order."""
    s, _k, _weak, other, order = _fight(zeal_retarget=True)
    text = order.to_text()
    assert text == "Керуб №1: атакует беса №1 (Лилит) на 10-11, если погибнет — бьёт керуба №2 (Лилит)."
    reading = read_post(text, s, "p1")
    assert reading.ok and reading.orders == [order]
    other_form = read_post("Керуб №1: атакует беса №1 Лилит, при рвении — по керубу №2 Лилит.", s, "p1")
    assert other_form.ok and len(other_form.orders) == 1
    assert other_form.orders[0].then == other.id  # type: ignore[attr-defined]


def test_old_attack_json_still_loads_DK_GAP_63():
    """DK-GAP-63: the new fields default to None, so stored orders of earlier games load."""
    _s, k, weak, _other, order = _fight(zeal_retarget=True)
    old = {"kind": "attack", "unit": k.id, "who": {"kind": "kerub", "number": 1}, "ap": 1, "target": weak.id,
           "whom": {"kind": "bes", "number": 1, "owner": "Лилит"}}
    loaded = load_orders([old])[0]
    assert loaded.then is None and loaded.then_whom is None  # type: ignore[attr-defined]
    assert ORDER.validate_python(order.model_dump(mode="json")) == order
