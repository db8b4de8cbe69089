"""Orders given to several units at once (issue 9, kind 3): «Все импы копают золото на 10-10»,
«Оба беса атакуют беса Лилит», «Импы №1, №2 и №3 добывают золото», «Имп №2 и имп №3 копают шахту
10-10, а имп №1 вскапывает 9-10», «Атакую беса Лилит всеми бесами», a header «Все импы:».

A GM reads such a line as the same order for each unit named, so the reader does too: `expand`
rewrites the line as one line per unit («имп №1: копает золото на 10-10», …), which the ordinary
reading then checks in turn against the state as it goes on. Only a line the reader could not
read as it stands comes here.
"""

from __future__ import annotations

import re

from letopis.engine.clauses import group_word

from .view import UnitView, View
from .words import words

_TOKEN = re.compile(r"№\s?\d+|\d+|[а-яa-z]+|[^\s\w]")
# «…, а имп №1 …», «…; бес №2 …»: where the group's own order ends and another unit's begins
_OTHER = re.compile(r"\s*(?:,\s*а|;|,\s*затем|,\s*потом|,)\s+(?=[а-я]+\s+№?\s?\d)")


def _kind(word: str) -> str | None:
    concept = words().info(word)[0]
    return concept[2:] if concept and concept.startswith("u_") and concept != "u_unit" else None


def own_of_kind(view: View, kind: str) -> list[UnitView]:
    return [u for u in view.own_units() if u.kind == kind]


def header_group(norm: str, view: View) -> list[UnitView] | None:
    """«Все импы:», «Оба беса —»: the units a group header names, or None."""
    toks = _TOKEN.findall(norm)
    if len(toks) < 2 or group_word(toks[0]) is None:
        return None
    kind = _kind(toks[1])
    if kind is None or any(t.isalnum() for t in toks[2:]):
        return None
    return own_of_kind(view, kind) or None


_FIRST = frozenset({"все", "оба", "обе", "каждый", "каждая"})
_ANYWHERE = ("всеми", "обоими", "обеими", "каждым", "обоих", "обеих", "всех")


def quick(norm: str) -> bool:
    """A cheap test that a line may name a group (most lines do not: they pay only this)."""
    head = norm[:12].split(" ", 1)[0]
    return head in _FIRST or any(w in norm for w in _ANYWHERE) or _LIST.match(norm) is not None


# «Импы №1, №2 и №3 …»; a number followed by «ОД» counts action points, it numbers no unit («Бес №2, 1 ОД — …»)
_LIST = re.compile(r"^([а-я]+)\s+((?:№\s?)?\d+(?:\s*(?:,|и)\s*(?:[а-я]+\s+)?(?:№\s?)?\d+(?!\d|\s*(?:од|ап)\b))+)\b(.*)$")


def expand(norm: str, view: View) -> list[str] | None:
    """The line as one line per unit of the group it names, or None when it names no group."""
    m = next((m for m in (_EVERY.match(norm), _EVERY_COUNTED.match(norm)) if m and _kind(m.group(3))), None)
    if m:
        units = own_of_kind(view, _kind(m.group(3)))  # type: ignore[arg-type]
        if m.group(2) and _count(m.group(2)) not in (None, len(units)):
            return None  # «все три импа» when there are four: the line reads on and asks which
        rest = m.group(4)
        listed = re.match(r"^\s*\(([^)]*)\)\s*(.*)$", rest)
        if listed:
            rest = listed.group(2)
        _head, sep, tail = rest.partition(":")
        if sep and re.search(r"[а-я]+\s+№\s?\d", tail):
            return [tail.strip()]  # «Оба импа по очереди: имп №1 …, имп №2 …»
        return _each(units, rest, view)
    m = re.match(r"^(.*?)\s*\b(всеми|обоими|обеими|каждым|обоих|обеих|всех)\s+([а-я]+)\b(.*)$", norm)
    if m and _kind(m.group(3)):
        units = own_of_kind(view, _kind(m.group(3)))  # type: ignore[arg-type]
        before = m.group(1)
        if m.group(2) in ("обоих", "обеих", "всех") and before.split() and before.split()[-1] in _PREPS:
            # «Накладываю Ярость на обоих бесов»: the group is the target, one order for each
            if len(units) < 2:
                return None
            return [f"{before} {view.label(u).text('acc')}{m.group(4)}" for u in units]
        return _each(units, f"{before} {m.group(4)}", view, colon=True)
    m = _LIST.match(norm)
    if m and _kind(m.group(1)):
        kind = _kind(m.group(1))
        numbers = [int(x) for x in re.findall(r"\d+", m.group(2))]
        kinds = {_kind(w) for w in re.findall(r"[а-я]+", m.group(2)) if w != "и"} - {None}
        if kinds and kinds != {kind}:
            return None
        units = [u for u in own_of_kind(view, kind) if u.number in numbers]  # type: ignore[arg-type]
        if len(units) != len(numbers):
            return None
        return _each(units, m.group(3), view)
    return None


_RESPECTIVELY = re.compile(r"\s*,?\s*\b(?:соответственно|соотв|по порядку)\b\.?")
_ITEM = r"(?:\d+-\d+|[а-я]+\s+№\s?\d+|№\s?\d+)"
_SERIES = re.compile(rf"{_ITEM}(?:\s*(?:,|и)\s*{_ITEM})+")


def _respectively(rest: str, n: int) -> list[str]:
    """«Бесы №1 и №2 идут на 20-20 и 20-19 соответственно»: with «соответственно» a list of as many
    cells or units as there are units gives each unit its own; otherwise each does the whole line."""
    said = _RESPECTIVELY.search(rest)
    if said is None:
        return [rest] * n
    plain = rest[: said.start()] + rest[said.end():]
    series = _SERIES.search(plain)
    items = re.findall(_ITEM, series.group(0)) if series else []
    if len(items) != n:
        return [rest] * n  # the counts do not match: read on as it stands, and the checker asks
    return [f"{plain[: series.start()]}{item}{plain[series.end():]}" for item in items]  # type: ignore[union-attr]


_PREPS = frozenset({"на", "в", "к", "по", "для"})
# «Все импы», «Все три импа», «Оба моих беса», «Все мои импы»
_EVERY = re.compile(r"^(все|оба|обе|каждый|каждая)\s+()([а-я]+)\b(.*)$")
_EVERY_COUNTED = re.compile(r"^(все|оба|обе|каждый|каждая)\s+(\d+|[а-я]+)\s+([а-я]+)\b(.*)$")


def _count(word: str) -> int | None:
    """The number a word between «все» and the kind says («три», «3»); None for «мои», «свои»."""
    if word.isdigit():
        return int(word)
    return words().info(word)[2]


def _each(units: list[UnitView], rest: str, view: View, colon: bool = False) -> list[str] | None:
    if len(units) < 2:
        return None
    rest = rest.strip().lstrip("-—:").strip()
    own, other = rest, ""
    for cut in _OTHER.finditer(rest):
        if _kind(rest[cut.end():].split(" ", 1)[0]):
            own, other = rest[: cut.start()], rest[cut.end():]
            break
    pieces = _respectively(own, len(units))
    lines = [f"{view.label(u).text()}{':' if colon else ''} {piece}" for u, piece in zip(units, pieces, strict=True)]
    if other:
        lines.append(other)
    return lines
