"""Random legal posts, written the way players of the forum game write them (demo games, the
conformance suite, benchmarks, a stand-in for a missed turn where the GM wants one).

Every order is first passed through `legality.Checker` against the state as the post stands, so a
proposed post holds only lines the reader accepts. Units get blocks in the rulebook's style:

    Имп №1:
    1 ОД: перемещается на 36-15.
    2 ОД: копает золотую шахту на 35-14.

archdemon actions are first-person sentences («Призываю беса.», «Накладываю Ярость на керуба
№1.»), and now and then a line of chatter or BBCode goes in. Choices come from the given `Dice`,
so a proposal is reproducible from its seed.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.dice import Chooser, Dice

from . import refs
from .data import DATA
from .map import geometry as g
from .orders import (
    Ability,
    Alchemy,
    Attack,
    AttackBuilding,
    Build,
    Capture,
    Cast,
    Dig,
    EndTurn,
    Equip,
    Forge,
    Hospital,
    MineOrder,
    Move,
    Pickup,
    Repair,
    Research,
    RuneExchange,
    RuneUnlock,
    SendSpirit,
    Summon,
    TowerShot,
    UpgradeBuilding,
    UpgradeUnit,
)
from .rules import mechanics as m
from .rules.actions.archdemon import next_unit_id
from .rules.legality.checker import Checker
from .rules.world import World
from .state import EMPTY, State, Unit

CHATTER = ("Всем привет!", "Удачи всем :)", "Архидемон злобно хохочет, глядя на карту…", "Ход непростой, думал долго.",
           "(офф: отвечаю с телефона)", "Жду ответа ГМ.", "Тьма сгущается.")
BLOCKS = True  # unit blocks with «N ОД:» lines (else one canonical line per order)
BUILD_CHOICES = ("circle", "battle_tower", "slow_tower", "laboratory", "hospital", "armoury", "wall")


class _Post:
    """The orders of one proposal, checked one by one."""

    def __init__(self, state: State, faction: str, rng: Chooser) -> None:
        self.checker = Checker(state, faction)
        self.w: World = self.checker.world
        self.f = faction
        self.rng = rng
        self.accepted: list[tuple[str | None, BaseModel]] = []  # (unit id or None, order), in post order

    def _try(self, order: BaseModel) -> bool:
        return not (self.checker.check(order) or any(n.code == "roll.depends" for n in self.checker.notes))

    def try_arch(self, order: BaseModel) -> bool:
        if not self._try(order):
            return False
        self.accepted.append((None, order))
        return True

    def try_unit(self, order: BaseModel) -> bool:
        if not self._try(order):
            return False
        self.accepted.append((order.unit, order))  # type: ignore[attr-defined]
        return True

    def label(self, u: Unit):  # type: ignore[no-untyped-def]
        return refs.label(self.w, u, self.f)  # type: ignore[arg-type]


def propose(state: State, faction: str, dice: Dice) -> str:
    """A random legal post for ``faction`` now (empty when it is not his turn)."""
    if state.phase != "turn" or state.active != faction:
        return ""
    rng = Chooser(dice, "предложение хода")
    post = _Post(state, faction, rng)
    _archdemon(post)
    units = [u for u in post.w.iter_units() if u.side == faction]
    for u in rng.shuffled(sorted(units, key=lambda u: u.seq)):
        if rng.chance(85):
            _unit_turn(post, u.id)
    if rng.chance(20):
        _archdemon_late(post)
    return _write(post, rng)


# --- archdemon actions ------------------------------------------------------------------------------
def _archdemon(post: _Post) -> None:
    w, f, rng = post.w, post.f, post.rng
    p = w.player(f)
    if rng.chance(15):
        affordable = [k for k, s in DATA.spells.items() if k not in p.spells and s.research <= p.mana
                      and all(r in p.runes for r in s.runes)]
        if affordable:
            post.try_arch(Research(spell=rng.pick(affordable)))
    own = [u for u in w.iter_units() if u.owner == f]
    imps = sum(1 for u in own if not u.data.military)
    income = sum(b.level or 0 for b in w.buildings_of(f, "source"))
    upkeep = sum(u.data.upkeep for u in own)
    if rng.chance(60):
        for b in w.buildings_of(f, "source"):  # more mana a turn: the way to a bigger army
            if (b.level or 1) < 10:
                post.try_arch(UpgradeBuilding(building=b.id, cell=b.cell, level=(b.level or 1) + 1))
                break
    if len(own) < DATA.limits.units and upkeep + 1 <= income + w.player(f).mana // 6 and rng.chance(80):
        kind = "imp" if imps < 3 or rng.chance(25) else "bes"
        if not post.try_arch(Summon(unit_kind=kind)):
            post.try_arch(Summon(unit_kind="imp"))
    if rng.chance(50):
        _upgrade_some(post)


def _upgrade_some(post: _Post) -> None:
    w, f, rng = post.w, post.f, post.rng
    own = [u for u in w.iter_units() if u.owner == f and u.data.military and u.controller is None]
    for u in rng.shuffled(own)[:2]:
        options = DATA.upgrades_of(u.kind)
        if options:
            post.try_arch(UpgradeUnit(unit=u.id, who=post.label(u), to=rng.pick(options)))


def _archdemon_late(post: _Post) -> None:
    """Spells, alchemy, the armoury, spirits and towers — tried after the units have moved."""
    w, f, rng = post.w, post.f, post.rng
    p = w.player(f)
    if p.spells:
        spell = rng.pick(p.spells)
        data = DATA.spells[spell]
        pool = [u for u in w.iter_units() if (u.side == f) == (data.target == "own")]
        if pool:
            t = rng.pick(sorted(pool, key=lambda u: u.seq))
            post.try_arch(Cast(spell=spell, target=t.id, whom=post.label(t)))
    if w.buildings_of(f, "laboratory") and p.mana >= 10 and rng.chance(50):
        post.try_arch(Alchemy(resource="gold", amount=rng.pick((1, 2, 5))))
    if w.buildings_of(f, "armoury") and rng.chance(50):
        post.try_arch(Forge(artifact=rng.pick(("sword", "armour", "amulet", "crown"))))
    own = sorted((u for u in w.iter_units() if u.owner == f and u.controller is None), key=lambda u: u.seq)
    if p.store and own:
        u = rng.pick(own)
        post.try_arch(Equip(artifact=rng.pick(p.store), unit=u.id, who=post.label(u)))
    if p.spirits and own:
        u = rng.pick(own)
        post.try_arch(SendSpirit(spirit=rng.pick(("guardian", "valour", "life")), unit=u.id, who=post.label(u)))
    for b in w.buildings_of(f, "battle_tower"):
        if b.ap > 0:
            post.try_arch(TowerShot(tower=b.id, cell=b.cell, ap=1))


# --- one unit's turn ------------------------------------------------------------------------------------
def _unit_turn(post: _Post, uid: str) -> None:
    rng = post.rng
    for _ in range(4):
        u = post.w.unit(uid)
        if u is None or u.ap <= 0 or u.side != post.f:
            return
        options = _options(post, u)
        if not options:
            return
        done = False
        for order in options:
            if post.try_unit(order):
                done = True
                break
        if not done or rng.chance(10):
            return


def _options(post: _Post, u: Unit) -> list[BaseModel]:
    """Candidate orders for the unit, the most purposeful first, with a little randomness."""
    w, f, rng = post.w, post.f, post.rng
    who = post.label(u)
    out: list[BaseModel] = []
    enemies = _enemies_near(w, u, f, 3)
    for t in enemies:
        if g.adjacent(u.cell, t.cell) or u.data.ranged:
            out.append(Attack(unit=u.id, who=who, target=t.id, whom=post.label(t), cell=t.cell))
    for ab in u.data.abilities:
        order = _ability(post, u, ab, enemies)
        if order is not None and rng.chance(40):
            out.insert(0 if rng.chance(50) else len(out), order)
    for cell in [u.cell, *g.neighbours(u.cell, w.size)]:
        for obj in w.objects_at(cell):
            out.insert(0, Pickup(unit=u.id, who=who, object=obj.id, object_kind=obj.kind, item=obj.item, cell=obj.cell))
    if u.runes and rng.chance(80):
        rune = u.runes[0]
        if rune in w.player(f).runes or rng.chance(30):
            out.insert(0, RuneExchange(unit=u.id, who=who, rune=rune))
        else:
            out.insert(0, RuneUnlock(unit=u.id, who=who, rune=rune))
    for cell in g.neighbours(u.cell, w.size):
        b = w.building_at(cell)
        if b is None:
            continue
        if b.kind == "source" and b.owner != f and u.controller is None:
            out.insert(0, Capture(unit=u.id, who=who, building=b.id, cell=b.cell, ap=u.ap))
        elif b.kind == "hospital" and b.owner == f and u.hp < u.max_hp():
            out.insert(0, Hospital(unit=u.id, who=who, building=b.id, cell=b.cell, ap=1))
        elif b.owner not in (f, None) and b.kind != "source" and rng.chance(60):
            out.insert(0, AttackBuilding(unit=u.id, who=who, building=b.id, building_kind=b.kind, cell=b.cell))
        elif b.owner == f and b.hp < b.max_hp() and u.data.works:
            out.append(Repair(unit=u.id, who=who, building=b.id, building_kind=b.kind, cell=b.cell))
    if u.data.works:
        out.extend(_imp_work(post, u))
    moves = _moves(post, u, enemies)
    if rng.chance(50):
        out = moves + out
    else:
        out = out + moves
    return out


def _enemies_near(w: World, u: Unit, f: str, radius: int) -> list[Unit]:
    out = []
    for cell in g.within(u.cell, radius, w.size):
        for t in w.units_at(cell):
            if m.is_enemy(t, f):
                out.append(t)
    return out


def _ability(post: _Post, u: Unit, ab: str, enemies: list[Unit]) -> BaseModel | None:
    w, f, rng = post.w, post.f, post.rng
    spec = DATA.abilities[ab]
    if not spec.active or ab in ("melee", "ranged"):
        return None
    who = post.label(u)
    if spec.target == "enemy" and enemies:
        t = rng.pick(enemies)
        return Ability(unit=u.id, who=who, ability=ab, target=t.id, whom=post.label(t), ap=spec.ap)
    if spec.target == "own":
        friends = [x for x in w.units_at(rng.pick([u.cell, *g.neighbours(u.cell, w.size)])) if x.side == f]
        if ab == "sacrifice":
            friends = [x for x in friends if x.id != u.id and x.owner == f and not x.data.military]
        if friends:
            t = friends[0]
            return Ability(unit=u.id, who=who, ability=ab, target=t.id, whom=post.label(t), ap=spec.ap)
    if spec.target == "around" and enemies:
        return Ability(unit=u.id, who=who, ability=ab, ap=spec.ap)
    if spec.target == "direction" and enemies:
        t = enemies[0]
        d = g.direction_between(u.cell, t.cell)
        if d is not None:
            return Ability(unit=u.id, who=who, ability=ab, direction=d, ap=spec.ap)
    if spec.target == "cell" and enemies:
        return Ability(unit=u.id, who=who, ability=ab, cell=rng.pick(enemies).cell, ap=spec.ap)
    return None


def _enemy_altar(w: World, f: str, cell: tuple[int, int]) -> tuple[int, int] | None:
    """The cell of the nearest rival's Altar (where armies and tunnels head for)."""
    altars = [b.cell for b in w.buildings.values() if b.kind == "altar" and b.owner not in (f, None)]
    return min(altars, key=lambda c: m.dist(w, c, cell)) if altars else None


def _imp_work(post: _Post, u: Unit) -> list[BaseModel]:
    w, f, rng = post.w, post.f, post.rng
    who = post.label(u)
    out: list[BaseModel] = []
    cells = rng.shuffled(g.neighbours(u.cell, w.size))
    for cell in cells:
        mine = w.mine_at(cell)
        if mine is not None:
            out.insert(0, MineOrder(unit=u.id, who=who, cell=cell, mine=mine.kind, ap=1))
    digs = [c for c in cells if w.undug(*c)]
    if digs and rng.chance(70):
        goal = _enemy_altar(w, f, u.cell)
        if goal is not None and rng.chance(60):
            digs.sort(key=lambda c: m.dist(w, c, goal))  # tunnel towards the nearest rival
        out.append(Dig(unit=u.id, who=who, cell=digs[0]))
    p = w.player(f)
    if p.gold >= 50 and rng.chance(12):
        free = [c for c in cells if w.terrain(c) == EMPTY and not w.unit_ids_at(c) and not w.objects_at(c)]
        if free:
            kind = rng.pick(BUILD_CHOICES)
            out.append(Build(unit=u.id, who=who, building=kind, cell=free[0]))
    return out


def _moves(post: _Post, u: Unit, enemies: list[Unit]) -> list[BaseModel]:
    """A step (or two) towards the nearest enemy, else somewhere free."""
    w, f, rng = post.w, post.f, post.rng
    free = [c for c in g.neighbours(u.cell, w.size)
            if w.terrain(c) == EMPTY and not w.unit_ids_at(c) and m.corner_open(w, u.cell, c)]
    if not free:
        return []
    goal = None
    if enemies and u.data.military:
        goal = min(enemies, key=lambda t: m.dist(w, u.cell, t.cell)).cell
    elif u.data.military and rng.chance(60):
        goal = _enemy_altar(w, f, u.cell)
    if goal is not None:
        free.sort(key=lambda c: m.dist(w, c, goal))
        first = free[0]
    else:
        first = rng.pick(free)
    path = [first]
    if u.ap >= 2 and rng.chance(35):
        nxt = [c for c in g.neighbours(first, w.size) if c != u.cell and w.terrain(c) == EMPTY
               and not w.unit_ids_at(c) and m.corner_open(w, first, c)]
        if nxt:
            path.append(rng.pick(nxt))
    who = post.label(u)
    out: list[BaseModel] = [Move(unit=u.id, who=who, path=tuple(path), ap=len(path))]
    if len(path) > 1:
        out.append(Move(unit=u.id, who=who, path=(first,), ap=1))
    return out


# --- writing the post ---------------------------------------------------------------------------------
def _write(post: _Post, rng: Chooser) -> str:
    """The lines in the order they were checked: archdemon sentences, unit blocks, more sentences."""
    lines: list[str] = []
    if rng.chance(30):
        lines.append(rng.pick(CHATTER))
    group: list[BaseModel] = []
    current: str | None = None
    said_arch = False
    for uid, order in post.accepted:
        if uid is not None and uid == current:
            group.append(order)
            continue
        if group:
            lines += _block(group, rng)
            group = []
        current = uid
        if uid is None:
            if not said_arch and rng.chance(30):
                lines.append("Архидемон:")
            said_arch = True
            lines.append(order.to_text())  # type: ignore[attr-defined]
        else:
            group = [order]
    if group:
        lines += _block(group, rng)
    if rng.chance(40) or not lines:
        lines.append(EndTurn().to_text())
    if rng.chance(15):
        lines.append(rng.pick(CHATTER))
    if rng.chance(20) and lines:
        i = rng.below(len(lines))
        if lines[i] and not lines[i].endswith(":"):
            lines[i] = f"[b]{lines[i]}[/b]"
    return "\n".join(lines)


def _block(orders: list[BaseModel], rng: Chooser) -> list[str]:
    """A unit's orders: a header and «N ОД: …» lines, or the canonical lines one by one."""
    if not BLOCKS or rng.chance(30):
        return [o.to_text() for o in orders]  # type: ignore[attr-defined]
    head = orders[0].head()  # type: ignore[attr-defined]
    out = [head.rstrip()]
    k = 1
    for o in orders:
        text = o.to_text()  # type: ignore[attr-defined]
        body = text.removeprefix(head)
        spent = o.ap  # type: ignore[attr-defined]
        prefix = f"{k} ОД" if spent == 1 else f"{k}-{k + spent - 1} ОД"
        out.append(f"{prefix}: {body}")
        k += spent
    return out


def propose_orders(state: State, faction: str, dice: Dice) -> list[BaseModel]:
    """The orders of a proposal, in post order (for tests and the benchmark)."""
    if state.phase != "turn" or state.active != faction:
        return []
    rng = Chooser(dice, "предложение хода")
    post = _Post(state, faction, rng)
    _archdemon(post)
    for u in sorted((u for u in post.w.iter_units() if u.side == faction), key=lambda u: u.seq):
        _unit_turn(post, u.id)
    _archdemon_late(post)
    return [o for _, o in post.accepted]


__all__ = ["next_unit_id", "propose", "propose_orders"]
