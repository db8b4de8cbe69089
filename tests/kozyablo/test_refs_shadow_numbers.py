"""Copy numbers («Козёл-тень №2») count only the copies a viewer can see, so a copy in shadow does
not show through its twins' numbers (KZ-DEF-SHADOW-01, KZ-DEF-REF-01)."""

from __future__ import annotations

from kz_model_factory import opened, pos, put

from rulesets.kozyablo.reader import read_post
from rulesets.kozyablo.refs import piece_name


def test_a_copy_in_shadow_does_not_number_its_twin_for_the_opponent_KZ_DEF_SHADOW_01():
    """KZ-DEF-SHADOW-01: the opponent sees «Козёл-тень» with no number; the owner sees №1 and №2."""
    state, _ = opened("kozly", "zhloby")
    goats, other = state.order[0], state.order[1]
    sector = f"gold-{pos(state, goats)}"
    hidden = put(state, "kozel_ten", goats, sector, shadow=True)
    shown = put(state, "kozel_ten", goats, sector)
    assert piece_name(state, shown, other) == f"Козёл-тень ({state.players[goats].name})"
    assert piece_name(state, hidden, other).startswith("карта в тени")
    assert piece_name(state, hidden, goats) == "Козёл-тень №1"
    assert piece_name(state, shown, goats) == "Козёл-тень №2"
    assert piece_name(state, shown, None, gm=True).startswith("Козёл-тень №2")


def test_the_reader_numbers_copies_as_the_poster_sees_them_KZ_DEF_REF_01():
    """KZ-DEF-REF-01: the enemy's only visible copy is «№1» for the opponent, whatever is hidden."""
    state, _ = opened("kozly", "zhloby")
    goats, other = state.order[0], state.order[1]
    sector = f"gold-{pos(state, goats)}"
    put(state, "kozel_ten", goats, sector, shadow=True)
    put(state, "kozel_ten", goats, sector)
    put(state, "zhlob_vyshibala", other, sector)
    state.phase, state.active = "play", state.order.index(other)
    reading = read_post("Атакую в шахте-1: вышибала бьёт козла-тень №1.", state, other)
    assert reading.ok, [p.message for p in reading.problems]
    reading = read_post("Атакую в шахте-1: вышибала бьёт козла-тень №2.", state, other)
    assert not reading.ok
