"""Per-game options (house rules) of Dungeon Keeper; every default is the checklist's DEFAULT.

Descriptions are Russian because the GM sees them when creating a game. Each option names the
gap (DK-GAP-nn) it settles.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from letopis.engine.options import choices

from .data import DATA

MIN_PLAYERS, MAX_PLAYERS = 2, 8


class MineContents(BaseModel):
    """What a mine holds when the setup does not say (DK-GAP-02)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    gold: int = Field(default=DATA.mines["gold"].contents, ge=1, title="Золотая шахта",
                      description="Сколько золота в золотой шахте.")
    iron: int = Field(default=DATA.mines["iron"].contents, ge=1, title="Железная шахта",
                      description="Сколько железа в железной шахте.")
    gem: int = Field(default=DATA.mines["gem"].contents, ge=1, title="Самоцветная шахта",
                     description="Сколько тальдеара в самоцветной шахте.")


class Options(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    # --- setup and map ---------------------------------------------------------------------
    map_extras: Literal["standard", "none"] = Field(
        default="standard", title="Что ставит генератор карты",
        description="Кроме баз генератор может поставить нейтральные Источники, железные и самоцветные "
                    "шахты, сундуки, кристаллы и руны — поровну на каждого (DK-GAP-04).",
        json_schema_extra=choices(("standard", "базы, Источники, шахты и предметы"),
                                  ("none", "только базы с золотой шахтой")))
    mining_yield: Literal["detailed", "five_each", "five_gold_iron"] = Field(
        default="detailed", title="Добыча за 1 ОД",
        description="Сколько приносит шахта за одно очко действия (DK-GAP-01).",
        json_schema_extra=choices(("detailed", "10 золота, 10 железа или 1 тальдеар"),
                                  ("five_each", "по 5 любого ресурса"),
                                  ("five_gold_iron", "5 золота, 5 железа или 1 тальдеар")))
    default_mine_contents: MineContents = Field(
        default_factory=MineContents, title="Запас шахт",
        description="Сколько ресурса в шахте, если в настройке не указано (DK-GAP-02).")
    hide_objects_in_rock: bool = Field(
        default=False, title="Предметы в толще камня",
        description="Прятать предметы, шахты и нейтральные Источники в камне, пока рядом не вскопают "
                    "клетку (DK-GAP-23).")
    object_contents: Literal["rolled", "fixed_in_setup"] = Field(
        default="rolled", title="Содержимое сундуков и кристаллов",
        description="Откуда берётся содержимое сундука или кристалла (DK-GAP-48).",
        json_schema_extra=choices(("rolled", "бросок при взятии"),
                                  ("fixed_in_setup", "задано мастером в настройке, тайно до взятия")))

    # --- turns and posts --------------------------------------------------------------------
    turn_order: Literal["fixed", "rotating"] = Field(
        default="fixed", title="Порядок ходов",
        description="Кто ходит первым в каждом круге (DK-GAP-09).",
        json_schema_extra=choices(("fixed", "всегда по местам"),
                                  ("rotating", "первое место сдвигается каждый круг")))
    multi_post_turn: bool = Field(
        default=False, title="Ход из нескольких постов",
        description="Каждый пост исполняется сразу, пока игрок не напишет «конец хода» (DK-GAP-11).")
    refuse_posts_with_errors: bool = Field(
        default=False, title="Не принимать посты с ошибками",
        description="Пост, в котором есть ошибка, не принимается целиком (DK-GAP-12).")
    unit_numbering: Literal["by_category", "single_sequence"] = Field(
        default="by_category", title="Нумерация юнитов",
        description="Как нумеруются юниты архидемона (DK-GAP-15).",
        json_schema_extra=choices(("by_category", "у импов и у боевых юнитов свои номера"),
                                  ("single_sequence", "общая нумерация")))

    # --- geometry ---------------------------------------------------------------------------
    distance_metric: Literal["chebyshev", "manhattan"] = Field(
        default="chebyshev", title="Расстояние",
        description="Как считается расстояние между клетками (DK-GAP-17).",
        json_schema_extra=choices(("chebyshev", "ходом короля: диагональ — 1 клетка"),
                                  ("manhattan", "только по прямым")))
    los: Literal["supercover", "none"] = Field(
        default="supercover", title="Линия видимости",
        description="Проверять ли, что между клетками ничего не мешает (DK-GAP-18).",
        json_schema_extra=choices(("supercover", "отрезок между центрами клеток"), ("none", "не проверять")))
    corner_blockers: Literal["undug", "undug_and_structures"] = Field(
        default="undug", title="Что закрывает диагональ",
        description="Правило углов: через что нельзя пройти наискосок (DK-GAP-19).",
        json_schema_extra=choices(("undug", "только невскопанные клетки"),
                                  ("undug_and_structures", "ещё здания, стены и шахты")))
    stacking: bool = Field(
        default=False, title="Несколько юнитов на клетке",
        description="Разрешить нескольким юнитам стоять на одной клетке (DK-GAP-20).")
    registered_alliances: bool = Field(
        default=False, title="Зарегистрированные союзы",
        description="Союзники не считаются врагами для аур и башен (DK-GAP-22).")

    # --- combat -----------------------------------------------------------------------------
    ranged_retaliation: Literal["half", "full", "none"] = Field(
        default="half", title="Ответ стрелка в ближнем бою",
        description="Сколько урона стрелок отвечает, когда его бьют вплотную (DK-GAP-24).",
        json_schema_extra=choices(("half", "половина урона"), ("full", "полный урон"), ("none", "нет ответа")))
    half_rounding: Literal["down", "up"] = Field(
        default="down", title="Округление половинного урона",
        description="Как округляется половина урона (DK-GAP-25).",
        json_schema_extra=choices(("down", "вниз"), ("up", "вверх")))
    may_attack_own_buildings: bool = Field(
        default=True, title="Атака своих зданий",
        description="Можно атаковать свои здания, кроме Алтаря и Источников (DK-GAP-26).")
    hero_kill_mana: int = Field(default=2, ge=0, title="Мана за Героя",
                                description="Сколько маны получает тот, кто убил Героя (DK-GAP-27).")
    gnome_kill_mana: int = Field(default=0, ge=0, title="Мана за гнома",
                                 description="Сколько маны получает тот, кто убил гнома (DK-GAP-27).")
    eliminated_buildings: Literal["neutral", "removed"] = Field(
        default="neutral", title="Здания выбывшего",
        description="Что становится со зданиями выбывшего архидемона (DK-GAP-29).",
        json_schema_extra=choices(("neutral", "остаются нейтральными"), ("removed", "исчезают")))
    allied_victory: bool = Field(
        default=False, title="Общая победа союзников",
        description="Мастер может объявить общую победу союзников (DK-GAP-29).")

    # --- summoning, upgrades, buildings -------------------------------------------------------
    summoned_act_same_turn: bool = Field(
        default=True, title="Призванный действует сразу",
        description="Призванный юнит действует в тот же ход (DK-GAP-31).")
    upgrade_heals_fully: bool = Field(
        default=False, title="Улучшение лечит",
        description="Улучшение полностью восстанавливает хп юнита (DK-GAP-32).")
    upgrade_ap_now: bool = Field(
        default=False, title="Новые ОД сразу",
        description="Новое число ОД после улучшения действует уже в этот ход (DK-GAP-32).")
    capture_progress_persists: bool = Field(
        default=True, title="Захват копится",
        description="Захват Источника копится из хода в ход, пока юнит стоит рядом (DK-GAP-36).")
    circle_defence: int = Field(
        default=DATA.buildings["circle"].defence, ge=0, title="Защита Круга вызова",
        description="Защита здания «Круг вызова» (DK-GAP-38).")
    tower_targeting: Literal["nearest", "any_in_reach"] = Field(
        default="nearest", title="Цель боевой башни",
        description="Кого может бить боевая башня (DK-GAP-40).",
        json_schema_extra=choices(("nearest", "только ближайшего врага"),
                                  ("any_in_reach", "любого врага в досягаемости")))
    tower_autofire: bool = Field(
        default=False, title="Башня стреляет сама",
        description="Неиспользованные выстрелы башни сами уходят в ближайших врагов в конце хода "
                    "(DK-GAP-40).")

    # --- artifacts, spirits -------------------------------------------------------------------
    artifact_limit: Literal["one_per_kind", "unlimited"] = Field(
        default="one_per_kind", title="Артефакты одного вида",
        description="Сколько артефактов одного вида может нести юнит (DK-GAP-45).",
        json_schema_extra=choices(("one_per_kind", "не больше одного"), ("unlimited", "сколько угодно")))
    equip_near_armoury: bool = Field(
        default=False, title="Экипировка у Оружейной",
        description="Экипировать можно только юнита рядом с Оружейной (DK-GAP-45).")
    spirit_kind: Literal["chosen", "random_on_sacrifice"] = Field(
        default="chosen", title="Вид духа",
        description="Как определяется вид духа (DK-GAP-50).",
        json_schema_extra=choices(("chosen", "выбирается при отправке"),
                                  ("random_on_sacrifice", "бросок d3 при жертвоприношении")))

    # --- abilities ------------------------------------------------------------------------------
    ability_los: Literal["hostile_only", "all", "none"] = Field(
        default="hostile_only", title="Видимость для способностей",
        description="Для каких способностей нужна линия видимости (DK-GAP-52).",
        json_schema_extra=choices(("hostile_only", "для враждебных"), ("all", "для всех"), ("none", "ни для каких")))
    sacrifice_controlled_units: bool = Field(
        default=False, title="Жертва подчинённого врага",
        description="Жрец может принести в жертву подчинённого вражеского юнита (DK-GAP-53).")
    cleanse_range: int = Field(default=DATA.abilities["cleanse"].range, ge=1, title="Дальность Очищения",
                               description="На сколько клеток действует Очищение (DK-GAP-54).")
    area_friendly_fire: bool = Field(
        default=True, title="Огонь по своим",
        description="Огненное дыхание и поток бьют и своих юнитов (DK-GAP-55).")
    exhaustion_duration: Literal["one_round", "until_cleansed"] = Field(
        default="one_round", title="Длительность Истощения",
        description="Сколько держится Истощение (DK-GAP-57).",
        json_schema_extra=choices(("one_round", "до начала следующего хода хозяина заклинателя"),
                                  ("until_cleansed", "до снятия")))
    exhaustion_stacks: bool = Field(default=False, title="Истощение складывается",
                                    description="Повторное Истощение усиливает прежнее (DK-GAP-57).")
    poison_reapply: Literal["add_three", "reset_to_three"] = Field(
        default="add_three", title="Повторное отравление",
        description="Что делает новое отравление с уже отравленным юнитом (DK-GAP-59).",
        json_schema_extra=choices(("add_three", "+3 хода"), ("reset_to_three", "снова 3 хода")))
    zeal_retarget: bool = Field(
        default=False, title="Рвение в другую цель",
        description="Дополнительная атака Рвения или Берсерка может уйти в другую цель, названную в строке "
                    "(DK-GAP-63).")
    vampirism_basis: Literal["hp_removed", "damage_computed"] = Field(
        default="hp_removed", title="Вампиризм лечит",
        description="По чему считается лечение вампиризмом (DK-GAP-66).",
        json_schema_extra=choices(("hp_removed", "по снятым хп"), ("damage_computed", "по вычисленному урону")))

    # --- spells ---------------------------------------------------------------------------------
    spell_duration: Literal["one_round", "until_dispelled"] = Field(
        default="one_round", title="Длительность заклинаний",
        description="Сколько держатся заклинания (DK-GAP-68).",
        json_schema_extra=choices(("one_round", "до начала следующего хода заклинателя"),
                                  ("until_dispelled", "до снятия")))
    luck_mode: Literal["plus_points", "times_1_2"] = Field(
        default="plus_points", title="Удача",
        description="Как Удача меняет шанс (DK-GAP-71).",
        json_schema_extra=choices(("plus_points", "+20 процентных пунктов"), ("times_1_2", "шанс ×1,2")))

    # --- upkeep -----------------------------------------------------------------------------------
    vanish_weakness: Literal["upkeep", "tier", "max_hp"] = Field(
        default="upkeep", title="Кто исчезает при нехватке маны",
        description="Как выбирается слабейший юнит, когда маны не хватает на содержание (DK-GAP-07).",
        json_schema_extra=choices(("upkeep", "по содержанию"), ("tier", "по ступени улучшения"),
                                  ("max_hp", "по наибольшему хп")))

    # --- the Hero ---------------------------------------------------------------------------------
    hero_spawn_chance: int = Field(
        default=0, ge=0, le=100, title="Шанс появления Героя, %",
        description="Шанс появления Героя в конце каждого круга; 0 — только по решению мастера "
                    "(DK-GAP-74).")
    hero_mode: Literal["auto_with_review", "gm_manual"] = Field(
        default="auto_with_review", title="Ходы Героя",
        description="Кто пишет ходы Героя и гнома (DK-GAP-75).",
        json_schema_extra=choices(("auto_with_review", "предлагает сервер, мастер может поправить"),
                                  ("gm_manual", "пишет мастер")))

    @model_validator(mode="after")
    def _sane(self) -> Options:
        if self.cleanse_range > DATA.map.size:
            raise ValueError(f"дальность Очищения больше карты ({DATA.map.size} клеток)")
        return self

    def mine_contents(self, kind: str) -> int:
        return getattr(self.default_mine_contents, kind)
