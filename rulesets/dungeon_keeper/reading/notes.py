"""What a post mixes in besides orders (checklist §3.3), and lines that look like orders but
cannot be read.

The player's own bookkeeping — «Итого: золото 40, мана 2», «Ресурсы: 50 з / 5 м», «Импы: №1 —
37-15, №2 — 12-12» — is never an order; where it disagrees with the server's state the reader
adds a note (never an error). Edit footers and «Ход 7» headings are flavour. A line with no
order the reader understood is still an error when it looks like an order — an «N ОД:» prefix,
a unit header, an order verb said as an order, a near-miss of an order word — with a hint
(«может быть, «передвигается»?») from rapidfuzz over the lexicon's verbs and unit names.
"""

from __future__ import annotations

import re
from functools import lru_cache

from letopis.engine.problems import ProblemKind, Severity
from letopis.engine.text import is_known, order_cue, parses, suggest, tokens

from ..state import State
from .bind import Issue, note
from .messages import msg
from .syntax import LineSyntax
from .words import scan, words

# One pass over the start of a line says which kind of non-order line it is (checked on every line).
_KINDS = re.compile(
    r"^(?:(?P<resources>(?:итого|итог|ресурсы|ресы|казна|в казне|осталось|остаток|баланс|запасы|на счету|"
    r"состояние|мои ресурсы|у меня)\s*[:\-]?)"
    r"|(?P<units>(?:мои\s+)?(?:импы|бесы|юниты|войска|армия|отряды|существа|войско|состав)\s*[:\-])"
    r"|(?P<edit>последний раз редактировал|отредактировано|изменено|edited|редакция)"
    r"|(?P<turn>(?:мой\s+)?ход\s*(?:№\s*)?\d+\s*[:.!]?\s*$)"
    r"|(?P<ooc>\(?\s*(?:оос|ooc|вне игры|не по игре|офф|оффтоп|offtop|гм|gm|мастер|ведущий|уважаемый гм|"
    r"дорогой гм)\b\s*[:,\-)])"
    r"|(?P<quote_header>(?:цитата|\S+(?:\s\S+)?\s+писал(?:\(а\)|а)?)\s*:?\s*$))"
)
_KINDS_NO_QUOTE = re.compile(_KINDS.pattern[: _KINDS.pattern.index("|(?P<quote_header>")] + ")")
_AP_CUE = re.compile(r"^\s*(?:\d{1,2}(?:\s?-\s?\d{1,2})?\s?од\b|од\s?\d)")
_RESOURCE_WORDS = {
    "золото": "gold", "з": "gold", "зол": "gold", "золотой": "gold", "голда": "gold", "gold": "gold",
    "мана": "mana", "м": "mana", "маны": "mana", "mana": "mana",
    "железо": "iron", "ж": "iron", "жел": "iron", "iron": "iron",
    "тальдеар": "taldear", "т": "taldear", "тал": "taldear",
}
RESOURCE_RU = {"gold": "золото", "mana": "мана", "iron": "железо", "taldear": "тальдеар"}


def classify(norm: str) -> str | None:
    """"resources", "units" (bookkeeping), "edit" (an edit footer), "turn" («Ход 7»), "ooc" (out of
    character, a word to the GM), "quote_header" («Ваал писал(а):»); None for other lines."""
    # The quote header's alternative is the slow one (it backtracks over the first words); a line
    # without «писал» or a leading «цитата» cannot match it, and the other alternatives come first.
    pattern = _KINDS if "писал" in norm or norm.startswith("цитата") else _KINDS_NO_QUOTE
    m = pattern.match(norm)
    return m.lastgroup if m is not None else None


def check(kind: str, norm: str, state: State, faction: str) -> list[Issue]:
    """Notes for bookkeeping that disagrees with the state (checklist §3.3)."""
    if kind == "resources":
        return _resources(norm, state, faction)
    if kind == "units":
        return _positions(norm, state, faction)
    return []


def _resource_of(word: str) -> str | None:
    got = _RESOURCE_WORDS.get(word.rstrip("."))
    if got is None and word.isalpha():
        for p in parses(word)[:2]:
            got = _RESOURCE_WORDS.get(p.lemma)
            if got:
                break
    return got


def _resources(norm: str, state: State, faction: str) -> list[Issue]:
    player = state.players.get(faction)
    if player is None:
        return []
    toks = tokens(norm)
    said: dict[str, tuple[int, int, int]] = {}
    for i, t in enumerate(toks):
        if t.kind != "num":
            continue
        before = toks[i - 1] if i > 0 and toks[i - 1].kind == "word" else None
        after = toks[i + 1] if i + 1 < len(toks) and toks[i + 1].kind == "word" else None
        res = _resource_of(after.text) if after is not None else None
        span_end = after.end if res else t.end
        if res is None and before is not None:
            res = _resource_of(before.text)
            start = before.start
        else:
            start = t.start
        if res is not None and res not in said:
            said[res] = (t.value or 0, start, span_end)  # type: ignore[assignment]
    out = []
    for res, (value, start, end) in said.items():
        actual = getattr(player, res)
        if actual != value:
            out.append(note("read.bookkeeping_resource", (start, end), "DK-ECON-01", resource=RESOURCE_RU[res],
                            actual=actual, said=value))
    return out


def _positions(norm: str, state: State, faction: str) -> list[Issue]:
    """«Импы: №1 — 37-15, №2 — 12-12»: each number with the cell the player thinks it stands on."""
    items = scan(norm)
    kind = None
    out: list[Issue] = []
    for it in items:
        if it.kind == "word" and it.concept and it.concept.startswith("u_"):
            kind = it.concept[2:]
            break
    pending = None
    for it in items:
        if it.kind == "no":
            pending = it
        elif it.kind == "cell" and pending is not None:
            number = pending.value
            unit = next((u for u in state.units.values() if u.side == faction and u.number == number
                         and (kind in (None, "unit") or u.kind == kind)), None)
            from ..data import DATA

            name = f"{DATA.units[kind].name} №{number}" if kind in DATA.units else f"юнит №{number}"
            if unit is None:
                out.append(note("read.bookkeeping_unit_missing", (pending.start, it.end), "DK-UNIT-07", what=name))
            elif unit.cell != it.value:
                out.append(note("read.bookkeeping_unit", (pending.start, it.end), "DK-UNIT-07", what=name,
                                actual=f"{unit.cell[0]}-{unit.cell[1]}", said=it.text))
            pending = None
    return out


def position_said(syn: LineSyntax) -> tuple[tuple[int, int], int, int] | None:
    """«Бес №2 — 8-8»: a header with only a cell after it is where the player thinks the unit is;
    (cell, start, end) or None. Memoised on the (cached) line syntax."""
    if syn.position == "?":
        syn.position = _position_said(syn)
    return syn.position  # type: ignore[return-value]


def _position_said(syn: LineSyntax) -> tuple[tuple[int, int], int, int] | None:
    if syn.header is None or len(syn.clauses) != 1:
        return None
    c = syn.clauses[0]
    if c.verbs or c.subject is not None or len(c.parts) != 1 or c.parts[0].kind != "cell" or c.words:
        return None
    p = c.parts[0]
    return p.value, p.start, p.end  # type: ignore[return-value]


# --- lines that look like orders ---------------------------------------------------------------------
def unreadable(norm: str, syn: LineSyntax) -> Issue | None:
    """An error for a line that reads as nothing but looks like an order; None for chatter.

    A line looks like an order when it has a unit header or subject, an «N ОД:» prefix, a cell, or
    an order verb said as an order; a word close to an order verb or a unit kind then gets the
    hint. A typo that is not a dictionary word is enough on its own («передвигаеться»)."""
    w = words()
    toks = tokens(norm[:2000])
    has_ref = syn.header is not None or any(c.subject is not None and not c.subject.elliptic or c.refs()
                                            for c in syn.clauses)
    orderish = any(c.ap_index is not None or any(p.kind == "cell" for p in c.parts)
                   or any(r.cell is not None for r in (*c.refs(), *([c.subject] if c.subject else ())))
                   for c in syn.clauses)
    if not orderish:
        # a unit named alone («[b]Импы[/b]», «Имп №1: хм») is a heading or chatter, not an order
        cue = order_cue(toks, w.lem, w.verbs, norm[:2000], (_AP_CUE,), (), has_reference=has_ref)
        orderish = cue is not None and (cue.reason == "pattern" or has_ref)
    near = _near_word(toks, known_too=orderish)
    if near is not None:
        word, start, end, suggestion = near
        return Issue("read.unreadable_word", msg("read.unreadable_word", word=word),
                     msg("read.hint_maybe", word=suggestion), None, Severity.ERROR, ProblemKind.UNREADABLE, start, end)
    if not orderish:
        return None
    return Issue("read.unreadable", msg("read.unreadable"), msg("read.hint_example", example="Имп №1: перемещается на 36-15."),
                 None, Severity.ERROR, ProblemKind.UNREADABLE, 0, 0)


def _near_word(toks: list, known_too: bool = False) -> tuple[str, int, int, str] | None:
    """A word close to an order verb or a unit kind: one the dictionary does not know, or (in a line
    that is surely an order) any word the reader did not understand («капает» → «копает»)."""
    w = words()
    vocab = vocabulary()
    for t in toks:
        if t.kind != "word" or len(t.text) < 4:
            continue
        concept = w.info(t.text)[0]
        if concept is not None:
            continue
        if not known_too and is_known(t.text):
            continue
        got = suggest(t.text, vocab, cutoff=80.0)
        if got is not None and got[0] == t.text[0]:
            return t.text, t.start, t.end, got
    return None


@lru_cache(maxsize=1)
def vocabulary() -> tuple[str, ...]:
    """Order verbs in the forms players write (3rd and 1st person, infinitive) and unit names."""
    from letopis.engine.text import morph

    from ..data import DATA

    w = words()
    out: set[str] = set()
    for word, concept in w.lexicon.concepts.items():
        if " " in word:
            continue
        if concept.startswith("v_"):
            out.add(word)
            for p in morph().parse(word)[:1]:
                if "INFN" not in p.tag:
                    continue
                for grammemes in ({"3per", "sing"}, {"1per", "sing"}):
                    form = p.inflect(grammemes | ({"pres"} if "impf" in p.tag else {"futr"}))
                    if form is not None:
                        out.add(form.word.replace("ё", "е"))
    for u in DATA.units.values():
        out.add(u.name.lower())
        out.update(f.lower() for f in (u.forms.gen, u.forms.dat, u.forms.ins))
    # Ties go to the words of the canonical orders (rapidfuzz keeps the first best match).
    first = [v for v in CANONICAL if v in out]
    return (*first, *sorted(out - set(first)))


CANONICAL = (
    "перемещается", "передвигается", "идет", "вскапывает", "копает", "добывает", "строит", "чинит", "подбирает",
    "атакует", "захватывает", "кладет", "обменивает", "лечится", "лечит", "призываю", "улучшаю", "изучаю",
    "накладываю", "перегоняю", "кую", "надеваю", "посылаю", "стреляет",
)


@lru_cache(maxsize=1)
def unit_vocabulary() -> tuple[str, ...]:
    """Every unit kind in every case form, for «гразлир» → «грасдир»."""
    from ..data import DATA

    out: set[str] = set()
    for u in DATA.units.values():
        f = u.forms
        out.update(w.lower() for w in (u.name, f.nom, f.gen, f.dat, f.acc, f.ins, f.nom_pl or "", f.gen_pl or "") if w)
    return tuple(sorted(out))


@lru_cache(maxsize=1)
def unit_name_words() -> frozenset[str]:
    """Every word of every unit kind's name in every case («осадный», «зверь», «зверя» …)."""
    return frozenset(w for name in unit_vocabulary() for w in name.replace("ё", "е").split())


def typo_of_unit(words_: tuple[str, ...]) -> tuple[str, str] | None:
    """(typed word, suggestion) for the first unknown word close to a unit kind."""
    vocab = unit_vocabulary()
    for word in words_:
        if len(word) < 3 or is_known(word):
            continue
        got = suggest(word, vocab, cutoff=66.0 if len(word) <= 4 else 70.0)
        if got is not None and got[0] == word[0]:
            return word, got
    return None


def verb_among(words_: tuple[str, ...]) -> bool:
    """Whether a word the lexicon does not know is a verb («капает», «вскапывет», «охраняет»)."""
    for word in words_:
        if len(word) >= 3 and word.isalpha():
            tag = parses(word)[0].tag
            if "VERB" in tag or "INFN" in tag:
                return True
    return False
