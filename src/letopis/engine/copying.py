"""A fast deep copy for pydantic game states (rulesets clone a state before changing it)."""

from __future__ import annotations

import copy
from typing import Any, TypeVar

from pydantic import BaseModel

T = TypeVar("T")
_ATOMS = (int, str, bool, float, type(None), tuple)


def clone(value: T) -> T:
    """A deep copy of a state, several times faster than ``model_copy(deep=True)``: frozen models
    (options, orders) and tuples are shared, everything mutable is copied field by field."""
    if isinstance(value, BaseModel):
        if value.model_config.get("frozen"):
            return value
        new = copy.copy(value)
        fields: dict[str, Any] = new.__dict__
        for key, item in fields.items():
            if not isinstance(item, _ATOMS):
                fields[key] = clone(item)
        return new
    if isinstance(value, list):
        return [clone(x) for x in value]  # type: ignore[return-value]
    if isinstance(value, dict):
        return {k: clone(x) for k, x in value.items()}  # type: ignore[return-value]
    return value
