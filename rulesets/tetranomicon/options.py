"""Per-game options: the GM's switches from the checklist's gaps (section 2), with their defaults.

Material files (`board`, `decks`, `trophies`) are names in the ruleset's ``data/`` folder or
absolute paths on the server; the set-up loads and validates them (Russian errors naming the
entry).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from letopis.engine.options import choices, files, items, pairs, seats

MIN_PLAYERS = 2
MAX_PLAYERS = 6  # the ruleset's hard limit; `players` (2–4 by default) is the game's


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    board: str = Field(
        "board.toml", title="Файл поля",
        description="Замки, башни и участки между ними (TET-GAP-01).",
        json_schema_extra=files("data/board*.toml"))
    decks: str = Field(
        "decks.toml", title="Файл колод",
        description="Карты существ и артефактов по эпохам (TET-GAP-05).",
        json_schema_extra=files("data/decks*.toml"))
    trophies: str = Field(
        "trophies.toml", title="Файл трофеев",
        description="Запас жетонов трофеев по уровням (TET-GAP-02).",
        json_schema_extra=files("data/trophies*.toml"))
    trophy_supply: dict[int, int] | None = Field(
        None, title="Свой запас трофеев",
        description="Сколько жетонов каждого уровня в запасе; не задано — как в файле трофеев (TET-GAP-02).",
        json_schema_extra=pairs("уровень", "жетонов"))
    monster_castles: tuple[str, ...] | None = Field(
        None, title="Замки с монстрами",
        description="Коды замков, в которые при подготовке кладут трофеи, через запятую; не задано — "
                    "как отмечено на поле (TET-GAP-02).")
    fixed_trophies: dict[str, int] | None = Field(
        None, title="Трофеи подготовки без жребия",
        description="Уровень трофея для названных замков вместо жребия (TET-GAP-02).",
        json_schema_extra=pairs("код замка", "уровень"))
    monster_support: Literal["plus_one", "neighbour_levels", "none"] = Field(
        "plus_one", title="Поддержка монстров",
        description="Как соседние замки с монстрами усиливают монстров замка (TET-GAP-04).",
        json_schema_extra=choices(("plus_one", "+1 за каждый соседний замок с монстрами"),
                                  ("neighbour_levels", "уровни соседних трофеев"), ("none", "без поддержки")))
    artifact_pool_size: int = Field(4, ge=1, le=8, title="Мест в пуле артефактов",
                                    description="Сколько карт артефактов лежит в пуле (TET-GAP-06).")
    creature_pool_size: int = Field(4, ge=1, le=8, title="Мест в пуле существ",
                                    description="Сколько карт существ лежит в пуле (TET-GAP-06).")
    starting_coins: int = Field(10, ge=0, title="Монет в начале",
                                description="Сколько монет у каждого игрока в начале игры (TET-GAP-07).")
    base_income: int = Field(5, ge=0, title="Базовый доход",
                             description="Сколько монет каждый получает в фазе доходов (TET-GAP-08).")
    players: tuple[int, int] = Field(
        (2, 4), title="Число игроков",
        description=f"Сколько игроков может сесть за стол: от {MIN_PLAYERS} до {MAX_PLAYERS} (TET-GAP-09).",
        json_schema_extra=items("от", "до"))
    first_holder: Annotated[int, Field(ge=1, le=MAX_PLAYERS)] | Literal["random"] = Field(
        "random", title="Жетон первого игрока",
        description="У кого жетон первого игрока до первой эпохи (TET-GAP-10).",
        json_schema_extra=seats(MAX_PLAYERS, ("random", "по жребию")))
    initiative_tie: Literal["holder_first", "after_holder"] = Field(
        "holder_first", title="Равенство в инициативе",
        description="Кто первым при равенстве в фазе инициативы (TET-GAP-11).",
        json_schema_extra=choices(("holder_first", "владелец жетона"), ("after_holder", "следующий после владельца")))
    surcharge_mode: Literal["union", "per_path"] = Field(
        "union", title="Надбавка за чужие маршруты",
        description="Как считается надбавка за подвоз по чужим маршрутам (TET-GAP-14).",
        json_schema_extra=choices(("union", "каждый чужой маршрут один раз"), ("per_path", "по каждому пути отдельно")))
    cost_floor: int = Field(0, ge=0, title="Наименьшая цена",
                            description="Ниже какой цены скидки не опускают стоимость (TET-GAP-17).")
    refill_scope: Literal["freed", "all_empty"] = Field(
        "freed", title="Куда кладутся новые трофеи",
        description="Какие замки получают новые трофеи в фазе существ (TET-GAP-20).",
        json_schema_extra=choices(("freed", "только освобождённые замки"), ("all_empty", "все пустые замки")))
    refill_min: Literal["epoch", "next_epoch"] = Field(
        "epoch", title="Уровень новых трофеев",
        description="Наименьший уровень трофеев, которые кладутся в фазе существ (TET-GAP-21).",
        json_schema_extra=choices(("epoch", "не ниже номера эпохи"), ("next_epoch", "не ниже номера следующей эпохи")))
    setup_face_down: bool = Field(
        False, title="Трофеи подготовки закрыты",
        description="Трофеи подготовки лежат рубашкой вверх до первой фазы существ (TET-GAP-22).")
    refill_empty_artifacts: bool = Field(
        True, title="Пополнять пул артефактов",
        description="Пустые места пула артефактов пополняются при смене эпохи (TET-GAP-23).")
    turn_deadline_hours: int | None = Field(
        None, ge=1, title="Срок хода по правилам, ч",
        description="Через сколько часов ход без поста становится пасом; пусто — срок задаёт мастер "
                    "(TET-GAP-28).")

    @field_validator("players")
    @classmethod
    def _players_range(cls, value: tuple[int, int]) -> tuple[int, int]:
        lo, hi = value
        if not MIN_PLAYERS <= lo <= hi <= MAX_PLAYERS:
            raise ValueError(f"число игроков — от {MIN_PLAYERS} до {MAX_PLAYERS}, «от» не больше «до»")
        return value
