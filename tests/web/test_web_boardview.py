"""How large a board is shown (web/boardview.py): never so small that its smallest text is under
10 px, never blown up past 1.25 times its own size; and every demo board of every ruleset has no
text under 10 px at its own size, so that a desktop shows it whole and a phone scrolls it."""

from __future__ import annotations

import hashlib
import math
import xml.etree.ElementTree as ET

import pytest

from letopis.engine import Dice, Faction, get_ruleset, resolve_step, setup_game
from letopis.engine.contract import PUBLIC
from letopis.engine.resolution import Submission
from letopis.web.boardview import LEGIBLE_PX, UPSCALE, board_figure, board_png_path, sized_tree, smallest_font

SVG = '<svg xmlns="http://www.w3.org/2000/svg" {attrs}>{body}</svg>'


def figure(attrs: str, body: str = '<text font-size="10">Ж</text>'):
    return board_figure(SVG.format(attrs=attrs, body=body))


def test_a_picture_is_never_shown_below_its_legible_width():
    f = figure('width="1000" height="500" viewBox="0 0 1000 500"', '<text font-size="8">1</text><text font-size="12">Ж</text>')
    assert f.smallest_font == 8
    assert f.min_width == math.ceil(1000 * LEGIBLE_PX / 8) == 1250  # the frame scrolls below 1250 px
    assert f.max_width == 1250 and f.wide


def test_large_text_lets_a_picture_shrink_and_caps_its_growth():
    f = figure('viewBox="0 0 400 300"', '<g font-size="20"><text>Козябло</text><text font-size="0.8em">мелко</text></g>')
    assert (f.width, f.height) == (400, 300)  # no width: the viewBox is its size
    assert f.smallest_font == 16  # 0.8 em of the group's 20
    assert f.min_width == 250 and f.max_width == math.ceil(400 * UPSCALE) == 500 and not f.wide
    root = ET.fromstring(str(f.markup))
    assert (root.get("width"), root.get("height")) == ("400", "300")


def test_a_scaled_viewbox_counts_in_pixels():
    f = figure('width="800" height="200" viewBox="0 0 400 100"', '<text font-size="5">x</text>')
    assert f.smallest_font == 10 and f.min_width == 800  # 5 units at 2 px a unit


def test_titles_and_empty_text_do_not_count():
    f = figure('width="100" height="100"', '<title>tiny</title><text font-size="2"> </text><text font-size="14">Ы</text>')
    assert f.smallest_font == 14


def test_the_picture_s_own_sizing_style_gives_way_and_a_viewbox_is_added():
    root, width, height, unit = sized_tree(SVG.format(attrs='width="300" height="100" style="max-width:100%;height:auto;fill:red"',
                                                      body=""))
    assert root.get("style") == "fill:red" and root.get("viewBox") == "0 0 300 100"
    assert (width, height, unit) == (300, 100, 1)


def test_what_is_not_a_sized_picture():
    assert board_figure(None) is None and board_figure("  ") is None and board_figure("<p>не svg</p>") is None
    broken = board_figure("<svg><unclosed></svg>")
    assert "не удалось" in str(broken.markup) and broken.max_width == 0
    sizeless = board_figure('<svg xmlns="http://www.w3.org/2000/svg"><text>x</text></svg>')
    assert sizeless.max_width == 0 and "<text" in str(sizeless.markup)
    script = board_figure('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
    assert "script" not in str(script.markup)


def test_png_addresses():
    assert board_png_path(3) == "/games/3/board.png"
    assert board_png_path(3, 12) == "/games/3/steps/12/board.png"
    assert board_png_path(3, 12, "before") == "/games/3/steps/12/board.png?when=before"


# --- the rulesets' pictures ------------------------------------------------------------------------
def _seed(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


SIDES = {"dice_roll_party": 2, "dungeon_keeper": 4, "kozyablo": 2, "tetranomicon": 4, "wargame": 2}
NAMES = ("Анна", "Борис", "Вера", "Глеб")


@pytest.mark.parametrize("ruleset_id", sorted(SIDES))
def test_every_board_has_no_text_under_10_px_at_its_own_size(ruleset_id):
    """Set up and played a few random legal steps: the smallest text of the public picture is 10 px,
    so the page may show it at its own size (a desktop shows the whole board)."""
    ruleset = get_ruleset(ruleset_id)
    factions = [Faction(id=f"p{i + 1}", name=NAMES[i]) for i in range(SIDES[ruleset_id])]
    options = ruleset.Options.model_validate({"races": ["trutni", "zhloby"]} if ruleset_id == "kozyablo" else {})
    state = setup_game(ruleset, options, factions, _seed(ruleset_id, "setup"))
    assert smallest_font(sized_tree(ruleset.draw(state, PUBLIC))[0]) >= LEGIBLE_PX
    for n in range(6):
        turn = ruleset.turn(state)
        if turn.over:
            break
        subs = [Submission(faction=f, text=ruleset.propose(state, f, Dice(_seed(ruleset_id, n, f))))
                for f in turn.factions]
        state = resolve_step(ruleset, state, subs, _seed(ruleset_id, "step", n)).state
        root = sized_tree(ruleset.draw(state, PUBLIC))[0]
        assert smallest_font(root) >= LEGIBLE_PX, (ruleset_id, n)
