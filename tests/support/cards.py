"""«Тайные карты»: a tiny two-player card game with hidden hands, for the platform's secrecy tests.

1. ``decks`` (SIMULTANEOUS, private): each player posts ``колода: A, B, C, D, E, F`` — six distinct
   cards of their own pool. The deck is shuffled with ``dice.secret`` and three cards are drawn
   into the hand. The setup shuffled a shared reserve («запас») the same way.
2. ``play`` (SINGLE, the players alternate): ``играю <карта>`` (the card goes to the table and scores
   1d6 on the public dice), ``беру карту`` (top of one's deck), ``беру из запаса`` (top of the
   reserve) or ``пас``. After ``rounds`` rounds the higher score wins.

A draw says publicly «Анна берёт карту из колоды» and privately (to Анна) which card. Card names are
distinctive so a test can search every output for them. Lines starting with ``//`` are chatter.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from letopis.engine.contract import (
    PUBLIC,
    Faction,
    LineReading,
    LineStatus,
    Outcome,
    PostKind,
    Reading,
    Result,
    Ruleset,
    StepMode,
    TurnInfo,
    Viewer,
    ViewerRole,
)
from letopis.engine.dice import Chooser, Dice
from letopis.engine.events import Event
from letopis.engine.problems import Problem, ProblemKind, Severity

POOLS = (
    ("Кобальтовый Грифон", "Янтарный Скарабей", "Пепельный Василиск", "Лунный Саламандр",
     "Ртутная Химера", "Шафрановый Единорог", "Малахитовый Кракен", "Сапфировый Мантикор",
     "Оловянный Феникс", "Гранатовый Дракон", "Изумрудный Сфинкс", "Базальтовый Голем"),
    ("Туманная Выдра", "Ледяной Горностай", "Сумрачная Цапля", "Бархатный Барсук",
     "Полынная Лиса", "Дымчатый Ирбис", "Росяной Тритон", "Ветреный Сокол",
     "Костяной Ворон", "Медовый Медведь", "Вересковый Хорь", "Смоляной Бобр"),
)
RESERVE = ("Забытый Свиток", "Тайный Ключ", "Хрустальный Компас", "Серебряный Колокол",
           "Бронзовый Щит", "Огненный Жезл")
ALL_CARDS = frozenset(POOLS[0] + POOLS[1] + RESERVE)
DECK_SIZE = 6
HAND_SIZE = 3


class CardsOptions(BaseModel):
    rounds: int = Field(default=12, ge=1, le=30, title="Кругов", description="Сколько кругов длится игра.")
    reveal_at_once: bool = Field(False, title="Семя тасовки сразу",  # a house rule
                                 description="Семя тасовки открыто с самого начала.")


class DeckList(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["deck"] = "deck"
    cards: list[str]


class Play(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["play"] = "play"
    card: str


class Draw(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["draw"] = "draw"
    source: Literal["deck", "reserve"] = "deck"


class Pass(BaseModel):
    model_config = ConfigDict(frozen=True)
    kind: Literal["pass"] = "pass"


ORDER_TYPES = {"deck": DeckList, "play": Play, "draw": Draw, "pass": Pass}


class CardsState(BaseModel):
    options: CardsOptions = Field(default_factory=CardsOptions)
    factions: list[Faction]
    phase: Literal["decks", "play", "over"] = "decks"
    round: int = 1
    mover: str | None = None
    moved: list[str] = Field(default_factory=list)  # who has moved this round
    decks: dict[str, list[str]] = Field(default_factory=dict)  # top card first: secret
    hands: dict[str, list[str]] = Field(default_factory=dict)  # secret but to the owner
    reserve: list[str] = Field(default_factory=list)  # secret order
    table: dict[str, list[str]] = Field(default_factory=dict)  # played cards: public
    scores: dict[str, int] = Field(default_factory=dict)

    def name(self, faction: str) -> str:
        return next(f.name for f in self.factions if f.id == faction)

    def pool(self, faction: str) -> tuple[str, ...]:
        return POOLS[[f.id for f in self.factions].index(faction) % len(POOLS)]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("ё", "е").replace("«", " ").replace("»", " ").split())


_CARD_BY_NORM = {_norm(c): c for c in ALL_CARDS}
_DECK = re.compile(r"^колода\s*:?\s*(.*)$")
_PLAY = re.compile(r"^играю\s+(.+)$")


class Cards(Ruleset[CardsState]):
    id = "cards"
    title = "Тайные карты (тестовая)"
    aliases = ("тайные карты",)
    Options = CardsOptions
    State = CardsState
    package_dir = Path(__file__).parent
    hidden_information = True

    # --- setup and turns ---------------------------------------------------------------------
    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> CardsState:
        opts = CardsOptions.model_validate(options.model_dump() if isinstance(options, BaseModel) else options)
        reserve, _ = dice.secret.shuffle(RESERVE, "тасовка запаса")
        return CardsState(options=opts, factions=list(factions), reserve=reserve,
                          hands={f.id: [] for f in factions}, decks={f.id: [] for f in factions},
                          table={f.id: [] for f in factions}, scores={f.id: 0 for f in factions})

    def turn(self, state: CardsState) -> TurnInfo:
        if state.phase == "over":
            return TurnInfo(phase="over", title="Игра окончена", over=True)
        if state.phase == "decks":
            return TurnInfo(phase="decks", title="Колоды", factions=[f.id for f in state.factions],
                            mode=StepMode.SIMULTANEOUS,
                            post_kind=PostKind.SETUP, private=True,
                            prompt=f"Напишите «колода: …» — {DECK_SIZE} разных карт своего набора.",
                            default="первые шесть карт набора")
        return TurnInfo(phase="play", title=f"Раунд {state.round}: ходит {state.name(state.mover or '')}",
                        factions=[state.mover or state.factions[0].id],
                        prompt="«играю <карта>», «беру карту», «беру из запаса» или «пас».", default="пас")

    # --- reading -----------------------------------------------------------------------------
    def read(self, text: str, state: CardsState, faction: str) -> Reading:
        reading = Reading()
        for n, raw in enumerate(text.splitlines() or [""], start=1):
            line = _norm(raw)
            if not line:
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.BLANK))
                continue
            if line.startswith("//"):
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.FLAVOUR))
                continue
            order, problem = self._read_line(line, state, faction, n, len(raw))
            if problem is not None:
                reading.problems.append(problem)
            if order is None:
                reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ERROR))
                continue
            reading.orders.append(order)
            left = self._left(order, state, faction)
            reading.lines.append(LineReading(line=n, text=raw, status=LineStatus.ORDER,
                                             summary=self._summary(order), cost=left))
            if left:  # a note that names hand cards: the reading is as secret as the hand
                reading.problems.append(Problem(line=n, severity=Severity.NOTE, code="hand_after",
                                                message=left.capitalize() + ".", clause="CARDS-2"))
        if len(reading.orders) != 1 and reading.ok:
            reading.problems.append(Problem(line=1, code="one_order", message="Нужен ровно один приказ.",
                                            clause="CARDS-4"))
        return reading

    def _read_line(self, line: str, state: CardsState, faction: str, n: int,
                   width: int) -> tuple[BaseModel | None, Problem | None]:
        def error(code: str, message: str, hint: str | None = None) -> tuple[None, Problem]:
            return None, Problem(line=n, col_end=width, kind=ProblemKind.ILLEGAL, code=code, message=message,
                                 hint=hint, clause="CARDS-2")

        if m := _DECK.match(line):
            if state.phase != "decks":
                return error("wrong_phase", "Колоду собирают только в начале игры.")
            names = [_CARD_BY_NORM.get(_norm(part)) for part in m.group(1).split(",") if part.strip()]
            pool = state.pool(faction)
            if any(c is None or c not in pool for c in names):
                return error("not_in_pool", "В колоде карта не из вашего набора.",
                             hint="ваш набор: " + ", ".join(f"«{c}»" for c in pool))
            if len(names) != DECK_SIZE or len(set(names)) != DECK_SIZE:
                return error("deck_size", f"В колоде должно быть ровно {DECK_SIZE} разных карт.")
            return DeckList(cards=[c for c in names if c]), None
        if state.phase != "play":
            if line in ("пас", "беру карту", "беру из запаса") or _PLAY.match(line):
                return error("wrong_phase", "Сначала соберите колоду.")
        elif m := _PLAY.match(line):
            card = _CARD_BY_NORM.get(_norm(m.group(1)))
            hand = state.hands.get(faction, [])
            if card is None or card not in hand:
                return error("not_in_hand", "Такой карты у вас в руке нет.",
                             hint="в руке: " + ", ".join(f"«{c}»" for c in hand) if hand else "рука пуста")
            return Play(card=card), None
        elif line == "беру карту":
            if not state.decks.get(faction):
                return error("deck_empty", "Ваша колода пуста.", hint="«беру из запаса» или «пас»")
            return Draw(source="deck"), None
        elif line == "беру из запаса":
            if not state.reserve:
                return error("reserve_empty", "Запас пуст.")
            return Draw(source="reserve"), None
        elif line == "пас":
            return Pass(), None
        return None, Problem(line=n, col_end=width, kind=ProblemKind.UNREADABLE, code="unreadable",
                             message="Не понимаю строку.", clause="CARDS-1",
                             hint="«колода: …», «играю <карта>», «беру карту», «беру из запаса», «пас»; "
                                  "болтовню начните с //", severity=Severity.ERROR)

    @staticmethod
    def _summary(order: BaseModel) -> str:
        if isinstance(order, DeckList):
            return "собрать колоду: " + ", ".join(order.cards)
        if isinstance(order, Play):
            return f"сыграть «{order.card}»"
        if isinstance(order, Draw):
            return "взять карту из колоды" if order.source == "deck" else "взять карту из запаса"
        return "пропустить ход"

    @staticmethod
    def _left(order: BaseModel, state: CardsState, faction: str) -> str | None:
        """What stays in hand: it names hand cards, so a reading is as secret as the hand."""
        if isinstance(order, Play):
            rest = [c for c in state.hands.get(faction, []) if c != order.card]
            return "в руке останется: " + (", ".join(rest) or "ничего")
        return None

    # --- resolving ---------------------------------------------------------------------------
    def apply(self, state: CardsState, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[CardsState]:
        s = state.model_copy(deep=True)
        events: list[Event] = []
        who = s.name(faction)
        for order in orders:
            if isinstance(order, DeckList):
                deck, rolls = dice.secret.shuffle(order.cards, f"тасовка колоды: {who}")
                s.hands[faction], s.decks[faction] = deck[:HAND_SIZE], deck[HAND_SIZE:]
                events.append(Event(kind="deck_built", clause="CARDS-3", rolls=rolls,
                                    text=f"{who} собирает колоду из {DECK_SIZE} карт и берёт в руку {HAND_SIZE}."))
                events.append(Event(kind="hand_dealt", faction=faction, public=False, data={"cards": deck[:HAND_SIZE]},
                                    text=f"{who} берёт в руку: " + ", ".join(f"«{c}»" for c in deck[:HAND_SIZE]) + "."))
                if all(s.hands[f.id] or s.decks[f.id] for f in s.factions):
                    s.phase, s.mover = "play", s.factions[0].id
            elif isinstance(order, Play):
                s.hands[faction].remove(order.card)
                s.table[faction].append(order.card)
                roll = dice.roll(6, f"очки «{order.card}»")
                s.scores[faction] += roll.value
                events.append(Event(kind="played", faction=faction, rolls=[roll], data={"card": order.card},
                                    text=f"{who} разыгрывает «{order.card}»: очков +{roll.value}."))
            elif isinstance(order, Draw):
                pile = s.decks[faction] if order.source == "deck" else s.reserve
                card = pile.pop(0)
                s.hands[faction].append(card)
                where = "из колоды" if order.source == "deck" else "из запаса"
                events.append(Event(kind="drew", faction=faction, text=f"{who} берёт карту {where}."))
                events.append(Event(kind="drew_card", faction=faction, public=False, data={"card": card},
                                    text=f"{who} берёт «{card}»."))
            else:
                events.append(Event(kind="passed", faction=faction, text=f"{who} пропускает ход."))
            if s.phase == "play" and not isinstance(order, DeckList):
                self._advance(s, faction, events)
        return Outcome(state=s, events=events)

    @staticmethod
    def _advance(s: CardsState, faction: str, events: list[Event]) -> None:
        s.moved.append(faction)
        ids = [f.id for f in s.factions]
        if len(s.moved) < len(ids):
            s.mover = ids[(ids.index(faction) + 1) % len(ids)]
            return
        s.moved, s.round, s.mover = [], s.round + 1, ids[0]
        if s.round > s.options.rounds:
            s.phase, s.mover = "over", None
            events.append(Event(kind="over", text="Игра окончена: " + ", ".join(
                f"{s.name(f)} — {s.scores[f]}" for f in ids) + "."))

    def default_orders(self, state: CardsState, faction: str) -> list[BaseModel]:
        if state.phase == "decks":
            return [DeckList(cards=list(state.pool(faction)[:DECK_SIZE]))]
        return [Pass()] if state.phase == "play" else []

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        return [ORDER_TYPES[d["kind"]].model_validate(d) for d in data]

    # --- showing -----------------------------------------------------------------------------
    def secrets_revealed(self, state: CardsState) -> bool:
        return state.options.reveal_at_once or state.phase == "over"

    def view(self, state: CardsState, viewer: Viewer) -> dict[str, Any]:
        if viewer.role is ViewerRole.GM or self.secrets_revealed(state):
            return state.model_dump(mode="json")
        return {
            "options": state.options.model_dump(mode="json"), "factions": [f.model_dump() for f in state.factions],
            "phase": state.phase, "round": state.round, "mover": state.mover, "table": state.table,
            "scores": state.scores, "hand_counts": {f: len(h) for f, h in state.hands.items()},
            "deck_counts": {f: len(d) for f, d in state.decks.items()}, "reserve_count": len(state.reserve),
            "hand": list(state.hands.get(viewer.faction or "", [])),
        }

    def result(self, state: CardsState) -> Result | None:
        if state.phase != "over":
            return None
        best = max(state.scores.values())
        winners = [f for f, v in state.scores.items() if v == best]
        return Result(winners=winners, scores={f: float(v) for f, v in state.scores.items()},
                      draw=len(winners) > 1, text="Ничья." if len(winners) > 1 else f"Победа: {state.name(winners[0])}.")

    def propose(self, state: CardsState, faction: str, dice: Dice) -> str:
        pick = Chooser(dice, "случайный пост")
        if state.phase == "decks":
            return "// собираю\nколода: " + ", ".join(pick.shuffled(state.pool(faction))[:DECK_SIZE])
        options = ["пас"]
        options += [f"играю «{c}»" for c in state.hands.get(faction, [])]
        if state.decks.get(faction):
            options.append("беру карту")
        if state.reserve:
            options.append("беру из запаса")
        return pick.pick(options)

    def draw(self, state: CardsState, viewer: Viewer = PUBLIC) -> str | None:
        view = self.view(state, viewer)
        rows = []
        for i, f in enumerate(state.factions):
            table = ", ".join(view["table"].get(f.id, [])) or "—"
            rows.append(f'<text x="10" y="{20 + 40 * i}">{f.name}: на столе {table}</text>')
            if viewer.role is ViewerRole.GM or self.secrets_revealed(state) or viewer.faction == f.id:
                hand = ", ".join(state.hands.get(f.id, [])) or "пусто"
            else:
                hand = "рубашки × " + str(len(state.hands.get(f.id, [])))
            rows.append(f'<text x="10" y="{36 + 40 * i}">в руке: {hand}</text>')
        return f'<svg xmlns="http://www.w3.org/2000/svg" width="480" height="100">{"".join(rows)}</svg>'

    def summary(self, state: CardsState, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        return [(f.name, self._line(state, f.id)) for f in state.factions]

    @staticmethod
    def _line(state: CardsState, faction: str) -> str:
        return (f"очков {state.scores.get(faction, 0)}, в руке {len(state.hands.get(faction, []))}, "
                f"в колоде {len(state.decks.get(faction, []))}")

    def metrics(self, state: CardsState) -> dict[str, dict[str, float]]:
        return {f: {"Очки": float(v)} for f, v in state.scores.items()}


CARDS = Cards()
