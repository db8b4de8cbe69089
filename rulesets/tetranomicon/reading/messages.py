"""The reader's Russian messages: what it could not read, and the notes on what it read with a
slip. The rules' own violations (costs, towers, cards, paths) are in `..messages`."""

from __future__ import annotations

from typing import Any

READER_MESSAGES: dict[str, tuple[str, str | None]] = {
    "read.internal": ("Сервер не смог разобрать этот пост (ошибка на нашей стороне).",
                      "Напишите ход попроще или сообщите мастеру."),
    "read.empty": ("Пост пуст.", "Напишите одно действие или «Пас»."),
    "read.game_over": ("Партия окончена: ходов больше нет.", None),
    "read.no_castle": ("Не понял, в каком замке строить.", "Назовите замок, например: «{example}»."),
    "read.unknown_castle": ("Не знаю замка «{word}».", "Замки на поле: {castles}."),
    "read.no_building": ("Не понял, что строить.",
                         "Назовите строение: ферма, лесопилка, рудник или каменоломня."),
    "read.mountain": ("На горной башне можно поставить и рудник, и каменоломню — что именно?",
                      "Назовите строение: «рудник в {castle}» или «каменоломня в {castle}»."),
    "read.no_segment": ("Не понял, на каком участке прокладывать маршрут.",
                        "Назовите два соседних замка через тире или номер участка: «{example}»."),
    "read.no_such_segment": ("Между замками {a} и {b} нет участка.", "Соседи замка {a}: {neighbours}."),
    "read.many_castles": ("Маршрут лежит между двумя замками, а названо больше: {castles}.",
                          "Назовите два соседних замка или номер участка."),
    "read.no_card": ("Не понял, какую карту взять.", "В пуле {pool_name}: {pool}. Назовите карту или место («слот 2»)."),
    "read.unknown_card": ("Нет карты «{word}».", "В пуле {pool_name}: {pool}."),
    "read.wrong_card_kind": ("«{card}» — это {kind_ru}, а не {wanted_ru}.",
                             "Существ призывают, артефакты создают — проверьте, что вы имели в виду."),
    "read.two_cards": ("В строке названо несколько карт: {cards}, а за ход — одно действие, одна карта.",
                       "Оставьте одну карту, остальные — в следующие ходы."),
    "read.no_target": ("Не понял, на какой замок идёт поход.", "Трофеи сейчас лежат в замках: {castles}."),
    "read.path_without_start": ("Путь похода назван без замка выступления.",
                                "Добавьте, откуда выступаете: «Поход на {target} из … через …»."),
    "read.sources_alone": ("Источники ресурсов названы, а строительства в посте нет.",
                           "Напишите, что и где строите, например: «{example}»."),
    "read.ambiguous": ("Строку можно понять двояко: {readings}.", "Допишите глагол: «строю», «прокладываю», «создаю», «призываю», «поход»."),
    "read.unreadable": ("Строка похожа на приказ, но я её не понял.", "Например: «{example}»."),
    "read.long_line": (("Строка слишком длинна для приказа (больше {limit} знаков) и не читается, а в ней, "
                        "похоже, есть приказ."), "Если здесь приказ, напишите его отдельной строкой."),
    "read.note_fit": ("«{written}» прочитано как «{name}».", None),
}


def msg(code: str, **params: Any) -> tuple[str, str | None]:
    text, hint = READER_MESSAGES[code]
    return text.format(**params), (hint.format(**params) if hint else None)
