"""Habits of forum writing the Dice Roll Party reader understands: each test names the habit and
checks the mechanism that reads it on lines of its own (the corpora hold the strangers' lines)."""

from __future__ import annotations

from test_reader_support import build, orders

from rulesets.dice_roll_party.orders import Build


# --- sheets -----------------------------------------------------------------------------------------
def test_sheet_letters_typed_as_latin_look_alikes_DRP_SETUP_03():
    """«B2 A4»: the letters В, А, С of a sheet typed in the Latin layout are the same letters."""
    assert orders("П2: B2 A4 З3 Ф3\nП3: C3 A2 З4 Ф3", build()) == [
        Build(slot=2, time=2, attack=4, defence=3, form=3),
        Build(slot=3, time=3, attack=2, defence=4, form=3),
    ]


def test_sheet_letter_s_is_blue_time_DRP_SETUP_03():
    """«С3» (синих) counts time, as «В3» does."""
    assert orders("П1: С3 А3 З3 Ф3", build()) == [Build(slot=1, time=3, attack=3, defence=3, form=3)]
