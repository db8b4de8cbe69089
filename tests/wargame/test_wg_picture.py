"""The battlefield picture (issue 11): well-formed SVG, every figure labelled, melees outlined, the
pending decision named, move paths and shots from a step's events, and a hidden deployment kept
out of a rival's picture (checklist §5); the summary and the spectators' numbers."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from wg_support import FixedDice, battle, fight_ready, melee_now, put

from letopis.engine.contract import GM, PUBLIC, Viewer, ViewerRole
from rulesets.wargame import RULESET
from rulesets.wargame.battle.engine import apply
from rulesets.wargame.orders import Deploy
from rulesets.wargame.picture import abbreviations, draw

NS = "{http://www.w3.org/2000/svg}"


def _figures(svg: str) -> dict[str, str]:
    """data-figure → the figure's name (its <title>) for every figure group in the picture."""
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(f"{NS}g"):
        if g.get("class") == "wg-figure":
            out[g.get("data-figure")] = g.find(f"{NS}title").text
    return out


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def _melee_state():
    s = fight_ready()
    s.round = 2
    put(s, "p1:knight", 10, 9)
    put(s, "p1:swordsman-1", 11, 9, wounded=True)
    put(s, "p1:captain", 13, 8)
    put(s, "p1:catapult", 12, 2, units=1)
    put(s, "p2:chief", 10, 10)
    put(s, "p2:orc-1", 11, 10)
    put(s, "p2:orc-3", 13, 9)
    put(s, "p2:dragon", 20, 10)
    return s


def test_picture_is_well_formed_and_every_figure_is_labelled():
    s = _melee_state()
    svg = RULESET.draw(s, PUBLIC)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    figs = _figures(svg)
    assert set(figs) == {f.id for f in s.living()}
    assert figs["p1:swordsman-1"] == "мечник №1" and figs["p2:dragon"] == "дракон"
    texts = _texts(svg)
    labels = abbreviations(s, "p1")
    assert labels["swordsman"] == "Мч" and labels["mage"] == "Мг" and labels["knight"] == "Р"
    assert labels["captain"] != labels["catapult"]
    assert "Мч" in texts and "Вж" in texts and "Д" in texts and "1" in texts  # letters and numbers
    assert "1/3" in texts  # the catapult's damage units
    assert "♥2" in texts  # the dragon's lives
    # the board's coordinates and the legend spelling out the letters
    assert "24" in texts and "16" in texts
    assert any("Мч — мечник" in t for t in texts)


def test_melees_outlined_in_phase_order_and_pending_named():
    s = _melee_state()
    svg = RULESET.draw(s, PUBLIC)
    assert "бой 1" in _texts(svg) and "бой 2" in _texts(svg)
    # a tie at 13-8 (WG-DEF-DMG-02: nobody hurt) and the winner's withdrawal question (WG-DEC-06)
    melee_now(s, FixedDice([6, 6] + [1] * 20))
    assert s.pending is not None
    svg = RULESET.draw(s, Viewer(role=ViewerRole.PLAYER, faction=s.pending.faction))
    text = " ".join(_texts(svg))
    assert s.pending.decision in text and "Ждём ответа" in text and "По умолчанию" in text
    assert "Ход 2, рукопашный бой" in text


def test_move_paths_and_shots_from_events():
    s = _melee_state()
    events = [{"kind": "move", "data": {"figure": "p1:knight", "path": [[8, 7], [9, 8], [10, 9]]}},
              {"kind": "shot", "data": {"shooter": "p1:catapult", "target": "p2:dragon"}}]
    root = ET.fromstring(draw(s, PUBLIC, events))
    lines = [p for p in root.iter(f"{NS}polyline") if p.get("marker-end")]
    assert len(lines) == 2
    assert lines[0].get("marker-end") == "url(#wg-blue)" and lines[1].get("marker-end") == "url(#wg-shot)"


def test_hidden_deployment_not_in_a_rivals_picture():
    """Checklist §5, `hidden_deployment`: an arrived deployment is drawn for its author and the GM
    only; the rival reads that it has arrived."""
    s = battle(hidden_deployment=True)
    s = apply(s, "p1", [Deploy(figure="p1:knight", cell=(5, 2)), Deploy(figure="p1:swordsman-1", cell=(6, 2))],
              FixedDice()).state
    assert "p1" in s.hidden_posts
    rival = RULESET.draw(s, Viewer(role=ViewerRole.PLAYER, faction="p2"))
    public = RULESET.draw(s, PUBLIC)
    author = RULESET.draw(s, Viewer(role=ViewerRole.PLAYER, faction="p1"))
    gm = RULESET.draw(s, GM)
    for svg in (rival, public):
        assert _figures(svg) == {}
        assert "p1:knight" not in svg and "5-2" not in svg
        assert any("расстановка получена, скрыта" in t for t in _texts(svg))
    for svg in (author, gm):
        assert set(_figures(svg)) == {"p1:knight", "p1:swordsman-1"}


def test_phone_width_legend_and_big_map():
    """The legend wraps to the 360 px phone column; a 100 × 100 map keeps its cells legible (22 px)
    and numbers every fifth coordinate."""
    s = _melee_state()
    for t in _texts(RULESET.draw(s, PUBLIC)):
        assert len(t) * 11 * 0.6 <= 360 or len(t) <= 60
    big = fight_ready(board_width=100, board_height=100)
    root = ET.fromstring(RULESET.draw(big, PUBLIC))
    assert int(root.get("width")) == 100 * 22 + 48
    assert "95" in _texts(ET.tostring(root, encoding="unicode")) and "94" not in _texts(
        ET.tostring(root, encoding="unicode"))


def test_summary_and_metrics():
    s = _melee_state()
    s.figures["p2:orc-1"].alive = False
    s.figures["p2:orc-1"].cell = None
    summary = dict(RULESET.summary(s, PUBLIC))
    assert summary["Сейчас"].startswith("Ход 2, маневр: пишет Аня")
    assert summary["Аня: фигуры"].startswith("в строю 11 из 11, 1 раненый")
    assert "командиры: рыцарь, капитан" in summary["Аня: фигуры"]
    m = RULESET.metrics(s)
    assert m["p2"]["Фигуры"] == 10 and m["p1"]["Раненые"] == 1


def test_the_game_page_picture_draws_the_step_s_moves_from_the_state():
    """The service draws a state alone (no events): the posts of the step that led to it leave
    their moves in ``State.trail``, so the picture shows the path as an arrow."""
    from letopis.engine.dice import Dice
    from rulesets.wargame import RULESET
    from tests.phrasings.scenes_wargame import SCENES

    state, faction = SCENES["maneuver"]()
    assert "<polyline" not in RULESET.draw(state)
    reading = RULESET.read("Мечник №2 идёт на 6-6.", state, faction)
    assert reading.ok
    after = RULESET.apply(state, faction, reading.orders, Dice("ab" * 32)).state
    assert any(m["kind"] == "move" for m in after.trail)
    assert "<polyline" in RULESET.draw(after)
    assert RULESET.state_from_json(after.model_dump(mode="json")).trail == after.trail
