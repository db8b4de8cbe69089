"""Properties of reading Kozyablo posts (hypothesis).

- `read_post` never raises — on arbitrary text, on order-like noise and on real posts mistyped,
  in every kind of step (deck, mulligan, the poster's turn, out of turn, a reaction step); the
  strict reader is used, so a bug shows up here instead of as a «could not read» error;
- every problem points inside its line, with a Russian message;
- quoted text is never read as orders;
- the canonical text (`to_text(TableNamer)`) of a random *legal* order on a random table reads
  back to exactly that order, with the real rules checking it;
- chatter around an order changes nothing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typos import mutated

from letopis.engine.contract import LineStatus
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.orders import (
    Attack,
    DrawCard,
    Move,
    PlayCard,
    Skip,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from rulesets.kozyablo.reader import read_post, read_post_strict
from rulesets.kozyablo.refs import TableNamer
from rulesets.kozyablo.rules.combat.targets import legal_targets, strikes
from rulesets.kozyablo.rules.legality import Checker
from rulesets.kozyablo.state import Pending

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "kozyablo"))  # the reader tests' table builder
from kz_reader_support import table

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)
NAMES = {"a": "Анна", "b": "Петя"}

PLAY = table(names=NAMES, hand={"a": ["pozorny_luchnik", "pozorny_mechnik", "pozorny_klich", "ser_pozorin"]},
             pieces=[("pozorny_mechnik", "a", "gold-1"), ("pozorny_luchnik", "a", "gold-1"),
                     ("pozorny_shchitonosets", "a", "crystal-1"), ("shmel", "b", "crystal-1"),
                     ("dikiy_gilen", "b", "crystal-1"), ("zhirny_truten", "b", "mana-2")])
REACT = table(names=NAMES, active="b", hand={"a": ["roenie"]}, pieces=[
    ("dikiy_gilen", "a", "crystal-1"), ("osa_zhalonositsa", "a", "crystal-1"), ("pozorny_mechnik", "b", "crystal-1")])
REACT.pending = Pending(kind="attack", active="b", action=[Attack(sector="crystal-1").model_dump(mode="json")],
                        waiting=["a"])
MULL = table(names=NAMES, phase="mulligan", hand={"a": ["pyltsa", "roenie", "shmel"]})
DECKS = table(names=NAMES, phase="decks")
for _p in DECKS.players.values():
    _p.capital = None
STATES = [(PLAY, "a"), (PLAY, "b"), (REACT, "a"), (REACT, "b"), (MULL, "a"), (MULL, "b"), (DECKS, "a")]

REAL_POSTS = [
    "Играю Шмеля в Золотую шахту-2.\nБеру карту.",
    "[b]Перемещаю мечника и лучника из шахты-1 в рудник-2.[/b]\nЗЫ: ну держись!",
    "Атакую в руднике-1! Мечник рубит гилена, лучник стреляет по шмелю.\n[quote=Петя]Пас[/quote]",
    "Щитоносец смыкает щиты.\nВесь отряд из Источника энергии-1 — в Позорище",
    "Позорный щит — на Сэра Позорина.\nОгненный плевок в козла-зомби Пети!\n(офф: сорри за опечатки)",
    "Гилен бьёт мечника.\nОса уворачивается — сбрасываю Роение\nНе прикрываем",
    "Меняю две карты: Пыльцу и Роение\nОставляю как есть",
    "Столица — Позорище\nСектора: Золотая шахта, Кристальный рудник, Источник энергии\n2x Позорный лучник, Шмель ×3",
    "1. Атакую в «Кристаллический рудник-1»: «Позорный мечник» → «Дикий гилен»; «Рой» → «Шмель», «Оса»\n2) Пас :)",
]
NOISE = ["[b]", "[/b]", "[quote]", "[/quote]", '[quote="Петя"]', ":)", "😈", "\n", "→", "->", "№", "#", "«", "»",
         "(", ")", "—", "\u00a0", "\r\n", "[color=red]", "[/color]", ",", ".", ";", "ё", "Ё", "İ", "\u200b", "\u0301",
         "[off]", "--\n", "> ", " и ", "шмеля", "№99", "шахта-9", "[С]", "[Д]", "2x", "×3", "столицу", "Пети", "не "]
CHATTER = ["Всем привет!", "Эх, не везёт :(", "Ну держись, Жлобоград", "ЗЫ: удачи", "(офф: когда дедлайн?)",
           "[quote=Петя]Беру карту.[/quote]", "Закатываем рукава — и по рогам!", "xD", "Побьём их всех!",
           "[img]http://example.com/a.png[/img]", "Мечник скучает в шахте…", ""]


def _checked(text: str, state, faction: str) -> None:
    reading = read_post_strict(text, state, faction)
    assert [ln.line for ln in reading.lines] == list(range(1, len(reading.lines) + 1))
    originals = {ln.line: ln.text for ln in reading.lines}
    for p in reading.problems:
        assert p.message and CYRILLIC.search(p.message), p
        if reading.lines:
            assert 1 <= p.line <= len(reading.lines)
            assert 0 <= p.col_start <= p.col_end <= len(originals[p.line])
    if reading.orders:
        assert any(ln.status in (LineStatus.ORDER, LineStatus.ERROR) for ln in reading.lines)


@SETTINGS
@given(text=st.text(max_size=400), where=st.sampled_from(STATES))
def test_never_raises_on_any_text(text, where):
    _checked(text, *where)


@SETTINGS
@given(text=mutated(REAL_POSTS, NOISE), where=st.sampled_from(STATES))
def test_never_raises_on_mistyped_real_posts(text, where):
    _checked(text, *where)


@SETTINGS
@given(text=st.text(alphabet="ИиграюшмеляввшахтуатакуюбьётПетимечник12-–→:,.;()№#x× \n[]/quote«»столицуотрядвесьне",
                    max_size=300), where=st.sampled_from(STATES))
def test_never_raises_on_order_like_noise(text, where):
    _checked(text, *where)


@SETTINGS
@given(lines=st.lists(st.sampled_from(REAL_POSTS) | st.text(max_size=80), min_size=1, max_size=4),
       name=st.sampled_from(["", "=Петя", '="Петя"', "=Петя post_id=3"]), closed=st.booleans(),
       where=st.sampled_from(STATES[:6]))
def test_quoted_text_is_never_read(lines, name, closed, where):
    post = f"[quote{name}]" + "\n".join(lines) + ("[/quote]" if closed else "")
    reading = read_post_strict(post + "\nУдачи всем!", *where)
    assert reading.orders == []
    assert all(ln.status in (LineStatus.QUOTE, LineStatus.FLAVOUR, LineStatus.BLANK) for ln in reading.lines)


def test_the_never_raising_wrapper_turns_a_reader_bug_into_one_error(monkeypatch):
    from rulesets.kozyablo import reader

    def broken(*a, **kw):
        raise RuntimeError("bug")

    monkeypatch.setattr(reader, "read_post_strict", broken)
    got = read_post("Беру карту.\nещё строка", PLAY, "a")
    assert [p.code for p in got.problems] == ["read.internal"]
    assert [ln.text for ln in got.lines] == ["Беру карту.", "ещё строка"]


# --- random legal orders on random tables ------------------------------------------------------------
RACES = ["pozorki", "trutni", "kozly", "zhloby"]
SECTORS = ["gold-1", "crystal-1", "mana-1", "gold-2", "crystal-2", "mana-2"]


@st.composite
def tables(draw):
    races = (draw(st.sampled_from(RACES)), draw(st.sampled_from(RACES)))
    own = [c.id for c in CARDS.by_race[races[0]]]
    theirs = [c.id for c in CARDS.by_race[races[1]]]
    fighters = lambda ids: [c for c in ids if CARDS.card(c).type in ("creature", "hero")]
    buildings = lambda ids: [c for c in ids if CARDS.card(c).type == "building"]
    pieces = []
    for _ in range(draw(st.integers(1, 7))):
        pieces.append((draw(st.sampled_from(fighters(own))), "a", draw(st.sampled_from([*SECTORS, "capital-1"])),
                       {"damage": draw(st.integers(0, 1)), "shadow": draw(st.integers(0, 4)) == 0}))
    for _ in range(draw(st.integers(0, 6))):
        pieces.append((draw(st.sampled_from(fighters(theirs))), "b", draw(st.sampled_from([*SECTORS, "capital-2"]))))
    if draw(st.booleans()):
        pieces.append((draw(st.sampled_from(buildings(own))), "a", "capital-1"))
    if draw(st.booleans()):
        pieces.append((draw(st.sampled_from(buildings(theirs))), "b", "capital-2"))
    hand = draw(st.lists(st.sampled_from(own), max_size=6))
    control = {s: "a" for s in SECTORS if draw(st.booleans())}
    state = table(races=races, names=NAMES, hand={"a": hand}, pieces=pieces, control=control)
    for sid, f in control.items():
        if any(p.sector == sid and p.owner != f for p in state.pieces.values()):
            state.sectors[sid].controller = None
    return state


def candidates(state) -> list:
    """Orders the poster might give on this table, legal or not."""
    out: list = [DrawCard(), Skip()]
    mine = [p for p in state.pieces.values() if p.owner == "a"]
    everyone = list(state.pieces.values())
    places = list(state.sectors)
    for card_id in sorted(set(state.players["a"].hand)):
        card = CARDS.card(card_id)
        if card.type in ("creature", "hero", "building"):
            out += [PlayCard(card=card_id, into=s) for s in places]
        elif card.type == "artifact":
            out += [PlayCard(card=card_id, on=p.uid) for p in mine]
        elif card.target == "own_squad":
            out += [PlayCard(card=card_id, squad=s) for s in places]
        elif card.effect == "move_own":
            out += [PlayCard(card=card_id, on=p.uid, into=s) for p in mine for s in places]
        elif card.target == "none":
            out.append(PlayCard(card=card_id))
        else:
            out += [PlayCard(card=card_id, on=p.uid) for p in everyone]
            out += [PlayCard(card=card_id, on=f"capital:{s}") for s in places if s.startswith("capital")]
    for origin in places:
        here = [p for p in mine if p.sector == origin and CARDS.card(p.card).type in ("creature", "hero")]
        if not here:
            continue
        for dest in places:
            if dest != origin:
                out.append(Move(pieces=tuple(p.uid for p in here), origin=origin, dest=dest))
                out.append(Move(pieces=(here[-1].uid,), origin=origin, dest=dest))
        out.append(Attack(sector=origin))
        picks = []
        for p in here:
            if strikes(state, p):
                targets = legal_targets(state, p.uid, attacker="a")
                if targets:
                    picks.append(TargetPick(striker=p.uid, targets=tuple(targets[:2])))
        if picks:
            out.append(Attack(sector=origin, picks=tuple(picks)))
    for p in mine:
        for ability in CARDS.card(p.card).abilities:
            out.append(UseAbility(piece=p.uid, ability=ability.id))
        if CARDS.card(p.card).trigger:
            out += [TriggerChoice(piece=p.uid, target=q.uid) for q in mine if q.uid != p.uid]
    return out


def legal(state, order) -> bool:
    return not [v for v in Checker(state, "a").check(order) if not v.warning]


@SETTINGS
@given(state=tables(), data=st.data())
def test_canonical_text_of_a_random_legal_order_reads_back(state, data):
    good = [o for o in candidates(state) if legal(state, o)]
    assume(good)
    order = data.draw(st.sampled_from(good))
    text = order.to_text(TableNamer(state, "a"))
    reading = read_post_strict(text, state, "a")
    assert reading.ok, (text, [p.render() for p in reading.problems])
    assert reading.orders == [order], text


@SETTINGS
@given(state=tables(), data=st.data())
def test_chatter_around_an_order_changes_nothing(state, data):
    good = [o for o in candidates(state) if legal(state, o)]
    assume(good)
    order = data.draw(st.sampled_from(good))
    text = order.to_text(TableNamer(state, "a"))
    before = data.draw(st.lists(st.sampled_from(CHATTER), max_size=3))
    after = data.draw(st.lists(st.sampled_from(CHATTER), max_size=3))
    reading = read_post_strict("\n".join([*before, text, *after]), state, "a")
    assert reading.ok, [p.render() for p in reading.problems]
    assert reading.orders == [order]
