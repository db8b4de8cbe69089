"""A new game (TET-GEN-04, TET-GAP-01…10): the material loaded and checked, coins on the wealth
track, the eight decks shuffled with the secret dice, both pools laid out, trophies drawn for the
monster castles, the first-player token given by lot (or to a named seat) and the epoch-1
initiative phase played.

`setup` (the contract's) keeps the set-up events in ``State.opening``: the service publishes no
step for the set-up, so the first turn's `apply` puts them at the head of step 1's chronicle
(`flow.apply`), after a line saying they come from the set-up seed. `setup_with_events` returns
them instead and leaves ``opening`` empty.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..data import EPOCHS, MaterialError, load_material
from ..options import Options
from ..secrecy import secret_dice
from ..state import Player, State, Trophy
from .phases import draw_trophy, initiative

SETUP_NOTE = ("Подготовка партии. Жребий брошен по зерну подготовки (оно открыто с начала игры), "
              "колоды перетасованы и трофеи вытянуты по тайному зерну игры.")


def setup(options: BaseModel, factions: list[Faction], dice: Dice) -> State:
    """The starting state with the set-up events waiting in ``opening`` for step 1's chronicle."""
    state, events = setup_with_events(options, factions, dice)
    state.opening = [Event(kind="setup", text=SETUP_NOTE), *events]
    return state


def setup_with_events(options: BaseModel, factions: list[Faction], dice: Dice) -> tuple[State, list[Event]]:
    if not isinstance(options, Options):
        options = Options.model_validate(options.model_dump())
    m = load_material(options.board, options.decks, options.trophies)
    lo, hi = options.players
    if not lo <= len(factions) <= hi:
        raise ValueError(f"В этой партии от {lo} до {hi} игроков, а не {len(factions)} (TET-GAP-09).")
    players = {f.id: Player(faction=f.id, name=f.name, coins=options.starting_coins) for f in factions}
    order = [f.id for f in factions]
    events: list[Event] = []
    # D1, TET-GAP-10: the first-player token before epoch 1
    if options.first_holder == "random":
        roll = dice.roll(len(order), "жетон первого игрока")
        holder = order[roll.value - 1]
        events.append(Event(kind="first_holder", clause="TET-GAP-10", rolls=[roll],
                            text=f"Жребий: жетон первого игрока до 1-й эпохи у игрока {players[holder].name}."))
    else:
        if not 1 <= options.first_holder <= len(order):
            raise ValueError(f"Места с номером {options.first_holder} нет (TET-GAP-10).")
        holder = order[options.first_holder - 1]
    state = State(options=options, order=order, players=players, holder=holder)
    secret = secret_dice(dice)
    # D2, TET-GAP-05, TET-GAP-06: decks shuffled in secret, the pools laid out face up
    for e in range(1, EPOCHS + 1):
        state.creature_decks.append(secret.shuffle(m.creature_deck(e), f"колода существ, эпоха {e}")[0])
        state.artifact_decks.append(secret.shuffle(m.artifact_deck(e), f"колода артефактов, эпоха {e}")[0])
    state.creature_pool = [_top(state.creature_decks[0]) for _ in range(options.creature_pool_size)]
    state.artifact_pool = [_top(state.artifact_decks[0]) for _ in range(options.artifact_pool_size)]
    events.append(Event(kind="pools", clause="TET-GAP-06",
                        text="Пулы выложены. Существа: " + _pool_text(state.creature_pool, m)
                        + ". Артефакты: " + _pool_text(state.artifact_pool, m) + "."))
    # D3, TET-GAP-02: the supply and the set-up trophies
    supply = (sorted(lv for lv, n in options.trophy_supply.items() for _ in range(n))
              if options.trophy_supply is not None else m.trophies.supply())
    state.supply = supply
    fixed = dict(options.fixed_trophies or {})
    monsters = list(options.monster_castles) if options.monster_castles is not None else m.monster_castles()
    for cid in [*monsters, *(c for c in fixed if c not in monsters)]:
        if cid not in m.castles:
            raise MaterialError(f"Замок с монстрами «{cid}» не найден на поле (TET-GAP-02).")
        if cid in fixed:
            if fixed[cid] not in state.supply:
                raise MaterialError(f"Трофея уровня {fixed[cid]} для замка «{m.castle(cid).name}» нет в запасе.")
            state.supply.remove(fixed[cid])
            level: int | None = fixed[cid]
        else:
            level = draw_trophy(state, 1, dice, f"трофей: {m.castle(cid).name}")
        if level is None:
            raise MaterialError("Запас трофеев кончился при подготовке (TET-GAP-02).")
        face_up = not options.setup_face_down
        state.trophies[cid] = Trophy(level=level, castle=cid, face_up=face_up, epoch=0)
        shown = f"трофей уровня {level}" if face_up else "трофей рубашкой вверх"
        events.append(Event(kind="trophy_placed", clause="TET-GAP-02", data={"castle": cid, "level": level if face_up else None},
                            text=f"{m.castle(cid).name}: нейтральные монстры, {shown}."))
    # TET-INIT-01: the epoch-1 initiative phase is played normally (TET-GAP-10, TET-GAP-12)
    events.extend(initiative(state))
    state.active = state.holder
    return state, events


def _top(deck: list[str]) -> str | None:
    return deck.pop(0) if deck else None


def _pool_text(pool: list[str | None], m) -> str:
    return ", ".join(f"{i + 1}) «{m.card_name(c)}»" if c else f"{i + 1}) пусто" for i, c in enumerate(pool))
