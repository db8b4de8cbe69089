"""Parsers for the steps before play: sheets of a build, bids and passes, the handicap, and
who-moves-first chatter (DRP-SETUP-03, DRP-FIRST-*, DRP-GAP-04, DRP-GAP-06, DRP-GAP-14, DRP-GAP-31).
"""

from __future__ import annotations

from collections.abc import Callable

from letopis.engine.problems import ProblemKind
from letopis.engine.text import cyrillic_lookalike, normalise
from letopis.engine.text_words import nominative

from .messages import msg
from .orders import Bid, Build, Colour, Handicap, Pass, Zone
from .reader_parts import REDS, Parsed, fail, first_index, first_number, note, ref_indices, slot_of
from .reader_words import Context, Item, lemmatizer

# --- sheets (setup): «П1: В3 А4 З2 Ф3», «3/4/2/3», «время 2, атака 1…», «синих 4, красных 4 (3 в атаку…)» ---
_LETTER_KEYS = {"в": "time", "а": "attack", "з": "defence", "ф": "form", "с": "blue", "к": "red"}


# «все в защиту»: the reds a sheet does not split otherwise all go to one zone.
_ALL_THE_REST = frozenset({"все", "всё", "остальные", "остальное", "оба", "обе", "всех", "остальных"})
REST = -1


def sheet_like(items: list[Item]) -> bool:
    if _slash_sheet(items) is not None:
        return True
    pairs, splits = _sheet_pairs(items)
    return len(pairs) + len(splits) >= 3


# «3/4/2/3», «3\4\2\3», «2-5-1-4», «3|4|2|3»: four numbers with one separator between them.
_SHEET_SEPARATORS = ("/", "\\", "-", "|")


def _slash_sheet(items: list[Item]) -> tuple[int, int, tuple[int, int, int, int]] | None:
    for k in range(len(items) - 6):
        seq = items[k : k + 7]
        if all(seq[i].kind == "num" for i in (0, 2, 4, 6)) and seq[1].is_sym(*_SHEET_SEPARATORS) \
                and all(seq[i].is_sym(seq[1].text) for i in (3, 5)):
            vals = tuple(seq[i].value or 0 for i in (0, 2, 4, 6))
            return k, k + 7, vals  # type: ignore[return-value]
    return None


def _sheet_key(it: Item) -> str | None:
    if it.kind == "zone":
        return {Zone.TIME: "time", Zone.ATTACK: "attack", Zone.DEFENCE: "defence", Zone.FORM: "form"}[it.zone]  # type: ignore[index]
    if it.kind == "colour":
        return {Colour.BLUE: "blue", Colour.GREEN: "green", Colour.RED: "red"}[it.colour]  # type: ignore[index]
    if it.kind == "word" and it.concept is None:
        letter = cyrillic_lookalike(it.text.rstrip("."))  # «B3 A3»: Latin look-alikes of the sheet letters
        if letter in _LETTER_KEYS:
            return "letter:" + letter
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
        # «3 в атаку» / «1 в защиту» (red split), «4 красных в атаку»
        red = 1 if k + 1 < n and items[k + 1].kind == "colour" and items[k + 1].colour is Colour.RED else 0
        if it.kind == "num" and k + 2 + red < n and items[k + 1 + red].kind == "word" \
                and items[k + 1 + red].text in ("в", "во") \
                and items[k + 2 + red].kind == "zone" and items[k + 2 + red].zone in REDS:
            splits.append((items[k + 2 + red].zone, it.value or 0, items[k + 2 + red]))  # type: ignore[arg-type]
            used.update(range(k, k + 3 + red))
            k += 3 + red
            continue
        # «(все в защиту)», «остальные в атаку»: every red not split otherwise
        if it.kind == "word" and it.text in _ALL_THE_REST and k + 2 < n and items[k + 1].kind == "word" \
                and items[k + 1].text in ("в", "во") and items[k + 2].kind == "zone" and items[k + 2].zone in REDS:
            splits.append((items[k + 2].zone, REST, items[k + 2]))  # type: ignore[arg-type]
            used.update(range(k, k + 3))
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
                typed: Callable[[int, int], str]) -> Parsed:
    p = Parsed("build", items[0].start, items[-1].end)
    slot: int | None = None
    name: str | None = None
    lo = 0
    first = items[0]
    if first.kind == "ref":
        slot = slot_of(first)
        lo = 1
    elif first.kind == "num" and len(items) > 1 and items[1].is_sym("-", ":", ".", ")") \
            and (_slash_sheet(items) or (-1,))[0] != 0:  # «2-5-1-4 Берсерк» is a sheet, not slot 2
        slot = first.value
        lo = 2
    elif first.kind == "ordinal":
        slot, lo = first.value, 1
    elif first.kind == "quoted" and len(items) > 1 and _bracketed_ref(items, 1) is not None:
        slot, lo = _bracketed_ref(items, 1)  # «"Лучница" (П2) — 4/2/2/4»
        rest_start = lo
        lo = 0
        items = [first, *items[rest_start:]]
    elif (lead := _ref_after_chatter(items)) is not None:
        slot = slot_of(items[lead])  # «Ну, П2: 6/2/1/3», «Рыцарь П2: 3/4/2/3» (the name is read below)
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
        _, _, (time, attack, defence, form) = slash
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
                   "letter:с": "time", "letter:к": "red", "blue": "time", "green": "form"}.get(key, key)
            if key == "red":
                red, red_item = (red or 0) + value, it
            else:
                sheet[key] += value
        if any(v == REST for _, v, _ in splits):
            left = (red or 0) - sum(v for _, v, _ in splits if v != REST)
            splits = [(z, left if v == REST else v, it) for z, v, it in splits]
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
        name = _loose_name(rest, typed, _player_names(ctx))
    p.orders.append(Build(slot=slot or 1, time=time, attack=attack, defence=defence, form=form, name=name or None))
    p.build_slot_missing = slot is None
    return p


def build_parts(items: list[Item]) -> list[list[Item]]:
    """«П1 3/4/2/3, П2 4/2/2/4, …», «первым Паладин, у него …, вторым Монах — …»: a line with several
    sheets is several builds, each from its slot (a slot, an ordinal, «3:») to the next slot that
    opens a sheet of its own."""
    marks = [k for k, it in enumerate(items) if _slot_mark(items, k)]
    parts: list[list[Item]] = []
    start = 0
    for n, k in enumerate(marks):
        end = marks[n + 1] if n + 1 < len(marks) else len(items)
        if k > start and sheet_like(items[start:k]) and sheet_like(items[k:end]):
            parts.append(items[start:k])
            start = k
    return [*parts, items[start:]]


def _slot_mark(items: list[Item], k: int) -> bool:
    it = items[k]
    if it.kind == "ref" and not it.by_name or it.kind == "ordinal" and 1 <= (it.value or 0) <= 4:
        return True
    return it.kind == "num" and 1 <= (it.value or 0) <= 4 and k + 1 < len(items) and items[k + 1].is_sym(":", ")")


def _ref_after_chatter(items: list[Item]) -> int | None:
    """The index of a character reference that only chatter or a preposition («Ну,», «Итак:»,
    «Во второй — …») stands before."""
    for k, it in enumerate(items):
        if it.kind == "ref" or it.kind == "ordinal" and 1 <= (it.value or 0) <= 4:
            return k
        if not (it.kind in ("sym", "player") or it.kind == "word" and it.concept is None):
            return None  # «Привет Оля, значит так, первым у меня будет Паладин…»: a greeting is chatter
    return None


def _bracketed_ref(items: list[Item], k: int) -> tuple[int, int] | None:
    """(slot, index after it) for «(П2)» or «П2» right after a name."""
    j = k + 1 if items[k].is_sym("(") else k
    if j < len(items) and items[j].kind == "ref":
        end = j + 2 if j + 1 < len(items) and items[j + 1].is_sym(")") else j + 1
        return slot_of(items[j]), end
    return None


def _loose_name(items: list[Item], typed: Callable[[int, int], str], people: frozenset[str] = frozenset()) -> str | None:
    """An unquoted name beside a sheet: «Персонаж 2 Страж: время 2…», «П2: 3/4/2/3 Рыцарь»,
    «П3: время 4, … (Тень)», «Слот 2: 3/3/3/3 — Молот» — the first run of words that are not
    part of the sheet, capitalised, at most three words, and not chatter («Ну, П2: 6/2/1/3»,
    «П3: 1/2/4/5 — как-то так.» have no name). A build told as a story («В первый слот Глеб
    поставил Кузнеца», «Во второй — Пахаря») names its character between verbs, prepositions and
    the players' own names, in whatever case the sentence needs: the name is given as it is called
    (`nominative`)."""
    runs: list[list[Item]] = [[]]
    for it in items:
        if it.kind == "word" and it.concept is None and len(it.text) > 1 and it.text.replace("-", "").isalpha() \
                and it.text not in _CHATTER and not lemmatizer().lemmas(it.text) & people and not _story_word(it.text):
            runs[-1].append(it)
        elif runs[-1]:
            runs.append([])
    for run in runs:
        if not run or len(run) > 3:
            continue
        name = typed(run[0].start, run[-1].end).strip("()«»\"' .,:-—")
        if name and name[0].isupper():
            return nominative(name)
    return None


_NOT_NAMES = frozenset({"VERB", "INFN", "GRND", "PREP", "CONJ", "PRCL", "NPRO", "ADVB"})


def _story_word(word: str) -> bool:
    """A verb, preposition, conjunction, particle, pronoun or adverb, as the dictionary reads it
    first: the words a sentence tells the build with, never the name."""
    return bool(lemmatizer().grammemes(word) & _NOT_NAMES)


def _player_names(ctx: Context | None) -> frozenset[str]:
    """The players' names, in any case («Глеб поставил…»): not a character's."""
    if ctx is None:
        return frozenset()
    names = [side.name for side in (ctx.me, *ctx.opponents) if side.name]
    return frozenset(w for n in names for w in lemmatizer().lemmas(normalise(n)) if w)


# Words that are talk, not a name: «ну», «как-то так», «вот», «итак»…
_CHATTER = frozenset({
    "ну", "вот", "так", "итак", "как-то", "както", "как", "то", "короче", "ладно", "пожалуй", "наверное",
    "думаю", "значит", "типа", "вроде", "ок", "окей", "хм", "эх", "ой", "ага", "всё", "все", "пока", "ещё",
    "еще", "тоже", "уже", "просто", "примерно", "кажется", "мой", "моя", "мои", "это", "такой", "такая",
    "будет", "пусть", "привет", "всем", "удачи",
})


# --- auction -----------------------------------------------------------------------------------------
def parse_bid(items: list[Item], ctx: Context | None) -> Parsed:
    p = Parsed("bid", items[0].start, items[-1].end)
    amount = first_number(items, 0, len(items))
    if amount is None:
        raise fail("read.bid_amount", span=(p.start, p.end), hint=msg("read.hint_bid"))
    if _raised_by(items) and ctx is not None:
        amount += ctx.bid or 0  # «Поднимаю на один», «+2 к ставке»: by so much over the standing bid
    p.orders.append(Bid(amount=amount))
    return p


def _raised_by(items: list[Item]) -> bool:
    """Whether the amount is a step up from the standing bid: «поднимаю на один», «повышаю ещё на
    два», «+1 к ставке», «накидываю сверху одно»; «поднимаю до пяти» names the bid itself."""
    k = next(k for k, it in enumerate(items) if it.kind == "num")
    before = items[k - 1] if k > 0 else None
    if before is not None and before.is_sym("+"):
        return True
    raising = any(it.is_word("v_raise") for it in items) or any(it.kind == "word" and it.text == "сверху" for it in items)
    return raising and before is not None and before.kind == "word" and before.text in ("на", "еще", "ещё", "сверху")


def parse_pass(items: list[Item], ctx: Context | None) -> Parsed:
    k = first_index(items, "v_pass")
    it = items[k] if k is not None else items[0]
    return Parsed("pass", it.start, it.end, orders=[Pass()])


def parse_handicap(items: list[Item], ctx: Context | None) -> Parsed:
    """«Снимаю время: 2 с П1, 1 с П3», «с П1 — 2», «П1: 1»."""
    p = Parsed("handicap", items[0].start, items[-1].end)
    takes: list[tuple[int, int]] = []
    used: set[int] = set()
    # «четвёртый» names a slot in the handicap step as a reference does («Рыцарь отдаёт 2, четвёртый 1»)
    for k in sorted(ref_indices(items) + [k for k, it in enumerate(items) if it.kind == "ordinal"]):
        amount = None
        j = k - 1
        # «2 с П1», «1 время с П3», «все три времени — с П4»
        while j >= 0 and (items[j].kind == "word" and items[j].text in ("с", "со", "у") or items[j].kind == "zone"
                          or items[j].kind == "colour" and items[j].colour is Colour.BLUE
                          or items[j].is_word("char") or items[j].is_sym("-")):
            j -= 1
        if j >= 0 and items[j].kind == "num" and j not in used:
            amount = items[j].value
            used.add(j)
        else:
            # «П1: 1», «с П1 — 2», «П1 → хранилище: 2 синих», «с П4 ещё одно»
            j = k + 1
            while j < len(items) and (items[j].is_sym(":", "-", "—", "=", "→") or items[j].is_word("storage")
                                      or items[j].kind == "word" and items[j].text in ("еще", "ещё")):
                j += 1
            if j < len(items) and items[j].kind == "num" and j not in used:
                amount = items[j].value
                used.add(j)
        if amount is None:
            j = _sole_amount(items, k, used)  # «два времени отдаёт Рыцарь», «Рыцарь отдаёт все свои три синих»
            if j is not None:
                amount = items[j].value
                used.add(j)
        if amount is None:
            raise fail("read.handicap_amount", items[k], hint=msg("read.hint_handicap"))
        takes.append((slot_of(items[k]), amount))
    if not takes:
        raise fail("read.handicap_amount", span=(p.start, p.end), hint=msg("read.hint_handicap"))
    merged: dict[int, int] = {}
    for slot, n in takes:
        merged[slot] = merged.get(slot, 0) + n
    p.orders.append(Handicap(takes=tuple(merged.items())))
    return p


def _sole_amount(items: list[Item], k: int, used: set[int]) -> int | None:
    """The one number not yet taken in the part of the line around the character at ``k`` (up to
    a comma, «и», a full stop or another character), with a verb or words between them."""
    def bound(it: Item) -> bool:
        return it.is_sym(",", ".", ";") or it.kind in ("ref", "ordinal") or it.kind == "word" and it.text == "и"
    lo = k
    while lo > 0 and not bound(items[lo - 1]):
        lo -= 1
    hi = k + 1
    while hi < len(items) and not bound(items[hi]):
        hi += 1
    nums = [j for j in range(lo, hi) if items[j].kind == "num" and j not in used]
    return nums[0] if len(nums) == 1 else None


def parse_first_move(items: list[Item], ctx: Context | None) -> Parsed:
    p = Parsed("first_move", items[0].start, items[-1].end)
    p.issues.append(note("read.first_move", p.start, p.end, "DRP-GAP-04"))
    return p
