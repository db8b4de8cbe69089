"""Pronouns standing for a character named before them (the core's `pronoun`): «+1 синий Лучнице,
она бьёт Молота», «Добавляю на П3 синий и бью им П4», «Если Тень ещё жива — бью её Рыцарем»,
«Рыцарю 2 синих, теперь у него 5 — он и бьёт Тень».

A pronoun in a clause that has named no character for that part before it (no own character
for «она», «им», «ему»; no enemy for «её», «его») becomes the character it stands for: the nearest
one named before it on the line (or the line's unit header) whose name agrees with it in gender,
unless a noun nearer to it agrees too; a slot («П3») agrees with any.
«бью им» makes that character the one who acts (the instrumental, as «бью Рыцарем»). A pronoun
with no such character before it («беру страховку, она даёт мне двойку») stays a word.
"""

from __future__ import annotations

from dataclasses import replace

from letopis.engine.clauses import Pronoun, pronoun
from letopis.engine.text_words import gender

from ..reader_words import Context, Item, lemmatizer


def resolve_pronouns(sentences: list[list[Item]], ctx: Context, header: Item | None = None) -> list[list[Item]]:
    """The sentences of a line with each pronoun that stands for a character made that character."""
    seen: list[Item] = [header] if header is not None else []
    out: list[list[Item]] = []
    for sentence in sentences:
        resolved: list[Item] = []
        named: set[str] = set()  # the sides of the characters the clause has named so far
        for it in sentence:
            said = pronoun(it.text) if it.kind == "word" and not it.used else None
            side = "opp" if said is not None and said.role == "object" else "own"
            if said is not None and side not in named:
                meant = _antecedent(seen, said, side, ctx)
                if meant is not None:
                    it = replace(meant, start=it.start, end=it.end, text=it.text, ablt=said.role == "instrument",
                                 read_as=None, used=False)
            if it.kind in ("ref", "ordinal"):
                named.add("opp" if it.side == "opp" else "own")
            if it.kind == "ref" or it.kind == "word" and it.concept is None:
                seen.append(it)
            resolved.append(it)
        out.append(resolved)
    return out


def _antecedent(seen: list[Item], said: Pronoun, side: str, ctx: Context) -> Item | None:
    """The nearest character before the pronoun that it agrees with, the poster's own for the one
    who acts or gets tokens and an enemy for the one attacked (``side``), unless a noun nearer to it
    agrees too («Рыцарь поднимает меч и обрушивает его на Вихря»: «его» is the sword)."""
    for it in reversed(seen):
        if it.kind == "word":
            if said.agrees(_noun_gender(it.text)) and _noun_gender(it.text) is not None:
                return None
            continue
        if it.value is not None and (it.side == "opp") == (side == "opp") and said.agrees(_gender(it, ctx)):
            return it
    return None


def _noun_gender(word: str) -> str | None:
    """The gender of a word the dictionary reads first as a noun («меч», «страховку»), else None."""
    g = lemmatizer().grammemes(word)
    if "NOUN" not in g:
        return None
    return "plur" if "plur" in g else next((x for x in ("masc", "femn", "neut") if x in g), None)


def _gender(it: Item, ctx: Context) -> str | None:
    """The gender of a character's name («Лучница» femn); None for a slot or an unknown name."""
    if not it.by_name or it.faction is None:
        return None
    side = ctx.side(it.faction)
    char = side.chars.get(it.value) if side is not None and it.value is not None else None
    return gender(char.name) if char is not None and char.name else None
