"""Per-game options (house rules) of Dice Roll Party; every default is the checklist's DEFAULT.

Descriptions are Russian because the GM sees them when creating a game. Seats are given as a
faction id (``p1``) or a 1-based seat number (``"2"``); `seat_of` turns either into a faction id.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

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
        default=2, ge=MIN_PLAYERS, le=MAX_PLAYERS,
        description="Число игроков. Книга рассчитана на дуэль; 3–6 игроков ходят по кругу (DRP-GAP-27).")
    first_move: Literal["simple", "auction"] = Field(
        default="simple",
        description="Кто ходит первым: «simple» — простой способ, «auction» — аукцион времени (DRP-FIRST-01).")
    first_player: str = Field(
        default="roll",
        description="Простой способ: кто ходит первым — id стороны (p1) или номер места (1, 2…); "
                    "«roll» — каждый бросает 1d20, ничьи перебрасываются (DRP-GAP-04).")
    first_turn_ban: Literal["first_attack", "both_first_attacks", "off"] = Field(
        default="first_attack",
        description="Запрет усилений атаки в первый ход при простом способе: «first_attack» — только первая "
                    "атака партии, «both_first_attacks» — первая атака каждого игрока, «off» — без запрета "
                    "(DRP-GAP-05).")
    auction_opener: str = Field(
        default="1",
        description="Кто открывает аукцион: id стороны или номер места; «roll» — бросок 1d20 (DRP-GAP-06).")
    turn_order: Literal["simple", "cyclic", "initiative"] = Field(
        default="simple",
        description="Способ передачи хода: «simple» — любым персонажем, «cyclic» — по очереди слева направо, "
                    "«initiative» — только персонажем с наибольшим временем (DRP-TURN-01).")
    initiative_check: Literal["after_phase1", "before_phase1"] = Field(
        default="after_phase1",
        description="Инициатива: когда считать наибольшее время — при объявлении атаки («after_phase1») или "
                    "в начале хода, до фазы ресурсов («before_phase1») (DRP-GAP-22).")
    bag_red: int = Field(default=DATA.bag.red, ge=0, description="Красных токенов в мешке (DRP-GAP-01).")
    bag_blue: int = Field(default=DATA.bag.blue, ge=0, description="Синих токенов в мешке (DRP-GAP-01).")
    bag_green: int = Field(default=DATA.bag.green, ge=0, description="Зелёных токенов в мешке (DRP-GAP-01).")
    bag_reserve: int = Field(
        default=0, ge=0,
        description="Сколько токенов остаётся в мешке при раздаче; остальные делятся поровну (DRP-GAP-01).")
    sealed_builds: bool = Field(
        default=True,
        description="Расстановка персонажей втёмную: видна сопернику, только когда сдали все (DRP-GAP-03).")
    swap_cost: Literal[1, 2] = Field(
        default=1, description="Сколько лимита стоит один обмен токенами (DRP-GAP-09).")
    allow_return_to_storage: bool = Field(
        default=False,
        description="Разрешить снимать токены с персонажа в хранилище за 1 лимита за токен (DRP-GAP-09).")
    emergency_uses_limit: bool = Field(
        default=False,
        description="Экстренный обмен (когда времени нет нигде) тратит лимит, 1 за токен (DRP-GAP-11).")
    allow_self_destroy: bool = Field(
        default=False,
        description="Разрешить в фазе ресурсов снимать с персонажа последний токен (он погибает) (DRP-GAP-13).")
    stack_class_up: bool = Field(
        default=False,
        description="Разрешить повышать класс несколько раз за бросок, по 1 времени за ступень, "
                    "не выше 1D20 (DRP-GAP-15).")
    counter_damage: Literal["class", "potential"] = Field(
        default="class",
        description="Урон контратаки: «class» — класс атаки защитника (не больше 6), «potential» — весь "
                    "потенциал атаки (DRP-GAP-17).")
    allow_voluntary_skip: bool = Field(
        default=False,
        description="Разрешить пропускать атаку, даже когда есть кому атаковать (DRP-GAP-20).")
    aspects: bool = Field(default=False, description="Модуль «Аспекты» (DRP-ASP-01).")
    aspect_gated_boosts: bool = Field(
        default=False,
        description="Усиления доступны только при нужных аспектах (DRP-VAR-01); требует модуль аспектов.")
    aspect_chart: Literal["literal"] | dict[Colour, tuple[Colour, ...]] = Field(
        default="literal",
        description="Таблица преимуществ аспектов: «literal» — как в книге (Потенциал > Потенциал, "
                    "Форма > Время, Время > Форма), или своя таблица {цвет: [кого превосходит]} "
                    "с цветами red/blue/green (DRP-GAP-24).")
    aspect_on_counter: bool = Field(
        default=False, description="Преимущество аспекта добавляет 1 урона и контратаке (DRP-GAP-25).")
    gated_defence_superiority: Literal["never", "free"] = Field(
        default="never",
        description="При усилениях по аспектам превосходство в защите: «never» — недоступно, «free» — "
                    "доступно всем (DRP-GAP-26).")
    max_rounds: int | None = Field(
        default=None, ge=1,
        description="Предел полных кругов; после него побеждает тот, у кого больше токенов на персонажах "
                    "(DRP-GAP-28). Пусто — без предела.")

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
            raise ValueError("усиления по аспектам (aspect_gated_boosts) требуют включить аспекты (aspects)")
        total = self.bag_total
        if self.bag_reserve > total:
            raise ValueError(f"в мешке {total} токенов, оставить в нём {self.bag_reserve} нельзя")
        dealt = total - self.bag_reserve
        if dealt % self.players:
            raise ValueError(f"{dealt} токенов не делятся поровну на {self.players} игроков; "
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
                raise ValueError(f"{name}: места нумеруются от 1 до {self.players}")
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
