"""Dungeon Keeper orders written without a verb, read as frames (issue 9, kind 1).

Players leave the verb out when the context says it: «Имп №4: 22-31», «имп №4 — 22-31», «1 ОД:
к 36-15», «Керуб №4: бес №2 Лилит», «Зверь №6: стена 40-41», «Беса №1 — в жреца». Under a unit
header, after a unit's name with a dash or a colon, after an arrow or an «N ОД:» prefix, such a
clause is an order, and what it names decides which: a free cell is a move, an undug cell is
digging, a mine is mining, an object is picking it up, someone else's unit is an attack, a
building an attack on it, the own Госпиталь healing, a Source its capture, a unit kind with «в»/«до»
an upgrade. The kinds are declared here as `Frame` data; `letopis.engine.frames.choose` picks the
one that explains the clause and reports a tie as an ambiguity.

Only clauses the grammar found no action in come here, so lines that read already pay nothing.
"""

from __future__ import annotations

from dataclasses import replace

from letopis.engine.frames import (
    CELL,
    ENEMY,
    OWN,
    ROLE_FROM,
    ROLE_TO,
    Choice,
    Evidence,
    Frame,
    Mention,
    Slot,
    choose,
)

from .bind import Fail, owner_of_ref, resolve
from .syntax import Clause, Part, Ref
from .view import UnitView, View

# DK mention kinds besides the core's own/enemy/cell
ROCK = "rock"  # an undug cell
MINE = "mine"  # a mine (by name or by its cell)
OBJECT = "object"  # a chest, a crystal, a rune, an artifact lying on the map
BUILDING = "building"  # someone else's (or a neutral) building or wall
HOSPITAL = "hospital"  # the poster's own Госпиталь
SOURCE = "source"  # a Source of Power not the poster's
KIND = "kind"  # a unit kind as a goal: «в жреца», «до керуба»
RUNE = "rune"  # a rune: carried to the Altar or traded, or lying about to pick up
ALTAR = "altar"  # the poster's own Altar
MANA = "mana"  # «на ману»: what a rune is traded for
NEW_BUILDING = "new_building"  # a building to put up: its kind with a cell where nothing stands
DIR = "dir"  # a direction: «на восток», «по диагонали вверх-влево»

# Contexts in which a DK order may stand without a verb.
HEADER, ARROW, AP = "unit_header", "arrow", "ap"
_CONTEXTS = frozenset({HEADER, ARROW, AP})


def _frame(kind: str, slot: str, kinds: set[str], title: str, *, role: str | None = None, many: bool = False,
           implied: frozenset[str] = _CONTEXTS) -> Frame:
    return Frame(kind, (Slot(slot, frozenset(kinds), role=role, many=many),), implied=implied, title=title)


FRAMES: tuple[Frame, ...] = (
    _frame("move", "to", {CELL, DIR}, "перемещение", role=ROLE_TO, many=True),
    _frame("dig", "cell", {ROCK}, "вскапывание"),
    _frame("mine", "mine", {MINE}, "добыча"),
    _frame("pickup", "object", {OBJECT, RUNE}, "подбор предмета"),
    Frame("rune_unlock", (Slot("rune", frozenset({RUNE})), Slot("altar", frozenset({ALTAR}))), implied=_CONTEXTS,
          title="руна в Алтарь"),
    Frame("rune_exchange", (Slot("rune", frozenset({RUNE})), Slot("mana", frozenset({MANA}))), implied=_CONTEXTS,
          title="обмен руны на ману"),
    _frame("attack", "target", {ENEMY}, "атака"),
    _frame("attack_building", "target", {BUILDING}, "атака здания"),
    _frame("hospital", "hospital", {HOSPITAL}, "лечение в Госпитале"),
    _frame("capture", "source", {SOURCE}, "захват Источника"),
    _frame("upgrade", "to", {KIND}, "улучшение", implied=frozenset({HEADER, ARROW})),
    _frame("build", "building", {NEW_BUILDING}, "постройка"),
)
ACTIONS = frozenset(f.kind for f in FRAMES)

_UPGRADE_PREPS = frozenset({"в", "во", "до"})
_ORES = frozenset({"r_gold", "r_iron", "r_taldear"})


def context_of(c: Clause, current: UnitView | None) -> frozenset[str]:
    """The contexts that let this clause stand without a verb."""
    ctx: set[str] = set()
    if current is not None or c.subject is not None:
        ctx.add(HEADER)
    if any(p.kind == "arrow" for p in c.parts):
        ctx.add(ARROW)
    if c.ap_index is not None or c.ap_count is not None:
        ctx.add(AP)
    return frozenset(ctx)


def evidence(c: Clause, view: View, context: frozenset[str], current: UnitView | None = None) -> Evidence:
    """What a verbless clause names, as mentions the frames can take."""
    ev = Evidence(context=context)
    out = ev.mentions
    if c.subject is not None:
        side = _side(c.subject, view) if current is not None else _subject_side(c.subject, view)
        out.append(Mention(side, c.subject.start, c.subject.end, c.subject))
    placed: Part | None = None  # a cell that says where a building named just before it goes
    runes = any((p.concept or "").startswith("o_rune") for p in c.parts)
    if c.subject_noun is not None:
        kind, placed = _building_or_kind(c.subject_noun, c.parts, view, runes)
        if kind is not None:
            out.append(Mention(kind, c.subject_noun.start, c.subject_noun.end, c.subject_noun))
    arrow = False
    for i, p in enumerate(c.parts):
        if p is placed:
            continue
        if p.kind == "ref" and p.ref is not None:
            out.extend(_ref_mentions(p.ref, view, arrow))
        elif p.kind == "cell":
            out.append(Mention(_cell_kind(p.value, view), p.start, p.end, p, _role(p.prep)))  # type: ignore[arg-type]
        elif p.kind == "dir" and p.value is not None:
            out.append(Mention(DIR, p.start, p.end, p))
        elif p.kind == "noun" and p.concept:
            kind, placed = _building_or_kind(p, c.parts[i + 1:], view, runes)
            if kind is None and p.concept in _ORES and p.prep is None and HEADER in context:
                kind = MINE  # «Имп №1: золото, 2 ОД», «имп — железо ×2»: the ore a unit is told to dig
            if kind is not None:
                out.append(Mention(kind, p.start, p.end, p))
        arrow = p.kind == "arrow"
    return ev


def choose_frame(c: Clause, view: View, current: UnitView | None) -> Choice | None:
    """The frame a verbless clause fits here, or None when the context allows none."""
    context = context_of(c, current)
    if not context:
        return None
    choice = choose(FRAMES, evidence(c, view, context, current))
    if choice.rivals and not choice.rivals[0].complete:
        return None  # nothing the clause names fits any order
    return choice


def as_action(c: Clause, kind: str, current: UnitView | None, view: View) -> Clause:
    """A copy of a (cached, shared) clause read as the order ``kind``. Under a header, what
    stands first is the object, not the actor: «Керуб №4: бес №2 Лилит», «мунглайр 7: госпиталь»."""
    subject, noun, parts = c.subject, c.subject_noun, c.parts
    if subject is not None and current is not None and _side(subject, view) != OWN:
        parts = [Part("ref", subject.start, subject.end, None, ref=subject), *parts]
        subject = None
    if noun is not None and current is not None:
        parts = [noun, *parts]
        noun = None
    return replace(c, action=kind, subject=subject, subject_noun=noun, parts=parts)


# --- what a mention is -------------------------------------------------------------------------
def _role(prep: str | None) -> str | None:
    if prep in ("с", "со", "из", "от"):
        return ROLE_FROM
    if prep in ("на", "в", "во", "к", "ко", "до", None):
        return ROLE_TO
    return None


def _cell_kind(cell: tuple[int, int], view: View) -> str:
    if not view.inside(cell):
        return CELL  # the builder says it is off the map
    if view.is_mine(cell):
        return MINE
    b = view.building_at(cell)
    if b is not None:
        return _building_kind(b.kind, b.owner, view)
    units = view.units_at(cell)
    if units:
        return OWN if all(u.side == view.faction for u in units) else ENEMY
    if view.state.objects_at(cell):
        return OBJECT
    if view.undug(*cell):
        return ROCK
    return CELL


def _building_kind(kind: str, owner: str | None, view: View) -> str:
    if kind == "hospital" and owner == view.faction:
        return HOSPITAL
    if kind == "source" and owner != view.faction:
        return SOURCE
    if owner == view.faction:
        return "own_building"
    return BUILDING


def _building_or_kind(p: Part, rest: list[Part], view: View, runes: bool = True) -> tuple[str | None, Part | None]:
    """A noun's mention kind, and the cell part it takes when it is a building to put up. An Altar
    not said whose is the poster's own where a rune goes into it, else any («Зверь №1: алтарь ×2»)."""
    if p.concept == "b_building" and p.cell is None and rest and rest[0].kind == "noun" \
            and (rest[0].concept or "").startswith("b_"):
        return None, None  # «постройка оружейной»: the word for a building, then which one
    kind = _noun_kind(p, view, runes)
    if kind in (BUILDING, HOSPITAL):
        placed = _new_building(p, rest, view)
        if placed is not None:
            return NEW_BUILDING, placed
    return kind, None


def _new_building(p: Part, rest: list[Part], view: View) -> Part | None:
    """«стена 13-12», «лаба на 11-13», «госпиталь → 13-12»: a buildable kind and a free cell for it
    (none of its owner words, no building there). The building's place: the noun itself when the
    cell is attached to it, else the cell part right after it (skipping an arrow)."""
    if p.owner_words or p.concept not in _BUILDABLE:
        return None
    cell, place = p.cell, p
    if cell is None:
        nxt = rest[1] if rest and rest[0].kind == "arrow" and len(rest) > 1 else (rest[0] if rest else None)
        if nxt is None or nxt.kind != "cell":
            return None
        cell, place = nxt.value, nxt  # type: ignore[assignment]
    if not view.inside(cell) or view.building_at(cell) is not None or view.is_mine(cell) or view.units_at(cell):
        return None
    return place


def _buildable() -> frozenset[str]:
    from ..data import DATA
    from .unit_orders import BUILDING_OF

    return frozenset(c for c, k in BUILDING_OF.items() if k in DATA.buildings and DATA.buildings[k].buildable)


_BUILDABLE = _buildable()


def _noun_kind(p: Part, view: View, runes: bool = True) -> str | None:
    concept = p.concept or ""
    if concept.startswith("o_rune"):
        return RUNE
    if concept == "r_mana" and p.prep == "на":
        return MANA
    if concept == "b_altar" and p.cell is None and (runes and not p.owner_words or owner_of_ref(p, view) == view.faction) \
            and view.state.players[view.faction].altar is not None:
        return ALTAR
    if concept.startswith("m_"):
        return MINE  # a resource alone («к золоту!») is no mine: its cell says so («железо 21-21»)
    if concept.startswith(("o_", "a_")):
        return OBJECT
    if concept.startswith("b_"):
        kind = concept[2:]
        b = view.building_at(p.cell) if p.cell is not None else None
        if b is not None:
            return _building_kind(b.kind, b.owner, view)
        if kind == "hospital":
            return HOSPITAL
        if kind == "source":
            return SOURCE
        owner = owner_of_ref(p, view)
        return "own_building" if owner == view.faction else BUILDING
    return None


def _ref_mentions(ref: Ref, view: View, after_arrow: bool = False) -> list[Mention]:
    """A unit reference: someone's unit, or (after «в»/«до», with no number) a kind to become;
    after an arrow a kind's bare name («Бес №1 => жрец») is only that: a target is written
    «→ жреца», «→ жрец Лилит»."""
    out: list[Mention] = []
    if after_arrow and ref.nominative and ref.number is None and not ref.owner_words and ref.cell is None \
            and not ref.enemy:
        return [Mention(KIND, ref.start, ref.end, ref)]
    if ref.number is None and ref.prep in _UPGRADE_PREPS and ref.kind not in (None, "unit") \
            and not ref.owner_words and ref.cell is None:
        out.append(Mention(KIND, ref.start, ref.end, ref))
        if not view.find(ref.kind, None, None, None, "any"):
            return out
    out.append(Mention(_side(ref, view), ref.start, ref.end, ref))
    return out


def _subject_side(ref: Ref, view: View) -> str:
    """Who the unit a clause starts with is: the poster's own when he has one of that name and
    nothing says otherwise («Бес №1 => жрец» while Лилит has a бес №1 too) — he orders his own."""
    if ref.enemy or ref.kind is None or owner_of_ref(ref, view) is not None:
        return _side(ref, view)  # (words after it that name nobody, «скалясь», are not an owner)
    if view.find(None if ref.kind == "unit" else ref.kind, ref.number, None, ref.cell, "own"):
        return OWN
    return _side(ref, view)


def _side(ref: Ref, view: View) -> str:
    owner = owner_of_ref(ref, view)
    if ref.enemy or (owner is not None and owner != view.faction):
        return ENEMY
    if owner == view.faction or ref.own:
        return OWN
    try:
        u = resolve(ref, view, "any", [])
    except Fail:
        mine = view.find(None if ref.kind == "unit" else ref.kind, ref.number, None, ref.cell, "own")
        return OWN if mine and not view.find(None if ref.kind == "unit" else ref.kind, ref.number, None,
                                             ref.cell, "enemy") else ENEMY
    return OWN if u.side == view.faction else ENEMY
