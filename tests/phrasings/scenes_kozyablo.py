"""Scenes for the Kozyablo phrasing corpus (`kozyablo.toml`): each builds a fresh table and names
the player who posts. Players: Анна (seat ``a``) and Борис (seat ``b``). Sectors are numbered by
turn order (KZ-DEF-SECT-01): the first player's «Золотая шахта-1», «Кристаллический рудник-1»,
«Источник энергии-1» and capital; the second player's «…-2».

Production (KZ-DEF-INC-01) is the capital's base plus one per controlled sector of that type.

``deck`` — setup. Анна (Позорки vs Трутни) posts her deck list privately; no capital chosen yet.

``mulligan`` — setup, Анна's private mulligan decision (none used yet). Her hand: Позорный лучник,
  Позорный мечник, Сэр Позорин, Позорный щит, Позорный клич, Позорный клич (two copies).

``main`` — Анна's main turn, Позорки (Позорище) against Борис's Трутни (Улей).
  Hand: Позорный лучник, Позорный мечник, Позорный рыцарь, Сэр Позорин, Позорный щит,
  Сторожевая вышка, Позорный клич, Позорный манёвр.
  Table: Золотая шахта-1: Анна's Позорный мечник, Позорный лучник, Позорный следопыт; Борис's
  Шмель №1 and Дикий гилен (the rulebook's combat). Кристаллический рудник-1: Анна's Позорный
  щитоносец. Источник энергии-2: Борис's Жирный трутень. Кристаллический рудник-2: Борис's Шмель №2.
  Позорище (Анна's capital), Золотая шахта-2 and Источник энергии-1 empty.
  Анна controls Кристаллический рудник-1, Источник энергии-1 and Золотая шахта-2: gold 3,
  crystals 2, mana 2 (so no Сэр Позорин, who needs crystals 3; the щит has no hero to go on).
  The лучник and the мечник are both in her hand and on the table. Her deck is not empty.

``hero`` — Анна's main turn, rich: Сэр Позорин stands in Позорище, Позорный мечник in Золотая
  шахта-1 (alone), Борис's Шмель in Источник энергии-2.
  Hand: Позорный щит, Сэр Позорин (a second copy), Сторожевая вышка, Позорный клич, Позорный лучник.
  Анна controls Золотая шахта-1, both рудники and Источник энергии-1: gold 3, crystals 3, mana 2.
  Позорище already holds two Сторожевые вышки (Постройки: 2 — full).

``trutni`` — Борис's main turn, Трутни (Улей) against Анна's Позорки.
  Hand: Шмель, Дикий гилен, Пыльца, Роение, Гнездо стражей, Оса-жалоносица.
  Table: Золотая шахта-2: Борис's Шмель №1 and Жирный трутень (damaged 2 of 4). Позорище (Анна's
  capital): Борис's Дикий гилен and Шмель №2, Анна's Позорный щитоносец. Золотая шахта-1: Анна's
  Позорный мечник. Борис controls Золотая шахта-2 and Кристаллический рудник-2: gold 2, crystals 3,
  mana 1.

``kozly`` — Анна's main turn, Козлы (Козлиная гора) against Борис's Жлобы (Жлобоград).
  Hand: Огненный плевок, Слово Летаро, Козёл-бодун, Козёл-колдун, Чёрный козёл, Жлоб-вышибала
  (Козлиная гора allows Жлобы cards).
  Table: Золотая шахта-1: Анна's Козёл-тень (not in shadow) and Козёл-бодун; Борис's Жлоб-вышибала.
  Источник энергии-1: Анна's Козёл-колдун. Золотая шахта-2: Борис's Жлоб-громила and Жлоб-латник. Анна controls Источник энергии-1 and Кристаллический рудник-1:
  gold 1, crystals 2, mana 3.

``zhloby`` — Борис's main turn, Жлобы (Жлобоград) against Анна's Козлы (Козлиная гора).
  Hand: Подрыв, Кольчуга, Золотая цепь, Забор с пушкой, Жлоб-латник.
  Table: Жлобоград: Борис's Пахан. Золотая шахта-2: Борис's Жлоб-вышибала. Козлиная гора (Анна's
  capital): Анна's Козлиный алтарь (a building). Борис controls Золотая шахта-2: gold 3, crystals 2,
  mana 0.

``defend`` — Борис (Трутни) has declared «Атакую в Золотая шахта-1»; Анна (Позорки) answers.
  Золотая шахта-1: Анна's Позорный мечник, Позорный лучник, Позорный следопыт (Уклонение),
  Позорный щитоносец (Защитник, [С] Сомкнуть щиты); Борис's Шмель, Дикий гилен, Рой.
  Анна's hand: Позорный клич, Позорный манёвр.

``shadow`` — Борис (Жлобы) has declared «Атакую в Золотая шахта-1»; Анна (Козлы) answers.
  Золотая шахта-1: Анна's Козёл-тень (in shadow), Козёл-бодун, Козёл-колдун; Борис's
  Жлоб-вышибала, Жлоб-телохранитель. Анна's hand: Огненный плевок.

``siege`` — Борис (Трутни) has declared an attack on Позорище, Анна's capital; Анна answers.
  Позорище: Анна's Позорный мечник and Позорный щитоносец (the garrison, Защитник for the capital);
  Борис's Дикий гилен and Шмель. Анна's hand: Позорный клич.

``retreat`` — Анна (Позорки) moved her Позорный мечник and Позорный лучник out of Золотая шахта-1;
  Борис (Трутни) picks the retreat-attack targets for his Шмель and Дикий гилен there. Борис posts.
  Борис's hand: Пыльца.

``react`` — Борис (Трутни) has declared a move of his Дикий гилен from Золотая шахта-2 into Кристаллический рудник-1, where Анна's Позорный
  щитоносец stands with its [С] Сомкнуть щиты unused: Анна's reaction window (KZ-DEC-03).
  Анна's hand: Позорный клич.

``trigger`` — Борис's main turn (Трутни, against Анна's Позорки): at its start his Гнездо стражей
  in Улей heals one of his creatures there: Шмель (undamaged), Дикий гилен (3 damage), Жирный трутень (1 damage).
  Hand: Роение, Пыльца. Борис controls Кристаллический рудник-2.

``garrison`` — Анна's turn (Позорки): Позорище holds four of her creatures (Позорный лучник,
  Позорный мечник, Позорный следопыт, Позорный рыцарь) and no enemy: Гарнизон 3, so her action must
  move creatures out (KZ-MOVE-06). Hand: Позорный клич.

``swarm`` — Анна (Позорки) has declared «Атакую в Золотая шахта-1»; Борис (Трутни) answers.
  Золотая шахта-1: Анна's Позорный мечник, Позорный лучник, Позорный следопыт, Позорный щитоносец;
  Борис's Рой (Площадь), Шмель, Оса-жалоносица (Полёт, Уклонение). Борис's hand: Роение, Пыльца.

``besieged`` — Анна's main turn (Позорки): Борис's Дикий гилен stands in Позорище, her capital,
  with her Позорный щитоносец. Hand: Позорный лучник, Позорный мечник, Позорный клич. Her Позорный
  следопыт is in Золотая шахта-1. She controls Золотая шахта-1: gold 3, crystals 1, mana 1.

``not_my_turn`` — Борис's main turn, nothing pending; Анна (Позорки) posts anyway. Her hand:
  Позорный лучник; her Позорный мечник is in Золотая шахта-1.

``goats`` — Анна's main turn, Козлы (Козлиная гора) against Борис's Жлобы, rich in resources.
  Hand: Рог Козлодуя, Кольчуга (a Жлобы card: Козлиная гора allows them), Козёл-зомби, Слово Летаро,
  Огненный плевок. Table: Козлиная гора: Анна's Великий Козлодуй (hero, Защита от магии).
  Кристаллический рудник-1: Анна's Козёл-зомби (Нежить). Источник энергии-1: Анна's Козёл-тень in
  shadow. Золотая шахта-2: Борис's Жлоб-кровосос and Жлоб-телохранитель. Анна controls Золотая
  шахта-1, both рудники and Источник энергии-1: gold 2, crystals 3, mana 3.

``dry`` — Анна's main turn (Позорки against Трутни) with an empty deck. Hand: Позорный лучник; her
  Позорный мечник stands in Золотая шахта-1.

``scout`` — Борис's main turn, Козлы (Козлиная гора) against Анна's Позорки. Золотая шахта-1:
  Борис's Козёл-тень (not in shadow) and Анна's Позорный следопыт (Разведчик). Источник энергии-2:
  Борис's Козёл-бодун. Hand: Огненный плевок. Борис controls Источник энергии-2.
"""

from __future__ import annotations

from collections.abc import Callable

from rulesets.kozyablo.orders import Attack, Move
from rulesets.kozyablo.state import Pending, State
from tests.kozyablo.kz_reader_support import table, uid

PT = ("pozorki", "trutni")
KZ = ("kozly", "zhloby")


def deck() -> tuple[State, str]:
    state = table(races=PT, phase="decks")
    for p in state.players.values():
        p.capital = None
    return state, "a"


def mulligan() -> tuple[State, str]:
    state = table(races=PT, phase="mulligan", hand={"a": [
        "pozorny_luchnik", "pozorny_mechnik", "ser_pozorin", "pozorny_shchit", "pozorny_klich", "pozorny_klich"]})
    return state, "a"


def main() -> tuple[State, str]:
    state = table(races=PT, hand={"a": [
        "pozorny_luchnik", "pozorny_mechnik", "pozorny_rytsar", "ser_pozorin", "pozorny_shchit",
        "storozhevaya_vyshka", "pozorny_klich", "pozorny_manevr"]}, pieces=[
        ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
        ("pozorny_sledopyt", "a", "gold-1"),
        ("shmel", "b", "gold-1"), ("dikiy_gilen", "b", "gold-1"),
        ("pozorny_shchitonosets", "a", "crystal-1"),
        ("zhirny_truten", "b", "mana-2"), ("shmel", "b", "crystal-2")],
        control={"crystal-1": "a", "mana-1": "a", "gold-2": "a", "mana-2": "b", "crystal-2": "b"})
    return state, "a"


def hero() -> tuple[State, str]:
    state = table(races=PT, hand={"a": [
        "pozorny_shchit", "ser_pozorin", "storozhevaya_vyshka", "pozorny_klich", "pozorny_luchnik"]}, pieces=[
        ("ser_pozorin", "a", "capital-1"), ("storozhevaya_vyshka", "a", "capital-1"),
        ("storozhevaya_vyshka", "a", "capital-1"), ("pozorny_mechnik", "a", "gold-1"),
        ("shmel", "b", "mana-2")],
        control={"gold-1": "a", "crystal-1": "a", "crystal-2": "a", "mana-1": "a", "mana-2": "b"})
    return state, "a"


def trutni() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"b": [
        "shmel", "dikiy_gilen", "pyltsa", "roenie", "gnezdo_strazhey", "osa_zhalonositsa"]}, pieces=[
        ("shmel", "b", "gold-2"), ("zhirny_truten", "b", "gold-2", {"damage": 2}),
        ("dikiy_gilen", "b", "capital-1"), ("shmel", "b", "capital-1"),
        ("pozorny_shchitonosets", "a", "capital-1"), ("pozorny_mechnik", "a", "gold-1")],
        control={"gold-2": "b", "crystal-2": "b", "gold-1": "a"})
    return state, "b"


def kozly() -> tuple[State, str]:
    state = table(races=KZ, hand={"a": [
        "ogenny_plevok", "slovo_letaro", "kozel_bodun", "kozel_koldun", "cherny_kozel", "zhlob_vyshibala"]},
        pieces=[("kozel_ten", "a", "gold-1"), ("kozel_bodun", "a", "gold-1"), ("zhlob_vyshibala", "b", "gold-1"),
                ("kozel_koldun", "a", "mana-1"), ("zhlob_gromila", "b", "gold-2"), ("zhlob_latnik", "b", "gold-2")],
        control={"mana-1": "a", "crystal-1": "a", "gold-2": "b"})
    return state, "a"


def zhloby() -> tuple[State, str]:
    state = table(races=KZ, active="b", hand={"b": [
        "podryv", "kolchuga", "zolotaya_tsep", "zabor_s_pushkoy", "zhlob_latnik"]},
        pieces=[("pakhan", "b", "capital-2"), ("zhlob_vyshibala", "b", "gold-2"),
                ("kozliny_altar", "a", "capital-1")],
        control={"gold-2": "b"})
    return state, "b"


def defend() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"a": ["pozorny_klich", "pozorny_manevr"]}, pieces=[
        ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
        ("pozorny_sledopyt", "a", "gold-1"), ("pozorny_shchitonosets", "a", "gold-1"),
        ("shmel", "b", "gold-1"), ("dikiy_gilen", "b", "gold-1"), ("roy", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="b", waiting=["a"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    return state, "a"


def shadow() -> tuple[State, str]:
    state = table(races=KZ, active="b", hand={"a": ["ogenny_plevok"]}, pieces=[
        ("kozel_ten", "a", "gold-1", {"shadow": True}), ("kozel_bodun", "a", "gold-1"),
        ("kozel_koldun", "a", "gold-1"),
        ("zhlob_vyshibala", "b", "gold-1"), ("zhlob_telokhranitel", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="b", waiting=["a"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    return state, "a"


def siege() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"a": ["pozorny_klich"]}, pieces=[
        ("pozorny_mechnik", "a", "capital-1"), ("pozorny_shchitonosets", "a", "capital-1"),
        ("dikiy_gilen", "b", "capital-1"), ("shmel", "b", "capital-1")])
    state.pending = Pending(kind="attack", active="b", waiting=["a"],
                            action=[Attack(sector="capital-1").model_dump(mode="json")])
    return state, "a"


def retreat() -> tuple[State, str]:
    state = table(races=PT, active="a", hand={"b": ["pyltsa"]}, pieces=[
        ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
        ("shmel", "b", "gold-1"), ("dikiy_gilen", "b", "gold-1")])
    move = Move(pieces=(uid(state, "pozorny_mechnik", "a"), uid(state, "pozorny_luchnik", "a")),
                origin="gold-1", dest="crystal-1")
    state.pending = Pending(kind="retreat", active="a", waiting=["b"], action=[move.model_dump(mode="json")])
    return state, "b"


def react() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"a": ["pozorny_klich"]}, pieces=[
        ("pozorny_shchitonosets", "a", "crystal-1"), ("dikiy_gilen", "b", "gold-2")])
    move = Move(pieces=(uid(state, "dikiy_gilen", "b"),), origin="gold-2", dest="crystal-1")
    state.pending = Pending(kind="react", active="b", waiting=["a"], action=[move.model_dump(mode="json")])
    return state, "a"


def trigger() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"b": ["roenie", "pyltsa"]}, pieces=[
        ("gnezdo_strazhey", "b", "capital-2"), ("shmel", "b", "capital-2"),
        ("dikiy_gilen", "b", "capital-2", {"damage": 3}), ("zhirny_truten", "b", "capital-2", {"damage": 1})],
        control={"crystal-2": "b"})
    return state, "b"


def garrison() -> tuple[State, str]:
    state = table(races=PT, hand={"a": ["pozorny_klich"]}, pieces=[
        ("pozorny_luchnik", "a", "capital-1"), ("pozorny_mechnik", "a", "capital-1"),
        ("pozorny_sledopyt", "a", "capital-1"), ("pozorny_rytsar", "a", "capital-1")])
    state.players["a"].garrison_due = True
    return state, "a"


def swarm() -> tuple[State, str]:
    state = table(races=PT, active="a", hand={"b": ["roenie", "pyltsa"]}, pieces=[
        ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
        ("pozorny_sledopyt", "a", "gold-1"), ("pozorny_shchitonosets", "a", "gold-1"),
        ("roy", "b", "gold-1"), ("shmel", "b", "gold-1"), ("osa_zhalonositsa", "b", "gold-1")])
    state.pending = Pending(kind="attack", active="a", waiting=["b"],
                            action=[Attack(sector="gold-1").model_dump(mode="json")])
    return state, "b"


def besieged() -> tuple[State, str]:
    state = table(races=PT, hand={"a": ["pozorny_luchnik", "pozorny_mechnik", "pozorny_klich"]}, pieces=[
        ("pozorny_shchitonosets", "a", "capital-1"), ("dikiy_gilen", "b", "capital-1"),
        ("pozorny_sledopyt", "a", "gold-1")], control={"gold-1": "a"})
    return state, "a"


def not_my_turn() -> tuple[State, str]:
    state = table(races=PT, active="b", hand={"a": ["pozorny_luchnik"]}, pieces=[
        ("pozorny_mechnik", "a", "gold-1")])
    return state, "a"


def goats() -> tuple[State, str]:
    state = table(races=KZ, hand={"a": [
        "rog_kozloduya", "kolchuga", "kozel_zombi", "slovo_letaro", "ogenny_plevok"]}, pieces=[
        ("velikiy_kozloduy", "a", "capital-1"), ("kozel_zombi", "a", "crystal-1"),
        ("kozel_ten", "a", "mana-1", {"shadow": True}),
        ("zhlob_krovosos", "b", "gold-2"), ("zhlob_telokhranitel", "b", "gold-2")],
        control={"gold-1": "a", "crystal-1": "a", "crystal-2": "a", "mana-1": "a", "gold-2": "b"})
    return state, "a"


def dry() -> tuple[State, str]:
    state = table(races=PT, hand={"a": ["pozorny_luchnik"]}, pieces=[("pozorny_mechnik", "a", "gold-1")])
    state.players["a"].deck = []
    return state, "a"


def scout() -> tuple[State, str]:
    state = table(races=("pozorki", "kozly"), active="b", hand={"b": ["ogenny_plevok"]}, pieces=[
        ("kozel_ten", "b", "gold-1"), ("pozorny_sledopyt", "a", "gold-1"), ("kozel_bodun", "b", "mana-2")],
        control={"mana-2": "b"})
    return state, "b"


SCENES: dict[str, Callable[[], tuple[State, str]]] = {
    "deck": deck, "mulligan": mulligan, "main": main, "hero": hero, "trutni": trutni, "kozly": kozly,
    "zhloby": zhloby, "defend": defend, "shadow": shadow, "siege": siege, "retreat": retreat,
    "react": react, "trigger": trigger, "garrison": garrison, "swarm": swarm, "besieged": besieged,
    "not_my_turn": not_my_turn, "goats": goats, "dry": dry, "scout": scout,
}
"""The scenes by key; each call builds a fresh state (the reader may not change it, but a test must
not depend on that)."""
