"""An OpenAPI fuzz run over every operation of the JSON API (schemathesis), as a GM and as a player.

`run_fuzz` generates cases for each operation from /api/openapi.json — inputs that fit the schema
and inputs that do not — and sends each one three times: as the GM and as a seated player with
the path's ids pinned to a real game (so the request reaches the service, not just a 404), and
as the player with the ids as generated (huge, negative, odd). Any 5xx is recorded with the
request that caused it. The CI test runs a few examples per operation; ``make fuzz`` many more.
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode


@dataclass
class ServerError:
    operation: str
    status: int
    role: str
    method: str
    path: str
    body: Any
    text: str


@dataclass
class FuzzReport:
    operations: int = 0
    cases: int = 0
    requests: int = 0
    seconds: float = 0.0
    statuses: dict[int, int] = field(default_factory=dict)
    errors: list[ServerError] = field(default_factory=list)

    def summary(self) -> str:
        codes = ", ".join(f"{code}: {n}" for code, n in sorted(self.statuses.items()))
        return (f"OpenAPI fuzz: {self.operations} operations, {self.cases} cases, {self.requests} requests, "
                f"{len(self.errors)} server errors (5xx) in {self.seconds:.1f} s; statuses {codes}")

    def first_errors(self, n: int = 5) -> str:
        return "\n".join(f"{e.status} {e.role} {e.method} {e.path} {str(e.body)[:200]!r}: {e.text[:300]}"
                         for e in self.errors[:n])


def fake_getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> list:
    """Webhook hosts resolve to one public address without a network (IDNA checked as for real)."""
    if isinstance(host, str):
        host.encode("idna")
    return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("93.184.216.34", int(port or 443)))]


def run_fuzz(app: Any, *, roles: dict[str, dict[str, str]], pinned: dict[str, Any], max_examples: int,
             derandomize: bool = True, budget: float | None = None,
             progress: Callable[[str], None] | None = None) -> FuzzReport:
    """Fuzz every operation; ``roles`` maps a name to its headers (``gm``, ``player``), ``pinned``
    the path parameters of a real game. Stops starting new operations after ``budget`` seconds."""
    schema = schemathesis.openapi.from_asgi("/api/openapi.json", app)
    report = FuzzReport()
    started = time.monotonic()
    for result in schema.get_all_operations():
        operation = result.ok()
        if budget is not None and time.monotonic() - started > budget:
            break
        report.operations += 1
        label = f"{operation.method.upper()} {operation.path}"
        strategy = (operation.as_strategy(generation_mode=GenerationMode.POSITIVE)
                    | operation.as_strategy(generation_mode=GenerationMode.NEGATIVE))

        def send(case: Any, role: str, headers: dict[str, str], pin: bool, label: str = label) -> None:
            saved = dict(case.path_parameters or {})
            if pin and case.path_parameters:
                case.path_parameters = {k: pinned.get(k, v) for k, v in case.path_parameters.items()}
            try:
                response = case.call(headers={**(case.headers or {}), **headers})
                status, text = response.status_code, response.text
            except Exception as exc:  # noqa: BLE001 — the in-process client re-raises what the app did not handle: a 500
                status, text = 500, f"{type(exc).__name__}: {exc}"
            finally:
                case.path_parameters = saved
            report.requests += 1
            report.statuses[status] = report.statuses.get(status, 0) + 1
            if status >= 500:
                report.errors.append(ServerError(label, status, role, case.method, case.formatted_path,
                                                 case.body, text))

        @settings(max_examples=max_examples, deadline=None, database=None, derandomize=derandomize,
                  phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
                  report_multiple_bugs=False)
        @given(case=strategy)
        def fuzz_operation(case: Any) -> None:
            report.cases += 1
            send(case, "gm", roles["gm"], pin=True)
            send(case, "player", roles["player"], pin=True)
            send(case, "player", roles["player"], pin=False)

        fuzz_operation()
        if progress is not None:
            progress(f"{label}: {report.cases} cases so far, {len(report.errors)} server errors")
    report.seconds = time.monotonic() - started
    return report
