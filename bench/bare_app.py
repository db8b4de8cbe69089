"""The baselines for HTTP benchmarks, on the same stack as Letopis (FastAPI, uvicorn, one worker,
SQLAlchemy 2 + psycopg 3):

- ``POST /bare``: one INSERT … RETURNING and one SELECT in a transaction, a sync endpoint (FastAPI
  runs it in its threadpool) on a pooled sync engine — the way Letopis's own routes work;
- ``POST /bare_async``: the same two statements from an async endpoint on SQLAlchemy's asyncio
  engine (psycopg's async connections), on the event loop;
- ``GET /trivial``: a constant JSON answer from an async endpoint, no database: what the framework
  alone costs a request.

Figures compare with the faster of the two bare endpoints, measured in the same run.
"""

from __future__ import annotations

import os

from fastapi import FastAPI
from pydantic import BaseModel
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from letopis.db.session import make_engine, normalise_url

engine = make_engine(os.environ["DATABASE_URL"])
async_engine = create_async_engine(normalise_url(os.environ["DATABASE_URL"]), pool_pre_ping=True)
with engine.begin() as conn:
    conn.execute(text("CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, body text NOT NULL)"))

app = FastAPI()
INSERT = text("INSERT INTO bench_bare (body) VALUES (:b) RETURNING id")
SELECT = text("SELECT id, body FROM bench_bare WHERE id = :i")


class Body(BaseModel):
    faction: str
    text: str


@app.post("/bare")
def bare(body: Body) -> dict:
    with engine.begin() as conn:
        new_id = conn.execute(INSERT, {"b": body.text}).scalar_one()
        row = conn.execute(SELECT, {"i": new_id}).one()
    return {"id": row.id, "length": len(row.body)}


@app.post("/bare_async")
async def bare_async(body: Body) -> dict:
    async with async_engine.begin() as conn:
        new_id = (await conn.execute(INSERT, {"b": body.text})).scalar_one()
        row = (await conn.execute(SELECT, {"i": new_id})).one()
    return {"id": row.id, "length": len(row.body)}


@app.get("/trivial")
async def trivial() -> dict:
    return {"ok": True}
