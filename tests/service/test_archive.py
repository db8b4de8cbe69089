"""The spectators' archive: paging, past states, metric series and charts, rounds, the site feed."""

import pytest
from support.dbtools import finish_bids, post

from letopis import service
from letopis.service.archive import charts, metric_series, round_of, site_feed, state_at
from letopis.service.demo import DemoGame

DRP = DemoGame("dice_roll_party", "Дуэль для архива", "auto", ("anna", "boris"), 6)
DK = DemoGame("dungeon_keeper", "Подземелье для архива", "auto", ("anna", "boris"), 5)


def _game(db, demo):
    service.ensure_demo(db, games=(demo,))
    return next(g for g in service.list_games(db) if g.title == demo.title)


def test_games_are_paged_newest_first(db, race_game):
    ids = [race_game().id for _ in range(3)]
    first = service.archive_games(db, page=1, per_page=2)
    assert (first.total, first.pages, [g.id for g in first.games]) == (3, 2, ids[:0:-1])
    second = service.archive_games(db, page=2, per_page=2)
    assert [g.id for g in second.games] == [ids[0]]
    with pytest.raises(service.Invalid):
        service.archive_games(db, page=0)


def test_steps_are_paged_oldest_first(db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    page = service.archive_steps(db, game.id, page=1, per_page=2)
    assert (page.total, page.pages, [s.number for s in page.steps]) == (3, 2, [1, 2])
    assert [s.status for s in service.archive_steps(db, game.id, page=2, per_page=2).steps] == ["open"]
    with pytest.raises(service.NotFound):
        service.archive_steps(db, 999)


def test_past_state_before_and_after_a_step(db, race_game):
    game = race_game()
    finish_bids(db, game)
    post(db, game, "b", "бросаю")
    before = state_at(db, game_id=game.id, step_number=2, when="before")
    after = state_at(db, game_id=game.id, step_number=2, when="after")
    assert before.svg.startswith("<svg") and before.summary != after.summary
    # neighbours are linked in the same view only where that view exists: step 3 is still open
    assert (after.prev_step, after.next_step, after.published) == (1, None, True)
    assert (before.prev_step, before.next_step) == (1, 3)
    assert not state_at(db, game_id=game.id, step_number=3, when="before").published
    # the state after step 2 is the state before step 3
    assert state_at(db, game_id=game.id, step_number=3, when="before").summary == after.summary
    with pytest.raises(service.NotFound):  # the open step has no "after" yet
        state_at(db, game_id=game.id, step_number=3, when="after")
    with pytest.raises(service.Invalid):
        state_at(db, game_id=game.id, step_number=2, when="later")


def test_ruleset_without_metrics_has_no_series(db, race_game):
    game = race_game()
    finish_bids(db, game)
    assert metric_series(db, game.id) == [] and service.game_charts(db, game.id) == []


def test_drp_series_and_charts_follow_the_published_steps(db):
    game = _game(db, DRP)
    series = metric_series(db, game.id)
    published = [s.number for s in service.list_steps(db, game.id) if s.status == "published"]
    assert [p.step for p in series] == [0, *published]
    assert set(series[0].values) == {"anna", "boris"}
    assert set(series[0].values["anna"]) == {"Жетоны в хранилище", "Жетоны на персонажах", "Живые персонажи"}
    drawn = service.game_charts(db, game.id)
    assert [c.label for c in drawn] == list(series[0].values["anna"])
    for chart in drawn:
        assert [line.name for line in chart.lines] == ["Анна", "Борис"]
        left, top, right, bottom = chart.box
        for line in chart.lines:
            points = [tuple(map(float, p.split(","))) for p in line.points.split()]
            assert len(points) == len(series)
            assert all(left <= x <= right and top <= y <= bottom for x, y in points)
            assert points[0][0] == left and points[-1][0] == right


def test_chart_scales_to_a_round_maximum():
    from letopis.service.archive import SeriesPoint
    series = [SeriesPoint(step=0, values={"a": {"Золото": 0}}), SeriesPoint(step=4, values={"a": {"Золото": 37}})]
    (chart,) = charts(series, {"a": "Анна"})
    assert chart.y_max == 50 and [t for _, t in chart.y_ticks] == ["0", "25", "50"]
    assert chart.lines[0].last == 37 and chart.lines[0].points == "34.0,130.0 312.0,39.7"  # 130 - 122 × 37/50


def test_dk_round_groups_the_steps_of_one_round(db):
    game = _game(db, DK)
    steps = [s for s in service.list_steps(db, game.id) if s.status == "published"]
    assert len(steps) >= 3
    rnd = round_of(db, game_id=game.id, step_number=steps[0].number)
    assert rnd.number == 1 and len(rnd.steps) >= 1
    numbers = [c.number for c in rnd.steps]
    assert numbers == list(range(numbers[0], numbers[-1] + 1)) and steps[0].number in numbers
    for other in rnd.steps:  # every step of the round gives the same round
        assert [c.number for c in round_of(db, game_id=game.id, step_number=other.number).steps] == numbers
    later = [s.number for s in steps if s.number not in numbers]
    assert later and round_of(db, game_id=game.id, step_number=later[0]).number != 1


def test_round_of_a_ruleset_without_rounds_is_the_step(db, race_game):
    game = race_game()
    finish_bids(db, game)
    with pytest.raises(service.NotFound):
        round_of(db, game_id=game.id, step_number=2)  # open


def test_site_feed_lists_published_steps_newest_first(db, race_game):
    empty, updated = site_feed(db)
    assert empty == [] and updated is not None
    one, two = race_game(), race_game()
    finish_bids(db, one)
    finish_bids(db, two)
    post(db, two, "b", "бросаю")
    items, updated = site_feed(db)
    assert [(i.game.id, i.step.number) for i in items] == [(two.id, 2), (two.id, 1), (one.id, 1)]
    assert updated == items[0].step.published_at
