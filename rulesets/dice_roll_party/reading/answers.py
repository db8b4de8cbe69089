"""Everyday answers in the defender's and the soaker's steps (D5, D6, D7): «без наворотов»,
«пусть так», «нет», «на ваше усмотрение», «пусть решит кубик».

When the server asks the owner of a target for his boosts, or a hit character's owner how much
damage to pay with time, the post *is* the answer. Every plain answer means the step's default:
a defence without boosts (DRP-DEF-02), or no damage paid with time (DRP-GAP-29). The dice do not
choose boosts or soaking, so «пусть решит кубик» is that default too, with a note saying so.
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from letopis.engine.answers import Answer, everyday_answer

from ..orders import Colour, Soak, Zone
from ..reader_parts import Boosts, Parsed, note
from ..reader_words import Item, lemmatizer

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
_BLOWS = frozenset({"counter", "damage", "hit"})
_NEGATIONS = frozenset({"не", "ни", "нисколько", "никак"})
_ALL = frozenset({"все", "всё", "весь", "целиком", "полностью"})
# Verbs of keeping the time for later: it is not paid now.
_KEEPING = frozenset({"беречь", "поберечь", "приберечь", "сберечь", "сохранять", "сохранить", "копить",
                      "экономить", "сэкономить", "придержать", "оставлять", "оставить"})


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


def line_answer(norm: str, items: list[Item], soak: bool, soaker: int | None = None) -> Answer | None:
    """The answer a line gives: the whole line, or one of its parts while the other parts name no
    character, number or boost («Без усилений, просто кидаю», «Времени нет, так что без добавок»).

    In the soaker's step (``soak``) a part that keeps the time («время не трогаю», «не потратив
    ни капли времени») or sends it all to the form («пусть всё летит в форму») says «no soak»; the
    hit character itself (``soaker``, its slot) and the blow it takes («стерпел контратаку») are
    what the answer is about, not more than an answer."""
    whole = _answer_of(norm, soak)
    if whole is not None:
        return whole
    found: Answer | None = None
    for start, end in _parts(norm):
        inside = [it for it in items if it.start >= start and it.end <= end]
        a = _answer_of(norm[start:end], soak) or (Answer.NO if soak and _keeps_time(inside) else None)
        if a is not None:
            if found is not None and a is not found and {a, found} - {Answer.NO, Answer.NOTHING}:
                return None
            found = found or a
            continue
        if any(_substance(it, soak, soaker) for it in inside):
            return None
    return found


def _substance(it: Item, soak: bool, soaker: int | None) -> bool:
    """Whether an item makes a part more than an answer: a character, a number, a boost."""
    if soak and it.kind == "ref" and it.side != "opp" and soaker is not None and it.value == soaker:
        return False  # «Кузнец стерпел …»: the one who was hit
    if soak and it.kind == "word" and it.concept in _BLOWS:
        return False  # «стерпел контратаку»: the damage being taken
    return it.kind in _SUBSTANCE or (it.kind == "word" and it.concept in _BOOSTS)


def _keeps_time(items: list[Item]) -> bool:
    """«время не трогаю», «не потратив ни капли времени», «пусть всё летит в форму»: no time is
    paid, with no amount said."""
    if any(it.kind == "num" for it in items):
        return False
    words = {it.text for it in items if it.kind == "word"}
    time = any(it.zone is Zone.TIME or it.colour is Colour.BLUE for it in items)
    form = any(it.zone is Zone.FORM or it.colour is Colour.GREEN for it in items)
    keeping = any(lemmatizer().lemmas(w) & _KEEPING for w in words)  # «время берегу», «синие приберегу»
    return time and bool(words & _NEGATIONS or keeping) or form and bool(words & _ALL) and not words & _NEGATIONS


def defence_answer(answer: Answer, start: int, end: int) -> Parsed:
    """A defence without boosts, read from an everyday answer (D5, DRP-DEF-02)."""
    p = Parsed("defence", start, end)
    p.boosts = Boosts(none_said=True)
    if answer in (Answer.RANDOM, Answer.DEFAULT):
        p.issues.append(note("answer.defence_default", start, end, "DRP-DEF-02"))
    return p


def handicap_answer(default: BaseModel, start: int, end: int) -> Parsed:
    """«Снимайте как по умолчанию», «мне всё равно»: the time taken as the deadline would take it,
    from the character with the most time first (DRP-FIRST-05, DRP-GAP-29), and said so."""
    p = Parsed("handicap", start, end, orders=[default])
    p.issues.append(note("answer.handicap_default", start, end, "DRP-GAP-29"))
    return p


def soak_answer(answer: Answer, start: int, end: int) -> Parsed:
    """No damage paid with time, read from an everyday answer (D6, D7, DRP-GAP-29)."""
    p = Parsed("soak", start, end, orders=[Soak(amount=0)])
    if answer in (Answer.RANDOM, Answer.DEFAULT):
        p.issues.append(note("answer.soak_default", start, end, "DRP-GAP-29"))
    return p
