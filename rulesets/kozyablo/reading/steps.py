"""What each Kozyablo step expects from a post: the everyday answers a decision step reads, and
the expected form with an example from the poster's own hand and table for a post with no order.

A reaction post (KZ-DEC-03..08) *is* the answer to the server's question, so «без наворотов»,
«пусть так», «нет», «пусть решит кубик», «на ваше усмотрение» are all read: each leaves every
decision to its default (a random legal target, stay hidden, no evasion, no transfer, no [С]),
which is the one order `Decline(what="react")`. In the mulligan step (KZ-DEC-01) the same words
keep the hand. The example of a refused post names only what the poster may see: his hand, his
pieces, sectors and visible enemy pieces (the error goes to him alone).
"""

from __future__ import annotations

import re

from pydantic import BaseModel

from letopis.engine.answers import Answer, everyday_answer

from ..orders import Decline, Mulligan
from ..refs import TableNamer, can_see, sector_name
from ..rules.decisions import fight_of
from ..state import State

EXPECTED = {
    "main": "одно действие хода: сыграть карту, взять карту, переместить существ, атаковать "
            "или «Пропускаю ход»",
    "reaction": "ответ на бой или реакцию: кого бьют ваши существа, уклонение, защитник, [С] — "
                "или «Пас» (всё по умолчанию)",
    "mulligan": "решение о замене: «Оставляю руку» или какие карты замешиваете",
}
CLAUSES = {"main": "KZ-TURN-03", "reaction": "KZ-DEC-03", "mulligan": "KZ-DEC-01"}


def answer_order(norm: str, mode: str) -> BaseModel | None:
    """The order an everyday answer gives in a decision step, or None if the line is not one."""
    if mode not in ("reaction", "mulligan"):
        return None
    answer = _answer(norm)
    if answer is None:
        return None
    if mode == "mulligan":
        return None if answer is Answer.RANDOM else Mulligan()
    return Decline(what="react")


# This step's own ways to say "nothing": «не применяю», «щиты не смыкаю», «пусть идёт», «бьём как
# получится» (the shared ones are in `letopis.engine.answers`).
_OWN = re.compile(
    r"^(?:(?:ок|ладно|да|хорошо) )?(?:"
    r"(?:ничего )?не (?:применяю|использую|смыкаю|активирую|трачу)(?: \w+)?"
    r"|\w+ не (?:смыкаю|применяю|использую)"
    r"|пусть (?:идет|проходит|заходит|приходит|ползет|лезет)"
    r"|(?:бьем|бьют|бьемся|деремся) как (?:получится|придется|выйдет)"
    r"|как (?:получится|придется|выйдет)"
    r")$")


def _answer(norm: str) -> Answer | None:
    """The everyday answer of a line, also when it is said in parts («Без наворотов, бьём как
    получится»): every part must be an answer."""
    found: Answer | None = everyday_answer(norm, normalised=True)
    if found is not None:
        return found
    for part in re.split(r"\s*[,.!;:]+\s*", norm.replace("ё", "е")):
        part = part.strip(" )(-")
        if not part:
            continue
        got = everyday_answer(part, normalised=True)
        if got is None and _OWN.match(part):
            got = Answer.NOTHING
        if got is None:
            return None
        found = found or got
    return found


def example(state: State, faction: str, mode: str) -> str:
    """A line the poster could write now, from his own cards (never a card he cannot see)."""
    n = TableNamer(state, faction)
    player = state.players.get(faction)
    hand = list(player.hand) if player else []
    if mode == "mulligan":
        return f"Замешиваю: «{n.card(hand[0])}»." if hand else "Оставляю руку."
    mine = sorted((p for p in state.pieces.values() if p.owner == faction), key=lambda p: p.seq)
    if mode == "reaction":
        fight = fight_of(state)
        if fight is not None:
            here = [p for p in mine if p.sector == fight.sector]
            foes = [p for p in state.pieces.values() if p.sector == fight.sector and p.owner != faction
                    and can_see(p, faction) and (fight.leavers is None or p.uid in fight.leavers)]
            if here and foes:
                return f"«{n.piece(here[0].uid)}» бьёт «{n.piece(foes[0].uid)}»."
        return "Пас."
    book_cards = {c: state_card_type(state, c) for c in hand}
    capital = player.capital_sector if player else None
    for card, kind in book_cards.items():
        if kind in ("creature", "hero") and capital:
            return f"Играю «{n.card(card)}» в «{sector_name(state, capital)}»."
    if mine and capital and mine[0].sector != capital:
        p = mine[0]
        return f"Перемещаю «{n.piece(p.uid)}» из «{n.sector(p.sector)}» в «{sector_name(state, capital)}»."
    return "Беру карту."


def state_card_type(state: State, card_id: str) -> str:
    from ..data import book_for

    card = book_for(state).cards.get(card_id)
    return card.type if card is not None else ""
