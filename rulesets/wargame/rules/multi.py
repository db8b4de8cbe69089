"""Several players in one melee (WG-MULTI, WG-GAP-18, WG-DEC-07/08).

`rank_players` rolls a die for each player (WG-MULTI-02, WG-DEC-08), lowest first, and re-rolls
ties among the tied only. `order_pairs` orders the engaged pairs lexicographically by the
(rank of the lower player, rank of the higher player), or by the sum of the two rolls
(`multi_order = pair_sum`). `middle_player` finds the player WG-MULTI-01 lets choose.
"""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Roll


def rank_players(players: list[str], dice: Dice) -> tuple[list[str], dict[str, int], list[Roll]]:
    """Lowest roll first; ties re-rolled among the tied (the re-roll orders them)."""
    rolls: list[Roll] = []
    first: dict[str, int] = {}

    def rank(group: list[str], top: bool) -> list[str]:
        if len(group) == 1:
            return group
        values = {}
        for p in group:
            r = dice.roll(6, "порядок схваток")
            rolls.append(r)
            values[p] = r.value
            if top:
                first[p] = r.value
        out: list[str] = []
        for v in sorted(set(values.values())):
            out += rank([p for p in group if values[p] == v], False)
        return out

    return rank(list(players), True), first, rolls


def order_pairs(pairs: list[tuple[str, str]], ranking: list[str], rolls: dict[str, int],
                mode: str = "lexicographic") -> list[tuple[str, str]]:
    def lex(p: tuple[str, str]) -> tuple[int, int]:
        a, b = sorted((ranking.index(p[0]), ranking.index(p[1])))
        return a, b

    if mode == "pair_sum":
        return sorted(pairs, key=lambda p: (rolls.get(p[0], 0) + rolls.get(p[1], 0), lex(p)))
    return sorted(pairs, key=lex)


def all_against_all(players: list[str], pairs: list[tuple[str, str]]) -> bool:
    n = len(players)
    return len({frozenset(p) for p in pairs}) == n * (n - 1) // 2


def middle_player(players: list[str], pairs: list[tuple[str, str]]) -> str | None:
    """WG-MULTI-01 / WG-GAP-18: the player engaged with the most opponents (ties: round order,
    as ``players`` is given), if he has two or more."""
    count = {p: sum(1 for a, b in pairs if p in (a, b)) for p in players}
    best = max(players, key=lambda p: (count[p], -players.index(p)))
    return best if count[best] >= 2 else None
