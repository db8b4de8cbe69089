"""The post reader's Russian messages, by stable code (``read.*``).

Kept beside the reader so its codes and sentences change together; the rules' own messages (the
legality checker's violations) come with their text already. `msg` formats one by code.
"""

from __future__ import annotations

READER_MESSAGES: dict[str, str] = {
    # --- the post as a whole ---------------------------------------------------------------
    "read.empty": "Пост пустой — приказов нет.",
    "read.internal": "Не удалось прочитать пост из-за ошибки сервера; сообщите ГМу (текст сохранён).",
    "read.unclosed_quote": "Цитата [quote] открыта и не закрыта — всё после неё считается цитатой и не читается.",
    "read.long_line": "Слишком длинная строка для приказа (больше {limit} знаков).",
    # --- a line that cannot be read --------------------------------------------------------
    "read.unreadable": "Строка похожа на приказ, но прочитать её не удалось.",
    "read.unreadable_word": "Непонятное слово «{word}».",
    "read.no_action": "Не понятно, что юнит должен сделать.",
    "read.read_as": "«{word}» прочитано как «{meant}».",
    "read.frame_ambiguous": "Строку можно понять двояко: {readings}.",
    "read.hint_frame": "допишите глагол, например: {examples}.",
    "read.no_actor": "Не сказано, какой юнит выполняет «{what}».",
    "read.actor_ambiguous": "Не понятно, какой юнит выполняет «{what}».",
    # --- units -----------------------------------------------------------------------------
    "read.unit_unknown": "Не найден {what}.",
    "read.unit_ambiguous": "«{what}» — непонятно, кто именно.",
    "read.unit_kind_unknown": "Не знаю, кто такой «{what} №{number}»: такого вида юнитов в игре нет.",
    "read.unit_former": "{what} — это уже {now} (юнит улучшен); понял как {now}.",
    "read.unit_not_yours": "{what} — не ваш юнит, приказывать ему нельзя.",
    "read.unit_cell_mismatch": "{what} стоит на {where}, а не на {said}.",
    # --- cells and directions --------------------------------------------------------------
    "read.cell_outside": "Клетки {cell} нет на карте: строки и столбцы от 1 до {size}.",
    "read.cell_needed": "Не указана клетка для «{what}».",
    "read.move_where": "Не понятно, куда идти: укажите клетку или направление.",
    "read.move_from": "Юнит стоит на {where}, а не на {said}.",
    "read.move_no_path": "До {cell} не дойти: нет пути по свободным клеткам за {ap} ОД.",
    "read.move_path_note": "Путь до {cell}: {path}.",
    "read.move_beside": "{who} уже стоит рядом с {what} — идти никуда не нужно.",
    "read.goal_unknown": "Куда идти: на карте нет «{what}».",
    "read.goal_ambiguous": "К какому из них идти: {where}?",
    "read.hint_path_longer": "Кратчайший путь — {n} {steps} ({path}); за {ap} ОД можно дойти, например, до {near}.",
    "read.hint_path_goal": "Клетка {cell} закрыта: {why}.",
    "read.hint_path_closed": "Все подходы к {cell} закрыты: {cells}.",
    "read.direction_needed": "Не указано направление: вверх, вниз, влево, вправо или по диагонали.",
    "read.diagonal_which": "Какая диагональ: вверх-вправо, вверх-влево, вниз-вправо или вниз-влево?",
    "read.direction_cell": "Клетка {cell} не лежит на одной линии с юнитом ({where}) — направление не понять.",
    # --- unit orders -----------------------------------------------------------------------
    "read.no_mine_here": "На {cell} нет шахты.",
    "read.mine_kind": "На {cell} {actual}, а не {said}; понял как добычу в ней.",
    "read.mine_which": "Какую шахту разрабатывать? Укажите клетку.",
    "read.building_kind": "Какое здание строить? Например: стену, Боевую башню, Госпиталь.",
    "read.tower_which": "Какую башню: Боевую или Замедляющую?",
    "read.not_buildable": "{what} не строится импами.",
    "read.second_altar": "Второй Алтарь построить нельзя: он у архидемона один.",
    "read.new_source": "Новый Источник Силы не построить: Источники можно только захватывать.",
    "read.building_unknown": "Не найдено здание «{what}».",
    "read.building_ambiguous": "Какое именно здание «{what}»: {where}?",
    "read.no_building_at": "На {cell} нет здания.",
    "read.object_unknown": "Не найден предмет «{what}» рядом с юнитом.",
    "read.object_ambiguous": "Какой предмет подобрать: {where}?",
    "read.target_needed": "Не указана цель для «{what}».",
    "read.rune_use": "Что сделать с руной: положить в Алтарь (открыть ветку) или обменять на ману?",
    "read.rune_which": "Какую руну: Огня, Тьмы или Смерти?",
    "read.source_unknown": "Не найден Источник Силы{where}.",
    "read.hospital_unknown": "Рядом с юнитом нет вашего Госпиталя.",
    "read.buff_unknown": "«{what}» — не заклинание-благословение.",
    # --- archdemon orders ------------------------------------------------------------------
    "read.summon_kind": "Призвать можно только импа или беса.",
    "read.summon_what": "Кого призвать: импа или беса?",
    "read.summon_cell_many": "Клетку можно указать только для одного призываемого юнита.",
    "read.upgrade_to": "До кого улучшать? Например: «бес №2 улучшается до жреца».",
    "read.upgrade_whom": "Не сказано, какой юнит улучшать.",
    "read.spell_unknown": "Не понятно, какое заклинание.",
    "read.spell_target": "Не указано, на кого наложить {what}.",
    "read.alchemy_what": "Не понятно, во что перегонять ману: в золото, железо или тальдеар.",
    "read.alchemy_amount": "Не указано, сколько маны перегонять.",
    "read.alchemy_multiple": "{mana} маны не делится на цену ({rate} маны за 1): можно {lower} или {upper} маны.",
    "read.alchemy_mismatch": "{mana} маны дают {got}, а не {said}.",
    "read.artifact_unknown": "Какой артефакт: меч, броню, амулет или корону?",
    "read.spirit_kind": "Какого духа послать: духа-защитника, духа доблести или духа жизни?",
    "read.tower_unknown": "Не найдена ваша Боевая башня{where}.",
    "read.tower_ambiguous": "Какая башня стреляет: {where}?",
    "read.tower_building": "Боевая башня не стреляет по зданиям — только по вражеским юнитам.",
    "read.spell_building": "Здания неуязвимы для заклинаний: {spell} на {what} не наложить.",
    "read.hint_spell_unit": "Заклинание накладывают на юнита, например: «{spell} на {whom}».",
    "read.tower_too_many": "Боевая башня стреляет не больше {most} раз за ход, а в приказе {shots}.",
    "read.hint_tower_shots": "Напишите, например: «Боевая башня на {cell}: стреляет {most} раза».",
    # --- action points (DK-TURN-02, DK-GAP-14) ---------------------------------------------
    "read.ap_index": "По счёту это {expected}-е ОД юнита, а в строке написано «{said}».",
    "read.ap_count": "Это действие тратит {cost} ОД, а в строке указано {said}.",
    "read.repeat_fixed": "«{what}» нельзя повторить в одной строке; напишите каждое действие отдельно.",
    # --- notes -----------------------------------------------------------------------------
    "read.stay": "{who} в этот ход ничего не делает — ОД не тратятся (и сгорят в конце хода).",
    "read.question": "Вопрос ГМу — не приказ.",
    "read.bookkeeping_resource": "По данным сервера {resource}: {actual}, а в посте {said}.",
    "read.bookkeeping_unit": "По данным сервера {what} стоит на {actual}, а в посте {said}.",
    "read.bookkeeping_unit_missing": "В посте указан {what}, но такого юнита нет.",
    "read.header_failed": "Юнит из заголовка в строке {line} не найден — эта строка не выполнится.",
    # --- hints -----------------------------------------------------------------------------
    "read.hint_maybe": "может быть, «{word}»?",
    "read.hint_units": "есть: {who}.",
    "read.hint_number": "подходят {who} — укажите номер, например «{example}».",
    "read.hint_kind": "подходят {who} — укажите вид юнита, например «{example}».",
    "read.hint_actor": "подходят {who} — назовите юнит, например «{example}».",
    "read.hint_example": "например: «{example}».",
    "read.hint_close_quote": "закройте цитату тегом [/quote].",
    "read.hint_cell": "клетку пишут «строка-столбец», например 37-15.",
    "read.hint_long_line": "разбейте строку: один приказ — одна строка.",
    "read.hint_header": "напишите приказ строкой ниже, например «1 ОД: перемещается на 36-15.»",
}


def msg(code: str, **kw: object) -> str:
    """The Russian text of a reader message, formatted."""
    text = READER_MESSAGES[code]
    return text.format(**kw) if kw else text
