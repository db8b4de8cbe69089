"""The phrases of a sentence and what each says about an order.

Forum writers wrap an order in chatter inside one sentence: «Извини, Борис, но лесопилка в Броде
будет моей», «Хожу: Грифон», «Тогда ферму в Дубраве, к ней Ольга дорогу провела». A phrase is a
piece of a sentence between commas, colons, semicolons, brackets and spaced dashes; a verb of
chatter speaks for its own phrase, not for the sentence, so an order may stand without a verb in
another phrase of it. Some phrases say no order however they name an action:

- a phrase narrated about someone else («трофей Каменца уже увела Анна», «к ней Ольга дорогу
  провела») or about what he has («лесопилка у Веры»);
- a negated phrase («туда ещё не проложен ни один маршрут», «пас за меня не ставьте»).

A verbless phrase right after one about someone else may go on with it («Анна построила ферму в
Озёрске, лесопилку — в Броде»), so no order stands in it without a word that says one; an action
word there still says it («Борис пусть подождёт, поход на Перевал!»).

`Phrase` records this per phrase; `lines.analyse` drops the action nouns of silent phrases and
lets a frame stand without a verb when a phrase with no verb of chatter holds its object.
"""

from __future__ import annotations

from dataclasses import dataclass

from letopis.engine.text import parses

from .words import Item

SEPARATORS = (",", ":", ";", "(", ")")
NEGATIONS = frozenset({"не", "ни", "нет", "нельзя", "невозможно"})
# «на Тетраномикон нужно три артефакта», «лесопилке ж ферма нужна»: what a rule asks for, not an order
REQUIRED = frozenset({"нужно", "нужен", "нужна", "нужны", "надо", "необходимо", "необходим", "необходима",
                      "необходимы"})
# «у тебя», «у него»: what someone else has
THEIRS = frozenset({"тебя", "вас", "него", "нее", "неё", "них", "ней"})
POSTER = frozenset({"я", "мы", "мне", "меня", "мной", "нам", "нас", "нами"})
# a person after one of these is no subject: «как договаривались с Борисом», «для Веры»
PREPOSITIONS = frozenset({"с", "со", "у", "для", "от", "к", "ко", "за", "про", "о", "об", "при", "без", "вслед"})


@dataclass(slots=True)
class Phrase:
    """Items ``first``…``last`` (indexes into the sentence's items, separators excluded)."""

    first: int
    last: int
    narrative: bool = False  # a verb that is no order verb («подсказывает», «провела», «хожу»)
    others: bool = False  # narrated about someone else or what he has
    goes_on: bool = False  # verbless, right after a phrase about someone else: may go on with it
    negated: bool = False  # «не», «ни», «нет»
    ordered: bool = False  # an action word said as an order
    required: bool = False  # says what something needs, with no verb of doing it («нужно три артефакта»)

    @property
    def silent(self) -> bool:
        """Whether the phrase's action nouns say no order of the poster."""
        return self.others or self.negated or self.required

    @property
    def may_stand_alone(self) -> bool:
        """Whether an order may stand in the phrase without an action word."""
        return not (self.narrative or self.silent or self.goes_on)


def spaced_dash(items: list[Item], k: int) -> bool:
    """A dash with a space on each side parts two phrases («Строю ферму — 4 монеты»); one glued
    to its words joins them («Брод-Дубрава», «12-9»), one between numbers is a minus («4 − 1 =
    3») and one between castles names a segment («Брод — Дубрава»)."""
    if not (items[k].sym("-") and 0 < k < len(items) - 1):
        return False
    before, after = items[k - 1], items[k + 1]
    return before.end < items[k].start < items[k].end < after.start \
        and not (before.kind == after.kind and before.kind in ("num", "castle"))


# a word set off by commas that leaves the phrase whole: «лесопилка, надеюсь, выдержит»
PARENTHETICAL = frozenset({"надеюсь", "думаю", "кажется", "конечно", "наверное", "видимо", "пожалуй",
                           "похоже", "впрочем", "кстати", "правда", "увы", "разумеется", "очевидно"})


def split_phrases(items: list[Item]) -> list[Phrase]:
    """The phrases of a sentence's items, left to right (empty ones left out); a parenthetical
    word between commas joins the phrases on its two sides."""
    out: list[Phrase] = []
    first = 0
    for k, it in enumerate(items):
        if it.kind == "sym" and (it.text in SEPARATORS or it.text == "-" and spaced_dash(items, k)):
            if k > first:
                out.append(Phrase(first, k - 1))
            first = k + 1
    if first < len(items):
        out.append(Phrase(first, len(items) - 1))
    joined: list[Phrase] = []
    for p in out:
        if len(joined) >= 2 and joined[-1].first == joined[-1].last and items[joined[-1].first].kind == "word" \
                and items[joined[-1].first].text in PARENTHETICAL and items[joined[-1].first - 1].sym(",") \
                and items[p.first - 1].sym(","):
            joined.pop()
            joined[-1].last = p.last
            continue
        joined.append(p)
    return joined


def describe(items: list[Item], phrases: list[Phrase], narrated: set[int], said: dict[int, str],
             faction: str, subjects: frozenset[str]) -> None:
    """Fill in each phrase: ``narrated`` holds the indexes of the items that are a verb of
    chatter, ``said`` those of the action words with how each is said ("verb", "noun", "weak");
    ``subjects`` the pronouns of someone else («он», «они»)."""
    about_others = False
    for p in phrases:
        named = poster = held = needs = doing = False
        for k in range(p.first, p.last + 1):
            it, how = items[k], said.get(k)
            p.ordered = p.ordered or how == "verb"
            named = named or how == "noun"
            p.narrative = p.narrative or k in narrated and not _aside(items, k)
            doing = doing or how == "verb" or it.kind in ("word", "concept") and "INFN" in parses(it.text)[0].tag
            if it.kind == "word":
                p.negated = p.negated or it.text in NEGATIONS
                needs = needs or it.text in REQUIRED
                poster = poster or it.text in POSTER
                held = held or it.text == "у" and k < p.last and (
                    items[k + 1].kind == "person" and items[k + 1].value != faction  # «лесопилка у Веры»
                    or items[k + 1].kind == "word" and items[k + 1].text in THEIRS)  # «у тебя Мантикора»
            elif it.kind == "person" and it.value == faction:
                poster = True
        p.required = needs and not doing and _for_something(items, p)
        if held and not p.ordered:
            about_others = p.others = True
        elif p.narrative:
            about_others = p.others = not p.ordered and any(
                someone_else(items[k], faction, subjects)
                and not (k > p.first and items[k - 1].kind == "word" and items[k - 1].text in PREPOSITIONS)
                for k in range(p.first, p.last + 1))
        elif p.ordered or poster:
            about_others = False
        else:
            p.goes_on = about_others  # «Анна построила ферму в Озёрске, лесопилку — в Броде»
            about_others = about_others and not named  # «Пока Борис думает, маршрут Брод — Дубрава»


def _for_something(items: list[Item], p: Phrase) -> bool:
    """Whether a phrase says what something needs: a card or a building after «на»/«для» («на
    Тетраномикон нужно три артефакта») or in the dative («лесопилке ферма нужна»). «Нужен рудник
    в Каменце» says what the poster wants: an order."""
    for k in range(p.first, p.last + 1):
        it = items[k]
        if it.kind not in ("card", "building"):
            continue
        if k > p.first and items[k - 1].kind == "word" and items[k - 1].text in ("на", "для"):
            return True
        if it.kind == "building" and "datv" in parses(it.text.split()[-1])[0].tag:
            return True
    return False


def someone_else(it: Item, faction: str, pronouns: frozenset[str]) -> bool:
    """Whether an item names a person other than the poster: another player, a pronoun of ``pronouns``
    («он», «они»), or a word the dictionary takes first for a personal name («Ольга», «Никита»; not
    «вера» or «слава», which are first of all words)."""
    if it.kind == "person":
        return it.value != faction
    return it.kind == "word" and (it.text in pronouns or it.text.isalpha() and "Name" in parses(it.text)[0].tag)


def _aside(items: list[Item], k: int) -> bool:
    """A parenthetical word set off by commas («…, думаю, …»): it narrates nothing."""
    return items[k].kind == "word" and items[k].text in PARENTHETICAL \
        and (k == 0 or items[k - 1].sym(",")) and (k == len(items) - 1 or items[k + 1].sym(","))


def phrase_of(phrases: list[Phrase], k: int) -> Phrase | None:
    """The phrase that holds item ``k`` (None for a separator)."""
    for p in phrases:
        if p.first <= k <= p.last:
            return p
    return None
