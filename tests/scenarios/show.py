"""Show a scenario's position before one of its posts, to write the next post against the real
position after the dice:

    python -m tests.scenarios.show <ruleset> <scenario-id> [N] [--full]

plays posts 1…N-1 (all of them when N is not given, i.e. the position after the last post) and
prints how they went, the events of the last resolved step, the open step's title, who it waits
for, its prompt and deadline default, and the state as the poster of post N sees it (for a post
beyond the last, as the first faction the step waits for sees it). Lists of plain values print on
one line unless ``--full``; ``--brief`` prints the ruleset's summary instead of the whole view.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from letopis.engine import Viewer, ViewerRole, get_ruleset

from .play import play, scenario


def compact(data: Any, indent: int = 0, full: bool = False) -> str:
    """JSON with short lists of scalars on one line (a 45-row map stays one row per line)."""
    pad = "  " * indent
    if isinstance(data, dict):
        if not data:
            return "{}"
        items = [f'{pad}  {json.dumps(k, ensure_ascii=False)}: {compact(v, indent + 1, full)}' for k, v in data.items()]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(data, list):
        flat = all(not isinstance(x, dict | list) for x in data)
        if flat and (not full or len(data) <= 12) and not any(isinstance(x, str) and len(x) > 30 for x in data):
            return json.dumps(data, ensure_ascii=False)
        if not data:
            return "[]"
        items = [f"{pad}  {compact(v, indent + 1, full)}" for v in data]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    return json.dumps(data, ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.scenarios.show", description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset")
    parser.add_argument("scenario")
    parser.add_argument("n", nargs="?", type=int, help="the post to write (default: after the last post)")
    parser.add_argument("--full", action="store_true", help="print every list in full")
    parser.add_argument("--brief", action="store_true", help="the ruleset's summary instead of the whole view")
    args = parser.parse_args(argv)
    ruleset = get_ruleset(args.ruleset)
    sc = scenario(args.ruleset, args.scenario)
    posts = sc.get("post", [])
    n = args.n if args.n is not None else len(posts) + 1
    out = play(args.ruleset, args.scenario, upto=n - 1)
    for r in out.results:
        mark = "ok  " if r.ok else "FAIL"
        print(f"{mark} post {r.number} ({r.faction}, step {r.step})")
        for failure in r.failures:
            print("      " + failure.replace("\n", "\n      "))
    if out.events:
        last = max(out.events)
        print(f"\n--- events of step {last} ---")
        for e in out.events[last]:
            who = f" [{e.faction}{'' if e.public else ', тайно'}]" if e.faction or not e.public else ""
            rolls = " ".join(r.label() for r in e.rolls if not r.secret)
            print(f"{e.kind}{who}: {e.text}" + (f"  ({rolls})" if rolls else ""))
    turn = out.turn
    print(f"\n--- before post {n}: {turn.title} [{turn.phase}, {turn.mode}, {turn.post_kind}] ---")
    print(f"waits for: {turn.factions}")
    if turn.prompt:
        print(f"prompt: {turn.prompt}")
    if turn.default:
        print(f"default: {turn.default}")
    poster = posts[n - 1]["faction"] if n - 1 < len(posts) else (turn.factions[0] if turn.factions else None)
    viewer = Viewer(role=ViewerRole.PLAYER, faction=poster) if poster else Viewer(role=ViewerRole.GM)
    print(f"\n--- the state as {poster or 'the GM'} sees it ---")
    if not args.brief:
        print(compact(ruleset.view(out.state, viewer), full=args.full))
    for label, value in ruleset.summary(out.state, viewer):
        print(f"{label}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
