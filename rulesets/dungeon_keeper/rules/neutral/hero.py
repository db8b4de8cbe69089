"""The light Hero and his gnome: when they appear and what they do, by a documented, seeded behaviour
(DK-HERO-01..06, DK-GAP-74..77).

They form the neutral side and act in the neutral phase after every archdemon has had his turn
(DK-GAP-09). The Hero's turn (DK-GAP-75/76):
  1. poison, then Регенерация (+3); ОД = 5 minus losses; any debuff, control or poison is shaken
     off for 1 ОД (his Рассеивание);
  2. while ОД remain, in this order of preference:
     a. an artifact on his cell or next to it → pick it up (1 ОД) — he carries it;
     b. a player's unit within 3 cells (no sight needed) → if one is next to him, attack the one
        with the fewest хп (ties: a roll); otherwise step along a shortest path over empty cells
        towards the nearest such unit (ties between targets and between first steps: a roll);
     c. a player's building next to him → attack it;
     d. step on in his direction if that cell is empty and free; otherwise roll a new direction
        among the free neighbours; with none free he stops and his gnome digs the cell ahead.
The gnome then acts (ОД 2): if the Hero is walled in it digs the cell ahead of him (it must stand
next to that cell); otherwise it hits a player's unit next to it, or walks towards the Hero and
stops beside him. Every choice is a roll of the step's dice, so the GM sees it and may override it.

Appearance (DK-GAP-74): only when the GM asks (`request`), or with ``hero_spawn_chance`` percent
at the end of each round; the cell is rolled among empty cells with no player unit within 3 and a
free cell beside it for the gnome; the direction is a d8.
"""

from __future__ import annotations

from collections import deque

from ...data import DATA
from ...map import geometry as g
from ...orders import cell_text
from ...state import EMPTY, Arrow, Cell, HeroRequest, State, Unit
from .. import mechanics as m
from ..actions import combat
from ..actions.spells import dispel
from ..chronicle import Chronicle
from ..fate import Fate
from ..turnflow import ap_losses, poison_tick, regenerate
from ..world import World

HERO, GNOME = "hero", "gnome"
DIRS = tuple(g.DIRECTIONS)
SENSE = DATA.hero.sense
MAX_STEPS = 40  # a safety bound on one neutral phase; the Hero has 5 ОД


def request(state: State, cell: Cell | None = None, direction: str | None = None) -> State:
    """The GM orders the Hero to appear at the end of this round (DK-GAP-74); returns a new state."""
    w = World(state)
    w.hero_request = HeroRequest(cell=cell, direction=direction)
    return w.commit()


# --- helpers -------------------------------------------------------------------------------------
def _free(w: World, cell: Cell) -> bool:
    return w.inside(cell) and w.terrain(cell) == EMPTY and not w.unit_ids_at(cell)


def _can_step(w: World, a: Cell, b: Cell) -> bool:
    return _free(w, b) and m.corner_open(w, a, b)


def _bfs(w: World, start: Cell, limit: int = 12) -> dict[Cell, int]:
    """Steps from ``start`` over empty, unit-free cells (the corner rule applies)."""
    dist = {start: 0}
    q = deque([start])
    while q:
        cell = q.popleft()
        d = dist[cell]
        if d >= limit:
            continue
        for nxt in g.neighbours(cell, w.size):
            if nxt not in dist and _can_step(w, cell, nxt):
                dist[nxt] = d + 1
                q.append(nxt)
    return dist


def _player_units_near(w: World, cell: Cell, radius: int) -> list[Unit]:
    out = []
    for c in g.within(cell, radius, w.size, w.options.distance_metric):
        for u in w.units_at(c):
            if u.owner is not None:
                out.append(u)
    return out


def _spend(w: World, uid: str, n: int = 1) -> None:
    u = w.mut_unit(uid)
    u.ap = max(u.ap - n, 0)


def _step(w: World, ch: Chronicle, uid: str, cell: Cell) -> None:
    u = w.unit(uid)
    assert u is not None
    start = u.cell
    _spend(w, uid)
    u = w.move_unit(uid, cell)
    if not u.slowed and m.in_slow_aura(w, cell, None):
        u.slowed = True
        u.ap = max(u.ap - 1, 0)
    w.add_arrow(Arrow(kind="move", faction=None, path=(start, cell)))
    if ch.on:
        ch.add("neutral_move", "DK-GAP-75", who=ch.who(u), route=f"{cell_text(start)} → {cell_text(cell)}",
               data={"unit": uid, "path": [list(start), list(cell)]})


def _start(w: World, ch: Chronicle, uid: str) -> bool:
    """Poison, regeneration, ОД (DK-GAP-75 step 1–2). False if the unit died of poison."""
    u = w.unit(uid)
    if u is None:
        return False
    if u.poison is not None and not poison_tick(w, ch, u):
        return False
    regenerate(w, ch, w.unit(uid))  # type: ignore[arg-type]
    tm = w.mut_unit(uid)
    aura = m.in_slow_aura(w, tm.cell, None)
    tm.ap = max(tm.max_ap() - ap_losses(w, tm) - (1 if aura else 0), 0)
    tm.slowed = aura
    tm.ap_debt = 0
    tm.effects = [e for e in tm.effects if e.key != "fear"]
    return True


# --- the Hero ------------------------------------------------------------------------------------
def hero_turn(w: World, ch: Chronicle, fate: Fate, started: bool = False) -> bool:
    """The Hero's actions; True when he ended walled in (his gnome should dig)."""
    if w.unit(HERO) is None or not started and not _start(w, ch, HERO):
        return False
    h = w.unit(HERO)
    assert h is not None
    if (h.poison is not None or m.debuffs(h) or any(e.category == "control" for e in h.effects)) and h.ap > 0:
        _spend(w, HERO)
        dispel(w, ch, HERO, "DK-GAP-76")
    for _ in range(MAX_STEPS):
        h = w.unit(HERO)
        if h is None or h.ap <= 0:
            return False
        if _pick_up(w, ch, h):
            continue
        sensed = [u for u in _player_units_near(w, h.cell, SENSE)]
        if sensed and _fight_or_close_in(w, ch, fate, h, sensed):
            continue
        if _hit_building(w, ch, h):
            continue
        moved = _wander(w, ch, fate, h)
        if not moved:
            _spend(w, HERO, w.unit(HERO).ap)  # type: ignore[union-attr]
            if ch.on:
                ch.add("hero_blocked", "DK-GAP-75", data={"cell": list(h.cell)})
            return True
    return False


def _pick_up(w: World, ch: Chronicle, h: Unit) -> bool:
    """Every artifact within reach, 1 ОД each (DK-HERO-03)."""
    for cell in [h.cell, *g.neighbours(h.cell, w.size)]:
        for obj in w.objects_at(cell):
            if obj.kind == "artifact" and obj.item:
                _spend(w, HERO)
                w.remove_object(obj.id)
                hm = w.mut_unit(HERO)
                hm.runes = hm.runes + [obj.item]  # carried, not worn; dropped when he dies (DK-GAP-76)
                if ch.on:
                    ch.add("hero_pickup", "DK-HERO-03", what=DATA.artifacts[obj.item].forms.acc,
                           cell=cell_text(cell), data={"object": obj.id, "item": obj.item})
                return True
    return False


def _fight_or_close_in(w: World, ch: Chronicle, fate: Fate, h: Unit, sensed: list[Unit]) -> bool:
    """Attack an adjacent evil, the weakest first; else step towards the nearest (DK-HERO-05)."""
    near = [u for u in sensed if g.adjacent(h.cell, u.cell) and m.corner_open(w, h.cell, u.cell)]
    if near:
        low = min(u.hp for u in near)
        weakest = [u for u in near if u.hp == low]
        target, roll = fate.pick([u.id for u in weakest], "Герой: кого бить")
        t = w.unit(target)
        if ch.on:
            ch.add("hero_attacks", "DK-HERO-05", rolls=[roll], whom=ch.who(t, "acc"), data={"target": target})
        _spend(w, HERO)
        combat.attack_unit(w, ch, fate, HERO, target)
        return True
    dist = _bfs(w, h.cell)
    best: list[tuple[Cell, str]] = []
    best_d = None
    for u in sensed:
        for goal in g.neighbours(u.cell, w.size):
            d = dist.get(goal)
            if d is None or d == 0 or not m.corner_open(w, goal, u.cell):
                continue
            if best_d is None or d < best_d:
                best, best_d = [(goal, u.id)], d
            elif d == best_d:
                best.append((goal, u.id))
    if not best or best_d is None:
        return False
    (goal, target), roll = fate.pick(best, "Герой: к кому идти")
    back = _bfs(w, goal, best_d)
    firsts = [n for n in g.neighbours(h.cell, w.size) if _can_step(w, h.cell, n) and back.get(n) == best_d - 1]
    if not firsts:
        return False
    step, roll2 = fate.pick(firsts, "Герой: куда шагнуть")
    if ch.on:
        ch.add("hero_senses", "DK-HERO-04", rolls=[roll, roll2], whom=ch.who(w.unit(target), "dat"),
               data={"target": target})
    w.hero_direction = g.direction_between(h.cell, step) or w.hero_direction
    _step(w, ch, HERO, step)
    return True


def _hit_building(w: World, ch: Chronicle, h: Unit) -> bool:
    for cell in g.neighbours(h.cell, w.size):
        b = w.building_at(cell)
        if b is not None and b.owner is not None and not DATA.buildings[b.kind].indestructible \
                and m.corner_open(w, h.cell, cell):
            _spend(w, HERO)
            combat.attack_building(w, ch, HERO, b.id)
            return True
    return False


def _wander(w: World, ch: Chronicle, fate: Fate, h: Unit) -> bool:
    """On in his direction; a new random direction when the way is shut (DK-HERO-04)."""
    d = w.hero_direction
    if d is not None:
        ahead = g.step(h.cell, d)
        if _can_step(w, h.cell, ahead):
            _step(w, ch, HERO, ahead)
            return True
    free = [k for k in DIRS if _can_step(w, h.cell, g.step(h.cell, k))]
    if not free:
        return False
    d, roll = fate.pick(free, "Герой: новое направление (из свободных)")
    w.hero_direction = d
    if ch.on:
        ch.add("hero_turns", "DK-HERO-04", rolls=[roll], way=g.DIRECTION_RU[d], data={"direction": d})
    _step(w, ch, HERO, g.step(h.cell, d))
    return True


# --- the gnome -------------------------------------------------------------------------------------
def gnome_turn(w: World, ch: Chronicle, fate: Fate, hero_blocked: bool, started: bool = False) -> None:
    if w.unit(GNOME) is None or not started and not _start(w, ch, GNOME):
        return
    for _ in range(MAX_STEPS):
        gn = w.unit(GNOME)
        if gn is None or gn.ap <= 0:
            return
        h = w.unit(HERO)
        if h is not None and hero_blocked:
            cell = _dig_target(w, h, gn)
            if cell is not None:
                _spend(w, GNOME)
                w.set_terrain(cell, EMPTY)
                w.hero_direction = g.direction_between(h.cell, cell) or w.hero_direction
                hero_blocked = False
                if ch.on:
                    ch.add("gnome_digs", "DK-HERO-02", cell=cell_text(cell), data={"cell": list(cell)})
                continue
        foes = [u for u in _player_units_near(w, gn.cell, 1)
                if g.adjacent(gn.cell, u.cell) and m.corner_open(w, gn.cell, u.cell)]
        if foes:
            target, _roll = fate.pick([u.id for u in foes], "гном: кого бить")
            _spend(w, GNOME)
            combat.attack_unit(w, ch, fate, GNOME, target)
            continue
        if h is None or g.adjacent(gn.cell, h.cell):
            return
        goal_cells = [c for c in g.neighbours(h.cell, w.size) if _free(w, c)]
        dist = _bfs(w, gn.cell)
        reach = [(dist[c], c) for c in goal_cells if c in dist and dist[c] > 0]
        if not reach:
            return
        d, goal = min(reach)
        back = _bfs(w, goal, d)
        firsts = [n for n in g.neighbours(gn.cell, w.size) if _can_step(w, gn.cell, n) and back.get(n) == d - 1]
        if not firsts:
            return
        _step(w, ch, GNOME, firsts[0])


def _dig_target(w: World, h: Unit, gn: Unit) -> Cell | None:
    """The undug cell ahead of the Hero (or the next one round from his direction) that the gnome
    stands next to (DK-HERO-02)."""
    start = DIRS.index(w.hero_direction) if w.hero_direction in DIRS else 0
    for k in range(8):
        d = DIRS[(start + k) % 8]
        cell = g.step(h.cell, d)
        if w.inside(cell) and w.undug(*cell) and g.adjacent(gn.cell, cell):
            return cell
    return None


# --- appearance --------------------------------------------------------------------------------------
def spawn_cells(w: World) -> list[Cell]:
    """Empty cells with no player unit within 3 and a free cell beside them for the gnome (DK-GAP-74)."""
    clear = DATA.hero.spawn_clear
    near_units = set()
    for u in w.iter_units():
        for c in g.within(u.cell, clear, w.size, w.options.distance_metric):
            near_units.add(c)
    out = []
    for r in range(1, w.size + 1):
        row = w.rows[r - 1]
        for c in range(1, w.size + 1):
            if row[c - 1] != EMPTY or (r, c) in near_units:
                continue
            if any(_free(w, n) for n in g.neighbours((r, c), w.size)):
                out.append((r, c))
    return out


def maybe_spawn(w: World, ch: Chronicle, fate: Fate) -> None:
    if w.hero() is not None:
        return
    req = w.hero_request
    if req is None:
        chance = w.options.hero_spawn_chance
        if chance <= 0:
            return
        ok, roll = fate.chance(chance, "появится ли Герой")
        if ch.on:
            ch.add("hero_roll", "DK-GAP-74", rolls=[roll], result="появляется" if ok else "не появляется",
                   chance=chance, data={"spawned": ok})
        if not ok:
            return
        req = HeroRequest()
    w.hero_request = None
    rolls = []
    cell = req.cell if req.cell is not None and _free(w, req.cell) else None
    if cell is None:
        cells = spawn_cells(w)
        if not cells:
            if ch.on:
                ch.add("hero_no_room", "DK-GAP-74", data={})
            return
        cell, roll = fate.pick(cells, "где появится Герой")
        rolls.append(roll)
    direction = req.direction
    if direction is None:
        direction, roll = fate.pick(DIRS, "направление Героя (1d8)")
        rolls.append(roll)
    hero = Unit(id=HERO, kind="hero", owner=None, seq=w.next_seq, cell=cell, hp=1,
                artifacts=list(DATA.hero.equipment))
    hero.hp = hero.max_hp()
    hero.ap = hero.max_ap()
    w.next_seq += 1
    w.add_unit(hero)
    w.hero_direction = direction
    gnome_cell = next((n for n in g.neighbours(cell, w.size) if _free(w, n)), None)
    if gnome_cell is not None and w.gnome() is None:
        gdata = DATA.units["gnome"]
        w.add_unit(Unit(id=GNOME, kind="gnome", owner=None, seq=w.next_seq, cell=gnome_cell, hp=gdata.hp,
                        ap=gdata.ap))
        w.next_seq += 1
    if ch.on:
        ch.add("hero_appears", "DK-HERO-01", rolls=rolls, cell=cell_text(cell), way=g.DIRECTION_RU[direction],
               gnome=f", рядом с ним гном на {cell_text(gnome_cell)}" if gnome_cell else "",
               data={"cell": list(cell), "direction": direction, "gnome": list(gnome_cell) if gnome_cell else None})


def neutral_phase(w: World, ch: Chronicle, fate: Fate) -> bool:
    """After the round: the Hero, then the gnome; then, maybe, a Hero appears (DK-GAP-09, DK-GAP-74/75).
    With ``hero_mode`` = gm_manual the Hero and the gnome begin their turn (poison, regeneration,
    ОД) and wait for the GM: True is returned and the phase stays "neutral" (see manual.py)."""
    if w.hero() is not None or w.gnome() is not None:
        if w.options.hero_mode == "gm_manual":
            for uid in (HERO, GNOME):
                _start(w, ch, uid)
            if any(can_act(w, uid) for uid in (HERO, GNOME)):
                if ch.on:
                    ch.add("hero_manual", "DK-GAP-75", data={})
                return True
            present = [name for uid, name in ((HERO, "Герою"), (GNOME, "гному")) if w.unit(uid) is not None]
            if ch.on and present:  # issue 9: «стоит» is the only answer, the GM is not asked
                ch.add("hero_manual_sole", "DK-GAP-75", who=" и ".join(present).capitalize(),
                       data={"sole": True})
        else:
            auto_turns(w, ch, fate)
    maybe_spawn(w, ch, fate)
    return False


def can_act(w: World, uid: str) -> bool:
    """Has the GM anything to write for the Hero or the gnome (manual.py): ОД left and a free
    cell to step on, an archdemon's unit in reach, or (the gnome) an undug cell beside it? When
    neither can act, «стоит» is the only answer and the GM is not asked (issue 9)."""
    u = w.unit(uid)
    if u is None or u.ap <= 0:
        return False
    for cell in g.neighbours(u.cell, w.size):
        if _can_step(w, u.cell, cell):
            return True
        targets = [t for t in w.units_at(cell) if t.owner is not None]
        if targets and combat.can_strike(w, u, targets[0].id):
            return True
        if uid == GNOME and w.undug(*cell):
            return True
    return False


def auto_turns(w: World, ch: Chronicle, fate: Fate, started: bool = False) -> None:
    """The Hero's and the gnome's documented behaviour (DK-GAP-75); ``started``: their turn has begun."""
    blocked = hero_turn(w, ch, fate, started) if w.hero() is not None else False
    if w.gnome() is not None:
        gnome_turn(w, ch, fate, blocked, started)
