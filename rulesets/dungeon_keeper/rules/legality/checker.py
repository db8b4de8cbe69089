"""Is this order legal here and now? The interface the post reader uses line by line.

- `Violation(code, message, hint, clause)`: why an order is illegal, with the rule's clause ID.
- `allowed_kinds(state, faction)`: the order kinds the faction may write now (none when it is not
  his turn).
- `Checker(state, faction)`: ``check(order)`` tests one order against the state *as it will be*
  at that point of the post — the earlier accepted orders are applied to a cheap copy-on-write
  overlay (`world.World`), never to a copy of the whole map — and applies it when legal;
  ``describe(order)`` says in Russian what it will do and what it costs. ``notes`` holds the
  warnings and notes of the last checked order (errors are what ``check`` returns).

Chance is not known while a post is read (DK-GAP-11): the checker assumes the outcome that keeps
later lines possible and marks what depends on it; a later line that is impossible only because of
such a roll is accepted with a note «зависит от броска», and at resolution it is skipped if the
roll went the other way. `resolution.apply` runs the same `violations` and `actions.perform`.
"""

from __future__ import annotations

from pydantic import BaseModel

from ...messages import msg
from ...orders import KINDS
from ...state import State
from ..actions.perform import perform
from ..chronicle import Chronicle, Silent
from ..fate import Fate, Foresight
from ..turnflow import begin_turn
from ..world import World
from . import archdemon as la
from . import units as lu
from .describe import summary
from .violations import ERROR, NOTE, WARNING, Violation, v

__all__ = ["ERROR", "NOTE", "WARNING", "Checker", "Violation", "allowed_kinds", "violations"]

PLAYER_KINDS = frozenset(k for k in KINDS if k != "hero_spawn")

_CHECKS = {
    "move": lu.check_move, "dig": lu.check_dig, "mine": lu.check_mine, "build": lu.check_build,
    "repair": lu.check_repair, "pickup": lu.check_pickup, "attack": lu.check_attack,
    "attack_building": lu.check_attack_building, "capture": lu.check_capture,
    "rune_unlock": lu.check_rune_unlock, "rune_exchange": lu.check_rune_exchange, "hospital": lu.check_hospital,
    "ability": lu.check_ability, "summon": la.check_summon, "upgrade_unit": la.check_upgrade_unit,
    "upgrade_building": la.check_upgrade_building, "research": la.check_research, "cast": la.check_cast,
    "alchemy": la.check_alchemy, "forge": la.check_forge, "equip": la.check_equip, "spirit": la.check_spirit,
    "tower_shot": la.check_tower_shot,
}


def allowed_kinds(state: State | World, faction: str) -> frozenset[str]:
    """Order kinds ``faction`` may write now: everything in his own turn, nothing otherwise
    (DK-TURN-01, DK-GAP-09). Making the Hero appear is the GM's (DK-GAP-74)."""
    if state.phase != "turn" or state.active != faction:
        return frozenset()
    return PLAYER_KINDS


def violations(w: World, faction: str, order: BaseModel, ended: bool = False) -> list[Violation]:
    """Every rule ``order`` breaks in ``w`` (errors), plus warnings and notes about it."""
    if w.phase == "over":
        return [v("turn.game_over", "DK-GEN-01")]
    kind: str = order.kind  # type: ignore[attr-defined]
    if kind == "hero_spawn":
        return [v("hero.gm_only", "DK-GAP-74")]
    if w.phase != "turn" or w.active != faction:
        return [v("turn.not_yours", "DK-TURN-01", who=w.name(w.active) if w.active else "нейтральная фаза")]
    if faction in w.players and not w.player(faction).alive:
        return [v("turn.eliminated", "DK-GEN-02")]
    if ended:
        return [v("turn.after_end", "DK-GAP-11")]
    check = _CHECKS.get(kind)
    if check is None:
        return []
    out: list[Violation] = []
    check(w, faction, order, out)
    return out


def ensure_started(w: World, ch: Chronicle, fate: Fate) -> None:
    """A game fresh from the generator has not begun its first turn yet: begin it (DK-GAP-10)."""
    if w.turn_no == 0 and w.phase == "turn" and w.active is not None and w.active in w.players:
        begin_turn(w, ch, fate, w.active)


class Checker:
    """Checks the orders of one post in turn, against the state as the post has made it so far."""

    def __init__(self, state: State, faction: str) -> None:
        self.state = state
        self.faction = faction
        self.world = World(state)
        self.world.draws = False  # the overlay is never committed; no picture to draw
        self.fate = Foresight(self.world.uncertain)
        self.chronicle = Silent(self.world)
        ensure_started(self.world, self.chronicle, self.fate)
        self.world.uncertain.clear()
        # Players never come or go within a post, so whether the poster has a record is fixed.
        self._has_player = faction in self.world.players
        self.notes: list[Violation] = []
        self.ended = False
        self._last: BaseModel | None = None
        self._before: tuple | None = None
        self._after: tuple | None = None
        self._depends = False
        self._summary: str | None = None

    def check(self, order: BaseModel) -> list[Violation]:
        """Errors that make ``order`` illegal now ([] = legal; it is then applied to the overlay).
        Warnings and notes about it are left in ``self.notes``."""
        w = self.world
        if w.phase == "over" and self.state.phase != "over":  # won (or lost) earlier in this post
            self._last, self._summary, self._before, self._depends = order, None, None, False
            self.notes = [v("post.after_game_end", "DK-GEN-01", severity=NOTE)]
            return []
        faction = self.faction
        kind = order.kind  # type: ignore[attr-defined]
        # The usual case — the poster's own turn, alive, not ended — straight to the order's check;
        # every other case through `violations`, which says why not.
        p = w.player(faction) if self._has_player else None
        if (w.phase == "turn" and w.active == faction and not self.ended and kind != "hero_spawn"
                and (p is None or p.alive)):
            found: list[Violation] = []
            fn = _CHECKS.get(kind)
            if fn is not None:
                fn(w, faction, order, found)
        else:
            found = violations(w, faction, order, self.ended)
        if found:
            errors = [x for x in found if x.severity == ERROR]
            self.notes = [x for x in found if x.severity != ERROR]
        else:
            errors = []
            self.notes = []
        self._last = order
        self._depends = False
        self._summary = None
        if errors:
            if any(a in w.uncertain for x in errors for a in x.about):
                self.notes.append(v("roll.depends", "DK-GAP-11", severity=NOTE, why=errors[0].message))
                self._depends = True
                self._before = self._after = None
                self._summary = summary(w, faction, order)
                return []
            return errors
        uid = getattr(order, "unit", None)
        if w.uncertain and (uid in w.uncertain or getattr(order, "target", None) in w.uncertain):
            self.notes.append(v("roll.conditional", "DK-GAP-11", severity=NOTE))
        if not isinstance(uid, str):
            uid = None
        u = w.unit(uid)
        if p is not None:  # nothing has changed since it was read above
            self._before = (u.ap if u is not None else None, (p.gold, p.iron, p.taldear, p.mana))
        else:
            self._before = (u.ap if u is not None else None, (0, 0, 0, 0))
        self._summary = summary(w, faction, order)
        if kind == "end_turn":
            self.ended = True
        else:
            perform(w, self.chronicle, self.fate, faction, order)
        u = w.unit(uid)
        if self._has_player:
            p = w.player(faction)
            self._after = (u.ap if u is not None else None, (p.gold, p.iron, p.taldear, p.mana))
        else:
            self._after = (u.ap if u is not None else None, (0, 0, 0, 0))
        return []

    def describe(self, order: BaseModel) -> tuple[str, str | None]:
        """What ``order`` will do and what it costs or leaves, in Russian, for the live check."""
        if order is not self._last or self._summary is None:
            return summary(self.world, self.faction, order), None
        text = self._summary
        if self._depends:
            return text, msg("describe.depends")
        if self._before is None or self._after is None:
            return text, None
        return text, _cost_text(self._before, self._after)


_RES_RU = ("золото", "железо", "тальдеар", "мана")


def _cost_text(before: tuple, after: tuple) -> str | None:
    parts = []
    ap0, res0 = before
    ap1, res1 = after
    if ap0 is not None and ap1 is not None and ap0 != ap1:
        parts.append(f"ОД: {ap0} → {max(ap1, 0)}")
    elif ap0 is not None and ap1 is None:
        parts.append(f"ОД: {ap0} → —")
    if res0 != res1:
        for label, a, b in zip(_RES_RU, res0, res1):
            if a != b:
                parts.append(f"{label}: {a} → {b}")
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else "; ".join(parts)
