"""Every example of the order language (checklist §3) reads to the order it means.

These tests check what a line *says*: the rules' checker is replaced by one that accepts
everything, so a line's meaning is tested apart from whether the table allows it (the legal
versions are in test_reader_posts.py). Seats: a = Анна (Позорки, the poster), b = Петя (Трутни),
c = Вера (Козлы), d = Глеб (Жлобы); sector numbers follow that order.
"""

from __future__ import annotations

import pytest
from kz_reader_support import LaxChecker, read, table, uid

from rulesets.kozyablo import reader
from rulesets.kozyablo.orders import (
    Attack,
    Decline,
    DrawCard,
    Evade,
    Guard,
    Move,
    Mulligan,
    PlayCard,
    Skip,
    StayHidden,
    Strike,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from rulesets.kozyablo.state import Pending

NAMES = {"a": "Анна", "b": "Петя", "c": "Вера", "d": "Глеб"}
HAND = ["shmel", "pozorny_mechnik", "ser_pozorin", "storozhevaya_vyshka", "gnezdo_strazhey", "pozorny_shchit",
        "zolotaya_tsep", "ogenny_plevok", "pozorny_klich", "podryv"]


@pytest.fixture(autouse=True)
def lax(monkeypatch):
    monkeypatch.setattr(reader, "Checker", LaxChecker)


def _main():
    return table(races=("pozorki", "trutni", "kozly", "zhloby"), names=NAMES, hand={"a": HAND}, pieces=[
        ("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
        ("ser_pozorin", "a", "capital-1"), ("pakhan", "a", "capital-1"),
        ("kozel_zombi", "b", "mana-3"), ("gnezdo_strazhey", "b", "capital-2"),
        ("pozorny_sledopyt", "a", "mana-1"), ("dikiy_gilen", "a", "mana-1"),
        ("pozorny_mechnik", "a", "crystal-1"), ("pozorny_luchnik", "a", "crystal-1"),
        ("dikiy_gilen", "b", "crystal-1"), ("shmel", "b", "crystal-1"),
        ("zhirny_truten", "a", "gold-3"), ("kozel_ten", "a", "gold-3"), ("pozorny_shchitonosets", "a", "gold-2"),
        ("pozorny_rytsar", "a", "capital-4"), ("zhlob_vyshibala", "d", "capital-4"),
    ])


MAIN = _main()


def _one(text: str, state=MAIN, faction: str = "a"):
    r = read(text, state, faction)
    assert r.ok, [p.render() for p in r.problems]
    assert len(r.orders) == 1, r.orders
    return r.orders[0]


def u(card: str, owner: str = "a", n: int = 1, state=MAIN) -> str:
    return uid(state, card, owner, n)


# --- play (KZ-PLAY-01) ------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "expected"), [
    ("Играю Шмеля в Золотую шахту-2.", PlayCard(card="shmel", into="gold-2")),
    ("Выкладываю Позорного мечника в источник энергии 1", PlayCard(card="pozorny_mechnik", into="mana-1")),
    ("Ввожу в игру героя — Сэра Позорина, в столицу.", PlayCard(card="ser_pozorin", into="capital-1")),
    ("Строю Сторожевую вышку в столице.", PlayCard(card="storozhevaya_vyshka", into="capital-1")),
    ("Ставлю «Гнездо стражей» в Позорище", PlayCard(card="gnezdo_strazhey", into="capital-1")),
    ("Играю постройку «Сторожевая вышка» в «Позорище».", PlayCard(card="storozhevaya_vyshka", into="capital-1")),
])
def test_play_creature_hero_building_KZ_PLAY_01(text, expected):
    """Creatures, heroes and buildings go *into* a sector (KZ-PLAY-01, KZ-BLD-01)."""
    assert _one(text) == expected


def test_play_artifact_and_magic_KZ_PLAY_01():
    assert _one("Позорный щит — на Сэра Позорина.") == PlayCard(card="pozorny_shchit", on=u("ser_pozorin"))
    assert _one("Вешаю Золотую цепь на Пахана") == PlayCard(card="zolotaya_tsep", on=u("pakhan"))
    assert _one("Огненный плевок в козла-зомби Пети!") == PlayCard(card="ogenny_plevok", on=u("kozel_zombi", "b"))
    assert _one("Позорный клич на отряд в шахте-1") == PlayCard(card="pozorny_klich", squad="gold-1")
    assert _one("Подрыв по Гнезду стражей") == PlayCard(card="podryv", on=u("gnezdo_strazhey", "b"))
    assert _one("Играю «Огненный плевок» на «Козёл-зомби» (Петя).") == PlayCard(card="ogenny_plevok",
                                                                            on=u("kozel_zombi", "b"))
    assert _one("Подрыв по столице Пети") == PlayCard(card="podryv", on="capital:capital-2")


def test_artifact_without_target_goes_on_its_hero_KZ_ART_01():
    """«Играю Позорный щит» — the artifact names its hero, and there is one on the table."""
    assert _one("Играю Позорный щит") == PlayCard(card="pozorny_shchit", on=u("ser_pozorin"))


# --- draw, skip ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["Беру карту.", "Тяну из колоды", "Добор", "БЕРУ КАРТУ!!!", "тяну карту"])
def test_draw_KZ_DRAW_01(text):
    assert _one(text) == DrawCard()


@pytest.mark.parametrize("text", ["Пропускаю ход.", "Пас", "Ничего не делаю.", "пропускаю"])
def test_skip_KZ_SKIP_01(text):
    assert _one(text) == Skip()


# --- move (KZ-MOVE-01, KZ-MOVE-02) --------------------------------------------------------------------
def test_move_examples_KZ_MOVE_01():
    assert _one("Перемещаю мечника и лучника из шахты-1 в рудник-2.") == Move(
        pieces=(u("pozorny_mechnik"), u("pozorny_luchnik")), origin="gold-1", dest="crystal-2")
    assert _one("Гилен ползёт в Кристальный рудник-1") == Move(pieces=(u("dikiy_gilen"),), origin="mana-1",
                                                                  dest="crystal-1")


def test_whole_squad_KZ_MOVE_02():
    """«весь отряд» moves every creature of the poster in the sector (KZ-MOVE-02)."""
    assert _one("Весь отряд из Источника энергии-1 — в Позорище") == Move(
        pieces=(u("pozorny_sledopyt"), u("dikiy_gilen")), origin="mana-1", dest="capital-1")
    assert _one("Перемещаю отряд из источника-1 в шахту-2") == Move(
        pieces=(u("pozorny_sledopyt"), u("dikiy_gilen")), origin="mana-1", dest="gold-2")


# --- attack (KZ-ATK-01) with targets (KZ-DEF-CMB-03) ------------------------------------------------------
def test_attack_with_targets_on_the_line_KZ_DEF_CMB_03():
    assert _one("Атакую в руднике-1! Мечник рубит гилена, лучник стреляет по шмелю.") == Attack(
        sector="crystal-1", picks=(TargetPick(striker=u("pozorny_mechnik", n=2), targets=(u("dikiy_gilen", "b"),)),
                                   TargetPick(striker=u("pozorny_luchnik", n=2), targets=(u("shmel", "b"),))))


def test_attack_targets_on_later_lines_join_the_attack_KZ_DEF_CMB_03():
    order = _one("Атакую в «Кристаллический рудник-1».\nМечник → гилен\nлучник бьёт шмеля")
    assert order == Attack(sector="crystal-1", picks=(
        TargetPick(striker=u("pozorny_mechnik", n=2), targets=(u("dikiy_gilen", "b"),)),
        TargetPick(striker=u("pozorny_luchnik", n=2), targets=(u("shmel", "b"),))))


def test_attack_examples_KZ_ATK_01():
    assert _one("Объявляю бой в шахте 2") == Attack(sector="gold-2")
    assert _one("Атакую в «Кристаллический рудник-1».") == Attack(sector="crystal-1")


def test_everyone_strikes_the_capital_KZ_DEF_ATK_02():
    """«все бьют по столице»: every striker of the attacker in an enemy capital targets it."""
    assert _one("Нападаю на Жлобоград — все бьют по столице") == Attack(
        sector="capital-4", picks=(TargetPick(striker=u("pozorny_rytsar"), targets=("capital:capital-4",)),))


# --- abilities (KZ-ABIL-01..03) ----------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "card", "ability"), [
    ("Жирный трутень регенерирует.", "zhirny_truten", "regeneratsiya"),
    ("«Жирный трутень»: Регенерация.", "zhirny_truten", "regeneratsiya"),
    ("Козёл-тень уходит в тень", "kozel_ten", "ukhod_v_ten"),
    ("Щитоносец смыкает щиты.", "pozorny_shchitonosets", "somknut_shchity"),
    ("[С] Сомкнуть щиты — щитоносец в шахте-2", "pozorny_shchitonosets", "somknut_shchity"),
    ("«Позорный щитоносец»: Сомкнуть щиты.", "pozorny_shchitonosets", "somknut_shchity"),
    ("[Д] Регенерация", "zhirny_truten", "regeneratsiya"),
])
def test_abilities_by_verb_or_name_KZ_ABIL_01(text, card, ability):
    assert _one(text) == UseAbility(piece=u(card), ability=ability)


def test_wrong_ability_mark_is_a_warning_KZ_GAP_02():
    r = read("[С] Регенерация — трутень", MAIN)
    assert r.ok and r.orders == [UseAbility(piece=u("zhirny_truten"), ability="regeneratsiya")]
    assert [p.code for p in r.problems] == ["read.ability_kind"]
    assert r.problems[0].clause == "KZ-GAP-02"


# --- reaction posts (checklist §4) ---------------------------------------------------------------------------
REACT = table(races=("pozorki", "trutni"), names=NAMES, active="b", hand={"a": ["roenie", "pozorny_klich"]}, pieces=[
    ("dikiy_gilen", "a", "crystal-1"), ("osa_zhalonositsa", "a", "crystal-1"), ("roy", "a", "crystal-1"),
    ("kozel_ten", "a", "crystal-1", {"shadow": True}), ("zhlob_telokhranitel", "a", "crystal-1"),
    ("zhlob_latnik", "a", "crystal-1"), ("zhlob_vyshibala", "a", "crystal-1"), ("pozorny_sledopyt", "a", "crystal-1"),
    ("pozorny_mechnik", "b", "crystal-1"), ("pozorny_luchnik", "b", "crystal-1"),
    ("pozorny_sledopyt", "b", "crystal-1"), ("shmel", "b", "crystal-1")])
REACT.pending = Pending(kind="attack", active="b", action=[Attack(sector="crystal-1").model_dump(mode="json")],
                        waiting=["a"])


def r_(card: str, owner: str = "a") -> str:
    return uid(REACT, card, owner)


@pytest.mark.parametrize(("text", "expected"), [
    ("Гилен бьёт мечника.", Strike(striker="k1", targets=("k9",))),
    ("Вышибала лупит отступающего Шмеля", Strike(striker="k7", targets=("k12",))),
    ("Рой бьёт по площади: лучник и следопыт", Strike(striker="k3", targets=("k10", "k11"))),
    ("«Дикий гилен» бьёт «Позорный мечник».", Strike(striker="k1", targets=("k9",))),
    ("Гилен не бьёт.", Strike(striker="k1")),
    ("Козёл-тень остаётся в тени.", StayHidden(piece="k4")),
    ("Тень выходит и бьёт мечника", Strike(striker="k4", targets=("k9",), reveal=True)),
    ("«Козёл-тень» выходит из тени и бьёт «Позорный мечник».", Strike(striker="k4", targets=("k9",), reveal=True)),
    ("Оса уворачивается — сбрасываю Роение", Evade(piece="k2", discard="roenie")),
    ("Следопыт уклоняется, в сброс Позорный клич", Evade(piece="k8", discard="pozorny_klich")),
    ("Уклонение: «Оса-жалоносица», сбрасываю «Роение».", Evade(piece="k2", discard="roenie")),
    ("Не уклоняюсь", Decline(what="evade")),
    ("Телохранитель перехватывает удар.", Guard(defender="k5")),
    ("«Жлоб-телохранитель» принимает удар на себя.", Guard(defender="k5")),
    ("Латник прикрывает столицу", Guard(defender="k6", protects="capital:capital-1")),
    ("Не прикрываем", Decline(what="guard")),
    ("Пас, ничего не применяю.", Decline(what="react")),
])
def test_decisions_KZ_DEC_04_to_08(text, expected):
    """Strike targets (KZ-DEC-04), shadow (KZ-DEC-05), evasion (KZ-DEC-06), Защитник (KZ-DEC-07)
    and «пас» read in a reaction step; the uids are the pieces in the order put down."""
    assert [r_(c) for c in ("dikiy_gilen", "osa_zhalonositsa", "roy", "kozel_ten")] == ["k1", "k2", "k3", "k4"]
    assert r_("pozorny_mechnik", "b") == "k9"
    assert _one(text, REACT) == expected


# --- mulligan (KZ-DEF-MULL-01) --------------------------------------------------------------------------------
MULL = table(races=("pozorki", "trutni"), phase="mulligan",
             hand={"a": ["pyltsa", "roenie", "ser_pozorin", "pyltsa", "shmel", "pozorny_klich"]})


@pytest.mark.parametrize(("text", "cards"), [
    ("Меняю две карты: Пыльцу и Роение", ("pyltsa", "roenie")),
    ("Замешиваю обратно Сэра Позорина", ("ser_pozorin",)),
    ("Оставляю как есть", ()),
    ("Оставляю руку.", ()),
    ("Замешиваю: «Пыльца», «Роение».", ("pyltsa", "roenie")),
    ("Меняю две Пыльцы", ("pyltsa", "pyltsa")),
    ("Замешиваю:\n«Пыльца»\n«Шмель»", ("pyltsa", "shmel")),
])
def test_mulligan_KZ_DEF_MULL_01(text, cards):
    assert _one(text, MULL) == Mulligan(cards=cards)


# --- combinations of the variants ---------------------------------------------------------------------------
def test_target_list_variants_combine_KZ_DEF_CMB_03():
    mech, luch = u("pozorny_mechnik", n=2), u("pozorny_luchnik", n=2)
    gilen, shmel = u("dikiy_gilen", "b"), u("shmel", "b")
    both = Attack(sector="crystal-1", picks=(TargetPick(striker=mech, targets=(gilen,)),
                                             TargetPick(striker=luch, targets=(shmel,))))
    assert _one("Атакую в руднике-1: мечник бьёт гилена, лучник — шмеля") == both
    assert _one("Атакую в руднике-1. Мечник рубит гилена, лучник стреляет по шмелю.") == both
    assert _one("[b]Атакую[/b] в «Кристальный рудник-1»!!!\n1) мечник → гилен\n2) лучник → шмель") == both
    assert _one("Атакую в руднике-1: мечник и лучник бьют гилена") == Attack(sector="crystal-1", picks=(
        TargetPick(striker=mech, targets=(gilen,)), TargetPick(striker=luch, targets=(gilen,))))
    assert _one("Атакую в руднике-1: мечник → гилен, шмель") == Attack(sector="crystal-1", picks=(
        TargetPick(striker=mech, targets=(gilen, shmel)),))


def test_play_variants_combine_KZ_PLAY_01():
    assert _one("Выкладываю в шахту-1 Позорного мечника") == PlayCard(card="pozorny_mechnik", into="gold-1")
    assert _one("Ставлю Шмеля на шахту-2") == PlayCard(card="shmel", into="gold-2")
    assert _one("- [i]Играю «шмеля» в З.шахту №2 :)[/i]") == PlayCard(card="shmel", into="gold-2")


def test_attack_a_capital_by_its_names_KZ_DEF_SECT_01():
    for text in ("Атакую в Улье", "Атакую столицу Пети", "Нападаю на Улей", "Атакую столицу Трутней"):
        assert _one(text) == Attack(sector="capital-2")


def test_abilities_and_healing_said_other_ways_KZ_ABIL_01_KZ_DEC_10():
    state = table(races=("trutni", "pozorki"), hand={"a": ["pyltsa"]}, pieces=[
        ("gnezdo_strazhey", "a", "capital-1"), ("dikiy_gilen", "a", "capital-1", {"damage": 2}),
        ("zhirny_truten", "a", "gold-1", {"damage": 1})])
    truten, gilen = uid(state, "zhirny_truten", "a"), uid(state, "dikiy_gilen", "a")
    assert _one("Применяю Регенерацию трутня", state) == UseAbility(piece=truten, ability="regeneratsiya")
    assert _one("Использую регенерацию", state) == UseAbility(piece=truten, ability="regeneratsiya")
    assert _one("Гнездо стражей лечит гилена", state) == TriggerChoice(piece=uid(state, "gnezdo_strazhey", "a"),
                                                                      target=gilen)
    assert _one("Лечу гилена Пыльцой", state) == PlayCard(card="pyltsa", on=gilen)
