"""Checklist §3.4: what a real forum post holds besides orders is flavour, never an error (DRP-GEN-05)."""

from __future__ import annotations

import pytest
from test_reader_support import build, defence, orders, read, turn

from letopis.engine.contract import LineStatus
from rulesets.dice_roll_party.orders import Add, Attack, Build, Defence, Shift, Transfer, Zone

RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")

FORUM_POST = """Привет, Борис! :)
[quote=Борис]П1 атакует П2, класс+
Ну держись![/quote]
Рыцарь поднимает щит и шагает вперёд…
[b]Фаза ресурсов:[/b]
1. Добавляю 2 синих на П3 :D
2) [i]Переношу 1 форму с П4 на П2[/i]
• [color=red]П1: атака → защита, 1 шт.[/color]
[spoiler]у Стража осталось 2 времени[/spoiler]
(офф: завтра не смогу)
UPD: забыл сказать
зы удачи
P.S. это последний ход
[u]Атакую[/u]: П2 → П3 соперника, [s]страховка[/s] класс+ 😈
Ну держись! xD =) :-(
--
Анна, повелительница драконов"""


def test_a_real_forum_post_reads_its_orders_and_keeps_the_rest_as_flavour_DRP_GEN_05():
    """DRP-GEN-05: role-play, greetings, quotes, BBCode, emoticons, off-topic, edits, list markers,
    headings, restatements and signatures are flavour; the orders among them are read."""
    r = read(FORUM_POST, turn(mine=RICH))
    assert r.ok and not r.problems
    assert r.orders == [
        Add(slot=3, zone=Zone.TIME, count=2),
        Transfer(source=4, target=2, zone=Zone.FORM, lands=Zone.FORM),
        Shift(slot=1, source=Zone.ATTACK),
        Attack(attacker=2, target=3, class_up=1, insurance=True),
    ]
    statuses = {ln.line: ln.status for ln in r.lines}
    assert [n for n, st in statuses.items() if st is LineStatus.ORDER] == [6, 7, 8, 14]
    assert statuses[2] is statuses[3] is LineStatus.QUOTE
    assert all(statuses[n] is LineStatus.FLAVOUR for n in (1, 4, 5, 9, 10, 11, 12, 13, 15, 16, 17))
    assert [ln.text for ln in r.lines] == FORUM_POST.split("\n")  # nothing the player typed is lost


@pytest.mark.parametrize("quote", [
    "[quote=Борис]Атакую П2 → П1[/quote]",
    "[quote]Атакую П2 → П1[/quote]",
    "[QUOTE=\"Борис\"]Атакую П2 → П1[/QUOTE]",
    "[quote=Борис post_id=12 time=1700000000]Атакую П2 → П1[/quote]",
    "[quote=Борис]\nАтакую П2 → П1\n[quote]Добавляю 2 синих на П3[/quote]\n[/quote]",
    "> Атакую П2 → П1",
])
def test_quoted_orders_are_never_read(quote):
    r = read(quote + "\nНу держись!", turn(mine=RICH))
    assert r.orders == []
    assert all(ln.status in (LineStatus.QUOTE, LineStatus.FLAVOUR) for ln in r.lines)


def test_an_unclosed_quote_hides_the_rest_and_warns():
    r = read("Привет!\n[quote=Борис]Атакую П2 → П1\nАтакую П3 → П1", turn(mine=RICH))
    assert r.orders == []
    warning = next(p for p in r.problems if p.code == "read.unclosed_quote")
    assert (warning.line, warning.severity) == (2, "warning")


def test_text_after_a_closing_quote_is_read():
    assert orders("[quote=Борис]Атакую П1 → П2[/quote] П2 → П3 соперника", turn(mine=RICH)) == [
        Attack(attacker=2, target=3)]


@pytest.mark.parametrize("line", [
    "Рыцарь поднимает щит и шагает вперёд…", "Ну держись!", "Привет всем!", "у Стража осталось 2 времени",
    "Лучница натягивает тетиву.", "(офф: завтра не смогу)", "ОФФ: интернет пропадает", "UPD: исправил опечатку",
    "зы", "P.S. удачи", ":)", "😈😈😈", "[b][/b]", "Фаза ресурсов:", "Ход непростой, думал долго.",
    "Страж помнит, как защищал ворота.", "Эх, была не была",
])
def test_chatter_is_flavour_not_an_error_DRP_GEN_05(line):
    r = read(line + "\nП2 → П3 соперника", turn(mine=RICH))
    assert r.ok, [p.render() for p in r.problems]
    assert r.lines[0].status in (LineStatus.FLAVOUR, LineStatus.BLANK)
    assert r.orders == [Attack(attacker=2, target=3)]


@pytest.mark.parametrize("wrapped", [
    "[b]Атака:[/b] П2 → П3", "[i]П2 → П3[/i]", "[color=red]П2 → П3[/color]", "[spoiler]П2 → П3[/spoiler]",
    "[u]П2[/u] → [s]П3[/s]", "[size=120]П2 → П3[/size] :)", "— П2 → П3", "3) П2 → П3", "П2 → П3 xD",
])
def test_bbcode_and_decorations_around_orders(wrapped):
    assert orders(wrapped, turn(mine=RICH)) == [Attack(attacker=2, target=3)]


def test_problem_columns_point_at_what_was_typed_inside_bbcode():
    r = read("[b]Добавляю[/b] 2 [color=red]красных[/color] на П1", turn(mine=RICH))
    [p] = r.problems
    assert p.code == "read.zone_needed"
    assert r.lines[0].text[p.col_start:p.col_end] == "2 [color=red]красных"


def test_boosts_on_the_next_line_belong_to_the_attack():
    r = read("Атакую: П2 → П3 соперника.\nУсиления: класс+, превосходство.", turn(mine=RICH))
    assert r.ok and r.orders == [Attack(attacker=2, target=3, class_up=1, superiority=True)]
    assert [ln.status for ln in r.lines] == [LineStatus.ORDER, LineStatus.ORDER]


def test_a_heading_line_then_the_defence():
    s = defence(theirs=("3/4/2/3", "4/3/3/2", "5/2/1/4", "3/3/3/3"))
    assert orders("[b]Защита:[/b]\nстраховка, контратака\nЕсли пробьёт — не гашу.", s, "p2") == [
        Defence(insurance=True, counter=True, presoak=0)]


def test_setup_post_with_list_numbers_and_no_slot_numbers_DRP_SETUP_02():
    """DRP-SETUP-02: slots are 1–4 from the left; list numbers or the order of lines give them."""
    post = "Мой отряд:\n1. 3/3/3/3 «Тень»\n2. 3/3/3/3\n4/2/2/4\n4/2/2/4 Молот"
    assert orders(post, build(storage="30/30/30")) == [
        Build(slot=1, time=3, attack=3, defence=3, form=3, name="Тень"),
        Build(slot=2, time=3, attack=3, defence=3, form=3),
        Build(slot=3, time=4, attack=2, defence=2, form=4),
        Build(slot=4, time=4, attack=2, defence=2, form=4, name="Молот"),
    ]


@pytest.mark.parametrize("story", ["Лучница стреляет без промаха.", "Страж гасит костёр.", "Рыцарь добавляет жару!",
                                   "Страж помнит, как защищал ворота.", "Атаковавший Рыцарь отступил."])
def test_role_play_about_a_named_character_is_flavour_DRP_GEN_05(story):
    """A story in the third person that does not read as an order is role-play, not an error."""
    r = read(f"{story}\nП2 → П3 соперника", turn(mine=RICH))
    assert r.ok and not r.problems and r.orders == [Attack(attacker=2, target=3)]
    assert r.lines[0].status is LineStatus.FLAVOUR


def test_the_same_words_with_a_slot_number_are_an_order_to_fix():
    [p] = [p for p in read("П2 атакует\nП2 → П3 соперника", turn(mine=RICH)).problems if p.is_error]
    assert (p.line, p.code) == (1, "read.attack_target")
