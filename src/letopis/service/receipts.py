"""Receipts: a faction's post revisions in a step, the SHA-256 frozen when the step closed, and a
diff between consecutive revisions (difflib, HTML-escaped, no JavaScript needed).

The receipt rows are written by the database (a trigger on ``steps``), so every way of closing a
step freezes its posts; here we only read them and check that the text still matches.
"""

from __future__ import annotations

import difflib
import hashlib
from datetime import datetime

from markupsafe import Markup, escape
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import Post, Receipt

from ._common import (
    counted_posts,
    faction_names,
    get_step,
    load_game,
    ruleset_by_id,
    step_posts,
    turn_of,
    viewer_of,
)
from .errors import Forbidden, NotFound
from .hidden import Sight
from .schemas import Role, StepStatus


class RevisionOut(BaseModel):
    post_id: int
    revision: int
    text: str
    sha256: str  # as stored when the post was submitted
    created_at: datetime
    author_name: str | None
    annulled: bool
    withdrawn_at: datetime | None = None  # its player took it back while the step was open
    counted: bool  # the revision the step was (or will be) resolved with
    frozen_sha256: str | None  # the receipt: computed by the database when the step closed
    frozen_at: datetime | None
    intact: bool  # the text still hashes to both digests
    diff_html: str | None  # against the previous revision (escaped HTML table rows)


class PostHistoryOut(BaseModel):
    game_id: int
    game_title: str
    step_number: int
    step_status: StepStatus
    faction: str
    faction_name: str
    frozen: bool  # the step has closed: no more revisions
    revisions: list[RevisionOut]


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def diff_html(old: str, new: str) -> str:
    """Changed lines only, with a line of context, as escaped ``<tr>`` rows (old | new)."""
    a, b = old.splitlines(), new.splitlines()
    rows: list[str] = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(1):
        if rows:
            rows.append('<tr class="diff-gap"><td colspan="4">…</td></tr>')
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                for k in range(i2 - i1):
                    rows.append(_row("diff-same", i1 + k + 1, a[i1 + k], j1 + k + 1, b[j1 + k]))
                continue
            left, right = a[i1:i2], b[j1:j2]
            for k in range(max(len(left), len(right))):
                rows.append(_row(
                    "diff-change",
                    i1 + k + 1 if k < len(left) else None, left[k] if k < len(left) else None,
                    j1 + k + 1 if k < len(right) else None, right[k] if k < len(right) else None,
                ))
    return "".join(rows)


def _row(cls: str, ln_a: int | None, text_a: str | None, ln_b: int | None, text_b: str | None) -> str:
    def cell(number: int | None, text: str | None, side: str) -> str:
        if text is None:
            return '<td class="diff-ln"></td><td class="diff-none"></td>'
        mark = "" if cls == "diff-same" else f" diff-{side}"
        return f'<td class="diff-ln">{number}</td><td class="diff-text{mark}">{escape(text)}</td>'

    return str(Markup(f'<tr class="{cls}">{cell(ln_a, text_a, "del")}{cell(ln_b, text_b, "add")}</tr>'))


def post_history(db: Session, *, game_id: int, step_number: int, faction: str,
                 viewer_user_id: int | None = None) -> PostHistoryOut:
    """A faction's revisions in a step with receipts and diffs. Before the step is published only
    that faction's player and the GM may see them (orders are secret until then). In a game with
    unrevealed secrets others see only the counted revision of a non-private step, without diffs."""
    game = load_game(db, game_id)
    names = faction_names(game)
    if faction not in names:
        raise NotFound(f"В этой игре нет фракции «{faction}».", code="unknown_faction")
    step = get_step(db, game_id, step_number)
    viewer, _ = viewer_of(db, game, viewer_user_id)
    sight = Sight.of(viewer, game, ruleset_by_id(game.ruleset_id))
    published = step.status == StepStatus.PUBLISHED.value
    if not (published or viewer.role is Role.GM or faction in viewer.factions):
        raise Forbidden("Посты этого шага откроются, когда шаг будет опубликован.", code="posts_secret")
    private = turn_of(step).private
    if sight.secret and private and not sight.sees_post(faction, published=published, counted=True, private_step=True):
        raise Forbidden("Посты этого шага тайные: их увидят все, когда игра закончится.", code="posts_secret")
    posts = [p for p in step_posts(db, step) if p.faction_id == faction]
    posts.sort(key=lambda p: p.revision)
    counted = counted_posts(posts).get(faction)
    posts = [p for p in posts if sight.sees_post(faction, published=published, private_step=private,
                                                 counted=counted is not None and counted.id == p.id)]
    receipts = {r.post_id: r for r in db.scalars(select(Receipt).where(Receipt.post_id.in_([p.id for p in posts])))}
    out: list[RevisionOut] = []
    previous: Post | None = None
    for post in posts:
        receipt = receipts.get(post.id)
        actual = sha256_hex(post.text)
        out.append(RevisionOut(
            post_id=post.id, revision=post.revision, text=post.text, sha256=post.sha256, created_at=post.created_at,
            author_name=post.author.display_name if post.author else None, annulled=post.annulled,
            withdrawn_at=post.withdrawn_at,
            counted=counted is not None and counted.id == post.id,
            frozen_sha256=receipt.sha256 if receipt else None, frozen_at=receipt.frozen_at if receipt else None,
            intact=actual == post.sha256 and (receipt is None or receipt.sha256 == actual),
            diff_html=diff_html(previous.text, post.text) if previous is not None else None,
        ))
        previous = post
    return PostHistoryOut(game_id=game.id, game_title=game.title, step_number=step.number,
                          step_status=StepStatus(step.status), faction=faction, faction_name=names[faction],
                          frozen=step.status != StepStatus.OPEN.value, revisions=out)
