"""How units are numbered and named, and how a reference in a post finds them (DK-UNIT-07, DK-GAP-15).

Numbers are per player and never reused: under ``by_category`` imps count 1, 2, … and military
units have their own sequence; under ``single_sequence`` there is one sequence. A unit keeps its
number through upgrades (бес №3 becomes грасдир №3). Ids are stable strings built from the owner
and the number: ``p1:i3`` (imp 3), ``p1:m2`` (military 2), ``p1:u5`` (single sequence); the Hero
is ``hero`` and his gnome ``gnome``.

The reader names a unit by kind (any case form or alias), number, owner and/or cell;
`find_units` returns every unit that fits, best matches first, so the reader can report «не
найден» or «кого именно?» with the candidates.
"""

from __future__ import annotations

from typing import NamedTuple

from .data import DATA
from .orders import Case, Label
from .state import Cell, State, Unit

HERO_ID, GNOME_ID = "hero", "gnome"
GENERIC_WORDS = frozenset(("юнит", "существо", "боец", "воин", "тварь"))
OWN_WORDS = frozenset(("мой", "моя", "моё", "мое", "свой", "своя", "своё", "свое", "наш"))


def _fold(word: str) -> str:
    return word.strip().lower().replace("ё", "е")


def _kind_words() -> dict[str, str]:
    """Every case form and alias of every unit kind → its key («импа» → imp, «кадёт» → kadet)."""
    out: dict[str, str] = {}
    for key, u in DATA.units.items():
        forms = u.forms
        for w in (u.name, *u.aliases, forms.nom, forms.gen, forms.dat, forms.acc, forms.ins,
                  forms.nom_pl or "", forms.gen_pl or ""):
            if w:
                out[_fold(w)] = key
        for alias in u.aliases:  # «кадёт» declines like «кадет»
            stem = _fold(alias)
            for ending in ("а", "у", "ом", "ы", "ов"):
                out.setdefault(stem + ending, key)
    return out


KIND_WORDS: dict[str, str] = _kind_words()


def kind_of_word(word: str) -> str | None:
    """The unit kind a word (any case, ё or е) names, or None; «юнит» etc. are not a kind."""
    return KIND_WORDS.get(_fold(word))


def category_of(kind: str) -> str:
    """The numbering sequence a kind belongs to: ``imp`` or ``military`` (DK-GAP-15)."""
    return "imp" if DATA.units[kind].category == "worker" else "military"


def unit_id(faction: str, kind: str, number: int, numbering: str = "by_category") -> str:
    if numbering == "single_sequence":
        return f"{faction}:u{number}"
    return f"{faction}:{'i' if category_of(kind) == 'imp' else 'm'}{number}"


def next_number(state: State, faction: str, kind: str) -> int:
    """The number the next summoned unit of ``kind`` gets (not taken yet)."""
    p = state.players[faction]
    if state.options.unit_numbering == "single_sequence" or category_of(kind) == "imp":
        return p.next_imp
    return p.next_military


def take_number(state: State, faction: str, kind: str) -> tuple[int, str]:
    """Give the next number of ``kind``'s sequence to a new unit: (number, id). Never reused."""
    p = state.players[faction]
    single = state.options.unit_numbering == "single_sequence"
    if single or category_of(kind) == "imp":
        number = p.next_imp
        p.next_imp += 1
    else:
        number = p.next_military
        p.next_military += 1
    return number, unit_id(faction, kind, number, state.options.unit_numbering)


def label(state: State, unit: Unit, viewer: str | None = None) -> Label:
    """How orders and the chronicle name ``unit`` for ``viewer``: the owner is added for anyone
    else's unit («бес №2 (Ваал)»), never for the Hero and the gnome."""
    owner = None
    if unit.owner is not None and unit.owner != viewer:
        owner = state.name(unit.owner)
    return Label(kind=unit.kind, number=unit.number, owner=owner)


def unit_text(state: State, unit: Unit, viewer: str | None = None, case: Case = "nom",
              capital: bool = False) -> str:
    """«имп №3», «беса №2 (Ваал)», «Героя» — a unit in a case."""
    return label(state, unit, viewer).text(case, capital)


def owner_of_word(state: State, word: str, poster: str | None = None) -> str | None:
    """The faction a word names: a player's name in any case form («Ваала» → Ваал), «мой/свой» → the
    poster; None if the word names nobody."""
    w = _fold(word)
    if w in OWN_WORDS:
        return poster
    best: tuple[int, str] | None = None
    for fid, p in state.players.items():
        name = _fold(p.name)
        if not name:
            continue
        if w == name or w == fid:
            return fid
        # Declined names: the word starts with the name (Ваал → Ваала, Ваалу) or with the name
        # less its last vowel or soft sign (Лилия → Лилии, Игорь → Игоря).
        stems = [name] + ([name[:-1]] if len(name) > 2 and name[-1] in "аяйьео" else [])
        for stem in stems:
            if w.startswith(stem) and len(w) - len(stem) <= 3:
                score = len(stem)
                if best is None or score > best[0]:
                    best = (score, fid)
    return best[1] if best else None


class Match(NamedTuple):
    """A unit a reference fits; ``former`` = it was named by a kind it had before an upgrade
    (accepted with a warning, DK-GAP-15)."""

    unit: Unit
    former: bool = False


def find_units(state: State, poster: str, kind: str | None = None, number: int | None = None,
               owner: str | None = None, cell: Cell | None = None, any_owner: bool = False) -> list[Match]:
    """Units a reference fits, exact matches first.

    ``kind`` is a unit kind key (None for «юнит №N» or a bare cell); ``owner`` a faction id when the
    post names one, else units the poster gives orders to (his own and those he controls now) are
    searched; a cell searches whoever stands there. ``any_owner`` searches every unit (targets of
    attacks and spells). The Hero and the gnome are found by their kind alone."""
    if kind in (HERO_ID, GNOME_ID) or (kind is None and number is None and cell is None):
        pool = [u for u in state.units.values() if u.kind == kind] if kind else []
        return [Match(u) for u in pool if cell is None or u.cell == cell]
    if cell is not None:
        pool = state.units_at(cell)
    elif owner is not None:
        pool = [u for u in state.units.values() if u.owner == owner]
    elif any_owner:
        pool = list(state.units.values())
    else:
        pool = [u for u in state.units.values() if u.side == poster]
    exact: list[Match] = []
    former: list[Match] = []
    for u in pool:
        if owner is not None and u.owner != owner:
            continue
        if number is not None and u.number != number:
            continue
        if kind is None or u.kind == kind:
            exact.append(Match(u))
        elif kind in u.history:
            former.append(Match(u, True))
    key = _order_key(poster)
    return sorted(exact, key=key) + sorted(former, key=key)


def _order_key(poster: str):
    """Own units first, then by owner and number, so candidate lists read in a stable order."""
    def key(m: Match) -> tuple[int, str, int]:
        u = m.unit
        return (0 if u.side == poster else 1, u.owner or "", u.number)
    return key
