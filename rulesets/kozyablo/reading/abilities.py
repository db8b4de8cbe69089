"""Abilities of cards on the table (KZ-ABIL-01) and trigger choices (KZ-DEC-10)."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind, Severity

from ..orders import (
    TriggerChoice,
    UseAbility,
)
from .base import (
    Fight,
    Read,
)
from .messages import msg
from .table import Issue, Table, fail
from .words import Item


class Abilities:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- abilities (KZ-ABIL-01) and trigger choices (KZ-DEC-10) -------------------------------------
    def _ability(self, cl: list[Item], v: Item) -> Read:
        pairs = self._ability_pairs(v)
        label = self._ability_label(v, pairs)
        refs = self._refs(cl)
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        # where: a sector said with its preposition («в шахте-1»), not one that only qualifies another
        # noun («растворяется во мраке шахты»)
        loc = next((it for p, it in refs if p is not None and self._said_at(cl, it) and self.t.is_place(it)
                    and (it.kind != "name" or self.t._place_only(it))), None)
        cards = {c for c, _ in pairs}
        sector = self.t.sector(loc, prefer=lambda s: any(p.sector == s and p.owner == self.faction and p.card in cards
                                                          for p in self.t.visible)) if loc is not None else None
        subject = names[0] if names else None
        if subject is not None:
            piece = self.t.piece(subject, "own", sector=sector, prefer=lambda p: p.card in cards)
            if piece.card not in cards:
                raise fail("read.ability_not_of", subject, "KZ-ABIL-01", name=self.t.namer.piece(piece.uid),
                           ability=label)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and p.card in cards
                     and (sector is None or p.sector == sector)]
            if not found:
                raise fail("read.ability_nobody", v, "KZ-ABIL-01", ability=label)
            if len(found) > 1:
                raise fail("read.ability_who", v, "KZ-ABIL-01", kind=ProblemKind.AMBIGUOUS, ability=label,
                           options=", ".join(f"«{self.t.namer.piece(p.uid)}»" for p in found))
            piece = found[0]
        ability_id = next(a for c, a in sorted(pairs) if c == piece.card)
        ability = self.book.card(piece.card).ability(ability_id)
        target = None
        others = [it for it in names if it is not subject]
        if others and ability is not None and ability.target not in ("self", "none"):
            target = self._target(others[0], piece.sector, None)
        issues = []
        mark = next((it for it in cl if it.kind == "mark"), None)
        if mark is not None and ability is not None and mark.value != ability.kind:
            names_ = {"free": "С", "action": "Д"}
            issues.append(Issue("read.ability_kind", msg("read.ability_kind", ability=ability.name,
                                                         actual=names_[ability.kind], said=names_[str(mark.value)]),
                                None, "KZ-GAP-02", mark.start, mark.end, Severity.WARNING, ProblemKind.INFO))
        return Read(UseAbility(piece=piece.uid, ability=ability_id, target=target), cl[0].start, cl[-1].end, issues)

    @staticmethod
    def _said_at(cl: list[Item], it: Item) -> bool:
        """The place comes right after its preposition («в шахте-1», «из рудника»)."""
        k = cl.index(it)
        return k > 0 and cl[k - 1].is_("w_into", "w_onto", "w_from", "w_at")

    def _ability_pairs(self, v: Item) -> set[tuple[str, str]]:
        c = v.concept or ""
        if c.startswith("ab_"):
            effect = c[3:]
            return {(card.id, a.id) for card in self.book.cards.values() for a in card.abilities if a.effect == effect}
        if c == "v_use":
            return {(card.id, a.id) for card in self.book.cards.values() for a in card.abilities}
        return set(self.t.words.abilities.get(c, set()))

    def _ability_label(self, v: Item, pairs: set[tuple[str, str]]) -> str:
        for card_id, ab in sorted(pairs):
            a = self.book.card(card_id).ability(ab)
            if a is not None:
                return a.name
        return v.text

    def _trigger(self, cl: list[Item]) -> Read | None:
        names = [it for it in cl if it.kind == "name"]
        if len(names) < 2:
            return None
        own = [p for p in self.t.piece_candidates(names[0], {self.faction}) if self.book.card(p.card).trigger]
        if not own:
            return None
        source = self.t.piece(names[0], "own", prefer=lambda p: bool(self.book.card(p.card).trigger))
        target = self.t.piece(names[1], "own")
        return Read(TriggerChoice(piece=source.uid, target=target.uid), cl[0].start, cl[-1].end)
