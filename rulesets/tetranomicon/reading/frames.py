"""Tetranomicon's order language as frames (core `letopis.engine.frames`), and how a chosen frame
becomes an order.

Six frames, one per order kind of the checklist (§3): ``build`` (a building or the terrain that
decides it, a castle, optionally a tower and supply sources), ``route`` (a segment: an id or two
castles; optionally the route's side), ``artifact`` and ``creature`` (a card by name and/or a pool
place), ``campaign`` (the trophy's castle; optionally the start and the path), ``pass``. A frame is
evoked by an action word of the lexicon («строю», «маршрут», «создаю», «призываю», «поход», «пас»;
«беру» may take a card or a trophy), or — for a build or a card — by nothing at all in a sentence
with no other verb («Лесопилка в Речном Броде», «Грифон», «Гарпия, слот 1»). The core picks the
frame that explains the sentence best; `build` here reads the mentions in their order and roles
into the order, or says what is missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError
from rapidfuzz.distance import DamerauLevenshtein

from letopis.engine.frames import Choice, Evidence, Frame, Mention, Slot, choose
from letopis.engine.names import Fit
from letopis.engine.text import is_known, parses

from ..data import BUILDING_NAMES, TERRAIN_OF, Material
from ..orders import Build, Campaign, CreateArtifact, LayRoute, Pass, Source, Summon
from ..state import State
from .words import Item, Vocabulary, guess_castle

BUILDING, TERRAIN, CASTLE, TOWER, MARK = "building", "terrain", "castle", "tower", "mark"
SOURCE, SEGMENT, ROUTE_KIND, ARTIFACT, CREATURE, SLOT = "source", "segment", "route_kind", "artifact", "creature", "slot"
VERBLESS = "verbless"  # the context of a sentence with no other verb: a build or a card may stand alone
# «дорога», «река», «водный» said without «маршрут»: a route when two castles or a segment are named
# («Дорога Каменец–Перевал»), nothing when only a castle is («Река у Речного Брода спокойна»)

FRAMES: tuple[Frame, ...] = (
    Frame("build", (Slot("building", frozenset({BUILDING, TERRAIN}), title="строения"),
                    Slot("castle", frozenset({CASTLE}), role="to", title="замка"),
                    Slot("tower", frozenset({TOWER, MARK}), required=False, title="башни"),
                    Slot("sources", frozenset({SOURCE}), required=False, many=True, title="источников")),
          triggers=frozenset({"v_build"}), implied=frozenset({VERBLESS}), title="строительство"),
    Frame("route", (Slot("segment", frozenset({SEGMENT, CASTLE}), many=True, title="участка"),
                    Slot("kind", frozenset({ROUTE_KIND}), required=False, title="вида маршрута")),
          triggers=frozenset({"v_route"}), implied=frozenset({ROUTE_KIND, VERBLESS}), title="маршрут"),
    Frame("artifact", (Slot("card", frozenset({ARTIFACT, SLOT, MARK}), many=True, title="артефакта"),),
          triggers=frozenset({"v_artifact", "v_take"}), implied=frozenset({VERBLESS}), title="артефакт"),
    Frame("creature", (Slot("card", frozenset({CREATURE, SLOT, MARK}), many=True, title="существа"),),
          triggers=frozenset({"v_summon", "v_take"}), implied=frozenset({VERBLESS}), title="существо"),
    Frame("campaign", (Slot("castles", frozenset({CASTLE}), many=True, title="замка с трофеем"),),
          triggers=frozenset({"v_campaign", "v_take"}), title="поход"),
    Frame("pass", (), triggers=frozenset({"v_pass"}), title="пас"),
)
FRAME_KINDS = {f.kind for f in FRAMES}


def evidence(items: list[Item], concepts: list[tuple[str, str, Item]], vocab: Vocabulary,
             verbless: bool, own: frozenset[str] = frozenset()) -> Evidence:
    """The mentions and concepts of a piece of a line, as the frames see them. «Беру» next to
    a word that names the action («беру существо») is only that action's helper, and with
    nothing to take it says no action at all («пора забирать влияние»). A card of ``own`` (the
    poster's army and Артефактум) named with no card word is no card to take: «Тролль, вперёд!»
    calls a creature he has."""
    context = {VERBLESS} if verbless else set()
    if any(how == "weak" for _, how, _ in concepts):
        context.add(ROUTE_KIND)
    ev = Evidence(context=frozenset(context))
    named = {c for c, how, _ in concepts if how != "weak" and c != "v_take"}
    takes = any(c in ("v_artifact", "v_summon", "v_take") for c, how, _ in concepts if how != "weak")
    for it in items:
        kind = it.kind
        if kind == "card" and it.value in own and not takes:
            continue
        if kind == "card":
            kind = CREATURE if it.value in vocab.creature_ids else ARTIFACT
        elif kind == "num":
            kind = "amount"
        if kind in (BUILDING, TERRAIN, CASTLE, TOWER, MARK, SOURCE, SEGMENT, ROUTE_KIND, ARTIFACT, CREATURE,
                    SLOT, "amount"):
            ev.mentions.append(Mention(kind, it.start, it.end, it, it.role))
    for concept, how, it in concepts:
        if how == "weak" or concept == "v_take" and (named & {"v_artifact", "v_summon", "v_campaign", "v_build"}
                                                      or not ev.mentions):
            continue
        ev.concepts.append((concept, it.start, it.end))
    return ev


def pick(ev: Evidence) -> Choice:
    """The frame that explains a piece best. A frame evoked only by the verbless context must be
    complete: a castle named in passing («Туманный Перевал кишит монстрами») is no build."""
    fits = []
    for frame in FRAMES:
        said = {c for c, _, _ in ev.concepts} & frame.triggers
        if not said:
            if not frame.implied & ev.context:
                continue
            kinds = {m.kind for m in ev.mentions}
            if frame.kind == "build" and not (BUILDING in kinds and CASTLE in kinds or kinds == {SOURCE}):
                continue
            castles = [m for m in ev.mentions if m.kind == CASTLE]
            if frame.kind == "route" and ROUTE_KIND in ev.context and not (SEGMENT in kinds or len(castles) >= 2):
                continue
            # alone in a sentence, «У5» or «Каменец — Дубрава» is a route
            if frame.kind == "route" and ROUTE_KIND not in ev.context and not (
                    SEGMENT in kinds or len(castles) == 2 and all(m.role == "pair" for m in castles)):
                continue
            # «Слот 4» alone: a card of one pool or the other — asked, never dropped
            if frame.kind == "artifact" and ARTIFACT not in kinds and not (SLOT in kinds and CREATURE not in kinds):
                continue
            if frame.kind == "creature" and CREATURE not in kinds and not (SLOT in kinds and ARTIFACT not in kinds):
                continue
        fits.append(frame)
    choice = choose(fits, ev)
    if choice.ambiguous:
        # the action said first is the action; later words are comment («… — маршрут не нужен»)
        first = {f.frame.kind: min((s for c, s, _ in ev.concepts if c in f.frame.triggers), default=10**6)
                 for f in choice.rivals}
        ranked = sorted(choice.rivals, key=lambda f: first[f.frame.kind])
        if first[ranked[0].frame.kind] < first[ranked[1].frame.kind]:
            return Choice(best=ranked[0], rivals=[ranked[0]])
    return choice


# --- from a frame to an order ---------------------------------------------------------------------
@dataclass
class Built:
    """What a piece reads to: an order, supply sources alone, or an error (a reader message code,
    its clause and parameters)."""

    order: BaseModel | None = None
    sources: list[Source] = field(default_factory=list)
    error: str | None = None
    clause: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    notes: list[tuple[str, str]] = field(default_factory=list)  # (written, read as)
    implied: bool = False  # read with no action word: only the sentence's objects say it

    @property
    def ok(self) -> bool:
        return self.order is not None


def _fail(code: str, clause: str, **params: Any) -> Built:
    return Built(error=code, clause=clause, params=params)


def _notes(items: list[Item], m: Material) -> list[tuple[str, str]]:
    out = []
    for it in items:
        if it.fit >= Fit.SLIP and it.kind in ("castle", "card"):
            name = m.castle(it.value).name if it.kind == "castle" else m.card_name(it.value)
            out.append((it.text, name))
        elif it.fit >= Fit.TYPO and it.kind == "building":
            out.append((it.text, BUILDING_NAMES[it.value]))
    return out


def _guessed_castles(items: list[Item], vocab: Vocabulary) -> list[Item]:
    """A word after «в/на/из» that is a castle with a typo the dictionary took for a word of its
    own («на Камениц»): read as that castle, with a note."""
    out = list(items)
    for k in range(1, len(out)):
        it, prev = out[k], out[k - 1]
        if it.kind == "word" and prev.kind == "word" and prev.text in _PLACE_WORDS and len(it.text) >= 4:
            cid = guess_castle(it.text, vocab)
            if cid is not None:
                role = {"из": "from", "с": "from", "от": "from", "через": "via"}.get(prev.text, "to")
                out[k] = Item("castle", it.start, it.end, cid, it.text, role=role, fit=Fit.TYPO)
    return out


_PLACE_WORDS = frozenset({"в", "во", "на", "из", "до", "к", "с", "от", "через"})


def _unknown_place(items: list[Item]) -> str | None:
    """A word right after «в/на/из» that names no castle we know («в Новгороде», «в Краснограде»);
    an everyday noun there is no place at all («в честь победы», «на радость»)."""
    for k, it in enumerate(items[1:], start=1):
        prev = items[k - 1]
        if it.kind == "word" and prev.kind == "word" and prev.text in ("в", "во", "на", "из", "до", "к") \
                and len(it.text) >= 4 and it.text.isalpha() and (not is_known(it.text) or "Geox" in parses(it.text)[0].tag):
            return it.text
    return None


def build_order(kind: str, items: list[Item], state: State, vocab: Vocabulary) -> Built:
    m = vocab.m
    if kind == "pass":
        return Built(order=Pass())
    items = _guessed_castles(items, vocab)
    if kind == "build":
        got = _build(items, state, m)
    elif kind == "route":
        got = _route(items, m)
    elif kind in ("artifact", "creature"):
        got = _card(kind, items, state, vocab)
    else:
        got = _campaign(items, state, m)
    got.notes = _notes(items, m)
    return got


def _castle_list(m: Material) -> str:
    return ", ".join(c.name for c in m)


def _build(items: list[Item], state: State, m: Material) -> Built:
    buildings = [it for it in items if it.kind == BUILDING]
    sources = [Source(building=b, castle=c) for b, c in (it.value for it in items if it.kind == SOURCE)]
    seen: set[str] = set()
    sources = [s for s in sources if not (s.building in seen or seen.add(s.building))]
    castles = [it for it in items if it.kind == CASTLE]
    main = next((c for c in castles if c.role == "to"), None) or next(
        (c for c in castles if c.role in (None, "at", "pair", "chain", "chain_start")), None)
    tower = next((it.value for it in items if it.kind in (TOWER, MARK)), None)
    if main is None:
        if not buildings and not sources:
            return _fail("read.no_building", "TET-MAP-03")
        word = _unknown_place(items)
        if word:
            return _fail("read.unknown_castle", "TET-MAP-01", word=word, castles=_castle_list(m))
        if not buildings:
            return Built(sources=sources)
        return _fail("read.no_castle", "TET-BLD-02",
                     example=f"Строю {_accusative(buildings[0].value)} в {m.board.castles[0].locative or m.board.castles[0].name}")
    castle = main.value
    if buildings:
        building = buildings[0].value
    else:
        terrains = [it.value for it in items if it.kind == TERRAIN]
        terrain = terrains[0] if terrains else None
        towers = m.castle(castle).towers
        if terrain is None and tower is not None and 1 <= tower <= len(towers):
            terrain = towers[tower - 1]
        if terrain is None:
            return _fail("read.no_building", "TET-MAP-03")
        if terrain == "mountains":
            return _fail("read.mountain", "TET-GAP-15", castle=m.castle(castle).locative or m.castle(castle).name)
        building = next(b for b, t in TERRAIN_OF.items() if t == terrain)
    if tower is not None and tower < 1:
        tower = None
    return Built(order=Build(building=building, castle=castle, tower=tower, sources=tuple(sources)))  # type: ignore[arg-type]


_ACCUSATIVE = {"farm": "ферму", "sawmill": "лесопилку", "mine": "рудник", "quarry": "каменоломню"}


def _accusative(kind: str) -> str:
    return _ACCUSATIVE.get(kind, BUILDING_NAMES.get(kind, kind))


def _route(items: list[Item], m: Material) -> Built:
    kinds = [it.value for it in items if it.kind == ROUTE_KIND]
    route = kinds[0] if kinds else None
    segs = [it.value for it in items if it.kind == SEGMENT]
    if segs:
        return Built(order=LayRoute(segment=segs[0], route=route))
    castles: list[str] = []
    for it in items:
        if it.kind == CASTLE and it.value not in castles:
            castles.append(it.value)
    example = _route_example(m)
    if len(castles) < 2:
        return _fail("read.no_segment", "TET-RTE-01", example=example)
    if len(castles) > 2:
        return _fail("read.many_castles", "TET-RTE-01", castles=", ".join(m.castle(c).name for c in castles))
    seg = m.segment_between(*castles)
    if seg is None:
        a, b = (m.castle(c) for c in castles)
        return _fail("read.no_such_segment", "TET-MAP-01", a=a.name, b=b.name,
                     neighbours=", ".join(m.castle(x).name for x in m.neighbours[a.id]))
    return Built(order=LayRoute(segment=seg.id, route=route))


def _route_example(m: Material) -> str:
    seg = m.board.segments[0]
    a, b = (m.castle(c).name for c in seg.between)
    return f"Маршрут: {a} — {b}"


def _pool_text(state: State, m: Material, kind: str) -> str:
    pool = state.artifact_pool if kind == "artifact" else state.creature_pool
    parts = [f"{i} — «{m.card_name(c)}»" for i, c in enumerate(pool, start=1) if c is not None]
    return "; ".join(parts) or "пусто"


def guess_card(word: str, ids: frozenset[str] | set[str], m: Material) -> str | None:
    """A card whose one-word name is a letter or two off («василика» → Василиск), even when the
    written word happens to be a dictionary word too; only where a card is expected."""
    best: tuple[int, str] | None = None
    for cid in ids:
        name = m.card_name(cid).lower().replace("ё", "е")
        if " " in name or word[:1] != name[:1]:
            continue
        limit = 1 if len(name) < 8 else 2
        for cand in (word, word[:-1], word[:-2]):
            d = DamerauLevenshtein.distance(cand, name, score_cutoff=limit)
            if d <= limit and (best is None or d < best[0]):
                best = (d, cid)
    return best[1] if best else None


def _card(kind: str, items: list[Item], state: State, vocab: Vocabulary) -> Built:
    m = vocab.m
    want_creature = kind == "creature"
    pool_name = "существ" if want_creature else "артефактов"
    cards: list[str] = []
    for it in items:
        if it.kind == "card" and it.value not in cards:
            cards.append(it.value)
    slot = next((it.value for it in items if it.kind in (SLOT, MARK)), None)
    clause = "TET-ARMY-01" if want_creature else "TET-ART-01"
    if len(cards) > 1:  # each card is an action of its own (TET-GAP-27)
        return _fail("read.two_cards", "TET-GAP-27", cards=", ".join(f"«{m.card_name(c)}»" for c in cards))
    notes: list[tuple[str, str]] = []
    if not cards:
        deck = vocab.creature_ids if want_creature else frozenset(m.artifacts)
        for it in items:
            if it.kind == "word" and len(it.text) >= 4 and it.text.isalpha():
                found = guess_card(it.text, deck, m)
                if found:
                    cards.append(found)
                    notes.append((it.text, m.card_name(found)))
                    break
    if not cards and slot is None:
        unknown = [it.text for it in items if it.kind == "word" and (it.quoted or not is_known(it.text))
                   and len(it.text) >= 3]
        if unknown:
            return _fail("read.unknown_card", clause, word=" ".join(unknown), pool_name=pool_name,
                         pool=_pool_text(state, m, kind))
        return _fail("read.no_card", clause, pool_name=pool_name, pool=_pool_text(state, m, kind))
    card = cards[0] if cards else None
    if card is not None and (card in vocab.creature_ids) != want_creature:
        return _fail("read.wrong_card_kind", clause, card=m.card_name(card),
                     kind_ru="существо" if card in vocab.creature_ids else "артефакт",
                     wanted_ru="существо" if want_creature else "артефакт")
    try:
        order = (Summon if want_creature else CreateArtifact)(card=card, slot=slot)
    except ValidationError:
        return _fail("read.no_card", clause, pool_name=pool_name, pool=_pool_text(state, m, kind))
    got = Built(order=order)
    got.notes = notes
    return got


def _campaign(items: list[Item], state: State, m: Material) -> Built:
    castles = [it for it in items if it.kind == CASTLE]
    direct = any(it.kind == "concept" and it.concept == "w_direct" for it in items)
    chain = [c.value for c in castles if c.role in ("chain_start", "chain")]
    start: str | None = None
    via: list[str] = []
    target: str | None = None
    if len(chain) >= 2:
        start, target, via = chain[0], chain[-1], chain[1:-1]
    else:
        target = next((c.value for c in castles if c.role == "to"), None)
        start = next((c.value for c in castles if c.role == "from"), None)
        via = [c.value for c in castles if c.role == "via"]
        if target is None:
            target = next((c.value for c in castles if c.role in (None, "at", "pair", "chain", "chain_start")
                           and c.value != start), None)
    if target is None:
        word = _unknown_place(items)
        if word:
            return _fail("read.unknown_castle", "TET-MAP-01", word=word, castles=_castle_list(m))
        names = ", ".join(m.castle(c).name for c in state.trophies) or "нигде"
        return _fail("read.no_target", "TET-TRO-01", castles=names)
    if via and start is None:
        return _fail("read.path_without_start", "TET-GAP-18", target=m.castle(target).name)
    path: tuple[str, ...] | None = tuple(via) if via else (() if direct and start is not None else None)
    return Built(order=Campaign(castle=target, start=start, via=path))
