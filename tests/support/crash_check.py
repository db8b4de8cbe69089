"""Invariants of a stored game, read straight from the database with plain SQL (no app code).

Used by the kill -9 test after every crash: whatever moment the server died at, each step must be
open or published with one complete resolution — never half-written — and every post the server
acknowledged (or that any earlier check saw) must still be stored, byte for byte.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import psycopg
from psycopg.rows import dict_row


@dataclass(frozen=True)
class Receipt:
    """A post the server answered 2xx for: it must be stored exactly so, forever."""

    post_id: int
    game_id: int
    step: int
    faction: str
    revision: int
    sha256: str


@dataclass
class Seen:
    """What earlier checks found: none of it may disappear or change later."""

    posts: dict[int, str] = field(default_factory=dict)  # id -> sha256
    published: dict[int, tuple[int, int, str]] = field(default_factory=dict)  # step id -> (game, number, seed)
    resolutions: dict[int, str] = field(default_factory=dict)  # id -> MD5 of its stored result


@dataclass
class Counts:
    games: int = 0
    published: int = 0
    open: int = 0
    posts: int = 0
    resolutions: int = 0
    superseded: int = 0
    snapshots: int = 0
    rollbacks: int = 0
    overrides: int = 0


def commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def _counted(posts: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The post that counts per faction: its latest revision, unless annulled or withdrawn (as the
    service says)."""
    latest: dict[str, dict[str, Any]] = {}
    for p in posts:
        if p["faction_id"] not in latest or p["revision"] > latest[p["faction_id"]]["revision"]:
            latest[p["faction_id"]] = p
    return {f: p for f, p in latest.items() if not p["annulled"] and not p["withdrawn"]}


def check_database(conninfo: dict[str, Any], receipts: list[Receipt], seen: Seen) -> tuple[list[str], Counts]:
    """Every invariant over every game; returns the violations (empty when all hold) and counts.

    Reads one consistent snapshot (REPEATABLE READ, read only). ``seen`` is updated with what
    this check found, so the next one can prove nothing was lost or rewritten.
    """
    with psycopg.connect(**conninfo, autocommit=False) as conn:
        conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        try:
            return check_on(conn, receipts, seen)
        finally:
            conn.rollback()


def check_on(conn: psycopg.Connection, receipts: list[Receipt], seen: Seen) -> tuple[list[str], Counts]:
    """`check_database` inside the caller's transaction on ``conn`` (which it neither ends nor changes)."""
    bad: list[str] = []
    n = Counts()

    def rows(sql: str) -> list[dict[str, Any]]:
        return conn.cursor(row_factory=dict_row).execute(sql).fetchall()

    # whole states are compared by the MD5 of their jsonb text (jsonb's text form is canonical)
    games = {g["id"]: g for g in rows("SELECT id, status, mode, md5(state::text) AS state, "
                                      "md5(initial_state::text) AS initial_state, result FROM games")}
    steps = rows("SELECT id, game_id, number, status, seed, commitment, md5(state_before::text) AS state_before, "
                 "turn, published_at, resolve_at FROM steps ORDER BY game_id, number")
    posts = rows("SELECT id, game_id, step_id, faction_id, revision, text, sha256, annulled, "
                 "withdrawn_at IS NOT NULL AS withdrawn FROM posts ORDER BY id")
    resolutions = rows(
        "SELECT id, step_id, superseded, superseded_at, submissions, "
        "jsonb_typeof(events) = 'array' AND jsonb_array_length(events) > 0 AS has_events, "
        "jsonb_typeof(rolls) = 'array' AS has_rolls, md5(state_after::text) AS state_after, "
        "md5(events::text || rolls::text || state_after::text || submissions::text) AS digest "
        "FROM resolutions ORDER BY id")
    snapshots = rows("SELECT id, game_id, step_id, resolution_id, md5(state::text) AS state FROM snapshots ORDER BY id")
    audit = rows("SELECT id, game_id, step_number, action, data FROM audit_log ORDER BY id")
    frozen = {r["post_id"]: r for r in rows("SELECT post_id, step_id, sha256 FROM receipts")}

    step_by_id = {s["id"]: s for s in steps}
    posts_by_step: dict[int, list[dict[str, Any]]] = {}
    for p in posts:
        posts_by_step.setdefault(p["step_id"], []).append(p)
    res_by_step: dict[int, list[dict[str, Any]]] = {}
    for r in resolutions:
        res_by_step.setdefault(r["step_id"], []).append(r)
    snaps_by_res: dict[int, list[dict[str, Any]]] = {}
    for s in snapshots:
        snaps_by_res.setdefault(s["resolution_id"], []).append(s)
    res_by_id = {r["id"]: r for r in resolutions}
    n.games, n.posts, n.resolutions, n.snapshots = len(games), len(posts), len(resolutions), len(snapshots)
    n.superseded = sum(r["superseded"] for r in resolutions)
    n.rollbacks = sum(a["action"] == "rollback" for a in audit)
    n.overrides = sum(a["action"] == "override_roll" for a in audit)

    # --- posts: stored byte for byte, none lost -------------------------------------------------
    by_id = {p["id"]: p for p in posts}
    for p in posts:
        if hashlib.sha256(p["text"].encode("utf-8")).hexdigest() != p["sha256"]:
            bad.append(f"post {p['id']}: text does not match its SHA-256")
        if p["step_id"] not in step_by_id or step_by_id[p["step_id"]]["game_id"] != p["game_id"]:
            bad.append(f"post {p['id']}: step {p['step_id']} missing or of another game")
    for r in receipts:
        p = by_id.get(r.post_id)
        if p is None:
            bad.append(f"acknowledged post {r.post_id} ({r.faction}, step {r.step}) is lost")
            continue
        step = step_by_id.get(p["step_id"])
        got = (p["game_id"], step["number"] if step else None, p["faction_id"], p["revision"], p["sha256"])
        if got != (r.game_id, r.step, r.faction, r.revision, r.sha256):
            bad.append(f"acknowledged post {r.post_id} is stored as {got}, receipt said "
                       f"{(r.game_id, r.step, r.faction, r.revision, r.sha256)}")
    for post_id, sha in seen.posts.items():
        if post_id not in by_id:
            bad.append(f"post {post_id}, seen by an earlier check, is gone")
        elif by_id[post_id]["sha256"] != sha:
            bad.append(f"post {post_id} changed since an earlier check")

    # --- steps, resolutions and snapshots, game by game -----------------------------------------
    for game_id, game in games.items():
        own = [s for s in steps if s["game_id"] == game_id]
        numbers = [s["number"] for s in own]
        if numbers != list(range(1, len(own) + 1)):
            bad.append(f"game {game_id}: step numbers are not 1..{len(own)}: {numbers}")
        unpublished = [s for s in own if s["status"] != "published"]
        if game["status"] == "over":
            if unpublished:
                bad.append(f"game {game_id}: over, yet step(s) {[s['number'] for s in unpublished]} not published")
            if game["result"] is None:
                bad.append(f"game {game_id}: over without a result")
        else:
            if len(unpublished) != 1 or unpublished[0] is not own[-1]:
                bad.append(f"game {game_id}: active, so exactly its last step must be open; "
                           f"unpublished: {[(s['number'], s['status']) for s in unpublished]}")
            if game["result"] is not None:
                bad.append(f"game {game_id}: active with a result")
        state = game["initial_state"]
        for step in own:
            label = f"game {game_id} step {step['number']}"
            if step["state_before"] != state:
                bad.append(f"{label}: state_before is not the state after the step before it")
            if commitment(step["seed"]) != step["commitment"]:
                bad.append(f"{label}: seed does not match its commitment")
            mine = res_by_step.get(step["id"], [])
            current = [r for r in mine if not r["superseded"]]
            step_posts = posts_by_step.get(step["id"], [])
            for r in mine:
                if r["superseded"] != (r["superseded_at"] is not None):
                    bad.append(f"{label}: resolution {r['id']} half superseded")
                if not r["has_events"] or not r["has_rolls"] or not r["state_after"]:
                    bad.append(f"{label}: resolution {r['id']} without its events or result")
                posted = {p["id"] for p in step_posts}
                for item in r["submissions"]:
                    if item.get("post_id") is not None and item["post_id"] not in posted:
                        bad.append(f"{label}: resolution {r['id']} counts post {item['post_id']} not of this step")
                snaps = snaps_by_res.get(r["id"], [])
                if game["mode"] == "auto" and step["status"] == "published" and len(snaps) != 1:
                    bad.append(f"{label}: resolution {r['id']} has {len(snaps)} snapshots (auto mode: one each)")
                for s in snaps:
                    if s["state"] != r["state_after"] or s["step_id"] != step["id"]:
                        bad.append(f"{label}: snapshot {s['id']} is not its resolution's result")
                digest = r["digest"]
                if r["id"] in seen.resolutions and seen.resolutions[r["id"]] != digest:
                    bad.append(f"{label}: stored resolution {r['id']} was rewritten")
                seen.resolutions[r["id"]] = digest
            for p in step_posts:  # the database froze each post's SHA-256 when the step closed
                receipt = frozen.get(p["id"])
                if step["status"] != "open" and (receipt is None or receipt["sha256"] != p["sha256"]
                                                 or receipt["step_id"] != step["id"]):
                    bad.append(f"{label}: post {p['id']} without its frozen receipt ({receipt})")
            if step["status"] == "published":
                n.published += 1
                if len(current) != 1:
                    bad.append(f"{label}: published with {len(current)} current resolutions")
                    break
                if step["published_at"] is None:
                    bad.append(f"{label}: published without a date")
                counted = {f: p["id"] for f, p in _counted(step_posts).items()}
                used = {i["faction"]: i.get("post_id") for i in current[0]["submissions"]}
                if any(used.get(f) not in (None, pid) for f, pid in counted.items()):
                    bad.append(f"{label}: its resolution does not use the counted posts {counted} ({used})")
                before = seen.published.get(step["id"])
                if before is not None and before != (game_id, step["number"], step["seed"]):
                    bad.append(f"{label}: a published step changed its number or seed")
                seen.published[step["id"]] = (game_id, step["number"], step["seed"])
                state = current[0]["state_after"]
            elif step["status"] == "open":
                n.open += 1
                if current:
                    bad.append(f"{label}: open with a current resolution {[r['id'] for r in current]}")
                factions = step["turn"].get("factions", [])
                counted = _counted(step_posts)
                stray = [p["id"] for p in step_posts if p["faction_id"] not in factions]
                if stray:
                    bad.append(f"{label}: posts {stray} from factions not expected in it")
                if factions and all(f in counted for f in factions) and step["resolve_at"] is None:
                    bad.append(f"{label}: open although every faction has posted (a resolution was lost)")
                if step["resolve_at"] is not None and not all(f in counted for f in factions):
                    bad.append(f"{label}: a resolution is due although a faction's post does not count")
            else:
                bad.append(f"{label}: status {step['status']!r} in an auto-mode game")
        if game["state"] != state:
            bad.append(f"game {game_id}: its state is not the last published step's result")
    for step_id, (game_id, number, _) in seen.published.items():
        if step_id not in step_by_id or step_by_id[step_id]["status"] != "published":
            bad.append(f"game {game_id} step {number}: published earlier, not any more")
    for rid in seen.resolutions:
        if rid not in res_by_id:
            bad.append(f"resolution {rid}, seen by an earlier check, is gone")

    # --- the GM's actions: each wholly done (its audit entry and its resolutions) or not at all ---
    for a in audit:
        data = a["data"] or {}
        if a["action"] == "override_roll":
            new, old = res_by_id.get(data.get("resolution_id")), res_by_id.get(data.get("superseded_id"))
            if new is None or old is None or not old["superseded"]:
                bad.append(f"audit {a['id']}: override without its new and superseded resolutions")
        elif a["action"] == "rollback":
            redone = data.get("redone") or []
            if not redone or data.get("stopped_at") is not None:
                bad.append(f"audit {a['id']}: a roll-back that redid nothing or stopped: {data}")

    seen.posts.update({p["id"]: p["sha256"] for p in posts})
    return bad, n
