"""Loading the material files with Russian errors that name the entry (`MaterialError`).

A file name without a folder is looked up in this package's folder (``board.toml``); an absolute
path is read as is (a GM's own board on the server). Each file is parsed once per process.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .models import BoardDef, DecksDef, TrophiesDef

DATA_DIR = Path(__file__).parent
M = TypeVar("M", bound=BaseModel)

_FIELDS = {"castles": "замок", "segments": "участок", "creatures": "существо", "artifacts": "артефакт",
           "tokens": "жетон", "towers": "башня", "between": "между", "kind": "вид", "cost": "стоимость",
           "swords": "мечи", "epoch": "эпоха", "name": "название", "discounts": "свойства",
           "conditions": "условие", "level": "уровень", "count": "количество", "min": "минимум",
           "code": "код", "building": "строение", "route": "маршрут"}


class MaterialError(ValueError):
    """A material file is missing or invalid; the message is Russian and names the entry."""


def resolve(name: str) -> Path:
    path = Path(name)
    return path if path.is_absolute() else DATA_DIR / name


def _entry(data: dict[str, Any], loc: tuple[Any, ...]) -> str:
    """«замок «Каменец» (kamenets)» for a location inside a list of named entries."""
    parts: list[str] = []
    node: Any = data
    for item in loc:
        if isinstance(item, int) and isinstance(node, list):
            node = node[item] if item < len(node) else None
            if isinstance(node, dict) and ("name" in node or "id" in node):
                label = f"«{node['name']}»" if "name" in node else ""
                ident = f" ({node['id']})" if "id" in node else ""
                parts[-1:] = [f"{parts[-1] if parts else 'запись'} {label}{ident}".replace("  ", " ")]
            else:
                parts.append(f"№{item + 1}")
        else:
            parts.append(_FIELDS.get(str(item), str(item)))
            node = node.get(item) if isinstance(node, dict) else None
    return " → ".join(p.strip() for p in parts)


def _russian(err: dict[str, Any], data: dict[str, Any]) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    where = _entry(data, tuple(err.get("loc", ())))
    texts = {
        "missing": "не указано", "extra_forbidden": "неизвестное поле",
        "int_type": "должно быть целым числом", "int_parsing": "должно быть целым числом",
        "string_type": "должно быть строкой", "bool_type": "должно быть true или false",
        "string_too_short": "не может быть пустым", "too_short": "слишком мало элементов",
        "string_pattern_mismatch": "id — латиница в нижнем регистре, цифры и «_»",
        "tuple_type": "должно быть списком", "too_long": "слишком много элементов",
    }
    if kind == "literal_error":
        text = f"должно быть одним из: {ctx.get('expected', '')}"
    elif kind == "greater_than_equal":
        text = f"должно быть не меньше {ctx.get('ge')}"
    elif kind == "less_than_equal":
        text = f"должно быть не больше {ctx.get('le')}"
    elif kind == "value_error":
        text = str(ctx.get("error", err.get("msg", "")))
    else:
        text = texts.get(kind, err.get("msg", kind))
    return f"{where}: {text}" if where else text


def parse(model: type[M], name: str, what: str) -> M:
    path = resolve(name)
    try:
        raw = path.read_bytes()
    except OSError:
        raise MaterialError(f"{what}: файл «{name}» не найден") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise MaterialError(f"{what} «{name}»: это не TOML ({exc})") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = [_russian(e, data) for e in exc.errors(include_url=False)]
        raise MaterialError(f"{what} «{name}»: " + "; ".join(lines)) from None


@cache
def load_board_def(name: str) -> BoardDef:
    return parse(BoardDef, name, "Поле")


@cache
def load_decks_def(name: str) -> DecksDef:
    return parse(DecksDef, name, "Колоды")


@cache
def load_trophies_def(name: str) -> TrophiesDef:
    return parse(TrophiesDef, name, "Запас трофеев")
