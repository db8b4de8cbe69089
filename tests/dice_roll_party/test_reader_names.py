"""Characters named by name: one character is one candidate however its name inflects, and Phase 1
moves name only the poster's own characters."""

from test_reader_support import orders, read, turn

from rulesets.dice_roll_party.orders import Attack, Transfer, Zone


def test_an_inflected_name_is_one_character_not_an_ambiguity_DRP_TURN_05():
    """«Стража» (Анна's П3 «Страж») is read through several lemmas; it still names one character."""
    got = orders("Атакую Стража своим Вихрем.", turn("p2"), "p2")
    assert got == [Attack(attacker=2, target=3)]


def test_phase_one_refuses_an_opponents_character_named_by_name_DRP_RES_01():
    """DRP-RES-01: Phase 1 is the active player's own business; «с Тени» names Борис's П1, so the
    line is an error instead of silently moving a token off Анна's own П1."""
    state = turn("p1")
    reading = read("Переношу 1 форму с Тени на Рыцаря.", state, "p1")
    [problem] = [p for p in reading.problems if p.is_error]
    assert problem.code == "read.char_not_yours" and problem.clause == "DRP-RES-01"
    assert reading.orders == []
    assert orders("Переношу 1 форму с Лучницы на Рыцаря.", state, "p1") == [
        Transfer(source=2, target=1, zone=Zone.FORM, lands=Zone.FORM)]
