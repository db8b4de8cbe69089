"""The attack (KZ-ATK-01) and the strikes and targets of a fight (KZ-DEF-CMB-03, KZ-DEC-04):
«Атакую в шахте-1: мечник и лучник — оба по гилену», «бодун тоже», «остальные по …», «Бьём…»."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind

from ..orders import (
    Attack,
    Strike,
    TargetPick,
)
from ..reader_table import Fail, Table, fail
from ..reader_words import Item
from ..refs import sector_name
from ..state import Piece
from ..targets import strikes
from .base import (
    _ALL,
    _STRIKE_MARKS,
    REF_KINDS,
    Fight,
    Read,
)


class Fighting:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- attack (KZ-ATK-01) and targets (KZ-DEF-CMB-03) --------------------------------------------
    def attack_sector(self, cl: list[Item], v: Item, infer: bool = True) -> tuple[str, Item | None]:
        """The sector an attack line names (with the item that names it), or, when it names none,
        the post's attack said elsewhere, the sector of the enemy it names, or the one contested
        sector (``infer``)."""
        after = [it for it in cl if it.start > v.start]
        place = next((it for it in after if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))), None)

        def contested(s: str) -> bool:
            mine = any(p.sector == s and p.owner == self.faction for p in self.state.pieces.values())
            theirs = any(p.sector == s and p.owner != self.faction for p in self.state.pieces.values())
            sector = self.state.sectors.get(s)
            return mine and (theirs or (sector is not None and sector.kind == "capital"
                                        and sector.put_by != self.faction))

        if place is None:  # «В шахте-1 атакую», «Выбиваю гилена из моей столицы — атакую!»
            place = next((it for it in cl if it.start < v.start and self.t.is_place(it)
                          and (it.kind != "name" or self.t._place_only(it))), None)
        if place is not None:
            return self.t.sector(place, prefer=contested, default_own=False), place
        if not infer:
            raise fail("read.attack_where", v, "KZ-ATK-01", kind=ProblemKind.UNREADABLE)
        if self.fight is not None and self.fight.attacker == self.faction:
            return self.fight.sector, None  # «В атаку!» in a post whose attack names its sector elsewhere
        enemy = next((it for it in after if it.kind == "name"), None)
        if enemy is not None:
            return self.t.piece(enemy, "enemy").sector, None
        found = [s for s in self.state.sectors if contested(s)]
        if len(found) == 1:
            return found[0], None
        raise fail("read.attack_where", v, "KZ-ATK-01", kind=ProblemKind.UNREADABLE)

    def _attack_only(self, cl: list[Item], v: Item) -> bool:
        """Only a place after the attack verb: the line declares the attack, whoever it names."""
        after = [it for it in cl if it.start > v.start and it.kind in REF_KINDS]
        before = [it for it in cl if it.start < v.start]
        if any(it.sym("→") or it.is_(*_STRIKE_MARKS, "w_at") for it in before) or any(
                it.kind == "name" and not self.t.piece_candidates(it, {self.faction}) for it in before):
            return False  # «Козёл-тень → латник — атакую в …»: targets first
        return len(after) == 1 and self.t.is_place(after[0]) and (after[0].kind != "name"
                                                                    or self.t._place_only(after[0]))

    @staticmethod
    def _we(v: Item) -> bool:
        """«Бьём», «рубим», «бодаем»: the poster's side as a whole."""
        from letopis.engine.text import parses

        return v.kind == "word" and any("1per" in p.tag and "plur" in p.tag for p in parses(v.text)[:2])

    def _we_strike(self, cl: list[Item], v: Item) -> list[Read]:
        """«Бьём трутней в шахте-1!», «В шахте-1 бьём Бориса: бодун → вышибала», «Бодаем вышибалу в
        шахте-1» (in the poster's turn: the attack, said again or for the first time), «Гилена рубим
        мечником»: a striker said in the instrumental strikes, else every own card that can strike
        in the fight; an enemy side named as a whole («трутней», «Бориса») picks no target."""
        place = next((it for it in cl if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))), None)
        if not any(it.kind in REF_KINDS for it in cl):
            return []  # «Побьём их всех!»
        if self.mode != "main" or (self.fight is not None and self.fight.attacker != self.faction):
            return self._we_targets(cl)
        if place is None and self.fight is None:
            raise fail("read.attack_where", v, "KZ-ATK-01", kind=ProblemKind.UNREADABLE)
        sector = self.t.sector(place, default_own=False) if place is not None else self.fight.sector  # type: ignore[union-attr]
        reads = [Read(Attack(sector=sector), cl[0].start, max(place.end, v.end) if place is not None else v.end)]
        colon = next((k for k, it in enumerate(cl) if it.sym(":") and it.start > v.start), None)
        old = self.fight
        self.fight = Fight(sector, attacker=self.faction)
        try:
            if colon is not None and any(it.kind in REF_KINDS for it in cl[colon + 1:]):
                reads += self._strikes(cl[colon + 1:])
            else:  # the sector said is no target, unless it is the enemy capital itself («Бьём столицу!»)
                reads += self._we_targets([it for it in cl if it is not place or self._enemy_capital(sector)])
        except Fail as e:
            reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
        finally:
            self.fight = old
        return reads

    def _we_targets(self, cl: list[Item]) -> list[Read]:
        """The strikes of «бьём …» in the fight being read."""
        from letopis.engine.text import parses

        sector = self.fight.sector if self.fight is not None else None
        names = [it for it in cl if it.kind == "name" and not self.t._place_only(it)
                 and it.text not in self.t.words.races]
        strikers = [it for it in names if self.t.piece_candidates(it, {self.faction}, sector)
                    and any("ablt" in p.tag for p in parses(it.text.split()[-1])[:2])]
        targets = [it for it in names if it not in strikers]
        city = next((it for it in cl if self.t.is_place(it) and (it.kind != "name" or self.t._place_only(it))
                     and sector is not None and self._enemy_capital(sector)), None)
        if not targets and city is not None:
            targets = [city]  # «Жалим город!»: the enemy capital the fight is in is the target
        if not targets and any(self._enemy_side(it) for it in cl):
            return []  # «Бьём трутней!»: the side as a whole, no card picked — the attack's own targets stand
        group = [it for it in cl if it.is_("w_all")]
        seg = {"strikers": strikers or group[:1] or [_ALL], "targets": targets, "neg": False, "reveal": False,
               "start": cl[0].start, "end": cl[-1].end}
        return self._segment(seg, self.fight)

    def _enemy_capital(self, sector: str) -> bool:
        here = self.state.sectors.get(sector)
        return here is not None and here.kind == "capital" and here.put_by != self.faction

    def _enemy_side(self, it: Item) -> bool:
        """«трутней», «козлов», «Бориса»: another player, or his race, named as a whole."""
        if it.kind == "person":
            return it.value != self.faction
        race = it.value if it.kind == "race" else self.t.words.races.get(it.text) if it.kind == "name" else None
        me = self.state.players.get(self.faction)
        return race is not None and (me is None or race != me.race)

    def _attack_by(self, cl: list[Item], v: Item) -> list[Read]:
        """«Бодун и тень атакуют вышибалу в шахте-1»: the attack, with its strikers as the subject of
        the attack verb and their target as its object; the sector is the one said, else where the
        target stands."""
        sector, place = self.attack_sector(cl, v)
        reads = [Read(Attack(sector=sector), cl[0].start, cl[-1].end)]
        k = cl.index(place) if place is not None else None
        if k is not None and k and cl[k - 1].is_("w_into", "w_onto"):
            k -= 1
        rest = cl[:k] + cl[cl.index(place) + 1:] if place is not None and k is not None else cl
        old = self.fight
        self.fight = Fight(sector, attacker=self.faction)
        try:
            reads += self._strikes(rest)
        except Fail as e:
            reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
        finally:
            self.fight = old
        return reads

    def _attack(self, cl: list[Item], v: Item) -> list[Read]:
        sector, place = self.attack_sector(cl, v)
        head_end = max(place.end, v.end) if place is not None else v.end
        reads = [Read(Attack(sector=sector), cl[0].start, head_end)]
        rest = [it for it in cl if it.start >= head_end]
        if any(it.kind in REF_KINDS or it.is_("w_all") for it in self._strike_items(rest)[0]):
            old = self.fight
            self.fight = Fight(sector, attacker=self.faction)
            try:
                reads += self._strikes(rest)
            except Fail as e:
                reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
            finally:
                self.fight = old
        return reads

    def _strikes(self, cl: list[Item]) -> list[Read]:
        """«Мечник рубит гилена, лучник стреляет по шмелю», «X → Y, Z», «все бьют по столице»,
        «X не бьёт», «X выходит из тени и бьёт Y»: TargetPicks in a main post, Strikes in a
        reaction post."""
        said = cl
        cl, same = self._strike_items(cl)
        segments: list[dict] = []
        group: list[Item] = []  # «Мечник и лучник бьют…»: strikers waiting for their verb
        closed = False  # the last target list ended («…, броня ему не поможет, у колдуна …»)
        n = len(cl)
        i = 0
        while i < n:
            it = cl[i]
            if it.sym(",") and segments and segments[-1]["targets"] and i + 1 < n and cl[i + 1].kind == "word" \
                    and cl[i + 1].concept is None:
                closed = True  # a comma and a word of another sentence: the targets are said
            if it.start in same and segments and segments[-1]["targets"] and self._may_strike(it):
                # «…, бодун тоже», «щитоносец тоже»: the same targets as the striker before
                segments.append({**segments[-1], "strikers": [*group, it], "start": (group or [it])[0].start,
                                 "end": it.end})
                group = []
                i += 1
                continue
            if it.kind in REF_KINDS or it.is_("w_all"):
                j = i + 1
                reveal = neg = False
                while j < n and (cl[j].is_("w_not", "d_reveal", "v_exit", "w_and") or cl[j].sym(",")
                                 or cl[j].text == "но" and reveal):
                    if cl[j].sym(",") and j + 1 < n and cl[j + 1].is_("v_strike") and not segments and not group:
                        j += 1  # «Лучник, стреляй в гилена!»
                        break
                    if cl[j].is_("w_not"):
                        neg = True
                    elif cl[j].is_("d_reveal", "v_exit"):
                        reveal = True
                    elif not reveal:
                        break
                    j += 1
                after_comma = i > 0 and (cl[i - 1].sym(",", ";") or cl[i - 1].is_("w_and") and i > 1
                                         and cl[i - 2].sym(",", ";"))
                fresh = not segments or after_comma and bool(segments[-1]["targets"] or segments[-1]["neg"])
                if j < n and (cl[j].is_(*_STRIKE_MARKS) or cl[j].sym("→")
                              or (cl[j].is_("w_at") and self._may_strike(it) and (fresh or group))
                              or (cl[j].is_("w_into") and self._may_strike(it) and fresh and j + 1 < n
                                  and self._enemy_here(cl[j + 1]))
                              or (cl[j].sym(":", "-") and fresh and j + 1 < n and cl[j + 1].kind in REF_KINDS)):
                    segments.append({"strikers": [*group, it], "targets": [], "neg": neg, "reveal": reveal,
                                     "start": (group or [it])[0].start, "end": cl[j].end})
                    group, closed = [], False
                    i = j + 1
                    continue
                if segments and fresh and not group and j == i + 1 and j < n and self._may_strike(it) \
                        and self._enemy_here(cl[j]):
                    # «Шмель кусает мечника, оса тоже мечника», «мечник — гилена, лучник шмеля»: the verb
                    # is said once, each striker names his own target
                    segments.append({"strikers": [it], "targets": [], "neg": False, "reveal": False,
                                     "start": it.start, "end": it.end})
                    closed = False
                    i += 1
                    continue
                if reveal and not segments and j >= n:
                    segments.append({"strikers": [it], "targets": [], "neg": True, "reveal": True,
                                     "start": it.start, "end": cl[j - 1].end})
                    i = j
                    continue
                taking = bool(segments) and not segments[-1]["targets"]
                if not taking and self._may_strike(it) and self._group_ahead(cl, i):
                    group.append(it)
                elif segments and not closed:
                    segments[-1]["targets"].append(it)
                    segments[-1]["end"] = it.end
                i += 1
                continue
            if it.is_("w_not") and segments and i + 1 < n and cl[i + 1].is_("v_strike"):
                segments[-1]["neg"] = True
                segments[-1]["targets"] = []
            i += 1
        if not segments:
            where = (cl or said)[0]
            if self.mode == "reaction":
                raise fail("read.strike_who", where, "KZ-COMBAT-05", kind=ProblemKind.UNREADABLE)
            raise fail("read.pick_striker", where, "KZ-DEF-CMB-03", kind=ProblemKind.UNREADABLE)
        fight = self.fight
        reads: list[Read] = []
        named: set[str] = set()
        for seg in segments:
            seg["others_than"] = set(named)
            try:
                got = self._segment(seg, fight)
                named.update(r.order.striker for r in got if isinstance(r.order, Strike))
                named.update(p.striker for r in got for p in r.picks)
                reads += got
            except Fail as e:
                reads.append(Read(None, e.issue.start, e.issue.end, [e.issue]))
        return reads

    def _strike_items(self, cl: list[Item]) -> tuple[list[Item], set[int]]:
        """The items of a target list without what only restates it: a remark in brackets
        («(там у гилена 5 жизней)»), «оба» after the strikers («мечник и лучник — оба по гилену»),
        «по» after a dash, a card after «у» (whose: «у колдуна атака магией»), «тоже» (the strikers it
        follows take the targets before: returned by start). A list wholly inside brackets («(мечник → гилен)») is the list, not a remark on it."""
        out: list[Item] = []
        same: set[int] = set()
        depth = 0
        remarks = _outside_brackets(cl)
        for k, it in enumerate(cl):
            if it.sym("(", ")"):
                depth = depth + 1 if it.text == "(" else max(0, depth - 1)
                continue
            if depth and remarks:
                continue
            if k and cl[k - 1].kind == "word" and cl[k - 1].text == "у" and it.kind in REF_KINDS:
                continue  # «у колдуна атака магией»: whose, neither a striker nor a target
            prev = out[-1] if out else None
            if it.kind == "word" and it.text in ("тоже", "также"):
                back = [x for x in out if not x.sym("-", ":", "→")]
                nxt = cl[k + 1] if k + 1 < len(cl) else None
                own_target = nxt is not None and (nxt.kind in REF_KINDS or nxt.is_("w_at", "w_into", *_STRIKE_MARKS)
                                                  or nxt.sym("-", ":", "→"))
                if back and back[-1].kind in REF_KINDS and prev is back[-1] and not own_target:
                    same.add(back[-1].start)  # «бодун тоже»; «следопыт — тоже гилена», «щитоносец тоже по гилену»
                continue  # only drop the word: the striker names his own target
            if it.is_("w_all") and it.text in ("оба", "обе") and prev is not None and prev.sym("-", ":", "→") \
                    and len(out) > 1 and out[-2].kind in REF_KINDS:
                continue
            if it.is_("w_at") and prev is not None and prev.sym("-", ":", "→"):
                continue
            if it.is_("w_into", "w_onto") and prev is not None and prev.sym("-", ":", "→") and k + 1 < len(cl) \
                    and cl[k + 1].kind == "name" and not self.t._place_only(cl[k + 1]):
                continue  # «лучник — в шмеля»: the target after the dash, not a place
            out.append(it)
        return out, same

    def _enemy_here(self, it: Item) -> bool:
        """A card of another player in the fight's sector (a target, not one more striker)."""
        if it.kind != "name" or self.t._place_only(it):
            return False
        sector = self.fight.sector if self.fight is not None else None
        return any(p.owner != self.faction for p in self.t.piece_candidates(it, None, sector)) \
            and not self.t.piece_candidates(it, {self.faction}, sector)

    def _may_strike(self, it: Item) -> bool:
        sector = self.fight.sector if self.fight is not None else None
        return it.is_("w_all") or (it.kind == "name" and bool(self.t.piece_candidates(it, {self.faction}, sector)))

    def _group_ahead(self, cl: list[Item], i: int) -> bool:
        """Whether the names from ``cl[i]`` on, joined by «и» or commas, end at a strike verb."""
        for it in cl[i + 1:]:
            if it.is_(*_STRIKE_MARKS) or it.sym("→"):
                return True
            if it.sym("-", ":") and self._may_strike(cl[i]):
                return True
            if it.is_("w_and") or it.sym(",") or (it.kind in REF_KINDS and self._may_strike(it)):
                continue
            return False
        return False

    def _segment(self, seg: dict, fight: Fight | None) -> list[Read]:
        striker_it: Item = seg["strikers"][-1]
        sector = fight.sector if fight is not None else None
        strikers: list[Piece] = []
        for who in seg["strikers"]:
            if who.is_("w_all"):
                if sector is None:
                    raise fail("read.pick_no_attack", who, "KZ-DEF-CMB-03")
                found = [p for p in self.state.pieces_in(sector, self.faction) if strikes(self.state, p)]
                if who.text.startswith("остальн"):  # «Лучник → шмель, остальные по гилену»
                    found = [p for p in found if p.uid not in seg.get("others_than", ())]
                if not found:
                    raise fail("read.all_strike_none", who, "KZ-DEF-CMB-03",
                               sector=f"«{sector_name(self.state, sector)}»")
            else:
                found = self.t.pieces(who, "own", sector=sector, many=True)
            strikers += [p for p in found if p not in strikers]
        if sector is None:
            sector = strikers[0].sector
        targets: list[str] = []
        if not seg["neg"]:
            for it in seg["targets"]:
                target = self._target(it, sector, fight)
                if target in targets:
                    raise fail("read.target_twice", it, "KZ-DEF-AREA-01", name=self.t.namer.piece(target)
                               if not target.startswith("capital:") else self.t.typed(it))
                targets.append(target)
            if not targets and not seg["reveal"]:
                raise fail("read.pick_targets", striker_it, "KZ-DEF-CMB-03", kind=ProblemKind.UNREADABLE,
                           name=self.t.namer.piece(strikers[0].uid))
        if self.mode == "reaction":
            # targets named for a creature in shadow bring it out (KZ-DEC-05)
            return [Read(Strike(striker=p.uid, targets=tuple(targets), reveal=seg["reveal"] or bool(p.shadow and targets)),
                         seg["start"], seg["end"])
                    for p in strikers]
        return [Read(None, seg["start"], seg["end"],
                     picks=[TargetPick(striker=p.uid, targets=tuple(targets)) for p in strikers],
                     implied=all(who.is_("w_all") for who in seg["strikers"]))]

    def _target(self, it: Item, sector: str, fight: Fight | None) -> str:
        if it.kind == "capital" and it.owner is None:
            here = self.state.sectors.get(sector)
            if here is not None and here.kind == "capital":
                return self.t.capital_target(sector)
            return self.t.capital_target(self.t.sector(it, default_own=False))
        if it.kind in ("capital", "place") or (it.kind == "name" and self.t._place_only(it)):
            return self.t.capital_target(self.t.sector(it, prefer=lambda s: s == sector, default_own=False))
        leavers = fight.leavers if fight is not None else None

        def prefer(p: Piece) -> bool:
            return p.uid in leavers if leavers is not None else p.owner != self.faction

        try:
            return self.t.piece(it, "any", sector=sector, prefer=prefer).uid
        except Fail as e:
            elsewhere = [p for p in self.t.piece_candidates(it) if p.sector != sector]
            if e.issue.code in ("read.piece_number", "read.move_not_there", "read.piece_missing") and elsewhere:
                raise fail("read.target_elsewhere", it, "KZ-DEF-CMB-05", name=self.t.namer.piece(elsewhere[0].uid),
                           where=sector_name(self.state, elsewhere[0].sector),
                           sector=sector_name(self.state, sector)) from None
            raise


def _outside_brackets(cl: list[Item]) -> bool:
    """Whether what is in brackets is a remark: a word or a name stands outside them, or nothing
    inside says a strike («(там у гилена 5 жизней)»)."""
    depth = 0
    marked = False
    for it in cl:
        if it.sym("(", ")"):
            depth = depth + 1 if it.text == "(" else max(0, depth - 1)
        elif not depth and it.kind != "sym":
            return True
        elif depth and (it.sym("→") or it.is_(*_STRIKE_MARKS)):
            marked = True
    return not marked
