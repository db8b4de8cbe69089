"""Elliptical clauses: the second clause of a line often leaves out what the first one said.

«П2 перекладывает 1 из атаки в защиту и атакует П4»: the attack has no subject of its own; it is
П2's, the subject of the clause before it (the core's clauses keep «the same actor unless it names
another»). «Мой второй бросается на четвёртого персонажа Бориса и бьёт со всей дури — урон +1»:
the second clause retells the same attack and adds its boost. Both are read as a GM reads them,
never passed over.
"""

from __future__ import annotations

from dataclasses import replace

from ..reader_words import ORDER_VERBS, Item, lemmatizer


def subject(sentence: list[Item]) -> Item | None:
    """The character a clause opens with, before its verb («П2 перекладывает…», «Мой второй
    бросается…», «Рыцарь: …»): one of the poster's own, named first."""
    for it in sentence:
        if it.kind == "sym" or it.kind == "word" and it.concept == "own":
            continue
        if it.kind in ("ref", "ordinal") and it.side != "opp":
            return it
        return None
    return None


def lacks_subject(sentence: list[Item]) -> bool:
    """Whether a clause opens with its order verb (after an adverb or a particle: «Тогда просто бьёт
    Тень»), said of a character rather than by the player («атакует», «атаковал», not «атакую»), and
    names no actor of its own: no own character marked as such («своим П3»), none in the
    instrumental («вторым»)."""
    first = next((it for it in sentence if it.kind != "sym" and not _lead_in(it)), None)
    if first is None or not (first.kind == "word" and first.concept in ORDER_VERBS):
        return False
    if lemmatizer().grammemes(first.text) & _SAID_BY_THE_PLAYER:
        return False  # «… и атакую П1»: the player speaks; who attacks is asked for, not guessed
    return not any(it.kind in ("ref", "ordinal") and (it.side == "own" or it.ablt) for it in sentence)


_SAID_BY_THE_PLAYER = frozenset({"1per", "impr", "INFN"})
# «Тогда просто бьёт Тень», «и сразу атакует»: adverbs, particles and conjunctions before the verb
_LEAD_IN = frozenset({"ADVB", "PRCL", "CONJ", "INTJ"})


def _lead_in(it: Item) -> bool:
    return it.kind == "word" and it.concept is None and bool(lemmatizer().grammemes(it.text) & _LEAD_IN)


def with_subject(actor: Item, sentence: list[Item]) -> list[Item]:
    """The clause with the subject of the clause before it put in front (an empty span there)."""
    at = sentence[0].start
    return [replace(actor, start=at, end=at), *sentence]


def retells(sentence: list[Item]) -> bool:
    """Whether an attack clause names no character at all, so that it can only go on about the
    attack before it («… и бьёт со всей дури — урон +1»)."""
    return not any(it.kind in ("ref", "ordinal", "player") for it in sentence)
