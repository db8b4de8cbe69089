"""Who posts now, what to write, and what happens at the deadline (DRP-GEN-03, DRP-GAP-29)."""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.contract import PostKind, StepMode, TurnInfo
from letopis.engine.declension import quoted

from . import mechanics as m
from .data import DATA
from .legality import expected, max_bid
from .orders import Attack, Bid, Build, Colour, Defence, Handicap, Pass, Skip, Soak
from .propose import order_text
from .state import State

_EXAMPLE_BUILD = Build(slot=1, time=3, attack=4, defence=2, form=3, name="Рыцарь").to_text()


def turn(state: State) -> TurnInfo:
    phase = state.phase
    factions = expected(state)
    if phase == "over":
        return TurnInfo(phase="over", title="Партия окончена", over=True)
    if phase == "build":
        return _build_info(state, factions)
    who = state.name(factions[0]) if factions else ""
    if phase == "auction":
        au = state.auction
        assert au is not None
        lead = f"Ставка сейчас: {au.bid} ({state.name(au.leader)})." if au.leader else "Ставок ещё нет."
        return TurnInfo(phase=phase, title=f"Аукцион времени: ставит {who}", factions=factions,
                        post_kind=PostKind.DECISION,
                        prompt=f"{lead} Напишите ставку ({quoted(Bid(amount=(au.bid or 0) + (1 if au.leader else 0)).to_text())}) "
                               f"или {quoted(Pass().to_text())}. Ставка — время, которое победитель снимет с "
                               f"персонажей в хранилище; можно не больше {max_bid(state, factions[0])}.",
                        default="Если не ответить к сроку — пас.")
    if phase == "handicap":
        return TurnInfo(phase=phase, title=f"Фора: {who} снимает {state.handicap} времени", factions=factions,
                        post_kind=PostKind.DECISION,
                        prompt=f"Укажите, с каких персонажей снять {state.handicap} времени в хранилище, "
                               f"например: {quoted(default_handicap(state, factions[0]).to_text())}.",
                        default="Если не ответить к сроку, время снимут с персонажей, у которых его больше всего.")
    if phase == "turn":
        return _turn_info(state, factions[0])
    if phase == "defence":
        a = state.attack
        assert a is not None and a.roll is not None
        c = state.char(a.target, a.target_slot)
        cls = m.klass(c.defence) if c else 0
        return TurnInfo(phase=phase, title=f"Защищается {who}: {state.label(a.target, a.target_slot)}",
                        factions=factions, mode=StepMode.REACTION, post_kind=PostKind.REACTION,
                        prompt=f"{state.label(a.attacker, a.attacker_slot)} ({state.name(a.attacker)}) атакует "
                               f"{state.label(a.target, a.target_slot)}: итог атаки {a.roll.final}. Класс защиты "
                               f"{cls} ({m.die_text(cls)}), времени {c.time if c else 0}. Напишите усиления, "
                               f"например «Защита: страховка, контратака» или «Защищаюсь без усилений». "
                               f"Можно сразу решить про урон: «Если пробьёт — гашу 1 временем».",
                        default="Если не ответить к сроку — защита без усилений (поглощение сработает само).")
    p = state.soak
    assert p is not None
    c = state.char(p.faction, p.slot)
    most = min(p.damage, c.time if c else 0)
    what = "контратаки" if p.source == "counter" else "атаки"
    return TurnInfo(phase="soak", title=f"Урон: решает {who}", factions=factions, mode=StepMode.REACTION,
                    post_kind=PostKind.REACTION,
                    prompt=f"{state.label(p.faction, p.slot)} получает {p.damage} урона от {what}. Сколько "
                           f"погасить временем (от 0 до {most})? Например: {quoted(Soak(amount=most).to_text())} или "
                           f"{quoted(Soak().to_text())}.",
                    default="Если не ответить к сроку — урон не гасится.")


def _build_info(state: State, factions: list[str]) -> TurnInfo:
    sealed = state.options.sealed_builds
    left = {f: [i for i, c in enumerate(state.player(f).build, 1) if c is None] for f in factions}
    partial = "; ".join(f"{state.name(f)}: осталось " + ", ".join(f"П{i}" for i in slots)
                        for f, slots in left.items() if len(slots) < DATA.character.slots)
    prompt = (f"Заполните все места (П1–П{DATA.character.slots}): в каждом персонаже ровно "
              f"{DATA.character.build_tokens} токенов из вашего хранилища, по строке на место в порядке "
              f"время/атака/защита/форма, например: {_EXAMPLE_BUILD}")
    prompt += (" Расстановки откроются, когда сдадут все." if sealed else " Расстановка открытая, по очереди.")
    if partial:
        prompt += f" {partial}."
    title = "Расстановка персонажей" if sealed or not factions else f"Расстановка: {state.name(factions[0])}"
    return TurnInfo(phase="build", title=title, factions=factions,
                    mode=StepMode.SIMULTANEOUS if sealed else StepMode.SINGLE, post_kind=PostKind.SETUP,
                    prompt=prompt,
                    default="Если не успеть к сроку, персонажей соберут из хранилища поровну по цветам.")


def _turn_info(state: State, faction: str) -> TurnInfo:
    who = state.name(faction)
    player = state.player(faction)
    lines = [f"Лимит фазы ресурсов: осталось {state.limit_left} из {state.limit}."]
    if player.time_anywhere() == 0 and not state.emergency_done:
        lines.append("Времени нет нигде: можно сделать экстренный обмен на случайные токены из мешка.")
    allowed = m.allowed_attackers(state, faction)
    if state.options.turn_order == "cyclic" and allowed:
        lines.append(f"По циклическому порядку атакует {state.label(faction, allowed[0])}.")
    elif state.options.turn_order == "initiative":
        lines.append("По инициативе атакует персонаж с наибольшим временем: "
                     + (", ".join(f"П{s}" for s in allowed) or "сейчас никто") + ".")
    able = m.able_attackers(state, faction)
    if able:
        target = state.opponents(faction)[0]
        slot = state.player(target).living()[0][0]
        tf = target if len(state.opponents(faction)) > 1 else None
        example = order_text(state, Attack(attacker=able[0], target=slot, target_faction=tf))
        lines.append(f"Операции фазы ресурсов необязательны; затем строка атаки, например: {quoted(example)}.")
    else:
        lines.append(f"Сейчас атаковать некем: после фазы ресурсов напишите {quoted(Skip().to_text())}.")
    if m.first_turn_banned(state, faction):
        lines.append("Это первая атака партии: усиления атаки запрещены.")
    lines.append("Пост без строки атаки оставляет ход за вами с остатком лимита.")
    return TurnInfo(phase="turn", title=f"Ходит {who}: ресурсы и атака", factions=[faction],
                    mode=StepMode.SINGLE, post_kind=PostKind.ORDERS, prompt=" ".join(lines),
                    default="Если не ответить к сроку — ход пропускается.")


# --- deadline defaults (DRP-GAP-29) --------------------------------------------------------------------
def default_orders(state: State, faction: str) -> list[BaseModel]:
    """What a faction that missed its deadline does: build evenly, pass, take handicap from the
    most time, skip the turn, defend without boosts, soak nothing."""
    if faction not in expected(state):
        return []
    phase = state.phase
    if phase == "build":
        return list(default_build(state, faction))
    if phase == "auction":
        return [Pass()]
    if phase == "handicap":
        return [default_handicap(state, faction)]
    if phase == "turn":
        return [Skip()]
    if phase == "defence":
        return [Defence()]
    return [Soak(amount=0)]


def default_build(state: State, faction: str) -> list[Build]:
    """Deal the free storage round-robin blue, red, green into the unbuilt slots, 12 each; red split
    half to attack (the larger half), half to defence."""
    player = state.player(faction)
    free = player.storage.model_copy()
    used = player.build_usage()
    for colour in Colour:
        free.put(colour, -used.get(colour))
    slots = [i for i, c in enumerate(player.build, 1) if c is None]
    order = (Colour.BLUE, Colour.RED, Colour.GREEN)
    builds = []
    k = 0
    for slot in slots:
        got = {c: 0 for c in order}
        while sum(got.values()) < DATA.character.build_tokens:
            colour = order[k % 3]
            k += 1
            if free.get(colour):
                free.put(colour, -1)
                got[colour] += 1
        red = got[Colour.RED]
        builds.append(Build(slot=slot, time=got[Colour.BLUE], attack=red - red // 2, defence=red // 2,
                            form=got[Colour.GREEN]))
    return builds


def default_handicap(state: State, faction: str) -> Handicap:
    """One token at a time from the character with most time, lower slot on ties, never emptying a
    character (DRP-GAP-06)."""
    player = state.player(faction)
    keep = 0 if state.options.allow_self_destroy else 1
    left = {s: (c.time, c.total) for s, c in player.living()}
    takes: dict[int, int] = {}
    for _ in range(state.handicap):
        able = [s for s, (t, tot) in left.items() if t > 0 and tot > keep]
        if not able:
            break
        slot = max(able, key=lambda s: (left[s][0], -s))
        t, tot = left[slot]
        left[slot] = (t - 1, tot - 1)
        takes[slot] = takes.get(slot, 0) + 1
    return Handicap(takes=tuple(sorted(takes.items())))
