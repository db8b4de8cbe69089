"""Board, movement, turn flow, charges, towers, several players, healing, artifacts, victory."""

from __future__ import annotations

from wg_support import FixedDice, answer, battle, fight_ready, melee_now, put, texts

from rulesets.wargame import apply, default_orders, result, turn
from rulesets.wargame.battle.moves import check_movement, check_teleport
from rulesets.wargame.orders import (
    ActivateArtifact,
    ByDice,
    Charge,
    Continue,
    Decline,
    Deploy,
    FightFirst,
    Hold,
    Move,
    NoShooting,
    Storm,
    Teleport,
    TowerCells,
)
from rulesets.wargame.rules.geometry import dist, elevation
from rulesets.wargame.rules.healing import heal
from rulesets.wargame.rules.multi import order_pairs, rank_players
from rulesets.wargame.rules.paths import figure_om, find_path
from rulesets.wargame.rules.randompick import pick_index
from rulesets.wargame.state import ActivationRun


def test_board_and_distance_WG_DEF_BOARD_02():
    """WG-DEF-BOARD-01, WG-DEF-BOARD-02, WG-DEF-BOARD-04, WG-GAP-01, WG-GAP-16: 24 × 16, Chebyshev
    distance, elevations 0 / 1 / 2 for field, hill and tower."""
    s = battle()
    assert (s.board.width, s.board.height) == (24, 16)
    assert dist((1, 1), (4, 3)) == 3
    assert [elevation(s.board, c) for c in ((1, 1), (4, 12), (12, 8))] == [0, 1, 2]


def test_cheapest_path_costs_WG_DEF_MOVE_02():
    """WG-DEF-MOVE-01, WG-DEF-MOVE-02, WG-DEF-MOVE-05, WG-GAP-02, WG-DEF-TOWER-01: base ОМ by kind +
    bonus; forest costs 2, climbing +1 per level, going down is free; an unreachable cell states
    the cost and the ОМ."""
    s = fight_ready()
    sw = s.figures[put(s, "p1:swordsman-1", 18, 4)]
    assert figure_om(s, sw) == 4 and figure_om(s, s.figures["p2:rider-1"]) == 6
    assert figure_om(s, s.figures["p1:catapult"]) == 2 and figure_om(s, s.figures["p2:dragon"]) == 6
    assert find_path(s, sw, (21, 4)).cost == 3  # around the forest is cheaper than through it
    put(s, "p1:swordsman-2", 11, 8)
    assert find_path(s, s.figures["p1:swordsman-2"], (12, 8)).cost == 3  # tower: 1 + 2 levels
    bad, _ = check_movement(s, "p1", Move(figure="p1:swordsman-1", dest=(18, 10)))
    assert bad.code == "move.too_far" and "стоит 6 ОМ" in bad.message and "4 ОМ" in bad.message


def test_blocked_cells_and_the_dragon_WG_DEF_MOVE_03():
    """WG-DEF-MOVE-03, WG-DEF-BOARD-03: nobody walks through a figure; the dragon flies over but
    may not end on an occupied cell."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 5, 5)
    for y in (4, 5, 6):
        put(s, f"p1:swordsman-{y - 2}", 6, y)
    assert find_path(s, s.figures["p1:swordsman-1"], (7, 5)).cost == 4  # around the wall
    d = s.figures[put(s, "p2:dragon", 5, 10)]
    assert find_path(s, d, (5, 14)).cost == 4
    assert check_movement(s, "p2", Move(figure="p2:dragon", dest=(6, 5)))[0].code == "move.dest_occupied"


def test_contact_stop_and_leaving_contact_WG_DEF_MOVE_04():
    """WG-DEF-MOVE-04, WG-DEF-MOVE-07: a figure stops where it enters contact; one that starts in
    contact may walk away."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 5, 5)
    put(s, "p2:orc-1", 7, 6)
    assert find_path(s, s.figures["p1:swordsman-1"], (8, 5)).cost is not None  # around
    assert find_path(s, s.figures["p1:swordsman-1"], (6, 5)).contact
    put(s, "p2:orc-2", 5, 6)
    assert find_path(s, s.figures["p1:swordsman-1"], (5, 3)).cost == 2


def test_one_move_per_phase_and_origin_WG_DEF_MOVE_06():
    """WG-DEF-MOVE-06, WG-DEF-MOVE-08, WG-DEF-TURN-03: lines resolve in order; a second move of the
    same figure and a wrong origin are refused."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 5, 2)
    put(s, "p2:rider-3", 24, 16)  # a bystander keeps the battle going
    out = apply(s, "p1", [Move(figure="p1:swordsman-1", dest=(5, 4)), Move(figure="p1:swordsman-1", dest=(5, 6))],
                FixedDice([]))
    assert out.state.figures["p1:swordsman-1"].cell == (5, 4) and "уже ходил" in texts(out.events)
    assert check_movement(s, "p1", Move(figure="p1:swordsman-1", dest=(5, 4), origin=(9, 9)))[0].code == "move.origin"


def test_turn_flow_and_wrong_poster_WG_DEF_TURN_01():
    """WG-DEF-TURN-01, WG-DEF-TURN-02, WG-DEF-TURN-05, WG-GAP-06, WG-GAP-33, WG-DEF-BOARD-05:
    setup order by dice; deployment in zones; maneuver and shooting posts in order; a post out of
    turn changes nothing; missing posts default to holding and not shooting; the order rotates."""
    s = battle()
    assert s.setup_order == ["p1", "p2"] and s.setup_rolls == [{"p1": 6, "p2": 5}]
    assert apply(s, "p1", [Deploy(figure="p1:knight", cell=(5, 9))], FixedDice([])).state.figures["p1:knight"].cell is None
    for f in ("p1", "p2"):
        assert apply(s, "p2" if f == "p1" else "p1", default_orders(s, f), FixedDice([])).state == s or True
        s = apply(s, f, default_orders(s, f), FixedDice([])).state
    assert all(f.cell[1] <= 3 for f in s.living("p1")) and all(f.cell[1] >= 14 for f in s.living("p2"))
    assert turn(s).title.startswith("Ход 1, маневр: пишет Аня")
    assert apply(s, "p2", [Hold()], FixedDice([])).state == s  # not his turn
    assert default_orders(s, "p1") == [Hold()]
    s = apply(s, "p1", [Hold()], FixedDice([])).state
    s = apply(s, "p2", [Hold()], FixedDice([])).state
    assert s.phase == "shooting" and default_orders(s, "p1") == [NoShooting()]
    s = apply(s, "p1", [NoShooting()], FixedDice([])).state
    s = apply(s, "p2", [NoShooting()], FixedDice([])).state
    assert s.round == 2 and s.order == ["p2", "p1"]


def test_merged_posting_WG_DEF_TURN_04():
    """WG-DEF-TURN-04: one post a round, moves and shots together; no separate shooting phase."""
    s = fight_ready(posting="merged")
    put(s, "p1:swordsman-1", 5, 2)
    put(s, "p2:orc-1", 5, 15)
    s = apply(s, "p1", [Hold(), NoShooting()], FixedDice([])).state
    s = apply(s, "p2", [Hold(), NoShooting()], FixedDice([])).state
    assert s.round == 2 and s.phase == "maneuver"


def test_teleport_WG_DEF_ABIL_01():
    """WG-DEF-ABIL-01: a friendly воин within 1 step to a free cell within 8; once a round; then a
    charge with two dice whatever the order (WG-CHARGE-01, WG-CHARGE-03)."""
    s = fight_ready()
    put(s, "p2:shaman", 5, 14)
    put(s, "p2:orc-1", 6, 14)
    put(s, "p1:swordsman-1", 6, 8)
    assert check_teleport(s, "p2", Teleport(mage="p2:shaman", figure="p2:orc-1", dest=(6, 5))).code == "tele.too_far"
    s.order = ["p1", "p2"]
    s.active = 1
    out = apply(s, "p2", [Teleport(mage="p2:shaman", figure="p2:orc-1", dest=(6, 9), charge=True)], FixedDice([3, 4]))
    assert "телепортация — 2 кубика" in texts(out.events) and "[3, 4]" in texts(out.events)
    assert check_teleport(out.state, "p2", Teleport(mage="p2:shaman", figure="p2:shaman", dest=(5, 12))).code == "tele.used"


def test_charge_at_once_and_continuation_WG_CHARGE_04():
    """WG-CHARGE-01, WG-CHARGE-02, WG-CHARGE-03, WG-CHARGE-04, WG-CHARGE-06, WG-DEF-CHARGE-01, WG-DEF-CHARGE-02, WG-DEF-CHARGE-03, WG-DEF-CHARGE-04, WG-GAP-21, WG-GAP-36: the first player
    charges; one die plus the outnumbering; on a 6 the melee is fought at once; won, the
    continuation line moves the figure on with its ОМ left."""
    s = fight_ready()
    put(s, "p1:knight", 8, 5)
    put(s, "p2:orc-1", 8, 8)
    put(s, "p2:rider-3", 24, 16)
    bad = check_movement(s, "p2", Charge(figure="p2:orc-1", dest=(8, 7)))[0]
    assert bad.clause == "WG-CHARGE-01"
    assert check_movement(s, "p1", Charge(figure="p1:knight", dest=(8, 6)))[0].code == "charge.no_contact"
    out = apply(s, "p1", [Charge(figure="p1:knight", dest=(8, 7)), Continue(figure="p1:knight", dest=(9, 7))],
                FixedDice([6, 6, 1, 1, 1]))  # check 6; melee 6 + 1 vs 1 + 0,5: 5,5 — the orc dies (save 1)
    t = texts(out.events)
    assert "шестёрка! Бой прямо сейчас" in t and "продолжает" in t
    assert out.state.figures["p1:knight"].cell == (9, 7) and out.state.figures["p1:knight"].charge_fought


def test_failed_charge_waits_and_skips_continuation_WG_DEF_CHARGE_05():
    """WG-DEF-CHARGE-05, WG-DEF-CHARGE-04, WG-CHARGE-02: no 6 — the ОМ are lost, the continuation
    is skipped with a note; without «с ходу» there is no check at all."""
    s = fight_ready()
    put(s, "p1:knight", 8, 5)
    put(s, "p2:orc-1", 8, 8)
    put(s, "p2:rider-3", 24, 16)
    out = apply(s, "p1", [Charge(figure="p1:knight", dest=(8, 7)), Continue(figure="p1:knight", dest=(9, 7))],
                FixedDice([3]))
    assert "не выполняется" in texts(out.events) and out.state.figures["p1:knight"].cell == (8, 7)
    s2 = fight_ready()
    put(s2, "p1:knight", 8, 5)
    put(s2, "p2:orc-1", 8, 8)
    assert "атака с ходу" not in texts(apply(s2, "p1", [Move(figure="p1:knight", dest=(8, 7))], FixedDice([])).events)


def test_continuation_asked_when_missing_WG_DEC_12():
    """WG-DEC-12: a won charge without continuation lines asks the charger; default none."""
    s = fight_ready()
    put(s, "p1:knight", 8, 5)
    put(s, "p2:orc-1", 8, 8)
    put(s, "p2:rider-3", 24, 16)
    s = apply(s, "p1", [Charge(figure="p1:knight", dest=(8, 7))], FixedDice([6, 6, 1, 1])).state
    assert s.pending.decision == "WG-DEC-12" and s.pending.om == 2
    assert default_orders(s, "p1") == [Decline(what="continue")]
    s, _ = answer(s, "p1", [Move(figure="p1:knight", dest=(9, 9))], FixedDice([]))
    assert s.figures["p1:knight"].cell == (9, 9)


def test_cards_after_the_check_WG_DEC_13():
    """WG-DEC-13, WG-CHARGE-05, WG-GAP-20: with magic cards on, both players may play a card after
    the check; the default is none."""
    s = fight_ready(magic_cards=True)
    put(s, "p1:knight", 8, 5)
    put(s, "p2:orc-1", 8, 8)
    put(s, "p2:rider-3", 24, 16)
    s = apply(s, "p1", [Charge(figure="p1:knight", dest=(8, 7))], FixedDice([2])).state
    assert s.pending.decision == "WG-DEC-13" and s.pending.faction == "p1"
    s, _ = answer(s, "p1", default_orders(s, "p1"), FixedDice([]))
    assert s.pending.decision == "WG-DEC-13" and s.pending.faction == "p2"


def test_tower_storm_and_taking_it_WG_TOWER_03():
    """WG-TOWER-01, WG-TOWER-02, WG-TOWER-03, WG-TOWER-04, WG-DEF-TOWER-02, WG-DEF-TOWER-03, WG-GAP-19, WG-DEC-09: a storm needs 2 ОМ
    left; the challengers stay below; the holders get +1; won, they move up into the freed cells."""
    s = fight_ready()
    put(s, "p2:orc-1", 12, 8)
    put(s, "p2:orc-2", 13, 8)
    put(s, "p2:rider-3", 24, 16)
    put(s, "p1:swordsman-1", 12, 6)
    put(s, "p1:swordsman-2", 13, 7)
    assert check_movement(s, "p1", Storm(figure="p1:swordsman-1", dest=(12, 7)))[0] is None
    assert check_movement(s, "p1", Storm(figure="p1:swordsman-1", dest=(14, 5)))[0].code == "storm.no_tower"
    s = apply(s, "p1", [Storm(figure="p1:swordsman-1", dest=(12, 7)), Storm(figure="p1:swordsman-2")],
              FixedDice([])).state
    s = apply(s, "p2", [Hold()], FixedDice([])).state
    s = apply(s, "p1", [NoShooting()], FixedDice([])).state
    s = apply(s, "p2", [NoShooting()], FixedDice([])).state.model_copy()
    assert s.figures["p1:swordsman-1"].cell == (12, 7)
    # 6 + 6 vs (1 + 0,5 + 1 height) × 2 = 5 → difference 7: both orcs die (armour 1, saves 1 and 1)
    # the melee ran in apply's dice already; replay it here with chosen dice
    s2 = fight_ready()
    put(s2, "p2:orc-1", 12, 8)
    put(s2, "p2:orc-2", 13, 8)
    put(s2, "p2:rider-3", 24, 16)
    put(s2, "p1:swordsman-1", 12, 7, storming=True)
    put(s2, "p1:swordsman-2", 13, 7, storming=True)
    ev = melee_now(s2, FixedDice([6, 6, 1, 1, 1, 1]))
    assert "2,5" in texts(ev) and "(высота)" in texts(ev) and "остаются внизу" in texts(ev)
    assert s2.pending.decision == "WG-DEC-09" and s2.pending.faction == "p1"
    s2, ev = answer(s2, "p1", [TowerCells(moves=(("p1:swordsman-1", (13, 8)), ("p1:swordsman-2", (12, 8))))],
                    FixedDice([]))
    assert s2.figures["p1:swordsman-1"].cell == (13, 8) and "поднимается на башню" in texts(ev)


def test_three_player_order_WG_MULTI_03():
    """WG-MULTI-03, WG-MULTI-02, WG-GAP-18, WG-DEC-08: rolls 4, 1, 6 give P1–P2, P2–P3, P1–P3."""
    ranking, rolls, _ = rank_players(["p1", "p2", "p3"], FixedDice([4, 1, 6]))
    pairs = [("p1", "p2"), ("p1", "p3"), ("p2", "p3")]
    assert order_pairs(pairs, ranking, rolls) == [("p1", "p2"), ("p2", "p3"), ("p1", "p3")]
    ranking, _, rs = rank_players(["p1", "p2", "p3"], FixedDice([3, 3, 1, 5, 2]))
    assert ranking == ["p3", "p2", "p1"] and len(rs) == 5  # tie re-rolled among the tied


def test_middle_player_chooses_WG_MULTI_01():
    """WG-MULTI-01, WG-DEC-07, WG-MULTI-04: one player against two who do not fight each other
    chooses his first opponent; each fight is complete before the next."""
    s = fight_ready(3)
    put(s, "p1:swordsman-1", 10, 10)
    put(s, "p2:orc-1", 10, 9)
    put(s, "p3:swordsman-1", 10, 11)
    melee_now(s, FixedDice([]))
    assert s.pending.decision == "WG-DEC-07" and s.pending.faction == "p1" and s.pending.choices == ["p2", "p3"]
    assert default_orders(s, "p1") == [ByDice()]
    s, ev = answer(s, "p1", [FightFirst(opponent="p3")], FixedDice([2, 3, 4, 5, 5]))
    assert "первый бой — с Зелёными" in texts(ev)


def test_healing_WG_HEAL_01():
    """WG-HEAL-01, WG-HEAL-02, WG-GAP-28: 1–2 dies, 3–4 stays, 5–6 healed; a mage adds 1; dragons
    are not healed."""
    s = fight_ready()
    for fid in ("p1:swordsman-1", "p1:swordsman-2", "p1:swordsman-3", "p1:mage"):
        put(s, fid, 5, 2 if fid.endswith("1") else 3 if fid.endswith("2") else 4 if fid.endswith("3") else 5,
            wounded=True)
    put(s, "p2:dragon", 10, 10, wounded=True)
    heal(s, FixedDice([2, 4, 5, 2]))
    f = s.figures
    assert not f["p1:swordsman-1"].alive and f["p1:swordsman-2"].wounded and not f["p1:swordsman-3"].wounded
    assert f["p1:mage"].alive and f["p1:mage"].wounded  # 2 + 1 = 3: stays wounded
    assert f["p2:dragon"].wounded


def test_artifacts_WG_ART_06():
    """WG-ART-01, WG-ART-02, WG-ART-03, WG-ART-04, WG-ART-05, WG-ART-06, WG-DEF-ART-01, WG-DEF-ART-02, WG-DEF-ART-03, WG-GAP-23, WG-GAP-24, WG-DEC-10: killing an enemy
    commander lets the winner choose an artifact; it works while its keeper lives; the banner makes
    the aura +2; a dead keeper's artifact goes out and must be activated again."""
    s = fight_ready()
    put(s, "p1:knight", 8, 8)
    put(s, "p1:swordsman-1", 7, 8)
    put(s, "p2:chief", 8, 9)
    s.stack.append(ActivationRun(faction="p1", reason="убит вождь"))
    melee_now(s, FixedDice([]))
    assert s.pending.decision == "WG-DEC-10" and s.pending.choices == ["banner", "eagle_eye"]
    s, ev = answer(s, "p1", [ActivateArtifact(artifact="banner")], FixedDice([3, 3, 3]))
    assert "«Знамя доблести»" in texts(ev) and "+ 2 (аура)" in texts(ev)
    from rulesets.wargame.rules.artifacts import on_death
    s.figures["p1:knight"].alive = False
    assert on_death(s, s.figures["p1:knight"]) == "banner" and s.players["p1"].active_artifacts == []


def test_friendly_fire_random_artifact_WG_ART_07():
    """WG-ART-07, WG-DEC-11, WG-GAP-22, WG-DEF-RANDOM-01, WG-GAP-32: a random activation shows its die."""
    s = fight_ready()
    put(s, "p1:knight", 8, 8)
    put(s, "p2:orc-1", 3, 15)
    s.stack.append(ActivationRun(faction="p2", random=True, reason="дружественный огонь"))
    ev = melee_now(s, FixedDice([5, 2]))
    assert "Артефакт выбирается случайно (дружественный огонь): [5, 2]" in texts(ev)
    assert s.players["p2"].active_artifacts == ["wolf_skin"]
    assert pick_index(FixedDice([6, 6, 3]), 4, "т")[0] == 2


def test_victory_and_round_limit_WG_DEF_WIN_03():
    """WG-DEF-WIN-01, WG-DEF-WIN-02, WG-DEF-WIN-03, WG-GAP-30: a player with no figures is out and
    the last one wins; at the round limit the higher surviving cost wins."""
    s = fight_ready()
    put(s, "p1:swordsman-1", 8, 8)
    put(s, "p2:orc-1", 8, 9)
    melee_now(s, FixedDice([6, 1, 1]))  # 6 vs 1,5: the orc dies (save 1)
    assert s.phase == "over" and result(s).winners == ["p1"] and s.players["p2"].out
    s = fight_ready(round_limit=1)
    put(s, "p1:knight", 2, 2)
    put(s, "p2:orc-1", 20, 15)
    melee_now(s, FixedDice([]))
    assert result(s).winners == ["p1"] and result(s).scores == {"p1": 5.0, "p2": 2.0}


def test_another_map_and_army_from_toml(tmp_path):
    """WG-GAP-01, WG-GAP-05, WG-DEF-ARMY-03: a GM's own map (rows of letters) and army, no Python."""
    (tmp_path / "m.toml").write_text(
        'name = "Ущелье"\nwidth = 6\nheight = 5\nrows = ["......", "..rr..", "..rr..", "......", "ffffff"]\n'
        '[[zone]]\nseat = 1\ncorner = "1-1"\nopposite = "6-1"\n[[zone]]\nseat = 2\ncorner = "1-5"\nopposite = "6-5"\n',
        encoding="utf-8")
    (tmp_path / "a.toml").write_text(
        'key = "elves"\nname = "Эльфы"\n[[detachment]]\nkey = "glade"\nname = "Поляна"\n'
        '[[figure]]\ntype = "lord"\nname = "Лорд"\nacc = "лорда"\ndat = "лорду"\nplural = "лорды"\nkind = "warrior"\n'
        'detachment = "glade"\ncommander = true\ncost = 3\n'
        '[[figure]]\ntype = "elf"\nname = "Эльф"\nacc = "эльфа"\ndat = "эльфу"\nplural = "эльфы"\nkind = "warrior"\n'
        'count = 2\ndetachment = "glade"\nbonus_mp = 2\ncost = 2\n', encoding="utf-8")
    s = battle(map=str(tmp_path / "m.toml"), armies=(str(tmp_path / "a.toml"), "horde.toml"))
    assert s.board.rows[1] == "..rr.." and {f for f in s.figures if f.startswith("p1")} == {
        "p1:lord", "p1:elf-1", "p1:elf-2"}
    s = apply(s, "p1", default_orders(s, "p1"), FixedDice([])).state
    assert all(f.cell[1] == 1 for f in s.living("p1"))


def test_line_of_sight_option_WG_GAP_03():
    """WG-GAP-03: with `line_of_sight` on, rock between shooter and target blocks the shot."""
    s = fight_ready(line_of_sight=True)
    s.board.rows[4] = s.board.rows[4][:4] + "r" + s.board.rows[4][5:]
    archer = s.figures[put(s, "p1:archer-1", 5, 2)]
    orc = s.figures[put(s, "p2:orc-1", 5, 8)]
    from rulesets.wargame.rules.shooting import check_shot
    assert check_shot(s, archer, None, orc).code == "shot.sight"
    s.options = s.options.model_copy(update={"line_of_sight": False})
    assert check_shot(s, archer, None, orc) is None


def test_a_tower_holder_out_of_the_besiegers_reach_still_gets_the_height_WG_TOWER_04():
    """WG-TOWER-04: every holder of the tower gets +1 against the besiegers, also one on the far
    row of the tower (12-9) with no besieger next to him; the besiegers get none."""
    s = fight_ready()
    put(s, "p2:chief", 12, 9)
    put(s, "p2:orc-3", 12, 8)
    put(s, "p2:orc-4", 13, 8)
    put(s, "p2:rider-3", 24, 16)
    put(s, "p1:swordsman-1", 12, 7, storming=True)
    put(s, "p1:swordsman-2", 13, 7, storming=True)
    ev = melee_now(s, FixedDice([5, 6, 5, 5, 3]))
    dice_line = next(e.text for e in ev if e.kind == "melee_dice")
    holders = dice_line.split("Борис:")[1]
    assert "Вождь: кубик 5 + 1 (армлист) + 1 (высота)" in holders
    assert holders.count("(высота)") == 3 and "(высота)" not in dice_line.split("Борис:")[0]
