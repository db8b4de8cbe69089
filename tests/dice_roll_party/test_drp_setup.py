"""Setup, deal, builds and the numbers of data/numbers.toml (DRP-GEN, DRP-SETUP, DRP-TOK, DRP-DICE)."""

from __future__ import annotations

import pytest
from drp_factory import SEED, codes, dice, factions, kinds
from pydantic import ValidationError

from letopis.engine.contract import GM, PUBLIC, StepMode, Viewer, ViewerRole
from letopis.engine.dice import Dice
from rulesets.dice_roll_party import RULESET
from rulesets.dice_roll_party.data import DATA, GameData, load
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Build
from rulesets.dice_roll_party.rules.resolution import apply
from rulesets.dice_roll_party.rules.turns import default_build, turn
from rulesets.dice_roll_party.setup import setup


def fresh(**opts) -> object:
    o = Options(**opts)
    return setup(o, factions(o.players), Dice(SEED))


def test_duel_is_two_players_and_more_go_round_DRP_GEN_01_DRP_GAP_27():
    """DRP-GEN-01 / DRP-GAP-27: two players by default; 3..6 allowed; 1 and 7 refused."""
    assert Options().players == 2
    assert RULESET.min_factions == 2 and RULESET.max_factions == 6
    for bad in (1, 7):
        with pytest.raises(ValidationError):
            Options(players=bad)
    s = fresh(players=3, bag_red=50, bag_blue=50, bag_green=50)
    assert s.seats == ["p1", "p2", "p3"]
    assert {p.storage.total for p in s.players.values()} == {50}
    with pytest.raises(ValueError):
        setup(Options(), factions(3), Dice(SEED))


def test_each_player_has_four_slots_DRP_GEN_02():
    """DRP-GEN-02: four character slots per player, filled by a build of four lines."""
    s = fresh()
    assert all(len(p.build) == 4 for p in s.players.values())
    for f in s.seats:
        s = apply(s, f, default_build(s, f), dice()).state
    assert all(len(p.slots) == 4 and all(c is not None for c in p.slots) for p in s.players.values())


def test_all_tokens_shuffled_and_split_equally_DRP_SETUP_01_DRP_GAP_01():
    """DRP-SETUP-01 / DRP-GAP-01: 40/40/40 by default, dealt 60/60 regardless of colour, bag empty;
    the shuffle depends only on the seed."""
    s = fresh()
    a, b = s.player("p1").storage, s.player("p2").storage
    assert a.total == b.total == 60
    assert (a.red + b.red, a.blue + b.blue, a.green + b.green) == (40, 40, 40)
    assert s.bag.total == 0
    again = fresh()
    assert again == s
    other = setup(Options(), factions(), Dice("77" * 32))
    assert other.player("p1").storage != a or other.player("p2").storage != b


def test_bag_mix_and_reserve_are_gm_options_DRP_GAP_01():
    """DRP-GAP-01: custom bag; `bag_reserve` stays in the bag; the dealt part must split evenly."""
    s = fresh(bag_red=50, bag_blue=40, bag_green=40, bag_reserve=10)
    assert s.bag.total == 10
    assert s.player("p1").storage.total == s.player("p2").storage.total == 60
    with pytest.raises(ValidationError, match="поровну"):
        Options(bag_red=41)
    with pytest.raises(ValidationError):
        Options(bag_reserve=500)


def test_twelve_per_character_needs_48_per_player_DRP_GAP_02():
    """DRP-GAP-02: 12 tokens per character, so a storage under 48 makes the game invalid."""
    assert DATA.character.build_tokens * DATA.character.slots == 48
    with pytest.raises(ValidationError, match="48"):
        Options(bag_red=30, bag_blue=30, bag_green=30)
    with pytest.raises(ValidationError, match="48"):
        Options(players=3)  # 120 / 3 = 40 < 48


def test_build_uses_own_storage_DRP_SETUP_02():
    """DRP-SETUP-02: a player builds from their own storage only; each slot once."""
    s = fresh()
    storage = s.player("p1").storage
    too_much_blue = Build(slot=1, time=min(12, storage.blue + 1), attack=0, defence=0,
                          form=12 - min(12, storage.blue + 1))
    if storage.blue < 12:
        assert "build.storage" in codes(s, "p1", too_much_blue)
    ok = default_build(s, "p1")[0]
    s2 = apply(s, "p1", [ok], dice()).state
    assert codes(s2, "p1", ok) == ["build.slot_done"]


def test_exactly_twelve_tokens_any_mix_DRP_SETUP_03_DRP_TOK_02():
    """DRP-SETUP-03 / DRP-TOK-02: exactly 12, any colours (no minimum), red split by the owner."""
    s = fresh(bag_red=60, bag_blue=60, bag_green=60)
    assert codes(s, "p1", Build(slot=1, time=3, attack=4, defence=2, form=2)) == ["build.total"]
    assert codes(s, "p1", Build(slot=1, time=3, attack=4, defence=2, form=4)) == ["build.total"]
    assert codes(s, "p1", Build(slot=1, time=12, attack=0, defence=0, form=0)) == []
    split = Build(slot=2, time=2, attack=1, defence=5, form=4)
    assert codes(s, "p1", split) == []
    s2 = apply(s, "p1", [split], dice()).state
    c = s2.player("p1").build[1]
    assert (c.attack, c.defence) == (1, 5)


def test_unused_tokens_stay_in_storage_DRP_SETUP_04():
    """DRP-SETUP-04: after the reveal the storage holds exactly what the builds did not use."""
    s = fresh()
    before = {f: s.player(f).storage.total for f in s.seats}
    for f in s.seats:
        s = apply(s, f, default_build(s, f), dice()).state
    assert all(s.player(f).storage.total == before[f] - 48 for f in s.seats)


def test_sealed_builds_hidden_until_all_are_in_DRP_GAP_03():
    """DRP-GAP-03: sealed and simultaneous; others see nothing until both are in, then all open."""
    s = fresh()
    info = turn(s)
    assert info.mode is StepMode.SIMULTANEOUS and info.factions == ["p1", "p2"]
    out = apply(s, "p1", default_build(s, "p1"), dice())
    s1 = out.state
    assert all(not e.public for e in out.events)
    assert turn(s1).factions == ["p2"]
    anna = Viewer(role=ViewerRole.PLAYER, faction="p1")
    boris = Viewer(role=ViewerRole.PLAYER, faction="p2")
    assert RULESET.view(s1, boris)["players"]["p1"]["build"] == [{"hidden": True}] * 4
    assert RULESET.view(s1, anna)["players"]["p1"]["build"][0]["time"] >= 0
    assert RULESET.view(s1, GM)["players"]["p1"]["build"][0] is not None
    assert RULESET.draw(s1, PUBLIC).count("сдано, скрыто") == 4
    assert "скрыто" not in RULESET.draw(s1, anna)
    assert s1.player("p1").storage == s.player("p1").storage  # storage counts do not leak the build
    out2 = apply(s1, "p2", default_build(s1, "p2"), dice())
    assert "builds_revealed" in kinds(out2)
    assert all(s.built for s in out2.state.players.values())
    assert RULESET.view(out2.state, PUBLIC)["players"]["p1"]["slots"][0]["time"] >= 0


def test_open_builds_go_in_seat_order_DRP_GAP_03():
    """DRP-GAP-03 option: `sealed_builds=false` builds openly, one player after the other."""
    s = fresh(sealed_builds=False)
    info = turn(s)
    assert info.mode is StepMode.SINGLE and info.factions == ["p1"]
    s1 = apply(s, "p1", default_build(s, "p1"), dice()).state
    assert s1.player("p1").built and turn(s1).factions == ["p2"]


def test_partial_build_is_finished_in_a_later_post_DRP_GAP_03():
    """DRP-GAP-03: a post with some slots keeps the player in the build step for the rest."""
    s = fresh()
    builds = default_build(s, "p1")
    s1 = apply(s, "p1", builds[:2], dice()).state
    assert turn(s1).factions == ["p1", "p2"]
    assert [b.slot for b in default_build(s1, "p1")] == [3, 4]
    s2 = apply(s1, "p1", builds[2:], dice()).state
    assert turn(s2).factions == ["p2"]


def test_only_standard_dice_are_used_DRP_DICE_01():
    """DRP-DICE-01: d4..d20 only, no percentile die; the chain comes from data/numbers.toml."""
    assert DATA.dice.chain == (0, 4, 6, 8, 10, 12, 20)
    assert set(DATA.dice.chain[1:]) <= {4, 6, 8, 10, 12, 20}
    assert DATA.dice.first_move_sides == 20


def test_data_toml_is_validated_on_load(tmp_path):
    """A GM's edit of data/numbers.toml that breaks the die chain or the caps fails loudly."""
    text = (RULESET.package_dir / "data" / "numbers.toml").read_text(encoding="utf-8")
    assert isinstance(load(), GameData)
    broken = tmp_path / "data.toml"
    broken.write_text(text.replace("chain = [0, 4, 6, 8, 10, 12, 20]", "chain = [0, 6, 4]"), encoding="utf-8")
    with pytest.raises(ValidationError):
        load(broken)
    broken.write_text(text.replace("max_tokens = 18", "max_tokens = 5"), encoding="utf-8")
    with pytest.raises(ValidationError):
        load(broken)
