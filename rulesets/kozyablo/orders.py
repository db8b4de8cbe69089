"""Kozyablo orders: small frozen value objects, each with a canonical Russian `to_text()`.

A post holds one main action (`MAIN_KINDS`), any number of the player's own free abilities before
it, and, in reaction posts, decisions (targets, evasion, defenders, shadow, pass). Cards in hand
and in decks are named by their card id (the key in ``cards.toml``); cards on the table by their
piece uid (``State.pieces``); sectors by their sector id (``gold-1``, ``capital-2``…). A capital as
a strike target is ``capital:<sector id>``.

`to_text()` needs names, so it takes a `Namer` (refs.py builds one from a state); the reader reads
the text back to the same order — a round trip the tests check.
"""

from __future__ import annotations

from typing import Annotated, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

CAPITAL_TARGET = "capital:"
"""Prefix of a strike/effect target that is a capital itself: ``capital:capital-2``."""


class Namer(Protocol):
    """How orders print names: card ids, table pieces and sectors as players read them."""

    def card(self, card_id: str) -> str: ...  # «Шмель»
    def piece(self, uid: str) -> str: ...  # «Шмель» or «Шмель №2» or «Шмель (Петя)»
    def sector(self, sector_id: str) -> str: ...  # «Золотая шахта-1», «Позорище»
    def target(self, target: str) -> str: ...  # a piece, or «столица» for capital:…


def _q(name: str) -> str:
    return name if name.startswith("«") else f"«{name}»"


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True)


# --- main actions (KZ-TURN-03: exactly one per turn) -----------------------------------------
class PlayCard(_Order):
    """Play a card from the hand (KZ-PLAY-01). ``into`` is the sector for a creature, hero or
    building; ``on`` a piece uid (artifact on a hero, magic/event on a creature or building) or a
    ``capital:`` target; ``squad`` a sector whose отряд of ``squad_owner`` a card affects."""

    kind: Literal["play"] = "play"
    card: str
    into: str | None = None
    on: str | None = None
    squad: str | None = None
    squad_owner: str | None = None

    def to_text(self, n: Namer) -> str:
        name = _q(n.card(self.card))
        if self.into is not None and self.on is not None:  # «Позорный манёвр»: whom and where to
            return f"Играю {name} на {_q(n.target(self.on))} в {_q(n.sector(self.into))}."
        if self.into is not None:
            return f"Играю {name} в {_q(n.sector(self.into))}."
        if self.on is not None:
            return f"Играю {name} на {_q(n.target(self.on))}."
        if self.squad is not None:
            return f"Играю {name} на отряд в {_q(n.sector(self.squad))}."
        return f"Играю {name}."


class DrawCard(_Order):
    """Take the top card of the deck into the hand (KZ-DRAW-01)."""

    kind: Literal["draw"] = "draw"

    def to_text(self, n: Namer) -> str:
        return "Беру карту."


class Move(_Order):
    """Move creatures from one sector to one other sector (KZ-MOVE-01)."""

    kind: Literal["move"] = "move"
    pieces: tuple[str, ...]
    origin: str
    dest: str

    def to_text(self, n: Namer) -> str:
        names = ", ".join(_q(n.piece(p)) for p in self.pieces)
        return f"Перемещаю {names} из {_q(n.sector(self.origin))} в {_q(n.sector(self.dest))}."


class TargetPick(_Order):
    """One striker's targets in priority order (two at once for Площадь); empty means «не бьёт»."""

    striker: str
    targets: tuple[str, ...] = ()

    def to_text(self, n: Namer) -> str:
        if not self.targets:
            return f"{_q(n.piece(self.striker))} не бьёт."
        return f"{_q(n.piece(self.striker))} → " + ", ".join(_q(n.target(t)) for t in self.targets)


class Attack(_Order):
    """Declare an attack in a sector (KZ-ATK-01), with optional targets for own strikers
    (KZ-DEF-CMB-03)."""

    kind: Literal["attack"] = "attack"
    sector: str
    picks: tuple[TargetPick, ...] = ()

    def to_text(self, n: Namer) -> str:
        head = f"Атакую в {_q(n.sector(self.sector))}"
        if not self.picks:
            return head + "."
        parts = []
        for pick in self.picks:
            if pick.targets:
                parts.append(f"{_q(n.piece(pick.striker))} → " + ", ".join(_q(n.target(t)) for t in pick.targets))
            else:
                parts.append(f"{_q(n.piece(pick.striker))} не бьёт")
        return head + ": " + "; ".join(parts) + "."


class UseAbility(_Order):
    """Use a [Д] or [С] ability of a card on the table (KZ-ABIL-01); ``target`` if it takes one."""

    kind: Literal["ability"] = "ability"
    piece: str
    ability: str  # ability id in cards.toml
    target: str | None = None

    def to_text(self, n: Namer, ability_name: str | None = None) -> str:
        named = getattr(n, "ability", None)  # a namer that knows ability names prints them
        text = f"{_q(n.piece(self.piece))}: {ability_name or (named(self.piece, self.ability) if named else self.ability)}"
        if self.target is not None:
            text += f" на {_q(n.target(self.target))}"
        return text + "."


class Skip(_Order):
    """Skip the turn (KZ-SKIP-01)."""

    kind: Literal["skip"] = "skip"

    def to_text(self, n: Namer) -> str:
        return "Пропускаю ход."


# --- setup posts (private) ---------------------------------------------------------------------
class DeckList(_Order):
    """A deck post (KZ-DEF-SETUP-01): capital, sectors and card counts (card id → copies)."""

    kind: Literal["deck"] = "deck"
    capital: str
    sectors: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]

    def to_text(self, n: Namer) -> str:
        lines = [f"Столица: {_q(n.card(self.capital))}.",
                 "Сектора: " + ", ".join(_q(n.card(s)) for s in self.sectors) + "."]
        lines += [f"{count}x {_q(n.card(card))}" for card, count in self.cards]
        return "\n".join(lines)


class Mulligan(_Order):
    """Return these hand cards (card ids, with repeats) and redraw; empty = keep (KZ-DEF-MULL-01)."""

    kind: Literal["mulligan"] = "mulligan"
    cards: tuple[str, ...] = ()

    def to_text(self, n: Namer) -> str:
        if not self.cards:
            return "Оставляю руку."
        return "Замешиваю: " + ", ".join(_q(n.card(c)) for c in self.cards) + "."


# --- decisions in reaction posts (checklist §4) -----------------------------------------------
class Strike(_Order):
    """A non-attacker's strike targets (KZ-DEC-04, KZ-DEC-08), in priority order; empty = «не бьёт».
    ``reveal`` true lets a creature in shadow leave it and strike (KZ-DEC-05)."""

    kind: Literal["strike"] = "strike"
    striker: str
    targets: tuple[str, ...] = ()
    reveal: bool = False

    def to_text(self, n: Namer) -> str:
        who = _q(n.piece(self.striker))
        if not self.targets:
            return f"{who} не бьёт." if not self.reveal else f"{who} выходит из тени и не бьёт."
        verb = "выходит из тени и бьёт" if self.reveal else "бьёт"
        return f"{who} {verb} " + ", ".join(_q(n.target(t)) for t in self.targets) + "."


class StayHidden(_Order):
    """A creature in shadow stays hidden in this combat (KZ-DEC-05, the default)."""

    kind: Literal["stay_hidden"] = "stay_hidden"
    piece: str

    def to_text(self, n: Namer) -> str:
        return f"{_q(n.piece(self.piece))} остаётся в тени."


class Evade(_Order):
    """Уклонение (KZ-DEC-06): when ``piece`` is targeted by a non-area strike, discard ``discard``
    (a hand card id) and the strike misses. Used at the first such strike."""

    kind: Literal["evade"] = "evade"
    piece: str
    discard: str

    def to_text(self, n: Namer) -> str:
        return f"Уклонение: {_q(n.piece(self.piece))}, сбрасываю {_q(n.card(self.discard))}."


class Guard(_Order):
    """Защитник (KZ-DEC-07): ``defender`` takes the whole damage meant for ``protects`` (a piece uid,
    a ``capital:`` target, or None for any friendly target in its sector)."""

    kind: Literal["guard"] = "guard"
    defender: str
    protects: str | None = None

    def to_text(self, n: Namer) -> str:
        text = f"{_q(n.piece(self.defender))} принимает удар на себя"
        if self.protects is not None:
            text += f" за {_q(n.target(self.protects))}"
        return text + "."


class Decline(_Order):
    """An explicit «нет» to a decision: ``what`` is evade | guard | react."""

    kind: Literal["decline"] = "decline"
    what: Literal["evade", "guard", "react"]

    def to_text(self, n: Namer) -> str:
        return {"evade": "Не уклоняюсь.", "guard": "Не прикрываем.", "react": "Пас."}[self.what]


class TriggerChoice(_Order):
    """A choice inside a start/end-of-turn trigger, written at the top of a post (KZ-DEC-10)."""

    kind: Literal["trigger"] = "trigger"
    piece: str  # the card whose trigger this is
    target: str

    def to_text(self, n: Namer) -> str:
        return f"{_q(n.piece(self.piece))}: {_q(n.target(self.target))}."


Order = Annotated[
    PlayCard | DrawCard | Move | Attack | UseAbility | Skip | DeckList | Mulligan | Strike | StayHidden | Evade | Guard | Decline | TriggerChoice,
    Field(discriminator="kind"),
]
ORDER_LIST: TypeAdapter[list[Order]] = TypeAdapter(list[Order])
MAIN_KINDS = frozenset({"play", "draw", "move", "attack", "skip"})
"""Kinds that are the turn's one main action; a [Д] `UseAbility` is one too (by its card data)."""


def load_orders(data: list[dict]) -> list[BaseModel]:
    return list(ORDER_LIST.validate_python(data))
