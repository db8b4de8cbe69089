"""The one catalogue of Dice Roll Party's Russian messages, by stable code.

Rules (legality, resolution, turns) and the post reader all take their words from here, so a
code always means the same sentence. Placeholders are `str.format` fields.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- whose move / which step --------------------------------------------------------
    "step.game_over": "Партия окончена, приказы больше не принимаются.",
    "step.not_your_turn": "Сейчас ход не ваш: ждём {who}.",
    "step.wrong_kind": "Сейчас {step}, а эта строка — {kind}.",
    "step.after_attack": "Атака уже объявлена; после неё в этом посте приказов быть не может.",
    "step.defence_done": "Защита уже объявлена.",
    # --- slots and characters ------------------------------------------------------------
    "slot.closed": "Место П{slot} закрыто: персонаж погиб, туда ничего нельзя класть.",
    "slot.unknown": "Нет места П{slot}: места нумеруются от 1 до {slots}.",
    "slot.same": "Нужны два разных персонажа, а указан один и тот же П{slot}.",
    "char.zone_short": "У {who} только {have} ({zone}), а нужно {need}.",
    "char.cap": "На {who} окажется {total} токенов, а больше {cap} персонаж держать не может.",
    "char.emptied": "После этого у {who} не останется ни одного токена — так персонажа не опустошить.",
    "storage.short": "В хранилище {have} {colour}, а нужно {need}.",
    "limit.exceeded": "Это стоит {cost} лимита, а осталось {left}.",
    # --- phase 1 -------------------------------------------------------------------------
    "shift.not_red": "Перекладывать между атакой и защитой можно только красные токены.",
    "swap.same_colour": "Обмен меняет токен одного цвета на токен другого; здесь цвет один и тот же.",
    "swap.lands_wrong": "Токен {colour} не может лечь в зону «{zone}».",
    "transfer.lands_wrong": "Токен с зоны «{zone}» не может лечь в зону «{lands}».",
    "return.disabled": "В этой игре нельзя снимать токены с персонажа обратно в хранилище.",
    "emergency.has_time": "Экстренный обмен возможен, только когда времени нет нигде, а у вас есть {time} времени.",
    "emergency.after_ops": "Экстренный обмен делают до остальных операций фазы ресурсов.",
    "emergency.twice": "Экстренный обмен уже был в этом ходу.",
    "draw.nothing": "Нечего сбрасывать: укажите хотя бы один токен.",
    # --- phase 2 -------------------------------------------------------------------------
    "attack.no_attacker": "Атакующего П{slot} нет: место закрыто.",
    "attack.no_time": "У {who} нет времени — атака стоит {cost}.",
    "attack.cost_exceeds_time": "Атака с усилениями стоит {cost} времени, а у {who} только {time}.",
    "attack.target_closed": "Цель П{slot} {owner} уже погибла.",
    "attack.target_whose": "Соперников несколько — укажите, чьего персонажа атакуете.",
    "attack.target_unknown": "Нет такого соперника: «{faction}».",
    "attack.target_self": "Атаковать своих персонажей нельзя.",
    "attack.cyclic": "По циклическому порядку сейчас атакует П{slot}, а не П{got}.",
    "attack.initiative": "По инициативе атаковать может только персонаж с наибольшим временем ({slots}).",
    "boost.first_turn": "В первый ход партии усиления атаки запрещены — только обычная атака.",
    "boost.class_up_max": "Класс {cls} — уже наибольший (1D20), повышать некуда.",
    "boost.class_up_repeat": "Класс можно повысить только один раз за бросок.",
    "boost.class_up_over": "Столько повышений поднимут класс выше 1D20.",
    "boost.superiority_class0": "Без класса кубик не бросают, так что превосходство невозможно без повышения класса.",
    "boost.gated_superiority": "Превосходство в атаке доступно только при преимуществе аспекта.",
    "boost.gated_def_superiority": "При усилениях по аспектам превосходство в защите недоступно.",
    "boost.gated_insurance": "Страховка доступна только персонажу с аспектом Времени.",
    "boost.gated_counter": "Контратака доступна только защитнику с аспектом Потенциала.",
    "skip.not_allowed": "Пропустить атаку нельзя: {who} может атаковать.",
    # --- phase 3 and soaking -----------------------------------------------------------------
    "defence.cost_exceeds_time": "Усиления защиты стоят {cost} времени, а у {who} только {time}.",
    "defence.presoak_exceeds_time": "После усилений у {who} останется {time} времени — погасить {amount} нечем.",
    "soak.exceeds_time": "Погасить можно не больше {time}: столько времени у {who}.",
    "soak.exceeds_damage": "Урона всего {damage} — погасить больше нельзя.",
    # --- setup, first move, auction --------------------------------------------------------
    "build.total": "В персонаже должно быть ровно {need} токенов, а здесь {got}.",
    "build.slot_done": "Место П{slot} уже расставлено.",
    "build.storage": "На расстановку не хватает {colour}: нужно {need}, в хранилище {have}.",
    "bid.too_low": "Ставка должна быть больше текущей ({bid}).",
    "bid.too_high": "Ставка {amount} больше, чем вы можете снять с персонажей ({most}).",
    "handicap.sum": "Нужно снять ровно {need} времени, а указано {got}.",
    "handicap.slot_twice": "П{slot} назван дважды.",
    # --- deadline / draw notes ---------------------------------------------------------
    "draw.pending_note": "Строки после добора проверены по известной части хранилища; после броска их проверят ещё раз.",
    # --- hints -------------------------------------------------------------------------------
    "hint.drop_boosts": "уберите {what}",
    "hint.use_zone": "укажите, откуда: «из атаки» или «из защиты»",
    "hint.attack_with": "атакуйте {slots}",
    "hint.skip": "напишите «Пропускаю ход.»",
    "hint.basic_attack": "напишите атаку без усилений, например: «{text}»",
    "hint.free_storage": "сначала освободите место или возьмите меньше",
    "hint.bid_min": "поставьте хотя бы {bid}",
    # --- events (chronicle sentences) ------------------------------------------------------
    "event.deal": "Мешок перемешан, токены розданы поровну: {shares}. В мешке осталось {bag}.",
    "event.build_sealed": "{who} сдаёт расстановку: {slots}.",
    "event.build": "{who} расставляет персонажей: {sheets}.",
    "event.builds_revealed": "Расстановки открыты. {sheets}",
    "event.first_roll": "Бросок на первый ход: {results}.",
    "event.first_reroll": "Ничья — перебрасывают: {results}.",
    "event.first_player": "Первый ход: {who}.",
    "event.auction_open": "Аукцион времени открывает {who}.",
    "event.bid": "{who} ставит {amount} времени.",
    "event.pass": "{who} пасует.",
    "event.auction_won": "Аукцион выиграл(а) {who} со ставкой {amount}: ходит первым(ой) и снимает {amount} времени с персонажей.",
    "event.handicap": "{who} снимает время в хранилище: {takes}.",
    "event.turn": "Ход {n}: {who}. Лимит фазы ресурсов — {limit}.",
    "event.shift": "{who}: {char} перекладывает {count} красн. из {src} в {dst}.",
    "event.add": "{who}: на {char} из хранилища — {token} ×{count}.",
    "event.swap_storage": "{who}: {char} отдаёт в хранилище {give} и берёт {take} ×{count}.",
    "event.swap_characters": "{who}: обмен — {a} отдаёт {a_token}, {b} отдаёт {b_token}.",
    "event.transfer": "{who}: {count} {token} с {src} на {dst}.",
    "event.return": "{who}: с {char} в хранилище — {token} ×{count}.",
    "event.reroll": "{who} сбрасывает в мешок {discards} и тянет {count}: {drawn}.",
    "event.emergency": "Времени нет нигде. {who} меняет {discards} на случайные из мешка: {drawn}.",
    "event.emergency_no_time": "Время так и не появилось — {who} пропускает ход.",
    "event.stopped": "Строка «{order}» после добора стала невозможной ({why}); выполнение остановлено, всё до неё в силе.",
    "event.attack": "{who}: {attacker} атакует {target} ({owner}). {dice}. Итог атаки: {final}. Потрачено времени: {cost}.",
    "event.defence": "{who}: {target} защищается. {dice}. Итог защиты: {final}.{paid}",
    "event.hit": "Атака {att} против защиты {dfn} — попадание. Урон: {formula} = {damage}.",
    "event.miss": "Атака {att} против защиты {dfn} — защита выдержала.",
    "event.absorb": "Поглощение: {why}, блок {block}.",
    "event.counter": "Контратака: {src} наносит {dst} {damage} урона.",
    "event.soak": "{who} гасит {amount} урона временем {char}.",
    "event.damage": "{char} ({owner}) теряет {losses}.",
    "event.damage_none": "{char} ({owner}) урона не получает.",
    "event.destroyed": "{char} ({owner}) рассыпается; место закрыто.",
    "event.eliminated": "У {who} не осталось персонажей.",
    "event.skip": "{who} пропускает атаку.",
    "event.win": "Победа: {who}.",
    "event.rounds_over": "Сыграно {rounds} полных кругов — партия окончена по пределу (DRP-GAP-28). {scores}",
    "event.draw": "Ничья: {scores}",
    "event.gm_draw": "Мастер завершил партию ничьей.",
}


def msg(code: str, **kw: object) -> str:
    """The Russian text for ``code`` with its fields filled."""
    return MESSAGES[code].format(**kw)
