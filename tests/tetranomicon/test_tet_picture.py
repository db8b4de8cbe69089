"""The picture (issue 10): well-formed SVG for every viewer and position, every castle named,
routes in their owner's colour, a face-down trophy's level only in the GM's picture (checklist §5,
TET-GAP-22), the pools and the players' panels, a larger board laid out without overlaps, and a
render at phone width when cairosvg is installed."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from tet_support import army, game, lay, pass_all, put, trophy

from bench.tetranomicon import gm_state
from letopis.engine.contract import GM, PUBLIC, Viewer, ViewerRole
from rulesets.tetranomicon.data import material_for
from rulesets.tetranomicon.picture import BOX_H, BOX_W, CELL_H, CELL_W, colour_of, draw, layout
from rulesets.tetranomicon.state import Trophy

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(el: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in el.iter(f"{NS}text")]


def castle_group(root: ET.Element, cid: str) -> ET.Element:
    return next(g for g in root.iter(f"{NS}g") if g.get("data-castle") == cid)


def midgame():
    s = game(4)
    put(s, "p1", "farm", "severgrad", 1)
    put(s, "p2", "sawmill", "severgrad", 3)
    put(s, "p1", "mine", "dubrava", 4)
    put(s, "p3", "farm", "ozyorsk", 1)
    put(s, "p4", "sawmill", "rechnoy_brod", 2)
    lay(s, "p1", "У1", "У5")
    lay(s, "p2", "У3")
    lay(s, "p3", "У8")
    army(s, "p1", "C1-2", "C1-3")
    s.players["p1"].artifacts.append("A1-1")
    s.players["p2"].trophies.append(Trophy(level=2, castle="kamenets"))
    del s.trophies["kamenets"]
    s.freed.append("kamenets")
    return s


def test_the_picture_is_well_formed_for_every_viewer():
    s = midgame()
    for viewer in (PUBLIC, GM, Viewer(role=ViewerRole.PLAYER, faction="p2")):
        root = parse(draw(s, viewer))
        assert root.tag == f"{NS}svg"
        assert "Тетраномикон" in "".join(root.find(f"{NS}title").itertext())


def test_every_castle_is_named_with_its_code():
    s = midgame()
    m = material_for(s)
    root = parse(draw(s))
    for castle in m:
        g = castle_group(root, castle.id)
        title = "".join(g.find(f"{NS}title").itertext())
        assert title == f"{castle.code} {castle.name}"
        shown = texts(g)
        assert castle.code in shown
        assert castle.name in shown or any(a in shown for a in castle.aliases)  # «Перевал» on a phone


def test_routes_are_drawn_in_their_owners_colour_and_free_segments_are_not():
    s = midgame()
    root = parse(draw(s))
    tokens = {g.get("data-segment"): g for g in root.iter(f"{NS}g") if g.get("data-segment")}
    assert set(tokens) == set(material_for(s).segments)
    for seg, owner in s.routes.items():
        g = tokens[seg]
        assert g.get("data-owner") == owner
        assert g.find(f"{NS}rect").get("fill") == colour_of(s, owner)
        assert seg in texts(g)
    assert colour_of(s, "p1") != colour_of(s, "p2")
    free = tokens["У12"]
    assert free.get("data-owner") == ""
    assert free.find(f"{NS}rect").get("fill") == "#fff"
    # a water route is a pill, a land route a square token (TET-MAP-04)
    assert float(tokens["У1"].find(f"{NS}rect").get("rx")) > float(tokens["У5"].find(f"{NS}rect").get("rx"))


def test_buildings_stand_on_their_towers_in_the_owners_colour():
    s = midgame()
    root = parse(draw(s))
    g = castle_group(root, "severgrad")
    discs = [c.get("fill") for c in g.iter(f"{NS}circle")]
    assert discs == [colour_of(s, "p1"), colour_of(s, "p2")]
    assert {"Ф", "Л"} <= set(texts(g))


def test_a_face_down_trophy_level_is_only_in_the_gms_picture():
    """TET-GAP-22 and checklist §5: the level of a trophy lying face down is secret."""
    s = game(4, setup_face_down=True)
    trophy(s, "kamenets", 4, face_up=False)
    public = texts(castle_group(parse(draw(s, PUBLIC)), "kamenets"))
    player = texts(castle_group(parse(draw(s, Viewer(role=ViewerRole.PLAYER, faction="p1"))), "kamenets"))
    gm = texts(castle_group(parse(draw(s, GM)), "kamenets"))
    assert "?" in public and "4" not in public
    assert "?" in player and "4" not in player
    assert "4" in gm and "?" not in gm
    # a face-up trophy shows its level to everyone
    trophy(s, "chernolesye", 3, face_up=True)
    assert "3" in texts(castle_group(parse(draw(s, PUBLIC)), "chernolesye"))


def test_pools_and_player_panels_show_the_numbers():
    s = midgame()
    m = material_for(s)
    all_text = " ".join(texts(parse(draw(s))))
    for cid in s.creature_pool:
        if cid is not None:
            assert f"«{m.creatures[cid].name}»" in all_text
    for aid in s.artifact_pool:
        if aid is not None:
            assert f"«{m.artifacts[aid].name}»" in all_text
    assert "Пул существ" in all_text and "Пул артефактов" in all_text
    art = m.artifacts["A1-1"]
    assert f"Артефакты — влияние {art.cost}" in all_text
    swords = m.creatures["C1-2"].swords + m.creatures["C1-3"].swords
    assert f"Армия — сила {swords}" in all_text
    assert "Трофеи — слава 2" in all_text
    assert "10 мон." in all_text
    assert "−1 к водному маршруту" in all_text  # «Речной Змей»'s discount (TET-ARMY-05)


def test_player_names_are_escaped():
    s = midgame()
    s.players["p1"].name = "<script>alert(1)</script> & Ко"
    svg = draw(s)
    parse(svg)
    assert "<script>" not in svg


def test_the_end_of_the_game_shows_points_and_winner():
    s = game(2)
    while s.phase != "over":
        s, _ = pass_all(s, ("end", s.epoch))
    all_text = " ".join(texts(parse(draw(s))))
    assert "партия окончена" in all_text
    assert "ПО:" in all_text and "победа" in all_text


def test_a_larger_board_is_laid_out_on_a_grid_without_overlaps_and_scrolls_on_a_phone():
    s = gm_state()
    m = material_for(s)
    cells = layout(m)
    assert len(set(cells.values())) == len(m.castles) == 40
    assert BOX_W < CELL_W and BOX_H < CELL_H
    # most segments join neighbouring cells: the layout follows the graph
    near = sum(1 for seg in m.board.segments
               if max(abs(cells[seg.between[0]][0] - cells[seg.between[1]][0]),
                      abs(cells[seg.between[0]][1] - cells[seg.between[1]][1])) == 1)
    assert near >= 0.85 * len(m.board.segments)
    root = parse(draw(s, GM))
    assert float(root.get("width")) > 375  # carries its width: a phone scrolls it
    assert len([g for g in root.iter(f"{NS}g") if g.get("data-castle")]) == 40


def test_the_small_board_fits_a_phone_without_a_fixed_width():
    root = parse(draw(midgame()))
    assert root.get("width") is None
    assert float(root.get("viewBox").split()[2]) <= 400


def test_renders_to_png_at_phone_width():
    cairosvg = pytest.importorskip("cairosvg")
    png = cairosvg.svg2png(bytestring=draw(midgame()).encode(), output_width=375)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    try:
        from PIL import Image
    except ImportError:
        return
    image = Image.open(io.BytesIO(png))
    assert image.size[0] == 375
    assert len(image.convert("RGB").getcolors(maxcolors=1 << 20) or ()) > 50  # something was drawn


def test_summary_and_metrics_give_the_public_numbers():
    from rulesets.tetranomicon.picture import metrics, summary

    s = midgame()
    lines = dict(summary(s))
    assert lines["Сейчас"] == "эпоха 1 из 4, фаза действий"
    assert lines["Ходит"] == s.players[s.active].name
    assert lines["Анна"].startswith("10 мон., строений 2, маршрутов 2")
    numbers = metrics(s)
    assert numbers["p2"]["Слава"] == 2 and numbers["p1"]["Маршруты"] == 2
    assert set(numbers) == set(s.order)


def test_the_monsters_badge_tells_their_strength_with_support_and_keeps_secrets():
    """TET-TRO-02, TET-GAP-04: a trophy's monsters are as strong as its level plus the support of
    monster-held neighbours; a face-down level is not told to a player."""
    s = game(4)
    trophy(s, "kamenets", 2)
    trophy(s, "tumanny_pereval", 1)
    trophy(s, "dubrava", 3, face_up=False)

    def badge(svg: str, cid: str) -> str:
        g = castle_group(parse(svg), cid)
        inner = next(x for x in g.iter(f"{NS}g") if x.find(f"{NS}circle") is not None)
        return "".join(inner.find(f"{NS}title").itertext())

    # Каменец: level 2, supported by Перевал and Дубрава (+1 each by default)
    assert badge(draw(s), "kamenets") == "Монстры: трофей уровня 2, сила с поддержкой соседей 4"
    assert badge(draw(s), "dubrava") == "Монстры: трофей рубашкой вверх"
    assert "3" in badge(draw(s, GM), "dubrava")
