"""Every option of every registered ruleset speaks Russian to the GM: a title and a description for
each option and each part of one, a label for each allowed value, and a control on «Новая игра»
(none left to the JSON field), so the form generated from `Options` is complete."""

from __future__ import annotations

import re

import pytest

from letopis.engine.registry import all_rulesets, get_ruleset
from letopis.service.option_fields import option_fields

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
RULESETS = sorted(all_rulesets())  # the built-in ones and the tests' own


def _properties(schema: dict, spec: dict):
    """(path, property schema) for each option and each field of a nested model."""
    defs = schema.get("$defs", {})
    for name, prop in (spec.get("properties") or {}).items():
        yield name, prop
        ref = prop.get("$ref") or next((b.get("$ref") for b in prop.get("anyOf", []) if "$ref" in b), None)
        target = defs.get(ref.rsplit("/", 1)[-1], {}) if ref else {}
        if "properties" in target:
            for sub, sub_prop in _properties(schema, target):
                yield f"{name}.{sub}", sub_prop


def _allowed(prop: dict) -> list:
    branches = prop.get("anyOf", [prop])
    return [v for b in branches for v in b.get("enum", [b["const"]] if "const" in b else [])]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_option_has_a_russian_title_and_description(ruleset_id):
    schema = get_ruleset(ruleset_id).Options.model_json_schema()
    missing = [path for path, prop in _properties(schema, schema)
               if not CYRILLIC.search(prop.get("title") or "") or not CYRILLIC.search(prop.get("description") or "")]
    assert not missing, f"{ruleset_id}: options without a Russian title or description: {missing}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_allowed_value_has_a_russian_label(ruleset_id):
    schema = get_ruleset(ruleset_id).Options.model_json_schema()
    for path, prop in _properties(schema, schema):
        values = _allowed(prop)
        labels = {repr(v): label for v, label in prop.get("x-choices", [])}
        unlabelled = [v for v in values if not CYRILLIC.search(labels.get(repr(v), ""))]
        assert not unlabelled, f"{ruleset_id}.{path}: values without a Russian label: {unlabelled}"


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_every_option_gets_a_control_on_the_form(ruleset_id):
    fields = option_fields(get_ruleset(ruleset_id))
    fixed = [f.name for f in fields if f.widget == "fixed"]
    assert not fixed, f"{ruleset_id}: options the form cannot set: {fixed}"
    assert {f.path[0] for f in fields} == set(get_ruleset(ruleset_id).Options.model_fields)


def test_the_meta_test_notices_a_missing_title():
    """The checks above fail for an option without a title or a value without a label."""
    from typing import Literal

    from pydantic import BaseModel, Field

    class Bare(BaseModel):
        speed: int = Field(3, description="Скорость.")
        mode: Literal["a", "b"] = Field("a", title="Режим", description="Как играть.")

    schema = Bare.model_json_schema()
    untitled = [p for p, prop in _properties(schema, schema) if not CYRILLIC.search(prop.get("title") or "")]
    assert untitled == ["speed"]  # pydantic's own title «Speed» is not Russian
    assert _allowed(schema["properties"]["mode"]) == ["a", "b"]
    assert "x-choices" not in schema["properties"]["mode"]
