"""A small pool of asynchronous autocommit PostgreSQL connections for hot read-only statements.

The live check asks one question per request. Through SQLAlchemy's pool in a worker thread that
costs a thread hop, a ping, BEGIN and ROLLBACK; here it is one awaited round trip on the event
loop (psycopg prepares a statement after a few uses on a connection). A connection the server
dropped (a restart) is thrown away and the statement runs once more on a fresh one.
"""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo
from sqlalchemy.engine import URL

DEFAULT_SIZE = 8  # connections at most: live checks waiting on PostgreSQL at once in one process
APPLICATION_NAME = "letopis-live-check"  # how these connections show in pg_stat_activity


def conninfo(url: URL) -> str:
    """A libpq connection string from a SQLAlchemy URL: TCP (``host:port``) or a Unix socket given
    in the query (``?host=<folder>&port=…``, the embedded cluster's form); other query options pass."""
    query = dict(url.query)
    host, port = query.pop("host", None) or url.host, query.pop("port", None) or url.port
    return make_conninfo("", host=host, port=port, user=url.username, password=url.password,
                         dbname=url.database, **query)


class ReadPool:
    def __init__(self, conninfo: str, size: int = DEFAULT_SIZE, *, prepare: bool = True) -> None:
        self.conninfo = conninfo
        self.size = size
        self.prepare_threshold = 5 if prepare else None  # psycopg's default, or never (PgBouncer < 1.21)
        self._idle: list[psycopg.AsyncConnection] = []
        self._slots: asyncio.Semaphore | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    async def _connect(self) -> psycopg.AsyncConnection:
        return await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True,
                                                     prepare_threshold=self.prepare_threshold,
                                                     application_name=APPLICATION_NAME)

    async def fetchone(self, sql: str, params: dict[str, Any]) -> tuple | None:
        """The first row of one read-only statement (or None)."""
        if self._closed:
            raise RuntimeError("the read pool is closed")
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # first use, or a new loop (a test client's): start afresh
            self._loop, self._slots, self._idle = loop, asyncio.Semaphore(self.size), []
        assert self._slots is not None
        async with self._slots:
            conn = self._idle.pop() if self._idle else await self._connect()
            try:
                row = await self._run(conn, sql, params)
            except psycopg.OperationalError:
                broken = conn.broken
                await conn.close()
                if not broken:
                    raise  # the statement itself failed (a timeout, a cancel): no retry
                conn = await self._connect()
                try:
                    row = await self._run(conn, sql, params)
                except BaseException:
                    await conn.close()
                    raise
            except BaseException:  # an error or a cancelled request: the connection may be mid-query
                await conn.close()
                raise
            self._idle.append(conn)
            return row

    @staticmethod
    async def _run(conn: psycopg.AsyncConnection, sql: str, params: dict[str, Any]) -> tuple | None:
        async with conn.cursor() as cur:
            await cur.execute(sql, params)
            return await cur.fetchone()

    async def close(self) -> None:
        self._closed = True
        idle, self._idle = self._idle, []
        for conn in idle:
            await conn.close()
