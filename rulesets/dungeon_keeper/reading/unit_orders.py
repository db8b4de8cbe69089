"""Unit orders from clauses: move, dig, mine, build, repair, pickup, attacks, capture, runes,
hospital and abilities (checklist §3.2, the first table).

Each builder gets the clause, the acting unit and the binder's context (`Acts`), and returns the
order models, or raises `Fail` with what is missing. Counts: repeatable actions (mining, repairs,
attacks, capture, the hospital, Страх) spend as many ОД as the line says — «(2 ОД)», «1-3 ОД:»,
«2 раза», «все ОД» (DK-GAP-14) — and one otherwise.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel

from letopis.engine.problems import ProblemKind

from .. import orders as o
from ..data import DATA
from ..map.geometry import adjacent, direction_between, find_path, step
from .bind import Issue, check_cell, fail, make, note, resolve
from .messages import msg
from .syntax import Clause, Part, Ref
from .view import UnitView, View

MINE_KIND = {"m_gold": "gold", "m_iron": "iron", "m_gem": "gem"}
_MINE_OF_RESOURCE = {"r_gold": "gold", "r_iron": "iron", "r_taldear": "gem"}  # «добывает железо»
MINE_RU = {"gold": "золотая шахта", "iron": "железная шахта", "gem": "самоцветная шахта"}
RUNES = {"o_rune_fire": "fire", "o_rune_dark": "dark", "o_rune_death": "death"}
ARTIFACTS = {"a_sword": "sword", "a_armour": "armour", "a_amulet": "amulet", "a_crown": "crown"}
ABILITY_OF = {
    "v_heal": "heal", "ab_heal": "heal", "v_sacrifice": "sacrifice", "ab_sacrifice": "sacrifice",
    "v_cleanse": "cleanse", "ab_cleanse": "cleanse", "v_breathe": "fire_breath", "ab_fire_breath": "fire_breath",
    "ab_fire_stream": "fire_stream", "v_subjugate": "subjugate", "ab_subjugate": "subjugate",
    "v_exhaust": "exhaust", "ab_exhaust": "exhaust", "v_fear": "fear", "ab_fear": "fear", "v_poison": "poison",
    "ab_poison": "poison", "ab_unbless": "unbless", "ab_death_cloud": "death_cloud",
}


class Acts(Protocol):
    """What builders need from the binder."""

    view: View
    issues: list[Issue]

    def count(self, c: Clause, actor: UnitView | None, default: int = 1, unit_cost: int = 1) -> int: ...

    def remaining(self, actor: UnitView) -> int: ...


def span_of(c: Clause) -> tuple[int, int]:
    return c.start, c.end


def cell_of(c: Clause, *prefixes: str) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The first cell the clause gives for a noun of these kinds, else its first bare cell."""
    for p in c.parts:
        if p.kind == "noun" and p.cell is not None and (not prefixes or (p.concept or "").startswith(prefixes)):
            return p.cell, p.cell_span or (p.start, p.end)
    for p in c.parts:
        if p.kind == "cell":
            return p.value, (p.start, p.end)  # type: ignore[return-value]
    return None


def _head(actor: UnitView, view: View) -> dict:
    return {"unit": actor.id, "who": view.label(actor)}


def _noun(c: Clause, prefix: str) -> Part | None:
    got = c.nouns(prefix)
    return got[0] if got else None


def _here(actor: UnitView, c: Clause) -> tuple[int, int]:
    if actor.cell is None:
        raise fail("read.cell_needed", span_of(c), what="действия", hint=example("dig"))
    return actor.cell


def example(kind: str) -> str:
    return msg("read.hint_example", example=EXAMPLES[kind])


EXAMPLES = {
    "move": "Имп №1: перемещается на 36-15.",
    "dig": "Имп №1: вскапывает клетку 13-21.",
    "mine": "Имп №1: копает золотую шахту на 35-14.",
    "build": "Имп №2: строит стену на 11-30.",
    "repair": "Имп №3: чинит Алтарь.",
    "pickup": "Бес №4: подбирает Сундук с золотом на 40-2.",
    "attack": "Керуб №1: атакует беса №2 (Ваал).",
    "attack_building": "Осадный зверь №1: атакует Алтарь на 20-20.",
    "capture": "Бес №1: захватывает Источник Силы на 30-30 (2 ОД).",
    "rune": "Имп №1: кладёт Руну Огня в Алтарь.",
    "hospital": "Мунглайр №1: лечится в Госпитале на 20-21 (2 ОД).",
    "ability": "Жрец №1: лечит керуба №2.",
    "summon": "Призываю беса.",
    "upgrade_unit": "Улучшаю беса №2 до жреца.",
    "upgrade_building": "Улучшаю Источник Силы на 20-22 до 4-го уровня.",
    "research": "Изучаю заклинание Ярость.",
    "cast": "Накладываю Ярость на керуба №1.",
    "alchemy": "Перегоняю 30 маны в железо.",
    "forge": "Кую меч.",
    "equip": "Надеваю броню на беса №1.",
    "spirit": "Посылаю духа жизни к бесу №4.",
    "tower_shot": "Боевая башня на 22-24: стреляет по бесу №5 (Ваал).",
}


# --- move (DK-MOVE-01, DK-MAP-04, DK-GAP-16) ----------------------------------------------------------
def move(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    start = _here(actor, c)
    cells: list[tuple[tuple[int, int], tuple[int, int], str | None]] = [
        (check_cell(p.value, view, (p.start, p.end)), (p.start, p.end), p.prep)  # type: ignore[arg-type]
        for p in c.parts if p.kind == "cell"]
    path: list[tuple[int, int]] = []
    if cells:
        first, first_span, prep = cells[0]
        if prep in ("с", "со", "из", "от") or (first == start and len(cells) > 1):
            if first != start:
                raise fail("read.move_from", first_span, kind=ProblemKind.ILLEGAL, where=cell_text(start), said=cell_text(first))
            cells = cells[1:]
        if not cells:
            raise fail("read.move_where", span_of(c), hint=example("move"))
        several = len(cells) > 1
        if not several and cells[0][2] == "в сторону":
            d = _direction_to(start, cells[0][0], cells[0][1])
            path = [step(start, d)]
        else:
            here = start
            for cell, span, _ in cells:
                if several or adjacent(here, cell):
                    path.append(cell)
                else:
                    limit = max(a.remaining(actor), 1)
                    found = find_path(view, here, cell, lambda x: _passable(view, x), limit=limit,
                                      stop_ok=lambda x: not view.units_at(x))
                    if not found:
                        raise fail("read.move_no_path", span, kind=ProblemKind.ILLEGAL, clause=_no_path_clause(view, cell),
                                   cell=cell_text(cell), ap=limit, hint=_no_path_hint(view, here, cell, limit))
                    path.extend(found)
                    a.issues.append(note("read.move_path_note", span, "DK-MOVE-01", cell=cell_text(cell),
                                         path=" → ".join(cell_text(x) for x in found)))
                here = cell
    else:
        d = direction_of(c)
        if d is None:
            goal = _goal(c, actor, a)
            if goal is None:
                raise fail("read.move_where", span_of(c), hint=example("move"))
            return _approach(c, actor, a, start, *goal)
        steps = c.repeat if c.repeat_said else _amount_before(c, d) or _amount_after(c, d) or 1
        here = start
        for _ in range(max(1, min(steps, 20))):
            here = step(here, d.value)  # type: ignore[arg-type]
            path.append(check_cell(here, view, (d.start, d.end)))
    return [make(o.Move, (c.start, c.end), unit=actor.id, who=view.label(actor), ap=len(path), path=tuple(path))]


_TOWARDS = frozenset({"к", "ко", "до"})
_INTO = frozenset({"в", "во"})  # «ползёт в госпиталь»: no unit stands inside a building, so it goes beside it


def _goal(c: Clause, actor: UnitView, a: Acts) -> tuple[tuple[int, int], str] | None:
    """What «идёт к госпиталю», «ковыляет к бесу Лилит» goes towards: (its cell, its name after «рядом с»)."""
    for p in c.parts:
        building = p.kind == "noun" and (p.concept or "").startswith("b_")
        if p.prep not in _TOWARDS and not (building and p.prep in _INTO):
            continue
        if p.kind == "ref" and p.ref is not None:
            target = resolve(p.ref, a.view, "any", a.issues)
            if target.cell is not None:
                return target.cell, a.view.label(target).text("ins")
        if p.kind == "noun" and (p.concept or "").startswith("b_"):
            _, kind, cell = find_building(c, actor, a, owner_default=None)
            return cell, DATA.buildings[kind].forms.ins
        if p.kind == "noun" and p.concept in OBJECT_OF or (p.concept or "") in MINE_KIND:
            return _nearest(p, actor, a)
    return None


def _nearest(p: Part, actor: UnitView, a: Acts) -> tuple[tuple[int, int], str]:
    """The object or mine «к сундуку», «к золотой шахте» names: at its cell if one is given, else the
    nearest one of that kind (two as near are a question)."""
    state = a.view.state
    if p.concept in MINE_KIND:
        what = MINE_RU[MINE_KIND[p.concept]]  # type: ignore[index]
        found = [(m.cell, DATA.mines[m.kind].forms.ins.lower()) for m in state.mines
                 if m.kind == MINE_KIND[p.concept] and a.view.is_mine(m.cell)]  # type: ignore[index]
    else:
        kind, item = OBJECT_OF[p.concept]  # type: ignore[index]
        what = _object_label(kind, item)
        found = [(ob.cell, o.object_name(ob.kind, ob.item, "ins")) for ob in state.objects.values()
                 if ob.kind == kind and (item is None or ob.item == item)]
    if p.cell is not None:
        found = [f for f in found if f[0] == p.cell]
    here = actor.cell or (0, 0)
    found.sort(key=lambda f: max(abs(f[0][0] - here[0]), abs(f[0][1] - here[1])))
    span = (p.start, p.end)
    if not found:
        raise fail("read.goal_unknown", span, kind=ProblemKind.ILLEGAL, what=what, hint=example("move"))
    if len(found) > 1 and _far(found[0][0], here) == _far(found[1][0], here):
        listing = ", ".join(cell_text(f[0]) for f in found[:6])
        raise fail("read.goal_ambiguous", span, kind=ProblemKind.AMBIGUOUS, where=listing, hint=msg("read.hint_cell"))
    return found[0]


def _far(cell: tuple[int, int], here: tuple[int, int]) -> int:
    return max(abs(cell[0] - here[0]), abs(cell[1] - here[1]))


def _approach(c: Clause, actor: UnitView, a: Acts, start: tuple[int, int], goal: tuple[int, int],
              what: str) -> list[BaseModel]:
    """A move to the nearest free cell next to a building or a unit; nothing when the unit already
    stands beside it («ковыляет к госпиталю и отлёживается там»)."""
    view = a.view
    if adjacent(start, goal):
        a.issues.append(note("read.move_beside", span_of(c), "DK-MOVE-01", who=view.label(actor).text(capital=True),
                             what=what))
        return []
    best: list[tuple[int, int]] | None = None
    best_key: tuple[int, int] | None = None
    for cell in _neighbours(goal):
        if not view.inside(cell) or _blocked(view, cell) is not None:
            continue
        found = find_path(view, start, cell, lambda x: _passable(view, x), limit=40,
                          stop_ok=lambda x: not view.units_at(x))
        # the shortest way; between equals, the cell a GM would pick: the straightest from the start
        key = (len(found), abs(cell[0] - start[0]) + abs(cell[1] - start[1])) if found else None
        if key is not None and (best_key is None or key < best_key):
            best, best_key = found, key
    if best is None:
        raise fail("read.move_no_path", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-MOVE-01",
                   cell=cell_text(goal), ap=max(a.remaining(actor), 1), hint=_no_path_hint(view, start, goal, 40))
    a.issues.append(note("read.move_path_note", span_of(c), "DK-MOVE-01", cell=cell_text(best[-1]),
                         path=" → ".join(cell_text(x) for x in best)))
    return [make(o.Move, span_of(c), unit=actor.id, who=view.label(actor), ap=len(best), path=tuple(best))]


def _blocked(view: View, cell: tuple[int, int], short: bool = False) -> str | None:
    """Why a unit cannot stand on a cell, or None when it can."""
    if not view.inside(cell):
        return "за краем карты"
    if view.undug(*cell):
        return "не вскопана"
    if view.building_at(cell) is not None:
        return "здание" if short else "на ней здание"
    if view.is_mine(cell):
        return "шахта" if short else "на ней шахта"
    units = view.units_at(cell)
    if units:
        who = view.label(units[0]).text()
        return who if short else f"на ней стоит {who}"
    return None


def _no_path_clause(view: View, goal: tuple[int, int]) -> str:
    """The rule a move breaks when no path reaches its goal: the goal's own, as the checker names it
    for a step onto it (rock DK-MOVE-03, a building DK-UNIT-04, a mine DK-GAP-21, someone else's unit
    DK-UNIT-03, one's own DK-GAP-20), or DK-MOVE-01 when the goal is open but the way is not."""
    if view.undug(*goal):
        return "DK-MOVE-03"
    if view.building_at(goal) is not None:
        return "DK-UNIT-04"
    if view.is_mine(goal):
        return "DK-GAP-21"
    units = view.units_at(goal)
    if units:
        return "DK-GAP-20" if all(u.side == view.faction for u in units) else "DK-UNIT-03"
    return "DK-MOVE-01"


def _no_path_hint(view: View, start: tuple[int, int], goal: tuple[int, int], ap: int) -> str | None:
    """What stands in the way of a move (issue 9, kind 10): the goal itself, a path longer than the
    unit's ОД, or the closed cells around the goal."""
    why = _blocked(view, goal)
    if why is not None:
        return msg("read.hint_path_goal", cell=cell_text(goal), why=why)
    longer = find_path(view, start, goal, lambda x: _passable(view, x), limit=40)
    if longer and ap >= 1:
        shown = " → ".join(cell_text(x) for x in longer[:5]) + (" → …" if len(longer) > 5 else "")
        near = next((x for x in reversed(longer[:ap]) if not view.units_at(x)), None)
        if near is not None:
            from letopis.engine.text import plural

            return msg("read.hint_path_longer", n=len(longer), steps=plural(len(longer), "шаг", "шага", "шагов"),
                       path=shown, ap=ap, near=cell_text(near))
    around = [(x, _blocked(view, x, short=True)) for x in _neighbours(goal) if view.inside(x)]
    closed = [f"{cell_text(x)} ({w})" for x, w in around if w is not None]
    if closed and len(closed) == len(around):
        return msg("read.hint_path_closed", cell=cell_text(goal), cells=", ".join(closed))
    return None


def _neighbours(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc]


def _amount_after(c: Clause, part: Part) -> int | None:
    """«вверх на 2 клетки»: a bare number right after a direction."""
    parts = c.parts
    i = parts.index(part)
    nxt = parts[i + 1] if i + 1 < len(parts) else None
    if nxt is not None and nxt.kind == "amount" and nxt.concept is None and nxt.prep in ("на", None):
        return nxt.value  # type: ignore[return-value]
    return None


def _passable(view: View, cell: tuple[int, int]) -> bool:
    """Own units may be passed through, nobody else's (DK-UNIT-02/03)."""
    return all(u.side == view.faction for u in view.units_at(cell))


def _amount_before(c: Clause, part: Part) -> int | None:
    """«на 2 клетки вверх»: a bare number before a direction."""
    best = None
    for p in c.parts:
        if p is part:
            break
        if p.kind == "amount" and p.concept is None:
            best = p.value
    return best  # type: ignore[return-value]


def _direction_to(start: tuple[int, int], cell: tuple[int, int], span: tuple[int, int]) -> str:
    dr = (cell[0] > start[0]) - (cell[0] < start[0])
    dc = (cell[1] > start[1]) - (cell[1] < start[1])
    if dr == 0 and dc == 0:
        raise fail("read.direction_cell", span, cell=cell_text(cell), where=cell_text(start))
    return direction_between(start, (start[0] + dr, start[1] + dc)) or "N"


def cell_text(cell: tuple[int, int] | None) -> str:
    return f"{cell[0]}-{cell[1]}" if cell else "?"


# --- digging and mining (DK-IMP-03..05, DK-MINE) -----------------------------------------------------
def kopat(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    """«копает» is mining when the target is a mine, digging otherwise (checklist §3.1)."""
    where = cell_of(c)
    if _noun(c, "m_") is not None or (where is not None and a.view.is_mine(where[0])):
        return mine(c, actor, a)
    if where is None and (_noun(c, "r_") is not None):
        return mine(c, actor, a)
    return dig(c, actor, a)


def dig(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    where = cell_of(c)
    if where is None:
        d = direction_of(c)
        if d is not None and actor.cell is not None:
            cell = check_cell(step(actor.cell, d.value), view, (d.start, d.end))  # type: ignore[arg-type]
        else:
            raise fail("read.cell_needed", span_of(c), what="вскапывания", hint=example("dig"))
    else:
        cell = check_cell(where[0], view, where[1])
    if c.repeat_said and c.repeat > 1 or isinstance(c.ap_count, int) and c.ap_count > 1:
        # «копает 20-21 два раза», «тратит оба ОД на 20-21»: a cell is dug in one ОД
        raise fail("read.repeat_fixed", span_of(c), clause="DK-GAP-14", hint=example("dig"), what="Вскапывание")
    return [make(o.Dig, span_of(c), **_head(actor, view), ap=1, cell=cell)]


def mine(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    noun = _noun(c, "m_")
    where = cell_of(c, "m_")
    said = MINE_KIND.get(noun.concept or "") if noun is not None else None
    resource = _noun(c, "r_")
    wanted = said or (_MINE_OF_RESOURCE.get(resource.concept or "") if resource is not None else None)
    if where is None:
        near = [m for m in view.state.mines if actor.cell is not None and adjacent(m.cell, actor.cell)
                and view.is_mine(m.cell) and (wanted is None or m.kind == wanted)]
        if len(near) != 1:
            raise fail("read.mine_which", span_of(c), hint=example("mine"))
        cell = near[0].cell
    else:
        cell = check_cell(where[0], view, where[1])
    if not view.is_mine(cell):
        raise fail("read.no_mine_here", where[1] if where else span_of(c), kind=ProblemKind.ILLEGAL,
                   clause="DK-IMP-03", cell=cell_text(cell))
    m = view.state.mine_at(cell)
    kind = m.kind if m is not None else (said or "gold")
    if said is not None and said != kind and noun is not None:
        a.issues.append(note("read.mine_kind", (noun.start, noun.end), "DK-MINE-01", warning=True, cell=cell_text(cell),
                             actual=MINE_RU[kind], said=MINE_RU[said]))
    ap = a.count(c, actor)
    return [make(o.MineOrder, span_of(c), **_head(actor, view), ap=ap, cell=cell, mine=kind)]


# --- building and repairing (DK-IMP-06/07, DK-GAP-37/39) --------------------------------------------
BUILDING_OF = {
    "b_altar": "altar", "b_source": "source", "b_circle": "circle", "b_battle_tower": "battle_tower",
    "b_slow_tower": "slow_tower", "b_armoury": "armoury", "b_wall": "wall", "b_laboratory": "laboratory",
    "b_hospital": "hospital",
}


# Buildings no one builds, and the rule that says so: a second Altar (DK-BLD-04), a new Source (DK-SRC-03).
_NEVER_BUILT = {"altar": ("read.second_altar", "DK-BLD-04"), "source": ("read.new_source", "DK-SRC-03")}


def build(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    nouns = [p for p in c.nouns("b_")]
    if len(nouns) > 1 and nouns[0].concept == "b_building":
        nouns = nouns[1:]  # «постройка оружейной на 11-13»: the word for "a building", then which
    if not nouns:
        raise fail("read.building_kind", span_of(c), hint=example("build"))
    noun = nouns[0]
    if noun.concept == "b_any_tower":
        raise fail("read.tower_which", (noun.start, noun.end), kind=ProblemKind.AMBIGUOUS,
                   hint=msg("read.hint_example", example="Имп №2: строит Боевую башню на 25-26."))
    kind = BUILDING_OF.get(noun.concept or "")
    if kind is None:
        raise fail("read.building_kind", (noun.start, noun.end), hint=example("build"))
    if not DATA.buildings[kind].buildable:
        code, clause = _NEVER_BUILT.get(kind, ("read.not_buildable", "DK-IMP-06"))
        raise fail(code, (noun.start, noun.end), kind=ProblemKind.ILLEGAL, clause=clause, what=DATA.buildings[kind].name)
    where = cell_of(c, "b_")
    if where is None:
        raise fail("read.cell_needed", span_of(c), what="постройки", hint=example("build"))
    cell = check_cell(where[0], view, where[1])
    return [make(o.Build, span_of(c), **_head(actor, view), ap=1, building=kind, cell=cell)]


def find_building(c: Clause, actor: UnitView | None, a: Acts, *, owner_default: str | None,
                  kinds: tuple[str, ...] = (), what: str = "здание") -> tuple[str, str, tuple[int, int]]:
    """(building id, kind, cell) a clause names: by cell, or by kind and owner («Алтарь Ваала»),
    or the one of that kind next to the unit."""
    view = a.view
    state = view.state
    nouns = [p for p in c.nouns("b_") if p.concept in BUILDING_OF or p.concept in ("b_any_tower", "b_building")]
    noun = nouns[0] if nouns else None
    where = cell_of(c, "b_")
    if where is not None:
        cell = check_cell(where[0], view, where[1])
        b = view.building_at(cell)
        if b is None:
            raise fail("read.no_building_at", where[1], kind=ProblemKind.ILLEGAL, cell=cell_text(cell))
        return b.id, b.kind, b.cell
    kind = BUILDING_OF.get(noun.concept or "") if noun is not None else None
    if kind is None and kinds and len(kinds) == 1:
        kind = kinds[0]
    owner = None
    if noun is not None:
        for w in noun.owner_words:
            owner = owner or view.owner_of(w)
        if "вражеский" in noun.owner_words:
            owner = owner or "*enemy"
    if owner is None:
        owner = owner_default
    pool = [b for b in state.buildings.values()
            if (kind is None or b.kind == kind) and (not kinds or b.kind in kinds)
            and (owner is None or (owner == "*enemy" and b.owner != view.faction) or b.owner == owner)
            and view.building_at(b.cell) is not None]
    if len(pool) > 1 and actor is not None and actor.cell is not None:
        near = [b for b in pool if adjacent(b.cell, actor.cell)]
        if near:
            pool = near
    span = (noun.start, noun.end) if noun is not None else span_of(c)
    name = DATA.buildings[kind].name if kind else what
    if not pool:
        raise fail("read.building_unknown", span, kind=ProblemKind.ILLEGAL, what=name)
    if len(pool) > 1:
        where_list = ", ".join(cell_text(b.cell) for b in pool[:6])
        raise fail("read.building_ambiguous", span, kind=ProblemKind.AMBIGUOUS, what=name, where=where_list,
                   hint=msg("read.hint_cell"))
    b = pool[0]
    return b.id, b.kind, b.cell


def repair(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    bid, kind, cell = find_building(c, actor, a, owner_default=None)
    ap = a.count(c, actor)
    return [make(o.Repair, span_of(c), **_head(actor, a.view), ap=ap, building=bid, building_kind=kind, cell=cell)]


# --- objects (DK-UNIT-05, DK-GAP-47, DK-OBJ) -----------------------------------------------------------
OBJECT_OF = {"o_chest": ("chest", None), "o_crystal": ("crystal", None), "o_rune": ("rune", None),
             "o_artifact": ("artifact", None),
             **{k: ("rune", v) for k, v in RUNES.items()}, **{k: ("artifact", v) for k, v in ARTIFACTS.items()}}


def pickup(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    noun = next((p for p in c.parts if p.kind == "noun" and p.concept in OBJECT_OF), None)
    if noun is not None and (noun.concept or "").startswith("o_rune") and c.nouns("b_altar"):
        return rune(c, actor, a, "rune_unlock")
    kind, item = OBJECT_OF.get(noun.concept or "", (None, None)) if noun is not None else (None, None)
    where = cell_of(c, "o_", "a_")
    if where is not None:
        cells = [check_cell(where[0], view, where[1])]
    elif actor.cell is not None:
        r, col = actor.cell
        cells = [(r + dr, col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if view.inside((r + dr, col + dc))]
    else:
        cells = []
    found = [ob for cell in cells for ob in view.state.objects_at(cell)
             if (kind is None or ob.kind == kind) and (item is None or ob.item == item)]
    span = (noun.start, noun.end) if noun is not None else span_of(c)
    what = _object_label(kind, item)
    if not found:
        raise fail("read.object_unknown", span, kind=ProblemKind.ILLEGAL, clause="DK-GAP-47", what=what)
    if len({(ob.kind, ob.item, ob.cell) for ob in found}) > 1:
        listing = ", ".join(f"{o.object_name(ob.kind, ob.item)} на {cell_text(ob.cell)}" for ob in found[:6])
        raise fail("read.object_ambiguous", span, kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-47", where=listing)
    ob = found[0]
    return [make(o.Pickup, span_of(c), **_head(actor, view), ap=1, object=ob.id, object_kind=ob.kind, item=ob.item,
                 cell=ob.cell)]


def _object_label(kind: str | None, item: str | None) -> str:
    """«Сундук с золотом», «Руна Огня», «Броня», «руна», «предмет» — what the line asked for."""
    if kind == "rune" and item is None:
        return "руна"
    if kind == "artifact" and item is None:
        return "артефакт"
    if kind is None:
        return "предмет"
    return o.object_name(kind, item)


def rune(c: Clause, actor: UnitView, a: Acts, action: str) -> list[BaseModel]:
    """A rune at the Altar: into it (the branch opens) or traded for mana (DK-OBJ-02, DK-GAP-49)."""
    noun = next((p for p in c.parts if p.kind == "noun" and (p.concept or "").startswith("o_rune")), None)
    school = RUNES.get(noun.concept or "") if noun is not None else None
    schools = [school] if school is not None else _carried_runes(c, actor, a, noun)
    if action == "use":
        raise fail("read.rune_use", span_of(c), kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-49", hint=example("rune"))
    cls = o.RuneUnlock if action == "rune_unlock" else o.RuneExchange
    return [make(cls, span_of(c), **_head(actor, a.view), ap=1, rune=x) for x in schools]


# A school said apart from the word «руна»: «открыть ветку огня — руну в алтарь».
_SCHOOL_WORDS = {"огня": "fire", "огонь": "fire", "тьмы": "dark", "тьма": "dark", "смерти": "death", "смерть": "death"}


def _carried_runes(c: Clause, actor: UnitView, a: Acts, noun: Part | None) -> list[str]:
    """Which of the runes the unit carries a rune named without its school means: the only one, the
    one whose school the clause names elsewhere, or all of them when counted («обе руны»)."""
    state_unit = a.view.state.units.get(actor.id)
    carried = list(dict.fromkeys(state_unit.runes)) if state_unit is not None else []
    said = [x for x in dict.fromkeys(_SCHOOL_WORDS.get(w) for w in c.words) if x in carried]
    counted = noun is not None and any(p.kind == "amount" and p.end <= noun.start and p.value == len(carried)
                                       for p in c.parts)
    if len(carried) == 1:
        return carried
    if len(said) == 1:
        return said
    if counted and len(carried) > 1:
        return carried
    raise fail("read.rune_which", span_of(c), kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-49", hint=example("rune"))


# --- combat (DK-COMBAT, DK-GAP-26) ---------------------------------------------------------------------
# Words that make a target the second one of Рвение's extra attack (DK-GAP-63): «если погибнет — бьёт …»,
# «при рвении — по …».
RETARGET_WORDS = frozenset({"погибнет", "погибнут", "умрет", "падет", "убьет", "рвении", "рвение", "берсерке"})


def _then(c: Clause, targets: list[Ref], view: View, issues: list[Issue]) -> dict[str, object]:
    """The attack's second target, if the line names one (DK-GAP-63)."""
    ref = c.then
    if ref is None and len(targets) > 1 and RETARGET_WORDS.intersection(c.words):
        ref = targets[1]  # «атакует беса №1, при рвении — по бесу №2»
    if ref is None:
        return {}
    second = resolve(ref, view, "enemy", issues)
    return {"then": second.id, "then_whom": view.label(second)}


def attack(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    view = a.view
    targets = [r for r in c.refs() if r.count is None]
    if targets:
        target = resolve(targets[0], view, "enemy", a.issues)
        ap = a.count(c, actor)
        return [make(o.Attack, span_of(c), **_head(actor, view), ap=ap, target=target.id, whom=view.label(target),
                     cell=target.cell, **_then(c, targets, view, a.issues))]
    if c.nouns("b_"):
        return attack_building(c, actor, a)
    where = cell_of(c)
    if where is not None:
        cell = check_cell(where[0], view, where[1])
        units = [u for u in view.units_at(cell)]
        if units:
            target = units[0]
            ap = a.count(c, actor)
            return [make(o.Attack, span_of(c), **_head(actor, view), ap=ap, target=target.id,
                         whom=view.label(target), cell=target.cell)]
        if view.building_at(cell) is not None:
            return attack_building(c, actor, a)
    raise fail("read.target_needed", span_of(c), what="атаки", hint=example("attack"))


def attack_building(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    if not c.nouns("b_") and c.refs():
        return attack(c, actor, a)
    if not c.nouns("b_") and cell_of(c) is None:
        raise fail("read.target_needed", span_of(c), what="атаки", hint=example("attack_building"))
    bid, kind, cell = find_building(c, actor, a, owner_default=None)
    ap = a.count(c, actor)
    return [make(o.AttackBuilding, span_of(c), **_head(actor, a.view), ap=ap, building=bid, building_kind=kind,
                 cell=cell)]


def capture(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    """ОД spent on capturing a Source next to the unit (DK-SRC-04, DK-GAP-36)."""
    view = a.view
    where = cell_of(c, "b_")
    if where is not None:
        cell = check_cell(where[0], view, where[1])
        b = view.building_at(cell)
        if b is None or b.kind != "source":
            raise fail("read.source_unknown", where[1], kind=ProblemKind.ILLEGAL, where=f" на {cell_text(cell)}")
    else:
        near = [b for b in view.state.buildings.values()
                if b.kind == "source" and b.owner != view.faction and actor.cell is not None
                and adjacent(b.cell, actor.cell)]
        if len(near) != 1:
            raise fail("read.source_unknown", span_of(c), kind=ProblemKind.ILLEGAL, where=" рядом с юнитом",
                       hint=example("capture"))
        b = near[0]
    # «1 ОД: захват источника» spends that one ОД; with no count said, all the unit has (DK-GAP-36)
    ap = a.count(c, actor, default=1 if c.ap_index is not None else a.remaining(actor) or 1)
    return [make(o.Capture, span_of(c), **_head(actor, view), ap=ap, building=b.id, cell=b.cell)]


def hospital(c: Clause, actor: UnitView, a: Acts) -> list[BaseModel]:
    """Healing beside an own Госпиталь, 2 хп per ОД (DK-BLD-13, DK-GAP-42)."""
    view = a.view
    where = cell_of(c, "b_")
    if where is not None:
        cell = check_cell(where[0], view, where[1])
        b = view.building_at(cell)
        if b is None or b.kind != "hospital":
            raise fail("read.hospital_unknown", where[1], kind=ProblemKind.ILLEGAL, clause="DK-GAP-42")
    else:
        near = [b for b in view.state.buildings_of(view.faction, "hospital")
                if actor.cell is not None and adjacent(b.cell, actor.cell)]
        if not near:
            near = view.state.buildings_of(view.faction, "hospital")
        if len(near) != 1:
            raise fail("read.hospital_unknown", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-GAP-42",
                       hint=example("hospital"))
        b = near[0]
    ap = a.count(c, actor)
    return [make(o.Hospital, span_of(c), **_head(actor, view), ap=ap, building=b.id, cell=b.cell)]


# --- abilities (DK-ABIL-03..13) ---------------------------------------------------------------------------
SPELL_OF = {
    "s_speed": "speed", "s_slow": "slow", "s_rage": "rage", "s_weakness": "weakness", "s_iron_skin": "iron_skin",
    "s_corruption": "corruption", "s_healing": "healing", "s_dispel": "dispel", "s_berserk": "berserk",
    "s_magic_absorb": "magic_absorb", "s_ghost": "ghost", "s_luck": "luck",
}


def ability(c: Clause, actor: UnitView, a: Acts, key: str) -> list[BaseModel]:
    view = a.view
    data = DATA.abilities[key]
    fields: dict = {"ability": key}
    span = span_of(c)
    targets = [r for r in c.refs() if r.count is None]
    if data.target in ("own", "enemy"):
        if not targets:
            if key in ("heal", "cleanse") and _self_said(c):
                target = actor
            else:
                raise fail("read.target_needed", span, what=data.name, hint=example("ability"))
        else:
            target = resolve(targets[0], view, "own" if data.target == "own" else "enemy", a.issues)
        fields.update(target=target.id, whom=view.label(target), cell=target.cell)
    elif data.target == "cell":
        where = cell_of(c)
        if where is not None:
            fields["cell"] = check_cell(where[0], view, where[1])
        elif targets:
            target = resolve(targets[0], view, "enemy", a.issues)
            fields["cell"] = target.cell
        else:
            raise fail("read.cell_needed", span, what=data.name, hint=example("ability"))
    elif data.target == "direction":
        fields["direction"] = _direction(c, actor, view)
    if key == "unbless":
        spell = next((p for p in c.parts if p.kind == "noun" and p.concept in SPELL_OF), None)
        if spell is not None:
            buff = SPELL_OF[spell.concept]  # type: ignore[index]
            if DATA.spells[buff].category != "buff" and buff not in ("ghost", "luck"):
                raise fail("read.buff_unknown", (spell.start, spell.end), kind=ProblemKind.ILLEGAL,
                           clause="DK-GAP-62", what=DATA.spells[buff].name)
            fields["buff"] = buff
    if data.repeatable:
        fields["ap"] = a.count(c, actor, unit_cost=data.ap)
        return [make(o.Ability, span, **_head(actor, view), **fields)]
    # «два раза пускает огненный поток»: an ability of fixed cost said N times is N uses, each
    # checked in turn (the ОД run out on the one that overspends, DK-TURN-03)
    fields["ap"] = data.ap
    times = c.repeat if c.repeat_said else 1
    return [make(o.Ability, span, **_head(actor, view), **fields) for _ in range(times)]


def _self_said(c: Clause) -> bool:
    return not c.refs()


def direction_of(c: Clause) -> Part | None:
    """The direction a clause names; «по диагонали» needs the diagonal said (DK-GAP-16)."""
    dirs = [p for p in c.parts if p.kind == "dir"]
    if not dirs:
        return None
    d = dirs[0]
    if d.value is None or (d.concept == "w_diag" and len(d.value) == 1):  # type: ignore[arg-type]
        raise fail("read.diagonal_which", (d.start, d.end), kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-16")
    return d


def _towards_units(c: Clause, actor: UnitView, view: View) -> str | None:
    """«жарит потоком огня импов Лилит»: a line ability aimed at units, with no direction said, goes
    the one way the rival units the clause names lie in a straight line from the actor (those off
    every line cannot be hit); two ways is still a question."""
    if actor.cell is None:
        return None
    ways: set[str] = set()
    for r in c.refs():
        owners = [view.owner_of(w) for w in r.owner_words]
        owner = next((x for x in owners if x is not None), None)
        for u, _ in view.find(r.kind if r.kind != "unit" else None, r.number, owner, None, "enemy"):
            d = direction_between(actor.cell, u.cell) if u.cell is not None else None
            if d is not None:  # one off every line cannot be hit anyway
                ways.add(d)
    return ways.pop() if len(ways) == 1 else None


def _direction(c: Clause, actor: UnitView, view: View) -> str:
    d = direction_of(c)
    if d is not None:
        return d.value  # type: ignore[return-value]
    where = cell_of(c)
    if where is not None and actor.cell is not None:
        d = direction_between(actor.cell, where[0])
        if d is None:
            raise fail("read.direction_cell", where[1], cell=cell_text(where[0]), where=cell_text(actor.cell))
        return d
    aimed = _towards_units(c, actor, view)
    if aimed is not None:
        return aimed
    raise fail("read.direction_needed", span_of(c), hint=msg("read.hint_example",
                                                         example="Ифрит №1: пускает огненный поток влево."))
