"""Tetranomicon's game material (TET-GAP-01, -02, -05): TOML files validated on load.

- ``board.toml`` — the default board «Малый Тетраномикон»: castles (id, code К1…, names and the
  genitive for «из …», towers by number with terrain, monsters at set-up) and segments (id У1…,
  the two castles, kind road | river);
- ``decks.toml`` — the eight decks: creatures (cost, swords, discount codes) and artifacts (cost,
  conditions) per epoch;
- ``trophies.toml`` — the face-down trophy supply (level × count).

A GM names other files per game (`Options.board`, `decks`, `trophies`); a bad file fails at set-up
with a Russian `MaterialError` that names the entry.
"""

from .loading import DATA_DIR, MaterialError, resolve
from .material import (
    DEFAULT_BOARD,
    DEFAULT_DECKS,
    DEFAULT_TROPHIES,
    EPOCHS,
    Material,
    fold,
    load_material,
    material_for,
)
from .models import (
    BUILDING_GENITIVE_PLURAL,
    BUILDING_KINDS,
    BUILDING_NAMES,
    DISCOUNT_NAMES,
    ROUTE_KIND_OF,
    ROUTE_NAMES,
    SEGMENT_NAMES,
    STANDARD_LEVEL,
    TERRAIN_NAMES,
    TERRAIN_OF,
    ArtifactDef,
    BoardDef,
    BuildingKind,
    CastleDef,
    Condition,
    CreatureDef,
    SegmentDef,
)

__all__ = [
    "BUILDING_GENITIVE_PLURAL", "BUILDING_KINDS", "BUILDING_NAMES", "DATA_DIR", "DEFAULT_BOARD",
    "DEFAULT_DECKS", "DEFAULT_TROPHIES", "DISCOUNT_NAMES", "EPOCHS", "ROUTE_KIND_OF", "ROUTE_NAMES",
    "SEGMENT_NAMES", "STANDARD_LEVEL", "TERRAIN_NAMES", "TERRAIN_OF", "ArtifactDef", "BoardDef",
    "BuildingKind", "CastleDef", "Condition", "CreatureDef", "Material", "MaterialError", "SegmentDef",
    "fold", "load_material", "material_for", "resolve",
]
