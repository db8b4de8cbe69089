"""Is this order legal here and now? `Checker(state, faction)` answers line by line for the reader.

``check(order)`` tests one order against the state *as it will be* at that point of the post: the
orders accepted before it are carried out on the checker's own clone (a forecast: an attack or a
retreat attack is not fought out, its outcome is unknown). It returns the `Violation`s — errors,
and warnings for legal but pointless orders — and applies the order when it has no error.
``describe(order)`` says in Russian what the order will do, for the live check.

A main post holds optional trigger choices at the top (KZ-DEC-10), any [С] uses (KZ-ABIL-03), and
exactly one main action (KZ-TURN-03); an attack post may add the attacker's own Уклонение and
Защитник lines. Posts in a reaction step are decisions (decisions.check_decision), or [С] uses
and «пас» in a reaction window (KZ-DEF-REACT-01). Deck posts are checked by decks.validate.
"""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from letopis.engine.declension import decline

from . import actions, triggers
from .data import RESOURCE_GENITIVE, CardDef, book_for
from .decisions import check_decision, check_picks, free_uses_left
from .messages import cards_acc, msg, violation
from .orders import (
    CAPITAL_TARGET,
    Attack,
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
    TriggerChoice,
    UseAbility,
)
from .refs import TableNamer, capital_sector, cards_count, sector_name
from .resolution import involved_sectors
from .state import State
from .targets import capital_owner, has, is_creature, scout_present, strikes
from .violations import Violation
from .world import (
    building_limit,
    buildings_in_capital,
    controls_a_sector,
    creatures_in,
    enemy_cards_in,
    enemy_in_capital,
    garrison_count,
    garrison_limit,
    over_garrison,
    production,
)

DECISION_KINDS = frozenset({"strike", "stay_hidden", "evade", "guard", "decline"})
RES_CLAUSE = {"creature": "KZ-CREA-03", "hero": "KZ-GAP-08", "building": "KZ-BLD-02", "artifact": "KZ-GAP-18",
              "magic": "KZ-MAG-03", "event": "KZ-EVT-01"}


class Checker:
    """Checks the orders of one post in turn, against the state as the post has made it so far."""

    def __init__(self, state: State, faction: str) -> None:
        self.state = state
        self.faction = faction
        self.s = state.clone()
        self.main: BaseModel | None = None
        self.before_main: State | None = None
        self.started = False
        self.choices: list[TriggerChoice] = []
        self.mulliganed = False
        self.namer = TableNamer(self.s, faction)
        active = self.s.order[self.s.active] if self.s.order and self.s.phase in ("mulligan", "play") else None
        self.my_turn = active == faction and self.s.pending is None and self.s.phase == "play"
        self.garrison_due = self.my_turn and over_garrison(self.s, faction)

    # --- the interface ---------------------------------------------------------------------------
    def check(self, order: BaseModel) -> list[Violation]:
        """Errors (and warnings) for ``order`` now; a legal order is applied to the forecast."""
        found = self._violations(order)
        if not any(not v.warning for v in found):
            self._apply(order)
        return found

    def describe(self, order: BaseModel) -> str:
        """What ``order`` will do, in Russian (for the live check beside the textarea)."""
        n = TableNamer(self.s, self.faction, before=self.state)
        kind = getattr(order, "kind", "")
        if isinstance(order, PlayCard):
            where = ""
            if order.into and order.on:
                where = f" на «{n.target(order.on)}» в «{n.sector(order.into)}»"
            elif order.into:
                where = f" в «{n.sector(order.into)}»"
            elif order.on:
                where = f" на «{n.target(order.on)}»"
            elif order.squad:
                where = f" на отряд в «{n.sector(order.squad)}»"
            return msg("describe.play", card=n.card(order.card), where=where)
        if isinstance(order, DrawCard):
            return msg("describe.draw", n=len(self.s.players[self.faction].deck))
        if isinstance(order, Move):
            text = msg("describe.move", pieces=", ".join(f"«{n.piece(p)}»" for p in order.pieces),
                       origin=f"«{n.sector(order.origin)}»", dest=f"«{n.sector(order.dest)}»")
            base = self.before_main if self.before_main is not None and order is self.main else self.s
            if all(p in base.pieces for p in order.pieces) and actions.retreat_due(base, self.faction, order):
                text += msg("describe.retreat")
            return text
        if isinstance(order, Attack):
            return msg("describe.attack", sector=f"«{n.sector(order.sector)}»")
        if isinstance(order, UseAbility):
            piece = self.s.pieces.get(order.piece)
            ability = book_for(self.s).card(piece.card).ability(order.ability) if piece else None
            return msg("describe.ability", who=n.piece(order.piece), ability=ability.name if ability else order.ability)
        if isinstance(order, Skip):
            return msg("describe.skip")
        if isinstance(order, Mulligan):
            return msg("describe.mulligan", n=cards_acc(len(order.cards))) if order.cards else msg("describe.keep")
        if isinstance(order, TriggerChoice):
            return msg("describe.trigger", who=n.piece(order.piece), target=n.target(order.target))
        if kind == "deck":
            return msg("describe.deck", n=cards_count(sum(c for _, c in order.cards)))  # type: ignore[attr-defined]
        return msg("describe.decision")

    # --- dispatch ------------------------------------------------------------------------------------
    def _violations(self, order: BaseModel) -> list[Violation]:
        s, f = self.s, self.faction
        kind = getattr(order, "kind", "")
        if s.phase == "over":
            return [violation("turn.game_over", "KZ-WIN-01")]
        if f not in s.players:
            return [violation("turn.not_yours", "KZ-DEF-TURN-03", who="—")]
        if s.players[f].eliminated:
            return [violation("turn.eliminated", "KZ-DEF-WIN-03")]
        if s.phase == "decks":
            return [] if kind == "deck" else [violation("turn.deck_only", "KZ-DEF-SETUP-01")]
        if s.phase == "mulligan":
            return self._check_mulligan(order)
        if kind in ("deck", "mulligan"):
            return [violation("turn.mulligan_not_now", "KZ-DEF-MULL-01")]
        pending = s.pending
        if pending is not None:
            if f in pending.waiting and f not in pending.answers:
                return self._check_answer(order)
            return [violation("turn.pending", "KZ-DEF-REACT-01", who=decline(s.players[pending.active].name, "gen"))]
        active = s.order[s.active]
        if active != f:
            return [violation("turn.not_yours", "KZ-DEF-TURN-03", who=s.players[active].name)]
        if isinstance(order, TriggerChoice):
            return self._check_trigger(order)
        if kind in DECISION_KINDS:
            return self._check_own_decision(order)
        if isinstance(order, UseAbility) and self._is_free(order):
            if self.main is not None:
                return [violation("turn.free_after_main", "KZ-DEF-TURN-01")]
            return self._check_ability(order)
        if self.main is not None:
            first = self.describe(self.main).rstrip(".")
            return [violation("turn.second_action", "KZ-TURN-03", first=first)]
        if self.garrison_due:
            bad = self._check_garrison_move(order)
            if bad:
                return bad
        if isinstance(order, PlayCard):
            return self._check_play(order)
        if isinstance(order, DrawCard):
            return self._check_draw()
        if isinstance(order, Move):
            return self._check_move(order)
        if isinstance(order, Attack):
            return self._check_attack(order)
        if isinstance(order, UseAbility):
            return self._check_ability(order)
        if isinstance(order, Skip):
            return []
        return [violation("turn.decision_only", "KZ-DEF-TURN-03")]

    def _apply(self, order: BaseModel) -> None:
        s, f = self.s, self.faction
        kind = getattr(order, "kind", "")
        if s.phase == "mulligan" and isinstance(order, Mulligan):
            self.mulliganed = True
            return
        if s.phase != "play" or not self.my_turn:
            return
        if isinstance(order, TriggerChoice):
            self.choices.append(order)
            return
        if not self.started:
            self.started = True
            triggers.start_of_turn(s, f, self.choices)
        if kind in DECISION_KINDS:
            return
        if isinstance(order, UseAbility) and self._is_free(order):
            actions.use_ability(s, f, order)
            return
        self.main = order
        self.before_main = s.clone()
        if isinstance(order, (PlayCard, DrawCard, Move, UseAbility)):
            actions.perform(s, f, order)

    def _is_free(self, order: UseAbility) -> bool:
        piece = self.s.pieces.get(order.piece)
        if piece is None:
            return False
        ability = book_for(self.s).card(piece.card).ability(order.ability)
        return ability is not None and ability.kind == "free"

    # --- mulligan (KZ-MULL-01..03, KZ-DEF-MULL-01) --------------------------------------------------
    def _check_mulligan(self, order: BaseModel) -> list[Violation]:
        s, f = self.s, self.faction
        if not isinstance(order, Mulligan):
            return [violation("turn.mulligan_only", "KZ-DEF-MULL-01")]
        active = s.order[s.active]
        if active != f:
            return [violation("turn.not_yours", "KZ-DEF-MULL-01", who=s.players[active].name)]
        if self.mulliganed:
            return [violation("turn.second_action", "KZ-DEF-MULL-01", first="решение о замесе")]
        player = s.players[f]
        if player.mulligan_done:
            return [violation("mull.done", "KZ-DEF-MULL-01")]
        if not order.cards:
            return []
        rules = book_for(s).rules
        out = self._hand_has(Counter(order.cards), "KZ-MULL-01")
        if player.mulligans >= rules.max_mulligans:
            out.append(violation("mull.limit", "KZ-MULL-03", limit=rules.max_mulligans, have=player.mulligans))
        if len(player.deck) < rules.mulligan_mill:
            out.append(violation("mull.small_deck", "KZ-DEF-MULL-01", have=cards_count(len(player.deck)), need=rules.mulligan_mill))
        return out

    def _hand_has(self, wanted: Counter, clause: str) -> list[Violation]:
        hand = Counter(self.s.players[self.faction].hand)
        book = book_for(self.s)
        out = []
        for card, count in wanted.items():
            if hand[card] < count:
                name = book.card(card).name if card in book else card
                shown = ", ".join(f"«{book.card(c).name}»" for c in sorted(hand, key=lambda c: book.card(c).name))
                out.append(violation("hand.missing", clause, card=name, hand=shown or "пусто"))
        return out

    # --- answers in a reaction step ----------------------------------------------------------------
    def _check_answer(self, order: BaseModel) -> list[Violation]:
        s, f = self.s, self.faction
        pending = s.pending
        assert pending is not None
        if pending.kind in ("attack", "retreat"):
            return check_decision(s, f, order)
        if isinstance(order, Decline):
            return []
        if isinstance(order, UseAbility):
            sectors = involved_sectors(s, _main_of(pending.action))
            return self._check_reaction_free(order, sectors)
        return [violation("decision.not_now", "KZ-DEF-REACT-01")]

    def _check_reaction_free(self, order: UseAbility, sectors: list[str]) -> list[Violation]:
        """A [С] use in another player's turn (KZ-ABIL-05): a free ability, on a card the declared
        action involves (KZ-DEF-REACT-01), not used up this round (KZ-DEF-ABIL-02)."""
        out = self._check_ability(order)
        if out:
            return out
        piece = self.s.pieces[order.piece]
        ability = book_for(self.s).card(piece.card).ability(order.ability)
        if ability is not None and ability.kind != "free":
            return [violation("abil.action_in_reaction", "KZ-ABIL-05")]
        if piece.sector not in sectors and not (ability and ability.params.get("anywhere")):
            return [violation("abil.unknown_piece", "KZ-DEF-REACT-01", who=self.namer.piece(piece.uid))]
        return []

    def _check_own_decision(self, order: BaseModel) -> list[Violation]:
        """The attacker's own Уклонение/Защитник lines after his attack; the mover's for his leavers."""
        main, base = self.main, self.before_main
        if isinstance(main, Attack) and base is not None and isinstance(order, (Evade, Guard, Decline, Strike,
                                                                                 StayHidden)):
            return check_decision(base, self.faction, order, sector=main.sector, attacker=self.faction)
        if isinstance(main, Move) and base is not None and isinstance(order, (Evade, Guard, Decline)) \
                and actions.retreat_due(base, self.faction, main):
            return check_decision(base, self.faction, order, sector=main.origin, leavers=main.pieces,
                                  attacker=self.faction)
        return [violation("turn.decision_only", "KZ-DEF-TURN-03")]

    # --- trigger choices (KZ-DEC-10, KZ-DEF-TRIG-01) ----------------------------------------------
    def _check_trigger(self, order: TriggerChoice) -> list[Violation]:
        s = self.s
        if self.started:
            return [violation("turn.trigger_late", "KZ-DEC-10")]
        piece = s.pieces.get(order.piece)
        who = self.namer.piece(order.piece)
        if piece is None or piece.owner != self.faction or book_for(s).card(piece.card).trigger != "start" \
                or not triggers.needs_choice(s, piece):
            return [violation("trigger.none", "KZ-DEC-10", who=who)]
        if any(c.piece == order.piece for c in self.choices):
            return [violation("trigger.twice", "KZ-DEC-10", who=who)]
        if order.target not in {p.uid for p in triggers.heal_candidates(s, piece)}:
            return [violation("trigger.target", "KZ-DEC-10", target=self.namer.target(order.target))]
        return []

    # --- garrison (KZ-MOVE-06, KZ-DEF-GARR-01/02, KZ-GAP-30) ------------------------------------------
    def _check_garrison_move(self, order: BaseModel) -> list[Violation]:
        s, f = self.s, self.faction
        cap = capital_sector(s, f)
        limit, have = garrison_limit(s, f), garrison_count(s, f)
        name = sector_name(s, cap.id) if cap else "—"
        if not isinstance(order, Move) or cap is None or order.origin != cap.id:
            return [violation("move.garrison_due", "KZ-DEF-GARR-02", have=have, limit=limit, capital=f"«{name}»")]
        leaving = sum(1 for u in order.pieces if u in s.pieces and s.pieces[u].sector == cap.id
                      and is_creature(s, s.pieces[u]))
        if have - leaving > limit:
            return [violation("move.garrison_short", "KZ-MOVE-06", have=have - leaving, limit=limit,
                              capital=f"«{name}»")]
        return []

    # --- playing cards ---------------------------------------------------------------------------------
    def _check_play(self, order: PlayCard) -> list[Violation]:
        s = self.s
        book = book_for(s)
        if order.card not in book:
            return [violation("card.unknown", "KZ-PLAY-01", card=order.card)]
        card = book.card(order.card)
        missing = self._hand_has(Counter([order.card]), "KZ-PLAY-01")
        if missing:
            return missing
        if card.type in ("capital", "sector"):
            return [violation("card.not_playable", "KZ-PLAY-01", card=card.name)]
        out = self._production(card)
        if card.type in ("creature", "hero"):
            out += self._check_creature(order, card)
        elif card.type == "building":
            out += self._check_building(order, card)
        elif card.type == "artifact":
            out += self._check_artifact(order, card)
        else:
            out += self._check_effect(order, card)
        return out

    def _production(self, card: CardDef) -> list[Violation]:
        """KZ-PLAY-02, KZ-SECT-05: production of the card's resource ≥ its level; a hero also needs
        crystals ≥ 3 (KZ-HERO-04) and, by default, gold ≥ its level (KZ-GAP-08)."""
        s, f = self.s, self.faction
        prod = production(s, f)
        out = []
        resource = card.resource or "gold"
        check_level = card.type != "hero" or s.options.hero_needs_gold
        if check_level and prod[resource] < card.level:
            out.append(violation("prod.short", RES_CLAUSE.get(card.type, "KZ-PLAY-02"), card=card.name,
                                 res=RESOURCE_GENITIVE[resource], need=card.level, have=prod[resource],
                                 sectors=self._sectors_hint()))
        if card.type == "hero":
            need = book_for(s).rules.hero_crystals
            if prod["crystals"] < need:
                out.append(violation("hero.crystals", "KZ-HERO-04", need=need, have=prod["crystals"]))
        if card.requires_sector and not controls_a_sector(s, f):
            out.append(violation("req.sector", "KZ-PLAY-03", card=card.name))
        return out

    def _sectors_hint(self) -> str:
        from .world import controlled_sectors
        owned = controlled_sectors(self.s, self.faction)
        return ", ".join(f"«{sector_name(self.s, sid)}»" for sid in owned) or "пока ни одного"

    def _check_creature(self, order: PlayCard, card: CardDef) -> list[Violation]:
        """KZ-CREA-01..03, KZ-PLAY-04, KZ-GAP-07, KZ-HERO-01..03, KZ-GAP-17, KZ-MOVE-04/05."""
        s, f = self.s, self.faction
        player = s.players[f]
        out: list[Violation] = []
        if card.type == "hero":
            if order.card in player.dead_heroes:
                out.append(violation("hero.dead", "KZ-HERO-03", card=card.name))
            elif any(p.owner == f and p.card == order.card for p in s.pieces.values()):
                out.append(violation("hero.in_play", "KZ-DEF-PLAY-01", card=card.name))  # the rule GAP-17 decided
        if order.into is None:
            return out + [violation("play.where", "KZ-CREA-01", card=card.name)]
        if order.into not in s.sectors:
            return out + [violation("sector.unknown", "KZ-CREA-01", sector=order.into)]
        where = f"«{sector_name(s, order.into)}»"
        own_cap = s.players[f].capital_sector
        owner = capital_owner(s, order.into)
        if owner is not None and owner != f:
            return out + [violation("crea.enemy_capital", "KZ-CREA-02", sector=where)]
        if enemy_in_capital(s, f) and any(is_creature(s, p) for p in enemy_cards_in(s, own_cap or "", f)) \
                and order.into != own_cap:
            return out + [violation("crea.capital_under_attack", "KZ-PLAY-04")]
        enemies = enemy_cards_in(s, order.into, f)
        if order.into == own_cap:
            if enemies and not s.options.own_capital_exception:
                out.append(violation("crea.enemy_cards", "KZ-GAP-07", sector=where))
            elif not enemies and garrison_count(s, f) + 1 > garrison_limit(s, f):
                out.append(violation("garrison.full", "KZ-MOVE-04", sector=where, limit=garrison_limit(s, f),
                                     have=garrison_count(s, f)))
        elif enemies:
            out.append(violation("crea.enemy_cards", "KZ-CREA-01", sector=where))
        return out

    def _check_building(self, order: PlayCard, card: CardDef) -> list[Violation]:
        """KZ-BLD-01..03, KZ-DEF-BLD-01."""
        s, f = self.s, self.faction
        cap = capital_sector(s, f)
        capital = f"«{sector_name(s, cap.id)}»" if cap else "—"
        if cap is None or order.into != cap.id:
            return [violation("bld.not_capital", "KZ-BLD-01", capital=capital)]
        have, limit = len(buildings_in_capital(s, f)), building_limit(s, f)
        if have >= limit:
            return [violation("bld.full", "KZ-BLD-03", capital=capital, have=have, limit=limit)]
        return []

    def _check_artifact(self, order: PlayCard, card: CardDef) -> list[Violation]:
        """KZ-ART-01, KZ-GAP-18 (the hero in play, not in shadow), KZ-PLAY-04."""
        s, f = self.s, self.faction
        book = book_for(s)
        hero_name = book.card(card.hero_for).name if card.hero_for in book else card.hero_for or "—"
        piece = s.pieces.get(order.on or "")
        if not any(p.owner == f and p.card == card.hero_for for p in s.pieces.values()):
            return [violation("art.no_hero", "KZ-ART-01", card=card.name, hero=hero_name)]
        if piece is None or piece.owner != f or piece.card != card.hero_for:
            return [violation("art.wrong_hero", "KZ-ART-01", card=card.name, hero=hero_name)]
        if piece.shadow:
            return [violation("art.shadow", "KZ-GAP-18")]
        own_cap = s.players[f].capital_sector
        if enemy_in_capital(s, f) and piece.sector != own_cap:
            return [violation("art.capital_under_attack", "KZ-PLAY-04")]
        if order.card in piece.artifacts:
            return [violation("art.already", "KZ-GAP-18", card=card.name, hero=hero_name)]
        return []

    def _check_effect(self, order: PlayCard, card: CardDef) -> list[Violation]:
        """Magic and events: what they are played on (KZ-MAG-01, KZ-DEF-PLAY-04, KZ-MPROT-02,
        KZ-GAP-36/37), «Подрыв» (KZ-PLAY-03, KZ-GAP-40), «Позорный манёвр»."""
        s, f = self.s, self.faction
        target = card.target
        if target == "none":
            return []
        if target == "own_squad":
            return self._check_squad(order, card)
        if order.on is None:
            return [violation("play.target_needed", "KZ-MAG-01", card=card.name)]
        if target == "enemy_building_or_capital":
            return self._check_blast(order, card)
        piece = s.pieces.get(order.on)
        if piece is None:
            return [violation("target.unknown", "KZ-MAG-01", target=order.on)]
        label = self.namer.piece(piece.uid)
        if not is_creature(s, piece):
            return [violation("target.not_creature", "KZ-MAG-01", target=label)]
        if target in ("own_creature", "own_hero") and piece.owner != f:
            return [violation("target.not_own", "KZ-MAG-01", card=card.name, target=label)]
        if target == "enemy_creature" and piece.owner == f:
            return [violation("target.not_enemy", "KZ-MAG-01", card=card.name)]
        if piece.shadow:
            return [violation("target.shadow", "KZ-DEF-PLAY-04")]
        if card.type == "magic" and has(s, piece, "magic_protection") and not card.pierces_magic_protection:
            return [violation("target.magic_protection", "KZ-MPROT-02", target=label)]
        if card.not_on_undead and has(s, piece, "undead"):
            return [violation("target.undead", "KZ-GAP-37", card=card.name, target=label)]
        if card.effect == "move_own":
            return self._check_maneuver(order, piece)
        return []

    def _check_squad(self, order: PlayCard, card: CardDef) -> list[Violation]:
        s, f = self.s, self.faction
        if order.squad is None or order.squad not in s.sectors:
            return [violation("play.target_needed", "KZ-MAG-01", card=card.name)]
        where = f"«{sector_name(s, order.squad)}»"
        if order.squad_owner not in (None, f):
            return [violation("squad.not_own", "KZ-MAG-01", card=card.name)]
        squad = creatures_in(s, order.squad, f)
        if not squad:
            return [violation("squad.none", "KZ-MOVE-02", sector=where)]
        touched = [p for p in squad if not p.shadow
                   and not (card.type == "magic" and has(s, p, "magic_protection") and not card.pierces_magic_protection)
                   and not (card.not_on_undead and has(s, p, "undead"))]
        if not touched:
            return [violation("squad.all_protected", "KZ-DEF-PLAY-04", warning=True, sector=where)]
        return []

    def _check_blast(self, order: PlayCard, card: CardDef) -> list[Violation]:
        s, f = self.s, self.faction
        on = order.on or ""
        if on.startswith(CAPITAL_TARGET):
            sid = on[len(CAPITAL_TARGET):]
            owner = capital_owner(s, sid)
            if owner is None:
                return [violation("target.not_building", "KZ-PLAY-03", card=card.name)]
            if owner == f:
                return [violation("target.capital_own", "KZ-PLAY-03", card=card.name)]
            return []
        piece = s.pieces.get(on)
        if piece is None:
            return [violation("target.unknown", "KZ-DEF-BLD-01", target=on)]
        if piece.owner == f or book_for(s).card(piece.card).type != "building":
            return [violation("target.not_building", "KZ-DEF-BLD-01", card=card.name)]
        return []

    def _check_maneuver(self, order: PlayCard, piece) -> list[Violation]:  # type: ignore[no-untyped-def]
        s, f = self.s, self.faction
        if order.into is None or order.into not in s.sectors:
            return [violation("maneuver.where", "KZ-DEF-RET-02")]
        where = f"«{sector_name(s, order.into)}»"
        if order.into == piece.sector:
            return [violation("maneuver.same", "KZ-MOVE-01", sector=where)]
        owner = capital_owner(s, order.into)
        if owner is not None and owner != f:
            return [violation("maneuver.enemy_capital", "KZ-PLAY-02")]  # the card's own «except enemy capitals»
        if enemy_cards_in(s, order.into, f):
            return [violation("maneuver.enemy", "KZ-DEF-RET-02", sector=where)]
        if order.into == s.players[f].capital_sector and garrison_count(s, f) + 1 > garrison_limit(s, f):
            return [violation("garrison.full", "KZ-MOVE-04", sector=where, limit=garrison_limit(s, f),
                              have=garrison_count(s, f))]
        return []

    # --- drawing ---------------------------------------------------------------------------------------
    def _check_draw(self) -> list[Violation]:
        if not self.s.players[self.faction].deck:
            return [violation("draw.empty_deck", "KZ-GAP-16")]
        return []

    # --- moving ----------------------------------------------------------------------------------------
    def _check_move(self, order: Move) -> list[Violation]:
        """KZ-MOVE-01..05, KZ-DEF-GARR-01, KZ-SHADOW-04 (creatures in shadow move unseen)."""
        s, f = self.s, self.faction
        if not order.pieces:
            return [violation("move.empty", "KZ-MOVE-01")]
        for sid in (order.origin, order.dest):
            if sid not in s.sectors:
                return [violation("sector.unknown", "KZ-MOVE-01", sector=sid)]
        origin, dest = f"«{sector_name(s, order.origin)}»", f"«{sector_name(s, order.dest)}»"
        if order.origin == order.dest:
            return [violation("move.same", "KZ-MOVE-01", sector=origin)]
        out: list[Violation] = []
        for uid in order.pieces:
            piece = s.pieces.get(uid)
            if piece is None:
                out.append(violation("abil.unknown_piece", "KZ-MOVE-01", who=uid))
                continue
            who = self.namer.piece(uid)
            if piece.owner != f:
                out.append(violation("move.not_own", "KZ-MOVE-01", who=who))
            elif not is_creature(s, piece):
                out.append(violation("move.building", "KZ-MOVE-01", who=who))
            elif piece.sector != order.origin:
                out.append(violation("move.not_there", "KZ-MOVE-01", who=who, sector=origin,
                                     at=f"«{sector_name(s, piece.sector)}»"))
        if out:
            return out
        if s.sectors[order.origin].kind == "capital" and s.sectors[order.dest].kind == "capital":
            return [violation("move.capital_to_capital", "KZ-MOVE-03")]
        if order.dest == s.players[f].capital_sector and not enemy_cards_in(s, order.dest, f):
            after = garrison_count(s, f) + len(set(order.pieces))
            if after > garrison_limit(s, f):
                return [violation("move.garrison", "KZ-MOVE-04", sector=dest, limit=garrison_limit(s, f), have=after)]
        return []

    # --- attacks ---------------------------------------------------------------------------------------
    def _check_attack(self, order: Attack) -> list[Violation]:
        """KZ-ATK-01, KZ-COMBAT-01, KZ-DEF-ATK-01/02, KZ-GAP-20; pre-named targets KZ-DEF-CMB-03/05."""
        s, f = self.s, self.faction
        if order.sector not in s.sectors:
            return [violation("sector.unknown", "KZ-ATK-01", sector=order.sector)]
        where = f"«{sector_name(s, order.sector)}»"
        here = s.pieces_in(order.sector)
        if not any(p.owner == f and strikes(s, p) for p in here):
            return [violation("attack.no_striker", "KZ-DEF-ATK-01", sector=where)]
        owner = capital_owner(s, order.sector)
        enemy_capital = owner is not None and owner != f and not s.players[owner].eliminated
        if not any(p.owner != f for p in here) and not enemy_capital:
            return [violation("attack.no_enemy", "KZ-DEF-ATK-01", sector=where)]  # the rule GAP-20 decided
        return check_picks(s, f, order)

    # --- abilities -------------------------------------------------------------------------------------
    def _check_ability(self, order: UseAbility) -> list[Violation]:
        """KZ-ABIL-01..04, KZ-DEF-ABIL-01/02, KZ-REGEN-01, KZ-GAP-38, KZ-SHADOW-01, KZ-DEF-SHADOW-03,
        KZ-GAP-39."""
        s, f = self.s, self.faction
        piece = s.pieces.get(order.piece)
        if piece is None:
            return [violation("abil.unknown_piece", "KZ-ABIL-01", who=order.piece)]
        who = self.namer.piece(piece.uid)
        if piece.owner != f:
            return [violation("abil.not_own", "KZ-ABIL-01", who=who)]
        ability = book_for(s).card(piece.card).ability(order.ability)
        if ability is None:
            return [violation("abil.none", "KZ-ABIL-01", who=who, ability=order.ability)]
        if ability.kind == "free" and not free_uses_left(s, piece, ability.id):
            return [violation("abil.free_used", "KZ-DEF-ABIL-02", who=who, ability=ability.name,
                              limit=s.options.free_ability_limit)]
        if ability.effect == "shadow":
            if piece.shadow:
                return [violation("shadow.already", "KZ-SHADOW-01", who=who)]
            if scout_present(s, piece):
                return [violation("shadow.scout", "KZ-DEF-SHADOW-03", sector=f"«{sector_name(s, piece.sector)}»")]
        if ability.effect == "regenerate" and piece.damage == 0:
            return [violation("regen.full", "KZ-GAP-38", warning=True, who=who)]
        return []


def _main_of(action: list[dict]) -> BaseModel:
    from .orders import load_orders
    return load_orders(action)[0]
