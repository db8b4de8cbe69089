"""`python -m bench`: run every benchmark, print one line per figure, write bench/results.json.

Each figure is {"value", "unit", "baseline", "ratio"}: the baseline is what it is compared with —
the bare endpoint measured in the same run, or the target the issue sets (20,000 lines/s, 50 ms) —
or null; the ratio is value/baseline. A figure with a target also keeps it ("target": the ratio it
must reach, "at_least" or "at_most"), and the printed line says whether it is met.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from letopis.engine import all_rulesets

from . import dk, http_check, memory, reader, scale, tetranomicon, wargame

OUT = Path(__file__).with_name("results.json")


def figure(value: float, unit: str, baseline: float | None = None, *, at_least: float | None = None,
           at_most: float | None = None) -> dict:
    ratio = round(value / baseline, 3) if baseline else None
    fig = {"value": round(value, 2), "unit": unit, "baseline": None if baseline is None else round(baseline, 2),
           "ratio": ratio}
    if at_least is not None:
        fig["target"] = {"at_least": at_least}
    if at_most is not None:
        fig["target"] = {"at_most": at_most}
    return fig


def cost(rps_small: float, rps_large: float) -> dict:
    """What a request costs at the large size against the small one (the inverse of the rates):
    flat is 1×, and the issue allows 1.2×."""
    return figure(rps_small / rps_large, "×", 1.0, at_most=1.2)


def faster_bare(figs: dict) -> float:
    """The baseline of every HTTP ratio: the faster of the sync and the async bare endpoint."""
    return max(figs["bare"]["rps"], figs["bare_async"]["rps"])


def scale_figures() -> dict[str, dict]:
    """Issue 13: submit, long games' pages, a worker's memory, two processes."""
    out: dict[str, dict] = {}
    sub = scale.submit()
    bare = faster_bare(sub)
    out["submit_bare_sync_rps"] = figure(sub["bare"]["rps"], "req/s")
    out["submit_bare_async_rps"] = figure(sub["bare_async"]["rps"], "req/s")
    out["submit_50_games_rps"] = figure(sub["submit"]["rps"], "req/s", bare, at_least=0.7)
    out["submit_50_games_p50_ms"] = figure(sub["submit"]["p50_ms"], "ms")
    # the cost of a submit where the post has 1,000 earlier revisions, against one with a few
    out["submit_1000_revisions_cost"] = cost(sub["submit"]["rps"], sub["submit_1000"]["rps"])
    out["submit_1000_revisions_rps"] = figure(sub["submit_1000"]["rps"], "req/s")
    pages = scale.pages()
    trivial = pages["trivial"]["rps"]
    out["trivial_json_rps"] = figure(trivial, "req/s")
    for page in ("chronicle", "game", "step_json"):
        for steps in (scale.SHORT, scale.LONG):
            out[f"{page}_page_{steps}_steps_rps"] = figure(pages[f"{page}_{steps}"]["rps"], "req/s", trivial,
                                                           at_least=0.2)
        # flat: the cost in a 1,000-step game against a 10-step one
        out[f"{page}_page_1000_vs_10_steps_cost"] = cost(pages[f"{page}_{scale.SHORT}"]["rps"],
                                                         pages[f"{page}_{scale.LONG}"]["rps"])
    mem = scale.memory()
    out["worker_rss_after_100_games_mb"] = figure(mem["rss_after_mb"], "MB", 150, at_most=1.0)
    out["worker_rss_after_100_games_twice_mb"] = figure(mem["rss_after_second_round_mb"], "MB", 150, at_most=1.0)
    out["worker_rss_anon_after_100_games_mb"] = figure(mem["anon_after_mb"], "MB", 150)
    out["worker_rss_at_start_mb"] = figure(mem["rss_started_mb"], "MB")
    out["worker_pss_after_100_games_mb"] = figure(mem["pss_after_mb"], "MB", 150)
    out["worker_uss_after_100_games_mb"] = figure(mem["uss_after_mb"], "MB", 150)
    # `letopis serve --workers 2`: the workers share the app the master loaded; PSS is what each costs
    pre = scale.memory_workers(2)
    out["worker_pss_after_100_games_2_workers_mb"] = figure(pre["worker_pss_after_mb"], "MB", 150, at_most=1.0)
    out["worker_uss_after_100_games_2_workers_mb"] = figure(pre["worker_uss_after_mb"], "MB", 150)
    out["worker_rss_after_100_games_2_workers_mb"] = figure(pre["worker_rss_after_mb"], "MB", 150)
    out["master_pss_2_workers_mb"] = figure(pre["master"]["pss"], "MB")
    out["all_pss_2_workers_mb"] = figure(round(pre["worker_pss_sum_after_mb"] + pre["master"]["pss"], 1), "MB")
    two = scale.two_processes()
    for what in ("check", "submit"):
        out[f"{what}_one_process_rps"] = figure(two[f"{what}_one"]["rps"], "req/s")
        out[f"{what}_two_processes_rps"] = figure(two[f"{what}_two"]["rps"], "req/s", two[f"{what}_one"]["rps"])
    return out


def verdict(fig: dict) -> str:
    target = fig.get("target")
    if not target or fig["ratio"] is None:
        return ""
    if "at_least" in target:
        ok = fig["ratio"] >= target["at_least"]
        return f" [target ≥ {target['at_least']}: {'met' if ok else 'NOT met'}]"
    ok = fig["ratio"] <= target["at_most"]
    return f" [target ≤ {target['at_most']}: {'met' if ok else 'NOT met'}]"


def main() -> int:
    # the load the other processes put on the machine, at the start and the end: HTTP ratios taken
    # on a busy machine (a load above its cores) understate every endpoint that talks to PostgreSQL
    results: dict[str, dict] = {"machine_load_at_start": figure(os.getloadavg()[0], "load (1 min)")}
    drp = reader.reader_throughput("dice_roll_party")
    results["drp_reader_order_lines_per_s"] = figure(drp["lines_per_s"], "lines/s")
    mb = reader.megabyte_post("dice_roll_party")
    results["drp_reader_1mb_post_s"] = figure(mb["seconds"], "s")
    results["drp_reader_1mb_vs_linear"] = figure(mb["vs_linear"], "×", 1.0)
    if "dungeon_keeper" in all_rulesets():
        mb = reader.megabyte_post("dungeon_keeper")
        results["dk_reader_1mb_post_s"] = figure(mb["seconds"], "s")
        results["dk_reader_1mb_vs_linear"] = figure(mb["vs_linear"], "×", 1.0)
        read = dk.reader_throughput()
        results["dk_reader_order_lines_per_s"] = figure(read["lines_per_s"], "lines/s", 20_000)
        rnd = dk.round_resolution()
        results["dk_round_8x20x3_ms"] = figure(rnd["ms"], "ms", 50)
    mem = memory.run(memory.BENCH_POSTS)  # a fresh process: RSS after distinct 20,000-character posts
    results[f"reader_rss_after_{mem['posts']}_long_posts_mb"] = figure(mem["rss_end_mb"], "MB", 300)
    results["reader_rss_growth_vs_cache_budget_mb"] = figure(mem["rss_end_mb"] - mem["rss_loaded_mb"], "MB",
                                                            mem["cache_budget_mb"])
    tet = tetranomicon.check_times()
    results["tet_check_build_40x80_ms"] = figure(tet["build_ms"], "ms", 2)
    results["tet_check_campaign_40x80_ms"] = figure(tet["campaign_ms"], "ms", 2)
    results["tet_epoch_phases_4p_ms"] = figure(tetranomicon.epoch_phases()["ms"], "ms", 5)
    results["tet_last_pass_of_epoch_ms"] = figure(tetranomicon.last_pass()["ms"], "ms", 5)
    results["tet_turn_of_a_broke_player_ms"] = figure(tetranomicon.broke_turn()["ms"], "ms")
    if "wargame" in all_rulesets():
        for gm, tag in ((False, "24x16"), (True, "100x100")):
            wg = wargame.check_times(gm)
            results[f"wg_check_maneuver_15_{tag}_ms"] = figure(wg["check_ms"], "ms", 20 if gm else 2)
            results[f"wg_read_maneuver_15_{tag}_ms"] = figure(wg["read_ms"], "ms", 20 if gm else 2)
            results[f"wg_read_maneuver_15_{tag}_first_ms"] = figure(wg["read_first_ms"], "ms", 20 if gm else 2)
        results["wg_melee_phase_6x30_ms"] = figure(wargame.melee_phase()["ms"], "ms", 10)
    for name, http in http_check.run().items():
        bare = faster_bare(http)
        results[f"{name}_bare_insert_select_rps"] = figure(http["bare"]["rps"], "req/s")
        results[f"{name}_bare_insert_select_async_rps"] = figure(http["bare_async"]["rps"], "req/s")
        results[f"{name}_check_endpoint_rps"] = figure(http["check"]["rps"], "req/s", bare)
        bare_p50 = min(http["bare"]["p50_ms"], http["bare_async"]["p50_ms"])
        results[f"{name}_check_endpoint_p50_ms"] = figure(http["check"]["p50_ms"], "ms", bare_p50)
    results.update(scale_figures())
    results["machine_load_at_end"] = figure(os.getloadavg()[0], "load (1 min)")
    OUT.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    for name, fig in results.items():
        extra = f" (baseline {fig['baseline']}, ratio {fig['ratio']})" if fig["baseline"] is not None else ""
        print(f"{name}: {fig['value']} {fig['unit']}{extra}{verdict(fig)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
