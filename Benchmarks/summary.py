#!/usr/bin/env python3
"""One table of every export compare.py measured (its --result files), with yir's targets:

    python3 Benchmarks/summary.py .bench/results/*.json

Per export: yir's medians at --jobs 1 and all cores, both DuckDB queries', the ratios of yir at
all cores to each (time and peak RSS), `yir check` (every figure, none written) against the
simple reduction, and yir's scaling. Each row says when it was measured:
rows of different moments compare builds less well than the ratios within a row (the tools
alternated in one run).
"""
import json
import sys

TARGETS = "targets: same job <= 0.15x, simple <= 1.0x, peak RSS <= each DuckDB's, scaling >= 1.8x"


def main():
    rows = []
    for path in sys.argv[1:]:
        with open(path) as f:
            rows.append(json.load(f))
    if not rows:
        sys.exit("summary.py: no results (run make bench-compare first)")
    rows.sort(key=lambda r: (r["mb"], r["export"]))
    cores = rows[0]["cores"]
    print(f"{'export':28} {'MB':>5} {'yir -j1':>8} {f'yir -j{cores}':>8} {'duck job':>9} {'simple':>7} "
          f"| {'same job':>8} {'simple':>7} {'check':>6} | {'RSS MiB':>7} {'/job':>5} {'/simple':>7} | {'scaling':>7} | measured")
    for r in rows:
        one, many = r["yir_jobs_1"], r["yir_jobs_n"]
        job, simple = r["duckdb_same_job"], r["duckdb_simple"]
        rss = max(one[1], many[1])
        print(f"{r['export']:28} {r['mb']:5d} {one[0]:7.2f}s {many[0]:7.2f}s {job[0]:8.2f}s {simple[0]:6.2f}s "
              f"| {many[0] / job[0]:7.2f}x {many[0] / simple[0]:6.2f}x {r['yir_check_n'][0] / simple[0]:5.2f}x | {rss:7.0f} {rss / job[1]:4.2f}x {rss / simple[1]:6.2f}x "
              f"| {one[0] / many[0]:6.2f}x | {r['measured']}, {r['runs']} runs")
    print(TARGETS)


if __name__ == "__main__":
    main()
