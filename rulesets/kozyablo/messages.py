"""The one catalogue of Kozyablo's Russian rule messages, by stable code.

Legality errors and hints (``code``, ``code.hint``), the chronicle (``event.<kind>``) and the live
check's summaries (``describe.<kind>``) take their words from here, so a code always means the same
sentence. Placeholders are `str.format` fields. The post reader keeps its own reading messages.
"""

from __future__ import annotations

from typing import Any

from letopis.engine.events import Event
from letopis.engine.text import plural

from .rules.violations import Violation

MESSAGES: dict[str, str] = {
    # --- whose turn, which step -------------------------------------------------------------------
    "turn.game_over": "Игра окончена, приказы больше не принимаются.",
    "turn.eliminated": "Ваша столица пала — вы выбыли из игры.",
    "turn.not_yours": "Сейчас не ваш ход — ходит {who}.",
    "turn.not_yours.hint": "В чужой ход можно только отвечать на решения боя и применять [С] в окне реакции.",
    "turn.pending": "Ход {who} ждёт ответов других игроков — новые действия пока не принимаются.",
    "turn.deck_only": "В этом посте ждём только список колоды.",
    "turn.mulligan_only": "Сейчас решается замес руки: напишите «Оставляю руку» или какие карты замешать.",
    "turn.mulligan_not_now": "Замешивать руку можно только в начале партии, в свой черёд.",
    "turn.decision_only": "Это решение принимают в ответ на бой, а не в своём ходе.",
    "turn.second_action": "В основную фазу — только одно действие, а «{first}» уже написано выше.",
    "turn.second_action.hint": "Оставьте одно действие; [С]-способности действием не считаются.",
    "turn.free_after_main": "[С]-способности пишут до основного действия, а здесь оно уже было выше.",
    "turn.trigger_late": "Выбор для карты «в начале хода» пишут в самом верху поста, до других приказов.",
    # --- cards in hand ------------------------------------------------------------------------------
    "hand.missing": "У вас в руке нет карты «{card}».",
    "hand.missing.hint": "В руке: {hand}.",
    "card.unknown": "Нет такой карты: «{card}».",
    "card.not_playable": "«{card}» — не карта для розыгрыша с руки.",
    # --- production and requirements ------------------------------------------------------------------
    "prod.short": "Для «{card}» нужна добыча {res} {need}, а у вас {have}.",
    "prod.short.hint": "Добыча растёт от секторов под вашим контролем: {sectors}.",
    "hero.crystals": "Герою нужна добыча кристаллов {need} или больше, а у вас {have}.",
    "req.sector": "Для «{card}» нужно контролировать хотя бы один сектор (столица не в счёт).",
    "req.sector.hint": "Займите шахту, рудник или источник своим существом.",
    # --- where a card goes ----------------------------------------------------------------------------
    "sector.unknown": "Нет такого сектора: «{sector}».",
    "play.where": "Укажите, в какой сектор играть «{card}».",
    "play.target_needed": "Укажите, на кого или на что играть «{card}».",
    "crea.enemy_capital": "Существ нельзя играть в чужую столицу ({sector}).",
    "crea.enemy_cards": "В секторе {sector} есть карты противника — существо туда не сыграть.",
    "crea.enemy_cards.hint": "Существо играют в сектор без вражеских карт или в свою столицу.",
    "crea.capital_under_attack": "В вашей столице враг: существа и артефакты можно играть только в неё.",
    "garrison.full": "В столице {sector} гарнизон {limit}: там уже {have} ваших существ.",
    "garrison.full.hint": "Предел гарнизона снят, только пока в вашей столице есть карты противника.",
    "hero.dead": "«{card}» уже погиб — герой не возвращается в игру.",
    "hero.in_play": "«{card}» уже в игре — второй копии героя на столе быть не может.",
    "bld.not_capital": "Постройки ставят только в свою столицу ({capital}).",
    "bld.full": "В {capital} уже {have} построек из {limit} возможных.",
    "art.no_hero": "Артефакт «{card}» играют на героя «{hero}», а его у вас на столе нет.",
    "art.wrong_hero": "Артефакт «{card}» — только для героя «{hero}».",
    "art.shadow": "Герой в тени — артефакт на него не сыграть.",
    "art.capital_under_attack": "В вашей столице враг: артефакт можно сыграть только на героя в столице.",
    "art.already": "На «{hero}» уже есть «{card}».",
    "target.unknown": "Цели «{target}» нет на столе.",
    "target.not_own": "«{card}» играют только на своё существо, а «{target}» — чужое.",
    "target.not_enemy": "«{card}» играют только на вражеское существо.",
    "target.not_creature": "«{target}» — не существо.",
    "target.shadow": "Существо в тени не может быть целью магии и событий.",
    "target.magic_protection": "У «{target}» Защита от магии: карты магии на него не действуют (кроме «Слова Летаро»).",
    "target.undead": "«{card}» не действует на Нежить, а «{target}» — Нежить.",
    "target.not_building": "«{card}» бьёт только вражескую постройку или вражескую столицу.",
    "target.capital_own": "Свою столицу целью «{card}» не выбрать.",
    "squad.none": "У вас нет отряда в секторе {sector}.",
    "squad.not_own": "«{card}» играют на свой отряд.",
    "squad.all_protected": "В отряде в секторе {sector} нет ни одного существа, на которое подействует магия.",
    "maneuver.where": "Укажите, куда перенести существо: «Играю «Позорный манёвр» на «…» в «…».»",
    "maneuver.same": "Существо и так стоит в секторе {sector}.",
    "maneuver.enemy": "В секторе {sector} есть вражеские карты — туда манёвром не перенести.",
    "maneuver.enemy_capital": "Манёвром нельзя перенести в чужую столицу.",
    "draw.empty_deck": "Колода пуста — брать нечего.",
    "draw.empty_deck.hint": "Пустая колода — не поражение; выберите другое действие.",
    # --- moves ---------------------------------------------------------------------------------------
    "move.empty": "Кого перемещать? Назовите существ.",
    "move.same": "Откуда и куда — один и тот же сектор ({sector}).",
    "move.not_own": "«{who}» — не ваше существо.",
    "move.not_there": "«{who}» стоит не в секторе {sector}, а в секторе {at}.",
    "move.building": "«{who}» — постройка: постройки не перемещаются.",
    "move.capital_to_capital": "Из столицы в столицу напрямую не переходят: сначала в любой другой сектор.",
    "move.garrison": "В столице {sector} гарнизон {limit}, а после перемещения там будет {have} ваших существ.",
    "move.garrison_due": "Гарнизон столицы превышен ({have} из {limit}): сейчас можно только вывести лишних из столицы {capital}.",
    "move.garrison_due.hint": "Переместите из столицы столько существ, чтобы осталось не больше {limit}.",
    "move.garrison_short": "После этого перемещения в столице {capital} останется {have} существ — больше гарнизона {limit}.",
    # --- attacks -------------------------------------------------------------------------------------
    "attack.no_striker": "В секторе {sector} у вас нет ни одной карты, способной ударить.",
    "attack.no_enemy": "В секторе {sector} нет карт противника — атаковать некого.",
    # --- abilities -----------------------------------------------------------------------------------
    "abil.unknown_piece": "Карты «{who}» нет на столе.",
    "abil.not_own": "«{who}» — не ваша карта.",
    "abil.none": "У «{who}» нет способности «{ability}».",
    "abil.free_used": "«{ability}» у «{who}» в этом круге уже применена.",
    "abil.free_used.hint": "[С]-способность карты можно применить {limit} раз за круг: от начала вашего хода до начала следующего.",
    "abil.action_in_reaction": "[Д]-способность — это действие: в чужой ход её не применить.",
    "regen.full": "«{who}» цел — регенерация ничего не даст.",
    "shadow.already": "«{who}» уже в тени.",
    "shadow.scout": "В секторе {sector} вражеский Разведчик — уйти в тень там нельзя.",
    # --- trigger choices -----------------------------------------------------------------------------
    "trigger.none": "У «{who}» нет срабатывания с выбором в начале хода.",
    "trigger.target": "«{target}» — не ваше существо в вашей столице.",
    "trigger.twice": "Выбор для «{who}» уже написан выше.",
    # --- mulligan ------------------------------------------------------------------------------------
    "mull.limit": "Замешивать руку можно не больше {limit} раз, и все замесы уже сделаны.",
    "mull.small_deck": "В колоде {have}: для замеса нужно хотя бы {need} (они уйдут в сброс).",
    "mull.done": "Вы уже оставили руку — замес окончен.",
    # --- decisions outside their step ----------------------------------------------------------------
    "decision.not_now": "Сейчас решений боя не ждут.",
    # --- chronicle -----------------------------------------------------------------------------------
    "event.deck_in": "{who}: колода принята.",
    "event.mulligan": "{who} замешивает в колоду {n}; в сброс уходят {milled}.",
    "event.mulligan_private": "Вы замешали {returned}, взяли {drawn}.",
    "event.keep": "{who} оставляет руку.",
    "event.keep_forced": "{who} больше не может менять руку и оставляет её.",
    "event.battle_begins": "Раздача окончена — битва начинается! Первым ходит {who}.",
    "event.turn_start": "Круг {round}: ходит {who}.",
    "event.draw": "{who} берёт карту.",
    "event.draw_private": "Вы взяли «{card}».",
    "event.draw_cards": "{who} берёт из колоды {n}.",
    "event.draw_cards_private": "Вы взяли: {cards}.",
    "event.draw_short": "В колоде {who} больше нет карт.",
    "event.play_piece": "{who} играет «{card}» в {sector}.",
    "event.play_building": "{who} ставит постройку «{card}» в {sector}.",
    "event.play_artifact": "{who} играет артефакт «{card}» на {target}.",
    "event.play_on": "{who} играет «{card}» на {target}.",
    "event.play_squad": "{who} играет «{card}» на свой отряд в секторе «{sector}».",
    "event.play_plain": "{who} играет «{card}».",
    "event.damage": "{target} получает {n} урона.",
    "event.capital_damage": "{capital} получает {n} урона (всего {total} из {life}).",
    "event.destroyed": "{target} погибает — карта уходит в сброс.",
    "event.artifact_lost": "Артефакт «{card}» уходит в сброс вместе с героем.",
    "event.hero_dead": "Герой «{card}» погиб и больше не вернётся в игру.",
    "event.heal": "{target} восстанавливает {n} {lives}.",
    "event.heal_none": "{target} и так цел — лечить нечего.",
        "event.lasting_on": "«{card}» действует {how}.",
    "event.lasting_off": "Действие «{card}» закончилось — карта уходит в сброс.",
    "event.discard_instant": "«{card}» уходит в сброс.",
    "event.maneuver": "{target} переносится из {origin} в {dest} (атаки по отступающим нет).",
    "event.move": "{who} перемещает {pieces} из {origin} в {dest}.",
    "event.move_shadow": "{who} перемещает карту в тени из {origin} в {dest}.",
    "event.skip": "{who} пропускает ход.",
    "event.regen": "{who} регенерирует: +{n} {lives}.",
    "event.regen_full": "{who} регенерирует, но ран на нём нет.",
    "event.shadow": "{owner}: {who} уходит в тень — карта переворачивается рубашкой вверх.",
    "event.unshadow": "{who} выходит из тени.",
    "event.armour_bonus": "{who}: «{ability}» — Броня +{n} до конца хода.",
    "event.trigger_heal": "«{card}»: {target} восстанавливает {n} {lives}.",
    "event.trigger_heal_none": "«{card}»: {target} и так цел — лечить нечего.",
    "event.trigger_idle": "«{card}»: в столице некого лечить.",
    "event.capture": "{who} захватывает {capital}!",
    "event.eliminated": "{who} выбывает из игры, и все карты этого игрока уходят со стола.",
    "event.winner": "Победа: {who}!",
    "event.draw_game": "Прошло {rounds} кругов — игра окончена вничью.",
    "event.reaction_wait": "{active} объявляет: {said} Ждём ответа: {who}.",
    "event.react_pass": "{who}: пас.",
    "event.sole_target": "Единственная возможная цель {striker} — {target}: выбрана без вопроса.",
    "event.sole_hidden": "«{card}» остаётся в тени: выйти и ударить некого, так что вопрос не задаётся.",
    # --- the GM's corrections (KZ-DEF-GM-01) -----------------------------------------------------
    "event.gm_production": "Правка мастера: {who} — добыча {res} {delta} (теперь {now}).",
    "event.gm_wound": "Правка мастера: {who} — урон {delta} (осталось {left}).",
    "event.gm_wound_hidden": "Правка мастера: урон на карте в тени ({who}) изменён.",
    "event.gm_capital": "Правка мастера: {who} — урон {delta} (осталось {left} из {life}).",
    "event.gm_move": "Правка мастера: «{card}» ({who}) — {src} {dst}.",
    "event.gm_move_hidden": "Правка мастера: {who} — {card} {src} {dst}.",
    "event.gm_move_private": "Правка мастера: «{card}» — {src} {dst}.",
    "gm.a_card": "карта",
    "gm.a_shadow_card": "карта в тени",
    "gm.from_hand": "из руки",
    "gm.from_deck": "из колоды",
    "gm.from_discard": "из сброса",
    "gm.to_hand": "в руку",
    "gm.to_discard": "в сброс",
    "gm.to_deck_top": "наверх колоды",
    "gm.to_deck_bottom": "под низ колоды",
    "gm.to_deck_shuffle": "в колоду, колода перемешана",
    "gm.in_table": "на столе",
    "gm.in_hand": "в руке",
    "gm.in_deck": "в колоде",
    "gm.in_discard": "в сбросе",
    "gm.in_anywhere": "ни на столе, ни в руке, ни в колоде, ни в сбросе",
    "gm.of_player": "у игрока {names}",
    "gm.of_players": "у игроков {names}",
    "gm.where_piece": "«{piece}» в секторе «{sector}»",
    "gm.where_card": "«{card}» {zone} игрока {who}",
    "gm.no_capital_yet": "её ещё нет",
    "gm.empty": "В правке нет ни одной строки.",
    "gm.read_as": "Имя прочитано так: {what}.",
    "gm.examples": "например: «Анне +2 золота», «Анне в руку: Оса», «карту Шмель №2 Бориса — в сброс», "
                   "«Шмель №1 Бориса получает 1 урона», «Позорище: урон 3»",
    "gm.unreadable": "Не понимаю строку правки.",
    "gm.amount": "{said}",
    "gm.resource": "Не знаю ресурс «{what}».",
    "gm.resource.hint": "Добыча бывает: {known} — например, «Анне +2 золота».",
    "gm.owner_ambiguous": "«{typed}» подходит к нескольким игрокам: {names}.",
    "gm.owner_ambiguous.hint": "Напишите имя игрока.",
    "gm.owners_differ": "В строке названы два разных хозяина карты.",
    "gm.owners_differ.hint": "Карты не переходят от игрока к игроку: назовите одного хозяина.",
    "gm.wound_whom": "Чей урон править? Назовите карту на столе или столицу.",
    "gm.wound_amount": "Сколько урона? Напишите число.",
    "gm.wound_amount.hint": "Например: «Шмель №1 Бориса получает 1 урона», «+1 урон», «урон 0», «лечится на 2».",
    "gm.sector_no_damage": "«{sector}» — не столица: урон бывает только у карт и столиц.",
    "gm.card_unknown": "Нет такой карты: «{card}».",
    "gm.card_unknown.hint": "Карты называют, как в посте: «Шмель», «Позорного мечника», «Осу-жалоносицу».",
    "gm.move_which": "Какую карту перекладывать? Назовите её.",
    "gm.move_where": "Куда положить карту?",
    "gm.move_where.hint": "Например: «… — в руку», «… — в сброс», «… — наверх колоды», «… — в Золотую шахту-1».",
    "gm.move_twice": "В строке два «откуда» или два «куда»: одна строка — одна карта и одно место.",
    "gm.table_where": "В какой сектор положить карту?",
    "gm.table_where.hint": "Назовите сектор: «… — в Золотую шахту-1», «… — в Позорище».",
    "gm.card_nowhere": "Карты «{card}» нет {where}.",
    "gm.card_nowhere.hint": "Карта перекладывается оттуда, где она есть: правка не создаёт карт.",
    "gm.card_where": "«{card}» есть в нескольких местах: {options}.",
    "gm.card_where.hint": "Напишите, откуда взять карту: «… из руки», «… из колоды», «… из сброса» — или номер и "
                          "хозяина карты на столе: «Шмель №2 Бориса».",
    "gm.not_a_piece": "«{card}» не кладут на стол отдельной картой: на столе лежат существа, герои и постройки.",
    "gm.pending": "Ход ждёт ответов на объявленное действие: карты перекладывают после его розыгрыша.",
    "gm.building_capital": "Постройку «{card}» ставят только в столицу её хозяина ({capital}).",
    "gm.hero_twice": "«{card}» уже на столе — второй копии героя там быть не может.",
    "gm.no_capital": "У игрока {who} ещё нет столицы — добычу править рано.",
    "gm.production_low": "{who}: добыча {res} — {have}, снять {n} нельзя.",
    "gm.heal_too_much": "{name}: урона на карте {have}, столько не снять.",
    "gm.would_kill": "{name}: {life}, такой урон убил бы карту.",
    "gm.would_kill.hint": "Правка урона не убивает: чтобы убрать карту, напишите «… — в сброс».",
    "gm.would_destroy": "{name}: {life}, такой урон разрушил бы столицу.",
    "gm.would_destroy.hint": "Правка не разрушает столиц и не решает исход игры.",
    # --- live check summaries ----------------------------------------------------------------------
    "describe.play": "Сыграть «{card}»{where}.",
    "describe.draw": "Взять верхнюю карту колоды (в колоде {n}).",
    "describe.move": "Переместить {pieces} из {origin} в {dest}.",
    "describe.retreat": " Все ваши существа уходят из сектора с врагом — будет атака по отступающим.",
    "describe.attack": "Атаковать в секторе {sector}.",
    "describe.ability": "«{who}»: {ability}.",
    "describe.skip": "Пропустить ход.",
    "describe.mulligan": "Замешать {n}; 3 верхние карты колоды уйдут в сброс.",
    "describe.keep": "Оставить руку как есть.",
    "describe.trigger": "«{who}» в начале хода: {target}.",
    "describe.deck": "Колода: {n}.",
    "describe.decision": "Решение в бою.",
}


def msg(code: str, **fields: Any) -> str:
    """The message for ``code`` with ``fields`` filled in (a missing field is left visible)."""
    text = MESSAGES[code]
    try:
        return text.format(**fields)
    except (KeyError, IndexError):
        return text


def violation(code: str, clause: str, warning: bool = False, **fields: Any) -> Violation:
    """A `Violation` whose message (and hint, when the catalogue has ``code.hint``) come from here."""
    hint_code = code + ".hint"
    hint = msg(hint_code, **fields) if hint_code in MESSAGES else None
    return Violation(code=code, message=msg(code, **fields), clause=clause, hint=hint, warning=warning)


def event(kind: str, clause: str | None = None, *, faction: str | None = None, public: bool = True,
          data: dict[str, Any] | None = None, rolls: list | None = None, **fields: Any) -> Event:
    """A chronicle event whose text is ``event.<kind>`` filled with ``fields``."""
    return Event(kind=kind, text=msg(f"event.{kind}", **fields), data=dict(data or {}), rolls=list(rolls or []),
                 clause=clause, faction=faction, public=public)


# --- names in sentences --------------------------------------------------------------------------------
def place(state: Any, sector_id: str, case: str = "acc") -> str:
    """A sector as a sentence names it: «в Золотую шахту-2», «из Позорища» (the case of the
    preposition; the «-N» number is kept as it is)."""
    from .refs import sector_name
    from .rules.declension import decline
    name = sector_name(state, sector_id)
    base, dash, number = name.rpartition("-")
    if dash and number.isdigit():
        return decline(base, case, animate=False) + "-" + number  # type: ignore[arg-type]
    return decline(name, case, animate=False)  # type: ignore[arg-type]


def piece_in(state: Any, uid: str, case: str = "nom") -> str:
    """A card on the table in a sentence («Позорного щитоносца №2»; «карта в тени» for a hidden one)."""
    from .rules.declension import who
    piece = state.pieces.get(uid)
    if piece is None:
        return uid
    return who(state, piece, case)  # type: ignore[arg-type]


def target_in(state: Any, target: str, case: str = "acc") -> str:
    """A piece or a capital (``capital:<sector>``) in a sentence."""
    if target.startswith("capital:"):
        return place(state, target[len("capital:"):], case)
    return piece_in(state, target, case)


def cards_acc(n: int) -> str:
    """«1 карту», «2 карты», «5 карт» (the accusative: «берёт из колоды 2 карты»)."""
    return f"{n} {plural(n, 'карту', 'карты', 'карт')}"
