#!/usr/bin/env python3
"""yir on an export whose every view says what its article is about (gen_v3.py: categories,
topics, some coordinates and thumbnails) against DuckDB's simple reduction of the same file
(duck_v3.py: each reader's reading, top category and topic, places, edits): the floor for what
the subjects cost. yir does more — every figure of SPEC §2.3, countries, ranks, written as JSON
Lines — and is held to at most DuckDB's time.

    subjects.py --yir PATH [--yir-before OTHER] --python VENV-PYTHON --export FILE [--runs N] [--strict]

Runs alternate between the programs; the medians of wall time are compared. With --strict, yir
slower than DuckDB makes the exit status 1."""
import argparse
import os
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def wall(command):
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr.decode(errors='replace')[-2000:]}")
    return elapsed


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--yir", required=True)
    p.add_argument("--yir-before", help="another yir build, run in the same rounds")
    p.add_argument("--python", required=True, help="a Python with the duckdb package")
    p.add_argument("--export", required=True)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--as-of", default="2025-12-31T12:00:00Z")
    p.add_argument("--strict", action="store_true")
    args = p.parse_args()
    cores = str(os.cpu_count() or 1)

    def yir(binary):
        return ["env", "TZ=UTC", binary, "stats", args.export, "--as-of", args.as_of, "--format", "jsonl",
                "--jobs", cores, "--quiet"]

    programs = {f"yir stats --format jsonl --jobs {cores}": yir(args.yir)}
    if args.yir_before:
        programs["before: yir"] = yir(args.yir_before)
    duck = f"duckdb simple reduction, {cores} threads"
    programs[duck] = [args.python, os.path.join(HERE, "duck_v3.py"), args.export, cores]
    times = {name: [] for name in programs}
    for _ in range(args.runs):
        for name, command in programs.items():
            times[name].append(wall(command))
    size = os.path.getsize(args.export) / 1e6
    print(f"export: {args.export}, {size:.0f} MB; {args.runs} alternating runs; medians of wall time")
    floor = statistics.median(times[duck])
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:40} {median:7.2f} s {size / median:6.0f} MB/s {median / floor:6.2f}x DuckDB")
    ratio = statistics.median(times[next(iter(programs))]) / floor
    print(f"yir: {ratio:.2f}x DuckDB's simple reduction of the same export (target <= 1.0x)")
    if args.strict and ratio > 1.0:
        sys.exit(1)


if __name__ == "__main__":
    main()
