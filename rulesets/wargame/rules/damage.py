"""The damage table and its distribution (WG-DMG, WG-DEF-DMG, WG-GAP-12/13/14/38), and the
number of figures denied a save (WG-SAVE-03/04). Points are half-points (2 = one point).

Bands (WG-DMG-01, WG-GAP-12): d < 1, 1 ≤ d < 2, 2 ≤ d < 3, d ≥ 3. A single loser takes the band
of the whole difference; several losers share it by portions (WG-DEF-DMG-01): lethal portions
first (2 points for a warrior or mage, 3 for a dragon or war machine), then lesser ones (1 for a
warrior/mage wound, 2 for a dragon wound, 1 or 2 units for a machine); leftover points are lost.
"""

from __future__ import annotations

from letopis.engine.text_words import counted, plural

from ..naming import Namer
from ..state import Figure, State

LETHAL = {"warrior": 4, "mage": 4, "dragon": 6, "machine": 6}  # half-points
LESSER = {"warrior": 2, "mage": 2, "dragon": 4, "machine": 2}  # the smallest lesser portion


def band(diff_h: int) -> str:
    """WG-DMG-01: «0–0,5», «1–1,5», «2–2,5» or «3 и более»."""
    if diff_h < 2:
        return "0–0,5"
    if diff_h < 4:
        return "1–1,5"
    if diff_h < 6:
        return "2–2,5"
    return "3 и более"


def lesser_portion(kind: str, rest_h: int) -> int:
    """A lesser portion that fits into ``rest_h`` (0 if none): a machine takes 2 units if it can."""
    if kind == "machine":
        return 4 if rest_h >= 4 else (2 if rest_h >= 2 else 0)
    need = LESSER[kind]
    return need if rest_h >= need else 0


def lethal_count(figs: list[Figure], diff_h: int) -> int:
    """L, the largest number of lethal portions that fit into the difference (cheapest first)."""
    total = n = 0
    for cost in sorted(LETHAL[f.kind] for f in figs):
        if total + cost > diff_h:
            break
        total += cost
        n += 1
    return n


def lethal_sum(state: State, lethal: list[str] | tuple[str, ...]) -> int:
    return sum(LETHAL[state.figures[f].kind] for f in lethal)


def fill_lesser(state: State, figs: list[Figure], lethal: list[str], diff_h: int,
                order: list[str] | None = None) -> dict[str, int]:
    """Step 3 of WG-DEF-DMG-01: lesser portions to figures without one, while the rest allows,
    in the given order (the loser's, or the canonical)."""
    rest = diff_h - lethal_sum(state, lethal)
    out: dict[str, int] = {}
    ids = order if order is not None else [f.id for f in figs]
    for fid in ids:
        if fid in lethal or fid in out:
            continue
        p = lesser_portion(state.figures[fid].kind, rest)
        if p:
            out[fid] = p
            rest -= p
    return out


def default_lethal(state: State, figs: list[Figure], diff_h: int) -> list[str]:
    """Without the loser's choice the cheapest lethal portions are used first (WG-DEF-DMG-01)."""
    n = lethal_count(figs, diff_h)
    ordered = sorted(figs, key=lambda f: (LETHAL[f.kind], f.order))
    return [f.id for f in ordered[:n]]


def check_allocation(state: State, figs: list[Figure], diff_h: int, lethal: list[str],
                     lesser: list[str]) -> str | None:
    """Why the loser's allocation does not fit WG-DEF-DMG-01 (a message code), or None."""
    ids = {f.id for f in figs}
    if any(f not in ids for f in [*lethal, *lesser]) or len(set(lethal) | set(lesser)) != len(lethal) + len(lesser):
        return "dec.not_candidate"
    if len(lethal) != lethal_count(figs, diff_h):
        return "dec.lethal_count"
    if lethal_sum(state, lethal) > diff_h:
        return "dec.lethal_sum"
    rest_ids = [f.id for f in figs if f.id not in lethal]
    auto = fill_lesser(state, figs, lethal, diff_h, [*lesser, *[f for f in rest_ids if f not in lesser]])
    if set(auto) != set(lesser):
        return "dec.lesser"
    return None


def no_save_count(diff_h: int, lethal_h: int) -> int:
    """WG-SAVE-03/04: floor((difference − lethal points) / 4) figures get no save."""
    return max(0, (diff_h - lethal_h) // 8)


def portion_effect(state: State, fig: Figure, portion_h: int, lethal: bool) -> str:
    """Apply one portion (WG-DMG-02..04, WG-DEF-DMG-02/03, WG-GAP-14); returns the Russian
    outcome, its words agreeing with the figure («убит», «уничтожена»). Sets ``alive`` False for a
    death."""
    kind = fig.kind
    n = Namer(state)
    if kind in ("warrior", "mage"):
        if lethal or fig.wounded:
            was = fig.wounded
            fig.alive = False
            return n.agreeing(fig.id, "добит" if (was and not lethal) else "убит")
        fig.wounded = True
        return n.agreeing(fig.id, "ранен")
    if kind == "machine":
        units = 3 if lethal else portion_h // 2
        fig.units += units
        cap = state.spec(fig).capacity
        damage = counted(units, "единица повреждения", "единицы повреждения", "единиц повреждения")
        if fig.units >= cap:
            fig.alive = False
            return f"{damage} — {n.agreeing(fig.id, 'уничтожен')}"
        return f"{damage} (всего {fig.units} из {cap})"
    # dragon
    left = f"{plural(fig.lives - 1, 'осталась', 'осталось', 'осталось')} " \
        f"{counted(fig.lives - 1, 'жизнь', 'жизни', 'жизней')}"
    if lethal:
        fig.lives -= 1
        if fig.lives <= 0:
            fig.alive = False
            return "теряет последнюю жизнь и погибает"
        return f"теряет жизнь ({left})"
    if fig.wounded:
        fig.lives -= 1
        if state.options.dragon_wound_reset:
            fig.wounded = False
        again = f"{n.agreeing(fig.id, 'ранен')} повторно"
        if fig.lives <= 0:
            fig.alive = False
            return f"{again}, теряет последнюю жизнь и погибает"
        return f"{again} и теряет жизнь ({left})"
    fig.wounded = True
    return n.agreeing(fig.id, "ранен")


def single_portion(state: State, fig: Figure, diff_h: int) -> tuple[bool, int] | None:
    """The band of the whole difference for one figure: (lethal, portion) or None (unharmed)."""
    if diff_h >= LETHAL[fig.kind]:
        return True, LETHAL[fig.kind]
    p = lesser_portion(fig.kind, diff_h)
    return (False, p) if p else None
