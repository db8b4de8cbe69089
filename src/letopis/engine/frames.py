"""Reading an order line as a frame: what the line *contains* decides what it is, not its first word.

A ruleset's reader first finds the game objects a clause mentions (`Mention`: own and enemy
units, cells, amounts, colours, cards, buildings…) and the lexicon concepts it says («атаковать»
→ ``attack``); then it asks which of its `Frame`s explains them best. A frame is an order kind with
slots (actor, target, place, amount, options), the concepts that evoke it, and the step contexts
in which it may stand with no verb at all («П3 ⇒ П1 соперника» in a turn is an attack, «3 ОД: к
12-9» under a unit header is a move). Frames are data: a new ruleset declares its order language
as a tuple of frames and gets the choosing, the ambiguity and the "order or chatter" rule for free.

The choice is explained (`FrameFit.why`) and never a guess: two frames that fit equally well
are an ambiguity the player is asked to settle, with both readings named.

`is_order_line` is the rule that ends silent drops: a clause that mentions one of the poster's
own game objects together with an action word, a place, a target or an amount is an order. It is
read, or it is an error with a hint; it is never flavour.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

# Mention kinds every ruleset shares; a ruleset may add its own (a card, a spell, a sector…).
OWN = "own"  # one of the poster's own game objects (a unit, a character, a card in hand)
ENEMY = "enemy"  # someone else's
CELL = "cell"  # a place on the board
AMOUNT = "amount"  # a number of something
GROUP = "group"  # «оба», «все лучники»: several own objects at once

# Roles a preposition or an arrow gives the mention after it.
ROLE_TO, ROLE_FROM, ROLE_TARGET = "to", "from", "target"
_ROLE_WORDS = {
    "на": ROLE_TO, "в": ROLE_TO, "во": ROLE_TO, "к": ROLE_TO, "ко": ROLE_TO, "до": ROLE_TO,
    "через": ROLE_TO, "→": ROLE_TARGET, "по": ROLE_TARGET, "против": ROLE_TARGET,
    "с": ROLE_FROM, "со": ROLE_FROM, "из": ROLE_FROM, "от": ROLE_FROM,
}


def role_of(previous_word: str | None) -> str | None:
    """The role a word gives the mention right after it: «на 3-4» → to, «из 3-4» → from,
    «→ П1», «по П1» → target."""
    return _ROLE_WORDS.get(previous_word or "")


@dataclass(frozen=True, slots=True)
class Mention:
    """A game object named in a clause, with its span in the clause's normalised text."""

    kind: str
    start: int
    end: int
    value: Any = None
    role: str | None = None  # from a preposition or an arrow before it


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in a frame for mentions of some kinds."""

    name: str
    kinds: frozenset[str]
    required: bool = True
    many: bool = False
    role: str | None = None  # a mention with this role is preferred here
    title: str = ""  # Russian, for «не хватает …»: «цели», «клетки»


@dataclass(frozen=True, slots=True)
class Frame:
    """An order kind as the reader sees it: its slots, the concepts that evoke it, and the step
    contexts in which it may stand without any of them."""

    kind: str
    slots: tuple[Slot, ...]
    triggers: frozenset[str] = frozenset()
    implied: frozenset[str] = frozenset()
    title: str = ""  # Russian: how the order is called («атака», «перемещение»)


@dataclass(slots=True)
class Evidence:
    """What a clause contains: its mentions, the concepts it says (with spans) and the context of
    the step it is read in (e.g. ``{"turn", "unit_header", "arrow"}``)."""

    mentions: list[Mention] = field(default_factory=list)
    concepts: list[tuple[str, int, int]] = field(default_factory=list)
    context: frozenset[str] = frozenset()

    def concept_names(self) -> set[str]:
        return {c for c, _, _ in self.concepts}

    def kinds(self) -> set[str]:
        return {m.kind for m in self.mentions}


@dataclass(slots=True)
class FrameFit:
    frame: Frame
    filled: dict[str, list[Mention]]
    missing: list[Slot]
    unused: list[Mention]
    score: int
    why: str  # "trigger:<concept>" or "implied:<context>"

    def one(self, slot: str) -> Mention | None:
        got = self.filled.get(slot) or []
        return got[0] if got else None

    @property
    def complete(self) -> bool:
        return not self.missing


@dataclass(slots=True)
class Choice:
    """The outcome of choosing: ``best`` when one frame explains the clause best, ``rivals`` when
    two or more explain it equally well (an ambiguity), neither when no frame applies."""

    best: FrameFit | None = None
    rivals: list[FrameFit] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return len(self.rivals) > 1


def _fill(frame: Frame, mentions: Sequence[Mention]) -> tuple[dict[str, list[Mention]], list[Slot], list[Mention]]:
    used: set[int] = set()
    filled: dict[str, list[Mention]] = {}
    missing: list[Slot] = []
    # Slots with a preferred role take their mention first, so «на 3-4» lands in the place slot
    # even when another slot would take any cell.
    order = sorted(frame.slots, key=lambda s: s.role is None)
    for slot in order:
        fitting = [i for i, m in enumerate(mentions) if i not in used and m.kind in slot.kinds]
        if slot.role:
            fitting.sort(key=lambda i: mentions[i].role != slot.role)
        if not fitting:
            if slot.required:
                missing.append(slot)
            continue
        take = fitting if slot.many else fitting[:1]
        used.update(take)
        filled[slot.name] = [mentions[i] for i in sorted(take)]
    unused = [m for i, m in enumerate(mentions) if i not in used]
    return filled, missing, unused


def fit(frame: Frame, evidence: Evidence) -> FrameFit | None:
    """How well one frame explains the evidence, or None if nothing evokes it here."""
    said = [c for c, _, _ in evidence.concepts if c in frame.triggers]
    implied = sorted(frame.implied & evidence.context)
    if not said and not implied:
        return None
    filled, missing, unused = _fill(frame, evidence.mentions)
    score = (10 if said else 3) + sum(2 if s.required else 1 for s in frame.slots if s.name in filled)
    score -= 3 * len(missing) + len(unused)
    why = f"trigger:{said[0]}" if said else f"implied:{implied[0]}"
    return FrameFit(frame, filled, missing, unused, score, why)


def choose(frames: Iterable[Frame], evidence: Evidence) -> Choice:
    """The frame that explains a clause best; rivals when the best two (of different kinds) tie.

    A frame evoked by a concept the clause says always beats one that is only implied by the
    step; among equals the fewer missing slots and unexplained mentions win.
    """
    fits = [f for f in (fit(fr, evidence) for fr in frames) if f is not None]
    if not fits:
        return Choice()
    fits.sort(key=lambda f: (-f.score, len(f.missing), len(f.unused)))
    top = fits[0]
    rivals = [f for f in fits if (f.score, len(f.missing), len(f.unused)) ==
              (top.score, len(top.missing), len(top.unused)) and f.frame.kind != top.frame.kind]
    if rivals:
        return Choice(best=None, rivals=[top, *rivals])
    return Choice(best=top, rivals=[top])


# --- order or chatter -------------------------------------------------------------------------
# Words that restate the state rather than change it: «было 10 монет, стало 6», «осталось 2».
RESTATING = frozenset({
    "было", "стало", "осталось", "остается", "остаётся", "останется", "имеется", "имею", "итого",
    "всего", "сейчас", "теперь",
})
# Kinds that make a clause about doing something when they stand beside an own object.
ACTION_KINDS = frozenset({ENEMY, CELL, AMOUNT})


def is_order_line(evidence: Evidence, actions: frozenset[str] | set[str], words: Sequence[str] = (),
                  *, action_kinds: frozenset[str] = ACTION_KINDS) -> bool:
    """Whether a clause is an order line: it names one of the poster's own objects (or a group of
    them) together with an action concept, a place, a target or an amount.

    A clause made only of a restatement («у Стража осталось 2 времени», «было 10, стало 6») is
    not: it says what is, not what to do.
    """
    kinds = evidence.kinds()
    if OWN not in kinds and GROUP not in kinds:
        return False
    if evidence.concept_names() & set(actions):
        return True
    if "arrow" in evidence.context:
        return True
    if not kinds & action_kinds:
        return False
    return not (any(w in RESTATING for w in words) and not evidence.concept_names() & set(actions))


def readings_text(rivals: Sequence[FrameFit]) -> str:
    """«атака или перемещение»: the readings of an ambiguous clause, for its error message."""
    titles: list[str] = []
    for f in rivals:
        t = f.frame.title or f.frame.kind
        if t not in titles:
            titles.append(t)
    if len(titles) <= 1:
        return titles[0] if titles else ""
    return ", ".join(titles[:-1]) + " или " + titles[-1]


# --- a verb that is not an order ------------------------------------------------------------------
_VERB_TAGS = frozenset({"VERB", "INFN"})
# «у него будет 5», «станет 6»: a copula says what is, it tells no action of its own.
_COPULAS = frozenset({"быть", "стать", "становиться", "являться"})


def foreign_verb(words: Sequence[str], lemmatizer: Any) -> str | None:
    """The first word of a clause that is a verb but no word of the ruleset's lexicon
    («Рыцарь смотрит на Тень», «ненавидит»), or None.

    A frame implied by the step stands for a clause *without* a verb; a clause whose verb says
    something else is not that order. It is still an order line when it names the poster's own
    object with a target (`is_order_line`), so it gets an error asking what was meant, never a
    silent guess. A copula («будет», «станет») says what is and is no such verb. ``lemmatizer`` is a `text_words.Lemmatizer` built on the ruleset's lexicon.
    """
    for w in words:
        if not w.isalpha() or len(w) < 3 or lemmatizer.concept(w) is not None:
            continue
        if lemmatizer.grammemes(w) & _VERB_TAGS and lemmatizer.lemma(w) not in _COPULAS:
            return w
    return None
