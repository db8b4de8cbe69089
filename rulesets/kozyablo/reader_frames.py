"""Kozyablo's verbless orders as frames (issue 9, checklist §3): what a clause *contains* decides
what it is when it has no order verb, or a verb of two kinds («снимаю»).

«Щитоносец → Позорище», «мечник и лучник — в рудник-1», «следопыт — в гилена» (with an attack
declared or a combat to answer), «Плевок → громила», «Щит → сэр Позорин»: the objects decide.
A name may stand for a hand card and a piece on the table at once; it then gives two mentions,
and the frames that use one or the other compete (`letopis.engine.frames.choose`): «Мечник и
лучник — в рудник-1» is a move (one card is played at a time, two pieces move together), «Мечник
— в рудник-1» with a мечник in the hand and on the table is an ambiguity (KZ-DEF-REF-02).

Mention kinds: ``own`` (a piece of the poster's), ``enemy`` (a visible piece of another player),
``cell`` (a sector or a capital; ``from_cell`` after «из»), ``hand_unit`` (a creature, hero or building in the hand),
``hand_art`` (an artifact), ``hand_spell`` (magic or an event), ``group`` («все», «оба»),
``deck`` (the deck or «карта»), and ``goal``: a card said in the dative («к шмелю», «щитоносцу на
помощь», «Щит — Сэру Позорину»), whom the order goes to or helps; in a fight an enemy there said
so is also whom a strike goes to («Гилен — мечнику вслед!»). A goal is never who moves nor
the card played, so «Гилен в шахту-1, к шмелю» is a play when the гилен is only in the hand, whatever
stands on the table; it may be the recipient of a card played on a target.
"""

from __future__ import annotations

from letopis.engine.frames import (
    CELL,
    ENEMY,
    GROUP,
    OWN,
    ROLE_FROM,
    ROLE_TARGET,
    ROLE_TO,
    Choice,
    Evidence,
    Frame,
    Mention,
    Slot,
    choose,
    fit,
)

HAND_UNIT, HAND_ART, HAND_SPELL, DECK, GOAL = "hand_unit", "hand_art", "hand_spell", "deck", "goal"
FROM_CELL = "from_cell"  # a sector said with «из»/«с»: where a move starts, never where it goes

# The step contexts: "turn" (the poster's main turn), "fight" (an attack declared in the post or a
# combat being answered), "arrow" (the clause has «→», «=>», «—»).
FRAMES: tuple[Frame, ...] = (
    Frame("play", (Slot("card", frozenset({HAND_UNIT})), Slot("into", frozenset({CELL}), role=ROLE_TO)),
          triggers=frozenset({"v_play"}), implied=frozenset({"turn"}), title="сыграть из руки"),
    Frame("play_on", (Slot("card", frozenset({HAND_ART, HAND_SPELL})),
                      Slot("on", frozenset({OWN, ENEMY, CELL, GOAL, HAND_UNIT}), required=False)),
          triggers=frozenset({"v_play"}), implied=frozenset({"turn"}), title="сыграть карту на цель"),
    Frame("move", (Slot("who", frozenset({OWN, GROUP}), many=True),
                   Slot("origin", frozenset({FROM_CELL}), required=False),
                   Slot("dest", frozenset({CELL}), role=ROLE_TO)),
          triggers=frozenset({"v_move", "v_take_off"}), implied=frozenset({"turn"}), title="переместить"),
    Frame("strike", (Slot("who", frozenset({OWN, GROUP}), many=True),
                     Slot("targets", frozenset({ENEMY}), many=True, role=ROLE_TARGET)),
          triggers=frozenset({"v_strike", "v_take_off"}), implied=frozenset({"fight"}), title="ударить"),
    Frame("draw", (Slot("deck", frozenset({DECK})),),
          triggers=frozenset({"v_draw", "v_take_off"}), title="взять карту"),
)

_ROLES = {"w_into": ROLE_TO, "w_onto": ROLE_TO, "w_from": ROLE_FROM, "w_at": ROLE_TARGET}


def evidence(grammar, cl: list, context: set[str]) -> Evidence:
    """The mentions and concepts of one clause as the frames see them."""
    t = grammar.t
    me = grammar.faction
    others = {f for f in grammar.state.players if f != me}
    ev = Evidence(context=frozenset(context))
    role: str | None = None
    for it in cl:
        if it.sym("→", "-", ":", "—"):
            role = ROLE_TO if it.sym("→", "-", "—") else None
            continue
        if it.kind in ("word", "phrase") and it.concept in _ROLES:
            role = _ROLES[it.concept]
            continue
        if it.kind in ("word", "phrase") and it.concept:
            ev.concepts.append((it.concept, it.start, it.end))
            if it.concept in ("w_all",):
                ev.mentions.append(Mention(GROUP, it.start, it.end, it, role))
            if it.concept in ("w_card", "w_deck"):
                ev.mentions.append(Mention(DECK, it.start, it.end, it, role))
            continue
        if it.kind not in ("name", "place", "capital"):
            continue
        if it.kind in ("place", "capital") or t._place_only(it):
            ev.mentions.append(Mention(FROM_CELL if role == ROLE_FROM else CELL, it.start, it.end, it, role))
            role = None
            continue
        if it.goal:  # «к шмелю», «щитоносцу на помощь»: whom the order is for
            ev.mentions.append(Mention(GOAL, it.start, it.end, it, role))
            if "fight" in context and grammar.fight is not None \
                    and t.piece_candidates(it, others, grammar.fight.sector):  # «Гилен — мечнику вслед!»
                ev.mentions.append(Mention(ENEMY, it.start, it.end, it, ROLE_TARGET))
            role = None
            continue
        # «Шмель №2»: a copy on the table, never a card in the hand; no such copy: the move says so
        if it.number is not None and not t.piece_candidates(it) and t.piece_candidates(_unnumbered(it), {me}):
            ev.mentions.append(Mention(OWN, it.start, it.end, it, role))
        for card_id in t.hand_cards(it)[:1] if it.number is None else ():
            kind = grammar.book.card(card_id).type
            hand = HAND_UNIT if kind in ("creature", "hero", "building") else HAND_ART if kind == "artifact" else HAND_SPELL
            ev.mentions.append(Mention(hand, it.start, it.end, it, role))
        if t.piece_candidates(it, {me}):
            ev.mentions.append(Mention(OWN, it.start, it.end, it, role))
        if t.piece_candidates(it, others):
            ev.mentions.append(Mention(ENEMY, it.start, it.end, it, ROLE_TARGET if role == ROLE_TO else role))
        role = None
    return ev


def pick(ev: Evidence, frames: tuple[Frame, ...] = FRAMES) -> Choice:
    """The frame that explains a verbless clause: only frames whose required slots are all
    filled compete, so a name said in passing («лучник ещё в руке») is no order."""
    complete = tuple(fr for fr in frames if (f := fit(fr, ev)) is not None and f.complete)
    return choose(complete, ev)


def _unnumbered(it):
    other = it.copy()
    other.number = None
    return other
