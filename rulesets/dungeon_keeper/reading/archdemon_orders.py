"""Archdemon orders from clauses: summons, upgrades, research, spells, alchemy, crafting,
equipping, spirits, tower shots and the end of the turn (checklist §3.2, the second table;
DK-GAP-34: they cost no unit ОД and may stand anywhere in the post).
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.problems import ProblemKind

from .. import orders as o
from ..data import DATA
from ..map.geometry import distance
from .bind import Fail, check_cell, fail, make, owner_of_ref, resolve
from .messages import msg
from .syntax import Clause, Part, Ref
from .unit_orders import ARTIFACTS, BUILDING_OF, SPELL_OF, Acts, cell_text, example, span_of
from .view import UnitView, View

SPIRITS = {"sp_guardian": "guardian", "sp_valour": "valour", "sp_life": "life"}
RESOURCES = {"r_gold": "gold", "r_iron": "iron", "r_taldear": "taldear"}


def summon(c: Clause, a: Acts) -> list[BaseModel]:
    """«Призываю двух импов», «вызываю беса на 21-20» (DK-BLD-07, DK-GAP-31)."""
    view = a.view
    refs = [r for r in c.refs()]
    if c.subject is not None:
        refs.insert(0, c.subject)
    if not refs:
        raise fail("read.summon_what", span_of(c), hint=example("summon"))
    out: list[BaseModel] = []
    loose = [p for p in c.parts if p.kind == "cell"]
    for ref in refs:
        span = (ref.start, ref.end)
        if ref.kind not in ("imp", "bes"):
            raise fail("read.summon_kind", span, kind=ProblemKind.ILLEGAL, clause="DK-UNIT-06")
        count = ref.count or (2 if ref.plural else 1)
        if ref.plural and ref.count is None and c.repeat_said:
            count = c.repeat
        cell = ref.cell
        if cell is None and len(refs) == 1 and loose:
            cell = loose[0].value  # type: ignore[assignment]
            span = (loose[0].start, loose[0].end)
        if cell is not None:
            check_cell(cell, view, ref.cell_span or span)
            if count != 1:
                raise fail("read.summon_cell_many", span, clause="DK-GAP-31")
        out.append(make(o.Summon, (ref.start, ref.end), unit_kind=ref.kind, count=count, cell=cell))
    return out


def upgrade(c: Clause, actor: UnitView | None, a: Acts) -> list[BaseModel]:
    if c.nouns("b_source") or (c.subject_noun is not None and c.subject_noun.concept == "b_source"):
        return upgrade_building(c, a)
    return upgrade_unit(c, actor, a)


def upgrade_unit(c: Clause, actor: UnitView | None, a: Acts) -> list[BaseModel]:
    """«Бес №2 улучшается до жреца», «апгрейд грасдира №1 в керуба» (DK-UPG-01..05)."""
    view = a.view
    refs = [r for r in c.refs()]
    to_ref = next((r for r in refs if r.prep in ("до", "в", "во") and r.number is None), None)
    whom_ref = next((r for r in refs if r is not to_ref), None)
    if to_ref is None and len(refs) >= 2 and refs[-1].number is None:
        to_ref, whom_ref = refs[-1], refs[0] if refs[0] is not refs[-1] else None
    if to_ref is None and len(refs) == 1 and c.subject is not None and refs[0].number is None:
        to_ref, whom_ref = refs[0], None  # «Бес №1 => жрец», «Бес №1 становится огневиком»
    if to_ref is None or to_ref.kind in (None, "unit"):
        raise fail("read.upgrade_to", span_of(c), hint=example("upgrade_unit"))
    if whom_ref is not None:
        unit = resolve(whom_ref, view, "own", a.issues)
    elif c.subject is not None:
        unit = resolve(c.subject, view, "own", a.issues)
    elif actor is not None:
        unit = actor
    else:
        raise fail("read.upgrade_whom", span_of(c), hint=example("upgrade_unit"))
    return [make(o.UpgradeUnit, span_of(c), unit=unit.id, who=view.label(unit), to=to_ref.kind)]


def upgrade_building(c: Clause, a: Acts) -> list[BaseModel]:
    """«Улучшаю Источник на 20-22 до 4-го уровня», «источник силы 20-22: ур. 4 → 5» (DK-SRC-02)."""
    view = a.view
    noun = c.subject_noun if c.subject_noun is not None else (c.nouns("b_source") or [None])[0]
    if noun is not None and noun.cell is not None:
        cell = check_cell(noun.cell, view, noun.cell_span or (noun.start, noun.end))
        b = view.building_at(cell)
        if b is None or b.kind != "source":
            raise fail("read.source_unknown", noun.cell_span or span_of(c), kind=ProblemKind.ILLEGAL,
                       where=f" на {cell_text(cell)}")
    else:
        own = view.state.buildings_of(view.faction, "source")
        if len(own) != 1:
            where = ", ".join(cell_text(b.cell) for b in own) or "—"
            raise fail("read.building_ambiguous", span_of(c), kind=ProblemKind.AMBIGUOUS, what="Источник Силы",
                       where=where, hint=msg("read.hint_cell"))
        b = own[0]
    level = None
    amounts = [p for p in c.parts if p.kind == "amount" and p.concept in ("w_level", None) and not p.in_parens]
    if amounts:
        level = amounts[-1].value
    if level is None:
        level = (b.level or 1) + 1
    return [make(o.UpgradeBuilding, span_of(c), building=b.id, cell=b.cell, level=level)]


def _spell(c: Clause) -> Part | None:
    return next((p for p in c.parts if p.kind == "noun" and p.concept in SPELL_OF), None)


def research(c: Clause, a: Acts) -> list[BaseModel]:
    spell = _spell(c)
    if spell is None:
        raise fail("read.spell_unknown", span_of(c), hint=example("research"))
    return [make(o.Research, span_of(c), spell=SPELL_OF[spell.concept])]  # type: ignore[index]


def cast(c: Clause, a: Acts) -> list[BaseModel]:
    """«Накладываю Ярость на керуба №1», «Порча на беса №3 Ваала» (DK-SPELL, DK-GAP-70)."""
    view = a.view
    spell = _spell(c)
    if spell is None:
        raise fail("read.spell_unknown", span_of(c), hint=example("cast"))
    key = SPELL_OF[spell.concept]  # type: ignore[index]
    data = DATA.spells[key]
    targets = [r for r in c.refs()] or ([c.subject] if c.subject is not None else [])
    building = next((p for p in c.parts if p.kind == "noun" and p.prep == "на" and (p.concept or "")[:2] == "b_"), None)
    if not targets and building is not None:
        name = data.name
        what = DATA.buildings[BUILDING_OF[building.concept]].forms.acc if building.concept in BUILDING_OF \
            else "башню" if building.concept == "b_any_tower" else "здание"
        fit = [u for u, _ in view.find(None, None, None, None, "own" if data.target == "own" else "enemy")]
        whom = view.label(fit[0]).text("acc") if fit else "беса №1"
        raise fail("read.spell_building", (building.start, building.end), kind=ProblemKind.ILLEGAL, clause="DK-BLD-02",
                   spell=name, what=what, hint=msg("read.hint_spell_unit", spell=name, whom=whom))
    if not targets:
        raise fail("read.spell_target", span_of(c), what=data.forms.acc, hint=example("cast"))
    if c.subject is not None and c.refs() and c.subject.start > targets[0].start:
        targets.append(c.subject)  # «Ярость на беса №1 и беса №2»: the second target stood alone
    scope = "own" if data.target == "own" else "enemy"
    out: list[BaseModel] = []
    for ref in targets:
        if ref.count is not None:
            continue
        target = resolve(ref, view, scope, a.issues)
        out.append(make(o.Cast, span_of(c), spell=key, target=target.id, whom=view.label(target)))
    if not out:
        raise fail("read.spell_target", span_of(c), what=data.forms.acc, hint=example("cast"))
    return out


def alchemy(c: Clause, a: Acts) -> list[BaseModel]:
    """«Лаборатория: 30 маны в 10 железа», «перегоняю 15 маны в золото» (DK-BLD-12, DK-GAP-43)."""
    goods = [p for p in c.parts if p.concept in RESOURCES]
    if not goods:
        raise fail("read.alchemy_what", span_of(c), hint=example("alchemy"))
    good = goods[-1]
    resource = RESOURCES[good.concept]  # type: ignore[index]
    rate = DATA.buildings["laboratory"].alchemy[resource]
    mana = next((p.value for p in c.parts if p.kind == "amount" and p.concept == "r_mana"), None)
    said = good.value if good.kind == "amount" else None
    if said is None:
        bare = [p for p in c.parts if p.kind == "amount" and p.concept is None]
        if bare and mana is not None:
            said = bare[-1].value
        elif bare and mana is None:
            mana = bare[0].value if len(bare) == 1 and good.prep in ("в", "во") else None
            said = bare[-1].value if mana is None else None
    if mana is None and said is None:
        raise fail("read.alchemy_amount", span_of(c), hint=example("alchemy"))
    if mana is not None:
        if mana % rate:  # type: ignore[operator]
            lower = mana - mana % rate  # type: ignore[operator]
            raise fail("read.alchemy_multiple", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-GAP-43", mana=mana,
                       rate=rate, lower=lower, upper=lower + rate)
        amount = mana // rate  # type: ignore[operator]
        if said is not None and said != amount:
            raise fail("read.alchemy_mismatch", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-BLD-12", mana=mana,
                       got=amount, said=said)
    else:
        amount = said
    if not amount:
        raise fail("read.alchemy_amount", span_of(c), hint=example("alchemy"))
    return [make(o.Alchemy, span_of(c), resource=resource, amount=amount)]


def forge(c: Clause, a: Acts) -> list[BaseModel]:
    arts = [p for p in c.parts if p.concept in ARTIFACTS]
    if not arts:
        raise fail("read.artifact_unknown", span_of(c), hint=example("forge"))
    return [make(o.Forge, (p.start, p.end), artifact=ARTIFACTS[p.concept]) for p in arts]  # type: ignore[index]


def _target_unit(c: Clause, a: Acts, what: str, kind: str) -> UnitView:
    targets: list[Ref] = [r for r in c.refs()] or ([c.subject] if c.subject is not None else [])
    if not targets:
        raise fail("read.target_needed", span_of(c), what=what, hint=example(kind))
    return resolve(targets[0], a.view, "own", a.issues)


def equip(c: Clause, a: Acts) -> list[BaseModel]:
    arts = [p for p in c.parts if p.concept in ARTIFACTS]
    if not arts:
        raise fail("read.artifact_unknown", span_of(c), hint=example("equip"))
    unit = _target_unit(c, a, "экипировки", "equip")
    return [make(o.Equip, span_of(c), artifact=ARTIFACTS[p.concept], unit=unit.id,  # type: ignore[index]
                 who=a.view.label(unit)) for p in arts]


def spirit(c: Clause, a: Acts) -> list[BaseModel]:
    kinds = [p for p in c.parts if p.concept in SPIRITS]
    if not kinds:
        raise fail("read.spirit_kind", span_of(c), kind=ProblemKind.AMBIGUOUS, clause="DK-GAP-50",
                   hint=example("spirit"))
    unit = _target_unit(c, a, "духа", "spirit")
    return [make(o.SendSpirit, span_of(c), spirit=SPIRITS[p.concept], unit=unit.id,  # type: ignore[index]
                 who=a.view.label(unit)) for p in kinds]


def tower_shot(c: Clause, a: Acts) -> list[BaseModel]:
    """«Боевая башня на 22-24 стреляет по бесу №5 Ваала», «башня 22-24: три выстрела в …» (DK-BLD-08)."""
    view = a.view
    noun = c.subject_noun
    if noun is None:
        towers = [p for p in c.nouns("b_") if p.concept in ("b_battle_tower", "b_any_tower")]
        noun = towers[0] if towers else None
    if noun is not None and noun.cell is not None:
        cell = check_cell(noun.cell, view, noun.cell_span or (noun.start, noun.end))
        b = view.building_at(cell)
        if b is None or b.kind != "battle_tower" or b.owner != view.faction:
            raise fail("read.tower_unknown", noun.cell_span or span_of(c), kind=ProblemKind.ILLEGAL,
                       clause="DK-BLD-08", where=f" на {cell_text(cell)}")
    else:
        own = view.state.buildings_of(view.faction, "battle_tower")
        if len(own) != 1:
            if not own:
                raise fail("read.tower_unknown", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-BLD-08", where="")
            raise fail("read.tower_ambiguous", span_of(c), kind=ProblemKind.AMBIGUOUS, clause="DK-BLD-08",
                       where=", ".join(cell_text(t.cell) for t in own), hint=example("tower_shot"))
        b = own[0]
    targets = [r for r in c.refs() if r.count is None]
    walls = [p for p in c.nouns("b_") if p is not noun and p.prep in (None, "по", "в", "во")]
    if walls and not targets:  # «Боевая башня стреляет по Алтарю Лилит»: never the nearest enemy instead
        raise fail("read.tower_building", (walls[0].start, walls[0].end), kind=ProblemKind.ILLEGAL, clause="DK-BLD-08")
    fields: dict = {}
    if targets:
        target = _tower_target(targets[0], b.cell, view, a)
        fields = {"target": target.id, "whom": view.label(target)}
    shots = c.repeat if c.repeat_said else (c.ap_count if isinstance(c.ap_count, int) else 1)
    most = DATA.buildings["battle_tower"].ap
    if shots > most:  # «Башня стреляет 4 раза»: three shots a turn at most
        raise fail("read.tower_too_many", span_of(c), kind=ProblemKind.ILLEGAL, clause="DK-BLD-08", most=most,
                   shots=shots, hint=msg("read.hint_tower_shots", cell=cell_text(b.cell), most=most))
    return [make(o.TowerShot, span_of(c), tower=b.id, cell=b.cell, ap=shots, **fields)]


def _tower_target(ref: Ref, tower: tuple[int, int], view: View, a: Acts) -> UnitView:
    """The unit a tower is told to shoot; «по бесу Мамоны» when Мамона has several: the one in the
    tower's reach, if only one is (a GM reads it so)."""
    try:
        return resolve(ref, view, "enemy", a.issues)
    except Fail as e:
        if e.issue.code != "read.unit_ambiguous":
            raise
        reach = DATA.buildings["battle_tower"].reach
        metric = view.state.options.distance_metric
        near = [u for u, _ in view.find(None if ref.kind == "unit" else ref.kind, ref.number, owner_of_ref(ref, view),
                                        None, "enemy")
                if u.cell is not None and distance(u.cell, tower, metric) <= reach]
        if len(near) != 1:
            raise
        return near[0]


def end_turn(c: Clause, a: Acts) -> list[BaseModel]:
    return [make(o.EndTurn, span_of(c))]
