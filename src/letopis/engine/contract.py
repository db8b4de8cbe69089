"""The ruleset contract: what every ruleset provides and the plain values it exchanges.

A ruleset is pure: state in, state and events out; randomness only through the `Dice` it is
handed. The service never looks inside a ruleset's `State`; it stores it as JSON, asks `turn()`
who may post, `read()`s posts, `apply()`s them and shows `view()`s of the result.

Decisions awaited from other factions (a defender's boosts, a loser's casualties) are not a
separate call: the state records the pending decision, `turn()` names the faction that must
answer and the post kind (`reaction`), and the answer is read and applied like any post. A
decision not answered by its deadline gets `default_orders()`.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from .dice import Dice
from .events import Event
from .problems import Problem, has_errors


class StepMode(StrEnum):
    """How a step collects posts."""

    SINGLE = "single"  # one faction posts; the step resolves on that post
    SIMULTANEOUS = "simultaneous"  # all named factions post; resolves when the last arrives
    REACTION = "reaction"  # another faction answers a pending decision


class PostKind(StrEnum):
    SETUP = "setup"
    ORDERS = "orders"
    REACTION = "reaction"
    DECISION = "decision"


class Faction(BaseModel):
    """A side in a game: a stable id used in states and a display name (Russian)."""

    model_config = ConfigDict(frozen=True)

    id: str
    name: str


class TurnInfo(BaseModel):
    """Who may post now and what is expected; ``over`` when the game has ended."""

    phase: str = Field(description="Машинное имя фазы хода в наборе правил.")
    title: str = Field(description="Что за ход, по-русски.")
    factions: list[str] = Field(default_factory=list, description="Стороны, чьи посты ждёт шаг.")
    mode: StepMode = Field(StepMode.SINGLE, description="single — пишет одна сторона, simultaneous — все названные "
                                                        "стороны, reaction — сторона отвечает на решение другой.")
    post_kind: PostKind = Field(PostKind.ORDERS, description="Что за пост: setup — расстановка, orders — приказы, "
                                                             "reaction — ответ, decision — решение.")
    prompt: str = Field("", description="Подсказка игроку, что писать.")
    default: str = Field("", description="Что будет, если пост не придёт к сроку (действие по умолчанию).")
    over: bool = Field(False, description="Игра окончена.")
    # The posts of this step (deck lists, mulligans) are seen by their author's faction and the GM
    # only, until the game's secrets are revealed (`Ruleset.secrets_revealed`).
    private: bool = Field(default=False, exclude_if=lambda v: not v,
                          description="Посты шага видят только автор и мастер, пока тайны игры не раскрыты.")
    # a deadline the step sets itself, in hours from its opening (a reaction window's); the GM may
    # still move it like any deadline
    deadline_hours: int | None = Field(default=None, ge=1, exclude_if=lambda v: v is None,
                                       description="Срок, который шаг задаёт себе сам, в часах от открытия.")


class LineStatus(StrEnum):
    ORDER = "order"
    FLAVOUR = "flavour"
    QUOTE = "quote"
    BLANK = "blank"
    ERROR = "error"


class LineReading(BaseModel):
    """What one line of a post will do, for the live check beside the textarea."""

    line: int = Field(description="Номер строки поста, с 1.")
    text: str = Field(description="Строка как написана.")
    status: LineStatus = Field(description="order — приказ, flavour — художественный текст, quote — цитата, "
                                           "blank — пустая строка, error — ошибка.")
    summary: str | None = Field(None, description="Что сделает строка («П2 атакует П3 соперника, d8»).")
    cost: str | None = Field(None, description="Чего это стоит и что останется («лимит: осталось 2»).")


@dataclass
class Reading:
    """The structured orders read from a post, its problems and a line-by-line account."""

    orders: list[BaseModel] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    lines: list[LineReading] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not has_errors(self.problems)

    def orders_json(self) -> list[dict[str, Any]]:
        return [o.model_dump(mode="json") for o in self.orders]


S = TypeVar("S", bound=BaseModel)


@dataclass
class Outcome(Generic[S]):
    """The result of applying one faction's orders: the new state and what happened."""

    state: S
    events: list[Event] = field(default_factory=list)


class ViewerRole(StrEnum):
    PUBLIC = "public"
    PLAYER = "player"
    GM = "gm"


class Viewer(BaseModel):
    """Who looks: the public, a player (``faction`` = his seat) or the GM. A GM viewer may carry
    the ``faction`` he writes a post for: it changes nothing he may see, only whose pieces stand
    out in the picture (`Viewer.own`)."""

    model_config = ConfigDict(frozen=True)

    role: ViewerRole = ViewerRole.PUBLIC
    faction: str | None = None

    @property
    def own(self) -> str | None:
        """The faction whose pieces a picture makes stand out: the player's, or the one a GM writes
        for; None for the public."""
        return self.faction if self.role is not ViewerRole.PUBLIC else None


PUBLIC = Viewer()
GM = Viewer(role=ViewerRole.GM)


class RosterEntry(BaseModel):
    """One of a faction's own pieces as the post page lists it: a unit, a character, a card in
    hand, a building. Every word is Russian and meant for the player who writes the orders."""

    model_config = ConfigDict(frozen=True)

    name: str  # as a post names it: «Имп №3», «П2 «Рыцарь»», «Шмель»
    where: str = ""  # «36-15», «Золотая шахта-1»
    facts: list[tuple[str, str]] = Field(default_factory=list)  # («ОД», «2 из 4»), («хп», «5/8»)
    can: list[str] = Field(default_factory=list)  # what it can do now: abilities, spells, actions
    text: str = ""  # a card's printed text
    note: str = ""  # why it cannot act now, or a state worth knowing («ранен», «в тени»)
    spent: bool = False  # nothing it can do this step: shown muted


class RosterGroup(BaseModel):
    """A titled part of a roster («Персонажи», «Рука», «Казна») with its own numbers."""

    model_config = ConfigDict(frozen=True)

    title: str
    facts: list[tuple[str, str]] = Field(default_factory=list)  # («Хранилище», «красных 3, …»)
    entries: list[RosterEntry] = Field(default_factory=list)
    empty: str = ""  # what to say when there are no entries («Рука пуста.»)


class Result(BaseModel):
    """The end of a game: winners (faction ids), scores, and a Russian sentence."""

    winners: list[str] = Field(default_factory=list)
    scores: dict[str, float] = Field(default_factory=dict)
    draw: bool = False
    text: str = ""


def state_document_schema(ruleset: Ruleset) -> dict[str, Any]:
    """A setup document that carries a whole state; the state's ``$defs`` move to the root so that
    its ``#/$defs/…`` references resolve."""
    state = dict(ruleset.State.model_json_schema())
    defs = state.pop("$defs", {})
    return {
        "title": f"Документ настройки: {ruleset.title}",
        "type": "object",
        "required": ["ruleset", "state"],
        "properties": {
            "ruleset": {"const": ruleset.id},
            "state": state,
            "factions": {"type": "array", "items": {
                "type": "object", "required": ["id", "name"],
                "properties": {"id": {"type": "string"}, "name": {"type": "string"}}}},
        },
        "$defs": defs,
    }


class Ruleset(ABC, Generic[S]):
    """Base class of every ruleset. Subclasses set the class attributes and the abstract methods.

    Everything here must be pure: no database, web, clock or global random.
    """

    id: ClassVar[str]
    title: ClassVar[str]  # Russian name shown to users
    aliases: ClassVar[tuple[str, ...]] = ()
    min_factions: ClassVar[int] = 2
    max_factions: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[BaseModel]]
    package_dir: ClassVar[Path]  # folder of rules.md, *.toml, examples/
    # True for games with secrets (hands, deck order): the service then keeps one secret seed per
    # game for `Dice.secret`, publishes only its SHA-256 until `secrets_revealed`, and shows
    # players and spectators only `view`/`draw`/`summary` and the events meant for them.
    hidden_information: ClassVar[bool] = False
    # a few lines of `correct` as a GM writes them, for the desk's help beside the correction box;
    # empty for a ruleset without corrections
    correction_examples: ClassVar[tuple[str, ...]] = ()

    # --- setup -------------------------------------------------------------------------------
    @abstractmethod
    def setup(self, options: BaseModel, factions: list[Faction], dice: Dice) -> S:
        """The starting state for these options and factions."""

    def import_setup(self, document: dict[str, Any]) -> S:
        """A state from a setup document (a game already running on a forum moves in mid-way)."""
        return self.State.model_validate(document["state"])  # type: ignore[return-value]

    def export_setup(self, state: S) -> dict[str, Any]:
        return {"ruleset": self.id, "state": state.model_dump(mode="json")}

    def setup_schema(self) -> dict[str, Any]:
        """The JSON Schema of `import_setup`'s document: ``{"ruleset", "state", "factions"?}``."""
        return state_document_schema(self)

    # --- play --------------------------------------------------------------------------------
    @abstractmethod
    def turn(self, state: S) -> TurnInfo:
        """Who may post now, what kind of post, and the deadline default."""

    @abstractmethod
    def read(self, text: str, state: S, faction: str) -> Reading:
        """Read a post into orders and problems. Never raises on any text."""

    @abstractmethod
    def apply(self, state: S, faction: str, orders: list[BaseModel], dice: Dice) -> Outcome[S]:
        """Carry out orders that `read` accepted; returns a new state (the input is not changed)."""

    @abstractmethod
    def default_orders(self, state: S, faction: str) -> list[BaseModel]:
        """What a faction that missed its deadline does (a pass, or the documented default)."""

    def correct(self, state: S, text: str) -> tuple[S, list[Event], list[Problem]]:
        """A GM's direct patch of the state in Russian lines («+20 золота Анне»): the new state,
        events for the chronicle, and problems by line; on any error the state is returned as is.
        Optional: rulesets without it refuse every correction."""
        return state, [], [Problem(line=1, code="correct_unsupported",
                                   message=f"Набор правил «{self.title}» не умеет правку состояния мастером.")]

    def load_orders(self, data: list[dict[str, Any]]) -> list[BaseModel]:
        """Orders back from their JSON form (for stored readings and the API)."""
        raise NotImplementedError

    # --- showing -----------------------------------------------------------------------------
    def view(self, state: S, viewer: Viewer) -> dict[str, Any]:
        """What this viewer may see; open games show everything."""
        return state.model_dump(mode="json")

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """The result once the game is over, else None."""

    def secrets_revealed(self, state: S) -> bool:
        """Whether the game's secret seed (and with it every shuffle) may be made public now.
        Once true for a stored state it stays revealed. Default: when the game is over."""
        return self.result(state) is not None

    @abstractmethod
    def propose(self, state: S, faction: str, dice: Dice) -> str:
        """A random legal post, written as a player would write it."""

    def draw(self, state: S, viewer: Viewer = PUBLIC) -> str | None:
        """An SVG picture of the board for the game page and the chronicle. A viewer with a
        faction (a player, or the GM writing for a side) sees that faction's pieces stand out."""
        return None

    def summary(self, state: S, viewer: Viewer = PUBLIC) -> list[tuple[str, str]]:
        """Short Russian (label, value) pairs for the game page: resources, forces."""
        return []

    def roster(self, state: S, faction: str) -> list[RosterGroup]:
        """What ``faction`` has to give orders to, for its player writing a post: its units,
        characters or hand with their numbers and what each can do now. Only what that faction may
        know: never another faction's hidden cards or deck. Optional: empty shows no list."""
        return []

    def examples(self, state: S, faction: str) -> list[str]:
        """Order lines for the step now, built from ``faction``'s own pieces and cells, each of
        which `read` accepts on its own. Default: lines of `propose` under fixed seeds."""
        from .examples import proposed_examples
        return proposed_examples(self, state, faction)

    def metrics(self, state: S) -> dict[str, dict[str, float]]:
        """Numbers for the spectators' charts: per faction id, per Russian label (resources,
        forces). Only what every spectator may know; an empty dict draws no charts."""
        return {}

    # --- helpers -----------------------------------------------------------------------------
    def rules_markdown(self) -> str:
        path = self.package_dir / "rules.md"
        return path.read_text(encoding="utf-8") if path.exists() else ""

    def state_from_json(self, data: dict[str, Any] | str) -> S:
        if isinstance(data, str):
            data = json.loads(data)
        return self.State.model_validate(data)  # type: ignore[return-value]

    def default_options(self) -> BaseModel:
        return self.Options()
