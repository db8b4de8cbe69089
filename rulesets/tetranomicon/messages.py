"""The one catalogue of Tetranomicon's Russian messages: every violation code with its text and
hint. A `Violation` is what the checks return (code, clause ID, parameters); `render` makes the
sentence. Names in parameters are already Russian; building, terrain and route codes are
translated here.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .data import BUILDING_NAMES, ROUTE_NAMES, SEGMENT_NAMES, TERRAIN_NAMES, Condition

WHAT = {"artifact": "артефакт", "creature": "существо"}
WHAT_POOL = {"artifact": "пуле артефактов", "creature": "пуле существ"}
TERRAIN_IN = {"plain": "на равнине", "forest": "в лесу", "mountains": "в горах"}

# code → (message, hint or None)
MESSAGES: dict[str, tuple[str, str | None]] = {
    "game_over": ("Партия окончена.", None),
    "not_a_player": ("Вы не участвуете в этой партии.", None),
    "already_passed": ("Вы уже спасовали в этой эпохе и до её конца не действуете.", None),
    "not_your_turn": ("Сейчас ход игрока {active}.", "Подождите своей очереди."),
    "unknown_order": ("Такого действия нет.", "Действия: строительство, маршрут, артефакт, существо, поход или пас."),
    "one_action": ("За ход — одно действие; это уже второе.", "Оставьте одно действие, остальное — в следующие ходы."),
    "too_expensive": ("Действие стоит {cost} мон., а у вас {coins}.", "Выберите действие дешевле или спасуйте."),
    "unknown_castle": ("Нет замка «{castle}».", None),
    "unknown_segment": ("Нет участка «{segment}».", "Участок называют двумя соседними замками или номером («У5»)."),
    "no_such_tower": ("В замке {castle} только {towers} башни, башни {tower} нет.", None),
    "wrong_terrain": ("Башня {tower} в замке {castle} — {terrain_ru}, а {building_ru} строится {needed_in}.",
                      "Выберите башню с подходящей местностью или не называйте башню."),
    "tower_taken": ("Башня {tower} в замке {castle} уже занята: там {building_ru} игрока {owner}.",
                    "Выберите свободную башню или не называйте башню — сервер возьмёт первую свободную."),
    "no_free_tower": ("В замке {castle} нет свободной башни {needed_in} для строения «{building_ru}».", None),
    "monsters_in_castle": ("В замке {castle} нейтральные монстры: строить нельзя, пока трофей не взят.", None),
    "castle_not_connected": ("В замке {castle} ещё никто не строил, а проложенного маршрута к нему нет.",
                             "Сначала проложите маршрут к этому замку (или дождитесь чужого)."),
    "castle_limit": ("В замке {castle} у вас уже {have} строен., а в эпоху {epoch} можно не больше {epoch}.", None),
    "source_not_needed": ("Строению «{building_ru}» не нужен {source_ru}.",
                          "Назовите только нужные: ферма для лесопилки; ферма и лесопилка для рудника; все три для каменоломни."),
    "source_missing": ("В замке {castle} нет вашего строения «{source_ru}».", "Назовите другой замок или не называйте источник."),
    "prerequisite_missing": ("Для строения «{building_ru}» нужно своё строение «{source_ru}», а его у вас нет.", None),
    "no_access": ("Из замка {castle} нет проложенных маршрутов до вашего строения «{source_ru}».",
                  "Доставка идёт только по проложенным маршрутам (любых игроков)."),
    "wrong_route_kind": ("Участок {a} — {b} — это {kind_ru}: маршрут на нём только {right_ru}, не {said_ru}.",
                         "Проверьте участок: может быть, вы имели в виду другой?"),
    "segment_taken": ("На участке {a} — {b} уже лежит маршрут игрока {owner}.", "На участке может лежать только один маршрут."),
    "unknown_card": ("Нет такой карты ({card}).", None),
    "no_such_slot": ("В {pool} только {size} мест, места {slot} нет.", None),
    "slot_empty": ("Место {slot} в {pool} пусто.", None),
    "slot_mismatch": ("На месте {slot} лежит «{there}», а не «{card}».", "Назовите карту или место — не обязательно оба."),
    "card_not_in_pool": ("Карты «{card}» нет в {pool}.", "Взять можно только открытую карту пула."),
    "condition_unmet": ("Условие «{card}» не выполнено: {condition_ru} (у вас {have}).", None),
    "no_trophy": ("В замке {castle} нет трофея.", None),
    "no_buildings_for_campaign": ("Поход начинается из замка с вашим строением, а у вас строений нет.", None),
    "start_without_building": ("В замке {castle} нет вашего строения — поход оттуда не начать.",
                               "Назовите замок со своим строением или не называйте — сервер выберет самый дешёвый."),
    "path_gap": ("Между {a} и {b} нет участка.", "Путь идёт по соседним замкам."),
    "monsters_too_strong": ("Монстры в замке {castle} сильнее вашей армии: {strength} против {swords}.",
                            "Усильте армию — призовите существ."),
    "hidden_too_strong": (("Трофей открыт: монстры в замке {castle} сильнее вашей армии ({strength} против {swords}); "
                          "поход не состоялся, монеты не потрачены."), None),
    # --- the GM's corrections (TET-GM-01) ---------------------------------------------------------
    "gm.unreadable": ("Не понимаю строку правки.", ("например: «Анне +3 монеты», «трофей Каменца — Анне», "
                      "«маршрут У5 — Борису», «убрать строение: Северград, башня 1», «Анне: Грифон из пула», "
                      "«жетон первого игрока — Вере», «Анна: пас снят»")),
    "gm.over": ("Партия окончена: править нечего.", None),
    "gm.amount": ("{said}", None),
    "gm.whom": ("Чей {what}? Назовите одного игрока.", None),
    "gm.coins_low": ("{who}: монет {have}, снять {n} нельзя — монет не бывает меньше нуля (TET-GAP-30).", None),
    "gm.holder_same": ("Жетон первого игрока и так у игрока {who}.", None),
    "gm.passed_already": ("Игрок {who} уже спасовал в этой эпохе.", None),
    "gm.not_passed": ("Игрок {who} в этой эпохе не пасовал — снимать нечего.", None),
    "gm.all_passed": ("Тогда спасуют все, а конец фазы действий правкой не наступает.",
                      "Пусть последний игрок спасует своим ходом."),
    "gm.trophy_level": ("Какого уровня трофей взять из запаса? Напишите число.", "например: «Анне: трофей 3 из запаса»"),
    "gm.supply_missing": ("В запасе нет трофея уровня {level}.", None),
    "gm.castle_no_trophy": ("В замке {castle} нет трофея.", None),
    "gm.trophy_whose": ("Чей трофей? Назовите замок на поле, игрока или запас.",
                        "например: «трофей Каменца — Анне», «трофей 3 Анны — в запас», «Анне: трофей 3 из запаса»"),
    "gm.trophy_not_held": ("У игрока {who} нет такого трофея.", None),
    "gm.trophy_whom": ("Куда положить трофей: игроку, в запас или в замок?", None),
    "gm.castle_busy": ("В замке {castle} уже трофей или строения: монстров туда не вернуть.", None),
    "gm.building_where": ("В каком замке строение?", "например: «строение в Каменце, башня 2 — Борису»"),
    "gm.building_missing": ("В замке {castle} нет такого строения.", None),
    "gm.building_which": ("В замке {castle} подходят несколько строений (башни {towers}).", "Назовите башню: «башня 2»."),
    "gm.building_whom": ("Кому отдать строение?", "например: «строение в Каменце, башня 2 — Борису» или «убрать строение: …»"),
    "gm.same_owner": ("Это и так у игрока {who}.", None),
    "gm.no_segment": ("Между замками {a} и {b} нет участка.", None),
    "gm.route_which": ("Какой маршрут? Назовите участок.", "«маршрут У5» или «маршрут Каменец — Дубрава»"),
    "gm.route_missing": ("На участке {a} — {b} маршрута нет.", None),
    "gm.route_whom": ("Кому отдать маршрут?", "например: «маршрут У5 — Анне» или «убрать маршрут У5»"),
    "gm.card_whom": ("Кому отдать «{card}»?", "например: «Анне: {card} из пула»"),
    "gm.card_nowhere": ("«{card}» нет ни в пуле, ни у игроков.", "Карты из колод правкой не достают: их порядок тайный."),
    "gm.card_whose": ("«{card}» есть у нескольких игроков: назовите, у кого взять.", None),
    "gm.pool_full": ("В {pool} нет свободного места.", None),
}


class Violation(BaseModel):
    """One reason an order is illegal: a catalogue code, the clause ID, the message's parameters."""

    model_config = ConfigDict(frozen=True)

    code: str
    clause: str
    params: dict[str, Any] = Field(default_factory=dict)

    @property
    def message(self) -> str:
        return render(self)[0]

    @property
    def hint(self) -> str | None:
        return render(self)[1]


def _condition_ru(cond: dict[str, Any]) -> str:
    from .rules.conditions import describe
    return describe(Condition.model_validate(cond))


def _expand(params: dict[str, Any]) -> dict[str, Any]:
    out = dict(params)
    for key in ("building", "source"):
        if key in params and params[key] in BUILDING_NAMES:
            out[f"{key}_ru"] = BUILDING_NAMES[params[key]]
    if "terrain" in params:
        out["terrain_ru"] = TERRAIN_NAMES[params["terrain"]]
    if "needed" in params:
        out["needed_in"] = TERRAIN_IN[params["needed"]]
    elif "terrain" in params:
        out["needed_in"] = TERRAIN_IN[params["terrain"]]
    if "kind" in params and params["kind"] in SEGMENT_NAMES:
        out["kind_ru"] = SEGMENT_NAMES[params["kind"]]
        out["right_ru"] = ROUTE_NAMES["water" if params["kind"] == "river" else "land"]
    if "said" in params:
        out["said_ru"] = ROUTE_NAMES[params["said"]]
    if "what" in params:
        out["pool"] = WHAT_POOL[params["what"]]
    if "condition" in params:
        out["condition_ru"] = _condition_ru(params["condition"])
    return out


def render(v: Violation) -> tuple[str, str | None]:
    """The Russian message and hint of a violation."""
    text, hint = MESSAGES[v.code]
    params = _expand(v.params)
    return text.format(**params), (hint.format(**params) if hint else None)
