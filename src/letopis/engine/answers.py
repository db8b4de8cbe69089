"""Everyday answers to a question the server asked: «без наворотов», «пусть так», «нет», «пусть
решит кубик», «на ваше усмотрение».

When a step asks one player for a decision (the defender's boosts, the loser's casualties, a
reaction window), the whole post *is* the answer, and people answer the way they talk. This module
recognises the plain ways to say one of five things; the ruleset maps each to its own orders for
the decision at hand:

- ``NOTHING``: nothing extra («без наворотов», «никаких добавок», «ничего», «без усилений», «пас»,
  «атаки не будет», «хватит»);
- ``NO``: a refusal («нет», «не буду», «отказываюсь», «не гашу»);
- ``YES``: agreement («да», «пусть так», «согласен», «принимаю», «ок»);
- ``DEFAULT``: leave it to the default or the GM («на ваше усмотрение», «как по умолчанию»,
  «без разницы», «как решит мастер»);
- ``RANDOM``: let the dice decide («пусть решит кубик», «наугад», «рандом», «жребий»).

A line is an answer when, after dropping polite filler («ну», «пожалуй», «наверное», «давай»,
«как-нибудь», a «да» leading into the answer), what is left is one of the phrases, so «нет,
атакую П2» is not a bare «нет». Matching is by
word stems on normalised text: linear, no dictionary look-ups.
"""

from __future__ import annotations

import re
from enum import StrEnum

from .text_norm import normalise


class Answer(StrEnum):
    NOTHING = "nothing"
    NO = "no"
    YES = "yes"
    DEFAULT = "default"
    RANDOM = "random"


# Each phrase is a regex over the filler-free words of the line, joined by single spaces.
_PHRASES: dict[Answer, tuple[str, ...]] = {
    Answer.RANDOM: (
        r"(пусть|пускай)? ?(решит|решает|решают|выберет|выбирает) (кубик|кубы|кости|дайс|бросок|жребий|случай|рандом)",
        r"(пусть|пускай)? ?(кубик|кубы|кости|дайс|жребий|случай|рандом) (решит|решает|решат|выберет|выберут|рассудит)",
        r"(на|по) (кубик[ау]?|кубам|костям|жребию|жребий|рандом[у]?)",
        r"(кидаю|кидаем|бросаю|бросаем|бросим|кинем|кинь|бросай|брось) (кубик|кубы|кости|дайс|жребий)",
        (r"(наугад|наобум|случайн\w*|рандом\w*|как повезет|как ляжет|пусть кубик|кубик решит|жребий)"
        r"( (выбор|образом|порядке|цели|цель))?"),
        r"(любой|любую|любое|любые|кого угодно|что угодно)",
    ),
    Answer.DEFAULT: (
        r"(на )?(ваше|твое|твоё|мастерское|ваш) (усмотрение|выбор|решение)",
        r"на усмотрение (мастера|гм|ведущего|сервера)",
        r"(как|пусть) (решит|решает|скажет) (мастер|гм|ведущий|сервер)",
        r"(мастер|гм|ведущий) (решит|решает|выберет)",
        r"(по умолчанию|как по умолчанию|как обычно|стандартно|по стандарту|дефолт\w*|по дефолту)",
        r"(без разницы|все равно|всё равно|мне все равно|неважно|не важно|как хотите|как хочешь|решайте сами)",
        r"(оставляю|оставлю) (на|мастеру|вам|выбор)( \w+)?",
    ),
    Answer.NOTHING: (
        (r"(без|безо) (наворотов|наворота|усилений|усиления|бустов|буста|добавок|добавки|всего|ничего|"
        r"доп\w*|реакции|реакций|ответа|изысков|хитростей|фокусов|сюрпризов|изменений|бонусов)"
        r"( (в этот раз|сегодня|пожалуй|на этот раз))?"),
        (r"(никаких|никаких больше|ничего|никакого|никакой|ни одного) ?(наворотов|усилений|бустов|добавок|"
        r"не добавляю|не делаю|не усиливаю|не трачу|не играю|не разыгрываю|дополнительно|дополнительного|"
        r"лишнего|доп\w*|реакции|ответа|особенного|не буду|больше|не надо|не нужно|не меняю)?"),
        r"(ничего|никак) (не )?(отвечаю|реагирую|делаю|добавляю|усиливаю|трачу|играю)",
        r"не (реагирую|отвечаю|усиливаю|усиливаюсь|добавляю|трачу|буду усиливать|буду реагировать|играю реакцию)",
        r"(пас|пасую|пропускаю|пропуск|обойдусь|обойдемся|обойдёмся|воздержусь|воздерживаюсь)( \w+)?",
        # «Стрельбы не будет», «Продолжения не будет»: what is declined, said not to happen
        r"\w+ (не будет|не планируется|не предвидится)( \w+)?",
        r"(стоп|хватит|достаточно|довольно)( (с меня|пока|на этом))?",
        (r"(просто|обычная|обычную|голая|голую|чистая|чистую) (защита|защиту|защищаюсь|оборона|оборону|"
        r"бросок|отбиваюсь|принимаю)"),
        r"(защищаюсь|защита|отбиваюсь|обороняюсь) (как есть|так|просто)",
        r"(оставляю|оставлю) как есть",
    ),
    Answer.NO: (
        r"(нет|неа|не|no|не а)",
        r"(нет|не) (спасибо|надо|нужно|буду|хочу|стану|будет|беру|соглашаюсь|согласен|согласна)",
        r"(отказываюсь|отказ|откажусь|не согласен|не согласна|против)",
        (r"(не гашу|не гашу урон|не плачу|не трачу время|урон не гашу|принимаю урон полностью|"
        r"принимаю весь урон|ничего не гашу)"),
    ),
    Answer.YES: (
        (r"(да|ага|угу|ок|окей|ok|okay|конечно|разумеется|хорошо|ладно|годится|идет|идёт|принято|"
        r"согласен|согласна|согласны|соглашаюсь|принимаю|подтверждаю|так и быть|быть по сему)"),
        r"(пусть|пускай) (так|будет так|будет)",
        r"(да|ок|хорошо|ладно),? (пусть так|согласен|согласна|принимаю|давай|давайте)",
        r"(так|так и) (и )?(оставим|оставляем|будет|сделаем)",
        r"(меня|мне) (устраивает|подходит|нормально)",
    ),
}
_COMPILED = [(answer, re.compile(rf"^(?:{'|'.join(f'(?:{p})' for p in phrases)})$"))
             for answer, phrases in _PHRASES.items()]

_FILLER = frozenset({
    "ну", "пожалуй", "наверное", "наверно", "давай", "давайте", "тогда", "просто", "уж", "вот", "же",
    "ладно", "итак", "так", "в", "этот", "раз", "сегодня", "мой", "ответ", "решение", "выбор",
    "я", "мы", "пока", "пожалуйста", "спасибо", "хм", "эх", "ох", "ах", "э", "ммм", "мм", "короче",
    "значит", "всё", "все", "уже", "лучше", "думаю", "считаю", "решил", "решила", "ход",
})
_WORDS = re.compile(r"[а-яa-z]+")
# «как-нибудь», «как-то», «что-нибудь»: a vague word around an answer, not part of it
_INDEFINITE = re.compile(r"\b(?:как|что|где|куда|когда)-(?:нибудь|то|либо)\b")
_MAX_WORDS = 12  # an answer is short; a longer line is an order or chatter


def everyday_answer(text: str, *, normalised: bool = False) -> Answer | None:
    """Which plain answer a line (or a whole short post) gives, or None if it is not one.

    Tries the words as written first, then without filler words, so «нет» and «ну нет, пожалуй»
    are both NO, while «нет, бью П2» is not an answer.
    """
    norm = text if normalised else normalise(text)
    words = _WORDS.findall(norm)
    if not words or len(words) > _MAX_WORDS:
        return None
    if any(c.isdigit() for c in norm):
        return None
    plain = [w for w in _WORDS.findall(_INDEFINITE.sub(" ", norm)) if w not in _FILLER]
    # «Да как-нибудь без наворотов»: a «да» that opens a longer answer only leads into it
    lead = plain[1:] if len(plain) > 1 and plain[0] == "да" else []
    for candidate in (words, plain, lead):
        if not candidate:
            continue
        joined = " ".join(candidate)
        for answer, pattern in _COMPILED:
            if pattern.match(joined):
                return answer
    return None


def answer_of_post(lines: list[str]) -> Answer | None:
    """The one answer a whole post gives, when its readable lines together are one answer
    («Ну что ж.\\nБез наворотов.»): each line is the same answer or says nothing at all."""
    found: Answer | None = None
    for line in lines:
        a = everyday_answer(line)
        if a is None:
            continue
        if found is not None and a is not found:
            return None
        found = a
    return found
