"""The ruleset-agnostic core: the contract, the registry, dice, problems, events, replay."""

from .contract import (
    GM,
    PUBLIC,
    Faction,
    LineReading,
    LineStatus,
    Outcome,
    PostKind,
    Reading,
    Result,
    Ruleset,
    StepMode,
    TurnInfo,
    Viewer,
    ViewerRole,
)
from .dice import Dice, commitment, derive, new_seed
from .events import Event, Roll
from .problems import Problem, ProblemKind, Severity, has_errors
from .registry import all_rulesets, get_ruleset
from .resolution import RecordedStep, StepResult, Submission, replay, resolve_step, setup_game

__all__ = [
    "GM", "PUBLIC", "Dice", "Event", "Faction", "LineReading", "LineStatus", "Outcome", "PostKind",
    "Problem", "ProblemKind", "Reading", "RecordedStep", "Result", "Roll", "Ruleset", "Severity",
    "StepMode", "StepResult", "Submission", "TurnInfo", "Viewer", "ViewerRole", "all_rulesets",
    "commitment", "derive", "get_ruleset", "has_errors", "new_seed", "replay", "resolve_step",
    "setup_game",
]
