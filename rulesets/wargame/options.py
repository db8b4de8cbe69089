"""Per-game options: every switch the checklist's gaps name, with the documented defaults.

A GM sets them when creating a game; `map` and `armies` name TOML files (in ``data/`` or an
absolute path), so another battlefield or an edited army needs no Python (WG-GAP-01, WG-GAP-05).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from .data import DEFAULT_ARMIES, DEFAULT_MAP

MIN_PLAYERS = 2
MAX_PLAYERS = 4

BASE_MP = {"warrior": 4, "mage": 4, "machine": 2, "dragon": 6}  # WG-DEF-MOVE-01


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    map: str = Field(DEFAULT_MAP, description="Файл карты (WG-GAP-01)")
    board_width: int | None = Field(None, ge=2, le=200, description="Ширина поля; по умолчанию — из карты (24)")
    board_height: int | None = Field(None, ge=2, le=200, description="Высота поля; по умолчанию — из карты (16)")
    armies: tuple[str, ...] = Field(DEFAULT_ARMIES, min_length=1,
                                    description="Армлисты по местам расстановки, по кругу (WG-GAP-05)")
    base_mp: dict[str, int] = Field(default_factory=lambda: dict(BASE_MP),
                                    description="Базовые ОМ по видам фигур (WG-GAP-02)")
    line_of_sight: bool = Field(False, description="Линия видимости для стрельбы (WG-GAP-03)")
    real_shooting: Literal["virtual_profile", "gm_entered"] = Field(
        "virtual_profile", description="Реальная стрельба: по виртуальному профилю или вносит мастер (WG-GAP-04)")
    posting: Literal["phased", "merged"] = Field("phased", description="Посты по фазам или один пост за ход (WG-GAP-06)")
    magic_cards: bool = Field(False, description="Карты магии (WG-GAP-20)")
    dodge_in_melee: bool = Field(False, description="Уворот в рукопашной от виртуальной стрельбы (WG-GAP-08)")
    decision_deadline_hours: int = Field(48, ge=1, description="Срок ответа на решение (WG-GAP-09, WG-DEF-DECIDE-01)")
    post_deadline_hours: int | None = Field(None, ge=1, description="Срок поста маневра и стрельбы (WG-GAP-33)")
    wounded_halving: Literal["total", "separate"] = Field("total", description="Как делить очки раненого (WG-GAP-11)")
    dragon_wound_reset: bool = Field(True, description="Раненый дракон теряет жизнь и рана снимается (WG-GAP-14)")
    support_mode: Literal["pyramid", "contact_only", "any_adjacent"] = Field(
        "pyramid", description="Кто поддерживает в схватке (WG-GAP-15)")
    multi_order: Literal["lexicographic", "pair_sum"] = Field("lexicographic", description="Порядок боёв (WG-GAP-18)")
    auto_charge: bool = Field(False, description="Атака с ходу без слов «с ходу» (WG-GAP-21)")
    charge_melee_repeats: bool = Field(False, description="Бившиеся с ходу бьются и в фазе рукопашной (WG-GAP-21)")
    friendly_fire_credit: Literal["target_owner", "none"] = Field(
        "target_owner", description="Кому артефакт за командира, убитого своими (WG-GAP-22)")
    artifact_activation: Literal["tradition", "gm_only"] = Field("tradition", description="Как активируются артефакты (WG-GAP-24)")
    saves_for_machines_and_dragons: bool = Field(False, description="Спас-броски машин и драконов (WG-GAP-25)")
    round_limit: int = Field(12, ge=1, description="Предел ходов (WG-GAP-30, WG-DEF-WIN-03)")
    hidden_deployment: bool = Field(False, description="Скрытая расстановка (раздел 5)")

    def base(self, kind: str) -> int:
        return self.base_mp.get(kind, BASE_MP[kind])
