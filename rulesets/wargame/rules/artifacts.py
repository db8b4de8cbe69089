"""Artifacts (WG-ART, WG-DEF-ART): kept by commanders, inactive until activated, working while
the keeper lives (WG-ART-03); a keeper's death switches his artifact off, so a resurrected keeper
needs a new activation (WG-ART-05). Artifact texts beat magic cards (WG-ART-04): with magic cards
on, the GM applies cards by override and the artifact effects below are always applied first.

Coded effects (WG-DEF-ART-01): ``aura`` (the commander's aura is ``value`` instead of +1),
``shot_dice`` (+``value`` to-hit dice for every shot of his отряд), ``self_melee`` (+``value``
to the commander in melee), ``bonus_mp`` (+``value`` bonus ОМ for every figure of his отряд,
which also counts for the dodge).
"""

from __future__ import annotations

from ..state import Figure, State


def keeper(state: State, faction: str, key: str) -> Figure | None:
    for f in state.figures.values():
        if f.side == faction and state.spec(f).artifact == key:
            return f
    return None


def is_active(state: State, faction: str, key: str) -> bool:
    """WG-ART-02/03: activated, and its keeper alive and on the board."""
    if key not in state.players[faction].active_artifacts:
        return False
    k = keeper(state, faction, key)
    return k is not None and k.alive


def detachment_effect(state: State, fig: Figure, effect: str) -> int:
    """The value of an active artifact ``effect`` of the commander of ``fig``'s отряд (0 if none)."""
    spec = state.spec(fig)
    if spec.detachment is None:
        return 0
    army = state.players[fig.side].army
    for other in army.figure:
        if other.detachment == spec.detachment and other.commander and other.artifact:
            art = army.artifact_spec(other.artifact)
            if art.effect == effect and is_active(state, fig.side, art.key):
                return art.value
    return 0


def bonus_mp(state: State, fig: Figure) -> int:
    """Bonus ОМ: the army list's plus «Волчья шкура» (WG-DEF-ART-01)."""
    return state.spec(fig).bonus_mp + detachment_effect(state, fig, "bonus_mp")


def self_melee(state: State, fig: Figure) -> int:
    spec = state.spec(fig)
    if not spec.commander or not spec.artifact:
        return 0
    art = state.players[fig.side].army.artifact_spec(spec.artifact)
    return art.value if art.effect == "self_melee" and is_active(state, fig.side, art.key) else 0


def activation_options(state: State, faction: str) -> list[str]:
    """WG-DEF-ART-03: the player's inactive artifacts whose keepers are alive, army-list order."""
    out = []
    for spec in state.players[faction].army.figure:
        if spec.artifact and spec.artifact not in state.players[faction].active_artifacts:
            k = keeper(state, faction, spec.artifact)
            if k is not None and k.alive:
                out.append(spec.artifact)
    return out


def on_death(state: State, fig: Figure) -> str | None:
    """The keeper died: his artifact goes inactive (WG-ART-03, WG-ART-05). Returns its key."""
    key = state.spec(fig).artifact
    if key and key in state.players[fig.side].active_artifacts:
        state.players[fig.side].active_artifacts.remove(key)
        return key
    return None
