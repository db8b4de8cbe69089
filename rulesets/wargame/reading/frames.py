"""The wargame's order language as frames (core `letopis.engine.frames`), and how a chosen frame
becomes orders.

One frame per order kind of checklist §3 and per decision answer of §4. Each names its slots
(who acts, where to, at whom, with what), the lexicon concepts that evoke it, and the step
contexts in which it stands with no verb at all: in the deployment step «Рыцарь 6-2» places a
figure, in the maneuver «Мечник №2: 4-4 → 6-6» moves it, in the shooting «Лучник №1 → орк №3»
shoots, and while a decision waits a bare «мечник №4» answers it. The core picks the frame that
explains a clause best; a few order words outrank plain movement («с ходу», «штурм»,
«телепорт», «если победит»), so «идёт на 12-7 и лезет на башню» is a storm, not a move.

`build` reads the chosen frame's mentions in their written order: subjects (own figures, weapons)
are paired with the places or targets that follow them, so «Лучники №1 и №2 отходят на 3-2 и 4-2»
and «Мечник №1 занимает 12-8, мечник №2 — 13-8» both give two orders.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from letopis.engine.frames import GROUP, OWN, Choice, Evidence, Frame, Mention, Slot, choose, fit

from ..orders import (
    ActivateArtifact,
    Casualties,
    Charge,
    Continue,
    Deploy,
    FightFirst,
    Hold,
    Move,
    NoSave,
    NoShooting,
    PlayCard,
    Shoot,
    Step,
    Storm,
    Stray,
    Teleport,
    TowerCells,
    Withdraw,
)
from ..state import State
from .words import Item, lemmatizer

ENEMY, CELL, AMOUNT = "enemy", "cell", "amount"
WEAPON, ARTIFACT, SIDE = "weapon", "artifact", "side"
ACTOR = frozenset({OWN, GROUP})
ANY_FIG = frozenset({OWN, GROUP, ENEMY})


def _slot(name: str, kinds: set[str], *, required: bool = True, many: bool = False, role: str | None = None,
          title: str = "") -> Slot:
    return Slot(name, frozenset(kinds), required=required, many=many, role=role, title=title)


FRAMES: tuple[Frame, ...] = (
    Frame("deploy", (_slot("actor", ACTOR, many=True, title="фигуры"), _slot("cells", {CELL}, many=True, title="клетки")),
          triggers=frozenset({"deploy"}), implied=frozenset({"deploy"}), title="расстановка"),
    Frame("move", (_slot("actor", ACTOR, many=True, title="фигуры"),
                   _slot("dest", {CELL}, many=True, role="to", title="клетки"),
                   _slot("om", {AMOUNT}, required=False)),
          triggers=frozenset({"move", "attack", "withdraw", "step", "take_tower"}),
          implied=frozenset({"maneuver", "WG-DEC-12"}),
          title="перемещение"),
    Frame("charge", (_slot("actor", ACTOR, many=True, title="фигуры"),
                     _slot("dest", {CELL}, many=True, role="to", title="клетки"),
                     _slot("target", {ENEMY}, required=False, many=True)),
          triggers=frozenset({"charge"}), title="атака с ходу"),
    Frame("continue", (_slot("dest", {CELL}, role="to", title="клетки"), _slot("actor", ACTOR, required=False)),
          triggers=frozenset({"continue"}), title="продолжение атаки с ходу"),
    Frame("hold", (_slot("actor", ACTOR, required=False, many=True),),
          triggers=frozenset({"hold"}), title="стоять на месте"),
    Frame("teleport", (_slot("actor", ACTOR, many=True, title="мага"), _slot("dest", {CELL}, role="to", title="клетки")),
          triggers=frozenset({"teleport"}), title="телепортация"),
    Frame("storm", (_slot("actor", ACTOR, many=True, title="фигуры"), _slot("cells", {CELL}, required=False, many=True)),
          triggers=frozenset({"storm"}), title="штурм башни"),
    Frame("shoot", (_slot("actor", ACTOR | {WEAPON}, many=True, title="стрелка"),
                    _slot("target", {ENEMY}, many=True, title="цели")),
          triggers=frozenset({"shoot"}), implied=frozenset({"shooting"}), title="стрельба"),
    Frame("no_shooting", (_slot("actor", ACTOR, required=False, many=True),),
          triggers=frozenset({"no_shoot"}), title="без стрельбы"),
    # --- decision answers (checklist §4) ---------------------------------------------------------
    Frame("stray", (_slot("victim", ANY_FIG, title="фигуры"),), triggers=frozenset({"stray"}),
          implied=frozenset({"WG-DEC-01"}), title="шальное попадание"),
    Frame("casualties", (_slot("figs", ANY_FIG, many=True, title="фигур"),), triggers=frozenset({"lethal", "wounded"}),
          implied=frozenset({"WG-DEC-02"}), title="кто убит и кто ранен"),
    Frame("no_save", (_slot("figs", ANY_FIG, many=True, title="фигур"),), triggers=frozenset({"nosave"}),
          implied=frozenset({"WG-DEC-03"}), title="без спас-броска"),
    Frame("step", (_slot("actor", ACTOR, many=True, title="фигуры"), _slot("cells", {CELL}, many=True, title="клетки")),
          triggers=frozenset({"step", "move"}), implied=frozenset({"WG-DEC-04", "WG-DEC-05"}), title="шаг"),
    Frame("withdraw", (_slot("actor", ACTOR, many=True, title="фигуры"), _slot("cells", {CELL}, many=True, title="клетки")),
          triggers=frozenset({"withdraw", "move"}), implied=frozenset({"WG-DEC-06"}), title="отход"),
    Frame("fight_first", (_slot("side", {SIDE}, title="противника"),), triggers=frozenset({"fight", "first", "fight_first"}),
          implied=frozenset({"WG-DEC-07"}), title="первый бой"),
    Frame("tower_cells", (_slot("actor", ACTOR, many=True, title="фигуры"), _slot("cells", {CELL}, many=True, title="клетки")),
          triggers=frozenset({"take_tower", "move", "storm"}), implied=frozenset({"WG-DEC-09"}), title="клетки башни"),
    Frame("artifact", (_slot("artifact", {ARTIFACT}, title="артефакта"),), triggers=frozenset({"artifact"}),
          implied=frozenset({"WG-DEC-10"}), title="активация артефакта"),
    Frame("play_card", (), triggers=frozenset({"card"}), implied=frozenset({"WG-DEC-13"}), title="карта магии"),
)
BY_KIND = {f.kind: f for f in FRAMES}

# Which frames each step reads (a decision also reads the continuation of WG-DEC-12).
STEP_FRAMES: dict[str, tuple[str, ...]] = {
    "deploy": ("deploy",),
    "maneuver": ("move", "charge", "continue", "hold", "teleport", "storm"),
    "shooting": ("shoot", "no_shooting"),
    "merged": ("move", "charge", "continue", "hold", "teleport", "storm", "shoot", "no_shooting"),
    "WG-DEC-01": ("stray",),
    "WG-DEC-02": ("casualties",),
    "WG-DEC-03": ("no_save",),
    "WG-DEC-04": ("step",),
    "WG-DEC-05": ("step",),
    "WG-DEC-06": ("withdraw",),
    "WG-DEC-07": ("fight_first",),
    "WG-DEC-09": ("tower_cells",),
    "WG-DEC-10": ("artifact",),
    "WG-DEC-12": ("continue", "move", "charge"),
    "WG-DEC-13": ("play_card",),
}
# Order words that outrank plain movement when both are said.
PRIORITY = {"continue": 4, "teleport": 3, "storm": 3, "charge": 2, "no_shooting": 2, "hold": 1}
ACTION_CONCEPTS = frozenset({"deploy", "move", "attack", "withdraw", "step", "take_tower", "charge", "continue",
                             "hold", "teleport", "storm", "shoot", "no_shoot", "lethal", "wounded", "nosave",
                             "stray", "artifact"})
# The concepts that order something in a turn step: a figure's fate («Рыцарь пал», «мечник ранен»),
# a save or an artifact is an answer to a decision, and in a turn it only tells what happened.
TURN_ACTIONS = ACTION_CONCEPTS - {"lethal", "wounded", "nosave", "stray", "artifact"}


def mentions(items: list[Item]) -> list[Mention]:
    out = []
    for it in items:
        if it.kind == "fig":
            kind = (GROUP if it.many else OWN) if it.own else ENEMY
        elif it.kind == "cell":
            kind = CELL
        elif it.kind == "om":
            kind = AMOUNT
        elif it.kind in (WEAPON, ARTIFACT, SIDE):
            kind = it.kind
        elif it.kind == "rest":
            kind = GROUP
        elif it.kind == "concept" and it.value == "same_target":  # «туда же»: the target said before
            kind = ENEMY
        else:
            continue
        out.append(Mention(kind, it.start, it.end, it, it.role))
    return out


def evidence(items: list[Item], context: set[str]) -> Evidence:
    ev = Evidence(mentions=mentions(items), context=frozenset(context))
    for it in items:
        if it.kind == "concept":
            ev.concepts.append((it.value, it.start, it.end))
    if any(it.kind == WEAPON for it in items):
        ev.concepts.append(("shoot", 0, 0))
    return ev


def pick(ev: Evidence, kinds: tuple[str, ...]) -> Choice:
    """The frame of ``kinds`` that explains a clause best; an order word of higher priority wins
    over plain movement said on the same clause."""
    frames = [BY_KIND[k] for k in kinds]
    said = ev.concept_names()
    top = max((PRIORITY.get(f.kind, 0) for f in frames if f.triggers & said), default=0)
    if top:
        frames = [f for f in frames if PRIORITY.get(f.kind, 0) == top and f.triggers & said]
    choice = choose(frames, ev)
    if choice.ambiguous:
        # the frame with more of its own concepts said wins («отходит» is a withdrawal, not a step)
        counts = {f.frame.kind: sum(1 for c, _, _ in ev.concepts if c in f.frame.triggers and c != "move")
                  for f in choice.rivals}
        ranked = sorted(choice.rivals, key=lambda f: -counts[f.frame.kind])
        if counts[ranked[0].frame.kind] > counts[ranked[1].frame.kind]:
            return Choice(best=ranked[0], rivals=[ranked[0]])
    return choice


def fits_any(ev: Evidence, kinds: tuple[str, ...]) -> bool:
    return any(fit(BY_KIND[k], ev) is not None for k in kinds)


# --- from a frame to orders ---------------------------------------------------------------------------
@dataclass
class Built:
    orders: list[BaseModel] = field(default_factory=list)
    error: str | None = None
    clause: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    span: tuple[int, int] | None = None
    charge_figure: str | None = None
    unharmed: tuple[str, ...] = ()  # casualties: the figures the answer says are not hurt at all

    @property
    def ok(self) -> bool:
        return self.error is None and bool(self.orders)


def fail(code: str, clause: str, span: tuple[int, int] | None = None, **params: Any) -> Built:
    return Built(error=code, clause=clause, params=params, span=span)


@dataclass
class Carry:
    """What a clause inherits from the clauses before it in the same post."""

    actors: list[str] = field(default_factory=list)
    charge_figure: str | None = None
    last_charge: bool = False
    header: list[str] = field(default_factory=list)  # the figures of the unit header above
    target: str | None = None  # the enemy the last shot was at («…, всадники туда же»)


def _fig_error(it: Item, state: State, faction: str) -> Built | None:
    from ..naming import Namer
    if it.error == "which":
        n = Namer(state, faction)
        names = n.listing(it.figs, last="или") or "—"
        return fail("read.which", "WG-DEF-ARMY-03", (it.start, it.end), written=it.text, options=names,
                    first=n.figure(it.figs[0]) if it.figs else "мечник №1")
    if it.error == "number":
        return fail("read.no_number", "WG-DEF-ARMY-03", (it.start, it.end), written=it.text)
    if it.error == "colour":
        return fail("read.colour", "WG-DEF-ARMY-03", (it.start, it.end), written=it.text)
    return None


def _narrowed(items: list[Item]) -> list[Item]:
    """«Орки, вперёд! Орк №1 — 8-7», «Мечники лезут наверх: первый на 12-8, …»: a whole group
    named before figures of its own type only introduces them; the named figures act."""
    out: list[Item] = []
    for k, it in enumerate(items):
        if it.kind == "fig" and it.own and it.many and any(
                x.kind == "fig" and x.own and not x.many and x.type_key == it.type_key for x in items[k + 1:]):
            continue
        out.append(it)
    return out


def _pairs(items: list[Item], subject, obj) -> list[tuple[list[Item], list[Item]]]:
    """Subjects paired with the objects written after them: «A, B — X, Y» and «A X, B Y»."""
    groups: list[tuple[list[Item], list[Item]]] = []
    items = _narrowed(items)
    for it in items:
        if subject(it):
            if not groups or groups[-1][1]:
                groups.append(([it], []))
            else:
                groups[-1][0].append(it)
        elif obj(it):
            if not groups:
                groups.append(([], [it]))
            else:
                groups[-1][1].append(it)
    return groups


def _ids(its: list[Item]) -> list[str]:
    out: list[str] = []
    for it in its:
        for f in it.figs:
            if f not in out:
                out.append(f)
    return out


def _own_subject(it: Item) -> bool:
    return it.kind == "fig" and it.own


def _zip(actor_items: list[Item], cells: list[Item], clause: str) -> tuple[list[tuple[str, Item]], Built | None]:
    actors = _ids(actor_items)
    if len(actors) == len(cells):
        return list(zip(actors, cells)), None
    span = (actor_items[0].start if actor_items else cells[0].start, (cells or actor_items)[-1].end)
    return [], fail("read.cells_count", clause, span, figures=len(actors), cells=len(cells))


PLACE_KINDS = frozenset({"deploy", "move", "charge", "continue", "hold", "teleport", "storm", "step", "withdraw",
                         "tower_cells"})


# Words after which a figure is an object or a place, never the one who acts («в мечника», «с орком»).
PREPOSITIONS = frozenset({"по", "в", "во", "на", "к", "ко", "с", "со", "у", "от", "из", "за", "до", "при", "о",
                          "об", "про", "для", "без", "над", "под", "перед", "между", "возле", "около", "→"})


def build(kind: str, items: list[Item], state: State, faction: str, carry: Carry, context: set[str]) -> Built:
    items = _narrowed(items)
    if kind == "no_shooting":  # «Лучник №2 молчит — боится попасть в мечника»: the one in «в …» says why
        items = [it for k, it in enumerate(items) if not (it.kind == "fig" and k and items[k - 1].text in PREPOSITIONS)]
    for it in items:
        if it.kind == "fig" and it.error and not (kind in PLACE_KINDS | {"no_shooting"} and not it.own):
            # «подходит к оркам», «прыгает к лучнику»: an enemy named in a move only says where;
            # «не стреляет — он занят орком»: one named beside a refusal only says why
            if it.error == "which" and kind in ("casualties", "no_save", "stray") and not it.own:
                continue
            bad = _fig_error(it, state, faction)
            if bad is not None:
                return bad
    said = {it.value for it in items if it.kind == "concept"}
    if kind == "deploy":
        return _placements(items, faction, lambda f, c: Deploy(figure=f, cell=c.value), "WG-DEF-BOARD-05")
    if kind in ("move", "charge"):
        return _moves(kind, items, state, faction, carry, said)
    if kind == "continue":
        return _continue(items, carry, said)
    if kind == "hold":
        return _hold(items, state, faction)
    if kind == "teleport":
        return _teleport(items, state, faction, said)
    if kind == "storm":
        return _storm(items, state, faction, carry)
    if kind == "shoot":
        return _shoot(items, state, faction, carry)
    if kind == "no_shooting":
        actors = _ids([it for it in items if _own_subject(it)])
        return Built([NoShooting(figure=f) for f in actors] or [NoShooting()])
    if kind == "step":
        return _placements(items, faction, lambda f, c: Step(figure=f, cell=c.value), "WG-DEF-STEP-01", carry)
    if kind == "withdraw":
        return _placements(items, faction, lambda f, c: Withdraw(figure=f, cell=c.value), "WG-DEF-RETREAT-01", carry)
    if kind == "tower_cells":
        got = _placements(items, faction, lambda f, c: (f, c.value), "WG-DEF-TOWER-03", carry)
        if not got.ok:
            return got
        return Built([TowerCells(moves=tuple(got.orders))])  # type: ignore[arg-type]
    if kind == "stray":
        figs = [it for it in items if it.kind == "fig"]
        return Built([Stray(victim=figs[0].figs[0])]) if figs and figs[0].figs else fail(
            "read.no_victim", "WG-DEC-01")
    if kind == "fight_first":
        sides = _preferred(items, SIDE)
        return Built([FightFirst(opponent=sides[0])]) if sides else fail("read.no_side", "WG-DEC-07")
    if kind == "artifact":
        arts = _preferred(items, ARTIFACT)
        return Built([ActivateArtifact(artifact=arts[0])]) if arts else fail("read.no_artifact", "WG-DEC-10")
    raise ValueError(kind)


def _preferred(items: list[Item], kind: str) -> list[Any]:
    """The values of the items of one kind, the one an answer puts first at the head: of several
    choices named, one said to come later («с Верой потом, сначала Борис») goes after the rest,
    and one marked first («сначала», «первым») goes before them. The mark rules the part of the
    answer between commas (or «;», «.», «—») it stands in."""
    part = 0
    marks: dict[int, int] = {}
    named: list[tuple[int, Any]] = []
    for it in items:
        if it.kind == "sym" and it.text in (",", ";", ".", "-", "!"):
            part += 1
        elif it.kind == "concept" and it.value in ("first", "later"):
            marks[part] = -1 if it.value == "first" else 1
        elif it.kind == kind:
            named.append((part, it.value))
    ranked = sorted(range(len(named)), key=lambda k: marks.get(named[k][0], 0))
    return list(dict.fromkeys(named[k][1] for k in ranked))


def _stays(items: list[Item], subjects: list[Item]) -> bool:
    """«…, мечники стоят»: a hold word right after the subjects."""
    k = items.index(subjects[-1]) if subjects[-1] in items else -1
    for it in items[k + 1:]:
        if it.kind == "concept" and it.value == "hold":
            return True
        if it.kind in ("fig", "cell") or it.kind == "sym" and it.text == ",":
            return False
    return False


def _placements(items: list[Item], faction: str, make, clause: str, carry: Carry | None = None) -> Built:
    groups = _pairs(items, _own_subject, lambda it: it.kind == "cell")
    out = []
    for subjects, cells in groups:
        if subjects and not cells and _stays(items, subjects):
            continue
        if not subjects:
            if carry is not None and carry.actors and len(carry.actors) == len(cells):
                out += [make(f, c) for f, c in zip(carry.actors, cells)]
                continue
            return fail("read.no_actor", clause, (cells[0].start, cells[-1].end))
        if not cells:
            return fail("read.no_cell", clause, (subjects[0].start, subjects[-1].end))
        pairs, bad = _zip(subjects, cells, clause)
        if bad:
            return bad
        out += [make(f, c) for f, c in pairs]
        if carry is not None:
            carry.actors = _ids(subjects)
    if not out:
        return fail("read.no_actor", clause)
    return Built(out)


def _moves(kind: str, items: list[Item], state: State, faction: str, carry: Carry, said: set[str]) -> Built:
    cls = Charge if kind == "charge" else Move
    items = _narrowed(items)
    subjects = [it for it in items if _own_subject(it)]
    cells = [it for it in items if it.kind == "cell"]
    om = next((it.value for it in items if it.kind == "om"), None)
    actors = _ids(subjects) or list(carry.actors)
    if not actors:
        enemy = next((it for it in items if it.kind == "fig" and not it.own), None)
        if enemy is not None:
            from ..naming import Namer
            return fail("fig.not_own", "WG-DEF-TURN-05", (enemy.start, enemy.end),
                        who=Namer(state, faction).figure(enemy.figs[0]) if enemy.figs else enemy.text)
        return fail("read.no_actor", "WG-DEF-MOVE-05")
    via = tuple(c.value for c in cells if c.role == "via")
    origins = [c for c in cells if c.role == "from"]
    dests = [c for c in cells if c.role not in ("from", "via")]
    if not dests:
        return fail("read.no_dest", "WG-DEF-MOVE-05", (subjects[0].start, subjects[-1].end) if subjects else None)
    out: list[BaseModel] = []
    if len(actors) == 1:
        fig = state.figures[actors[0]]
        origin = origins[0].value if origins else None
        if len(dests) >= 2:
            if origin is None and fig.cell == dests[0].value:
                origin = dests[0].value
                dests = dests[1:]
            if len(dests) >= 2:
                via = via + tuple(c.value for c in dests[:-1])
                dests = dests[-1:]
        out.append(cls(figure=actors[0], dest=dests[0].value, via=via, origin=origin, om=om))
    else:
        pairs, bad = _zip(subjects or [], dests, "WG-DEF-MOVE-05")
        if bad:
            return bad
        froms = [c.value for c in origins] if len(origins) == len(actors) else [None] * len(actors)
        for (f, c), o in zip(pairs, froms):
            out.append(cls(figure=f, dest=c.value, via=via if len(actors) == 1 else (), origin=o))
    carry.actors = actors
    got = Built(out)
    if kind == "charge":
        got.charge_figure = actors[-1]
    return got


def _continue(items: list[Item], carry: Carry, said: set[str]) -> Built:
    subjects = [it for it in items if _own_subject(it)]
    actors = _ids(subjects) or ([carry.charge_figure] if carry.charge_figure else [])
    if not actors:
        return fail("continue.no_charge", "WG-DEF-CHARGE-04")
    dests = [c for c in items if c.kind == "cell" and c.role not in ("from",)]
    if not dests:
        return fail("read.no_dest", "WG-DEF-CHARGE-04")
    via = tuple(c.value for c in dests[:-1])
    charge = "charge" in said
    return Built([Continue(figure=actors[0], dest=dests[-1].value, via=via, charge=charge)],
                 charge_figure=actors[0] if charge else None)


def _hold(items: list[Item], state: State, faction: str) -> Built:
    actors = _ids([it for it in items if _own_subject(it)])
    if not actors:
        return Built([Hold()])
    return Built([Hold(figure=f) for f in actors])


def _teleport(items: list[Item], state: State, faction: str, said: set[str]) -> Built:
    own = [it for it in items if _own_subject(it)]
    ids = _ids(own)
    cells = [c for c in items if c.kind == "cell" and c.role != "from"]
    mages = [f for f in ids if "teleport" in state.spec(state.figures[f]).abilities]
    if not mages:
        if len(ids) == 1 and not any(it.kind == "concept" and it.value == "self" for it in items):
            # «телепортирую мечника №3 на 12-10»: the mage next to him, if there is exactly one
            cands = [f.id for f in state.living(faction) if "teleport" in state.spec(f).abilities and not f.teleport_used]
            if len(cands) == 1:
                mages = cands
        if not mages:
            return fail("read.no_mage", "WG-DEF-ABIL-01")
    mage = mages[0]
    others = [f for f in ids if f != mage]
    whom = others[0] if others else mage
    if not cells:
        return fail("read.no_dest", "WG-DEF-ABIL-01")
    return Built([Teleport(mage=mage, figure=whom, dest=cells[-1].value, charge="charge" in said)])


def _storm(items: list[Item], state: State, faction: str, carry: Carry) -> Built:
    subjects = [it for it in items if _own_subject(it)]
    actors = _ids(subjects) or list(carry.actors)
    if not actors:
        return fail("read.no_actor", "WG-DEF-TOWER-02")
    cells = [c for c in items if c.kind == "cell"]
    out: list[BaseModel] = []
    if len(actors) == 1 and len(cells) > 1:
        # «12-5 → 13-7, штурм», «штурмует с 12-7 (идёт туда с 12-5)»: where it stands, then where it
        # storms from; any cell between is a waypoint
        at = state.figures[actors[0]].cell
        origin = next((c for c in cells if tuple(c.value) == at), None)
        if origin is None and cells[0].role == "from" and any(c.role == "to" for c in cells[1:]):
            origin = cells[0]  # «с 12-5 на 13-7»: written from where, even if it is not where it stands
        rest = [c for c in cells if c is not origin]
        places = [c for c in rest if c.role != "via"] or rest
        if len(places) == 1 or origin is not None:
            dest = places[-1]
            out = [Storm(figure=actors[0], dest=dest.value, via=tuple(c.value for c in rest if c is not dest),
                         origin=origin.value if origin is not None else None)]
            carry.actors = actors
            return Built(out)
    if not cells:
        out = [Storm(figure=f) for f in actors]
    elif len(cells) == len(actors):
        for f, c in zip(actors, cells):
            at = state.figures[f].cell
            if tuple(c.value) == at or c.role == "from" and at is None:
                out.append(Storm(figure=f, origin=c.value))
            else:
                out.append(Storm(figure=f, dest=c.value))
    else:
        return fail("read.cells_count", "WG-DEF-TOWER-02", figures=len(actors), cells=len(cells))
    carry.actors = actors
    return Built(out)


def _shoot(items: list[Item], state: State, faction: str, carry: Carry) -> Built:
    def subject(it: Item) -> bool:
        return (it.kind == "fig" and it.own and not _is_target_position(items, it)) or it.kind in (WEAPON, "weapons")

    def target(it: Item) -> bool:
        return it.kind == "fig" and (not it.own or _is_target_position(items, it)) or _same_target(it)

    out: list[BaseModel] = []
    groups = _pairs(items, subject, target)
    last_actor: list[str] = list(carry.actors)
    for subjects, targets in groups:
        shooters: list[tuple[str, str | None]] = []
        named = [s for s in subjects if s.kind == "fig"]
        for s in subjects:
            if s.kind == "fig":
                if any(x[0] in s.figs for x in shooters):
                    continue  # «Пушкой Б с UNL-2»: already shooting with its gun
                shooters += [(f, None) for f in s.figs]  # «лучники 1-3, кап и катапульта — по дракону»
            elif s.kind == "weapons":  # «из обеих пушек»: every weapon of the figure named
                continue
            else:
                if named and not any(s.value[0] == state.figures[f].type for x in named for f in x.figs):
                    from ..naming import Namer
                    n = Namer(state, faction)
                    owner = next((f.id for f in state.living(faction) if f.type == s.value[0]), None)
                    return fail("read.other_weapon", "WG-MACH-02", (s.start, s.end),
                                who=n.figure(named[0].figs[0]) if named[0].figs else named[0].text, weapon=s.text,
                                owner=n.figure(owner) if owner else s.text,
                                owner_gen=n.figure(owner, "gen") if owner else f"«{s.text}»")
                type_key, wkey = s.value
                # «всадники 1 и 2 мечут дротики»: each figure named shoots with its weapon; a weapon
                # alone («пушкой Б») is one figure's
                own_of_type = [f for f, _ in shooters if state.figures[f].type == type_key]
                if not own_of_type:
                    own_of_type = ([f for f in last_actor if state.figures[f].type == type_key] or
                                   [f.id for f in state.living(faction) if f.type == type_key])[:1]
                shooters = [x for x in shooters if x[0] not in own_of_type]
                shooters += [(f, wkey) for f in own_of_type]
        if not shooters:
            shooters = [(f, None) for f in last_actor]
        if any(s.kind == "weapons" for s in subjects):
            shooters = [(f, w.key) for f, w0 in shooters for w in (state.spec(state.figures[f]).weapons if w0 is None
                                                                    else ()) ] + [x for x in shooters if x[1]]
        if not shooters:
            return fail("read.no_actor", "WG-DEF-SHOOT-01", (targets[0].start, targets[-1].end) if targets else None)
        if not targets:
            return fail("read.no_target", "WG-DEF-SHOOT-03", (subjects[0].start, subjects[-1].end) if subjects else None)
        tid = carry.target if _same_target(targets[0]) else _target_id(targets[0])
        if tid is None:
            bad = None if _same_target(targets[0]) else _fig_error(targets[0], state, faction)
            return bad or fail("read.no_target", "WG-DEF-SHOOT-03", (targets[0].start, targets[0].end))
        for f, w in shooters:
            out.append(Shoot(figure=f, target=tid, weapon=w))
        last_actor = [f for f, _ in shooters]
        carry.target = tid
    carry.actors = last_actor
    return Built(out)


def _is_target_position(items: list[Item], it: Item) -> bool:
    """An own-named figure after «по», «в» or an arrow, with an enemy of that name: the target."""
    if not it.alt:
        return False
    k = items.index(it)
    before = items[k - 1] if k else None
    return before is not None and (before.text in ("по", "в", "во", "→", "на") or
                                   before.kind == "concept" and before.value == "shoot")


def _same_target(it: Item) -> bool:
    return it.kind == "concept" and it.value == "same_target"


def _target_id(it: Item) -> str | None:
    if not it.own and it.figs:
        return it.figs[0] if not it.error else None
    if it.alt:
        return it.alt[0]
    return None


_PREDICATE_TAGS = frozenset({"VERB", "INFN", "ADJS", "PRTS", "GRND"})


def _says_otherwise(seg: list[Item]) -> bool:
    """Whether a part of a casualties answer says something else of its figures than their fate:
    «вождь цел», «ещё держится», «истекая кровью» (a verb, a short adjective or a gerund that is no
    word of fate), or that they stand."""
    lem = lemmatizer()
    return any(it.kind == "word" and it.text.isalpha() and lem.grammemes(it.text) & _PREDICATE_TAGS
               or it.kind == "concept" and it.value == "hold" for it in seg)


def _fate(it: Item) -> bool:
    return it.kind == "concept" and it.value in ("lethal", "wounded")


def casualties(items: list[Item], pending_figs: list[str], count: int) -> Built:
    """WG-DEC-02: «Убиты орки №1 и №3, ранен №2», «Гибнет вождь, остальные ранены».

    A word of fate rules its own part of the answer and the parts after it that name figures and
    say nothing else («Убит орк №1, орк №2 тоже»). A part that says something else of its figures
    names them as not killed («а вождь, истекая кровью, ещё держится»), or as not hurt at all
    («вождь цел»: `Built.unharmed`, refused when the damage leaves him a wound). A figure from
    outside the fight named with a fate is kept, so that the answer is refused naming it (WG-DMG-06).
    """
    lethal: list[str] = []
    lesser: list[str] = []
    parts: list[tuple[list[Item], str]] = [([], "")]  # a part and the mark that ends it
    for it in items:  # «Гибнет вождь и орк №1, орк №2 ранен»: a word about fate rules its own part
        if it.kind == "sym" and it.text in (",", ".", ";", "!", ":"):
            parts[-1] = (parts[-1][0], it.text)
            parts.append(([], ""))
        else:
            parts[-1][0].append(it)
    groups: list[list[Item]] = []
    for part, end in parts:  # «а вождь, истекая кровью, ещё держится»: what is said of the figure before
        named = any(it.kind in ("fig", "rest") for it in part)
        fated = any(_fate(it) for it in part)
        heading = end == ":"  # «Ранен: вождь» names the figures after it
        if groups and not named and (not fated or not heading and not any(_fate(it) for it in groups[-1])):
            groups[-1] += part  # «…, ещё держится», «Вождь: ранен»
        elif part:
            groups.append(part)
    mode: str | None = None
    rest: str | None = None
    unharmed: list[str] = []
    for group in groups:
        said = [x.value for x in group if x.kind == "concept" and x.value in ("lethal", "wounded")]
        if said:
            mode = said[0]
        elif any(x.kind == "concept" and x.value == "unharmed" for x in group):  # «вождь цел»
            unharmed += [f for it in group if it.kind == "fig" for f in it.figs if f in pending_figs]
            continue
        elif _says_otherwise(group):
            continue
        for it in group:
            if it.kind == "fig":
                fate = lethal if (mode or "lethal") == "lethal" else lesser
                mine = [f for f in it.figs if f in pending_figs]
                if not mine and said and it.figs and not it.error and not it.own:
                    mine = list(it.figs[:1])  # not in this fight: the answer is refused naming it
                fate.extend(mine)
            elif it.kind == "rest":
                rest = mode
    if rest in ("lethal", "wounded"):
        others = [f for f in pending_figs if f not in lethal and f not in lesser]
        (lethal if rest == "lethal" else lesser).extend(others)
    if any(it.kind == "fig" and not any(f in pending_figs for f in it.figs) for it in items) and not (lethal or lesser):
        return fail("read.not_candidates", "WG-DMG-06")
    if not lethal and not lesser:
        return fail("read.no_casualties", "WG-DEC-02")
    return Built([Casualties(lethal=tuple(dict.fromkeys(lethal)), lesser=tuple(dict.fromkeys(lesser)))],
                 unharmed=tuple(f for f in dict.fromkeys(unharmed) if f not in lethal and f not in lesser))


def no_save(items: list[Item], pending_figs: list[str]) -> Built:
    """WG-DEC-03: the figures named to lose their save. A part of the answer (between «,», «—», «;»)
    that names figures and says something else of them with a verb of its own («— вождя и первого
    орка броня ещё может выручить») gives the reason, not more figures, when another part names them."""
    parts: list[list[Item]] = [[]]
    for it in items:
        if it.kind == "sym" and it.text in (",", "-", ";", ".", "!"):
            parts.append([])
        else:
            parts[-1].append(it)
    for k in range(len(parts) - 1, 0, -1):  # «вождь у нас крепкий, выдержит»: what is said of him
        if not any(it.kind == "fig" or it.kind == "concept" and it.value == "nosave" for it in parts[k]):
            parts[k - 1] += parts.pop(k)
    told = [p for p in parts if any(it.kind == "fig" for it in p) and _says_otherwise(p)
            and not any(it.kind == "concept" and it.value == "nosave" for it in p)]
    if told and len(told) < sum(1 for p in parts if any(it.kind == "fig" for it in p)):
        aside = {id(it) for p in told for it in p}
        items = [it for it in items if id(it) not in aside]
    figs = []
    for it in items:
        if it.kind == "fig":
            figs += [f for f in it.figs if f in pending_figs and f not in figs]
            if not any(f in pending_figs for f in it.figs) and it.alt:
                figs += [f for f in it.alt if f in pending_figs and f not in figs]
    if not figs:
        if any(it.kind == "fig" for it in items):  # «Без спас-броска рыцарь»: not one of the losers
            return fail("read.nosave_not_candidates", "WG-SAVE-05")
        return fail("read.no_figures", "WG-DEC-03")
    return Built([NoSave(figures=tuple(figs))])


def play_card(text: str) -> Built:
    """«Играю карту «Каменная кожа»»: the card's name in quotes, or the words after «карту»."""
    import re
    m = re.search(r"«([^»]{2,60})»", text)
    if m:
        return Built([PlayCard(card=m.group(1).strip())])
    m = re.search(r"карт[уаы]\s*[:\-—]?\s*(.{2,60})$", text, re.IGNORECASE)
    if m:
        return Built([PlayCard(card=m.group(1).strip(" .!"))])
    return fail("read.no_card", "WG-DEC-13")
