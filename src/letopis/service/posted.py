"""Who has posted in a step, at a cost that does not grow with the step's history.

Each expected faction's latest revision is one probe of the unique (step_id, faction_id, revision)
index, read backwards, in one statement for all factions; a step with a thousand earlier revisions
costs what a step with one does. Every path that asks «is the step complete?» — a submit, a
withdrawal, the delayed resolution, the step's header — asks it here; only pages that list every
revision (the chronicle, receipts, export) read them all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from letopis.db.models import Post

# Each faction's latest revision (none: NULLs), one backward probe of the unique index per faction.
# `posts.submit_post` uses the same rows as a CTE beside its INSERT.
LATEST_ROWS = """
SELECT f.faction, f.position, p.id, p.revision, p.annulled, p.withdrawn_at IS NOT NULL AS withdrawn
FROM unnest(CAST(:factions AS text[])) WITH ORDINALITY AS f(faction, position)
LEFT JOIN LATERAL (
    SELECT id, revision, annulled, withdrawn_at FROM posts
    WHERE step_id = :step_id AND faction_id = f.faction
    ORDER BY revision DESC LIMIT 1
) AS p ON true
"""
_LATEST_SQL = text(f"SELECT faction, id, revision, annulled, withdrawn FROM ({LATEST_ROWS}) AS latest ORDER BY position")


# The same for many steps at once, each with the factions its turn expects (lists of step headers).
_LATEST_BY_STEPS_SQL = text("""
SELECT s.id, f.faction, p.id, p.revision, p.annulled, p.withdrawn_at IS NOT NULL
FROM steps AS s
CROSS JOIN LATERAL jsonb_array_elements_text(s.turn -> 'factions') WITH ORDINALITY AS f(faction, position)
LEFT JOIN LATERAL (
    SELECT id, revision, annulled, withdrawn_at FROM posts
    WHERE step_id = s.id AND faction_id = f.faction
    ORDER BY revision DESC LIMIT 1
) AS p ON true
WHERE s.id = ANY(CAST(:step_ids AS integer[]))
ORDER BY s.id, f.position
""")


@dataclass(frozen=True)
class Latest:
    """A faction's latest revision in a step (``post_id`` None and ``revision`` 0: none yet)."""

    faction: str
    post_id: int | None
    revision: int
    annulled: bool
    withdrawn: bool

    @property
    def counts(self) -> bool:
        """The faction has a post that counts: its latest revision, neither annulled nor withdrawn."""
        return self.post_id is not None and not self.annulled and not self.withdrawn


def latest_posts(db: Session, step_id: int, factions: Sequence[str]) -> dict[str, Latest]:
    """Each faction's latest revision in the step, in the order given."""
    if not factions:
        return {}
    rows = db.execute(_LATEST_SQL, {"step_id": step_id, "factions": list(factions)}).all()
    return {f: Latest(f, pid, rev or 0, bool(annulled), bool(withdrawn))
            for f, pid, rev, annulled, withdrawn in rows}


def latest_by_steps(db: Session, step_ids: Sequence[int]) -> dict[int, dict[str, Latest]]:
    """`latest_posts` of many steps in one statement, each for the factions its turn expects."""
    out: dict[int, dict[str, Latest]] = {step_id: {} for step_id in step_ids}
    if step_ids:
        for step_id, f, pid, rev, annulled, withdrawn in db.execute(_LATEST_BY_STEPS_SQL,
                                                                      {"step_ids": list(step_ids)}):
            out[step_id][f] = Latest(f, pid, rev or 0, bool(annulled), bool(withdrawn))
    return out


def waiting_for(latest: dict[str, Latest]) -> list[str]:
    """The factions whose post the step still waits for, in turn order."""
    return [f for f, item in latest.items() if not item.counts]


def counted_post_rows(db: Session, step_id: int, factions: Sequence[str]) -> dict[str, Post]:
    """The posts that count, loaded whole (their text is needed to resolve the step)."""
    ids = {item.post_id: f for f, item in latest_posts(db, step_id, factions).items() if item.counts}
    if not ids:
        return {}
    rows = db.scalars(select(Post).where(Post.id.in_(list(ids)))).unique().all()
    return {ids[p.id]: p for p in rows}
