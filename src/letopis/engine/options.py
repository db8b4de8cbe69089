"""What a ruleset tells the «Новая игра» form about its options, beyond their types.

A ruleset's `Options` is a pydantic model; each field carries a Russian ``title`` and
``description`` (`Field(title=..., description=...)`), and the JSON Schema pydantic derives from
it is what the form is generated from, so an outside ruleset gets a form too. What a type alone
cannot say goes into ``json_schema_extra`` through these helpers, under ``x-`` keys (JSON Schema's
place for extensions; the API's ``options_schema`` carries them as well):

- `choices`: the Russian label of each allowed value, in the order the form lists them;
- `seats`: a value that names a seat (1, 2, …), with optional extra choices such as a roll;
- `files`: a file name the ruleset ships (a glob relative to its package folder);
- `keys` / `items`: labels of a mapping's fixed keys or a fixed tuple's positions;
- `pairs`: column titles of a mapping whose keys the GM writes himself.

Combine them with ``|``: ``json_schema_extra=choices(...) | keys(...)``.
"""

from __future__ import annotations

from typing import Any

Extra = dict[str, Any]


def choices(*pairs: tuple[Any, str]) -> Extra:
    """Labels of the allowed values, as (value, Russian label) pairs."""
    return {"x-choices": [[value, label] for value, label in pairs]}


def seats(count: int, *extra: tuple[Any, str], as_text: bool = False) -> Extra:
    """Seat numbers 1…``count`` as choices («место 1»…), after the ``extra`` ones; ``as_text`` for
    an option that stores the number as a string."""
    numbered = [(str(n) if as_text else n, f"место {n}") for n in range(1, count + 1)]
    return choices(*extra, *numbered)


def files(pattern: str, *, exclude: str | None = None) -> Extra:
    """A file name the ruleset ships: ``pattern`` is a glob relative to its package folder (the
    option holds the bare file name); ``exclude`` leaves out the files it matches."""
    extra: Extra = {"x-files": pattern}
    if exclude:
        extra["x-files-exclude"] = exclude
    return extra


def keys(**labels: str) -> Extra:
    """Labels of a mapping's keys (``{"warrior": 4, …}`` → «воины»…), in the order given (a list
    of pairs: pydantic sorts the keys of a schema's dicts)."""
    return {"x-keys": [[key, label] for key, label in labels.items()]}


def items(*labels: str) -> Extra:
    """Labels of a fixed-length tuple's positions (``(2, 4)`` → «от», «до»)."""
    return {"x-items": list(labels)}


def pairs(key_title: str, value_title: str) -> Extra:
    """Column titles of a mapping whose keys the GM writes himself (уровень → жетонов)."""
    return {"x-pairs": [key_title, value_title]}
