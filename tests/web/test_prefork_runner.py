"""Which of `letopis serve --workers N`'s workers runs the scheduled work (`prefork.mark_runner`,
gunicorn's pre_fork hook), through the master's moves: the first start, a worker's death, a reload
(SIGHUP: a new set forked, then the oldest stopped) and more workers (SIGTTIN)."""

from __future__ import annotations

from dataclasses import dataclass, field

from letopis.web.prefork import mark_runner


@dataclass
class Worker:
    age: int
    runs_schedule: bool = False


@dataclass
class Master:
    """gunicorn's arbiter as far as the hook sees it: its living workers by pid and how many it keeps."""

    num_workers: int
    WORKERS: dict[int, Worker] = field(default_factory=dict)
    age: int = 0

    def spawn(self) -> Worker:
        self.age += 1
        worker = Worker(self.age)
        mark_runner(self, worker)
        self.WORKERS[self.age] = worker
        return worker

    def keep_youngest(self) -> None:
        for pid in sorted(self.WORKERS, key=lambda p: self.WORKERS[p].age)[:-self.num_workers]:
            del self.WORKERS[pid]

    def runners(self) -> list[int]:
        return [w.age for w in self.WORKERS.values() if w.runs_schedule]


def test_the_first_worker_forked_runs_the_schedule_and_only_it():
    master = Master(num_workers=3)
    for _ in range(3):
        master.spawn()
    assert master.runners() == [1]


def test_when_the_runner_dies_its_replacement_runs_the_schedule():
    master = Master(num_workers=2)
    master.spawn(), master.spawn()
    del master.WORKERS[1]
    assert master.spawn().runs_schedule and master.runners() == [3]
    del master.WORKERS[2]  # another worker dies: its replacement does not run it
    assert not master.spawn().runs_schedule and master.runners() == [3]


def test_a_reload_hands_the_schedule_to_the_first_new_worker():
    master = Master(num_workers=2)
    master.spawn(), master.spawn()
    new = [master.spawn(), master.spawn()]  # SIGHUP: a new set, then the old stopped
    master.keep_youngest()
    assert [w.runs_schedule for w in new] == [True, False] and master.runners() == [3]


def test_more_workers_do_not_take_the_schedule():
    master = Master(num_workers=2)
    master.spawn(), master.spawn()
    master.num_workers = 3  # SIGTTIN
    assert not master.spawn().runs_schedule and master.runners() == [1]
