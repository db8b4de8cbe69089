"""Orders said as a choice the position decides: «Если хватит денег на лесопилку в Озёрске — строю
её, иначе лесопилку в Броде», «Если Мантикора ещё в пуле — беру её, если нет — Гарпию»; and a
choice named after its options: «Варианты: лесопилка в Броде или поход на Перевал. Выбираю поход.»

A GM reads the first branch when it can be done and the other otherwise, and an option list by the
option the poster then picks. This module only cuts the text: `conditional` gives the branches as
texts to read (the first with what its pronoun points at in the condition, the second with the
first's verb when it has none); `chosen` gives the option a later sentence picks. The reader reads
them and checks them against the position. Linear in the length of the line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_IF = re.compile(r"^(?:ну\s*,?\s*)?если\s+")
# where the other branch begins: «, иначе …», «, если нет — …», «, а если не выйдет, …»
_ELSE = re.compile(
    r"\s*[,;.]?\s*(?:а\s+)?(?:иначе|если\s+(?:же\s+)?нет|если\s+не\s+(?:выйдет|получится|хватит|хватает))"
    r"(?:\s*[-,:]\s*|\s+)")
# where the condition ends: a spaced dash, a comma, «то»
_THEN = re.compile(r"\s+-\s+|\s*,\s*(?:то\s+)?|\s+то\s+")
# words in the first branch that point back at what the condition named
_POINTING = re.compile(r"(?:^|\s)(?:ее|её|его|их|туда|там|это|она|он)(?=\s|$|[,.!])")
# a choice named after a list of options
_CHOOSING = re.compile(r"^(?:выбираю|выбор\s*[-:]?|беру|пусть\s+будет|остановлюсь\s+на|решено\s*[-:]?|итак\s*,?)\s+")


@dataclass(frozen=True, slots=True)
class Branches:
    """The texts of a conditional order: ``first`` when it can be done, else ``other``."""

    first: str
    other: str | None


def conditional(norm: str, verb_of: Callable[[str], str | None],
                objects_of: Callable[[str], str | None]) -> Branches | None:
    """The branches of «если C — A[, иначе B]», or None when the line is no such conditional.
    ``verb_of(text)`` gives the action word a text opens with, if any; ``objects_of(text)`` the
    stretch of a text from its first game object to its last («лесопилку в озерске»)."""
    m = _IF.match(norm)
    if not m:
        return None
    rest = norm[m.end():]
    e = _ELSE.search(rest)
    head, other = (rest[: e.start()], rest[e.end():].strip(" .!")) if e else (rest, None)
    t = _THEN.search(head)
    if not t:
        return None
    condition, first = head[: t.start()], head[t.end():].strip(" .!")
    if not first:
        return None
    if _POINTING.search(first) and (named := objects_of(condition)):
        first = f"{first} {named}"
    if other and verb_of(other) is None and (verb := verb_of(first)) is not None:
        other = f"{verb} {other}"
    return Branches(first, other or None)


def chosen(options: str, choice: str, kinds_of: Callable[[str], set[str]]) -> str | None:
    """The option of «A или B» that ``choice`` («выбираю поход») picks by its kind of action, or
    None. ``kinds_of(text)`` gives the action kinds a text names."""
    m = _CHOOSING.match(choice.strip())
    if not m or " или " not in options:
        return None
    head, _, body = options.rpartition(":")
    parts = [p.strip(" ,.") for p in re.split(r"\s+или\s+|\s*,\s*либо\s+|^либо\s+", body or head)]
    wanted = kinds_of(choice[m.end():])
    if not wanted:
        return None
    picked = [p for p in parts if p and kinds_of(p) & wanted]
    return picked[0] if len(picked) == 1 else None
