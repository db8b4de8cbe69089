"""`Material`: one game's board, decks and trophy supply, cross-checked, with the lookups the rules
need (castles, segments, neighbours, cards by id and by name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from functools import cache
from typing import Any

from .loading import MaterialError, load_board_def, load_decks_def, load_trophies_def
from .models import ArtifactDef, BoardDef, CastleDef, CreatureDef, DecksDef, SegmentDef, TrophiesDef

DEFAULT_BOARD = "board.toml"
DEFAULT_DECKS = "decks.toml"
DEFAULT_TROPHIES = "trophies.toml"
EPOCHS = 4


def fold(text: str) -> str:
    """A name as lookups compare it: lower case, ё → е, no quotes, single spaces."""
    text = unicodedata.normalize("NFC", text).lower().replace("ё", "е")
    for ch in "«»\"„“”'":
        text = text.replace(ch, "")
    return " ".join(text.split())


class Material:
    """The board, the decks and the trophy supply of one game."""

    def __init__(self, board: BoardDef, decks: DecksDef, trophies: TrophiesDef) -> None:
        self.board = board
        self.decks = decks
        self.trophies = trophies
        self.castles: dict[str, CastleDef] = {c.id: c for c in board.castles}
        self.segments: dict[str, SegmentDef] = {s.id: s for s in board.segments}
        self.creatures: dict[str, CreatureDef] = {c.id: c for c in decks.creatures}
        self.artifacts: dict[str, ArtifactDef] = {a.id: a for a in decks.artifacts}
        self._check()
        self.neighbours: dict[str, list[str]] = {c: [] for c in self.castles}
        self.segments_at: dict[str, list[SegmentDef]] = {c: [] for c in self.castles}
        self._pair: dict[frozenset[str], SegmentDef] = {}
        for seg in board.segments:
            a, b = seg.between
            self.neighbours[a].append(b)
            self.neighbours[b].append(a)
            self.segments_at[a].append(seg)
            self.segments_at[b].append(seg)
            self._pair[frozenset(seg.between)] = seg
        self._castle_names: dict[str, str] = {}
        for c in board.castles:
            for word in (c.id, c.code, c.name, *c.aliases):
                self._castle_names[fold(word)] = c.id
        self._card_names = {fold(c.name): c.id for c in (*decks.creatures, *decks.artifacts)}

    # --- validation --------------------------------------------------------------------------
    def _check(self) -> None:
        def unique(kind: str, items: list[str]) -> None:
            seen: set[str] = set()
            for item in items:
                if fold(item) in seen:
                    raise MaterialError(f"{kind} «{item}» встречается дважды")
                seen.add(fold(item))

        unique("Замок (id, код, название или короткое имя)",
               [w for c in self.board.castles for w in (c.id, c.code, c.name, *c.aliases)])
        unique("Участок", [s.id for s in self.board.segments])
        unique("Карта (id)", [c.id for c in (*self.decks.creatures, *self.decks.artifacts)])
        unique("Карта (название)", [c.name for c in (*self.decks.creatures, *self.decks.artifacts)])
        pairs: set[frozenset[str]] = set()
        for seg in self.board.segments:
            for end in seg.between:
                if end not in self.castles:
                    raise MaterialError(f"Участок {seg.id}: нет замка с id «{end}»")
            pair = frozenset(seg.between)
            if pair in pairs:
                a, b = (self.castles[x].name for x in seg.between)
                raise MaterialError(f"Участок {seg.id}: между {a} и {b} уже есть участок")
            pairs.add(pair)
        for c in self.board.castles:
            if not 1 <= len(c.towers) <= 4:
                raise MaterialError(f"Замок «{c.name}» ({c.id}): башен должно быть от 1 до 4")

    # --- lookups -----------------------------------------------------------------------------
    def castle(self, castle_id: str) -> CastleDef:
        return self.castles[castle_id]

    def find_castle(self, word: str) -> str | None:
        """A castle id by its id, code, name or short form (case and ё ignored)."""
        return self._castle_names.get(fold(word))

    def find_card(self, name: str) -> str | None:
        """A card id by its exact name (case, ё and quotes ignored); the reader does inflection."""
        return self._card_names.get(fold(name))

    def segment_between(self, a: str, b: str) -> SegmentDef | None:
        return self._pair.get(frozenset((a, b)))

    def monster_castles(self) -> list[str]:
        return [c.id for c in self.board.castles if c.monsters]

    def creature_deck(self, epoch: int) -> list[str]:
        return [c.id for c in self.decks.creatures if c.epoch == epoch]

    def artifact_deck(self, epoch: int) -> list[str]:
        return [a.id for a in self.decks.artifacts if a.epoch == epoch]

    def card_name(self, card_id: str) -> str:
        card: Any = self.creatures.get(card_id) or self.artifacts.get(card_id)
        return card.name if card else card_id

    def __iter__(self) -> Iterator[CastleDef]:
        return iter(self.board.castles)


@cache
def load_material(board: str = DEFAULT_BOARD, decks: str = DEFAULT_DECKS,
                  trophies: str = DEFAULT_TROPHIES) -> Material:
    """The material of the named files (Options.board / decks / trophies); invalid data raises
    `MaterialError` with a Russian message."""
    return Material(load_board_def(board), load_decks_def(decks), load_trophies_def(trophies))


def material_for(state: Any) -> Material:
    """The material a game uses (its options' files)."""
    o = state.options
    return load_material(o.board, o.decks, o.trophies)
