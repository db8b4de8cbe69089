"""Per-game options (house rules) of Dungeon Keeper; every default is the checklist's DEFAULT.

Descriptions are Russian because the GM sees them when creating a game. Each option names the
gap (DK-GAP-nn) it settles.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .data import DATA

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class MineContents(BaseModel):
    """What a mine holds when the setup does not say (DK-GAP-02)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gold: int = Field(default=DATA.mines["gold"].contents, ge=1)
    iron: int = Field(default=DATA.mines["iron"].contents, ge=1)
    gem: int = Field(default=DATA.mines["gem"].contents, ge=1)


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # --- setup and map ---------------------------------------------------------------------
    map_extras: Literal["standard", "none"] = Field(
        default="standard",
        description="Генератор карты: «standard» — кроме баз ставит нейтральные Источники, железные и "
                    "самоцветные шахты, сундуки, кристаллы и руны, поровну на каждого; «none» — только базы "
                    "с золотой шахтой (DK-GAP-04).")
    mining_yield: Literal["detailed", "five_each", "five_gold_iron"] = Field(
        default="detailed",
        description="Добыча за 1 ОД: «detailed» — 10 золота / 10 железа / 1 тальдеар, «five_each» — по 5 "
                    "любого ресурса, «five_gold_iron» — 5 золота / 5 железа / 1 тальдеар (DK-GAP-01).")
    default_mine_contents: MineContents = Field(
        default_factory=MineContents,
        description="Запас шахты, если в настройке не указан: золото, железо, тальдеар (DK-GAP-02).")
    hide_objects_in_rock: bool = Field(
        default=False,
        description="Прятать предметы, шахты и нейтральные Источники в толще камня, пока рядом не "
                    "вскопают клетку (DK-GAP-23).")
    object_contents: Literal["rolled", "fixed_in_setup"] = Field(
        default="rolled",
        description="Содержимое сундуков и кристаллов: «rolled» — бросок при взятии, «fixed_in_setup» — "
                    "задано мастером в настройке и тайно до взятия (DK-GAP-48).")

    # --- turns and posts --------------------------------------------------------------------
    turn_order: Literal["fixed", "rotating"] = Field(
        default="fixed",
        description="Порядок ходов: «fixed» — всегда по местам, «rotating» — первое место сдвигается "
                    "каждый круг (DK-GAP-09).")
    multi_post_turn: bool = Field(
        default=False,
        description="Ход из нескольких постов: каждый исполняется сразу, пока игрок не напишет «конец "
                    "хода» (DK-GAP-11).")
    refuse_posts_with_errors: bool = Field(
        default=False, description="Не принимать пост, в котором есть ошибки (DK-GAP-12).")
    unit_numbering: Literal["by_category", "single_sequence"] = Field(
        default="by_category",
        description="Нумерация юнитов: «by_category» — у импов и у боевых юнитов свои номера, "
                    "«single_sequence» — общая (DK-GAP-15).")

    # --- geometry ---------------------------------------------------------------------------
    distance_metric: Literal["chebyshev", "manhattan"] = Field(
        default="chebyshev",
        description="Расстояние: «chebyshev» — ходом короля (диагональ = 1), «manhattan» — по прямым "
                    "(DK-GAP-17).")
    los: Literal["supercover", "none"] = Field(
        default="supercover",
        description="Линия видимости: «supercover» — отрезок между центрами клеток, «none» — не "
                    "проверять (DK-GAP-18).")
    corner_blockers: Literal["undug", "undug_and_structures"] = Field(
        default="undug",
        description="Что закрывает диагональ (правило углов): «undug» — только невскопанные клетки, "
                    "«undug_and_structures» — ещё здания, стены и шахты (DK-GAP-19).")
    stacking: bool = Field(
        default=False, description="Разрешить нескольким юнитам стоять на одной клетке (DK-GAP-20).")
    registered_alliances: bool = Field(
        default=False,
        description="Зарегистрированные союзники не считаются врагами для аур и башен (DK-GAP-22).")

    # --- combat -----------------------------------------------------------------------------
    ranged_retaliation: Literal["half", "full", "none"] = Field(
        default="half",
        description="Ответка стрелка в ближнем бою: «half» — половина урона, «full» — полный, «none» — "
                    "нет (DK-GAP-24).")
    half_rounding: Literal["down", "up"] = Field(
        default="down", description="Округление половинного урона (DK-GAP-25).")
    may_attack_own_buildings: bool = Field(
        default=True, description="Можно атаковать свои здания (кроме Алтаря и Источников) (DK-GAP-26).")
    hero_kill_mana: int = Field(default=2, ge=0, description="Мана за убийство Героя (DK-GAP-27).")
    gnome_kill_mana: int = Field(default=0, ge=0, description="Мана за убийство гнома (DK-GAP-27).")
    eliminated_buildings: Literal["neutral", "removed"] = Field(
        default="neutral",
        description="Здания выбывшего архидемона: «neutral» — остаются нейтральными, «removed» — "
                    "исчезают (DK-GAP-29).")
    allied_victory: bool = Field(
        default=False, description="Мастер может объявить общую победу союзников (DK-GAP-29).")

    # --- summoning, upgrades, buildings -------------------------------------------------------
    summoned_act_same_turn: bool = Field(
        default=True, description="Призванный юнит действует в тот же ход (DK-GAP-31).")
    upgrade_heals_fully: bool = Field(
        default=False, description="Улучшение полностью лечит юнита (DK-GAP-32).")
    upgrade_ap_now: bool = Field(
        default=False, description="Новое число ОД после улучшения действует уже в этот ход (DK-GAP-32).")
    capture_progress_persists: bool = Field(
        default=True,
        description="Захват Источника копится из хода в ход, пока юнит стоит рядом (DK-GAP-36).")
    circle_defence: int = Field(
        default=DATA.buildings["circle"].defence, ge=0, description="Защита Круга вызова (DK-GAP-38).")
    tower_targeting: Literal["nearest", "any_in_reach"] = Field(
        default="nearest",
        description="Боевая башня бьёт «nearest» — только ближайшего врага, «any_in_reach» — любого в "
                    "досягаемости (DK-GAP-40).")
    tower_autofire: bool = Field(
        default=False,
        description="Неиспользованные выстрелы башни сами уходят в ближайших врагов в конце хода "
                    "(DK-GAP-40).")

    # --- artifacts, spirits -------------------------------------------------------------------
    artifact_limit: Literal["one_per_kind", "unlimited"] = Field(
        default="one_per_kind", description="Артефактов одного вида на юните: не больше одного или сколько угодно (DK-GAP-45).")
    equip_near_armoury: bool = Field(
        default=False, description="Экипировать можно только юнита рядом с Оружейной (DK-GAP-45).")
    spirit_kind: Literal["chosen", "random_on_sacrifice"] = Field(
        default="chosen",
        description="Вид духа: «chosen» — выбирается при отправке, «random_on_sacrifice» — бросок d3 при "
                    "жертвоприношении (DK-GAP-50).")

    # --- abilities ------------------------------------------------------------------------------
    ability_los: Literal["hostile_only", "all", "none"] = Field(
        default="hostile_only",
        description="Линия видимости для способностей: враждебные, все или никакие (DK-GAP-52).")
    sacrifice_controlled_units: bool = Field(
        default=False, description="Жрец может принести в жертву подчинённого вражеского юнита (DK-GAP-53).")
    cleanse_range: int = Field(default=DATA.abilities["cleanse"].range, ge=1,
                               description="Дальность Очищения (DK-GAP-54).")
    area_friendly_fire: bool = Field(
        default=True, description="Огненное дыхание и поток бьют и своих (DK-GAP-55).")
    exhaustion_duration: Literal["one_round", "until_cleansed"] = Field(
        default="one_round",
        description="Истощение держится до начала следующего хода хозяина заклинателя или до снятия "
                    "(DK-GAP-57).")
    exhaustion_stacks: bool = Field(default=False, description="Истощение складывается (DK-GAP-57).")
    poison_reapply: Literal["add_three", "reset_to_three"] = Field(
        default="add_three",
        description="Повторное отравление: «add_three» — +3 хода, «reset_to_three» — снова 3 (DK-GAP-59).")
    zeal_retarget: bool = Field(
        default=False,
        description="Доп. атака Рвения/Берсерка может уйти в другую цель, названную в строке (DK-GAP-63).")
    vampirism_basis: Literal["hp_removed", "damage_computed"] = Field(
        default="hp_removed",
        description="Вампиризм лечит по снятым хп или по вычисленному урону (DK-GAP-66).")

    # --- spells ---------------------------------------------------------------------------------
    spell_duration: Literal["one_round", "until_dispelled"] = Field(
        default="one_round",
        description="Длительность заклинаний: до начала следующего хода заклинателя или до снятия "
                    "(DK-GAP-68).")
    luck_mode: Literal["plus_points", "times_1_2"] = Field(
        default="plus_points",
        description="Удача: «plus_points» — +20 процентных пунктов, «times_1_2» — шанс ×1,2 (DK-GAP-71).")

    # --- upkeep -----------------------------------------------------------------------------------
    vanish_weakness: Literal["upkeep", "tier", "max_hp"] = Field(
        default="upkeep",
        description="Кто слабее при нехватке маны: по содержанию, по ступени улучшения или по макс. хп "
                    "(DK-GAP-07).")

    # --- the Hero ---------------------------------------------------------------------------------
    hero_spawn_chance: int = Field(
        default=0, ge=0, le=100,
        description="Шанс (в %) появления Героя в конце каждого круга; 0 — только по решению мастера "
                    "(DK-GAP-74).")
    hero_mode: Literal["auto_with_review", "gm_manual"] = Field(
        default="auto_with_review",
        description="Ходы Героя: «auto_with_review» — предлагает сервер, мастер может поправить; "
                    "«gm_manual» — пишет мастер (DK-GAP-75).")

    @model_validator(mode="after")
    def _sane(self) -> Options:
        if self.cleanse_range > DATA.map.size:
            raise ValueError("cleanse_range больше карты")
        return self

    def mine_contents(self, kind: str) -> int:
        return getattr(self.default_mine_contents, kind)
