"""Random legal posts, written the way forum players write them (demo games, the conformance
suite, benchmarks).

Every order is first passed through `legality.Checker` (or, in a reaction step, the same checker's
decision checks) against the state as the post stands, so a proposed post holds only lines the
reader accepts. Lines are the canonical `to_text()` forms, now and then a colloquial variant from
the checklist's order language, and a line of chatter. Choices come from the given `Dice` through
`Chooser`, so a proposal is reproducible from its seed.
"""

from __future__ import annotations

from pydantic import BaseModel

from letopis.engine.dice import Chooser, Dice

from .data import book_for
from .orders import (
    Attack,
    DeckList,
    Decline,
    DrawCard,
    Evade,
    Guard,
    Move,
    Mulligan,
    PlayCard,
    Skip,
    StayHidden,
    Strike,
    TargetPick,
    TriggerChoice,
    UseAbility,
)
from .refs import TableNamer, sectors_in_order
from .rules.combat.targets import has, is_creature, legal_targets, strikes
from .rules.legality import Checker
from .rules.mulligan import may_mulligan
from .rules.triggers import heal_candidates, needs_choice, trigger_pieces
from .state import State

CHATTER = ("Всем привет!", "Эх, не везёт.", "(офф: пишу с телефона)", "ЗЫ: хорошей игры :)", "Ход непростой, думал долго.")
DRAW_TEXTS = ("Беру карту.", "Тяну из колоды", "Добор")
SKIP_TEXTS = ("Пропускаю ход.", "Ничего не делаю.")
KEEP_TEXTS = ("Оставляю руку.", "Оставляю как есть")


class _Post:
    """The orders of one proposal, checked one by one, with their lines."""

    def __init__(self, state: State, faction: str, rng: Chooser) -> None:
        self.checker = Checker(state, faction)
        self.state = state
        self.f = faction
        self.rng = rng
        self.lines: list[str] = []
        self.orders: list[BaseModel] = []

    @property
    def s(self) -> State:
        return self.checker.s

    def namer(self) -> TableNamer:
        return TableNamer(self.checker.s, self.f)

    def try_(self, order: BaseModel, text: str | None = None) -> bool:
        line = text if text is not None else _text(self.checker.state, order, TableNamer(self.state, self.f))
        found = self.checker.check(order)
        if any(not v.warning for v in found):
            return False
        self.orders.append(order)
        self.lines.append(line)
        return True


def _text(state: State, order: BaseModel, names: TableNamer) -> str:
    if isinstance(order, UseAbility):
        piece = state.pieces.get(order.piece)
        ability = book_for(state).card(piece.card).ability(order.ability) if piece else None
        return order.to_text(names, ability.name if ability else None)
    return order.to_text(names)  # type: ignore[attr-defined]


def propose(state: State, faction: str, dice: Dice) -> str:
    """A random legal post for ``faction`` now (empty when he has nothing to post)."""
    return proposal(state, faction, dice)[0]


def proposal(state: State, faction: str, dice: Dice) -> tuple[str, list[BaseModel]]:
    """The proposed post and the orders it means (tests check the reader gives them back)."""
    rng = Chooser(dice, "предложение хода")
    if state.phase == "decks":
        return _deck(state, faction, rng)
    if state.phase == "mulligan":
        return _mulligan(state, faction, rng)
    if state.phase != "play":
        return "", []
    post = _Post(state, faction, rng)
    if state.pending is not None:
        if faction not in state.pending.waiting:
            return "", []
        _reaction(post)
    elif state.order[state.active] == faction:
        _main(post)
    else:
        return "", []
    lines = list(post.lines)
    if rng.chance(15):
        lines.insert(0 if rng.chance(50) else len(lines), rng.pick(CHATTER))
    return "\n".join(lines), list(post.orders)


# --- setup posts --------------------------------------------------------------------------------------
def _deck(state: State, faction: str, rng: Chooser) -> tuple[str, list[BaseModel]]:
    from .setup import seat_race
    book = book_for(state)
    race = seat_race(state, faction) if rng.chance(60) else rng.pick(sorted(book.decks))
    deck = book.decks[race]
    order = DeckList(capital=deck.capital, sectors=tuple(deck.sectors), cards=tuple(deck.cards.items()))
    names = TableNamer(state, faction)
    if rng.chance(30):
        cards = ", ".join(f"{n}x {book.card(c).name}" for c, n in deck.cards.items())
        return (f"Столица — {book.card(deck.capital).name}\n"
                f"Сектора: {', '.join(book.card(x).name for x in deck.sectors)}\n{cards}"), [order]
    return order.to_text(names), [order]


def _mulligan(state: State, faction: str, rng: Chooser) -> tuple[str, list[BaseModel]]:
    if state.order[state.active] != faction:
        return "", []
    player = state.players[faction]
    names = TableNamer(state, faction)
    if may_mulligan(state, faction) and rng.chance(35):
        k = rng.between(1, min(2, len(player.hand)))
        order = Mulligan(cards=tuple(rng.shuffled(list(player.hand))[:k]))
        return order.to_text(names), [order]
    return (rng.pick(KEEP_TEXTS) if rng.chance(40) else Mulligan().to_text(names)), [Mulligan()]


# --- the active player's post --------------------------------------------------------------------
def _main(post: _Post) -> None:
    rng = post.rng
    if rng.chance(50):
        for source in trigger_pieces(post.s, post.f, "start"):
            if needs_choice(post.s, source):
                options = heal_candidates(post.s, source)
                if options:
                    post.try_(TriggerChoice(piece=source.uid, target=rng.pick(options).uid))
    if rng.chance(30):
        for piece in rng.shuffled(sorted((p for p in post.s.pieces.values() if p.owner == post.f),
                                         key=lambda p: p.seq)):
            for ab in book_for(post.s).card(piece.card).abilities:
                if ab.kind == "free" and rng.chance(50):
                    post.try_(UseAbility(piece=piece.uid, ability=ab.id))
    groups = _main_candidates(post)
    weights = {"play": 40, "attack": 30, "move": 20, "draw": 15, "ability": 10}
    order = sorted(groups, key=lambda k: -weights[k] * (1 + rng.below(100)))
    for kind in order:
        for cand in rng.shuffled(groups[kind])[:40]:
            text = None
            if isinstance(cand, DrawCard) and rng.chance(40):
                text = rng.pick(DRAW_TEXTS)
            if post.try_(cand, text):
                return
    post.try_(Skip(), rng.pick(SKIP_TEXTS) if rng.chance(40) else None)


def _main_candidates(post: _Post) -> dict[str, list[BaseModel]]:
    s, f, rng = post.s, post.f, post.rng
    book = book_for(s)
    player = s.players[f]
    sectors = [x.id for x in sectors_in_order(s)]
    mine = sorted((p for p in s.pieces.values() if p.owner == f), key=lambda p: p.seq)
    creatures = [p for p in mine if is_creature(s, p)]
    out: dict[str, list[BaseModel]] = {"play": [], "attack": [], "move": [], "draw": [DrawCard()], "ability": []}
    for cid in dict.fromkeys(player.hand):
        card = book.card(cid)
        if card.type in ("creature", "hero", "building"):
            out["play"] += [PlayCard(card=cid, into=x) for x in sectors]
        elif card.type == "artifact":
            out["play"] += [PlayCard(card=cid, on=p.uid) for p in creatures if p.card == card.hero_for]
        elif card.target == "none":
            out["play"].append(PlayCard(card=cid))
        elif card.target == "own_squad":
            out["play"] += [PlayCard(card=cid, squad=x, squad_owner=f) for x in sorted({p.sector for p in creatures})]
        elif card.target == "enemy_building_or_capital":
            out["play"] += [PlayCard(card=cid, on=p.uid) for p in s.pieces.values()
                            if p.owner != f and not is_creature(s, p)]
            out["play"] += [PlayCard(card=cid, on=f"capital:{x.capital_sector}") for g, x in s.players.items()
                            if g != f and x.capital_sector and not x.eliminated]
        elif card.effect == "move_own":
            out["play"] += [PlayCard(card=cid, on=p.uid, into=x) for p in creatures for x in sectors]
        elif card.target in ("own_creature", "own_hero"):
            out["play"] += [PlayCard(card=cid, on=p.uid) for p in creatures]
        elif card.target == "enemy_creature":
            out["play"] += [PlayCard(card=cid, on=p.uid) for p in s.pieces.values()
                            if p.owner != f and is_creature(s, p)]
    for sector in sorted({p.sector for p in mine}):
        picks = []
        for p in s.pieces_in(sector, f):
            if strikes(s, p) and not p.shadow and rng.chance(50):
                targets = legal_targets(s, p.uid, attacker=f)
                if targets:
                    picks.append(TargetPick(striker=p.uid, targets=(rng.pick(targets),)))
        out["attack"].append(Attack(sector=sector, picks=tuple(picks)))
        out["attack"].append(Attack(sector=sector))
    by_sector: dict[str, list[str]] = {}
    for p in creatures:
        by_sector.setdefault(p.sector, []).append(p.uid)
    for origin, uids in by_sector.items():
        for dest in sectors:
            if dest == origin:
                continue
            group = uids if rng.chance(50) else uids[:max(1, rng.between(1, len(uids)))]
            out["move"].append(Move(pieces=tuple(group), origin=origin, dest=dest))
    for p in mine:
        for ab in book.card(p.card).abilities:
            if ab.kind == "action":
                out["ability"].append(UseAbility(piece=p.uid, ability=ab.id))
    return out


# --- reaction posts ---------------------------------------------------------------------------------
def _reaction(post: _Post) -> None:
    s, f, rng = post.s, post.f, post.rng
    pending = s.pending
    assert pending is not None
    if pending.kind == "react":
        for p in sorted((p for p in s.pieces.values() if p.owner == f), key=lambda p: p.seq):
            for ab in book_for(s).card(p.card).abilities:
                if ab.kind == "free" and rng.chance(50):
                    post.try_(UseAbility(piece=p.uid, ability=ab.id))
        if not post.orders:
            post.try_(Decline(what="react"), "Пас." if rng.chance(50) else "Пас, ничего не применяю.")
        return
    from .rules.decisions import fight_of
    fight = fight_of(s)
    if fight is None:
        post.try_(Decline(what="react"))
        return
    attacker = fight.attacker if fight.kind == "attack" else None
    hand = list(s.players[f].hand)
    for p in s.pieces_in(fight.sector, f):
        if strikes(s, p):
            if p.shadow:
                targets = legal_targets(s, p.uid, attacker=attacker, among=fight.among)
                if targets and rng.chance(40):
                    post.try_(Strike(striker=p.uid, targets=(rng.pick(targets),), reveal=True))
                else:
                    post.try_(StayHidden(piece=p.uid))
                continue
            targets = legal_targets(s, p.uid, attacker=attacker, among=fight.among)
            if targets and rng.chance(75):
                k = 2 if has(s, p, "area") and len(targets) > 1 and rng.chance(50) else 1
                post.try_(Strike(striker=p.uid, targets=tuple(rng.shuffled(targets)[:k])))
            elif targets and rng.chance(20):
                post.try_(Strike(striker=p.uid, targets=()))
        if fight.kind == "attack" and hand and has(s, p, "evasion") and not p.shadow and rng.chance(30):
            post.try_(Evade(piece=p.uid, discard=rng.pick(hand)))
        if has(s, p, "defender") and rng.chance(30):
            post.try_(Guard(defender=p.uid))
    if rng.chance(20):
        for p in s.pieces_in(fight.sector, f):
            for ab in book_for(s).card(p.card).abilities:
                if ab.kind == "free":
                    post.try_(UseAbility(piece=p.uid, ability=ab.id))
    if not post.orders:
        post.try_(Decline(what="react"), "Пас.")
