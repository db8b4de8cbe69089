"""The one catalogue of the wargame's Russian messages, by stable code.

Violations (``code`` and ``code.hint``) and chronicle sentences (``event.<kind>``) take their words
from here; placeholders are `str.format` fields. `violation()` builds a typed `Violation` with the
most specific clause ID; `say()` formats a chronicle sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from letopis.engine.problems import Problem, Severity
from letopis.engine.text_words import counted, plural

MESSAGES: dict[str, str] = {
    # --- whose post ----------------------------------------------------------------------------
    "turn.over": "Битва окончена, приказы больше не принимаются.",
    "turn.not_yours": "Сейчас пишет {who}: {phase}.",
    "turn.not_yours.hint": "Ответы на решения принимаются в любое время, пока решение ждёт.",
    "turn.decision_waits": "Бой ждёт решения игрока {who} ({decision}); новые приказы пока не принимаются.",
    "turn.wrong_kind": "Сейчас {phase}: «{order}» в этой фазе не пишут.",
    "turn.no_decision": "Сейчас никакого решения от вас не ждут.",
    # --- figures -------------------------------------------------------------------------------
    "fig.unknown": "Такой фигуры нет в игре.",
    "fig.not_own": "«{who}» — не ваша фигура.",
    "fig.dead": "«{who}» уже {dead}.",
        "fig.not_deployed": "«{who}» ещё не {placed} на поле.",
    # --- deployment ----------------------------------------------------------------------------
    "deploy.zone": "Клетка {cell} вне вашей зоны расстановки ({zone}).",
    "deploy.occupied": "Клетка {cell} уже занята: там {who}.",
    "deploy.rock": "На {cell} скала — туда фигуру не поставить.",
    "deploy.twice": "«{who}» уже {placed}.",
    "deploy.missing": "Не {placed}: {who}.",
    "deploy.missing.hint": "Каждая фигура армии ставится в вашу зону одной строкой «Мечник №1 — 5-2.»",
    # --- movement ------------------------------------------------------------------------------
    "move.off_board": "Клетки {cell} нет на поле {w}×{h}.",
    "move.origin": "«{who}» стоит на {at}, а не на {origin}.",
    "move.no_path": "До {cell} нет пути: дорогу закрывают занятые клетки, скалы или контакт с врагом.",
    "move.too_far": "До {cell} самый дешёвый путь стоит {cost} ОМ, а у {whose} {om} ОМ.",
    "move.too_far.hint": "Выберите клетку ближе или путь дешевле (лес 2 ОМ, подъём +1 ОМ за уровень).",
    "move.dest_occupied": "Клетка {cell} занята: там {who}.",
    "move.dest_rock": "На {cell} скала — туда не пройти.",
    "move.machine_tower": "Боевая машина не въедет на {cell}.",
    "move.done": "«{who}» уже {went} в эту фазу маневра.",
    "move.om_note": "Путь стоит {cost} ОМ, а в посте написано {note} ОМ.",
    "move.summary": "{who}: {path}, {cost} ОМ, остаётся {left} ОМ.",
    "move.contact": " — контакт с врагом",
    "hold.summary": "{who} стоит на месте.",
    # --- charge --------------------------------------------------------------------------------
    "charge.not_first": "Атаку с ходу проводит только игрок, который ходит первым в этом ходу ({who}), "
                        "или телепортированные фигуры.",
    "charge.no_contact": "После хода на {cell} «{who}» не будет в контакте с врагом — атаковать с ходу некого.",
    "continue.no_charge": "Продолжение пишут сразу после строки атаки с ходу этой же фигуры.",
    # --- teleport ------------------------------------------------------------------------------
    "tele.no_ability": "У {whose} нет способности «Телепортация».",
    "tele.used": "«{who}» уже {did} телепортацию в этом ходу.",
    "tele.moved": "«{who}» уже {went} в эту фазу, а телепортация — вместо движения.",
    "tele.not_warrior": "Телепортировать можно себя или своего воина рядом, а «{whom}» не воин.",
    "tele.not_near": "«{whom}» стоит дальше 1 шага от {whose}.",
    "tele.too_far": "{cell} дальше 8 шагов от {whose}.",
    # --- storm ---------------------------------------------------------------------------------
    "storm.no_tower": "С {cell} рядом нет занятой клетки башни — штурмовать нечего.",
    "storm.om": "Для штурма нужно сохранить 2 ОМ, а после хода у {whose} остаётся {left} ОМ.",
    "storm.on_tower": "«{who}» уже на башне.",
    # --- shooting ------------------------------------------------------------------------------
    "shot.no_weapon": "У {whose} нет оружия для стрельбы.",
    "shot.which_weapon": "У {whose} несколько орудий: укажите, из какого стрелять ({names}).",
    "shot.unknown_weapon": "У {whose} нет оружия «{weapon}».",
    "shot.fired": "«{weapon}» у {whose} уже {fired} в эту фазу.",
    "shot.in_melee": "«{who}» в рукопашной (враг в 1 шаге) и стрелять не может.",
    "shot.machine_moved": "«{who}» {moved} в этом ходу, а боевая машина после движения не стреляет.",
    "shot.own_target": "«{whom}» — своя фигура; стреляют только по врагу.",
    "shot.no_target": "«{whom}» сейчас не на поле.",
    "shot.range": "До {whom} {dist}, а «{weapon}» бьёт не дальше чем на {range}.",
    "shot.min_range": "До {whom} {dist}, а «{weapon}» бьёт не ближе чем на {min}.",
    "shot.sight": "{whom} не видно: линию огня закрывает {what} на {cell}.",
    "shot.summary": "{who} стреляет по {whom}: {dice}, попадание на {need}.",
    # --- decisions -----------------------------------------------------------------------------
    "dec.wrong_answer": "Этот ответ не подходит к решению «{decision}».",
    "dec.not_candidate": "«{who}» не из тех, кого можно выбрать: {options}.",
    "dec.lethal_count": "Смертельный урон {gets} {need}, а {named}.",
    "dec.lethal_count.short": "{gets} {need}",
    "dec.lethal_sum": "Смертельные доли ({sum}) больше разницы {diff}.",
    "dec.lesser": "Ранения {gets} ещё {need}, а {named}.",
    "dec.nosave_count": "Без спас-броска {stay} {need}, а {named}.",
    "dec.cell": "«{who}» не может встать на {cell}: можно {options}.",
    "dec.opponent": "С этим игроком у вас боя нет.",
    "dec.artifact": "Артефакт «{name}» нельзя активировать: можно {options}.",
    "dec.tower": "Каждый претендент занимает одну освобождённую клетку башни: {options}.",
    "dec.no_cards": "Карты магии в этой игре выключены.",
    # --- prompts (what a pending decision asks) ----------------------------------------------------
    "ask.stray": "Шальной выстрел: кто из стоящих рядом с целью получает попадание — {options}?",
    "ask.casualties": "Схватка проиграна с разницей {diff}: {portions} (после смертельных долей остаётся {rest}). "
                      "{question}",
    "ask.casualties.both": "Кто из {options} убит, а кто ранен?",
    "ask.casualties.lethal": "Кто из {options} убит?",
    "ask.casualties.lesser": "Кто из {options} ранен?",
    "ask.nosave": "Без спас-броска {stay} {count} из {options} — кто именно?",
    "ask.save_step": "{saves}: {who} {may} шагнуть в сторону ({options}) или остаться.",
    "ask.dodge_step": "Уворот удался: {who} может шагнуть на любую свободную соседнюю клетку ({options}) или остаться.",
    "ask.withdraw": "Схватка окончена. Кого отвести на шаг назад или вбок и куда? {options}.",
    "ask.fight_first": "Вы в схватке сразу с двумя противниками. С кем первый бой — {options}?",
    "ask.tower": "Башня взята: кто из {who} займёт {cells} {options}?",
    "ask.artifact": "Убит вражеский командир: какой артефакт активировать — {options}?",
    "ask.continue": "Атака с ходу выиграна: {who} может идти дальше, осталось {om} ОМ.",
    "ask.card": "Проверка атаки с ходу: {result}. Сыграете карту «Используйте карту, когда сочтете нужным»?",
    "default.random": "Если не ответить к сроку, решит кубик.",
    "default.casualties": "Если не ответить к сроку, решит кубик: сначала смертельные доли, потом ранения.",
    "default.stay": "Если не ответить к сроку, фигуры остаются на месте.",
    "default.withdraw": "Если не ответить к сроку, никто не отходит.",
    "default.fight_first": "Если не ответить к сроку, порядок боёв решит бросок кубиков.",
    "default.tower": "Если не ответить к сроку, каждый по порядку армлиста займёт ближайшую клетку "
                     "(из равноудалённых выберет кубик).",
    "default.continue": "Если не ответить к сроку, продолжения не будет.",
    "default.card": "Если не ответить к сроку, карта не сыграна.",
    # --- the GM's corrections (correct.py) ------------------------------------------------------
    "gm.empty": "В правке нет ни одной строки.",
    "gm.unreadable": "Не понимаю строку правки.",
    "gm.unreadable.hint": "Например: «Орк №1 Бориса: ранен», «Мечник №2: на 8-8», «Катапульта: +1 повреждение», "
                          "«Активировать артефакт «Знамя доблести» (Аня)», «Карта «Каменная кожа» (Борис): …».",
    "gm.cards_off": "Карты магии в этой игре выключены.",
    "gm.cards_off.hint": "Их включает настройка игры «Карты магии» (WG-GAP-20).",
    "gm.card_player": "Не понятно, кто сыграл карту.",
    "gm.card_player.hint": "Имя игрока пишется в скобках: «Карта «Каменная кожа» (Борис): вожак не получает урона».",
    "gm.card": "{who} играет карту «{card}»{said}. Действие применяет мастер.",
    "gm.by_card": "по карте «{card}»",
    "gm.by_gm": "правка мастера",
    "gm.figure": "{name}: {what} ({how}).",
    "gm.now": "теперь {now}",
    "gm.artifact_unknown": "Такого артефакта нет ни в одном армлисте этой игры.",
    "gm.artifact_whose": "Такой артефакт есть у нескольких игроков.",
    "gm.artifact_whose.hint": "Укажите владельца в скобках: «Активировать артефакт «Знамя доблести» (Аня)».",
    "gm.artifact_asleep": "Артефакт «{name}» и так не активен.",
    "gm.artifact_stronger": "Артефакт «{name}» сильнее карты «{card}»: карта не может его погасить, пока жив хранитель.",
    "gm.artifact_off": "Правка мастера: артефакт «{name}» ({who}) погашен.",
    "gm.artifact_keeper": "Хранителя артефакта «{name}» нет на поле — активировать нечего.",
    "gm.artifact_active": "Артефакт «{name}» уже активен.",
    "gm.artifact_on": "{who} активирует артефакт «{name}» ({how}).",
    "gm.artifact_again": "Артефакт «{name}» спит: вернувшийся хранитель активирует его заново.",
    "gm.artifact_random": "{who} активирует случайный артефакт «{name}»: {victim} {killed} картой «{card}»{dice}.",
    "gm.alive": "«{name}» {alive} — возвращать некого.",
    "gm.not_on_board": "«{name}» не на поле.",
    "gm.not_wounded": "«{name}» не {wounded} — исцелять нечего.",
    "gm.wounded": "«{name}» уже {wounded}.",
    "gm.machine_wound": "У боевой машины нет ран, только повреждения.",
    "gm.machine_wound.hint": "Например: «Катапульта: +1 повреждение».",
    "gm.no_lives": "Жизни считают только у драконов.",
    "gm.lives": "Жизней у {whose} может быть от 0 до {most}.",
    "gm.no_units": "Повреждения считают только у боевых машин.",
    "gm.units": "Повреждений у {whose} не может стать меньше нуля.",
    "gm.no_cell": "Не указана клетка.",
    "gm.no_cell.hint": "Например: «Орк №1 воскрешён на 8-8».",
    "gm.cell_taken": "Клетка {cell} занята, за краем поля или это скала.",
}


def text(code: str, **fields: Any) -> str:
    return MESSAGES[code].format(**fields)


def figures_count(n: int) -> str:
    """«1 фигура», «3 фигуры», «5 фигур»."""
    return counted(n, "фигура", "фигуры", "фигур")


def dice_count(n: int) -> str:
    """«1 кубик», «2 кубика», «5 кубиков»."""
    return counted(n, "кубик", "кубика", "кубиков")


def points_count(n: int) -> str:
    """«1 очко», «2 очка», «5 очков»."""
    return counted(n, "очко", "очка", "очков")


def steps_count(n: int) -> str:
    """«1 шаг», «3 шага», «8 шагов»."""
    return counted(n, "шаг", "шага", "шагов")


def count_fields(need: int, have: int) -> dict[str, str]:
    """The words of «Смертельный урон получают 2 фигуры, а названа 1»: how many figures a choice
    needs, with its verb agreeing («получает 1 фигура», «остаются 2 фигуры»), and how many the
    player named («названа 1», «названы 3», «названо 5», «не названо ни одной»)."""
    named = f"{plural(have, 'названа', 'названы', 'названо')} {have}" if have else "не названо ни одной"
    return {"need": figures_count(need), "named": named, "gets": plural(need, "получает", "получают", "получают"),
            "stay": plural(need, "остаётся", "остаются", "остаются")}


@dataclass(frozen=True)
class Violation:
    """Why an order is not legal: a stable code, a Russian message and hint, the clause broken."""

    code: str
    message: str
    clause: str
    hint: str | None = None
    warning: bool = False

    def problem(self, line: int, col_start: int = 0, col_end: int = 0) -> Problem:
        return Problem(line=line, col_start=col_start, col_end=col_end, code=self.code, message=self.message,
                       hint=self.hint, clause=self.clause,
                       severity=Severity.WARNING if self.warning else Severity.ERROR)


def violation(code: str, clause: str, *, warning: bool = False, **fields: Any) -> Violation:
    hint = MESSAGES.get(code + ".hint")
    return Violation(code=code, message=text(code, **fields), clause=clause,
                     hint=hint.format(**fields) if hint else None, warning=warning)


class Illegal(Exception):
    """Raised inside pure rule helpers; carries the `Violation`."""

    def __init__(self, v: Violation) -> None:
        super().__init__(v.message)
        self.violation = v
