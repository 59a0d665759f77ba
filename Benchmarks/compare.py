#!/usr/bin/env python3
"""Side-by-side comparison on one export, in one run: yir (--jobs 1 and all cores, and `yir check`,
which computes every figure and writes none); DuckDB doing
yir's job (duck_full.py: every reader's figures, written as JSON Lines); DuckDB's simple reduction
(the floor: parse, group, five sums); and jq summing one field.

Runs alternate (yir, yir, duckdb, duckdb, jq, yir, …) so that a slow moment of the machine hits
every tool alike. For each: median wall time, MB/s over the export's size, peak RSS (from wait4's
rusage of that very child), and the ratios to both DuckDB queries. Usage:

    python3 Benchmarks/compare.py --yir .build/release/yir --python .venv-bench/bin/python \\
        --export .bench/export.jsonl --runs 5 [--yir-before OTHER-BUILD/yir] [--no-jq] [--no-ceiling] \\
        [--result .bench/results/export.json]

With --result, the figures are also written as JSON for summary.py, which prints every export's
row in one table.

Check first that the equal-work query computes what yir does (equal_work_check.py).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# The simple reduction, the floor: DuckDB parsing the records it needs and grouping them into
# five sums, with none of the dates, zones, windows, duplicates or per-reader output yir makes.
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
    p.add_argument("--same-job", default=os.path.join(HERE, "duck_full.py"),
                   help="the equal-work query: DuckDB writing every reader's figures")
    p.add_argument("--yir-before", help="another yir build (say, before a change) run alongside in the same rounds")
    p.add_argument("--no-jq", action="store_true",
                   help="leave jq out: at ~20 MB/s it takes minutes a run on an export of gigabytes")
    p.add_argument("--no-ceiling", action="store_true",
                   help="leave out the machine's and the workload's ceilings (copies side by side)")
    p.add_argument("--result", help="also write the figures to this JSON file, for summary.py")
    args = p.parse_args()
    cores = os.cpu_count() or 1
    size_mb = os.path.getsize(args.export) / 1e6

    def yir(binary, jobs):
        # Readers without a zone fall back to TZ; UTC, as in the equal-work query.
        return ["env", "TZ=UTC", binary, "stats", args.export, "--as-of", args.as_of, "--format", "jsonl",
                "--jobs", str(jobs), "--quiet"]

    same_job, simple = f"duckdb same job, {cores} thr", f"duckdb simple, {cores} thr"
    check = f"yir check --jobs {cores}"
    tools = {
        "yir stats --jobs 1": yir(args.yir, 1),
        f"yir stats --jobs {cores}": yir(args.yir, cores),
        # Every figure computed and none written: the work of the simple reduction's kind
        # (read, group, reduce), without the JSON Lines that are as large as the export.
        check: ["env", "TZ=UTC", args.yir, "check", args.export, "--as-of", args.as_of, "--jobs", str(cores), "--quiet"],
        # Both tools write their per-reader lines where nobody keeps them.
        same_job: [args.python, args.same_job, args.export, str(cores), args.as_of, "/dev/null"],
        simple: [args.python, "-c", DUCKDB, args.export, str(cores)],
        "jq (sum of .seconds)": ["jq", "-n", "reduce (inputs | .seconds // 0) as $s (0; . + $s)", args.export],
    }
    if args.no_jq:
        del tools["jq (sum of .seconds)"]
    if args.yir_before:
        for jobs in sorted({1, cores}):
            tools[f"before: yir --jobs {jobs}"] = yir(args.yir_before, jobs)
    results = {name: [] for name in tools}
    for _ in range(args.runs):
        for name, command in tools.items():
            results[name].append(run(command))
    same_wall, same_rss = summary(results[same_job])
    simple_wall, simple_rss = summary(results[simple])
    print(f"export: {args.export}, {size_mb:.0f} MB; {args.runs} alternating runs each; {cores} cores; "
          f"medians of wall time, highest peak RSS")
    print(f"{'tool':26} {'median s':>9} {'MB/s':>6} {'peak RSS MiB':>12} | {'same job: time':>14} {'RSS':>5} "
          f"| {'simple: time':>12} {'RSS':>5}")
    for name in tools:
        wall, rss = summary(results[name])
        print(f"{name:26} {wall:9.2f} {size_mb / wall:6.0f} {rss:12.0f} | {wall / same_wall:13.2f}x {rss / same_rss:4.2f}x "
              f"| {wall / simple_wall:11.2f}x {rss / simple_rss:4.2f}x")
    one, one_rss = summary(results["yir stats --jobs 1"])
    many, many_rss = summary(results[f"yir stats --jobs {cores}"])
    print(f"yir --jobs {cores}: {many / same_wall:.2f}x DuckDB's time doing the same job (target <= 0.15x), "
          f"{many / simple_wall:.2f}x its simple reduction (target <= 1.0x); "
          f"peak RSS {max(one_rss, many_rss) / min(same_rss, simple_rss):.2f}x the smaller DuckDB's (target <= 1.0x); "
          f"scaling: --jobs 1 takes {one / many:.2f}x the time of --jobs {cores} (target >= 1.8x)")
    checked, checked_rss = summary(results[check])
    print(f"yir check --jobs {cores} (every figure, none written): {checked / simple_wall:.2f}x DuckDB's simple reduction")
    result = {
        "export": args.export, "mb": round(size_mb), "runs": args.runs, "cores": cores,
        "yir_jobs_1": [one, one_rss], "yir_jobs_n": [many, many_rss], "yir_check_n": [checked, checked_rss],
        "duckdb_same_job": [same_wall, same_rss], "duckdb_simple": [simple_wall, simple_rss],
        "measured": time.strftime("%Y-%m-%d %H:%M"),
    }
    if not args.no_ceiling:
        binary = os.path.join(".bench", "busy_loop")
        if subprocess.run(["cc", "-O1", "-o", binary, os.path.join(HERE, "busy_loop.c")]).returncode == 0:
            ceiling = side_by_side([binary], cores)
            result["machine_ceiling"] = ceiling
            print(f"machine ceiling: {cores} busy loops side by side finish {ceiling:.2f}x the work of one in the same time "
                  f"(Benchmarks/busy_loop.c; no program scales beyond this here)")
        # The same for yir's own work: memory traffic and caches are shared, a busy loop's are not.
        ceiling = side_by_side(tools["yir stats --jobs 1"], cores)
        result["workload_ceiling"] = ceiling
        print(f"workload ceiling: {cores} copies of `yir stats --jobs 1` side by side finish {ceiling:.2f}x the work of one "
              f"(what --jobs {cores} could reach if nothing in yir were serial)")
    if args.result:
        os.makedirs(os.path.dirname(args.result) or ".", exist_ok=True)
        with open(args.result, "w") as f:
            json.dump(result, f, indent=1)


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
