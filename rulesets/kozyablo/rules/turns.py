"""Who posts now, what kind of post, and what happens at the deadline (checklist §4, KZ-GAP-45).

- «decks»: one simultaneous private step; every player who has not sent a deck posts one. The
  deadline default is the starter deck of his seat's race (KZ-DATA-07).
- «mulligan»: one private step per decision, in turn order (KZ-DEF-MULL-01); default: keep.
- «play»: the active player's post (one main action, KZ-TURN-03); default: the turn is skipped
  (KZ-GAP-45), or — when his capital is over its garrison — the server's garrison move (KZ-DEC-12).
- a pending decision (KZ-DEF-REACT-01, KZ-DEC-03..08): one reaction step for every player in
  ``pending.waiting`` who has not answered; unanswered choices fall to their defaults.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import PostKind, StepMode, TurnInfo

from ..data import book_for
from ..orders import Decline, Move, Mulligan, Skip
from ..refs import capital_sector, sectors_in_order
from ..setup import starter_deck_list
from ..state import State
from .world import creatures_in, enemy_cards_in, garrison_limit, over_garrison, production

DECK_EXAMPLE = ("Столица: [ваша столица].\nСектора: Золотая шахта, Кристаллический рудник, Источник энергии.\n"
                "2x [карта]\n3x [другая карта]\n…")
PLAY_EXAMPLE = ("Играю [карта] в Золотую шахту-2.\nБеру карту.\n"
                "Перемещаю отряд из шахты-1 в рудник-2.\nАтакую в руднике-1.\nПропускаю ход.")
REACTION_PROMPT = ("Напишите цели своих карт («[ваша карта] бьёт [цель].»), уклонение («Уклонение: [существо], "
                   "сбрасываю [карта из руки].»), прикрытие («[защитник] принимает удар на себя.»), выход из тени "
                   "или [С]-способность; «Пас.» — ничего не делать.")
"""Examples name no card: a step's prompt is public, and a card named there would look like a
hint about somebody's hand (checklist §5)."""


def _name(state: State, faction: str) -> str:
    return state.players[faction].name


def turn(state: State) -> TurnInfo:
    if state.phase == "over":
        if state.draw:
            title = "Игра окончена вничью"
        else:
            title = "Игра окончена: победа — " + ", ".join(_name(state, f) for f in state.winners)
        return TurnInfo(phase="over", title=title, over=True)
    if state.phase == "decks":
        waiting = [f for f in state.factions if state.players[f].capital is None]
        return TurnInfo(phase="decks", title="Колоды: каждый присылает список своей колоды", factions=waiting,
                        mode=StepMode.SIMULTANEOUS, post_kind=PostKind.SETUP, private=True,
                        prompt="Список колоды видят только вы и мастер. 15–25 карт, не больше 3 копий карты, "
                               "один герой, карты расы вашей столицы, столица и три сектора. Например:\n"
                               + DECK_EXAMPLE,
                        default="Если не прислать колоду к сроку, вы играете стартовой колодой расы вашего места.")
    if state.phase == "mulligan":
        faction = state.order[state.active]
        p = state.players[faction]
        rules = book_for(state).rules
        return TurnInfo(phase="mulligan", title=f"Замес руки: решает {p.name}", factions=[faction],
                        mode=StepMode.SINGLE, post_kind=PostKind.SETUP, private=True,
                        prompt=(f"Замесов сделано: {p.mulligans} из {rules.max_mulligans}. Напишите «Оставляю руку» "
                                "или какие карты замешать обратно («Замешиваю:» и их названия): колоду "
                                f"перетасуют, {rules.mulligan_mill} верхние карты уйдут в сброс, и вы возьмёте "
                                "столько же новых. Пост видят только вы и мастер."),
                        default="Если не ответить к сроку, рука остаётся как есть.")
    if state.pending is not None:
        pending = state.pending
        waiting = [f for f in pending.waiting if f not in pending.answers]
        who = _name(state, pending.active)
        what = {"attack": f"{who} атакует — решения защиты",
                "retreat": f"{who} отступает — атака по отступающим",
                "react": f"{who}: действие объявлено — окно реакции"}[pending.kind]
        return TurnInfo(phase="reaction", title=what, factions=waiting, mode=StepMode.REACTION,
                        post_kind=PostKind.DECISION,
                        prompt=REACTION_PROMPT,
                        deadline_hours=state.options.reaction_deadline_hours,
                        default="Если не ответить к сроку: каждая ваша карта бьёт случайную допустимую цель, "
                                "карты в тени остаются в тени, без уклонения, без прикрытия и без [С].")
    faction = state.order[state.active]
    p = state.players[faction]
    prod = production(state, faction)
    prompt = (f"Добыча: золото {prod['gold']}, кристаллы {prod['crystals']}, мана {prod['mana']}. "
              f"В руке {len(p.hand)}, в колоде {len(p.deck)}. Одно действие за ход; [С]-способности — до него. "
              "Например:\n" + PLAY_EXAMPLE)
    default = "Если не ответить к сроку, ход пропускается."
    if over_garrison(state, faction):
        default = ("Если не ответить к сроку, сервер выведет из столицы последних вошедших существ "
                   "в первый сектор без врагов.")
        prompt = "Гарнизон столицы превышен: сейчас можно только вывести лишних существ из столицы. " + prompt
    return TurnInfo(phase="play", title=f"Круг {state.round}: ходит {p.name}", factions=[faction],
                    mode=StepMode.SINGLE, post_kind=PostKind.ORDERS, prompt=prompt, default=default)


def default_orders(state: State, faction: str) -> list[BaseModel]:
    """The deadline default of each step (checklist §4, KZ-GAP-45)."""
    if state.phase == "decks":
        return [starter_deck_list(state, faction)] if state.players[faction].capital is None else []
    if state.phase == "mulligan":
        return [Mulligan()]
    if state.phase != "play":
        return []
    if state.pending is not None:
        if faction not in state.pending.waiting or faction in state.pending.answers:
            return []
        if state.pending.kind == "react":
            return [Decline(what="react")]
        from .decisions import default_decision
        return default_decision(state, faction)  # §4: stay hidden, no evasion, no transfer
    if state.order[state.active] != faction:
        return []
    move = garrison_move(state, faction)
    return [move] if move is not None else [Skip()]


def garrison_move(state: State, faction: str) -> Move | None:
    """KZ-DEC-12: the most recently entered creatures over the limit leave the capital for the
    first sector (KZ-DEF-SECT-01 order) without enemy cards; None when the garrison holds."""
    if not over_garrison(state, faction):
        return None
    cap = capital_sector(state, faction)
    if cap is None:
        return None
    inside = creatures_in(state, cap.id, faction)
    extra = len(inside) - garrison_limit(state, faction)
    leaving = sorted(inside, key=lambda p: p.seq)[-extra:]
    sectors = [s for s in sectors_in_order(state) if s.kind != "capital"]
    free = [s for s in sectors if not enemy_cards_in(state, s.id, faction)]
    dest = (free or sectors)[0]
    return Move(pieces=tuple(p.uid for p in leaving), origin=cap.id, dest=dest.id)

