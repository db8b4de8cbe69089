"""Meaning-keeping mutations of one order line, as players rephrase what `propose` writes.

Every mutation is a pure function ``mutate(line, choice, words) -> str | None``:

- ``line`` is one order line as a ruleset's `propose` wrote it (BBCode and all);
- ``choice`` is any non-negative integer (a hypothesis draw); the function picks among its
  options with ``choice % len(options)`` and friends, so the result is a function of the draw;
- ``words`` is a `VerbWords` for the ruleset (its lexicon and lemmatizer), used to find the verb
  and to keep game words apart from chatter;
- the result is the mutated text, or None when the mutation does not apply to the line (no verb
  to drop, nothing to reorder, no word long enough to misspell). The order is always on the
  **last** line of the result: only `add_chatter` may put a line (a greeting) in front.

References are never split or misspelt: «ёлочки» names, "quotes", BBCode tags, «П2», «№4»,
«Имп №4», «37-15», «1-2», «4-го», «×2», «класс+» are atoms to every mutation here.

The mutations keep the meaning for a reader of Russian: an arrow swapped is turned round
(«A → B» becomes «B ← A»), a prepositional phrase moves to the front of its clause («на 35-11
перемещается»), a colon's head goes after its body with a dash («вскапывает клетку 35-11 — Имп
№1»). None of them swaps an actor and a target that only word order tells apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from letopis.engine.text_norm import normalise
from letopis.engine.text_words import Lemmatizer, Lexicon

ROOT = Path(__file__).resolve().parents[2]

# Atoms no mutation splits or misspells. Order matters: the longer forms first.
_ATOM = re.compile(
    r"«[^»\n]*»"                                   # «name»
    r"|\"[^\"\n]*\""                               # "name"
    r"|\[/?[a-z]+(?:=[^\]\n]*)?\]"                # [b], [/b], [color=red]
    r"|[A-Za-zА-Яа-яЁё]+\s?№\s?\d+"              # Имп №4, Бес №1
    r"|№\s?\d+"                                     # №4
    r"|\d+(?:\s?[-–/]\s?\d+)+(?:-?[а-яё]+)?"       # 37-15, 1-2, 2/1/3/6
    r"|\d+-?(?:ый|ой|ий|ая|ое|ые|ого|ому|ым|ом|ую|ых|й|я|е|го|му|м|ю|х)(?![а-яё])"  # 4-го, 2-й
    r"|[×xх]\s?\d+(?![\w])"                         # ×2, x2
    r"|\d+\s?[xх×](?![а-яё])"                      # 2x
    r"|\d+"                                         # 3
    r"|[ПпP]\d+(?![\w])"                            # П2
    r"|[А-Яа-яЁёA-Za-z]+\+"                        # класс+
    r"|\(\s*[A-Za-zА-Яа-яЁё]+\s*\)(?=\s*[A-Za-zА-Яа-яЁё«П])"  # «красный (атака) П1»: the zone
)
_WORD = re.compile(r"[A-Za-zА-Яа-яЁё]+(?:-[A-Za-zА-Яа-яЁё]+)*")
_ARROWS = ("→", "->", "=>", "⇒", "➝", "—>", "↔")
_REVERSED = {"→": "←", "->": "<-", "=>": "<=", "⇒": "⇐", "➝": "←", "—>": "<—", "↔": "↔"}
_PREPOSITIONS = frozenset({"в", "во", "на", "из", "изо", "с", "со", "до", "без", "к", "ко", "от", "у",
                           "по", "за", "через", "между", "возле", "около"})
_CLAUSE_END = re.compile(r"[,;:.!?—–()]|\s-\s")
_CLAUSE_START = re.compile(r"[;:.!?—–]|\s-\s")
_BB_WRAP = re.compile(r"^((?:\s*\[[a-z]+(?:=[^\]]*)?\])*)(.*?)((?:\[/[a-z]+\]\s*)*)$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Piece:
    """A span of the line: an atom (reference, tag, name), a word, or anything else (``gap``)."""

    text: str
    start: int
    end: int
    kind: str  # "atom" | "word" | "gap"


def pieces(line: str) -> list[Piece]:
    """The line cut into atoms, words and the gaps between them; joined back, the line itself."""
    out: list[Piece] = []
    i = 0
    while i < len(line):
        atom = _ATOM.match(line, i)
        if atom and atom.end() > i:
            out.append(Piece(atom.group(), i, atom.end(), "atom"))
            i = atom.end()
            continue
        word = _WORD.match(line, i)
        if word:
            out.append(Piece(word.group(), i, word.end(), "word"))
            i = word.end()
            continue
        if out and out[-1].kind == "gap":
            last = out.pop()
            out.append(Piece(last.text + line[i], last.start, i + 1, "gap"))
        else:
            out.append(Piece(line[i], i, i + 1, "gap"))
        i += 1
    return out


@dataclass
class VerbWords:
    """A ruleset's order verbs: the lexicon concepts named ``v_*`` are its actions."""

    lexicon: Lexicon
    lemmatizer: Lemmatizer = field(init=False)

    def __post_init__(self) -> None:
        self.lemmatizer = Lemmatizer(self.lexicon)

    @classmethod
    def for_ruleset(cls, ruleset_id: str) -> VerbWords:
        return _words_for(ruleset_id)

    def concept(self, word: str) -> str | None:
        return self.lemmatizer.concept(normalise(word))

    def is_verb(self, word: str) -> bool:
        c = self.concept(word)
        return c is not None and c.startswith("v_")

    def is_game_word(self, word: str) -> bool:
        """A lexicon word that names something of the game (not a verb, not a connector)."""
        c = self.concept(word)
        return c is not None and not c.startswith("v_") and c not in _CONNECTORS


_CONNECTORS = frozenset({"w_from", "w_into", "w_onto", "w_at", "w_for", "w_and", "w_not", "w_then",
                         "if", "instead", "state_word"})


@cache
def _words_for(ruleset_id: str) -> VerbWords:
    return VerbWords(Lexicon.load(ROOT / "rulesets" / ruleset_id / "lexicon.toml"))


# --- helpers ---------------------------------------------------------------------------------
def _split_bb(line: str) -> tuple[str, str, str]:
    """Leading BBCode tags, the body, trailing closing tags («[b]Атакую.[/b]»)."""
    m = _BB_WRAP.match(line)
    assert m is not None
    return m.group(1), m.group(2), m.group(3)


def _tidy(s: str) -> str:
    s = re.sub(r"[ \t]{2,}", " ", s)
    s = re.sub(r"\s+([,.;:!?)])", r"\1", s)
    s = re.sub(r"\(\s+", "(", s)
    s = re.sub(r"^[\s,;:—–-]+(?=\S)", "", s)
    return s.strip()


def _lower_first(s: str) -> str:
    """«Играю …» → «играю …», but never a name or a reference («П2», «Имп №1», «Источник Силы»)."""
    m = _WORD.match(s)
    if not m:
        return s
    word = m.group()
    rest = s[m.end():]
    if len(word) < 2 or not word[1:].islower() or re.match(r"\s?(№|\d)", rest):
        return s
    return word[0].lower() + word[1:] + rest


def _upper_first(s: str) -> str:
    return s[:1].upper() + s[1:] if s[:1].isalpha() else s


def _end_mark(body: str) -> tuple[str, str]:
    m = re.search(r"[.!]+\s*$", body)
    return (body[: m.start()], m.group().strip()) if m else (body.rstrip(), "")


def _has_content(text: str, words: VerbWords) -> bool:
    """Enough of the order is left to be one: a reference or a number, or two words of the game
    (lexicon words or prepositions: «без усилений», «из колоды»). A lone «Ход.» or «Руку.» is not."""
    n = 0
    for p in pieces(text):
        if p.kind == "atom" and not p.text.startswith("["):
            return True
        if p.kind == "word" and (words.is_game_word(p.text) or p.text.lower() in _PREPOSITIONS):
            n += 1
    return n >= 2


# --- 1. drop the verb --------------------------------------------------------------------------
def drop_verb(line: str, choice: int, words: VerbWords) -> str | None:
    """Remove one order verb («атакую», «перемещается», «Играю»): «П1 П3 соперника без усилений.»,
    «Имп №1: на 35-11.», ««Шмель» в «Источник энергии-2».». None if the line has no verb or
    nothing of the game would be left."""
    head, body, tail = _split_bb(line)
    ps = pieces(body)
    verbs = [i for i, p in enumerate(ps) if p.kind == "word" and words.is_verb(p.text)
             and not (i >= 2 and ps[i - 2].text.lower() == "не")]  # «не гашу» keeps its verb
    if not verbs:
        return None
    k = verbs[choice % len(verbs)]
    was_first = not any(p.kind != "gap" for p in ps[:k])
    rest = "".join(p.text for p in ps[:k]) + " " + "".join(p.text for p in ps[k + 1:])
    rest = _tidy(rest)
    if not rest or not _has_content(rest, words):
        return None
    if was_first:
        rest = _upper_first(rest)
    return head + rest + tail


# --- 2. reorder the parts ----------------------------------------------------------------------
def _arrow_swaps(body: str) -> list[str]:
    """«хранилище → П4» → «П4 ← хранилище»; «красный (атака) П1 ↔ синий П4» → the two sides swapped.
    An operand runs to the nearest comma, colon, semicolon or line end; a path of cells
    («34-12 → 33-11») and an operand with a verb or a preposition in it are left alone."""
    out = []
    for arrow in _ARROWS:
        start = 0
        while (i := body.find(arrow, start)) >= 0:
            start = i + len(arrow)
            if arrow == "->" and body[i - 1: i] == "—":
                continue
            left_start = max(body.rfind(c, 0, i) for c in ",;:") + 1
            right_end = min([j for j in (body.find(c, start) for c in ",;:") if j >= 0] + [len(body)])
            left, right = body[left_start:i], body[start:right_end]
            right_core, mark = _end_mark(right) if right_end == len(body) else (right, "")
            left_s, right_s = left.strip(), right_core.strip()
            if not left_s or not right_s or any(a in left_s or a in right_s for a in _ARROWS):
                continue
            if re.fullmatch(r"\d+\s?-\s?\d+", left_s) or re.fullmatch(r"\d+\s?-\s?\d+", right_s):
                continue  # a path of cells: turned round it is another path
            operand_words = [p.text.lower() for p in pieces(left_s + " " + right_s) if p.kind == "word"]
            if any(w in _PREPOSITIONS or _words_for_body_verb(w) for w in operand_words):
                continue
            lead = left[: len(left) - len(left.lstrip())]
            swapped = f"{lead}{right_s} {_REVERSED[arrow]} {left_s}{mark}"
            out.append(body[:left_start] + swapped + body[right_end:])
    return out


_VERBISH = re.compile(r".*(ю|ешь|ет|ем|ете|ут|ют|ит|ат|ят|ать|ять|ить|еть|ться|тся|ешься|юсь|усь)$")


def _words_for_body_verb(word: str) -> bool:
    # a cheap guard only: operands of an arrow are names, zones, cells, never clauses
    return len(word) > 4 and bool(_VERBISH.match(word)) and word not in ("хранилище",)


def _colon_swaps(body: str) -> list[str]:
    """«A: B.» → «B — A.»: «Имп №1: вскапывает клетку 35-11.» → «Вскапывает клетку 35-11 — Имп №1.»,
    «П2 атакует П4 соперника: класс+.» → «Класс+ — П2 атакует П4 соперника.»."""
    ps = pieces(body)
    out = []
    for k, p in enumerate(ps):
        if p.kind != "gap" or ":" not in p.text:
            continue
        j = p.start + p.text.index(":")
        a, b = body[:j].strip(), body[j + 1:].strip()
        b, mark = _end_mark(b)
        b = b.strip()
        if not a or not b or ":" in b:
            continue
        out.append(f"{_upper_first(b)} — {_lower_first(a)}{mark}")
    return out


_CONJUNCTIONS = frozenset({"и", "а", "но", "или", "затем", "потом", "после", "чтобы", "если"})


def _pp_frontings(body: str, words: VerbWords) -> list[str]:
    """Move a prepositional phrase to the front of its clause: «Играю «Шмель» в «Улей».» →
    «В «Улей» играю «Шмель».», «Имп №1: перемещается на 35-11.» → «Имп №1: на 35-11 перемещается.».
    A clause runs between colons, semicolons, commas and dashes; a phrase runs to the next
    preposition, conjunction, verb or clause mark; a phrase already first in its clause does not
    move."""
    ps = pieces(body)
    out = []
    for k, p in enumerate(ps):
        if p.kind != "word" or p.text.lower() not in _PREPOSITIONS:
            continue
        # clause start: after the last clause mark before the preposition
        cs = 0
        for m in _CLAUSE_START.finditer(body, 0, p.start):
            cs = m.end()
        if "," in body[cs: p.start]:
            continue  # «Перемещаю «Шмель», «Дикий гилен» из …»: a list, not a clause to reorder
        if not body[cs: p.start].strip() or not any(q.kind != "gap" for q in pieces(body[cs: p.start])):
            continue
        if body[cs: p.start].strip().endswith(("[b]", "[i]")):
            continue
        # phrase end: the next preposition word or clause mark after at least one atom/word
        end = None
        seen = False
        for q in ps[k + 1:]:
            if q.kind == "word" and seen and (q.text.lower() in _PREPOSITIONS or q.text.lower() in _CONJUNCTIONS
                                              or words.is_verb(q.text)):
                end = q.start
                break
            if q.kind == "gap" and _CLAUSE_END.search(q.text):
                end = q.start + _CLAUSE_END.search(q.text).start()
                break
            if q.kind in ("word", "atom"):
                seen = True
        if end is None:
            end = len(body)
        phrase = body[p.start:end].strip()
        if not seen or not phrase:
            continue
        before = body[cs: p.start].strip()
        lead = body[:cs]
        after = body[end:]
        first = phrase if cs > 0 and lead.rstrip().endswith((":", ";", ",", "—")) else _upper_first(phrase)
        moved = f"{first} {_lower_first(before) if cs == 0 else before}"
        sep = " " if lead and not lead.endswith(" ") else ""
        out.append(_tidy(lead + sep + moved + " " + after))
    return out


def reorder(line: str, choice: int, words: VerbWords) -> str | None:
    """Swap the parts around an arrow (turning it round), around a colon (the head goes last,
    after a dash), or move a prepositional phrase to the front of its clause."""
    head, body, tail = _split_bb(line)
    options = [o for o in _arrow_swaps(body) + _colon_swaps(body) + _pp_frontings(body, words)
               if o.strip() and _tidy(o) != _tidy(body)]
    if not options:
        return None
    return head + options[choice % len(options)] + tail


# --- 3. add chatter ----------------------------------------------------------------------------
GREETINGS = ("Всем привет!", "Доброго вечера, господа.", "Ну что ж, мой ход :)")
REMARKS = ("(офф: завтра не смогу)", "(офф: пишу с телефона)", "— как-то так.")
EMOTICONS = (":)", ";)", ")))", "😈", ":-D")


def add_chatter(line: str, choice: int, words: VerbWords) -> str | None:
    """A greeting line before, a remark after, an emoticon, or «ну,» in front of the line."""
    kind = choice % 5
    n = choice // 5
    if kind == 0:
        return GREETINGS[n % len(GREETINGS)] + "\n" + line
    if kind == 1:
        return line.rstrip() + " " + REMARKS[n % len(REMARKS)]
    if kind == 2:
        return line.rstrip() + " " + EMOTICONS[n % len(EMOTICONS)]
    if kind == 3:
        return EMOTICONS[n % len(EMOTICONS)] + " " + line.lstrip()
    head, body, tail = _split_bb(line)
    return head + ("Ну, " if n % 2 == 0 else "ну, ") + _lower_first(body) + tail


# --- 4. wrap in BBCode -------------------------------------------------------------------------
TAGS = (("[b]", "[/b]"), ("[color=red]", "[/color]"), ("[i]", "[/i]"))


def wrap_bbcode(line: str, choice: int, words: VerbWords) -> str | None:
    """[b]…[/b], [color=red]…[/color] or [i]…[/i] around the whole line, or around one word or
    reference in it («[b]Атакую[/b] П2 …», «… на [color=red]35-11[/color].»)."""
    open_, close = TAGS[choice % len(TAGS)]
    n = choice // len(TAGS)
    if n % 2 == 0:
        return open_ + line + close
    head, body, tail = _split_bb(line)
    ps = [p for p in pieces(body) if p.kind in ("word", "atom") and not p.text.startswith("[")]
    if not ps:
        return open_ + line + close
    p = ps[(n // 2) % len(ps)]
    return head + body[: p.start] + open_ + p.text + close + body[p.end:] + tail


# --- 5. misspell one word ----------------------------------------------------------------------
def _is_name(p: Piece, ps: list[Piece], words: VerbWords) -> bool:
    """A capitalised word that is not the first of the line is a name («Источник Силы»)."""
    if not p.text[:1].isupper():
        return False
    first = next((q for q in ps if q.kind == "word" or (q.kind == "atom" and not q.text.startswith("["))), None)
    return first is not p


def _slips(word: str) -> list[str]:
    out = []
    for i in range(1, len(word)):
        out.append(word[:i] + word[i] + word[i:])           # doubled
        out.append(word[:i] + word[i + 1:])                 # dropped
        if i + 1 < len(word) and word[i] != word[i + 1]:
            out.append(word[:i] + word[i + 1] + word[i] + word[i + 2:])  # swapped with the next
    for i in range(1, len(word)):
        if word[i] in "ёЁ":
            out.append(word[:i] + ("е" if word[i] == "ё" else "Е") + word[i + 1:])
        elif word[i] == "е":
            out.append(word[:i] + "ё" + word[i + 1:])
    if word.endswith("ться"):
        out.append(word[:-4] + "тся")
    elif word.endswith("тся"):
        out.append(word[:-3] + "ться")
    return [s for s in dict.fromkeys(out) if s != word]


def misspell(line: str, choice: int, words: VerbWords) -> str | None:
    """One word of five letters or more (not a reference, a name or a number) with one slip:
    a letter doubled, dropped or swapped with its neighbour (never the first), ё↔е, -тся↔-ться."""
    ps = pieces(line)
    candidates = [p for p in ps if p.kind == "word" and len(p.text) >= 5 and "-" not in p.text
                  and not _is_name(p, ps, words)]
    if not candidates:
        return None
    p = candidates[choice % len(candidates)]
    slips = _slips(p.text)
    slip = slips[(choice // len(candidates)) % len(slips)]
    return line[: p.start] + slip + line[p.end:]


MUTATIONS = {
    "drop_verb": drop_verb,
    "reorder": reorder,
    "chatter": add_chatter,
    "bbcode": wrap_bbcode,
    "misspell": misspell,
}
