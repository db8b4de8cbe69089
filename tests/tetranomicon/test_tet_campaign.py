"""Campaigns (TET-TRO-*, TET-MAP-05, TET-GAP-03/04/18/19/22)."""

from __future__ import annotations

from tet_support import army, codes, game, lay, play, put, quote

from letopis.engine.contract import GM, PUBLIC
from rulesets.tetranomicon.orders import Build, Campaign
from rulesets.tetranomicon.rules.costs import glory
from rulesets.tetranomicon.rules.flow import turn
from rulesets.tetranomicon.rules.view import view


def _ready(s):
    put(s, "p1", "farm", "ozyorsk", 1)
    army(s, "p1", "C4-3")  # Титан: 7 swords
    s.players["p1"].coins = 20


def test_campaign_takes_the_trophy_into_the_reliquary():
    """TET-TRO-01: pay, the token goes to the Реликвиум and gives glory."""
    s = game()
    _ready(s)
    s2, ev = play(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert "yuzhnaya_zastava" not in s2.trophies
    assert [t.level for t in s2.players["p1"].trophies] == [4] and glory(s2, "p1") == 4
    assert ev[0].kind == "trophy_taken"


def test_monster_strength_with_support_against_swords():
    """TET-TRO-02, TET-GAP-03, TET-GAP-04: own level + 1 per monster-held neighbour ≤ swords."""
    s = game()
    put(s, "p1", "farm", "ozyorsk", 1)
    army(s, "p1", "C1-5")  # 3 swords
    # Южная Застава: level 4 + 1 (Чернолесье) = 5 > 3
    assert codes(s, "p1", Campaign(castle="yuzhnaya_zastava")) == ["monsters_too_strong"]
    army(s, "p1", "C1-3")  # 5 swords: equal is enough
    q = quote(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert (q.level, q.support, q.strength, q.swords) == (4, (("chernolesye", 1),), 5, 5)


def test_support_modes():
    """TET-GAP-04 options: neighbour levels, or no support."""
    s = game(monster_support="neighbour_levels")
    _ready(s)
    assert quote(s, "p1", Campaign(castle="yuzhnaya_zastava")).strength == 4 + 3
    s = game(monster_support="none")
    _ready(s)
    assert quote(s, "p1", Campaign(castle="yuzhnaya_zastava")).strength == 4


def test_no_route_needed_and_cost_counts_segments_without_own_route():
    """TET-TRO-03, TET-TRO-05: no route needed; cost = level + 1 per segment on the way without
    the player's own route (unlaid ones count)."""
    s = game()
    _ready(s)
    q = quote(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert q.path == ("ozyorsk", "yuzhnaya_zastava") and q.total == 5
    lay(s, "p1", "У11")
    assert quote(s, "p1", Campaign(castle="yuzhnaya_zastava")).total == 4
    lay(s, "p2", "У11")
    assert quote(s, "p1", Campaign(castle="yuzhnaya_zastava")).total == 5  # someone else's route


def test_start_from_an_own_building_castle():
    """TET-TRO-04: no buildings → no campaign; a named start must hold an own building."""
    s = game()
    army(s, "p1", "C4-3")
    assert codes(s, "p1", Campaign(castle="kamenets")) == ["no_buildings_for_campaign"]
    put(s, "p1", "farm", "ozyorsk", 1)
    assert codes(s, "p1", Campaign(castle="kamenets", start="dubrava")) == ["start_without_building"]


def test_server_chooses_the_cheapest_start_and_path():
    """TET-GAP-18: start and path left open → the lowest surcharge; a named start keeps its
    cheapest path; a named path is used as given."""
    s = game()
    _ready(s)
    put(s, "p1", "farm", "severgrad", 1)
    q = quote(s, "p1", Campaign(castle="kamenets"))
    assert q.start == "severgrad" and q.start_chosen and q.total == 2 + 1
    q = quote(s, "p1", Campaign(castle="kamenets", start="ozyorsk"))
    assert q.path == ("ozyorsk", "dubrava", "kamenets") and q.total == 2 + 2 and not q.start_chosen
    q = quote(s, "p1", Campaign(castle="kamenets", start="ozyorsk", via=("rechnoy_brod", "severgrad")))
    assert q.segments == ("У4", "У1", "У2") and q.total == 2 + 3 and not q.path_chosen
    assert codes(s, "p1", Campaign(castle="kamenets", start="ozyorsk", via=("severgrad",))) == ["path_gap"]


def test_campaign_costs_the_army_nothing():
    """TET-GAP-19: the creatures stay."""
    s = game()
    _ready(s)
    s2, _ = play(s, "p1", Campaign(castle="tumanny_pereval"))
    assert s2.players["p1"].creatures == ["C4-3"]


def test_taken_castle_is_free_for_building():
    """TET-TRO-06, TET-MAP-05: once the trophy is taken, the castle can be built on."""
    s = game()
    _ready(s)
    lay(s, "p1", "У9")
    s2, _ = play(s, "p1", Campaign(castle="tumanny_pereval"))
    assert "tumanny_pereval" in s2.freed
    s2.active = "p1"
    assert "monsters_in_castle" not in codes(s2, "p1", Build(building="sawmill", castle="tumanny_pereval"))


def test_campaign_discount():
    """TET-ACT-07: Грифон −1 to the campaign."""
    s = game()
    _ready(s)
    army(s, "p1", "C1-4")
    assert quote(s, "p1", Campaign(castle="yuzhnaya_zastava")).total == 4


def test_face_down_trophies_are_hidden_and_revealed_by_a_campaign():
    """TET-GAP-22 (`setup_face_down`): set-up tokens hide their level from players; a campaign
    reveals the token first and is refused without cost when it is too strong."""
    s = game(setup_face_down=True)
    assert all(not t.face_up for t in s.trophies.values())
    assert view(s, PUBLIC)["trophies"]["kamenets"]["level"] is None
    assert view(s, GM)["trophies"]["kamenets"]["level"] == 2
    put(s, "p1", "farm", "ozyorsk", 1)
    army(s, "p1", "C1-3")  # 2 swords
    q = quote(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert q.hidden and q.level is None and q.total is None
    s2, ev = play(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert [e.kind for e in ev] == ["trophy_revealed", "campaign_refused"]
    assert s2.trophies["yuzhnaya_zastava"].face_up and s2.players["p1"].coins == 10
    assert s2.active == "p1" and turn(s2).factions == ["p1"]
    s.players["p1"].creatures = ["C1-5"]  # 3 swords
    s3, ev = play(s, "p1", Campaign(castle="tumanny_pereval"))  # level 1 + 2 neighbours = 3 ≤ 3
    assert [e.kind for e in ev] == ["trophy_revealed", "trophy_taken"]
    assert s3.active == "p2"
