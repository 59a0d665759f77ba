#!/usr/bin/env python3
"""How long each per-reader output takes to render, side by side, alternating: `yir stats`
in json, jsonl, csv and table, and `yir report --format xml`, at --jobs 1 and all cores. The
time is the renderer's own (`--verbose`: "rendering:" for stats, "xml:" for report), without
ingest and statistics; the wall time of the whole run is printed beside it (older builds that log
no "xml:" time give only the whole run). With --yir-before,
another build runs in the same rounds.

    python3 Benchmarks/render_formats.py --yir .build/release/yir --export .bench/export.jsonl --runs 5 \\
        [--yir-before OTHER-BUILD/yir]
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

AS_OF = "2025-12-31T12:00:00Z"


def run(binary, export, output, jobs):
    """(renderer seconds, wall seconds) of one run."""
    with tempfile.TemporaryDirectory(dir=".bench") as out:
        if output == "xml":
            command = [binary, "report", export, "--out", out, "--format", "xml"]
            pattern = r"yir: xml: ([0-9.]+) secs"
        else:
            command = [binary, "stats", export, "--format", output]
            pattern = r"yir: rendering: ([0-9.]+) secs"
        command += ["--as-of", AS_OF, "--jobs", str(jobs), "--verbose"]
        start = time.perf_counter()
        result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
        wall = time.perf_counter() - start
    match = re.search(pattern, result.stderr)
    # Builds before the renderers' times were logged for report show only the whole run.
    return (float(match.group(1)) if match else None), wall


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--yir", required=True)
    parser.add_argument("--yir-before")
    parser.add_argument("--export", required=True)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    builds = {"yir": args.yir} | ({"before": args.yir_before} if args.yir_before else {})
    cores = os.cpu_count() or 1
    cases = [(output, jobs) for output in ["json", "jsonl", "csv", "table", "xml"] for jobs in sorted({1, cores})]
    results = {(name, output, jobs): [] for name in builds for output, jobs in cases}
    for _ in range(args.runs):
        for output, jobs in cases:
            for name, binary in builds.items():
                results[(name, output, jobs)].append(run(binary, args.export, output, jobs))
    print(f"export: {args.export}; {args.runs} alternating runs each; medians")
    print(f"{'output':8} {'--jobs':>6} {'build':8} {'rendering s':>12} {'whole run s':>12}")
    for output, jobs in cases:
        for name in builds:
            samples = results[(name, output, jobs)]
            renders = [r for r, _ in samples if r is not None]
            render = f"{statistics.median(renders):12.3f}" if renders else f"{'-':>12}"
            wall = statistics.median(w for _, w in samples)
            print(f"{output:8} {jobs:6} {name:8} {render} {wall:12.2f}")


if __name__ == "__main__":
    main()
