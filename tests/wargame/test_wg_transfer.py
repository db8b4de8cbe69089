"""Moving a running battle in (`transfer.import_setup`): figures named as the GM lists them under
each player (WG-DEF-ARMY-03)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesets.wargame.transfer import SetupError, import_setup

THREE = Path(__file__).resolve().parents[1] / "scenarios" / "setups" / "wg-three-banners.json"


def _document(drop_colour: bool) -> dict:
    document = json.loads(THREE.read_text(encoding="utf-8"))
    if drop_colour:
        for p in document["players"]:
            p["figures"] = {name.rsplit(" ", 1)[0]: cell for name, cell in p["figures"].items()}
    return document


@pytest.mark.parametrize("drop_colour", [False, True])
def test_a_figure_listed_under_its_own_player_needs_no_colour_wg_def_army_03(drop_colour):
    """WG-DEF-ARMY-03: the colour tells another player's figures apart; under its own player
    «Рыцарь» is the figure's name, and «Рыцарь Синих» is accepted as well."""
    state = import_setup(_document(drop_colour))
    assert state.figures["a:knight"].cell == (4, 4) and state.figures["a:knight"].alive
    assert state.figures["v:orc-1"].alive and state.figures["b:orc-1"].cell == (10, 9)
    assert [f.id for f in state.figures.values() if f.alive] == [
        f.id for f in import_setup(_document(not drop_colour)).figures.values() if f.alive]


def test_another_players_colour_under_a_player_is_refused_wg_def_army_03():
    document = _document(False)
    figures = document["players"][0]["figures"]
    figures["Рыцарь Красных"] = figures.pop("Рыцарь Синих")
    with pytest.raises(SetupError, match="Рыцарь Красных"):
        import_setup(document)
