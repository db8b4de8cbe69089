"""The picture (well-formed SVG, readable parts, escaped names, hidden things) and the summary;
the ruleset class's view and result."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET

from letopis.engine import GM, PUBLIC, Viewer, ViewerRole, get_ruleset
from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.dungeon_keeper.options import Options
from rulesets.dungeon_keeper.picture import colour_of, draw, summary
from rulesets.dungeon_keeper.setup import setup
from rulesets.dungeon_keeper.state import Arrow, MapObject

from .dk_model_factory import area, blank, put

NS = "{http://www.w3.org/2000/svg}"


def _game(n=4, **options):
    factions = [Faction(id=f"p{i}", name=name) for i, name in enumerate(["Ваал", "Лилит <b>", "Мамон", "Астарот"][:n], 1)]
    return setup(Options(**options), factions, Dice(hashlib.sha256(b"picture").hexdigest()))


def _texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{NS}text")]


def test_svg_is_well_formed_with_coordinates_on_every_edge_DK_MAP_04():
    s = _game()
    svg = draw(s)
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    texts = _texts(svg)
    for n in range(1, 46):
        assert texts.count(str(n)) >= 4  # left, right, top, bottom
    assert "Лилит <b>" in " ".join(texts)  # escaped, not markup
    assert "<b>" not in svg.replace("&lt;b&gt;", "")


def test_units_buildings_and_arrows_are_drawn():
    s = blank(area(1, 1, 6, 6))
    put(s, "p1:m3", "kerub", "p1", (2, 2), number=3)
    put(s, "hero", "hero", None, (5, 5), number=0)
    s.arrows.append(Arrow(kind="move", faction="p1", path=((1, 1), (2, 2))))
    s.arrows.append(Arrow(kind="attack", faction="p1", path=((2, 2), (5, 5))))
    s.arrows.append(Arrow(kind="spell", faction="p1", path=((5, 5),)))
    svg = draw(s)
    root = ET.fromstring(svg)
    texts = _texts(svg)
    assert "Кр" in texts and "3" in texts and "Ге" in texts
    arrows = [p for p in root.iter(f"{NS}polyline") if p.get("marker-end")]
    assert len(arrows) == 2  # the move and the attack; the spell is a ring around its target
    assert arrows[1].get("stroke-dasharray") == "5 3"
    assert colour_of(s, "p1") in svg


def test_hidden_objects_only_for_the_gm_DK_GAP_23():
    s = blank(area(1, 1, 3, 3), hide_objects_in_rock=True)
    s.add_object(MapObject(id="o1", kind="rune", item="fire", cell=(20, 20)))
    s.add_object(MapObject(id="o2", kind="chest", cell=(4, 4)))  # next to a dug cell: visible
    public, gm = draw(s, PUBLIC), draw(s, GM)
    assert "О" not in _texts(public) and "О" in _texts(gm)
    ruleset = get_ruleset("dungeon_keeper")
    assert set(ruleset.view(s, PUBLIC)["objects"]) == {"o2"}
    assert set(ruleset.view(s, GM)["objects"]) == {"o1", "o2"}


def test_fixed_contents_stay_secret_until_taken_DK_GAP_48():
    s = blank(area(1, 1, 3, 3), object_contents="fixed_in_setup")
    s.add_object(MapObject(id="o1", kind="chest", cell=(2, 2), gold=250, taldear=2))
    ruleset = get_ruleset("dungeon_keeper")
    player = Viewer(role=ViewerRole.PLAYER, faction="p1")
    assert ruleset.view(s, player)["objects"]["o1"]["gold"] is None
    assert ruleset.view(s, GM)["objects"]["o1"]["gold"] == 250


def test_open_game_shows_everything_to_everyone_DK_GEN_03():
    s = _game()
    ruleset = get_ruleset("dungeon_keeper")
    assert ruleset.view(s, PUBLIC) == s.model_dump(mode="json")


def test_summary_lists_each_archdemon():
    s = _game(2)
    s.players["p1"].spells = ["rage", "speed"]
    pairs = dict(summary(s))
    assert pairs["Сейчас"] == "Круг 1: ход Ваала"
    assert pairs["Ваал: ресурсы"] == "мана 5, золото 50, железо 0, тальдеар 0"
    assert pairs["Ваал: заклинания"] == "Ярость, Скорость"
    assert pairs["Ваал: юниты"].startswith("0 из 20")
    assert "+3 маны за ход" in pairs["Лилит <b>: прочее"]


def test_result_names_the_winner_DK_GAP_29():
    s = _game(2)
    ruleset = get_ruleset("dungeon_keeper")
    assert ruleset.result(s) is None
    s.phase = "over"
    s.winners = ["p1"]
    r = ruleset.result(s)
    assert r.winners == ["p1"] and r.text == "Победа: Ваал."


def test_ruleset_identity():
    ruleset = get_ruleset("хранитель")
    assert ruleset.id == "dungeon_keeper" and ruleset.title == "Хранитель Подземелий"
    assert (ruleset.min_factions, ruleset.max_factions) == (2, 8)
    assert get_ruleset("dk") is ruleset
