"""Which order a clause is, who carries it out, and the bookkeeping between lines.

The `Binder` keeps what one post has done so far (the `View`, ОД spent per unit) and turns each
clause into orders: it classifies the clause by its verb or, without one, by its shape («Порча на
беса №3» is a spell, «меч — керубу №2» equipping, «башня 22-24: три выстрела…» a tower), finds
the acting unit — the subject, else the unit of the block header above, else the one unit that
can do it («1 ОД: передвигается с клетки 37-15…» is the unit standing on 37-15) — and calls the
builder. After the checker accepts an order, `accepted` applies it to the view.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pydantic import BaseModel

from letopis.engine.problems import ProblemKind
from letopis.engine.text import parses

from .. import orders as o
from ..data import DATA
from ..map.geometry import adjacent
from . import archdemon_orders as arch
from . import unit_orders as unit_acts
from .bind import Bound, Fail, Issue, cap, fail, note, resolve, unit_words
from .messages import msg
from .syntax import Clause, Part, Ref
from .view import UnitView, View
from .words import MOOD_NOUN, MOOD_ORDER

VERB_ACTION = {
    "v_move": "move", "v_dig": "dig", "v_kopat": "kopat", "v_mine": "mine", "v_build": "build",
    "v_repair": "repair", "v_pickup": "pickup", "v_attack": "attack", "v_shoot": "attack",
    "v_break": "attack_building", "v_capture": "capture", "v_put": "rune_unlock", "v_exchange": "rune_exchange",
    "v_heal_self": "hospital", "v_remove": "remove", "v_summon": "summon", "v_upgrade": "upgrade",
    "v_research": "research", "v_develop": "develop", "v_cast": "cast", "v_use": "use", "v_convert": "alchemy",
    "v_forge": "forge", "v_equip": "equip", "v_send": "spirit", "w_end_turn": "end_turn", "v_stay": "stay",
    "v_spend": "spend",
}
ARCH_ACTIONS = frozenset({"summon", "upgrade", "research", "cast", "alchemy", "forge", "equip", "spirit",
                          "tower_shot", "end_turn"})
# Unit orders that never aim at the poster's own units: a unit of his named in them acts.
SELF_ACTED = frozenset({"move", "dig", "kopat", "mine", "build", "repair", "pickup", "attack", "attack_building",
                        "capture", "hospital"})
# Who can do a unit action when the post does not name the unit (DK-IMP-09: imps only for works).
WORKER_ACTIONS = frozenset({"dig", "kopat", "mine", "build", "repair"})
ACTION_RU = {
    "move": "перемещение", "dig": "вскапывание", "kopat": "копание", "mine": "добычу", "build": "постройку",
    "repair": "ремонт", "pickup": "подбор предмета", "attack": "атаку", "attack_building": "атаку здания",
    "capture": "захват Источника", "rune_unlock": "руну", "rune_exchange": "обмен руны", "rune_use": "руну",
    "hospital": "лечение в Госпитале",
}


# Abilities whose effect is a curse or poison, named as what is taken off («снимает яд»).
_CURSES = frozenset({"ab_poison", "ab_exhaust", "ab_fear"})


def _comes_new(c: Clause) -> bool:
    """A new unit («новый имп») that comes, with nowhere it goes to: role-play of its summoning."""
    refs = [c.subject, *c.refs()] if c.subject is not None else c.refs()
    return len(refs) == 1 and refs[0].new and refs[0].nominative and refs[0].number is None \
        and not any(p.kind in ("cell", "dir", "noun") and p.prep not in ("из", "с", "со") for p in c.parts
                    if p.kind != "ref")


def _said_verb(c: Clause) -> bool:
    """Whether a word the lexicon does not know is a verb («вылезает», «появляется»)."""
    return any(w.isalpha() and "VERB" in parses(w)[0].tag for w in c.words)


def action_of(c: Clause) -> str | None:
    """The order kind a clause asks for (an action key, "ab:<ability>", or None for no order).
    Memoised on the clause (clauses are cached with their line's text)."""
    if c.action == "?":
        c.action = _action_of(c)
    return c.action


def _action_of(c: Clause) -> str | None:
    verb = c.verb
    concept = verb.concept if verb is not None else None
    if concept in ("v_cast", "v_use", "v_spend", "v_shoot", "v_attack", "v_breathe"):
        # «насылает облако смерти», «использует Лечение», «жжёт потоком огня»: the ability names the action
        ability = next((v.concept for v in c.verbs if v.concept in unit_acts.ABILITY_OF
                        and v.concept.startswith("ab_")), None)
        if ability is not None:
            concept = ability
    action = VERB_ACTION.get(concept or "")
    if concept in unit_acts.ABILITY_OF:
        action = "ab:" + unit_acts.ABILITY_OF[concept]  # type: ignore[index]
    subject_noun = c.subject_noun.concept if c.subject_noun is not None else None
    nouns = {p.concept for p in c.parts if p.kind in ("noun", "amount") and p.concept}
    has_ref = bool(c.refs()) or c.subject is not None
    if subject_noun in ("b_battle_tower", "b_any_tower") and (action in (None, "attack", "equip") or c.repeat_said):
        return "tower_shot"
    if action is None:
        if subject_noun == "b_source" and any(p.kind == "amount" for p in c.parts):
            return "upgrade"
        if subject_noun == "b_circle" and c.refs():
            return "summon"  # «Круг вызова: +2 импа»
        if subject_noun == "b_laboratory" and not (c.subject_noun.cell is not None  # type: ignore[union-attr]
                                                    and not nouns & set(arch.RESOURCES)) \
                or ("r_mana" in nouns and nouns & set(arch.RESOURCES)):
            return "alchemy"
        if subject_noun == "b_armoury" and nouns & set(unit_acts.ARTIFACTS):
            return "forge"
        if has_ref and nouns & set(unit_acts.SPELL_OF):
            return "cast"
        if nouns & set(unit_acts.SPELL_OF) and any(p.kind == "noun" and p.prep == "на" and (p.concept or "")[:2] == "b_"
                                                   for p in c.parts):
            return "cast"  # «Ярость на Алтарь»: a spell at a building, refused (DK-BLD-02)
        if has_ref and nouns & set(unit_acts.ARTIFACTS):
            return "equip"
        if has_ref and nouns & set(arch.SPIRITS):
            return "spirit"
        if any(p.kind == "arrow" for p in c.parts) and any(p.kind == "cell" for p in c.parts) \
                and not c.refs() and not nouns and c.subject_noun is None:
            return "move"  # «8-8 → 8-9 → 9-10», «Имп №1 → 12-13»
        if _comes_new(c) and _said_verb(c):
            return "summon"  # «из круга вылезает новый имп»: a verb the lexicon does not know
        return None
    if action == "move" and verb is not None and verb.text.startswith("станов") and c.subject is not None \
            and not any(p.kind in ("cell", "dir") for p in c.parts) \
            and any(r.number is None and r.kind not in (None, "unit") for r in c.refs()):
        return "upgrade"  # «Бес №1 становится огневиком»
    if action == "move" and _comes_new(c):
        return "summon"  # «из пламени выходит новый имп», «появляется новый бес»: a unit coming into being
    if action == "kopat" and (nouns & set(unit_acts.MINE_KIND)):
        return "mine"
    if action in ("dig", "attack_building") and not c.refs() and not any(n.startswith("b_") for n in nouns) \
            and nouns & _ORE:
        return "mine"  # «роет золото», «долбит шахту», «вгрызается в жилу»: work on a mine is mining
    if action == "develop":
        if nouns & set(unit_acts.MINE_KIND) or "r_gold" in nouns or "r_iron" in nouns or "r_taldear" in nouns:
            return "mine"
        return "research"
    if action == "use" or action == "spend":
        for p in c.verbs:
            if p.concept in unit_acts.ABILITY_OF:
                return "ab:" + unit_acts.ABILITY_OF[p.concept]
        if nouns & set(unit_acts.SPELL_OF):
            return "cast"
        if any(n.startswith("o_rune") for n in nouns):
            return "rune_use"
        if action == "spend" and any(v.concept == "v_capture" for v in c.verbs):
            return "capture"
        if action == "spend" and nouns & set(unit_acts.MINE_KIND):
            return "mine"  # «тратит 2 ОД на железную шахту 21-21»
        return "use"
    if action == "remove":
        spell = next((p.concept for p in c.parts if p.concept in unit_acts.SPELL_OF), None)
        if spell is not None and DATA.spells[unit_acts.SPELL_OF[spell]].category == "debuff" \
                or any(v.concept in _CURSES for v in c.verbs):
            return "ab:cleanse"  # «снимает порчу», «снимает яд с керуба №2»: curses and poison go (DK-ABIL-05)
        return "ab:unbless"
    if action in ("attack", "attack_building") and not has_ref and not any(p.kind == "cell" for p in c.parts) \
            and any(p.concept and p.concept.startswith("b_") for p in c.parts) \
            and all(p.prep in _NOT_AIMED_AT for p in c.parts if p.concept and p.concept.startswith("b_")):
        return None  # «разбивает кубок о стену», «спорит о башне»: what is struck against or spoken of
    if action in ("attack", "attack_building") and any(n.startswith("b_") for n in nouns) and not c.refs():
        return "attack_building"
    if action == "attack_building" and c.refs():
        return "attack"
    if action == "pickup" and any(n.startswith("o_rune") for n in nouns) and "b_altar" in nouns:
        return "rune_unlock"
    if action == "rune_unlock" and not any(n.startswith("o_rune") for n in nouns):
        return "rune_unlock" if "b_altar" in nouns else None
    if action in ("ab:heal", "stay") and "b_hospital" in nouns:
        return "hospital"  # «лечит … в госпитале», «отдыхает в госпитале»
    if action == "equip" and nouns & set(arch.SPIRITS) and not nouns & set(unit_acts.ARTIFACTS):
        return "spirit"
    if action == "spirit" and not any(n.startswith("sp_") for n in nouns) and c.refs():
        # «Отправляю импа №1 на 36-15», «Посылаю беса №2 атаковать беса Лилит»: a unit sent somewhere
        following = next((VERB_ACTION.get(v.concept or "") for v in c.verbs if v is not verb
                          and VERB_ACTION.get(v.concept or "") not in (None, "spirit", "spend", "use")), None)
        if following is not None:
            return following
        if any(r.prep in ("на", "против") for r in c.refs()):
            return "attack"  # «Отправляю беса №1 на беса Лилит»
        if any(p.kind in ("cell", "dir") or p.prep in ("к", "ко", "до") for p in c.parts) \
                or any(r.cell is not None for r in c.refs()):
            return "move"  # «Отправляю импа №1 на 36-15», «… к сундуку»
    if action == "spirit" and nouns & set(unit_acts.ARTIFACTS) and not nouns & set(arch.SPIRITS):
        return "equip"
    if action == "build" and not any(n.startswith("b_") for n in nouns) and c.refs():
        return None  # «ставит беса на …» is not building
    return action


def fold_retargets(clauses: list[Clause]) -> list[Clause]:
    """The clauses to read: «…, если погибнет — бьёт беса №3» is not an attack of its own but the
    second target of the attack before it (DK-GAP-63). Idempotent on cached clauses; a single clause
    comes back as it is (the list itself: callers only iterate it)."""
    if len(clauses) < 2:
        return clauses
    out: list[Clause] = []
    for c in clauses:
        prev = out[-1] if out else None
        refs = [r for r in c.refs() if r.count is None]
        # (a clause folded on an earlier reading of the cached line has ``then`` set already: the
        # condition still counts, or reading the same post twice would give an extra attack)
        said = prev is not None and (unit_acts.RETARGET_WORDS.intersection(c.words)
                                     or prev.then in (None, *refs[:1]) and unit_acts.RETARGET_WORDS.intersection(prev.words))
        # «…; если тот погибнет — доп. атака по импу»: the condition may end the clause before
        if (prev is not None and c.subject is None and refs and said
                and action_of(c) == "attack" and action_of(prev) == "attack" and prev.then in (None, refs[0])):
            prev.then = refs[0]
            c.follow_up = True
            continue
        out.append(c)
    return out


_NOT_AIMED_AT = frozenset({"о", "об", "обо"})  # a building after these is struck against or spoken of, never hit
_ORE = frozenset({*unit_acts.MINE_KIND, "m_mine", "r_gold", "r_iron", "r_taldear"})

def elliptic(ref: Ref, current: UnitView | None) -> Ref:
    """«Второй …» right after «Первый имп …»: an ordinal alone names a unit of the kind just spoken of."""
    if ref.elliptic and current is not None:
        return replace(ref, kind=current.kind)
    return ref


UNIT_BUILDERS = {
    "move": unit_acts.move, "dig": unit_acts.dig, "kopat": unit_acts.kopat, "mine": unit_acts.mine,
    "build": unit_acts.build, "repair": unit_acts.repair, "pickup": unit_acts.pickup, "attack": unit_acts.attack,
    "attack_building": unit_acts.attack_building, "capture": unit_acts.capture, "hospital": unit_acts.hospital,
}


class Binder:
    """Reads clauses of one post into orders, against the state as the post goes on."""

    def __init__(self, view: View, live: Any = None) -> None:
        """``live`` is the legality checker's overlay (`world.World`), when there is one: it knows
        what the reader cannot foresee — where a summoned unit appeared, ОД after the turn began."""
        self.view = view
        self.live = live
        self.issues: list[Issue] = []
        self.spent: dict[str, int] = {}
        state = view.state
        self._turn = state.active == view.faction

    # --- counting (DK-TURN-02/03, DK-GAP-14) ------------------------------------------------------
    def base_ap(self, actor: UnitView) -> int:
        u = self.view.state.units.get(actor.id)
        if u is None:
            return DATA.units[actor.kind].ap  # summoned in this post: full ОД (DK-GAP-31)
        return u.ap if self._turn else u.max_ap()

    def remaining(self, actor: UnitView) -> int:
        """ОД the unit has left at this line: the checker's count when it keeps one, else ours."""
        if self.live is not None and self._turn:
            u = self.live.unit(actor.id)
            if u is not None:
                return max(0, u.ap)
        return max(0, self.base_ap(actor) - self.spent.get(actor.id, 0))

    def count(self, c: Clause, actor: UnitView | None, default: int = 1, unit_cost: int = 1) -> int:
        """ОД a repeatable action spends: «(2 ОД)», «1-3 ОД:», «2 раза», «все ОД», else the default."""
        if isinstance(c.ap_count, int) and c.ap_count > 0:
            return c.ap_count
        if c.ap_count in ("all", "rest") and actor is not None:
            return max(1, self.remaining(actor))
        if c.ap_index is not None and c.ap_index[1] > c.ap_index[0]:
            return c.ap_index[1] - c.ap_index[0] + 1
        if c.repeat_said:
            return c.repeat * unit_cost
        return default * unit_cost

    # --- one clause --------------------------------------------------------------------------------
    def bind(self, c: Clause, current: UnitView | None) -> tuple[list[Bound], UnitView | None]:
        """The orders of a clause (or the issue why not) and the unit later lines default to."""
        self.issues = []
        action = action_of(c)
        span = (c.start, c.end)
        if action is None or action == "stay" or action == "summon" and _comes_new(c) \
                and self.view.summoned_here(c.refs()[0].kind if c.refs() else c.subject.kind):  # type: ignore[union-attr]
            return [], current  # «Призываю импа. Из пламени выходит новый имп.»: the summon told again
        try:
            if action in ARCH_ACTIONS:
                actor = current
                if action == "upgrade" and c.subject is not None:
                    actor = resolve(c.subject, self.view, "own", self.issues)
                models = self._arch(action, c, actor)
                return [Bound(m, span[0], span[1], None, list(self.issues), c, c.ap_index) for m in models], current
            named = self._named_actor(c, action) if c.subject is None and current is None else None
            if named is not None:
                actor, c = named
            else:
                actor = self._actor(c, current, action)
            current = actor  # a refused order still says which unit the next clause is about
            models = self._unit(action, c, actor)
            if not models:  # nothing to do («уже стоит рядом»): only what the builder noted
                return [Bound(None, span[0], span[1], actor, list(self.issues), c, c.ap_index)], actor
            return [Bound(m, span[0], span[1], actor, list(self.issues), c, c.ap_index) for m in models], actor
        except Fail as e:
            return [Bound(None, span[0], span[1], None, [*self.issues, e.issue], c, c.ap_index)], current

    def _arch(self, action: str, c: Clause, actor: UnitView | None) -> list[BaseModel]:
        if action == "summon":
            return arch.summon(c, self)
        if action == "upgrade":
            return arch.upgrade(c, actor, self)
        if action == "research":
            return arch.research(c, self)
        if action == "cast":
            return arch.cast(c, self)
        if action == "alchemy":
            return arch.alchemy(c, self)
        if action == "forge":
            return arch.forge(c, self)
        if action == "equip":
            return arch.equip(c, self)
        if action == "spirit":
            return arch.spirit(c, self)
        if action == "tower_shot":
            return arch.tower_shot(c, self)
        return arch.end_turn(c, self)

    def _unit(self, action: str, c: Clause, actor: UnitView) -> list[BaseModel]:
        if action.startswith("ab:"):
            return unit_acts.ability(c, actor, self, action[3:])
        if action in ("rune_unlock", "rune_exchange", "rune_use"):
            return unit_acts.rune(c, actor, self, "use" if action == "rune_use" else action)
        builder = UNIT_BUILDERS.get(action)
        if builder is None:
            raise fail("read.no_action", (c.start, c.end), hint=unit_acts.example("move"))
        return builder(c, actor, self)

    # --- who acts ------------------------------------------------------------------------------------
    def _actor(self, c: Clause, current: UnitView | None, action: str) -> UnitView:
        if c.subject is not None:
            return resolve(elliptic(c.subject, current), self.view, "own", self.issues)
        if current is not None:
            return current
        return self._implicit(c, action)

    def _named_actor(self, c: Clause, action: str) -> tuple[UnitView, Clause] | None:
        """«Отправляю импа №1 на 36-15», «Атака беса №1 по бесу Лилит», «Бью бесом №1 беса Лилит»: with
        no unit before the verb, the poster's own unit named after it with no preposition is the one
        that acts (for an order that never aims at the poster's own units); the clause comes back
        without it, so the builder does not take it for a target."""
        if action not in SELF_ACTED or c.verb is None or c.verb.mood not in (MOOD_ORDER, MOOD_NOUN):
            return None
        for p in c.parts:
            ref = p.ref
            if p.kind != "ref" or ref is None or ref.prep is not None or ref.count is not None or ref.enemy \
                    or ref.kind is None:
                continue
            goes_to = ref.cell is not None and action == "move"  # «Отправляю импа №1 на 36-15»: where it goes
            try:
                unit = resolve(replace(ref, cell=None) if goes_to else ref, self.view, "own", [])
            except Fail:
                continue
            if unit.side != self.view.faction:
                continue
            rest = [q for q in c.parts if q is not p]
            if goes_to:
                start, end = ref.cell_span or (ref.start, ref.end)
                rest.insert(0, Part("cell", start, end, "на", value=ref.cell))
            return unit, replace(c, parts=rest)
        return None

    def _implicit(self, c: Clause, action: str) -> UnitView:
        """No unit named and no header above: the unit the line can only be about."""
        view = self.view
        own = view.own_units()
        what = ACTION_RU.get(action, c.verb.text if c.verb is not None else "действие")
        span = (c.start, c.end)
        cells = [p for p in c.parts if p.kind == "cell"]
        if action == "move" and cells and cells[0].prep in ("с", "со", "из", "от"):
            here = [u for u in own if u.cell == cells[0].value]
            if len(here) == 1:
                return here[0]
        if action in WORKER_ACTIONS:
            pool = [u for u in own if DATA.units[u.kind].works]
        elif action.startswith("ab:"):
            key = action[3:]
            pool = [u for u in own if key in DATA.units[u.kind].abilities]
        else:
            pool = own
        target = unit_acts.cell_of(c)
        if len(pool) > 1 and target is not None and action != "move":
            near = [u for u in pool if u.cell is not None and adjacent(u.cell, target[0])]
            if near:
                pool = near
        if len(pool) == 1:
            return pool[0]
        if not pool:
            raise fail("read.no_actor", span, what=what, hint=msg("read.hint_header"))
        who = ", ".join(unit_words(u, view) for u in pool[:6]) + ("…" if len(pool) > 6 else "")
        raise fail("read.actor_ambiguous", span, kind=ProblemKind.AMBIGUOUS, what=what,
                   hint=msg("read.hint_actor", who=who, example=f"{cap(unit_words(pool[0], view))}: …"))

    # --- after the checker accepted an order -------------------------------------------------------------
    def accepted(self, b: Bound) -> None:
        """Apply an accepted order to the view: where units stand, what they are, ОД spent."""
        order = b.order
        view = self.view
        if isinstance(order, o.Move):
            view.moved(order.unit, order.path[-1])
        elif isinstance(order, o.Dig):
            view.dug(order.cell)
        elif isinstance(order, o.Build):
            view.built(order.cell)
        elif isinstance(order, o.Summon):
            for _ in range(order.count):
                u = view.summoned(order.unit_kind, order.cell)
                placed = self.live.unit(u.id) if self.live is not None else None
                if placed is not None:
                    u.cell = placed.cell  # placed clockwise from north when the post named no cell
        elif isinstance(order, o.UpgradeUnit):
            view.upgraded(order.unit, order.to)
        elif isinstance(order, o.Ability) and order.ability == "sacrifice" and order.target:
            view.removed(order.target)
        elif isinstance(order, o.Ability) and order.ability == "subjugate" and order.target:
            view.subjugating(order.target)
        unit_id = getattr(order, "unit", None)
        if unit_id and isinstance(order, o.UNIT_ORDERS):
            self.spent[unit_id] = self.spent.get(unit_id, 0) + order.ap  # type: ignore[attr-defined]

    def ap_issues(self, b: Bound) -> list[Issue]:
        """Warnings when an «N ОД:» prefix does not match the server's count (DK-GAP-14)."""
        order = b.order
        if b.ap_index is None or b.actor is None or not isinstance(order, unit_acts_orders()):
            return []
        lo, hi = b.ap_index
        c = b.clause
        span = c.ap_span if c is not None and c.ap_span else (b.start, b.end)
        out = []
        expected = self.spent.get(b.actor.id, 0) + 1
        if lo != expected:
            said = f"{lo}-{hi} ОД" if hi != lo else f"{lo} ОД"
            out.append(note("read.ap_index", span, "DK-GAP-14", warning=True, expected=expected, said=said))
        elif hi > lo and hi - lo + 1 != order.ap:  # type: ignore[attr-defined]
            out.append(note("read.ap_count", span, "DK-GAP-14", warning=True, cost=order.ap,  # type: ignore[attr-defined]
                            said=f"{lo}-{hi}"))
        return out


def unit_acts_orders() -> tuple[type, ...]:
    return o.UNIT_ORDERS
