"""The ruleset's numbers from numbers.toml, validated once at import (a bad edit fails loudly)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

DATA_PATH = Path(__file__).with_name("numbers.toml")


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DiceData(_Strict):
    chain: tuple[int, ...] = Field(min_length=2)
    no_class_result: int = Field(ge=1)
    first_move_sides: int = Field(ge=2)

    @model_validator(mode="after")
    def _chain_grows(self) -> DiceData:
        if self.chain[0] != 0:
            raise ValueError("chain[0] must be 0: class 0 rolls no die")
        if any(b <= a for a, b in zip(self.chain[1:], self.chain[2:])) or self.chain[1] < 2:
            raise ValueError("die sides must grow with the class and start at 2 or more")
        return self

    @property
    def max_class(self) -> int:
        return len(self.chain) - 1


class CharacterData(_Strict):
    slots: int = Field(ge=1, le=8)
    build_tokens: int = Field(ge=1)
    max_tokens: int = Field(ge=1)

    @model_validator(mode="after")
    def _cap_fits_build(self) -> CharacterData:
        if self.max_tokens < self.build_tokens:
            raise ValueError("max_tokens must be at least build_tokens")
        return self


class BagData(_Strict):
    red: int = Field(ge=0)
    blue: int = Field(ge=0)
    green: int = Field(ge=0)


class CostData(_Strict):
    attack: int = Field(ge=0)
    class_up: int = Field(ge=0)
    damage_per_point: int = Field(ge=0)
    insurance: int = Field(ge=0)
    superiority: int = Field(ge=0)
    defence: int = Field(ge=0)
    counter: int = Field(ge=0)
    absorb: int = Field(ge=0)
    shift: int = Field(ge=0)
    add: int = Field(ge=0)
    transfer: int = Field(ge=0)
    reroll: int = Field(ge=0)
    return_to_storage: int = Field(ge=0)


class GameData(_Strict):
    dice: DiceData
    character: CharacterData
    bag: BagData
    costs: CostData


def load(path: Path = DATA_PATH) -> GameData:
    with path.open("rb") as fh:
        return GameData.model_validate(tomllib.load(fh))


DATA = load()
