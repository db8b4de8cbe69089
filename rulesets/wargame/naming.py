"""How figures, sides, cells and artifacts are written (WG-DEF-ARMY-03, WG-DEF-BOARD-01).

A figure's canonical name is its type, plus «№N» when the army has several of that type:
«мечник №2», «рыцарь». Names come in the cases orders need (nominative, accusative, dative) from
the army list, and in the others (genitive, instrumental, prepositional) from the dictionary
(`letopis.engine.text_words.inflect`); in games of three or four players a figure of another
player carries his colour in the genitive plural, which does not change with the case: «орк №3
Красных». Prose lists group figures of one type («из орков №1, №3 и №4»), and words about figures
agree with them («катапульта уничтожена», «убиты»), so that every sentence reads as a GM writes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from letopis.engine.text_words import agree, gender, inflect, joined

from .state import Cell, Figure, State

Case = Literal["nom", "gen", "dat", "acc", "ins", "loc"]

COLOUR_FORMS: dict[str, dict[str, str]] = {
    "blue": {"nom": "Синие", "gen": "Синих", "ins": "Синими"},
    "red": {"nom": "Красные", "gen": "Красных", "ins": "Красными"},
    "green": {"nom": "Зелёные", "gen": "Зелёных", "ins": "Зелёными"},
    "yellow": {"nom": "Жёлтые", "gen": "Жёлтых", "ins": "Жёлтыми"},
}


def cell_text(cell: Cell | tuple[int, int] | list[int]) -> str:
    return f"{cell[0]}-{cell[1]}"


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def common_noun(name: str) -> str:
    """A figure's name as a sentence says it inside: «Рыцарь» → «рыцарь», «Боевой маг» → «боевой
    маг»; a model's designation («UNL-2»: Latin letters, capitals, digits) stays as the army list
    writes it, or a sentence would begin «Unl-2»."""
    if any("a" <= c.lower() <= "z" or c.isdigit() for c in name) or sum(c.isupper() for c in name) > 1 \
            and name.upper() == name:
        return name
    return name.lower()


def points(half: int) -> str:
    """Half-points as a Russian number: 5 → «2,5», 4 → «2» (WG-GAP-12)."""
    return f"{half // 2}" + (",5" if half % 2 else "") if half >= 0 else "−" + points(-half)


class Namer:
    """Names as seen by ``viewer`` (a faction id, or None for the chronicle's neutral voice)."""

    def __init__(self, state: State, viewer: str | None = None) -> None:
        self.state = state
        self.viewer = viewer
        self.colours = len(state.factions) >= 3

    def figure(self, fid: str, case: Case = "nom") -> str:
        fig = self.state.figures[fid]
        spec = self.state.spec(fig)
        given = {"nom": spec.name, "acc": spec.acc, "dat": spec.dat}.get(case)
        word = common_noun(given if given is not None else inflect(spec.name, case))
        text = f"{word} №{fig.number}" if fig.number is not None else word
        return text + self._colour(fig)

    def _colour(self, fig: Figure) -> str:
        if self.colours and fig.side != self.viewer:
            return " " + COLOUR_FORMS[self.state.players[fig.side].colour]["gen"]
        return ""

    def figures(self, fids, case: Case = "nom") -> str:
        """Names one after another, as the canonical orders list them («орк №1, орк №3»)."""
        return ", ".join(self.figure(f, case) for f in fids)

    def listing(self, fids: Iterable[str], case: Case = "nom", last: str = "и") -> str:
        """Names as a sentence lists them, in army-list order: several figures of one type as one
        group («всадники №1, №2 и №3», «из орков №1 и №3»), any other list name by name («рыцарь,
        мечник №1 и маг», «всадник №1 или всадник №2» with ``last`` «или»)."""
        figs = sorted((self.state.figures[f] for f in fids), key=lambda f: f.order)
        kinds = {(f.side, f.type) for f in figs}
        if len(figs) > 1 and len(kinds) == 1 and last == "и" and all(f.number is not None for f in figs):
            spec = self.state.spec(figs[0])
            word = common_noun(spec.plural if case == "nom" else inflect(spec.name, case, plural=True))
            return f"{word} {joined([f'№{f.number}' for f in figs])}{self._colour(figs[0])}"
        return joined([self.figure(f.id, case) for f in figs], last)

    def gender(self, fid: str) -> str:
        """The grammatical gender of a figure's name; a name the dictionary does not know is
        taken as «машина» for a war machine and «воин» for the rest."""
        fig = self.state.figures[fid]
        return gender(self.state.spec(fig).name) or ("femn" if fig.kind == "machine" else "masc")

    def agreeing(self, fids: str | list[str], word: str) -> str:
        """``word`` (a past verb or a short participle in the masculine: «убит», «погиб») as it
        agrees with the figure or figures it is said of: «убита» (катапульта), «убиты» (двое)."""
        if isinstance(fids, str):
            fids = [fids]
        if len(fids) > 1:
            return agree(word, plural=True)
        return agree(word, self.gender(fids[0]))

    def side(self, faction: str) -> str:
        """A player as the chronicle names him: his name, and his colour with 3+ players."""
        p = self.state.players[faction]
        if self.colours:
            return f"{p.name} ({COLOUR_FORMS[p.colour]['nom']})"
        return p.name

    def side_ins(self, faction: str) -> str:
        """«с Зелёными» — a side in the instrumental (WG-DEC-07)."""
        return COLOUR_FORMS[self.state.players[faction].colour]["ins"]

    def artifact(self, key: str) -> str:
        for p in self.state.players.values():
            for a in p.army.artifact:
                if a.key == key:
                    return a.name
        return key

    def weapon(self, fid: str, key: str) -> str:
        fig = self.state.figures[fid]
        for w in self.state.spec(fig).weapons:
            if w.key == key:
                return w.name
        return key

    def several_weapons(self, fid: str) -> bool:
        return len(self.state.spec(self.state.figures[fid]).weapons) > 1

    def cell(self, cell: Cell) -> str:
        return cell_text(cell)


def figure_id(faction: str, type_key: str, number: int | None) -> str:
    return f"{faction}:{type_key}" + (f"-{number}" if number is not None else "")


def short(fig: Figure) -> str:
    return fig.id
