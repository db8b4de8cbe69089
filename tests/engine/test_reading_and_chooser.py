"""Shared engine pieces the rulesets lean on: the never-raising reader wrapper and `Chooser`."""

from pydantic import BaseModel

from letopis.engine import Dice, Reading
from letopis.engine.contract import LineStatus
from letopis.engine.dice import Chooser
from letopis.engine.reading import read_or_report


class _State(BaseModel):
    pass


def test_a_bug_in_a_reader_becomes_one_error_and_keeps_every_line():
    def broken(text, state, faction):
        raise RuntimeError("bug")

    reading = read_or_report(broken, "первая\nвторая", _State(), "p1", message="Внутренняя ошибка.")
    assert [p.code for p in reading.problems] == ["read.internal"]
    assert reading.problems[0].message == "Внутренняя ошибка." and not reading.ok
    assert [(ln.line, ln.text, ln.status) for ln in reading.lines] == [
        (1, "первая", LineStatus.FLAVOUR), (2, "вторая", LineStatus.FLAVOUR)]


def test_a_working_reader_is_passed_through():
    expected = Reading()
    assert read_or_report(lambda t, s, f: expected, "x", _State(), "p1", message="-") is expected


def test_chooser_is_reproducible_and_a_sole_option_draws_nothing():
    a, b = Chooser(Dice("ab" * 32), "тест"), Chooser(Dice("ab" * 32), "тест")
    picks = [(a.pick("абвгд"), a.between(3, 7), a.chance(50)) for _ in range(20)]
    assert picks == [(b.pick("абвгд"), b.between(3, 7), b.chance(50)) for _ in range(20)]
    assert all(3 <= n <= 7 for _, n, _ in picks)
    c = Chooser(Dice("ab" * 32), "тест")
    assert c.pick(["единственный"]) == "единственный" and c.dice.rolls == []
    assert sorted(c.shuffled(list(range(10)))) == list(range(10))
    assert all(r.purpose == "тест" for r in c.dice.rolls)
