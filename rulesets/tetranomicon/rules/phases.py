"""The automatic phases of an epoch, resolved by the server with every number in the chronicle:
initiative (TET-INIT-*), income re-ranked by abundance (TET-INC-*), the creature phase (TET-CRE-*)
and the final scoring (TET-END-*). Each function changes the state it is given and returns events.
"""

from __future__ import annotations

from letopis.engine.dice import Dice
from letopis.engine.events import Event

from ..data import BUILDING_KINDS, BUILDING_NAMES, STANDARD_LEVEL, material_for
from ..secrecy import secret_dice
from ..state import Score, State, Trophy
from .costs import COMPENSATION, army_strength, glory, influence

CATEGORIES = ("wealth", "influence", "strength", "glory")
CATEGORY_NAMES = {"wealth": "Богатство", "influence": "Влияние", "strength": "Сила", "glory": "Слава"}


# --- initiative -------------------------------------------------------------------------------
def initiative_winner(state: State) -> str:
    """The fewest coins; a tie goes to the earliest clockwise from the holder (TET-INIT-01, TET-INIT-02),
    the holder counting first (``holder_first``) or last (``after_holder``, TET-GAP-11)."""
    n = len(state.order)
    low = min(state.players[f].coins for f in state.order)
    h = state.seat(state.holder)
    first = 0 if state.options.initiative_tie == "holder_first" else 1
    for step in range(first, first + n):
        f = state.order[(h + step) % n]
        if state.players[f].coins == low:
            return f
    raise AssertionError("no player")


def initiative(state: State) -> list[Event]:
    """Give the first-player token; the one who lost it gains 1 coin (TET-INIT-03), in epoch 1 too
    (TET-GAP-12)."""
    old = state.holder
    new = initiative_winner(state)
    coins = ", ".join(f"{state.players[f].name} — {state.players[f].coins}" for f in state.order)
    name = state.players[new].name
    data = {"epoch": state.epoch, "holder": new, "previous": old,
            "coins": {f: state.players[f].coins for f in state.order}}
    if new == old:
        text = (f"Эпоха {state.epoch}, фаза инициативы. Монеты: {coins}. Жетон первого игрока остаётся "
                f"у игрока {name}.")
        return [Event(kind="initiative", text=text, data=data, clause="TET-INIT-01")]
    state.holder = new
    state.players[old].coins += COMPENSATION
    text = (f"Эпоха {state.epoch}, фаза инициативы. Монеты: {coins}. Жетон первого игрока переходит к игроку "
            f"{name} (меньше всего монет); {state.players[old].name} получает {COMPENSATION} мон. компенсации "
            f"(теперь {state.players[old].coins}).")
    data["compensation"] = COMPENSATION
    return [Event(kind="initiative", text=text, data=data, clause="TET-INIT-03")]


# --- income -----------------------------------------------------------------------------------
def income_levels(counts: dict[str, int]) -> dict[str, int]:
    """Re-ranked levels: the most numerous type gets 1, the next 2…; equal counts keep the standard
    order, lower standard level first (TET-INC-03, TET-INC-04; the book's example, TET-INC-05:
    2 farms, 3 sawmills, 3 mines → sawmill 1, mine 2, farm 3, quarry 4)."""
    ranked = sorted(BUILDING_KINDS, key=lambda k: (-counts.get(k, 0), STANDARD_LEVEL[k]))
    return {k: i + 1 for i, k in enumerate(ranked)}


def building_counts(state: State) -> dict[str, int]:
    return {k: sum(1 for b in state.buildings if b.kind == k) for k in BUILDING_KINDS}


def income(state: State) -> list[Event]:
    """Every player, passed or not, gets the base income plus the levels of their buildings
    (TET-INC-01, TET-INC-06)."""
    counts = building_counts(state)
    levels = income_levels(counts)
    ranking = ", ".join(f"{BUILDING_NAMES[k]} — {levels[k]} ({counts[k]} на поле)"
                        for k in sorted(BUILDING_KINDS, key=levels.__getitem__))
    events = [Event(kind="income_levels", clause="TET-INC-03",
                    text=f"Эпоха {state.epoch}, фаза доходов. Уровни по обилию: {ranking}.",
                    data={"epoch": state.epoch, "counts": counts, "levels": levels})]
    base = state.options.base_income
    for f in state.order:
        own = [b.kind for b in state.buildings_of(f)]
        parts = [f"{own.count(k)}×{levels[k]} ({BUILDING_NAMES[k]})" for k in BUILDING_KINDS if own.count(k)]
        gained = sum(levels[k] for k in own)
        p = state.players[f]
        p.coins += base + gained
        sums = f"{base} базовых + " + (" + ".join(parts) + f" = {base + gained}" if parts else "0 за строения")
        events.append(Event(kind="income", faction=f, clause="TET-INC-06",
                            text=f"{p.name}: {sums}; теперь {p.coins} мон.",
                            data={"base": base, "buildings": gained, "total": base + gained, "coins": p.coins}))
    return events


# --- creature phase ---------------------------------------------------------------------------
def draw_trophy(state: State, minimum: int, dice: Dice, purpose: str) -> int | None:
    """Draw a token at random among the supply tokens of level ≥ minimum (TET-GAP-02, TET-GAP-21)."""
    eligible = [i for i, level in enumerate(state.supply) if level >= minimum]
    if not eligible:
        return None
    pick, _ = secret_dice(dice).choice(eligible, purpose)
    return state.supply.pop(pick)


def refill_castles(state: State) -> list[str]:
    """Castles that get a new trophy: freed (TET-GAP-20) or every empty one, with no trophy and no
    player building (TET-CRE-01)."""
    m = material_for(state)
    scope = state.freed if state.options.refill_scope == "freed" else list(m.castles)
    return [c for c in m.castles if c in scope and c not in state.trophies and not state.buildings_in(c)]


def creature_phase(state: State, dice: Dice) -> list[Event]:
    """Epochs 1–3 (TET-CRE-05: not in epoch 4): new trophies, all face up, the creature pool
    renewed from the next epoch's deck, artifacts kept and empty places refilled (TET-GAP-23)."""
    m = material_for(state)
    e = state.epoch
    minimum = e if state.options.refill_min == "epoch" else e + 1
    events: list[Event] = []
    for cid in refill_castles(state):
        level = draw_trophy(state, minimum, dice, f"трофей: {m.castle(cid).name}")
        name = m.castle(cid)
        if level is None:
            events.append(Event(kind="trophy_none", clause="TET-GAP-21",
                                text=f"{name.name}: в запасе нет трофеев уровня {minimum} и выше — замок пуст.",
                                data={"castle": cid, "minimum": minimum}))
            continue
        state.trophies[cid] = Trophy(level=level, castle=cid, face_up=True, epoch=e)
        events.append(Event(kind="trophy_placed", clause="TET-CRE-01",
                            text=f"{name.name}: появляются монстры, трофей уровня {level} (не ниже {minimum}).",
                            data={"castle": cid, "level": level, "minimum": minimum}))
    hidden = [c for c, t in state.trophies.items() if not t.face_up]
    for cid in hidden:
        t = state.trophies[cid]
        state.trophies[cid] = t.model_copy(update={"face_up": True})
        events.append(Event(kind="trophy_revealed", clause="TET-CRE-02", data={"castle": cid, "level": t.level},
                            text=f"{m.castle(cid).name}: трофей переворачивается — уровень {t.level}."))
    # TET-CRE-03, TET-GAP-24: the epoch's unsummoned creatures and the rest of its deck leave the game
    gone = [c for c in state.creature_pool if c is not None]
    state.creature_decks[e - 1] = []
    deck = state.creature_decks[e] if e < len(state.creature_decks) else []
    size = state.options.creature_pool_size
    state.creature_pool = [deck.pop(0) if deck else None for _ in range(size)]
    laid = ", ".join(f"{i + 1}) «{m.card_name(c)}»" for i, c in enumerate(state.creature_pool) if c) or "пусто"
    left = ", ".join(f"«{m.card_name(c)}»" for c in gone) or "никого"
    events.append(Event(kind="creature_pool", clause="TET-CRE-03",
                        text=f"Пул существ обновлён: уходят {left}; выложены карты эпохи {e + 1}: {laid}.",
                        data={"removed": gone, "pool": list(state.creature_pool)}))
    # TET-CRE-04 keeps the artifacts; TET-GAP-23 fills the empty places from the next deck
    filled = []
    if state.options.refill_empty_artifacts:
        adeck = state.artifact_decks[e] if e < len(state.artifact_decks) else []
        for i, a in enumerate(state.artifact_pool):
            if a is None and adeck:
                state.artifact_pool[i] = adeck.pop(0)
                filled.append((i + 1, state.artifact_pool[i]))
    text = "Несозданные артефакты остаются на местах"
    if filled:
        text += "; на пустые места выложены: " + ", ".join(f"{i}) «{m.card_name(a)}»" for i, a in filled)
    events.append(Event(kind="artifact_pool", clause="TET-CRE-04", text=text + ".",
                        data={"filled": filled, "pool": list(state.artifact_pool)}))
    return events


# --- final scoring ----------------------------------------------------------------------------
def rank_points(values: dict[str, int]) -> dict[str, int]:
    """1 ПО for each opponent with strictly less (TET-END-02…05)."""
    return {f: sum(1 for g, w in values.items() if g != f and w < v) for f, v in values.items()}


def scoring(state: State) -> list[Event]:
    """The four rank tables, ПО, the winner and the tie-break (TET-END-01…07, TET-GAP-29)."""
    m = material_for(state)
    raw = {
        "wealth": {f: state.players[f].coins for f in state.order},
        "influence": {f: influence(state, f, m) for f in state.order},
        "strength": {f: army_strength(state, f, m) for f in state.order},
        "glory": {f: glory(state, f) for f in state.order},
    }
    points = {cat: rank_points(raw[cat]) for cat in CATEGORIES}
    events: list[Event] = []
    clauses = {"wealth": "TET-END-02", "influence": "TET-END-03", "strength": "TET-END-04", "glory": "TET-END-05"}
    for cat in CATEGORIES:
        rows = "; ".join(f"{state.players[f].name}: {raw[cat][f]} → {points[cat][f]} ПО" for f in state.order)
        events.append(Event(kind="score_table", clause=clauses[cat], text=f"{CATEGORY_NAMES[cat]}: {rows}.",
                            data={"category": cat, "values": raw[cat], "points": points[cat]}))
    state.scores = []
    for f in state.order:
        pts = {cat: points[cat][f] for cat in CATEGORIES}
        state.scores.append(Score(faction=f, coins=raw["wealth"][f], influence=raw["influence"][f],
                                  strength=raw["strength"][f], glory=raw["glory"][f], points=pts,
                                  total=sum(pts.values()), raw_sum=sum(raw[c][f] for c in CATEGORIES)))
    best = max(s.total for s in state.scores)
    top = [s for s in state.scores if s.total == best]
    totals = ", ".join(f"{state.players[s.faction].name} — {s.total}" for s in state.scores)
    events.append(Event(kind="score_totals", clause="TET-END-06", text=f"Итого ПО: {totals}.",
                        data={s.faction: s.total for s in state.scores}))
    if len(top) > 1:
        best_raw = max(s.raw_sum for s in top)
        sums = ", ".join(f"{state.players[s.faction].name} — {s.coins}+{s.influence}+{s.strength}+{s.glory} = {s.raw_sum}"
                         for s in top)
        winners = [s.faction for s in top if s.raw_sum == best_raw]
        events.append(Event(kind="tie_break", clause="TET-END-07",
                            text=f"Равенство по ПО; суммы четырёх направлений: {sums}.",
                            data={s.faction: s.raw_sum for s in top}))
    else:
        winners = [top[0].faction]
    state.winners = winners
    names = ", ".join(state.players[f].name for f in winners)
    if len(winners) > 1:
        text = f"Общая победа: {names} (равенство и после сравнения сумм)."
        clause = "TET-GAP-29"
    else:
        text = f"Победитель — {names}" + (" (триумфатор по сумме направлений)." if len(top) > 1 else ".")
        clause = "TET-END-06"
    events.append(Event(kind="game_over", clause=clause, text=text, data={"winners": winners}))
    return events
