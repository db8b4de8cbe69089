"""The Kozyablo post reader's Russian messages, by stable code (``read.*``, ``deck.*``).

Kept beside the reader so codes and sentences change together; the rules' own messages (the
legality checker's violations) come with their text already. `msg` formats one by code.
"""

from __future__ import annotations

READER_MESSAGES: dict[str, str] = {
    # --- the post as a whole ---------------------------------------------------------------------
    "read.empty": "Пост пустой — приказов нет.",
    "read.internal": "Не удалось прочитать пост из-за ошибки сервера; сообщите ГМу (текст сохранён).",
    "read.no_order": "В посте не найдено ни одного приказа.",
    "read.unclosed_quote": "Цитата [quote] открыта и не закрыта — всё после неё считается цитатой и не читается.",
    "read.long_line": "Слишком длинная строка для приказа (больше {limit} знаков) — она не читается.",
    "read.long_line.hint": "Если здесь приказ, напишите его отдельной строкой.",
    "read.game_over": "Игра окончена, приказы больше не принимаются.",
    "read.hint_example": "Например: «{example}»",
    # --- a line that cannot be read --------------------------------------------------------------
    "read.unknown_card": "Нет такой карты: «{typed}».",
    "read.unreadable_word": "Непонятное слово «{word}».",
    "read.maybe": "Может быть, «{word}»?",
    "read.read_as": "«{typed}» прочитано как «{name}».",
    "read.unknown_card_maybe": "Нет такой карты: «{typed}» — может быть, «{name}»?",
    "read.card_ambiguous": "«{typed}» — непонятно, какая карта: {options}.",
    "read.card_ambiguous.hint": "Напишите название полностью.",
    "read.piece_ambiguous": "«{typed}» — на столе таких несколько: {options}.",
    "read.piece_ambiguous.hint": "Уточните номер («{example}») или сектор («в шахте-1»).",
    "read.piece_missing": "На столе нет карты «{typed}»{where}.",
    "read.piece_not_own": "«{name}» — не ваша карта.",
    "read.piece_own": "«{name}» — ваша карта, а здесь нужна вражеская.",
    "read.piece_number": "У {owner} нет карты «{name}» №{number}.",
    "read.hand_missing": "У вас в руке нет карты «{name}».",
    "read.hand_missing.hint": "В руке: {hand}.",
    "read.hand_on_table": "«{name}» уже на столе, а не в руке.",
    # --- sectors -----------------------------------------------------------------------------------
    "read.sector_missing": "Нет сектора «{typed}».",
    "read.sector_missing.hint": "Сектора на столе: {sectors}.",
    "read.sector_ambiguous": "Какой именно сектор: {options}?",
    "read.sector_ambiguous.hint": "Добавьте номер игрока: «{example}».",
    "read.capital_whose": "Непонятно, чья столица: {options}.",
    "read.capital_whose.hint": "Напишите «моя столица», «столица {player}» или название столицы.",
    # --- orders --------------------------------------------------------------------------------------
    "read.play_what": "Не понятно, какую карту играть.",
    "read.play_what.hint": "Например: «Играю «Шмель» в «Золотая шахта-1».»",
    "read.play_where": "Укажите, куда играть «{name}»: в какой сектор.",
    "read.play_where.hint": "Например: «Играю «{name}» в «{sector}».»",
    "read.play_target": "Укажите, на кого играть «{name}».",
    "read.target_in_hand": "«{target}» ещё в руке, а «{name}» играют на карту, которая уже на столе.",
    "read.target_in_hand.hint": "Сначала сыграйте «{target}», а «{name}» — следующим ходом.",
    "read.play_or_move": "«{name}» есть и в руке, и на столе — непонятно, что сделать.",
    "read.play_or_move.hint": "Сыграть из руки или переместить? Напишите «Играю…» или «Перемещаю…».",
    "read.two_readings": "Строку можно понять двояко: {readings}.",
    "read.two_readings.hint": "Добавьте глагол: «Играю…», «Перемещаю…», «… бьёт …» или «Беру карту».",
    "read.type_mismatch": "«{name}» — {actual}, а не {said}.",
    "read.move_what": "Не понятно, кого перемещать.",
    "read.move_what.hint": "Например: «Перемещаю мечника из шахты-1 в рудник-2» или «Весь отряд из шахты-1 — в Позорище».",
    "read.move_where": "Не понятно, куда перемещать.",
    "read.move_from": "Не понятно, откуда перемещать: ваши существа стоят в разных секторах.",
    "read.move_from.hint": "Укажите сектор: «из шахты-1».",
    "read.move_nobody": "В {sector} нет ваших существ.",
    "read.move_not_there": "«{name}» стоит в {where}, а не в {said}.",
    "read.attack_where": "Не понятно, где атаковать.",
    "read.attack_where.hint": "Например: «Атакую в «Кристаллический рудник-1»».",
    "read.pick_no_attack": "Цели ударов пишут вместе с атакой, а атаки в посте нет.",
    "read.pick_no_attack.hint": "Добавьте строку «Атакую в …» или уберите цели.",
    "read.pick_striker": "Не понятно, кто бьёт.",
    "read.pick_targets": "Не понятно, кого бьёт «{name}».",
    "read.target_elsewhere": "«{name}» стоит в «{where}», а бой идёт в «{sector}» — бить можно только тех, кто в секторе боя.",
    "read.place_only": "Назван только сектор «{place}» — не понятно, что там сделать.",
    "read.place_only.hint": "Например: «Атакую в «{place}»» или «Перемещаю … в «{place}»».",
    "read.squad_not_own": "«{name}» играют на свой отряд, а не на чужой.",
    "read.target_twice": "«{name}» названа целью дважды: цели одного удара должны быть разными.",
    "read.all_strike_none": "В {sector} нет ваших карт, которые могут бить.",
    "read.ability_who": "Не понятно, чья способность «{ability}»: у вас её могут применить {options}.",
    "read.ability_nobody": "У ваших карт на столе нет способности «{ability}».",
    "read.ability_not_of": "У «{name}» нет способности «{ability}».",
    "read.ability_kind": "«{ability}» — способность [{actual}], а не [{said}].",
    "read.second_action": "В основную фазу — только одно действие, а «{first}» уже написано выше.",
    "read.second_action.hint": "Оставьте одно действие; [С]-способности действием не считаются.",
    "read.second_mulligan": "Замес уже написан выше — в посте одно решение о руке.",
    # --- decisions -----------------------------------------------------------------------------------
    "read.evade_who": "Не понятно, какое существо уклоняется.",
    "read.evade_card": "Укажите карту из руки, которую сбрасываете для Уклонения.",
    "read.evade_card.hint": "Например: «Уклонение: «Оса-жалоносица», сбрасываю «Роение».»",
    "read.guard_who": "Не понятно, кто принимает удар на себя.",
    "read.strike_who": "Не понятно, чьё существо бьёт.",
    "read.not_main_now": "Сейчас вы отвечаете на чужой ход — основные действия здесь не пишут.",
    # --- mulligan ------------------------------------------------------------------------------------
    "read.mulligan_what": "Не понятно, какие карты замешать.",
    "read.mulligan_what.hint": "Например: «Замешиваю: «Пыльца», «Роение».» или «Оставляю руку.»",
    "read.mulligan_count": "Сказано {said}, а названо карт: {named}.",
    "read.mulligan_only": "Сейчас решается замес руки: напишите «Оставляю руку» или какие карты замешать.",
    # --- deck posts ----------------------------------------------------------------------------------
    "deck.no_capital": "В колоде нет столицы.",
    "deck.no_capital.hint": "Добавьте строку «Столица: Позорище» (или Улей, Козлиная гора, Жлобоград).",
    "deck.two_capitals": "Столица в колоде одна, а здесь ещё одна: «{name}».",
    "deck.not_capital": "«{name}» — не столица.",
    "deck.sectors_count": "Секторов в колоде должно быть ровно 3, а указано {have}.",
    "deck.sectors_count.hint": "Строка «Сектора: Золотая шахта, Кристаллический рудник, Источник энергии».",
    "deck.sector_twice": "Сектор «{name}» указан дважды: нужно по одному каждого вида.",
    "deck.sector_missing": "Нет сектора «{name}»: нужен ровно один каждого вида.",
    "deck.size": "В колоде {have}, а нужно от {low} до {high} (столица и сектора не в счёт).",
    "deck.copies": "«{name}» — {have}, а можно не больше {limit}.",
    "deck.heroes": "Героев в колоде: {names}; можно только {limit}.",
    "deck.heroes.hint": "Оставьте одного героя (до 3 копий).",
    "deck.race": "«{name}» — карта расы «{race}», а столица «{capital}» — раса «{own}».",
    "deck.race.hint": "Карты других рас разрешает только особое свойство столицы.",
    "deck.extra_hero_race": "Второй герой по свойству «{capital}» должен быть героем своей расы, а «{name}» — раса «{race}».",
    "deck.count_zero": "Число копий должно быть от 1, а здесь {count}.",
    "deck.empty": "В посте нет списка колоды.",
    "deck.empty.hint": "Например: «Столица: Позорище», затем строки «2x Позорный лучник».",
}


def msg(code: str, **fields: object) -> str:
    """The message for a code, with its fields filled in."""
    text = READER_MESSAGES[code]
    return text.format(**fields) if fields else text
