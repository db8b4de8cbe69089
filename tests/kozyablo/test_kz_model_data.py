"""The card set as data (KZ-DATA): cards.toml loads, is complete, and bad edits fail in Russian."""

from __future__ import annotations

import tomllib

import pytest

from rulesets.kozyablo.data import CARDS, PACKAGE_DIR, PROP_CODES, CardFileError, load_cards, parse_cards


def _raw() -> dict:
    with (PACKAGE_DIR / "cards.toml").open("rb") as fh:
        return tomllib.load(fh)


def test_sectors_KZ_DATA_01():
    """KZ-DATA-01: one sector card per resource."""
    sectors = CARDS.sectors
    assert [s.name for s in sectors] == ["Золотая шахта", "Кристаллический рудник", "Источник энергии"]
    assert [s.resource for s in sectors] == ["gold", "crystals", "mana"]
    assert [s.sector_kind for s in sectors] == ["gold", "crystal", "mana"]
    assert CARDS.sector_card("crystal").id == "kristallichesky_rudnik"


def test_capitals_KZ_DATA_02_KZ_CAP_01_02_03_05():
    """KZ-DATA-02, KZ-CAP-01, KZ-CAP-02, KZ-CAP-03, KZ-CAP-05: the four capitals."""
    caps = {c.race: c for c in CARDS.capitals.values()}
    assert {r: c.name for r, c in caps.items()} == {
        "pozorki": "Позорище", "trutni": "Улей", "kozly": "Козлиная гора", "zhloby": "Жлобоград"}
    table = {r: (c.gold, c.crystals, c.mana, c.garrison, c.buildings) for r, c in caps.items()}
    assert table == {"pozorki": (2, 1, 1, 3, 2), "trutni": (1, 2, 1, 4, 1),
                     "kozly": (1, 1, 2, 3, 2), "zhloby": (2, 2, 0, 4, 3)}
    for cap in caps.values():  # KZ-CAP-02: 12 lives and Броня 2 on every capital
        assert cap.life == 12 and cap.value("armour") == 2
        assert cap.base("gold") == cap.gold  # KZ-CAP-01: the capital sets the starting production
    # KZ-CAP-05: special properties
    assert caps["trutni"].special.extra_heroes == 1
    assert caps["kozly"].special.allow_race == ("zhloby",)
    assert caps["pozorki"].special is None and caps["zhloby"].special is None


def _stats(race: str) -> dict[str, tuple]:
    return {c.name: (c.type, c.resource, c.level, c.attack, c.life, c.speed, c.props_text())
            for c in CARDS.by_race[race]}


def test_pozorki_KZ_DATA_03():
    """KZ-DATA-03: the Позорки cards."""
    s = _stats("pozorki")
    assert s["Позорный лучник"] == ("creature", "gold", 1, 1, 1, 4, "Лучник")
    assert s["Позорный мечник"] == ("creature", "gold", 2, 2, 2, 3, "Две атаки")
    assert s["Позорный щитоносец"] == ("creature", "gold", 2, 1, 4, 2, "Защитник, Броня 1, [С] Сомкнуть щиты")
    assert s["Позорный следопыт"] == ("creature", "gold", 1, 1, 2, 5, "Разведчик, Уклонение")
    assert s["Позорный рыцарь"] == ("creature", "gold", 3, 3, 4, 3, "Защита от стрел, Броня 1")
    assert s["Сэр Позорин"] == ("hero", "gold", 3, 3, 5, 4, "Магическое оружие, Броня 1")
    assert s["Сторожевая вышка"][:6] == ("building", "crystals", 1, 1, 3, 2)
    assert CARDS.card("storozhevaya_vyshka").defensive
    shield = CARDS.card("pozorny_shchit")
    assert (shield.type, shield.resource, shield.level, shield.hero_for) == ("artifact", "crystals", 2, "ser_pozorin")
    assert shield.params == {"life": 2} and shield.has("arrow_protection")
    klich = CARDS.card("pozorny_klich")
    assert (klich.magic_kind, klich.duration, klich.resource, klich.target, klich.effect) == (
        "temporary", 2, "mana", "own_squad", "attack_bonus")
    manevr = CARDS.card("pozorny_manevr")
    assert (manevr.type, manevr.resource, manevr.level, manevr.effect) == ("event", "crystals", 1, "move_own")
    assert manevr.params["retreat_attack"] is False
    assert len(s) == 10


def test_trutni_KZ_DATA_04():
    """KZ-DATA-04: the Трутни cards."""
    s = _stats("trutni")
    assert s["Шмель"] == ("creature", "gold", 1, 1, 1, 6, "Полёт")
    assert s["Дикий гилен"] == ("creature", "gold", 2, 2, 5, 3, "")
    assert s["Оса-жалоносица"] == ("creature", "gold", 2, 2, 2, 5, "Полёт, Уклонение")
    assert s["Рой"] == ("creature", "gold", 3, 1, 3, 4, "Площадь, Защита от оружия")
    assert s["Жирный трутень"] == ("creature", "gold", 2, 1, 4, 1, "[Д] Регенерация")
    assert CARDS.card("zhirny_truten").ability("regeneratsiya").params == {"amount": 2}
    assert s["Королева Жужа"] == ("hero", "gold", 3, 2, 6, 5, "Полёт, Уклонение")
    assert s["Жук-Отец"] == ("hero", "gold", 3, 3, 5, 2, "Броня 2, Защитник")
    sting = CARDS.card("korolevskoe_zhalo")
    assert sting.hero_for == "koroleva_zhuzha" and sting.params == {"attack": 1} and sting.has("magic_weapon")
    nest = CARDS.card("gnezdo_strazhey")
    assert (nest.type, nest.level, nest.attack, nest.life, nest.speed, nest.trigger, nest.effect) == (
        "building", 2, 2, 4, 3, "start", "start_heal")
    pollen = CARDS.card("pyltsa")
    assert (pollen.magic_kind, pollen.resource, pollen.level, pollen.effect, pollen.params) == (
        "instant", "mana", 1, "heal", {"amount": 2})
    swarm = CARDS.card("roenie")
    assert (swarm.type, swarm.level, swarm.effect, swarm.params) == ("event", 2, "draw", {"count": 2})
    assert len(s) == 11


def test_kozly_KZ_DATA_05():
    """KZ-DATA-05: the Козлы cards."""
    s = _stats("kozly")
    assert s["Козёл-бодун"] == ("creature", "gold", 1, 2, 2, 2, "")
    assert s["Козёл-колдун"] == ("creature", "gold", 2, 1, 2, 3, "Атака магией")
    assert s["Козёл-тень"] == ("creature", "gold", 2, 2, 2, 4, "[Д] Уход в тень")
    assert s["Чёрный козёл"] == ("creature", "gold", 3, 3, 3, 3, "Защита от магии, Магическое оружие")
    assert s["Козёл-зомби"] == ("creature", "gold", 1, 1, 3, 1, "Нежить")
    assert s["Великий Козлодуй"] == ("hero", "gold", 3, 3, 6, 3, "Атака магией, Защита от магии")
    horn = CARDS.card("rog_kozloduya")
    assert horn.hero_for == "velikiy_kozloduy" and horn.params == {"life": 1} and horn.value("armour") == 1
    altar = CARDS.card("kozliny_altar")
    assert (altar.level, altar.attack, altar.life, altar.speed) == (1, 1, 3, 2) and altar.has("magic_attack")
    spit = CARDS.card("ogenny_plevok")
    assert (spit.magic_kind, spit.level, spit.target, spit.params) == ("instant", 2, "enemy_creature", {"amount": 2})
    letaro = CARDS.card("slovo_letaro")
    assert (letaro.level, letaro.params, letaro.pierces_magic_protection) == (3, {"amount": 3}, True)
    assert not spit.pierces_magic_protection
    assert len(s) == 10


def test_zhloby_KZ_DATA_06():
    """KZ-DATA-06: the Жлобы cards."""
    s = _stats("zhloby")
    assert s["Жлоб-вышибала"] == ("creature", "gold", 1, 2, 3, 2, "")
    assert s["Жлоб-латник"] == ("creature", "gold", 2, 2, 3, 1, "Броня 2")
    assert s["Жлоб-телохранитель"] == ("creature", "gold", 2, 1, 4, 2, "Защитник, Броня 1")
    assert s["Жлоб-кровосос"] == ("creature", "gold", 3, 3, 3, 3, "Вампиризм")
    assert s["Жлоб-громила"] == ("creature", "gold", 3, 3, 5, 1, "Магическое оружие")
    assert s["Пахан"] == ("hero", "gold", 3, 4, 7, 2, "Броня 2, Защитник")
    assert CARDS.card("zolotaya_tsep").params == {"attack": 2}
    fence = CARDS.card("zabor_s_pushkoy")
    assert (fence.level, fence.attack, fence.life, fence.speed, fence.defensive) == (2, 2, 5, 2, True)
    mail = CARDS.card("kolchuga")
    assert (mail.magic_kind, mail.level, mail.effect, mail.not_on_undead) == ("permanent", 1, "armour_bonus", True)
    blast = CARDS.card("podryv")
    assert (blast.type, blast.resource, blast.level, blast.requires_sector, blast.target) == (
        "event", "crystals", 2, True, "enemy_building_or_capital")
    assert len(s) == 10


def test_starter_decks_KZ_DATA_07():
    """KZ-DATA-07: two copies of every race card."""
    for race, cards in CARDS.by_race.items():
        deck = dict(CARDS.starter_deck(race))
        assert deck == {c.id: 2 for c in cards}
        assert CARDS.decks[race].capital in CARDS.capitals
        assert CARDS.card(CARDS.decks[race].capital).race == race
        assert [CARDS.card(s).sector_kind for s in CARDS.decks[race].sectors] == ["gold", "crystal", "mana"]
    sizes = {race: sum(n for _, n in CARDS.starter_deck(race)) for race in CARDS.races}
    assert sizes == {"pozorki": 20, "trutni": 22, "kozly": 20, "zhloby": 20}


def test_every_property_appears_and_buildings_share_codes_KZ_PROP_00():
    """KZ-PROP-00: buildings carry the creatures' property codes."""
    used = {code for card in CARDS.cards.values() if card.on_table for code in card.props}
    assert used == set(PROP_CODES)
    # buildings carry the same codes as creatures: Лучник on a tower, Атака магией on an altar
    assert CARDS.card("storozhevaya_vyshka").has("archer") and CARDS.card("pozorny_luchnik").has("archer")
    assert CARDS.card("kozliny_altar").has("magic_attack") and CARDS.card("kozel_koldun").has("magic_attack")
    edited = _raw()
    edited["cards"]["storozhevaya_vyshka"]["props"] = {"flying": True, "armour": 2}
    book = parse_cards(edited)
    assert book.card("storozhevaya_vyshka").has("flying") and book.card("storozhevaya_vyshka").value("armour") == 2


def test_ability_kinds_action_and_free_KZ_GAP_02():
    """KZ-GAP-02: [Д] = kind action, [С] = kind free."""
    regen = CARDS.card("zhirny_truten").ability("regeneratsiya")
    shadow = CARDS.card("kozel_ten").ability("ukhod_v_ten")
    shields = CARDS.card("pozorny_shchitonosets").ability("somknut_shchity")
    assert (regen.kind, regen.mark) == ("action", "[Д]")
    assert (shadow.kind, shadow.mark) == ("action", "[Д]")
    assert (shields.kind, shields.mark) == ("free", "[С]")
    edited = _raw()
    edited["cards"]["zhirny_truten"]["abilities"][0]["kind"] = "instant"
    with pytest.raises(CardFileError, match="Жирный трутень.*должно быть одним из"):
        parse_cards(edited)


def test_crystal_mine_alias_KZ_GAP_05():
    """KZ-GAP-05: «Кристальный рудник» is an alias of one card."""
    assert CARDS.find("Кристальный рудник").id == "kristallichesky_rudnik"
    assert CARDS.find("кристаллический РУДНИК").id == "kristallichesky_rudnik"
    assert CARDS.find("«Кристальный рудник»").id == "kristallichesky_rudnik"
    assert sum(1 for c in CARDS.cards.values() if c.sector_kind == "crystal") == 1


def test_effect_is_event_KZ_GAP_06():
    """KZ-GAP-06: «эффект» is the event type."""
    assert CARDS.type_of_word("эффект") == "event"
    assert CARDS.type_of_word("Событие") == "event"
    assert CARDS.card("podryv").type_name == "Событие"
    assert CARDS.card("podryv").resource == "crystals"  # an event needs crystal production


def test_new_card_needs_only_toml_and_bad_edits_fail_in_russian_KZ_GAP_01():
    """KZ-GAP-01: the card set is data a GM can extend."""
    edited = _raw()
    edited["cards"]["shmel_bolshoy"] = {"name": "Большой шмель", "race": "trutni", "type": "creature",
                                        "level": 2, "attack": 2, "life": 2, "speed": 6, "props": {"flying": True}}
    book = parse_cards(edited)
    big = book.card("shmel_bolshoy")
    assert big.resource == "gold" and big.has("flying") and big in book.by_race["trutni"]
    assert book.find("большой шмель") is big

    bad = _raw()
    bad["cards"]["shmel"]["attack"] = "много"
    with pytest.raises(CardFileError, match=r"Карта «Шмель» \(shmel\): атака: должно быть целым числом"):
        parse_cards(bad)
    bad = _raw()
    bad["cards"]["shmel"]["props"] = {"teleport": True}
    with pytest.raises(CardFileError, match="Шмель.*свойства"):
        parse_cards(bad)
    bad = _raw()
    bad["cards"]["pozorny_shchit"]["hero_for"] = "shmel"
    with pytest.raises(CardFileError, match="Позорный щит.*такого героя нет"):
        parse_cards(bad)
    bad = _raw()
    del bad["cards"]["pyltsa"]["magic_kind"]
    with pytest.raises(CardFileError, match="Пыльца.*вид"):
        parse_cards(bad)
    bad = _raw()
    bad["decks"]["trutni"]["cards"]["nevedomaya"] = 2
    with pytest.raises(CardFileError, match="Стартовая колода «trutni»: нет карты «nevedomaya»"):
        parse_cards(bad)
    with pytest.raises(CardFileError, match="не найден"):
        load_cards("../../pyproject.toml")
    with pytest.raises(CardFileError, match="не найден"):
        load_cards("net_takogo.toml")


def test_card_ids_are_latin_slugs():
    for cid in CARDS.cards:
        assert cid.isascii() and cid == cid.lower()
    assert {"shmel", "dikiy_gilen", "pozorny_luchnik"} <= set(CARDS.cards)
