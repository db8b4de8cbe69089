"""What the sentence readers share: the read of one order (`Read`), the fight a line is read in
(`Fight`), and the word classes the grammar looks at."""

from __future__ import annotations

from dataclasses import dataclass, field

from pydantic import BaseModel

from ..orders import (
    TargetPick,
)
from ..reader_table import Issue
from ..reader_words import Item

VERBS = frozenset({"v_play", "v_use", "v_draw", "v_move", "v_exit", "v_attack", "v_strike", "v_skip", "v_keep",
                   "v_mull", "v_evade", "v_discard", "v_guard", "d_pass", "d_stay_hidden", "d_reveal", "d_guard",
                   "d_keep_all", "v_heal", "v_take_off"})
PREPS = frozenset({"w_from", "w_into", "w_onto", "w_at", "w_for"})
REF_KINDS = frozenset({"name", "place", "capital"})
_LINKS = frozenset({"w_into", "w_onto", "w_at", "w_for", "w_from", "w_squad", "w_and", "w_all", "w_card", "w_own",
                    "w_enemy"})
_DRAW_WORDS = frozenset({"w_card", "w_deck", "w_from", "w_and"})
_VOWELS = frozenset("аеиоуыэюя")
_ALTERNATIONS = (("ст", "щ"), ("д", "ж"), ("з", "ж"), ("т", "ч"), ("с", "ш"), ("б", "бл"), ("в", "вл"), ("п", "пл"),
                 ("м", "мл"))
_FILLERS = frozenset({"ну", "ладно", "пожалуй", "тогда", "просто", "еще", "одну", "как", "то", "так", "вот",
                      "итак", "ок", "окей", "значит", "давай", "давайте"})
_DECK_WORDS = ("карту", "карта", "карты", "колоды", "колода", "колоду")
_PUT_VERBS = frozenset({"ставить", "поставить", "переставить", "переставлять"})
_PRONOUNS = frozenset({"его", "ее", "него", "нее"})
_ALL = Item("word", 0, 0, "все", "w_all")  # every own card that can strike
_STRIKE_MARKS = ("v_strike", "v_attack", "v_take_off")
_MULL_LINKS = frozenset({"w_and", "w_all", "w_card", "w_hand", "w_count_x", "w_into", "w_deck"})
_TYPE_GENITIVE = {"creature": "существо", "hero": "герой", "building": "постройка", "artifact": "артефакт",
                  "magic": "магия", "event": "событие", "capital": "столица", "sector": "сектор"}


@dataclass
class Read:
    """One order (or the attack targets, or mulligan cards) read from a sentence, with its span."""

    order: BaseModel | None
    start: int
    end: int
    issues: list[Issue] = field(default_factory=list)
    picks: list[TargetPick] = field(default_factory=list)  # targets for the post's attack
    mulligan: list[str] | None = None  # cards named for a mulligan ([] = keep)
    said_count: int | None = None  # «меняю две карты»
    implied: bool = False  # picks of strikers not named («Бодаем вышибалу!»: every own card): no order of theirs


@dataclass
class Fight:
    """Where a combat being answered or declared is, and who may be hit."""

    sector: str
    leavers: frozenset[str] | None = None  # a retreat attack: only these may be targeted
    attacker: str | None = None


def is_verb(it: Item) -> bool:
    c = it.concept
    return it.kind in ("word", "phrase") and c is not None and (
        c in VERBS or c.startswith(("ab_", "abn:", "abid:")))


def is_ability(it: Item) -> bool:
    c = it.concept or ""
    return it.kind == "phrase" and c.startswith(("ab_", "abn:", "abid:"))
