"""Characters named by name: one character is one candidate however its name inflects, and Phase 1
moves name only the poster's own characters."""

from test_reader_support import orders, read, turn

from rulesets.dice_roll_party.orders import Attack, Transfer, Zone


def test_an_inflected_name_is_one_character_not_an_ambiguity_DRP_TURN_05():
    """«Стража» (Анна's П3 «Страж») is read through several lemmas; it still names one character."""
    got = orders("Атакую Стража своим Вихрем.", turn("p2"), "p2")
    assert got == [Attack(attacker=2, target=3)]


def test_phase_one_refuses_an_opponents_character_named_by_name_DRP_RES_07():
    """DRP-RES-07: a transfer moves tokens between the player's own characters; «с Тени» names
    Борис's П1, so the line is an error of the transfer's own clause instead of silently moving a
    token off Анна's own П1."""
    state = turn("p1")
    reading = read("Переношу 1 форму с Тени на Рыцаря.", state, "p1")
    [problem] = [p for p in reading.problems if p.is_error]
    assert problem.code == "read.char_not_yours" and problem.clause == "DRP-RES-07"
    assert reading.orders == []
    assert orders("Переношу 1 форму с Лучницы на Рыцаря.", state, "p1") == [
        Transfer(source=2, target=1, zone=Zone.FORM, lands=Zone.FORM)]


def test_a_put_verb_without_a_number_is_not_a_bid_outside_the_auction_DRP_GEN_03():
    """DRP-GEN-03: in a defence post «Ставлю щит.» is not told off as an auction bid out of turn; like
    any order-looking line that cannot be read it asks for a defence line, and the rest still reads."""
    from test_reader_support import defence

    from letopis.engine.problems import ProblemKind
    from rulesets.dice_roll_party.orders import Defence

    reading = read("Ставлю щит.\nЗащита: класс+", defence(), "p2")
    assert reading.orders == [Defence(class_up=1)]
    [problem] = reading.problems
    assert problem.line == 1 and problem.kind is ProblemKind.UNREADABLE
    assert "ставка" not in problem.message and "Защита" in (problem.hint or "")
