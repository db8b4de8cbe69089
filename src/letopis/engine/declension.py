"""Names and numbers inside Russian sentences: «Пост Анны», «ждём Глеба», «2–4 стороны».

A player's or faction's name is written in the nominative, but sentences need other cases: «ход
Бориса» (genitive), «Вере» (dative), «ждём Глеба» (accusative), «с Ильёй» (instrumental). This is
the one place that declines such names, for templates (as the ``decline`` filter), service
messages and rulesets alike. (Names of game objects — a unit type, a spell, «Огненная стрела»,
with their plurals — are `text_words.inflect`'s; numbers agree through `text_words.counted`, lists
join through `text_words.joined`, re-exported here.)

pymorphy3 knows personal names (it declines «Любовь» the name as «Любови», not «любви») and common
nouns; a word it does not know (an invented name: «Нгуен», «Жужа») follows the regular endings. What
cannot be declined safely stays as written: Latin logins («boris»), words with digits («Борис2»),
indeclinable names («Кармен», «Нико»), and a soft-sign ending of unknown gender. Only the head of a
name changes: «Мастер игры» → «Мастера игры», «Игрок 2» → «Игрока 2», «Вера Павловна» → «Веры
Павловны», «Красные Драконы» → «Красных Драконов». Names are taken to be animate (people, armies),
which matters for the accusative: «ждём Бориса», «ждём Красных».
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import Any, Literal

from .cache import byte_cached
from .text_words import CASE_GRAMMEMES, counted, joined, morph, plural

__all__ = ["CASES", "Case", "counted", "counted_range", "decline", "decline_all", "quoted", "sentence"]

Case = Literal["nom", "gen", "dat", "acc", "ins", "loc"]
CASES: tuple[Case, ...] = ("nom", "gen", "dat", "acc", "ins", "loc")
_GRAMMEME: dict[str, str] = {case: g for case, g in CASE_GRAMMEMES.items() if case != "nom"}

MAX_NAME = 100  # characters: a longer "name" is not a name (seat and display names are at most 100)
_WORD = re.compile(r"[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*")
# words that start a dependent part of a name («Забор с пушкой», «Рыцарь без страха»)
_STOP = frozenset({"с", "со", "из", "на", "в", "во", "под", "над", "без", "для", "от", "у", "к", "ко", "по",
                   "за", "и", "или"})
# endings that mark a word the dictionary does not know as an adjective («Грозный», «Вольская»);
# a bare «-ий» is far more often a name («Арий», «Дарий») than an adjective
_ADJ_ENDINGS = ("ый", "ой", "ая", "яя", "ые", "ские", "цкие", "ский", "цкий")
_HUSHING = frozenset("жшщчц")
_VELAR = frozenset("гкх")
_VELAR_HUSHING = frozenset("гкхжшщч")
_POS = ("NOUN", "ADJF", "PRTF")


def decline(name: str, case: Case) -> str:
    """``name`` (nominative) in ``case``; names that cannot be declined safely stay as written.

    >>> decline("Анна", "gen"), decline("Глеб", "acc"), decline("boris", "gen")
    ('Анны', 'Глеба', 'boris')
    """
    if case == "nom" or not name:
        return name
    if case not in _GRAMMEME:
        raise ValueError(f"unknown case {case!r}: one of {', '.join(CASES)}")
    return _declined(name, case)


def decline_all(names: Iterable[str], case: Case, conjunction: str = "и") -> str:
    """Several names in one case, joined as Russian joins a list: «Анны, Бориса и Веры».
    An empty list gives an empty string."""
    return joined([decline(n, case) for n in names], conjunction)


def counted_range(low: int, high: int, one: str, few: str, many: str) -> str:
    """A span of numbers: the noun agrees with the last one («2–4 стороны», «2–6 сторон»); a span
    of one number is that number («2 стороны»)."""
    if low == high:
        return counted(low, one, few, many)
    return f"{low}–{high} {plural(high, one, few, many)}"


_TERMINAL = ".!?…"


def sentence(text: str) -> str:
    """``text`` ending as one sentence: a full stop added unless it already ends with one (or with
    «!», «?», «…»); a trailing «:», «;» or «,» becomes the full stop. Never «..», «?.» or «:.»,
    whatever the inserted name or sentence ended with."""
    text = text.rstrip()
    if not text:
        return text
    last = text[-1]
    if last in _TERMINAL:
        return text
    if last in ":;,":
        return sentence(text[:-1])
    if last in "»\")" and len(text) > 1 and text[-2] == ".":
        return text  # «…сказал.» — the full stop is there already
    return text + "."


def quoted(text: str) -> str:
    """A sentence quoted inside another: «Защищаюсь без усилений», its own full stop dropped, so
    that the outer sentence's punctuation follows the closing quote without doubling («….».).
    «?», «!» and «…» stay: they are part of what is quoted."""
    text = text.strip()
    if text.endswith(".") and not text.endswith(".."):
        text = text[:-1]
    return f"«{text}»"


# --- the morphology ----------------------------------------------------------------------------
@byte_cached("declension.names", 1 << 20, size=lambda v: sys.getsizeof(v), max_key=MAX_NAME)
def _declined(name: str, case: str) -> str:
    """Cached within 1 MB: a few thousand player and faction names in each case."""
    words = name.split(" ")
    head: list[int] = []  # indices of the words that make up the name's head
    for i, word in enumerate(words):
        if not word:
            continue
        if not _WORD.fullmatch(word) or word.lower() in _STOP:
            break
        head.append(i)
    if not head or head[0] != next(i for i, w in enumerate(words) if w):
        return name  # starts with Latin, digits or a preposition: as written
    parses = [_nominative(words[i]) for i in head]
    # the head noun: the first word that is not an adjective in agreement before a noun
    noun_at = next((k for k, p in enumerate(parses) if not _is_adjective(words[head[k]], p)), None)
    if noun_at is None:  # only adjectives: «Красные», «Тёмный» — a substantivised adjective
        noun_at = len(head) - 1
    number, gender = _number_gender(words[head[noun_at]], parses[noun_at])
    out = list(words)
    for k, i in enumerate(head):
        if k > noun_at and not words[i][:1].isupper():
            break  # a dependent word: «игры» in «Мастер игры»
        word = words[i]
        adjective = k < noun_at or _is_adjective(word, parses[k])
        out[i] = "-".join(_decline_word(part, case, number, gender, adjective) for part in word.split("-"))
    return " ".join(out)


def _nominative(word: str) -> Any:
    """The dictionary's reading of ``word`` as a nominative name, noun or adjective, or None
    (unknown words, and known words with no nominative reading)."""
    m = morph()
    low = word.lower()
    if "-" in low or not m.word_is_known(low):
        return None
    options = [p for p in m.parse(low) if "nomn" in p.tag and any(pos in p.tag for pos in _POS)]
    if not options:
        return None
    capital = word[:1].isupper()
    for wanted in (("Name",), ("Surn",), ("Patr",)) if capital else ():
        for p in options:
            if wanted[0] in p.tag:
                return p
    return options[0]


def _is_adjective(word: str, parse: Any) -> bool:
    if parse is not None:
        return "ADJF" in parse.tag or "PRTF" in parse.tag
    return word.lower().endswith(_ADJ_ENDINGS) and "-" not in word


def _number_gender(word: str, parse: Any) -> tuple[str, str | None]:
    if parse is not None:
        tag = parse.tag
        number = "plur" if "plur" in tag else "sing"
        gender = next((g for g in ("masc", "femn", "neut") if g in tag), None)
        if gender is None and "ms-f" in tag:
            gender = "masc" if word.lower().endswith(("а", "я")) else None  # Саша: declines like Маша
        return number, gender
    low = word.lower()
    if low.endswith(("ые", "ие")):
        return "plur", None
    if low.endswith(("а", "я", "ая", "яя")):
        return "sing", "femn"
    return "sing", "masc"


def _decline_word(word: str, case: str, number: str, gender: str | None, adjective: bool) -> str:
    """One word of a name's head in ``case``; as written when that is not safe."""
    parse = _nominative(word)
    if parse is not None:
        if "Fixd" in parse.tag:
            return word  # indeclinable: «Кармен», «Нико»
        grammemes = {_GRAMMEME[case]}
        if adjective:
            grammemes |= {"plur"} if number == "plur" else {"sing"} | ({gender} if gender else set())
        # an animate accusative where the adjective has one (masculine, plural): «Тёмного Лорда»
        form = (parse.inflect(grammemes | {"anim"}) if adjective and case == "acc" else None) or parse.inflect(grammemes)
        return _like(word, form.word) if form is not None else word
    if adjective:
        return _regular_adjective(word, case, number)
    return _regular_noun(word, case, number)


def _regular_adjective(word: str, case: str, number: str) -> str:
    """An unknown adjective by its ending: «Грозный» → «Грозного», «Вольская» → «Вольской»."""
    low = word.lower()
    if number == "plur" or low.endswith(("ые", "ие")):
        i = "и" if low.endswith("ие") else "ы"
        ends = {"gen": i + "х", "dat": i + "м", "acc": i + "х", "ins": i + "ми", "loc": i + "х"}
        return word[:-2] + _cased(word, ends[case])
    if low.endswith(("ый", "ий", "ой")):  # masculine; «-ий» is soft unless after г, к, х («Великий»)
        soft = low.endswith("ий") and low[-3:-2] not in _VELAR
        hard_i = low.endswith("ий")  # «-им» after г, к, х and the hushing letters too
        ends = {"gen": "его" if soft else "ого", "dat": "ему" if soft else "ому",
                "ins": "им" if hard_i else "ым", "loc": "ем" if soft else "ом"}
        ends["acc"] = ends["gen"]
        return word[:-2] + _cased(word, ends[case])
    if low.endswith(("ая", "яя")):
        stem, soft = word[:-2], low.endswith("яя")
        ends = {"gen": "ей" if soft else "ой", "dat": "ей" if soft else "ой", "acc": "юю" if soft else "ую",
                "ins": "ей" if soft else "ой", "loc": "ей" if soft else "ой"}
        return stem + _cased(word, ends[case])
    return word


def _regular_noun(word: str, case: str, number: str) -> str:
    """An unknown noun by the regular endings: «Нгуен» → «Нгуена», «Жужа» → «Жужи», «Арий» → «Ария»."""
    low = word.lower()
    if number == "plur" or len(low) < 2:
        return word
    last, before = low[-1], low[-2]
    if last == "а":
        i_after = before in _VELAR_HUSHING
        ends = {"gen": "и" if i_after else "ы", "dat": "е", "acc": "у",
                "ins": "ей" if before in _HUSHING else "ой", "loc": "е"}
        return word[:-1] + _cased(word, ends[case])
    if last == "я":
        ia = before == "и"
        ends = {"gen": "и", "dat": "и" if ia else "е", "acc": "ю", "ins": "ей", "loc": "и" if ia else "е"}
        return word[:-1] + _cased(word, ends[case])
    if last == "й":
        ends = {"gen": "я", "dat": "ю", "acc": "я", "ins": "ем", "loc": "и" if before == "и" else "е"}
        return word[:-1] + _cased(word, ends[case])
    if last in "бвгджзклмнпрстфхцчшщ":
        ins = "ем" if last in _HUSHING else "ом"
        ends = {"gen": "а", "dat": "у", "acc": "а", "ins": ins, "loc": "е"}
        return word + _cased(word, ends[case])
    return word  # a vowel or a soft sign: indeclinable, or a gender we cannot tell


def _cased(model: str, ending: str) -> str:
    """An ending in the capitals of the word it is added to («БОРИС» → «БОРИСА»)."""
    return ending.upper() if model.isupper() and len(model) > 1 else ending


def _like(model: str, form: str) -> str:
    """The dictionary's (lower-case) ``form`` with the capitals of ``model``."""
    if model.isupper() and len(model) > 1:
        return form.upper()
    if model[:1].isupper():
        return form[:1].upper() + form[1:]
    return form
