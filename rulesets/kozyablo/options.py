"""Per-game options: the GM's switches from the checklist's gaps (section 2), with their defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from letopis.engine.options import choices, files

MIN_PLAYERS = 2
MAX_PLAYERS = 4
RACES = ("pozorki", "trutni", "kozly", "zhloby")  # KZ-ORDER-01 order
RACE_NAMES = {"pozorki": "Позорки", "trutni": "Трутни", "kozly": "Козлы", "zhloby": "Жлобы"}


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    card_file: str = Field(
        "cards.toml", title="Файл карт",
        description="Набор карт, рас и стартовых колод из папки набора правил (KZ-GAP-01).",
        json_schema_extra=files("data/cards*.toml"))
    sector_income: int = Field(1, ge=0, title="Добыча за сектор",
                               description="Сколько добычи даёт каждый свой сектор (KZ-GAP-03).")
    own_capital_exception: bool = Field(
        True, title="Своя столица при врагах",
        description="В свою столицу можно играть существ, даже когда в ней враги (KZ-GAP-07).")
    hero_needs_gold: bool = Field(True, title="Герою нужно золото",
                                  description="Герою нужна и добыча золота по его уровню (KZ-GAP-08).")
    shadow_counts_for_control: bool = Field(True, title="Тень держит сектор",
                                            description="Существа в тени удерживают сектор (KZ-GAP-10).")
    draw_per_turn: int = Field(0, ge=0, title="Добор в начале хода",
                               description="Сколько карт берётся в начале хода без действия (KZ-GAP-15).")
    auto_targets: Literal["random", "ask"] = Field(
        "random", title="Пропавшая цель атакующего",
        description="Что делать, если названная цель удара исчезла (KZ-GAP-21).",
        json_schema_extra=choices(("random", "случайная законная цель"), ("ask", "спросить игрока")))
    allow_futile_strikes: bool = Field(
        False, title="Удар без урона",
        description="Можно выбрать целью того, кому удар не нанесёт урона (KZ-GAP-23).")
    armour_vs_buildings: bool = Field(True, title="Броня против построек",
                                      description="Броня действует и против ударов построек (KZ-GAP-25).")
    guard_recompute: bool = Field(False, title="Пересчёт урона по Защитнику",
                                  description="Урон пересчитывается по Защитнику, а не по исходной цели "
                                              "(KZ-GAP-26).")
    free_ability_limit: int = Field(1, ge=1, title="Применений [С] за круг",
                                    description="Сколько раз за круг можно применить [С] одной карты "
                                                "(KZ-GAP-31).")
    reaction_deadline_hours: int = Field(24, ge=1, title="Срок ответа в окне реакции, ч",
                                         description="Сколько часов ждать ответа в окне реакции (KZ-GAP-31).")
    time_counts: Literal["caster_turns", "all_turns"] = Field(
        "caster_turns", title="Как считать «Время-N»",
        description="Чьи ходы уменьшают счётчик временной магии (KZ-GAP-32).",
        json_schema_extra=choices(("caster_turns", "ходы того, кто сыграл карту"), ("all_turns", "ходы всех игроков")))
    first_capture_wins: bool = Field(False, title="Первый захват — победа",
                                     description="Первый захват столицы заканчивает игру (KZ-GAP-35).")
    max_rounds: int | None = Field(None, ge=1, title="Предел кругов",
                                   description="После стольких кругов — ничья; пусто — без предела (KZ-GAP-42).")
    reveal_seeds: Literal["end", "at_once"] = Field(
        "end", title="Когда раскрыть семя тасовки",
        description="Пока семя тайное, порядок колод знают только их владельцы и мастер.",
        json_schema_extra=choices(("end", "в конце игры"), ("at_once", "сразу")))
    races: tuple[str, ...] = Field(
        (), title="Раса места без колоды",
        description="Какой расой играет место, не приславшее колоду (KZ-DATA-07); не задано — по порядку "
                    "рас.",
        json_schema_extra=choices(*RACE_NAMES.items()))
