"""More habits of forum writing the Dice Roll Party reader understands (the second strangers' round):
each test names the habit and checks the mechanism that reads it on lines of its own; the corpora
hold the strangers' lines."""

from __future__ import annotations

from test_reader_support import orders, turn

from rulesets.dice_roll_party.orders import Add, Attack, Zone


# --- clauses never lose an item ---------------------------------------------------------------------
def test_a_short_form_ending_the_line_keeps_its_dot_DRP_RES_08():
    """«зел.», «Мол.»: a word cut short at the end of a clause is still part of it."""
    assert orders("П4 +1 син.", turn()) == [Add(slot=4, zone=Zone.TIME, count=1)]
    assert orders("Лучн. → Тен.", turn()) == [Attack(attacker=2, target=1)]
