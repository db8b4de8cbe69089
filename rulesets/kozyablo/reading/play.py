"""Playing a card from the hand (KZ-PLAY-01, KZ-MAG-01, KZ-ART-01): which card, into which sector or
onto which target."""

from __future__ import annotations

from letopis.engine.problems import ProblemKind, Severity

from ..data import fold as fold_name
from ..orders import (
    PlayCard,
)
from ..reader_messages import msg
from ..reader_table import Fail, Issue, Table, fail, own_fighters
from ..reader_words import Item
from ..refs import sector_name
from .base import (
    _TYPE_GENITIVE,
    Fight,
    Read,
)


class Playing:
    """Part of `Grammar` (see `grammar`); its methods use the others through ``self``."""

    t: Table
    mode: str
    fight: Fight | None
    faction: str

    # --- play a card (KZ-PLAY-01) ------------------------------------------------------------------
    def _play(self, cl: list[Item]) -> Read:
        refs = self._refs(cl)
        names = [it for _, it in refs if it.kind == "name" and not self.t._place_only(it)]
        in_hand = [it for it in names if self.t.hand_cards(it) and not it.goal]  # «Щит — Сэру Позорину»
        card_it = next((it for it in in_hand if not self.t.piece_candidates(it, {self.faction})), None) \
            if len(in_hand) > 1 else None
        card_it = card_it or (in_hand[0] if in_hand else None)
        if card_it is None:
            card_it = self._verb_card(cl)  # «Подрываю Козлиную гору»
        if card_it is None:
            if names:
                self.t.hand_card(names[0])
            raise self._unknown(cl) or fail("read.play_what", cl[0], "KZ-PLAY-01", kind=ProblemKind.UNREADABLE)
        card_id = self.t.hand_card(card_it)
        card = self.book.card(card_id)
        issues = self._type_words(cl, card_id)
        rest = [(p, it) for p, it in refs if it is not card_it]
        places = [it for _, it in rest if self.t.is_place(it)]
        pieces = [it for _, it in rest if it.kind == "name" and not self.t._place_only(it)]
        start, end = cl[0].start, cl[-1].end
        if card.type not in ("creature", "hero", "building") and pieces and self.t.hand_cards(pieces[0]) \
                and not self.t.piece_candidates(pieces[0]):  # «Щит — на Сэра Позорина», who is still in the hand
            raise fail("read.target_in_hand", pieces[0], "KZ-ART-01" if card.type == "artifact" else "KZ-MAG-01",
                       name=card.name, target=self.t.card_name(pieces[0]))
        if card.type in ("creature", "hero", "building"):
            if places:
                into = self.t.sector(places[0])
            elif card.type == "building" and self._own_capital():
                into = self._own_capital()
            else:
                cap = self._own_capital()
                raise fail("read.play_where", card_it, "KZ-PLAY-01", name=card.name,
                           sector=sector_name(self.state, cap) if cap else "Золотая шахта-1")
            return Read(PlayCard(card=card_id, into=into), start, end, issues)
        if card.type == "artifact":
            if pieces:
                hero = self.t.piece(pieces[0], "own")
            else:
                found = [p for p in self.t.visible if p.owner == self.faction and p.card == card.hero_for]
                if len(found) != 1:
                    raise fail("read.play_target", card_it, "KZ-ART-01", name=card.name)
                hero = found[0]
            return Read(PlayCard(card=card_id, on=hero.uid), start, end, issues)
        target = card.target
        if target == "none":
            return Read(PlayCard(card=card_id), start, end, issues)
        if target == "own_squad":
            other = next((it for it in cl if it.is_("w_enemy") or it.kind == "person" and it.value != self.faction), None)
            if other is not None and any(it.is_("w_squad") for it in cl):
                raise fail("read.squad_not_own", other, "KZ-MAG-01", name=card.name)  # «на отряд Бориса»
            if places:
                squad = self.t.sector(places[0], prefer=lambda s: bool(own_fighters(self.state, self.faction, s)))
            else:
                sectors = sorted({p.sector for p in self.t.visible if p.owner == self.faction})
                held = [s for s in sectors if own_fighters(self.state, self.faction, s)]
                if len(held) != 1:
                    raise fail("read.play_target", card_it, "KZ-MAG-01", name=card.name)
                squad = held[0]
            return Read(PlayCard(card=card_id, squad=squad), start, end, issues)
        if card.effect == "move_own":
            dests = [it for p, it in rest if self.t.is_place(it) and p != "w_from"]  # «из рудника-1»: where from
            if not pieces or not dests:
                raise fail("read.play_target", card_it, "KZ-PLAY-01", name=card.name)
            who = self.t.piece(pieces[0], "own")
            return Read(PlayCard(card=card_id, on=who.uid, into=self.t.sector(dests[0], prefer=lambda s: s != who.sector)),
                        start, end, issues)
        if target == "enemy_building_or_capital":
            if pieces:
                return Read(PlayCard(card=card_id, on=self.t.piece(pieces[0], "enemy").uid), start, end, issues)
            if places:
                sid = self.t.sector(places[0], default_own=False)
                return Read(PlayCard(card=card_id, on=self.t.capital_target(sid)), start, end, issues)
            raise fail("read.play_target", card_it, "KZ-PLAY-01", name=card.name)
        if not pieces:
            raise fail("read.play_target", card_it, "KZ-MAG-01", name=card.name)
        role = "enemy" if target.startswith("enemy") else "own"
        try:
            on = self.t.piece(pieces[0], role)
        except Fail as e:
            if e.issue.code in ("read.piece_not_own", "read.piece_own") and card.type in ("magic", "event"):
                e.issue.clause = "KZ-MAG-01"  # the card's side is its target rule
            raise
        return Read(PlayCard(card=card_id, on=on.uid), start, end, issues)

    def _hand_spell(self, it: Item) -> bool:
        """The name is a magic or event card in the poster's hand."""
        return any(self.book.card(c).type in ("magic", "event") for c in self.t.hand_cards(it))

    def _verb_card(self, cl: list[Item]) -> Item | None:
        """A hand card the order verb itself names: «Подрываю …» for «Подрыв»."""
        v = next((it for it in cl if it.is_("v_play")), None)
        if v is None or len(v.text) < 5:
            return None
        for card_id in sorted(self.t.hand):
            first = fold_name(self.book.card(card_id).name).split()[0]
            if len(first) >= 5 and v.text.startswith(first[:5]):
                it = v.copy()
                it.kind, it.cards, it.full = "name", frozenset({card_id}), frozenset({card_id})
                return it
        return None

    def _own_capital(self) -> str | None:
        return self.state.players[self.faction].capital_sector if self.faction in self.state.players else None

    def _type_words(self, cl: list[Item], card_id: str) -> list[Issue]:
        """«Играю эффект «Подрыв»» (KZ-GAP-06: эффект = событие); a type word that does not fit the
        card is worth a warning."""
        card = self.book.card(card_id)
        out = []
        for it in cl:
            if it.kind != "word" or it.concept is not None:
                continue
            said = self.book.type_of_word(it.text) or self.book.type_of_word(self.t.words.lex.lemma(it.text))
            if said is None or said == card.type or said in ("capital", "sector"):
                continue
            out.append(Issue("read.type_mismatch", msg("read.type_mismatch", name=card.name,
                                                      actual=_TYPE_GENITIVE[card.type], said=_TYPE_GENITIVE[said]),
                             None, "KZ-GAP-06", it.start, it.end, Severity.WARNING, ProblemKind.INFO))
        return out
