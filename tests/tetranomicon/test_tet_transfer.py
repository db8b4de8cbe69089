"""Import and export of a running game (the setup document) and the explained arithmetic."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from tet_support import game, lay, put

from rulesets.tetranomicon.data import load_material
from rulesets.tetranomicon.orders import Build, Campaign
from rulesets.tetranomicon.rules.explain import explain
from rulesets.tetranomicon.rules.legality import check
from rulesets.tetranomicon.rules.transfer import SetupDocumentError, export_setup, import_setup

EXAMPLE = Path(__file__).resolve().parents[2] / "rulesets" / "tetranomicon" / "examples" / "setup-example.json"


def test_worked_example_imports_and_exports_unchanged():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    state = import_setup(doc)
    assert state.epoch == 2 and state.phase == "actions" and state.routes
    assert export_setup(state) == doc


def test_inconsistent_documents_are_refused_in_russian():
    doc = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    bad = copy.deepcopy(doc)
    bad["state"]["buildings"].append({"owner": "p1", "kind": "farm", "castle": "dubrava", "tower": 1})
    bad["state"]["routes"]["У77"] = "p1"
    with pytest.raises(SetupDocumentError) as err:
        import_setup(bad)
    assert "Дубрава, башня 1: не подходит" in str(err.value) and "«У77»" in str(err.value)


def test_build_arithmetic_is_explained_like_a_gm():
    """The live check: sources, routes and whose they are, the surcharge, discounts, coins left,
    and what the server chose."""
    s = game()
    put(s, "p1", "farm", "severgrad", 1)
    lay(s, "p2", "У1")
    s.players["p1"].creatures = ["C1-1"]
    c = check(s, "p1", Build(building="sawmill", castle="rechnoy_brod"))
    lines = explain(c.quote, s, load_material())
    assert lines == [
        "Башня 2 — первая свободная подходящая (выбрал сервер).",
        "Доставка: ферма — Северград, по Северград — Речной Брод (чужой, Борис) (выбрал сервер: дешевле всего).",
        "Надбавка за чужие маршруты: Северград — Речной Брод (Борис) — +1.",
        "Итого: 4 + 1 − 1 («Лесной Дух») = 4 мон.; останется 6.",
    ]


def test_campaign_arithmetic_is_explained():
    s = game()
    put(s, "p1", "farm", "ozyorsk", 1)
    s.players["p1"].creatures = ["C4-3"]
    c = check(s, "p1", Campaign(castle="yuzhnaya_zastava"))
    assert explain(c.quote, s, load_material()) == [
        "Монстры: 4 (уровень трофея) + 1 (Чернолесье) = 5; сила вашей армии — 7.",
        "Путь: Озёрск → Южная Застава; участков без вашего маршрута — 1 (выбрал сервер: замок выступления и путь — дешевле всего).",
        "Итого: 4 + 1 = 5 мон.; останется 5.",
    ]
