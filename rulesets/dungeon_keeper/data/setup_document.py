"""The JSON Schema of a Dungeon Keeper setup document (the shape `setup.import_setup` documents):
a GM's own map and position, or a whole exported state. Published at /api/rulesets/dungeon_keeper/schema."""

from __future__ import annotations

from typing import Any

CELL = {"oneOf": [
    {"type": "string", "pattern": r"^\s*\d{1,2}\s*[-–—]\s*\d{1,2}\s*$", "description": "«строка-столбец», например «37-15»"},
    {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 2},
]}
NAMES = {"type": "array", "items": {"type": "string"}}


def _obj(required: list[str], **properties: Any) -> dict[str, Any]:
    return {"type": "object", "required": required, "properties": properties}


def document_schema(size: int, title: str) -> dict[str, Any]:
    """The GM's own setup document."""
    return {
        "title": f"Документ настройки: {title} (карта и позиция мастера)",
        "type": "object",
        "required": ["map", "players"],
        "properties": {
            "ruleset": {"const": "dungeon_keeper"},
            "options": {"type": "object", "description": "поля настроек партии (Options)"},
            "map": {"type": "array", "minItems": size, "maxItems": size,
                    "items": {"type": "string", "pattern": f"^[#%.MB]{{{size}}}$"},
                    "description": "строки карты: # скала, % земля, . пусто, M шахта, B здание"},
            "players": {"type": "array", "minItems": 1, "items": _obj(
                ["id", "name"], id={"type": "string"}, name={"type": "string"},
                gold={"type": "integer", "minimum": 0}, mana={"type": "integer", "minimum": 0},
                iron={"type": "integer", "minimum": 0}, taldear={"type": "integer", "minimum": 0},
                spirits={"type": "integer", "minimum": 0}, store=NAMES, spells=NAMES, runes=NAMES,
                allies=NAMES, alive={"type": "boolean"})},
            "buildings": {"type": "array", "items": _obj(
                ["kind", "cell"], kind={"type": "string"}, owner={"type": ["string", "null"]}, cell=CELL,
                hp={"type": "integer", "minimum": 0}, level={"type": "integer", "minimum": 1})},
            "mines": {"type": "array", "items": _obj(
                ["kind", "cell"], kind={"type": "string"}, cell=CELL, reserve={"type": "integer", "minimum": 0})},
            "units": {"type": "array", "items": _obj(
                ["owner", "kind", "cell"], owner={"type": "string"}, kind={"type": "string"},
                number={"type": "integer", "minimum": 1}, cell=CELL, hp={"type": "integer", "minimum": 0},
                ap={"type": "integer", "minimum": 0}, artifacts=NAMES, spirits=NAMES, runes=NAMES,
                history=NAMES)},
            "objects": {"type": "array", "items": _obj(
                ["kind", "cell"], kind={"type": "string"}, item={"type": "string"}, cell=CELL)},
            "turn": _obj([], round={"type": "integer", "minimum": 1}, active={"type": "string"},
                         order=NAMES, started={"type": "boolean"}),
            "factions": {"type": "array", "items": _obj(
                ["id", "name"], id={"type": "string"}, name={"type": "string"})},
        },
    }
