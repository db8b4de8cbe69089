"""The chronicle shows each viewer what they may see: secret orders stay secret until published."""

from support.dbtools import finish_bids, post

from letopis import service


def test_open_step_posts_are_visible_to_their_faction_and_the_gm_only(db, race_game):
    game = race_game()
    post(db, game, "a", "// секрет\nставка 3")
    public = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert public.posts == [] and public.seed is None and public.status == "open"
    assert public.commitment and public.svg_before.startswith("<svg") and public.svg_after is None
    bob = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.bob.id)
    assert bob.posts == []
    ann = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.ann.id)
    assert [p.text for p in ann.posts] == ["// секрет\nставка 3"]
    assert ann.posts[0].reading.lines[0].status == "flavour"
    gm = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.gm.id)
    assert len(gm.posts) == 1


def test_published_step_shows_posts_events_rolls_and_the_seed(db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    chron = service.step_chronicle(db, game_id=game.id, step_number=2)
    assert chron.status == "published" and chron.seed and chron.published_at
    assert [p.text for p in chron.posts] == ["бросаю"] and chron.posts[0].author_name == "Боря"
    assert [e.kind for e in chron.events] == ["move"] and chron.rolls[0].label().startswith("1d6 → ")
    assert chron.prev_step == 1 and chron.next_step == 3
    assert chron.summary_after != chron.summary_before
    # private events (the bids) are hidden from the public, shown to their faction
    step1 = service.step_chronicle(db, game_id=game.id, step_number=1)
    assert [e.kind for e in step1.events] == ["bids_open"]
    mine = service.step_chronicle(db, game_id=game.id, step_number=1, viewer_user_id=race_game.ann.id)
    assert [e.kind for e in mine.events] == ["bid", "bids_open"]
    headers = service.list_steps(db, game.id)
    assert [h.status for h in headers] == ["published", "published", "open"]
    assert headers[1].headlines == [chron.events[0].text] and headers[0].headlines == [step1.events[0].text]
    page = service.game_page(db, game.id)
    assert [h.number for h in page.recent] == [2, 1]
