"""Everyday answers in the defender's and the soaker's steps (D5, D6, D7): «без наворотов»,
«пусть так», «нет», «на ваше усмотрение», «пусть решит кубик».

When the server asks the owner of a target for his boosts, or a hit character's owner how much
damage to pay with time, the post *is* the answer. Every plain answer means the step's default:
a defence without boosts (DRP-DEF-02), or no damage paid with time (DRP-GAP-29). The dice do not
choose boosts or soaking, so «пусть решит кубик» is that default too, with a note saying so.
"""

from __future__ import annotations

import re

from letopis.engine.answers import Answer, everyday_answer

from ..orders import Soak
from ..reader_parts import Boosts, Parsed, note
from ..reader_words import Item

# The soaker's own ways to say "I take it all": «без гашения», «принимаю контру», «пусть бьёт».
_SOAK_NONE = re.compile(
    r"^(?:без (?:гашения|гашений|погашения|оплаты)"
    r"|(?:ну |ладно |ну ладно )?(?:принимаю|принимаем|беру|получаю) (?:урон|контру|контратаку|удар|попадание|всё|все)"
    r"(?: полностью| целиком| весь| на себя)?"
    r"|(?:пусть|пускай) (?:бьет|бьёт|прилетает|проходит|пройдет|пройдёт)(?: \w+){0,3})$"
)
_LEAD = re.compile(r"^(?:так что|поэтому|значит|тогда|короче|итак)\s+")
# Words of a part that make it more than an answer: a character, a number, a boost.
_SUBSTANCE = frozenset({"ref", "num", "ordinal", "player"})
_BOOSTS = frozenset({"insurance", "superiority", "counter", "absorb", "class_up", "cls", "damage", "advantage"})


def _answer_of(text: str, soak: bool) -> Answer | None:
    text = _LEAD.sub("", text.strip(" .,!…-—:;"))
    if not text:
        return None
    if soak and _SOAK_NONE.match(text):
        return Answer.NO
    return everyday_answer(text, normalised=True)


def _parts(norm: str) -> list[tuple[int, int]]:
    """Spans of the comma, dash and full-stop separated parts of a line."""
    out, start = [], 0
    for m in re.finditer(r"\s*[,;.!—]\s*|\s+-\s+", norm):
        if m.start() > start:
            out.append((start, m.start()))
        start = m.end()
    if start < len(norm):
        out.append((start, len(norm)))
    return out


def line_answer(norm: str, items: list[Item], soak: bool) -> Answer | None:
    """The answer a line gives: the whole line, or one of its parts while the other parts name no
    character, number or boost («Без усилений, просто кидаю», «Времени нет, так что без добавок»)."""
    whole = _answer_of(norm, soak)
    if whole is not None:
        return whole
    found: Answer | None = None
    for start, end in _parts(norm):
        a = _answer_of(norm[start:end], soak)
        if a is not None:
            if found is not None and a is not found and {a, found} - {Answer.NO, Answer.NOTHING}:
                return None
            found = found or a
            continue
        inside = [it for it in items if it.start >= start and it.end <= end]
        if any(it.kind in _SUBSTANCE or (it.kind == "word" and it.concept in _BOOSTS) for it in inside):
            return None
    return found


def defence_answer(answer: Answer, start: int, end: int) -> Parsed:
    """A defence without boosts, read from an everyday answer (D5, DRP-DEF-02)."""
    p = Parsed("defence", start, end)
    p.boosts = Boosts(none_said=True)
    if answer in (Answer.RANDOM, Answer.DEFAULT):
        p.issues.append(note("answer.defence_default", start, end, "DRP-DEF-02"))
    return p


def soak_answer(answer: Answer, start: int, end: int) -> Parsed:
    """No damage paid with time, read from an everyday answer (D6, D7, DRP-GAP-29)."""
    p = Parsed("soak", start, end, orders=[Soak(amount=0)])
    if answer in (Answer.RANDOM, Answer.DEFAULT):
        p.issues.append(note("answer.soak_default", start, end, "DRP-GAP-29"))
    return p
