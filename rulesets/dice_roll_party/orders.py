"""Dice Roll Party orders: small value objects, each with a canonical Russian `to_text()`.

`to_text()` prints an order back as a player could have written it, and the reader reads that text
back to the same order (a round-trip the tests check). Slots are 1..4; a `Zone` is where a token
lies on a character; a `Colour` is what the storage and the bag hold.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Colour(StrEnum):
    RED = "red"  # Потенциал
    BLUE = "blue"  # Время
    GREEN = "green"  # Форма


class Zone(StrEnum):
    TIME = "time"
    ATTACK = "attack"
    DEFENCE = "defence"
    FORM = "form"

    @property
    def colour(self) -> Colour:
        return {Zone.TIME: Colour.BLUE, Zone.FORM: Colour.GREEN}.get(self, Colour.RED)


ZONE_RU = {Zone.TIME: "время", Zone.ATTACK: "атака", Zone.DEFENCE: "защита", Zone.FORM: "форма"}
ZONE_GEN_RU = {Zone.TIME: "времени", Zone.ATTACK: "атаки", Zone.DEFENCE: "защиты", Zone.FORM: "формы"}
ZONE_ACC_RU = {Zone.TIME: "время", Zone.ATTACK: "атаку", Zone.DEFENCE: "защиту", Zone.FORM: "форму"}
COLOUR_RU = {Colour.RED: "красный", Colour.BLUE: "синий", Colour.GREEN: "зелёный"}
COLOUR_PL_RU = {Colour.RED: "красных", Colour.BLUE: "синих", Colour.GREEN: "зелёных"}


class _Order(BaseModel):
    model_config = ConfigDict(frozen=True)


def _token(zone: Zone) -> str:
    """A token named by its zone the way the canonical texts name it."""
    if zone is Zone.ATTACK:
        return "красный (атака)"
    if zone is Zone.DEFENCE:
        return "красный (защита)"
    return COLOUR_RU[zone.colour]


# --- setup ----------------------------------------------------------------------------------
class Build(_Order):
    """One slot of a setup post: the sheet В/А/З/Ф and an optional name (DRP-SETUP-03)."""

    kind: Literal["build"] = "build"
    slot: int = Field(ge=1, le=4)
    time: int = Field(ge=0)
    attack: int = Field(ge=0)
    defence: int = Field(ge=0)
    form: int = Field(ge=0)
    name: str | None = None

    def to_text(self) -> str:
        name = f" «{self.name}»" if self.name else ""
        return f"П{self.slot}: {self.time}/{self.attack}/{self.defence}/{self.form}{name}"


# --- first move: auction (DRP-FIRST-04..06, DRP-GAP-06) -------------------------------------
class Bid(_Order):
    kind: Literal["bid"] = "bid"
    amount: int = Field(ge=0)

    def to_text(self) -> str:
        return f"Ставлю {self.amount} времени."


class Pass(_Order):
    kind: Literal["pass"] = "pass"

    def to_text(self) -> str:
        return "Пас."


class Handicap(_Order):
    """The auction winner's allocation: how much time leaves which character for storage."""

    kind: Literal["handicap"] = "handicap"
    takes: tuple[tuple[int, int], ...]  # (slot, amount)

    def to_text(self) -> str:
        parts = ", ".join(f"{n} с П{slot}" for slot, n in self.takes)
        return f"Снимаю время: {parts}."


# --- phase 1 (DRP-RES-*) -------------------------------------------------------------------
class Shift(_Order):
    """Move red tokens of one character between its attack and defence zones (DRP-RES-05)."""

    kind: Literal["shift"] = "shift"
    slot: int = Field(ge=1, le=4)
    source: Literal[Zone.ATTACK, Zone.DEFENCE]
    count: int = Field(default=1, ge=1)

    @property
    def target(self) -> Zone:
        return Zone.DEFENCE if self.source is Zone.ATTACK else Zone.ATTACK

    def to_text(self) -> str:
        return f"П{self.slot}: {ZONE_RU[self.source]} → {ZONE_RU[self.target]}, {self.count} шт."


class Add(_Order):
    """Place tokens from storage on a character (DRP-RES-08); red needs a zone (DRP-GAP-14)."""

    kind: Literal["add"] = "add"
    slot: int = Field(ge=1, le=4)
    zone: Zone
    count: int = Field(default=1, ge=1)

    def to_text(self) -> str:
        return f"Добавить: хранилище → П{self.slot}, {_token(self.zone)} ×{self.count}"


class SwapStorage(_Order):
    """Exchange: a token of a character goes to storage, a token of another colour comes back
    (DRP-RES-06); ``count`` repeats the same swap."""

    kind: Literal["swap_storage"] = "swap_storage"
    slot: int = Field(ge=1, le=4)
    give: Zone
    take: Zone
    count: int = Field(default=1, ge=1)

    def to_text(self) -> str:
        return (f"Обмен с хранилищем: П{self.slot} отдаёт {_token(self.give)}, "
                f"получает {_token(self.take)} ×{self.count}")


class SwapCharacters(_Order):
    """Exchange: two characters swap differently coloured tokens (DRP-RES-06).

    ``a_zone`` is the token leaving A (it lands on B in ``a_lands``), and vice versa. A red token
    lands in the zone it came from unless the post names another (DRP-GAP-14).
    """

    kind: Literal["swap_characters"] = "swap_characters"
    a: int = Field(ge=1, le=4)
    a_zone: Zone
    b: int = Field(ge=1, le=4)
    b_zone: Zone
    a_lands: Zone
    b_lands: Zone

    def to_text(self) -> str:
        # A red token landing in the other red zone says so: «…, на П3 — в защиту» (DRP-GAP-14).
        lands = "".join(f", на П{slot} — в {ZONE_ACC_RU[to]}"
                        for slot, came, to in ((self.b, self.a_zone, self.a_lands), (self.a, self.b_zone, self.b_lands))
                        if to is not came)
        return (f"Обмен между П{self.a} и П{self.b}: {_token(self.a_zone)} П{self.a} "
                f"↔ {_token(self.b_zone)} П{self.b}{lands}")


class Transfer(_Order):
    """Move tokens from one character to another of the same player (DRP-RES-07)."""

    kind: Literal["transfer"] = "transfer"
    source: int = Field(ge=1, le=4)
    target: int = Field(ge=1, le=4)
    zone: Zone
    lands: Zone  # == zone unless a red token is sent to the other red zone
    count: int = Field(default=1, ge=1)

    def to_text(self) -> str:
        into = f" в {ZONE_ACC_RU[self.lands]}" if self.lands is not self.zone else ""
        return f"Переношу {self.count} {ZONE_ACC_RU[self.zone] if self.count == 1 else ZONE_GEN_RU[self.zone]} с П{self.source} на П{self.target}{into}."


class ReturnToStorage(_Order):
    """Only with the option ``allow_return_to_storage`` (DRP-GAP-09)."""

    kind: Literal["return"] = "return"
    slot: int = Field(ge=1, le=4)
    zone: Zone
    count: int = Field(default=1, ge=1)

    def to_text(self) -> str:
        return f"Возвращаю в хранилище с П{self.slot}: {_token(self.zone)} ×{self.count}"


class Discard(_Order):
    """Tokens thrown into the bag by a reroll: from storage (by colour) or from a character (by
    zone). ``slot`` None means the storage."""

    slot: int | None = Field(default=None, ge=1, le=4)
    colour: Colour | None = None  # storage
    zone: Zone | None = None  # character
    count: int = Field(default=1, ge=1)

    def to_text(self) -> str:
        one = self.count == 1  # «1 зелёный», «1 форму»; «2 зелёных», «2 формы»
        if self.slot is None:
            assert self.colour is not None
            return f"{self.count} {(COLOUR_RU if one else COLOUR_PL_RU)[self.colour]} из хранилища"
        assert self.zone is not None
        return f"{self.count} {(ZONE_ACC_RU if one else ZONE_GEN_RU)[self.zone]} с П{self.slot}"


class Reroll(_Order):
    """Discard into the bag, then draw as many at random into storage (DRP-RES-09, DRP-GAP-10)."""

    kind: Literal["reroll"] = "reroll"
    discards: tuple[Discard, ...]

    @property
    def count(self) -> int:
        return sum(d.count for d in self.discards)

    def to_text(self) -> str:
        return f"Сбрасываю в мешок {', '.join(d.to_text() for d in self.discards)}, добираю {self.count}."


class Emergency(_Order):
    """Emergency exchange when no time token is anywhere (DRP-RES-12, DRP-GAP-11)."""

    kind: Literal["emergency"] = "emergency"
    discards: tuple[Discard, ...]

    @property
    def count(self) -> int:
        return sum(d.count for d in self.discards)

    def to_text(self) -> str:
        return f"Времени нет — меняю на случайные из мешка: {', '.join(d.to_text() for d in self.discards)}."


# --- phase 2 (DRP-ATK-*) -------------------------------------------------------------------
class Attack(_Order):
    """An attack with its boosts. ``target_faction`` is None in a duel (the only opponent)."""

    kind: Literal["attack"] = "attack"
    attacker: int = Field(ge=1, le=4)
    target: int = Field(ge=1, le=4)
    target_faction: str | None = None
    class_up: int = Field(default=0, ge=0)
    damage: int = Field(default=0, ge=0)
    insurance: bool = False
    superiority: bool = False

    @property
    def cost(self) -> int:
        return 1 + self.class_up + self.damage + int(self.insurance) + int(self.superiority)

    def boosts_text(self) -> list[str]:
        out = ["класс+"] * self.class_up
        if self.insurance:
            out.append("страховка")
        if self.superiority:
            out.append("превосходство")
        if self.damage:
            out.append(f"урон +{self.damage}")
        return out

    def to_text(self) -> str:
        boosts = self.boosts_text()
        tail = f": {', '.join(boosts)}" if boosts else " без усилений"
        return f"П{self.attacker} атакует П{self.target} соперника{tail}."


class Skip(_Order):
    """No attack this turn (DRP-RES-13, DRP-GAP-20)."""

    kind: Literal["skip"] = "skip"

    def to_text(self) -> str:
        return "Пропускаю ход."


# --- phase 3 (DRP-DEF-*) and soaking (DRP-DMG-03) --------------------------------------------
class Defence(_Order):
    """The defender's boosts; ``presoak`` is a pre-declared soak «если пробьёт — гашу N»."""

    kind: Literal["defence"] = "defence"
    class_up: int = Field(default=0, ge=0)
    insurance: bool = False
    superiority: bool = False
    counter: bool = False
    absorb_named: bool = False
    presoak: int | None = Field(default=None, ge=0)

    @property
    def cost(self) -> int:
        return self.class_up + int(self.insurance) + int(self.superiority) + int(self.counter)

    def to_text(self) -> str:
        boosts = ["класс+"] * self.class_up
        if self.insurance:
            boosts.append("страховка")
        if self.superiority:
            boosts.append("превосходство")
        if self.counter:
            boosts.append("контратака")
        if self.absorb_named:
            boosts.append("поглощение")
        text = f"Защита: {', '.join(boosts)}." if boosts else "Защищаюсь без усилений."
        if self.presoak is not None:
            text += f" Если пробьёт — гашу {self.presoak} временем." if self.presoak else " Если пробьёт — не гашу."
        return text


class Soak(_Order):
    """How many damage points the damaged character pays with time (DRP-DMG-03)."""

    kind: Literal["soak"] = "soak"
    amount: int = Field(default=0, ge=0)

    def to_text(self) -> str:
        return f"Гашу {self.amount} урона временем." if self.amount else "Принимаю урон, не гашу."


Order = Annotated[
    Union[Build, Bid, Pass, Handicap, Shift, Add, SwapStorage, SwapCharacters, Transfer,  # noqa: UP007
          ReturnToStorage, Reroll, Emergency, Attack, Skip, Defence, Soak],
    Field(discriminator="kind"),
]
ORDER_LIST = TypeAdapter(list[Order])


def load_orders(data: list[dict]) -> list[BaseModel]:
    return list(ORDER_LIST.validate_python(data))
