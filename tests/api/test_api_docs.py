"""/docs speaks Russian: the OpenAPI document's every operation has a Russian summary and
description, a Russian tag declared with its own description, each answer explained in Russian, and every field of a request body
is described in Russian."""

from __future__ import annotations

import re

import pytest

from letopis.web import api_docs

CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
CODE = re.compile(r"`[^`]*`")
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture
def document(bot):
    answer = bot.get("/api/openapi.json")
    assert answer.status_code == 200
    return answer.json()


def russian(text: str) -> bool:
    """Russian prose: Cyrillic outside the `code` spans, which may name English identifiers."""
    return bool(CYRILLIC.search(CODE.sub("", text or "")))


def operations(document):
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield f"{method.upper()} {path}", operation


def test_every_operation_has_a_russian_summary_description_and_tag(document):
    declared = {tag["name"]: tag.get("description", "") for tag in document["tags"]}
    assert all(russian(name) and russian(text) for name, text in declared.items()), declared
    seen = []
    for key, operation in operations(document):
        seen.append(key)
        assert russian(operation.get("summary", "")), f"{key}: summary {operation.get('summary')!r}"
        assert russian(operation.get("description", "")), f"{key}: description {operation.get('description')!r}"
        assert operation["tags"] and set(operation["tags"]) <= set(declared), (key, operation["tags"])
        for code, response in operation["responses"].items():
            assert russian(response["description"]), (key, code, response["description"])
    assert len(seen) >= 50
    assert set(api_docs.OPERATIONS) == set(seen)  # no words kept for an operation that is gone
    used = {tag for _, operation in operations(document) for tag in operation["tags"]}
    assert used == set(declared)  # no empty group on /docs


def test_every_request_body_field_is_described_in_russian(document):
    schemas = document["components"]["schemas"]
    bodies = set()
    for _, operation in operations(document):
        ref = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
        if "$ref" in ref:
            bodies.add(ref["$ref"].rsplit("/", 1)[1])
    assert {"PostIn", "CheckIn", "GameCreate", "TokenIn", "ScheduleIn"} <= bodies
    nested = {"FactionIn"}  # GameCreate.factions names it
    undescribed = [f"{name}.{field}" for name in sorted(bodies | nested)
                   for field, spec in schemas[name].get("properties", {}).items()
                   if not russian(spec.get("description", ""))]
    assert undescribed == []


def test_the_words_land_where_the_operation_is(document):
    paths = document["paths"]
    assert paths["/api/games/{game_id}/check"]["post"]["summary"] == "Проверить пост"
    assert paths["/api/token"]["post"]["tags"] == ["Вход"]
    listing = paths["/api/games"]["get"]
    assert listing["summary"] == "Список игр" and "X-Total-Count" in listing["description"]
    page = next(p for p in listing["parameters"] if p["name"] == "page")
    assert russian(page["description"])


def test_the_shapes_a_bot_reads_first_are_described_in_russian(document):
    """The error body and its line remarks, a game, a step, the live check, a post's receipt, a user
    and a token."""
    schemas = document["components"]["schemas"]
    shapes = ("ErrorOut", "Problem", "GameOut", "StepHeader", "TurnInfo", "CheckOut", "ReadingOut", "LineReading",
              "SubmitOut", "UserOut", "TokenOut")
    undescribed = [f"{name}.{field}" for name in shapes
                   for field, spec in schemas[name]["properties"].items()
                   if not russian(spec.get("description", ""))]
    assert undescribed == []
