"""Every example line of checklist §3.3 reads as meant, against a state where it is legal."""

from __future__ import annotations

from test_reader_support import auction, build, defence, handicap, orders, read, soak, turn

from letopis.engine.contract import LineStatus
from rulesets.dice_roll_party.orders import (
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Defence,
    Discard,
    Emergency,
    Handicap,
    Pass,
    Reroll,
    Shift,
    Skip,
    Soak,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)

# --- setup -------------------------------------------------------------------------------------------
SETUP_POST = """П1: В3 А4 З2 Ф3
Персонаж 2 «Страж»: время 2, атака 1, защита 5, форма 4
3 — синих 4, красных 4 (3 в атаку, 1 в защиту), зелёных 4
П4: 3/4/2/3 «Рыцарь»"""


def test_setup_examples_DRP_SETUP_03():
    """DRP-SETUP-03: each of the four sheet forms is one slot's 12 tokens."""
    assert orders(SETUP_POST, build(storage="30/30/30")) == [
        Build(slot=1, time=3, attack=4, defence=2, form=3),
        Build(slot=2, time=2, attack=1, defence=5, form=4, name="Страж"),
        Build(slot=3, time=4, attack=3, defence=1, form=4),
        Build(slot=4, time=3, attack=4, defence=2, form=3, name="Рыцарь"),
    ]


def test_setup_lines_say_what_they_build():
    r = read(SETUP_POST, build(storage="30/30/30"))
    assert [ln.status for ln in r.lines] == [LineStatus.ORDER] * 4
    assert r.lines[1].summary.startswith("П2 «Страж»: 2/1/5/4")


def test_a_sheet_that_is_not_twelve_tokens_is_illegal_DRP_SETUP_03():
    r = read("П1: В3 А4 З2 Ф4", build())
    assert [(p.line, p.code, p.clause) for p in r.problems] == [(1, "build.total", "DRP-SETUP-03")]


# --- first move ---------------------------------------------------------------------------------------
def test_first_move_talk_is_flavour_with_a_note_DRP_GAP_04():
    """DRP-GAP-04: who moves first is set by the GM or a roll; the players' agreement is chatter."""
    post = "Предлагаю: первым ходит Борис.\nСогласен.\nНе договорились — бросаем кубик.\nП1: В3 А4 З2 Ф3"
    r = read(post, build())
    assert r.ok and r.orders == [Build(slot=1, time=3, attack=4, defence=2, form=3)]
    assert [ln.status for ln in r.lines[:3]] == [LineStatus.FLAVOUR] * 3
    assert [(p.line, p.code, p.clause) for p in r.problems] == [(n, "read.first_move", "DRP-GAP-04") for n in (1, 2, 3)]


# --- auction ----------------------------------------------------------------------------------------------
def test_auction_examples_DRP_FIRST_04():
    """DRP-FIRST-04: a bid, an outbid, a pass."""
    assert orders("Ставлю 2 времени.", auction()) == [Bid(amount=2)]
    assert orders("Перебиваю — 3.", auction(bid=2, leader="p2")) == [Bid(amount=3)]
    assert orders("Пас, ходи первым.", auction(bid=2, leader="p2")) == [Pass()]


def test_handicap_allocation_DRP_FIRST_05():
    """DRP-FIRST-05: the winner moves the bid's time from characters to storage."""
    s = handicap(3, mine=("3/4/2/3", "1/2/2/7", "2/4/0/6", "4/1/1/6"))
    assert orders("Снимаю время: 2 с П1, 1 с П3.", s) == [Handicap(takes=((1, 2), (3, 1)))]


# --- phase 1 ----------------------------------------------------------------------------------------------
def test_shift_examples_DRP_RES_05():
    s = turn(mine=("3/4/2/3", "4/2/2/4", "3/3/3/3", "4/1/3/4"))
    assert orders("Перекладываю 1 красный у П2 из атаки в защиту.", s) == [Shift(slot=2, source=Zone.ATTACK, count=1)]
    assert orders("П4: защита → атака, 2 токена.", s) == [Shift(slot=4, source=Zone.DEFENCE, count=2)]


def test_add_examples_DRP_RES_08():
    s = turn()
    assert orders("Добавляю из хранилища 2 синих на персонажа 3.", s) == [Add(slot=3, zone=Zone.TIME, count=2)]
    assert orders("На П1 из хранилища красный в атаку.", s) == [Add(slot=1, zone=Zone.ATTACK, count=1)]


def test_exchange_and_transfer_examples_DRP_RES_06_DRP_RES_07():
    s = turn(mine=("3/4/2/3", "1/2/2/7", "0/6/0/6", "4/1/1/6"))
    assert orders("Меняю у П1 зелёный на синий из хранилища.", s) == [
        SwapStorage(slot=1, give=Zone.FORM, take=Zone.TIME, count=1)]
    assert orders("Переношу 1 форму с П4 на П2.", s) == [
        Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM, count=1)]
    assert orders("Обмен между П1 и П3: синий П1 ↔ красный (атака) П3.", s) == [
        SwapCharacters(a=1, a_zone=Zone.TIME, b=3, b_zone=Zone.ATTACK, a_lands=Zone.TIME, b_lands=Zone.ATTACK)]


def test_reroll_example_DRP_RES_09():
    s = turn()
    assert orders("Сбрасываю в мешок 2 красных из хранилища, добираю 2.", s) == [
        Reroll(discards=(Discard(colour=Colour.RED, count=2),))]


NO_TIME = ("0/4/2/6", "0/2/2/8", "0/6/0/6", "0/1/1/10")


def test_emergency_example_takes_unnamed_tokens_from_storage_DRP_RES_12():
    """DRP-RES-12: «3 токена из хранилища» with no colours takes what storage has, with a note."""
    s = turn(mine=NO_TIME, storage="5/0/0")
    r = read("Времени нет нигде — меняю 3 токена из хранилища на случайные из мешка.", s)
    assert r.ok and r.orders == [Emergency(discards=(Discard(colour=Colour.RED, count=3),))]
    assert "read.storage_guess" in [p.code for p in r.problems]


def test_emergency_with_colours_named_DRP_GAP_11():
    s = turn(mine=NO_TIME, storage="5/0/3")
    assert orders("Времени нет — меняю на случайные из мешка: 2 красных из хранилища, 1 зелёный из хранилища.",
                  s) == [Emergency(discards=(Discard(colour=Colour.RED, count=2), Discard(colour=Colour.GREEN, count=1)))]


# --- phase 2 ----------------------------------------------------------------------------------------------
RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")


def test_attack_examples_DRP_ATK_01():
    s = turn(mine=RICH)
    assert orders("Атакую: П2 → П3 соперника. Усиления: класс+, превосходство.", s) == [
        Attack(attacker=2, target=3, class_up=1, superiority=True)]
    assert orders("П1 бьёт вражеского персонажа №4, +2 урона, страховка.", turn(mine=("5/4/2/1",) + RICH[1:])) == [
        Attack(attacker=1, target=4, damage=2, insurance=True)]
    assert orders("Атака П3 по П1 без усилений.", s) == [Attack(attacker=3, target=1)]


def test_no_attacker_possible_skips_DRP_RES_13():
    s = turn(mine=("0/4/2/6", "0/2/2/8", "0/6/0/6", "0/1/1/10"), storage="5/0/5")
    assert orders("Атаковать некем, пропускаю ход.", s) == [Skip()]


# --- phase 3 and soaking ------------------------------------------------------------------------------------
def test_defence_examples_DRP_DEF_08():
    s = defence(their_names=(None,) * 4, theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders("Защита: страховка, контратака.", s, "p2") == [Defence(insurance=True, counter=True)]
    assert orders("Защищаюсь без усилений.", s, "p2") == [Defence()]
    assert orders("Повышаю класс защиты и беру превосходство.", s, "p2") == [Defence(class_up=1, superiority=True)]


def test_soak_examples_DRP_DMG_03():
    s = soak()
    assert orders("Гашу 2 урона временем.", s, "p2") == [Soak(amount=2)]
    assert orders("Отдаю 1 время вместо защиты.", s, "p2") == [Soak(amount=1)]
    assert orders("Принимаю урон, не гашу.", s, "p2") == [Soak(amount=0)]
    assert orders("Погасить временем: 2", s, "p2") == [Soak(amount=2)]


def test_pre_declared_soak_in_a_defence_post_DRP_DMG_03():
    """D5 may carry a pre-declared D6: «Если пробьёт — гашу 1 временем.»"""
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders("Защита: страховка.\nЕсли пробьёт — гашу 1 временем.", s, "p2") == [
        Defence(insurance=True, presoak=1)]
    r = read("Если пробьёт — гашу 1 временем.", s, "p2")
    assert r.ok and r.orders == [Defence(presoak=1)]
    assert [p.code for p in r.problems] == ["read.defence_default"]
