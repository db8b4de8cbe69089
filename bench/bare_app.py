"""The baseline for HTTP benchmarks: a bare FastAPI endpoint doing one INSERT and one SELECT on
the same stack as Letopis (sync SQLAlchemy 2 + psycopg 3, uvicorn, one worker)."""

from __future__ import annotations

import os

from fastapi import FastAPI
from pydantic import BaseModel
from sqlalchemy import text

from letopis.db.session import make_engine

engine = make_engine(os.environ["DATABASE_URL"])
with engine.begin() as conn:
    conn.execute(text("CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, body text NOT NULL)"))

app = FastAPI()


class Body(BaseModel):
    faction: str
    text: str


@app.post("/bare")
def bare(body: Body) -> dict:
    with engine.begin() as conn:
        new_id = conn.execute(text("INSERT INTO bench_bare (body) VALUES (:b) RETURNING id"), {"b": body.text}).scalar_one()
        row = conn.execute(text("SELECT id, body FROM bench_bare WHERE id = :i"), {"i": new_id}).one()
    return {"id": row.id, "length": len(row.body)}
