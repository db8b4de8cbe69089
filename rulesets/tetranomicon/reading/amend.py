"""A player correcting himself inside a line, as the Tetranomicon reader takes it: «Поход на Каменец,
ой, на Туманный Перевал», «Рудник в Дубраве, ой, в Каменце», «ставлю лесопилку … на 3ю башню... не,
лучше ферму на первую», «Призываю Гарпию. Хотя нет — Единорога», «Строю лесопилку в Броде… нет,
лучше призову Речного Змея»; and the contrast «Лесопилка не в Озёрске, а в Броде».

The shared core (`engine.corrections`) finds the marker; what follows it, up to the next comma or
full stop, replaces the part before it of the same shape: a castle a castle, a building a
building, a card a card, a tower's number a tower's number, a segment a segment. A replacement
with an action word of its own replaces the whole order said before it. The line is spliced with
its column map kept, so problems still point at what the player typed. Linear in the line.
"""

from __future__ import annotations

from dataclasses import replace

from letopis.engine.corrections import corrections
from letopis.engine.text import PostLine

from .words import ACTIONS, ROLE_WORDS, Item, Vocabulary, read_items

# the shapes a replacement may have, each replacing the last item of its shape before the marker
SHAPES = {"castle": "castle", "building": "building", "card": "card", "segment": "segment", "ordinal": "ordinal",
          "num": "num"}
_REPLACEMENT_END = frozenset({",", ".", "!", "?", "…", ";"})


def amended(line: PostLine, vocab: Vocabulary) -> PostLine:
    """The line with each of its self-corrections applied (at most three: a longer chain is
    read as it stands)."""
    for _ in range(3):
        got = _amend_once(line, vocab)
        if got is None:
            return line
        line = got
    return line


def _amend_once(line: PostLine, vocab: Vocabulary) -> PostLine | None:
    norm, cols = line.norm, line.cols or []
    if len(cols) != len(norm):
        return None
    found = corrections(norm)
    if not found:
        return _contrast(line, vocab) if " не " in f" {norm}" and ", а " in norm else None
    c = found[0]
    items = read_items(norm, vocab)
    after = [it for it in items if it.start >= c.end]
    new: list[Item] = []
    for it in after:
        if it.kind == "sym" and it.text in _REPLACEMENT_END:
            break
        new.append(it)
    if not new:
        return None
    new_end = new[-1].end
    before = [it for it in items if it.end <= c.start]
    if any(it.kind == "concept" and it.concept in ACTIONS for it in new):
        start = _order_start(before)
        pieces = [(0, start), (c.end, new_end), (new_end, len(norm))]
    else:
        swaps: list[tuple[Item, Item]] = []
        for it in new:
            shape = SHAPES.get(it.kind)
            old = next((b for b in reversed(before) if SHAPES.get(b.kind) == shape), None) if shape else None
            if old is not None and all(old is not o for o, _ in swaps):
                swaps.append((old, it))
        if not swaps:
            return None
        swaps.sort(key=lambda p: p[0].start)
        pieces, pos = [], 0
        for old, it in swaps:
            pieces += [(pos, old.start), (it.start, it.end)]
            pos = old.end
        pieces += [(pos, c.start), (new_end, len(norm))]
    text = "".join(norm[a:b] for a, b in pieces)
    kept = [col for a, b in pieces for col in cols[a:b]]
    return replace(line, norm=text, cols=kept)


def _order_start(before: list[Item]) -> int:
    """Where the order said before a marker begins: after the last sentence end before its action
    word, else the start of the line."""
    act = next((k for k in range(len(before) - 1, -1, -1)
                if before[k].kind == "concept" and before[k].concept in ACTIONS), None)
    if act is None:
        return 0
    for k in range(act - 1, -1, -1):
        if before[k].kind == "sym" and before[k].text in (".", "!", "?", "…"):
            return before[k].end
    return 0


def _contrast(line: PostLine, vocab: Vocabulary) -> PostLine | None:
    """«не X, а Y»: «Лесопилка не в Озёрске, а в Броде», «Призываю не Змея, а Грифона»; X and Y
    name things of one shape, and Y stands in X's place."""
    norm, cols = line.norm, line.cols or []
    items = read_items(norm, vocab)
    for k, it in enumerate(items):
        if not (it.kind == "word" and it.text == "не"):
            continue
        j = next((x for x in range(k + 1, len(items)) if items[x].sym(",", ".", ";", "!", "?")), None)
        if j is None or not items[j].sym(",") or j + 2 >= len(items) or items[j + 1].text != "а":
            continue
        end = next((x for x in range(j + 2, len(items)) if items[x].sym(*_REPLACEMENT_END)), len(items))
        this = items[k + 1 : j]  # a thing named, with its preposition: «не в Озёрске», «не Змея»
        if not this or len(this) > 3 or not all(x.kind in SHAPES or x.kind == "word" and x.text in ROLE_WORDS
                                                for x in this):
            continue
        was = {SHAPES[x.kind] for x in this if x.kind in SHAPES and x.kind not in ("num", "ordinal")}
        now = {SHAPES[x.kind] for x in items[j + 2 : end] if x.kind in SHAPES}
        if was and was & now:
            pieces = [(0, it.start), (items[j + 2].start, len(norm))]
            return replace(line, norm="".join(norm[a:b] for a, b in pieces),
                           cols=[col for a, b in pieces for col in cols[a:b]])
    return None

