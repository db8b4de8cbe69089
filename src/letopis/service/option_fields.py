"""A ruleset's options as fields a person fills in or reads.

The fields are built from the JSON Schema of the ruleset's `Options` — titles, descriptions,
defaults, bounds, enums — and the ``x-`` hints of `letopis.engine.options` (choice labels, the
files a ruleset ships, labels of keys and positions), so every ruleset, an outside one too, gets
the «Новая игра» form and the GM's read-only list without a template of its own. `read_form`
turns what the form sent back into an options dict; `describe_errors` says in Russian, by the
option's title, what `Options` refused.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from letopis.engine.contract import Ruleset

from .inputs import INT4_MAX, INT4_MIN

PREFIX = "o."  # form names of option fields: «o.players», «o.base_mp.warrior»
CUSTOM = "__custom__"  # the select value that turns a choice-or-table option to its table
PAIR_ROWS = 6  # rows offered for a mapping whose keys the GM writes himself
_CLAUSES = re.compile(r"\s*\(((?:[A-Z]{2,4}(?:-[A-Z]+)*-\d+(?:,\s*)?)+)\)")


class FormProblem(ValueError):
    """A field the form could not read: the option's title and what is wrong, in Russian."""


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str

    @property
    def token(self) -> str:
        """What the form sends for this choice (empty for «не задано»)."""
        return "" if self.value is None else str(self.value)


@dataclass
class OptionField:
    """One option (or a part of one) as the form shows it.

    ``widget``: checkbox, number, select, text, words (a list written with commas), group (the
    children), seats (a select per seat), pairs (rows of key and number), table (a choice or a
    table of ticks), fixed (shown, set only through the JSON for experienced GMs).
    """

    path: tuple[str, ...]
    title: str
    description: str
    widget: str
    default: Any
    value: Any
    clauses: list[str] = field(default_factory=list)
    nullable: bool = False
    minimum: int | None = None
    maximum: int | None = None
    choices: list[Choice] = field(default_factory=list)
    children: list[OptionField] = field(default_factory=list)
    columns: list[str] = field(default_factory=list)  # pairs: the two column titles; table: value labels
    rows: int = 0  # seats and pairs: how many rows the form offers

    @property
    def name(self) -> str:
        return PREFIX + ".".join(self.path)

    @property
    def ident(self) -> str:
        """An HTML id for the field's label."""
        return "opt-" + "-".join(self.path)

    @property
    def changed(self) -> bool:
        return self.value != self.default

    def token_of(self, value: Any) -> str:
        return "" if value is None else str(value)

    def label_of(self, value: Any) -> str:
        for choice in self.choices:
            if choice.value == value:
                return choice.label
        return "не задано" if value is None else str(value)

    def shown(self) -> str:
        """The value as a sentence part: «да», «по жребию», «воины: 4; маги: 4», «не задано»."""
        value = self.value
        if self.widget == "checkbox":
            return "да" if value else "нет"
        if self.widget in ("select", "table") and not isinstance(value, dict):
            return self.label_of(value)
        if self.widget == "group":
            return "; ".join(f"{c.title}: {c.shown()}" for c in self.children)
        if value is None or value == () or value == [] or value == {}:
            return "не задано"
        if self.widget == "seats":
            return ", ".join(f"место {i + 1} — {self.label_of(v) if v else 'не задано'}" for i, v in enumerate(value))
        if isinstance(value, dict):
            labels = dict(self.columns_labels())
            return "; ".join(f"{labels.get(str(k), k)}: {_plain(v, labels)}" for k, v in value.items())
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)

    def columns_labels(self) -> list[tuple[str, str]]:
        return [(c.token, c.label) for c in self.children[0].choices] if self.widget == "table" and self.children \
            else []


def _plain(value: Any, labels: dict[str, str]) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(labels.get(str(v), str(v)) for v in value) or "—"
    return str(value)


# --- building ------------------------------------------------------------------------------------
@lru_cache(maxsize=256)
def _file_label(path: str, mtime_ns: int) -> str:
    """«Поле у башни (default_map.toml)» when the file names itself, else the file name."""
    name = Path(path).name
    try:
        with open(path, "rb") as fh:
            title = tomllib.load(fh).get("name")
    except (OSError, tomllib.TOMLDecodeError):
        return name
    return f"{title} ({name})" if isinstance(title, str) and title.strip() else name


def shipped_files(ruleset: Ruleset, pattern: str, exclude: str | None = None) -> list[Choice]:
    """The files a ruleset ships that match ``pattern`` (relative to its package folder)."""
    out = []
    for path in sorted(Path(ruleset.package_dir).glob(pattern)):
        if path.is_file() and not (exclude and fnmatch(path.name, exclude)):
            out.append(Choice(path.name, _file_label(str(path), path.stat().st_mtime_ns)))
    return out


def _split_clauses(text: str) -> tuple[str, list[str]]:
    """A description without its trailing clause ids, and the ids («(DK-GAP-01)» → DK-GAP-01)."""
    clauses: list[str] = []

    def take(m: re.Match[str]) -> str:
        clauses.extend(c.strip() for c in m[1].split(","))
        return ""

    return _CLAUSES.sub(take, text).strip(), clauses


class _Builder:
    def __init__(self, ruleset: Ruleset, schema: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.defs = schema.get("$defs", {})

    def resolve(self, spec: dict[str, Any]) -> dict[str, Any]:
        ref = spec.get("$ref")
        if ref:
            target = self.defs.get(ref.rsplit("/", 1)[-1], {})
            return {**target, **{k: v for k, v in spec.items() if k != "$ref"}}
        return spec

    def fields(self, schema: dict[str, Any], values: Mapping[str, Any], path: tuple[str, ...] = ()) -> list[OptionField]:
        schema = self.resolve(schema)
        return [self.field(path + (name,), spec, spec.get("default"), values.get(name, spec.get("default")))
                for name, spec in (schema.get("properties") or {}).items()]

    def field(self, path: tuple[str, ...], spec: dict[str, Any], default: Any, value: Any) -> OptionField:
        description, clauses = _split_clauses(spec.get("description") or "")
        base = OptionField(path=path, title=spec.get("title") or path[-1], description=description, widget="fixed",
                           default=default, value=value, clauses=clauses)
        branches = [self.resolve(b) for b in spec.get("anyOf", [spec])]
        base.nullable = any(b.get("type") == "null" for b in branches)
        rest = [b for b in branches if b.get("type") != "null"]
        kinds = {b.get("type") for b in rest}
        labels = [Choice(v, label) for v, label in spec.get("x-choices", [])]
        if "x-files" in spec:
            base.choices = shipped_files(self.ruleset, spec["x-files"], spec.get("x-files-exclude"))
            if kinds == {"array"}:
                return self._seats(base)
            return self._select(base)
        if kinds == {"boolean"}:
            base.widget = "checkbox"
            return base
        consts = [Choice(v, str(v)) for b in rest for v in b.get("enum", [b["const"]] if "const" in b else [])]
        tables = [b for b in rest if b.get("type") == "object" and "propertyNames" in b]
        if tables and (labels or consts):
            return self._table(base, labels or consts, tables[0], spec)
        if labels and kinds == {"array"}:
            base.choices = labels
            return self._seats(base)
        if (labels or consts) and kinds <= {"string", "integer"}:
            base.choices = labels or consts
            return self._select(base)
        if len(rest) != 1:
            return base
        one = rest[0]
        kind = one.get("type")
        if kind == "integer":
            base.widget, base.minimum, base.maximum = "number", one.get("minimum"), one.get("maximum")
            return base
        if kind == "string":
            base.widget = "text"
            return base
        if kind == "object" and "properties" in one:
            base.widget = "group"
            base.children = self.fields(one, value if isinstance(value, Mapping) else {}, path)
            return base
        if kind == "object" and (one.get("additionalProperties") or {}).get("type") == "integer":
            keyed = spec.get("x-keys")
            if keyed:
                base.widget = "group"
                current = value if isinstance(value, Mapping) else {}
                defaults = default if isinstance(default, Mapping) else {}
                base.children = [OptionField(path=path + (key,), title=label, description="", widget="number",
                                             default=defaults.get(key), value=current.get(key, defaults.get(key)),
                                             minimum=0) for key, label in keyed]
                return base
            base.widget, base.rows = "pairs", PAIR_ROWS
            base.columns = list(spec.get("x-pairs") or ["ключ", "число"])
            return base
        if kind == "array" and "prefixItems" in one:
            names = spec.get("x-items") or [str(i + 1) for i in range(len(one["prefixItems"]))]
            if all(self.resolve(i).get("type") == "integer" for i in one["prefixItems"]):
                base.widget = "group"
                current = list(value or [])
                defaults = list(default or [])
                base.children = [
                    OptionField(path=path + (str(i),), title=names[i], description="", widget="number",
                                default=defaults[i] if i < len(defaults) else None,
                                value=current[i] if i < len(current) else None,
                                minimum=item.get("minimum"), maximum=item.get("maximum"))
                    for i, item in enumerate(self.resolve(x) for x in one["prefixItems"])]
            return base
        if kind == "array" and self.resolve(one.get("items") or {}).get("type") == "string":
            base.widget = "words"
            return base
        return base

    def _select(self, base: OptionField) -> OptionField:
        base.widget = "select"
        if base.nullable and all(c.value is not None for c in base.choices):
            base.choices = [Choice(None, "не задано"), *base.choices]
        if base.value not in [c.value for c in base.choices]:  # a path given through the API, say
            base.choices.append(Choice(base.value, str(base.value)))
        return base

    def _seats(self, base: OptionField) -> OptionField:
        base.widget = "seats"
        base.rows = max(self.ruleset.max_factions, len(base.value or ()))
        known = {c.value for c in base.choices}
        base.choices += [Choice(v, str(v)) for v in base.value or () if v and v not in known]
        return base

    def _table(self, base: OptionField, choices: list[Choice], table: dict[str, Any], spec: dict[str, Any]) -> OptionField:
        """A named choice or a table of ticks (the DRP aspect chart: for each colour, which colours
        it beats)."""
        keys = [k for k in self.resolve(table["propertyNames"]).get("enum", [])]
        values = self.resolve((table.get("additionalProperties") or {}).get("items") or {}).get("enum", [])
        key_labels = dict(spec.get("x-keys") or [])
        base.widget = "table"
        base.choices = [*choices, Choice(CUSTOM, "своя таблица")]
        current = base.value if isinstance(base.value, Mapping) else {}
        ticks = [Choice(v, key_labels.get(v, str(v))) for v in values]
        base.children = [OptionField(path=base.path + (k,), title=key_labels.get(k, str(k)), description="",
                                     widget="ticks", default=None, value=list(current.get(k, [])), choices=ticks)
                         for k in keys]
        return base


def option_fields(ruleset: Ruleset, values: Mapping[str, Any] | None = None) -> list[OptionField]:
    """The ruleset's options as fields, holding ``values`` (a game's options) or the defaults."""
    schema = ruleset.Options.model_json_schema()
    defaults = ruleset.default_options().model_dump(mode="json")
    builder = _Builder(ruleset, schema)
    fields = builder.fields(schema, values if values is not None else defaults)
    for f in fields:  # defaults made by a factory have no "default" in the schema
        if f.default is None and f.path[0] in defaults:
            _set_default(f, defaults[f.path[0]])
    return fields


def _set_default(f: OptionField, default: Any) -> None:
    f.default = default
    if f.widget == "group" and isinstance(default, Mapping):
        for child in f.children:
            _set_default(child, default.get(child.path[-1]))
    if f.value is None and default is not None and not f.nullable:
        f.value = default


# --- reading the form back -------------------------------------------------------------------------
Getter = Callable[[str], str | None]


def read_form(fields: list[OptionField], get: Getter) -> dict[str, Any]:
    """The options a submitted form holds; ``get(name)`` is the field's text or None when absent
    (an unticked checkbox). FormProblem names the first field that cannot be read."""
    return {f.path[-1]: _read(f, get) for f in fields if f.widget != "fixed"} | \
        {f.path[-1]: f.value for f in fields if f.widget == "fixed"}


def keep_typed(fields: list[OptionField], get: Getter) -> None:
    """Fill the fields with what the form sent, as far as it reads (a number that does not read
    stays as typed), so a refused form comes back as the GM left it."""
    for f in fields:
        if f.widget == "group":
            keep_typed(f.children, get)
            continue
        try:
            f.value = _read(f, get)
        except FormProblem:
            if f.widget == "number":
                f.value = get(f.name)


def _number(f: OptionField, text: str | None) -> int | None:
    text = (text or "").strip().replace("\u2212", "-")
    if not text:
        if f.nullable:
            return None
        raise FormProblem(f"«{f.title}»: впишите число.")
    try:
        value = int(text)
    except ValueError:
        raise FormProblem(f"«{f.title}»: нужно целое число, а не «{text[:20]}».") from None
    if not INT4_MIN <= value <= INT4_MAX:
        raise FormProblem(f"«{f.title}»: слишком большое число.")
    return value


def _pick(f: OptionField, token: str | None) -> Any:
    token = token or ""
    for choice in f.choices:
        if choice.token == token:
            return choice.value
    raise FormProblem(f"«{f.title}»: выберите значение из списка.")


def _read(f: OptionField, get: Getter) -> Any:
    widget = f.widget
    if widget == "checkbox":
        return get(f.name) is not None
    if widget == "number":
        return _number(f, get(f.name))
    if widget == "select":
        return _pick(f, get(f.name))
    if widget == "text":
        return (get(f.name) or "").strip()
    if widget == "words":
        words = [w for w in re.split(r"[\s,;]+", get(f.name) or "") if w]
        return words or (None if f.nullable else [])
    if widget == "group":
        parts = [_read(c, get) for c in f.children]
        if f.children and f.children[0].path[-1].isdigit():
            return parts
        return {c.path[-1]: v for c, v in zip(f.children, parts, strict=True)}
    if widget == "seats":
        picked = [_pick(f, get(f"{f.name}.{i}")) if get(f"{f.name}.{i}") else "" for i in range(f.rows)]
        while picked and not picked[-1]:
            picked.pop()
        return picked
    if widget == "pairs":
        out: dict[str, int] = {}
        for i in range(f.rows):
            key = (get(f"{f.name}.k{i}") or "").strip()
            amount = (get(f"{f.name}.v{i}") or "").strip()
            if not key and not amount:
                continue
            if not key:
                raise FormProblem(f"«{f.title}»: в строке {i + 1} не заполнено «{f.columns[0]}».")
            probe = OptionField(path=f.path, title=f"{f.title}, {key}", description="", widget="number",
                                default=None, value=None)
            out[key] = _number(probe, amount)  # type: ignore[assignment]
        return out or (None if f.nullable else {})
    if widget == "table":
        picked = _pick(f, get(f.name))
        if picked != CUSTOM:
            return picked
        return {row.path[-1]: [c.value for c in row.choices if get(f"{row.name}.{c.token}") is not None]
                for row in f.children}
    return f.value


# --- errors -----------------------------------------------------------------------------------------
_MESSAGES: dict[str, Callable[[dict[str, Any]], str]] = {
    "greater_than_equal": lambda c: f"не меньше {c.get('ge')}",
    "greater_than": lambda c: f"больше {c.get('gt')}",
    "less_than_equal": lambda c: f"не больше {c.get('le')}",
    "less_than": lambda c: f"меньше {c.get('lt')}",
    "too_short": lambda c: f"нужно хотя бы {c.get('min_length')}",
    "too_long": lambda c: f"не больше {c.get('max_length')}",
    "int_parsing": lambda c: "нужно целое число",
    "int_type": lambda c: "нужно целое число",
    "int_from_float": lambda c: "нужно целое число",
    "bool_type": lambda c: "нужно «да» или «нет»",
    "bool_parsing": lambda c: "нужно «да» или «нет»",
    "string_type": lambda c: "нужен текст",
    "literal_error": lambda c: "такого значения нет",
    "enum": lambda c: "такого значения нет",
    "extra_forbidden": lambda c: "такого параметра у набора правил нет",
    "missing": lambda c: "не заполнено",
}


def _title_of(fields: list[OptionField], loc: tuple[Any, ...]) -> str:
    names, level = [], fields
    for part in loc:
        hit = next((f for f in level if f.path[-1] == str(part)), None)
        if hit is None:
            if not names:
                names.append(str(part))
            break
        names.append(hit.title)
        level = hit.children
    return " → ".join(names)


def describe_errors(ruleset: Ruleset, exc: ValidationError) -> list[str]:
    """Russian sentences for what the ruleset's `Options` refused: «Число игроков: не больше 6»."""
    fields = option_fields(ruleset)
    out = []
    for err in exc.errors()[:8]:
        loc = tuple(p for p in err.get("loc", ()) if not (isinstance(p, str) and p.startswith(("function-", "literal["))))
        kind = err.get("type", "")
        if kind == "value_error":
            what = str(err.get("msg", "")).removeprefix("Value error, ")
        else:
            what = _MESSAGES.get(kind, lambda c: "недопустимое значение")(err.get("ctx") or {})
        where = _title_of(fields, loc) if loc else ""
        out.append(f"{where}: {what}" if where else what[:1].upper() + what[1:])
    return out
