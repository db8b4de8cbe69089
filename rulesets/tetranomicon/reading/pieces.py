"""The pieces of a line the reader reads one by one: its sentences cut at the core's connectors and
before a second action («Призываю Змея и прокладываю маршрут…»), so that two actions said in one
line are two readings, the second refused (TET-GAP-27), not one of them dropped."""

from __future__ import annotations

from itertools import pairwise

from letopis.engine.clauses import split_clauses
from letopis.engine.text import parses

from .lines import Sentence
from .words import Item


def pieces(norm: str, sentences: list[Sentence]) -> list[tuple[list[Item], list, bool]]:
    """Each sentence cut at the core's connectors («; », «, затем», «и ещё») and before a verb
    of another action said as an order after «и», «а» or a comma («Призываю Змея и прокладываю
    маршрут…»): two actions, each read, so the second is refused, not dropped (TET-GAP-27)."""
    out = []
    for s in sentences:
        spans = [(c.start, c.end) for c in split_clauses(norm[: s.end]) if c.end > s.start]
        spans = [piece for lo, hi in spans for piece in at_second_verb(s, lo, hi)]
        if len(spans) <= 1:
            out.append((s.items, s.concepts, s.verbless))
            continue
        for c_start, c_end in spans:
            lo, hi = max(c_start, s.start), c_end
            items = [it for it in s.items if lo <= it.start < hi]
            concepts = [x for x in s.concepts if lo <= x[2].start < hi]
            out.append((items, concepts, s.verbless))
    return out


def at_second_verb(s: Sentence, lo: int, hi: int) -> list[tuple[int, int]]:
    """The span ``lo:hi`` of a sentence cut before each action said as an order after another
    action, where «и», «а» or a comma joins them: an order verb («…и прокладываю маршрут»), or an
    action noun after a verb the lexicon does not know («…и веду маршрут…»)."""
    pos = {it.start: k for k, it in enumerate(s.items)}
    said = [(c, k) for c, how, it in s.concepts if lo <= it.start < hi and (k := pos.get(it.start)) is not None
            and (how == "verb" or how == "noun" and k >= 2 and verb_word(s.items[k - 1]))]
    cuts: list[int] = []
    for (a, _), (b, k) in pairwise(said):
        j = k - 2 if verb_word(s.items[k - 1]) else k - 1  # «и веду маршрут»: the joint before the verb
        if a == b or j < 1:
            continue
        joint = s.items[j]
        if joint.sym(",") or joint.kind == "word" and joint.text in ("и", "а"):
            cuts.append(joint.start)
    edges = [lo, *cuts, hi]
    return [(x, y) for x, y in pairwise(edges) if y > x]


def verb_word(it: Item) -> bool:
    return it.kind == "word" and it.text.isalpha() and bool(parses(it.text)[0].tag & {"VERB", "INFN"})
