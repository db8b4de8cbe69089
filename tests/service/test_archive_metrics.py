"""The rulesets' `metrics` for the charts: what they count, and that sealed builds stay sealed."""

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.registry import get_ruleset

FACTIONS = [Faction(id="a", name="Анна"), Faction(id="b", name="Борис")]
SEED = "0" * 64


def test_drp_metrics_hide_a_sealed_build_DRP_GAP_03():
    """DRP-GAP-03: a sealed build is not shown before the reveal, so the chart counts no tokens on
    characters (and no living characters) until the slots are filled."""
    drp = get_ruleset("dice_roll_party")
    state = drp.setup(drp.Options(sealed_builds=True), FACTIONS, Dice(SEED))
    assert state.phase == "build"
    values = drp.metrics(state)
    assert set(values) == {"a", "b"}
    for fid in ("a", "b"):
        assert values[fid]["Жетоны в хранилище"] == state.players[fid].storage.total > 0
        assert values[fid]["Жетоны на персонажах"] == 0 and values[fid]["Живые персонажи"] == 0


def test_drp_metrics_count_living_characters_once_revealed():
    from rulesets.dice_roll_party.state import Character
    drp = get_ruleset("dice_roll_party")
    state = drp.setup(drp.Options(), FACTIONS, Dice(SEED))
    state.players["a"].slots = [Character(time=1, attack=2), None, Character(form=3)]
    values = drp.metrics(state)["a"]
    assert values["Жетоны на персонажах"] == 6 and values["Живые персонажи"] == 2


def test_dk_metrics_count_treasury_and_units_by_owner():
    dk = get_ruleset("dungeon_keeper")
    from rulesets.dungeon_keeper.state import Unit
    state = dk.setup(dk.Options(), FACTIONS, Dice(SEED))
    state.players["a"].gold = 7
    state.units.update({"u1": Unit(id="u1", kind="imp", owner="a", cell=(1, 1), hp=3),
                        "u2": Unit(id="u2", kind="imp", owner="b", cell=(1, 2), hp=2),
                        "u3": Unit(id="u3", kind="imp", owner=None, cell=(1, 3), hp=9)})
    values = dk.metrics(state)
    assert values["a"]["Золото"] == 7 and values["a"]["Бесы"] == 1
    assert set(values) == {"a", "b"}
    for fid in ("a", "b"):
        p = state.players[fid]
        mine = [u for u in state.units.values() if u.owner == fid]
        row = values[fid]
        assert (row["Мана"], row["Золото"], row["Железо"], row["Тальдеар"]) == (p.mana, p.gold, p.iron, p.taldear)
        assert row["Бесы"] + row["Боевые отряды"] == len(mine) > 0
        assert row["Здоровье отрядов"] == sum(u.hp for u in mine)
    first = state.units["u1"]
    first.owner = "b"  # a subjugated unit counts for its new owner
    moved = dk.metrics(state)
    assert moved["b"]["Здоровье отрядов"] - values["b"]["Здоровье отрядов"] == first.hp


def test_base_contract_has_no_metrics(db):
    race = get_ruleset("race")
    assert race.metrics(race.setup(race.Options(), FACTIONS, Dice(SEED))) == {}
