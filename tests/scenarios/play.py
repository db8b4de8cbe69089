"""Plays a scenario of `tests/scenarios/<ruleset>.toml` (or of a further file of the ruleset,
`<ruleset>.<kind>.toml`) through the pure ruleset API, the way the service runs a game (see the
format in ``tests/scenarios/__init__.py``).

The service opens step 1 on the set-up state; a post is read against the state the step opened
with and refused, with nothing stored, when its reading has an error; a step resolves once every
faction its `TurnInfo` names has posted or missed its deadline, through `resolve_step` with the
submissions in the order `TurnInfo` lists them. Here every seed is derived from the scenario id,
so a scenario plays the same dice every time:

- setup seed: the scenario's ``seed``;
- step ``n``: ``sha256("<id>:step:<n>")``;
- a game with hidden information (`Ruleset.hidden_information`) also gets one secret seed,
  ``secret`` or ``sha256("<id>:secret")``, and step ``n`` shuffles with ``step_secret(secret, n)``
  (0 = the setup), as the service passes it.

A post that does not read as its expectation says fails, and the game goes on as the expectation
says: a post expected to be refused is not applied; a post expected to read to some orders is
replaced by the canonical texts of those orders (which read back to the same orders), so one
misreading does not spoil the posts after it. Only when even that replacement does not read, or a
step cannot be resolved, does the scenario stop; every later post then fails with the reason.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from letopis.engine import Event, Faction, Reading, Ruleset, TurnInfo, get_ruleset, resolve_step, setup_game
from letopis.engine.dice import step_secret
from letopis.engine.problems import Severity
from letopis.engine.resolution import Submission
from tests.support.canonical import order_texts

HERE = Path(__file__).parent
SETUPS = HERE / "setups"
EXPECTATIONS = ("orders", "error", "default")
CHECKS = ("events", "no_events", "state", "unset", "phase", "next")
POST_KEYS = frozenset({"faction", "text", "line", "note", *EXPECTATIONS, *CHECKS})
SCENARIO_KEYS = frozenset({"id", "title", "style", "factions", "options", "seed", "setup", "secret", "post"})
# Problems about the post as a whole («в посте нет приказов»), not about the line a refusal names.
POST_LEVEL = frozenset({"post.no_orders", "deck.empty"})


# --- the files ----------------------------------------------------------------------------------
@cache
def kinds(ruleset: str) -> tuple[str, ...]:
    """The ruleset's scenario files as suffixes: "" for `<ruleset>.toml`, then ".more", … for every
    `<ruleset>.<kind>.toml` beside it, in name order (each written by other hands)."""
    extra = sorted(p.name.removeprefix(ruleset).removesuffix(".toml") for p in HERE.glob(f"{ruleset}.*.toml"))
    return ("", *extra)


@cache
def scenarios(ruleset: str, kind: str | None = None) -> tuple[dict[str, Any], ...]:
    """The scenarios of one file (``kind``), or of all the ruleset's files when ``kind`` is None."""
    if kind is None:
        return tuple(sc for k in kinds(ruleset) for sc in scenarios(ruleset, k))
    path = HERE / f"{ruleset}{kind}.toml"
    if not path.exists():
        return ()
    return tuple(tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", []))


@cache
def failing(ruleset: str, kind: str | None = None) -> frozenset[str]:
    """Post ids («<scenario>#<n>») that do not play right yet: strict xfails, listed in the
    `.failing` file beside each scenario file (all of them when ``kind`` is None). A line starting
    with «#» is a comment, and so is anything after « #» on a line."""
    if kind is None:
        return frozenset().union(*(failing(ruleset, k) for k in kinds(ruleset)))
    path = HERE / f"{ruleset}{kind}.failing"
    if not path.exists():
        return frozenset()
    ids = (line.split(" #", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines()
           if not line.startswith("#"))
    return frozenset(x for x in ids if x)


def scenario(ruleset: str, scenario_id: str) -> dict[str, Any]:
    for sc in scenarios(ruleset):
        if sc["id"] == scenario_id:
            return sc
    known = ", ".join(sc["id"] for sc in scenarios(ruleset))
    raise KeyError(f"{ruleset}: no scenario «{scenario_id}» (there are: {known})")


def post_id(scenario_id: str, number: int) -> str:
    return f"{scenario_id}#{number}"


# --- seeds ------------------------------------------------------------------------------------------
def derived(*parts: object) -> str:
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()


def game_secret(sc: dict[str, Any]) -> str:
    return sc.get("secret") or derived(sc["id"], "secret")


def first_state(ruleset: Ruleset, sc: dict[str, Any]) -> BaseModel:
    """The set-up state: from the seed (as a new game), or from a setup document (a forum game
    moved in mid-way, `Ruleset.import_setup`)."""
    if "setup" in sc:
        document = json.loads((SETUPS / sc["setup"]).read_text(encoding="utf-8"))
        return ruleset.import_setup(document)
    options = ruleset.Options.model_validate(sc.get("options", {}))
    factions = [Faction(id=f["id"], name=f["name"]) for f in sc["factions"]]
    secret = step_secret(game_secret(sc), 0) if ruleset.hidden_information else None
    return setup_game(ruleset, options, factions, sc["seed"], secret)


# --- what a post did --------------------------------------------------------------------------------
@dataclass
class PostResult:
    """One post of a scenario: where it stood (the step, the state the step opened with, the turn)
    and what went wrong with it, if anything."""

    number: int
    faction: str
    step: int
    turn: TurnInfo | None = None
    state: BaseModel | None = None
    reading: Reading | None = None
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass
class Played:
    """A whole scenario played: one result per post, the state after the last post, the events of
    every resolved step (by step number)."""

    results: list[PostResult]
    state: BaseModel
    turn: TurnInfo
    events: dict[int, list[Event]]
    stopped: str | None = None


def explain(reading: Reading, texts: list[str]) -> str:
    lines = [f"  {x.line}: {x.status} {x.summary or ''}" for x in reading.lines]
    probs = [f"  ! {p.line} [{p.clause}] {p.code}: {p.message}" for p in reading.problems]
    orders = [f"  = {t}" for t in texts]
    return "\n".join(["reading:", *lines, *probs, *orders])


def errors_of(reading: Reading) -> list[Any]:
    return [p for p in reading.problems if p.severity is Severity.ERROR]


class Game:
    """A scenario's game as the service keeps it: the state the open step began with, the step's
    number and the posts it has collected (None for a missed deadline)."""

    def __init__(self, ruleset_id: str, sc: dict[str, Any]) -> None:
        self.id = ruleset_id
        self.ruleset = get_ruleset(ruleset_id)
        self.sc = sc
        self.state = first_state(self.ruleset, sc)
        self.step = 1
        self.posts: dict[str, str | None] = {}
        self.waiting: list[tuple[PostResult, dict[str, Any]]] = []  # posts whose checks wait for the step
        self.events: dict[int, list[Event]] = {}
        self.stopped: str | None = None

    def turn(self) -> TurnInfo:
        return self.ruleset.turn(self.state)

    def texts(self, reading: Reading, faction: str) -> list[str]:
        return order_texts(self.id, reading.orders, self.state, faction)

    # --- one post ---------------------------------------------------------------------------
    def post(self, number: int, spec: dict[str, Any]) -> PostResult:
        faction = spec["faction"]
        turn = self.turn()
        result = PostResult(number=number, faction=faction, step=self.step, turn=turn, state=self.state)
        if self.stopped:
            result.failures.append(f"the scenario stopped earlier: {self.stopped}")
            return result
        if turn.over:
            result.failures.append(f"the game is over («{turn.title}»); nobody posts any more")
            return result
        if faction not in turn.factions:
            result.failures.append(f"step {self.step} («{turn.title}») waits for {turn.factions}, not for «{faction}»")
            return result
        if spec.get("default"):
            self.submit(result, spec, faction, None)
            return result
        text = spec["text"]
        reading = self.ruleset.read(text, self.state, faction)
        result.reading = reading
        texts = self.texts(reading, faction)
        why = f"post {number} of «{faction}»:\n{text}\n{explain(reading, texts)}"
        if "error" in spec:
            line = spec.get("line", 1)
            on_line = [p for p in errors_of(reading) if p.line == line and p.code not in POST_LEVEL]
            if not on_line:
                result.failures.append(f"expected a refusal with an error on line {line}; {why}")
            elif spec["error"] is not True and spec["error"] not in {p.clause for p in on_line}:
                result.failures.append(f"expected an error of clause {spec['error']} on line {line}; {why}")
            return result  # refused: nothing is stored, the step goes on
        expected = list(spec["orders"])
        if errors_of(reading) or texts != expected:
            result.failures.append(f"expected the orders {expected}; {why}")
            text = "\n".join(expected)  # the game goes on with what the player meant
            again = self.ruleset.read(text, self.state, faction)
            if errors_of(again) or self.texts(again, faction) != expected:
                self.stopped = (f"post {number}: the expected orders' canonical texts do not read back to "
                                f"them, so the game cannot go on:\n{explain(again, self.texts(again, faction))}")
                result.failures.append(self.stopped)
                return result
        self.submit(result, spec, faction, text)
        return result

    def submit(self, result: PostResult, spec: dict[str, Any], faction: str, text: str | None) -> None:
        self.posts[faction] = text
        self.waiting.append((result, spec))
        turn = self.turn()
        if all(f in self.posts for f in turn.factions):
            self.resolve(turn)

    # --- one step ---------------------------------------------------------------------------
    def step_seed(self, number: int) -> str:
        return derived(self.sc["id"], "step", number)

    def step_secret(self, number: int) -> str | None:
        return step_secret(game_secret(self.sc), number) if self.ruleset.hidden_information else None

    def resolve(self, turn: TurnInfo) -> None:
        subs = [Submission(f, self.posts[f]) for f in turn.factions]
        res = resolve_step(self.ruleset, self.state, subs, self.step_seed(self.step),
                           secret_seed=self.step_secret(self.step))
        waiting, self.waiting = self.waiting, []
        if not res.ok:
            refused = "\n".join(f"{f}: {explain(r, [])}" for f, r in res.refused.items())
            self.stopped = f"step {self.step} was refused at resolution:\n{refused}"
            for result, _ in waiting:
                result.failures.append(self.stopped)
            return
        self.events[self.step] = list(res.events)
        self.state = res.state
        for result, spec in waiting:
            result.failures += check_after(self.ruleset, spec, res.events, res.state)
        self.step += 1
        self.posts = {}

    def finish(self) -> None:
        """Posts of a step that never resolved cannot have their checks run."""
        for result, spec in self.waiting:
            if any(k in spec for k in CHECKS):
                result.failures.append(f"step {result.step} never resolved, so its checks could not run")
        self.waiting = []


def check_after(ruleset: Ruleset, spec: dict[str, Any], events: list[Event], state: BaseModel) -> list[str]:
    """The post's checks against its step's events and the state after the step."""
    out: list[str] = []
    kinds = [e.kind for e in events]
    for kind in spec.get("events", []):
        if kind not in kinds:
            out.append(f"no «{kind}» event in the step; its events: {kinds}")
    for kind in spec.get("no_events", []):
        if kind in kinds:
            texts = [e.text for e in events if e.kind == kind]
            out.append(f"the step has a «{kind}» event, which it must not: {texts}")
    dump = state.model_dump(mode="json")
    for path, want in spec.get("state", {}).items():
        try:
            got = at(dump, path)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            out.append(f"state has no «{path}» ({exc!r})")
            continue
        if got != want:
            out.append(f"state «{path}» is {got!r}, expected {want!r}")
    for path in spec.get("unset", []):
        try:
            got = at(dump, path)
        except (KeyError, IndexError):
            continue
        except (TypeError, ValueError) as exc:
            out.append(f"state has no «{path}» ({exc!r})")
            continue
        if got is not None:
            out.append(f"state «{path}» is {got!r}, expected it unset (null)")
    after = ruleset.turn(state)
    if "phase" in spec and after.phase != spec["phase"]:
        out.append(f"after the step the phase is «{after.phase}» («{after.title}»), expected «{spec['phase']}»")
    if "next" in spec and list(after.factions) != list(spec["next"]):
        out.append(f"after the step {after.factions} post, expected {spec['next']} («{after.title}»)")
    return out


def at(data: Any, path: str) -> Any:
    """A value in a JSON dump by a dotted path: dict keys and list indexes («players.p1.slots.0.time»)."""
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def play(ruleset: str, scenario_id: str, upto: int | None = None) -> Played:
    """Play the scenario's posts (all of them, or the first ``upto``)."""
    sc = scenario(ruleset, scenario_id)
    game = Game(ruleset, sc)
    results = [game.post(n, spec) for n, spec in enumerate(sc.get("post", [])[:upto], 1)]
    game.finish()
    return Played(results=results, state=game.state, turn=game.turn(), events=game.events, stopped=game.stopped)


@cache
def played(ruleset: str, scenario_id: str) -> Played:
    """Each scenario is played once per test session; every post's test looks up its result."""
    return play(ruleset, scenario_id)
