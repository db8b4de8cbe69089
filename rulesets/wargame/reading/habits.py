"""Forum habits the wargame reader turns into what they mean before it reads a line's clauses
(checklist §3): each pass takes a line's items (`reading.words`) and gives them back with what a
habit hides made plain: a figure's quoted speech left out, a group named by the tower it holds
made its figures, an action said not to happen made a hold or «не стреляет», a condition on the
enemy before an order left to the rules, a teleport told as a story, a hold word that only tells
what was; and at the clause level, an order and its reason after a dash, a name cut short with a
full stop that ends no sentence."""

from __future__ import annotations

import dataclasses
import itertools
import re

from letopis.engine.clauses import Clause, direct_speech
from letopis.engine.names import Fit
from letopis.engine.negation import negated

from ..rules.geometry import terrain
from ..state import State
from .frames import ACTION_CONCEPTS, Carry
from .words import Item, Scanner


def dash_cut(norm: str, its: list[Item]) -> list[list[Item]]:
    """«Стрелять некому — шаман отдыхает, всадники бегают»: an order said of nobody in particular,
    then a dash and the poster's own figures: what follows the dash is a clause of its own (why),
    not the subject of the order before it. A condition («Если победит — рыцарь идёт на 9-7») is
    no such order."""
    for k, it in enumerate(its):
        if it.kind == "sym" and it.text == "-" and 0 < it.start and norm[it.start - 1:it.start + 2] == " - ":
            head, tail = its[:k], its[k + 1:]
            if head and tail and tail[0].kind == "fig" and tail[0].own and head[0].text != "если" \
                    and any(x.kind == "concept" and x.value in ACTION_CONCEPTS - {"continue"} for x in head) \
                    and not any(x.kind in ("fig", "rest", "group", "cell") for x in head):
                return [head, tail]
            return [its]
    return [its]


def abbreviations_joined(clauses: list[Clause], items: list[Item]) -> list[Clause]:
    """«кап. на 10-5», «луч. 2 — 12-3»: a full stop after a figure's name cut short ends no
    sentence."""
    if len(clauses) < 2:
        return clauses
    short = [(it.start, it.end) for it in items if it.kind == "fig" and it.fit is Fit.ABBREVIATED]
    out = [clauses[0]]
    for c in clauses[1:]:
        if c.connector == "." and any(a < out[-1].end <= b for a, b in short):
            out[-1] = Clause(out[-1].start, c.end, out[-1].connector)
        else:
            out.append(c)
    return out


def speech_out(norm: str, items: list[Item]) -> list[Item]:
    """«Вождь рычит сверху: «Лезьте, лезьте, железные банки!»»: what a figure says (core
    `direct_speech`) is told, not ordered, unless it names the poster's own figures or a cell
    («Капитан кричит: «Лучники — по шаману!»» is still the order it shouts, and then the one who
    shouts it is no actor of it)."""
    for a, b in direct_speech(norm):
        inside = [it for it in items if a <= it.start < b]
        if not any(it.kind == "cell" or it.kind == "fig" and it.own for it in inside):
            items = [it for it in items if not a <= it.start < b]
            continue
        k = next((k for k, it in enumerate(items) if it.start >= a), len(items))
        speaker = set()
        while k and not (items[k - 1].kind == "sym" and items[k - 1].text in ".!?;"):
            k -= 1
            if items[k].kind == "fig":
                speaker.add(k)
        items = [it for j, it in enumerate(items) if j not in speaker]
    return items


_GARRISON = frozenset({"гарнизон", "гарнизона", "гарнизону", "гарнизоном", "защитники", "защитников", "все", "мои",
                       "наши"})


def tower_group(items: list[Item], state: State, faction: str) -> list[Item]:
    """«Гарнизон башни остаётся на своих местах», «мои на башне стоят»: a group named by the tower
    it holds is the poster's figures standing on the tower's cells."""
    for k, it in enumerate(items[:-1]):
        nxt = items[k + 1]
        tower_next = nxt.kind == "concept" and nxt.value == "tower"
        on_tower = nxt.text == "на" and k + 2 < len(items) and items[k + 2].kind == "concept" \
            and items[k + 2].value == "tower"
        if it.text in _GARRISON and (tower_next and it.text[:3] in ("гар", "защ") or on_tower):
            figs = tuple(f.id for f in sorted(state.living(faction), key=lambda f: f.order)
                         if f.cell is not None and terrain(state.board, f.cell) == "tower")
            if not figs:
                return items
            end = items[k + 2] if on_tower else nxt
            group = Item("fig", it.start, end.end, text=f"{it.text} … {end.text}", figs=figs, own=True, many=True)
            return items[:k] + [group] + items[k + (3 if on_tower else 2):]
    return items


NEGATION = re.compile(r"\b(?:не|ни|нет|без|никак\w*|некому|некого|нечем|нечего|некуда)\b")
_NOT_MOVING = frozenset({"move", "withdraw", "step", "stray"})
_NOT_ACTING = frozenset({"attack", "charge", "teleport", "storm", "take_tower"})


def contrast_out(items: list[Item]) -> list[Item]:
    """«Рыцарь идёт не на 8-6, а на 8-7», «не стоит, а идёт на 8-6»: in «не A, а B» said of one
    figure, B is what he does; A and the words that set it aside are left out."""
    for i, it in enumerate(items):
        if it.text != "не":
            continue
        j = next((j for j in range(i + 1, len(items) - 1)
                  if items[j].text == "," and items[j + 1].text == "а"), None)
        if j is None or any(x.kind in ("rest", "group") or x.kind == "fig" and x.own for x in items[i:j]):
            continue
        after = itertools.takewhile(lambda x: x.text not in (",", ".", ";"), items[j + 2:])
        if any(x.kind in ("fig", "rest", "group") and (x.kind != "fig" or x.own) for x in after):
            continue  # «мечник №1 не стреляет, а лучник №2 — по шаману»: another figure's order
        return items[:i] + items[j + 2:]
    return items


def negated_actions(items: list[Item]) -> list[Item]:
    """«Катапульту никуда не двигаем», «Стрельбы в этом ходу не будет» (core `negated`): a movement
    said not to happen is a hold, a shot said not to happen is «не стреляет», a hold said not to
    happen is a movement (whose cell the line must name), and an attack, a teleport or a storm said
    not to happen is no order of its own («идёт на 8-6, но не атакует»)."""
    items = contrast_out(items)
    words = [it.text for it in items]
    out = []
    for k, it in enumerate(items):
        if it.kind == "concept" and it.value == "hold" and negated(words, k):
            it = dataclasses.replace(it, value="move")  # «не стоит на месте»: goes, and the line says where
        elif it.kind == "concept" and it.value in _NOT_MOVING | _NOT_ACTING | {"shoot"} and negated(words, k):
            if it.value == "shoot":
                it = dataclasses.replace(it, value="no_shoot")
            elif it.value in _NOT_MOVING:
                it = dataclasses.replace(it, value="hold")
            else:
                it = Item("word", it.start, it.end, None, it.text)
        out.append(it)
    return out


def condition_out(items: list[Item], carry: Carry) -> list[Item]:
    """«Если шаман в досягаемости — лучник 1 стреляет по нему»: a condition on the enemy before the
    order (up to its dash or comma) is the rules' to check, not an order; the enemy it names is the
    one «по нему» means. A condition on the poster's own figure («если победит — …») stays: it is
    how a continuation is written."""
    end = next((k for k, it in enumerate(items) if it.kind == "sym" and it.text in ("-", ",")), None)
    if end is None:
        return items
    cond = items[:end]
    if any(it.kind in ("cell", "rest", "group") or it.kind == "fig" and it.own or it.kind == "concept"
           for it in cond):
        return items
    enemies = [it for it in cond if it.kind == "fig" and not it.error and it.figs]
    if len(enemies) != 1:
        return items
    carry.target = enemies[0].figs[0]
    return items[end + 1:]


_THEN = frozenset({"затем", "потом", "далее", "дальше", "после"})


def comes_then(connector: str, its: list[Item]) -> bool:
    """Whether a clause comes «then», by its connector or by the word it opens with."""
    first = next((it for it in its if it.kind != "sym"), None)
    return connector.strip(",") in _THEN or first is not None and first.kind in ("word", "concept") \
        and first.text in _THEN


def own_ids(its: list[Item]) -> list[str]:
    return [f for it in its if it.kind == "fig" and it.own for f in it.figs]


def vanishing(items: list[Item], state: State) -> list[Item]:
    """«Маг читает заклинание и исчезает, чтобы появиться на 10-6»: a figure that can teleport and
    vanishes teleports; anyone else who «исчезает в тумане» only hides from the story."""
    can = any(it.kind == "fig" and it.own and any("teleport" in state.spec(state.figures[f]).abilities
                                                   for f in it.figs) for it in items)
    out = []
    for it in items:
        if it.kind == "concept" and it.value == "vanish":
            it = dataclasses.replace(it, value="teleport") if can else Item("word", it.start, it.end, None, it.text)
        out.append(it)
    return out


def hold_told(its: list[Item], scanner: Scanner) -> bool:
    """«Мои ребята на башне только этого и ждали», «сколько можно стоять»: a hold word in the past,
    or an infinitive that another word governs («можно», «надоело», «хватит»), with nobody of the
    poster's named, tells what was or what he thinks of it; it orders no one to stay («Стоять!»,
    «Стоим» still do)."""
    if any(it.kind in ("fig", "rest", "group") for it in its):
        return False
    holds = [k for k, it in enumerate(its) if it.kind == "concept" and it.value == "hold"]

    def told(k: int) -> bool:
        g = scanner.lem.grammemes(its[k].text)
        if "past" in g:
            return True
        return "INFN" in g and k > 0 and its[k - 1].kind == "word" \
            and bool(scanner.lem.grammemes(its[k - 1].text) & {"PRED", "VERB"})

    return bool(holds) and all(told(k) for k in holds)
