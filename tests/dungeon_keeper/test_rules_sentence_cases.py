"""The chronicle's sentences and the checker's refusals put each building, unit, spell or ability
name in the case its verb or preposition asks for: «захватывает Источник Силы» (не «Источника»),
«С беса №1 снято», «не спасает керуба», «поглощает Порчу», «идёт к керубу», «управляет грасдиром»;
«У беса №1 только 1 ОД», «а бес №1 — не ваш», «Башня не стреляет по своим: бесу №1»."""

from __future__ import annotations

from rulesets.dungeon_keeper.orders import Capture, Cast, Equip, SendSpirit, TowerShot
from rulesets.dungeon_keeper.rules.legality.checker import Checker
from rulesets.dungeon_keeper.state import Effect, Poison, State

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


# --- the checker's refusals -------------------------------------------------------------------------
def refusals(s: State, *orders) -> list[str]:
    """The messages (errors and warnings) of the last order, after the earlier ones were accepted."""
    c = Checker(s, "p1")
    found: list = []
    for o in orders:
        found = c.check(o)
    return [v.message for v in [*found, *c.notes]]


def test_refusals_name_units_in_the_case_of_their_sentence():
    s = game(ROOM)
    s.players["p1"].spells = ["rage", "weakness"]
    s.players["p1"].store = ["armour", "armour"]
    s.players["p1"].spirits = ["any", "any"]
    b = unit(s, "p1", "bes", (10, 10), ap=1)
    foe = unit(s, "p2", "bes", (10, 11))
    sc = unit(s, "p1", "succubus", (12, 12))
    tower = building(s, "battle_tower", "p1", (14, 14))
    assert "У беса №1 только 1 ОД, а нужно 2." in refusals(s, attack(s, b, foe, ap=2))
    assert refusals(s, ability(s, b, "fear", foe)) == ["У беса №1 нет способности «Страх»."]
    assert refusals(s, Cast(spell="rage", target=foe.id, whom=label(s, foe)))[0].endswith(
        "а бес №1 (Лилит) — не ваш.")
    assert refusals(s, Cast(spell="weakness", target=b.id, whom=label(s, b)))[0].endswith("а бес №1 — ваш.")
    rage = Cast(spell="rage", target=b.id, whom=label(s, b))
    assert refusals(s, rage, rage)[0].startswith("Бес №1 уже под действием «Ярость»")
    armour = Equip(artifact="armour", unit=b.id, who=label(s, b))
    assert refusals(s, armour, armour) == ["У беса №1 уже есть Броня — двух одинаковых артефактов не надеть."]
    life = SendSpirit(spirit="life", unit=b.id, who=label(s, b))
    assert refusals(s, life, life) == ["У беса №1 уже есть дух жизни — второго такого не бывает."]
    assert refusals(s, SendSpirit(spirit="life", unit=foe.id, who=label(s, foe))) == \
        ["Духа можно послать только своему юниту, а не бесу №1 (Лилит)."]
    assert refusals(s, TowerShot(tower=tower.id, cell=tower.cell, target=b.id, whom=label(s, b)))[0] == \
        "Башня не стреляет по своим: бесу №1."
    assert refusals(s, ability(s, sc, "unbless", foe)) == ["У беса №1 (Лилит) нет благословений — ОД уйдёт впустую."]
