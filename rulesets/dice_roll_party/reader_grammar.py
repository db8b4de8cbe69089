"""The Dice Roll Party order grammar: items of one sentence → orders, or an issue saying why not.

Stage one of reading (after python-chess's `parse_san`): what does the text say? Legality comes
later (`reader.py` runs `legality.simulate`). A sentence is first given a *family* by its order
verb («атакую», «переношу», «гашу») or, when it has none, by its shape («П4: защита → атака»,
«хранилище → П3», «П2 → П1», a sheet «В3 А4 З2 Ф3»). The family's parser then fills the order's
fields from the items, with the defaults the checklist gives (a count of 1, a red token landing in
the zone it came from, DRP-GAP-14). What it cannot decide it reports as an `Issue`: unreadable
(with the canonical form as a hint) or ambiguous (which character? which zone?).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import suggest

from .messages import msg
from .orders import (
    Add,
    Attack,
    Bid,
    Build,
    Colour,
    Discard,
    Emergency,
    Handicap,
    Pass,
    Reroll,
    ReturnToStorage,
    Shift,
    Skip,
    Soak,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)
from .reader_words import ORDER_VERBS, CharInfo, Context, Item

ZONE_OF_COLOUR = {Colour.BLUE: Zone.TIME, Colour.GREEN: Zone.FORM}
REDS = (Zone.ATTACK, Zone.DEFENCE)
SOURCE_PREPS = frozenset({"с", "со", "от", "из", "у"})
DEST_PREPS = frozenset({"на", "к", "ко", "в", "во"})
BOOST_WORDS = ("класс+", "страховка", "превосходство", "контратака", "поглощение", "урон")
BOOST_VOCAB = ("класс", "страховка", "подстраховка", "страхую", "превосходство", "контратака", "контра",
               "поглощение", "урон", "повышаю", "дважды")
_FILLER = frozenset({"и", "а", "еще", "также", "плюс", "тоже", "беру", "брать", "взять", "использую",
                     "использовать", "применяю", "с", "со", "за", "на", "по", "к", "для", "мой", "свой",
                     "это", "все", "всё", "ну", "да", "вот", "так", "же", "то", "ли", "уж", "покупаю",
                     "купить", "покупать", "добавляю", "ставлю", "активирую", "включаю", "делаю", "хочу",
                     "буду", "будет", "время", "времени", "бросок", "броска", "кубика", "кидаю",
                     "этот", "раз", "ход", "ходу", "бью", "атакую", "атаку", "атака", "защита", "защиту",
                     "защиты", "защищаюсь", "персонаж", "персонажа", "сильно", "изо", "всех", "сил",
                     "без", "не", "нет", "мне", "меня", "я", "он", "она", "его", "её", "их", "ему"})


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
def _concepts(items: list[Item]) -> set[str]:
    return {it.concept for it in items if it.kind == "word" and it.concept}


def _prep(items: list[Item], k: int) -> str | None:
    """The preposition right before item k («с П4», «на П2», «из атаки»)."""
    j = k - 1
    while j >= 0 and items[j].is_word("char"):
        j -= 1
    if j >= 0 and items[j].kind == "word" and items[j].concept is None:
        return items[j].text
    return None


def _refs(items: list[Item]) -> list[int]:
    return [k for k, it in enumerate(items) if it.kind == "ref"]


def _first(items: list[Item], *concepts: str) -> int | None:
    return next((k for k, it in enumerate(items) if it.kind == "word" and it.concept in concepts), None)


def _slot(it: Item) -> int:
    """The slot of a reference; a name shared by several characters is ambiguous."""
    if it.value is None:
        who = ", ".join(f"П{s}" for _, s in it.candidates)
        raise fail("read.char_ambiguous", it, kind=ProblemKind.AMBIGUOUS, clause="DRP-GEN-02",
                   hint=msg("read.hint_slot"), what=it.text, who=who)
    if not 1 <= it.value <= 4:
        raise fail("slot.unknown", it, kind=ProblemKind.ILLEGAL, clause="DRP-SETUP-02", slot=it.value, slots=4)
    return it.value


def _arrow_pairs(items: list[Item]) -> list[tuple[int, int, str]]:
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


def _zone_is_direction(items: list[Item], k: int) -> bool:
    p = _prep(items, k)
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
        if j < len(items) and items[j].kind == "ref" and _prep(items, j) is None:
            sp.owner = j
        out.append(sp)
        k = max(j, k + 1)
    return out


def _count_near(items: list[Item], lo: int, hi: int) -> int | None:
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


def _zone_leaving(sp: Spec, ctx: Context | None, slot: int) -> Zone:
    """The zone a token leaves a character from: named, by colour, or by DRP-GAP-14."""
    if sp.zone is not None:
        return sp.zone
    if sp.colour is Colour.RED:
        return _red_source(ctx, slot, (sp.start, sp.end))
    if sp.colour is not None:
        return ZONE_OF_COLOUR[sp.colour]
    raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))


def _zone_arriving(sp: Spec) -> Zone:
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


def _bare_z(items: list[Item]) -> None:
    """«з» outside a four-part sheet could be «зелёный» or «защита» (DRP-GAP-31)."""
    for it in items:
        if it.kind == "word" and it.text.rstrip(".") == "з":
            raise fail("read.z_ambiguous", it, clause="DRP-GAP-31", kind=ProblemKind.AMBIGUOUS,
                       hint=msg("read.hint_z"))


# --- the families ---------------------------------------------------------------------------------
def family(items: list[Item], ctx: Context | None) -> str | None:
    """Which kind of order a sentence is, by its verb or shape; None for chatter."""
    if not items:
        return None
    cs = _concepts(items)
    expected = ctx.expected if ctx else frozenset()
    refs = _refs(items)
    if "v_skip" in cs or ("nobody" in cs and ("v_attack" in cs or any(i.zone is Zone.ATTACK for i in items))):
        return "skip"
    if "emergency" in cs or ("nowhere" in cs and any(i.zone is Zone.TIME for i in items)) \
            or ("random" in cs and ("v_swap" in cs or "bag" in cs)):
        return "emergency"
    if "v_discard" in cs or "v_reroll" in cs:
        return "reroll"
    if "v_soak" in cs or ("v_accept" in cs and "damage" in cs) or ("v_give" in cs and "instead" in cs):
        if "defence" in expected or ("if" in cs and "soak" not in expected):
            return "presoak"
        return "soak"
    if "v_pass" in cs:
        return "skip" if "pass" not in expected and "skip" in expected else "pass"
    if "v_bid" in cs:
        return "bid"
    if "v_put" in cs:
        has_token = any(i.kind in ("colour", "zone") and i.zone is not Zone.TIME for i in items)
        return "add" if refs and (has_token or "bid" not in expected) else "bid"
    if "v_remove" in cs:
        return "return" if "storage" in cs and "handicap" not in expected else "handicap"
    if "v_return" in cs:
        return "return"
    if "v_shift" in cs:
        return "shift"
    if "v_swap" in cs:
        return "swap"
    if "v_add" in cs:
        return "add"
    if "v_transfer" in cs:
        zones = [i for i in items if i.kind == "zone" and i.zone in REDS]
        return "shift" if len(refs) <= 1 and len(zones) >= 2 else "transfer"
    if "v_give" in cs:
        return "swap" if "v_get" in cs else ("soak" if "soak" in expected else "transfer")
    if "v_defend" in cs:
        return "defence"
    if "v_attack" in cs:
        return "attack"
    if "v_draw" in cs:
        return "draw_more"
    # --- no order verb: the shape decides ---------------------------------------------------
    if _sheet_like(items):
        return "build"
    if "first_move" in cs or _first_move_like(items):
        return "first_move"
    arrows = _arrow_pairs(items)
    for a, b, _ in arrows:
        left, right = items[a], items[b]
        if left.kind == "zone" and right.kind == "zone":
            return "shift"
        if left.is_word("storage") and right.kind == "ref":
            return "add"
        if left.kind == "ref" and right.kind == "ref":
            return "transfer" if specs(items) else "attack"
        if left.kind == "ref" and right.is_word("storage"):
            return "return"
    if "storage" in cs and refs and "bag" not in cs and any(_prep(items, k) in DEST_PREPS for k in refs):
        return "add"
    if len(refs) >= 2 and any(_prep(items, k) in ("с", "со", "от") for k in refs) \
            and any(_prep(items, k) in ("на", "к") for k in refs) and specs(items):
        return "transfer"
    first = items[0]
    if first.kind == "zone" and first.zone is Zone.ATTACK and len(items) > 1 \
            and (items[1].is_sym(":") or items[1].kind == "ref"):
        return "attack"
    if first.kind == "zone" and first.zone is Zone.DEFENCE and len(items) > 1 and items[1].is_sym(":"):
        return "defence"
    if _boost_like(items):
        return "boosts"
    if "handicap" in expected and refs and any(i.kind == "num" for i in items) and "state_word" not in cs:
        return "handicap"
    if "bid" in expected and len(items) <= 3 and any(i.kind == "num" for i in items) and not refs:
        return "bid"
    return None


def _boost_like(items: list[Item]) -> bool:
    cs = _concepts(items)
    if cs & {"insurance", "superiority", "counter", "absorb", "class_up", "none_boosts", "advantage"}:
        return True
    if "boosts" in cs and any(i.is_sym(":") for i in items):
        return True
    for k, it in enumerate(items):
        if it.is_word("cls") and ((k > 0 and items[k - 1].is_sym("+")) or (k + 1 < len(items) and items[k + 1].is_sym("+"))):
            return True
        if it.is_word("damage") and any(i.kind == "num" for i in items[max(0, k - 2) : k + 3]):
            return True
    return False


def _first_move_like(items: list[Item]) -> bool:
    """«первым ходит Борис», «ходи первым», «бросаем кубик» (who moves first is not an order)."""
    texts = [i.text for i in items]
    return (any(t.startswith("перв") for t in texts) and any(t.startswith("ход") for t in texts)) \
        or (any(t.startswith(("брос", "кида")) for t in texts) and any(i.is_word("cls") for i in items))


# --- sheets (setup): «П1: В3 А4 З2 Ф3», «3/4/2/3», «время 2, атака 1…», «синих 4, красных 4 (3 в атаку…)» ---
_LETTER_KEYS = {"в": "time", "а": "attack", "з": "defence", "ф": "form", "с": "blue", "к": "red"}


def _sheet_like(items: list[Item]) -> bool:
    if _slash_sheet(items) is not None:
        return True
    return len(_sheet_pairs(items)[0]) >= 3


def _slash_sheet(items: list[Item]) -> tuple[int, int, tuple[int, int, int, int]] | None:
    for k in range(len(items) - 6):
        seq = items[k : k + 7]
        if all(seq[i].kind == "num" for i in (0, 2, 4, 6)) and all(seq[i].is_sym("/") for i in (1, 3, 5)):
            vals = tuple(seq[i].value or 0 for i in (0, 2, 4, 6))
            return k, k + 7, vals  # type: ignore[return-value]
    return None


def _sheet_key(it: Item) -> str | None:
    if it.kind == "zone":
        return {Zone.TIME: "time", Zone.ATTACK: "attack", Zone.DEFENCE: "defence", Zone.FORM: "form"}[it.zone]  # type: ignore[index]
    if it.kind == "colour":
        return {Colour.BLUE: "blue", Colour.GREEN: "green", Colour.RED: "red"}[it.colour]  # type: ignore[index]
    if it.kind == "word" and it.concept is None and it.text.rstrip(".") in _LETTER_KEYS:
        return "letter:" + it.text.rstrip(".")
    return None


def _sheet_pairs(items: list[Item]) -> tuple[list[tuple[str, int, Item]], list[tuple[Zone, int, Item]]]:
    """(key, number, key item) pairs of a sheet, and red splits «3 в атаку»."""
    pairs: list[tuple[str, int, Item]] = []
    splits: list[tuple[Zone, int, Item]] = []
    used: set[int] = set()
    k = 0
    n = len(items)
    while k < n:
        it = items[k]
        # «3 в атаку» / «1 в защиту» (red split)
        if it.kind == "num" and k + 2 < n and items[k + 1].kind == "word" and items[k + 1].text in ("в", "во") \
                and items[k + 2].kind == "zone" and items[k + 2].zone in REDS:
            splits.append((items[k + 2].zone, it.value or 0, items[k + 2]))  # type: ignore[arg-type]
            used.update((k, k + 1, k + 2))
            k += 3
            continue
        key = _sheet_key(it)
        if key is None or k in used:
            k += 1
            continue
        after = k + 1
        while after < n and items[after].is_sym(":", "=", "-"):
            after += 1
        if after < n and items[after].kind == "num" and after not in used \
                and (after + 1 >= n or not (items[after + 1].kind == "word" and items[after + 1].text in ("в", "во"))):
            pairs.append((key, items[after].value or 0, it))
            used.update((k, after))
            k = after + 1
            continue
        before = k - 1
        if before >= 0 and items[before].kind == "num" and before not in used:
            pairs.append((key, items[before].value or 0, it))
            used.update((k, before))
        k += 1
    return pairs, splits


def parse_build(items: list[Item], ctx: Context | None, marker_number: int | None,
                typed: callable) -> Parsed:  # type: ignore[valid-type]
    p = Parsed("build", items[0].start, items[-1].end)
    slot: int | None = None
    name: str | None = None
    lo = 0
    first = items[0]
    if first.kind == "ref":
        slot = _slot(first)
        lo = 1
    elif first.kind == "num" and len(items) > 1 and items[1].is_sym("-", ":", ".", ")"):
        slot = first.value
        lo = 2
    elif first.kind == "ordinal":
        slot, lo = first.value, 1
    elif marker_number is not None:
        slot = marker_number
    if slot is not None and not 1 <= slot <= 4:
        raise fail("slot.unknown", first, kind=ProblemKind.ILLEGAL, clause="DRP-SETUP-02", slot=slot, slots=4)
    rest = items[lo:]
    for it in rest:
        if it.kind == "quoted" and it.text.strip():
            name = typed(it.start + 1, it.end - 1)
            break
    slash = _slash_sheet(rest)
    if slash is not None:
        a, b, (time, attack, defence, form) = slash
        if name is None:
            name = _loose_name(rest[:a] + rest[b:], typed)
    else:
        pairs, splits = _sheet_pairs(rest)
        keys = {k for k, _, _ in pairs}
        letters = {k.split(":")[1] for k in keys if k.startswith("letter:")}
        if "з" in letters and not ({"в", "а", "ф"} & letters and len(letters & {"в", "а", "з", "ф"}) >= 3):
            z = next(it for k, _, it in pairs if k == "letter:з")
            raise fail("read.z_ambiguous", z, clause="DRP-GAP-31", kind=ProblemKind.AMBIGUOUS, hint=msg("read.hint_z"))
        sheet = {"time": 0, "attack": 0, "defence": 0, "form": 0}
        red: int | None = None
        red_item: Item | None = None
        for key, value, it in pairs:
            key = {"letter:в": "time", "letter:а": "attack", "letter:з": "defence", "letter:ф": "form",
                   "letter:с": "blue", "letter:к": "red", "blue": "time", "green": "form"}.get(key, key)
            if key == "red":
                red, red_item = (red or 0) + value, it
            else:
                sheet[key] += value
        for zone, value, _ in splits:
            sheet["attack" if zone is Zone.ATTACK else "defence"] += value
        if red is not None:
            split = sum(v for _, v, _ in splits)
            if not splits:
                raise fail("read.sheet_red_split", red_item, clause="DRP-GAP-14", kind=ProblemKind.AMBIGUOUS,
                           hint=msg("read.hint_red_split", red=red))
            if split != red:
                raise fail("read.sheet_red_sum", red_item, clause="DRP-GAP-14", red=red, split=split)
        if not pairs and not splits:
            raise fail("read.sheet", span=(p.start, p.end), hint=msg("read.hint_sheet"))
        time, attack, defence, form = sheet["time"], sheet["attack"], sheet["defence"], sheet["form"]
        if name is None:
            name = _name_before_colon(items, lo, typed)
    p.orders.append(Build(slot=slot or 1, time=time, attack=attack, defence=defence, form=form, name=name or None))
    p.build_slot_missing = slot is None
    return p


def _loose_name(items: list[Item], typed) -> str | None:  # type: ignore[no-untyped-def]
    """An unquoted name next to a slash sheet: «П2: 3/4/2/3 Рыцарь», «П1 (Лучница): 3/4/2/3»."""
    words = [it for it in items if it.kind in ("word", "ref") and it.concept not in ("char",) and it.kind != "ref"]
    words = [w for w in words if w.concept is None and len(w.text) > 1]
    if not words:
        return None
    return typed(words[0].start, words[-1].end).strip("()«»\"' .,:") or None


def _name_before_colon(items: list[Item], lo: int, typed) -> str | None:  # type: ignore[no-untyped-def]
    """«Персонаж 2 Страж: время 2…» — words between the slot and the colon."""
    colon = next((k for k in range(lo, len(items)) if items[k].is_sym(":")), None)
    if colon is None or colon == lo:
        return None
    words = [it for it in items[lo:colon] if it.kind == "word" and it.concept is None and len(it.text) > 1]
    if not words or len(words) != colon - lo:
        return None
    return typed(words[0].start, words[-1].end) or None


# --- auction -----------------------------------------------------------------------------------------
def parse_bid(items: list[Item], ctx: Context | None) -> Parsed:
    p = Parsed("bid", items[0].start, items[-1].end)
    amount = _count_near(items, 0, len(items))
    if amount is None:
        raise fail("read.bid_amount", span=(p.start, p.end), hint=msg("read.hint_bid"))
    p.orders.append(Bid(amount=amount))
    return p


def parse_pass(items: list[Item], ctx: Context | None) -> Parsed:
    k = _first(items, "v_pass")
    it = items[k] if k is not None else items[0]
    return Parsed("pass", it.start, it.end, orders=[Pass()])


def parse_handicap(items: list[Item], ctx: Context | None) -> Parsed:
    """«Снимаю время: 2 с П1, 1 с П3», «с П1 — 2», «П1: 1»."""
    p = Parsed("handicap", items[0].start, items[-1].end)
    takes: list[tuple[int, int]] = []
    used: set[int] = set()
    for k in _refs(items):
        amount = None
        j = k - 1
        while j >= 0 and (items[j].kind == "word" and items[j].text in ("с", "со", "у") or items[j].kind == "zone"
                          or items[j].is_word("char")):
            j -= 1
        if j >= 0 and items[j].kind == "num" and j not in used:
            amount = items[j].value
            used.add(j)
        else:
            j = k + 1
            while j < len(items) and items[j].is_sym(":", "-", "—", "="):
                j += 1
            if j < len(items) and items[j].kind == "num" and j not in used:
                amount = items[j].value
                used.add(j)
        if amount is None:
            raise fail("read.handicap_amount", items[k], hint=msg("read.hint_handicap"))
        takes.append((_slot(items[k]), amount))
    if not takes:
        raise fail("read.handicap_amount", span=(p.start, p.end), hint=msg("read.hint_handicap"))
    merged: dict[int, int] = {}
    for slot, n in takes:
        merged[slot] = merged.get(slot, 0) + n
    p.orders.append(Handicap(takes=tuple(merged.items())))
    return p


# --- phase 1 ------------------------------------------------------------------------------------------
def parse_shift(items: list[Item], ctx: Context | None) -> Parsed:
    """«Перекладываю 1 красный у П2 из атаки в защиту», «П4: защита → атака, 2 токена»."""
    _bare_z(items)
    p = Parsed("shift", items[0].start, items[-1].end)
    refs = _refs(items)
    if len(refs) != 1:
        raise fail("read.shift_char", span=(p.start, p.end), hint=msg("read.hint_shift"))
    slot = _slot(items[refs[0]])
    source = dest = None
    for a, b, _ in _arrow_pairs(items):
        if items[a].kind == "zone" and items[b].kind == "zone":
            source, dest = items[a].zone, items[b].zone
    if source is None:
        for k, it in enumerate(items):
            if it.kind == "zone":
                prep = _prep(items, k)
                if prep in ("из", "с", "со", "от") and source is None:
                    source = it.zone
                elif prep in ("в", "во", "на") and dest is None:
                    dest = it.zone
    if source is None and dest in REDS:
        source = Zone.ATTACK if dest is Zone.DEFENCE else Zone.DEFENCE
    if source is None:
        raise fail("read.shift_zones", span=(p.start, p.end), hint=msg("read.hint_shift"))
    if source not in REDS or (dest is not None and (dest not in REDS or dest is source)):
        raise fail("shift.not_red", span=(p.start, p.end), kind=ProblemKind.ILLEGAL, clause="DRP-RES-05",
                   hint=msg("read.hint_shift"))
    count = 1
    for sp in specs(items):
        if sp.count is not None:
            count = sp.count
            break
    else:
        loose = [it.value for it in items if it.kind == "num"]
        if loose:
            count = loose[0] or 1
    p.orders.append(Shift(slot=slot, source=source, count=max(count, 1)))
    return p


def _dest_ref(items: list[Item], refs: list[int]) -> int | None:
    for k in refs:
        if _prep(items, k) in DEST_PREPS:
            return k
    for a, b, _ in _arrow_pairs(items):
        if items[b].kind == "ref":
            return b
    return refs[0] if len(refs) == 1 else None


def parse_add(items: list[Item], ctx: Context | None) -> Parsed:
    """«Добавляю из хранилища 2 синих на персонажа 3», «На П1 из хранилища красный в атаку»."""
    _bare_z(items)
    p = Parsed("add", items[0].start, items[-1].end)
    refs = _refs(items)
    k = _dest_ref(items, refs)
    if k is None:
        raise fail("read.add_char", span=(p.start, p.end), hint=msg("read.hint_add"))
    slot = _slot(items[k])
    found = [sp for sp in specs(items) if not (sp.zone is Zone.TIME and sp.count is None and sp.lands is None
                                                and any(i.is_word("storage") for i in items[sp.index + 1 : sp.index + 2]))]
    if not found:
        raise fail("read.add_what", span=(p.start, p.end), hint=msg("read.hint_add"))
    for sp in found:
        zone = _zone_arriving(sp)
        p.orders.append(Add(slot=slot, zone=zone, count=max(sp.count or 1, 1)))
    return p


def parse_transfer(items: list[Item], ctx: Context | None) -> Parsed:
    """«Переношу 1 форму с П4 на П2», «П4 → П2: 1 форма», «Переношу 2 атаки с П1 на П2 в защиту»."""
    _bare_z(items)
    p = Parsed("transfer", items[0].start, items[-1].end)
    refs = _refs(items)
    src = dst = None
    for a, b, _ in _arrow_pairs(items):
        if items[a].kind == "ref" and items[b].kind == "ref":
            src, dst = a, b
    if src is None:
        for k in refs:
            prep = _prep(items, k)
            if prep in SOURCE_PREPS and src is None:
                src = k
            elif prep in ("на", "к", "ко", "в", "во") and dst is None:
                dst = k
        rest = [k for k in refs if k not in (src, dst)]
        if src is None and rest:
            src = rest.pop(0)
        if dst is None and rest:
            dst = rest.pop(0)
    if src is None or dst is None:
        raise fail("read.transfer_chars", span=(p.start, p.end), hint=msg("read.hint_transfer"))
    source, target = _slot(items[src]), _slot(items[dst])
    found = specs(items)
    if not found:
        raise fail("read.transfer_what", span=(p.start, p.end), hint=msg("read.hint_transfer"))
    # «в защиту» said after the destination: where a red token lands (DRP-GAP-14)
    lands_all = None
    for k, it in enumerate(items):
        if it.kind == "zone" and it.zone in REDS and _prep(items, k) in ("в", "во") and k > dst:
            lands_all = it.zone
    src_zone_said = None
    for k, it in enumerate(items):
        if it.kind == "zone" and _prep(items, k) in ("из",):
            src_zone_said = it.zone
    for sp in found:
        if sp.zone is None and sp.colour is Colour.RED and src_zone_said in REDS:
            sp.zone = src_zone_said
        zone = _zone_leaving(sp, ctx, source)
        lands = sp.lands or lands_all or zone
        if zone not in REDS:
            lands = zone
        p.orders.append(Transfer(source=source, target=target, zone=zone, lands=lands, count=max(sp.count or 1, 1)))
    return p


def parse_return(items: list[Item], ctx: Context | None) -> Parsed:
    """«Возвращаю в хранилище с П1: синий ×2» (only with the option allow_return_to_storage)."""
    _bare_z(items)
    p = Parsed("return", items[0].start, items[-1].end)
    refs = _refs(items)
    if len(refs) != 1:
        raise fail("read.return_char", span=(p.start, p.end), hint=msg("read.hint_return"))
    slot = _slot(items[refs[0]])
    found = specs(items)
    if not found:
        raise fail("read.return_what", span=(p.start, p.end), hint=msg("read.hint_return"))
    for sp in found:
        p.orders.append(ReturnToStorage(slot=slot, zone=_zone_leaving(sp, ctx, slot), count=max(sp.count or 1, 1)))
    return p


def parse_swap(items: list[Item], ctx: Context | None) -> Parsed:
    """«Меняю у П1 зелёный на синий из хранилища»; «Обмен между П1 и П3: синий П1 ↔ красный (атака) П3»."""
    _bare_z(items)
    p = Parsed("swap", items[0].start, items[-1].end)
    refs = _refs(items)
    found = specs(items)
    if len(refs) >= 2:
        return _swap_characters(items, refs, found, ctx, p)
    if len(refs) == 1:
        return _swap_storage(items, refs[0], found, ctx, p)
    raise fail("read.swap_char", span=(p.start, p.end), hint=msg("read.hint_swap"))


def _swap_storage(items: list[Item], ref: int, found: list[Spec], ctx: Context | None, p: Parsed) -> Parsed:
    slot = _slot(items[ref])
    give_k = _first(items, "v_give")
    get_k = _first(items, "v_get")
    give = take = None
    if give_k is not None and get_k is not None:
        give = next((sp for sp in found if give_k < sp.index < get_k), None)
        take = next((sp for sp in found if sp.index > get_k), None)
    else:
        na = next((k for k, it in enumerate(items) if it.kind == "word" and it.text == "на"), None)
        if na is not None:
            give = next((sp for sp in found if sp.index < na), None)
            take = next((sp for sp in found if sp.index > na), None)
    if give is None or take is None:
        raise fail("read.swap_what", span=(p.start, p.end), hint=msg("read.hint_swap"))
    give_zone = _zone_leaving(give, ctx, slot)
    take_zone = _zone_arriving(take)
    count = max(take.count or give.count or 1, 1)
    p.family = "swap_storage"
    p.orders.append(SwapStorage(slot=slot, give=give_zone, take=take_zone, count=count))
    return p


def _swap_characters(items: list[Item], refs: list[int], found: list[Spec], ctx: Context | None,
                     p: Parsed) -> Parsed:
    owned = [sp for sp in found if sp.owner is not None]
    if len(owned) >= 2:
        sa, sb = owned[0], owned[1]
        a, b = sa.owner, sb.owner
    elif len(found) >= 2:
        sa, sb = found[0], found[1]
        a, b = refs[0], refs[1]
    else:
        raise fail("read.swap_what", span=(p.start, p.end), hint=msg("read.hint_swap"))
    assert a is not None and b is not None
    slot_a, slot_b = _slot(items[a]), _slot(items[b])
    a_zone = _zone_leaving(sa, ctx, slot_a)
    b_zone = _zone_leaving(sb, ctx, slot_b)
    a_lands = sa.lands if (sa.lands and a_zone in REDS) else a_zone
    b_lands = sb.lands if (sb.lands and b_zone in REDS) else b_zone
    # «…, на П3 — в защиту»: where a red token lands on that character (DRP-GAP-14)
    for k in _refs(items):
        if k in (a, b) or _prep(items, k) != "на":
            continue
        zone = next((items[j].zone for j in range(k + 1, min(k + 4, len(items)))
                     if items[j].kind == "zone" and _prep(items, j) in ("в", "во")), None)
        if zone in REDS:
            if items[k].value == slot_b and a_zone in REDS:
                a_lands = zone
            elif items[k].value == slot_a and b_zone in REDS:
                b_lands = zone
    p.family = "swap_characters"
    p.orders.append(SwapCharacters(a=slot_a, a_zone=a_zone, b=slot_b, b_zone=b_zone, a_lands=a_lands,
                                   b_lands=b_lands))
    return p


def _discards(items: list[Item], ctx: Context | None, lo: int, hi: int, p: Parsed) -> list[Discard]:
    """«2 красных из хранилища, 1 атаки с П2» — each with the place after it (storage by default)."""
    out: list[Discard] = []
    found = specs(items, lo, hi)
    for n, sp in enumerate(found):
        end = found[n + 1].index if n + 1 < len(found) else hi
        place: int | None = None  # slot; None = storage
        for k in range(sp.index + 1, end):
            if items[k].kind == "ref" and _prep(items, k) in SOURCE_PREPS | {None}:
                place = _slot(items[k])
                break
            if items[k].is_word("storage"):
                break
        if place is None and sp.owner is not None:
            place = _slot(items[sp.owner])
        count = max(sp.count or 1, 1)
        if place is None:
            colour = sp.colour_of()
            if colour is None:
                out.extend(_guess_storage(ctx, count, sp, p))
                continue
            out.append(Discard(colour=colour, count=count))
        else:
            out.append(Discard(slot=place, zone=_zone_leaving(sp, ctx, place), count=count))
    return out


_COLOUR_FORMS = {Colour.RED: ("красный", "красных"), Colour.BLUE: ("синий", "синих"),
                 Colour.GREEN: ("зелёный", "зелёных")}


def _guess_storage(ctx: Context | None, count: int, sp: Spec, p: Parsed) -> list[Discard]:
    """«3 токена из хранилища» with no colours: take the most plentiful colours first, and say so."""
    if ctx is None or not ctx.storage:
        raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))
    left = dict(ctx.storage)
    took: dict[Colour, int] = {}
    for _ in range(count):
        colour = max((Colour.RED, Colour.GREEN, Colour.BLUE), key=lambda c: left.get(c, 0))
        if left.get(colour, 0) <= 0:
            break
        left[colour] -= 1
        took[colour] = took.get(colour, 0) + 1
    if sum(took.values()) < count:
        raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))
    what = ", ".join(f"{_COLOUR_FORMS[c][0 if n == 1 else 1]} — {n}" for c, n in took.items())
    p.issues.append(note("read.storage_guess", sp.start, sp.end, "DRP-RES-09", what=what))
    return [Discard(colour=c, count=n) for c, n in took.items()]


def parse_reroll(items: list[Item], ctx: Context | None) -> Parsed:
    """«Сбрасываю в мешок 2 красных из хранилища, добираю 2»."""
    _bare_z(items)
    p = Parsed("reroll", items[0].start, items[-1].end)
    draw_k = _first(items, "v_draw")
    hi = draw_k if draw_k is not None else len(items)
    discards = _discards(items, ctx, 0, hi, p)
    if not discards:
        raise fail("read.reroll_what", span=(p.start, p.end), hint=msg("read.hint_reroll"))
    order = Reroll(discards=tuple(discards))
    if draw_k is not None:
        said = _count_near(items, draw_k, len(items))
        if said is not None and said != order.count:
            raise fail("read.reroll_count", items[draw_k], clause="DRP-GAP-10", kind=ProblemKind.ILLEGAL,
                       hint=msg("read.hint_reroll_count", n=order.count), said=said, n=order.count)
    p.orders.append(order)
    return p


def parse_emergency(items: list[Item], ctx: Context | None) -> Parsed:
    """«Времени нет нигде — меняю 3 токена из хранилища на случайные из мешка»."""
    _bare_z(items)
    p = Parsed("emergency", items[0].start, items[-1].end)
    verb = _first(items, "v_swap", "emergency", "v_discard")
    lo = verb + 1 if verb is not None else 0
    na = next((k for k in range(lo, len(items)) if items[k].kind == "word" and items[k].text == "на"
               and k + 1 < len(items) and items[k + 1].is_word("random")), None)
    discards = _discards(items, ctx, lo, na if na is not None else len(items), p)
    if not discards and na is not None:  # «меняю на случайные из мешка: 3 красных из хранилища»
        discards = _discards(items, ctx, na + 2, len(items), p)
    if not discards:
        raise fail("read.emergency_what", span=(p.start, p.end), hint=msg("read.hint_emergency"))
    p.orders.append(Emergency(discards=tuple(discards)))
    return p


# --- boosts (attack and defence) ------------------------------------------------------------------------
def scan_boosts(items: list[Item], skip: set[int], strict_from: int | None = None) -> tuple[Boosts, list[Issue]]:
    """The boosts said in items (not counting indices in `skip`). Unknown words after «Усиления:»
    (`strict_from`), or close to a boost's name, are errors with a hint."""
    b = Boosts()
    issues: list[Issue] = []
    n = len(items)
    used = set(skip)
    for k, it in enumerate(items):
        if k in used:
            continue
        c = it.concept if it.kind == "word" else None
        if c == "if":
            break
        if c == "class_up":
            b.class_up += 1
            b.said = True
            used.add(k)
            if k + 1 < n and items[k + 1].kind == "zone" and items[k + 1].zone in REDS:
                b.side = "attack" if items[k + 1].zone is Zone.ATTACK else "defence"
                used.add(k + 1)
        elif c == "cls":
            plus_before = k > 0 and items[k - 1].is_sym("+")
            plus_after = k + 1 < n and items[k + 1].is_sym("+")
            raised = k > 0 and items[k - 1].is_word("v_raise")
            higher = k + 1 < n and items[k + 1].is_word("higher")
            if plus_before or plus_after or raised or higher:
                step = 1
                if plus_after and k + 2 < n and items[k + 2].kind == "num" and items[k + 2].start == items[k + 1].end:
                    step = items[k + 2].value or 1
                    used.add(k + 2)
                b.class_up += step
                b.said = True
                used.update(x for x in (k - 1, k + 1) if 0 <= x < n and (items[x].is_sym("+") or items[x].is_word("v_raise", "higher")))
                if k + 1 < n and items[k + 1].kind == "zone" and items[k + 1].zone in REDS:
                    b.side = "attack" if items[k + 1].zone is Zone.ATTACK else "defence"
                    used.add(k + 1)
        elif c == "damage":
            amount, span = _damage_amount(items, k, used)
            if amount is None:
                issues.append(Issue("read.damage_amount", msg("read.damage_amount"), msg("read.hint_damage"),
                                    "DRP-ATK-04", start=it.start, end=it.end))
            else:
                b.damage += amount
                used.update(span)
            b.said = True
        elif c == "insurance":
            b.insurance = b.said = True
        elif c == "superiority":
            b.superiority = b.said = True
        elif c == "counter":
            b.counter = b.said = True
        elif c == "absorb":
            b.absorb = b.said = True
        elif c == "none_boosts":
            b.none_said = True
        elif c == "advantage":
            issues.append(Issue("read.advantage", msg("read.advantage"), msg("read.hint_advantage"), "DRP-ATK-06",
                                start=it.start, end=it.end))
        elif it.kind == "word" and c is None and it.text not in _FILLER and len(it.text) > 2:
            near = suggest(it.text, BOOST_VOCAB, cutoff=80)
            strict = strict_from is not None and k > strict_from
            if near or strict:
                hint = msg("read.hint_maybe", word=_canonical_boost(near)) if near else msg("read.hint_boosts")
                issues.append(Issue("read.unknown_boost", msg("read.unknown_boost", word=it.text), hint,
                                    start=it.start, end=it.end))
    return b, issues


def _canonical_boost(word: str | None) -> str:
    return {"класс": "класс+", "страхую": "страховка", "контра": "контратака", "повышаю": "повышаю класс",
            "дважды": "кидаю дважды"}.get(word or "", word or "")


def _damage_amount(items: list[Item], k: int, used: set[int]) -> tuple[int | None, set[int]]:
    """«+2 урона», «урон +2», «урон 2», «2 времени в урон», «+1 к урону», «повышаю урон на 2»."""
    n = len(items)
    j = k - 1
    span = {k}
    while j >= 0 and (items[j].is_sym("+") or items[j].kind == "word" and items[j].text in ("в", "к", "на")
                      or items[j].kind == "zone" and items[j].zone is Zone.TIME):
        span.add(j)
        j -= 1
    if j >= 0 and items[j].kind == "num" and j not in used:
        return items[j].value, span | {j}
    j = k + 1
    span = {k}
    while j < n and (items[j].is_sym("+", ":", "=") or items[j].kind == "word" and items[j].text in ("на",)):
        span.add(j)
        j += 1
    if j < n and items[j].kind == "num" and j not in used:
        return items[j].value, span | {j}
    if (k > 0 and (items[k - 1].is_word("v_raise") or items[k - 1].is_sym("+"))) or (k + 1 < n and items[k + 1].is_sym("+")):
        return 1, span
    return None, span


def _strict_from(items: list[Item]) -> int | None:
    """Index of «Усиления:» — after it every word must be a boost."""
    for k, it in enumerate(items):
        if it.is_word("boosts") and k + 1 < len(items) and items[k + 1].is_sym(":"):
            return k + 1
    return None


def parse_boosts(items: list[Item], ctx: Context | None) -> Parsed:
    """A line of boosts alone: the rest of an attack, or a defence («Повышаю класс защиты и беру
    превосходство»)."""
    p = Parsed("boosts", items[0].start, items[-1].end)
    b, issues = scan_boosts(items, set(), _strict_from(items) if _strict_from(items) is not None else -1)
    p.boosts, p.issues = b, issues
    return p


# --- phase 2: attack ------------------------------------------------------------------------------
def parse_attack(items: list[Item], ctx: Context | None) -> Parsed:
    """«Атакую: П2 → П3 соперника», «П1 бьёт вражеского персонажа №4, +2 урона, страховка»,
    «Атака П3 по П1 без усилений», «Атакую П1 врага своим П3», «Лучницей бью Рыцаря Бориса»."""
    _bare_z(items)
    p = Parsed("attack", items[0].start, items[-1].end)
    refs = _refs(items)
    if len(refs) < 2:  # ordinals stand in for references: «атакую вторым первого»
        refs = sorted(refs + [k for k, it in enumerate(items) if it.kind == "ordinal"])
    attacker = target = None
    for a, b, arrow in _arrow_pairs(items):
        if items[a].kind in ("ref", "ordinal") and items[b].kind in ("ref", "ordinal") and arrow == "→":
            attacker, target = a, b
    if attacker is None:
        free = []
        for k in refs:
            it = items[k]
            if it.side == "opp" or _prep(items, k) in ("по", "на"):
                target = k if target is None else target
            elif it.side == "own" or it.ablt or (it.kind == "ordinal" and lemmatizer_ablt(it)):
                attacker = k if attacker is None else attacker
            else:
                free.append(k)
        for k in free:
            if attacker is None:
                attacker = k
            elif target is None:
                target = k
    skip = {k for k in (attacker, target) if k is not None}
    skip |= {k for k, it in enumerate(items) if it.used or it.kind == "player"}
    boosts, issues = scan_boosts(items, skip, _strict_from(items))
    p.boosts = boosts
    p.issues.extend(issues)
    if boosts.counter or boosts.absorb:
        word = "контратака" if boosts.counter else "поглощение"
        p.issues.append(Issue("read.defence_boost_in_attack", msg("read.defence_boost_in_attack", word=word),
                              None, "DRP-ATK-07", kind=ProblemKind.ILLEGAL, start=p.start, end=p.end))
    if target is None:
        target = _only_target(ctx, p)
        if target is None:
            raise fail("read.attack_target", span=(p.start, p.end), hint=msg("read.hint_attack"), clause="DRP-ATK-01")
        target_slot, target_faction = target
    else:
        target_slot = _target_slot(items[target], ctx)
        target_faction = items[target].faction if items[target].side == "opp" else None
    fields = {"target": target_slot, "target_faction": None, "class_up": boosts.class_up, "damage": boosts.damage,
                  "insurance": boosts.insurance, "superiority": boosts.superiority}
    if ctx is not None and len(ctx.opponents) > 1:
        fields["target_faction"] = target_faction
    if attacker is None:
        p.attack_fields = fields
        return p
    it = items[attacker]
    if it.kind == "ref" and it.by_name and it.side == "opp":
        raise fail("attack.target_self", it, kind=ProblemKind.ILLEGAL, clause="DRP-TURN-05")
    p.orders.append(Attack(attacker=_own_slot(it, ctx), **fields))
    return p


def lemmatizer_ablt(it: Item) -> bool:
    from .reader_words import lemmatizer

    return lemmatizer().has_grammeme(it.text, "ablt")


def _own_slot(it: Item, ctx: Context | None) -> int:
    if it.kind == "ordinal":
        return it.value or 0
    if it.by_name and it.value is None and ctx is not None:
        mine = [s for f, s in it.candidates if f == ctx.me.faction]
        if len(mine) == 1:
            return mine[0]
    return _slot(it)


def _target_slot(it: Item, ctx: Context | None) -> int:
    if it.kind == "ordinal":
        return it.value or 0
    if it.by_name and it.value is None and ctx is not None:
        theirs = [s for f, s in it.candidates if f != ctx.me.faction]
        if len(theirs) == 1:
            return theirs[0]
    return _slot(it)


def _only_target(ctx: Context | None, p: Parsed) -> tuple[int, str | None] | None:
    """When the post names no target but the opponent has one character left, that is the target."""
    if ctx is None:
        return None
    living = [(s, side.faction) for side in ctx.opponents for s in side.chars]
    if len(living) == 1:
        p.issues.append(note("read.only_target", p.start, p.end, "DRP-TURN-05", who=f"П{living[0][0]}"))
        return living[0]
    return None


def parse_skip(items: list[Item], ctx: Context | None) -> Parsed:
    return Parsed("skip", items[0].start, items[-1].end, orders=[Skip()])


# --- phase 3: defence and soaking ------------------------------------------------------------------------
def parse_defence(items: list[Item], ctx: Context | None) -> Parsed:
    """«Защита: страховка, контратака», «Защищаюсь без усилений», with an optional «если пробьёт —
    гашу 1 временем»."""
    p = Parsed("defence", items[0].start, items[-1].end)
    if_k = _first(items, "if")
    head = items[:if_k] if if_k is not None else items
    b, issues = scan_boosts(head, set(), _strict_from(head))
    p.boosts, p.issues = b, issues
    if if_k is not None:
        p.presoak = _soak_amount(items[if_k:], ctx)
    return p


def _soak_amount(items: list[Item], ctx: Context | None) -> int:
    cs = _concepts(items)
    texts = {it.text for it in items}
    k = _first(items, "v_soak", "v_give")
    if "не" in texts and k is not None and k > 0 and items[k - 1].text == "не":
        return 0
    if "v_accept" in cs and "v_soak" not in cs and "v_give" not in cs:
        return 0
    for it in items[(k or 0):] + items[: (k or 0)]:
        if it.kind == "num":
            return it.value or 0
    if texts & {"все", "весь", "всё", "полностью"} and ctx is not None and ctx.damage is not None:
        return ctx.damage
    raise fail("read.soak_amount", span=(items[0].start, items[-1].end), hint=msg("read.hint_soak"))


def parse_soak(items: list[Item], ctx: Context | None) -> Parsed:
    """«Гашу 2 урона временем», «Отдаю 1 время вместо защиты», «Принимаю урон, не гашу»,
    «Погасить временем: 2»."""
    p = Parsed("soak", items[0].start, items[-1].end)
    p.orders.append(Soak(amount=_soak_amount(items, ctx)))
    return p


def parse_presoak(items: list[Item], ctx: Context | None) -> Parsed:
    """«Если пробьёт — гашу 1 временем» in a defence post."""
    p = Parsed("presoak", items[0].start, items[-1].end)
    p.presoak = _soak_amount(items, ctx)
    return p


def parse_draw_more(items: list[Item], ctx: Context | None) -> Parsed:
    """«Добираю 2» on its own: the tail of a reroll written on the line before."""
    p = Parsed("draw_more", items[0].start, items[-1].end)
    p.draw_count = _count_near(items, 0, len(items))
    return p


def parse_first_move(items: list[Item], ctx: Context | None) -> Parsed:
    p = Parsed("first_move", items[0].start, items[-1].end)
    p.issues.append(note("read.first_move", p.start, p.end, "DRP-GAP-04"))
    return p


PARSERS = {
    "bid": parse_bid, "pass": parse_pass, "handicap": parse_handicap, "shift": parse_shift, "add": parse_add,
    "transfer": parse_transfer, "return": parse_return, "swap": parse_swap, "reroll": parse_reroll,
    "emergency": parse_emergency, "attack": parse_attack, "skip": parse_skip, "defence": parse_defence,
    "soak": parse_soak, "presoak": parse_presoak, "boosts": parse_boosts, "draw_more": parse_draw_more,
    "first_move": parse_first_move,
}
# The order kind a family stands for, for "now is not the time for this" messages.
FAMILY_KIND = {"swap": "swap_storage", "presoak": "soak", "draw_more": "reroll"}


def has_order_verb(items: list[Item]) -> Item | None:
    return next((it for it in items if it.kind == "word" and it.concept in ORDER_VERBS), None)
