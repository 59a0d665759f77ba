#!/usr/bin/env python3
"""The export read the ways that are not a memory-mapped file, side by side, alternating:
`yir stats` on the gzipped export and on the export piped from `cat`, at --jobs 1 and all
cores, with DuckDB's reduction (compare.py's) on the gzipped export beside them. Median wall
time and peak RSS (wait4) of each. The gzipped copy is made once, with `gzip -6`, beside the
export. With --yir-before, another build runs in the same rounds.

    python3 Benchmarks/streamed_inputs.py --yir .build/release/yir --python .venv-bench/bin/python \\
        --export .bench/export.jsonl --runs 5 [--yir-before OTHER-BUILD/yir]
"""
import argparse
import os
import subprocess
import time

from compare import DUCKDB, summary

AS_OF = "2025-12-31T12:00:00Z"


def run(command, stdin_from=None):
    """(wall seconds, peak RSS MiB of yir or DuckDB): with `stdin_from`, the file is piped
    through `cat`, as a pipeline would feed it."""
    start = time.perf_counter()
    feeder = subprocess.Popen(["cat", stdin_from], stdout=subprocess.PIPE) if stdin_from else None
    child = subprocess.Popen(command, stdin=feeder.stdout if feeder else subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if feeder:
        feeder.stdout.close()
    _, status, usage = os.wait4(child.pid, 0)
    if feeder:
        feeder.wait()
    wall = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"failed ({status}): {' '.join(command)}")
    return wall, usage.ru_maxrss / 1024


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--yir-before")
    p.add_argument("--python", required=True, help="a Python with the duckdb package")
    p.add_argument("--export", required=True)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args()
    gz = args.export + ".gz"
    if not os.path.exists(gz) or os.path.getmtime(gz) < os.path.getmtime(args.export):
        with open(gz, "wb") as out:
            subprocess.run(["gzip", "-6", "-c", args.export], stdout=out, check=True)
    cores = os.cpu_count() or 1
    builds = {"yir": args.yir} | ({"before": args.yir_before} if args.yir_before else {})
    cases = {}
    for jobs in sorted({1, cores}):
        for name, binary in builds.items():
            stats = [binary, "stats", "--as-of", AS_OF, "--format", "jsonl", "--jobs", str(jobs), "--quiet"]
            cases[f"{name} .gz --jobs {jobs}"] = (stats[:2] + [gz] + stats[2:], None)
            cases[f"{name} cat | --jobs {jobs}"] = (stats[:2] + ["-"] + stats[2:], args.export)
    cases[f"duckdb .gz threads={cores}"] = ([args.python, "-c", DUCKDB, gz, str(cores)], None)
    results = {name: [] for name in cases}
    for _ in range(args.runs):
        for name, (command, stdin_from) in cases.items():
            results[name].append(run(command, stdin_from))
    duck, _ = summary(results[f"duckdb .gz threads={cores}"])
    print(f"export: {args.export} and {gz} ({os.path.getsize(gz) / 1e6:.0f} MB); {args.runs} alternating runs; medians")
    print(f"{'how':28} {'wall s':>7} {'peak RSS MiB':>13} {'/ duckdb .gz':>13}")
    for name in cases:
        wall, rss = summary(results[name])
        print(f"{name:28} {wall:7.2f} {rss:13.0f} {wall / duck:13.2f}")


if __name__ == "__main__":
    main()
