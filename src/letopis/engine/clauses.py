"""Compound order lines: where one order ends and the next begins, repeats, group actors and
pronouns.

Players chain orders on one line: «идёт на 36-15, затем атакует беса», «П1 → П2; П3 → П4»,
«сыграю Шмеля, а потом Следопыта», «и ещё раз атакую». Each clause is an order of the same actor
unless it names another, so a ruleset reads the clauses one by one and carries the actor over; a
pronoun («+1 синий Лучнице, она бьёт Молота», «бью им П4») stands for a unit named before it.
Only explicit connectors split a line: a bare comma usually lists options of one order
(«+2 урона, страховка»), so it never does.

Everything works on normalised text (`text_norm.normalise`) and returns spans into it, so
problems still point at what the player typed. Linear in the length of the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cache import ByteBudgetCache, items_bytes

# «…; …», «…, затем …», «… а потом …», «…, после чего …», «… и ещё …», «…, потом …», «… и затем …»;
# «…, следом …» (but «идёт следом на 15-8», «следом за рыцарем» follow someone: no new clause)
_CONNECTOR = re.compile(
    r"\s*;\s*"
    r"|\s*(,?)\s*((?:и|а)\s+)?(?:затем|потом|после\s+чего|после\s+этого|далее|(следом)(?!\s+за\b))\b\s*,?\s*"
    r"|\s*,?\s+и\s+(?:еще|ещё)(?:\s+раз)?\s+(?=\S)"
    r"|\s*,\s*(?:а\s+)?(?:еще|ещё)(?:\s+раз)?\s+(?=\S)"
)
# «… . Потом …», «Всем привет! Рыцарь идёт …»: a full stop (or «!», «?», «…») followed by a word may
# start a new clause (but not «перс. 2», «кр.»)
_SENTENCE = re.compile(r"(?<=\S)(\.|[!?…]+)\s+(?=[^\s\d])")
# Short forms players end with a dot; a ruleset adds its own.
ABBREVIATIONS = frozenset({
    "перс", "кр", "красн", "син", "зел", "ур", "ед", "др", "см", "им", "ст", "т", "е", "п", "д", "г",
    "кл", "клет", "мин", "макс", "прим", "тыс", "шт", "зол", "крист",
})


@dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a line: ``norm[start:end]`` and the connector that opened it ("" for the
    first clause)."""

    start: int
    end: int
    connector: str = ""

    def text(self, norm: str) -> str:
        return norm[self.start : self.end]


# The clauses of a line with the default abbreviations, by its text and ``sentences``: the live check
# reads every line again at each keystroke. 1 MB, some 4,000 lines; a line over 400 characters (no
# order line) is split every time, never kept.
_SPLIT: ByteBudgetCache[tuple[str, bool], tuple[Clause, ...]] = ByteBudgetCache(
    "clauses.split", 1 << 20, size=items_bytes(72), max_key=400)


def split_clauses(norm: str, *, sentences: bool = False,
                  abbreviations: frozenset[str] = ABBREVIATIONS) -> list[Clause]:
    """The clauses of a normalised line, in order; a line with no connector is one clause.

    With ``sentences`` a full stop, «!» or «?» after a word also separates clauses («Иду на 3-4.
    Атакую беса!»), unless a full stop ends one of ``abbreviations`` («перс. 2», «2 кр. в атаку»).
    """
    if abbreviations is not ABBREVIATIONS:
        return _split(norm, sentences, abbreviations)
    key = (norm, sentences)
    got = _SPLIT.get(key)
    if got is None:
        got = _SPLIT.put(key, tuple(_split(norm, sentences, abbreviations)))
    return list(got)


def _split(norm: str, sentences: bool, abbreviations: frozenset[str]) -> list[Clause]:
    cuts: list[tuple[int, int, str]] = []
    for m in _CONNECTOR.finditer(norm):
        if m.start() == 0 or m.end() >= len(norm):
            continue
        if m.group(3) and not (m.group(1) or m.group(2)):
            continue  # «идёт следом на 15-8»: follows someone, no new clause
        cuts.append((m.start(), m.end(), m.group().strip(" ,")))
    if sentences:
        for m in _SENTENCE.finditer(norm):
            word = norm[norm.rfind(" ", 0, m.start()) + 1:m.start()].rsplit(".", 1)[-1].lstrip("(«\"")
            if m.end() < len(norm) and (m.group(1) != "." or word not in abbreviations):
                cuts.append((m.start(), m.end(), "."))
        cuts.sort()
    clauses: list[Clause] = []
    pos = 0
    connector = ""
    for start, end, word in cuts:
        if start < pos:  # overlapping cuts («; затем»): the first one wins
            continue
        piece_end = _rstrip(norm, pos, start)
        if piece_end > pos:
            clauses.append(Clause(pos, piece_end, connector))
        pos, connector = end, word
    end = _rstrip(norm, pos, len(norm))
    if end > pos or not clauses:
        clauses.append(Clause(pos, end, connector))
    return clauses


@dataclass(frozen=True, slots=True)
class Part:
    """A stretch of a clause between two commas, as a ruleset's reader sees it."""

    start: int
    end: int
    subject: bool  # it opens with one of the poster's own objects (or a group of them)
    content: bool  # it says more than the subject: a verb, a place, a target, an amount
    says: frozenset[str] = frozenset()  # the order concepts it says (none: an elliptical part)


def subject_scopes(parts: list[Part], staying: frozenset[str]) -> list[tuple[int, int]]:
    """The clauses a comma list of subjects makes: each subject's words reach as far as the next
    subject, and subjects that say different things are different clauses.

    «Катапульта по шаману, лучники не стреляют», «Рыцарь на 8-7, мечники стоят»: a refusal or a
    hold (a concept of ``staying``) is said of its own subject only, so the part before it, which
    acts, is a clause of its own. «Рыцарь идёт на 8-7, мечник №1 лезет на башню»: two verbs of
    different orders are two clauses. An elliptical part («мечник №2 — 13-8») keeps the verb of
    the clause before it unless that clause refused or stayed, and a bare subject («лучники 1-3,
    кап и катапульта — по дракону») belongs with the part after it. Returns spans (start, end).
    """
    units: list[tuple[int, int, bool, frozenset[str]]] = []  # start, end, content, concepts
    for p in parts:
        if units and not p.subject:
            s, _, c, says = units[-1]
            units[-1] = (s, p.end, c or p.content, says | p.says)
        elif units and not units[-1][2]:  # a bare subject before this one: one list of subjects
            s, _, _, says = units[-1]
            units[-1] = (s, p.end, p.content, says | p.says)
        else:
            units.append((p.start, p.end, p.content, p.says))
    out: list[tuple[int, int, frozenset[str]]] = []
    for start, end, _, says in units:
        if out:
            s, _, before = out[-1]
            acts, acted = says - staying, before - staying
            stays, stayed = bool(says & staying) and not acts, bool(before & staying) and not acted
            if stays == stayed and not (acts and acted and not acts & acted):
                out[-1] = (s, end, before | says)
                continue
        out.append((start, end, says))
    return [(s, e) for s, e, _ in out]


def _rstrip(norm: str, start: int, end: int) -> int:
    while end > start and norm[end - 1] in " .,;":
        end -= 1
    return end


# --- direct speech ----------------------------------------------------------------------------
# «Вождь рычит сверху: «Лезьте, лезьте, железные банки!»»: a sentence's speaker and verb, a colon and
# the words said in quotes. One pass: sentence ends and quoted speech in the order they come.
_SPEECH_OR_END = re.compile(r"[.!?;](?=\s)|:\s*(«[^«»\n]{0,300}»)")


def direct_speech(norm: str) -> list[tuple[int, int]]:
    """The spans (quotes included) of what someone says in a line: «…» right after a colon that
    ends at least two words of its sentence (a speaker and a verb of saying). A header of one
    word («Рыцарь: «на 6-2»») or a colon with no quotes is no speech. What is said is told, not
    ordered: a ruleset reads it only where it names the poster's own pieces or places."""
    if "«" not in norm or ":" not in norm:
        return []
    out = []
    sentence = 0
    for m in _SPEECH_OR_END.finditer(norm):
        if m.group(1) is None:
            sentence = m.end()
        elif len(norm[sentence:m.start()].split()) >= 2:
            out.append(m.span(1))
    return out


# --- repeats --------------------------------------------------------------------------------
_REPEAT_WORDS = {"дважды": 2, "трижды": 3, "четырежды": 4}
_NUMBER_WORDS = {"два": 2, "две": 2, "три": 3, "четыре": 4, "пять": 5, "один": 1, "одна": 1}
_REPEAT = re.compile(
    r"\b(дважды|трижды|четырежды)\b"
    r"|\b(\d{1,2}|два|две|три|четыре|пять)\s+раз[а]?\b"
    r"|(?:^|\s)[x×х]\s?(\d{1,2})\b|\b(\d{1,2})\s?[x×х](?:\s|$)"
)


@dataclass(frozen=True, slots=True)
class Repeat:
    count: int
    start: int
    end: int


def find_repeat(norm: str) -> Repeat | None:
    """«дважды», «трижды», «два раза», «3 раза», «x2», «×2»: how many times the clause is meant."""
    m = _REPEAT.search(norm)
    if not m:
        return None
    word, counted, times_before, times_after = m.groups()
    if word:
        n = _REPEAT_WORDS[word]
    elif counted:
        n = int(counted) if counted.isdigit() else _NUMBER_WORDS[counted]
    else:
        n = int(times_before or times_after)
    if n < 1:
        return None
    return Repeat(n, m.start(), m.end())


# --- group actors ------------------------------------------------------------------------------
# lemma → what it groups: «оба/обе/обоими» are two, «все/всеми/всех» and «каждый» are every one
GROUP_LEMMAS = {"оба": "both", "обе": "both", "весь": "all", "каждый": "each"}
_GROUP_FORMS = {
    "оба": "both", "обе": "both", "обоих": "both", "обеих": "both", "обоими": "both", "обеими": "both",
    "обоим": "both", "обеим": "both", "все": "all", "всех": "all", "всеми": "all", "всем": "all",
    "каждый": "each", "каждым": "each", "каждого": "each", "каждая": "each", "каждой": "each",
    "каждую": "each",
}


def group_word(word: str) -> str | None:
    """Whether a normalised word groups actors: "both", "all", "each", or None."""
    return _GROUP_FORMS.get(word)


# --- pronouns standing for a unit named before ---------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pronoun:
    """A third-person pronoun: the part it plays in its clause and the genders it can stand for.

    ``role`` is "subject" («она бьёт»), "object" («бью её», «у него»), "recipient" («ему 2 синих»)
    or "instrument" («бью им»); ``genders`` holds "masc", "femn", "neut" or "plur"."""

    role: str
    genders: frozenset[str]

    def agrees(self, gender: str | None) -> bool:
        """Whether a unit of ``gender`` may be what the pronoun stands for (None: not known, any)."""
        return gender is None or gender in self.genders


_MN = frozenset({"masc", "neut"})
_F = frozenset({"femn"})
_PL = frozenset({"plur"})
# «им» is also the dative plural, «ей» also the instrumental: a clause about one unit means the first.
_PRONOUNS = {
    "он": Pronoun("subject", frozenset({"masc"})), "она": Pronoun("subject", _F),
    "оно": Pronoun("subject", frozenset({"neut"})), "они": Pronoun("subject", _PL),
    "его": Pronoun("object", _MN), "него": Pronoun("object", _MN), "ее": Pronoun("object", _F),
    "нее": Pronoun("object", _F), "их": Pronoun("object", _PL), "них": Pronoun("object", _PL),
    "ему": Pronoun("recipient", _MN), "нему": Pronoun("recipient", _MN), "ей": Pronoun("recipient", _F),
    "ней": Pronoun("recipient", _F), "им": Pronoun("instrument", _MN), "ним": Pronoun("instrument", _MN),
    "ею": Pronoun("instrument", _F), "нею": Pronoun("instrument", _F), "ими": Pronoun("instrument", _PL),
    "ними": Pronoun("instrument", _PL),
}


def pronoun(word: str) -> Pronoun | None:
    """The third-person pronoun a normalised word is («она», «им», «него»), or None. Which unit it
    stands for is the ruleset's to find: the nearest one named before it whose gender agrees
    (`Pronoun.agrees`)."""
    return _PRONOUNS.get(word)
