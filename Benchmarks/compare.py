#!/usr/bin/env python3
"""Side-by-side comparison on one export, in one run: yir (--jobs 1 and all cores), DuckDB
running a comparable per-reader reduction, and jq summing one field.

Runs alternate (yir, yir, duckdb, jq, yir, …) so that a slow moment of the machine hits every
tool alike. For each: median wall time, MB/s over the export's size, peak RSS (from wait4's
rusage of that very child), and the ratios to DuckDB. Usage:

    python3 Benchmarks/compare.py --yir .build/release/yir --python .venv-bench/bin/python \\
        --export .bench/export.jsonl --runs 5 [--yir-before OTHER-BUILD/yir] [--no-jq]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

DUCKDB = r"""
import duckdb, sys
con = duckdb.connect()
con.execute("SET threads TO %d" % int(sys.argv[2]))
rows = con.execute('''
WITH r AS (
  SELECT type, "user" AS u, wiki, title, seconds, duration_ms
  FROM read_json(?, format = 'newline_delimited', ignore_errors = true,
       columns = {type: 'VARCHAR', "user": 'VARCHAR', wiki: 'VARCHAR', title: 'VARCHAR',
                  seconds: 'DOUBLE', duration_ms: 'DOUBLE'})
),
pv AS (SELECT u, wiki, title, sum(seconds) AS s, count(*) AS n FROM r WHERE type = 'page_view' GROUP BY ALL),
per AS (SELECT u, sum(s) AS reading, count(*) AS articles, arg_max(title, s) AS top FROM pv GROUP BY u),
ses AS (SELECT u, sum(duration_ms) AS app, count(*) AS sessions FROM r WHERE type = 'session' GROUP BY u),
sv AS (SELECT u, count(DISTINCT (wiki, title)) AS saves FROM r WHERE type = 'saved_article' GROUP BY u)
SELECT count(*), sum(reading), sum(articles), sum(app), sum(saves)
FROM per FULL JOIN ses USING (u) FULL JOIN sv USING (u)
''', [sys.argv[1]]).fetchall()
print(rows)
"""

# For reference, not the target's yardstick: a reduction closer to what yir must do for every
# record — read the timestamp, the zone and the id too, drop duplicate ids per reader and type
# (SPEC §1.4, decision 1), keep each article's last view and each reader's latest zone.
DUCKDB_CLOSER = r"""
import duckdb, sys
con = duckdb.connect()
con.execute("SET threads TO %d" % int(sys.argv[2]))
rows = con.execute('''
WITH all_records AS (
  SELECT type, "user" AS u, wiki, title, seconds, duration_ms, id, "timestamp" AS ts, tz
  FROM read_json(?, format = 'newline_delimited', ignore_errors = true,
       columns = {type: 'VARCHAR', "user": 'VARCHAR', wiki: 'VARCHAR', title: 'VARCHAR',
                  seconds: 'DOUBLE', duration_ms: 'DOUBLE', id: 'VARCHAR', "timestamp": 'VARCHAR', tz: 'VARCHAR'})
),
r AS (SELECT * FROM all_records QUALIFY id IS NULL OR row_number() OVER (PARTITION BY u, type, id) = 1),
pv AS (SELECT u, wiki, title, sum(seconds) AS s, count(*) AS n, max(ts) AS last FROM r WHERE type = 'page_view' GROUP BY ALL),
per AS (SELECT u, sum(s) AS reading, count(*) AS articles, arg_max(title, s) AS top, max(last) AS last FROM pv GROUP BY u),
zone AS (SELECT u, arg_max(tz, ts) AS tz FROM r WHERE tz IS NOT NULL GROUP BY u),
ses AS (SELECT u, sum(duration_ms) AS app, count(*) AS sessions FROM r WHERE type = 'session' GROUP BY u),
sv AS (SELECT u, count(DISTINCT (wiki, title)) AS saves FROM r WHERE type = 'saved_article' GROUP BY u)
SELECT count(*), sum(reading), sum(articles), sum(app), sum(saves), count(DISTINCT tz), max(last)
FROM per FULL JOIN ses USING (u) FULL JOIN sv USING (u) FULL JOIN zone USING (u)
''', [sys.argv[1]]).fetchall()
print(rows)
"""


def summary(runs):
    """What a table reports of a tool's runs: the median wall time, and the highest peak RSS."""
    return statistics.median(w for w, _ in runs), max(r for _, r in runs)


def run(command):
    """Wall seconds and peak RSS (MiB) of one child process."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        child = subprocess.Popen(command, stdout=null, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        err = child.stderr.read().decode(errors="replace")
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(command)}\n{err}")
    return wall, usage.ru_maxrss / 1024


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--python", required=True, help="a Python with the duckdb package")
    p.add_argument("--export", required=True)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--as-of", default="2025-12-31T12:00:00Z")
    p.add_argument("--yir-before", help="another yir build (say, before a change) run alongside in the same rounds")
    p.add_argument("--no-jq", action="store_true",
                   help="leave jq out: at ~20 MB/s it takes minutes a run on an export of gigabytes")
    args = p.parse_args()
    cores = os.cpu_count() or 1
    size_mb = os.path.getsize(args.export) / 1e6
    tools = {
        "yir stats --jobs 1": [args.yir, "stats", args.export, "--as-of", args.as_of, "--format", "jsonl", "--jobs", "1", "--quiet"],
        f"yir stats --jobs {cores}": [args.yir, "stats", args.export, "--as-of", args.as_of, "--format", "jsonl", "--jobs", str(cores), "--quiet"],
        f"duckdb threads={cores}":
            [args.python, "-c", DUCKDB, args.export, str(cores)],
        "jq (sum of .seconds)": ["jq", "-n", "reduce (inputs | .seconds // 0) as $s (0; . + $s)", args.export],
        "(duckdb, closer to yir)": [args.python, "-c", DUCKDB_CLOSER, args.export, str(cores)],
    }
    if args.no_jq:
        del tools["jq (sum of .seconds)"]
    if args.yir_before:
        for jobs in sorted({1, cores}):
            tools[f"before: yir --jobs {jobs}"] = [args.yir_before, "stats", args.export, "--as-of", args.as_of,
                                                   "--format", "jsonl", "--jobs", str(jobs), "--quiet"]
    results = {name: [] for name in tools}
    for _ in range(args.runs):
        for name, command in tools.items():
            results[name].append(run(command))
    duck = next(n for n in tools if n.startswith("duckdb"))
    duck_wall, duck_rss = summary(results[duck])
    print(f"export: {args.export}, {size_mb:.0f} MB; {args.runs} alternating runs each; {cores} cores")
    print(f"{'tool':28} {'median s':>9} {'MB/s':>8} {'peak RSS MiB':>13} {'time / duckdb':>14} {'RSS / duckdb':>13}")
    for name in tools:
        wall, rss = summary(results[name])
        print(f"{name:28} {wall:9.2f} {size_mb / wall:8.0f} {rss:13.0f} {wall / duck_wall:14.2f} {rss / duck_rss:13.2f}")
    one, _ = summary(results["yir stats --jobs 1"])
    many, _ = summary(results[f"yir stats --jobs {cores}"])
    print(f"yir scaling: --jobs {cores} is {one / many:.2f}x faster than --jobs 1")
    here = os.path.dirname(os.path.abspath(__file__))
    binary = os.path.join(".bench", "busy_loop")
    if subprocess.run(["cc", "-O1", "-o", binary, os.path.join(here, "busy_loop.c")]).returncode == 0:
        ceiling = side_by_side([binary], cores)
        print(f"machine ceiling: {cores} busy loops side by side finish {ceiling:.2f}x the work of one in the same time "
              f"(Benchmarks/busy_loop.c; no program scales beyond this here)")
    # The same for yir's own work: memory traffic and caches are shared, a busy loop's are not.
    ceiling = side_by_side(tools["yir stats --jobs 1"], cores)
    print(f"workload ceiling: {cores} copies of `yir stats --jobs 1` side by side finish {ceiling:.2f}x the work of one "
          f"(what --jobs {cores} could reach if nothing in yir were serial)")


def side_by_side(command, copies):
    """Throughput of `copies` runs of a command at once over one run alone (median of 3)."""
    def timed(n):
        start = time.perf_counter()
        children = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(n)]
        for child in children:
            child.wait()
        return time.perf_counter() - start
    alone = statistics.median(timed(1) for _ in range(3))
    together = statistics.median(timed(copies) for _ in range(3))
    return copies * alone / together


if __name__ == "__main__":
    main()
