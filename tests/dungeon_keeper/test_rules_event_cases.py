"""The chronicle's sentences put each building, unit, spell or ability name in the case its verb
or preposition asks for: «захватывает Источник Силы» (не «Источника»), «С беса №1 снято», «не спасает
керуба», «защита керуба снижена», «поглощает Порчу», «идёт к керубу», «управляет грасдиром»."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import Capture, Cast
from rulesets.dungeon_keeper.state import Effect, Poison

from .dk_rules_factory import ability, area, attack, building, event, game, label, run, unit
from .test_rules_hero import neutral, with_hero

ROOM = area(10, 10, 16, 16)


def test_capture_takes_the_source_in_the_accusative_DK_SRC_04():
    s = game(ROOM)
    src = building(s, "source", None, (12, 12), level=3)
    g_ = unit(s, "p1", "grasdir", (11, 11))
    out = run(s, "p1", Capture(unit=g_.id, who=label(s, g_), building=src.id, cell=src.cell, ap=2))
    text = event(out, "capture").text
    assert text.startswith("Грасдир №1 (Ваал) захватывает Источник Силы на 12-12: 2 ОД"), text
    g_.capture = {src.id: 8}
    done = run(s, "p1", Capture(unit=g_.id, who=label(s, g_), building=src.id, cell=src.cell, ap=2))
    assert event(done, "captured").text == "Ваал захватывает Источник Силы на 12-12 (нейтральный)."


def test_dispelling_names_the_unit_in_the_genitive_DK_SPELL_11():
    s = game(ROOM)
    s.players["p1"].spells = ["dispel"]
    k = unit(s, "p1", "kerub", (10, 10), poison=Poison(ticks=3, damage=4, by="p2"))
    out = run(s, "p1", Cast(spell="dispel", target=k.id, whom=label(s, k)))
    assert event(out, "dispelled").text == "С керуба №1 (Ваал) снято: отравление."


def test_ghostliness_that_fails_names_its_unit_in_the_accusative_DK_GAP_72():
    s = game(ROOM)
    a = unit(s, "p1", "kerub", (10, 10))
    b = unit(s, "p2", "kerub", (10, 11), effects=[Effect(key="ghost", source="spell", category="buff", by="p2",
                                                         until=5)])
    out = run(s, "p1", attack(s, a, b), rolls=(41, 100))
    assert event(out, "no_dodge").text.startswith("Призрачность не спасает керуба №1 (Лилит)")


def test_cursed_blade_lowers_the_defence_of_its_target_in_the_genitive_DK_ABIL_19():
    s = game(ROOM)
    a = unit(s, "p1", "aggel", (10, 10))
    k = unit(s, "p2", "kerub", (10, 11))
    out = run(s, "p1", attack(s, a, k), rolls=(100,))
    assert event(out, "cursed_blade").text.startswith("Проклятый клинок: защита керуба №1 (Лилит) снижена")


def test_absorption_names_the_spell_in_the_accusative_DK_SPELL_13():
    s = game(ROOM)
    s.players["p1"].spells = ["corruption"]
    ag = unit(s, "p2", "aggel", (10, 10), effects=[Effect(key="magic_absorb", source="spell", category="buff",
                                                          by="p2", until=3)])
    out = run(s, "p1", Cast(spell="corruption", target=ag.id, whom=label(s, ag)), rolls=(51, 50))
    texts = [e.text for e in out.events if e.kind in ("absorb", "no_absorb")]
    assert len(texts) == 2 and all("Порчу" in t for t in texts), texts


def test_the_hero_walks_towards_evil_in_the_dative_DK_HERO_04():
    s = with_hero()
    unit(s, "p1", "kerub", (20, 23))
    out = neutral(s, 100, 100, 100)
    assert event(out, "hero_senses").text == "Герой чует зло и идёт к керубу №1 (Ваал)."


def test_a_subjugated_unit_is_named_after_whoever_controls_it_DK_ABIL_08():
    s = game(ROOM)
    sc = unit(s, "p1", "succubus", (10, 10))
    g_ = unit(s, "p2", "grasdir", (10, 12))
    out = run(s, "p1", ability(s, sc, "subjugate", g_), rolls=(50,))
    assert event(out, "subjugated").text == "Ваал до конца хода управляет грасдиром №1 (Лилит) (4 ОД)."


def test_cleansing_names_the_unit_in_the_accusative_DK_ABIL_05():
    s = game(ROOM)
    p = unit(s, "p1", "priest", (10, 10))
    k = unit(s, "p1", "kerub", (12, 10), poison=Poison(ticks=2, damage=4, by="p2"))
    out = run(s, "p1", ability(s, p, "cleanse", k))
    assert event(out, "cleanse").text.startswith("Жрец №1 (Ваал) очищает керуба №2 (Ваал): снято")
