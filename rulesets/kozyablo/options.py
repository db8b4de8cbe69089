"""Per-game options: the GM's switches from the checklist's gaps (section 2), with their defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

MIN_PLAYERS = 2
MAX_PLAYERS = 4
RACES = ("pozorki", "trutni", "kozly", "zhloby")  # KZ-ORDER-01 order


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    card_file: str = Field("cards.toml", description="Файл карт в папке набора правил (KZ-GAP-01)")
    sector_income: int = Field(1, ge=0, description="Добыча за каждый сектор (KZ-GAP-03)")
    own_capital_exception: bool = Field(True, description="В свою столицу можно играть существ при врагах в ней (KZ-GAP-07)")
    hero_needs_gold: bool = Field(True, description="Герою нужна и добыча золота по уровню (KZ-GAP-08)")
    shadow_counts_for_control: bool = Field(True, description="Существа в тени держат сектор (KZ-GAP-10)")
    draw_per_turn: int = Field(0, ge=0, description="Карт в начале хода без действия (KZ-GAP-15)")
    auto_targets: Literal["random", "ask"] = Field("random", description="Пропавшая цель атакующего (KZ-GAP-21)")
    allow_futile_strikes: bool = Field(False, description="Можно бить цель, которой не нанести урона (KZ-GAP-23)")
    armour_vs_buildings: bool = Field(True, description="Броня действует против ударов построек (KZ-GAP-25)")
    guard_recompute: bool = Field(False, description="Урон пересчитывается по Защитнику (KZ-GAP-26)")
    free_ability_limit: int = Field(1, ge=1, description="Применений [С] на карту за круг (KZ-GAP-31)")
    reaction_deadline_hours: int = Field(24, ge=1, description="Срок ответа в окне реакции (KZ-GAP-31)")
    time_counts: Literal["caster_turns", "all_turns"] = Field("caster_turns", description="Как считать «Время-N» (KZ-GAP-32)")
    first_capture_wins: bool = Field(False, description="Первый захват столицы заканчивает игру (KZ-GAP-35)")
    max_rounds: int | None = Field(None, ge=1, description="Предел кругов; после него ничья (KZ-GAP-42)")
    reveal_seeds: Literal["end", "at_once"] = Field("end", description="Когда раскрыть семя тасовки")
    races: tuple[str, ...] = Field((), description="Раса по умолчанию для каждого места, если колода не прислана")
