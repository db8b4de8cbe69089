"""The pieces every Dice Roll Party order parser shares: results, look-ups over items, token specs.

A parser reads the items of one sentence (`reader_words`) into orders. What it cannot read it
reports as an `Issue` (raised as `ReadError` from deep inside, caught by the reader); an `Issue`
is located in the normalised line and becomes a `Problem` on the original line later. A `Spec` is
a token said in an order: «2 синих», «красный в атаку», «1 форму», «красный (атака) ×2».
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from letopis.engine.problems import ProblemKind, Severity

from .messages import msg
from .orders import Colour, Zone
from .reader_words import CharInfo, Context, Item

ZONE_OF_COLOUR = {Colour.BLUE: Zone.TIME, Colour.GREEN: Zone.FORM}
REDS = (Zone.ATTACK, Zone.DEFENCE)
SOURCE_PREPS = frozenset({"с", "со", "от", "из", "у"})
DEST_PREPS = frozenset({"на", "к", "ко", "в", "во"})


# --- results ---------------------------------------------------------------------------------
@dataclass
class Issue:
    """A problem found while reading, located in the normalised line (the reader maps it back)."""

    code: str
    message: str
    hint: str | None = None
    clause: str | None = None
    severity: Severity = Severity.ERROR
    kind: ProblemKind = ProblemKind.UNREADABLE
    start: int = 0
    end: int = 0


@dataclass
class Boosts:
    class_up: int = 0
    damage: int = 0
    insurance: bool = False
    superiority: bool = False
    counter: bool = False
    absorb: bool = False
    none_said: bool = False  # «без усилений»
    side: str | None = None  # "attack"/"defence" when said («класс защиты»)
    said: bool = False  # any boost word at all

    def merge(self, other: Boosts) -> None:
        self.class_up += other.class_up
        self.damage += other.damage
        self.insurance |= other.insurance
        self.superiority |= other.superiority
        self.counter |= other.counter
        self.absorb |= other.absorb
        self.none_said |= other.none_said
        self.side = self.side or other.side
        self.said |= other.said


@dataclass
class Parsed:
    """What one sentence says: its family, the orders read, and issues (errors or notes)."""

    family: str  # an order kind, or "boosts", "presoak", "first_move", "sheet_status", "draw_more"
    start: int
    end: int
    orders: list[BaseModel] = field(default_factory=list)
    issues: list[Issue] = field(default_factory=list)
    boosts: Boosts | None = None
    presoak: int | None = None
    attack_fields: dict | None = None  # an attack whose attacker the reader must still find
    build_slot_missing: bool = False
    draw_count: int | None = None  # «добираю N»
    conditional: bool = False  # said under «если …» («если синего не придёт — пропускаю»)

    @property
    def failed(self) -> bool:
        return any(i.severity is Severity.ERROR for i in self.issues)


class ReadError(Exception):
    """Raised inside a family parser: the sentence is of this family but cannot be read."""

    def __init__(self, issue: Issue) -> None:
        super().__init__(issue.message)
        self.issue = issue


def fail(code: str, it: Item | None = None, *, span: tuple[int, int] | None = None, hint: str | None = None,
         clause: str | None = None, kind: ProblemKind = ProblemKind.UNREADABLE, **kw: object) -> ReadError:
    start, end = span if span else ((it.start, it.end) if it else (0, 0))
    return ReadError(Issue(code, msg(code, **kw), hint, clause, Severity.ERROR, kind, start, end))


def note(code: str, start: int, end: int, clause: str | None = None, **kw: object) -> Issue:
    return Issue(code, msg(code, **kw), None, clause, Severity.NOTE, ProblemKind.INFO, start, end)


# --- small look-ups over items -------------------------------------------------------------------------
def concepts_of(items: list[Item]) -> set[str]:
    return {it.concept for it in items if it.kind == "word" and it.concept}


def prep_before(items: list[Item], k: int) -> str | None:
    """The preposition right before item k («с П4», «на П2», «из атаки»)."""
    j = k - 1
    while j >= 0 and items[j].is_word("char"):
        j -= 1
    if j >= 0 and items[j].kind == "word" and items[j].concept is None:
        return items[j].text
    return None


def ref_indices(items: list[Item]) -> list[int]:
    return [k for k, it in enumerate(items) if it.kind == "ref"]


def first_index(items: list[Item], *concepts: str) -> int | None:
    return next((k for k, it in enumerate(items) if it.kind == "word" and it.concept in concepts), None)


def slot_of(it: Item) -> int:
    """The slot of a reference; a name shared by several characters is ambiguous."""
    if it.value is None:
        who = ", ".join(f"П{s}" for _, s in it.candidates)
        raise fail("read.char_ambiguous", it, kind=ProblemKind.AMBIGUOUS, clause="DRP-GEN-02",
                   hint=msg("read.hint_slot"), what=it.text, who=who)
    if not 1 <= it.value <= 4:
        raise fail("slot.unknown", it, kind=ProblemKind.ILLEGAL, clause="DRP-SETUP-02", slot=it.value, slots=4)
    return it.value


def own_slot_of(it: Item, ctx: Context | None, clause: str = "DRP-RES-01") -> int:
    """The slot of one of the poster's own characters (Phase 1 moves only touch one's own):
    a name that belongs only to an opponent's character is an error of the operation's own clause
    (``clause``: «токен кладётся на своего персонажа», DRP-RES-08), not their slot number."""
    if it.by_name and ctx is not None:
        mine = tuple((f, s) for f, s in it.candidates if f == ctx.me.faction)
        if not mine:
            raise fail("read.char_not_yours", it, kind=ProblemKind.ILLEGAL, clause=clause,
                       hint=msg("read.hint_slot"), what=it.text)
        if len(mine) != len(it.candidates):
            it.candidates, it.value = mine, mine[0][1] if len(mine) == 1 else None
    return slot_of(it)


def arrow_pairs(items: list[Item]) -> list[tuple[int, int, str]]:
    """(left, right, arrow) for every arrow with an item on each side (skipping ":" and ",")."""
    out = []
    for k, it in enumerate(items):
        if it.kind == "sym" and it.text in ("→", "←", "↔"):
            a = k - 1
            while a >= 0 and items[a].is_sym(":", ","):
                a -= 1
            b = k + 1
            while b < len(items) and items[b].is_sym(":", ","):
                b += 1
            if a >= 0 and b < len(items):
                out.append((a, b, it.text) if it.text != "←" else (b, a, "→"))
    return out


# --- token specifications: «2 синих», «красный в атаку», «1 форму», «красный (атака) ×2» ---------------------
@dataclass
class Spec:
    index: int
    start: int
    end: int
    count: int | None = None
    colour: Colour | None = None
    zone: Zone | None = None  # named zone of the token itself («форму», «(атака)», «атаки»)
    lands: Zone | None = None  # «в атаку» / «в защиту» after it
    owner: int | None = None  # index of a reference right after («синий П1»)
    generic: bool = False  # «токен», «фишка»: colour not said

    def colour_of(self) -> Colour | None:
        return self.zone.colour if self.zone else self.colour


# Words between a number and its token: «два своих синих», «все три синих», «двух оставшихся».
_QUANTIFIERS = frozenset({"все", "всех", "свои", "своих", "оставшихся", "оставшиеся", "лишних", "лишние",
                          "последних", "последние"})


def _zone_is_direction(items: list[Item], k: int) -> bool:
    p = prep_before(items, k)
    if p in SOURCE_PREPS or p in DEST_PREPS:
        return True
    if k > 0 and (items[k - 1].is_sym("→", "↔") or items[k - 1].is_word("cls")):
        return True
    return k + 1 < len(items) and items[k + 1].is_sym("→")


def specs(items: list[Item], lo: int = 0, hi: int | None = None) -> list[Spec]:
    """Token specifications between item indices lo and hi."""
    hi = len(items) if hi is None else hi
    out: list[Spec] = []
    k = lo
    while k < hi:
        it = items[k]
        head = (it.kind == "colour" or it.is_word("token")
                or (it.kind == "zone" and not _zone_is_direction(items, k)))
        if not head:
            k += 1
            continue
        sp = Spec(k, it.start, it.end)
        if it.kind == "colour":
            sp.colour = it.colour
        elif it.kind == "zone":
            sp.zone = it.zone
        else:
            sp.generic = True
        j = k - 1
        while j >= lo and (items[j].is_word("own") or items[j].kind == "word" and items[j].text in _QUANTIFIERS):
            j -= 1  # «два своих синих», «все три синих»
        if j >= lo and items[j].is_sym("+"):
            j -= 1
        if j >= lo and items[j].kind == "num":
            sp.count, sp.start = items[j].value, items[j].start
        j = k + 1
        # «красный (атака)»
        if j + 2 < len(items) and items[j].is_sym("(") and items[j + 1].kind == "zone" and items[j + 2].is_sym(")"):
            if sp.colour is Colour.RED or sp.generic:
                sp.zone, sp.colour = items[j + 1].zone, None
            j += 3
            sp.end = items[j - 1].end
        # «красный из атаки»: the zone a red token leaves
        if sp.colour is Colour.RED and j + 1 < len(items) and items[j].kind == "word" \
                and items[j].text in ("из", "с", "со") and items[j + 1].kind == "zone" and items[j + 1].zone in REDS:
            sp.zone, sp.colour = items[j + 1].zone, None
            sp.end = items[j + 1].end
            j += 2
        # «синий ×2», «синий x2», «2 шт.»
        if j + 1 < len(items) and (items[j].is_sym("×", "*") or items[j].kind == "word" and items[j].text in ("x", "х")) \
                and items[j + 1].kind == "num":
            sp.count = items[j + 1].value
            sp.end = items[j + 1].end
            j += 2
        if j < len(items) and items[j].is_word("token"):
            sp.end = items[j].end
            j += 1
        # «красный в атаку»
        if j + 1 < len(items) and items[j].kind == "word" and items[j].text in ("в", "во") \
                and items[j + 1].kind == "zone":
            sp.lands = items[j + 1].zone
            sp.end = items[j + 1].end
            j += 2
        if j < len(items) and items[j].kind == "ref" and prep_before(items, j) is None:
            sp.owner = j
        out.append(sp)
        k = max(j, k + 1)
    return _count_after(out)


def _count_after(found: list[Spec]) -> list[Spec]:
    """«форму …, 2 шт»: a count of tokens with no colour after one token with no count is that
    token's count."""
    counts = [sp for sp in found if sp.generic and sp.count is not None]
    named = [sp for sp in found if not sp.generic]
    if len(counts) == 1 and len(named) == 1 and named[0].count is None and counts[0].index > named[0].index:
        named[0].count = counts[0].count
        return named
    return found


def first_number(items: list[Item], lo: int, hi: int) -> int | None:
    for it in items[lo:hi]:
        if it.kind == "num":
            return it.value
    return None


def _red_source(ctx: Context | None, slot: int, it_span: tuple[int, int]) -> Zone:
    """Which red zone a token leaves when the post does not say (DRP-GAP-14)."""
    c = _mine(ctx, slot)
    if c is None:
        return Zone.ATTACK
    if c.attack and c.defence:
        raise fail("read.zone_source", span=it_span, kind=ProblemKind.AMBIGUOUS, clause="DRP-GAP-14",
                   hint=msg("hint.use_zone"), who=f"П{slot}")
    return Zone.DEFENCE if c.defence and not c.attack else Zone.ATTACK


def _mine(ctx: Context | None, slot: int) -> CharInfo | None:
    return ctx.me.chars.get(slot) if ctx else None


def zone_leaving(sp: Spec, ctx: Context | None, slot: int) -> Zone:
    """The zone a token leaves a character from: named, by colour, or by DRP-GAP-14."""
    if sp.zone is not None:
        return sp.zone
    if sp.colour is Colour.RED:
        return _red_source(ctx, slot, (sp.start, sp.end))
    if sp.colour is not None:
        return ZONE_OF_COLOUR[sp.colour]
    raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))


def zone_arriving(sp: Spec) -> Zone:
    """The zone a token from storage lands in: red must say where (DRP-GAP-14)."""
    if sp.lands is not None and (sp.colour is Colour.RED or sp.zone in REDS or sp.generic):
        return sp.lands
    if sp.zone is not None:
        return sp.zone
    if sp.colour is Colour.RED:
        raise fail("read.zone_needed", span=(sp.start, sp.end), clause="DRP-GAP-14", kind=ProblemKind.AMBIGUOUS,
                   hint=msg("read.hint_zone"))
    if sp.colour is not None:
        return ZONE_OF_COLOUR[sp.colour]
    raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))


def reject_bare_z(items: list[Item]) -> None:
    """«з» outside a four-part sheet could be «зелёный» or «защита» (DRP-GAP-31)."""
    for it in items:
        if it.kind == "word" and it.text.rstrip(".") == "з":
            raise fail("read.z_ambiguous", it, clause="DRP-GAP-31", kind=ProblemKind.AMBIGUOUS,
                       hint=msg("read.hint_z"))
