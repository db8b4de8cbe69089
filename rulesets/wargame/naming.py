"""How figures, sides, cells and artifacts are written (WG-DEF-ARMY-03, WG-DEF-BOARD-01).

A figure's canonical name is its type, plus «№N» when the army has several of that type:
«мечник №2», «рыцарь». Names come in the cases orders need (nominative, accusative, dative) from
the army list; in games of three or four players a figure of another player carries his colour in
the genitive plural, which does not change with the case: «орк №3 Красных».
"""

from __future__ import annotations

from typing import Literal

from .state import Cell, Figure, State

Case = Literal["nom", "acc", "dat"]

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
        word = {"nom": spec.name, "acc": spec.acc, "dat": spec.dat}[case].lower()
        text = f"{word} №{fig.number}" if fig.number is not None else word
        if self.colours and fig.side != self.viewer:
            text += " " + COLOUR_FORMS[self.state.players[fig.side].colour]["gen"]
        return text

    def figures(self, fids, case: Case = "nom") -> str:
        return ", ".join(self.figure(f, case) for f in fids)

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
