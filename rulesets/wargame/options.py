"""Per-game options: every switch the checklist's gaps name, with the documented defaults.

A GM sets them when creating a game; `map` and `armies` name TOML files (in ``data/`` or an
absolute path), so another battlefield or an edited army needs no Python (WG-GAP-01, WG-GAP-05).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from letopis.engine.options import choices, files, keys

from .data import DEFAULT_ARMIES, DEFAULT_MAP

MIN_PLAYERS = 2
MAX_PLAYERS = 4

BASE_MP = {"warrior": 4, "mage": 4, "machine": 2, "dragon": 6}  # WG-DEF-MOVE-01


class Options(BaseModel):
    model_config = ConfigDict(frozen=True)

    map: str = Field(DEFAULT_MAP, title="Файл карты",
                     description="Поле боя: размер, местность и зоны расстановки (WG-GAP-01).",
                     json_schema_extra=files("data/*map*.toml"))
    board_width: int | None = Field(None, ge=2, le=200, title="Ширина поля",
                                    description="Сколько клеток в ширину; пусто — как в файле карты.")
    board_height: int | None = Field(None, ge=2, le=200, title="Высота поля",
                                     description="Сколько клеток в высоту; пусто — как в файле карты.")
    armies: tuple[str, ...] = Field(
        DEFAULT_ARMIES, min_length=1, title="Армлисты",
        description="Армлист каждого места расстановки; если мест больше, армлисты идут по кругу "
                    "(WG-GAP-05).",
        json_schema_extra=files("data/*.toml", exclude="*map*"))
    base_mp: dict[str, int] = Field(
        default_factory=lambda: dict(BASE_MP), title="Базовые ОМ",
        description="Очки маневра каждого вида фигур (WG-GAP-02).",
        json_schema_extra=keys(warrior="воины", mage="маги", machine="боевые машины", dragon="драконы"))
    line_of_sight: bool = Field(False, title="Линия видимости",
                                description="Стрелять можно только по видимой цели (WG-GAP-03).")
    real_shooting: Literal["virtual_profile", "gm_entered"] = Field(
        "virtual_profile", title="Реальная стрельба",
        description="Как решается выстрел настоящим снарядом (WG-GAP-04).",
        json_schema_extra=choices(("virtual_profile", "по виртуальному профилю"), ("gm_entered", "результат вносит мастер")))
    posting: Literal["phased", "merged"] = Field(
        "phased", title="Посты за ход",
        description="Пишут ли игроки маневр и стрельбу отдельными постами (WG-GAP-06).",
        json_schema_extra=choices(("phased", "пост на каждую фазу"), ("merged", "один пост за ход")))
    magic_cards: bool = Field(False, title="Карты магии",
                              description="Играть с картами магии; их действие применяет мастер (WG-GAP-20).")
    dodge_in_melee: bool = Field(False, title="Уворот в рукопашной",
                                 description="В рукопашной можно увернуться от виртуального выстрела (WG-GAP-08).")
    decision_deadline_hours: int = Field(48, ge=1, title="Срок ответа на решение, ч",
                                         description="Сколько часов ждать решения игрока; потом решает кубик "
                                                     "(WG-GAP-09, WG-DEF-DECIDE-01).")
    post_deadline_hours: int | None = Field(
        None, ge=1, title="Срок поста маневра и стрельбы, ч",
        description="Через сколько часов молчащий игрок стоит на месте и не стреляет; пусто — срок задаёт "
                    "мастер (WG-GAP-33).")
    wounded_halving: Literal["total", "separate"] = Field(
        "total", title="Очки раненого",
        description="Как делятся пополам очки раненой фигуры (WG-GAP-11).",
        json_schema_extra=choices(("total", "от всей суммы фигуры"), ("separate", "раздельный подсчёт")))
    dragon_wound_reset: bool = Field(True, title="Рана дракона снимается",
                                     description="Раненый дракон теряет жизнь, и рана снимается (WG-GAP-14).")
    support_mode: Literal["pyramid", "contact_only", "any_adjacent"] = Field(
        "pyramid", title="Поддержка в схватке",
        description="Кто из не касающихся врага фигур вступает в схватку (WG-GAP-15).",
        json_schema_extra=choices(("pyramid", "пирамида: рядом с двумя участниками"),
                                  ("contact_only", "только касающиеся врага"),
                                  ("any_adjacent", "любая фигура рядом с участником")))
    multi_order: Literal["lexicographic", "pair_sum"] = Field(
        "lexicographic", title="Порядок боёв",
        description="В каком порядке идут бои нескольких игроков (WG-GAP-18).",
        json_schema_extra=choices(("lexicographic", "по меньшему, затем по большему броску"),
                                  ("pair_sum", "по сумме бросков пары")))
    auto_charge: bool = Field(False, title="Атака с ходу без слов «с ходу»",
                              description="Ход в контакт с врагом сам считается атакой с ходу (WG-GAP-21).")
    charge_melee_repeats: bool = Field(False, title="Повторный бой после атаки с ходу",
                                       description="Бившиеся с ходу бьются и в фазе рукопашной (WG-GAP-21).")
    friendly_fire_credit: Literal["target_owner", "none"] = Field(
        "target_owner", title="Артефакт за командира, убитого своими",
        description="Кому достаётся артефакт командира, убитого своими или магией (WG-GAP-22).",
        json_schema_extra=choices(("target_owner", "тому, кому засчитали бы убийство"), ("none", "никому")))
    artifact_activation: Literal["tradition", "gm_only"] = Field(
        "tradition", title="Активация артефактов",
        description="Как активируются артефакты без карт магии (WG-GAP-24).",
        json_schema_extra=choices(("tradition", "по «Традиции»"), ("gm_only", "только мастером")))
    saves_for_machines_and_dragons: bool = Field(
        False, title="Спас-броски машин и драконов",
        description="Боевые машины и драконы делают спас-броски (WG-GAP-25).")
    round_limit: int = Field(12, ge=1, title="Предел ходов",
                             description="После стольких ходов битва кончается по очкам (WG-GAP-30, WG-DEF-WIN-03).")
    hidden_deployment: bool = Field(False, title="Скрытая расстановка",
                                    description="Расстановку соперника видно, только когда её сдали все.")

    def base(self, kind: str) -> int:
        return self.base_mp.get(kind, BASE_MP[kind])
