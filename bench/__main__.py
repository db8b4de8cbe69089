"""`python -m bench`: run every benchmark, print one line per figure, write bench/results.json.

Each figure is {"value", "unit", "baseline", "ratio"}: the baseline is what it is compared with —
the bare endpoint measured in the same run, or the target the issue sets (20,000 lines/s, 50 ms) —
or null; the ratio is value/baseline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from letopis.engine import all_rulesets

from . import dk, http_check, memory, reader, tetranomicon, wargame

OUT = Path(__file__).with_name("results.json")


def figure(value: float, unit: str, baseline: float | None = None) -> dict:
    ratio = round(value / baseline, 3) if baseline else None
    return {"value": round(value, 2), "unit": unit, "baseline": None if baseline is None else round(baseline, 2),
            "ratio": ratio}


def main() -> int:
    results: dict[str, dict] = {}
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
        results["wg_melee_phase_6x30_ms"] = figure(wargame.melee_phase()["ms"], "ms", 10)
    for name, http in http_check.run().items():
        results[f"{name}_bare_insert_select_rps"] = figure(http["bare"]["rps"], "req/s")
        results[f"{name}_check_endpoint_rps"] = figure(http["check"]["rps"], "req/s", http["bare"]["rps"])
        results[f"{name}_check_endpoint_p50_ms"] = figure(http["check"]["p50_ms"], "ms", http["bare"]["p50_ms"])
    OUT.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    for name, fig in results.items():
        extra = f" (baseline {fig['baseline']}, ratio {fig['ratio']})" if fig["baseline"] is not None else ""
        print(f"{name}: {fig['value']} {fig['unit']}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
