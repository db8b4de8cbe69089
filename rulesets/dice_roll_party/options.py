"""Per-game options (house rules) of Dice Roll Party; every default is the checklist's DEFAULT.

Descriptions are Russian because the GM sees them when creating a game. Seats are given as a
faction id (``p1``) or a 1-based seat number (``"2"``); `seat_of` turns either into a faction id.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from letopis.engine.declension import counted
from letopis.engine.options import choices, keys, seats

from .data import DATA
from .orders import Colour

# The literal aspect chart (DRP-GAP-24): who has advantage over whom.
LITERAL_CHART: dict[Colour, tuple[Colour, ...]] = {
    Colour.RED: (Colour.RED,),
    Colour.GREEN: (Colour.BLUE,),
    Colour.BLUE: (Colour.GREEN,),
}

MIN_PLAYERS, MAX_PLAYERS = 2, 6


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(
        default=2, ge=MIN_PLAYERS, le=MAX_PLAYERS, title="Число игроков",
        description="Книга рассчитана на дуэль; от трёх до шести игроков ходят по кругу (DRP-GAP-27).")
    first_move: Literal["simple", "auction"] = Field(
        default="simple", title="Кто ходит первым",
        description="Простой способ или аукцион времени (DRP-FIRST-01).",
        json_schema_extra=choices(("simple", "простой способ"), ("auction", "аукцион времени")))
    first_player: str = Field(
        default="roll", title="Первый игрок (простой способ)",
        description="Место, с которого начинается игра, или бросок 1d20 у каждого, ничьи "
                    "перебрасываются (DRP-GAP-04).",
        json_schema_extra=seats(MAX_PLAYERS, ("roll", "бросок 1d20"), as_text=True))
    first_turn_ban: Literal["first_attack", "both_first_attacks", "off"] = Field(
        default="first_attack", title="Запрет усилений в первый ход",
        description="При простом способе: запрещены ли усиления атаки в начале партии (DRP-GAP-05).",
        json_schema_extra=choices(("first_attack", "только в первой атаке партии"),
                                  ("both_first_attacks", "в первой атаке каждого игрока"),
                                  ("off", "без запрета")))
    auction_opener: str = Field(
        default="1", title="Кто открывает аукцион",
        description="Место игрока, который первым называет ставку, или бросок 1d20 (DRP-GAP-06).",
        json_schema_extra=seats(MAX_PLAYERS, ("roll", "бросок 1d20"), as_text=True))
    turn_order: Literal["simple", "cyclic", "initiative"] = Field(
        default="simple", title="Передача хода",
        description="Каким персонажем можно ходить (DRP-TURN-01).",
        json_schema_extra=choices(("simple", "любым персонажем"),
                                  ("cyclic", "по очереди слева направо"),
                                  ("initiative", "только персонажем с наибольшим временем")))
    initiative_check: Literal["after_phase1", "before_phase1"] = Field(
        default="after_phase1", title="Когда считать инициативу",
        description="В какой момент хода ищется персонаж с наибольшим временем (DRP-GAP-22).",
        json_schema_extra=choices(("after_phase1", "при объявлении атаки"),
                                  ("before_phase1", "в начале хода, до фазы ресурсов")))
    bag_red: int = Field(default=DATA.bag.red, ge=0, title="Красных токенов в мешке",
                         description="Сколько красных токенов в мешке при раздаче (DRP-GAP-01).")
    bag_blue: int = Field(default=DATA.bag.blue, ge=0, title="Синих токенов в мешке",
                          description="Сколько синих токенов в мешке при раздаче (DRP-GAP-01).")
    bag_green: int = Field(default=DATA.bag.green, ge=0, title="Зелёных токенов в мешке",
                           description="Сколько зелёных токенов в мешке при раздаче (DRP-GAP-01).")
    bag_reserve: int = Field(
        default=0, ge=0, title="Резерв мешка",
        description="Сколько токенов остаётся в мешке при раздаче; остальные делятся поровну (DRP-GAP-01).")
    sealed_builds: bool = Field(
        default=True, title="Расстановка втёмную",
        description="Персонажи соперника видны, только когда расстановку сдали все (DRP-GAP-03).")
    swap_cost: Literal[1, 2] = Field(
        default=1, title="Цена обмена токенами",
        description="Сколько лимита стоит один обмен токенами (DRP-GAP-09).",
        json_schema_extra=choices((1, "1 лимит"), (2, "2 лимита")))
    allow_return_to_storage: bool = Field(
        default=False, title="Возврат токенов в хранилище",
        description="Разрешить снимать токены с персонажа в хранилище, 1 лимит за токен (DRP-GAP-09).")
    emergency_uses_limit: bool = Field(
        default=False, title="Экстренный обмен тратит лимит",
        description="Экстренный обмен (когда времени нет нигде) стоит 1 лимит за токен (DRP-GAP-11).")
    allow_self_destroy: bool = Field(
        default=False, title="Снятие последнего токена",
        description="Разрешить в фазе ресурсов снимать с персонажа последний токен: персонаж погибает "
                    "(DRP-GAP-13).")
    stack_class_up: bool = Field(
        default=False, title="Повышение класса несколько раз",
        description="Повышать класс несколько раз за бросок, по 1 времени за ступень, не выше 1D20 "
                    "(DRP-GAP-15).")
    counter_damage: Literal["class", "potential"] = Field(
        default="class", title="Урон контратаки",
        description="Чем считается урон контратаки (DRP-GAP-17).",
        json_schema_extra=choices(("class", "класс атаки защитника, не больше 6"),
                                  ("potential", "весь потенциал атаки")))
    allow_voluntary_skip: bool = Field(
        default=False, title="Добровольный пропуск атаки",
        description="Разрешить пропускать атаку, даже когда есть кого атаковать (DRP-GAP-20).")
    aspects: bool = Field(default=False, title="Модуль «Аспекты»",
                          description="Играть с аспектами персонажей (DRP-ASP-01).")
    aspect_gated_boosts: bool = Field(
        default=False, title="Усиления по аспектам",
        description="Усиления доступны только при нужных аспектах; требует модуль «Аспекты» (DRP-VAR-01).")
    aspect_chart: Literal["literal"] | dict[Colour, tuple[Colour, ...]] = Field(
        default="literal", title="Таблица преимуществ аспектов",
        description="Как в книге: Потенциал сильнее Потенциала, Форма — Времени, Время — Формы; или своя "
                    "таблица: для каждого цвета — над какими цветами он берёт верх (DRP-GAP-24).",
        json_schema_extra=choices(("literal", "как в книге")) | keys(
            red="красный (потенциал)", blue="синий (время)", green="зелёный (форма)"))
    aspect_on_counter: bool = Field(
        default=False, title="Аспект усиливает контратаку",
        description="Преимущество аспекта добавляет 1 урона и контратаке (DRP-GAP-25).")
    gated_defence_superiority: Literal["never", "free"] = Field(
        default="never", title="Превосходство в защите",
        description="При усилениях по аспектам: доступно ли превосходство в защите (DRP-GAP-26).",
        json_schema_extra=choices(("never", "недоступно"), ("free", "доступно всем")))
    max_rounds: int | None = Field(
        default=None, ge=1, title="Предел кругов",
        description="После стольких полных кругов побеждает тот, у кого больше токенов на персонажах; "
                    "пусто — без предела (DRP-GAP-28).")

    @field_validator("first_player", "auction_opener")
    @classmethod
    def _seat_or_roll(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("укажите id стороны, номер места или roll")
        return value

    @model_validator(mode="after")
    def _combinations(self) -> Options:
        if self.aspect_gated_boosts and not self.aspects:
            raise ValueError("«Усиления по аспектам» требуют модуля «Аспекты»")
        total = self.bag_total
        if self.bag_reserve > total:
            raise ValueError(f"в мешке {counted(total, 'токен', 'токена', 'токенов')}, "
                             f"оставить в нём {self.bag_reserve} нельзя")
        dealt = total - self.bag_reserve
        if dealt % self.players:
            raise ValueError(f"{counted(dealt, 'токен', 'токена', 'токенов')} не делятся поровну "
                             f"на {self.players} игроков; "
                             "измените состав мешка или резерв (DRP-GAP-01)")
        need = DATA.character.slots * DATA.character.build_tokens
        if dealt // self.players < need:
            raise ValueError(f"каждому игроку нужно не меньше {need} токенов, а достанется "
                             f"{dealt // self.players}; увеличьте мешок (DRP-GAP-02)")
        if isinstance(self.aspect_chart, dict):
            missing = set(Colour) - set(self.aspect_chart)
            if missing:
                raise ValueError("в таблице аспектов нет строк для: " + ", ".join(sorted(missing)))
        for name in ("first_player", "auction_opener"):
            value = getattr(self, name)
            if value.isdigit() and not 1 <= int(value) <= self.players:
                title = type(self).model_fields[name].title
                raise ValueError(f"«{title}»: места нумеруются от 1 до {self.players}, по числу игроков")
        return self

    @property
    def bag_total(self) -> int:
        return self.bag_red + self.bag_blue + self.bag_green

    @property
    def chart(self) -> dict[Colour, tuple[Colour, ...]]:
        return LITERAL_CHART if self.aspect_chart == "literal" else self.aspect_chart  # type: ignore[return-value]


def seat_of(value: str, seats: list[str]) -> str | None:
    """The faction a seat option names (id or 1-based number); None for ``roll``."""
    if value == "roll":
        return None
    if value.isdigit():
        return seats[int(value) - 1]
    if value in seats:
        return value
    raise ValueError(f"нет стороны «{value}»; есть: {', '.join(seats)}")
