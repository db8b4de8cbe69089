"""The map generator and a new game's setup: determinism, layout of every base, fairness for
2–8 archdemons, starting resources (DK-MAP-01, DK-MAP-05, DK-MAP-06, DK-GAP-04, DK-ECON-02)."""

from __future__ import annotations

import hashlib

import pytest

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from rulesets.dungeon_keeper.map import geometry as g
from rulesets.dungeon_keeper.map.generator import generate
from rulesets.dungeon_keeper.options import Options
from rulesets.dungeon_keeper.setup import setup

NAMES = ["Ваал", "Лилит", "Мамон", "Астарот", "Бельфегор", "Азазель", "Мефисто", "Асмодей"]


def seed(*parts) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def game(n: int, s: str = "x", **options):
    factions = [Faction(id=f"p{i}", name=NAMES[i - 1]) for i in range(1, n + 1)]
    return setup(Options(**options), factions, Dice(seed("dk-setup", n, s)))


@pytest.mark.parametrize("n", range(2, 9))
def test_same_seed_same_map_DK_GAP_04(n):
    a, b = game(n), game(n)
    assert a.model_dump(mode="json") == b.model_dump(mode="json")


def test_different_seeds_turn_the_map():
    assert game(4, "a").rows != game(4, "b").rows


@pytest.mark.parametrize("n", range(2, 9))
def test_every_base_is_the_same_cave_DK_MAP_05_DK_BLD_05_DK_GAP_04(n):
    s = game(n)
    assert len(s.rows) == 45 and all(len(r) == 45 for r in s.rows)  # DK-MAP-01
    for fid, p in s.players.items():
        altar = s.buildings[p.altar]
        assert altar.kind == "altar" and altar.owner == fid and altar.hp == 100
        r, c = altar.cell
        ring = [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
        kinds = sorted(s.building_at(x).kind for x in ring if s.building_at(x))
        assert kinds == ["circle", "source"]
        assert sum(1 for x in ring if s.terrain(x) == ".") == 6
        src = next(s.building_at(x) for x in ring if s.building_at(x) and s.building_at(x).kind == "source")
        assert src.level == 3 and src.owner == fid  # DK-SRC-01
        circle = next(s.building_at(x) for x in ring if s.building_at(x) and s.building_at(x).kind == "circle")
        assert circle.hp == 50 and circle.owner == fid  # DK-BLD-06
        # a gold mine of 100 touches the base (DK-MINE-03)
        gold = [m for m in s.mines if m.kind == "gold" and any(g.adjacent(m.cell, x) for x in ring)]
        assert len(gold) == 1 and gold[0].reserve == 100
        # bases are islands in the rock: everything around the 3×3 is undug or the mine
        around = {(r + dr, c + dc) for dr in range(-2, 3) for dc in range(-2, 3)} - set(ring) - {(r, c)}
        assert all(s.terrain(x) in "#M" for x in around)


@pytest.mark.parametrize("n", range(2, 9))
def test_starting_resources_DK_ECON_02_DK_GAP_04(n):
    s = game(n)
    for p in s.players.values():
        assert (p.gold, p.mana, p.iron, p.taldear) == (50, 5, 0, 0)
        assert p.spirits == [] and p.store == [] and p.spells == [] and p.runes == []
    assert s.units == {}  # no starting units
    assert s.order == s.seats and s.active == s.seats[0] and s.round == 1


def _nearest(state, altar, pred):
    return min(g.chebyshev(altar, x) for x in pred)


@pytest.mark.parametrize("n", range(2, 9))
@pytest.mark.parametrize("turn", ["a", "b", "c"])
def test_starts_are_fair_DK_GAP_04(n, turn):
    """Each base is as far from its nearest iron mine, gem mine, chest, crystal and neutral Source as
    every other base, within a spread of 1 (2 for the Sources between bases)."""
    s = game(n, turn)
    altars = [s.buildings[p.altar].cell for p in s.players.values()]
    checks = {
        "iron": ([m.cell for m in s.mines if m.kind == "iron"], 1),
        "gem": ([m.cell for m in s.mines if m.kind == "gem"], 1),
        "gold": ([m.cell for m in s.mines if m.kind == "gold"], 0),
        "chest": ([o.cell for o in s.objects.values() if o.kind == "chest"], 1),
        "crystal": ([o.cell for o in s.objects.values() if o.kind == "crystal"], 1),
        "source": ([b.cell for b in s.buildings.values() if b.kind == "source" and b.owner is None], 2),
    }
    for what, (cells, spread) in checks.items():
        assert cells, what
        distances = [_nearest(s, a, cells) for a in altars]
        assert max(distances) - min(distances) <= spread, (what, distances)


@pytest.mark.parametrize("n", range(2, 9))
def test_standard_extras_DK_MAP_06(n):
    s = game(n)
    kinds = [o.kind for o in s.objects.values()]
    assert kinds.count("chest") == n and kinds.count("crystal") == n
    runes = sorted(o.item for o in s.objects.values() if o.kind == "rune")
    assert len(runes) == n + 3 and {"fire", "dark", "death"} <= set(runes)
    neutral = [b for b in s.buildings.values() if b.kind == "source" and b.owner is None]
    assert len(neutral) == n + 1
    assert sum(1 for m in s.mines if m.kind == "iron") == n and sum(1 for m in s.mines if m.kind == "gem") == n
    # nothing shares a cell, and nothing sits on a base
    cells = [b.cell for b in s.buildings.values()] + [m.cell for m in s.mines] + [o.cell for o in s.objects.values()]
    assert len(cells) == len(set(cells))
    for o in s.objects.values():
        assert s.terrain(o.cell) == "#"  # objects wait in the rock


def test_no_extras_option_DK_GAP_04():
    s = game(3, map_extras="none")
    assert s.objects == {}
    assert sorted(m.kind for m in s.mines) == ["gold"] * 3
    assert all(b.owner is not None for b in s.buildings.values())


def test_mine_contents_option_DK_GAP_02():
    s = game(2, default_mine_contents={"gold": 70, "iron": 40, "gem": 3})
    assert {m.kind: m.reserve for m in s.mines} == {"gold": 70, "iron": 40, "gem": 3}


def test_generator_uses_only_the_dice_it_is_handed():
    dice = Dice(seed("only"))
    generate(5, Options(), dice)
    assert dice.next_index == 1 and dice.rolls[0].purpose == "поворот карты"


def test_player_count_is_checked():
    with pytest.raises(ValueError, match="от 2 до 8"):
        game(1)
    with pytest.raises(ValueError):
        generate(9, Options(), Dice(seed("nine")))
