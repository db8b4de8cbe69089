"""Moving own creatures (KZ-MOVE-01): who, from where, to where."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind

from ..orders import (
    Move,
)
from ..reader_table import Fail, Table, fail, own_fighters
from ..reader_words import Item
from ..refs import sector_name
from ..state import Piece
from .base import (
    Fight,
    Read,
    is_verb,
)


class Moving:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- move (KZ-MOVE-01) -------------------------------------------------------------------------
    def _move(self, cl: list[Item]) -> Read:
        refs = self._refs(cl)
        places = [(p, it) for p, it in refs if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))]
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        origin_it = next((it for p, it in places if p == "w_from"), None)
        dests = [it for _, it in places if it is not origin_it]
        if origin_it is None and len(dests) >= 2 and (dests[0].loc or self._arrow_between(cl, dests[0], dests[1])):
            origin_it = dests.pop(0)  # «из шахты-2» said as «в шахте-2 …» or «шахта-2 → шахта-1»
        if not dests:
            raise fail("read.move_where", cl[-1], "KZ-MOVE-01", kind=ProblemKind.UNREADABLE)
        dest_it = next((it for it in dests if not it.loc), dests[0])

        def held(s: str) -> bool:
            return bool(own_fighters(self.state, self.faction, s))

        origin = self.t.sector(origin_it, prefer=held) if origin_it is not None else None
        pieces: list[Piece] = []
        toward = {cl[k + 1].start for k, it in enumerate(cl[:-1]) if it.kind == "word" and it.text in ("к", "ко")}
        names = [it for it in names if it.start not in toward and not it.goal  # «к Шмелю»: where, not who
                 and not self._object_of_purpose(cl, it)]
        if names:
            for it in names:
                try:
                    found = self.t.pieces(it, "own", sector=origin, many=True)
                except Fail as e:
                    if e.issue.code in ("read.piece_not_own", "read.move_not_there"):
                        e.issue.clause = "KZ-MOVE-01"  # only own creatures of the sector left move
                    raise
                for p in found:
                    if p not in pieces:
                        pieces.append(p)
        elif any(it.is_("w_squad", "w_all") for it in cl) and not toward:
            if origin is None:
                sectors = sorted({p.sector for p in self.t.visible if p.owner == self.faction and held(p.sector)})
                if len(sectors) != 1:
                    raise fail("read.move_from", cl[0], "KZ-MOVE-01")
                origin = sectors[0]
            pieces = own_fighters(self.state, self.faction, origin)
            if not pieces:
                raise fail("read.move_nobody", origin_it or cl[0], "KZ-MOVE-01",
                           sector=f"«{sector_name(self.state, origin)}»")
        else:
            raise self._unknown(cl) or fail("read.move_what", cl[0], "KZ-MOVE-01", kind=ProblemKind.UNREADABLE)
        if origin is None:
            sectors = {p.sector for p in pieces}
            if len(sectors) != 1:
                raise fail("read.move_from", cl[0], "KZ-MOVE-01")
            origin = sectors.pop()
        dest = self.t.sector(dest_it, prefer=lambda s: s != origin)
        return Read(Move(pieces=tuple(p.uid for p in pieces), origin=origin, dest=dest), cl[0].start, cl[-1].end)

    @staticmethod
    def _arrow_between(cl: list[Item], a: Item, b: Item) -> bool:
        return any(x.sym("→", "-", "—") and a.end <= x.start and x.end <= b.start for x in cl)

    @staticmethod
    def _object_of_purpose(cl: list[Item], it: Item) -> bool:
        """«Вышибала идёт бить козла», «ползёт атаковать …»: a card after a strike or attack verb is
        what the move is for, not one of the movers."""
        verb = None
        for x in cl:
            if x.start >= it.start:
                break
            if is_verb(x):
                verb = x
        return verb is not None and verb.is_("v_strike", "v_attack")
