"""The submit path costs the same whatever the step's history (issue 13): the statements a submit
sends, and the rows they bring back, do not grow with the earlier revisions in the step — neither
for a revision that leaves the step waiting nor for the post that completes and resolves it — and
with hundreds of revisions the resolution still takes the latest one and every revision keeps its
frozen receipt."""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event, func, select
from support.dbtools import post

from letopis import service
from letopis.db.models import Post, Receipt, Resolution

MANY = 300


@contextmanager
def statements(engine):
    """The SQL statements sent to the database inside the block (COMMIT is not one), each with the
    number of rows it returned or wrote."""
    sent: list[tuple[str, int]] = []

    def record(conn, cursor, statement, parameters, context, executemany):
        sent.append((statement, cursor.rowcount))

    event.listen(engine, "after_cursor_execute", record)
    try:
        yield sent
    finally:
        event.remove(engine, "after_cursor_execute", record)


def rows(sent: list[tuple[str, int]]) -> int:
    return sum(max(count, 0) for _, count in sent)


def revisions(db, game, faction: str, count: int) -> None:
    for n in range(count):
        post(db, game, faction, f"// правка {n}\nставка {1 + n % 3}")


def submit(db, game, faction: str, text: str, user_id: int):
    return service.submit_post(db, game_id=game.id, step_number=1, faction=faction, text=text, user_id=user_id)


def test_statements_of_a_submit_do_not_grow_with_earlier_revisions(db, engine, race_game):
    few, many = race_game(), race_game()
    revisions(db, few, "a", 1)
    revisions(db, many, "a", MANY)
    ann, bob = race_game.ann.id, race_game.bob.id
    db.expire_all()
    submit(db, few, "a", "ставка 2", ann)  # warm the state cache of both steps alike
    submit(db, many, "a", "ставка 2", ann)

    with statements(engine) as after_one:
        out_few = submit(db, few, "a", "ставка 3", ann)
    with statements(engine) as after_many:
        out_many = submit(db, many, "a", "ставка 3", ann)
    assert out_few.revision == 3 and out_many.revision == MANY + 2
    assert len(after_one) == len(after_many) <= 4, (after_one, after_many)
    assert rows(after_one) == rows(after_many) <= 6, (after_one, after_many)

    # the completing post resolves the step: the same statements for both, and no scan of revisions
    with statements(engine) as done_few:
        resolved_few = submit(db, few, "b", "ставка 1", bob)
    with statements(engine) as done_many:
        resolved_many = submit(db, many, "b", "ставка 1", bob)
    assert resolved_few.published and resolved_many.published
    assert len(done_few) == len(done_many), (done_few, done_many)
    assert rows(done_few) == rows(done_many), (done_few, done_many)


def test_hundreds_of_revisions_resolve_with_the_latest_and_keep_every_receipt(db, race_game):
    game = race_game()
    revisions(db, game, "a", MANY)
    last = post(db, game, "a", "// окончательно\nставка 3")
    assert last.revision == MANY + 1
    done = post(db, game, "b", "ставка 2")
    assert done.published and service.game_page(db, game.id).view["mover"] == "a"
    res = db.scalars(select(Resolution)).one()
    assert [s["post_id"] for s in res.submissions] == [last.post_id, done.post_id]
    posts = db.scalar(select(func.count(Post.id)))
    frozen = dict(db.execute(select(Receipt.post_id, Receipt.sha256)).all())
    assert posts == MANY + 2 and len(frozen) == posts
    assert all(frozen[p.id] == p.sha256 for p in db.scalars(select(Post)))
    assert service.verify_game(db, game.id).ok
