"""The reader's own Russian messages (what it could not read, and why); the rules' messages stay
in `rulesets.wargame.messages`."""

from __future__ import annotations

from typing import Any

READER_MESSAGES: dict[str, tuple[str, str | None]] = {
    "read.internal": ("Не удалось прочитать пост: ошибка сервера. Мастер уже видит её в журнале.", None),
    "read.unreadable": ("Строка похожа на приказ, но прочитать её не получилось.",
                        "Напишите так: «{example}»."),
    "read.ambiguous": ("Строку можно понять двояко: {readings}.", "Уточните, что имеется в виду, одним приказом на строке."),
    "read.which": ("«{written}»: какая именно фигура? Есть {options}.", "Укажите номер: «{first}»."),
    "read.no_number": ("«{written}»: фигуры с таким номером в армии нет.", "Номера фигур — в армлисте: «мечник №1»."),
    "read.colour": ("«{written}»: не понять, чья это фигура.", "Добавьте цвет игрока: «орк №3 Красных»."),
    "read.cells_count": ("Фигур названо {figures}, а клеток {cells}: каждой фигуре нужна своя клетка.",
                         "Например: «Лучники №1 и №2 отходят на 3-2 и 4-2»."),
    "read.no_actor": ("Не понятно, какая фигура выполняет приказ.", "Начните строку с имени фигуры: «{example}»."),
    "read.no_cell": ("Не указана клетка.", "Клетка пишется как «x-y»: «{example}»."),
    "read.no_dest": ("Не указано, куда идти.", "Напишите клетку назначения: «{example}»."),
    "read.no_target": ("Не указано, по кому стрелять.", "Назовите цель: «{example}»."),
    "read.no_mage": ("Телепортирует только фигура со способностью «Телепортация» (маг, шаман).",
                     "Например: «Маг телепортирует мечника №3 на 12-10»."),
    "read.no_victim": ("Не названо, в кого уходит шальной выстрел.", "Назовите фигуру: «{example}» или «Случайно»."),
    "read.no_casualties": ("Не понятно, кто убит и кто ранен.", "Например: «{example}» или «Пусть решит кубик»."),
    "read.not_candidates": ("Эти фигуры не участвовали в проигранной схватке.", "Назовите свои фигуры из схватки: «{example}»."),
    "read.no_figures": ("Не названы фигуры без спас-броска.", "Например: «{example}» или «Пусть решит кубик»."),
    "read.no_side": ("Не понятно, с кем первый бой.", "Например: «{example}»."),
    "read.no_artifact": ("Не понятно, какой артефакт активировать.", "Например: «{example}»."),
    "read.no_card": ("Не понятно, какую карту вы играете.", "Например: «Играю карту «Каменная кожа»» или «Карт не играю»."),
    "read.wrong_phase": ("Сейчас {phase}: такой приказ в этой фазе не пишут.", "Сейчас ждём: {expected}."),
    "read.answer_no": ("На это решение нельзя ответить отказом.", "{prompt} Или: «Пусть решит кубик»."),
    "read.not_answer": ("Этот пост не отвечает на решение ({decision}).", "{prompt}"),
    "read.continue_order": ("Продолжение пишут после строки атаки с ходу этой же фигуры.",
                            "Например: «Рыцарь идёт на 8-8, атака с ходу.» и ниже «Если победит — дальше на 9-7.»"),
    "deploy.twice_line": ("«{who}» уже расставлен выше в этом посте.", "Каждая фигура ставится одной строкой."),
}


def msg(code: str, **params: Any) -> tuple[str, str | None]:
    message, hint = READER_MESSAGES[code]
    safe = _Safe(params)
    return message.format_map(safe), hint.format_map(safe) if hint else None


class _Safe(dict):
    def __missing__(self, key: str) -> str:
        return "…"
