"""The defender's answers in a combat (§4): Уклонение (KZ-DEC-06), Защитник (KZ-DEC-07), staying in
shadow or coming out (KZ-DEC-05)."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind

from ..orders import (
    Evade,
    Guard,
    StayHidden,
)
from .base import (
    Fight,
    Read,
)
from .table import Fail, Table, fail
from .words import Item


class Answers:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- decisions (§4) ---------------------------------------------------------------------------
    def _evade(self, cl: list[Item]) -> Read:
        names = [it for it in cl if it.kind == "name"]
        cut = next((it.start for it in cl if it.is_("v_discard", "w_discard_pile")), None)
        card_it = next((it for it in names if cut is not None and it.start > cut), None)
        if card_it is None:
            card_it = next((it for it in reversed(names) if self.t.hand_cards(it)
                            and not self.t.piece_candidates(it, {self.faction})), None)
        piece_its = [it for it in names if it is not card_it]
        sector = self.fight.sector if self.fight else None
        if piece_its:
            piece = self.t.piece(piece_its[0], "own", sector=sector)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and (sector is None or p.sector == sector)
                     and "evasion" in self.book.card(p.card).props]
            if len(found) != 1:
                raise fail("read.evade_who", cl[0], "KZ-DEC-06", kind=ProblemKind.UNREADABLE)
            piece = found[0]
        if card_it is None:
            raise fail("read.evade_card", cl[0], "KZ-DEC-06", kind=ProblemKind.UNREADABLE)
        try:
            discard = self.t.hand_card(card_it)
        except Fail as e:
            if e.issue.code in ("read.hand_missing", "read.hand_on_table"):
                e.issue.clause = "KZ-EVADE-01"  # Уклонение discards a card from the hand
            raise
        return Read(Evade(piece=piece.uid, discard=discard), cl[0].start, cl[-1].end)

    def _guard(self, cl: list[Item], v: Item) -> Read:
        refs = self._refs(cl)
        names = [(p, it) for p, it in refs if it.kind == "name" and not self.t._place_only(it)]
        sector = self.fight.sector if self.fight else None
        defender_it = next((it for p, it in names if p != "w_for" and it.start < v.start), None)
        protects_it = next((it for p, it in refs if p == "w_for"), None)
        if defender_it is None:
            defender_it = next((it for p, it in names if p != "w_for"), None) if v.concept == "d_guard" else None
        if protects_it is None:
            protects_it = next((it for _, it in refs if it.start > v.start and it is not defender_it), None)
        if protects_it is None:  # «Удары по Позорищу принимает на себя мечник»
            protects_it = next((it for p, it in refs if p == "w_at" and it is not defender_it), None)
        if defender_it is not None:
            defender = self.t.piece(defender_it, "own", sector=sector)
        else:
            found = [p for p in self.t.visible if p.owner == self.faction and (sector is None or p.sector == sector)
                     and "defender" in self.book.card(p.card).props]
            if len(found) != 1:
                raise fail("read.guard_who", v, "KZ-DEC-07", kind=ProblemKind.UNREADABLE)
            defender = found[0]
        protects = None
        if protects_it is not None:
            if protects_it.kind == "capital" and protects_it.owner is None:
                here = self.state.sectors.get(defender.sector)
                protects = self.t.capital_target(defender.sector if here is not None and here.kind == "capital"
                                                 else self.t.sector(protects_it))
            elif self.t.is_place(protects_it) and (protects_it.kind != "name" or self.t._place_only(protects_it)):
                protects = self.t.capital_target(self.t.sector(protects_it))
            else:
                protects = self.t.piece(protects_it, "own", sector=defender.sector).uid
        return Read(Guard(defender=defender.uid, protects=protects), cl[0].start, cl[-1].end)

    def _shadow(self, cl: list[Item], v: Item) -> list[Read]:
        names = [it for it in cl if it.kind == "name"]
        if v.concept == "d_stay_hidden":
            if not names:
                return []
            sector = self.fight.sector if self.fight else None
            piece = self.t.piece(names[0], "own", sector=sector)
            return [Read(StayHidden(piece=piece.uid), cl[0].start, cl[-1].end)]
        if not names:
            return []
        return self._strikes(cl)
