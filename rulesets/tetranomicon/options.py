"""Per-game options: the GM's switches from the checklist's gaps (section 2), with their defaults.

Material files (`board`, `decks`, `trophies`) are names in the ruleset's ``data/`` folder or
absolute paths on the server; the set-up loads and validates them (Russian errors naming the
entry).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

MIN_PLAYERS = 2
MAX_PLAYERS = 6  # the ruleset's hard limit; `players` (2–4 by default) is the game's


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    board: str = Field("board.toml", description="Файл поля (TET-GAP-01)")
    decks: str = Field("decks.toml", description="Файл колод существ и артефактов (TET-GAP-05)")
    trophies: str = Field("trophies.toml", description="Файл запаса трофеев (TET-GAP-02)")
    trophy_supply: dict[int, int] | None = Field(
        None, description="Запас трофеев: уровень → число жетонов; пусто — из файла (TET-GAP-02)")
    monster_castles: tuple[str, ...] | None = Field(
        None, description="Замки с монстрами при подготовке (id); пусто — по полю (TET-GAP-02)")
    fixed_trophies: dict[str, int] | None = Field(
        None, description="Трофеи при подготовке без жребия: замок → уровень (TET-GAP-02)")
    monster_support: Literal["plus_one", "neighbour_levels", "none"] = Field(
        "plus_one", description="Поддержка монстров из соседних замков (TET-GAP-04)")
    artifact_pool_size: int = Field(4, ge=1, le=8, description="Мест в пуле артефактов (TET-GAP-06)")
    creature_pool_size: int = Field(4, ge=1, le=8, description="Мест в пуле существ (TET-GAP-06)")
    starting_coins: int = Field(10, ge=0, description="Монет у каждого в начале (TET-GAP-07)")
    base_income: int = Field(5, ge=0, description="Базовый доход за фазу доходов (TET-GAP-08)")
    players: tuple[int, int] = Field((2, 4), description="Число игроков: от и до (TET-GAP-09)")
    first_holder: int | Literal["random"] = Field(
        "random", description="Жетон первого игрока до 1-й эпохи: место (с 1) или жребий (TET-GAP-10)")
    initiative_tie: Literal["holder_first", "after_holder"] = Field(
        "holder_first", description="Равенство в фазе инициативы: владелец жетона первым или после него (TET-GAP-11)")
    surcharge_mode: Literal["union", "per_path"] = Field(
        "union", description="Надбавка за чужие маршруты: каждый маршрут один раз или по каждому пути (TET-GAP-14)")
    cost_floor: int = Field(0, ge=0, description="Наименьшая стоимость после скидок (TET-GAP-17)")
    refill_scope: Literal["freed", "all_empty"] = Field(
        "freed", description="Куда кладутся новые трофеи: в освобождённые или во все пустые замки (TET-GAP-20)")
    refill_min: Literal["epoch", "next_epoch"] = Field(
        "epoch", description="Наименьший уровень новых трофеев: номер эпохи или следующей (TET-GAP-21)")
    setup_face_down: bool = Field(
        False, description="Трофеи подготовки лежат рубашкой вверх до первой фазы существ (TET-GAP-22)")
    refill_empty_artifacts: bool = Field(
        True, description="Пустые места пула артефактов пополняются при смене эпохи (TET-GAP-23)")
    turn_deadline_hours: int | None = Field(
        None, ge=1, description="Срок хода в часах; по истечении — пас (TET-GAP-28)")

    @field_validator("players")
    @classmethod
    def _players_range(cls, value: tuple[int, int]) -> tuple[int, int]:
        lo, hi = value
        if not MIN_PLAYERS <= lo <= hi <= MAX_PLAYERS:
            raise ValueError(f"число игроков — от {MIN_PLAYERS} до {MAX_PLAYERS}, «от» не больше «до»")
        return value
