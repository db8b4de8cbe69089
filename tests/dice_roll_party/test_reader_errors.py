"""Errors and notes: which line, which columns, what is wrong, how to fix it, which clause."""

from __future__ import annotations

import pytest
from test_reader_support import auction, build, defence, errors, handicap, read, soak, turn

from letopis.engine.contract import LineStatus
from rulesets.dice_roll_party.orders import Add, Attack, Colour, Discard, Reroll, Zone

RICH = ("3/4/2/3", "5/3/2/2", "3/3/3/3", "4/1/1/6")


def where(problem) -> tuple:
    return problem.line, problem.code, problem.clause


# --- the post as a whole ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "   ", "\n\n\t\n"])
def test_an_empty_post_is_a_clear_error(text):
    r = read(text, turn())
    [p] = r.problems
    assert (p.line, p.code, p.severity) == (1, "read.empty", "error")
    assert r.orders == []


@pytest.mark.parametrize("state, faction, what, example", [
    (turn(), "p1", "строка атаки", "«П1 атакует П1 соперника без усилений.»"),
    (defence(), "p2", "усиления защиты", "«Защищаюсь без усилений.»"),
    (soak(), "p2", "урона гасите временем", "«Гашу 1 урона временем.»"),
    (build(), "p1", "строки расстановки", "«П1: В3 А4 З2 Ф3»"),
    (auction(), "p1", "ставка", "«Ставлю 1 времени.»"),
    (handicap(), "p1", "время форы", "«Снимаю время: 1 с П1.»"),
])
def test_a_post_without_the_order_its_step_needs_DRP_GEN_03(state, faction, what, example):
    """Issue 9, kind 8: the post is refused with what the step expects and an example written with
    the poster's own characters."""
    r = read("Привет! Думаю, что делать.\nНу держись!", state, faction)
    [p] = r.problems
    assert where(p) == (1, "post.no_orders", "DRP-GEN-03") and what in p.hint and f"Например: {example}" in p.hint


def test_a_phase_one_post_without_an_attack_is_legal_and_the_turn_continues_DRP_GAP_12():
    """DRP-GAP-12: Phase 1 stays open until the attack line; the post is fine, with a note."""
    r = read("Добавляю 2 синих на П3", turn(mine=RICH))
    assert r.ok and r.orders == [Add(slot=3, zone=Zone.TIME, count=2)]
    [p] = r.problems
    assert (p.severity, p.code, p.clause) == ("note", "read.turn_continues", "DRP-GAP-12")


def test_lines_after_a_draw_are_checked_on_what_is_known_DRP_GAP_12():
    """DRP-GAP-12: after a reroll the later lines carry a note that they are re-checked after the draw."""
    post = "Сбрасываю в мешок 2 красных из хранилища, добираю 2.\nДобавляю 2 синих на П3\nП2 → П3 соперника"
    r = read(post, turn(mine=RICH))
    assert r.ok
    notes = [where(p) for p in r.problems if p.code == "draw.pending_note"]
    assert notes == [(2, "draw.pending_note", "DRP-GAP-12"), (3, "draw.pending_note", "DRP-GAP-12")]


def test_one_attack_per_post_DRP_ATK_01():
    r = read("П2 → П3 соперника\nП1 → П3 соперника", turn(mine=RICH))
    assert [where(p) for p in r.problems] == [(2, "read.two_attacks", "DRP-ATK-01")]
    assert r.lines[1].status is LineStatus.ERROR and "строка 1" in r.problems[0].message


def test_nothing_after_the_attack_DRP_GEN_03():
    r = read("П2 → П3 соперника\nДобавляю 2 синих на П3", turn(mine=RICH))
    assert [where(p) for p in r.problems] == [(2, "step.after_attack", "DRP-GEN-03")]


# --- orders of another step ----------------------------------------------------------------------------
def test_an_attack_during_ones_defence_DRP_GEN_03():
    """«сейчас ваша защита, а не атака»."""
    [p] = errors("Гашу 1.\nП1 атакует П2 соперника", defence(), "p2")
    assert where(p) == (2, "step.wrong_kind", "DRP-GEN-03")
    assert p.message == "Сейчас защита, а эта строка — атака." and p.kind == "illegal"
    assert "Защита:" in p.hint


@pytest.mark.parametrize("text, kind", [("Защита: страховка", "защита"), ("Ставлю 2 времени", "ставка"),
                                        ("Гашу 2 урона временем", "гашение урона временем")])
def test_orders_of_other_steps_during_a_turn_DRP_GEN_03(text, kind):
    [p] = errors(text, turn(mine=RICH))
    assert where(p) == (1, "step.wrong_kind", "DRP-GEN-03") and p.message.endswith(f"— {kind}.")


def test_attack_boosts_in_a_defence_DRP_GEN_03():
    [p] = errors("Защищаюсь, урон +1", defence(), "p2")
    assert p.message == "Сейчас защита, а здесь усиление атаки."


def test_a_defence_boost_in_an_attack_DRP_ATK_07():
    """DRP-ATK-07 lists the attack boosts; counterattack belongs to the defence."""
    [p] = errors("П2 → П3 соперника, контратака", turn(mine=RICH))
    assert where(p) == (1, "read.defence_boost_in_attack", "DRP-ATK-07")


def test_not_your_turn_DRP_GEN_03():
    [p] = errors("П1 → П2 соперника", turn(mine=RICH), "p2")
    assert where(p) == (1, "step.not_your_turn", "DRP-GEN-03") and "Анна" in p.message


# --- zones and the letter «з» --------------------------------------------------------------------------
def test_a_red_token_from_storage_needs_a_zone_DRP_GAP_14():
    [p] = errors("Ну, поехали.\nДобавляю 2 красных на П1", turn(mine=RICH))
    assert where(p) == (2, "read.zone_needed", "DRP-GAP-14")
    assert p.hint == "допишите «в атаку» или «в защиту»" and p.kind == "ambiguous"
    assert "Добавляю 2 красных на П1"[p.col_start:p.col_end] == "2 красных"


def test_a_red_token_taken_in_an_exchange_needs_a_zone_DRP_GAP_14():
    [p] = errors("Меняю у П1 зелёный на красный из хранилища", turn(mine=RICH))
    assert where(p) == (1, "read.zone_needed", "DRP-GAP-14")


def test_a_red_token_from_a_character_with_red_in_both_zones_is_ambiguous_DRP_GAP_14():
    """DRP-GAP-14: source has red in both zones and the post does not say which → error with hint."""
    [p] = errors("Переношу красный с П2 на П1", turn(mine=RICH))
    assert where(p) == (1, "read.zone_source", "DRP-GAP-14") and p.kind == "ambiguous"
    assert p.hint == "укажите, откуда: «из атаки» или «из защиты»"


def test_a_sheet_with_unsplit_red_DRP_GAP_14():
    [p] = errors("П1: синих 4, красных 4, зелёных 4", build())
    assert where(p) == (1, "read.sheet_red_split", "DRP-GAP-14")
    [p] = errors("П1: синих 4, красных 4 (3 в атаку, 2 в защиту), зелёных 4", build())
    assert where(p) == (1, "read.sheet_red_sum", "DRP-GAP-14")


def test_bare_z_outside_a_sheet_is_ambiguous_DRP_GAP_31():
    """DRP-GAP-31: a bare «з» outside a four-part sheet asks for «зел.» or «защ.»."""
    [p] = errors("Добавляю 2 з на П1", turn(mine=RICH))
    assert where(p) == (1, "read.z_ambiguous", "DRP-GAP-31") and "зел." in p.hint and "защ." in p.hint
    assert "Добавляю 2 з на П1"[p.col_start:p.col_end] == "з"


def test_z_inside_a_four_part_sheet_is_defence_DRP_GAP_31():
    r = read("П1: В3 А4 З2 Ф3", build())
    assert r.ok and r.orders[0].defence == 2


def test_z_in_a_colour_sheet_is_ambiguous_DRP_GAP_31():
    [p] = errors("П1: С4 К4 З4", build())
    assert where(p) == (1, "read.z_ambiguous", "DRP-GAP-31")


# --- illegal orders (from the rules) -----------------------------------------------------------------------
def test_an_attack_that_costs_more_than_the_time_DRP_ATK_09():
    r = read("Ну держись!\n[b]П1 бьёт П4 соперника, +2 урона, страховка, превосходство[/b]", turn(mine=RICH))
    [p] = r.problems
    assert where(p) == (2, "attack.cost_exceeds_time", "DRP-ATK-09") and p.kind == "illegal"
    assert p.hint and p.hint.startswith("уберите")
    typed = r.lines[1].text
    assert typed[p.col_start:p.col_end] == "П1 бьёт П4 соперника, +2 урона, страховка, превосходство"
    assert r.lines[1].status is LineStatus.ERROR and r.orders == []


def test_boosts_on_the_first_attack_of_the_game_DRP_FIRST_03():
    s = turn(mine=RICH)
    s.attacks_made = 0
    for p in s.players.values():
        p.attacks = 0
    [p] = errors("П2 → П3 соперника, класс+", s)
    assert where(p) == (1, "boost.first_turn", "DRP-FIRST-03")


def test_a_reroll_must_draw_what_it_discards_DRP_GAP_10():
    [p] = errors("Сбрасываю в мешок 2 красных из хранилища, добираю 3", turn(mine=RICH))
    assert where(p) == (1, "read.reroll_count", "DRP-GAP-10") and p.hint == "напишите «добираю 2»"


def test_a_draw_alone_DRP_RES_09():
    [p] = errors("Добираю 2", turn(mine=RICH))
    assert where(p) == (1, "read.draw_alone", "DRP-RES-09")


def test_a_draw_on_the_next_line_belongs_to_the_reroll():
    r = read("Сбрасываю в мешок 2 красных из хранилища,\nдобираю 2.", turn(mine=RICH))
    assert r.ok and r.orders == [Reroll(discards=(Discard(colour=Colour.RED, count=2),))]


def test_a_slot_that_does_not_exist_DRP_SETUP_02():
    [p] = errors("Атакую П7 → П1", turn(mine=RICH))
    assert where(p) == (1, "slot.unknown", "DRP-SETUP-02")
    assert "Атакую П7 → П1"[p.col_start:p.col_end] == "П7"


def test_the_attack_of_a_closed_slot_DRP_SETUP_05():
    [p] = errors("П2 → П1 соперника", turn(mine=("3/4/2/3", None, "3/3/3/3", "4/1/1/6")))
    assert where(p) == (1, "attack.no_attacker", "DRP-SETUP-05")


# --- unreadable and ambiguous ---------------------------------------------------------------------------
def test_a_mistyped_order_verb_is_read_with_a_note():
    """Issue 9, kind 5: a typo of one letter is read as the word meant and noted, not refused."""
    r = read("Атокую П2 П1", turn(mine=RICH))
    assert r.ok and r.orders == [Attack(attacker=2, target=1)]
    [p] = r.problems
    assert (p.code, p.severity, p.col_start, p.col_end) == ("read.read_as", "note", 0, 6)
    assert "«атокую»" in p.message and "атак" in p.message


def test_a_mistyped_boost_is_read_with_a_note():
    r = read("П2 атакует П1, превосходсво", turn(mine=RICH))
    assert r.ok and r.orders == [Attack(attacker=2, target=1, superiority=True)]
    assert [p.message for p in r.problems] == ["«превосходсво» прочитано как «превосходство»."]


def test_an_unknown_word_in_the_boost_list_is_still_an_error():
    [p] = errors("П2 атакует П1, усиление какое-нибудь", turn(mine=RICH))
    assert p.code == "read.unknown_boost"


def test_an_unknown_word_in_a_boosts_list():
    [p] = errors("П2 → П1. Усиления: класс+, суперудар", turn(mine=RICH))
    assert p.code == "read.unknown_boost" and "суперудар" in p.message and p.hint.startswith("усиления:")


def test_an_order_verb_with_nothing_to_act_on_is_unreadable_with_an_example():
    [p] = errors("Атакую!", turn(mine=RICH))
    assert (p.code, p.clause) == ("read.attack_target", "DRP-ATK-01") and "например" in p.hint
    [p] = errors("Переношу 1 форму", turn(mine=RICH))
    assert p.code == "read.transfer_chars" and p.hint == "например: «Переношу 1 форму с П4 на П2.»"


def test_a_line_that_only_looks_like_an_order():
    [p] = errors("Добавляю всем удачи", turn(mine=RICH))
    assert p.code == "read.add_char" and p.line == 1


def test_an_order_buried_in_a_long_paragraph():
    paragraph = "Рыцарь долго смотрел на поле боя. " * 15 + "Атакую П2 → П1."
    [p] = errors(paragraph, turn(mine=RICH))
    assert (p.code, p.hint) == ("read.long_line", "приказы пишите каждый с новой строки")


def test_lines_say_what_they_will_do_and_what_is_left():
    r = read("Добавляю 2 синих на П3\nП2 → П3 соперника", turn(mine=RICH))
    assert r.lines[0].summary == "П3 «Страж»: из хранилища синий ×2" and r.lines[0].cost == "лимит: 5 → 3"
    assert r.lines[1].summary.startswith("П2 «Лучница» атакует П3 соперника") and r.lines[1].cost == "время П2 «Лучница»: 5 → 4"


def test_problems_render_with_line_and_clause():
    [p] = errors("Добавляю 2 з на П1", turn(mine=RICH))
    assert p.render().startswith("строка 1:12, ошибка [DRP-GAP-31]: ")


def test_the_reading_keeps_only_clean_orders_and_every_line():
    r = read("П2 → П3 соперника, класс+, класс+\nЧто-то ещё", turn(mine=RICH))
    assert r.orders == [] and not r.ok and [ln.line for ln in r.lines] == [1, 2]


def test_a_three_player_attack_names_whose_character_DRP_GAP_27():
    """DRP-GAP-27: with several opponents the target's owner must be said."""
    s = turn(mine=RICH, third=("3/3/3/3",) * 4)
    assert read("П2 → П3 Веры", s).orders == [Attack(attacker=2, target=3, target_faction="p3")]
    [p] = errors("П2 → П3 соперника", s)
    assert where(p) == (1, "attack.target_whose", "DRP-GAP-27")


def test_a_bug_in_the_reader_becomes_one_error_not_an_exception(monkeypatch):
    """The contract: `read` never raises. A reader bug is reported, and every line is kept."""
    from rulesets.dice_roll_party import reader

    def broken(*_args):
        raise RuntimeError("bug")

    monkeypatch.setattr(reader, "_merge", broken)
    r = reader.read_post("Привет\nП2 → П3 соперника", turn(mine=RICH), "p1")
    assert [p.code for p in r.problems] == ["read.internal"] and not r.ok
    assert [ln.text for ln in r.lines] == ["Привет", "П2 → П3 соперника"]
    with pytest.raises(RuntimeError):
        reader.read_post_strict("П2 → П3 соперника", turn(mine=RICH), "p1")
